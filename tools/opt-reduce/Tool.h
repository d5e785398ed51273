// SPDX-License-Identifier: Apache-2.0
//===- Tool.h - opt-reduce's tool mode: the user's mlir-opt as executor ---===//
//
// With --tool=PATH, candidates are tested by running PATH (any
// mlir-opt-compatible driver: iree-opt, fir-opt, mlir-opt with its test
// dialect) and opt-reduce never needs the tool's dialects: the input is
// converted to generic form by the tool itself, parsed here with every
// dialect but builtin (and ub, when the tool takes ub.poison) unregistered,
// reduced, and printed back into the tool's custom syntax by the tool at
// the end. This file runs the tool for those set-up and wind-up steps,
// each under a supervisor (a tool that hangs or crashes there is reported,
// not waited for); the per-candidate runs are the reducer's
// (lib/Reduce/OracleWorker.c).
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOLS_OPT_REDUCE_TOOL_H
#define IRS_TOOLS_OPT_REDUCE_TOOL_H

#include "Options.h"

#include "irscope/ForkServer.h"
#include "irscope/Signature.h"

#include <mlir-c/IR.h>

#include <stdbool.h>

typedef struct OrTool {
  char *path;                 ///< absolute, resolved by orToolCreate
  const IrsStringList *args;  ///< --tool-arg values, borrowed
  const char **argv;          ///< path, args, pipeline args (NULL-terminated)
  int argc;
  char dir[256];              ///< private temporary directory
  bool takesPoison;           ///< the tool parses opt-reduce's ub.poison
  IrsForkServer server;       ///< see orToolUseForkServer; null: exec
  bool verbose;               ///< say at the end how many runs were forks
  bool prestarted;            ///< the server is the launcher's (Launcher.c)
} OrTool;

/// Finds the tool (a name without '/' is looked up in PATH), makes the
/// temporary directory and the tool's argv for candidates: the tool, the
/// --tool-arg values, then `--pass-pipeline=PIPELINE` or the pass flags
/// (stored without dashes) as `--FLAG`. False, with a one-line error
/// printed, when the tool cannot be found or run.
bool orToolCreate(OrTool *t, const char *name, const IrsStringList *args,
                  const char *pipeline, const IrsStringList *passFlags);
void orToolDestroy(OrTool *t);

/// Starts the tool once as a fork server (include/irscope/ForkServer.h):
/// from then on every run of the tool, here and in the reducer's tests,
/// is a fork of it rather than an exec. A tool that cannot be one (a
/// script, a static binary) is exec'd as before; with `verbose`, a note
/// says which, and orToolDestroy how many runs were forks.
void orToolUseForkServer(OrTool *t, bool verbose);

/// Takes the fork server bin/opt-reduce (Launcher.c) may have started for
/// the --tool it saw, from the environment (and removes it from there, so
/// nothing this program starts sees it): first thing in main.
/// orToolUseForkServer adopts it when its tool is the one found.
void orToolTakePrestarted(void);
/// Kills a started server that was not adopted (no-op otherwise).
void orToolDiscardPrestarted(void);

/// Converts `input` to generic form with the tool (`TOOL [ARG]...
/// --mlir-print-op-generic INPUT -o OUT`) and probes whether the tool
/// takes ub.poison. Writes the generic file's path to `generic` (inside
/// t->dir). False, with a one-line error printed, on failure.
bool orToolPrepare(OrTool *t, const char *input, char *generic, size_t cap);

/// IrsReduceOptions.acceptTarget (userData: the OrTool): when the tool
/// exited non-zero on the input, checks that the pipeline runs on an empty
/// module (a pipeline that fails there fails on every input: a bad pass
/// name or option; nothing to reduce); any other target needs no check.
bool orToolAcceptTarget(const IrsSignature *target, MlirStringCallback message,
                        void *messageData, void *userData);

/// Registers and loads what a tool-mode context needs: the ub dialect when
/// the tool takes ub.poison; every other dialect stays unregistered.
void orToolSetUpContext(const OrTool *t, MlirContext ctx);

/// Rewrites `path` (the reduced module) in the tool's custom syntax, with
/// locations if `debugInfo`, through a temporary file and a rename. False,
/// the file left as it was and `why` filled, when the tool cannot.
bool orToolPrintBack(OrTool *t, const char *path, bool debugInfo, char *why,
                     size_t cap);
/// Replaces the pipeline arguments of t->argv with
/// `--pass-pipeline=PIPELINE` (orToolCutPipeline's step). False when out
/// of memory.
bool orToolSetPipeline(OrTool *t, const char *pipeline);
/// After a print-back that worked: keeps it (`keep`), or puts the generic
/// form it replaced back at `path`.
void orToolKeepPrintBack(const char *path, bool keep);

#endif
