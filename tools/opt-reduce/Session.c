// SPDX-License-Identifier: Apache-2.0
//===- Session.c - opt-reduce's input, pipeline, context and module -------===//
#include "Session.h"

#include "DialectHint.h"
#include "Irdl.h"
#include "PipelineEcho.h"
#include "StderrCatch.h"
#include "ToolCut.h"
#include "ToolNest.h"

#include "irscope/Diagnostics.h"
#include "irscope/PassManager.h"
#include "irscope/Tool.h"

#include <mlir-c/RegisterEverything.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void orErrorLine(MlirStringRef s, void *ud) {
  (void)ud;
  fprintf(stderr, "opt-reduce: error: %.*s\n", (int)s.length, s.data);
}

// Pipeline errors: after one in --pass-pipeline the text and a caret
// follow (ud: the text, or NULL for the pass flags' pipeline).
static void pipelineErrorLine(const IrsPipelineError *e, void *ud) {
  irsToolPipelineErrorLine("opt-reduce", e, ud);
}

static void stderrCb(MlirStringRef s, void *ud) {
  (void)ud;
  fwrite(s.data, 1, s.length, stderr);
}

static void forwardDiag(const IrsDiagnostic *d, void *ud) {
  (void)ud;
  irsDiagnosticPrint(d, stderrCb, NULL);
  irsToolDialectHint("opt-reduce", d);
}

// Tool mode, --split-input-file: chunk `s->chunk` in a file of its own in
// the tool's directory, behind as many newlines (and spaces) as there were
// lines (and columns) before it, so that the tool's locations have the
// file's line numbers, as a split run of the tool gives them.
static bool writeChunk(OrSession *s, char *path, size_t cap) {
  snprintf(path, cap, "%s/chunk.mlir", s->tool.dir);
  FILE *f = fopen(path, "we");
  if (!f)
    return false;
  MlirStringRef t = irsInputGetChunk(s->input, s->chunk);
  MlirStringRef all = irsInputGetContents(s->input);
  size_t start = (size_t)(t.data - all.data), lineStart = start;
  while (lineStart > 0 && all.data[lineStart - 1] != '\n')
    --lineStart;
  for (intptr_t l = 1; l < irsInputGetChunkLine(s->input, s->chunk); ++l)
    fputc('\n', f);
  for (size_t i = lineStart; i < start; ++i)
    fputc(' ', f);
  fwrite(t.data, 1, t.length, f);
  return fclose(f) == 0;
}

static void dropLine(MlirStringRef s, void *ud) { (void)s, (void)ud; }

// Tool mode, --split-input-file without --chunk: the first chunk the tool
// fails on (exits non-zero, dies, hangs past --test-timeout) when it runs
// the pipeline, as a split run of the tool shows a failure. Its file in
// `path`; false, with one line, when none fails.
static bool findToolChunk(OrSession *s, const OrConfig *c, char *path,
                          size_t cap) {
  IrsToolOptions o = irsToolOptionsDefault();
  o.path = s->tool.path;
  o.args = (const char *const *)s->tool.args->items;
  o.numArgs = (intptr_t)s->tool.args->num;
  o.stepTimeoutSec = c->testTimeoutSec;
  o.memoryLimitBytes = c->memoryLimitBytes;
  char out[320];
  snprintf(out, sizeof(out), "%s/chunk-output.mlir", s->tool.dir);
  for (; s->chunk < s->numChunks; ++s->chunk) {
    IrsToolRunner r = irsToolRunnerCreate(s->pipeline, &o, dropLine, NULL);
    bool failed = !irsToolRunnerIsNull(r) && writeChunk(s, path, cap) &&
                  !irsStatusIsOk(irsToolRunnerRun(r, path, out)) &&
                  !irsToolRunnerGetToolError(r);
    irsToolRunnerDestroy(r);
    unlink(out);
    if (failed) {
      s->searching = false;
      return true;
    }
    if (c->verbose)
      fprintf(stderr, "opt-reduce: note: chunk %ld of %ld: the tool runs the "
                      "pipeline on it without failing\n", (long)s->chunk + 1,
              (long)s->numChunks);
  }
  fprintf(stderr, "opt-reduce: error: the tool fails on no chunk of '%s' "
                  "(%ld chunks)\n", c->input, (long)s->numChunks);
  s->chunk = 0;
  return false;
}

