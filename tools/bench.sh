#!/usr/bin/env bash
# Runs every benchmark and prints its figures (ratios measured within one run):
# the engine (CPython), a move on a copy of the game, our solver against Freecell Solver, the
# build's certification of the levels per 1,000 deals, a save to storage, start-up against a
# stock PyScript page, the board's tap and pointer-move handling in Chromium, and Lighthouse
# on a first and a later visit. Installs what it needs, like tools/test.sh (Lighthouse from
# bench/lighthouse/package-lock.json, apart from the runtime's packages).
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/setup.sh
setup_debian chromium freecell-solver-bin
setup_python requirements-dev.txt
command -v npm >/dev/null || setup_debian nodejs npm
setup_node
step "Build"
python tools/build.py
for bench in engine move solver levels save startup interaction hints; do
  step "bench/$bench.py"
  python "bench/$bench.py"
done
step "bench/lighthouse.py (Lighthouse, npm ci in bench/lighthouse)"
npm ci --prefix bench/lighthouse --no-audit --no-fund --loglevel=error
python bench/lighthouse.py --no-build
