// SPDX-License-Identifier: Apache-2.0
//===- Reduce.h - shrinking a failing module to a minimal reproducer ------===//
//
// An IrsReducer owns a module and a question: is a candidate still
// "interesting"? In-process mode answers it by running a pass pipeline on
// the candidate and comparing the failure signature (kind, failing pass,
// normalised first error) with the original one; script mode runs the
// user's test script on the candidate (exit 0 = interesting, the
// llvm-reduce/C-Vise convention, or the reverse with testMustFail, the
// mlir-reduce convention).
//
// Each candidate is evaluated in a forked child that shares the module
// copy-on-write, applies the edit to its copy, and runs the test, so a
// candidate is never re-parsed and a crashing candidate cannot take the
// reducer down. The context must be single-threaded (a forked child cannot
// use a thread pool it did not create). Accepted edits are replayed on the
// parent's module; the best result so far is written after every
// improvement.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_REDUCE_H
#define IRS_REDUCE_H

#include "irscope/PassRegistry.h"
#include "irscope/Pipeline.h"
#include "irscope/Plugin.h"
#include "irscope/Signature.h"
#include "irscope/CrashTrace.h"
#include "irscope/Exec.h"
#include "irscope/ForkServer.h"
#include "irscope/Support.h"
#include <mlir-c/IR.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One test run, reported right after it ends (opt-reduce --verbose).
typedef struct IrsReduceTestReport {
  const char *edit;    ///< the candidate described ("erase 3 ops: 4 7 9")
  const char *outcome; ///< signature kind ("crash", "ok", "timeout", ...)
  const char *pass;    ///< the failing pass, "" if none
  bool interesting;
  bool quick; ///< judged hung before the full timeout (see quickHangSec)
  double runMs;
} IrsReduceTestReport;

typedef struct IrsReduceProgress {
  int64_t opsBefore;
  int64_t opsNow;
  int64_t testsRun;
  double elapsedSec;
  const char *strategy;
  bool improved; ///< this report is an improvement
  int64_t cacheHits; ///< candidates answered from the cache (not in testsRun)
  /// Set when the report is about a test run that just ended, else NULL.
  const IrsReduceTestReport *test;
  /// Set, once per reduction, when a strategy falls back or is skipped for
  /// lack of dialect knowledge (tool mode), else NULL.
  /// Also set (tool mode, a crash) after each batch of candidates tested in
  /// one tool process, and when batches are given up.
  const char *note;
} IrsReduceProgress;

/// What a worker that tests a candidate is about to do, for its process
/// set-up (IrsReduceOptions.workerSetup).
typedef enum IrsReduceWorkerKind {
  /// It runs MLIR code on the candidate: the pipeline (in-process mode) or
  /// the edit before a tool runs (tool mode). A crash is part of the
  /// signature through its site: on a fatal signal the set-up's handler
  /// should write IRS_REDUCE_FRAMES_BEGIN, one "0xADDR\n" line per return
  /// address of the crashing thread (innermost first, as backtrace() gives
  /// them) and IRS_REDUCE_FRAMES_END to stderr in one write, then end the
  /// process by the same signal. The reducer symbolises the addresses once
  /// each, in the parent, which has the same mappings.
  IrsReduceWorkerMlir,
  /// Script mode: it only prints the candidate and execs the test.
  IrsReduceWorkerScript,
} IrsReduceWorkerKind;

/// The raw crash trace of an IrsReduceWorkerMlir worker (see above).
#define IRS_REDUCE_FRAMES_BEGIN IRS_CRASH_TRACE_FRAMES_BEGIN
#define IRS_REDUCE_FRAMES_END IRS_CRASH_TRACE_FRAMES_END

/// Called first thing in every worker the reducer forks, before the
/// candidate is touched: signal handlers and alternate stacks are process
/// state, which only the process owner sets up (the library sets none).
/// Without one, crash sites are unknown (signatures compare kind, signal,
/// pass and message only).
typedef void (*IrsReduceWorkerSetup)(IrsReduceWorkerKind kind, void *userData);

