// SPDX-License-Identifier: Apache-2.0
//===- Config.c - irscope-opt's option table, its checks and rules --------===//
//
// Every option irscope-opt has, the checks of their values (turning them
// into the typed fields of IrsOptConfig) and the rules between them, with
// the usage text and the early exits (--help, --version, --list-passes).
// Checks that need the input (a --run-reproducer's pipeline) stay with
// the run (Driver.c).
//
//===----------------------------------------------------------------------===//
#include "Config.h"

#include "ConfigStart.h"
#include "ShellQuote.h"

#include "irscope/RunDir.h"
#include "irscope/Support.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// mlir-opt options irscope-opt does not have. Upstream bug reports pass
// them (`--verify-diagnostics`, `-debug`, `--mlir-print-stacktrace-on-
// diagnostic`); taken as pass flags they would be reported as passes that do
// not exist, which sends the reader looking for a pass. MLIR names no pass
// "mlir-*".
static bool isMlirOptOnlyOption(const char *name) {
  static const char *const names[] = {
      "verify-diagnostics", "debug", "debug-only", "dump-pass-pipeline",
      "show-dialects", "log-actions-to", "verify-roundtrip", "emit-bytecode-version"};
  if (strncmp(name, "mlir-", 5) == 0)
    return true;
  size_t n = strcspn(name, "=");
  for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); ++i)
    if (strlen(names[i]) == n && strncmp(name, names[i], n) == 0)
      return true;
  return false;
}

// "--cse" and "-cse" both name a pass, as in mlir-opt.
static bool passFlag(const char *arg, void *ud) {
  if (arg[0] == '-' && isMlirOptOnlyOption(arg + 1 + (arg[1] == '-')))
    return false; // reported as an unknown option
  return irsOptionsTakePassFlag(arg, &((IrsOptConfig *)ud)->passFlags);
}

//===----------------------------------------------------------------------===//
// Value checks of the rows (IrsOptionCheckFn)
//===----------------------------------------------------------------------===//

// Values of mlir-opt's display options. The C API only creates MLIR's
// default timing manager, whose display is the tree: the list display cannot
// be had, and is refused rather than silently shown as a tree.
static bool checkTimingDisplay(const IrsOption *o, char *err, size_t n) {
  const char *v = *(const char **)o->value;
  if (!strcmp(v, "list")) {
    snprintf(err, n, "'--mlir-timing-display=list' is not available (MLIR's "
                     "C API only prints the tree display)");
    return false;
  }
  if (!strcmp(v, "tree"))
    return true;
  snprintf(err, n, "option '--mlir-timing-display' expects 'list' or 'tree', "
                   "not '%s'", v);
  return false;
}

static const IrsOptionWords statisticsDisplays = {
    (const char *const[]){"list", "pipeline", NULL},
    "option '--mlir-pass-statistics-display' expects 'list' or 'pipeline', "
    "not '%s'"};

// Into cfg->sort (dest: the config). With --tool an order it does not know
// has always meant the pipeline's, without a word.
static bool checkTimingSort(const IrsOption *o, char *err, size_t n) {
  IrsOptConfig *cfg = o->dest;
  const char *v = cfg->timingSort;
  cfg->sort = !strcmp(v, "wall") ? IrsTimingSortWall
              : !strcmp(v, "cpu") ? IrsTimingSortCpu
                                  : IrsTimingSortPipeline;
  if (cfg->tool.path || !strcmp(v, "pipeline") ||
      cfg->sort != IrsTimingSortPipeline)
    return true;
  snprintf(err, n, "unknown --timing-sort '%s' (expected pipeline, wall or "
                   "cpu)", v);
  return false;
}

static bool checkRepeat(const IrsOption *o, char *err, size_t n) {
  const char *v = *(const char **)o->value;
  if (!v)
    return true;
  char *end;
  errno = 0;
  long runs = strtol(v, &end, 10);
  if (end != v && !*end && !errno && runs > 0 && runs <= 100000000) {
    *(long *)o->dest = runs;
    return true;
  }
  snprintf(err, n, "option '--repeat' expects a positive number of runs, not "
                   "'%s'", v);
  return false;
}

