// SPDX-License-Identifier: Apache-2.0
//===- CrashIdentity.h - which crash a dead process died of --------------===//
//
// Two bugs in one step often die of the same signal, so a run that "crashed
// with SIGSEGV" is not yet the crash someone reported. CrashIdentity.c
// reads from a dead process's stderr what tells crashes apart: its
// assertion line, if any, and the first frames of its stack trace. Narrowing
// a tool's step (lib/Tool/ToolNarrow.c) asks every trial for it.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_SUPPORT_CRASHIDENTITY_H
#define IRS_SUPPORT_CRASHIDENTITY_H

#include "irscope/Support.h"

#include <stdbool.h>

/// How many frames a crash is told by: the faulting one and its callers.
/// Enough to get past the IR-building machinery a crash in an op's
/// creation dies in: llvm/llvm-project#205233 dies in OperandStorage's
/// constructor, under three Operation::create, OpBuilder::create and the
/// op's create, and only its seventh frame is the pattern's.
enum { kIrsCrashIdentityFrames = 8 };

typedef struct IrsCrashIdentityFrame {
  char *key; ///< "name+0xOFF", "name at file:line:col", "module+0xOFF", ...
  /// Only an absolute address ("module@0xADDR"): the same frame in another
  /// process is the same address only when both had the same layout.
  bool addressOnly;
} IrsCrashIdentityFrame;

/// A crash as its process printed it. Owns its strings.
typedef struct IrsCrashIdentity {
  int signal;
  /// The line of a failed assert() ("prog: file:line: fn: Assertion `x'
  /// failed.") or of llvm_unreachable ("UNREACHABLE executed at f:l!");
  /// NULL when the process printed none.
  char *abortLine;
  IrsCrashIdentityFrame frames[kIrsCrashIdentityFrames + 1]; // one spare
  /// At most kIrsCrashIdentityFrames.
  int numFrames;
  bool traced; ///< stderr held a stack trace at all
} IrsCrashIdentity;

/// Reads the identity of a crash by `signal` from its process's stderr
/// (LLVM's stack dump, symbolised or not, or a glibc backtrace): frames
/// from the faulting one on, past the signal handler and the abort and
/// assert machinery (irsStackFrameIsNoise), and above MLIR's action
/// dispatch (MLIRContext::executeActionInternal, mlir::tracing::*): a tool
/// that logs its actions and one that counts them run the same action
/// under different handlers, so the frames from there down differ for the
/// same crash. The frame just above the dispatch goes too: it is the
/// action's callback (llvm::function_ref's thunk), which a run without a
/// handler (the user's) inlines into its caller. False (the identity holds what it read so far, to be freed)
/// when out of memory.
bool irsCrashIdentityRead(IrsCrashIdentity *id, int signal,
                          MlirStringRef stderrText);

/// Null-tolerant; leaves `id` empty.
void irsCrashIdentityFree(IrsCrashIdentity *id);

/// Whether `b` is the crash `a` is: the same signal, the same assertion
/// line (or neither has one), and the same frames as far as both have
/// them. A side whose stderr has neither trace nor assertion line (lost,
/// sent elsewhere) says nothing against it: then the signal alone
/// decides. An address-only frame compares by address only with
/// `sameLayout` (both processes ran without address randomisation), else
/// it matches any.
bool irsCrashIdentityMatches(const IrsCrashIdentity *a,
                             const IrsCrashIdentity *b, bool sameLayout);

#endif // IRS_SUPPORT_CRASHIDENTITY_H
