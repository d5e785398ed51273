// SPDX-License-Identifier: Apache-2.0
//===- Session.h - what opt-reduce sets up before it reduces ---------------===//
//
// The input, the pipeline (or the test script's argv), the tool of --tool,
// the context the candidates are parsed in (with the IRDL dialects) and
// the parsed module, checked against the pipeline. One destroy tears down
// whatever part was made.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOLS_OPT_REDUCE_SESSION_H
#define IRS_TOOLS_OPT_REDUCE_SESSION_H

#include "Config.h"
#include "Tool.h"

#include "irscope/Input.h"
#include "irscope/Pipeline.h"

typedef struct OrSession {
  IrsInput input;
  IrsPipeline pipeline; // null in script mode
  IrsPipeline cut;      // tool mode: the failing step, when located first
  OrTool tool;          // --tool, zeroed otherwise
  MlirContext ctx;
  MlirModule module;    // owned until the reducer takes it
  const char **testArgv; // script mode: the script and its --test-arg values
  int testArgc;
} OrSession;

/// Sets `s` up for `c`. Returns ok's exit code, or the exit code of an
/// error whose line is printed. orSessionDestroy is needed either way.
int orSessionCreate(OrSession *s, const OrConfig *c);
void orSessionDestroy(OrSession *s);

/// "opt-reduce: error: <s>" (an MlirStringCallback; `ud` unused).
void orErrorLine(MlirStringRef s, void *ud);

#endif
