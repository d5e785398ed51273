// SPDX-License-Identifier: Apache-2.0
//===- DiagVerifier.h - checking diagnostics against expected-* comments --===//
//
// mlir-opt's --verify-diagnostics, for C: the input carries comments such as
// `// expected-error@+1 {{message}}`; every diagnostic emitted while the
// input is processed must match one of them (same line, same severity, the
// text contained in the message), and every one of them must be matched.
// The semantics are those of MLIR's SourceMgrDiagnosticVerifierHandler
// (mlir/lib/IR/Diagnostics.cpp, mlir/docs/Diagnostics.md), checked against
// mlir-opt 22: `expected-(error|warning|note|remark)`, an optional `-re`
// that makes `{{...}}` pieces inside the text POSIX extended regular
// expressions, and `@+N`, `@-N`, `@above`, `@below`, `@unknown`
// designators. The C API does not expose MLIR's verifier, so this is a
// reimplementation over the captured IrsDiagnostic data.
//
// The verifier never prints: each complaint (an unexpected diagnostic, a
// severity near-miss, an expectation that was not produced, a bad regex)
// goes to the callback given at creation, as an error message with a
// "file:line:col" location, to be printed with irsSourceMessagePrint.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_DIAGVERIFIER_H
#define IRS_DIAGVERIFIER_H

#include "irscope/Diagnostics.h"

#ifdef __cplusplus
extern "C" {
#endif

/// One complaint of the verifier; always printed with severity error.
/// Strings are valid during the callback only.
typedef struct IrsDiagComplaint {
  /// "file:line:col" (an expectation's position) or the location of the
  /// unexpected diagnostic as IrsDiagnostic.location has it.
  MlirStringRef location;
  MlirStringRef message;
  /// Characters to underline from the column (the expected text's length
  /// for "was not produced" and regex errors), 0 for a bare caret.
  intptr_t rangeLength;
} IrsDiagComplaint;

typedef void (*IrsDiagComplaintCallback)(const IrsDiagComplaint *complaint,
                                         void *userData);

/// Counts for reports (the manifest's <diagnostics-verification>).
typedef struct IrsDiagVerifierCounts {
  intptr_t expected;   ///< expectations found (bad regexes not counted)
  intptr_t matched;    ///< expectations a diagnostic matched
  intptr_t unexpected; ///< diagnostics that matched none (near misses too)
} IrsDiagVerifierCounts;

typedef struct IrsDiagVerifier {
  void *ptr;
} IrsDiagVerifier;

static inline bool irsDiagVerifierIsNull(IrsDiagVerifier v) { return !v.ptr; }

/// Reads the expectations in `text`, the part of file `fileName` whose first
/// line is line `firstLine` (1 for a whole file; a chunk's line with
/// --split-input-file), so that expectations carry the file's line numbers.
/// With `onlyExpected` (mlir-opt's --verify-diagnostics=only-expected),
/// diagnostics no expectation matches are ignored. Malformed regexes are
/// reported through `callback` right away. Strings are copied. Returns null
/// when out of memory.
IRS_API IrsDiagVerifier irsDiagVerifierCreate(MlirStringRef fileName,
                                              MlirStringRef text,
                                              intptr_t firstLine,
                                              bool onlyExpected,
                                              IrsDiagComplaintCallback callback,
                                              void *userData);

/// Checks one diagnostic and then each of its notes, as separate
/// diagnostics of severity note (as MLIR does).
IRS_API void irsDiagVerifierProcess(IrsDiagVerifier verifier,
                                    const IrsDiagnostic *diagnostic);

/// Reports every expectation not matched so far (in file order) and returns
/// whether verification succeeded: no complaint at all. Call once.
IRS_API bool irsDiagVerifierFinish(IrsDiagVerifier verifier);

/// Restricts irsDiagVerifierGetCounts to the expectations written on lines
/// [firstLine, lastLine] and to the unexpected diagnostics reported from now
/// on: one --split-input-file chunk's share, for its manifest.
IRS_API void irsDiagVerifierSetWindow(IrsDiagVerifier verifier,
                                      intptr_t firstLine, intptr_t lastLine);

/// The counts so far (within the window, if one is set). Thread-safe against irsDiagVerifierProcess only if
/// the caller serialises them (irscope's capture does).
IRS_API IrsDiagVerifierCounts irsDiagVerifierGetCounts(IrsDiagVerifier verifier);

/// Frees the verifier. Null is a no-op.
IRS_API void irsDiagVerifierDestroy(IrsDiagVerifier verifier);

#ifdef __cplusplus
}
#endif

#endif // IRS_DIAGVERIFIER_H
