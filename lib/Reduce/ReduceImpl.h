// SPDX-License-Identifier: Apache-2.0
//===- ReduceImpl.h - reducer state shared by the engine and strategies ---===//
#ifndef IRS_REDUCE_REDUCEIMPL_H
#define IRS_REDUCE_REDUCEIMPL_H

#include "../Support/Buf.h"
#include "irscope/Outcome.h"
#include "irscope/PassManager.h"
#include "irscope/Reduce.h"
#include "irscope/Supervisor.h"

/// Outcomes of the candidates tested since the last accepted change (a
/// hash table keyed by two 64-bit hashes of the cache key, see OracleCache.c).
typedef struct IrsReduceCacheEntry {
  uint64_t h1, h2;
  bool used, interesting;
} IrsReduceCacheEntry;
typedef struct IrsReduceCache {
  IrsReduceCacheEntry *entries;
  size_t cap, count;
  uint64_t generation;
} IrsReduceCache;

/// Symbolised return addresses of crashing workers (Oracle.c).
enum { kSymCacheSize = 512 };
typedef struct IrsSymCacheEntry {
  uintptr_t addr;
  char *text; // a glibc backtrace line, malloc'd
} IrsSymCacheEntry;

typedef struct Reducer {
  MlirContext ctx;
  MlirModule module;
  IrsReduceOptions opts;
  IrsPipeline pipeline;     // current pipeline (owned copy)
  IrsSignature target;      // in-process mode
  IrsSupervisor sup;
  IrsBuf msg;
  char tmpDir[256];
  char *testPath; // absolute path of the test script, if given as a path
  int64_t testsRun;
  int64_t opsBefore;
  double start;
  const char *strategy;
  bool stop;
  // errno of a best-so-far write that failed (0: none): the reduction
  // stops there, the output keeping the last module written, and ends
  // with an I/O error naming it.
  int saveErr;
  bool inputInvalid; // the input did not verify: candidates need not either
  // Engine state (Oracle*.c, Reducer.c).
  int jobs;              // tests run at once (-j); see lanes() in OracleBatch.c
  double testRunSec;     // summed run time of the tests (fork to end)
  int testRuns, needRuns; // runs per candidate; interesting runs needed
  int64_t nextRunId;     // numbers runs in order: dirs and per-run seeds
  uint64_t generation;   // bumped on every accepted change (cache key)
  int64_t cacheHits;
  IrsReduceCache cache;
  IrsSymCacheEntry *symCache; // kSymCacheSize entries
  int64_t opsNow;        // op count as of the last accepted change
  // The input's check writes the IR going into each of its steps (up to
  // this many; 0: it does not), valid while the generation is the one
  // noted (see OracleSnapshot.c).
  intptr_t checkSnapSteps;
  uint64_t checkSnapGeneration;
  int snapWriter; // in the check's worker: the pid writing one, or 0
  // When the best module so far was last written and what that cost: big
  // modules are not rewritten after every accepted change (Reducer.c).
  double lastSaveAt, saveSecPerOp;
  intptr_t strategyIndex; // of `strategy` in the table, -1 for none
  int64_t *strategyOps;   // per strategy: ops removed
  int64_t *strategyWins;  // per strategy: accepted changes
  void **strategyState;   // per strategy: its private state (Strategies.c)
  int64_t bytesBefore, bytesAfter;
  // Set when a test's worker died or timed out while applying its edit
  // (run-passes: the pass itself crashes or hangs on this module).
  bool editBroke;
  // Hangs (target kind "timeout", in-process): candidates are judged hung
  // after hangTimeout() (OracleBatch.c), far below the full --test-timeout once
  // normal runs have been timed; the result is confirmed at the full
  // timeout at the end (Reducer.c), from `original` again if that fails.
  bool quickHangs;
  bool unconfirmed;     // the module was last accepted on a quick verdict
  double curTimeoutSec; // the supervisor's step timeout now
  double minTimeoutSec; // the lowest it was
  bool hangRedone;      // quick verdicts failed confirmation: redone
  double maxFinishMs;   // slowest step seen to end (0: none yet)
  MlirOperation original; // the input, cloned when quickHangs is set
  // Where erase edits move the top-level ops they erase (IrsEdit.erase.
  // detachTo, irsReduceGraveyard); emptied after each accepted change.
  MlirModule graveyard;
  int64_t freedOps; // ops gone since the heap was last trimmed (Reducer.c)
  // The empty module's verdict (-1 unknown) under pipeline `emptyPipeline`
  // (malloc'd text; see irsReduceEmptiesModule in OracleCache.c).
  int emptyVerdict;
  char *emptyPipeline;
  int64_t failuresBefore, runsBefore, failuresAfter, runsAfter;
  uint32_t skipNoted; // bits of the IrsStrategyNeeds whose skips were noted
  // Tool mode, a crash: candidates many per tool process (OracleSplit.c).
  int splitState;         // -1 off, 0 not yet trusted, 1 trusted
  int64_t splitLastChunk; // chunk of its process the last hit was in
  int64_t toolBatches;    // tool processes that tested a batch
  int64_t splitTests;     // candidates those decided
  int splitDoubts;        // other crashes before trust (OracleSplit.c)
  const char *checkFile; // tool mode: runs test this file, not the module
  bool splitUnconfirmed;  // the module was last accepted on a batch verdict
                          // no plain run stands for (Reducer.c confirms)
  // Tool mode: the fork server's objects, read at the first crash (null:
  // not yet, or not known; see toolMapRead), to name the unsymbolised
  // frames of the tool's stack dumps by module offset (Oracle.c).
  IrsLoadMap toolMap;
  bool toolMapRead;
  // The top-level symbols the input's check worker last ran each nested
  // step on, one per thread, in a mapping shared with it (OracleAnchor.c);
  // NULL: not recorded.
  struct IrsReduceAnchors *anchors;
  // The input's check runs with MLIR's threads (a big module with a nested
  // step, failing-symbol on); every other test runs without, so the
  // target is confirmed by a single-threaded run (Reducer.c).
  bool checkThreaded;
  // The target's failure is followed by a death while the run is freed
  // (IrsSignature.diedAfter): every test runs with MLIR's threads and
  // frees its module and context afterwards, as the plain tool does, so
  // that a candidate shows that death too (OracleCheck.c).
  bool freeRun;
  // Miscompile mode: whether each candidate's pre-step IR is executed a
  // second time to show it deterministic (Miscompile.c). Off while
  // reducing; the result is then checked with it on (Reducer.c).
  bool miscompileFull;
} Reducer;