typedef struct IrsReduceOptions {
  /// In-process mode: the pipeline whose failure is reduced (borrowed).
  IrsPipeline pipeline;
  /// Script mode when non-NULL: argv of the test; the candidate path is
  /// appended as the last argument.
  const char *const *testArgv;
  int testArgc;
  bool testMustFail;
  /// Tool mode when non-NULL (with `pipeline`): argv of an mlir-opt
  /// compatible tool up to its input, the pipeline's arguments included
  /// (`TOOL [ARG]... --pass-pipeline=P`); the candidate, printed in generic
  /// form, and `-o /dev/null` are appended. The tool is the executor and
  /// the signature is derived from how it ended (see docs/opt-reduce.md,
  /// Tool mode). argv[0] must be a path usable from any directory.
  const char *const *toolArgv;
  int toolArgc;
  /// Tool mode: the tool started once as a fork server (ForkServer.h),
  /// asked for each run instead of an exec; null: exec. Borrowed.
  IrsForkServer toolForkServer;
  /// Called once the input's signature (`target`) is established, before
  /// anything is written or reduced (nullable). Returning false rejects
  /// the input: irsReducerRun then fails with IRS_ERR_USAGE, its message
  /// what the callback wrote through `message`. For a check whose answer
  /// only some signatures need (opt-reduce --tool runs the pipeline on an
  /// empty module only when the tool exited non-zero on the input).
  bool (*acceptTarget)(const IrsSignature *target, MlirStringCallback message,
                       void *messageData, void *userData);
  void *acceptTargetUserData;
  /// Accept any failure instead of the same signature.
  bool anyFailure;
  /// POSIX extended regex the first error message must match instead of the
  /// original message (nullable).
  const char *matchRegex;
  double testTimeoutSec; ///< per candidate; 0: 60 s in script mode
  double maxTimeSec;     ///< stop after this long; 0: no limit
  int64_t memoryLimitBytes;
  /// Best-so-far is written here (atomically) after every improvement.
  const char *outputPath;
  /// How outputPath is printed: generic op form; with locations.
  bool printGeneric, printDebugInfo;
  /// Comma-separated strategy names (see irsReduceStrategy*), NULL for all.
  const char *strategies;
  /// Called after each test and each improvement; nullable.
  void (*onProgress)(const IrsReduceProgress *progress, void *userData);
  void *userData;
  /// Set asynchronously (e.g. from a SIGINT handler) to stop early; the
  /// result so far stays valid.
  volatile int *stopFlag;
  /// Tests run at once (forked workers); 0 or 1: one at a time. The result
  /// does not depend on it.
  int jobs;
  /// `jobs` is an upper bound: while tests are short (under 50 ms on
  /// average), one runs at a time. Candidates are tested speculatively in
  /// list order, and for short tests the forks and kills of the losers cost
  /// more than the parallelism gains (measured: a small crash reduction
  /// took 0.58 s with two lanes, 0.48 s with one). Runs of one candidate
  /// (testRuns) always use all lanes: none of them is speculative.
  bool adaptiveJobs;
  /// Runs per candidate (flaky failures); 0 means 1. A candidate is
  /// interesting when at least max(1, ceil(minRate * testRuns)) runs are.
  int testRuns;
  double minRate; ///< in [0, 1]
  /// With hasSeed, run k (numbered in test order, whatever `jobs` is) hands
  /// irsSeedForRun(seed, k) to the passes that draw random numbers.
  bool hasSeed;
  uint64_t seed;
  /// In-process mode: the failure is nondeterminism, as irscope-opt
  /// --check-determinism finds it: 1 runs each step twice on identical
  /// copies, 2 once with threading on and once off. A step whose outputs
  /// differ fails with kind "nondeterminism". 0: off.
  int checkDeterminism;
  /// Pass names that are not MLIR's are looked up here (PassRegistry.h);
  /// borrowed, must outlive the reducer. Null: irscope's own passes.
  IrsPassRegistry passRegistry;
  /// Plugins loaded for the run (Plugin.h), written into reproducers;
  /// borrowed, nullable.
  IrsPlugins plugins;
  /// In-process mode: the failure is a miscompile (opt-reduce
  /// --miscompile) when non-NULL (borrowed): the first step after which
  /// the program's results differ, found on the input as irscope-opt
  /// --check-results finds it; a candidate is interesting when the first
  /// step of that pass still changes the results, its input and output
  /// both running cleanly and its input giving the same result twice.
  /// Signature kind "wrong-result".
  const IrsExecOptions *miscompile;
  IrsExecTolerance tolerance;
  IrsExecWorkerSetup execSetup; ///< the executions' process set-up
  void *execSetupUserData;
  /// The test workers' process set-up (nullable; opt-reduce's is
  /// irsToolReduceWorkerSetup in tools/common/ReduceWorker.c).
  IrsReduceWorkerSetup workerSetup;
  void *workerSetupUserData;
  /// The caller verified the module (mlirModuleCreateParse does: it
  /// returns null for IR that does not verify), so the reducer does not
  /// verify it again (1.2 s of CPU on a million ops). False: it verifies
  /// it, and a module that does not verify is reduced without requiring
  /// candidates to verify.
  bool inputVerified;
  /// In-process mode: the plain tool whose failure is reduced runs without
  /// MLIR's threads (mlir-opt --mlir-disable-threading). Otherwise a pass
  /// or verifier failure is run once more as that tool runs it, with
  /// threads and freeing the run, and a death then becomes part of the
  /// target (IrsSignature.diedAfter; see docs/opt-reduce.md).
  bool disableThreading;
} IrsReduceOptions;

