// SPDX-License-Identifier: Apache-2.0
//===- RunRecord.h - what one run did, as the writers read it -------------===//
//
// The record of one run of a pipeline on one module: the run header (tool,
// command line, input, pipeline, settings, plugins), each step's result,
// the run's status and, when a step failed, the failure with its artefacts.
// Running code (lib/PassManager in-process, lib/Tool for a foreign tool)
// appends to it as steps start and end; the writers of manifest.xml and
// report.xml (Writers.def) are functions of it and see nothing else. This
// keeps lib/Report free of the pass manager's state: the dependency runs
// one way, from running to documenting.
//
// The record holds no MLIR object. Strings marked owned are freed by
// irsRunRecordFree; the pipeline, plugins and diagnostic verifier are
// borrowed from the run's owner.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_REPORT_RUNRECORD_H
#define IRS_REPORT_RUNRECORD_H

#include "../Action/ActionImpl.h"
#include "../Support/Buf.h"
#include "irscope/DiagVerifier.h"
#include "irscope/FailureWriter.h"
#include "irscope/Outcome.h"
#include "irscope/StepResult.h"
#include "irscope/Report.h"
#include "irscope/RunDir.h"

/// One step as recorded. `result` points into the other members (dumpFile,
/// failedHook, diagCopies) and, for diagnostics, into the capture or parse
/// that produced them.
typedef struct IrsRecordStep {
  IrsStepResult result;
  IrsDiagnostic *diagCopies; // owned array; shallow copies of diagnostics
  char *dumpFile;            // owned; NULL when no dump was written
  char *failedHook;          // owned; NULL when no check failed
  bool dumpPending;          // a background printer is still writing it
  bool dumpVerified;         // the dump was printed assuming valid IR
  bool dumpUnwritten;        // the step ran but its dump could not be written
  char dumpHash[17];         // irsHashFileHex of the finished dump, or ""
  // What the step's actions were (ActionCounts.c): how often each pattern
  // was applied, on how many ops each pass ran. Owned; counted tells a
  // step that applied none from one that was not counted.
  IrsRewriteCount *rewrites;
  size_t numRewrites;
  bool counted;
  char *rewritesXml; // owned: their <rewrites>, rendered (or NULL)
} IrsRecordStep;

/// The files documenting a failure, relative to the failure directory, and
/// what only some failures have. Borrowed: set by the runner just before it
/// writes report.xml, valid for that write. All nullable.
typedef struct IrsRecordArtifacts {
  const char *preStepIr;
  const char *postStepIr;
  const char *reproducer;
  /// Nondeterminism: the unified diff of the two outputs and the check's
  /// mode ("repeat" or "threads").
  MlirStringRef diff;
  const char *determinismMode;
  /// A dead worker's (CrashReport.c): the input with the whole pipeline,
  /// and the dump before the failing step when the record's own steps do
  /// not know it (the supervisor found it on disk).
  const char *fullReproducer;
  const char *lastGoodDump;
  /// Kind wrong-result: the outputs before and after the step; the steps
  /// after the failing one then count as run.
  const IrsResultsInfo *results;
  /// A run through another tool: the command lines that replay the failure
  /// with it (the step on the pre-step IR; its --run-reproducer).
  const char *replayCommand;
  const char *reproducerCommand;
  /// Narrowing found the one action after which the step fails
  /// (include/irscope/Narrow.h): <action>, the diff of its top-level op.
  const struct IrsNarrowedAction *action;
  MlirStringRef actionDiff;
} IrsRecordArtifacts;

