// SPDX-License-Identifier: Apache-2.0
//===- ForeignRun.h - manifest.xml for a run that happened elsewhere ------===//
//
// A pass pipeline that already ran in another MLIR tool (iree-opt,
// triton-opt, mlir-opt with --mlir-print-ir-after-all or
// --mlir-print-ir-tree-dir) left IR dumps but no manifest. The caller
// (irscope-report --from-log / --from-tree-dir) writes the dumps into a
// directory and describes them here; irsForeignManifestWrite writes the
// manifest of docs/manifest.md for them, so that irscope's explorer reads
// the directory like one of irscope-opt's. What such a log does not tell
// (time, memory, the verifier) is left out, as the schema allows for a
// converted step (docs/manifest.md, Converted runs).
//
//===----------------------------------------------------------------------===//
#ifndef IRS_FOREIGNRUN_H
#define IRS_FOREIGNRUN_H

#include "irscope/Outcome.h"
#include "irscope/Support.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One pass application as the log shows it. Strings are borrowed.
typedef struct IrsForeignStep {
  const char *pass;     ///< pass argument ("cse"), else its name ("CSE")
  const char *anchor;   ///< the op the pass ran on ("func.func")
  const char *target;   ///< that op's symbol ("@foo"), NULL if unknown
  /// IrsOutcomeOk (or IrsOutcomeNone), IrsOutcomePassFailure (a "...
  /// Failed" dump) or IrsOutcomeCrash (the log ends in this step: a dump
  /// before it and none after).
  IrsOutcome status;
  const char *dumpFile; ///< relative to the directory; NULL: no dump
  bool changed;         ///< the dump differs from the one before it
  long opsBefore, opsAfter; ///< counted in the text; -1 when unknown
} IrsForeignStep;

typedef struct IrsForeignRun {
  /// Who converted ("irscope-report"), its command line (nullable) and
  /// the log or tree directory (nullable) as the input; no hash.
  IrsRunHeader header;
  const char *inputDump;   ///< the IR before the first step, nullable
  long inputOps;           ///< ops in inputDump, 0 if none
  const IrsForeignStep *steps;
  intptr_t numSteps;
} IrsForeignRun;

/// Writes `dir`/manifest.xml (atomically) for `run`: status "ok", or that
/// of the first step that failed or crashed (<steps failed="N">), and each
/// step's pipeline as `builtin.module(ANCHOR(PASS))` (`builtin.module(PASS)`
/// for a module anchor). Returns 0 or an errno value.
IRS_API int irsForeignManifestWrite(const char *dir, const IrsForeignRun *run);

#ifdef __cplusplus
}
#endif

#endif // IRS_FOREIGNRUN_H
