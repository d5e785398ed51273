// SPDX-License-Identifier: Apache-2.0
//===- PipelineEcho.h - show where in the pipeline text an error is -------===//
#ifndef IRS_TOOLS_PIPELINEECHO_H
#define IRS_TOOLS_PIPELINEECHO_H

#include <mlir-c/Support.h>

/// Prints "TOOL: error: MSG". When MSG is about a position in a one-line
/// `pipeline` ("pipeline:1:N: ..."), the pipeline text follows, indented,
/// with a caret under column N, as mlir-opt shows a source line. The
/// error line stays first and whole (scripts and tests read it so).
void irsToolPipelineErrorLine(const char *tool, MlirStringRef msg,
                              const char *pipeline);

#endif