typedef struct IrsEdit IrsEdit;

/// An edit kind's operations: what a candidate edit does is its `ops`, the
/// kind's file (the strategy that owns it) defines them. Ops are named by
/// their pre-order index in the module (0 is the module op), which worker
/// and parent compute alike.
typedef struct IrsEditOps {
  /// Applies the edit to `root` (the module operation); false when it does
  /// not apply (see irsEditApply).
  bool (*apply)(MlirContext ctx, MlirOperation root, const IrsEdit *e);
  /// Appends the bytes of every parameter of the edit but `target` (which
  /// the engine keys, with the kind): two edits with equal keys must
  /// produce equal candidates.
  void (*key)(const IrsEdit *e, IrsBuf *out);
  /// Appends a one-line description of the edit.
  void (*describe)(const IrsEdit *e, IrsBuf *out);
  /// Optional: whether the candidate must not have more ops than the
  /// module (see irsEditMustNotGrow); NULL: never.
  bool (*mustNotGrow)(const IrsEdit *e);
  /// Applying it runs passes, which may crash or hang the worker: it runs
  /// as step 0 there, and is never batched into one tool process.
  bool runsPasses;
} IrsEditOps;

/// Where IrsEditSetOperand's new value comes from.
typedef enum IrsEditValueSource {
  IrsEditValuePoison = 0,   ///< a new ub.poison of the operand's type
  IrsEditValueArgument = 1, ///< argument `index` of the enclosing
                            ///< function's entry block
  IrsEditValueResult = 2,   ///< result 0 of op `index`
} IrsEditValueSource;

