// SPDX-License-Identifier: Apache-2.0
//===- Diagnostics.h - capturing MLIR diagnostics as plain data -----------===//
//
// MLIR reports problems through the context's diagnostic engine. irscope
// captures every diagnostic as an IrsDiagnostic (plain, copyable data whose
// strings are owned by the capture that produced it) so that they can be
// attached to steps, written into manifests and reports, and printed by the
// tools in mlir-opt's "file:line:col: error: message" form.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_DIAGNOSTICS_H
#define IRS_DIAGNOSTICS_H

#include "irscope/Support.h"
#include <mlir-c/IR.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum IrsSeverity {
  IrsSeverityError,
  IrsSeverityWarning,
  IrsSeverityNote,
  IrsSeverityRemark,
} IrsSeverity;

/// One diagnostic. All strings are borrowed from the object that handed the
/// diagnostic out and live as long as it does (see each getter).
typedef struct IrsDiagnostic {
  IrsSeverity severity;
  /// "file:line:col" when the location (or a location nested in it) has a
  /// file position, otherwise MLIR's printed form such as "loc(unknown)".
  MlirStringRef location;
  MlirStringRef message;
  /// Notes attached to this diagnostic, in emission order.
  intptr_t numNotes;
  const struct IrsDiagnostic *notes;
  /// Index of the pipeline step that emitted it (1-based), 0 when it was
  /// emitted outside any step (parsing, set-up).
  intptr_t step;
} IrsDiagnostic;

/// Called once per top-level diagnostic as it is captured. The pointer is
/// only valid during the call.
typedef void (*IrsDiagnosticCallback)(const IrsDiagnostic *diagnostic,
                                      void *userData);

/// Lower-case name of a severity ("error", "warning", "note", "remark").
IRS_API const char *irsSeverityGetName(IrsSeverity severity);

/// Prints `diagnostic` and its notes the way mlir-opt does, one line each:
/// "<location>: <severity>: <message>\n". The callback may be called several
/// times.
IRS_API void irsDiagnosticPrint(const IrsDiagnostic *diagnostic,
                                MlirStringCallback callback, void *userData);

/// The source text diagnostics are shown against: `name` is the file name
/// locations carry ("<stdin>" for standard input), `text` the whole file.
typedef struct IrsDiagnosticSource {
  MlirStringRef name;
  MlirStringRef text;
} IrsDiagnosticSource;

/// Prints `diagnostic` and its notes as mlir-opt prints them (MLIR's
/// SourceMgrDiagnosticHandler over llvm::SourceMgr): "file:line:col:
/// severity: message", then, for a location in `source`, the source line
/// and a caret under the column (tabs expanded to 8 columns). A note shows
/// the source line only when its location differs from the one before it.
/// Locations without a file position print as "<unknown>:0: severity:
/// loc(...): message" ("loc(unknown): " is left out). `source` may be NULL.
IRS_API void irsDiagnosticPrintWithSource(const IrsDiagnostic *diagnostic,
                                          const IrsDiagnosticSource *source,
                                          MlirStringCallback callback,
                                          void *userData);

/// Prints one message in the same form at a "file:line:col" location;
/// `rangeLength` > 1 underlines that many characters from the column with
/// '~' (as mlir-opt underlines an expected-* text it complains about).
/// `showSourceLine` false prints the first line only.
IRS_API void irsSourceMessagePrint(MlirStringRef location, IrsSeverity severity,
                                   MlirStringRef message, intptr_t rangeLength,
                                   bool showSourceLine,
                                   const IrsDiagnosticSource *source,
                                   MlirStringCallback callback, void *userData);

/// Splits a formatted location "file:line:col" (IrsDiagnostic.location)
/// into its parts; false for locations without a file position.
IRS_API bool irsLocationParseFileLineCol(MlirStringRef location,
                                         MlirStringRef *file, unsigned *line,
                                         unsigned *column);

//===----------------------------------------------------------------------===//
// IrsDiagnosticCapture
//===----------------------------------------------------------------------===//

/// Collects every diagnostic emitted in an MLIR context while attached. The
/// capture consumes the diagnostics: MLIR's default printing to stderr does
/// not happen while it is attached.
typedef struct IrsDiagnosticCapture {
  void *ptr;
} IrsDiagnosticCapture;

static inline bool irsDiagnosticCaptureIsNull(IrsDiagnosticCapture c) {
  return !c.ptr;
}

/// Attaches a new capture to `context`. `forward` (nullable) is called for
/// each diagnostic as it arrives. Destroy with irsDiagnosticCaptureDestroy
/// before the context is destroyed. Returns a null handle if out of memory.
IRS_API IrsDiagnosticCapture irsDiagnosticCaptureCreate(
    MlirContext context, IrsDiagnosticCallback forward, void *userData);

/// Detaches the capture and frees it with all diagnostics it handed out.
/// A null handle is a no-op.
IRS_API void irsDiagnosticCaptureDestroy(IrsDiagnosticCapture capture);

/// File name used for locations whose file name is empty (IR parsed from a
/// string has no name). The string is copied.
IRS_API void irsDiagnosticCaptureSetFallbackFileName(
    IrsDiagnosticCapture capture, MlirStringRef name);

/// Number of top-level diagnostics captured since creation or the last clear.
IRS_API intptr_t irsDiagnosticCaptureGetNumDiagnostics(
    IrsDiagnosticCapture capture);

/// The pos-th captured diagnostic; borrowed, valid until the next clear or
/// destroy.
IRS_API const IrsDiagnostic *
irsDiagnosticCaptureGetDiagnostic(IrsDiagnosticCapture capture, intptr_t pos);

/// Number of captured diagnostics with severity error.
IRS_API intptr_t irsDiagnosticCaptureGetNumErrors(IrsDiagnosticCapture capture);

/// Forgets all captured diagnostics (invalidating pointers handed out).
IRS_API void irsDiagnosticCaptureClear(IrsDiagnosticCapture capture);

#ifdef __cplusplus
}
#endif

#endif // IRS_DIAGNOSTICS_H
