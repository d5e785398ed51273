// SPDX-License-Identifier: Apache-2.0
//===- Config.h - irscope-opt's command line into an IrsOptConfig ---------===//
#ifndef IRS_TOOLS_IRSCOPE_OPT_CONFIG_H
#define IRS_TOOLS_IRSCOPE_OPT_CONFIG_H

#include "ExecWorker.h"
#include "Options.h"
#include "Plugins.h"

#include "irscope/PassManager.h"
#include "irscope/Tool.h"

#include <stdbool.h>
#include <stdint.h>

/// What the command line asks for, as checked (Config.c).
typedef struct IrsOptConfig {
  const char *input;
  const char *output;
  const char *passPipeline;
  IrsStringList passFlags; // "canonicalize", "inline=default-pipeline=..."
  IrsOptionSuspects suspects; // pass flags that may be mistyped options
  const char *splitInputFile; // NULL: off; "": default marker
  const char *outputSplitMarker;
  bool allowUnregistered;
  bool printGeneric;
  bool printDebugInfo;
  bool disableThreading;
  bool emitBytecode;
  IrsStringList irdlFiles;
  const char *dumpAfterEach;
  bool dumpOnlyChanged;
  bool dumpOverwrite;
  bool dumpInBackground;
  bool verifyEach;
  const char *verifyWith;
  bool timing;
  const char *timingSort;
  IrsTimingSort sort;      // ... as checked (Config.c)
  const char *failureDir;
  bool runReproducer;
  long elideElementsAttrs;
  const char *commandLine;
  bool crashProtection;
  const char *trace;       // --trace=FILE, NULL: off
  const char *junit;       // --junit=FILE, NULL: off
  long repeat;             // --repeat=N, 0: off (Repeat.c)
  long shard, numShards;   // --shard=I/K (I 1-based), 0: the whole --repeat
  bool stopOnFailure;      // --stop-on-failure
  bool repeatWhole;        // --repeat-whole: the default, accepted
  bool repeatStepwise;     // --repeat-stepwise: a run goes step by step
  const char *checkDeterminism; // NULL: off; "": repeat; "threads"
  bool hasSeed;            // --seed=S given
  uint64_t seed;
  double stepTimeout;      // seconds, 0: none
  int64_t memoryLimit;     // bytes, 0: none
  bool checkResults;       // --check-results (CheckResults.c)
  bool narrow;             // --narrow: a failing step to one action
  IrsToolExecFlags execFlags;  // its execution options as given
  IrsExecOptions exec;         // ... and parsed
  IrsExecTolerance tolerance;
  // mlir-opt's own instrumentation and printing flags, same names and
  // meaning (docs/irscope-opt.md, "mlir-opt's flags").
  bool mlirPrintIrBeforeAll, mlirPrintIrAfterAll, mlirPrintIrAfterChange,
      mlirPrintIrAfterFailure, mlirPrintIrModuleScope;
  const char *mlirPrintIrTreeDir;        // NULL: stderr
  bool mlirTiming;
  const char *mlirTimingDisplay;         // "tree"; "list" is refused
  bool mlirPassStatistics;
  const char *mlirPassStatisticsDisplay; // "pipeline" or "list"
  bool printLocalScope, prettyDebugInfo, printAssumeVerified,
      printSkipRegions, useNameLocAsPrefix;
  long elideResourceStrings;             // -1: off
  const char *verifyDiagnostics; // NULL: off; "", "all", "only-expected"
  const char *diagnosticFormat;  // NULL or "mlir": source and caret; "plain"
  IrsToolPlugins plugins; // --load-*-plugin, loaded before any fork
  const char *tool;        // --tool=PATH, NULL: irscope's own passes
  IrsStringList toolArgs;  // --tool-arg=ARG...
  const char *resumeFrom;  // --resume-from=DUMP (Resume.c rewrote argv)
  intptr_t stepNumberOffset; // ... that dump's step: dumps numbered after it
} IrsOptConfig;

/// Parses and checks the command line into `cfg` (Config.c: the option
/// table, the checks of its values and the rules between options). Returns
/// -1 when the run is to go ahead; otherwise the exit code of a usage
/// error (its line printed) or of an early exit (--help, --version,
/// --list-passes). `cfg` needs irsOptConfigFree either way.
int irsOptConfigParse(IrsOptConfig *cfg, int argc, char **argv);
void irsOptConfigFree(IrsOptConfig *cfg);

#endif
