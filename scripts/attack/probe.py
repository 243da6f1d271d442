"""A normal client beside an attack: `GET /healthz` on a new connection every `every` seconds, each
given `patience` seconds. Reports how many were answered and how long they took. It connects from
127.0.0.2 ($PROBE_FROM): another client than the attack's 127.0.0.1, as a colleague's machine would
be (the server's limits per client address hold the attacker back, not everyone). Standard library only."""
import http.client, json, os, socket, statistics, threading, time


# How long each probe is given: 5 s, or $PROBE_PATIENCE (a test gives more: it checks answers, not times).
PATIENCE = float(os.environ.get("PROBE_PATIENCE", "5"))
# The normal client's own loopback address.
SOURCE = os.environ.get("PROBE_FROM", "127.0.0.2")


class Background:
    """A client loop (`_run`) on a thread of its own, from `start` until `stop`."""

    def __init__(self):
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self):
        self._thread.start()
        return self

    def stop(self):
        self._stop.set()
        self._thread.join()


class Probe(Background):
    def __init__(self, port, every=0.5, patience=PATIENCE):
        self.port, self.every, self.patience = port, every, patience
        self.waits, self.failed = [], 0
        super().__init__()

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


class KeptAliveProbe(Background):
    """A normal client that keeps its connection (Python's http.client, which never retries): a
    `POST /v1/sessions` every `every` seconds on one kept-alive connection, opened again only when
    an answer says `Connection: close` (http.client does that itself) or a request fails. A failure
    is a request lost to a connection the server closed under it (BrokenPipe, RemoteDisconnected,
    a reset) or one not answered within `patience`."""

    def __init__(self, port, every=0.2, patience=PATIENCE, source=SOURCE):
        self.port, self.every, self.patience, self.source = port, every, patience, source
        self.statuses, self.failures, self.waits, self.reopened = {}, {}, [], 0
        super().__init__()

    def _connect(self):
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.patience, source_address=(self.source, 0))

    def _run(self):
        c, n = self._connect(), 0
        while not self._stop.is_set():
            n += 1
            t = time.monotonic()
            try:
                c.request("POST", "/v1/sessions", json.dumps({"device": f"kept-alive-{n}"}), {"Content-Type": "application/json"})
                r = c.getresponse()
                r.read()
                self.statuses[r.status] = self.statuses.get(r.status, 0) + 1
                self.waits.append(time.monotonic() - t)
                if r.will_close: self.reopened += 1
            except (OSError, http.client.HTTPException) as e:
                kind = type(e).__name__
                self.failures[kind] = self.failures.get(kind, 0) + 1
                c.close()
                c = self._connect()
            self._stop.wait(max(0, self.every - (time.monotonic() - t)))
        c.close()

    @property
    def failed(self):
        return sum(self.failures.values()) + sum(n for s, n in self.statuses.items() if s != 201)

    def summary(self):
        asked = sum(self.statuses.values()) + sum(self.failures.values())
        ms = sorted(w * 1000 for w in self.waits) or [0]
        statuses = ", ".join(f"{n} × {s}" for s, n in sorted(self.statuses.items()))
        failures = ", ".join(f"{n} × {k}" for k, n in sorted(self.failures.items())) or "none"
        return (f"kept-alive client: {asked} requests, {statuses or 'none answered'}, failed: {failures}; "
                f"{self.reopened} answers said Connection: close; median {statistics.median(ms):.0f} ms, worst {ms[-1]:.0f} ms")


def source_address(n):
    """The n-th loopback address of an attack spread over many (127.0.1.1, 127.0.1.2, …), never the
    normal clients' 127.0.0.x."""
    n += 256
    return f"127.{(n >> 16) & 255}.{(n >> 8) & 255}.{n & 255 or 1}"


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
