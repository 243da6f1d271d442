#!/usr/bin/env python3
"""Drives headless Chromium through its DevTools protocol (over --remote-debugging-pipe), with
Python's standard library only: the walk page tests' browser.

    cdp.py CHROMIUM < actions.json > results.json

actions.json is a list; each action is one of
    {"open": URL}                               load a page (waits for its load event)
    {"eval": JS}                                the expression's value (JSON), awaited if a promise
    {"wait": JS, "timeout": SECONDS}            until the expression is truthy (its value)
    {"key": KEY}                                a key pressed and released (" ", "ArrowLeft", ...)
    {"screenshot": PATH, "selector": CSS}       a PNG of the element's box
The answer: {"results": [...], "console": [...], "exceptions": [...], "violations": [...]}, where
console holds every console message, exceptions every uncaught exception, violations every
Content-Security-Policy report the browser logged, and requests every URL the page asked for
(its own included). Exit 1 with a message on standard error when
an action fails or a wait times out. The browser runs with a temporary profile and is always ended.
"""
import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time

KEYS = {
    " ": ("Space", 32, " "),
    "ArrowLeft": ("ArrowLeft", 37, ""),
    "ArrowRight": ("ArrowRight", 39, ""),
    "Home": ("Home", 36, ""),
    "End": ("End", 35, ""),
}


class Browser:
    def __init__(self, binary):
        self.profile = tempfile.mkdtemp(prefix="enrollsim-chromium-")
        to_browser_r, to_browser_w = os.pipe()
        from_browser_r, from_browser_w = os.pipe()
        # The browser reads commands on fd 3 and writes on fd 4: put the ends there in the child,
        # from numbers that cannot collide with 3 and 4.
        child_in = fcntl.fcntl(to_browser_r, fcntl.F_DUPFD, 10)
        child_out = fcntl.fcntl(from_browser_w, fcntl.F_DUPFD, 10)
        os.close(to_browser_r)
        os.close(from_browser_w)

        def arrange():
            os.dup2(child_in, 3)
            os.dup2(child_out, 4)

        args = [binary, "--headless", "--remote-debugging-pipe", "--user-data-dir=" + self.profile,
                "--no-first-run", "--no-default-browser-check", "--disable-gpu", "--disable-extensions",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--mute-audio", "--hide-scrollbars", "--force-color-profile=srgb", "--font-render-hinting=none"]
        if os.geteuid() == 0:
            args.append("--no-sandbox")
        args.append("about:blank")
        self.process = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL, pass_fds=(3, 4), preexec_fn=arrange,
                                        start_new_session=True)
        os.close(child_in)
        os.close(child_out)
        self.send_fd = to_browser_w
        self.receive = os.fdopen(from_browser_r, "rb", buffering=0)
        self.buffer = b""
        self.next_id = 0
        self.session = None
        self.console, self.exceptions, self.violations, self.requests = [], [], [], []

    def close(self):
        try:
            self.call("Browser.close", session=False, timeout=10)
        except Exception:
            pass
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self.send_fd)
        self.receive.close()
        shutil.rmtree(self.profile, ignore_errors=True)

    def message(self, deadline):
        while b"\0" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.receive], [], [], left)[0]:
                raise TimeoutError("the browser did not answer")
            chunk = self.receive.read(65536)
            if not chunk:
                raise RuntimeError("the browser closed its pipe (exit %s)" % self.process.poll())
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(line)

    def note(self, event):
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.consoleAPICalled":
            self.console.append(" ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", [])))
        elif method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            self.exceptions.append(details.get("exception", {}).get("description") or details.get("text", ""))
        elif method == "Log.entryAdded":
            entry = params.get("entry", {})
            if entry.get("source") == "security" or "Content Security Policy" in entry.get("text", ""):
                self.violations.append(entry.get("text", ""))
        elif method == "Network.requestWillBeSent":
            self.requests.append(params.get("request", {}).get("url", ""))
        elif method == "Page.loadEventFired":
            self.loaded = True

    def call(self, method, params=None, session=True, timeout=60):
        self.next_id += 1
        request = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            request["sessionId"] = self.session
        os.write(self.send_fd, json.dumps(request).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            answer = self.message(deadline)
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise RuntimeError("%s: %s" % (method, answer["error"].get("message")))
                return answer.get("result", {})
            self.note(answer)

    def attach(self):
        # A page of its own: the one the browser opens at start may not be there yet.
        page = self.call("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": page, "flatten": True},
                                 session=False)["sessionId"]
        for domain in ("Page", "Runtime", "Log", "Network"):
            self.call(domain + ".enable")
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": 1500, "height": 1100, "deviceScaleFactor": 1, "mobile": False})

    def open(self, url):
        self.loaded = False
        self.call("Page.navigate", {"url": url})
        deadline = time.monotonic() + 60
        while not self.loaded:
            self.note(self.message(deadline))

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            raise RuntimeError("%s: %s" % (expression, result["exceptionDetails"].get("exception", {}).get("description")))
        return result["result"].get("value")

    def wait(self, expression, timeout):
        deadline = time.monotonic() + timeout
        while True:
            value = self.evaluate(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError("waited %ss for %s (last value %r)" % (timeout, expression, value))
            time.sleep(0.1)

    def key(self, name):
        code, keycode, text = KEYS[name]
        base = {"key": name, "code": code, "windowsVirtualKeyCode": keycode, "nativeVirtualKeyCode": keycode}
        self.call("Input.dispatchKeyEvent", dict(base, type="keyDown" if text else "rawKeyDown", text=text))
        self.call("Input.dispatchKeyEvent", dict(base, type="keyUp"))

    def screenshot(self, path, selector):
        box = self.evaluate("(() => { const r = document.querySelector(%s).getBoundingClientRect();"
                            " return {x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height}; })()"
                            % json.dumps(selector))
        shot = self.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True,
                                                     "clip": dict(box, scale=1)})
        with open(path, "wb") as out:
            out.write(base64.b64decode(shot["data"]))
        return path


def main():
    actions = json.load(sys.stdin)
    browser = Browser(sys.argv[1])
    results = []
    try:
        browser.attach()
        for action in actions:
            if "open" in action:
                browser.open(action["open"])
                results.append(None)
            elif "eval" in action:
                results.append(browser.evaluate(action["eval"]))
            elif "wait" in action:
                results.append(browser.wait(action["wait"], action.get("timeout", 60)))
            elif "key" in action:
                browser.key(action["key"])
                results.append(None)
            elif "screenshot" in action:
                results.append(browser.screenshot(action["screenshot"], action.get("selector", "body")))
            else:
                raise ValueError("unknown action %r" % action)
    except Exception as error:
        sys.stderr.write("cdp.py: action %d: %s\n" % (len(results) + 1, error))
        sys.exit(1)
    finally:
        browser.close()
    json.dump({"results": results, "console": browser.console, "exceptions": browser.exceptions,
               "violations": browser.violations, "requests": browser.requests}, sys.stdout)


if __name__ == "__main__":
    main()
