#!/usr/bin/env python3
"""Walks Futurae's Auth API against `enrollsim serve` as an identity provider does (Python stdlib only).

    scripts/futurae-auth-demo.py --url https://127.0.0.1:8443 --cafile DB.tls-cert.pem \\
        --service-id SERVICE_ID --key AUTH_API_KEY --username carol@example.com [--play-phone]

Every request is signed as docs/futurae-rules.md FA2 says: HMAC-SHA256 under the service's Auth API key
over FT-Date, the method, the host without its port, the path and query as sent and the raw body, each
followed by a line feed; sent as `Authorization: Basic base64(service_id:hex)`.

The walk: look the user up (400: unknown, so enroll a new one) -> enroll -> show the QR code's URL
and payload -> poll enroll_status until the phone has scanned it -> preauth -> auth (push) -> poll
auth/status until the phone answers. The phone is a person at `enrollsim tui --server URL` (scan the
back office's QR code, approve the login), or, with --play-phone, this script through a device session
of its own (futurae.enroll with the payload, futurae.approveAuth). Exit status 0 when the login is
allowed, 1 when it is denied, 2 on any other failure.
"""
import argparse, base64, email.utils, hashlib, hmac, json, ssl, sys, time, urllib.error, urllib.parse, urllib.request


class Server:
    def __init__(self, url, service_id, key, cafile):
        self.url = url.rstrip("/")
        self.service_id = service_id
        self.key = key.encode()
        self.context = ssl.create_default_context(cafile=cafile) if url.startswith("https") else None
        netloc = urllib.parse.urlsplit(self.url).netloc
        # FA2: the host as the Host header carries it, without its port ("[::1]" keeps its brackets).
        self.host = netloc[: netloc.rindex("]") + 1] if netloc.startswith("[") else netloc.split(":")[0]

    def send(self, method, target, body=None, headers=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + target, data=data, method=method, headers=headers or {})
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, context=self.context, timeout=30) as answer:
                return answer.status, json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def signed(self, method, target, body=None):
        date = email.utils.formatdate(usegmt=False)  # RFC 2822, "+0000"
        raw = b"" if body is None else json.dumps(body).encode()
        message = b"".join(part + b"\n" for part in [date.encode(), method.encode(), self.host.encode(), target.encode(), raw])
        signature = hmac.new(self.key, message, hashlib.sha256).hexdigest()
        credentials = base64.b64encode(f"{self.service_id}:{signature}".encode()).decode()
        data = None if body is None else raw
        request = urllib.request.Request(self.url + target, data=data, method=method,
                                         headers={"FT-Date": date, "Authorization": "Basic " + credentials})
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, context=self.context, timeout=30) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")


def fail(message):
    print("error: " + message, file=sys.stderr)
    sys.exit(2)


def expect(status, answer, what):
    if status != 200:
        fail(f"{what}: {status} {answer}")
    return answer


def poll(server, target, body, done, seconds, limit):
    """Polls as the public client does (a request every few seconds, never a long poll)."""
    deadline = time.monotonic() + limit
    while True:
        answer = expect(*server.signed("POST", target, body), target)
        if done(answer) or time.monotonic() > deadline:
            return answer
        time.sleep(seconds)


