#!/usr/bin/env bash
# Installs what the game needs (Python packages in .venv, the pinned runtime via npm ci),
# builds the site into dist/ and serves it on localhost; prints the address.
# Once set up it needs no network. Extra arguments go to the server (e.g. --port 8080).
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/setup.sh
command -v npm >/dev/null || setup_debian nodejs npm
setup_python requirements.txt
setup_node
step "Build and serve"
exec python tools/serve.py "$@"
