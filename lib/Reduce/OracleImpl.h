// SPDX-License-Identifier: Apache-2.0
//===- OracleImpl.h - the oracle's parts, shared between its files --------===//
//
// The oracle answers "is this candidate still interesting?" in five parts,
// one file each:
//
//   OracleWorker.c    the forked worker: applies the edit, runs the pipeline
//                     (or execs the script or tool on the candidate)
//   Oracle.c          the failure signature of a finished run, and whether
//                     a run is interesting (irsReduceRunVerdict)
//   OracleBatch.c     a batch of runs under the supervisor: -j lanes,
//                     --test-runs, hang timeouts, first-in-order answers
//   OracleCache.c     outcomes already known: the cache and the empty
//                     module's verdict
//   OracleTest.c      the entry points strategies call (irsReduceTestFirst)
//   OracleCheck.c     runs of the module itself: the input's check, the
//                     confirmation at the full timeout, failure rates
//   OracleSnapshot.c  the IR going into a step, for the pipeline strategy
//
//===----------------------------------------------------------------------===//
#ifndef IRS_REDUCE_ORACLEIMPL_H
#define IRS_REDUCE_ORACLEIMPL_H

#include "ReduceImpl.h"

/// The oracle's worker (OracleWorker.c) exits with the exit code of the
/// outcome it saw (irsOutcomeGetExitCode: pass-failure, verify-failure,
/// nondeterminism, and wrong-result for the miscompile oracle), read back by
/// the signature (Oracle.c) with irsOutcomeFromExitCode; with
/// IRS_EXIT_INVALID_CANDIDATE for a candidate it could not test, and with
/// IRS_EXIT_CANNOT_EXEC when a script or tool could not be started
/// (irscope/Outcome.h).

/// The key under which the worker reports the 1-based step that failed
/// (irsWorkerChannelSendValue): the failing pass is that step's.
#define IRS_REDUCE_FAILED_STEP_KEY "failed-step"
/// The key under which a script or tool mode worker reports the errno of
/// an exec that failed (it then exits with IRS_EXIT_CANNOT_EXEC).
#define IRS_REDUCE_EXEC_ERRNO_KEY "exec-errno"

/// One run of one candidate.
typedef struct Job {
  Reducer *r;
  const IrsEdit *edit;
  IrsWorkerChannel ch;
  intptr_t step;
  int64_t id;    // unique per run of a test: names its directory
  uint64_t seed; // for passes that draw random numbers (with --seed)
} Job;

/// The worker's body (an IrsWorkerMain; `userData` is a Job).
int irsReduceWorker(IrsWorkerChannel ch, void *userData);
/// Script and tool mode: removes run `id`'s directory, if any.
void irsReduceRemoveJobDir(const Reducer *r, int64_t id);

/// Whether one run's outcome counts as interesting; its signature in *sig.
bool irsReduceRunVerdict(Reducer *r, const IrsWorkerResult *res,
                         IrsSignature *sig);
/// Whether `s` is the failure being reduced (the target, or --match, or
/// any failure with anyFailure).
bool irsReduceSameSignature(Reducer *r, const IrsSignature *s);

/// A batch tests `n` candidates with `runs` runs each; job j is run j % runs
/// of candidate j / runs. A candidate is interesting once `need` of its runs
/// were, and certainly not once too few runs are left to get there.
typedef struct Batch {
  Reducer *r;
  size_t n;
  int runs, need;
  bool measure; // run every job (rates), never cut a candidate short
  bool unstoppable; // the input check: runs whatever the stop flag says
  Job *jobs;
  int *fails, *done;
  signed char *verdict; // -1 undecided, 0 not interesting, 1 interesting
  bool *quick; // judged interesting on a quick hang verdict (hangTimeout)
  IrsSignature *sigs; // measure mode: every run's signature
  // The first run's result in measure mode (the input's outcome), without
  // its stderr tail (the supervisor's, gone with the next run).
  IrsWorkerResult first;
  bool haveFirst;
} Batch;

/// Sets up a batch of `n` candidates (`edits` NULL: the module as it is,
/// n == 1). False when out of memory; irsReduceBatchFree in every case.
bool irsReduceBatchInit(Batch *b, Reducer *r, const IrsEdit *const *edits,
                        size_t n, bool measure);
/// Runs the batch; false if no worker could be started at all.
bool irsReduceBatchRun(Batch *b);
void irsReduceBatchFree(Batch *b);

/// The two hashes of the cache key of `edit` on the current module and
/// pipeline; `key` is scratch space.
void irsReduceCacheHash(Reducer *r, const IrsEdit *edit, IrsBuf *key,
                        uint64_t *h1, uint64_t *h2);
/// The cache entry of (h1, h2) in the current generation: NULL when there
/// is none and `insert` is false (or memory ran out), else a new one.
IrsReduceCacheEntry *irsReduceCacheSlot(Reducer *r, uint64_t h1, uint64_t h2,
                                        bool insert);
/// Whether `e` erases every top-level op (`top` of them): the candidate is
/// the empty module, whose verdict depends only on the pipeline.
bool irsReduceEmptiesModule(Reducer *r, const IrsEdit *e, size_t top);
/// -1 unknown, else the empty module's verdict under the current pipeline.
int irsReduceEmptyVerdict(Reducer *r);
void irsReduceSetEmptyVerdict(Reducer *r, bool interesting);

/// Script and tool mode: the directory of run `id` (OracleWorker.c).
void irsReduceJobDir(const Reducer *r, int64_t id, char *out, size_t cap);
/// Worker side: applies the job's edit to `root` and checks the result as
/// a candidate must be (verified, unless the input was not); false: the
/// candidate is not to be run.
bool irsReduceWorkerApply(Job *j, MlirOperation root);
struct IrsAtomicFile;
/// Prints `root` in generic form, as candidates reach a tool, and a newline.
void irsReducePrintGeneric(MlirOperation root, struct IrsAtomicFile *af);
/// Worker side, tool mode: execs the tool on the candidate file `path`
/// inside `dir`, with `extra` (NULL-ended, may be NULL) before it; returns
/// only if the exec failed.
int irsReduceExecTool(Job *j, const char *const *extra, const char *dir,
                      const char *path);

/// Tool mode: the tool's command line on the candidate file `path`, with
/// `extra` (NULL-ended, may be NULL) before it and `-o /dev/null` after;
/// the caller frees the array (not the strings). NULL when out of memory.
const char **irsReduceToolArgv(const Reducer *r, const char *const *extra,
                               const char *path);

/// Tool mode, reducing a crash: tests candidates many per tool process
/// (OracleSplit.c). Whether the `n` candidates may go that way.
bool irsReduceSplitUsable(Reducer *r, const IrsEdit *const *edits, size_t n);
/// Tests `edits` in order in as few tool processes as it can, up to the
/// first interesting one; sets verdict[i] (0 or 1) for the candidates it
/// decided, a prefix of the list, and returns how many (0 when batches
/// turned out not to work with this tool: they are then off for good).
size_t irsReduceSplitTest(Reducer *r, const IrsEdit *const *edits, size_t n,
                          signed char *verdict);

#endif
