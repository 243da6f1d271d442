"""A normal client beside an attack: `GET /healthz` on a new connection every `every` seconds, each
given `patience` seconds. Reports how many were answered and how long they took. It connects from
127.0.0.2 ($PROBE_FROM): another client than the attack's 127.0.0.1, as a colleague's machine would
be (the server's limits per client address hold the attacker back, not everyone). Standard library only."""
import os, socket, statistics, threading, time


# How long each probe is given: 5 s, or $PROBE_PATIENCE (a test gives more: it checks answers, not times).
PATIENCE = float(os.environ.get("PROBE_PATIENCE", "5"))
# The normal client's own loopback address.
SOURCE = os.environ.get("PROBE_FROM", "127.0.0.2")


class Probe:
    def __init__(self, port, every=0.5, patience=PATIENCE):
        self.port, self.every, self.patience = port, every, patience
        self.waits, self.failed = [], 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self):
        self._thread.start()
        return self

    def stop(self):
        self._stop.set()
        self._thread.join()

    def _run(self):
        while not self._stop.is_set():
            t = time.monotonic()
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=self.patience, source_address=(SOURCE, 0)) as s:
                    s.settimeout(max(0.1, self.patience - (time.monotonic() - t)))
                    s.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                    ok = s.recv(64).startswith(b"HTTP/1.1 200")
            except OSError:
                ok = False
            wait = time.monotonic() - t
            if ok: self.waits.append(wait)
            else: self.failed += 1
            self._stop.wait(max(0, self.every - wait))

    def summary(self):
        asked = len(self.waits) + self.failed
        if not self.waits:
            return f"normal client: 0 of {asked} answered (each given {self.patience:.0f} s)"
        ms = sorted(w * 1000 for w in self.waits)
        return (f"normal client: {len(ms)} of {asked} answered (each given {self.patience:.0f} s), "
                f"median {statistics.median(ms):.0f} ms, worst {ms[-1]:.0f} ms")


def read_ready(sel, timeout=0.2):
    """The sockets of `sel` with something to read, and what they sent (b"" once closed: such a socket
    is unregistered and closed here)."""
    for key, _ in sel.select(timeout=timeout):
        s = key.fileobj
        try:
            data = s.recv(65536)
        except OSError:
            data = b""
        if not data:
            sel.unregister(s); s.close()
        yield s, data