/// What IrsEditAttrs changes.
typedef enum IrsEditAttrsChange {
  IrsEditAttrsDropDiscardable = 0, ///< op `target` loses its discardable attrs
  IrsEditAttrsSplat = 1,           ///< attr `name` of op `target` becomes a splat
  IrsEditAttrsUnknownLocations = 2, ///< every location becomes unknown
} IrsEditAttrsChange;

/// What IrsEditSimplifyCfg does.
typedef enum IrsEditCfgChange {
  IrsEditCfgFold = 0,   ///< cf.cond_br / cf.switch `target` becomes a cf.br
                        ///< to its successor `index` (and the blocks that
                        ///< become unreachable go)
  IrsEditCfgMerge = 1,  ///< the block that cf.br `target` goes to (its only
                        ///< predecessor edge) merges into the branch's block
  IrsEditCfgPrune = 2,  ///< erase the unreachable blocks of region `index`
                        ///< of op `target`
  IrsEditCfgBypass = 3, ///< the edges into the block that holds only cf.br
                        ///< `target` go to its successor; the block goes
} IrsEditCfgChange;

/// One candidate edit: `ops` is its kind, and the union member its kind's
/// file names holds its parameters (zero-initialise the rest). A kind with
/// parameters of its own uses `params`. Everything it points to is
/// borrowed.
struct IrsEdit {
  const IrsEditOps *ops;
  /// The op the edit is about (pre-order index); unused by erase and group.
  int64_t target;
  union {
    struct {
      int64_t a, b, c;
      const char *text;
    } params;
    struct {
      const int64_t *ops; ///< ascending pre-order indices
      size_t num;
      /// Null: erased ops are destroyed. Else erased top-level ops (used
      /// results replaced as for any erased op) move into this block, and
      /// whoever owns it destroys them: the reducer once the edit is
      /// applied to its own module (irsReduceApply), never a worker, whose
      /// copy-on-write module would otherwise copy every page the erased
      /// ops live on just to free them (bench/README.md, scale).
      MlirBlock detachTo;
    } erase;
    struct {
      int64_t region; ///< its only block replaces the op
    } inlineRegion;
    struct {
      /// Argument `arg` of block `block` of region `region` (block 0 of a
      /// func.func: its arguments, callers too; block > 0: branch operands
      /// too).
      int64_t arg, block, region;
    } dropArg;
    struct {
      int64_t result;
    } dropResult;
    struct {
      int64_t operand;
      IrsEditValueSource source;
      int64_t index; ///< argument or op index, by `source`
    } setOperand;
    struct {
      IrsEditAttrsChange change;
      const char *name; ///< IrsEditAttrsSplat: the attribute
    } attrs;
    struct {
      const char *pipeline;
    } runPipeline;
    struct {
      const char *name; ///< the new name (unused with target -1)
    } rename;
    struct {
      const struct IrsEdit *edits;
      size_t num;
    } group;
    struct {
      IrsEditCfgChange change;
      int64_t index; ///< successor (fold) or region (prune)
    } cfg;
  };
};

/// The engine's edit kinds: erase (ddmin's chunks; EditErase.c) and a
/// group of edits applied in order, which applies only if each does
/// (irsReduceTryEach; Edit.c).
extern const IrsEditOps irsEditErase, irsEditGroup;
/// Kinds that strategies other than their owner build (rename drops
/// locations with simplify-attrs' kind).
extern const IrsEditOps irsEditAttrs;

