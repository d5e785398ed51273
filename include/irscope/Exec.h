// SPDX-License-Identifier: Apache-2.0
//===- Exec.h - running a module's entry function, and comparing results --===//
//
// The execution oracle behind `irscope-opt --check-results` and
// `opt-reduce --miscompile`: a module is lowered to the LLVM dialect (a
// copy; the caller's module is not touched), JIT-compiled with MLIR's
// ExecutionEngine and its entry function called. What it prints on stdout
// (vector.print, printMemref*, ...) and what it returns, formatted as
// mlir-runner prints it, make up its *result text*.
//
// JIT'd code may crash, hang or eat memory, so it runs in a supervised
// worker process (IrsExecutor): those are outcomes of the execution, not
// of the caller. The worker's stdout must go to a file the executor reads
// back; redirecting it is process set-up, so the library does not do it:
// the caller's IrsExecWorkerSetup does (tools/common/ExecWorker.c).
//
// Results are compared as text, numbers optionally within a tolerance
// (irsExecCompare); irsExecBisect finds the first of a sequence of IR
// versions whose result differs from the reference.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_EXEC_H
#define IRS_EXEC_H

#include "irscope/Support.h"

#include <mlir-c/IR.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The lowering used when none is given: the common upstream dialects
/// (func, arith, scf, cf, memref, vector, math, index, affine) to LLVM.
#define IRS_EXEC_DEFAULT_LOWERING                                              \
  "builtin.module(convert-vector-to-scf,lower-affine,convert-scf-to-cf,"      \
  "convert-vector-to-llvm,convert-math-to-llvm,expand-strided-metadata,"     \
  "finalize-memref-to-llvm,convert-index-to-llvm,convert-arith-to-llvm,"     \
  "convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)"

/// Fresh memory of an execution: as the system leaves it (None, what
/// mlir-runner gives), or filled with the byte 0x5A or 0xA5 (every bit
/// differs): blocks the JIT'd code gets from malloc and aligned_alloc
/// (memref.alloc) and the stack its entry runs on (memref.alloca). A result
/// that is the same under both fillings does not depend on memory the
/// program never wrote; executions forked from one process find the same
/// leftovers there, so without a filling two of them may agree on garbage.
typedef enum IrsExecFill {
  IrsExecFillNone,
  IrsExecFill5A,
  IrsExecFillA5,
} IrsExecFill;

typedef struct IrsExecOptions {
  /// Pipeline from the input's dialects to LLVM; NULL: the default above.
  const char *lowering;
  /// Function to call (no arguments; no result or one integer, index or
  /// float result); NULL: "main".
  const char *entry;
  /// Comma-separated shared libraries to load; NULL: the default
  /// (irsExecGetDefaultSharedLibs); "": none.
  const char *sharedLibs;
  /// LLVM optimisation level of the JIT, 0 to 3 (mlir-runner's -O).
  int optLevel;
  /// Limits of one execution; 0: none.
  double timeoutSec;
  int64_t memoryLimitBytes;
  bool allowUnregistered;
  /// What memory the program did not write holds (IrsExecFill).
  IrsExecFill fill;
} IrsExecOptions;

/// MLIR's runtime libraries (vector.print, printMemref*) in the LLVM
/// library directory irscope was built against: "DIR/libmlir_c_runner_utils.so,
/// DIR/libmlir_runner_utils.so". Static storage.
IRS_API const char *irsExecGetDefaultSharedLibs(void);

/// No lowering/entry/library given, optLevel 0 (no LLVM optimisation, as
/// mlir-runner without an -O flag), a 10 s timeout and no memory limit.
IRS_API IrsExecOptions irsExecOptionsDefault(void);

