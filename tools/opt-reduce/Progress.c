// SPDX-License-Identifier: Apache-2.0
//===- Progress.c - opt-reduce's progress lines, summary and results ------===//
#include "Progress.h"

#include "Culprit.h"

#include "CrashNote.h"

#include "MiscompileLit.h"
#include "PinTest.h"
#include "ToolLit.h"

#include "irscope/Report.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void orProgressReport(const IrsReduceProgress *p, void *ud) {
  OrProgress *c = ud;
  if (p->note) {
    if (c->cfg->verbose)
      fprintf(stderr, "%sopt-reduce: note: %s\n", c->tty ? "\r\033[K" : "",
              p->note);
    return;
  }
  if (p->test) {
    if (!c->cfg->verbose)
      return;
    const IrsReduceTestReport *t = p->test;
    fprintf(stderr, "%sopt-reduce: test %lld [%s] %s: %s%s%s, %s (%.0f ms%s)\n",
            c->tty ? "\r\033[K" : "", (long long)p->testsRun,
            p->strategy ? p->strategy : "", t->edit, t->outcome,
            t->pass[0] ? " in " : "", t->pass,
            t->interesting ? "interesting" : "not interesting", t->runMs,
            t->quick ? ", judged hung early" : "");
    return;
  }
  if (c->tty) {
    // Redrawn at most ten times a second: a fast reduction reports hundreds
    // of tests a second, and a terminal that scrolls slows everything down.
    if (!p->improved && p->elapsedSec - c->lastDraw < 0.1)
      return;
    c->lastDraw = p->elapsedSec;
    fprintf(stderr, "\r\033[Kopt-reduce: %lld ops left (from %lld), %lld tests "
                    "(+%lld cached), %.1f tests/s, %.1f s, %s",
            (long long)p->opsNow, (long long)p->opsBefore,
            (long long)p->testsRun, (long long)p->cacheHits,
            p->elapsedSec > 0 ? (double)p->testsRun / p->elapsedSec : 0.0,
            p->elapsedSec, p->strategy ? p->strategy : "");
    c->lastLen = 1;
    fflush(stderr);
  } else if (p->improved) {
    // The reducer also keeps changes that make the module simpler without
    // fewer ops (a constant for a computed value, a shorter name), and a
    // substitution may add an op that a later deletion pays for. A line
    // with a count is the fewest so far; any other says what it is.
    const char *strategy = p->strategy ? p->strategy : "";
    if (!c->fewestOps || p->opsNow < c->fewestOps) {
      c->fewestOps = p->opsNow;
      fprintf(stderr, "opt-reduce: %s: %lld ops (%lld tests, %.1f s)\n",
              strategy, (long long)p->opsNow, (long long)p->testsRun,
              p->elapsedSec);
    } else {
      fprintf(stderr,
              "opt-reduce: %s: simplified, now %lld ops (fewest so far %lld; "
              "%lld tests, %.1f s)\n",
              strategy, (long long)p->opsNow, (long long)c->fewestOps,
              (long long)p->testsRun, p->elapsedSec);
    }
  }
}

// " crash in PASS, in SITE" or " failure: 'MESSAGE'": what the last line
// says of a signature.
static void describe(const IrsSignature *sig, char *out, size_t cap) {
  char kind[32], where[1536] = "";
  irsToolSignatureWhere(sig, false, where, sizeof(where));
  int n = snprintf(out, cap, "%s%s", irsSignatureFormatKind(sig, kind,
                                                           sizeof(kind)),
                   where);
  if (sig->kind == IrsOutcomeFailure && sig->message[0] && n >= 0 &&
      (size_t)n < cap)
    snprintf(out + n, cap - (size_t)n, ": '%s'", sig->message);
}

