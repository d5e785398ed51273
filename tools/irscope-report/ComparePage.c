// SPDX-License-Identifier: Apache-2.0
//===- ComparePage.c - the page of irscope-report --compare ---------------===//
//
// The two runs' timelines side by side (one table row per aligned step,
// each run's pass and outcome on its side and the verdict between them),
// then the first step that differs: both dumps next to each other and
// their structural diff. Built as a libxml2 tree with the shared page
// skeleton (PageDom.h), so it is escaped and self-contained like the run
// page; the dumps are cut to the same byte budget as the run page's diffs.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "Compare.h"
#include "PageDom.h"
#include "Text.h"

#include "irscope/Diff.h"

#include <stdlib.h>
#include <string.h>

static const char kCss[] =
    ".cmp-runs h2,.cmp-dumps h3{overflow-wrap:anywhere}"
    ".cmp-runs{display:flex;gap:1em}.cmp-runs>div{flex:1;min-width:0}"
    ".cmp-table{border-collapse:collapse;margin:1em 0}"
    ".cmp-table td,.cmp-table th{border:1px solid #ccc;padding:2px 8px}"
    ".cmp-same td.verdict{color:#2a7}.cmp-names td.verdict{color:#a80}"
    ".cmp-differs td.verdict,.cmp-outcome td.verdict{color:#c22;"
    "font-weight:bold}.first-diff{outline:3px solid #c22}"
    ".pass-differs td.pass{background:#fde}"
    ".cmp-dumps{display:flex;gap:1em}.cmp-dumps>div{flex:1;min-width:0}"
    ".cmp-dumps pre,.cmp-diff{overflow:auto;max-height:40em;"
    "border:1px solid #ccc;padding:4px;font-size:12px}"
    ".cmp-diff .add{background:#dfd}.cmp-diff .del{background:#fdd}"
    ".cmp-diff .hunk{color:#66a}";

static const char *verdictWord(IrsExVerdict v) {
  switch (v) {
  case IrsExSame:
    return "same";
  case IrsExNamesOnly:
    return "names only";
  case IrsExDiffers:
    return "IR differs";
  case IrsExOutcome:
    return "outcome differs";
  default:
    return "no IR";
  }
}

static const char *verdictClass(IrsExVerdict v) {
  static const char *const cls[] = {"cmp-same", "cmp-names", "cmp-differs",
                                    "cmp-outcome", "cmp-unknown"};
  return cls[v];
}

static const char *statusWord(const IrsExStep *s) {
  if (!s)
    return "-";
  return irsOutcomeGetName(s->status == IrsOutcomeNone ? IrsOutcomeNotRun
                                                       : s->status);
}

static void side(xmlNodePtr tr, const IrsExStep *s, int i) {
  tel(tr, "td", "pass", i == 0 ? "(input)" : s ? s->pass : "-");
  tel(tr, "td", "status", i == 0 ? "" : statusWord(s));
}

static void timeline(xmlNodePtr body, const IrsExCompare *c) {
  xmlNodePtr t = el(body, "table", "cmp-table");
  xmlNodePtr h = el(t, "tr", NULL);
  const char *heads[] = {"step", "A: pass", "A: status", "verdict",
                         "B: pass", "B: status"};
  for (int k = 0; k < 6; ++k)
    tel(h, "th", NULL, heads[k]);
  for (int i = 0; i < c->numRows; ++i) {
    const IrsExCompareRow *r = &c->rows[i];
    char cls[96];
    snprintf(cls, sizeof(cls), "cmp-row %s%s%s", verdictClass(r->verdict),
             r->passDiffers ? " pass-differs" : "",
             i == c->firstDiff ? " first-diff" : "");
    xmlNodePtr tr = el(t, "tr", cls);
    attrf(tr, "id", "cmp-step-%d", i);
    attrf(tr, "data-step", "%d", i);
    attrf(tr, "data-verdict", "%s", verdictWord(r->verdict));
    char n[16];
    snprintf(n, sizeof(n), "%d", i);
    tel(tr, "td", NULL, n);
    side(tr, r->a, i);
    tel(tr, "td", "verdict", verdictWord(r->verdict));
    side(tr, r->b, i);
  }
}

