// SPDX-License-Identifier: Apache-2.0
//===- PageAnalysis.c - each step's diffs, symbols and dialect counts ------===//
//
// Per step the diff against the previous IR is computed here with
// irsDiffUnified (libgit2's xdiff); the page embeds it as the text of a
// <template> element, which page.js turns into highlighted lines when the
// step is opened. Each hunk header is extended with the symbols the hunk
// touches (" @@ @f @g"), which is what the symbol filter uses. Diffs larger
// than maxDiffBytes are cut at a line boundary with a note and a link to the
// full dump.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "PageView.h"

#include "irscope/Diff.h"
#include "irscope/Outcome.h"
#include "irscope/Pipeline.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef IrsToolText Text;
#define textStr irsExTextStr

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
bool irsExAnalyse(const IrsExRun *run, const IrsExPageOptions *o,
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

void irsExSymSetSort(SymSet *s) {
  if (s->num > 0) // qsort's array may not be NULL, even when empty
    qsort(s->names, (size_t)s->num, sizeof(char *), cmpStr);
}

void irsExViewsFree(const IrsExRun *run, StepView *views, SymSet *allSyms) {
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
  for (int i = 0; i < allSyms->num; ++i)
    free(allSyms->names[i]);
  free(allSyms->names);
}
