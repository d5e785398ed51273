// SPDX-License-Identifier: Apache-2.0
//===- main.c - irscope-opt: option table and entry point -----------------===//
//
// Parses the command line into an IrsOptConfig and hands it to the driver.
// Unknown "--name[=options]" arguments are mlir-opt's shorthand pass flags.
//
//===----------------------------------------------------------------------===//
#include "Driver.h"
#include "ShellQuote.h"

#include "irscope/Support.h"

#include <signal.h>
#include <unistd.h>
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


// Values of mlir-opt's display options. The C API only creates MLIR's
// default timing manager, whose display is the tree: the list display cannot
// be had, and is refused rather than silently shown as a tree.
static bool mlirFlagsOk(const IrsOptConfig *cfg) {
  if (!strcmp(cfg->mlirTimingDisplay, "list")) {
    fprintf(stderr, "irscope-opt: error: '--mlir-timing-display=list' is not "
                    "available (MLIR's C API only prints the tree display)\n");
    return false;
  }
  if (strcmp(cfg->mlirTimingDisplay, "tree") != 0) {
    fprintf(stderr, "irscope-opt: error: option '--mlir-timing-display' "
                    "expects 'list' or 'tree', not '%s'\n",
            cfg->mlirTimingDisplay);
    return false;
  }
  if (strcmp(cfg->mlirPassStatisticsDisplay, "list") != 0 &&
      strcmp(cfg->mlirPassStatisticsDisplay, "pipeline") != 0) {
    fprintf(stderr, "irscope-opt: error: option "
                    "'--mlir-pass-statistics-display' expects 'list' or "
                    "'pipeline', not '%s'\n",
            cfg->mlirPassStatisticsDisplay);
    return false;
  }
  return true;
}

static void cleanup(IrsOptConfig *cfg, char *cmd) {
  free(cmd);
  irsStringListFree(&cfg->passFlags);
  irsStringListFree(&cfg->irdlFiles);
  irsToolPluginsFree(&cfg->plugins);
  irsStringListFree(&cfg->toolArgs);
}