// One dump in a <pre>, cut to `max` bytes at a line boundary.
static void dumpPre(xmlNodePtr parent, const char *dir, const char *name,
                    const char *label, size_t max) {
  xmlNodePtr d = el(parent, "div", NULL);
  char h[4200];
  snprintf(h, sizeof(h), "%s: %s/%s", label, dir, name ? name : "(none)");
  tel(d, "h3", NULL, h);
  size_t len = 0;
  char *text = name ? irsExReadRunFile(dir, name, &len) : NULL;
  if (text && len > max) {
    char *nl = memrchr(text, '\n', max);
    len = nl ? (size_t)(nl - text) + 1 : max;
    text[len] = '\0';
    tel(d, "p", "note", "(cut; the whole dump is the file above)");
  }
  tel(d, "pre", "cmp-dump", text ? text : "");
  free(text);
}

// The structural diff, one <span> a line (class add, del or hunk).
static void diffPre(xmlNodePtr parent, const IrsExCompare *c,
                    const IrsExCompareRow *r, size_t max) {
  size_t la = 0, lb = 0;
  char *ta = irsExReadRunFile(c->a.dir, r->irA, &la);
  char *tb = irsExReadRunFile(c->b.dir, r->irB, &lb);
  IrsToolText d = {0};
  if (ta && tb)
    irsDiffStructural(mlirStringRefCreate(ta, la), mlirStringRefCreate(tb, lb),
                      "A", "B", 3, irsToolTextCallback, &d, NULL);
  xmlNodePtr pre = el(parent, "pre", "cmp-diff");
  size_t shown = 0;
  for (const char *p = d.data; p && p < d.data + d.len && shown < max;) {
    const char *e = memchr(p, '\n', (size_t)(d.data + d.len - p));
    size_t n = e ? (size_t)(e - p) + 1 : (size_t)(d.data + d.len - p);
    char *line = strndup(p, n);
    const char *cls = p[0] == '+' && strncmp(p, "+++", 3)   ? "add"
                      : p[0] == '-' && strncmp(p, "---", 3) ? "del"
                      : p[0] == '@'                         ? "hunk"
                                                            : NULL;
    tel(pre, "span", cls, line ? line : "");
    free(line);
    shown += n;
    p += n;
  }
  free(d.data);
  free(ta);
  free(tb);
}

static void firstDiff(xmlNodePtr body, const IrsExCompare *c, size_t max) {
  const IrsExCompareRow *r = &c->rows[c->firstDiff];
  xmlNodePtr s = el(body, "section", "cmp-first");
  xmlNewProp(s, X("id"), X("first-diff"));
  char h[256];
  const IrsExStep *st = r->a ? r->a : r->b;
  snprintf(h, sizeof(h), "First difference: step %d%s%s (%s)", c->firstDiff,
           st ? ", " : "", st ? st->pass : "", verdictWord(r->verdict));
  tel(s, "h2", NULL, h);
  xmlNodePtr two = el(s, "div", "cmp-dumps");
  dumpPre(two, c->a.dir, r->irA, "A", max);
  dumpPre(two, c->b.dir, r->irB, "B", max);
  if (r->irA && r->irB) {
    tel(s, "h3", NULL, "Structural diff (SSA value and block names ignored)");
    diffPre(s, c, r, max);
  }
}

bool irsExRenderComparePage(const IrsExCompare *c, size_t maxDiffBytes,
                            char **html, size_t *len, char *err,
                            size_t errCap) {
  xmlNodePtr body;
  htmlDocPtr doc = irsExPageBegin("irscope-report: two runs compared", &body);
  if (!doc) {
    snprintf(err, errCap, "out of memory");
    return false;
  }
  tel(xmlDocGetRootElement(doc)->children, "style", NULL, kCss);
  tel(body, "h1", NULL, "Two runs compared");
  xmlNodePtr runs = el(body, "div", "cmp-runs");
  const IrsExRun *sides[2] = {&c->a, &c->b};
  for (int k = 0; k < 2; ++k) {
    xmlNodePtr d = el(runs, "div", NULL);
    char h[4200];
    snprintf(h, sizeof(h), "%s: %s (%d steps)", k ? "B" : "A", sides[k]->dir,
             sides[k]->numSteps);
    tel(d, "h2", NULL, h);
    tel(d, "code", NULL, sides[k]->commandLine ? sides[k]->commandLine : "");
  }
  timeline(body, c);
  if (c->firstDiff >= 0)
    firstDiff(body, c, maxDiffBytes);
  else
    tel(body, "p", "cmp-agree", "Every step agrees.");
  bool ok = irsExPageEnd(doc, body, html, len, err, errCap);
  xmlFreeDoc(doc);
  return ok;
}
