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
  * with --note STEP SYM, the note the filter set to SYM shows in STEP's
    text diff (a diff cut at --max-diff-kb says where the symbol's changes
    are);
  * the browser console has no errors (CSP violations and JS exceptions land
    there as SEVERE entries);
and saves a screenshot (the test artefact) to --screenshot.

Usage: webdriver_check.py PAGE [--expect-failing N] [--click N] [--symbol @S]
                          [--note STEP @S] --screenshot FILE --profile DIR
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
    ap.add_argument("--expect-failing", type=int, default=0)
    ap.add_argument("--click", type=int)
    ap.add_argument("--symbol")
    ap.add_argument("--note", nargs=2, metavar=("STEP", "SYMBOL"))
    a = ap.parse_args()

    with browser(a.page, a.chromium, a.chromedriver, a.profile) as d:
        if a.expect_failing:
            check_failing(d, a.expect_failing)
        if a.click is not None:
            click_and_switch(d, a.click)
        if a.symbol:
            filter_steps(d, a.symbol)
        if a.note:
            filter_note(d, int(a.note[0]), a.note[1])

        # Keep the expanded step in the picture.
        if a.click is not None:
            d.script("document.getElementById('step-%d').scrollIntoView();" % a.click)
        png = d.s("GET", "/screenshot")
        with open(a.screenshot, "wb") as f:
            f.write(base64.b64decode(png))
        print("screenshot saved: %s (%d bytes)" % (
            os.path.basename(a.screenshot), os.path.getsize(a.screenshot)))

        entries = d.console()
        errors = [e for e in entries if e.get("level") == "SEVERE"]
        for e in errors:
            print("console error: " + e.get("message", ""))
        print("console errors: %d" % len(errors))
        return 1 if errors else 0


def check_failing(d, expect):
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
              info["step"], expect, info["color"],
              info["outline"], info["width"] > 0 and info["height"] > 0,
              info["open"], info["marker"]))
    if info["step"] != expect:
        raise SystemExit("wrong failing step")


def click_and_switch(d, click):
    # Clicking a step's summary renders its diff.
    before = d.script("var b = document.getElementById('diff-view-%d');"
                      "return b ? b.childElementCount : -1;" % click)
    el = d.s("POST", "/element", {"using": "css selector",
                                  "value": "#step-%d > summary" % click})
    eid = list(el.values())[0]
    # The step may sit in a closed fold: open the fold first, as a user
    # would by clicking it.
    d.script("var s = document.getElementById('step-%d');"
             "for (var p = s.parentElement; p; p = p.parentElement)"
             "  if (p.tagName === 'DETAILS') p.open = true;" % click)
    d.s("POST", "/element/%s/click" % eid, {})
    d.wait("var b = document.getElementById('diff-view-%d');"
           "return b && b.dataset.rendered === 'true';" % click,
           "the diff of step %d" % click)
    count = """
        var b = document.getElementById('diff-view-%d');
        return {lines: b.querySelectorAll('.dl').length,
                added: b.querySelectorAll('.dl.add').length,
                removed: b.querySelectorAll('.dl.del').length,
                tokens: b.querySelectorAll('.tk-op, .tk-val').length,
                shown: b.offsetHeight > 0,
                view: b.dataset.view || 'text'};""" % click
    diff = d.script(count)
    print("diff of step %d expanded on click: %d lines before, %d after "
          "(%d added, %d removed, highlighted %s, visible %s, view %s)" % (
              click, before, diff["lines"], diff["added"],
              diff["removed"], diff["tokens"] > 0, diff["shown"],
              diff["view"]))

    # The view buttons switch between the structural and the text diff.
    other = "text" if diff["view"] == "structural" else "structural"
    btn = d.s("POST", "/element", {
        "using": "css selector",
        "value": 'button.view[data-step="%d"][data-view="%s"]' % (click, other)})
    d.s("POST", "/element/%s/click" % list(btn.values())[0], {})
    d.wait("var b = document.getElementById('diff-view-%d');"
           "return b && b.dataset.view === '%s' && b.dataset.rendered === 'true';"
           % (click, other), "the %s diff of step %d" % (other, click))
    switched = d.script(count)
    pressed = d.script(
        "return document.querySelector('button.view[data-step=\"%d\"]"
        "[aria-pressed=\"true\"]').dataset.view;" % click)
    print("%s view of step %d on click: %d lines (%d added, %d removed, "
          "button pressed %s, %s than the %s view)" % (
              other, click, switched["lines"], switched["added"],
              switched["removed"], pressed,
              "longer" if switched["lines"] > diff["lines"] else
              "not longer", diff["view"]))



def filter_steps(d, symbol):
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
        return out;""", symbol)
    print("steps touching %s or without a diff: %s" % (symbol, " ".join(vis)))


def filter_note(d, step, symbol):
    # In STEP's text view, typed into the search field (an 'input' event
    # per keystroke, as a person types): the filter applies once the text
    # is a listed symbol.
    info = d.script("""
        var sel = document.getElementById('symbol-filter');
        var det = document.getElementById('step-' + arguments[0]);
        for (var p = det.parentElement; p; p = p.parentElement)
          if (p.tagName === 'DETAILS') p.open = true;
        det.open = true;
        // The text view: the one the cap cut here.
        var tb = document.querySelector('button.view[data-step="' + arguments[0] +
                                        '"][data-view="text"]');
        if (tb) tb.click();
        var sym = arguments[1];
        for (var k = 1; k <= sym.length; k++) {
          sel.value = sym.slice(0, k);
          sel.dispatchEvent(new Event('input'));
        }
        return {type: sel.type,
                listed: document.querySelectorAll('#symbol-list option').length};""",
                    step, symbol)
    d.wait("var b = document.getElementById('diff-view-%d');"
           "return b && b.dataset.rendered === 'true' && "
           "b.querySelector('.dl.note') !== null;" % step,
           "the filtered diff of step %d" % step)
    note = d.script("var n = document.querySelector('#diff-view-%d .dl.note');"
                    "return {text: n.textContent, color: getComputedStyle(n).color,"
                    " shown: n.offsetHeight > 0};" % step)
    print("filter field: %s over %d listed symbols" % (info["type"], info["listed"]))
    print("step %d filtered to %s: %s (visible %s, colour %s)" % (
        step, symbol, note["text"], note["shown"], note["color"]))


sys.exit(main())