// --shard=I/K, 1 <= I <= K: into cfg->repeat.shard and cfg->repeat.numShards.
static bool checkShard(const IrsOption *o, char *err, size_t n) {
  const char *v = *(const char **)o->value;
  IrsOptConfig *cfg = o->dest;
  if (!v)
    return true;
  char *end;
  errno = 0;
  long i = strtol(v, &end, 10), k = 0;
  if (end != v && *end == '/') {
    const char *ks = end + 1;
    k = strtol(ks, &end, 10);
    if (end == ks || *end)
      k = 0;
  }
  if (!errno && k > 0 && i >= 1 && i <= k && k <= 100000000) {
    cfg->repeat.shard = i;
    cfg->repeat.numShards = k;
    return true;
  }
  snprintf(err, n, "option '--shard' expects I/K with 1 <= I <= K, not '%s'",
           v);
  return false;
}

static bool checkSeed(const IrsOption *o, char *err, size_t n) {
  const char *v = *(const char **)o->value;
  IrsOptConfig *cfg = o->dest;
  if (!v || (cfg->seed.given = irsOptionsParseUint64(v, &cfg->seed.value)))
    return true;
  snprintf(err, n, "option '--seed' expects an unsigned 64-bit integer, not "
                   "'%s'", v);
  return false;
}

static const IrsOptionWords diagnosticFormats = {
    (const char *const[]){"mlir", "plain", NULL},
    "unknown --diagnostic-format '%s' (expected mlir or plain)"};

static const IrsOptionWords verifyModes = {
    (const char *const[]){"", "all", "only-expected", NULL},
    "unknown --verify-diagnostics '%s' (expected all or only-expected)"};

static const IrsOptionWords determinismModes = {
    (const char *const[]){"", "threads", NULL},
    "option '--check-determinism' takes no value or '=threads', not '%s'"};

// --check-results' execution options, checked whether it is given or not.
static bool checkExecOptions(const IrsOption *o, char *err, size_t n) {
  IrsOptConfig *cfg = o->dest;
  return irsToolExecFlagsCheck(&cfg->results.execFlags, &cfg->results.exec,
                               &cfg->results.tolerance, err, n);
}

//===----------------------------------------------------------------------===//
// Rules between rows
//===----------------------------------------------------------------------===//

#define MLIR_INSTRUMENTATION_EXCLUDES(other)                                   \
  IRS_OPT_CONFLICT("mlir-print-ir-before-all", other, IrsOptionExcludes,       \
                   kInstrumented),                                             \
      IRS_OPT_CONFLICT("mlir-print-ir-after-all", other, IrsOptionExcludes,    \
                       kInstrumented),                                         \
      IRS_OPT_CONFLICT("mlir-print-ir-after-failure", other,                   \
                       IrsOptionExcludes, kInstrumented),                      \
      IRS_OPT_CONFLICT("mlir-timing", other, IrsOptionExcludes,                \
                       kInstrumented),                                         \
      IRS_OPT_CONFLICT("mlir-pass-statistics", other, IrsOptionExcludes,       \
                       kInstrumented)

// Repeating modes run every step several times: MLIR's printers would
// print each run, interleaved, with nothing to tell them apart.
static const char kInstrumented[] =
    "mlir-opt's '--mlir-print-ir-*', '--mlir-timing' and "
    "'--mlir-pass-statistics' cannot be combined with '%2$s'";
static const char kNeedsProtection[] =
    "'--step-timeout' and '--memory-limit' need crash protection; drop "
    "'--crash-protection=0'";

// --repeat counts how often a run fails, each run's verdict made in its
// own child when the run ends; a wrong result is known only after the
// supervisor has executed and bisected the steps' IR of one run.
static const char kResultsRepeat[] =
    "'--check-results' cannot be combined with '--repeat': a repetition's "
    "verdict is its run's, and a wrong result needs executions after the "
    "run; check one run with '--seed=S' instead";

