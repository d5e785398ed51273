// SPDX-License-Identifier: Apache-2.0
//===- main.c - irscope-opt: option table and entry point -----------------===//
//
// Parses the command line into an IrsOptConfig and hands it to the driver.
// Unknown "--name[=options]" arguments are mlir-opt's shorthand pass flags.
//
//===----------------------------------------------------------------------===//
#include "Driver.h"

#include "irscope/Passes.h"
#include "irscope/Support.h"

#include <signal.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// "--cse" and "-cse" both name a pass, as in mlir-opt.
static bool passFlag(const char *arg, void *ud) {
  return irsOptionsTakePassFlag(arg, &((IrsOptConfig *)ud)->passFlags);
}

static char *joinArgs(int argc, char **argv) {
  size_t n = 1;
  for (int i = 0; i < argc; ++i)
    n += strlen(argv[i]) + 3;
  char *s = malloc(n);
  if (!s)
    return NULL;
  s[0] = '\0';
  for (int i = 0; i < argc; ++i) {
    if (i)
      strcat(s, " ");
    strcat(s, argv[i]);
  }
  return s;
}

static void cleanup(IrsOptConfig *cfg, char *cmd) {
  free(cmd);
  irsStringListFree(&cfg->passFlags);
  irsStringListFree(&cfg->irdlFiles);
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
  const char *stepTimeout = NULL, *memoryLimit = NULL;
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
      IRS_OPT_BOOL(0, "emit-bytecode", &cfg.emitBytecode,
                   "write MLIR bytecode instead of text"),
      IRS_OPT_LIST(0, "irdl-file", &cfg.irdlFiles, "FILE",
                   "load IRDL dialect definitions from FILE (repeatable)"),
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
      IRS_OPT_BOOL(0, "crash-protection", &cfg.crashProtection,
                   "run passes in a supervised worker (default on)"),
      IRS_OPT_STRING(0, "step-timeout", &stepTimeout, "SECONDS",
                     "treat a step running longer than this as a hang"),
      IRS_OPT_STRING(0, "memory-limit", &memoryLimit, "SIZE",
                     "kill the run above this resident size (e.g. 512M, 2G)"),
      IRS_OPT_STRING(0, "failure-dir", &cfg.failureDir, "DIR",
                     "where failure reports go without --dump-after-each"),
      IRS_OPT_BOOL(0, "list-passes", &listPasses,
                   "list irscope's own passes and exit"),
      IRS_OPT_BOOL(0, "version", &version, "print the version and exit"),
      IRS_OPT_BOOL('h', "help", &help, "print this help and exit"),
      IRS_OPT_END(),
  };
  // Recorded before parsing: the parser reorders argv.
  char *cmd = joinArgs(argc, argv);
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
           "  7 memory limit, 130 interrupted.\n");
    cleanup(&cfg, cmd);
    return IRS_EXIT_OK;
  }
  if (version) {
    printf("irscope-opt %s (MLIR %s)\n", irsGetVersion(), irsGetMlirVersion());
    cleanup(&cfg, cmd);
    return IRS_EXIT_OK;
  }
  if (listPasses) {
    printf("irscope passes (usable in any pipeline next to MLIR's):\n");
    for (intptr_t i = 0; i < irsPassesGetNum(); ++i)
      printf("  %-24s %-12s %s\n", irsPassesGetName(i), irsPassesGetOptions(i),
             irsPassesGetDescription(i));
    printf("MLIR's own passes are those listed by 'mlir-opt --help'.\n");
    cleanup(&cfg, cmd);
    return IRS_EXIT_OK;
  }
  if (stepTimeout) {
    char *end;
    cfg.stepTimeout = strtod(stepTimeout, &end);
    if (end == stepTimeout || *end || cfg.stepTimeout <= 0) {
      fprintf(stderr, "irscope-opt: error: option '--step-timeout' expects a "
                      "positive number of seconds, not '%s'\n",
              stepTimeout);
      cleanup(&cfg, cmd);
      return IRS_EXIT_USAGE;
    }
  }
  if (memoryLimit && !irsOptionsParseSize(memoryLimit, &cfg.memoryLimit)) {
    fprintf(stderr, "irscope-opt: error: option '--memory-limit' expects a "
                    "size such as 512M or 2G, not '%s'\n",
            memoryLimit);
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
  int rc = irsOptRun(&cfg);
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
