#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks the one action a failing step was narrowed to on an irscope-report
page, in Chromium.

Opens PAGE (webdriver.py's browser()), and prints for FileCheck: whether the
action block is in the failing step and visible (the failing step opens by
itself), its headline as rendered, its lines of diff by kind (added,
removed) and the first added one, the files it links, and the console's
errors.

Usage: action_check.py PAGE --profile DIR
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from webdriver import browser, report_console  # noqa: E402

STATE = """
    var a = document.getElementById('action');
    if (!a) return null;
    var step = a.closest('details.step');
    var lines = Array.prototype.map.call(
        a.querySelectorAll('#action-diff .dl'), function (d) {
          return [d.className, d.textContent]; });
    return {
      step: step ? step.id : null,
      failing: step ? step.classList.contains('failing-step') : false,
      visible: a.offsetHeight > 0,
      headline: a.querySelector('.action-headline').textContent,
      lines: lines,
      files: Array.prototype.map.call(a.querySelectorAll('.action-files a'),
                                      function (l) {
                                        return l.getAttribute('href'); })
    };"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("page")
    ap.add_argument("--profile", required=True)
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    a = ap.parse_args()
    with browser(a.page, a.chromium, a.chromedriver, a.profile) as d:
        st = d.script(STATE)
        if st is None:
            raise SystemExit("no action block on the page")
        print("in %s (failing step: %s), visible: %s" % (
            st["step"], st["failing"], st["visible"]))
        print("headline: " + " ".join(st["headline"].split()))
        added = [t for c, t in st["lines"] if c.split()[-1] == "add"]
        removed = [t for c, t in st["lines"] if c.split()[-1] == "del"]
        print("diff: %d added, %d removed" % (len(added), len(removed)))
        if added:
            print("first added: " + added[0])
        for f in st["files"]:
            print("file: " + f)
        return report_console(d)


if __name__ == "__main__":
    sys.exit(main())
