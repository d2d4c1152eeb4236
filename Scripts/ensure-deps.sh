#!/usr/bin/env bash
# Installs what Strata builds and tests against when it is missing: with apt-get, the C headers
# (libedit-dev for line editing in the REPL, libsqlite3-dev for the local store, libcurl's
# development files, which a static release build of FoundationNetworking names: Docs/ADR/0037),
# pkg-config, and Python's venv and pip where the image lacks them (the official Swift images do);
# then, with pip, pexpect for the pseudo-terminal tests and schemathesis for the API contract.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
{ command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libedit; } || need+=(libedit-dev)
[ -f /usr/include/sqlite3.h ] || need+=(libsqlite3-dev)
{ command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libcurl; } || need+=(libcurl4-openssl-dev)
command -v python3 >/dev/null 2>&1 || need+=(python3)
python3 -c 'import ensurepip' >/dev/null 2>&1 || need+=(python3-venv)
python3 -m pip --version >/dev/null 2>&1 || need+=(python3-pip)

if [ "${#need[@]}" -gt 0 ]; then
    echo "Strata needs ${need[*]}; installing with apt-get (run once)..."
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null 2>&1 || { echo "error: not root and no sudo: install ${need[*]} yourself" >&2; exit 1; }
        sudo="sudo"
    fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}"
fi

# The API contract run (Scripts/contract.sh) uses schemathesis, in a virtual environment of its
# own under .build-python (ignored by git, removed by make clean).
schemathesis_version=4.32.5
if ! .build-python/bin/st --version 2>/dev/null | grep -q "$schemathesis_version"; then
    echo "Strata's API contract run needs schemathesis $schemathesis_version; installing with pip..."
    python3 -m venv .build-python
    .build-python/bin/python -m pip install --quiet "schemathesis==$schemathesis_version"
fi

# The pseudo-terminal tests drive the REPL with pexpect (a system whose Python is managed by its
# packages refuses a plain pip install: the venv's pip takes it there, and the tests find it).
if ! python3 -c 'import pexpect' >/dev/null 2>&1; then
    echo "Strata's terminal tests need pexpect; installing with pip..."
    python3 -m pip install --quiet pexpect 2>/dev/null || python3 -m pip install --quiet --break-system-packages pexpect
fi
