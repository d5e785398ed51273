// SPDX-License-Identifier: Apache-2.0
//===- Driver.h - irscope-opt's configuration and the parts of a run ------===//
//
// main.c parses options into IrsOptConfig. Driver.c prepares the input and
// pipeline and does the work (irsOptWork). Supervise.c runs that work in a
// worker process and documents crashes, hangs and memory blow-ups.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOLS_IRSCOPE_OPT_DRIVER_H
#define IRS_TOOLS_IRSCOPE_OPT_DRIVER_H

#include "Options.h"

#include "irscope/Input.h"
#include "irscope/PassManager.h"
#include "irscope/Pipeline.h"
#include "irscope/Supervisor.h"

/// Exit codes, documented in docs/irscope-opt.md.
enum {
  IRS_EXIT_OK = 0,
  IRS_EXIT_PASS_FAILURE = 1,
  IRS_EXIT_USAGE = 2, // bad options, pipeline, or input IR
  IRS_EXIT_VERIFY_FAILURE = 3,
  IRS_EXIT_IO = 4,
  IRS_EXIT_CRASH = 5,
  IRS_EXIT_TIMEOUT = 6,
  IRS_EXIT_MEMORY_LIMIT = 7,
  IRS_EXIT_INTERRUPTED = 130,
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
  bool crashProtection;
  double stepTimeout;      // seconds, 0: none
  int64_t memoryLimit;     // bytes, 0: none
} IrsOptConfig;

/// Output collected in memory.
typedef struct IrsOptOut {
  char *data;
  size_t len, cap;
  bool failed;
} IrsOptOut;

void irsOptOutAppend(IrsOptOut *o, const void *d, size_t n);

typedef enum IrsOptMode {
  IrsOptModeNormal,   // process chunks, produce output
  IrsOptModeLocate,   // run chunk `jobChunk` step by step to find a crash
  IrsOptModeSnapshot, // write the pre-step IR and reproducers of a crash
} IrsOptMode;

/// One invocation. Copied into each worker by fork.
typedef struct IrsOptRun {
  IrsOptConfig *cfg;
  IrsInput input;
  IrsPipeline pipeline;
  IrsTimingSort sort;
  IrsWorkerChannel ch;
  intptr_t firstChunk;
  intptr_t chunk;      // being processed
  bool supervised;     // chunk outputs go to the supervisor
  IrsOptMode mode;
  intptr_t jobChunk;   // replay modes: chunk and 1-based failing step
  intptr_t jobStep;
  const char *jobDir;  // snapshot: where artefacts go
} IrsOptRun;

/// Runs irscope-opt with a parsed configuration; returns the exit code.
int irsOptRun(IrsOptConfig *cfg);
int irsOptWork(IrsOptRun *run, IrsOptOut *out);
int irsOptSupervise(IrsOptRun *run, IrsOptOut *out);
/// The replay modes, run inside a worker with a ready context.
int irsOptReplay(IrsOptRun *run, MlirContext ctx, IrsPassManager pm);

/// base/chunk-NNN when the input has several chunks, base otherwise; NULL
/// when base is NULL. malloc'd.
char *irsOptChunkDir(const IrsOptConfig *cfg, const char *base, intptr_t chunk,
                     intptr_t numChunks);
int irsOptWriteChunkOutput(IrsOptRun *run, intptr_t chunk, IrsOptOut *out);
int irsOptWriteFileAtomic(const char *path, const void *data, size_t n);
int irsOptWorse(int a, int b);

#endif
