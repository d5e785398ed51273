// SPDX-License-Identifier: Apache-2.0
//===- PassManagerImpl.h - state of an IrsPassManager ---------------------===//
//
// Shared by the files that implement the pass manager (see the table in
// docs/ARCHITECTURE.md). What a run did is kept in `rec`, an IrsRunRecord
// (lib/Report/RunRecord.h): the only thing the writers of manifest.xml and
// report.xml see. Everything else here is the machinery of running: MLIR
// pass managers, fingerprints, background printers, the dump cache.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_PASSMANAGER_PASSMANAGERIMPL_H
#define IRS_PASSMANAGER_PASSMANAGERIMPL_H

#include "../Passes/PassesImpl.h"
#include "../Report/IrFile.h"
#include "../Report/RunRecord.h"
#include "../Support/Buf.h"
#include "DumpPhases.h"
#include "irscope/Narrow.h"
#include "irscope/PassManager.h"

#include <mlir-c/Pass.h>

#include <stdatomic.h>
#include <time.h>

/// The running side of one step; its results are in rec.steps.
typedef struct IrsStepState {
  MlirPassManager pm; // runs just this step; owned
  uint64_t fingerprint; // after the step
  // Carries MLIR's own instrumentation (--mlir-print-ir-*, --mlir-timing,
  // ...) during a stepwise run; null otherwise. A second manager because
  // MLIR instrumentation cannot be removed, and `pm` also serves replays
  // that must stay silent.
  MlirPassManager userPm;
  // The step is one pass to irscope but several to MLIR (a registered
  // pass pipeline such as sparsifier): MLIR's verifier runs between them.
  bool severalPasses;
} IrsStepState;

/// A dump being printed by a forked child (BackgroundDump.c).
typedef struct IrsBgDump {
  int pid;
  intptr_t step; // 0-based step, -1 for the input dump
  char *path;
  // A stitching printer's table of where each op's text is (a memfd; -1
  // for a whole print), and the keys of its ops: the next dump cache.
  int tableFd;
  const void **ops;
  uint64_t *fps;
  size_t n;
  // A printer that holds fingerprints the pipeline skipped
  // (LazyFingerprint.c): the pipeline's end of the socket it answers on
  // (pm->heldReqFd owns it); -1 when it holds none.
  int ansFd;
} IrsBgDump;

/// An unchanged step's dump waiting for the printer of the dump it copies
/// (BackgroundDump.c).
typedef struct IrsBgCopy {
  intptr_t step, after; // this step's dump is a copy of step `after`'s
  char *path;
} IrsBgCopy;

typedef struct IrsHook {
  char *name;
  IrsVerifyHook fn;
  void *userData;
} IrsHook;

/// Printed text of top-level ops, reused across dumps (StitchedDump.c).
typedef struct IrsDumpCache IrsDumpCache;
/// An empty cache (null when out of memory).
IrsDumpCache *irsDumpCacheNew(void);
void irsDumpCacheDestroy(IrsDumpCache *cache);
/// Writes the module to `path` from per-op texts when that is provably the
/// same as printing it whole; sets *stitched. When it returns 0 with
/// *stitched false, nothing was written and the caller prints normally.
/// `topFps` (nullable) are the fingerprints of the module's top-level ops
/// as irsFingerprintWithTops computed them for this exact IR.
int irsDumpModuleStitched(IrsDumpCache **cache, MlirOperation module,
                          const char *path, bool assumeVerified, bool threads,
                          const uint64_t *topFps, size_t numTopFps,
                          IrsPhases *phases,
                          bool *stitched);

/// True if `t` (a standalone print) may use something the module printer
/// would alias; such a text cannot be stitched.
bool irsDumpTextMayAlias(const char *t, size_t n);
/// What a whole print of the module could alias in a local-scope text.
typedef enum IrsAliasKind {
  IrsAliasNone,
  IrsAliasBuiltin, // only affine maps and sets (AliasStitch.c names them)
  IrsAliasOther,
} IrsAliasKind;
IrsAliasKind irsDumpTextAliasKind(const char *t, size_t n);
/// True if the dump at `path`, a whole print, defines no aliases but
/// builtin affine maps and sets (AliasStitch.c), which a stitched dump
/// defines itself: the module's next dump may still be stitched. False
/// when it defines others, or more than the first 64 KiB hold.
bool irsDumpFileAliasesBuiltinOnly(const char *path);
/// The standalone (local-scope) print of a top-level op, as the stitcher
/// uses it; malloc'd, null when out of memory.
char *irsDumpPrintTop(MlirOperation op, bool assumeVerified, size_t *len);
/// Writes `module`'s header, then texts[0..n) (the standalone prints of its
/// top-level ops, in order, at some step) indented, to `path`. Sets
/// *stitched false (nothing written) when the module's header cannot be
/// stitched or a text is missing.
int irsDumpStitchTexts(MlirOperation module, const char *const *texts,
                       const size_t *lens, size_t n, const char *path,
                       bool *stitched);
