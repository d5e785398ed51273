// SPDX-License-Identifier: Apache-2.0
//===- StepResult.h - what one step of a run did --------------------------===//
//
// The result of one step, as a pass manager (PassManager.h) or a tool
// runner (Tool.h) gives it and the run's reports record it, and the order
// of the timing table. Types only; the step status and its names are
// Outcome.h's.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_STEPRESULT_H
#define IRS_STEPRESULT_H

#include "irscope/Diagnostics.h"
#include "irscope/Outcome.h"

#include <mlir-c/Support.h>

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What happened in one step. Borrowed from the pass manager; valid until the
/// next run or destroy.
typedef struct IrsStepResult {
  IrsStepStatus status;
  /// Whether the step changed the IR (structural fingerprint).
  bool changed;
  int64_t opsBefore;
  int64_t opsAfter;
  double wallMs;
  double cpuMs;
  /// Peak resident set size of the process after the step, in KiB.
  int64_t peakRssKb;
  /// Whether the verifier ran after the step, and its verdict.
  bool verified;
  bool verifierOk;
  /// Name of the verify hook that failed (empty when none did).
  MlirStringRef failedHook;
  /// Dump file name relative to the dump directory; empty if none written.
  MlirStringRef dumpFile;
  intptr_t numDiagnostics;
  const IrsDiagnostic *diagnostics;
  /// Wall time of the checks after the pass (verifier, --verify-with, verify
  /// hooks) and of writing the dump and manifest, in milliseconds; not part
  /// of wallMs.
  double verifyMs;
  double dumpMs;
} IrsStepResult;

/// Order of rows in the timing table.
typedef enum IrsTimingSort {
  IrsTimingSortPipeline,
  IrsTimingSortWall,
  IrsTimingSortCpu,
} IrsTimingSort;

#ifdef __cplusplus
}
#endif

#endif // IRS_STEPRESULT_H
