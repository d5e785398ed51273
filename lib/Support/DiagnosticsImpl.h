// SPDX-License-Identifier: Apache-2.0
//===- DiagnosticsImpl.h - library-internal access to diagnostic capture --===//
#ifndef IRS_SUPPORT_DIAGNOSTICSIMPL_H
#define IRS_SUPPORT_DIAGNOSTICSIMPL_H

#include "irscope/Diagnostics.h"

/// Step index stamped on diagnostics captured from now on (0 = none).
void irsDiagnosticCaptureSetStep(IrsDiagnosticCapture c, intptr_t step);
/// Makes diagnostics at `marker` (a location nothing else uses; null: none)
/// step markers: such a diagnostic is not captured, its message is the
/// decimal step index to stamp on the diagnostics after it. A checkpointed
/// run emits them between the steps it runs on one op, in the stream MLIR
/// orders per op (ParallelDiagnosticHandler), so that every diagnostic is
/// attributed to the step that emitted it, whichever thread ran it and
/// whenever MLIR delivers it.
void irsDiagnosticCaptureSetStepMarker(IrsDiagnosticCapture c,
                                       MlirLocation marker);
/// Whether irsDiagnosticCaptureAdd was called while a step marker was set
/// since the last call: such a diagnostic did not pass through MLIR's
/// ordering, so on another thread than the one delivering the markers its
/// step is unknown.
bool irsDiagnosticCaptureTakeUnordered(IrsDiagnosticCapture c);
/// While muted, diagnostics are captured but not forwarded (used when a
/// pipeline is replayed to locate a failure: the user saw them already).
void irsDiagnosticCaptureSetMuted(IrsDiagnosticCapture c, bool muted);
/// While discarding, diagnostics are dropped entirely (replays whose
/// diagnostics are already known).
void irsDiagnosticCaptureSetDiscard(IrsDiagnosticCapture c, bool discard);
/// How many diagnostics were discarded so far.
intptr_t irsDiagnosticCaptureGetNumDiscarded(IrsDiagnosticCapture c);
/// Stops capturing without freeing what was captured.
void irsDiagnosticCaptureDetach(IrsDiagnosticCapture c);
/// Adds a diagnostic that did not come through MLIR (C API passes cannot
/// emit remarks). Notes are `numNotes` plain messages at the same location.
void irsDiagnosticCaptureAdd(IrsDiagnosticCapture c, IrsSeverity severity,
                             MlirStringRef location, MlirStringRef message,
                             const MlirStringRef *notes, intptr_t numNotes);
/// Formats an MLIR location the way diagnostics show it ("file:line:col").
void irsLocationFormat(MlirLocation loc, const char *fallbackName,
                       MlirStringCallback cb, void *userData);

#endif // IRS_SUPPORT_DIAGNOSTICSIMPL_H