/// For each op of ops[0..n) (in module order) the cached text, its length
/// and the fingerprint it was printed at (texts[k] null when not cached;
/// a text still in a forked printer's dump file only when want[k], the
/// op's fingerprint now, is the one it was printed at). The texts stay
/// owned by the cache until it is next changed.
void irsDumpCacheBorrow(IrsDumpCache *cache, const void *const *ops,
                        size_t n, const uint64_t *want, uint64_t *fps,
                        const char **texts, size_t *lens);
/// Makes copies of the given texts the cache's contents; false (cache
/// emptied) when out of memory or a text is missing.
bool irsDumpCacheAdopt(IrsDumpCache **cache, const void *const *ops,
                       const uint64_t *fps, const char *const *texts,
                       const size_t *lens, size_t n);

/// In a forked printer (ForkedDump.c): writes `module`'s (verified) dump to
/// `path` stitched from the cache's texts and prints of the other
/// top-level ops (local scope, or with the module's `shared` printing
/// state: SharedDump.c), and where each op's text lies in it to
/// `tableFd`; with `split`, the second half of the ops to print is printed
/// by a printer it forks (counted in `phases`, nullable, as "split").
/// *stitched false (nothing written) when it cannot be stitched so;
/// *aliases when the shared state's header defines aliases.
/// 0 or an errno value.
int irsDumpForkedStitch(IrsDumpCache *cache, MlirOperation module,
                        const char *path, bool split, bool shared,
                        const uint64_t *topFps, size_t numTopFps, int tableFd,
                        IrsPhases *phases, bool *stitched, bool *aliases);
/// In a forked printer whose dump of n top-level ops is a whole print with
/// aliases: tells the parent so in `tableFd` (its texts' places are found
/// when a later printer wants them). 0 or an errno value.
int irsDumpTableMarkWhole(int tableFd, size_t n);
/// In the parent: the cache becomes the texts of ops[0..n) (fingerprints
/// fps) in the dump at `path`, placed as the printer's table in `tableFd`
/// says, read from the file when wanted. False (cache emptied) otherwise.
bool irsDumpCacheAdoptFile(IrsDumpCache **cache, const void *const *ops,
                           const uint64_t *fps, size_t n, const char *path,
                           int tableFd);
/// Dumps being finished on threads (AsyncDump.c).
typedef struct IrsAsyncDump IrsAsyncDump;
/// How many of the n top-level ops of `body` (their fingerprints `fps`,
/// nullable) have no text under the newest keys: those of `job`, the dump
/// in flight on a thread (nullable), else the cache's. No text is read.
size_t irsDumpCountNew(const IrsDumpCache *cache, const IrsAsyncDump *job,
                       MlirBlock body, const uint64_t *fps, size_t n);
/// Dumps the module after step `step` to `path`: clones the top-level ops
/// whose text neither the cache nor the dump in flight in *job has, and
/// starts a thread that prints the clones and writes the dump, after the
/// one in flight. Returns 0 with *job the new dump (the cache belongs to
/// the dumps until irsDumpAsyncJoin), or -1 when this module cannot be
/// dumped so (nothing written: print it synchronously, after the join).
/// *busy counts the dumps in flight not yet on disk.
int irsDumpModuleAsync(IrsAsyncDump **job, IrsDumpCache **cache,
                       atomic_int *busy, MlirOperation module,
                       const char *path, intptr_t step, bool assumeVerified,
                       const uint64_t *topFps, size_t numTopFps,
                       IrsPhases *phases);
