// SPDX-License-Identifier: Apache-2.0
// irscope-report: behaviour of the pipeline explorer page (embedded).
// Diffs are embedded as text in <template id="diff-N"> elements and turned
// into highlighted lines only when their step is opened, so a page for a
// huge module costs the browser little until someone looks at a step.
(function () {
  "use strict";
  var filterSym = "";

  // One regular expression, one alternative per token class.
  var TOKENS = /(\/\/.*$)|("(?:[^"\\]|\\.)*")|(%[\w.$#-]+)|(@[\w.$-]+|@"[^"]*")|(![\w.]+|\b(?:[iuf]\d+|index|tensor|memref|vector|none)\b)|(\b\d+(?:\.\d+)?(?:e[+-]?\d+)?\b)|(\b[a-z_][\w$]*\.[\w.$]+\b)/g;
  var CLASSES = [null, "tk-com", "tk-str", "tk-val", "tk-sym", "tk-type", "tk-num", "tk-op"];

  function highlight(div, text) {
    var last = 0, m;
    TOKENS.lastIndex = 0;
    while ((m = TOKENS.exec(text)) !== null) {
      if (m[0].length === 0) { TOKENS.lastIndex++; continue; }
      if (m.index > last) div.appendChild(document.createTextNode(text.slice(last, m.index)));
      var cls = null;
      for (var g = 1; g < CLASSES.length; g++) if (m[g] !== undefined) { cls = CLASSES[g]; break; }
      var span = document.createElement("span");
      span.className = cls;
      span.textContent = m[0];
      div.appendChild(span);
      last = m.index + m[0].length;
    }
    if (last < text.length) div.appendChild(document.createTextNode(text.slice(last)));
  }

  // Splits a unified diff into its header and hunks; a hunk header carries
  // the symbols it touches after a second "@@" (added by irscope-report).
  function hunks(text) {
    var lines = text.split("\n"), out = [], cur = null, head = [];
    for (var i = 0; i < lines.length; i++) {
      var l = lines[i];
      if (l.startsWith("@@")) {
        var syms = [];
        var rest = l.replace(/^@@[^@]*@@/, "");
        rest.replace(/@[\w.$-]+/g, function (s) { syms.push(s); return s; });
        cur = { header: l, syms: syms, lines: [] };
        out.push(cur);
      } else if (cur) {
        if (l !== "" || i < lines.length - 1) cur.lines.push(l);
      } else if (l !== "") {
        head.push(l);
      }
    }
    return { head: head, hunks: out };
  }

  // Lines are appended in slices of CHUNK per frame, so a step with
  // thousands of changed lines never blocks the page for long; a new render
  // of the same box (filter change) abandons the one in progress.
  var CHUNK = 300;
  var generation = {};

  function lineDiv(cls, text, highlighted) {
    var div = document.createElement("div");
    div.className = "dl " + cls;
    if (highlighted) highlight(div, text);
    else div.textContent = text;
    return div;
  }

  // The template of the view the box asks for: "structural" (lines compared
  // without SSA names) when the page offers it, else the text diff.
  function diffTemplate(step, box) {
    var s = box.getAttribute("data-view") === "structural" &&
            document.getElementById("diff-structural-" + step);
    return s || document.getElementById("diff-" + step);
  }

  function markView(step, box) {
    var view = box.getAttribute("data-view");
    document.querySelectorAll('button.view[data-step="' + step + '"]').forEach(function (b) {
      b.setAttribute("aria-pressed", String(b.getAttribute("data-view") === view));
    });
  }

  function renderDiff(step) {
    var box = document.getElementById("diff-view-" + step);
    if (!box) return;
    var tpl = diffTemplate(step, box);
    if (!tpl) return;
    markView(step, box);
    var gen = (generation[step] || 0) + 1;
    generation[step] = gen;
    box.textContent = "";
    box.removeAttribute("data-rendered");
    var d = hunks(tpl.content ? tpl.content.textContent : tpl.textContent);
    // Flatten what is to be shown: [class, text, highlight?].
    var todo = [];
    d.head.forEach(function (l) { todo.push(["file", l, false]); });
    var shown = 0;
    d.hunks.forEach(function (h) {
      if (filterSym && h.syms.indexOf(filterSym) < 0) return;
      shown++;
      todo.push(["hunk", h.header, false]);
      h.lines.forEach(function (l) {
        var c = l.charAt(0);
        todo.push([c === "+" ? "add" : c === "-" ? "del" : "ctx", l, true]);
      });
    });
    if (d.head.length === 0 && d.hunks.length === 0)
      todo.push(["note", "only SSA value and block names changed in this step", false]);
    else if (filterSym && shown === 0)
      todo.push(["note", "no change to " + filterSym + " in this step", false]);
    var pos = 0;
    function slice() {
      if (generation[step] !== gen) return;
      var frag = document.createDocumentFragment();
      var end = Math.min(todo.length, pos + CHUNK);
      for (; pos < end; pos++) frag.appendChild(lineDiv(todo[pos][0], todo[pos][1], todo[pos][2]));
      box.appendChild(frag);
      if (pos < todo.length) setTimeout(slice, 0);
      else box.setAttribute("data-rendered", "true");
    }
    slice();
  }

  function onToggle(ev) {
    var det = ev.target;
    if (!det.open || !det.classList.contains("step")) return;
    var step = det.getAttribute("data-step");
    var box = document.getElementById("diff-view-" + step);
    if (box && !box.hasChildNodes()) renderDiff(step);
  }

  function applyFilter() {
    var sel = document.getElementById("symbol-filter");
    filterSym = sel ? sel.value : "";
    document.querySelectorAll("details.step").forEach(function (det) {
      // Steps without a diff (unchanged, failed, not run) stay: the filter
      // narrows the changes shown, not the story of the run.
      var attr = det.getAttribute("data-symbols") || "";
      var syms = attr.split(" ");
      det.classList.toggle("filtered-out",
                           !!filterSym && attr !== "" && syms.indexOf(filterSym) < 0);
      var step = det.getAttribute("data-step");
      var box = document.getElementById("diff-view-" + step);
      if (box && det.open) renderDiff(step);
      else if (box) { box.textContent = ""; box.removeAttribute("data-rendered"); }
    });
  }

  // A rewrite table sorts by the column whose header is clicked: counts
  // most first, names and kinds alphabetically; a second click reverses.
  function sortRewrites(th) {
    var table = th.closest("table"), key = th.getAttribute("data-sort");
    var dir = th.getAttribute("aria-sort") === (key === "count" ? "descending" : "ascending")
        ? -1 : 1;
    if (key === "count") dir = -dir;
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = a.getAttribute("data-" + key), y = b.getAttribute("data-" + key);
      var c = key === "count" ? (+x) - (+y) : x < y ? -1 : x > y ? 1 : 0;
      return c * dir;
    });
    rows.forEach(function (r) { body.appendChild(r); });
    table.querySelectorAll("th").forEach(function (h) { h.setAttribute("aria-sort", "none"); });
    th.setAttribute("aria-sort", dir > 0 ? "ascending" : "descending");
  }

  document.addEventListener("toggle", onToggle, true);
  document.addEventListener("DOMContentLoaded", function () {
    var sel = document.getElementById("symbol-filter");
    if (sel) sel.addEventListener("change", applyFilter);
    // The structural/text switch of each step's diff.
    document.querySelectorAll("button.view").forEach(function (b) {
      var step = b.getAttribute("data-step");
      var box = document.getElementById("diff-view-" + step);
      if (!box) return;
      markView(step, box);
      b.addEventListener("click", function () {
        box.setAttribute("data-view", b.getAttribute("data-view"));
        renderDiff(step);
      });
    });
    // Clicking a timeline bar opens its step (and the fold around it).
    document.querySelectorAll(".timeline .bar").forEach(function (bar) {
      bar.addEventListener("click", function () {
        var det = document.getElementById("step-" + bar.getAttribute("data-step"));
        if (!det) return;
        for (var p = det.parentElement; p; p = p.parentElement)
          if (p.tagName === "DETAILS") p.open = true;
        det.open = true;
      });
    });
    document.querySelectorAll("table.rewrites th[data-sort]").forEach(function (th) {
      th.addEventListener("click", function () { sortRewrites(th); });
    });
    document.querySelectorAll("details.step[open]").forEach(function (det) {
      renderDiff(det.getAttribute("data-step"));
    });
    document.body.setAttribute("data-ready", "true");
  });
})();
