// SPDX-License-Identifier: Apache-2.0
//===- RunKind.c - the tables of run kinds and chunk kinds ----------------===//
//
// RunKind.h. The order of the rows is the precedence of the options:
// --tool over --repeat over --crash-protection=0 over --check-results, and
// within --tool, --repeat over --check-determinism over --check-results
// (Config.c refuses each pair together).
//
//===----------------------------------------------------------------------===//
#include "RunKind.h"

#include "Driver.h"

static bool isTool(const IrsOptConfig *c) { return c->tool.path != NULL; }
static bool isRepeat(const IrsOptConfig *c) { return c->repeat.runs > 0; }
static bool isDeterminism(const IrsOptConfig *c) {
  return c->checkDeterminism != NULL;
}
static bool isToolRepeat(const IrsOptConfig *c) {
  return isTool(c) && isRepeat(c);
}
static bool isToolDeterminism(const IrsOptConfig *c) {
  return isTool(c) && isDeterminism(c);
}
static bool isToolCheckResults(const IrsOptConfig *c) {
  return isTool(c) && c->results.on;
}
static bool isUnprotected(const IrsOptConfig *c) {
  return !c->watch.crashProtection;
}
static bool isCheckResults(const IrsOptConfig *c) { return c->results.on; }
static bool always(const IrsOptConfig *c) { return (void)c, true; }

static int repeat(IrsOptRun *run, IrsOptOut *out) {
  (void)out; // every run's output is its own child's
  return irsOptRepeat(run);
}

static const IrsOptRunKind runKinds[] = {
    {.name = "tool-repeat", .applies = isToolRepeat, .start = irsOptRunTool,
     .runTool = irsOptToolRepeat},
    {.name = "tool-determinism", .applies = isToolDeterminism,
     .start = irsOptRunTool, .runTool = irsOptToolCheckDeterminism},
    {.name = "tool-check-results", .applies = isToolCheckResults,
     .start = irsOptRunTool, .runTool = irsOptToolCheckResults},
    {.name = "tool", .applies = isTool, .start = irsOptRunTool,
     .runTool = irsOptToolRunOnce},
    {.name = "repeat", .applies = isRepeat, .start = irsOptRun, .run = repeat},
    {.name = "unprotected", .applies = isUnprotected, .start = irsOptRun,
     .run = irsOptWorkHere},
    {.name = "check-results", .applies = isCheckResults, .start = irsOptRun,
     .run = irsOptCheckResultsRun, .keepsStepIr = true},
    {.name = "supervised", .applies = always, .start = irsOptRun,
     .run = irsOptSupervise},
};

const IrsOptRunKind *irsOptRunKindChoose(const IrsOptConfig *cfg) {
  size_t n = sizeof(runKinds) / sizeof(runKinds[0]);
  for (size_t i = 0; i + 1 < n; ++i)
    if (runKinds[i].applies(cfg))
      return &runKinds[i];
  return &runKinds[n - 1];
}

static bool isDeterminismOfResults(const IrsOptConfig *c) {
  return c->checkDeterminism && c->results.on;
}

static const IrsOptChunkKind chunkKinds[] = {
    {"check-results-determinism", isDeterminismOfResults,
     irsOptCheckResultsDeterminism, false},
    {"check-determinism", isDeterminism, irsOptCheckDeterminism, false},
    {"plain", always, irsOptRunChunk, true},
};

const IrsOptChunkKind *irsOptChunkKindChoose(const IrsOptConfig *cfg) {
  size_t n = sizeof(chunkKinds) / sizeof(chunkKinds[0]);
  for (size_t i = 0; i + 1 < n; ++i)
    if (chunkKinds[i].applies(cfg))
      return &chunkKinds[i];
  return &chunkKinds[n - 1];
}
