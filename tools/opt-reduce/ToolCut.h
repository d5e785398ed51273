// SPDX-License-Identifier: Apache-2.0
//===- ToolCut.h - tool mode: the failing step, found before reducing -----===//
#ifndef IRS_TOOLS_OPT_REDUCE_TOOLCUT_H
#define IRS_TOOLS_OPT_REDUCE_TOOLCUT_H

#include "Config.h"
#include "Tool.h"

#include "irscope/Pipeline.h"

#include <stddef.h>

/// Runs `full` (two steps or more) step by step with the tool on `input`.
/// When a step fails, returns that step's pipeline (the caller destroys
/// it) and, unless it is the first, replaces `input` (of `cap` bytes) with
/// the IR going into it, in a file under t->dir; says so on stderr. A null
/// pipeline otherwise: the whole pipeline is reduced.
IrsPipeline orToolCutPipeline(OrTool *t, const OrConfig *c, IrsPipeline full,
                              char *input, size_t cap);

#endif
