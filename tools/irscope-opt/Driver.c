// SPDX-License-Identifier: Apache-2.0
//===- Driver.c - irscope-opt: from a configuration to output and exit code ===//
//
// Sets up an MLIR context like mlir-opt's (all dialects, extensions and
// passes registered), builds the pipeline and the instrumented pass manager,
// then for each input chunk: parse, run, print. Output for all chunks is
// collected and written once at the end (atomically for -o), joined by the
// output split marker exactly as mlir-opt joins them.
//
//===----------------------------------------------------------------------===//
#include "CrashHandler.h"
#include "DiagOut.h"
#include "DialectHint.h"
#include "Driver.h"
#include "Irdl.h"
#include "PipelineEcho.h"
#include "RunKind.h"
#include "StderrCatch.h"

#include "irscope/Diagnostics.h"
#include "irscope/Input.h"
#include "irscope/PassManager.h"
#include "irscope/Pipeline.h"
#include "irscope/RunDoc.h"
#include "irscope/RunDir.h"

#include <mlir-c/IR.h>
#include <mlir-c/Pass.h>
#include <mlir-c/RegisterEverything.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>


// Pulls pipeline, disable_threading, verify_each and the seed out of the
// input's reproducer resources (irsReproducerReadParts) and blanks those
// entries out, keeping line and column numbers and the rest of the file
// metadata. NULL when there is no mlir_reproducer entry with a pipeline.
static char *takeReproducer(IrsInput input, bool *threadingOff,
                            bool *verifyEach, bool *hasSeed, uint64_t *seed) {
  IrsReproducerParts parts;
  IrsOptOut pipeline = {0};
  if (!irsReproducerReadParts(irsInputGetContents(input), &parts, irsToolTextCallback,
                              &pipeline))
    return NULL;
  for (int i = 0; i < 2; ++i)
    if (parts.entries[i].length)
      irsInputBlankRange(input, parts.entries[i].offset,
                         parts.entries[i].length);
  if (parts.hasDisableThreading)
    *threadingOff = parts.disableThreading;
  if (parts.hasVerifyEach)
    *verifyEach = parts.verifyEach;
  if (parts.hasSeed) {
    *seed = parts.seed;
    *hasSeed = true;
  }
  irsOptOutAppend(&pipeline, "", 1);
  if (!parts.hasPipeline || pipeline.failed) {
    free(pipeline.data);
    return NULL;
  }
  return pipeline.data;
}

// Whether the plain tool's run succeeds, so that it writes -o: the run
// succeeded, or failed only by irscope's findings: after the run
// (--check-results), or in steps after which the plain tool's run went on
// and printed every chunk (a step failure that is irscope's own, or a dump
// or manifest that could not be written: a chunk that failed as in the
// plain tool prints nothing). Under --verify-diagnostics the exit code is
// the plain tool's own verdict.
static bool plainToolWrites(const IrsOptRun *run, int rc) {
  if (rc == irsOutcomeGetExitCode(IrsOutcomeOk) || run->plainRunDone)
    return true;
  IrsOutcome o = irsOutcomeFromExitCode(rc);
  return !run->cfg->verifyDiagnostics &&
         run->chunksPrinted == irsInputGetNumChunks(run->input) &&
         (irsOutcomeIsStepFailure(o) || o == IrsOutcomeIoError);
}

// Writes the collected output to stdout, or atomically to -o when the run
// succeeded as the plain tool's would (like mlir-opt, a failed run does not
// create or replace it; a failure only irscope's checks find, such as a
// wrong result or a --verify-with check, leaves the output the plain tool
// writes).
static int writeOutput(const IrsOptRun *run, IrsOptOut *out, int rc) {
  const IrsOptConfig *cfg = run->cfg;
  if (out->failed) {
    fprintf(stderr, "irscope-opt: error: out of memory collecting output\n");
    return irsOutcomeGetExitCode(IrsOutcomeIoError);
  }
  if (!strcmp(cfg->io.output, "-")) {
    if ((out->len && fwrite(out->data, 1, out->len, stdout) != out->len) ||
        fflush(stdout) != 0) {
      fprintf(stderr, "irscope-opt: error: cannot write output: %s\n",
              strerror(errno));
      return irsOutcomeGetExitCode(IrsOutcomeIoError);
    }
    return irsOutcomeGetExitCode(IrsOutcomeOk);
  }
  if (!plainToolWrites(run, rc))
    return irsOutcomeGetExitCode(IrsOutcomeOk);
  irsRunDirRemoveStaleTemporariesOf(cfg->io.output); // a killed run's
  int e = irsOptWriteFileAtomic(cfg->io.output, out->data, out->len);
  if (e) {
    fprintf(stderr, "irscope-opt: error: cannot write output file '%s': %s\n",
            cfg->io.output, strerror(e));
    return irsOutcomeGetExitCode(IrsOutcomeIoError);
  }
  return irsOutcomeGetExitCode(IrsOutcomeOk);
}