static const IrsOptionConflict rules[] = {
    IRS_OPT_NEEDS("stop-on-failure", "repeat"),
    IRS_OPT_NEEDS("repeat-whole", "repeat"),
    IRS_OPT_NEEDS("shard", "repeat"),
    // Shards are slices of one hunt: they must share its master seed.
    IRS_OPT_NEEDS("shard", "seed"),
    IRS_OPT_NEEDS("repeat-stepwise", "repeat"),
    IRS_OPT_EXCLUDES("repeat-whole", "repeat-stepwise"),
    IRS_OPT_EXCLUDES("repeat", "check-determinism"),
    IRS_OPT_EXCLUDES("repeat", "dump-after-each"),
    IRS_OPT_EXCLUDES("repeat", "split-input-file"),
    IRS_OPT_EXCLUDES("repeat", "o!=-"),
    IRS_OPT_EXCLUDES("repeat", "emit-bytecode"),
    IRS_OPT_EXCLUDES("check-determinism", "dump-after-each"),
    IRS_OPT_EXCLUDES("resume-from", "run-reproducer"),
    IRS_OPT_EXCLUDES("resume-from", "split-input-file"),
    IRS_OPT_EXCLUDES("resume-from", "repeat"),
    IRS_OPT_CONFLICT("check-results", "repeat", IrsOptionExcludes,
                     kResultsRepeat),
    IRS_OPT_EXCLUDES("check-results", "crash-protection=0"),
    // Each repetition is its own run; one trace or test report of many
    // runs of the same steps would say nothing a dashboard can use.
    IRS_OPT_EXCLUDES("trace", "repeat"),
    IRS_OPT_EXCLUDES("junit", "repeat"),
    // Those modes run every step several times: each run would be matched
    // against the same expectations.
    IRS_OPT_EXCLUDES("verify-diagnostics", "repeat"),
    IRS_OPT_EXCLUDES("verify-diagnostics", "check-determinism"),
    IRS_OPT_CONFLICT("step-timeout", "crash-protection", IrsOptionNeeds,
                     kNeedsProtection),
    IRS_OPT_CONFLICT("memory-limit", "crash-protection", IrsOptionNeeds,
                     kNeedsProtection),
    IRS_OPT_CONFLICTS_END(),
};

// Without --tool: irscope-opt runs the passes itself.
static const IrsOptionConflict ownPassRules[] = {
    MLIR_INSTRUMENTATION_EXCLUDES("repeat"),
    MLIR_INSTRUMENTATION_EXCLUDES("check-determinism"),
    IRS_OPT_CONFLICTS_END(),
};

// irscope-opt options with no meaning when the tool runs the passes;
// mlir-opt's own exist in the tool.
static const char kNotWithTool[] = "'%1$s' is not available with '%2$s'";
static const char kToolHasIt[] =
    "'%1$s' is not available with '%2$s'; pass the tool's own option with "
    "'--tool-arg=%1$s'";
#define NOT_WITH_TOOL(name) IRS_OPT_CONFLICT(name, "tool", IrsOptionExcludes, \
                                             kNotWithTool)
#define TOOL_HAS_IT(name) IRS_OPT_CONFLICT(name, "tool", IrsOptionExcludes,   \
                                           kToolHasIt)
static const IrsOptionConflict toolRules[] = {
    NOT_WITH_TOOL("irdl-file"),
    NOT_WITH_TOOL("verify-with"),
    NOT_WITH_TOOL("split-input-file"),
    NOT_WITH_TOOL("run-reproducer"),
    NOT_WITH_TOOL("dump-in-background"),
    TOOL_HAS_IT("mlir-print-ir-before-all"),
    TOOL_HAS_IT("mlir-print-ir-after-all"),
    TOOL_HAS_IT("mlir-print-ir-tree-dir"),
    TOOL_HAS_IT("mlir-timing"),
    TOOL_HAS_IT("mlir-pass-statistics"),
    TOOL_HAS_IT("mlir-print-ir-after-change"),
    TOOL_HAS_IT("mlir-print-ir-after-failure"),
    TOOL_HAS_IT("mlir-print-ir-module-scope"),
    NOT_WITH_TOOL("seed"),
    // The tool's determinism check compares printed IR, no executions.
    IRS_OPT_EXCLUDES("check-results", "check-determinism"),
    TOOL_HAS_IT("verify-diagnostics"),
    IRS_OPT_CONFLICTS_END(),
};

//===----------------------------------------------------------------------===//
// The table
//===----------------------------------------------------------------------===//

// Rows whose storage is no field of the configuration: values checked into
// one, and the early exits.
typedef struct Given {
  const char *stepTimeout, *memoryLimit, *repeat, *seed, *shard;
  bool help, version, listPasses;
} Given;

