// SPDX-License-Identifier: Apache-2.0
//===- PipelineEcho.h - show where in the pipeline text an error is -------===//
#ifndef IRS_TOOLS_PIPELINEECHO_H
#define IRS_TOOLS_PIPELINEECHO_H

#include <mlir-c/Support.h>

/// Prints "TOOL: error: MSG". When MSG is about a position in `pipeline`
/// ("pipeline:1:N: ...") and carries advice (a "did you mean" or a pass's
/// options), the pipeline text follows, indented, with a caret under
/// column N. Other errors stay one line (scripts and tests read them so).
void irsToolPipelineErrorLine(const char *tool, MlirStringRef msg,
                              const char *pipeline);

#endif
