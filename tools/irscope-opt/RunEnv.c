// SPDX-License-Identifier: Apache-2.0
//===- RunEnv.c - what every process and kind of run of irscope-opt shares ===//
//
// The leaf the other files of irscope-opt stand on: it calls none of them.
// The context (like mlir-opt's: all dialects, extensions and passes
// registered), the pass manager's instrumentation options, the header every
// manifest and report names, the exit codes, the callbacks that print to
// stderr, and the files and directories a run writes.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "DiagOut.h"
#include "DialectHint.h"
#include "Driver.h"
#include "Irdl.h"
#include "PipelineEcho.h"
#include "ShellQuote.h"
#include "StderrCatch.h"

#include "irscope/Diagnostics.h"
#include "irscope/Input.h"
#include "irscope/PassManager.h"
#include "irscope/Pipeline.h"
#include "irscope/RunDir.h"

#include <mlir-c/IR.h>
#include <mlir-c/Pass.h>
#include <mlir-c/RegisterEverything.h>

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void irsOptStderrCallback(MlirStringRef s, void *ud) {
  (void)ud;
  fwrite(s.data, 1, s.length, stderr);
}

void irsOptForwardDiag(const IrsDiagnostic *d, void *ud) {
  (void)ud;
  irsOptDiagOutPrint(d);
  irsToolDialectHint("irscope-opt", d);
}

void irsOptErrorLine(MlirStringRef s, void *ud) {
  (void)ud;
  fprintf(stderr, "irscope-opt: error: %.*s\n", (int)s.length, s.data);
}

// An error in the run's pipeline (ud: the IrsOptConfig). In --pass-pipeline
// text the text and a caret follow. In a pipeline built from pass flags a
// position means nothing to the user, who wrote no pipeline text: the
// message names the flags instead (one without a position, e.g. in
// --verify-with, is about something else and keeps its words). A
// reproducer's pipeline is not on the command line: no echo.
void irsOptPipelineErrorLine(const IrsPipelineError *e, void *ud) {
  const IrsOptConfig *cfg = ud;
  if (cfg->passPipeline || cfg->runReproducer) {
    irsToolPipelineErrorLine("irscope-opt", e, cfg->passPipeline);
    return;
  }
  fprintf(stderr, "irscope-opt: error: %s%.*s\n",
          e->offset >= 0 ? "in pass flags: " : "", (int)e->message.length,
          e->message.data);
}

void irsOptPrintDumpSummary(intptr_t n, const IrsStepResult *(*get)(void *,
                                                                     intptr_t),
                            void *runner, const char *dir) {
  intptr_t changed = 0;
  for (intptr_t i = 0; i < n; ++i) {
    const IrsStepResult *r = get(runner, i);
    changed += r && r->status == IrsStepOk && r->changed;
  }
  fprintf(stderr, "irscope-opt: dumps: %ld step%s, %ld changed the IR, none "
                  "failed: %s\n",
          (long)n, n == 1 ? "" : "s", (long)changed, dir ? dir : "?");
}


IrsOutcome irsOptOutcomeFor(IrsErrorKind k) {
  IrsOutcome o = irsOutcomeFromErrorKind(k);
  return irsOutcomeGetExitCode(o) < 0 ? IrsOutcomeIoError : o;
}

int irsOptExitFor(IrsErrorKind k) {
  return irsOutcomeGetExitCode(irsOptOutcomeFor(k));
}

bool irsOptLoadIrdl(const IrsOptConfig *cfg, MlirContext ctx) {
  return irsToolLoadIrdlFiles(ctx, "irscope-opt", cfg->irdlFiles.items,
                              cfg->irdlFiles.num, irsOptErrorLine, NULL);
}

// Worse outcomes win when chunks disagree (the ranks are the outcome
// table's, docs/irscope-opt.md#exit-codes).
int irsOptWorse(int a, int b) { return irsOutcomeWorseExitCode(a, b); }

MlirContext irsOptMakeContext(const IrsOptConfig *cfg, bool threading) {
  MlirDialectRegistry reg = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(reg);
  irsToolPluginsAddDialects(&cfg->plugins, reg);
  MlirContext ctx = mlirContextCreateWithRegistry(reg, /*threading=*/false);
  mlirDialectRegistryDestroy(reg);
  // As mlir-opt: passes that translate to LLVM IR (gpu-module-to-binary)
  // need every dialect's translation interface.
  mlirRegisterAllLLVMTranslations(ctx);
  mlirContextSetAllowUnregisteredDialects(ctx, cfg->allowUnregistered);
  mlirContextEnableMultithreading(ctx, threading);
  return ctx;
}