enum { kNumOptions = 82 };

// The table in three parts (input and output; mlir-opt's own flags; the
// run), each appended at t[*n].
static void addRows(IrsOption *t, size_t *n, const IrsOption *rows,
                    size_t num) {
  if (*n + num > kNumOptions)
    abort(); // kNumOptions is too small for the table
  memcpy(t + *n, rows, num * sizeof(*rows));
  *n += num;
}

static void ioRows(IrsOptConfig *cfg, IrsOption *t, size_t *n) {
  const IrsOption rows[] = {
      IRS_OPT_STRING('o', "o", &cfg->io.output, "FILE",
                     "output file ('-' for stdout, the default)"),
      IRS_OPT_STRING(0, "pass-pipeline", &cfg->passPipeline, "PIPELINE",
                     "textual pass pipeline, e.g. 'builtin.module(cse)'"),
      IRS_OPT_OPTSTRING(0, "split-input-file", &cfg->io.splitInputFile, "MARKER",
                        "process each '// -----' chunk independently"),
      IRS_OPT_STRING(0, "output-split-marker", &cfg->io.outputSplitMarker,
                     "MARKER", "marker between chunks in the output"),
      IRS_OPT_OPTSTRING_CB(0, "verify-diagnostics", &cfg->verifyDiagnostics,
                           "all|only-expected",
                           "check diagnostics against expected-* comments",
                           irsOptionCheckWords, (void *)&verifyModes),
      IRS_OPT_STRING_CB(0, "diagnostic-format", &cfg->diagnosticFormat,
                        "FORMAT",
                        "mlir (as mlir-opt, the default) or plain (one line "
                        "each)",
                        irsOptionCheckWords, (void *)&diagnosticFormats),
      IRS_OPT_BOOL(0, "allow-unregistered-dialect", &cfg->allowUnregistered,
                   "allow operations of unregistered dialects"),
      IRS_OPT_BOOL(0, "mlir-print-op-generic", &cfg->print.generic,
                   "print operations in generic form"),
      IRS_OPT_BOOL(0, "mlir-print-debuginfo", &cfg->print.debugInfo,
                   "print locations"),
      IRS_OPT_INT(0, "mlir-elide-elementsattrs-if-larger",
                  &cfg->print.elideElementsAttrs, "N",
                  "elide elements attributes with more than N elements"),
      IRS_OPT_BOOL(0, "mlir-disable-threading", &cfg->disableThreading,
                   "run passes on a single thread"),
  };
  addRows(t, n, rows, sizeof(rows) / sizeof(rows[0]));
}

