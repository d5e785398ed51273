// SPDX-License-Identifier: Apache-2.0
//===- Signature.h - telling one failure from another ---------------------===//
//
// A failure signature is what "fails the same way" compares: the kind of
// outcome, the signal, the failing step and pass, the crash site and the
// first error message with what varies between equivalent failures masked.
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
/// named caller) from the stack trace in `trace` (irsStackTraceParse's
/// formats). `map`, the objects of the process that printed an LLVM stack
/// dump in `trace` (null: unknown, or a trace of this process), names a
/// site frame of that dump that has only an absolute address by its
/// module offset, as this process's own frames are named. Leaves them ""
/// when `trace` holds no trace.
IRS_API void irsSignatureSetCrashSite(IrsSignature *signature,
                                      MlirStringRef trace, IrsLoadMap map,
                                      bool withCaller);

/// Whether the signature is one a reducer can keep: not ok, not an
/// untestable candidate ("invalid"), not interrupted.
IRS_API bool irsSignatureIsFailure(const IrsSignature *signature);

/// What irsSignatureMatches compares beyond kind, edit flag, signal, pass
/// and crash site.
typedef enum IrsSignatureMatch {
  IrsSignatureMatchMessage = 1, ///< the same normalised message
  IrsSignatureMatchStep = 2,    ///< the same step
} IrsSignatureMatch;

/// Whether `signature` is the failure `target` is: the same kind, edit
/// flag, signal and pass, a death after the failure on both sides or on
/// neither, the same crash site when both know theirs, and
/// what `match` (IrsSignatureMatch bits) adds.
IRS_API bool irsSignatureMatches(const IrsSignature *signature,
                                 const IrsSignature *target, unsigned match);

#ifdef __cplusplus
}
#endif

#endif // IRS_SIGNATURE_H
