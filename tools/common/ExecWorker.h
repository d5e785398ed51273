// SPDX-License-Identifier: Apache-2.0
//===- ExecWorker.h - process set-up of an execution worker ---------------===//
//
// The IrsExecWorkerSetup every tool hands to irsExecutorCreate: the part
// of an execution worker that belongs to the process owner, not to the
// library (stdout redirection, signal handling, pass registration).
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOLS_EXECWORKER_H
#define IRS_TOOLS_EXECWORKER_H

#include "Options.h"

#include "irscope/Exec.h"

/// `userData` is the tool's name (const char *) for crash messages. Sends
/// fd 1 to `stdoutFd` (line-buffered, so a crash loses at most the last
/// partial line), restores default SIGINT/SIGTERM handling and installs
/// the crash handlers. MLIR's passes (for the lowering) are registered once
/// by the tool before it creates an executor: the workers inherit them.
void irsToolExecWorkerSetup(int stdoutFd, void *userData);

/// The execution options of irscope-opt --check-results and opt-reduce
/// --miscompile, as given on the command line.
typedef struct IrsToolExecFlags {
  const char *lowering, *entry, *sharedLibs, *tolerance, *timeout;
} IrsToolExecFlags;

/// Their option-table rows; `mode` names the option they belong to.
#define IRS_TOOL_EXEC_OPTIONS(flags, mode)                                     \
  IRS_OPT_STRING(0, "exec-lowering", &(flags)->lowering, "PIPELINE",          \
                 mode ": pipeline lowering the IR to LLVM"),                  \
      IRS_OPT_STRING(0, "entry", &(flags)->entry, "NAME",                     \
                     mode ": function to call (default main)"),               \
      IRS_OPT_STRING(0, "shared-libs", &(flags)->sharedLibs, "LIST",          \
                     mode ": comma-separated libraries to load"),             \
      IRS_OPT_STRING(0, "result-tolerance", &(flags)->tolerance, "REL[,ABS]", \
                     mode ": compare numbers within tolerance"),              \
      IRS_OPT_STRING(0, "exec-timeout", &(flags)->timeout, "SECONDS",         \
                     mode ": limit of one execution (default 10)")

/// Turns the flags into execution options (strings borrowed from `flags`)
/// and a tolerance; on a bad value writes the message (without "TOOL:
/// error: ") into `err` and returns false. The tools call it from the value
/// check of their --check-results or --miscompile row.
bool irsToolExecFlagsCheck(const IrsToolExecFlags *flags,
                           IrsExecOptions *options, IrsExecTolerance *tolerance,
                           char *err, size_t errSize);

#endif