static void mlirOptRows(IrsOptConfig *cfg, IrsOption *t, size_t *n) {
  const IrsOption rows[] = {
      // mlir-opt's own flags, same names and meaning (printed by MLIR).
      IRS_OPT_BOOL(0, "mlir-print-ir-before-all", &cfg->mlir.printIrBeforeAll,
                   "mlir-opt's: print IR before each pass (stderr)"),
      IRS_OPT_BOOL(0, "mlir-print-ir-after-all", &cfg->mlir.printIrAfterAll,
                   "mlir-opt's: print IR after each pass (stderr)"),
      IRS_OPT_BOOL(0, "mlir-print-ir-after-change",
                   &cfg->mlir.printIrAfterChange,
                   "mlir-opt's: print after a pass only if the IR changed"),
      IRS_OPT_BOOL(0, "mlir-print-ir-after-failure",
                   &cfg->mlir.printIrAfterFailure,
                   "mlir-opt's: print IR after a pass that failed"),
      IRS_OPT_BOOL(0, "mlir-print-ir-module-scope",
                   &cfg->mlir.printIrModuleScope,
                   "mlir-opt's: print the top-level op (needs "
                   "--mlir-disable-threading)"),
      IRS_OPT_STRING(0, "mlir-print-ir-tree-dir", &cfg->mlir.printIrTreeDir,
                     "DIR", "mlir-opt's: print IR into a file tree in DIR"),
      IRS_OPT_BOOL(0, "mlir-timing", &cfg->mlir.timing,
                   "mlir-opt's: MLIR's execution time report (stderr)"),
      IRS_OPT_STRING_CB(0, "mlir-timing-display", &cfg->mlir.timingDisplay,
                        "tree", "mlir-opt's: timing display (tree only)",
                        checkTimingDisplay, NULL),
      IRS_OPT_BOOL(0, "mlir-pass-statistics", &cfg->mlir.passStatistics,
                   "mlir-opt's: print pass statistics (stderr)"),
      IRS_OPT_STRING_CB(0, "mlir-pass-statistics-display",
                        &cfg->mlir.passStatisticsDisplay, "MODE",
                        "mlir-opt's: list or pipeline (default)",
                        irsOptionCheckWords,
                        (void *)&statisticsDisplays),
      IRS_OPT_BOOL(0, "mlir-print-local-scope", &cfg->print.localScope,
                   "mlir-opt's: print with local scope, no aliases"),
      IRS_OPT_BOOL(0, "mlir-pretty-debuginfo", &cfg->print.prettyDebugInfo,
                   "mlir-opt's: pretty form of --mlir-print-debuginfo"),
      IRS_OPT_BOOL(0, "mlir-print-assume-verified", &cfg->print.assumeVerified,
                   "mlir-opt's: skip verification before custom printing"),
      IRS_OPT_BOOL(0, "mlir-print-skip-regions", &cfg->print.skipRegions,
                   "mlir-opt's: do not print regions"),
      IRS_OPT_BOOL(0, "mlir-use-nameloc-as-prefix", &cfg->print.nameLocAsPrefix,
                   "mlir-opt's: name SSA values after their NameLocs"),
      IRS_OPT_INT(0, "mlir-elide-resource-strings-if-larger",
                  &cfg->print.elideResourceStrings, "N",
                  "mlir-opt's: elide resource strings over N chars"),
  };
  addRows(t, n, rows, sizeof(rows) / sizeof(rows[0]));
}