/// The same for a module whose texts are printed here, on two threads (no
/// clones: a conversion changes every op, and a clone of the module would
/// cost its size again), and written by a thread during the next step.
/// Nothing may be in flight (*job null); -1 also when a text could be
/// aliased (the module is then printed whole, synchronously).
int irsDumpModuleAsyncPrinted(IrsAsyncDump **job, IrsDumpCache **cache,
                              atomic_int *busy, MlirOperation module,
                              const char *path, intptr_t step,
                              bool assumeVerified, const uint64_t *topFps,
                              size_t numTopFps, IrsPhases *phases);
/// How one of them ended: its step, 0 or an errno value, its path (owned).
typedef struct IrsAsyncResult {
  intptr_t step;
  int err;
  char *path;
  bool whole; // printed whole: its op texts could be aliased
} IrsAsyncResult;
/// Waits for the dumps in flight; the cache then holds the last one's
/// texts. Their results in *results[0..*num) (the caller frees the paths
/// and the array).
void irsDumpAsyncJoin(IrsAsyncDump **job, IrsDumpCache **cache,
                      IrsAsyncResult **results, size_t *num);

typedef struct IrsCheckpointRun IrsCheckpointRun;

/// A consumer of the run's actions (irsPassManagerAddActionConsumer).
typedef struct IrsPmActionConsumer {
  IrsActionBeforeFn before;
  IrsActionAfterFn after;
  void *userData;
} IrsPmActionConsumer;

/// The options of each concern as the setters left them (PassManager.h);
/// their strings are cleared here, the copies are in rec (dump, failure
/// directory, --verify-with) and mlirTreeDir.
typedef struct IrsPmOptions {
  IrsPassManagerOptions run;
  IrsDumpOptions dump;
  IrsVerifyOptions verify;
  IrsFailureOptions failure;
  IrsMlirInstrumentationOptions mlir;
  IrsSupervisionOptions watch;
  bool timing; // irsPassManagerEnableTiming
} IrsPmOptions;

/// Where the plain tool goes on after the finding that stopped the last run
/// (irsPassManagerPlainGoesOn, PlainRest.c).
typedef enum IrsPmPlainRest {
  IrsPmPlainStops,  // it stops too, or the run did not stop at a finding
  IrsPmPlainModule, // at step plainFrom, on the module as the run left it
  IrsPmPlainInput,  // from the input: the module is not what its run had
} IrsPmPlainRest;

