"""Malformed requests against 127.0.0.1:PORT (see malformed.sh). Standard library only."""
import argparse, socket, time

p = argparse.ArgumentParser()
p.add_argument("--port", type=int, required=True)
p.add_argument("--admin", required=True)
a = p.parse_args()

H = "Host: 127.0.0.1\r\n"
J = "Content-Type: application/json\r\n"
AUTH = f"Authorization: Bearer {a.admin}\r\n"
def post(path, body, headers=J):
    return f"POST {path} HTTP/1.1\r\n{H}{headers}Content-Length: {len(body.encode('latin-1'))}\r\n\r\n{body}"

cases = [
    ("truncated body", f"POST /v1/sessions HTTP/1.1\r\n{H}{J}Content-Length: 100\r\n\r\n{{\"device\":", True, 400),
    ("bad chunk size", f"POST /v1/sessions HTTP/1.1\r\n{H}{J}Transfer-Encoding: chunked\r\n\r\nZZ\r\n{{}}\r\n0\r\n\r\n", False, 400),
    ("chunk shorter than said", f"POST /v1/sessions HTTP/1.1\r\n{H}{J}Transfer-Encoding: chunked\r\n\r\n10\r\n{{}}\r\n", True, 400),
    ("bad request line", "GARBAGE\r\n\r\n", False, 400),
    ("header without colon", f"GET /healthz HTTP/1.1\r\n{H}NoColonHere\r\n\r\n", False, 400),
    ("NUL in the path", f"GET /heal\x00thz HTTP/1.1\r\n{H}\r\n", False, 400),
    ("both lengths", f"POST /v1/sessions HTTP/1.1\r\n{H}{J}Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{{}}\r\n0\r\n\r\n", False, 400),
    ("negative length", f"POST /v1/sessions HTTP/1.1\r\n{H}{J}Content-Length: -1\r\n\r\n", False, 400),
    ("90 KB header", f"GET /healthz HTTP/1.1\r\n{H}X-Big: {'a' * 90000}\r\n\r\n", False, 400),
    ("body over 64 KiB", f"POST /v1/sim HTTP/1.1\r\n{H}{J}{AUTH}Content-Length: 70000\r\n\r\n" + "{" * 70000, False, 413),
    ("not JSON content type", post("/v1/sessions", '{"device": "d"}', "Content-Type: text/plain\r\n"), False, 415),
    ("no content type", post("/v1/sessions", '{"device": "d"}', ""), False, 415),
    ("foreign Host (DNS rebinding)", "GET /healthz HTTP/1.1\r\nHost: evil.example\r\n\r\n", False, 421),
    ("duplicate keys", post("/v1/sessions", '{"device": "a", "device": "b"}'), False, 400),
    ("invalid UTF-8 body", post("/v1/sessions", '{"device": "\xff"}'), False, 400),
    ("control character in a string", post("/v1/sessions", '{"device": "a\x01b"}'), False, 400),
    ("deeply nested JSON", post("/v1/sim", "[" * 1000 + "]" * 1000, J + AUTH), False, 400),
    ("unknown key", post("/v1/sessions", '{"device": "a", "platfrom": "ios"}'), False, 400),
]

failures = 0
for name, raw, half_close, expected in cases:
    with socket.create_connection(("127.0.0.1", a.port), timeout=30) as s:
        s.settimeout(30)
        try:
            s.sendall(raw.encode("latin-1"))
            if half_close: s.shutdown(socket.SHUT_WR)
            answer = s.recv(200).decode("latin-1", "replace")
        except OSError as e:
            answer = f"(no answer: {e})"
    status = answer[9:12] if answer.startswith("HTTP/1.1 ") else "---"
    ok = status == str(expected)
    failures += not ok
    print(f"{'ok ' if ok else 'BAD'} {status} (want {expected}) {name}")

with socket.create_connection(("127.0.0.1", a.port), timeout=30) as s:
    s.sendall(f"GET /healthz HTTP/1.1\r\n{H}Connection: close\r\n\r\n".encode())
    alive = s.recv(64).startswith(b"HTTP/1.1 200")
print(f"malformed: {len(cases)} requests, {len(cases) - failures} answered as expected (a 4xx each, no 5xx, none unanswered); "
      f"server alive afterwards: {'yes' if alive else 'no'}")
raise SystemExit(0 if failures == 0 and alive else 1)
