#!/usr/bin/env bash
# Installs everything the tests need, builds the site, and runs every check:
# ruff, mypy --strict on all of eightoff/ (typings/ types the browser surface), and all tests
# with their branch coverage (95 % at least, for the engine and the pure modules together and
# for the pure modules alone): the unit tests (engine, web) first, stopping at the first
# failure, then the browser suite with the deploy and smoke suites beside it; each run prints
# its slowest tests.
# The site is built once. Exits non-zero on any failure, including "no tests collected".
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/setup.sh
setup_debian chromium nginx libnginx-mod-http-brotli-static freecell-solver-bin
# The smoke suite (tests/smoke, run beside the Chromium suite below): Firefox ESR driven by puppeteer-core
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
# The unit tests first, stopping at the first failure; then the Chromium suite, with the
# deploy (nginx) and smoke (Firefox, WebKit) suites beside it in a second process: the
# browsers mostly wait on each other, so the two processes share the two cores (the second
# one's output follows the first's). Their coverage adds up (--cov-append, then combined):
# the 95 % is checked on the whole, as one run.
python -m pytest tests/engine tests/web -x --cov --cov-report= --cov-fail-under=0 --durations=25
beside=$(mktemp -d)  # its output and its coverage data, apart from the first process's: that
# one's pytest-cov combines every .coverage.* beside its own data file when it ends
COVERAGE_FILE="$beside/.coverage.beside" python -m pytest tests/deploy tests/smoke --cov --cov-report= \
  --cov-fail-under=0 --durations=10 >"$beside/output" 2>&1 &
besides=$!
chromium_status=0
python -m pytest tests/browser --cov --cov-append --cov-report= --cov-fail-under=0 --durations=25 ||
  chromium_status=$?
beside_status=0
wait "$besides" || beside_status=$?
step "The deploy and smoke suites (run beside the Chromium suite)"
cat "$beside/output"
if [ "$chromium_status" -ne 0 ] || [ "$beside_status" -ne 0 ]; then
  echo "tests failed: the Chromium suite exited $chromium_status, the deploy and smoke suites $beside_status" >&2
  exit 1
fi
coverage combine --append "$beside/.coverage.beside"
rm -rf "$beside"
step "Coverage of the whole run"
coverage report --fail-under=95
step "Coverage of the DOM layer's pure modules"
coverage report --include='eightoff/web/*' --fail-under=95