IrsRunHeader irsOptRunHeader(const IrsOptConfig *cfg, IrsInput input,
                             intptr_t chunk) {
  bool own = chunk >= 0 && cfg->io.splitInputFile &&
             irsInputGetNumChunks(input) > 1; // as irsOptChunkDir
  intptr_t first = 0, last = 0;
  if (own)
    irsInputGetChunkLines(input, chunk, &first, &last);
  return (IrsRunHeader){
      .toolName = "irscope-opt",
      .commandLine = cfg->commandLine,
      .inputPath = cfg->io.input,
      .inputHash = irsInputGetHash(input),
      .chunk = own ? irsOptChunkNumber(chunk) : 0,
      .chunkLine = first};
}


IrsInput irsOptOpenInput(const IrsOptConfig *cfg, int *rc) {
  IrsErrorKind k = IRS_OK;
  IrsInput input = irsInputCreateFromFile(cfg->io.input, irsOptErrorLine, NULL, &k);
  IrsOutcome why =
      k == IRS_ERR_NOMEM ? IrsOutcomeIoError : IrsOutcomeUsageError;
  *rc = irsOutcomeGetExitCode(irsInputIsNull(input) ? why : IrsOutcomeOk);
  return input;
}


char *irsOptChunkDir(const IrsOptConfig *cfg, const char *base, intptr_t chunk,
                     intptr_t numChunks) {
  if (!base)
    return NULL;
  size_t n = strlen(base) + 32;
  char *d = malloc(n);
  if (!d)
    return NULL;
  if (cfg->io.splitInputFile && numChunks > 1)
    irsRunDirSubdirPath(base, IrsRunDirChunk, irsOptChunkNumber(chunk), d, n);
  else
    snprintf(d, n, "%s", base);
  return d;
}

int irsOptWriteFileAtomic(const char *path, const void *data, size_t len) {
  return irsFileWriteAtomic(path, data, len);
}


int irsOptExitForOutcome(IrsWorkerOutcome o) {
  return irsOutcomeGetExitCode(irsWorkerOutcomeGetDeathKind(o));
}


static void appendStr(IrsToolText *t, const char *s) {
  irsToolTextAppend(t, s, strlen(s));
}

// Appends " --NAME=VALUE", the value quoted for a shell.
static void appendFlag(IrsToolText *t, const char *name, const char *value) {
  char *flag = NULL;
  char *quoted = NULL;
  if (asprintf(&flag, "--%s=%s", name, value) >= 0)
    quoted = irsToolShellJoin(1, &flag);
  appendStr(t, " ");
  appendStr(t, quoted ? quoted : "");
  t->failed |= !quoted;
  free(quoted);
  free(flag);
}

// The flags the reproducer needs besides its resource to parse and fail
// as the run did: the run's plugins, unregistered dialects, IRDL files,
// the --verify-with check, and the determinism check that found a step's
// two outputs differ.
static char *replayFlags(const IrsOptConfig *cfg) {
  IrsToolText t = {0};
  irsPluginsPrintFlags(cfg->plugins.plugins, false, irsToolTextCallback, &t);
  if (cfg->allowUnregistered)
    appendStr(&t, " --allow-unregistered-dialect");
  for (size_t i = 0; i < cfg->irdlFiles.num; ++i)
    appendFlag(&t, "irdl-file", cfg->irdlFiles.items[i]);
  if (cfg->verifyWith)
    appendFlag(&t, "verify-with", cfg->verifyWith);
  const char *det = cfg->checkDeterminism;
  if (det)
    appendStr(&t, *det ? " --check-determinism=threads"
                       : " --check-determinism");
  if (t.failed) {
    free(t.data);
    return NULL;
  }
  return t.data ? t.data : strdup("");
}

void irsOptPrintReplayNote(const IrsOptConfig *cfg, const char *dir) {
  char *path = NULL;
  if (!dir || !dir[0] || asprintf(&path, "%s/" IRS_RUN_DIR_REPRODUCER, dir) < 0)
    return;
  if (access(path, R_OK) == 0) {
    char *flags = replayFlags(cfg);
    char *quoted = irsToolShellJoin(1, &path);
    fprintf(stderr,
            "irscope-opt: note: replay: irscope-opt%s --run-reproducer %s\n",
            flags ? flags : "", quoted ? quoted : path);
    free(quoted);
    free(flags);
  }
  free(path);
}

void irsOptRemoveDir(const char *dir) {
  // The report first: a removal cut short must not leave a report naming
  // files already gone.
  char r[4096];
  snprintf(r, sizeof(r), "%s/" IRS_RUN_DIR_REPORT, dir);
  unlink(r);
  DIR *d = opendir(dir);
  if (d) {
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
      if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
        continue;
      char p[4096];
      snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
      unlink(p);
    }
    closedir(d);
  }
  rmdir(dir);
}
