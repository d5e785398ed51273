// SPDX-License-Identifier: Apache-2.0
//===- Signature.h - telling one failure from another ---------------------===//
//
// A failure signature is what "fails the same way" compares: the kind of
// outcome, the signal, the failing step and pass, the crash's identity (its
// assertion line and first frames) and the first error message with what
// varies between equivalent failures masked.
// The reducer keeps candidates whose signature matches the original one,
// --repeat counts runs per signature, and crash documentation names the
// same parts. Signatures are built from what the caller observed: a dead
// worker's stderr (its first error, its stack trace) or a diagnostic.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_SIGNATURE_H
#define IRS_SIGNATURE_H

#include "irscope/Outcome.h"
#include "irscope/StackTrace.h"
#include "irscope/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// How many frames tell a crash: the faulting one and its callers, as far
/// as the pass that ran them. Enough to get past the IR-building machinery
/// a crash in an op's creation dies in: llvm/llvm-project#205233 dies in
/// OperandStorage's constructor, under three Operation::create,
/// OpBuilder::create and the op's create, and only its seventh frame is
/// the pattern's.
#define IRS_CRASH_IDENTITY_FRAMES 8

/// What tells one crash from another of the same signal in the same
/// function (a shared helper: Operation::getOperand's assertion, a cast<>
/// to the wrong type, an llvm_unreachable in a common switch), as its
/// process printed it (irsSignatureSetCrashSite). Plain data.
typedef struct IrsCrashIdentity {
  /// The line naming the check that failed: glibc's assertion line from
  /// the file on ("FILE:LINE: FUNCTION: Assertion `X' failed."), an
  /// "UNREACHABLE executed at FILE:LINE!", or an "LLVM ERROR: ..."
  /// (report_fatal_error) with numbers, SSA names and addresses masked as
  /// messages are; "" when the process printed none.
  char abortLine[512];
  /// The frames from the faulting one on, past the signal, abort and
  /// assert machinery, up to the action dispatch, the pass manager or the
  /// verifier's entry that called them, a recursion's repeated frames
  /// counted once: "name+0xOFF", "name at file:line:col", "module+0xOFF",
  /// or "module@0xADDR" for a frame known only by its absolute address.
  char frames[IRS_CRASH_IDENTITY_FRAMES][256];
  int numFrames;
  /// Bit k: frame k is known by its absolute address alone, which is the
  /// same frame in another process only when both had one layout.
  unsigned addressOnly;
  /// The process printed a stack trace at all.
  bool traced;
} IrsCrashIdentity;

/// A failure signature. Plain data: zero-initialise it (kind
/// IrsOutcomeNone, every string empty) and fill it with the setters below.
typedef struct IrsSignature {
  /// How it ended: crash, timeout, memory-limit, pass-failure,
  /// verify-failure, nondeterminism, wrong-result, ok, ...
  IrsOutcome kind;
  /// The reducer's worker ended so while applying the candidate's edit,
  /// before the test ran: not the bug's doing (named "edit-<kind>").
  bool inEdit;
  int signal; ///< for a crash; 0 otherwise
  /// Name of the failing pass ("" if unknown).
  char pass[128];
  /// First error message with numbers, SSA names and addresses masked.
  char message[512];
  /// 1-based failing step of the pipeline (0 if unknown).
  int64_t step;
  /// Crashes: the function the worker died in (see irsStackTraceGetCrashSite),
  /// "" if unknown. Part of the comparison when both sides know it.
  char site[256];
  /// Crashes: which crash it was (see IrsCrashIdentity); empty (nothing
  /// printed) unless irsSignatureSetCrashSite read a trace.
  IrsCrashIdentity crash;
  /// When `site` has no name ("libMLIR.so.22.1+0x..."): its nearest named
  /// caller (irsStackTraceGetNamedCaller), for the reader; not compared.
  char siteCaller[256];
  /// The run reported this failure and then died of this signal while its
  /// module and context were freed (a pass corrupted memory, and the plain
  /// tool dies the same way at its exit); 0 otherwise. Compared as
  /// "whether", not which signal: where a corrupted heap gives out varies.
  int diedAfter;
} IrsSignature;