/// Appends bytes that identify the edit: two edits with the same key,
/// applied to the same module, produce the same candidate (used to cache
/// outcomes): its kind, its target and what its kind's `key` appends.
void irsEditKey(const IrsEdit *edit, IrsBuf *out);
/// Appends `n` integers / a text (NULL: nothing) to a key (IrsEditOps.key).
void irsEditKeyInts(IrsBuf *out, const int64_t *v, size_t n);
void irsEditKeyText(IrsBuf *out, const char *text);
/// Runs the test on the module with `edit` applied; true if interesting.
bool irsReduceTest(Reducer *r, const IrsEdit *edit);
/// Tests candidates in order (possibly several at once) and returns the
/// index of the first interesting one, or -1. Strategies with many
/// independent candidates use this so that -j N can test them in parallel;
/// the result is the same as calling irsReduceTest on each in order.
intptr_t irsReduceTestFirst(Reducer *r, const IrsEdit *const *edits, size_t n);
/// Applies `edit` to `root` (the module operation); worker and parent use it.
/// Returns false if the edit did not apply (stale index, failed pipeline);
/// the module is then unchanged unless the pipeline failed half-way.
bool irsEditApply(MlirContext ctx, MlirOperation root, const IrsEdit *edit);
/// The op with pre-order index `index` under `root`, or null.
MlirOperation irsEditFindOp(MlirOperation root, int64_t index);
/// All ops under `root` in pre-order (root first); caller frees *ops.
size_t irsEditWalk(MlirOperation root, MlirOperation **ops);
/// A growable array of ops that walks fill; the owner frees `ops`.
typedef struct IrsOpList {
  MlirOperation *ops;
  size_t n, cap;
} IrsOpList;
/// Appends `op`; false (the list unchanged) when out of memory.
bool irsOpListPush(IrsOpList *l, MlirOperation op);
/// Every func.call under `root` of the func.func `func` (by its symbol
/// name), in pre-order; the caller frees `.ops` (StrategyDropArgs.c).
IrsOpList irsEditCallsOf(MlirOperation root, MlirOperation func);
/// A new ub.poison of `type` inserted before `before`; returns its value,
/// or null when `ub.poison` is not a registered op of `ctx` (tool mode with
/// a tool that does not take it).
MlirValue irsEditPoison(MlirContext ctx, MlirType type, MlirOperation before);
/// What replaces the uses of `old`, which goes, from `before` on: a new
/// poison of its type, else (no poison) the nearest other value of that
/// type that dominates `before` inside its top-level op, else null.
MlirValue irsEditSubstitute(MlirContext ctx, MlirValue old,
                            MlirOperation before);
/// Erases `op`, replacing used results by irsEditSubstitute (the erase
/// edit's step). False, with `op` (maybe some uses replaced) kept, when a
/// used result has no substitute.
bool irsEditEraseOp(MlirContext ctx, MlirOperation op);
/// Whether some op or block argument under `root` has a known location.
bool irsEditHasLocations(MlirContext ctx, MlirOperation root);
/// Tests one candidate and, if interesting, applies it to the reducer's
/// module, saves and reports it. True if kept.
bool irsReduceTryEdit(Reducer *r, const IrsEdit *edit);
/// Same for the first interesting of `n` candidates (tested in order,
/// possibly in parallel); returns its index or -1.
intptr_t irsReduceTryFirst(Reducer *r, const IrsEdit *const *edits, size_t n);
/// Tries all `edits` in order, keeping every interesting one; after a kept
/// edit, with `skipSameTarget`, the following edits with the same target
/// are skipped. Without it (the edits are independent), all of them are
/// first tried as one group: one test instead of n when all can go. The caller orders them so that applying one leaves all later ones meaningful (by
/// descending target when an edit renumbers only the ops from its target
/// on). Returns how many were kept.
size_t irsReduceTryEach(Reducer *r, const IrsEdit *edits, size_t n,
                        bool skipSameTarget);
