// SPDX-License-Identifier: Apache-2.0
//===- Page.c - the HTML pipeline explorer ----------------------------------===//
//
// Builds the page as a libxml2 HTML tree and serialises it with libxml2's
// HTML serializer, which escapes text and attributes, writes the raw-text
// elements (<script>, <style>) verbatim and closes every element the way
// HTML parsers expect; nothing is assembled by string concatenation. The
// page is self-contained: the CSS and JS (page.css, page.js) are embedded at
// build time and nothing is fetched.
//
// Per step the diff against the previous IR is computed here with
// irsDiffUnified (libgit2's xdiff) and embedded as the text of a <template>
// element, which browsers parse but neither render nor lay out; page.js
// turns it into highlighted lines when the step is opened. Each hunk header
// is extended with the symbols the hunk touches (" @@ @f @g"), which is what
// the symbol filter uses. Diffs larger than maxDiffBytes are cut at a line
// boundary with a note and a link to the full dump.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "Explorer.h"
#include "Text.h"

#include "irscope/Diff.h"
#include "irscope/Outcome.h"
#include "irscope/Pipeline.h"
#include "irscope/StackTrace.h"

#include "ShellQuote.h"

#include "page_css.h"
#include "page_js.h"

#include <libxml/HTMLtree.h>
#include <libxml/tree.h>

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "PageDom.h"

//===----------------------------------------------------------------------===//
// Small helpers
//===----------------------------------------------------------------------===//

typedef IrsToolText Text;

static void textStr(Text *t, const char *s) { irsToolTextAppend(t, s, strlen(s)); }

// Reads dir/name whole. NULL with errno set when it cannot.
static char *readFile(const char *dir, const char *name, size_t *len) {
  char path[4096];
  snprintf(path, sizeof(path), "%s/%s", dir, name);
  FILE *f = fopen(path, "rbe");
  if (!f)
    return NULL;
  Text t = {0};
  char buf[1 << 16];
  size_t n;
  while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
    irsToolTextAppend(&t, buf, n);
  int bad = ferror(f);
  fclose(f);
  if (bad || t.failed) {
    free(t.data);
    errno = bad ? EIO : ENOMEM;
    return NULL;
  }
  if (!t.data)
    t.data = calloc(1, 1);
  *len = t.len;
  return t.data;
}


// The element of step `s` in the timeline or the step list: class
// CLASS<status>[ failing-step], then `link`="<hash>step-N" (its anchor or
// the link to it), data-step and data-status, which page.js reads.
static xmlNodePtr stepElement(xmlNodePtr parent, const char *tag,
                              const char *cls, const char *link,
                              const char *hash, const IrsExRun *run,
                              const IrsExStep *s) {
  char c[96];
  snprintf(c, sizeof(c), "%s%s%s", cls, irsExStatusClass(s),
           s->index == run->failedStep ? " failing-step" : "");
  xmlNodePtr e = el(parent, tag, c);
  attrf(e, link, "%sstep-%d", hash, s->index);
  attrf(e, "data-step", "%d", s->index);
  attrf(e, "data-status", "%s", irsExStatusClass(s));
  return e;
}

// A step that did not finish has no <time>: its bar gets the time it ran
// before the worker died or was stopped (the manifest's elapsed-ms, else
// the report's).
static double stepMs(const IrsExRun *run, const IrsExStep *s) {
  if (!s->ran && s->elapsedMs > 0)
    return s->elapsedMs;
  if (!s->ran && s->index == run->failedStep && run->failElapsedMs > 0)
    return run->failElapsedMs;
  return s->wallMs;
}

//===----------------------------------------------------------------------===//
// Per-step IR analysis
//===----------------------------------------------------------------------===//

typedef struct StepView {
  char *diff;         // annotated (and possibly cut) unified diff; NULL: none
  bool diffCut;
  long diffLines, diffLinesShown;
  // The structural view (irsDiffStructural: SSA names ignored), annotated
  // and cut the same way; "" when only names changed. NULL with no diff.
  char *structDiff;
  bool structCut;
  long structLines;
  char *note;         // why there is no diff, or NULL
  char *compareWith;  // file the diff starts from
  char *symbols;      // space-separated symbols the diff touches
  // Those of them with changes past the cut, of the text and of the
  // structural view: the symbol filter says so instead of "no change".
  char *symbolsBeyond, *structSymbolsBeyond;
  IrsExDialectCount *dialects;
  int numDialects;
  bool ownCounts;     // dialects belong to this step (else borrowed)
} StepView;

