#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A minimal W3C WebDriver client (plain HTTP + JSON, urllib only) for the
browser tests: starts chromedriver on a free port and headless Chromium
with a private profile, and opens a page in it (browser()).
"""
import contextlib
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Driver:
    def __init__(self, port):
        self.base = "http://127.0.0.1:%d" % port
        self.session = None

    def call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=60) as r:
                return json.loads(r.read().decode())["value"]
        except urllib.error.HTTPError as e:
            raise SystemExit("webdriver %s %s failed: %s" %
                             (method, path, e.read().decode()[:2000]))

    def s(self, method, path, body=None):
        return self.call(method, "/session/%s%s" % (self.session, path), body)

    def script(self, js, *args):
        return self.s("POST", "/execute/sync", {"script": js, "args": list(args)})

    def console(self):
        return self.s("POST", "/se/log", {"type": "browser"})

    def wait(self, js, what, timeout=20):
        end = time.time() + timeout
        while time.time() < end:
            if self.script(js):
                return
            time.sleep(0.1)
        # Say why: the console usually knows.
        for e in self.console():
            sys.stderr.write("console: %s %s\n" % (e.get("level"),
                                                    e.get("message")))
        raise SystemExit("timed out waiting for " + what)


def page_arguments(ap):
    """The arguments every browser check takes: the page, where the
    screenshot and the browser profile go, and the browser's binaries."""
    ap.add_argument("page")
    ap.add_argument("--screenshot", required=True)
    ap.add_argument("--profile", required=True)
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument("--chromedriver", default="/usr/bin/chromedriver")


@contextlib.contextmanager
def browser(page, chromium, chromedriver, profile):
    """Yields a Driver whose session shows `page` once its script ran."""
    port = free_port()
    log = open(profile + ".chromedriver.log", "w")
    proc = subprocess.Popen([chromedriver, "--port=%d" % port],
                            stdout=log, stderr=subprocess.STDOUT)
    d = Driver(port)
    try:
        end = time.time() + 20
        while True:
            try:
                if d.call("GET", "/status").get("ready"):
                    break
            except (OSError, SystemExit):
                pass
            if time.time() > end:
                raise SystemExit("chromedriver did not become ready")
            time.sleep(0.1)
        caps = {"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:loggingPrefs": {"browser": "ALL"},
            "goog:chromeOptions": {
                "binary": chromium,
                # Root (CI containers) needs --no-sandbox; a private profile
                # keeps runs independent.
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage", "--no-first-run",
                         "--user-data-dir=" + profile,
                         "--window-size=1280,1400"]}}}}
        d.session = d.call("POST", "/session", caps)["sessionId"]
        url = "file://" + os.path.abspath(page)
        d.s("POST", "/url", {"url": url})
        d.wait("return document.body && document.body.dataset.ready === 'true';",
               "the page script")
        yield d
    finally:
        if d.session:
            try:
                d.s("DELETE", "")
            except BaseException:
                pass
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def report_console(d):
    """Prints the console's errors and their count for FileCheck; returns
    the exit code of a check (1 when there were errors)."""
    errors = [e for e in d.console() if e.get("level") == "SEVERE"]
    for e in errors:
        print("console error: " + e.get("message", ""))
    print("console errors: %d" % len(errors))
    return 1 if errors else 0
