// SPDX-License-Identifier: Apache-2.0
//===- RunKind.h - the kinds of run of irscope-opt, chosen once -----------===//
//
// What a run does is chosen once, from the configuration, in two small
// tables (RunKind.c): the run kind says which process does what (the
// user's tool once, twice to compare or N times, --repeat's runs, a worker under a supervisor, this process
// with --crash-protection=0, a supervised run whose results are checked
// afterwards); the chunk kind says what a chunk's steps are run with (the
// pass manager's run, the determinism check, or both for --check-results).
// Each kind is one row naming the entry point of the file that implements
// it; a new kind is one row and its file.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOLS_IRSCOPE_OPT_RUNKIND_H
#define IRS_TOOLS_IRSCOPE_OPT_RUNKIND_H

#include "RunEnv.h"

typedef struct IrsOptRunKind {
  const char *name; // for messages and tests: "tool", "repeat", ...
  bool (*applies)(const IrsOptConfig *cfg); // the first row that applies
  /// The whole run from the configuration: irsOptRun (irscope's own pass
  /// manager: opens the input, builds the pipeline, calls `run`) or
  /// irsOptRunTool (--tool: the same for the user's tool, calls `runTool`).
  int (*start)(IrsOptConfig *cfg, const struct IrsOptRunKind *kind);
  /// The whole run with the input and the pipeline ready; the exit code.
  int (*run)(IrsOptRun *run, IrsOptOut *out);
  /// A --tool run with its runner's options ready; the exit code.
  int (*runTool)(IrsOptToolRun *run);
  /// Whether the worker hands every step's IR to the supervisor, which
  /// keeps it for the check after the run (--check-results).
  bool keepsStepIr;
} IrsOptRunKind;

typedef struct IrsOptChunkKind {
  const char *name;
  bool (*applies)(const IrsOptConfig *cfg);
  /// Runs a chunk's steps on `op`; a failed status with *found set when
  /// the failure is a finding of the kind's own (nondeterminism).
  IrsStatus (*runChunk)(IrsOptRun *run, IrsPassManager pm, MlirOperation op,
                        IrsOutcome *found);
  /// Whether a successful chunk's dumps are summarised on stderr (the
  /// determinism check's dumps are its second run's).
  bool dumpSummary;
} IrsOptChunkKind;

/// The kind of run `cfg` asks for; never NULL (the last row always applies).
const IrsOptRunKind *irsOptRunKindChoose(const IrsOptConfig *cfg);
const IrsOptChunkKind *irsOptChunkKindChoose(const IrsOptConfig *cfg);

#endif
