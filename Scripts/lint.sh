#!/usr/bin/env bash
# make lint: formatting, the forbidden constructs of Docs/Conventions.md §3, and the ADR index.
set -uo pipefail
cd "$(dirname "$0")/.."
status=0

echo "lint: swift format (strict)"
swift format lint --strict --recursive Sources Tests Benchmarks Package.swift || status=1

echo "lint: forbidden constructs in Sources/"
python3 Scripts/forbidden_constructs.py Sources || status=1

echo "lint: architecture decision records"
python3 Scripts/check_adrs.py Docs/ADR || status=1

if [ "$status" -ne 0 ]; then
    echo "lint: FAILED" >&2
else
    echo "lint: ok"
fi
exit "$status"
