// SPDX-License-Identifier: Apache-2.0
//===- Config.h - opt-reduce's configuration and option table -------------===//
//
// Config.c owns the option table: its rows, the checks of their values and
// the rules between them, the usage text and the early exits (--help,
// --version, --list-strategies). main.c takes an OrConfig that passed all
// of them.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOLS_OPT_REDUCE_CONFIG_H
#define IRS_TOOLS_OPT_REDUCE_CONFIG_H

#include "ExecWorker.h"
#include "Options.h"
#include "Plugins.h"

#include "irscope/Outcome.h"

#include <stdbool.h>
#include <stdint.h>

/// Exit codes (docs/opt-reduce.md): irsOutcomeGetExitCode of ok, a usage
/// error or an I/O error (irscope/Outcome.h).

typedef struct OrConfig {
  const char *input, *output, *pipeline, *test, *match, *strategies;
  // How messages name -o: `output` itself, or "-" when a temporary file
  // stands in for stdout (main.c).
  const char *outputName;
  // How the summary and emitted tests name the input: "'FILE'", or with
  // --split-input-file "'FILE', chunk K of N, lines A-B" (main.c).
  // malloc'd by main.c; NULL until then.
  char *inputShown;
  // --split-input-file[=MARKER] (NULL: off; "": mlir-opt's marker), given
  // itself or among the --tool-arg or --test-arg values; --chunk=N picks
  // chunk N (1-based) instead of the first one that fails.
  const char *splitInputFile, *chunk;
  long chunkValue;
  const char *reproducer, *litTest, *testTimeout, *maxTime, *memoryLimit;
  const char *litTestMode; // --emit-lit-test-mode: NULL or "fix", "pin"
  const char *failureDir;  // --failure-dir: document the reduced death
                           // there (CrashReport.c)
  IrsToolPlugins plugins; // --load-*-plugin, loaded before any fork
  const char *tool; // --tool: the executor (Tool.h)
  IrsStringList testArgs, passFlags, irdlFiles, toolArgs;
  IrsOptionSuspects suspects; // pass flags that may be mistyped options
  bool mustFail, anyFailure, allowUnregistered, listStrategies, help, version;
  bool verbose; // a line per test
  bool toolForkServer; // --tool-fork-server (default on)
  // mlir-opt flags that mean something here: how -o is printed; threading
  // (candidates always run single-threaded: accepted for pasted commands).
  bool printGeneric, printDebugInfo, disableThreading;
  const char *minRate, *seed;
  const char *checkDeterminism; // NULL: off; "": repeat; "threads"
  bool miscompile; // --miscompile and its execution options
  IrsToolExecFlags execFlags;
  long jobs, testRuns;
  bool autoJobs; // no -j: up to the online CPUs, one while tests are short
  // The values checked and parsed from the strings above.
  double testTimeoutSec, maxTimeSec, minRateValue;
  int64_t memoryLimitBytes;
  uint64_t seedValue;
  IrsExecOptions exec; // --miscompile's, with its tolerance
  IrsExecTolerance tolerance;
} OrConfig;

/// Parses and checks the command line into `c`. Returns -1 when the
/// reduction is to run; otherwise the exit code of a usage error (its line
/// printed) or of an early exit (--help, --version, --list-strategies).
/// `c` needs orConfigFree either way.
int orConfigParse(OrConfig *c, int argc, char **argv);
void orConfigFree(OrConfig *c);

/// The flags a RUN line of the reduced case needs to read it as the
/// reduction did, mlir-opt's and irscope-opt's alike: each starting with a
/// space (" --allow-unregistered-dialect --irdl-file=/abs/d.irdl.mlir"),
/// quoted for the shell, IRDL files by absolute path (lit runs elsewhere).
/// malloc'd; "" for none, NULL when out of memory.
char *orConfigReadFlags(const OrConfig *c);

#endif