static void runRows(IrsOptConfig *cfg, Given *g, IrsOption *t, size_t *n) {
  const IrsOption rows[] = {
      IRS_OPT_BOOL(0, "emit-bytecode", &cfg->io.emitBytecode,
                   "write MLIR bytecode instead of text"),
      IRS_OPT_LIST(0, "irdl-file", &cfg->irdlFiles, "FILE",
                   "load IRDL dialect definitions from FILE (repeatable)"),
      IRS_OPT_PLUGINS(&cfg->plugins),
      IRS_OPT_BOOL(0, "run-reproducer", &cfg->runReproducer,
                   "run the pipeline stored in the input's mlir_reproducer"),
      IRS_OPT_STRING(0, "dump-after-each", &cfg->dumps.dir, "DIR",
                     "dump the module after every step into DIR"),
      IRS_OPT_STRING(0, "resume-from", &cfg->resume.from, "DUMP",
                     "run the steps after this numbered dump on it, with "
                     "its run's pipeline and settings"),
      IRS_OPT_BOOL(0, "dump-only-changed", &cfg->dumps.onlyChanged,
                   "skip dumps of steps that did not change the IR"),
      IRS_OPT_BOOL(0, "dump-in-background", &cfg->dumps.inBackground,
                   "print dumps in forked children while the next step runs"),
      IRS_OPT_BOOL(0, "dump-overwrite", &cfg->dumps.overwrite,
                   "replace a previous run found in the dump directory"),
      IRS_OPT_BOOL(0, "verify-each", &cfg->verifyEach,
                   "verify the module after every step (default on)"),
      IRS_OPT_STRING(0, "verify-with", &cfg->verifyWith, "PIPELINE",
                     "also run this checking pipeline after every step"),
      IRS_OPT_BOOL(0, "timing", &cfg->timing,
                   "print a per-step timing table to stderr"),
      IRS_OPT_STRING_CB(0, "timing-sort", &cfg->timingSort, "ORDER",
                        "timing table order: pipeline, wall or cpu",
                        checkTimingSort, cfg),
      IRS_OPT_STRING(0, "trace", &cfg->trace, "FILE",
                     "write the steps as Chrome trace-event JSON to FILE"),
      IRS_OPT_STRING(0, "junit", &cfg->junit, "FILE",
                     "write the steps as JUnit XML (one testcase each) to FILE"),
      IRS_OPT_STRING_CB(0, "repeat", &g->repeat, "N",
                        "run the pipeline N times, each in its own process, "
                        "and report the failure rate",
                        checkRepeat, &cfg->repeat.runs),
      IRS_OPT_STRING_CB(0, "shard", &g->shard, "I/K",
                        "with --repeat=N: run only the I-th (1-based) of K "
                        "disjoint slices of the N runs",
                        checkShard, cfg),
      IRS_OPT_BOOL(0, "stop-on-failure", &cfg->repeat.stopOnFailure,
                   "with --repeat: stop at the first failing run"),
      IRS_OPT_BOOL(0, "repeat-whole", &cfg->repeat.whole,
                   "with --repeat: each run is a plain run of the whole "
                   "pipeline (the default)"),
      IRS_OPT_BOOL(0, "repeat-stepwise", &cfg->repeat.stepwise,
                   "with --repeat: run each step of each run on its own "
                   "(another schedule than a plain run's)"),
      IRS_OPT_OPTSTRING_CB(0, "check-determinism", &cfg->checkDeterminism,
                           "threads",
                           "run each step twice and report the first whose "
                           "outputs differ (=threads: threading on, then off)",
                           irsOptionCheckWords,
                           (void *)&determinismModes),
      IRS_OPT_STRING_CB(0, "seed", &g->seed, "S",
                        "seed for every random choice (recorded in reports)",
                        checkSeed, cfg),
      IRS_OPT_BOOL_CB(0, "check-results", &cfg->results.on,
                      "execute the input and the IR after the steps; report "
                      "the first step that changes the results",
                      checkExecOptions, cfg),
      IRS_TOOL_EXEC_OPTIONS(&cfg->results.execFlags, "--check-results"),
      IRS_OPT_BOOL(0, "narrow", &cfg->narrow,
                   "narrow a failing step to the one pattern application or "
                   "pass execution after which it fails (default on)"),
      IRS_OPT_BOOL(0, "crash-protection", &cfg->watch.crashProtection,
                   "run passes in a supervised worker (default on)"),
      IRS_OPT_STRING_CB(0, "step-timeout", &g->stepTimeout, "SECONDS",
                        "treat a step running longer than this as a hang",
                        irsOptionCheckSeconds, &cfg->watch.stepTimeout),
      IRS_OPT_STRING_CB(0, "memory-limit", &g->memoryLimit, "SIZE",
                        "kill the run above this resident size (e.g. 512M, "
                        "2G)",
                        irsOptionCheckSize, &cfg->watch.memoryLimit),
      IRS_OPT_STRING(0, "failure-dir", &cfg->failureDir, "DIR",
                     "where failure reports go without --dump-after-each"),
      IRS_OPT_STRING(0, "tool", &cfg->tool.path, "PATH",
                     "run each step in this mlir-opt-compatible tool"),
      IRS_OPT_LIST(0, "tool-arg", &cfg->tool.args, "ARG",
                   "argument for every run of --tool (repeatable)"),
      IRS_OPT_BOOL(0, "list-passes", &g->listPasses,
                   "list irscope's own passes and exit"),
      IRS_OPT_BOOL(0, "version", &g->version, "print the version and exit"),
      IRS_OPT_BOOL('h', "help", &g->help, "print this help and exit"),
      IRS_OPT_END(),
  };
  addRows(t, n, rows, sizeof(rows) / sizeof(rows[0]));
}

static void defaults(IrsOptConfig *cfg) {
  memset(cfg, 0, sizeof(*cfg));
  cfg->io.input = "-";
  cfg->io.output = "-";
  cfg->verifyEach = true;
  cfg->io.outputSplitMarker = "// -----";
  cfg->timingSort = "pipeline";
  cfg->print.elideElementsAttrs = -1;
  cfg->watch.crashProtection = true;
  cfg->narrow = true;
  cfg->mlir.timingDisplay = "tree";
  cfg->mlir.passStatisticsDisplay = "pipeline";
  cfg->print.elideResourceStrings = -1;
}

static const char usageMore[] =
    "\nAny other --NAME[=OPTIONS] is a pass flag, as in mlir-opt:\n"
    "  --canonicalize --inline=\"default-pipeline=canonicalize\"\n"
    "Exit codes: 0 ok, 1 pass failure, 2 usage or input error,\n"
    "  3 verifier failure, 4 I/O error, 5 crash, 6 step timeout,\n"
    "  7 memory limit, 8 nondeterminism (--check-determinism),\n"
    "  9 wrong result (--check-results), 130 interrupted.\n";