typedef enum IrsExecOutcome {
  IrsExecOk,            ///< the entry function returned
  IrsExecCrashed,       ///< the JIT'd code died by a signal
  IrsExecTimedOut,      ///< ran longer than timeoutSec
  IrsExecMemoryLimit,   ///< resident memory above memoryLimitBytes
  IrsExecExited,        ///< the JIT'd code called exit(): see exitCode
  IrsExecInterrupted,   ///< SIGINT/SIGTERM from outside
  IrsExecParseFailed,   ///< the module text does not parse
  IrsExecLoweringFailed,///< the lowering pipeline is bad or failed
  IrsExecNoEntry,       ///< no function of the entry's name
  IrsExecBadEntry,      ///< the entry takes arguments or returns a non-scalar
  IrsExecJitFailed,     ///< translation to LLVM IR or a shared library failed
} IrsExecOutcome;

/// Lower-kebab name: "ok", "crash", "timeout", "memory-limit", "exit",
/// "interrupted", "parse-error", "lowering-failed", "no-entry",
/// "bad-entry", "jit-failed".
IRS_API const char *irsExecOutcomeGetName(IrsExecOutcome outcome);

/// Whether the outcome says the module could not be executed at all
/// (parse, lowering, entry, JIT), as opposed to how its execution ended.
IRS_API bool irsExecOutcomeIsSetupError(IrsExecOutcome outcome);

/// One execution. Strings are owned by the result (irsExecResultFree).
typedef struct IrsExecResult {
  IrsExecOutcome outcome;
  int signal;   ///< IrsExecCrashed
  int exitCode; ///< IrsExecExited
  /// The result text: everything the entry printed on stdout, then its
  /// return value on a line of its own when it has one (as mlir-runner
  /// prints them). Partial when the execution did not end normally.
  char *output;
  size_t outputLength;
  /// One line for setup errors (the lowering's diagnostic, the missing
  /// entry) and the worker's stderr for crashes; nullable.
  char *message;
  /// The entry's result type as mlir-runner's --entry-point-result names
  /// it ("void", "i32", "i64", "f32"; also "i1", "i8", "i16", "f64",
  /// which mlir-runner cannot call); NULL when the entry was not reached.
  char *resultType;
  double wallMs;
} IrsExecResult;

IRS_API void irsExecResultFree(IrsExecResult *result);

//===----------------------------------------------------------------------===//
// Executing in the current process
//===----------------------------------------------------------------------===//

/// Lowers a clone of `module` with options->lowering, JITs it and calls
/// the entry in this process; whatever it prints goes to this process's
/// stdout (flushed before return). The returned value's text, with its
/// newline, goes to `onValue` (nullable); a setup error's one line to
/// `onMessage` (nullable); the entry's result type (IrsExecResult's
/// resultType) to `onResultType` (nullable) once the entry is found. The context must have the LLVM translations
/// registered (mlirRegisterAllLLVMTranslations) and the lowering's passes
/// registered in the process. Returns IrsExecOk or a setup error.
/// MLIR's ExecutionEngine makes the process's first JIT write a perf
/// jitdump under $JITDUMPDIR (else the temporary directory)/.debug/jit
/// that nothing removes; an IrsExecutor's workers write theirs into a directory the
/// executor removes.
IRS_API IrsExecOutcome irsExecModuleInProcess(MlirModule module,
                                              const IrsExecOptions *options,
                                              MlirStringCallback onValue,
                                              MlirStringCallback onMessage,
                                              MlirStringCallback onResultType,
                                              void *userData);

//===----------------------------------------------------------------------===//
// IrsExecutor: executions in supervised workers
//===----------------------------------------------------------------------===//

/// Called first in every execution worker. It must send the process's
/// stdout (fd 1) to `stdoutFd` and may install crash handlers. The passes
/// the lowering names must be registered in the process (the caller's
/// mlirRegisterAllPasses before creating the executor, inherited by fork,
/// or here). `stdoutFd` is
/// the executor's capture file; the setup must not close it.
typedef void (*IrsExecWorkerSetup)(int stdoutFd, void *userData);

typedef struct IrsExecutor {
  void *ptr;
} IrsExecutor;