/// Whether `op` is a ub.poison / a constant-like leaf (no operands, no
/// regions, one result): values a strategy may substitute.
bool irsEditIsPoison(MlirOperation op);
bool irsEditIsConstant(MlirOperation op);
/// Applies `edit` to the reducer's own module (after a successful test),
/// then destroys what it moved into the graveyard.
void irsReduceApply(Reducer *r, const IrsEdit *edit);
/// The block erase edits built by the reducer move erased top-level ops to
/// (IrsEdit.erase.detachTo; null when it could not be made), and the
/// destruction of what is in it.
MlirBlock irsReduceGraveyard(Reducer *r);
void irsReduceEmptyGraveyard(Reducer *r);
/// Pre-order indices of ops to try, by predicate; caller frees.
int64_t *irsReduceCollect(Reducer *r, bool topLevelOnly, size_t *n);
/// Erasable ops at nesting depth `depth` (1: directly in the module body),
/// in pre-order; *deeper tells whether any op lies at depth >= `depth`.
int64_t *irsReduceCollectAtDepth(Reducer *r, int depth, size_t *n,
                                 bool *deeper);
/// ddmin over `items`: removes as many as possible while interesting.
/// `independent`: the items are mostly independent of each other (top-level
/// symbols), so after a chunk went, the rest of its granularity is tried at
/// once first (tool mode's batches only). Returns true if anything was
/// removed.
bool irsReduceDdmin(Reducer *r, int64_t *items, size_t n, bool independent);
/// Writes the module after the first `steps` steps to `path` (in a worker,
/// or taken from the input's check, see irsReduceSnapshotStep).
bool irsReduceSnapshot(Reducer *r, intptr_t steps, const char *path);
/// In the check's worker (r->checkSnapSteps set), before step `step`:
/// writes the IR going into it, and removes the one going into the step
/// before.
void irsReduceSnapshotStep(Reducer *r, intptr_t step);
/// Removes what irsReduceSnapshotStep left behind.
void irsReduceSnapshotDrop(Reducer *r);
/// The shared mapping the input's check worker notes its steps' symbols
/// in (OracleAnchor.c): false (r->anchors stays NULL) when it cannot be
/// made. irsReduceAnchorsFree unmaps it (NULL: no-op).
typedef struct IrsReduceAnchors IrsReduceAnchors;
bool irsReduceAnchorsStart(Reducer *r);
void irsReduceAnchorsFree(Reducer *r);
/// Forgets every note (before the check runs again).
void irsReduceAnchorsReset(Reducer *r);
/// IrsPassManagerOptions.onAnchorOp of the check's worker (`userData`
/// is the Reducer): notes the top-level symbol holding `op` for `step`.
void irsReduceAnchorNote(intptr_t step, MlirOperation op, void *userData);
/// Whether the check's worker notes the symbols step `step` (1-based)
/// runs on: anchors are recorded and the step is nested, not under `any`
/// (as lib/PassManager/AnchorNote.c decides).
bool irsReduceStepNoted(const Reducer *r, intptr_t step);
/// The symbols noted for `step` (at most `cap`, one per thread that noted
/// one; duplicates possible), borrowed from the mapping.
size_t irsReduceAnchorNames(Reducer *r, intptr_t step, MlirStringRef *out,
                            size_t cap);
/// One flag per op directly in `root`'s body, in order (*numTops of them;
/// malloc'd, NULL when out of memory): set for the top-level symbols named
/// `names` and every top-level symbol they reference, transitively (a
/// symbol reference in any attribute of an op inside them, also in arrays
/// and dictionaries; for a nested reference its root)
/// (StrategyFailingSymbol.c).
bool *irsReduceSymbolClosure(MlirOperation root, const MlirStringRef *names,
                             size_t numNames, size_t *numTops);
