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

/// The input and the output (the positional argument, -o,
/// --split-input-file, --emit-bytecode).
typedef struct IrsOptIoConfig {
  const char *input;             // a file, "-": stdin
  const char *output;            // -o FILE, "-": stdout
  const char *splitInputFile;    // NULL: off; "": default marker
  const char *outputSplitMarker; // between the chunks' outputs
  bool emitBytecode;
} IrsOptIoConfig;

/// mlir-opt's printing flags, same names and meaning: how the output, the
/// dumps and the failure artefacts are printed, and what --tool is given.
typedef struct IrsOptPrintConfig {
  bool generic;          // --mlir-print-op-generic
  bool debugInfo;        // --mlir-print-debuginfo
  bool prettyDebugInfo;  // --mlir-pretty-debuginfo
  bool localScope;       // --mlir-print-local-scope
  bool assumeVerified;   // --mlir-print-assume-verified
  bool skipRegions;      // --mlir-print-skip-regions
  bool nameLocAsPrefix;  // --mlir-use-nameloc-as-prefix
  long elideElementsAttrs;   // --mlir-elide-elementsattrs-if-larger, -1: off
  long elideResourceStrings; // --mlir-elide-resource-strings-if-larger, -1
} IrsOptPrintConfig;

/// --seed: the seed of the passes' randomness (Repeat.c draws one for
/// --repeat when none is given; a dump's manifest may give one, Driver.c).
typedef struct IrsOptSeedConfig {
  bool given;
  uint64_t value;
} IrsOptSeedConfig;

/// --resume-from=DUMP (Resume.c rewrote argv to the dump's run).
typedef struct IrsOptResumeConfig {
  const char *from;          // the dump, NULL: off
  intptr_t stepNumberOffset; // that dump's step: dumps numbered after it
} IrsOptResumeConfig;

/// The dumps (--dump-after-each and its options).
typedef struct IrsOptDumpConfig {
  const char *dir; // --dump-after-each=DIR, NULL: off
  bool onlyChanged;
  bool overwrite;
  bool inBackground;
} IrsOptDumpConfig;

/// Supervision: crash protection and the worker's limits.
typedef struct IrsOptWatchConfig {
  bool crashProtection;
  double stepTimeout;  // seconds, 0: none
  int64_t memoryLimit; // bytes, 0: none
} IrsOptWatchConfig;

/// --repeat and its options (Repeat.c, RepeatTally.c, ToolRepeat.c).
typedef struct IrsOptRepeatConfig {
  long runs;             // --repeat=N, 0: off
  long shard, numShards; // --shard=I/K (I 1-based), 0: the whole --repeat
  bool stopOnFailure;    // --stop-on-failure
  bool whole;            // --repeat-whole: the default, accepted
  bool stepwise;         // --repeat-stepwise: a run goes step by step
} IrsOptRepeatConfig;

/// --check-results and its execution options (CheckResults*.c).
typedef struct IrsOptResultsConfig {
  bool on;                    // --check-results
  IrsToolExecFlags execFlags; // its execution options as given
  IrsExecOptions exec;        // ... and parsed
  IrsExecTolerance tolerance;
} IrsOptResultsConfig;

/// mlir-opt's own instrumentation flags (--mlir-print-ir-*, --mlir-timing,
/// --mlir-pass-statistics), same names and meaning (docs/irscope-opt.md,
/// "mlir-opt's flags").
typedef struct IrsOptMlirConfig {
  bool printIrBeforeAll, printIrAfterAll, printIrAfterChange,
      printIrAfterFailure, printIrModuleScope;
  const char *printIrTreeDir; // NULL: stderr
  bool timing;
  const char *timingDisplay; // "tree"; "list" is refused
  bool passStatistics;
  const char *passStatisticsDisplay; // "pipeline" or "list"
} IrsOptMlirConfig;

/// --tool and its arguments (ToolMode.c).
typedef struct IrsOptToolConfig {
  const char *path;   // --tool=PATH, NULL: irscope's own passes
  IrsStringList args; // --tool-arg=ARG...
} IrsOptToolConfig;

/// What the command line asks for, as checked (Config.c), one member per
/// concern where a concern has several options.
typedef struct IrsOptConfig {
  IrsOptIoConfig io;
  const char *passPipeline;
  IrsStringList passFlags; // "canonicalize", "inline=default-pipeline=..."
  IrsOptionSuspects suspects; // pass flags that may be mistyped options
  bool allowUnregistered;
  bool disableThreading;
  IrsStringList irdlFiles;
  IrsOptPrintConfig print;
  IrsOptDumpConfig dumps;
  bool verifyEach;
  const char *verifyWith;
  bool timing;
  const char *timingSort;
  IrsTimingSort sort;      // ... as checked (Config.c)
  const char *failureDir;
  bool runReproducer;
  const char *commandLine;
  IrsOptWatchConfig watch;
  const char *trace;       // --trace=FILE, NULL: off
  const char *junit;       // --junit=FILE, NULL: off
  IrsOptRepeatConfig repeat;
  const char *checkDeterminism; // NULL: off; "": repeat; "threads"
  IrsOptSeedConfig seed;
  IrsOptResultsConfig results;
  bool narrow;             // --narrow: a failing step to one action
  IrsOptMlirConfig mlir;
  const char *verifyDiagnostics; // NULL: off; "", "all", "only-expected"
  const char *diagnosticFormat;  // NULL or "mlir": source and caret; "plain"
  IrsToolPlugins plugins; // --load-*-plugin, loaded before any fork
  IrsOptToolConfig tool;
  IrsOptResumeConfig resume;
} IrsOptConfig;

/// Parses and checks the command line into `cfg` (Config.c: the option
/// table, the checks of its values and the rules between options). Returns
/// -1 when the run is to go ahead; otherwise the exit code of a usage
/// error (its line printed) or of an early exit (--help, --version,
/// --list-passes). `cfg` needs irsOptConfigFree either way.
int irsOptConfigParse(IrsOptConfig *cfg, int argc, char **argv);
void irsOptConfigFree(IrsOptConfig *cfg);

#endif