/// Writes the signature's kind name into `buf` (capacity `cap`, always
/// NUL-terminated): the outcome's name, "edit-" before it with `inEdit`.
/// Returns `buf`.
IRS_API const char *irsSignatureFormatKind(const IrsSignature *signature,
                                           char *buf, size_t cap);

/// The text of the first error diagnostic in `text`: after ": error: " (a
/// located diagnostic) or, with `unlocated`, after "error: " at the start
/// of a line (a tool's diagnostic without a location), whichever comes
/// first. Returns a pointer into `text` and sets `*length` to the rest of
/// that line, or returns NULL if there is none.
IRS_API const char *irsSignatureFindFirstError(MlirStringRef text,
                                               bool unlocated,
                                               size_t *length);

/// Sets the message to `message` normalised (irsNormaliseMessage).
IRS_API void irsSignatureSetMessage(IrsSignature *signature,
                                    MlirStringRef message);

/// Sets the message to the first error of `text` (see
/// irsSignatureFindFirstError), normalised; to "" if there is none. Returns
/// whether there was one.
IRS_API bool irsSignatureSetFirstError(IrsSignature *signature,
                                       MlirStringRef text, bool unlocated);

/// Sets the failing step and the name of its pass.
IRS_API void irsSignatureSetStep(IrsSignature *signature, int64_t step,
                                 MlirStringRef pass);

/// Sets the crash site (and, with `withCaller`, an unnamed site's nearest
/// named caller) and the crash identity from `trace`, the dead process's
/// stderr: its stack trace (irsStackTraceParse's formats) and the
/// assertion, UNREACHABLE or LLVM ERROR line before it. `map`, the objects
/// of the process that printed an LLVM stack dump in `trace` (null:
/// unknown, or a trace of this process), names a frame of that dump that
/// has only an absolute address by its module offset, as this process's
/// own frames are named. Leaves them "" (the identity empty) when `trace`
/// holds none of that.
IRS_API void irsSignatureSetCrashSite(IrsSignature *signature,
                                      MlirStringRef trace, IrsLoadMap map,
                                      bool withCaller);

/// Whether the signature is one a reducer can keep: not ok, not an
/// untestable candidate ("invalid"), not interrupted.
IRS_API bool irsSignatureIsFailure(const IrsSignature *signature);

/// Whether the signature tells its crash by more than its signal and
/// site: the dead process printed a stack trace or an assertion line.
/// When either side of irsSignatureMatches has none, the signal and the
/// site alone decide, a weaker comparison the caller may want to say.
IRS_API bool irsSignatureCrashIsTold(const IrsSignature *signature);

/// What irsSignatureMatches compares beyond kind, edit flag, signal, pass,
/// crash site and crash identity.
typedef enum IrsSignatureMatch {
  IrsSignatureMatchMessage = 1, ///< the same normalised message
  IrsSignatureMatchStep = 2,    ///< the same step
  /// Both processes had one layout (forks of one process, or runs without
  /// address randomisation): frames known only by their absolute address
  /// compare by it. Without it such a frame matches any.
  IrsSignatureMatchSameLayout = 4,
} IrsSignatureMatch;

/// Whether `signature` is the failure `target` is: the same kind, edit
/// flag, signal and pass, a death after the failure on both sides or on
/// neither, the same crash site when both know theirs, the same crash
/// identity when both sides printed one (the same assertion line or
/// none, the same frames as far as both have them), and what `match`
/// (IrsSignatureMatch bits) adds.
IRS_API bool irsSignatureMatches(const IrsSignature *signature,
                                 const IrsSignature *target, unsigned match);

/// The frame that tells `signature`'s crash from `other`'s when all else
/// is alike: the index into signature->crash.frames of the first frame the
/// two do not share, compared as irsSignatureMatches compares them with
/// `match` (IrsSignatureMatchSameLayout: address-only frames too); -1 when
/// their frames agree as far as both have them, or either printed none.
IRS_API int irsSignatureGetDistinctFrame(const IrsSignature *signature,
                                         const IrsSignature *other,
                                         unsigned match);

#ifdef __cplusplus
}
#endif

#endif // IRS_SIGNATURE_H
