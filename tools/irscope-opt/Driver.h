// SPDX-License-Identifier: Apache-2.0
//===- Driver.h - irscope-opt's configuration and entry point -------------===//
#ifndef IRS_TOOLS_IRSCOPE_OPT_DRIVER_H
#define IRS_TOOLS_IRSCOPE_OPT_DRIVER_H

#include "Options.h"

/// Exit codes, documented in docs/irscope-opt.md.
enum {
  IRS_EXIT_OK = 0,
  IRS_EXIT_PASS_FAILURE = 1,
  IRS_EXIT_USAGE = 2, // bad options, pipeline, or input IR
  IRS_EXIT_VERIFY_FAILURE = 3,
  IRS_EXIT_IO = 4,
};

typedef struct IrsOptConfig {
  const char *input;
  const char *output;
  const char *passPipeline;
  IrsStringList passFlags; // "canonicalize", "inline=default-pipeline=..."
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
  const char *failureDir;
  bool runReproducer;
  long elideElementsAttrs;
  const char *commandLine;
} IrsOptConfig;

/// Runs irscope-opt with a parsed configuration; returns the exit code.
int irsOptRun(IrsOptConfig *cfg);

#endif
