// SPDX-License-Identifier: Apache-2.0
//===- StepParts.c - a step's summary line and its rewrite table ----------===//
//
// What the page shows of one step besides its diff: the line that shows
// while the step is collapsed (status, pass, change, times, op counts and
// the patterns it applied most) and, for a run that counted MLIR's actions
// (the manifest's <rewrites>), the table of every pattern and pass of the
// step, which page.js sorts by any column.
//
//===----------------------------------------------------------------------===//
#include "Explorer.h"
#include "PageDom.h"

#include <string.h>

const char *irsExStatusClass(const IrsExStep *s) {
  IrsOutcome k = s->status;
  if (k == IrsOutcomeOk)
    return s->changed ? "ok" : "unchanged";
  if (k == IrsOutcomeNotRun)
    return "not-run";
  if (k == IrsOutcomePassFailure || k == IrsOutcomeVerifyFailure)
    return "failed";
  if (k == IrsOutcomeInterrupted)
    return "interrupted";
  return "crashed"; // crash, timeout, memory-limit
}

// A pattern's name without its C++ scopes ("(anonymous
// namespace)::AddIAddConstant" reads AddIAddConstant), for the summary.
static const char *shortName(const char *name) {
  const char *p = strrchr(name, ':');
  return p && p[1] ? p + 1 : name;
}

// "· 57 rewrites: AddIAddConstant ×12, ..." with the step's three most
// applied patterns (the rows come most applied first).
static void glance(xmlNodePtr sum, const IrsExStep *s) {
  if (!s->counted || s->applications <= 0)
    return;
  char b[256];
  snprintf(b, sizeof(b), " \xc2\xb7 %ld pattern applications: ",
           s->applications);
  xmlNodePtr span = el(sum, "span", "top-rewrites");
  addText(span, b);
  int shown = 0;
  for (int i = 0; i < s->numRewrites && shown < 3; ++i) {
    const IrsExRewrite *r = &s->rewrites[i];
    if (r->pass)
      continue;
    snprintf(b, sizeof(b), "%s%s \xc3\x97%ld", shown ? ", " : "",
             r->name && *r->name ? shortName(r->name) : "(unnamed)", r->count);
    addText(span, b);
    ++shown;
  }
}

void irsExStepSummary(xmlNodePtr det, const IrsExStep *s, bool failing) {
  xmlNodePtr sum = el(det, "summary", NULL);
  char b[512];
  snprintf(b, sizeof(b), "%d ", s->index);
  addText(sum, b);
  snprintf(b, sizeof(b), "badge status-%s", irsExStatusClass(s));
  tel(sum, "span", b, irsOutcomeGetName(s->status));
  snprintf(b, sizeof(b), " %s on %s%s%s", s->pass, s->anchor,
           s->target ? " " : "", s->target ? s->target : "");
  addText(sum, b);
  // Whether the IR changed, as a badge of its own: "ok" says only that the
  // step succeeded.
  if (s->ran) {
    addText(sum, " ");
    tel(sum, "span", s->changed ? "badge change changed" : "badge change unchanged",
        s->changed ? "changed" : "unchanged");
  }
  if (s->ran) {
    snprintf(b, sizeof(b), " \xc2\xb7 %.3f ms \xc2\xb7 ops %ld \xe2\x86\x92 %ld%s",
             s->wallMs, s->opsBefore, s->opsAfter,
             s->changed ? "" : " \xc2\xb7 unchanged");
    addText(sum, b);
  } else if (s->elapsedMs > 0) {
    snprintf(b, sizeof(b), " \xc2\xb7 ran %.3f ms before it was %s",
             s->elapsedMs,
             s->status == IrsOutcomeInterrupted
                 ? "interrupted"
                 : "stopped");
    addText(sum, b);
  }
  glance(sum, s);
  if (failing)
    tel(sum, "strong", "failing-marker", " \xe2\x9c\x96 failing step");
}

static void headerCell(xmlNodePtr tr, const char *key, const char *label) {
  xmlNodePtr th = tel(tr, "th", key[0] == 'c' ? "num" : NULL, label);
  xmlNewProp(th, X("data-sort"), X(key));
  xmlNewProp(th, X("aria-sort"), X(key[0] == 'c' ? "descending" : "none"));
  xmlNewProp(th, X("title"), X("sort by this column"));
}

void irsExRewriteTable(xmlNodePtr parent, const IrsExStep *s) {
  if (!s->counted || s->numRewrites == 0)
    return;
  xmlNodePtr t = el(parent, "table", "rewrites");
  attrf(t, "id", "rewrites-%d", s->index);
  char b[256];
  snprintf(b, sizeof(b),
           "Rewrites: %ld pattern applications (every try of a pattern on "
           "an op), and the ops each pass ran on",
           s->applications);
  tel(t, "caption", NULL, b);
  xmlNodePtr tr = el(el(t, "thead", NULL), "tr", NULL);
  headerCell(tr, "kind", "Kind");
  headerCell(tr, "name", "Pattern or pass");
  headerCell(tr, "count", "Applications / ops");
  xmlNodePtr body = el(t, "tbody", NULL);
  for (int i = 0; i < s->numRewrites; ++i) {
    const IrsExRewrite *r = &s->rewrites[i];
    const char *kind = r->pass ? "pass" : "pattern";
    const char *name = r->name && *r->name ? r->name : "(unnamed)";
    xmlNodePtr row = el(body, "tr", kind);
    xmlNewProp(row, X("data-kind"), X(kind));
    xmlNewProp(row, X("data-name"), X(name));
    attrf(row, "data-count", "%ld", r->count);
    tel(row, "td", NULL, kind);
    tel(el(row, "td", NULL), "code", NULL, name);
    snprintf(b, sizeof(b), "%ld", r->count);
    tel(row, "td", "num", b);
  }
}
