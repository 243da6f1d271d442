#!/usr/bin/env python3
"""The terminal app beside terminal peers, on a pseudo-terminal (stdlib only: pty, select).

Measures, for each program, in rounds that alternate the order of the programs:
  start   fork to the first byte written and to the marker text (the frame is whole);
          `sh -c true`: fork to exit
  keys    key -> repaint: Down/Up on a menu, time from the key's write to the first and the
          last byte of the answer (the answer ends after QUIET ms without output)
  idle    bytes written and wake-ups (context switches of every thread, /proc/PID/task/*/status)
          over IDLE seconds with nothing sent; --strace adds the system calls strace -f counts
  memory  resident memory after start (VmRSS; RssFile is the binary's and shared objects'
          pages, RssAnon the heap and stacks) and the shared objects mapped

Ratios are taken within a round (the same machine load), then the median over the rounds.

  Benchmarks/tui/tui-bench.py [--enrollsim LABEL=PATH ...] [--rounds 5] [--keys 600] [--idle 10]
                              [--strace] [--json FILE]

Default binary: .build-release/release/enrollsim (swift build -c release --scratch-path
.build-release --product enrollsim). Peers: dialog, htop (apt-get install -y dialog htop
strace when run as root; otherwise it says what is missing and measures without them).
"""
import argparse
import fcntl
import json
import os
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

WIDTH, HEIGHT = 80, 24
QUIET_MS = 15


class Pty:
    """A program on a new pseudo-terminal of WIDTH x HEIGHT, its output read as it comes."""

    def __init__(self, argv, env, cwd):
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", HEIGHT, WIDTH, 0, 0))
        self.start = time.perf_counter()
        self.proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=cwd,
                                     start_new_session=True, pass_fds=(),
                                     preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0))
        os.close(slave)
        self.output = bytearray()
        self.keypad = False  # the program asked for application cursor keys (smkx)

    def read(self, timeout):
        """Reads what comes within `timeout` seconds; returns (bytes, time of the read) or (b"", None)."""
        ready, _, _ = select.select([self.master], [], [], max(timeout, 0))
        if not ready:
            return b"", None
        try:
            data = os.read(self.master, 65536)
        except OSError:
            return b"", None
        now = time.perf_counter()
        self.output += data
        if b"\x1b[?1h" in data:
            self.keypad = True
        if b"\x1b[6n" in data:  # a cursor position query: answer as a terminal would
            os.write(self.master, b"\x1b[1;1R")
        return data, now

    def wait_for(self, marker, timeout=10.0):
        """Time from the fork to the first byte and to `marker` in the output."""
        first = None
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            data, at = self.read(deadline - time.perf_counter())
            if at is None:
                if self.proc.poll() is not None:
                    break
                continue
            if first is None:
                first = at
            if marker.encode() in self.output:
                return first - self.start, at - self.start
        raise RuntimeError(f"no {marker!r} within {timeout}s: {bytes(self.output[-400:])!r}")

    def settle(self, quiet=0.3, limit=5.0):
        """Reads until nothing comes for `quiet` seconds."""
        deadline = time.perf_counter() + limit
        while time.perf_counter() < deadline:
            _, at = self.read(quiet)
            if at is None:
                return

    def key(self, name):
        """Sends an arrow key; returns (first byte, last byte) of the answer in seconds, or None."""
        code = {"down": "B", "up": "A"}[name]
        seq = (b"\x1bO" if self.keypad else b"\x1b[") + code.encode()
        sent = time.perf_counter()
        os.write(self.master, seq)
        _, first = self.read(2.0)
        if first is None:
            return None
        last = first
        while True:
            _, at = self.read(QUIET_MS / 1000)
            if at is None:
                return first - sent, last - sent
            last = at

    def stop(self):
        for sig in (signal.SIGTERM, signal.SIGKILL):
            if self.proc.poll() is not None:
                break
            try:
                os.killpg(self.proc.pid, sig)
            except ProcessLookupError:
                break
            try:
                self.proc.wait(2)
            except subprocess.TimeoutExpired:
                pass
        os.close(self.master)


def tasks_switches(pid):
    """Context switches (voluntary, involuntary) summed over the process's threads, and the thread count."""
    total, threads = 0, 0
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/status") as f:
                for line in f:
                    if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                        total += int(line.split()[1])
            threads += 1
        except FileNotFoundError:
            pass
    return total, threads


def resident_by_mapping(pid, top=12):
    """Resident KiB per mapped file (and [heap], [stack], anonymous), largest first."""
    sizes, name = {}, None
    with open(f"/proc/{pid}/smaps") as f:
        for line in f:
            parts = line.split()
            if "-" in parts[0] and len(parts) >= 5 and not parts[0].endswith(":"):
                name = parts[5] if len(parts) >= 6 else "[anonymous]"
            elif parts[0] == "Rss:":
                sizes[name] = sizes.get(name, 0) + int(parts[1])
    return sorted(sizes.items(), key=lambda kv: -kv[1])[:top]


