#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks a step's rewrite table in an irscope-report page, in Chromium.

Opens PAGE (webdriver_check.py's session helpers), opens step --step, and
prints for FileCheck: the patterns at a glance on the step's summary line,
the table's rows as rendered (kind, name, count), the order after clicking
the count header (ascending), again (descending), and after clicking the
name header, whether the table is visible, and the console's errors.

Usage: rewrites_check.py PAGE --step N --profile DIR
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from webdriver import browser, report_console  # noqa: E402

ROWS = """
    var t = document.getElementById('rewrites-%d');
    if (!t) return null;
    return Array.prototype.map.call(t.tBodies[0].rows, function (r) {
      return [r.cells[0].textContent, r.cells[1].textContent,
              +r.cells[2].textContent];
    });"""


def click_header(d, step, key):
    el = d.s("POST", "/element", {
        "using": "css selector",
        "value": '#rewrites-%d th[data-sort="%s"]' % (step, key)})
    d.s("POST", "/element/%s/click" % list(el.values())[0], {})
    return d.script("return document.querySelector("
                    "'#rewrites-%d th[data-sort=\"%s\"]').getAttribute('aria-sort');"
                    % (step, key))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("page")
    ap.add_argument("--step", type=int, required=True)
    ap.add_argument("--profile", required=True)
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    a = ap.parse_args()
    with browser(a.page, a.chromium, a.chromedriver, a.profile) as d:
        glance = d.script(
            "var s = document.querySelector('#step-%d > summary .top-rewrites');"
            "return s ? s.textContent : null;" % a.step)
        print("at a glance: %s" % glance)
        d.script("var s = document.getElementById('step-%d');"
                 "for (var p = s; p; p = p.parentElement)"
                 "  if (p.tagName === 'DETAILS') p.open = true;" % a.step)
        rows = d.script(ROWS % a.step)
        if rows is None:
            raise SystemExit("no rewrite table in step %d" % a.step)
        shown = d.script("return document.getElementById('rewrites-%d')"
                         ".offsetHeight > 0;" % a.step)
        print("table visible: %s, %d rows" % (shown, len(rows)))
        for r in rows:
            print("row: %s %s %d" % tuple(r))
        for key in ("count", "count", "name"):
            sort = click_header(d, a.step, key)
            rows = d.script(ROWS % a.step)
            c = [r[2] for r in rows]
            names = [r[1] for r in rows]
            order = ("ascending" if c == sorted(c) else
                     "descending" if c == sorted(c, reverse=True) else "mixed")
            print("sorted by %s (%s): counts %s, names %s" % (
                key, sort, order,
                "alphabetical" if names == sorted(names) else "not alphabetical"))
        return report_console(d)


if __name__ == "__main__":
    sys.exit(main())