/// How a worker process running step failedStep ended, as its supervisor
/// saw it (irsRunRecordSetDeath). Borrowed, like the artefacts: valid for
/// the write of report.xml that follows.
typedef struct IrsRecordDeath {
  int signal;             ///< 0 when not killed by a signal
  const char *signalName; ///< nullable
  double elapsedMs;
  double timeoutSec;        ///< > 0 for a timeout
  int64_t memoryLimitBytes; ///< > 0 for a memory-limit kill
  int64_t peakRssKb;
  /// What the worker printed during the step: diagnostics, stack trace.
  MlirStringRef stderrTail;
  /// With it, <symbolised-trace> too (nullable).
  const char *symbolizer;
  /// The dead worker's action trail (Action.h; null: none): the action in
  /// flight and, for a timeout, the actions that kept repeating.
  IrsActionTrail actionTrail;
  /// How the step was found, by how many replays (IrsCrashInfo).
  IrsCrashLocated located;
  int replays;
  intptr_t replayFailedStep;
} IrsRecordDeath;

/// The tally of irscope-opt --repeat: runs of one pipeline on one input
/// (the record's header), how many failed and each distinct way they did.
/// Borrowed.
typedef struct IrsRecordRepeat {
  int64_t requestedRuns;
  int64_t runs;      ///< runs done (fewer when stopped early)
  int64_t failures;  ///< runs that failed in any way
  bool stoppedEarly; ///< --stop-on-failure ended the loop
  bool interrupted;
  bool seedDrawn;   ///< the record's seed was drawn, not given (--seed)
  int maxThreads;   ///< most OS threads seen in one run's process
  double meanRunMs; ///< wall time per run, fork to exit
  intptr_t numSignatures;
  const IrsRepeatSignature *signatures;
  intptr_t shard, numShards; ///< --shard=I/K; 0: not sharded
  int64_t totalRuns, firstRun;
} IrsRecordRepeat;

typedef struct IrsRunRecord {
  // Header: set once when the runner is created.
  IrsPipeline pipeline; // borrowed
  char *dumpDir, *failureDir, *verifyWith; // owned, nullable
  IrsRunHeader header; // its strings owned, nullable
  bool verifyEach, threadingEnabled, dumpOnlyChanged, printGeneric;
  bool hasSeed;
  uint64_t seed;
  IrsPlugins plugins;           // borrowed, nullable
  IrsDiagVerifier diagVerifier; // borrowed, nullable: counts for the manifest

  // Steps, one per pipeline step.
  IrsRecordStep *steps;
  intptr_t numSteps;

  // The run so far.
  int64_t inputOps;    // -1 when unknown (irscope did not parse the module)
  char *inputDumpFile; // owned; "0000-input.mlir" once written
  char inputDumpHash[17]; // its irsHashFileHex, or ""
  bool running, interrupted;
  IrsErrorKind runStatus;
  // The kind (crash, timeout, ...) of a step whose process died (the tool
  // runner, a supervisor: irsRunRecordSetDeath); then the run's and step
  // failedStep's status. IrsOutcomeNone otherwise.
  IrsOutcome deathKind;
  IrsRecordDeath death;
  double totalWallMs;
  // --tool with --timing: one run of the tool on an empty module without
  // passes, the start-up every step's time contains (0: not measured;
  // kept across runs, measured once).
  double toolStartupWallMs, toolStartupCpuMs;
  const char *toolName; // borrowed: the tool's path, for the timing table
  IrsBuf errMsg;        // one-line message of the last failure
  intptr_t failedStep;  // 1-based, 0 if none
  char *failureDirUsed; // owned; where report.xml went, NULL if none
  IrsRecordArtifacts artifacts;
  IrsRecordRepeat repeat; // --repeat's tally (RepeatReport.c)
} IrsRunRecord;

/// Copies `header` (strings too), allocates a step per step of `pipeline`
/// (borrowed) and sets verifyEach and threadingEnabled as a pass manager
/// has them by default; the caller sets the rest. False when out of
/// memory; the record can then still be freed.
bool irsRunRecordInit(IrsRunRecord *rec, IrsPipeline pipeline,
                      const IrsRunHeader *header);