static int usageError(const char *message) {
  return irsConfigUsageError("irscope-opt", message);
}

// The checks of what is no row: the inputs, and the pass flags the
// unknown-option callback collected.
static int checkRest(IrsOptConfig *cfg, int npos, char **argv) {
  if (npos > 1) {
    fprintf(stderr, "irscope-opt: error: too many inputs: '%s' and '%s'\n",
            argv[1], argv[2]);
    return irsOutcomeGetExitCode(IrsOutcomeUsageError);
  }
  if (npos == 1)
    cfg->io.input = argv[1];
  else if (cfg->resume.from)
    cfg->io.input = cfg->resume.from;
  if (cfg->resume.from) {
    const char *base = strrchr(cfg->resume.from, '/');
    long step = irsRunDirDumpIndex(base ? base + 1 : cfg->resume.from);
    cfg->resume.stepNumberOffset = step > 0 ? step : 0;
  }
  if (cfg->tool.path)
    return -1;
  if (cfg->passPipeline && cfg->passFlags.num) {
    fprintf(stderr, "irscope-opt: error: '--pass-pipeline' cannot be combined "
                    "with pass flags such as '--%s'\n",
            cfg->passFlags.items[0]);
    return irsOutcomeGetExitCode(IrsOutcomeUsageError);
  }
  if (cfg->runReproducer && (cfg->passPipeline || cfg->passFlags.num))
    return usageError("'--run-reproducer' takes its pipeline from the input; "
                      "do not pass '--pass-pipeline' or pass flags with it");
  return -1;
}

int irsOptConfigParse(IrsOptConfig *cfg, int argc, char **argv) {
  defaults(cfg);
  Given given = {0}, *g = &given;
  IrsOption options[kNumOptions];
  size_t num = 0;
  ioRows(cfg, options, &num);
  mlirOptRows(cfg, options, &num);
  runRows(cfg, g, options, &num);
  // Recorded before parsing: the parser reorders argv.
  cfg->commandLine = irsToolShellJoin(argc, argv); // pastes into a shell
  const IrsConfigStart start = {
      .tool = "irscope-opt",
      .synopsis = "irscope-opt [options] [--<pass>[=<options>]...] [input|-]",
      .usageMore = usageMore,
      .unknown = passFlag,
      .userData = cfg,
      .suspects = &cfg->suspects,
      .help = &g->help,
      .version = &g->version,
      .plugins = &cfg->plugins,
  };
  int npos, rc = irsConfigStart(&start, argc, argv, options, &npos);
  if (rc >= 0)
    return rc;
  if (g->listPasses) {
    irsToolPluginsListPasses(&cfg->plugins, stdout);
    printf("MLIR's own passes are those listed by 'mlir-opt --help'.\n");
    return irsOutcomeGetExitCode(IrsOutcomeOk);
  }
  // A flag that names no pass is a mistyped option, whatever it is
  // combined with: said before any rule that speaks of pass flags.
  char err[512];
  if (!cfg->tool.path &&
      !irsOptionsCheckPassFlags(options, &cfg->passFlags, &cfg->suspects,
                                cfg->plugins.registry, err, sizeof(err)))
    return usageError(err);
  if (!irsOptionsCheck("irscope-opt", options, rules) ||
      !irsOptionsCheckRules("irscope-opt", options,
                            cfg->tool.path ? toolRules : ownPassRules))
    return irsOutcomeGetExitCode(IrsOutcomeUsageError);
  cfg->results.exec.memoryLimitBytes = cfg->watch.memoryLimit;
  cfg->results.exec.allowUnregistered = cfg->allowUnregistered;
  return checkRest(cfg, npos, argv);
}

void irsOptConfigFree(IrsOptConfig *cfg) {
  free((char *)cfg->commandLine);
  irsStringListFree(&cfg->passFlags);
  irsStringListFree(&cfg->irdlFiles);
  irsToolPluginsFree(&cfg->plugins);
  irsStringListFree(&cfg->tool.args);
}
