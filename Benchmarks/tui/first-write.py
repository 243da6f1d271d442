#!/usr/bin/env python3
"""Where a TUI's first text goes: fork → the loader done → the first write to the terminal.

Builds first-write.so (cc, beside this script, from first-write.c) and starts each binary on a
pseudo-terminal of 80x24 with it preloaded: its constructor runs once the loader has mapped and
relocated everything (the program's own initializers and main come next), and it notes the first
write to standard output. Rounds alternate the binaries; medians.

  Benchmarks/tui/first-write.py [--runs 20] BINARY...
"""
import argparse
import importlib.util
import os
import statistics
import subprocess
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("tui_bench", os.path.join(here, "tui-bench.py"))
tui_bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tui_bench)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("binaries", nargs="+")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="first-write-") as home:
        preload = os.path.join(home, "first-write.so")
        subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-o", preload, os.path.join(here, "first-write.c"), "-ldl"], check=True)
        os.makedirs(os.path.join(home, "config"))
        log = os.path.join(home, "log.txt")
        figures = {b: [] for b in args.binaries}
        for r in range(args.runs):
            for binary in args.binaries if r % 2 == 0 else list(reversed(args.binaries)):
                if os.path.exists(log):
                    os.remove(log)
                env = tui_bench.environment(home, {"LD_PRELOAD": preload, "FIRSTWRITE_LOG": log})
                p = tui_bench.Pty([os.path.abspath(binary)], env, home)
                try:
                    _, text = p.wait_for("quit")
                finally:
                    p.stop()
                loaded, written = map(float, open(log).read().split())
                figures[binary].append((loaded - p.start, written - loaded, text))
    print(f"{'binary':40} {'fork → loaded':>14} {'→ first write':>14} {'fork → text':>12}   (medians of {args.runs})")
    for binary, runs in figures.items():
        m = [statistics.median(run[i] for run in runs) * 1000 for i in range(3)]
        print(f"{binary[-40:]:40} {m[0]:11.2f} ms {m[1]:11.2f} ms {m[2]:9.2f} ms")


if __name__ == "__main__":
    main()