// Tool mode: the input (with --split-input-file: the chunk) as the tool
// prints it in generic form.
static int prepareTool(OrSession *s, const OrConfig *c) {
  char generic[512];
  if (!orToolCreate(&s->tool, c->tool, &c->toolArgs, c->pipeline,
                    &c->passFlags))
    return irsOutcomeGetExitCode(IrsOutcomeUsageError);
  char input[4096];
  snprintf(input, sizeof(input), "%s", c->input);
  if (c->splitInputFile &&
      !(s->searching ? findToolChunk(s, c, input, sizeof(input))
                     : writeChunk(s, input, sizeof(input)))) {
    if (!s->searching)
      fprintf(stderr, "opt-reduce: error: cannot write chunk %ld to '%s': "
                      "%s\n", (long)s->chunk + 1, input, strerror(errno));
    return irsOutcomeGetExitCode(IrsOutcomeUsageError);
  }
  s->cut = orToolCutPipeline(&s->tool, c, s->pipeline, input, sizeof(input));
  if (!irsPipelineIsNull(s->cut)) {
    MlirStringRef p = irsPipelineGetText(s->cut);
    char *text = strndup(p.data, p.length);
    bool ok = text && orToolSetPipeline(&s->tool, text);
    free(text);
    if (!ok)
      return irsOutcomeGetExitCode(IrsOutcomeOutOfMemory);
  }
  if (c->toolForkServer)
    orToolUseForkServer(&s->tool, c->verbose);
  if (!orToolPrepare(&s->tool, input, generic, sizeof(generic)))
    return irsOutcomeGetExitCode(IrsOutcomeUsageError);
  IrsErrorKind kind = IRS_OK;
  s->generic = irsInputCreateFromFile(generic, orErrorLine, NULL, &kind);
  if (c->verbose && !s->tool.takesPoison)
    fprintf(stderr, "opt-reduce: note: the tool does not take 'ub.poison': "
                    "uses of erased results get an earlier value of the "
                    "same type instead, and operands are not replaced by "
                    "poison\n");
  return irsOutcomeGetExitCode(IrsOutcomeOk);
}

// Candidates are tested in forked children of this process, which may run
// passes only if the context has no thread pool. In tool mode the context
// registers no dialect: the tool's ops stay generic and round-trip
// verbatim, whatever MLIR revision the tool is built on.
MlirContext orContextCreate(const OrConfig *c) {
  mlirRegisterAllPasses();
  MlirDialectRegistry reg = mlirDialectRegistryCreate();
  if (!c->tool)
    mlirRegisterAllDialects(reg);
  irsToolPluginsAddDialects(&c->plugins, reg);
  MlirContext ctx = mlirContextCreateWithRegistry(reg, false);
  mlirDialectRegistryDestroy(reg);
  // As mlir-opt: passes that translate to LLVM IR (gpu-module-to-binary)
  // need every dialect's translation interface.
  if (!c->tool)
    mlirRegisterAllLLVMTranslations(ctx);
  mlirContextSetAllowUnregisteredDialects(ctx, c->allowUnregistered);
  return ctx;
}

static void createContext(OrSession *s, const OrConfig *c) {
  s->ctx = orContextCreate(c);
  if (c->tool)
    orToolSetUpContext(&s->tool, s->ctx);
}

// Chunk `s->chunk` of the input; its diagnostics go to stderr, except
// while searching the chunks quietly (a chunk that does not parse is
// passed over, as one that does not fail).
static bool parseChunk(OrSession *s, const OrConfig *c) {
  bool quiet = s->searching && !c->verbose;
  IrsDiagnosticCapture diags =
      irsDiagnosticCaptureCreate(s->ctx, quiet ? NULL : forwardDiag, NULL);
  irsDiagnosticCaptureSetFallbackFileName(
      diags, mlirStringRefCreateFromCString(irsInputGetSourceName(s->input)));
  s->module = irsInputIsNull(s->generic)
                  ? irsInputParseChunk(s->input, s->ctx, s->chunk)
                  : irsInputParseChunk(s->generic, s->ctx, 0);
  // From here on diagnostics belong to candidates, which print their own.
  irsDiagnosticCaptureDestroy(diags);
  return !mlirModuleIsNull(s->module);
}

// The IRDL dialects, then the input (with --split-input-file: the chunk
// asked for, or the first that parses); their diagnostics go to stderr.
static int parseModule(OrSession *s, const OrConfig *c) {
  IrsDiagnosticCapture diags =
      irsDiagnosticCaptureCreate(s->ctx, forwardDiag, NULL);
  bool ok = irsToolLoadIrdlFiles(s->ctx, "opt-reduce",
                                 (const char *const *)c->irdlFiles.items,
                                 c->irdlFiles.num, orErrorLine, NULL);
  irsDiagnosticCaptureDestroy(diags);
  if (ok && !parseChunk(s, c) && !(s->searching && orSessionNextChunk(s, c)))
    ok = false;
  if (!ok && s->searching)
    fprintf(stderr, "opt-reduce: error: no chunk of '%s' parses (%ld "
                    "chunks)\n", irsInputGetSourceName(s->input),
            (long)s->numChunks);
  return irsOutcomeGetExitCode(ok ? IrsOutcomeOk : IrsOutcomeUsageError);
}

bool orSessionNextChunk(OrSession *s, const OrConfig *c) {
  s->module = (MlirModule){NULL}; // the reducer's, or never parsed
  while (++s->chunk < s->numChunks)
    if (parseChunk(s, c))
      return true;
    else if (c->verbose)
      fprintf(stderr, "opt-reduce: note: chunk %ld of %ld does not parse: "
                      "passed over\n", (long)s->chunk + 1,
              (long)s->numChunks);
  return false;
}

void orSessionChunkLines(const OrSession *s, intptr_t *first,
                         intptr_t *last) {
  irsInputGetChunkLines(s->input, s->chunk, first, last);
}