typedef struct SymSet {
  char **names;
  int num, cap;
} SymSet;

static void symAdd(SymSet *s, const char *name) {
  for (int i = 0; i < s->num; ++i)
    if (!strcmp(s->names[i], name))
      return;
  if (s->num == s->cap) {
    int cap = s->cap ? 2 * s->cap : 32;
    char **p = realloc(s->names, (size_t)cap * sizeof(char *));
    if (!p)
      return;
    s->names = p;
    s->cap = cap;
  }
  char *d = strdup(name);
  if (d)
    s->names[s->num++] = d;
}

static int cmpStr(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static void symFree(SymSet *s) {
  for (int i = 0; i < s->num; ++i)
    free(s->names[i]);
  free(s->names);
  memset(s, 0, sizeof(*s));
}

// The names of `s`, space-separated (NULL when empty); frees `s`.
static char *symJoin(SymSet *s) {
  Text t = {0};
  for (int i = 0; i < s->num; ++i) {
    if (i)
      textStr(&t, " ");
    textStr(&t, s->names[i]);
  }
  symFree(s);
  return t.data;
}

// Rewrites hunk headers to carry their symbols and cuts the diff after
// `max` bytes. Adds the symbols to `stepSyms` and `allSyms`, and those of
// hunks the cut leaves out (whole or in part) to `beyond`.
static void annotate(StepView *v, const char *diff, size_t len,
                     const IrsExSymbols *after, size_t max, SymSet *allSyms,
                     SymSet *beyond) {
  Text out = {0};
  SymSet stepSyms = {0}, hunk = {0};
  bool hunkBeyond = false;
  const char *p = diff, *end = diff + len;
  long lines = 0, shown = 0;
  bool cut = false;
  while (p < end) {
    const char *eol = memchr(p, '\n', (size_t)(end - p));
    const char *next = eol ? eol + 1 : end;
    ++lines;
    Text line = {0};
    if (next - p > 2 && p[0] == '@' && p[1] == '@') {
      // "@@ -a,b +c,d @@[ context]": keep up to the second "@@".
      const char *close = memmem(p + 2, (size_t)(next - p - 2), "@@", 2);
      const char *plus = memchr(p, '+', (size_t)(next - p));
      long c = plus ? strtol(plus + 1, NULL, 10) : 1;
      const char *at = NULL;
      // The symbols of the changed lines: the one a changed line defines,
      // else the one enclosing it in the new text. Context lines do not
      // count, so a hunk that merely shows the next function's header is
      // not attributed to it.
      SymSet hs = {0};
      long newLine = c > 0 ? c : 1;
      for (const char *q = next; q < end;) {
        const char *qe = memchr(q, '\n', (size_t)(end - q));
        const char *qn = qe ? qe + 1 : end;
        if (qn - q >= 2 && q[0] == '@' && q[1] == '@')
          break;
        if (*q == '+' || *q == '-') {
          char sym[256];
          if (qn - q > 1 &&
              irsExLineSymbol(q + 1, (size_t)((qe ? qe : end) - q - 1), sym,
                              sizeof(sym)))
            symAdd(&hs, sym);
          else if ((at = irsExSymbolAt(after, newLine)) != NULL)
            symAdd(&hs, at);
        }
        if (*q != '-')
          ++newLine;
        q = qn;
      }
      irsToolTextAppend(&line, p, close ? (size_t)(close + 2 - p) : (size_t)(
                                       (eol ? eol : end) - p));
      symFree(&hunk);
      hunkBeyond = false;
      for (int i = 0; i < hs.num; ++i) {
        textStr(&line, " ");
        textStr(&line, hs.names[i]);
        symAdd(&stepSyms, hs.names[i]);
        symAdd(allSyms, hs.names[i]);
      }
      hunk = hs;
      textStr(&line, "\n");
    } else {
      irsToolTextAppend(&line, p, (size_t)(next - p));
    }
    if (!cut && out.len + line.len > max && out.len > 0)
      cut = true;
    if (!cut) {
      irsToolTextAppend(&out, line.data ? line.data : "", line.len);
      ++shown;
    } else if (!hunkBeyond) {
      for (int i = 0; i < hunk.num; ++i)
        symAdd(beyond, hunk.names[i]);
      hunkBeyond = true;
    }
    free(line.data);
    p = next;
  }
  v->diff = out.failed ? NULL : (out.data ? out.data : strdup(""));
  if (out.failed)
    free(out.data);
  v->diffCut = cut;
  v->diffLines = lines;
  v->diffLinesShown = shown;
  symFree(&hunk);
  v->symbols = symJoin(&stepSyms);
}

// Adds the structural diff to a view that has a text diff: the same hunks
// annotated the same way, over lines compared without SSA names.
static bool structuralView(StepView *v, MlirStringRef before,
                           MlirStringRef after, const char *beforeName,
                           const char *afterName, const IrsExSymbols *syms,
                           size_t max, SymSet *allSyms) {
  Text d = {0};
  IrsStatus st = irsDiffStructural(before, after, beforeName, afterName, 3,
                                   irsToolTextCallback, &d, NULL);
  if (!irsStatusIsOk(st) || d.failed) {
    free(d.data);
    return false;
  }
  StepView sv = {0};
  SymSet beyond = {0};
  annotate(&sv, d.data ? d.data : "", d.len, syms, max, allSyms, &beyond);
  v->structSymbolsBeyond = symJoin(&beyond);
  free(d.data);
  free(sv.symbols);
  if (!sv.diff)
    return false;
  v->structDiff = sv.diff;
  v->structCut = sv.diffCut;
  v->structLines = sv.diffLines;
  return true;
}

// The note of a step without IR of its own to show: it did not finish, or
// wrote no dump (why, from the manifest). NULL for a step that never ran.
static char *noDumpNote(const IrsExStep *s) {
  if (!s->ran)
    return s->status != IrsOutcomeNotRun
               ? strdup("the step did not finish; its IR was not dumped")
               : NULL;
  const char *why = s->dumpSkipped ? s->dumpSkipped : "";
  if (!strcmp(why, "unchanged"))
    return strdup("the step changed nothing (dump skipped by "
                  "--dump-only-changed)");
  if (!strcmp(why, "failed"))
    return strdup("the step failed; see the failure artefacts");
  return strdup("no dump was written for this step");
}

// The diffs of step `s`, whose IR is `after`, against `prev` (named
// prevName): the text diff, annotated, and the structural one. False when
// out of memory.
static bool compareStep(StepView *v, const IrsExStep *s, MlirStringRef prev,
                        const char *prevName, MlirStringRef after,
                        const IrsExPageOptions *o, SymSet *allSyms) {
  Text d = {0};
  bool differs = false;
  IrsStatus st = irsDiffUnified(prev, after, prevName, s->dumpFile, 3,
                                irsToolTextCallback, &d, &differs);
  bool ok = irsStatusIsOk(st) && !d.failed;
  if (ok)
    v->compareWith = strdup(prevName);
  if (ok && !differs) {
    v->note = strdup("the IR is the same as before the step");
  } else if (ok) {
    IrsExSymbols syms;
    ok = irsExFindSymbols(after.data, after.length, &syms);
    if (ok) {
      SymSet beyond = {0};
      annotate(v, d.data, d.len, &syms, o->maxDiffBytes, allSyms, &beyond);
      v->symbolsBeyond = symJoin(&beyond);
      ok = structuralView(v, prev, after, prevName, s->dumpFile, &syms,
                          o->maxDiffBytes, allSyms);
      irsExSymbolsFree(&syms);
    }
  }
  free(d.data);
  return ok;
}

// Fills the views: diffs against the previous IR and dialect counts.
static bool analyse(const IrsExRun *run, const IrsExPageOptions *o,
                    StepView *views, IrsExDialectCount **inputCounts,
                    int *numInputCounts, SymSet *allSyms) {
  char *prev = NULL;
  size_t prevLen = 0;
  const char *prevName = NULL;
  IrsExDialectCount *counts = NULL;
  int numCounts = 0;
  *inputCounts = NULL;
  *numInputCounts = 0;
  if (run->inputDump) {
    prev = readFile(run->dir, run->inputDump, &prevLen);
    if (prev) {
      prevName = run->inputDump;
      if (!irsExCountDialects(prev, prevLen, inputCounts, numInputCounts))
        return false;
      counts = *inputCounts;
      numCounts = *numInputCounts;
    }
  }
  for (int i = 0; i < run->numSteps; ++i) {
    const IrsExStep *s = &run->steps[i];
    StepView *v = &views[i];
    v->dialects = counts;
    v->numDialects = numCounts;
    if (!s->ran || !s->dumpFile) {
      v->note = noDumpNote(s);
      continue;
    }
    size_t len = 0;
    char *after = readFile(run->dir, s->dumpFile, &len);
    if (!after) {
      char b[600];
      snprintf(b, sizeof(b), "cannot read dump '%s': %s", s->dumpFile,
               strerror(errno));
      v->note = strdup(b);
      continue;
    }
    if (!irsExCountDialects(after, len, &v->dialects, &v->numDialects)) {
      free(after);
      free(prev);
      return false;
    }
    v->ownCounts = true;
    counts = v->dialects;
    numCounts = v->numDialects;
    if (!prev) {
      v->note = strdup("no earlier IR in the directory to compare with");
    } else if (!compareStep(v, s, (MlirStringRef){prev, prevLen}, prevName,
                            (MlirStringRef){after, len}, o, allSyms)) {
      free(after);
      free(prev);
      return false;
    }
    free(prev);
    prev = after;
    prevLen = len;
    prevName = s->dumpFile;
  }
  free(prev);
  return true;
}

//===----------------------------------------------------------------------===//
// Sections
//===----------------------------------------------------------------------===//

const char *irsExRunStatus(const IrsExRun *run) {
  return run->reportOnly ? "failed" : irsOutcomeGetName(run->status);
}

static void header(xmlNodePtr body, const IrsExRun *run) {
  xmlNodePtr h = el(body, "header", NULL);
  char title[600];
  snprintf(title, sizeof(title), "Pipeline run: %s",
           run->inputPath ? run->inputPath : run->dir);
  tel(h, "h1", NULL, title);
  xmlNodePtr p = el(h, "p", "meta");
  addText(p, "Status ");
  xmlNodePtr st = tel(p, "span", NULL, irsExRunStatus(run));
  xmlNewProp(st, X("id"), X("run-status"));
  addText(p, " \xc2\xb7 pipeline ");
  tel(p, "code", NULL, run->pipeline);
  if (run->commandLine && *run->commandLine) {
    xmlNodePtr c = el(h, "p", "meta");
    addText(c, "Command line ");
    tel(c, "code", NULL, run->commandLine);
  }
  xmlNodePtr d = el(h, "p", "meta");
  addText(d, "Directory ");
  tel(d, "code", NULL, run->dir);
}

static void timeline(xmlNodePtr body, const IrsExRun *run) {
  xmlNodePtr sec = el(body, "section", NULL);
  xmlNewProp(sec, X("id"), X("timeline-section"));
  tel(sec, "h2", NULL, "Timeline (bar width: wall time)");
  xmlNodePtr tl = el(sec, "div", "timeline");
  xmlNewProp(tl, X("id"), X("timeline"));
  double total = 0;
  for (int i = 0; i < run->numSteps; ++i)
    total += stepMs(run, &run->steps[i]);
  for (int i = 0; i < run->numSteps; ++i) {
    const IrsExStep *s = &run->steps[i];
    xmlNodePtr a = stepElement(tl, "a", "bar status-", "href", "#", run, s);
    double ms = stepMs(run, s);
    // Not-run steps keep a sliver so the pipeline's shape stays visible.
    double grow = total > 0 ? ms / total * 1000 : 1;
    if (grow < 1)
      grow = 1;
    attrf(a, "style", "flex-grow: %.3f", grow);
    attrf(a, "title", "step %d %s (%s): %s, %.3f ms", s->index, s->pass,
          s->anchor, irsOutcomeGetName(s->status), ms);
    char label[32];
    snprintf(label, sizeof(label), "%d", s->index);
    addText(a, label);
  }
  xmlNodePtr lg = el(sec, "p", "legend");
  const char *names[] = {"ok",          "unchanged", "failed", "crashed",
                         "interrupted", "not-run"};
  for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); ++i) {
    xmlNodePtr sp = el(lg, "span", NULL);
    char c[32];
    snprintf(c, sizeof(c), "status-%s", names[i]);
    el(sp, "i", c);
    addText(sp, names[i]);
  }
}

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

