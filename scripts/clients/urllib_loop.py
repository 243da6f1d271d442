#!/usr/bin/env python3
"""N requests with Python's urllib, one after another, a new connection each (urllib never keeps one):
opening a device session, then a call on it. Prints how many answers had each status, `reset` for a
connection reset or a broken pipe, `other` for any other failure (`201 500`, `200 500`).

    scripts/clients/urllib_loop.py URL N
"""
import collections, json, sys, urllib.error, urllib.request

url, count = sys.argv[1].rstrip("/"), int(sys.argv[2])
seen = collections.Counter()


def send(path, body, token=None):
    request = urllib.request.Request(url + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    if token:
        request.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            seen[str(answer.status)] += 1
            return json.loads(answer.read())
    except urllib.error.HTTPError as error:
        seen[str(error.code)] += 1
    except (ConnectionResetError, BrokenPipeError, urllib.error.URLError) as error:
        reason = getattr(error, "reason", error)
        seen["reset" if isinstance(reason, (ConnectionResetError, BrokenPipeError)) else "other"] += 1
    return None


for i in range(count // 2):
    opened = send("/v1/sessions", {"device": f"urllib-{i}", "platform": "android", "sdk": "2.3"})
    if opened:
        send("/v1/call", {"type": "get", "name": "pims.authentication.trustedphonenumber", "params": {}}, opened["session"])
for status, number in sorted(seen.items()):
    print(status, number)
