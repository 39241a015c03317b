#!/bin/sh
# Installs everything specmut needs on a Debian machine with Node 20 (pnpm, the workspace's packages,
# Z3 and Dafny 4), builds it, and scores the example spec. Safe to run again: finished steps are skipped.
#   ./scripts/setup.sh              install, build, score examples/dafny/shared-elements
#   ./scripts/setup.sh --no-example install and build only
set -eu
cd "$(dirname "$0")/.."
DAFNY_VERSION=${DAFNY_VERSION:-4.11.0}
RUN_EXAMPLE=1
[ "${1:-}" = "--no-example" ] && RUN_EXAMPLE=0

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else echo "setup: '$*' needs root; run it as root or install the package yourself" >&2; return 1
  fi
}

step() { printf '\n== %s\n' "$*"; }

step "Node packages"
command -v pnpm >/dev/null 2>&1 || npm install -g pnpm@10
pnpm install --frozen-lockfile
pnpm build

step "Z3 (Dafny's solver)"
if [ -n "${SPECMUT_Z3:-}" ] || [ -x .tools/z3/z3 ] || command -v z3 >/dev/null 2>&1; then
  echo "found: $(command -v z3 || echo "${SPECMUT_Z3:-.tools/z3/z3}")"
else
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq z3
fi

step "Chromium (the HTML report's browser test)"
if [ -n "${SPECMUT_CHROMIUM:-}" ] || command -v chromium >/dev/null 2>&1; then
  echo "found: ${SPECMUT_CHROMIUM:-$(command -v chromium)}"
else
  # Only a test needs it (specmut itself does not): a machine without it skips that test, saying so.
  { as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } ||
    echo "setup: chromium could not be installed; the HTML report's browser test will be skipped" >&2
fi

step "Dafny $DAFNY_VERSION"
if [ -x .tools/dafny/dafny ]; then
  echo "found: .tools/dafny/dafny ($(.tools/dafny/dafny --version))"
elif command -v dotnet >/dev/null 2>&1; then
  # A .NET tool from NuGet, kept inside the project; Z3 comes from Debian (the NuGet package has none).
  DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1 dotnet tool install --tool-path .tools/dafny Dafny --version "$DAFNY_VERSION"
  .tools/dafny/dafny --version
else
  echo "setup: no .NET SDK (dotnet) on this machine, so Dafny 4 cannot be installed." >&2
  echo "       Install the .NET 8+ SDK and run this script again, or score with '--backend eval'." >&2
  exit 1
fi

if [ "$RUN_EXAMPLE" = 1 ]; then
  step "pnpm exec specmut score examples/dafny/shared-elements"
  pnpm exec specmut score examples/dafny/shared-elements
fi