/// Frees what the record owns. Accepts a zeroed or partly built record.
void irsRunRecordFree(IrsRunRecord *rec);
/// Forgets step `i`'s result: status not-run, no dump, hook or diagnostics.
void irsRunRecordResetStep(IrsRunRecord *rec, intptr_t i);
/// Forgets the last run: every step, the message, the failure, the input
/// dump and the run status.
void irsRunRecordReset(IrsRunRecord *rec);

/// Records that `hook` (copied) rejected the IR after step i (0-based).
void irsRunRecordSetFailedHook(IrsRunRecord *rec, intptr_t i, const char *hook);
/// Makes counts[0..n) (owned from now on) step i's rewrite counts.
void irsRunRecordSetRewrites(IrsRunRecord *rec, intptr_t i,
                             IrsRewriteCount *counts, size_t n);
/// Records step i's dump file (copied; NULL: none).
void irsRunRecordSetDumpFile(IrsRunRecord *rec, intptr_t i, const char *file);
/// Hashes the dumps (the input's too) that are complete and not hashed yet,
/// reading them back from the dump directory, for the manifest's `hash`
/// attributes (what a resumed run checks its dump against). Each dump is
/// read once; one that cannot be read stays without a hash.
void irsRunRecordHashDumps(IrsRunRecord *rec);

/// Records that the process running 1-based step `step` (0: unknown)
/// died or, for IrsOutcomeWrongResult, that a later check found the step
/// wrong: the failure's kind and how the process ended (copied; its
/// strings borrowed). The crash report (CrashReport.c) documents it.
void irsRunRecordSetDeath(IrsRunRecord *rec, intptr_t step, IrsOutcome kind,
                          const IrsRecordDeath *death);

/// The most recent dump before step i (0-based): with --dump-only-changed
/// the step right before may have written none. The input's dump, else NULL.
const char *irsRunRecordLastGoodDump(const IrsRunRecord *rec, intptr_t i);

/// Picks and creates the directory for failure artefacts (the dump
/// directory, else the failure directory, else a fresh one under $TMPDIR).
/// Returns it (caller frees), or NULL after appending "; <why>" to errMsg.
char *irsRunRecordFailureDirOpen(IrsRunRecord *rec);

//===----------------------------------------------------------------------===//
// Writers (Writers.def): one file each, functions of the record
//===----------------------------------------------------------------------===//

typedef enum IrsRecordWriter {
#define IRS_RECORD_WRITER(id, root, file, fn, what) IrsRecordWriter##id,
#include "Writers.def"
  IrsRecordWriter_COUNT
} IrsRecordWriter;

/// Opens the failure writer (FailureWriter.h) on the record's failure
/// directory (irsRunRecordFailureDirOpen, which says why in errMsg when it
/// cannot). Returns 0 or an errno value; *out is null on failure.
int irsFailureWriterOpenForRecord(IrsRunRecord *rec, IrsOutcome kind,
                                  IrsFailureWriter *out);
/// Commits report.xml written by `which` (the writer of the failure's kind)
/// from `rec`, with the artefact names of what was added; the other
/// artefacts fields (diff, commands, action) are the caller's, and all are
/// cleared afterwards. The directory becomes rec->failureDirUsed and the
/// writer is closed. Returns 0 or an errno value.
int irsFailureWriterCommitRecord(IrsFailureWriter w, IrsRunRecord *rec,
                                 IrsRecordWriter which);

/// The --timing table of the recorded steps (Timing.c).
void irsRunRecordPrintTiming(const IrsRunRecord *rec, IrsTimingSort sort,
                             MlirStringCallback callback, void *userData);

/// The file a writer writes in its directory ("manifest.xml").
const char *irsRecordWriterGetFile(IrsRecordWriter which);

/// Writes dir/<file> of `which` from `rec`, atomically. Returns 0 or an
/// errno value (EINVAL when the record lacks what the document needs, e.g.
/// a report without a failed step).
int irsRunRecordWrite(const IrsRunRecord *rec, IrsRecordWriter which,
                      const char *dir);

#endif // IRS_REPORT_RUNRECORD_H
