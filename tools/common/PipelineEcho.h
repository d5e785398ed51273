// SPDX-License-Identifier: Apache-2.0
//===- PipelineEcho.h - show where in the pipeline text an error is -------===//
#ifndef IRS_TOOLS_PIPELINEECHO_H
#define IRS_TOOLS_PIPELINEECHO_H

#include "irscope/Pipeline.h"

/// Prints "TOOL: error: " and the error as irsPipelineErrorPrint writes it.
/// When the error is at a position on line 1 of a one-line `pipeline`
/// (nullable: the text the user gave), the pipeline text follows,
/// indented, with a caret under the error's column, as mlir-opt shows a
/// source line. The error line stays first and whole (scripts and tests
/// read it so).
void irsToolPipelineErrorLine(const char *tool, const IrsPipelineError *error,
                              const char *pipeline);

#endif