/// qsort/bsearch order of MlirStringRef (by length, then bytes), for
/// arrays of MlirStringRef or of structs that begin with one (Edit.c).
int irsReduceCompareRefs(const void *a, const void *b);
/// Writes the best module so far; false on I/O error. Strategies call it
/// after every accepted change: it also starts a new cache generation.
bool irsReduceSaveBest(Reducer *r);
/// Engine internals (OracleCheck.c, OracleCache.c): the first check of the input, failure-rate
/// measurement of the current module, the cache's memory.
bool irsReduceEstablish(Reducer *r);
/// Runs the current module once at the full test timeout; true if it is
/// still interesting (confirms quick hang verdicts).
bool irsReduceConfirm(Reducer *r);
/// After the input's check: whether its pass or verifier failure is
/// followed by a death when the run is freed as the plain tool frees it;
/// sets freeRun and target.diedAfter if so (OracleCheck.c).
void irsReduceCheckDeathAfter(Reducer *r);
bool irsReduceMeasure(Reducer *r, int64_t *failures, int64_t *runs);
void irsReduceCacheFree(Reducer *r);
int64_t irsReduceCountOps(MlirOperation op);
/// Counts the ops under `root` (root included) that `keep` accepts (NULL:
/// all of them), in one walk.
int64_t irsReduceCountOpsWhere(MlirOperation root,
                               bool (*keep)(MlirOperation op));
void irsReduceReport(Reducer *r, bool improved);
/// Hands `note` to the progress callback (IrsReduceProgress.note).
void irsReduceNote(Reducer *r, const char *note);
/// Reports one test run that just ended (IrsReduceProgress.test).
void irsReduceReportTest(Reducer *r, const IrsReduceTestReport *t);
/// Whether a candidate made by `edit` must not have more ops than the
/// module: dropping an argument or result that is in use leaves a ub.poison
/// behind, and fewer arguments for more ops is no gain by the count people
/// (and the reducer benchmarks) go by.
bool irsEditMustNotGrow(const IrsEdit *edit);
/// Writes a one-line description of `edit` (NULL: the module as it is).
void irsEditDescribe(const IrsEdit *edit, IrsBuf *out);

/// What a strategy cannot work without (the `needs` column of
/// Strategies.def); the engine skips it in a mode that lacks it and says why.
typedef enum IrsStrategyNeeds {
  IrsStrategyNeedsNothing = 0,
  /// The failing step: a test script or a run of a foreign tool does not
  /// say which step failed.
  IrsStrategyNeedsFailingStep = 1 << 0,
  /// The input's dialects registered in opt-reduce's own context (its
  /// passes run here): a foreign tool's are not.
  IrsStrategyNeedsDialects = 1 << 1,
} IrsStrategyNeeds;

/// A strategy (one row of Strategies.def, one file Strategy<Name>.c, which
/// defines this struct): it enumerates candidates and tries them through
/// the engine (irsReduceDdmin, irsReduceTry*), which owns testing, caching
/// and parallelism. Only `run` is required.
typedef struct IrsStrategy {
  /// One round; true if it changed the module. `state` is the strategy's
  /// own (`stateSize` bytes, zeroed when the reducer is made; NULL if 0).
  bool (*run)(Reducer *r, void *state);
  size_t stateSize;
  /// The reduction restarts from the input (a bet failed its
  /// confirmation): what `state` learnt about the module no longer holds.
  void (*redo)(void *state);
  /// Before the input's check when that is a single in-process run of the
  /// pipeline (and the strategy is enabled): asks it to record what the
  /// strategy uses (snapshots, anchors).
  void (*beforeCheck)(Reducer *r);
  /// Its candidate is a single-threaded run that confirms (or not) an
  /// input's check that ran with MLIR's threads (Strategies.c).
  bool confirmsThreadedCheck;
  /// The edit kinds the strategy's file defines (NULL-terminated; checked
  /// by the unit tests to have every operation).
  const IrsEditOps *edits[3];
} IrsStrategy;

#define IRS_STRATEGY(NAME, STRATEGY, NEEDS, DESC)                              \
  extern const IrsStrategy STRATEGY;
#include "Strategies.def"