def memory(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "RssAnon", "RssFile", "RssShmem"):
                fields[key] = int(value.split()[0]) / 1024
    objects = set()
    with open(f"/proc/{pid}/maps") as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 6 and ".so" in os.path.basename(parts[5]):
                objects.add(parts[5])
    fields["objects"] = len(objects)
    return fields


class Program:
    def __init__(self, label, argv, marker, menu=False, env=None, start_only=False, to_menu=None):
        self.label, self.argv, self.marker, self.menu = label, argv, marker, menu
        # Keys that reach the menu from the first screen, and the text that says it is there.
        self.to_menu = to_menu
        self.env, self.start_only = env or {}, start_only


def environment(home, extra):
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm-256color", "LANG": "C.UTF-8",
           "LC_ALL": "C.UTF-8", "HOME": home, "XDG_CONFIG_HOME": os.path.join(home, "config"),
           "COLUMNS": str(WIDTH), "LINES": str(HEIGHT)}
    env.update(extra)
    return env


def run_start(program, home):
    """Start-up: fork to first byte, fork to the marker (for `sh -c true`: to exit)."""
    if program.start_only:
        start = time.perf_counter()
        subprocess.run(program.argv, env=environment(home, program.env), cwd=home)
        return {"first": time.perf_counter() - start, "text": time.perf_counter() - start}
    p = Pty(program.argv, environment(home, program.env), home)
    try:
        first, text = p.wait_for(program.marker)
        return {"first": first, "text": text}
    finally:
        p.stop()