static void opChart(xmlNodePtr body, const IrsExRun *run,
                    const StepView *views, const IrsExDialectCount *input,
                    int numInput) {
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

// The switch between the text diff and the structural one, with the size
// of each, so a reader sees how much of the change is only renaming.
static void diffViews(xmlNodePtr bodyDiv, const IrsExStep *s,
                      const StepView *v) {
  if (!v->structDiff)
    return;
  xmlNodePtr p = el(bodyDiv, "p", "diff-views");
  addText(p, "Diff ");
  char b[160];
  if (*v->structDiff)
    snprintf(b, sizeof(b), "structural (%ld lines%s)", v->structLines,
             v->structCut ? ", cut" : "");
  else
    snprintf(b, sizeof(b), "structural (only names changed)");
  xmlNodePtr sb = tel(p, "button", "view", b);
  xmlNewProp(sb, X("data-view"), X("structural"));
  attrf(sb, "data-step", "%d", s->index);
  addText(p, " ");
  snprintf(b, sizeof(b), "text (%ld lines%s)", v->diffLines,
           v->diffCut ? ", cut" : "");
  xmlNodePtr tb = tel(p, "button", "view", b);
  xmlNewProp(tb, X("data-view"), X("text"));
  attrf(tb, "data-step", "%d", s->index);
}

// The diff of a step (capped, with the switch between the text and the
// structural view) as templates the page's script shows.
// The command that prints the whole diff of a cut one: the page cannot
// read files, a shell can.
static void fullDiffCommand(xmlNodePtr parent, const char *dir,
                            const StepView *v, const IrsExStep *s) {
  char abs[4096];
  const char *d = realpath(dir, abs) ? abs : dir;
  char *a = NULL, *b = NULL;
  if (asprintf(&a, "%s/%s", d, v->compareWith) >= 0 &&
      asprintf(&b, "%s/%s", d, s->dumpFile) >= 0) {
    char *words[] = {"diff", "-u", a, b};
    char *cmd = irsToolShellJoin(4, words);
    if (cmd) {
      xmlNodePtr pre = tel(parent, "pre", "full-diff", cmd);
      attrf(pre, "id", "full-diff-%d", s->index);
    }
    free(cmd);
  }
  free(a);
  free(b);
}

static void stepDiff(xmlNodePtr bodyDiv, const IrsExRun *run,
                     const IrsExStep *s, const StepView *v,
                     const IrsExPageOptions *o) {
  char b[512];
  if (v->diffCut) {
    xmlNodePtr n = el(bodyDiv, "p", "note capped");
    snprintf(b, sizeof(b),
             "This diff is too large to embed: showing the first %ld of "
             "%ld lines (limit %zu bytes). The full IR is in ",
             v->diffLinesShown, v->diffLines, o->maxDiffBytes);
    addText(n, b);
    irsExLink(n, o, s->dumpFile);
    addText(n, v->compareWith ? "; the whole diff:" : ".");
    if (v->compareWith)
      fullDiffCommand(bodyDiv, run->dir, v, s);
  }
  diffViews(bodyDiv, s, v);
  xmlNodePtr box = el(bodyDiv, "div", "diff");
  attrf(box, "id", "diff-view-%d", s->index);
  // The structural view is shown first when it is shorter: after cse or
  // canonicalize most of a text diff is renumbering.
  bool structural = v->structDiff && v->structLines < v->diffLines;
  xmlNewProp(box, X("data-view"), X(structural ? "structural" : "text"));
  xmlNodePtr tpl = tel(bodyDiv, "template", NULL, v->diff);
  attrf(tpl, "id", "diff-%d", s->index);
  if (v->structDiff) {
    tpl = tel(bodyDiv, "template", NULL, v->structDiff);
    attrf(tpl, "id", "diff-structural-%d", s->index);
  }
}

static void stepDetails(xmlNodePtr parent, const IrsExRun *run,
                        const IrsExStep *s, const StepView *v,
                        const IrsExPageOptions *o) {
  bool failing = s->index == run->failedStep;
  xmlNodePtr det = stepElement(parent, "details", "step st-", "id", "", run, s);
  xmlNewProp(det, X("data-symbols"), X(v->symbols ? v->symbols : ""));
  if (v->symbolsBeyond)
    xmlNewProp(det, X("data-symbols-beyond"), X(v->symbolsBeyond));
  if (v->structSymbolsBeyond)
    xmlNewProp(det, X("data-symbols-beyond-structural"),
               X(v->structSymbolsBeyond));
  // Steps start collapsed; the failing one is open, else (a run that did
  // not fail) the first that changed the IR.
  int firstChanged = 0;
  for (int i = 0; i < run->numSteps && !firstChanged; ++i)
    if (run->steps[i].ran && run->steps[i].changed)
      firstChanged = run->steps[i].index;
  if (failing || (!run->failedStep && s->index == firstChanged))
    xmlNewProp(det, X("open"), NULL);
  irsExStepSummary(det, s, failing);
  char b[512];
  xmlNodePtr bodyDiv = el(det, "div", "body");
  xmlNodePtr p = el(bodyDiv, "p", "meta");
  addText(p, "Pipeline ");
  tel(p, "code", NULL, s->pipeline);
  if (s->ran) {
    snprintf(b, sizeof(b), "CPU %.3f ms \xc2\xb7 verifier: %s%s%s",
             s->cpuMs, s->verifier ? s->verifier : "?",
             s->failedHook ? ", rejected by " : "",
             s->failedHook ? s->failedHook : "");
    xmlNodePtr vp = tel(bodyDiv, "p", "verifier", b);
    (void)vp;
  }
  if (s->dumpFile) {
    xmlNodePtr dp = el(bodyDiv, "p", "meta");
    addText(dp, "Dump ");
    irsExLink(dp, o, s->dumpFile);
    if (v->compareWith) {
      addText(dp, ", compared with ");
      irsExLink(dp, o, v->compareWith);
    }
  }
  if (s->numDiags > 0) {
    xmlNodePtr ul = el(bodyDiv, "ul", "diags");
    for (int d = 0; d < s->numDiags; ++d) {
      const IrsExDiag *g = &s->diags[d];
      snprintf(b, sizeof(b), "%s%s: %s: ", g->depth ? "  " : "",
               g->location ? g->location : "?",
               g->severity ? g->severity : "?");
      xmlNodePtr li = el(ul, "li", g->severity);
      tel(li, "code", NULL, b);
      addText(li, g->message ? g->message : "");
    }
  }
  irsExRewriteTable(bodyDiv, s);
  irsExActionPart(bodyDiv, run, s, o);
  if (v->note)
    tel(bodyDiv, "p", "note", v->note);
  if (v->diff)
    stepDiff(bodyDiv, run, s, v, o);
}

static void stepsSection(xmlNodePtr body, const IrsExRun *run,
                         const StepView *views, const IrsExPageOptions *o,
                         SymSet *allSyms) {
  xmlNodePtr sec = el(body, "section", NULL);
  xmlNewProp(sec, X("id"), X("steps"));
  tel(sec, "h2", NULL, "Steps");
  xmlNodePtr fp = el(sec, "p", NULL);
  xmlNodePtr lab = tel(fp, "label", NULL, "Show changes to ");
  xmlNewProp(lab, X("for"), X("symbol-filter"));
  // A text field over a list, not a <select>: a big module's steps touch
  // thousands of symbols, which only typing can find.
  xmlNodePtr in = el(fp, "input", NULL);
  xmlNewProp(in, X("id"), X("symbol-filter"));
  xmlNewProp(in, X("type"), X("search"));
  xmlNewProp(in, X("list"), X("symbol-list"));
  xmlNewProp(in, X("placeholder"), X("all symbols"));
  attrf(in, "data-count", "%d", allSyms->num);
  xmlNodePtr list = el(fp, "datalist", NULL);
  xmlNewProp(list, X("id"), X("symbol-list"));
  if (allSyms->num > 0) // qsort's array may not be NULL, even when empty
    qsort(allSyms->names, (size_t)allSyms->num, sizeof(char *), cmpStr);
  for (int i = 0; i < allSyms->num; ++i) {
    xmlNodePtr opt = el(list, "option", NULL);
    xmlNewProp(opt, X("value"), X(allSyms->names[i]));
  }
  char count[96];
  snprintf(count, sizeof(count), " (%d symbol%s; type to search)",
           allSyms->num, allSyms->num == 1 ? "" : "s");
  addText(fp, count);
  // Runs of steps that changed nothing are folded into one line.
  for (int i = 0; i < run->numSteps;) {
    const IrsExStep *s = &run->steps[i];
    bool quiet = s->ran && !s->changed && s->index != run->failedStep;
    if (!quiet) {
      stepDetails(sec, run, s, &views[i], o);
      ++i;
      continue;
    }
    int j = i;
    while (j < run->numSteps && run->steps[j].ran && !run->steps[j].changed &&
           run->steps[j].index != run->failedStep)
      ++j;
    xmlNodePtr fold = el(sec, "details", "fold");
    char b[128];
    if (j - i == 1)
      snprintf(b, sizeof(b), "Step %d changed nothing", s->index);
    else
      snprintf(b, sizeof(b), "Steps %d\xe2\x80\x93%d changed nothing",
               s->index, run->steps[j - 1].index);
    tel(fold, "summary", NULL, b);
    for (int k = i; k < j; ++k)
      stepDetails(fold, run, &run->steps[k], &views[k], o);
    i = j;
  }
}

htmlDocPtr irsExPageBegin(const char *title, xmlNodePtr *body) {
  htmlDocPtr doc = htmlNewDocNoDtD(NULL, NULL);
  if (!doc)
    return NULL;
  xmlCreateIntSubset(doc, X("html"), NULL, NULL);
  xmlNodePtr root = xmlNewNode(NULL, X("html"));
  xmlDocSetRootElement(doc, root);
  xmlNewProp(root, X("lang"), X("en"));
  xmlNodePtr head = el(root, "head", NULL);
  xmlNodePtr meta = el(head, "meta", NULL);
  xmlNewProp(meta, X("charset"), X("utf-8"));
  tel(head, "title", NULL, title);
  // The page must not reach the network; say so to the browser as well.
  xmlNodePtr csp = el(head, "meta", NULL);
  xmlNewProp(csp, X("http-equiv"), X("Content-Security-Policy"));
  xmlNewProp(csp, X("content"),
             X("default-src 'none'; style-src 'unsafe-inline'; "
               "script-src 'unsafe-inline'; img-src data:"));
  tel(head, "style", NULL, PAGE_css);
  *body = el(root, "body", NULL);
  return doc;
}

bool irsExPageEnd(htmlDocPtr doc, xmlNodePtr body, char **html, size_t *len,
                  char *err, size_t errCap) {
  tel(body, "script", NULL, PAGE_js);
  xmlChar *mem = NULL;
  int size = 0;
  htmlDocDumpMemoryFormat(doc, &mem, &size, 1);
  if (!mem) {
    snprintf(err, errCap, "out of memory serialising the page");
    return false;
  }
  bool ok = false;
  *html = malloc((size_t)size + 1);
  if (*html) {
    memcpy(*html, mem, (size_t)size);
    (*html)[size] = '\0';
    *len = (size_t)size;
    ok = true;
  } else {
    snprintf(err, errCap, "out of memory");
  }
  xmlFree(mem);
  return ok;
}

bool irsExRenderPage(const IrsExRun *run, const IrsExPageOptions *o,
                     char **html, size_t *len, char *err, size_t errCap) {
  StepView *views = calloc((size_t)(run->numSteps ? run->numSteps : 1),
                           sizeof(StepView));
  SymSet allSyms = {0};
  IrsExDialectCount *input = NULL;
  int numInput = 0;
  bool ok = false;
  htmlDocPtr doc = NULL;
  if (!views || !analyse(run, o, views, &input, &numInput, &allSyms)) {
    snprintf(err, errCap, "out of memory while comparing dumps");
    goto done;
  }
  char title[600];
  snprintf(title, sizeof(title), "irscope report: %s",
           run->inputPath ? run->inputPath : run->dir);
  xmlNodePtr body = NULL;
  doc = irsExPageBegin(title, &body);
  if (!doc) {
    snprintf(err, errCap, "out of memory");
    goto done;
  }
  attrf(body, "data-failed-step", "%d", run->failedStep);
  header(body, run);
  irsExFailureSection(body, run, o);
  timeline(body, run);
  opChart(body, run, views, input, numInput);
  stepsSection(body, run, views, o, &allSyms);
  ok = irsExPageEnd(doc, body, html, len, err, errCap);
done:
  if (doc)
    xmlFreeDoc(doc);
  for (int i = 0; views && i < run->numSteps; ++i) {
    free(views[i].diff);
    free(views[i].structDiff);
    free(views[i].note);
    free(views[i].compareWith);
    free(views[i].symbols);
    free(views[i].symbolsBeyond);
    free(views[i].structSymbolsBeyond);
    if (views[i].ownCounts)
      free(views[i].dialects);
  }
  free(views);
  free(input);
  for (int i = 0; i < allSyms.num; ++i)
    free(allSyms.names[i]);
  free(allSyms.names);
  return ok;
}