// --split-input-file: the input in chunks, as mlir-opt splits it; --chunk
// picks one, else the search starts at the first.
static int splitInput(OrSession *s, const OrConfig *c) {
  s->numChunks = 1;
  if (!c->splitInputFile)
    return irsOutcomeGetExitCode(IrsOutcomeOk);
  irsInputSplit(s->input, mlirStringRefCreateFromCString(
                              *c->splitInputFile ? c->splitInputFile
                                                 : "// -----"));
  s->numChunks = irsInputGetNumChunks(s->input);
  s->searching = !c->chunk;
  if (c->chunk && c->chunkValue > s->numChunks) {
    fprintf(stderr, "opt-reduce: error: --chunk=%ld: '%s' has %ld chunk%s\n",
            c->chunkValue, irsInputGetSourceName(s->input),
            (long)s->numChunks, s->numChunks == 1 ? "" : "s");
    return irsOutcomeGetExitCode(IrsOutcomeUsageError);
  }
  s->chunk = c->chunk ? c->chunkValue - 1 : 0;
  return irsOutcomeGetExitCode(IrsOutcomeOk);
}

// In-process mode: the pipeline must build, for the input's top-level op.
static int checkPipeline(OrSession *s, const OrConfig *c) {
  IrsPassManagerOptions o = irsPassManagerOptionsDefault();
  o.threadingEnabled = false;
  o.passRegistry = c->plugins.registry;
  o.stderrCatcher = irsToolStderrCatcher();
  IrsPassManager vpm =
      irsPassManagerCreateLocated(s->ctx, s->pipeline, &o, pipelineErrorLine,
                                  (void *)c->pipeline);
  bool bad = irsPassManagerIsNull(vpm);
  irsPassManagerDestroy(vpm);
  MlirStringRef root = irsPipelineGetRootAnchor(s->pipeline);
  MlirStringRef name = mlirIdentifierStr(
      mlirOperationGetName(mlirModuleGetOperation(s->module)));
  if (!bad && !(root.length == 3 && !memcmp(root.data, "any", 3)) &&
      (root.length != name.length ||
       memcmp(root.data, name.data, name.length))) {
    fprintf(stderr, "opt-reduce: error: the pipeline is anchored on '%.*s' but the input's top-level operation is '%.*s'\n",
            (int)root.length, root.data, (int)name.length, name.data);
    bad = true;
  }
  return irsOutcomeGetExitCode(bad ? IrsOutcomeUsageError : IrsOutcomeOk);
}

int orSessionCreate(OrSession *s, const OrConfig *c) {
  memset(s, 0, sizeof(*s));
  IrsErrorKind kind = IRS_OK;
  s->input = irsInputCreateFromFile(c->input, orErrorLine, NULL, &kind);
  if (irsInputIsNull(s->input))
    return irsOutcomeGetExitCode(IrsOutcomeUsageError);
  int rc = splitInput(s, c);
  if (rc != irsOutcomeGetExitCode(IrsOutcomeOk))
    return rc;
  if (c->pipeline)
    s->pipeline = irsPipelineCreateParseLocated(
        mlirStringRefCreateFromCString(c->pipeline), pipelineErrorLine,
        (void *)c->pipeline);
  else if (c->passFlags.num)
    s->pipeline = irsOptionsPipelineFromFlags(&c->passFlags, &c->suspects,
                                              pipelineErrorLine, NULL);
  if (c->tool && !c->pipeline && !irsPipelineIsNull(s->pipeline))
    s->pipeline = irsToolNestRestrictedPasses(s->pipeline, c->tool,
                                              &c->toolArgs, pipelineErrorLine,
                                              NULL);
  if (!c->test && irsPipelineIsNull(s->pipeline))
    return irsOutcomeGetExitCode(IrsOutcomeUsageError);
  rc = c->tool ? prepareTool(s, c) : irsOutcomeGetExitCode(IrsOutcomeOk);
  if (rc != irsOutcomeGetExitCode(IrsOutcomeOk))
    return rc;
  createContext(s, c);
  rc = parseModule(s, c);
  if (rc == irsOutcomeGetExitCode(IrsOutcomeOk) && !c->test && !c->tool)
    rc = checkPipeline(s, c);
  if (rc == irsOutcomeGetExitCode(IrsOutcomeOk) && c->test) {
    s->testArgv = calloc(c->testArgs.num + 2, sizeof(char *));
    s->testArgv[s->testArgc++] = c->test;
    for (size_t i = 0; i < c->testArgs.num; ++i)
      s->testArgv[s->testArgc++] = c->testArgs.items[i];
  }
  return rc;
}

void orSessionDestroy(OrSession *s) {
  orToolDestroy(&s->tool);
  free(s->testArgv);
  if (!mlirModuleIsNull(s->module))
    mlirModuleDestroy(s->module);
  if (!mlirContextIsNull(s->ctx))
    mlirContextDestroy(s->ctx);
  irsPipelineDestroy(s->cut);
  irsPipelineDestroy(s->pipeline);
  irsInputDestroy(s->generic);
  irsInputDestroy(s->input);
}
