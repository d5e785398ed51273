// SPDX-License-Identifier: Apache-2.0
//===- ToolNest.h - pass flags nested as the tool nests them ---------------===//
//
// mlir-opt nests a pass flag under the op its pass is restricted to
// (`--stack-arrays` of fir-opt runs on func.func). irscope asks its own
// MLIR for the passes it has (Options.c); a pass only the --tool has is
// asked of the tool: one run with the pass on the root op, whose error
// names the op it is restricted to.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOLS_COMMON_TOOLNEST_H
#define IRS_TOOLS_COMMON_TOOLNEST_H

#include "Options.h"

#include "irscope/Pipeline.h"

/// `pipeline` (from pass flags, consumed) with each step still on the root
/// op nested under the op `tool` (run with `toolArgs` first) says its pass
/// is restricted to. A step the tool accepts on the root, or a tool that
/// cannot be run, stays as it is (the run reports what the tool says).
/// Null, reported through `errorCallback`, only when out of memory.
IrsPipeline irsToolNestRestrictedPasses(IrsPipeline pipeline, const char *tool,
                                        const IrsStringList *toolArgs,
                                        IrsPipelineErrorCallback errorCallback,
                                        void *userData);

#endif // IRS_TOOLS_COMMON_TOOLNEST_H
