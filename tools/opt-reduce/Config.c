// SPDX-License-Identifier: Apache-2.0
//===- Config.c - opt-reduce's option table, its checks and rules ---------===//
#define _GNU_SOURCE
#include "Config.h"

#include "ConfigStart.h"
#include "ShellQuote.h"

#include "irscope/Reduce.h"
#include "irscope/RunDir.h"
#include "irscope/Supervisor.h"
#include "irscope/Support.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
  return irsOptionsTakePassFlag(arg, &((OrConfig *)ud)->passFlags);
}

//===----------------------------------------------------------------------===//
// Value checks of the rows (IrsOptionCheckFn)
//===----------------------------------------------------------------------===//

static const IrsOptionWords litTestModes = {
    (const char *const[]){"fix", "pin", NULL},
    "unknown --emit-lit-test-mode '%s' (expected fix or pin)"};

// No -j (LONG_MIN): as many tests as online CPUs, adapted while they are
// short (dest: the config's autoJobs).
static bool checkJobs(const IrsOption *o, char *err, size_t n) {
  long *jobs = o->value;
  if (*jobs == LONG_MIN) {
    *(bool *)o->dest = true;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    *jobs = cpus > 0 ? cpus : 1;
    if (*jobs > IRS_SUPERVISOR_MAX_PARALLEL)
      *jobs = IRS_SUPERVISOR_MAX_PARALLEL;
    return true;
  }
  if (*jobs >= 1 && *jobs <= IRS_SUPERVISOR_MAX_PARALLEL)
    return true;
  snprintf(err, n, "option '-j' expects a number of tests from 1 to %d, not "
                   "'%ld'", IRS_SUPERVISOR_MAX_PARALLEL, *jobs);
  return false;
}

static bool checkTestRuns(const IrsOption *o, char *err, size_t n) {
  long runs = *(long *)o->value;
  if (runs >= 1 && runs <= 1000000)
    return true;
  snprintf(err, n, "option '--test-runs' expects a positive number of runs, "
                   "not '%ld'", runs);
  return false;
}

static bool checkMinRate(const IrsOption *o, char *err, size_t n) {
  const char *v = *(const char **)o->value;
  if (!v)
    return true;
  char *end;
  double rate = strtod(v, &end);
  *(double *)o->dest = rate;
  if (end != v && !*end && rate > 0 && rate <= 1)
    return true;
  snprintf(err, n, "option '--min-rate' expects a fraction in (0, 1], not "
                   "'%s'", v);
  return false;
}

static const IrsOptionWords determinismModes = {
    (const char *const[]){"", "threads", NULL},
    "option '--check-determinism' expects nothing or '=threads', not '%s'"};

static bool checkSeed(const IrsOption *o, char *err, size_t n) {
  const char *v = *(const char **)o->value;
  if (!v || irsOptionsParseUint64(v, o->dest))
    return true;
  snprintf(err, n, "option '--seed' expects a non-negative integer, not '%s'",
           v);
  return false;
}

// --chunk counts from 1, as lines do (dest: the config's chunkValue).
static bool checkChunk(const IrsOption *o, char *err, size_t n) {
  const char *v = *(const char **)o->value;
  uint64_t k = 0;
  if (!v || (irsOptionsParseUint64(v, &k) && k >= 1 && k <= LONG_MAX &&
             (*(long *)o->dest = (long)k, true)))
    return true;
  snprintf(err, n, "option '--chunk' expects a chunk number from 1, not '%s'",
           v);
  return false;
}

// --miscompile's execution options (dest: the config).
static bool checkMiscompile(const IrsOption *o, char *err, size_t n) {
  OrConfig *c = o->dest;
  return !c->miscompile || irsToolExecFlagsCheck(&c->execFlags, &c->exec,
                                                 &c->tolerance, err, n);
}

//===----------------------------------------------------------------------===//
// Rules between rows
//===----------------------------------------------------------------------===//

