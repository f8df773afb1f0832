# Shared set-up steps for tools/play.sh and tools/test.sh (sourced, not run).
# Debian packages through apt-get (as root, or with sudo), Python packages in .venv (uv),
# the pinned browser runtime through `npm ci` from package-lock.json.

step() { printf '\n== %s (at %d s)\n' "$*" "$SECONDS"; }

setup_debian() {
  local missing=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  step "Debian packages: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
}

setup_python() {
  step "Python packages ($1)"
  if [ ! -x .venv/bin/python ]; then
    # Minimal Debian ships python3 without venv/ensurepip: install it when it is missing.
    python3 -c 'import ensurepip, venv' 2>/dev/null || setup_debian python3-venv
    python3 -m venv .venv
  fi
  # shellcheck disable=SC1091
  source .venv/bin/activate
  # uv (requirements-setup.txt) installs the pinned packages, compiling them as pip does
  # (imports here keep no .pyc): 9 to 12 s into an empty .venv here, where pip took 22 to 26.
  python -m pip install -q --disable-pip-version-check -r requirements-setup.txt
  python -m uv pip install -q --compile-bytecode -r "$1"
}

setup_node() {
  step "Browser runtime (npm ci)"
  if [ ! -f node_modules/.package-lock.json ] || ! cmp -s package-lock.json node_modules/.eightoff-lock; then
    npm ci --no-audit --no-fund --loglevel=error
    cp package-lock.json node_modules/.eightoff-lock
  fi
}