int main(int argc, char **argv) {
  // A write past `ulimit -f` must fail with EFBIG and be reported, not kill
  // the process before it can say what happened.
  signal(SIGXFSZ, SIG_IGN);

  IrsOptConfig cfg;
  memset(&cfg, 0, sizeof(cfg));
  cfg.input = "-";
  cfg.output = "-";
  cfg.verifyEach = true;
  cfg.outputSplitMarker = "// -----";
  cfg.timingSort = "pipeline";
  cfg.elideElementsAttrs = -1;
  cfg.crashProtection = true;
  cfg.mlirTimingDisplay = "tree";
  cfg.mlirPassStatisticsDisplay = "pipeline";
  cfg.elideResourceStrings = -1;
  const char *stepTimeout = NULL, *memoryLimit = NULL;
  const char *repeat = NULL, *seed = NULL;
  bool help = false, version = false, listPasses = false;

  const IrsOption options[] = {
      IRS_OPT_STRING('o', "o", &cfg.output, "FILE",
                     "output file ('-' for stdout, the default)"),
      IRS_OPT_STRING(0, "pass-pipeline", &cfg.passPipeline, "PIPELINE",
                     "textual pass pipeline, e.g. 'builtin.module(cse)'"),
      IRS_OPT_OPTSTRING(0, "split-input-file", &cfg.splitInputFile, "MARKER",
                        "process each '// -----' chunk independently"),
      IRS_OPT_STRING(0, "output-split-marker", &cfg.outputSplitMarker,
                     "MARKER", "marker between chunks in the output"),
      IRS_OPT_OPTSTRING(0, "verify-diagnostics", &cfg.verifyDiagnostics,
                        "all|only-expected",
                        "check diagnostics against expected-* comments"),
      IRS_OPT_STRING(0, "diagnostic-format", &cfg.diagnosticFormat, "FORMAT",
                     "plain (one line each, default) or mlir (as mlir-opt)"),
      IRS_OPT_BOOL(0, "allow-unregistered-dialect", &cfg.allowUnregistered,
                   "allow operations of unregistered dialects"),
      IRS_OPT_BOOL(0, "mlir-print-op-generic", &cfg.printGeneric,
                   "print operations in generic form"),
      IRS_OPT_BOOL(0, "mlir-print-debuginfo", &cfg.printDebugInfo,
                   "print locations"),
      IRS_OPT_INT(0, "mlir-elide-elementsattrs-if-larger",
                  &cfg.elideElementsAttrs, "N",
                  "elide elements attributes with more than N elements"),
      IRS_OPT_BOOL(0, "mlir-disable-threading", &cfg.disableThreading,
                   "run passes on a single thread"),
      // mlir-opt's own flags, same names and meaning (printed by MLIR).
      IRS_OPT_BOOL(0, "mlir-print-ir-before-all", &cfg.mlirPrintIrBeforeAll,
                   "mlir-opt's: print IR before each pass (stderr)"),
      IRS_OPT_BOOL(0, "mlir-print-ir-after-all", &cfg.mlirPrintIrAfterAll,
                   "mlir-opt's: print IR after each pass (stderr)"),
      IRS_OPT_BOOL(0, "mlir-print-ir-after-change",
                   &cfg.mlirPrintIrAfterChange,
                   "mlir-opt's: print after a pass only if the IR changed"),
      IRS_OPT_BOOL(0, "mlir-print-ir-after-failure",
                   &cfg.mlirPrintIrAfterFailure,
                   "mlir-opt's: print IR after a pass that failed"),
      IRS_OPT_BOOL(0, "mlir-print-ir-module-scope",
                   &cfg.mlirPrintIrModuleScope,
                   "mlir-opt's: print the top-level op (needs "
                   "--mlir-disable-threading)"),
      IRS_OPT_STRING(0, "mlir-print-ir-tree-dir", &cfg.mlirPrintIrTreeDir,
                     "DIR", "mlir-opt's: print IR into a file tree in DIR"),
      IRS_OPT_BOOL(0, "mlir-timing", &cfg.mlirTiming,
                   "mlir-opt's: MLIR's execution time report (stderr)"),
      IRS_OPT_STRING(0, "mlir-timing-display", &cfg.mlirTimingDisplay,
                     "tree", "mlir-opt's: timing display (tree only)"),
      IRS_OPT_BOOL(0, "mlir-pass-statistics", &cfg.mlirPassStatistics,
                   "mlir-opt's: print pass statistics (stderr)"),
      IRS_OPT_STRING(0, "mlir-pass-statistics-display",
                     &cfg.mlirPassStatisticsDisplay, "MODE",
                     "mlir-opt's: list or pipeline (default)"),
      IRS_OPT_BOOL(0, "mlir-print-local-scope", &cfg.printLocalScope,
                   "mlir-opt's: print with local scope, no aliases"),
      IRS_OPT_BOOL(0, "mlir-pretty-debuginfo", &cfg.prettyDebugInfo,
                   "mlir-opt's: pretty form of --mlir-print-debuginfo"),
      IRS_OPT_BOOL(0, "mlir-print-assume-verified", &cfg.printAssumeVerified,
                   "mlir-opt's: skip verification before custom printing"),
      IRS_OPT_BOOL(0, "mlir-print-skip-regions", &cfg.printSkipRegions,
                   "mlir-opt's: do not print regions"),
      IRS_OPT_BOOL(0, "mlir-use-nameloc-as-prefix", &cfg.useNameLocAsPrefix,
                   "mlir-opt's: name SSA values after their NameLocs"),
      IRS_OPT_INT(0, "mlir-elide-resource-strings-if-larger",
                  &cfg.elideResourceStrings, "N",
                  "mlir-opt's: elide resource strings over N chars"),
      IRS_OPT_BOOL(0, "emit-bytecode", &cfg.emitBytecode,
                   "write MLIR bytecode instead of text"),
      IRS_OPT_LIST(0, "irdl-file", &cfg.irdlFiles, "FILE",
                   "load IRDL dialect definitions from FILE (repeatable)"),
      IRS_OPT_PLUGINS(&cfg.plugins),
      IRS_OPT_BOOL(0, "run-reproducer", &cfg.runReproducer,
                   "run the pipeline stored in the input's mlir_reproducer"),
      IRS_OPT_STRING(0, "dump-after-each", &cfg.dumpAfterEach, "DIR",
                     "dump the module after every step into DIR"),
      IRS_OPT_BOOL(0, "dump-only-changed", &cfg.dumpOnlyChanged,
                   "skip dumps of steps that did not change the IR"),
      IRS_OPT_BOOL(0, "dump-in-background", &cfg.dumpInBackground,
                   "print dumps in forked children while the next step runs"),
      IRS_OPT_BOOL(0, "dump-overwrite", &cfg.dumpOverwrite,
                   "replace a previous run found in the dump directory"),
      IRS_OPT_BOOL(0, "verify-each", &cfg.verifyEach,
                   "verify the module after every step (default on)"),
      IRS_OPT_STRING(0, "verify-with", &cfg.verifyWith, "PIPELINE",
                     "also run this checking pipeline after every step"),
      IRS_OPT_BOOL(0, "timing", &cfg.timing,
                   "print a per-step timing table to stderr"),
      IRS_OPT_STRING(0, "timing-sort", &cfg.timingSort, "ORDER",
                     "timing table order: pipeline, wall or cpu"),
      IRS_OPT_STRING(0, "trace", &cfg.trace, "FILE",
                     "write the steps as Chrome trace-event JSON to FILE"),
      IRS_OPT_STRING(0, "junit", &cfg.junit, "FILE",
                     "write the steps as JUnit XML (one testcase each) to FILE"),
      IRS_OPT_STRING(0, "repeat", &repeat, "N",
                     "run the pipeline N times, each in its own process, "
                     "and report the failure rate"),
      IRS_OPT_BOOL(0, "stop-on-failure", &cfg.stopOnFailure,
                   "with --repeat: stop at the first failing run"),
      IRS_OPT_BOOL(0, "repeat-whole", &cfg.repeatWhole,
                   "with --repeat: run the pipeline as one pass manager, "
                   "as mlir-opt schedules it"),
      IRS_OPT_OPTSTRING(0, "check-determinism", &cfg.checkDeterminism,
                        "threads",
                        "run each step twice and report the first whose "
                        "outputs differ (=threads: threading on, then off)"),
      IRS_OPT_STRING(0, "seed", &seed, "S",
                     "seed for every random choice (recorded in reports)"),
      IRS_OPT_BOOL(0, "check-results", &cfg.checkResults,
                   "execute the input and the IR after the steps; report "
                   "the first step that changes the results"),
      IRS_TOOL_EXEC_OPTIONS(&cfg.execFlags, "--check-results"),
      IRS_OPT_BOOL(0, "crash-protection", &cfg.crashProtection,
                   "run passes in a supervised worker (default on)"),
      IRS_OPT_STRING(0, "step-timeout", &stepTimeout, "SECONDS",
                     "treat a step running longer than this as a hang"),
      IRS_OPT_STRING(0, "memory-limit", &memoryLimit, "SIZE",
                     "kill the run above this resident size (e.g. 512M, 2G)"),
      IRS_OPT_STRING(0, "failure-dir", &cfg.failureDir, "DIR",
                     "where failure reports go without --dump-after-each"),
      IRS_OPT_STRING(0, "tool", &cfg.tool, "PATH",
                     "run each step in this mlir-opt-compatible tool"),
      IRS_OPT_LIST(0, "tool-arg", &cfg.toolArgs, "ARG",
                   "argument for every run of --tool (repeatable)"),
      IRS_OPT_BOOL(0, "list-passes", &listPasses,
                   "list irscope's own passes and exit"),
      IRS_OPT_BOOL(0, "version", &version, "print the version and exit"),
      IRS_OPT_BOOL('h', "help", &help, "print this help and exit"),
      IRS_OPT_END(),
  };
  // Recorded before parsing: the parser reorders argv.
  char *cmd = irsToolShellJoin(argc, argv); // pastes into a shell
  char err[512];
  int npos = irsOptionsParse(argc, argv, options, passFlag, &cfg, err,
                             sizeof(err));
  if (npos < 0) {
    fprintf(stderr, "irscope-opt: error: %s\n", err);
    cleanup(&cfg, cmd);
    return IRS_EXIT_USAGE;
  }
  if (help) {
    irsOptionsPrintUsage(stdout,
                         "irscope-opt [options] [--<pass>[=<options>]...] "
                         "[input|-]",
                         options);
    printf("\nAny other --NAME[=OPTIONS] is a pass flag, as in mlir-opt:\n"
           "  --canonicalize --inline=\"default-pipeline=canonicalize\"\n"
           "Exit codes: 0 ok, 1 pass failure, 2 usage or input error,\n"
           "  3 verifier failure, 4 I/O error, 5 crash, 6 step timeout,\n"
           "  7 memory limit, 8 nondeterminism (--check-determinism),\n"
           "  9 wrong result (--check-results), 130 interrupted.\n");
    cleanup(&cfg, cmd);
    return IRS_EXIT_OK;
  }
  if (version) {
    printf("irscope-opt %s (MLIR %s)\n", irsGetVersion(), irsGetMlirVersion());
    cleanup(&cfg, cmd);
    return IRS_EXIT_OK;
  }
  if (!irsToolPluginsLoad(&cfg.plugins, "irscope-opt")) {
    cleanup(&cfg, cmd);
    return IRS_EXIT_USAGE;
  }
  if (listPasses) {
    irsToolPluginsListPasses(&cfg.plugins, stdout);
    printf("MLIR's own passes are those listed by 'mlir-opt --help'.\n");
    cleanup(&cfg, cmd);
    return IRS_EXIT_OK;
  }
  if ((stepTimeout &&
       !irsOptionsParseSeconds("irscope-opt", "--step-timeout", stepTimeout,
                               &cfg.stepTimeout)) ||
      (memoryLimit && !irsOptionsParseMemoryLimit("irscope-opt", memoryLimit,
                                                  &cfg.memoryLimit))) {
    cleanup(&cfg, cmd);
    return IRS_EXIT_USAGE;
  }
  if (!mlirFlagsOk(&cfg)) {
    cleanup(&cfg, cmd);
    return IRS_EXIT_USAGE;
  }
  if (!irsOptFlakeOptions(&cfg, repeat, seed) ||
      !irsOptCheckResultsOptions(&cfg)) {
    cleanup(&cfg, cmd);
    return IRS_EXIT_USAGE;
  }
  if ((cfg.trace || cfg.junit) && cfg.repeat > 0) {
    // Each repetition is its own run; one trace or test report of many
    // runs of the same steps would say nothing a dashboard can use.
    fprintf(stderr, "irscope-opt: error: '--%s' cannot be combined with "
                    "'--repeat'\n",
            cfg.trace ? "trace" : "junit");
    cleanup(&cfg, cmd);
    return IRS_EXIT_USAGE;
  }
  if (!cfg.crashProtection && (cfg.stepTimeout > 0 || cfg.memoryLimit > 0)) {
    fprintf(stderr, "irscope-opt: error: '--step-timeout' and '--memory-limit' "
                    "need crash protection; drop '--crash-protection=0'\n");
    cleanup(&cfg, cmd);
    return IRS_EXIT_USAGE;
  }
  if (npos > 1) {
    fprintf(stderr, "irscope-opt: error: too many inputs: '%s' and '%s'\n",
            argv[1], argv[2]);
    cleanup(&cfg, cmd);
    return IRS_EXIT_USAGE;
  }
  if (npos == 1)
    cfg.input = argv[1];
  cfg.commandLine = cmd;
  int rc = cfg.tool ? irsOptRunTool(&cfg) : irsOptRun(&cfg);
  cleanup(&cfg, cmd);
#if !defined(__SANITIZE_ADDRESS__)
  // Everything irscope-opt wrote is flushed and closed; LLVM's static
  // destructors (option and pass registries) only cost time at this point.
  fflush(stdout);
  fflush(stderr);
  _exit(rc);
#endif
  return rc;
}
