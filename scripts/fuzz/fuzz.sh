#!/usr/bin/env bash
# A bounded fuzz campaign against the built `enrollsim`: flags, scenario files, walk files, batch
# lines and HTTP requests (a loopback server of its own). Reports crashes, hangs, refusals that do
# not name file and line, unanswered batch lines and 5xx answers; exits non-zero if any.
#   scripts/fuzz/fuzz.sh [--seed 30] [--scenarios 800] [--walks 300] [--batch-lines 20000] [--http 5000] [--seconds 1800] [--findings DIR]
# ENROLLSIM_BIN chooses the binary (default: the debug build).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BIN="${ENROLLSIM_BIN:-$ROOT/.build/debug/enrollsim}"
[ -x "$BIN" ] || { echo "no enrollsim at $BIN: swift build first" >&2; exit 1; }
# A copy of the binary and its resources: a build meanwhile replaces neither.
COPY="$(mktemp -d)"
trap 'rm -rf "$COPY"' EXIT
cp "$BIN" "$COPY/enrollsim"
cp -r "$(dirname "$BIN")"/*.resources "$COPY/" 2>/dev/null || true
python3 "$ROOT/scripts/fuzz/fuzz.py" --bin "$COPY/enrollsim" --assets "$ROOT/Assets" "$@"