typedef struct IrsPassManagerImpl {
  MlirContext ctx;
  // The pipeline being built: rec.pipeline, or the --verify-with pipeline
  // while its manager is built (irsPmBuildWhole).
  IrsPipeline pipeline;
  IrsPmOptions opts;
  IrsRunRecord rec;               // what the last run did

  IrsStepState *steps; // rec.numSteps of them
  intptr_t numSteps;
  MlirPassManager whole;      // the full pipeline, for uninstrumented runs
  MlirPassManager verifyWithPm; // nullable
  IrsPipeline verifyPipeline;   // owned; its strings back verifyWithPm's passes
  IrsHook *hooks;
  intptr_t numHooks;

  IrsPassEnv env;
  IrsDiagnosticCapture capture; // diagnostics of the last run

  // Last run (the rest is in rec).
  uint64_t inputFingerprint;
  // The determinism check stopped after this 1-based step, whose output
  // does not verify (without verifyEach): 0 when it did not.
  intptr_t determinismStop;
  // Set by what stops a run at a finding of irscope's own (a check after
  // the step, the determinism check); reset when a run starts.
  IrsPmPlainRest plainRest;
  intptr_t plainFrom; // IrsPmPlainModule: the 0-based step it goes on at
  IrsBgDump *bg; // in-flight background dumps
  intptr_t numBg, capBg;
  IrsBgCopy *bgCopies; // made when their source's printer is done
  size_t numBgCopies;
  IrsBuf bgErr; // first background failure not yet reported
  bool bgFailed;
  // A failed run's line already says its manifest could not be written
  // (Run.c's updateManifestKeeping).
  bool manifestErrSaid;
  atomic_int bgPid; // the newest printer child, for irsPassManagerAwaitDumps
  // The last whole print had aliases: per-op texts cannot be stitched, so
  // dumps skip printing them (BackgroundDump.c).
  bool dumpAliased;
  // What one copy-on-write fault costs the pipeline on this host, measured
  // at the run's first fork (ns; 0: not yet): irsBgDumpForksPay.
  int64_t cowFaultNs;
  // IRS_TEST_FORKS_PAY for tests of the forked printers: 1 forks pay, 0
  // (set to "0") they never do; -1 (unset) the probe says.
  int forksTest;
  bool reloadPending; // input copy not made yet; reloadInput makes it
  unsigned numRuns;
  // The 0-based index of the first step that has not run since the
  // managers were built, when a determinism check stopped before it:
  // irsPassManagerRunSteps from there goes on without a rebuild (which
  // would allocate where the plain tool does not). 0 otherwise.
  intptr_t unrunFrom;
  bool dumpDirReady; // prepared for this run: the manifest may be written
  IrsDumpCache *dumpCache;
  IrsPhases *phases; // null unless IRSCOPE_PHASES asks (DumpPhases.h)
  // The last of the dumps threads are finishing (module-level steps of a
  // threaded run); nothing touches dumpCache until irsPmDumpJoin.
  IrsAsyncDump *asyncDump;
  atomic_int asyncBusy; // read by irsPassManagerAwaitDumps in a handler
  // Top-level op fingerprints of the IR as it is now (dumping runs only),
  // shared by the changed-detection and the dump writer.
  uint64_t *topFps;
  size_t numTopFps, capTopFps;
  // After a module-level step of a dumping run (LazyFingerprint.c): the
  // light hashes of the top-level ops and the module op's own part of the
  // fingerprint (valid when lightValid), and the ops whose fingerprint was
  // not computed (`held`: topFps has a key no text has) because the
  // printer forked for step heldStep's dump can compute it from its
  // snapshot, which the pipeline asks for when the next step leaves such
  // an op's light hash as it was. heldSerial makes those keys unique.
  uint64_t *topLight;
  bool *held;
  size_t capTopLight, numHeld;
  uint64_t rootFp, heldSerial;
  intptr_t heldStep;
  bool lightValid;
  atomic_int heldReqFd; // the socket to that printer (closed: none wanted)
  // The path irsPassManagerGetFinalDump gives (empty: none), set when the
  // run ends.
  IrsBuf finalDump;
  char *mlirTreeDir;            // our copy of opts.mlirPrintIrTreeDir
  // This run goes through checkpoint passes (Checkpoint.c), which need the
  // top-level op fingerprints also without dumps.
  bool cpRun;
  // What this run's observers need of the engine (IrsObserveNeeds), set
  // when it starts.
  unsigned needs;
  // MLIR's actions during a run (Actions.c): the context's one handler
  // (null when no one wants actions), the rewrite counts of a dumping run,
  // which count between a step's begin and end (StepObserver.c), and the
  // caller's consumers.
  IrsActionHandler actions;
  IrsActionCounts *counts;
  bool countSteps, markSteps; // counts, trail attached (StepObserver.c)
  bool trailCounts; // the trail counts (irsActionTrailSetCounts)
  intptr_t countsOpen; // the step counted now (1-based), 0: none
  IrsPmActionConsumer consumers[IRS_ACTION_MAX_CONSUMERS - 2];
  int numConsumers;
  // The last failure narrowed to one action (NarrowStep.c): `narrowed`
  // (valid when its tag is set; strings in narrowText), the diff of its
  // top-level op, the terminal's note.
  IrsNarrowedAction narrowed;
  IrsBuf narrowText, narrowDiff, narrowNote;
} IrsPassManagerImpl;

static inline IrsPassManagerImpl *irsPmUnwrap(IrsPassManager pm) {
  return (IrsPassManagerImpl *)pm.ptr;
}

/// How a forked run ended, for a caller that judges its death (a crash
/// narrowed in forked trials, NarrowStep.c). Set `timeoutMs` and `trace`;
/// irsPmRunForked sets the rest (caller frees `trace`'s text: irsBufFree).
typedef struct IrsPmForkedEnd {
  /// Kill the child when it has not ended after this long; 0: no limit.
  int timeoutMs;
  /// Keep the child's fatal-signal handlers (the tool's, which print the
  /// crash's stack trace: the library installs none) and its stderr, whose
  /// last IRS_PM_FORKED_STDERR_MAX bytes land in `stderrText`.
  bool trace;
  int signal;    ///< the signal it died of; 0 when it ended
  bool timedOut; ///< killed after timeoutMs (then `signal` is SIGKILL)
  IrsBuf stderrText;
} IrsPmForkedEnd;
#define IRS_PM_FORKED_STDERR_MAX 65536
/// Runs `child` in a fork of this process (ForkedRun.c), which writes
/// its record to `fd` (irsWriteAll) and ends there; the record read back
/// is appended to `record`, whatever the child wrote before it ended or
/// died. The caller's context must have threading off (fork copies no
/// threads). `end` (nullable) says how the child ended. False when no
/// fork could be made or the record ran out of memory.
bool irsPmRunForked(void (*child)(int fd, void *userData), void *userData,
                    IrsBuf *record, IrsPmForkedEnd *end);
