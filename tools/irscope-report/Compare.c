// SPDX-License-Identifier: Apache-2.0
//===- Compare.c - align two runs and find the first step that differs ----===//
//
// Steps are aligned by index: both runs ran the same pipeline in the common
// case ("my CI run and my local run", two MLIR versions), and where they
// did not, the rows whose passes differ are marked and compared all the
// same (a renamed pass still leaves IR to compare). The IR after a step is
// its dump; after a step that left the IR unchanged under
// --dump-only-changed, the IR before it. Dumps equal byte for byte need no
// diff; otherwise irsDiffStructural decides whether more than SSA value and
// block names differ. A step that failed in one run and not in the other
// differs by its outcome.
//
//===----------------------------------------------------------------------===//
#include "Compare.h"

#include "Text.h"

#include "irscope/Diff.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *irsExReadRunFile(const char *dir, const char *name, size_t *len) {
  char path[4096];
  snprintf(path, sizeof(path), "%s/%s", dir, name);
  IrsToolText t = {0};
  if (!irsToolTextAppendFile(&t, path))
    return NULL;
  irsToolTextAppend(&t, "", 1); // the NUL
  if (t.failed) {
    free(t.data);
    errno = ENOMEM;
    return NULL;
  }
  *len = t.len - 1;
  return t.data;
}

static bool stepOk(const IrsExStep *s) {
  return s && s->ran && s->status == IrsOutcomeOk;
}

// The IR after step `s` given the IR before it; NULL when unknown.
static const char *irAfter(const IrsExStep *s, const char *before) {
  if (!stepOk(s))
    return NULL;
  if (s->dumpFile)
    return s->dumpFile;
  return s->dumpSkipped && !strcmp(s->dumpSkipped, "unchanged") ? before
                                                                 : NULL;
}

static void ignoreText(MlirStringRef s, void *ud) {
  (void)s;
  (void)ud;
}

// Same, names only or differs, from the two files.
static IrsExVerdict compareFiles(const IrsExCompare *c, const char *fa,
                                 const char *fb) {
  size_t la = 0, lb = 0;
  char *ta = irsExReadRunFile(c->a.dir, fa, &la);
  char *tb = irsExReadRunFile(c->b.dir, fb, &lb);
  IrsExVerdict v = IrsExUnknown;
  if (ta && tb) {
    bool differs = true;
    if (la == lb && !memcmp(ta, tb, la))
      v = IrsExSame;
    else if (!irsStatusIsOk(irsDiffStructural(
                 mlirStringRefCreate(ta, la), mlirStringRefCreate(tb, lb), "a",
                 "b", 0, ignoreText, NULL, &differs)))
      v = IrsExUnknown;
    else
      v = differs ? IrsExDiffers : IrsExNamesOnly;
  }
  free(ta);
  free(tb);
  return v;
}

static bool samePass(const IrsExStep *a, const IrsExStep *b) {
  return a && b && !strcmp(a->pass ? a->pass : "", b->pass ? b->pass : "") &&
         !strcmp(a->anchor ? a->anchor : "", b->anchor ? b->anchor : "");
}

static void judge(IrsExCompare *c, IrsExCompareRow *r, int i) {
  if (i > 0)
    r->passDiffers = !samePass(r->a, r->b);
  bool okA = i == 0 ? true : stepOk(r->a), okB = i == 0 ? true : stepOk(r->b);
  if (okA != okB || (!okA && (!r->a || !r->b || r->a->status != r->b->status)))
    r->verdict = IrsExOutcome;
  else if (r->irA && r->irB)
    r->verdict = compareFiles(c, r->irA, r->irB);
  else
    r->verdict = IrsExUnknown;
}

static void compareRows(IrsExCompare *c) {
  const char *irA = c->a.inputDump, *irB = c->b.inputDump;
  for (int i = 0; i < c->numRows; ++i) {
    IrsExCompareRow *r = &c->rows[i];
    if (i > 0) {
      r->a = i <= c->a.numSteps ? &c->a.steps[i - 1] : NULL;
      r->b = i <= c->b.numSteps ? &c->b.steps[i - 1] : NULL;
      irA = irAfter(r->a, irA);
      irB = irAfter(r->b, irB);
    }
    r->irA = irA;
    r->irB = irB;
    judge(c, r, i);
    bool differs = r->verdict == IrsExDiffers || r->verdict == IrsExOutcome;
    if (differs && c->firstDiff < 0)
      c->firstDiff = i;
    if (r->verdict == IrsExNamesOnly && c->firstNamesOnly < 0)
      c->firstNamesOnly = i;
    if (r->passDiffers && c->firstPassDiff < 0)
      c->firstPassDiff = i;
  }
}

static bool load(const char *dir, IrsExRun *run, char *err, size_t cap,
                 bool *usage) {
  char e[4000];
  if (irsExLoad(dir, run, e, sizeof(e), usage))
    return true;
  snprintf(err, cap, "%s", e);
  return false;
}

bool irsExCompareRuns(const char *dirA, const char *dirB, IrsExCompare *c,
                      char *err, size_t errCap, bool *usage) {
  memset(c, 0, sizeof(*c));
  c->firstDiff = c->firstNamesOnly = c->firstPassDiff = -1;
  if (!load(dirA, &c->a, err, errCap, usage) ||
      !load(dirB, &c->b, err, errCap, usage))
    return false;
  int n = c->a.numSteps > c->b.numSteps ? c->a.numSteps : c->b.numSteps;
  c->rows = calloc((size_t)n + 1, sizeof(*c->rows));
  if (!c->rows) {
    *usage = false;
    snprintf(err, errCap, "out of memory");
    return false;
  }
  c->numRows = n + 1;
  compareRows(c);
  return true;
}

void irsExCompareFree(IrsExCompare *c) {
  irsExFree(&c->a);
  irsExFree(&c->b);
  free(c->rows);
  memset(c, 0, sizeof(*c));
}
