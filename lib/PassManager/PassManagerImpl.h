// SPDX-License-Identifier: Apache-2.0
//===- PassManagerImpl.h - state of an IrsPassManager ---------------------===//
//
// Shared by the files that implement the pass manager (PassManager.c runs
// steps, Dump.c writes numbered dumps) and the report writers in
// lib/Report, which read the step results to produce manifest.xml and
// report.xml.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_PASSMANAGER_PASSMANAGERIMPL_H
#define IRS_PASSMANAGER_PASSMANAGERIMPL_H

#include "../Passes/PassesImpl.h"
#include "../Support/Buf.h"
#include "irscope/PassManager.h"

#include <mlir-c/Pass.h>

typedef struct IrsStepState {
  MlirPassManager pm; // runs just this step; owned
  IrsStepResult result;
  IrsDiagnostic *diagCopies; // shallow copies, strings owned by the capture
  char *dumpFile;
  char *failedHook;
  uint64_t fingerprint; // after the step
  bool dumpPending;     // a background printer is still writing dumpFile
  // Carries MLIR's own instrumentation (--mlir-print-ir-*, --mlir-timing,
  // ...) during a stepwise run; null otherwise. A second manager because
  // MLIR instrumentation cannot be removed, and `pm` also serves replays
  // that must stay silent.
  MlirPassManager userPm;
} IrsStepState;

/// A dump being printed by a forked child (BackgroundDump.c).
typedef struct IrsBgDump {
  int pid;
  intptr_t step; // 0-based step, -1 for the input dump
  char *path;
} IrsBgDump;

typedef struct IrsHook {
  char *name;
  IrsVerifyHook fn;
  void *userData;
} IrsHook;

/// Printed text of top-level ops, reused across dumps (StitchedDump.c).
typedef struct IrsDumpCache IrsDumpCache;
void irsDumpCacheDestroy(IrsDumpCache *cache);
/// Writes the module to `path` from per-op texts when that is provably the
/// same as printing it whole; sets *stitched. When it returns 0 with
/// *stitched false, nothing was written and the caller prints normally.
/// `topFps` (nullable) are the fingerprints of the module's top-level ops
/// as irsFingerprintWithTops computed them for this exact IR.
int irsDumpModuleStitched(IrsDumpCache **cache, MlirOperation module,
                          const char *path, bool assumeVerified, bool threads,
                          const uint64_t *topFps, size_t numTopFps,
                          bool *stitched);

typedef struct IrsPassManagerImpl {
  MlirContext ctx;
  IrsPipeline pipeline;
  IrsInstrumentationOptions opts; // strings below are our copies
  char *dumpDir, *failureDir, *verifyWith, *toolName, *commandLine,
      *inputPath, *inputHash;

  IrsStepState *steps;
  intptr_t numSteps;
  MlirPassManager whole;      // the full pipeline, for uninstrumented runs
  MlirPassManager verifyWithPm; // nullable
  IrsPipeline verifyPipeline;   // owned; its strings back verifyWithPm's passes
  IrsHook *hooks;
  intptr_t numHooks;

  IrsPassEnv env;
  IrsDiagnosticCapture capture; // diagnostics of the last run
  IrsDiagVerifier diagVerifier; // borrowed, nullable: counts for the manifest

  // Last run.
  IrsBuf errMsg;
  char *failureDirUsed; // where report.xml went; NULL if none
  intptr_t failedStep;  // 1-based, 0 if none
  IrsErrorKind runStatus;
  bool running, interrupted;
  double totalWallMs;
  int64_t inputOps;
  uint64_t inputFingerprint;
  char *inputDumpFile;
  IrsBgDump *bg; // in-flight background dumps
  intptr_t numBg, capBg;
  IrsBuf bgErr; // first background failure not yet reported
  bool bgFailed;
  bool reloadPending; // input copy not made yet; reloadInput makes it
  unsigned numRuns;
  bool dumpDirReady; // prepared for this run: the manifest may be written
  IrsDumpCache *dumpCache;
  // Top-level op fingerprints of the IR as it is now (dumping runs only),
  // shared by the changed-detection and the dump writer.
  uint64_t *topFps;
  size_t numTopFps, capTopFps; // distinguishes default failure dirs of one process
  char *mlirTreeDir;            // our copy of opts.mlirPrintIrTreeDir
  // Set by the tool runner (lib/Tool), which keeps its run in this record
  // so that its manifest and report come from the same writers: the kind
  // ("crash", "timeout", ...) of a step whose process died, which is then
  // the run's and step failedStep's status. NULL otherwise.
  const char *deathKind;
} IrsPassManagerImpl;