def run_session(program, home, keys, idle, use_strace):
    """Memory after start, then idle, then keys, in one process."""
    p = Pty(program.argv, environment(home, program.env), home)
    result = {}
    try:
        p.wait_for(program.marker)
        p.settle()
        if program.to_menu:
            typed, marker = program.to_menu
            p.output.clear()
            os.write(p.master, typed)
            p.wait_for(marker)
            p.settle()
        result["memory"] = memory(p.proc.pid)
        result["memory"]["mappings"] = resident_by_mapping(p.proc.pid)
        if idle:
            switches0, _ = tasks_switches(p.proc.pid)
            written = 0
            end = time.perf_counter() + idle
            while time.perf_counter() < end:
                data, _ = p.read(end - time.perf_counter())
                written += len(data)
            switches1, threads = tasks_switches(p.proc.pid)
            result["idle"] = {"bytes": written, "wakeups": switches1 - switches0, "threads": threads}
            if use_strace and shutil.which("strace"):
                # A second window, traced: ptrace's own stops would count as wake-ups in the first.
                trace = os.path.join(home, "strace.txt")
                tracer = subprocess.Popen(["strace", "-f", "-qq", "-o", trace, "-p", str(p.proc.pid)],
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                p.settle(quiet=idle, limit=idle)
                tracer.send_signal(signal.SIGINT)
                tracer.wait()
                with open(trace) as f:
                    calls = [line for line in f if "(" in line and "resumed>" not in line]
                result["idle"]["syscalls"] = len(calls)
                os.remove(trace)
        if keys and program.menu:
            firsts, lasts, missed = [], [], 0
            for i in range(keys):
                answer = p.key("down" if (i // 3) % 2 == 0 else "up")
                if answer is None:
                    missed += 1
                    continue
                firsts.append(answer[0])
                lasts.append(answer[1])
            result["keys"] = {"first": statistics.median(firsts) if firsts else None,
                              "last": statistics.median(lasts) if lasts else None, "missed": missed}
    finally:
        p.stop()
    return result


def ensure_peers():
    missing = [tool for tool in ("dialog", "htop", "strace") if not shutil.which(tool)]
    if missing and os.geteuid() == 0 and shutil.which("apt-get"):
        print(f"installing {' '.join(missing)} (apt-get)", file=sys.stderr)
        subprocess.run(["apt-get", "install", "-y", *missing], stdout=subprocess.DEVNULL)
        missing = [tool for tool in missing if not shutil.which(tool)]
    if missing:
        print(f"missing: {' '.join(missing)} (apt-get install -y {' '.join(missing)}); measured without them",
              file=sys.stderr)
    return missing


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--enrollsim", action="append", metavar="LABEL=PATH",
                        help="an enrollsim binary to measure (repeat to compare builds)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--keys", type=int, default=600, help="keys per program, spread over the rounds")
    parser.add_argument("--idle", type=float, default=10, help="idle seconds measured (once per program)")
    parser.add_argument("--strace", action="store_true", help="count system calls while idle with strace -f")
    parser.add_argument("--json", help="write the figures here too")
    args = parser.parse_args()

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    binaries = args.enrollsim or [f"release={os.path.join(root, '.build-release/release/enrollsim')}"]
    missing = ensure_peers()
    programs = []
    for entry in binaries:
        label, _, path = entry.partition("=")
        path = os.path.abspath(path)
        if not os.access(path, os.X_OK):
            sys.exit(f"no executable at {path}: swift build -c release --scratch-path .build-release --product enrollsim")
        # The session screen's last word (the frame is whole); Enter logs in, and Down and Up move
        # the selection of the home menu.
        programs.append(Program(f"enrollsim {label}", [path], "quit", menu=True, to_menu=(b"\r", "Logged in")))
    subject = programs[0].label
    if "dialog" not in missing:
        programs.append(Program("dialog --msgbox", ["dialog", "--msgbox", "Benchmark", "8", "40"], "Benchmark"))
        items = [x for n in range(1, 13) for x in (f"tag{n}", f"item{n}")]
        programs.append(Program("dialog --menu", ["dialog", "--menu", "Choose", "20", "50", "12", *items], "item12", menu=True))
    if "htop" not in missing:
        # A long refresh delay: its own repaints do not fall among the keys.
        programs.append(Program("htop", ["htop", "-d", "100"], "PID", menu=True))
    programs.append(Program("sh -c true", ["sh", "-c", "true"], "", start_only=True))

    keys_per_round = max(1, args.keys // args.rounds)
    rounds = []
    with tempfile.TemporaryDirectory(prefix="tui-bench-") as home:
        os.makedirs(os.path.join(home, "config"), exist_ok=True)
        for r in range(args.rounds):
            order = programs if r % 2 == 0 else list(reversed(programs))
            figures = {}
            for program in order:
                figures[program.label] = run_start(program, home)
            for program in order:
                if program.start_only:
                    continue
                session = run_session(program, home, keys_per_round, args.idle if r == 0 else 0, args.strace)
                figures[program.label].update(session)
            rounds.append(figures)
            print(f"round {r + 1}/{args.rounds} done", file=sys.stderr)

    report(programs, subject, rounds, args)


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def report(programs, subject, rounds, args):
    def series(label, *path):
        out = []
        for figures in rounds:
            value = figures.get(label)
            for key in path:
                value = value.get(key) if isinstance(value, dict) else None
            out.append(value)
        return out

    def ratio(label, peer, *path):
        pairs = zip(series(label, *path), series(peer, *path))
        return median([a / b for a, b in pairs if a is not None and b])

    ms = lambda v: "—" if v is None else f"{v * 1000:.2f} ms"
    x = lambda v: "—" if v is None else f"{v:.2f}×"
    print(f"\nTUI benchmark: {args.rounds} rounds, {WIDTH}x{HEIGHT}, medians (ratios: median of per-round ratios)\n")
    print(f"{'program':<28} {'first byte':>11} {'first text':>11} {'key p50 first':>14} {'key p50 last':>13}")
    for p in programs:
        print(f"{p.label:<28} {ms(median(series(p.label, 'first'))):>11} {ms(median(series(p.label, 'text'))):>11} "
              f"{ms(median(series(p.label, 'keys', 'first'))):>14} {ms(median(series(p.label, 'keys', 'last'))):>13}")
    print()
    for p in programs:
        if p.label.startswith("enrollsim"):
            print(f"{p.label}: first text {x(ratio(p.label, 'dialog --msgbox', 'text'))} dialog --msgbox, "
                  f"{x(ratio(p.label, 'sh -c true', 'text'))} sh -c true; key → repaint (last byte) "
                  f"{x(ratio(p.label, 'dialog --menu', 'keys', 'last'))} dialog --menu, "
                  f"{x(ratio(p.label, 'htop', 'keys', 'last'))} htop")
    print(f"\n{'program':<28} {'RSS':>9} {'file':>9} {'anon':>9} {'objects':>8} {'idle bytes':>11} {'wake-ups':>9} {'threads':>8}"
          + (f" {'syscalls':>9}" if args.strace else ""))
    for p in programs:
        if p.start_only:
            continue
        mem = rounds[0][p.label].get("memory", {})
        idle = rounds[0][p.label].get("idle", {})
        mib = lambda k: f"{mem[k]:.1f} MiB" if k in mem else "—"
        print(f"{p.label:<28} {mib('VmRSS'):>9} {mib('RssFile'):>9} {mib('RssAnon'):>9} {mem.get('objects', '—'):>8} "
              f"{idle.get('bytes', '—'):>11} {idle.get('wakeups', '—'):>9} {idle.get('threads', '—'):>8}"
              + (f" {idle.get('syscalls', '—'):>9}" if args.strace else ""))
    for p in programs:
        if p.label.startswith("enrollsim"):
            mappings = rounds[0][p.label].get("memory", {}).get("mappings", [])
            print(f"\n{p.label}, resident by mapping: " + ", ".join(f"{os.path.basename(n)} {kib / 1024:.1f}" for n, kib in mappings) + " (MiB)")
    for p in programs:
        missed = sum(f.get(p.label, {}).get("keys", {}).get("missed", 0) for f in rounds)
        if missed:
            print(f"{p.label}: {missed} keys brought no output within 2 s")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"rounds": rounds, "programs": [p.label for p in programs]}, f, indent=1)


if __name__ == "__main__":
    main()