/// Steps [0, upTo) replayed on a clone of `input`, diagnostics dropped
/// (Failure.c): the IR before step upTo (caller destroys), or null when
/// the replay failed (a nondeterministic pipeline).
MlirOperation irsPmReplayBefore(IrsPassManagerImpl *pm, MlirOperation input,
                                intptr_t upTo);
/// Narrows failing step i (a verifier failure) on its pre-step IR
/// `before` to one action, adding the files around it to the failure
/// writer `w` (NarrowStep.c). Fills narrowed, narrowDiff and narrowNote.
void irsPmNarrowFailure(IrsPassManagerImpl *pm, intptr_t i,
                        MlirOperation before, IrsFailureWriter w);

/// Adds step i's pre-step IR `before` (generic form when `generic`) and,
/// when that is written, its reproducer to `w` (Failure.c). Returns 0 or
/// an errno value.
int irsPmAddPreStep(IrsPassManagerImpl *pm, IrsFailureWriter w, intptr_t i,
                    MlirOperation before, bool generic);

/// Forks a child that prints `module` to `path`; 0 or an errno value (then
/// the caller prints synchronously).
int irsBgDumpStart(IrsPassManagerImpl *pm, intptr_t step, MlirOperation module,
                   const char *path, bool generic, bool debugInfo);
/// A forked child may print this run's dumps: verified IR, the user's
/// printing form, a threaded context.
bool irsBgDumpCan(const IrsPassManagerImpl *pm, bool verified);
/// Whether a forked printer costs the pipeline less than printing a
/// conversion's dump in place on two threads (see BackgroundDump.c).
bool irsBgDumpForksPay(const IrsPassManagerImpl *pm);
/// Step i's dump as a copy of step i - 1's, whose printer is still at work:
/// made when that one is done. 0, an errno value, or -1 when i - 1's dump
/// is not a child's.
int irsBgDumpCopyLater(IrsPassManagerImpl *pm, intptr_t i, const char *path);
/// Waits for every dump in flight (threads and children); a failure is
/// kept as bgErr.
void irsBgDumpSettle(IrsPassManagerImpl *pm);
/// Collects the children that are done, without waiting (their tables in
/// the order of their dumps), and waits for a stitching printer still at
/// work only when its texts would serve the dump of `module`; a failure is
/// kept as bgErr.
void irsBgDumpCollect(IrsPassManagerImpl *pm, MlirOperation module);
/// Whether a step's dump should be printed by a forked printer with the
/// module's shared printing state (BackgroundDump.c, SharedDump.c):
/// irsBgDumpCan, and the last dump had aliases.
bool irsBgDumpWanted(IrsPassManagerImpl *pm, bool verified);
/// A forked printer for a step's dump that stitches it from the cache and
/// the ops' prints, and hands back where each op's text is, to be the next
/// dump cache (ForkedDump.c); printed whole when it cannot be stitched.
/// 0 or an errno value.
int irsBgDumpStitch(IrsPassManagerImpl *pm, intptr_t step, MlirOperation module,
                    const char *path);
/// Waits for a stitching printer still at work and makes its table the
/// dump cache: before anything reads the cache or decides on dumpAliased.
void irsBgDumpSettleTables(IrsPassManagerImpl *pm);
/// irsBgDumpStart for a step's dump in the user's printing form; drops the
/// dump cache once the child runs. 0 or an errno value.
int irsBgDumpSnapshot(IrsPassManagerImpl *pm, intptr_t step,
                      MlirOperation module, const char *path);
/// Whether module-level step `step` changed `module` (LazyFingerprint.c):
/// sets pm->topFps (a dumping run's forked printer may hold some of them),
/// *moduleFp (the last step's, replaced) and *ops.
bool irsPmModuleStepChanged(IrsPassManagerImpl *pm, MlirOperation module,
                            intptr_t step, uint64_t *moduleFp, int64_t *ops);
