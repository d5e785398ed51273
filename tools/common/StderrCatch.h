// SPDX-License-Identifier: Apache-2.0
//===- StderrCatch.h - the tools' catcher of what LLVM prints to stderr ---===//
//
// LLVM's command-line option parser, which MLIR uses for pass options,
// reports a bad value ("'abc' value invalid for long argument!") straight
// to stderr instead of to MLIR's error callback, and the C API cannot point
// llvm::errs() elsewhere. irscope's tools own their process, so while pass
// pipelines are built they point fd 2 at an anonymous file and hand what
// lands there to the library (IrsStderrCatcher, irscope/Support.h), which
// puts it into its one-line error. The library itself never touches a
// file descriptor.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOLS_STDERRCATCH_H
#define IRS_TOOLS_STDERRCATCH_H

#include "irscope/Support.h"

/// The catcher to put into IrsPassManagerOptions.stderrCatcher. Not
/// reentrant (one build at a time per process, which is how the tools
/// build).
IrsStderrCatcher irsToolStderrCatcher(void);

#endif // IRS_TOOLS_STDERRCATCH_H
