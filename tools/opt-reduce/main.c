// SPDX-License-Identifier: Apache-2.0
//===- main.c - opt-reduce: shrink a failing module to a minimal reproducer ===//
//
// Option table and the thin layer around IrsReducer: parse the input once,
// establish what "interesting" means (the pipeline's failure signature, or
// the user's test script), reduce, and write the result, a reproducer and a
// lit test. Progress goes to stderr: a live line on a terminal, otherwise
// one line per improvement.
//
//===----------------------------------------------------------------------===//
#include "CrashHandler.h"
#include "ExecWorker.h"
#include "MiscompileLit.h"
#include "FixTest.h"
#include "Options.h"
#include "Plugins.h"
#include "Tool.h"

#include "irscope/Diagnostics.h"
#include "irscope/Input.h"
#include "irscope/PassManager.h"
#include "irscope/Reduce.h"
#include "irscope/Report.h"
#include "irscope/Supervisor.h"

#include <mlir-c/Dialect/IRDL.h>
#include <mlir-c/RegisterEverything.h>

#include <errno.h>
#include <signal.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2, EXIT_IO = 4 };

static volatile int stopFlag;
// The first signal stops the reduction cleanly; a second one (the user
// insists, e.g. while the input check hangs) ends opt-reduce at once.
static void onSignal(int sig) {
  if (stopFlag) {
    signal(sig, SIG_DFL);
    raise(sig);
    return;
  }
  stopFlag = 1;
}

typedef struct Cfg {
  const char *input, *output, *pipeline, *test, *match, *strategies;
  const char *reproducer, *litTest, *testTimeout, *maxTime, *memoryLimit;
  const char *litTestMode; // --emit-lit-test-mode: NULL or "fix", "pin"
  IrsToolPlugins plugins; // --load-*-plugin, loaded before any fork
  const char *tool; // --tool: the executor (Tool.h)
  IrsStringList testArgs, passFlags, irdlFiles, toolArgs;
  bool mustFail, anyFailure, allowUnregistered, listStrategies, help, version;
  bool verbose; // a line per test
  // mlir-opt flags that mean something here: how -o is printed; threading
  // (candidates always run single-threaded: accepted for pasted commands).
  bool printGeneric, printDebugInfo, disableThreading;
  const char *minRate, *seed;
  const char *checkDeterminism; // NULL: off; "": repeat; "threads"
  bool miscompile; // --miscompile and its execution options
  IrsToolExecFlags execFlags;
  long jobs, testRuns;
  bool autoJobs; // no -j: up to the online CPUs, one while tests are short
  bool tty;
  double lastDraw; // when the live line was last drawn
  int lastLen;     // how long it was
} Cfg;

// mlir-opt's reporting flags, common in pasted bug-report command lines:
// they print, time or count, and change no failure. Ignored with a note.
static const char *const ignoredMlirFlags[] = {
    "mlir-timing", "mlir-timing-display", "mlir-pass-statistics",
    "mlir-pass-statistics-display", "mlir-print-ir-before-all",
    "mlir-print-ir-after-all", "mlir-print-ir-after-change",
    "mlir-print-ir-after-failure", "mlir-print-ir-module-scope",
    "mlir-print-ir-tree-dir", "mlir-print-ir-before", "mlir-print-ir-after",
    "mlir-print-stacktrace-on-diagnostic", "mlir-print-local-scope",
    "mlir-elide-elementsattrs-if-larger", "mlir-pretty-debuginfo", NULL};

static bool passFlag(const char *arg, void *ud) {
  const char *name = arg + 1 + (arg[1] == '-');
  size_t len = strcspn(name, "=");
  for (const char *const *f = ignoredMlirFlags; arg[0] == '-' && *f; ++f)
    if (strlen(*f) == len && strncmp(name, *f, len) == 0) {
      fprintf(stderr, "opt-reduce: note: ignoring '%s': it reports and does "
                      "not change a failure\n", arg);
      return true;
    }
  return irsOptionsTakePassFlag(arg, &((Cfg *)ud)->passFlags);
}

static void errLine(MlirStringRef s, void *ud) {
  (void)ud;
  fprintf(stderr, "opt-reduce: error: %.*s\n", (int)s.length, s.data);
}

