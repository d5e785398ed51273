// SPDX-License-Identifier: Apache-2.0
//===- ExecImpl.h - private pieces of the execution oracle ----------------===//
//
// Shared by Exec.c (in-process execution), Executor.c (supervised workers),
// Compare.c and Bisect.c; unit tests include it for the internals.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_EXEC_EXECIMPL_H
#define IRS_EXEC_EXECIMPL_H

#include "irscope/Exec.h"

#include <mlir-c/ExecutionEngine.h>

/// Length of the number starting at `s` (within [s, end)), 0 if none
/// starts there: decimal integers and floats with an optional sign and
/// exponent, nan and inf; `atStart` says whether the character before is a
/// token boundary (not a letter, digit, '_' or '.').
size_t irsExecNumberLength(const char *s, const char *end, bool atStart,
                           double *value);

/// Fill.c: the JIT'd code's malloc and aligned_alloc fill what they
/// return with the filling's byte (nothing for IrsExecFillNone); call
/// before the engine is initialised.
void irsExecFillRegister(MlirExecutionEngine jit, IrsExecFill fill);
/// Writes the filling's byte over the stack below the caller's frame.
void irsExecFillStack(IrsExecFill fill);

/// JitDump.c: the directory an executor's workers write LLVM's perf
/// jitdumps into. Creates it under $TMPDIR (else /tmp) and sets *dir
/// (malloc'd); *dir stays NULL when the user set JITDUMPDIR (theirs is
/// used). Returns 0 or an errno value.
int irsExecJitDumpDirCreate(char **dir);
/// In a worker, before its first ExecutionEngine: JITDUMPDIR = `dir`
/// (nothing for NULL).
void irsExecJitDumpDirEnter(const char *dir);
/// Removes what the workers left in `dir` (call once they have ended);
/// NULL allowed.
void irsExecJitDumpDirEmpty(const char *dir);
/// Removes `dir` and everything in it and frees it; NULL allowed.
void irsExecJitDumpDirDestroy(char *dir);

#endif // IRS_EXEC_EXECIMPL_H
