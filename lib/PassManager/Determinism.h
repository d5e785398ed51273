// SPDX-License-Identifier: Apache-2.0
//===- Determinism.h - the determinism check's report writer --------------===//
//
// Determinism.c finds the step; lib/Report/NondeterminismReport.c writes
// its report.xml (kind "nondeterminism", schema docs/schema/report.xsd).
//
//===----------------------------------------------------------------------===//
#ifndef IRS_PASSMANAGER_DETERMINISM_H
#define IRS_PASSMANAGER_DETERMINISM_H

#include "PassManagerImpl.h"

/// Writes dir/report.xml for step i (0-based) whose two runs differed by
/// `diff` (unified diff text); `mode` is "repeat" or "threads". File names
/// are relative to `dir` (nullable). Returns 0 or an errno value.
int irsNondeterminismReportWrite(IrsPassManagerImpl *pm, const char *dir,
                                 intptr_t i, MlirStringRef diff,
                                 const char *mode, const char *preStepIr,
                                 const char *firstOutput,
                                 const char *reproducer);

#endif // IRS_PASSMANAGER_DETERMINISM_H