static void stderrCb(MlirStringRef s, void *ud) {
  (void)ud;
  fwrite(s.data, 1, s.length, stderr);
}

static void forwardDiag(const IrsDiagnostic *d, void *ud) {
  (void)ud;
  irsDiagnosticPrint(d, stderrCb, NULL);
}

static void progress(const IrsReduceProgress *p, void *ud) {
  Cfg *c = ud;
  if (p->note) {
    if (c->verbose)
      fprintf(stderr, "%sopt-reduce: note: %s\n", c->tty ? "\r\033[K" : "",
              p->note);
    return;
  }
  if (p->test) {
    if (!c->verbose)
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
    fprintf(stderr, "opt-reduce: %s: %lld ops (%lld tests, %.1f s)\n",
            p->strategy ? p->strategy : "", (long long)p->opsNow,
            (long long)p->testsRun, p->elapsedSec);
  }
}

// The summary, before the last line: sizes, tests, per-strategy wins and,
// with --test-runs, the failure rates.
static void printSummary(const Cfg *c, IrsReducer r, IrsPipeline original) {
  IrsReduceSummary s;
  irsReducerGetSummary(r, &s);
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

static void fileCb(MlirStringRef s, void *ud) {
  fwrite(s.data, 1, s.length, (FILE *)ud);
}

// The pin form: a RUN line with the right `not`, CHECK on the signature's
// message; the test passes while the failure is there.
static void printPinHeader(FILE *f, const Cfg *c, const IrsSignature *sig,
                           MlirStringRef pipe) {
  bool crash = sig->kind == IrsOutcomeCrash && !sig->inEdit;
  char kind[32];
  fprintf(f, "// Reduced by opt-reduce from '%s': %s in pass '%s'.\n",
          c->input, irsSignatureFormatKind(sig, kind, sizeof(kind)),
          sig->pass);
  fprintf(f, "// It pins today's failure; once the bug is fixed the RUN line "
             "fails: then\n// replace it with a check of the correct "
             "output.\n");
  bool timeout = sig->kind == IrsOutcomeTimeout && !sig->inEdit;
  bool nondet = sig->kind == IrsOutcomeNondeterminism && !sig->inEdit;
  // The RUN line loads the plugins the reduction did, so the test replays.
  char *pf = NULL;
  size_t pfLen = 0;
  FILE *pff = open_memstream(&pf, &pfLen);
  if (pff) {
    irsPluginsPrintFlags(c->plugins.plugins, false, fileCb, pff);
    fclose(pff);
  }
  if (nondet)
    fprintf(f, "// RUN: not irscope-opt %%s%s --check-determinism%s "
               "--pass-pipeline='%.*s' -o /dev/null 2>&1 | FileCheck %%s\n",
            pf ? pf : "", c->checkDeterminism && *c->checkDeterminism ? "=threads" : "",
            (int)pipe.length, pipe.data);
  else if (timeout)
    fprintf(f, "// RUN: not irscope-opt %%s%s --step-timeout=%s "
               "--pass-pipeline='%.*s' -o /dev/null 2>&1 | FileCheck %%s\n",
            pf ? pf : "", c->testTimeout, (int)pipe.length, pipe.data);
  else
  fprintf(f, "// RUN: %s irscope-opt %%s%s --crash-protection=0 "
             "--pass-pipeline='%.*s' -o /dev/null 2>&1 | FileCheck %%s\n",
          crash ? "not --crash" : "not", pf ? pf : "", (int)pipe.length,
          pipe.data);
  free(pf);
  if (nondet) {
    fprintf(f, "// CHECK: is not deterministic: pass '%s' printed different "
               "IR\n",
            sig->pass);
  } else if (timeout) {
    fputs("// CHECK: timed out after\n", f);
  } else if (sig->message[0]) {
    // The masked parts of the message become regexes.
    fputs("// CHECK: error: ", f);
    for (const char *p = sig->message; *p; ++p) {
      if (*p == 'N')
        fputs("{{[0-9a-zA-Z_.]+}}", f);
      else if (*p == '%')
        fputs("%{{[a-zA-Z0-9_#]*}}", f);
      else if (*p == '{' && p[1] == '{')
        fputs("{{[{][{]}}", f), ++p;
      else
        fputc(*p, f);
    }
    fputc('\n', f);
  } else if (crash) {
    fprintf(f, "// CHECK: irscope-opt: fatal signal %s\n",
            irsSignalName(sig->signal));
  }
}

// The lit test: the fix form (FixTest.c) or the pin form, then the reduced
// module.
static int writeLitTest(const Cfg *c, IrsReducer r, MlirOperation m) {
  const IrsSignature *sig = irsReducerGetSignature(r);
  MlirStringRef pipe = irsReducerGetPipeline(r);
  // Built in memory, then written through a temporary and a rename: an
  // existing test file is never left half-written.
  char *text = NULL;
  size_t textLen = 0;
  FILE *f = open_memstream(&text, &textLen);
  if (!f)
    return errno;
  if (c->litTestMode && !strcmp(c->litTestMode, "pin")) {
    printPinHeader(f, c, sig, pipe);
  } else {
    IrsFixTestInfo info = {c->input, sig, pipe, c->testTimeout,
                           c->checkDeterminism, c->plugins.plugins};
    irsFixTestPrint(f, &info, m);
  }
  fputc('\n', f);
  MlirOpPrintingFlags fl = mlirOpPrintingFlagsCreate();
  mlirOperationPrintWithFlags(m, fl, fileCb, f);
  mlirOpPrintingFlagsDestroy(fl);
  fputc('\n', f);
  if (fclose(f) != 0) {
    free(text);
    return ENOMEM;
  }
  int e = irsFileWriteAtomic(c->litTest, text, textLen);
  free(text);
  return e;
}

// --miscompile's execution options, checked like the others (false after
// one error line).
static bool miscompileOptions(const Cfg *c, IrsExecOptions *exec,
                              IrsExecTolerance *tol) {
  if (!c->miscompile)
    return true;
  if (c->test || c->checkDeterminism) {
    fprintf(stderr, "opt-reduce: error: '--miscompile' needs a pipeline and "
                    "cannot be combined with '--%s'\n",
            c->test ? "test" : "check-determinism");
    return false;
  }
  return irsToolExecFlagsParse("opt-reduce", &c->execFlags, exec, tol);
}

// Tool mode needs a pipeline (the tool's, as pass flags or
// --pass-pipeline) and has no reproducer of its own yet.
static bool toolOptionsOk(const Cfg *c) {
  const char *bad = c->test               ? "--test"
                    : c->checkDeterminism ? "--check-determinism"
                    : c->reproducer       ? "--reproducer"
                    : c->litTest          ? "--emit-lit-test"
                    : c->irdlFiles.num    ? "--irdl-file"
                                          : NULL;
  if (bad)
    fprintf(stderr, "opt-reduce: error: '%s' cannot be combined with "
                    "'--tool'\n", bad);
  return bad == NULL;
}

// The result in the tool's custom syntax; when the tool cannot print it,
// it stays in generic form, which the tool reads as well.
static void printBack(const Cfg *c, OrTool *t) {
  char why[512];
  if (!strcmp(c->output, "/dev/null") ||
      orToolPrintBack(t, c->output, c->printDebugInfo, why, sizeof(why)))
    return;
  fprintf(stderr, "opt-reduce: note: the tool cannot print the result in its "
                  "custom syntax (%s): '%s' is in generic form\n", why,
          c->output);
}

static void usage(const IrsOption *opts) {
  irsOptionsPrintUsage(stdout,
                       "opt-reduce INPUT (--pass-pipeline=PIPE | --<pass>... "
                       "| --test=SCRIPT) [options]",
                       opts);
  printf("\nIn-process mode keeps a candidate if the pipeline still fails the "
         "same way\n(kind, failing pass, first error with numbers and names "
         "masked).\nScript mode keeps it if SCRIPT [--test-arg]... FILE exits "
         "0 (or non-zero\nwith --test-must-fail). Exit codes: 0 reduced, 2 "
         "usage error or input not\ninteresting, 4 I/O error.\n");
}

int main(int argc, char **argv) {
  // bin/opt-reduce (Launcher.c) set LD_BIND_NOW for this process only: what
  // it starts, test scripts above all, gets the user's environment back.
  if (getenv("IRS_LAUNCHER_SET_BIND_NOW")) {
    unsetenv("LD_BIND_NOW");
    unsetenv("IRS_LAUNCHER_SET_BIND_NOW");
  }
  signal(SIGXFSZ, SIG_IGN);
  // From the start: a SIGINT while a big input is parsed must still stop
  // the reduction cleanly (after the input check), not be lost or kill us
  // half-way.
  signal(SIGINT, onSignal);
  signal(SIGTERM, onSignal);
  Cfg c;
  memset(&c, 0, sizeof(c));
  c.output = "reduced.mlir";
  c.jobs = LONG_MIN; // not given (any given value is checked below)
  c.testRuns = 1;
  const IrsOption opts[] = {
      IRS_OPT_STRING('o', "o", &c.output, "FILE",
                     "best result so far (default reduced.mlir)"),
      IRS_OPT_STRING(0, "pass-pipeline", &c.pipeline, "PIPELINE",
                     "the pipeline whose failure is reduced"),
      IRS_OPT_STRING(0, "test", &c.test, "SCRIPT",
                     "interestingness test; the candidate file is its last "
                     "argument"),
      IRS_OPT_LIST(0, "test-arg", &c.testArgs, "ARG",
                   "argument for the test (repeatable)"),
      IRS_OPT_STRING(0, "tool", &c.tool, "PATH",
                     "run the pipeline with this mlir-opt compatible tool "
                     "(its own dialects and passes)"),
      IRS_OPT_LIST(0, "tool-arg", &c.toolArgs, "ARG",
                   "argument for the tool, before the pipeline (repeatable)"),
      IRS_OPT_BOOL(0, "test-must-fail", &c.mustFail,
                   "non-zero exit of the test means interesting"),
      IRS_OPT_STRING(0, "match", &c.match, "REGEX",
                     "first error message must match REGEX instead"),
      IRS_OPT_BOOL(0, "any-failure", &c.anyFailure, "accept any failure"),
      IRS_OPT_STRING(0, "test-timeout", &c.testTimeout, "SECONDS",
                     "kill a candidate test after this long"),
      IRS_OPT_STRING(0, "max-time", &c.maxTime, "SECONDS",
                     "stop reducing after this long"),
      IRS_OPT_STRING(0, "memory-limit", &c.memoryLimit, "BYTES",
                     "kill a candidate above this resident size"),
      IRS_OPT_STRING(0, "strategies", &c.strategies, "LIST",
                     "comma-separated strategies (see --list-strategies)"),
      IRS_OPT_BOOL(0, "list-strategies", &c.listStrategies,
                   "list reduction strategies and exit"),
      IRS_OPT_STRING(0, "reproducer", &c.reproducer, "FILE",
                     "also write an mlir_reproducer with the reduced pipeline"),
      IRS_OPT_STRING(0, "emit-lit-test", &c.litTest, "FILE",
                     "also write the lit regression test of the fix"),
      IRS_OPT_STRING(0, "emit-lit-test-mode", &c.litTestMode, "fix|pin",
                     "fix (default): passes once fixed; pin: expects the "
                     "failure of today"),
      IRS_OPT_INT('j', "j", &c.jobs, "N",
                  "tests run at once (default: online CPUs)"),
      IRS_OPT_INT(0, "test-runs", &c.testRuns, "K",
                  "runs per candidate (flaky failures; default 1)"),
      IRS_OPT_STRING(0, "min-rate", &c.minRate, "R",
                     "fraction of the runs that must fail (default: one)"),
      IRS_OPT_OPTSTRING(0, "check-determinism", &c.checkDeterminism,
                        "threads",
                        "the failure is nondeterminism: a step whose two runs "
                        "on identical input differ (=threads: threading on, "
                        "then off), as irscope-opt --check-determinism"),
      IRS_OPT_BOOL(0, "miscompile", &c.miscompile,
                   "reduce while the step that changes the program's "
                   "results still does"),
      IRS_TOOL_EXEC_OPTIONS(&c.execFlags, "--miscompile"),
      IRS_OPT_STRING(0, "seed", &c.seed, "N",
                     "seed handed to passes that draw random numbers"),
      IRS_OPT_BOOL(0, "allow-unregistered-dialect", &c.allowUnregistered,
                   "allow operations of unregistered dialects"),
      IRS_OPT_PLUGINS(&c.plugins),
      IRS_OPT_LIST(0, "irdl-file", &c.irdlFiles, "FILE",
                   "load IRDL dialects (repeatable)"),
      IRS_OPT_BOOL(0, "version", &c.version, "print the version and exit"),
      IRS_OPT_BOOL(0, "mlir-print-op-generic", &c.printGeneric,
                   "write -o in the generic op form"),
      IRS_OPT_BOOL(0, "mlir-print-debuginfo", &c.printDebugInfo,
                   "write -o with locations"),
      IRS_OPT_BOOL(0, "mlir-disable-threading", &c.disableThreading,
                   "accepted for mlir-opt command lines: candidates always "
                   "run single-threaded"),
      IRS_OPT_BOOL('v', "verbose", &c.verbose,
                   "print a line per test: candidate, outcome, time"),
      IRS_OPT_BOOL('h', "help", &c.help, "print this help and exit"),
      IRS_OPT_END(),
  };
  char err[512];
  int npos = irsOptionsParse(argc, argv, opts, passFlag, &c, err, sizeof(err));
  int rc = EXIT_OK;
  if (npos < 0) {
    fprintf(stderr, "opt-reduce: error: %s\n", err);
    rc = EXIT_USAGE;
    goto done;
  }
  if (c.help) {
    usage(opts);
    goto done;
  }
  if (c.version) {
    printf("opt-reduce %s (MLIR %s)\n", irsGetVersion(), irsGetMlirVersion());
    goto done;
  }
  if (!irsToolPluginsLoad(&c.plugins, "opt-reduce")) {
    rc = EXIT_USAGE;
    goto done;
  }
  if (c.listStrategies) {
    for (intptr_t i = 0; i < irsReduceStrategyGetNum(); ++i)
      printf("  %-16s %s\n", irsReduceStrategyGetName(i),
             irsReduceStrategyGetDescription(i));
    goto done;
  }
  if (npos != 1) {
    fprintf(stderr, "opt-reduce: error: expected exactly one input file\n");
    rc = EXIT_USAGE;
    goto done;
  }
  c.input = argv[1];
  int modes = (c.pipeline != NULL) + (c.passFlags.num > 0) + (c.test != NULL);
  if (modes != 1) {
    fprintf(stderr, "opt-reduce: error: give exactly one of --pass-pipeline, "
                    "pass flags, or --test\n");
    rc = EXIT_USAGE;
    goto done;
  }
  bool ok = true;
  if (c.litTestMode && strcmp(c.litTestMode, "fix") != 0 &&
      strcmp(c.litTestMode, "pin") != 0) {
    fprintf(stderr, "opt-reduce: error: unknown --emit-lit-test-mode '%s' "
                    "(expected fix or pin)\n",
            c.litTestMode);
    ok = false;
  }
  double testTimeout = 0, maxTime = 0;
  if (c.testTimeout && !irsOptionsParseSeconds("opt-reduce", "--test-timeout",
                                               c.testTimeout, &testTimeout))
    ok = false;
  if (c.maxTime &&
      !irsOptionsParseSeconds("opt-reduce", "--max-time", c.maxTime, &maxTime))
    ok = false;
  int64_t memLimit = 0;
  if (c.memoryLimit &&
      !irsOptionsParseMemoryLimit("opt-reduce", c.memoryLimit, &memLimit))
    ok = false;
  if (c.jobs == LONG_MIN) {
    c.autoJobs = true;
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    c.jobs = n > 0 ? n : 1;
    if (c.jobs > IRS_SUPERVISOR_MAX_PARALLEL)
      c.jobs = IRS_SUPERVISOR_MAX_PARALLEL;
  } else if (ok && (c.jobs < 1 || c.jobs > IRS_SUPERVISOR_MAX_PARALLEL)) {
    fprintf(stderr, "opt-reduce: error: option '-j' expects a number of "
                    "tests from 1 to %d, not '%ld'\n",
            IRS_SUPERVISOR_MAX_PARALLEL, c.jobs);
    ok = false;
  }
  if (ok && (c.testRuns < 1 || c.testRuns > 1000000)) {
    fprintf(stderr, "opt-reduce: error: option '--test-runs' expects a "
                    "positive number of runs, not '%ld'\n",
            c.testRuns);
    ok = false;
  }
  double minRate = 0;
  if (ok && c.minRate) {
    char *end;
    minRate = strtod(c.minRate, &end);
    if (end == c.minRate || *end || !(minRate > 0 && minRate <= 1)) {
      fprintf(stderr, "opt-reduce: error: option '--min-rate' expects a "
                      "fraction in (0, 1], not '%s'\n",
              c.minRate);
      ok = false;
    }
  }
  if (ok && c.checkDeterminism && *c.checkDeterminism &&
      strcmp(c.checkDeterminism, "threads") != 0) {
    fprintf(stderr, "opt-reduce: error: option '--check-determinism' expects "
                    "nothing or '=threads', not '%s'\n",
            c.checkDeterminism);
    ok = false;
  }
  if (ok && c.tool && !toolOptionsOk(&c))
    ok = false;
  if (ok && c.checkDeterminism && c.test) {
    fprintf(stderr, "opt-reduce: error: '--check-determinism' needs a "
                    "pipeline, not a test script\n");
    ok = false;
  }
  IrsExecOptions exec = irsExecOptionsDefault();
  IrsExecTolerance tolerance = {0, 0};
  if (ok && !miscompileOptions(&c, &exec, &tolerance))
    ok = false;
  uint64_t seed = 0;
  if (ok && c.seed) {
    char *end;
    errno = 0;
    seed = strtoull(c.seed, &end, 0);
    if (errno || end == c.seed || *end || c.seed[0] == '-') {
      fprintf(stderr, "opt-reduce: error: option '--seed' expects a "
                      "non-negative integer, not '%s'\n",
              c.seed);
      ok = false;
    }
  }
  if (!ok) {
    rc = EXIT_USAGE;
    goto done;
  }
  c.tty = isatty(2);

  IrsErrorKind kind = IRS_OK;
  IrsInput in = irsInputCreateFromFile(c.input, errLine, NULL, &kind);
  if (irsInputIsNull(in)) {
    rc = EXIT_USAGE;
    goto done;
  }
  IrsPipeline pipe = {NULL};
  if (c.pipeline) {
    pipe = irsPipelineCreateParse(mlirStringRefCreateFromCString(c.pipeline),
                                  errLine, NULL);
  } else if (c.passFlags.num) {
    pipe = irsOptionsPipelineFromFlags(&c.passFlags, errLine, NULL);
  }
  if (!c.test && irsPipelineIsNull(pipe)) {
    irsInputDestroy(in);
    rc = EXIT_USAGE;
    goto done;
  }

  // Tool mode: the input as the tool prints it in generic form.
  OrTool tool = {0};
  char generic[512];
  if (c.tool) {
    if (!orToolCreate(&tool, c.tool, &c.toolArgs, c.pipeline, &c.passFlags) ||
        !orToolPrepare(&tool, c.input, generic, sizeof(generic))) {
      orToolDestroy(&tool);
      irsPipelineDestroy(pipe);
      irsInputDestroy(in);
      rc = EXIT_USAGE;
      goto done;
    }
    irsInputDestroy(in);
    in = irsInputCreateFromFile(generic, errLine, NULL, &kind);
    if (c.verbose && !tool.takesPoison)
      fprintf(stderr, "opt-reduce: note: the tool does not take 'ub.poison': "
                      "uses of erased results get an earlier value of the "
                      "same type instead, and operands are not replaced by "
                      "poison\n");
  }
  // Candidates are tested in forked children of this process, which may run
  // passes only if the context has no thread pool. In tool mode the
  // context registers no dialect: the tool's ops stay generic and
  // round-trip verbatim, whatever MLIR revision the tool is built on.
  mlirRegisterAllPasses();
  MlirDialectRegistry reg = mlirDialectRegistryCreate();
  if (!c.tool)
    mlirRegisterAllDialects(reg);
  irsToolPluginsAddDialects(&c.plugins, reg);
  MlirContext ctx = mlirContextCreateWithRegistry(reg, false);
  mlirDialectRegistryDestroy(reg);
  mlirContextSetAllowUnregisteredDialects(ctx, c.allowUnregistered);
  if (c.tool)
    orToolSetUpContext(&tool, ctx);
  IrsDiagnosticCapture diags = irsDiagnosticCaptureCreate(ctx, forwardDiag, NULL);
  irsDiagnosticCaptureSetFallbackFileName(
      diags, mlirStringRefCreateFromCString(irsInputGetSourceName(in)));
  for (size_t i = 0; i < c.irdlFiles.num && rc == EXIT_OK; ++i) {
    IrsInput d = irsInputCreateFromFile(c.irdlFiles.items[i], errLine, NULL, &kind);
    MlirModule dm = irsInputIsNull(d) ? (MlirModule){NULL}
                                      : irsInputParseChunk(d, ctx, 0);
    if (mlirModuleIsNull(dm) || mlirLogicalResultIsFailure(mlirLoadIRDLDialects(dm))) {
      fprintf(stderr, "opt-reduce: error: cannot load IRDL dialects from '%s'\n",
              c.irdlFiles.items[i]);
      rc = EXIT_USAGE;
    }
    if (!mlirModuleIsNull(dm))
      mlirModuleDestroy(dm);
    irsInputDestroy(d);
  }
  MlirModule m = rc == EXIT_OK ? irsInputParseChunk(in, ctx, 0) : (MlirModule){NULL};
  if (rc == EXIT_OK && mlirModuleIsNull(m))
    rc = EXIT_USAGE;
  // From here on diagnostics belong to candidates, which print their own.
  irsDiagnosticCaptureDestroy(diags);
  if (rc != EXIT_OK) {
    mlirContextDestroy(ctx);
    irsPipelineDestroy(pipe);
    irsInputDestroy(in);
    goto done;
  }

  if (!c.test && !c.tool) {
    IrsInstrumentationOptions o = irsInstrumentationOptionsDefault();
    o.threadingEnabled = false;
    o.passRegistry = c.plugins.registry;
    IrsPassManager vpm = irsPassManagerCreate(ctx, pipe, &o, errLine, NULL);
    bool bad = irsPassManagerIsNull(vpm);
    irsPassManagerDestroy(vpm);
    MlirStringRef root = irsPipelineGetRootAnchor(pipe);
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(mlirModuleGetOperation(m)));
    if (!bad && !(root.length == 3 && !memcmp(root.data, "any", 3)) &&
        (root.length != name.length || memcmp(root.data, name.data, name.length))) {
      fprintf(stderr, "opt-reduce: error: the pipeline is anchored on '%.*s' but the input's top-level operation is '%.*s'\n",
              (int)root.length, root.data, (int)name.length, name.data);
      bad = true;
    }
    if (bad) {
      mlirModuleDestroy(m);
      mlirContextDestroy(ctx);
      irsPipelineDestroy(pipe);
      irsInputDestroy(in);
      rc = EXIT_USAGE;
      goto done;
    }
  }
  const char **testArgv = NULL;
  int testArgc = 0;
  if (c.test) {
    testArgv = calloc(c.testArgs.num + 2, sizeof(char *));
    testArgv[testArgc++] = c.test;
    for (size_t i = 0; i < c.testArgs.num; ++i)
      testArgv[testArgc++] = c.testArgs.items[i];
  }
  IrsReduceOptions ro;
  memset(&ro, 0, sizeof(ro));
  ro.pipeline = pipe;
  ro.testArgv = testArgv;
  ro.testArgc = testArgc;
  ro.testMustFail = c.mustFail;
  ro.toolArgv = c.tool ? tool.argv : NULL;
  ro.toolArgc = tool.argc;
  ro.anyFailure = c.anyFailure;
  ro.matchRegex = c.match;
  ro.testTimeoutSec = testTimeout;
  ro.maxTimeSec = maxTime;
  ro.memoryLimitBytes = memLimit;
  ro.outputPath = c.output;
  ro.strategies = c.strategies;
  ro.jobs = (int)c.jobs;
  ro.adaptiveJobs = c.autoJobs;
  ro.printGeneric = c.printGeneric;
  ro.printDebugInfo = c.printDebugInfo;
  ro.testRuns = (int)c.testRuns;
  ro.minRate = minRate;
  ro.hasSeed = c.seed != NULL;
  ro.seed = seed;
  ro.passRegistry = c.plugins.registry;
  ro.plugins = c.plugins.plugins;
  ro.checkDeterminism = !c.checkDeterminism     ? 0
                        : *c.checkDeterminism ? 2
                                              : 1;
  if (c.miscompile) {
    exec.allowUnregistered = c.allowUnregistered;
    exec.memoryLimitBytes = memLimit;
    ro.miscompile = &exec;
    ro.tolerance = tolerance;
    ro.execSetup = irsToolExecWorkerSetup;
    ro.execSetupUserData = "opt-reduce";
  }
  ro.onProgress = progress;
  ro.userData = &c;
  ro.stopFlag = &stopFlag;
  IrsReducer r = irsReducerCreate(ctx, m, &ro, errLine, NULL);
  if (!r.ptr) {
    rc = EXIT_USAGE;
  } else {
    int64_t before = 0;
    (void)before;
    IrsStatus st = irsReducerRun(r);
    if (c.tty && c.lastLen)
      fputs("\r\033[K", stderr); // the live line gives way to the summary
    MlirStringRef msg = irsReducerGetMessage(r);
    if (!irsStatusIsOk(st)) {
      fprintf(stderr, "opt-reduce: error: %.*s\n", (int)msg.length, msg.data);
      rc = st.kind == IRS_ERR_IO ? EXIT_IO : EXIT_USAGE;
    } else {
      MlirOperation best = irsReducerGetModule(r);
      const IrsSignature *sig = irsReducerGetSignature(r);
      MlirStringRef p = irsReducerGetPipeline(r);
      printSummary(&c, r, pipe);
      bool caller = !c.test && sig->site[0] && sig->siteCaller[0];
      char kind[32];
      fprintf(stderr,
              "opt-reduce: %.*s: wrote '%s' (%lld tests)%s%s%s%s%s%s%s%s%s\n",
              (int)msg.length, msg.data, c.output,
              (long long)irsReducerGetTestsRun(r),
              c.test ? "" : "; signature: ", c.test ? "" : irsSignatureFormatKind(sig, kind, sizeof(kind)),
              c.test || !sig->pass[0] ? "" : " in ", c.test ? "" : sig->pass,
              !c.test && sig->site[0] ? " at " : "",
              !c.test && sig->site[0] ? sig->site : "",
              caller ? " (under " : "", caller ? sig->siteCaller : "",
              caller ? ")" : "");
      if (c.tool && !c.printGeneric)
        printBack(&c, &tool);
      if (c.reproducer && !c.test &&
          irsReproducerWriteFileWithPlugins(best, c.reproducer, p, true, true,
                                            c.plugins.plugins) != 0) {
        fprintf(stderr, "opt-reduce: error: cannot write '%s'\n", c.reproducer);
        rc = EXIT_IO;
      }
      if (c.litTest && !c.test) {
        int e = c.miscompile ? irsReduceWriteMiscompileLitTest(
                                   c.litTest, c.input, best, p, sig, &exec)
                             : writeLitTest(&c, r, best);
        if (e) {
          fprintf(stderr, "opt-reduce: error: cannot write '%s': %s\n",
                  c.litTest, strerror(e));
          rc = EXIT_IO;
        }
      }
    }
    irsReducerDestroy(r);
  }
  orToolDestroy(&tool); // its temporary directory, before the quick exit
#if !defined(__SANITIZE_ADDRESS__)
  // Everything is written and the temporary directory is gone: tearing
  // down the context and LLVM's static objects only costs time (about
  // 20 ms, a twentieth of a small reduction). The sanitizer build takes
  // the long way so that its leak check sees everything freed.
  fflush(NULL);
  _exit(rc);
#endif
  free(testArgv);
  mlirContextDestroy(ctx);
  irsPipelineDestroy(pipe);
  irsInputDestroy(in);
done:
  irsStringListFree(&c.testArgs);
  irsStringListFree(&c.passFlags);
  irsStringListFree(&c.irdlFiles);
  irsToolPluginsFree(&c.plugins);
  irsStringListFree(&c.toolArgs);
  return rc;
}
