// SPDX-License-Identifier: Apache-2.0
//===- PipelineImpl.h - pipeline internals other folders use ---------------===//
//
// The creation functions that report errors through an MlirStringCallback
// are the typed ones (IrsPipelineErrorCallback) with this adapter, so the
// line they report is the one irsPipelineErrorPrint writes, in one chunk.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_PIPELINE_PIPELINEIMPL_H
#define IRS_PIPELINE_PIPELINEIMPL_H

#include "irscope/Pipeline.h"

/// The callback an error goes to as one line; `cb` is nullable.
typedef struct IrsPipelineErrorLine {
  MlirStringCallback cb;
  void *userData;
} IrsPipelineErrorLine;

/// IrsPipelineErrorCallback for a `line` (an IrsPipelineErrorLine *).
void irsPipelineErrorReportLine(const IrsPipelineError *error, void *line);

#endif // IRS_PIPELINE_PIPELINEIMPL_H