// --run-reproducer: the pipeline of the input's mlir_reproducer (malloc'd),
// its threading, verification and seed applied to `cfg`; NULL after an
// error line.
static char *applyReproducer(IrsOptConfig *cfg, IrsInput input) {
  bool threadingOff = false, verify = true, hasSeed = false;
  uint64_t seed = 0;
  char *pipeline =
      takeReproducer(input, &threadingOff, &verify, &hasSeed, &seed);
  if (!pipeline) {
    fprintf(stderr, "irscope-opt: error: '%s' holds no mlir_reproducer "
                    "section with a pipeline\n",
            cfg->io.input);
    return NULL;
  }
  if (threadingOff)
    cfg->disableThreading = true;
  if (hasSeed && !cfg->seed.given) { // an explicit --seed wins
    cfg->seed.given = true;
    cfg->seed.value = seed;
  }
  cfg->verifyEach = cfg->verifyEach && verify;
  return pipeline;
}

// The pipeline of the run: the reproducer's, --pass-pipeline or the pass
// flags; null after an error line. Threading may be turned off by the
// reproducer, so mlir-opt's module-scope rule is checked here.
static IrsPipeline makePipeline(IrsOptConfig *cfg, IrsInput input) {
  char *repro = NULL;
  if (cfg->runReproducer && !(repro = applyReproducer(cfg, input)))
    return (IrsPipeline){NULL};
  IrsPipeline pipeline = {NULL};
  if (cfg->mlir.printIrModuleScope && !cfg->disableThreading) {
    // mlir-opt's rule and words (MLIR itself would abort).
    fprintf(stderr, "irscope-opt: error: IR print for module scope can't be "
                    "setup on a pass-manager without disabling "
                    "multi-threading first; add '--mlir-disable-threading'\n");
  } else if (repro || cfg->passPipeline) {
    pipeline = irsPipelineCreateParseLocated(
        mlirStringRefCreateFromCString(repro ? repro : cfg->passPipeline),
        irsOptPipelineErrorLine, cfg);
  } else {
    pipeline = irsOptionsPipelineFromFlags(&cfg->passFlags, &cfg->suspects,
                                           irsOptPipelineErrorLine, cfg);
  }
  free(repro);
  return pipeline;
}

// The option checks are Config.c's; what needs the input is checked here.
int irsOptRun(IrsOptConfig *cfg, const IrsOptRunKind *kind) {
  int rc;
  IrsInput input = irsOptOpenInput(cfg, &rc);
  if (irsInputIsNull(input))
    return rc;
  IrsPipeline pipeline = {NULL};
  if (!irsOptDiagOutInit(cfg, input) ||
      irsPipelineIsNull(pipeline = makePipeline(cfg, input))) {
    irsInputDestroy(input);
    return irsOutcomeGetExitCode(IrsOutcomeUsageError);
  }
  if (cfg->io.splitInputFile)
    irsInputSplit(input, mlirStringRefCreateFromCString(
                             *cfg->io.splitInputFile ? cfg->io.splitInputFile
                                                  : "// -----"));

  IrsOptRun run;
  memset(&run, 0, sizeof(run));
  run.cfg = cfg;
  run.kind = kind;
  run.chunkKind = irsOptChunkKindChoose(cfg);
  run.input = input;
  run.pipeline = pipeline;
  run.sort = cfg->sort;
  run.ch.fd = -1;
  run.plainChunk = -1;
  IrsOptOut out = {0};
  run.log = irsOptLogCreate(cfg);
  rc = kind->run(&run, &out);
  rc = irsOptWorse(rc, writeOutput(&run, &out, rc));
  // After the output: a trace or JUnit file that cannot be written does not
  // take away the result of a run that worked.
  rc = irsOptWorse(rc, irsOptLogFinish(&run));
  free(out.data);
  irsPipelineDestroy(pipeline);
  irsInputDestroy(input);
  return rc;
}