/// The light hashes the next module-level step compares with
/// (LazyFingerprint.c), after pm->topFps were computed for `module`
/// otherwise: the input, a group of nested steps.
void irsPmLightBaseline(IrsPassManagerImpl *pm, MlirOperation module);
/// Computes the fingerprints a printer holds (LazyFingerprint.c) before
/// anything else reads pm->topFps; `module` as the last step left it.
void irsPmHeldSettle(IrsPassManagerImpl *pm, MlirOperation module);
/// The fingerprints of the top-level ops idx[0..n) of the module as step
/// `step`'s printer forked it, into out[0..n), from that printer, which
/// then goes on to exit; also made the keys of its table. False when no
/// printer of that step holds them or it failed.
bool irsBgDumpAskFps(IrsPassManagerImpl *pm, intptr_t step, const size_t *idx,
                     size_t n, uint64_t *out);
/// Lets the printer holding fingerprints exit without asking for any.
void irsBgDumpReleaseHeld(IrsPassManagerImpl *pm);
/// Collects finished background dumps (all of them when `waitAll`).
/// Returns IRS_ERR_IO with a message in `err` if one failed.
IrsErrorKind irsBgDumpReap(IrsPassManagerImpl *pm, bool waitAll, IrsBuf *err);

//===----------------------------------------------------------------------===//
// Actions.c: MLIR's actions during a run
//===----------------------------------------------------------------------===//

/// Attaches the context's action handler when the run wants actions (it
/// dumps: rewrite counts; an action trail; the caller's consumers).
void irsPmActionsBegin(IrsPassManagerImpl *pm);
/// Detaches it and puts the caller's onStep back.
void irsPmActionsEnd(IrsPassManagerImpl *pm);
/// irsPmActionsEnd for a pass manager being destroyed, which ends its
/// trail's records' context too (irsActionTrailMarkContextEnd).
void irsPmActionsRelease(IrsPassManagerImpl *pm);

//===----------------------------------------------------------------------===//
// Build.c: the MLIR pass managers
//===----------------------------------------------------------------------===//

/// A fresh MLIR pass manager on the pipeline's root anchor.
MlirPassManager irsPmNewMlirPm(IrsPassManagerImpl *pm);
/// Adds step i of pm->pipeline to `mpm`; false with the reason in `err`.
bool irsPmBuildStep(IrsPassManagerImpl *pm, intptr_t i, MlirPassManager mpm,
                    IrsBuf *err);
/// Adds step i's leaf pass to `opm`, the manager of its innermost anchor.
bool irsPmAppendLeaf(IrsPassManagerImpl *pm, intptr_t i, MlirOpPassManager opm,
                     IrsBuf *err);
/// AnchorNote.c: with opts.run.onAnchorOp, puts the pass that calls it in
/// `mpm`, nested as step i's leaf is, for the leaf to be added after it;
/// false (nothing added) when step i is not nested, is nested under `any`,
/// or opts.run.onAnchorOp is NULL.
bool irsPmAddAnchorNote(IrsPassManagerImpl *pm, intptr_t i,
                        MlirPassManager mpm);
/// The whole of pm->pipeline in one manager (null with the reason in `err`).
MlirPassManager irsPmBuildWhole(IrsPassManagerImpl *pm, IrsBuf *err);
/// At creation: every step's manager; false with
/// the one-line error in `err` and, for a step that cannot be built, the
/// step's byte offset in the pipeline text in `errAt` (left alone for an
/// error about no position).
bool irsPmBuildAll(IrsPassManagerImpl *pm, IrsBuf *err, intptr_t *errAt);
/// The --verify-with manager for pipeline text `verifyWith` (NULL: none),
/// replacing the one there; false with the one-line error in `err` (the
/// one there is then kept).
bool irsPmBuildVerifyWith(IrsPassManagerImpl *pm, const char *verifyWith,
                          IrsBuf *err);
/// Fresh managers for a run after the first (Build.c says why).
IrsErrorKind irsPmRebuild(IrsPassManagerImpl *pm);

//===----------------------------------------------------------------------===//
// MlirInstrumentation.c: MLIR's own printing, timing, statistics
//===----------------------------------------------------------------------===//

