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
  IrsInput input;   // as given; split with --split-input-file
  IrsInput generic; // tool mode: the input (chunk) as the tool prints it
                    // generically, which is what is parsed; null otherwise
  IrsPipeline pipeline; // null in script mode
  IrsPipeline cut;      // tool mode: the failing step, when located first
  OrTool tool;          // --tool, zeroed otherwise
  MlirContext ctx;
  MlirModule module;    // owned until the reducer takes it
  const char **testArgv; // script mode: the script and its --test-arg values
  int testArgc;
  // --split-input-file: the chunk parsed into `module` (0-based) of
  // `numChunks`; `searching` while no --chunk picked it, so that a chunk
  // that does not fail gives way to the next (orSessionNextChunk).
  intptr_t chunk, numChunks;
  bool searching;
} OrSession;

/// Sets `s` up for `c`. Returns ok's exit code, or the exit code of an
/// error whose line is printed. orSessionDestroy is needed either way.
int orSessionCreate(OrSession *s, const OrConfig *c);
void orSessionDestroy(OrSession *s);

/// --split-input-file while searching: parses the next chunk that parses
/// into `s->module` (the reducer took the last one). False when none is
/// left.
bool orSessionNextChunk(OrSession *s, const OrConfig *c);

/// The lines chunk `s->chunk` holds text on (1-based; a chunk of blanks
/// only: its first line twice).
void orSessionChunkLines(const OrSession *s, intptr_t *first, intptr_t *last);

/// A context as the session's, before anything is loaded into it: every
/// dialect (none but builtin in tool mode) and the plugins' registered,
/// unregistered ones allowed as asked, no threads. The caller destroys it.
MlirContext orContextCreate(const OrConfig *c);

/// "opt-reduce: error: <s>" (an MlirStringCallback; `ud` unused).
void orErrorLine(MlirStringRef s, void *ud);

#endif
