// SPDX-License-Identifier: Apache-2.0
// The one table of outcome kinds (include/irscope/Outcome.h): names, exit
// codes, ranks and descriptions. Every other place asks this file.
#include "irscope/Outcome.h"

#include <string.h>

typedef struct OutcomeRow {
  const char *name;
  int exitCode; // irscope-opt's; -1: the kind never ends a run
  // How bad, when chunks or runs disagree (irsOutcomeWorseExitCode); rows
  // that share an exit code share a rank.
  int rank;
  bool stepFailure; // a step ran to its end and its result is wrong
  bool death;       // the process ended before its step did
  const char *description;
} OutcomeRow;

enum { kCrashRank = 6 };

static const OutcomeRow rows[IrsOutcome_COUNT] = {
    [IrsOutcomeNone] = {"", -1, 0, false, false, "nothing known yet"},
    [IrsOutcomeOk] = {"ok", 0, 0, false, false, "ended as it should"},
    [IrsOutcomePassFailure] = {"pass-failure", 1, 2, true, false,
                               "a pass signalled failure"},
    [IrsOutcomeVerifyFailure] = {"verify-failure", 3, 3, true, false,
                                 "the verifier, --verify-with or a verify "
                                 "hook rejected the IR after a step"},
    [IrsOutcomeCrash] = {"crash", 5, kCrashRank, false, true,
                         "the process died by a signal"},
    [IrsOutcomeTimeout] = {"timeout", 6, 4, false, true,
                           "a step ran longer than the step timeout"},
    [IrsOutcomeMemoryLimit] = {"memory-limit", 7, 5, false, true,
                               "resident memory exceeded the memory limit"},
    [IrsOutcomeInterrupted] = {"interrupted", 130, 8, false, true,
                               "interrupted by SIGINT or SIGTERM"},
    [IrsOutcomeNondeterminism] = {"nondeterminism", 8, 3, true, false,
                                  "two runs of the same step or execution "
                                  "differ"},
    [IrsOutcomeWrongResult] = {"wrong-result", 9, 3, true, false,
                               "after a step the program's results differ "
                               "from the input's"},
    [IrsOutcomeExit] = {"exit", 5, kCrashRank, false, true,
                        "the process exited before the run ended"},
    [IrsOutcomeNotRun] = {"not-run", -1, 0, false, false,
                          "a step after the failing one"},
    [IrsOutcomeRunning] = {"running", -1, 0, false, false, "not finished"},
    [IrsOutcomeUsageError] = {"usage-error", 2, 1, false, false,
                              "bad argument or option value"},
    [IrsOutcomeParseError] = {"parse-error", 2, 1, false, false,
                              "the input IR is malformed"},
    [IrsOutcomePipelineError] = {"pipeline-error", 2, 1, false, false,
                                 "the pipeline is malformed or names an "
                                 "unknown pass"},
    [IrsOutcomeIoError] = {"io-error", 4, 7, false, false,
                           "a file could not be read or written"},
    [IrsOutcomeOutOfMemory] = {"out-of-memory", 4, 7, false, false,
                               "an allocation failed"},
    [IrsOutcomeInvalid] = {"invalid", -1, 0, false, false,
                           "a reducer candidate that cannot be tested"},
    [IrsOutcomeFailure] = {"failure", -1, 0, false, false,
                           "a tool failed without saying how"},
    [IrsOutcomeInteresting] = {"interesting", -1, 0, false, false,
                               "the interestingness test accepted it"},
    [IrsOutcomeLoweringFailed] = {"lowering-failed", -1, 0, false, false,
                                  "the lowering pipeline is bad or failed"},
    [IrsOutcomeNoEntry] = {"no-entry", -1, 0, false, false,
                           "no function of the entry's name"},
    [IrsOutcomeBadEntry] = {"bad-entry", -1, 0, false, false,
                            "the entry takes arguments or returns a "
                            "non-scalar"},
    [IrsOutcomeJitFailed] = {"jit-failed", -1, 0, false, false,
                             "translation to LLVM IR or a shared library "
                             "failed"},
};

static const OutcomeRow *rowOf(IrsOutcome o) {
  return (unsigned)o < IrsOutcome_COUNT && rows[o].name ? &rows[o] : NULL;
}

