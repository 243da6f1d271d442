#!/usr/bin/env bash
# Writes scripts/link/startup-order.txt: the functions of the release binary that its start, a login
# and keys on the home menu run, in the order valgrind's callgrind first meets them. The release link
# (Package.swift, lld's --symbol-ordering-file) lays these out together, so that start-up faults in a
# few MiB of code instead of pages scattered over the whole 28 MiB .text. Names that no longer exist
# are skipped by the linker; rerun this after large changes (Benchmarks/README.md says when it shows).
#
#   scripts/link/startup-order.sh [BINARY]     default: .build-release/release/enrollsim
#
# Needs valgrind and tmux (apt-get install valgrind tmux). About a minute.
set -euo pipefail
cd "$(dirname "$0")/../.."
binary=$(readlink -f "${1:-.build-release/release/enrollsim}")
[ -x "$binary" ] || { echo "startup-order: no executable at $binary" >&2; exit 1; }
command -v valgrind >/dev/null || { echo "startup-order: needs valgrind (apt-get install valgrind)" >&2; exit 1; }

work=$(mktemp -d)
socket="startup-order-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
# valgrind cannot read the toolchain's debug information: a copy without it, beside its resources.
strip --strip-debug -o "$work/enrollsim" "$binary"
ln -s "$(dirname "$binary")/enrollsim_EnrollsimAssets.resources" "$work/"
mkdir "$work/home"

tmux -L "$socket" -f /dev/null new-session -d -x 80 -y 24 \
  "env HOME=$work/home TERM=xterm-256color valgrind --tool=callgrind --demangle=no --dump-instr=no \
   --callgrind-out-file=$work/callgrind.out $work/enrollsim 2>$work/valgrind.log"
wait_for() {
  for _ in $(seq 1 120); do
    tmux -L "$socket" capture-pane -p | grep -q "$1" && return 0
    sleep 1
  done
  echo "startup-order: \"$1\" never came on screen" >&2; exit 1
}
wait_for quit                          # the session screen, whole
tmux -L "$socket" send-keys Enter      # log in: the home menu
wait_for "Guided enrollment"
for key in Down Down Down Up Up Up Down Down Up Up; do
  tmux -L "$socket" send-keys "$key"; sleep 0.5
done
pkill -INT -f "^/usr/bin/valgrind.bin .*$work/enrollsim" || pkill -INT -f "valgrind.*$work/enrollsim"
for _ in $(seq 1 60); do [ -s "$work/callgrind.out" ] && ! pgrep -f "$work/enrollsim" >/dev/null && break; sleep 1; done

nm --defined-only "$work/enrollsim" | awk '$2 ~ /[tTwW]/ { print $3 }' > "$work/functions"
python3 - "$work/callgrind.out" "$work/functions" scripts/link/startup-order.txt <<'PY'
import re, sys
callgrind, functions, out = sys.argv[1:]
known = set(open(functions).read().split())
order, seen = [], set()
for line in open(callgrind, errors="replace"):
    m = re.match(r"^c?fn=\(\d+\) (.+)$", line.rstrip("\n"))
    if m and m.group(1) in known and m.group(1) not in seen:
        seen.add(m.group(1)); order.append(m.group(1))
if len(order) < 1000:
    sys.exit(f"startup-order: only {len(order)} functions seen; is the binary a release build?")
open(out, "w").write("\n".join(order) + "\n")
print(f"startup-order: {len(order)} functions in {out}")
PY
