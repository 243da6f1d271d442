"""Terminal escape payloads through every way text reaches a terminal or a log (see
escape-payloads.sh). Standard library only. Each payload (OSC, CSI, BEL, C1 CSI, DEL, NEL, U+2028,
U+202E), written raw and as a YAML escape, goes into: a scenario's name read by `scenarios check`; a
device name sent to the server (its JSON answer and its log at debug); a username in a `batch`
line (its JSON output). Every output is searched for the characters themselves."""
import argparse, http.client, json, os, subprocess, tempfile

p = argparse.ArgumentParser()
p.add_argument("--bin", required=True)
p.add_argument("--port", type=int, required=True)
p.add_argument("--log", required=True)
a = p.parse_args()

# The payload file the tests read too (Tests/SimTestSupport/TerminalPayloads.swift).
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "terminal-payloads.json"), encoding="utf-8") as f:
    PAYLOADS = [(p["name"], p["text"], p["yaml"]) for p in json.load(f)["payloads"]]


def unsafe(text):
    """The characters a terminal would act on (tab and line feed aside: outputs are lines)."""
    return [c for c in text if (ord(c) < 0x20 and c not in "\t\n") or 0x7f <= ord(c) <= 0x9f
            or ord(c) in (0x2028, 0x2029, 0x61c, 0x200e, 0x200f) or 0x202a <= ord(c) <= 0x202e or 0x2066 <= ord(c) <= 0x2069]


checked, leaks, refusals_without_line = 0, [], 0
work = tempfile.mkdtemp()
for name, raw, escape in PAYLOADS:
    for form, text in (("raw", raw), ("YAML escape", escape)):
        path = os.path.join(work, "evil.yaml")
        quoted = json.dumps(raw, ensure_ascii=False) if form == "raw" else f'"{escape}"'
        with open(path, "w", encoding="utf-8") as f:
            f.write(f"name: {quoted}\naccounts: []\n")
        out = subprocess.run([a.bin, "scenarios", "check", path], capture_output=True, timeout=60)
        shown = out.stdout.decode("utf-8", "replace") + out.stderr.decode("utf-8", "replace")
        checked += 1
        if unsafe(shown): leaks.append(f"scenarios check, {name} {form}")
        if out.returncode != 0 and "evil.yaml:" not in shown: refusals_without_line += 1
    c = http.client.HTTPConnection("127.0.0.1", a.port, timeout=30)
    c.request("POST", "/v1/sessions", json.dumps({"device": raw}), {"Content-Type": "application/json"})
    r = c.getresponse(); body = r.read().decode("utf-8")
    c.request("POST", "/v1/sessions", json.dumps({"device": "d", "plat\u202eform": raw}), {"Content-Type": "application/json"})
    r2 = c.getresponse(); body2 = r2.read().decode("utf-8")
    c.close()
    checked += 2
    if unsafe(body) or unsafe(body2): leaks.append(f"HTTP answer, {name}")
    line = json.dumps({"type": "set", "name": "pims.authentication.user",
                       "params": {"action": "login", "username": raw, "password": "x"}}, ensure_ascii=False)
    out = subprocess.run([a.bin, "batch"], input=(line + "\n").encode(), capture_output=True, timeout=60)
    checked += 1
    if unsafe(out.stdout.decode("utf-8", "replace") + out.stderr.decode("utf-8", "replace")): leaks.append(f"batch, {name}")

log = open(a.log, encoding="utf-8", errors="replace").read()
checked += 1
if unsafe(log): leaks.append("the server's log")
print(f"escape payloads: {len(PAYLOADS)} payloads, {checked} outputs checked (scenarios check raw and YAML-escaped, HTTP answers, "
      f"batch, the server's log at debug): {len(leaks)} with a raw control character{': ' + '; '.join(leaks) if leaks else ''}; "
      f"{refusals_without_line} refusals without file and line")
raise SystemExit(0 if not leaks and refusals_without_line == 0 else 1)
