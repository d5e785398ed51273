// SPDX-License-Identifier: Apache-2.0
//===- ToolLit.h - --emit-lit-test and --reproducer in tool mode ----------===//
//
// A tool's reduced module is the file -o holds, in the tool's own syntax
// (opt-reduce's context does not know the tool's dialects), and its test
// runs the tool: the lit test's RUN line names the tool, and the
// reproducer is that file with an mlir_reproducer resource, which
// `TOOL --run-reproducer` replays.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOLS_OPT_REDUCE_TOOLLIT_H
#define IRS_TOOLS_OPT_REDUCE_TOOLLIT_H

#include "Config.h"
#include "Tool.h"

#include "irscope/Reduce.h"

/// The lit test of the result of `r` (read from c->output, checked) to
/// c->litTest, in the form c->litTestMode asks for; the module `m` gives
/// the CHECK-LABEL lines. 0 or an errno value.
int orToolLitTestWrite(const OrConfig *c, const OrTool *t, IrsReducer r,
                       MlirOperation m);
/// c->output with the reduced pipeline as an mlir_reproducer resource, to
/// c->reproducer. 0 or an errno value.
int orToolReproducerWrite(const OrConfig *c, IrsReducer r);

#endif