class Phone:
    """The phone played through a device session of the team server (--play-phone)."""

    def __init__(self, server):
        self.server = server
        status, answer = server.send("POST", "/v1/sessions", {"device": "demo-phone"})
        if status != 201:
            fail(f"opening a device session: {status} {answer}")
        self.token = answer["session"]

    def call(self, name, params):
        status, answer = self.server.send("POST", "/v1/call", {"type": "call", "name": name, "params": params},
                                          {"Authorization": "Bearer " + self.token})
        if status != 200 or answer.get("status") != "SUCCEEDED":
            fail(f"{name}: {status} {answer}")
        return answer["result"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", required=True, help="the server, http(s)://HOST:PORT")
    parser.add_argument("--service-id", required=True)
    parser.add_argument("--key", required=True, help="the service's Auth API key")
    parser.add_argument("--cafile", help="a certificate to trust (serve --tls-self-signed prints its path)")
    parser.add_argument("--username", required=True)
    parser.add_argument("--play-phone", action="store_true", help="scan and answer through a device session of this script")
    parser.add_argument("--phone-answer", choices=["approve", "reject", "fraud", "expire"], default="approve",
                        help="what the played phone does with the login (expire: nothing, and the simulated clock is "
                             "moved past the login's 120 s; needs --admin-token)")
    parser.add_argument("--admin-token", help="the server's admin token (for --phone-answer expire)")
    parser.add_argument("--poll", type=float, default=5.0, help="seconds between polls (the public client's: 5)")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds to wait for the phone at each step")
    args = parser.parse_args()
    server = Server(args.url, args.service_id, args.key, args.cafile)
    quoted = urllib.parse.quote(args.username, safe="")

    # FA7: 400 means no such user: enroll a new one by username (FA9).
    status, user = server.signed("GET", "/srv/auth/v1/users?username=" + quoted)
    if status not in (200, 400):
        fail(f"user lookup: {status} {user}")
    who = {"user_id": user["user_id"]} if status == 200 else {"username": args.username}
    enrollment = expect(*server.signed("POST", "/srv/auth/v1/user/enroll", dict(who, short_code=True)), "enroll")
    who = {"user_id": enrollment["user_id"]}
    print(f"enrollment {enrollment['enrollment_id']} for {enrollment['username']}")
    print(f"  QR code image: {enrollment['activation_qrcode_url']}")
    print(f"  QR payload:    {enrollment['activation_code_uri']}")
    print(f"  shortcode:     {enrollment['activation_code_short']}")
    phone = Phone(server) if args.play_phone else None
    if phone:
        phone.call("futurae.enroll", {"activationCode": enrollment["activation_code_uri"]})
    else:
        print("scan it with the phone (enrollsim tui --server URL, Futurae), waiting...")
    status = poll(server, "/srv/auth/v1/user/enroll_status", dict(who, enrollment_id=enrollment["enrollment_id"]),
                  lambda a: a["result"] != "pending", args.poll, args.timeout)
    print(f"enroll_status: {status['result']}" + (f" on {status['device_id']}" if "device_id" in status else ""))
    if status["result"] != "success":
        fail("the phone did not enroll")

    preauth = expect(*server.signed("POST", "/srv/auth/v1/user/preauth", who), "preauth")
    print(f"preauth: {preauth['result']}")
    if preauth["result"] != "auth":
        fail(f"preauth answered {preauth}")
    session = expect(*server.signed("POST", "/srv/auth/v1/user/auth", dict(who, factor="approve", device_id="auto")), "auth")
    print(f"login pushed: session {session['session_id']}")
    if phone and args.phone_answer == "expire":
        status, answer = server.send("POST", "/v1/sim", {"sim": "advance", "seconds": 121},
                                     {"Authorization": "Bearer " + (args.admin_token or "")})
        if status != 200 or not answer.get("ok"):
            fail(f"advancing the simulated clock: {status} {answer}")
    elif phone:
        answer = {"approve": ("futurae.approveAuth", {}), "reject": ("futurae.rejectAuth", {}),
                  "fraud": ("futurae.rejectAuth", {"isFraud": True})}[args.phone_answer]
        phone.call(answer[0], dict(answer[1], sessionId=session["session_id"]))
    else:
        print("approve the login on the phone, waiting...")
    outcome = poll(server, "/srv/auth/v1/user/auth/status", dict(who, session_id=session["session_id"]),
                   lambda a: a["result"] != "waiting", args.poll, args.timeout)
    print(f"auth/status: {outcome['result']} ({outcome['status']}: {outcome['status_msg']})")
    sys.exit(0 if outcome["result"] == "allow" else 1)


if __name__ == "__main__":
    main()
