// SPDX-License-Identifier: Apache-2.0
//===- ActionReplay.c - replay-action.sh: one action, with the tool alone --===//
//
// The proof of a narrowed action that needs nothing of irscope: the step
// on the pre-step IR, run by the tool with its own debug counter
// (--mlir-debug-counter=TAG-count=K, mlir/lib/Debug/DebugCounter.cpp:
// the first K actions of the tag run, the rest are skipped) at K - 1 and
// at K, single-threaded so that the count means the same actions. A wrong
// result shows both results through the lowering and mlir-runner, as
// --check-results' reproducer.sh does; any other failure shows each run's
// diagnostics and exit status.
//
//===----------------------------------------------------------------------===//
#include "irscope/FailureWriter.h"
#include "irscope/Narrow.h"

#include "../Support/Buf.h"
#include "../Support/Fs.h"
#include "IrsConfig.h"
#include "irscope/Report.h"
#include "irscope/RunDir.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void quote(IrsBuf *b, const char *s, size_t n) {
  irsBufAppendStr(b, "'");
  for (size_t i = 0; i < n; ++i) {
    if (s[i] == '\'')
      irsBufAppendStr(b, "'\\''");
    else
      irsBufAppend(b, &s[i], 1);
  }
  irsBufAppendStr(b, "'");
}

static void quoteStr(IrsBuf *b, const char *s) { quote(b, s, strlen(s)); }

// run(): a result lowered and executed, as --check-results executes it.
static void runner(IrsBuf *b, const IrsNarrowReplay *r) {
  const char *t = r->resultType;
  bool runnable = !t || !strcmp(t, "void") || !strcmp(t, "i32") ||
                  !strcmp(t, "i64") || !strcmp(t, "f32");
  irsBufAppendStr(b, "LOWER=");
  quoteStr(b, r->lowering);
  irsBufAppendStr(b, "\nrun() {\n  \"$BIN/mlir-opt\" --pass-pipeline=\"$LOWER\""
                     " |\n    \"$BIN/mlir-runner\" -e ");
  quoteStr(b, r->entry ? r->entry : "main");
  irsBufPrintf(b, " --entry-point-result=%s --shared-libs=",
               runnable && t ? t : "void");
  quoteStr(b, r->sharedLibs ? r->sharedLibs : "");
  irsBufAppendStr(b, "\n}\n");
}

static void script(IrsBuf *b, const IrsNarrowReplay *r) {
  const IrsNarrowedAction *a = r->action;
  bool results = r->kind == IrsOutcomeWrongResult && r->lowering;
  irsBufAppendStr(b, "#!/bin/sh\n");
  irsBufPrintf(b, "# Step %ld fails from %s action %lld of %lld on (%s '%s'",
               (long)r->stepIndex, a->tag, (long long)a->index,
               (long long)a->of,
               strcmp(a->tag, IRS_NARROW_TAG_PATTERN) ? "pass" : "pattern",
               a->name ? a->name : "?");
  if (a->opName)
    irsBufPrintf(b, " on '%s'", a->opName);
  if (a->location)
    irsBufPrintf(b, " at %s", a->location);
  irsBufPrintf(b, ").\n# Runs the step with the first %lld and the first %lld "
                  "actions (the tool's\n# --mlir-debug-counter=%s-count=K, "
                  "single-threaded).\n",
               (long long)a->index - 1, (long long)a->index, a->tag);
  irsBufAppendStr(b, "cd \"$(dirname \"$0\")\" || exit 2\n");
  irsBufAppendStr(b, "BIN=${MLIR_BIN:-" IRS_LLVM_BIN_DIR "}\nTOOL=${TOOL:-");
  if (r->tool)
    quoteStr(b, r->tool);
  else
    irsBufAppendStr(b, "\"$BIN/mlir-opt\"");
  irsBufAppendStr(b, "}\nstep() {\n  \"$TOOL\" ");
  if (r->toolArgs && *r->toolArgs)
    irsBufPrintf(b, "%s ", r->toolArgs);
  quoteStr(b, r->input);
  irsBufAppendStr(b, " --pass-pipeline=");
  quote(b, r->step.data, r->step.length);
  irsBufPrintf(b, " \\\n    --mlir-disable-threading "
                  "--mlir-debug-counter=%s-count=\"$1\"\n}\n",
               a->tag);
  if (results) {
    runner(b, r);
    irsBufPrintf(b, "echo '--- %lld actions (expected):'\nstep %lld | run\n",
                 (long long)a->index - 1, (long long)a->index - 1);
    irsBufPrintf(b, "echo '--- %lld actions (actual):'\nstep %lld | run\n",
                 (long long)a->index, (long long)a->index);
    return;
  }
  for (int64_t k = a->index - 1; k <= a->index; ++k)
    irsBufPrintf(b, "echo '--- %lld actions:'\nstep %lld >/dev/null\n"
                    "echo \"exit $?\"\n",
                 (long long)k, (long long)k);
}

int irsFailureWriterAddActionReplay(IrsFailureWriter w,
                                    const IrsNarrowReplay *given,
                                    IrsNarrowedAction *a) {
  IrsNarrowReplay r = *given;
  if (!r.input)
    r.input = irsArtefactGetName(IrsArtefactPreStepIr);
  IrsBuf b = IRS_BUF_INIT;
  script(&b, &r);
  int e = b.failed ? ENOMEM
                   : irsFailureWriterAddText(w, IrsArtefactActionReplay,
                                             irsBufRef(&b));
  if (!e)
    a->replay = irsArtefactGetName(IrsArtefactActionReplay);
  irsBufFree(&b);
  return e;
}