/// The strategies in table order, and the state of one (Strategies.c).
intptr_t irsReduceStrategyCount(void);
const IrsStrategy *irsReduceStrategyAt(intptr_t pos);
/// Whether strategy `name` is enabled (IrsReduceOptions.strategies).
bool irsReduceStrategyEnabled(const Reducer *r, const char *name);
/// Every name of the comma-separated `list` is a strategy's; else says
/// which is not in `err`.
bool irsReduceCheckStrategyList(const char *list, IrsBuf *err);
/// Makes / frees the strategies' states and figures (false: no memory).
bool irsReduceStrategiesCreate(Reducer *r);
void irsReduceStrategiesDestroy(Reducer *r);
/// Calls each enabled strategy's beforeCheck.
void irsReduceStrategiesBeforeCheck(Reducer *r);
/// The reduction restarts from the input: every strategy's redo, figures
/// cleared.
void irsReduceStrategiesRedo(Reducer *r);
/// Pass 0: the reducing strategies to a fixed point; pass 1: the final
/// (cosmetic) ones, once.
void irsReduceToFixedPoint(Reducer *r);
/// Runs the strategies that confirm a threaded check; true if one kept
/// its candidate.
bool irsReduceConfirmThreaded(Reducer *r);
/// Whether time is up or a stop was asked (sets r->stop).
bool irsReduceOutOfTime(Reducer *r);
/// The size in bytes of the module as -o has it (ReduceSave.c).
int64_t irsReduceModuleBytes(Reducer *r);
/// irsReduceSaveBest, but writes even when a write is put off.
bool irsReduceSaveBestNow(Reducer *r);
/// The input's first write of a big module, in a forked child while its
/// check runs; NULL when none was started (a small module, no -o).
/// Finish waits for it and, with `commit`, renames its file into place:
/// true when the input is written (bytesAfter is then its size); frees `b`.
typedef struct IrsReduceBackgroundSave IrsReduceBackgroundSave;
IrsReduceBackgroundSave *irsReduceBackgroundSaveStart(Reducer *r);
bool irsReduceBackgroundSaveFinish(Reducer *r, IrsReduceBackgroundSave *b,
                                   bool commit);

/// Miscompile mode's test of a candidate already edited and verified
/// (Miscompile.c): runs `pm`'s steps on `root` and executes around the
/// culprit. Returns the worker's exit code: 0 not interesting, a wrong
/// result's (irsOutcomeGetExitCode; after sending the culprit step over
/// `ch`, see OracleImpl.h), or IRS_EXIT_INVALID_CANDIDATE for a candidate
/// that cannot be judged.
int irsReduceMiscompileTest(Reducer *r, IrsWorkerChannel ch, IrsPassManager pm,
                            MlirOperation root);
/// Removes what miscompile mode's workers left in the reducer's temporary
/// directory (the slowest execution's time); the reducer's teardown calls it.
void irsReduceMiscompileForget(const Reducer *r);
/// ub.poison ops under `root`. In miscompile mode an edit that adds some
/// (uses of erased results) is not applicable: a program computing with
/// poison is undefined, whatever it prints.
int64_t irsReduceCountPoison(MlirOperation root);
/// Miscompile mode, after every edit (worker and reducer alike): erases
/// every op that uses a ub.poison, and then their users, so that erasing a
/// call takes the print of its result along instead of printing poison.
/// Terminators stay (the poison count check then refuses the edit).
void irsReduceErasePoisonUsers(MlirContext ctx, MlirOperation root);
/// Uses of ub.poison (directly or through arith, index, math and vector
/// element ops) where poison makes the program undefined: addresses,
/// subscripts, sizes, divisors, shift amounts, conditions, printed values
/// (PoisonUses.c). Script mode refuses an edit that adds one.
int64_t irsReduceCountUndefinedPoisonUses(MlirOperation root);
/// Buffers (memref.alloc, memref.alloca and their views) that something
/// reads and nothing may write (Unwritten.c). Miscompile mode refuses an
/// edit that adds one.
int64_t irsReduceCountUnwrittenReads(MlirOperation root);

#endif