static const IrsOptionConflict conflicts[] = {
    // Tool mode needs a pipeline (the tool's, as pass flags or
    // --pass-pipeline).
    IRS_OPT_EXCLUDES("test", "tool"),
    IRS_OPT_EXCLUDES("check-determinism", "tool"),
    IRS_OPT_EXCLUDES("irdl-file", "tool"),
    IRS_OPT_EXCLUDES("failure-dir", "tool"),
    IRS_OPT_EXCLUDES("miscompile", "tool"),
    IRS_OPT_NEEDS("chunk", "split-input-file"),
    IRS_OPT_CONFLICT("failure-dir", "test", IrsOptionExcludes,
                     "'%1$s' needs a pipeline, not a test script"),
    IRS_OPT_EXCLUDES("failure-dir", "miscompile"),
    IRS_OPT_CONFLICT("check-determinism", "test", IrsOptionExcludes,
                     "'%1$s' needs a pipeline, not a test script"),
    IRS_OPT_CONFLICT("miscompile", "test", IrsOptionExcludes,
                     "'%1$s' needs a pipeline and cannot be combined with "
                     "'%2$s'"),
    // A miscompile has no failure to pin, only a wrong output: its test
    // checks the right one and fails today; a known-bug suite marks it
    // XFAIL, which lit reports once the fix makes it pass.
    IRS_OPT_CONFLICT("emit-lit-test-mode=pin", "miscompile", IrsOptionExcludes,
                     "'%1$s' cannot be combined with '%2$s': its test "
                     "checks the correct output and fails today (a known-bug "
                     "suite marks it XFAIL)"),
    IRS_OPT_CONFLICT("miscompile", "check-determinism", IrsOptionExcludes,
                     "'%1$s' needs a pipeline and cannot be combined with "
                     "'%2$s'"),
    IRS_OPT_CONFLICTS_END(),
};

//===----------------------------------------------------------------------===//
// The table
//===----------------------------------------------------------------------===//

enum { kNumOptions = 43 };