const char *irsOutcomeGetName(IrsOutcome o) {
  const OutcomeRow *r = rowOf(o);
  return r ? r->name : "unknown";
}

IrsOutcome irsOutcomeFromNameRef(MlirStringRef name) {
  if (!name.data || !name.length)
    return IrsOutcomeNone;
  for (int i = 1; i < IrsOutcome_COUNT; ++i)
    if (strlen(rows[i].name) == name.length &&
        memcmp(rows[i].name, name.data, name.length) == 0)
      return (IrsOutcome)i;
  return IrsOutcomeNone;
}

IrsOutcome irsOutcomeFromName(const char *name) {
  return name ? irsOutcomeFromNameRef(mlirStringRefCreateFromCString(name))
              : IrsOutcomeNone;
}

const char *irsOutcomeGetDescription(IrsOutcome o) {
  const OutcomeRow *r = rowOf(o);
  return r ? r->description : "unknown outcome";
}

int irsOutcomeGetExitCode(IrsOutcome o) {
  const OutcomeRow *r = rowOf(o);
  return r ? r->exitCode : -1;
}

IrsOutcome irsOutcomeFromExitCode(int code) {
  if (code < 0)
    return IrsOutcomeNone;
  for (int i = 0; i < IrsOutcome_COUNT; ++i)
    if (rows[i].exitCode == code)
      return (IrsOutcome)i;
  return IrsOutcomeNone;
}

static int rankOfExitCode(int code) {
  IrsOutcome o = irsOutcomeFromExitCode(code);
  return o == IrsOutcomeNone ? kCrashRank : rows[o].rank;
}

int irsOutcomeWorseExitCode(int a, int b) {
  return rankOfExitCode(b) > rankOfExitCode(a) ? b : a;
}

// The exit code's rank, so that outcomes and their exit codes agree on
// which is worse; a kind that ends no run ranks as a crash, as its exit
// code would.
static int rankOf(IrsOutcome o) {
  if (o == IrsOutcomeNone)
    return -1;
  const OutcomeRow *r = rowOf(o);
  return r && r->exitCode >= 0 ? r->rank : kCrashRank;
}

IrsOutcome irsOutcomeWorse(IrsOutcome a, IrsOutcome b) {
  return rankOf(b) > rankOf(a) ? b : a;
}

bool irsOutcomeIsStepFailure(IrsOutcome o) {
  const OutcomeRow *r = rowOf(o);
  return r && r->stepFailure;
}

bool irsOutcomeIsDeath(IrsOutcome o) {
  const OutcomeRow *r = rowOf(o);
  return r && r->death;
}

IrsOutcome irsOutcomeFromErrorKind(IrsErrorKind kind) {
  static const IrsOutcome of[] = {
      [IRS_OK] = IrsOutcomeOk,
      [IRS_ERR_USAGE] = IrsOutcomeUsageError,
      [IRS_ERR_PARSE] = IrsOutcomeParseError,
      [IRS_ERR_PIPELINE] = IrsOutcomePipelineError,
      [IRS_ERR_PASS] = IrsOutcomePassFailure,
      [IRS_ERR_VERIFY] = IrsOutcomeVerifyFailure,
      [IRS_ERR_IO] = IrsOutcomeIoError,
      [IRS_ERR_NOMEM] = IrsOutcomeOutOfMemory,
  };
  return (unsigned)kind < sizeof(of) / sizeof(of[0]) ? of[kind]
                                                     : IrsOutcomeNone;
}

// Here rather than in lib/PassManager, so that the writers in lib/Report
// that name step statuses depend on the vocabulary, not on the pass manager.
IrsOutcome irsStepStatusGetOutcome(IrsStepStatus s) {
  switch (s) {
  case IrsStepNotRun:
    return IrsOutcomeNotRun;
  case IrsStepOk:
    return IrsOutcomeOk;
  case IrsStepPassFailed:
    return IrsOutcomePassFailure;
  case IrsStepVerifyFailed:
    return IrsOutcomeVerifyFailure;
  }
  return IrsOutcomeNone;
}

const char *irsStepStatusGetName(IrsStepStatus s) {
  IrsOutcome o = irsStepStatusGetOutcome(s);
  return o == IrsOutcomeNone ? "unknown" : irsOutcomeGetName(o);
}