bool irsPmWantsMlirInstrumentation(const IrsMlirInstrumentationOptions *o);
void irsPmInstrumentMlir(IrsPassManagerImpl *pm, MlirPassManager mpm,
                         const char *treeDir);
IrsErrorKind irsPmBuildUserPm(IrsPassManagerImpl *pm, intptr_t i);
void irsPmDropUserPm(IrsPassManagerImpl *pm, intptr_t i);
void irsPmDropUserPms(IrsPassManagerImpl *pm);

//===----------------------------------------------------------------------===//
// StepObserver.c: what runs around every step, in both engines
//===----------------------------------------------------------------------===//

/// What an observer needs of the engine running the steps.
typedef enum IrsObserveNeeds {
  /// Results per step: the run goes step by step (by either engine), not
  /// as one MLIR pass manager run.
  IrsObserveSteps = 1u << 2,
  /// When the run goes step by step: the whole module on the calling
  /// thread after every step, each step in its own MLIR pass manager (the
  /// stepwise engine, never the checkpointed one).
  IrsObserveStepwise = 1u << 0,
  /// The fingerprints of the module's top-level ops after every step
  /// (pm->topFps).
  IrsObserveTopOps = 1u << 1,
} IrsObserveNeeds;

/// A step whose result is final, as its engine hands it to the observers:
/// the 0-based step, and how the engine writes its dump: to `path`,
/// printed assuming valid IR when `verified`; *written tells whether it
/// did, *pending whether a thread is still finishing it. 0 or an errno
/// value.
typedef struct IrsStepEnd {
  intptr_t step;
  bool verified;
  int (*writeDump)(IrsPassManagerImpl *pm, void *engine, intptr_t step,
                   const char *path, bool verified, bool *written,
                   bool *pending);
  void *engine;
} IrsStepEnd;

/// The union of what the observers of this run need (IrsObserveNeeds).
unsigned irsPmObserversNeed(const IrsPassManagerImpl *pm);
/// Step `step` (1-based; 0: the whole pipeline run as one) begins / is
/// done with its checks: the announcement a supervisor follows.
void irsPmStepBegin(IrsPassManagerImpl *pm, intptr_t step);
void irsPmStepEnd(IrsPassManagerImpl *pm, intptr_t step);
/// Takes the rewrite counts of the step counted now into the run record,
/// before its end is announced: an engine that writes the step's manifest
/// first writes them with it (its end then writes nothing more). Only
/// while no action runs.
void irsPmTakeStepCounts(IrsPassManagerImpl *pm);
/// The observers' checks after step i's pass, on the whole module: the
/// first failing check's status (it names itself in the record), else
/// IrsStepOk.
IrsStepStatus irsPmStepCheck(IrsPassManagerImpl *pm, intptr_t i,
                             MlirOperation module);
/// Step end->step passed with its result final: its dump and the manifest.
IrsErrorKind irsPmStepDone(IrsPassManagerImpl *pm, const IrsStepEnd *end);

//===----------------------------------------------------------------------===//
// Step.c: one step, its dump and the manifest
//===----------------------------------------------------------------------===//

/// A step that left the IR as it was has the previous step's dump as its
/// own: the kernel copies that file (Fs.h, irsCopyFileAtomic) to `path`
/// instead of the module being printed again, only when the previous dump
/// is on disk (not still being printed) and was printed as this one would
/// be (`verified`: assuming valid IR). Returns 0, an errno value, or -1
/// when the dump must be printed.
int irsPmCopyUnchangedDump(IrsPassManagerImpl *pm, intptr_t i,
                           const char *path, bool verified);

/// Attaches to step i's result the diagnostics captured from position
/// `from` on that are stamped with its index (i + 1).
void irsPmTakeStepDiagnostics(IrsPassManagerImpl *pm, intptr_t i,
                              intptr_t from);

/// Runs step i on `module`. With `instrumented`, also the checks after it
/// (--verify-with, hooks) and the fingerprint used by dumps. Returns the
/// step status; results go to pm->rec.steps[i].
IrsStepStatus irsPmRunStep(IrsPassManagerImpl *pm, intptr_t i,
                           MlirOperation module, bool instrumented,
                           uint64_t prevFp, int64_t prevOps);
uint64_t irsPmFingerprintRun(IrsPassManagerImpl *pm, MlirOperation module,
                             int64_t *ops);
