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

#include <mlir-c/RegisterEverything.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

// Tool mode: the input as the tool prints it in generic form.
static int prepareTool(OrSession *s, const OrConfig *c) {
  char generic[512];
  if (!orToolCreate(&s->tool, c->tool, &c->toolArgs, c->pipeline,
                    &c->passFlags))
    return irsOutcomeGetExitCode(IrsOutcomeUsageError);
  char input[4096];
  snprintf(input, sizeof(input), "%s", c->input);
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
  irsInputDestroy(s->input);
  s->input = irsInputCreateFromFile(generic, orErrorLine, NULL, &kind);
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
static void createContext(OrSession *s, const OrConfig *c) {
  mlirRegisterAllPasses();
  MlirDialectRegistry reg = mlirDialectRegistryCreate();
  if (!c->tool)
    mlirRegisterAllDialects(reg);
  irsToolPluginsAddDialects(&c->plugins, reg);
  s->ctx = mlirContextCreateWithRegistry(reg, false);
  mlirDialectRegistryDestroy(reg);
  // As mlir-opt: passes that translate to LLVM IR (gpu-module-to-binary)
  // need every dialect's translation interface.
  if (!c->tool)
    mlirRegisterAllLLVMTranslations(s->ctx);
  mlirContextSetAllowUnregisteredDialects(s->ctx, c->allowUnregistered);
  if (c->tool)
    orToolSetUpContext(&s->tool, s->ctx);
}

// The IRDL dialects, then the input; their diagnostics go to stderr.
static int parseModule(OrSession *s, const OrConfig *c) {
  IrsDiagnosticCapture diags =
      irsDiagnosticCaptureCreate(s->ctx, forwardDiag, NULL);
  irsDiagnosticCaptureSetFallbackFileName(
      diags, mlirStringRefCreateFromCString(irsInputGetSourceName(s->input)));
  bool ok = irsToolLoadIrdlFiles(s->ctx, "opt-reduce",
                                 (const char *const *)c->irdlFiles.items,
                                 c->irdlFiles.num, orErrorLine, NULL);
  if (ok)
    s->module = irsInputParseChunk(s->input, s->ctx, 0);
  // From here on diagnostics belong to candidates, which print their own.
  irsDiagnosticCaptureDestroy(diags);
  return irsOutcomeGetExitCode(ok && !mlirModuleIsNull(s->module)
                                   ? IrsOutcomeOk
                                   : IrsOutcomeUsageError);
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
  int rc = c->tool ? prepareTool(s, c) : irsOutcomeGetExitCode(IrsOutcomeOk);
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
  irsInputDestroy(s->input);
}