static void fillTable(OrConfig *c, IrsOption *t) {
  const IrsOption opts[] = {
      IRS_OPT_STRING('o', "o", &c->output, "FILE",
                     "best result so far (default reduced.mlir; '-': "
                     "stdout, at the end)"),
      IRS_OPT_STRING(0, "pass-pipeline", &c->pipeline, "PIPELINE",
                     "the pipeline whose failure is reduced"),
      IRS_OPT_STRING(0, "test", &c->test, "SCRIPT",
                     "interestingness test; the candidate file is its last "
                     "argument"),
      IRS_OPT_LIST(0, "test-arg", &c->testArgs, "ARG",
                   "argument for the test (repeatable)"),
      IRS_OPT_STRING(0, "tool", &c->tool, "PATH",
                     "run the pipeline with this mlir-opt compatible tool "
                     "(its own dialects and passes)"),
      IRS_OPT_LIST(0, "tool-arg", &c->toolArgs, "ARG",
                   "argument for the tool, before the pipeline (repeatable)"),
      IRS_OPT_BOOL(0, "tool-fork-server", &c->toolForkServer,
                   "start the tool once and fork it per test (default; =0: "
                   "exec it per test)"),
      IRS_OPT_BOOL(0, "test-must-fail", &c->mustFail,
                   "non-zero exit of the test means interesting"),
      IRS_OPT_STRING(0, "match", &c->match, "REGEX",
                     "first error message must match REGEX instead"),
      IRS_OPT_BOOL(0, "any-failure", &c->anyFailure, "accept any failure"),
      IRS_OPT_STRING_CB(0, "test-timeout", &c->testTimeout, "SECONDS",
                        "kill a candidate test after this long",
                        irsOptionCheckSeconds, &c->testTimeoutSec),
      IRS_OPT_STRING_CB(0, "max-time", &c->maxTime, "SECONDS",
                        "stop reducing after this long", irsOptionCheckSeconds,
                        &c->maxTimeSec),
      IRS_OPT_STRING_CB(0, "memory-limit", &c->memoryLimit, "BYTES",
                        "kill a candidate above this resident size",
                        irsOptionCheckSize, &c->memoryLimitBytes),
      IRS_OPT_STRING(0, "strategies", &c->strategies, "LIST",
                     "comma-separated strategies (see --list-strategies)"),
      IRS_OPT_BOOL(0, "list-strategies", &c->listStrategies,
                   "list reduction strategies and exit"),
      IRS_OPT_OPTSTRING(0, "split-input-file", &c->splitInputFile, "MARKER",
                        "reduce the first failing chunk (default: // -----)"),
      IRS_OPT_STRING_CB(0, "chunk", &c->chunk, "N", "reduce chunk N (from 1)",
                        checkChunk, &c->chunkValue),
      IRS_OPT_STRING(0, "reproducer", &c->reproducer, "FILE",
                     "also write an mlir_reproducer with the reduced pipeline"),
      IRS_OPT_STRING(0, "emit-lit-test", &c->litTest, "FILE",
                     "also write the lit regression test of the fix"),
      IRS_OPT_STRING(0, "failure-dir", &c->failureDir, "DIR",
                     "document a reduced crash, hang or memory blow-up in "
                     "DIR as irscope-opt does (" IRS_RUN_DIR_REPORT
                     ", reproducers)"),
      IRS_OPT_STRING_CB(0, "emit-lit-test-mode", &c->litTestMode, "fix|pin",
                        "fix (default): passes once fixed; pin: expects the "
                        "failure of today",
                        irsOptionCheckWords, (void *)&litTestModes),
      IRS_OPT_INT_CB('j', "j", &c->jobs, "N",
                     "tests run at once (default: online CPUs)", checkJobs,
                     &c->autoJobs),
      IRS_OPT_INT_CB(0, "test-runs", &c->testRuns, "K",
                     "runs per candidate (flaky failures; default 1)",
                     checkTestRuns, NULL),
      IRS_OPT_STRING_CB(0, "min-rate", &c->minRate, "R",
                        "fraction of the runs that must fail (default: one)",
                        checkMinRate, &c->minRateValue),
      IRS_OPT_OPTSTRING_CB(0, "check-determinism", &c->checkDeterminism,
                           "threads",
                           "the failure is nondeterminism: a step whose two "
                           "runs on identical input differ (=threads: "
                           "threading on, then off), as irscope-opt "
                           "--check-determinism",
                           irsOptionCheckWords, (void *)&determinismModes),
      IRS_OPT_BOOL_CB(0, "miscompile", &c->miscompile,
                      "reduce while the step that changes the program's "
                      "results still does",
                      checkMiscompile, c),
      IRS_TOOL_EXEC_OPTIONS(&c->execFlags, "--miscompile"),
      IRS_OPT_STRING_CB(0, "seed", &c->seed, "N",
                        "seed handed to passes that draw random numbers",
                        checkSeed, &c->seedValue),
      IRS_OPT_BOOL(0, "allow-unregistered-dialect", &c->allowUnregistered,
                   "allow operations of unregistered dialects"),
      IRS_OPT_PLUGINS(&c->plugins),
      IRS_OPT_LIST(0, "irdl-file", &c->irdlFiles, "FILE",
                   "load IRDL dialects (repeatable)"),
      IRS_OPT_BOOL(0, "version", &c->version, "print the version and exit"),
      IRS_OPT_BOOL(0, "mlir-print-op-generic", &c->printGeneric,
                   "write -o in the generic op form"),
      IRS_OPT_BOOL(0, "mlir-print-debuginfo", &c->printDebugInfo,
                   "write -o with locations"),
      IRS_OPT_BOOL(0, "mlir-disable-threading", &c->disableThreading,
                   "accepted for mlir-opt command lines: candidates always "
                   "run single-threaded"),
      IRS_OPT_BOOL('v', "verbose", &c->verbose,
                   "print a line per test: candidate, outcome, time"),
      IRS_OPT_BOOL('h', "help", &c->help, "print this help and exit"),
      IRS_OPT_END(),
  };
  _Static_assert(sizeof(opts) / sizeof(opts[0]) <= kNumOptions,
                 "kNumOptions is too small for the table");
  memcpy(t, opts, sizeof(opts));
}

static const char usageMore[] =
    "\nIn-process mode keeps a candidate if the pipeline still fails the "
    "same way\n(kind, failing pass, first error with numbers and names "
    "masked).\nScript mode keeps it if SCRIPT [--test-arg]... FILE exits "
    "0 (or non-zero\nwith --test-must-fail). Exit codes: 0 reduced, 2 "
    "usage error or input not\ninteresting, 4 I/O error.\n";

static int usageError(const char *message) {
  return irsConfigUsageError("opt-reduce", message);
}

