// SPDX-License-Identifier: Apache-2.0
//===- PageChart.c - the chart of operations per step, by dialect ----------===//
#include "PageDom.h"
#include "PageView.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef IrsToolText Text;
#define textStr irsExTextStr

enum { TOP_DIALECTS = 6 };

// A dialect keeps its colour on every page, so two runs' charts can be
// compared at a glance: the common dialects have fixed colours (Tableau 10),
// any other gets a hue derived from its name alone.
static void dialectColour(const char *name, char *out, size_t n) {
  static const struct {
    const char *dialect, *colour;
  } KNOWN[] = {{"arith", "#4e79a7"},   {"func", "#f28e2b"},
               {"scf", "#59a14f"},     {"llvm", "#e15759"},
               {"builtin", "#76b7b2"}, {"cf", "#edc948"},
               {"memref", "#b07aa1"},  {"tensor", "#ff9da7"},
               {"(unprefixed)", "#9c755f"}};
  for (size_t i = 0; i < sizeof(KNOWN) / sizeof(KNOWN[0]); ++i)
    if (!strcmp(KNOWN[i].dialect, name)) {
      snprintf(out, n, "%s", KNOWN[i].colour);
      return;
    }
  uint32_t h = 2166136261u; // FNV-1a
  for (const char *p = name; *p; ++p)
    h = (h ^ (unsigned char)*p) * 16777619u;
  snprintf(out, n, "hsl(%u, 45%%, %u%%)", (unsigned)(h % 360),
           45 + (unsigned)((h >> 9) % 20));
}

static long countOf(const IrsExDialectCount *c, int n, const char *name) {
  for (int i = 0; i < n; ++i)
    if (!strcmp(c[i].name, name))
      return c[i].count;
  return 0;
}

static void opColumn(xmlNodePtr chart, const char *label, long total,
                     long maxTotal, const IrsExDialectCount *c, int n,
                     char top[][48], int numTop) {
  xmlNodePtr col = el(chart, "div", "col");
  if (total <= 0) {
    attrf(col, "title", "%s: not run", label);
    return;
  }
  double h = maxTotal > 0 && total > 0 ? (double)total / (double)maxTotal : 0;
  attrf(col, "style", "height: %.2f%%", h * 100);
  attrf(col, "data-ops", "%ld", total);
  Text title = {0};
  char b[128];
  snprintf(b, sizeof(b), "%s: %ld ops", label, total);
  textStr(&title, b);
  long rest = total;
  for (int t = 0; t < numTop; ++t) {
    long k = countOf(c, n, top[t]);
    if (k <= 0)
      continue;
    if (k > rest)
      k = rest;
    rest -= k;
    snprintf(b, sizeof(b), ", %s %ld", top[t], k);
    textStr(&title, b);
    char colour[40];
    dialectColour(top[t], colour, sizeof(colour));
    xmlNodePtr seg = el(col, "div", "seg");
    attrf(seg, "style", "height: %.2f%%; background: %s",
          total ? 100.0 * (double)k / (double)total : 0, colour);
  }
  if (rest > 0) {
    snprintf(b, sizeof(b), ", other %ld", rest);
    textStr(&title, b);
    xmlNodePtr seg = el(col, "div", "seg");
    attrf(seg, "style", "height: %.2f%%; background: #bab0ac",
          total ? 100.0 * (double)rest / (double)total : 0);
  }
  if (title.data)
    xmlNewProp(col, X("title"), X(title.data));
  free(title.data);
}

static int cmpCount(const void *a, const void *b) {
  const IrsExDialectCount *x = a, *y = b;
  return x->count < y->count ? 1 : x->count > y->count ? -1
                                                        : strcmp(x->name, y->name);
}