// The summary, before the last line: sizes, tests, per-strategy wins and,
// with --test-runs, the failure rates.
static void printSummary(const OrConfig *c, IrsReducer r, IrsPipeline original) {
  IrsReduceSummary s;
  irsReducerGetSummary(r, &s);
  if (c->splitInputFile) // which chunk -o holds, as one module
    fprintf(stderr, "opt-reduce: input: %s\n", c->inputShown);
  fprintf(stderr, "opt-reduce: ops: %lld -> %lld, bytes: %lld -> %lld\n",
          (long long)s.opsBefore, (long long)s.opsAfter,
          (long long)s.bytesBefore, (long long)s.bytesAfter);
  fprintf(stderr,
          "opt-reduce: tests: %lld run + %lld cached in %.1f s (%.1f tests/s, "
          "-j %s%ld, seed %s)\n",
          (long long)s.testsRun, (long long)s.cacheHits, s.elapsedSec,
          s.elapsedSec > 0 ? (double)s.testsRun / s.elapsedSec : 0.0,
          c->autoJobs ? "auto up to " : "", c->jobs,
          c->seed ? c->seed : "none");
  fputs("opt-reduce: wins:", stderr);
  bool any = false;
  for (intptr_t i = 0; i < irsReduceStrategyGetNum(); ++i) {
    int64_t wins = 0;
    int64_t ops = irsReducerGetStrategyOps(r, i, &wins);
    if (!wins)
      continue;
    fprintf(stderr, "%s %s %lld (%+lld ops)", any ? "," : "",
            irsReduceStrategyGetName(i), (long long)wins, -(long long)ops);
    any = true;
  }
  fputs(any ? "\n" : " none\n", stderr);
  // The result may fail only under the reduced pipeline: say so, or
  // someone replays -o with the original command and sees it pass.
  MlirStringRef now = irsReducerGetPipeline(r);
  if (!irsPipelineIsNull(original)) {
    MlirStringRef was = irsPipelineGetText(original);
    if (now.length != was.length || memcmp(now.data, was.data, now.length))
      fprintf(stderr,
              "opt-reduce: pipeline: %.*s (reduced from %.*s; the output "
              "fails with the reduced one, as --reproducer records)\n",
              (int)now.length, now.data, (int)was.length, was.data);
  }
  if (s.quickHangSec > 0)
    fprintf(stderr,
            "opt-reduce: hangs: candidates judged hung after %.2f s (%d x the "
            "slowest step that ended), the result %s\n",
            s.quickHangSec, IRS_REDUCE_HANG_FACTOR,
            s.hangRedone ? "did not hang at the full --test-timeout: "
                           "reduced again without quick verdicts"
                         : "confirmed at the full --test-timeout");
  if (s.runsBefore > 1)
    fprintf(stderr,
            "opt-reduce: failure rate: input %lld/%lld (%.0f%%), result "
            "%lld/%lld (%.0f%%)\n",
            (long long)s.failuresBefore, (long long)s.runsBefore,
            100.0 * (double)s.failuresBefore / (double)s.runsBefore,
            (long long)s.failuresAfter, (long long)s.runsAfter,
            s.runsAfter ? 100.0 * (double)s.failuresAfter / (double)s.runsAfter
                        : 0.0);
}

// The result in the tool's custom syntax; when the tool cannot print it,
// it stays in generic form, which the tool reads as well. Whether it was
// printed back.
static bool printBack(const OrConfig *c, OrTool *t) {
  char why[512];
  if (orToolPrintBack(t, c->output, c->printDebugInfo, why, sizeof(why)))
    return true;
  fprintf(stderr, "opt-reduce: note: the tool cannot print the result in its "
                  "custom syntax (%s): '%s' is in generic form\n", why,
          c->outputName);
  return false;
}

