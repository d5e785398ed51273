// SPDX-License-Identifier: Apache-2.0
//===- CompareMain.c - irscope-report --compare A B: the verdict ----------===//
//
// One line on stdout naming the first step that differs (exit 1) or saying
// that every step agrees (exit 0), as diff(1) answers; notes on stderr
// (pipelines that differ, steps without IR to compare); the page with -o.
//
//===----------------------------------------------------------------------===//
#include "Compare.h"

#include "irscope/Support.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// What diff(1) exits with when its inputs differ.
enum { kExitDiffer = 1 };

static const char *stepStatus(const IrsExStep *s) {
  if (!s)
    return "no such step";
  if (!s->ran)
    return irsOutcomeGetName(s->status == IrsOutcomeNone ? IrsOutcomeNotRun
                                                         : s->status);
  return irsOutcomeGetName(s->status);
}

static void printStep(const IrsExStep *s, int i) {
  if (s)
    printf("step %d (%s on %s)", i, s->pass, s->anchor);
  else
    printf("step %d", i);
}

static void printVerdict(const IrsExCompare *c) {
  int k = c->firstDiff;
  if (k < 0) {
    printf("irscope-report: the runs agree at every step (%d steps)",
           c->numRows - 1);
    if (c->firstNamesOnly >= 0)
      printf("; from step %d only SSA value and block names differ",
             c->firstNamesOnly);
    printf("\n");
    return;
  }
  const IrsExCompareRow *r = &c->rows[k];
  printf("irscope-report: ");
  if (k == 0) {
    printf("the inputs differ: %s/%s and %s/%s\n", c->a.dir, r->irA,
           c->b.dir, r->irB);
    return;
  }
  printStep(r->a ? r->a : r->b, k);
  if (r->verdict == IrsExDiffers)
    printf(" is the first step whose IR differs: %s/%s and %s/%s\n",
           c->a.dir, r->irA, c->b.dir, r->irB);
  else
    printf(" is the first step that differs: %s in %s, %s in %s\n",
           stepStatus(r->a), c->a.dir, stepStatus(r->b), c->b.dir);
}

static void printNotes(const IrsExCompare *c) {
  int p = c->firstPassDiff;
  if (c->a.numSteps != c->b.numSteps || p >= 0) {
    fprintf(stderr, "irscope-report: note: the pipelines differ");
    if (p >= 0) {
      const IrsExCompareRow *r = &c->rows[p];
      fprintf(stderr, " from step %d: %s runs %s, %s runs %s", p, c->a.dir,
              r->a ? r->a->pass : "nothing", c->b.dir,
              r->b ? r->b->pass : "nothing");
    }
    fprintf(stderr, " (%d and %d steps)\n", c->a.numSteps, c->b.numSteps);
  }
  int unknown = 0;
  for (int i = 1; i < c->numRows; ++i)
    unknown += c->rows[i].verdict == IrsExUnknown &&
               (c->firstDiff < 0 || i < c->firstDiff);
  if (unknown)
    fprintf(stderr, "irscope-report: note: %d step%s had no IR to compare "
                    "(no dump, or a step that failed in both runs)\n",
            unknown, unknown == 1 ? "" : "s");
}

int irsExCompareMain(const char *dirA, const char *dirB, const char *output,
                     size_t maxDiffBytes) {
  IrsExCompare c;
  char err[4600];
  bool usage = true;
  if (!irsExCompareRuns(dirA, dirB, &c, err, sizeof(err), &usage)) {
    fprintf(stderr, "irscope-report: error: %s\n", err);
    irsExCompareFree(&c);
    return irsOutcomeGetExitCode(usage ? IrsOutcomeUsageError
                                       : IrsOutcomeIoError);
  }
  printNotes(&c);
  printVerdict(&c);
  fflush(stdout);
  int rc = c.firstDiff >= 0 ? kExitDiffer : irsOutcomeGetExitCode(IrsOutcomeOk);
  char *html = NULL;
  size_t len = 0;
  if (output && !irsExRenderComparePage(&c, maxDiffBytes, &html, &len, err,
                                        sizeof(err))) {
    fprintf(stderr, "irscope-report: error: %s\n", err);
    rc = irsOutcomeGetExitCode(IrsOutcomeIoError);
  } else if (output) {
    int e = irsFileWriteAtomic(output, html, len);
    if (e) {
      fprintf(stderr, "irscope-report: error: cannot write '%s': %s\n",
              output, strerror(e));
      rc = irsOutcomeGetExitCode(IrsOutcomeIoError);
    } else {
      fprintf(stderr, "irscope-report: wrote %s\n", output);
    }
  }
  free(html);
  irsExCompareFree(&c);
  return rc;
}
