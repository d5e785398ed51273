#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Loads an irscope-report page in headless Chromium and checks what renders.

Speaks the W3C WebDriver protocol (plain HTTP + JSON, urllib only) to a
chromedriver this script starts on a free port. Checks, printing one line
each for FileCheck:
  * the failing step's timeline bar is marked, visible and red, and its step
    section is open;
  * clicking a step's summary renders its diff (highlighted lines appear);
  * the symbol filter hides steps that do not touch the symbol;
  * the browser console has no errors (CSP violations and JS exceptions land
    there as SEVERE entries);
and saves a screenshot (the test artefact) to --screenshot.

Usage: webdriver_check.py PAGE --expect-failing N --click N --symbol @S
                          --screenshot FILE --profile DIR
"""
import argparse
import base64
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


def start(chromedriver, log_path=None):
    """Starts chromedriver on a free port; (process, log file, Driver)."""
    port = free_port()
    log = open(log_path or os.devnull, "w")
    proc = subprocess.Popen([chromedriver, "--port=%d" % port],
                            stdout=log, stderr=subprocess.STDOUT)
    return proc, log, Driver(port)


def open_session(d, chromium, profile):
    """Waits for chromedriver, then opens a headless Chromium session."""
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


def print_console_errors(d):
    """Prints the console's errors and their count; returns the count."""
    errors = [e for e in d.console() if e.get("level") == "SEVERE"]
    for e in errors:
        print("console error: " + e.get("message", ""))
    print("console errors: %d" % len(errors))
    return len(errors)


def stop(proc, log, d):
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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("page")
    ap.add_argument("--expect-failing", type=int, required=True)
    ap.add_argument("--click", type=int, required=True)
    ap.add_argument("--symbol", required=True)
    ap.add_argument("--screenshot", required=True)
    ap.add_argument("--profile", required=True)
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    a = ap.parse_args()

    proc, log, d = start(a.chromedriver, a.profile + ".chromedriver.log")
    try:
        open_session(d, a.chromium, a.profile)
        url = "file://" + os.path.abspath(a.page)
        d.s("POST", "/url", {"url": url})
        d.wait("return document.body && document.body.dataset.ready === 'true';",
               "the page script")

        # The failing step is marked in the timeline and opened below.
        info = d.script("""
            var bar = document.querySelector('.timeline .bar.failing-step');
            if (!bar) return null;
            var r = bar.getBoundingClientRect();
            var det = document.getElementById('step-' + bar.dataset.step);
            return {step: +bar.dataset.step, width: r.width, height: r.height,
                    color: getComputedStyle(bar).backgroundColor,
                    outline: getComputedStyle(bar).outlineStyle,
                    open: !!(det && det.open),
                    marker: !!(det && det.querySelector('.failing-marker'))};""")
        if not info:
            raise SystemExit("no failing step marked in the timeline")
        print("failing step marked: %d (expected %d), bar %s, outline %s, "
              "visible %s, section open %s, marker %s" % (
                  info["step"], a.expect_failing, info["color"],
                  info["outline"], info["width"] > 0 and info["height"] > 0,
                  info["open"], info["marker"]))
        if info["step"] != a.expect_failing:
            raise SystemExit("wrong failing step")

        # Clicking a step's summary renders its diff.
        before = d.script("var b = document.getElementById('diff-view-%d');"
                          "return b ? b.childElementCount : -1;" % a.click)
        el = d.s("POST", "/element", {"using": "css selector",
                                      "value": "#step-%d > summary" % a.click})
        eid = list(el.values())[0]
        # The step may sit in a closed fold: open the fold first, as a user
        # would by clicking it.
        d.script("var s = document.getElementById('step-%d');"
                 "for (var p = s.parentElement; p; p = p.parentElement)"
                 "  if (p.tagName === 'DETAILS') p.open = true;" % a.click)
        d.s("POST", "/element/%s/click" % eid, {})
        d.wait("var b = document.getElementById('diff-view-%d');"
               "return b && b.dataset.rendered === 'true';" % a.click,
               "the diff of step %d" % a.click)
        count = """
            var b = document.getElementById('diff-view-%d');
            return {lines: b.querySelectorAll('.dl').length,
                    added: b.querySelectorAll('.dl.add').length,
                    removed: b.querySelectorAll('.dl.del').length,
                    tokens: b.querySelectorAll('.tk-op, .tk-val').length,
                    shown: b.offsetHeight > 0,
                    view: b.dataset.view || 'text'};""" % a.click
        diff = d.script(count)
        print("diff of step %d expanded on click: %d lines before, %d after "
              "(%d added, %d removed, highlighted %s, visible %s, view %s)" % (
                  a.click, before, diff["lines"], diff["added"],
                  diff["removed"], diff["tokens"] > 0, diff["shown"],
                  diff["view"]))

        # The view buttons switch between the structural and the text diff.
        other = "text" if diff["view"] == "structural" else "structural"
        btn = d.s("POST", "/element", {
            "using": "css selector",
            "value": 'button.view[data-step="%d"][data-view="%s"]' % (a.click, other)})
        d.s("POST", "/element/%s/click" % list(btn.values())[0], {})
        d.wait("var b = document.getElementById('diff-view-%d');"
               "return b && b.dataset.view === '%s' && b.dataset.rendered === 'true';"
               % (a.click, other), "the %s diff of step %d" % (other, a.click))
        switched = d.script(count)
        pressed = d.script(
            "return document.querySelector('button.view[data-step=\"%d\"]"
            "[aria-pressed=\"true\"]').dataset.view;" % a.click)
        print("%s view of step %d on click: %d lines (%d added, %d removed, "
              "button pressed %s, %s than the %s view)" % (
                  other, a.click, switched["lines"], switched["added"],
                  switched["removed"], pressed,
                  "longer" if switched["lines"] > diff["lines"] else
                  "not longer", diff["view"]))

        # The symbol filter hides steps whose diff does not touch it.
        vis = d.script("""
            var sel = document.getElementById('symbol-filter');
            sel.value = arguments[0];
            sel.dispatchEvent(new Event('change'));
            var out = [];
            document.querySelectorAll('details.step').forEach(function (s) {
              if (!s.classList.contains('filtered-out') &&
                  getComputedStyle(s).display !== 'none')
                out.push(s.dataset.step);
            });
            return out;""", a.symbol)
        print("steps touching %s or without a diff: %s" % (a.symbol, " ".join(vis)))

        # Keep the expanded step in the picture.
        d.script("document.getElementById('step-%d').scrollIntoView();" % a.click)
        png = d.s("GET", "/screenshot")
        with open(a.screenshot, "wb") as f:
            f.write(base64.b64decode(png))
        print("screenshot saved: %s (%d bytes)" % (
            os.path.basename(a.screenshot), os.path.getsize(a.screenshot)))

        return 1 if print_console_errors(d) else 0
    finally:
        stop(proc, log, d)

if __name__ == "__main__":
    sys.exit(main())