typedef struct IrsReducer {
  void *ptr;
} IrsReducer;

/// Takes ownership of `module`. Returns null with a message through
/// `errorCallback` if the options are inconsistent.
IRS_API IrsReducer irsReducerCreate(MlirContext context, MlirModule module,
                                    const IrsReduceOptions *options,
                                    MlirStringCallback errorCallback,
                                    void *userData);
IRS_API void irsReducerDestroy(IrsReducer reducer);

/// Checks the input is interesting (IRS_ERR_USAGE with the observed outcome
/// in irsReducerGetMessage if not), then reduces. IRS_ERR_IO if the output
/// could not be written.
IRS_API IrsStatus irsReducerRun(IrsReducer reducer);

/// The current (best) module; borrowed.
IRS_API MlirOperation irsReducerGetModule(IrsReducer reducer);
/// The reduced pipeline text (in-process mode); borrowed.
IRS_API MlirStringRef irsReducerGetPipeline(IrsReducer reducer);
/// The signature being preserved (in-process mode).
IRS_API const IrsSignature *irsReducerGetSignature(IrsReducer reducer);
/// One-line explanation of the last failure or of the outcome.
IRS_API MlirStringRef irsReducerGetMessage(IrsReducer reducer);
IRS_API int64_t irsReducerGetTestsRun(IrsReducer reducer);
/// Tool mode, after irsReducerRun: runs the tool with the pipeline on the
/// file `path` as it is (the result printed back in the tool's syntax) and
/// gives its signature and whether that is the one reduced. IRS_ERR_IO
/// when the file or a worker could not be had; IRS_ERR_USAGE without a
/// tool.
IRS_API IrsStatus irsReducerCheckFile(IrsReducer reducer, const char *path,
                                      IrsSignature *signature, bool *matches);

/// Hang reductions judge a step hung once it runs this many times longer
/// than the slowest step seen to end (see docs/opt-reduce.md, Hangs).
/// Candidates shrink as the reduction goes, so steps get faster; five
/// times the slowest is far from a normal run, and a wrong guess is caught
/// by the confirmation at the full timeout.
#define IRS_REDUCE_HANG_FACTOR 5

/// Figures for the final summary (valid after irsReducerRun).
typedef struct IrsReduceSummary {
  int64_t opsBefore, opsAfter;
  int64_t bytesBefore, bytesAfter; ///< of the module printed as -o writes it
  int64_t testsRun;  ///< test runs (each of --test-runs counts)
  int64_t cacheHits; ///< candidates answered from the cache
  double elapsedSec;
  /// Runs of the input / of the result that were interesting, out of how
  /// many (runsAfter is 0 when the result was not measured: testRuns 1).
  int64_t failuresBefore, runsBefore, failuresAfter, runsAfter;
  /// Hang reductions: the shortest time after which a candidate was judged
  /// hung (0: always the full test timeout), and whether the result of
  /// those quick verdicts failed its confirmation at the full timeout, so
  /// that the reduction was redone without them.
  double quickHangSec; ///< IRS_REDUCE_HANG_FACTOR x the slowest step
  bool hangRedone;
} IrsReduceSummary;
IRS_API void irsReducerGetSummary(IrsReducer reducer, IrsReduceSummary *out);
/// Ops removed by strategy `pos` of the table (net of ub.poison left
/// behind) and, through `wins` (nullable), how many changes it made.
IRS_API int64_t irsReducerGetStrategyOps(IrsReducer reducer, intptr_t pos,
                                         int64_t *wins);

/// Strategy table (lib/Reduce/Strategies.def).
IRS_API intptr_t irsReduceStrategyGetNum(void);
IRS_API const char *irsReduceStrategyGetName(intptr_t pos);
IRS_API const char *irsReduceStrategyGetDescription(intptr_t pos);
/// Whether strategy `pos` needs the failing step, which a test script or a
/// run of a foreign tool does not say: the reducer skips it there.
IRS_API bool irsReduceStrategyNeedsFailingStep(intptr_t pos);

#ifdef __cplusplus
}
#endif

#endif // IRS_REDUCE_H
