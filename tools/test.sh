#!/usr/bin/env bash
# Installs everything the tests need, builds the site, and runs every check:
# ruff, mypy --strict on the engine and the DOM layer's pure modules, and all tests (engine,
# web, browser, deploy, smoke) with their branch coverage (95 % at least, for the engine and
# the pure modules together and for the pure modules alone). Exits non-zero on any failure,
# including "no tests collected".
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/setup.sh
setup_debian chromium nginx libnginx-mod-http-brotli-static freecell-solver-bin
# The smoke suite (tests/smoke, in the pytest run below): Firefox ESR driven by puppeteer-core
# (package.json), WebKitGTK's WebKitWebDriver driven by Selenium (requirements-dev.txt) in Xvfb.
setup_debian firefox-esr webkit2gtk-driver xvfb
setup_python requirements-dev.txt
command -v npm >/dev/null || setup_debian nodejs npm
setup_node

step "Lint and types"
ruff check .
ruff format --check .
mypy

step "Build"
python tools/build.py

step "Tests"
export FREECELL_SOLVER_QUIET=1
python -m pytest --cov --cov-report=term "$@"
if [ $# -eq 0 ]; then  # a partial run (arguments) measures only what it ran
  step "Coverage of the DOM layer's pure modules"
  coverage report --include='eightoff/web/*' --fail-under=95
fi
