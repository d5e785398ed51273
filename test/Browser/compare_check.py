#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Loads an irscope-report --compare page in headless Chromium and checks
what renders, one line each for FileCheck: the two timelines side by side
(the rows and their verdicts), the first differing step marked and
visible, both of its dumps next to each other, its diff highlighted, and no
console errors; saves a screenshot.

Usage: compare_check.py PAGE --screenshot FILE --profile DIR
"""
import argparse
import base64
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from webdriver import browser, page_arguments  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    page_arguments(ap)
    a = ap.parse_args()
    with browser(a.page, a.chromium, a.chromedriver, a.profile) as d:
        rows = d.script("""
            return Array.from(document.querySelectorAll('tr.cmp-row')).map(
              function (r) { return r.dataset.step + ':' + r.dataset.verdict; });""")
        print("rows: " + ", ".join(rows))
        first = d.script("""
            var r = document.querySelector('tr.first-diff');
            if (!r) return null;
            var b = r.getBoundingClientRect();
            var passes = r.querySelectorAll('td.pass');
            return {step: +r.dataset.step,
                    outline: getComputedStyle(r).outlineStyle,
                    color: getComputedStyle(r.querySelector('td.verdict')).color,
                    visible: b.width > 0 && b.height > 0,
                    sideBySide: passes.length === 2 &&
                      passes[0].getBoundingClientRect().right <=
                      passes[1].getBoundingClientRect().left};""")
        if not first:
            raise SystemExit("no first differing step marked")
        print("first difference marked: step %d, outline %s, verdict %s, "
              "visible %s, A and B side by side %s" % (
                  first["step"], first["outline"], first["color"],
                  first["visible"], first["sideBySide"]))
        dumps = d.script("""
            var pres = document.querySelectorAll('#first-diff .cmp-dumps pre');
            if (pres.length !== 2) return null;
            var a = pres[0].getBoundingClientRect(),
                b = pres[1].getBoundingClientRect();
            return {lines: [pres[0].textContent.split('\\n').length,
                            pres[1].textContent.split('\\n').length],
                    sideBySide: a.right <= b.left && a.top === b.top,
                    added: document.querySelectorAll('.cmp-diff .add').length,
                    removed: document.querySelectorAll('.cmp-diff .del').length,
                    addColor: (function () {
                      var e = document.querySelector('.cmp-diff .add');
                      return e ? getComputedStyle(e).backgroundColor : '';
                    })()};""")
        if not dumps:
            raise SystemExit("the first difference has no two dumps")
        print("dumps side by side %s (%d and %d lines), diff %d added, %d "
              "removed, added lines %s" % (
                  dumps["sideBySide"], dumps["lines"][0], dumps["lines"][1],
                  dumps["added"], dumps["removed"], dumps["addColor"]))
        png = d.s("GET", "/screenshot")
        with open(a.screenshot, "wb") as f:
            f.write(base64.b64decode(png))
        print("screenshot saved: %s (%d bytes)" % (
            os.path.basename(a.screenshot), os.path.getsize(a.screenshot)))
        errors = [e for e in d.console() if e.get("level") == "SEVERE"]
        for e in errors:
            print("console error: " + e.get("message", ""))
        print("console errors: %d" % len(errors))
        return 1 if errors else 0


sys.exit(main())