static inline IrsPassManagerImpl *irsPmUnwrap(IrsPassManager pm) {
  return (IrsPassManagerImpl *)pm.ptr;
}

/// Writes the module to `path` atomically. Returns 0 or an errno value.
int irsDumpModule(MlirOperation module, const char *path, bool generic,
                  bool debugInfo, bool assumeVerified);

/// Forks a child that prints `module` to `path`; 0 or an errno value (then
/// the caller prints synchronously).
int irsBgDumpStart(IrsPassManagerImpl *pm, intptr_t step, MlirOperation module,
                   const char *path, bool generic, bool debugInfo);
/// Collects finished background dumps (all of them when `waitAll`).
/// Returns IRS_ERR_IO with a message in `err` if one failed.
IrsErrorKind irsBgDumpReap(IrsPassManagerImpl *pm, bool waitAll, IrsBuf *err);

/// Checks `dir` for the files of an earlier run; removes them when
/// `overwrite`, otherwise fails with a message in `err`. Creates `dir`.
IrsErrorKind irsDumpDirPrepare(const char *dir, bool overwrite, IrsBuf *err);

/// Picks and creates the directory for failure artefacts (the dump
/// directory, else the failure directory, else a fresh one under $TMPDIR).
/// Returns it (caller frees), or NULL after appending "; <why>" to errMsg.
char *irsPmFailureDirOpen(IrsPassManagerImpl *pm);

/// The dump file name of step i (0-based): NNNN-<anchor>-<pass>.mlir.
void irsPmDumpName(IrsPassManagerImpl *pm, intptr_t i, IrsBuf *out);

/// Rewrites dir/manifest.xml from the pass manager's state (report/Manifest.c).
int irsManifestWrite(IrsPassManagerImpl *pm, const char *dir);

/// Writes report.xml for the failure of step `failedStep` into `dir`
/// (report/FailureReport.c). `preStepIr`/`postStepIr` are file names
/// relative to `dir` (nullable).
int irsReportWrite(IrsPassManagerImpl *pm, const char *dir,
                   const char *preStepIr, const char *postStepIr,
                   const char *reproducer);

/// Appends the file-metadata block holding an mlir_reproducer resource that
/// runs `pipeline` (what follows the IR in a reproducer; lib/Tool appends it
/// to IR a foreign tool printed).
void irsReproducerAppendResource(IrsBuf *b, MlirStringRef pipeline,
                                 bool disableThreading, bool verifyEach);

/// Writes `module` plus an mlir_reproducer resource that runs `pipeline`,
/// preceded by the replay command lines when `plugins` (nullable) has any.
int irsReproducerWrite(MlirOperation module, const char *path,
                       MlirStringRef pipeline, bool disableThreading,
                       bool verifyEach, IrsPlugins plugins);
/// The same, carrying the seed of a seeded run (Reproducer.c says how).
int irsReproducerWriteSeeded(MlirOperation module, const char *path,
                             MlirStringRef pipeline, bool disableThreading,
                             bool verifyEach, IrsPlugins plugins, bool hasSeed,
                             uint64_t seed);

/// Advice.c: makes the reason (from `reasonAt` in `err`) why a step with
/// pass `pass` could not be built point the way: "did you mean 'X'?" after
/// an unknown pass, and the pass's name and options after LLVM's
/// "<Pass-Options-Parser>: no such option X".
void irsPassAdviseError(MlirContext ctx, MlirStringRef pass, IrsBuf *err,
                        size_t reasonAt);

#endif // IRS_PASSMANAGER_PASSMANAGERIMPL_H