// Step numbers under the columns ("in" for the input); with many steps
// only every k-th is labelled, so about 25 labels fit any width.
static void stepAxis(xmlNodePtr plot, const IrsExRun *run) {
  xmlNodePtr x = el(plot, "div", "opchart-x");
  int every = run->numSteps / 25 + 1;
  tel(x, "span", NULL, "in");
  for (int i = 0; i < run->numSteps; ++i) {
    int index = run->steps[i].index;
    char b[16];
    snprintf(b, sizeof(b), "%d", index);
    tel(x, "span", NULL, index % every == 0 ? b : "");
  }
}

void irsExOpChart(xmlNodePtr body, const IrsExRun *run, const StepView *views,
                  const IrsExDialectCount *input, int numInput) {
  xmlNodePtr sec = el(body, "section", NULL);
  xmlNewProp(sec, X("id"), X("ops-section"));
  tel(sec, "h2", NULL, "Operations after each step, by dialect");
  // The top dialects: largest peak count over the run.
  IrsExDialectCount peak[64];
  int np = 0;
  for (int i = -1; i < run->numSteps; ++i) {
    const IrsExDialectCount *c = i < 0 ? input : views[i].dialects;
    int n = i < 0 ? numInput : views[i].numDialects;
    for (int k = 0; k < n; ++k) {
      int j = 0;
      while (j < np && strcmp(peak[j].name, c[k].name) != 0)
        ++j;
      if (j == np && np < 64)
        peak[np++] = c[k];
      else if (j < np && c[k].count > peak[j].count)
        peak[j].count = c[k].count;
    }
  }
  qsort(peak, (size_t)np, sizeof(peak[0]), cmpCount);
  char top[TOP_DIALECTS][48];
  int numTop = np < TOP_DIALECTS ? np : TOP_DIALECTS;
  for (int t = 0; t < numTop; ++t)
    memcpy(top[t], peak[t].name, sizeof(top[t]));
  long maxTotal = run->inputOps;
  for (int i = 0; i < run->numSteps; ++i)
    if (run->steps[i].opsAfter > maxTotal)
      maxTotal = run->steps[i].opsAfter;
  xmlNodePtr plot = el(sec, "div", "opplot");
  xmlNodePtr yAxis = el(plot, "div", "opchart-y");
  char b[64];
  snprintf(b, sizeof(b), "%ld ops", maxTotal);
  tel(yAxis, "span", NULL, b);
  tel(yAxis, "span", NULL, "0");
  xmlNodePtr chart = el(plot, "div", "opchart");
  xmlNewProp(chart, X("id"), X("opchart"));
  opColumn(chart, "input", run->inputOps, maxTotal, input, numInput, top,
           numTop);
  for (int i = 0; i < run->numSteps; ++i) {
    const IrsExStep *s = &run->steps[i];
    char label[300];
    snprintf(label, sizeof(label), "step %d %s", s->index, s->pass);
    long total = s->ran ? s->opsAfter : 0;
    opColumn(chart, label, total, maxTotal, views[i].dialects,
             views[i].numDialects, top, numTop);
  }
  stepAxis(plot, run);
  xmlNodePtr lg = el(sec, "p", "legend");
  xmlNewProp(lg, X("id"), X("dialect-legend"));
  for (int t = 0; t < numTop; ++t) {
    xmlNodePtr sp = el(lg, "span", NULL);
    xmlNodePtr i = el(sp, "i", NULL);
    char colour[40];
    dialectColour(top[t], colour, sizeof(colour));
    attrf(i, "style", "background: %s", colour);
    addText(sp, top[t]);
  }
  if (np > numTop) {
    xmlNodePtr sp = el(lg, "span", NULL);
    xmlNodePtr i = el(sp, "i", NULL);
    attrf(i, "style", "background: %s", "#bab0ac");
    addText(sp, "other");
  }
  tel(sec, "p", "note",
      "Totals are the manifest's exact op counts; the split by dialect is "
      "counted from the dumps' text (ops printed without a dialect prefix, "
      "such as return inside a function, are counted under (unprefixed)).");
}
