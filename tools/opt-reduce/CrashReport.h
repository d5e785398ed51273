// SPDX-License-Identifier: Apache-2.0
//===- CrashReport.h - --failure-dir: the reduced failure, documented -----===//
#ifndef IRS_TOOLS_OPT_REDUCE_CRASHREPORT_H
#define IRS_TOOLS_OPT_REDUCE_CRASHREPORT_H

#include "Config.h"

#include "irscope/Reduce.h"

/// With --failure-dir, documents how the reduced module dies (a crash,
/// timeout or memory-limit signature; any other is left alone) as
/// irscope-opt documents a dead worker: the library's irsCrashDocument
/// writes report.xml and the reproducers into the directory, and one
/// "opt-reduce: note:" line says where. `ctx` is the reducer's context.
/// Returns the exit code of ok or of an I/O error (nothing written).
int orCrashReportWrite(const OrConfig *c, MlirContext ctx, IrsReducer r);

#endif