static inline bool irsExecutorIsNull(IrsExecutor e) { return !e.ptr; }

/// Creates an executor; `options` and its strings are copied. NULL handle
/// (errno set) when the capture file or the directory for the workers'
/// perf jitdumps cannot be created in $TMPDIR. That directory is emptied
/// after each worker and removed by irsExecutorDestroy; when JITDUMPDIR is
/// set the workers write there instead, as MLIR's JIT does without
/// irscope.
IRS_API IrsExecutor irsExecutorCreate(const IrsExecOptions *options,
                                      IrsExecWorkerSetup setup,
                                      void *setupUserData);
IRS_API void irsExecutorDestroy(IrsExecutor executor);

/// Executes `moduleText` in a fresh worker. Fills `result` (to free with
/// irsExecResultFree) and returns ok, or IRS_ERR_IO when no worker could
/// be started. Must be called from a process without running threads
/// (the worker is forked).
IRS_API IrsStatus irsExecutorRun(IrsExecutor executor, MlirStringRef moduleText,
                                 IrsExecResult *result);

/// The most executions irsExecutorRunSequence does in one worker.
#define IRS_EXEC_MAX_SEQUENCE 4

/// Executes `num` (1..IRS_EXEC_MAX_SEQUENCE) module texts one after the
/// other in one fresh worker, each under its own timeout, stopping after
/// the first that does not end cleanly (IrsExecOk): one process start,
/// and the lowering's and JIT's code is paged in once. Fills
/// results[0..k) (each to free with irsExecResultFree; the rest zeroed)
/// and returns k, the executions that ran, or -1 when no worker could be
/// started. Same requirements as irsExecutorRun.
IRS_API intptr_t irsExecutorRunSequence(IrsExecutor executor,
                                        const MlirStringRef *texts,
                                        intptr_t num, IrsExecResult *results);

/// Changes the filling (IrsExecOptions.fill) of the executions started
/// from now on.
IRS_API void irsExecutorSetFill(IrsExecutor executor, IrsExecFill fill);
IRS_API IrsExecFill irsExecutorGetFill(IrsExecutor executor);

/// Executions done so far (every execution irsExecutorRun or
/// irsExecutorRunSequence ran).
IRS_API intptr_t irsExecutorGetNumRuns(IrsExecutor executor);

/// Asks the running execution to stop, and every later one not to start
/// (each ends IrsExecInterrupted); async-signal-safe.
IRS_API void irsExecutorInterrupt(IrsExecutor executor);

//===----------------------------------------------------------------------===//
// Comparing results
//===----------------------------------------------------------------------===//

/// How two result texts are compared. With both tolerances 0 the texts
/// must be equal, except that the addresses MLIR's printMemref prints
/// (`base@ = 0x...`) are ignored: they change from run to run. Otherwise
/// numbers (decimal integers and floats, nan, inf) are compared
/// numerically, |a - b| <= max(abs, rel * max(|a|, |b|)), and the text
/// around them exactly.
typedef struct IrsExecTolerance {
  double rel;
  double abs;
} IrsExecTolerance;

/// Parses "REL[,ABS]" (`--result-tolerance`). False for anything else.
IRS_API bool irsExecToleranceParse(const char *text, IrsExecTolerance *out);

/// Whether `a` and `b` are the same result. When they are not and
/// `firstDiff` is non-null, it gets the byte offset in `a` of the line
/// where they first differ, and `lineNo` (nullable) its 1-based number.
IRS_API bool irsExecCompare(MlirStringRef a, MlirStringRef b,
                            IrsExecTolerance tolerance, size_t *firstDiff,
                            intptr_t *lineNo);

/// Where two result texts part: the 1-based number of the first line that
/// differs and, in each text, the byte offsets of that line's start and of
/// the first byte that differs (the start of a number that is out of
/// tolerance; the line's end when one text ends early).
typedef struct IrsExecDifference {
  intptr_t line;
  size_t lineA, atA;
  size_t lineB, atB;
} IrsExecDifference;

