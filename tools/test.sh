#!/usr/bin/env bash
# Installs everything the tests need, builds the site, and runs every check:
# ruff, mypy --strict on all of eightoff/ (typings/ types the browser surface), and all tests
# with their branch coverage (95 % at least, for the engine and the pure modules together and
# for the pure modules alone): the unit tests (engine, web) first, stopping at the first
# failure, then the browser, deploy and smoke suites shared out between three processes;
# each run prints its slowest tests.
# The site is built once. Exits non-zero on any failure, including "no tests collected".
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/setup.sh
setup_debian chromium nginx libnginx-mod-http-brotli-static freecell-solver-bin
# The smoke suite (tests/smoke): Firefox ESR driven by puppeteer-core
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
# The tests' build_once (tests/browser/harness.py) takes this build instead of making its own.
export EIGHTOFF_BUILT="$PWD/dist"

step "Tests"
export FREECELL_SOLVER_QUIET=1
if [ $# -gt 0 ]; then  # a partial run (arguments) measures only what it ran
  python -m pytest --cov --cov-report=term --durations=25 "$@"
  exit 0
fi
# The unit tests first, stopping at the first failure; then the smoke (Firefox, WebKit),
# deploy (nginx) and Chromium suites together, shared out between three processes by
# pytest-xdist, a test module to a process (tests/conftest.py): the browsers mostly wait on
# one another, so three processes keep the two cores busy. Their coverage adds up
# (--cov-append): the 95 % is checked on the whole, as one run.
python -m pytest tests/engine tests/web -x --cov --cov-report= --cov-fail-under=0 --durations=25
python -m pytest tests/smoke tests/deploy tests/browser -n 3 --dist loadgroup \
  --cov --cov-append --cov-report= --cov-fail-under=0 --durations=25
step "Coverage of the whole run"
coverage report --fail-under=95
step "Coverage of the DOM layer's pure modules"
coverage report --include='eightoff/web/*' --fail-under=95