/// Prints a dump to `path` (stitched when provably identical). 0 or errno.
int irsPmWriteDump(IrsPassManagerImpl *pm, MlirOperation module,
                   const char *path, bool verified);
/// Waits for the dumps threads are finishing (irsPmStepDone) and for the
/// stitching printers; a failure is kept as bgErr, as a forked printer's
/// is. Call before anything reads the dump cache or the dumps on disk.
void irsPmDumpJoin(IrsPassManagerImpl *pm);
/// Only the threads' part of irsPmDumpJoin: before a fork.
void irsPmDumpJoinThreads(IrsPassManagerImpl *pm);
/// The stepwise engine's dump writer (IrsStepEnd.writeDump; `module`:
/// the module's ptr): the previous dump copied, a background printer, a
/// thread, or printed here.
int irsPmWriteStepDump(IrsPassManagerImpl *pm, void *module, intptr_t i,
                       const char *path, bool verified, bool *written,
                       bool *pending);
/// Step i's end for the observers, with that writer, once its result is
/// final.
IrsErrorKind irsPmStepDoneStepwise(IrsPassManagerImpl *pm, intptr_t i,
                                   MlirOperation module);
/// Rewrites manifest.xml in the dump directory from the record.
IrsErrorKind irsPmUpdateManifest(IrsPassManagerImpl *pm);

//===----------------------------------------------------------------------===//
// Failure.c: documenting a failed step
//===----------------------------------------------------------------------===//

IrsErrorKind irsPmStatusKind(IrsStepStatus st);
/// Makes `module` hold what `from` holds: its body and its attributes
/// (`from` is left empty). Run.c.
void irsPmAdoptResult(MlirOperation module, MlirOperation from);
/// The one-line message of step i's failure, into pm->rec.errMsg.
void irsPmDescribeFailure(IrsPassManagerImpl *pm, intptr_t i);
/// Writes the artefacts and report.xml of step i's failure (`module`: the
/// IR after the step; `input`: the run's input copy, nullable).
void irsPmWriteFailure(IrsPassManagerImpl *pm, intptr_t i,
                       MlirOperation module, MlirOperation input);
/// The IR a failing step left behind, as irsPmPrintPostStep prints it.
typedef struct IrsPmPostStep {
  MlirOperation module;
  bool debugInfo;
} IrsPmPostStep;
/// An IrsArtefactWriteFn (userData: IrsPmPostStep) printing the module
/// generically in a child process, so that IR broken beyond what the
/// printer survives costs the file (which then says so), not the worker
/// (GuardedPrint.c). Returns 0 or an errno value.
int irsPmPrintPostStep(const char *path, void *userData);

//===----------------------------------------------------------------------===//
// Checkpoint.c, CheckpointPass.c: an instrumented run inside the pipeline's
// own schedule
//===----------------------------------------------------------------------===//

/// Whether this run's instrumentation can be done by checkpoint passes in
/// one pass manager (irsPmRunCheckpointed); otherwise the run is stepwise.
bool irsPmCheckpointable(IrsPassManagerImpl *pm, MlirOperation module);
/// Runs the pipeline in one MLIR pass manager with a checkpoint pass after
/// each step, at the step's nesting; fills pm->rec.steps and writes the
/// dumps and manifest as a stepwise run would. Diagnostics are shown as
/// they come and attached to the step that emitted them. Sets *exact when
/// the run cannot stand as it is (a step failed, a dump could not be
/// written, a diagnostic whose step is unknown): the caller then replays
/// the pipeline stepwise on the input, which documents it exactly, showing
/// only the diagnostics of steps after *reached (1-based), the last step
/// this run began.
IrsErrorKind irsPmRunCheckpointed(IrsPassManagerImpl *pm, MlirOperation module,
                                  bool *exact, intptr_t *reached);

/// Advice.c: makes the reason (from `reasonAt` in `err`) why a step with
/// pass `pass` could not be built point the way: "did you mean 'X'?" after
/// an unknown pass, and the pass's name and options after LLVM's
/// "<Pass-Options-Parser>: no such option X".
void irsPassAdviseError(MlirContext ctx, MlirStringRef pass, IrsBuf *err,
                        size_t reasonAt);

#endif // IRS_PASSMANAGER_PASSMANAGERIMPL_H