// mlir-opt's `--split-input-file[=MARKER]` (or `-split-input-file`) in a
// list of flags for the tool or the test: the chunk is found and reduced
// here. Taken out of the tool's flags (each candidate is one module, and
// tool mode's batches split at their own marker); left in the test's, which
// are the user's script's arguments.
static void takeSplitFlag(OrConfig *c, IrsStringList *flags, bool remove) {
  for (size_t i = 0; i < flags->num;) {
    const char *f = flags->items[i];
    const char *name = f + (f[0] == '-') + (f[0] == '-' && f[1] == '-');
    size_t len = strlen("split-input-file");
    if (f[0] != '-' || strncmp(name, "split-input-file", len) != 0 ||
        (name[len] != '\0' && name[len] != '=')) {
      ++i;
      continue;
    }
    if (!c->splitInputFile)
      c->splitInputFile = name[len] == '=' ? name + len + 1 : "";
    if (!remove) {
      ++i;
      continue;
    }
    memmove(&flags->items[i], &flags->items[i + 1],
            (flags->num - i - 1) * sizeof(*flags->items));
    --flags->num;
  }
}

int orConfigParse(OrConfig *c, int argc, char **argv) {
  memset(c, 0, sizeof(*c));
  c->output = "reduced.mlir";
  c->jobs = LONG_MIN; // not given (any given value is checked)
  c->testRuns = 1;
  c->toolForkServer = true;
  c->exec = irsExecOptionsDefault();
  IrsOption opts[kNumOptions];
  fillTable(c, opts);
  const IrsConfigStart start = {
      .tool = "opt-reduce",
      .synopsis = "opt-reduce INPUT (--pass-pipeline=PIPE | --<pass>... "
                  "| --test=SCRIPT) [options]",
      .usageMore = usageMore,
      .unknown = passFlag,
      .userData = c,
      .suspects = &c->suspects,
      .help = &c->help,
      .version = &c->version,
      .plugins = &c->plugins,
  };
  int npos, rc = irsConfigStart(&start, argc, argv, opts, &npos);
  if (rc >= 0)
    return rc;
  if (c->listStrategies) {
    for (intptr_t i = 0; i < irsReduceStrategyGetNum(); ++i)
      printf("  %-16s %s\n", irsReduceStrategyGetName(i),
             irsReduceStrategyGetDescription(i));
    return irsOutcomeGetExitCode(IrsOutcomeOk);
  }
  if (npos != 1)
    return usageError("expected exactly one input file");
  c->input = argv[1];
  // A flag that names no pass is a mistyped option (not for --tool, whose
  // passes are the tool's); then the mode, which no row of the table says.
  char err[512];
  if (!c->tool &&
      !irsOptionsCheckPassFlags(opts, &c->passFlags, &c->suspects,
                                c->plugins.registry, err, sizeof(err)))
    return usageError(err);
  takeSplitFlag(c, &c->toolArgs, true);
  takeSplitFlag(c, &c->testArgs, false);
  if ((c->pipeline != NULL) + (c->passFlags.num > 0) + (c->test != NULL) != 1)
    return usageError("give exactly one of --pass-pipeline, pass flags, or "
                      "--test");
  return irsOptionsCheck("opt-reduce", opts, conflicts)
             ? -1
             : irsOutcomeGetExitCode(IrsOutcomeUsageError);
}

void orConfigFree(OrConfig *c) {
  irsStringListFree(&c->testArgs);
  irsStringListFree(&c->passFlags);
  irsStringListFree(&c->irdlFiles);
  irsToolPluginsFree(&c->plugins);
  irsStringListFree(&c->toolArgs);
  free(c->inputShown);
}

char *orConfigReadFlags(const OrConfig *c) {
  size_t n = c->irdlFiles.num + 1;
  char **argv = calloc(n, sizeof(*argv));
  int argc = 0;
  bool ok = argv != NULL;
  if (ok && c->allowUnregistered)
    ok = (argv[argc++] = strdup("--allow-unregistered-dialect")) != NULL;
  for (size_t i = 0; ok && i < c->irdlFiles.num; ++i) {
    char *real = realpath(c->irdlFiles.items[i], NULL);
    const char *path = real ? real : c->irdlFiles.items[i];
    ok = asprintf(&argv[argc], "--irdl-file=%s", path) >= 0;
    argc += ok;
    free(real);
  }
  char *joined = ok ? irsToolShellJoin(argc, argv) : NULL;
  char *flags = NULL;
  if (joined && asprintf(&flags, "%s%s", *joined ? " " : "", joined) < 0)
    flags = NULL;
  free(joined);
  for (int i = 0; i < argc; ++i)
    free(argv[i]);
  free(argv);
  return flags;
}
