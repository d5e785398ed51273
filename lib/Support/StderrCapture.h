// SPDX-License-Identifier: Apache-2.0
//===- StderrCapture.h - catch what LLVM prints behind our back ----------===//
//
// LLVM's command-line option parser, which MLIR uses for pass options,
// reports a bad value ("'abc' value invalid for long argument!") straight
// to stderr instead of to the error callback. The library must not print,
// so while pass pipelines are built, fd 2 is pointed at an anonymous file
// and whatever lands there becomes part of our error message.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_SUPPORT_STDERRCAPTURE_H
#define IRS_SUPPORT_STDERRCAPTURE_H

#include "Buf.h"

typedef struct IrsStderrCapture {
  int savedFd; // -1 when not capturing
  int tmpFd;
} IrsStderrCapture;

/// Starts capturing; on any failure leaves stderr alone (savedFd == -1).
void irsStderrCaptureBegin(IrsStderrCapture *c);
/// Restores stderr and appends what was captured to `out`.
void irsStderrCaptureEnd(IrsStderrCapture *c, IrsBuf *out);

#endif
