#!/usr/bin/env bash
# Terminal escape payloads (OSC, CSI, BEL, C1 CSI, DEL, NEL, U+2028, U+202E; raw and as YAML
# escapes) through `scenarios check`, a local server's answers and log, and `batch`: reports any
# output that carries one raw. Loopback only, bounded (8 payloads).
#   scripts/attack/escape-payloads.sh
LOG_LEVEL=debug source "$(dirname "$0")/serve.sh"
python3 "$(dirname "$0")/escape_payloads.py" --bin "$BIN" --port "$PORT" --log "$WORK/serve.log"