// Tool mode: the result as written, run by the tool with the pipeline,
// must fail as the input did. The custom syntax the tool printed it back
// in may read differently from the generic form every candidate was
// tested in: then the generic form is put back, and checked in turn.
// Returns the exit code: 1 when nothing written fails that way (the
// result that was last accepted stays).
static int checkResult(const OrConfig *c, OrTool *t, IrsReducer r) {
  bool printedBack = !c->printGeneric && printBack(c, t);
  char got[2048], want[2048];
  describe(irsReducerGetSignature(r), want, sizeof(want));
  for (int pass = 0;; ++pass) {
    IrsSignature sig;
    bool same = false;
    if (!irsStatusIsOk(irsReducerCheckFile(r, c->output, &sig, &same))) {
      fprintf(stderr, "opt-reduce: error: cannot run the tool on '%s' to "
                      "check it\n", c->outputName);
      if (printedBack)
        orToolKeepPrintBack(c->output, true);
      return irsOutcomeGetExitCode(IrsOutcomeIoError);
    }
    describe(&sig, got, sizeof(got));
    if (same) {
      if (printedBack)
        orToolKeepPrintBack(c->output, true);
      fprintf(stderr, "opt-reduce: checked: the tool on '%s' as written: "
                      "%s\n", c->outputName, got);
      return 0;
    }
    if (!printedBack || pass > 0) {
      fprintf(stderr, "opt-reduce: error: the tool on '%s' as written: %s, "
                      "not the target (%s); '%s' holds the last result the "
                      "reduction accepted\n", c->outputName, got, want,
              c->outputName);
      return 1;
    }
    orToolKeepPrintBack(c->output, false);
    printedBack = false;
    fprintf(stderr, "opt-reduce: note: the tool on '%s' in its custom syntax: "
                    "%s, not the target: '%s' is in generic form\n",
            c->outputName, got, c->outputName);
  }
}

void orProgressEnd(OrProgress *p) {
  if (p->tty && p->lastLen)
    fputs("\r\033[K", stderr); // the live line gives way to the summary
}

// The last line: what the reduction did, where the result is, and the
// signature it kept: "crash in PASS, in SITE" (irsToolSignatureWhere).
static void printLastLine(const OrConfig *c, IrsReducer r) {
  MlirStringRef msg = irsReducerGetMessage(r);
  const IrsSignature *sig = irsReducerGetSignature(r);
  char kind[32], where[2048] = "";
  if (!c->test && !c->tool)
    irsToolSignatureWhere(sig, false, where, sizeof(where));
  if (c->tool) // the kind alone would hide which failure it is
    describe(sig, where, sizeof(where));
  fprintf(stderr, "opt-reduce: %.*s: wrote '%s' (%lld tests)%s%s%s\n",
          (int)msg.length, msg.data, c->outputName,
          (long long)irsReducerGetTestsRun(r),
          c->test ? "" : "; signature: ",
          c->test || c->tool ? ""
                             : irsSignatureFormatKind(sig, kind, sizeof(kind)),
          where);
}

int orFinish(const OrConfig *c, OrSession *s, IrsReducer r) {
  MlirOperation best = irsReducerGetModule(r);
  const IrsSignature *sig = irsReducerGetSignature(r);
  MlirStringRef p = irsReducerGetPipeline(r);
  printSummary(c, r, s->pipeline);
  OrCulprit culprit;
  orCulpritFind(c, r, &culprit);
  orCulpritPrint(&culprit);
  printLastLine(c, r);
  int rc = irsOutcomeGetExitCode(IrsOutcomeOk);
  if (c->tool && strcmp(c->output, "/dev/null") != 0)
    rc = checkResult(c, &s->tool, r);
  if (c->reproducer && !c->test &&
      (c->tool ? orToolReproducerWrite(c, r)
               : irsReproducerWriteFileWithPlugins(best, c->reproducer, p,
                                                   !sig->diedAfter, true,
                                                   c->plugins.plugins)) != 0) {
    fprintf(stderr, "opt-reduce: error: cannot write '%s'\n", c->reproducer);
    rc = irsOutcomeGetExitCode(IrsOutcomeIoError);
  }
  if (c->litTest && !c->test) {
    int e = c->miscompile
                ? irsReduceWriteMiscompileLitTest(c, best, p, sig, &culprit)
            : c->tool ? orToolLitTestWrite(c, &s->tool, r, best)
                      : orLitTestWrite(c, r, best, &culprit);
    if (e) {
      fprintf(stderr, "opt-reduce: error: cannot write '%s': %s\n",
              c->litTest, strerror(e));
      rc = irsOutcomeGetExitCode(IrsOutcomeIoError);
    }
  }
  return rc;
}
