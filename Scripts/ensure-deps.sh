#!/usr/bin/env bash
# Installs the C libraries Strata builds against when their headers are missing:
# libedit-dev (line editing in the REPL) and libsqlite3-dev (the local store), libcurl's
# development files (a release build links FoundationNetworking statically, which names -lcurl:
# Docs/ADR/0037), plus pkg-config,
# the Python module pexpect for the pseudo-terminal tests, and schemathesis for the API contract.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
{ command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libedit; } || need+=(libedit-dev)
[ -f /usr/include/sqlite3.h ] || need+=(libsqlite3-dev)
{ command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libcurl; } || need+=(libcurl4-openssl-dev)

# The API contract run (Scripts/contract.sh) uses schemathesis, in a virtual environment of its
# own under .build-python (ignored by git, removed by make clean).
schemathesis_version=4.32.5
if ! .build-python/bin/st --version 2>/dev/null | grep -q "$schemathesis_version"; then
    echo "Strata's API contract run needs schemathesis $schemathesis_version; installing with pip..."
    python3 -m venv .build-python
    .build-python/bin/python -m pip install --quiet "schemathesis==$schemathesis_version"
fi

# The pseudo-terminal tests drive the REPL with pexpect.
if ! python3 -c 'import pexpect' >/dev/null 2>&1; then
    echo "Strata's terminal tests need pexpect; installing with pip..."
    python3 -m pip install --quiet pexpect
fi

if [ "${#need[@]}" -eq 0 ]; then
    exit 0
fi

echo "Strata needs ${need[*]}; installing with apt-get (run once)..."
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || { echo "error: not root and no sudo: install ${need[*]} yourself" >&2; exit 1; }
    sudo="sudo"
fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}"