/// irsExecCompare that says exactly where the texts part: when they differ
/// and `where` is non-null, fills it. Messages that quote a line cut it
/// around `at`, so the difference they show is the real one.
IRS_API bool irsExecCompareAt(MlirStringRef a, MlirStringRef b,
                              IrsExecTolerance tolerance,
                              IrsExecDifference *where);

/// Whether two executions gave the same result: same outcome (and signal
/// or exit code) and, for the rest, irsExecCompare on the outputs.
IRS_API bool irsExecResultsEqual(const IrsExecResult *a, const IrsExecResult *b,
                                 IrsExecTolerance tolerance);

//===----------------------------------------------------------------------===//
// Bisection
//===----------------------------------------------------------------------===//

/// Whether version `index` of a sequence (1..n) gives the reference
/// result. Return -1 to abort the search (the callback's own error).
typedef int (*IrsExecSameAsReference)(intptr_t index, void *userData);

/// Finds the first index in 1..n whose version differs from the reference
/// (version 0), assuming that once a version differs every later one does.
/// Asks version n first, then halves: 1 + ceil(log2(n)) questions at most.
/// Returns the index, 0 when version n gives the reference result, -1 if
/// the callback aborted.
IRS_API intptr_t irsExecBisect(intptr_t n, IrsExecSameAsReference same,
                               void *userData);

//===----------------------------------------------------------------------===//
// Finding the version that changes the result
//===----------------------------------------------------------------------===//

typedef enum IrsExecSearchStatus {
  IrsExecSearchSame,             ///< the last version gives version 0's result
  IrsExecSearchFound,            ///< `culprit` differs, confirmed
  IrsExecSearchReferenceFailed,  ///< version 0 did not run cleanly
  IrsExecSearchNondeterministic, ///< version `unstable` gave two results
  IrsExecSearchCannotExecute,    ///< `culprit` differs by a setup error
  IrsExecSearchNoWorker,         ///< an execution could not be started
  IrsExecSearchInterrupted,      ///< irsExecutorInterrupt stopped it
} IrsExecSearchStatus;

/// What irsExecSearch found. `culprit` is the first version whose result
/// differs (IrsExecSearchFound, IrsExecSearchCannotExecute), `unstable`
/// the version that gave two results (IrsExecSearchNondeterministic; with
/// IrsExecSearchFound, `culprit` itself when its two executions gave two
/// results that both differ from the previous version's, else 0).
typedef struct IrsExecSearchResult {
  IrsExecSearchStatus status;
  intptr_t culprit;
  intptr_t unstable;
} IrsExecSearchResult;

/// Executes version 0 (the reference) and, if it runs cleanly, bisects
/// versions 1..num-1 for the first whose result differs (irsExecBisect),
/// then confirms it: versions culprit-1 and culprit are each executed once
/// more; culprit-1 must give its first result again, and culprit either
/// its first result or another one that differs from culprit-1's too
/// (`unstable` is then `culprit`: the step made the results undefined).
/// A culprit that cannot be executed at all (irsExecOutcomeIsSetupError:
/// IrsExecSearchCannotExecute) is not executed again. `results` (num
/// entries, owned by the caller, each freed with irsExecResultFree) gets
/// the first execution of every version executed; the others stay zeroed
/// (output NULL). An entry the caller filled (output set: a version an
/// earlier search over the same texts executed) is that version's first
/// execution and is not run again. At most 2 + ceil(log2(num - 1)) + 2
/// executions.
IRS_API IrsExecSearchResult irsExecSearch(IrsExecutor executor,
                                          const MlirStringRef *versions,
                                          intptr_t num,
                                          IrsExecTolerance tolerance,
                                          IrsExecResult *results);

#ifdef __cplusplus
}
#endif

#endif // IRS_EXEC_H
