// SPDX-License-Identifier: Apache-2.0
//===- CrashIdentity.h - which crash a dead process died of --------------===//
//
// Two bugs in one step often die of the same signal, and often in the same
// function, so a run that "crashed with SIGSEGV in X" is not yet the crash
// someone reported. CrashIdentity.c reads from a dead process's stderr
// what tells crashes apart (IrsCrashIdentity, irscope/Signature.h): its
// assertion line, if any, and the first frames of its stack trace. Every
// failure signature's crash part is one (Signature.c), so narrowing a
// step (in-process and through a tool), opt-reduce and --repeat agree on
// "the same crash".
//
//===----------------------------------------------------------------------===//
#ifndef IRS_SUPPORT_CRASHIDENTITY_H
#define IRS_SUPPORT_CRASHIDENTITY_H

#include "irscope/Signature.h"
#include "irscope/StackTrace.h"

#include <stdbool.h>

enum { kIrsCrashIdentityFrames = IRS_CRASH_IDENTITY_FRAMES };

/// Reads the identity of a crash from its process's stderr (LLVM's stack
/// dump, symbolised or not, or a glibc backtrace): frames from the
/// faulting one on, past the signal handler and the abort and assert
/// machinery (irsStackFrameIsNoise), and above MLIR's action dispatch
/// (MLIRContext::executeActionInternal, mlir::tracing::*): a tool that
/// logs its actions and one that counts them run the same action under
/// different handlers, so the frames from there down differ for the same
/// crash. The frame just above the dispatch goes too: it is the action's
/// callback (llvm::function_ref's thunk), which a run without a handler
/// (the user's) inlines into its caller. Frames stop at the pass manager
/// (OpToOpPassAdaptor) and the verifier's entry (mlir::verify) as well:
/// below them they depend on how many ops the pass ran on, on which
/// thread, on who verifies, not on the crash. A crash on a thread of
/// MLIR's pool loses the pool's plumbing above the pool, whatever has no
/// name back to the last frame that has one. A recursion's frames
/// (one frame or a cycle of up to four repeated) count once: a reduced
/// input nests less deeply.
/// `map` names address-only frames of an LLVM dump by their module offset
/// (see irsSignatureSetCrashSite; null: they stay addresses). False (the
/// identity holds what it read so far) when out of memory.
bool irsCrashIdentityRead(IrsCrashIdentity *id, MlirStringRef stderrText,
                          IrsLoadMap map);

/// Whether `b` is the crash `a` is (their signals are the caller's to
/// compare): the same assertion line (or neither has one), and the same
/// frames as far as both have them. A side whose stderr has neither trace
/// nor assertion line (lost, sent elsewhere) says nothing against it:
/// then the signal alone decides. An address-only frame compares by
/// address only with `sameLayout` (both processes had the same layout),
/// else it matches any.
bool irsCrashIdentityMatches(const IrsCrashIdentity *a,
                             const IrsCrashIdentity *b, bool sameLayout);

/// Whether `id` holds anything to compare: a trace or an assertion line.
bool irsCrashIdentityIsTold(const IrsCrashIdentity *id);

/// The first frame (0-based) where `a` and `b` differ, compared as
/// irsCrashIdentityMatches compares them (as far as both have frames,
/// address-only ones only with `sameLayout`); -1 when none does, or when
/// either side is not told.
int irsCrashIdentityDiffersAt(const IrsCrashIdentity *a,
                              const IrsCrashIdentity *b, bool sameLayout);

#endif // IRS_SUPPORT_CRASHIDENTITY_H
