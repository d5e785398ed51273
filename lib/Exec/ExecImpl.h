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

/// Length of the number starting at `s` (within [s, end)), 0 if none
/// starts there: decimal integers and floats with an optional sign and
/// exponent, nan and inf; `atStart` says whether the character before is a
/// token boundary (not a letter, digit, '_' or '.').
size_t irsExecNumberLength(const char *s, const char *end, bool atStart,
                           double *value);

#endif // IRS_EXEC_EXECIMPL_H
