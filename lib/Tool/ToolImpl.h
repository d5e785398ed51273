// SPDX-License-Identifier: Apache-2.0
//===- ToolImpl.h - state of an IrsToolRunner -----------------------------===//
//
// Shared by the files of lib/Tool: Exec.c runs one invocation of the tool
// under a supervisor, ToolRunner.c makes and resets the runner, ToolRun.c
// strings invocations into a run, ToolFailure.c documents a failing step,
// ToolWriteCheck.c tells a tool that could not write from a failing step,
// ToolDiagnostics.c reads the tool's stderr back into diagnostics.
//
// The run's results live in an IrsRunRecord (`rec`, lib/Report/RunRecord.h),
// the record the pass manager keeps too, so that manifest.xml and report.xml
// are written by the same writers as in-process runs and cannot drift apart.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOL_TOOLIMPL_H
#define IRS_TOOL_TOOLIMPL_H

#include "../Report/IrFile.h"
#include "../Report/RunRecord.h"
#include "../Support/Buf.h"
#include "irscope/Action.h"
#include "irscope/Narrow.h"
#include "irscope/Tool.h"

/// Diagnostics parsed from one stderr text, which they point into.
typedef struct IrsToolDiags {
  char *text;
  IrsDiagnostic *diags;
  intptr_t numDiags;
  IrsDiagnostic *notes; // all notes; each diagnostic's are contiguous
  intptr_t numNotes;
} IrsToolDiags;

IrsErrorKind irsToolDiagsParse(MlirStringRef text, intptr_t step,
                               IrsToolDiags *out);
void irsToolDiagsFree(IrsToolDiags *d);

/// One invocation: `PATH ARGS [--pass-pipeline=P] [-verify-each=0]
/// [--emit-bytecode] [--mlir-print-op-generic --mlir-print-debuginfo]
/// [--mlir-disable-threading] INPUT -o OUTPUT`.
typedef struct IrsToolExec {
  const char *pipeline; ///< NULL: no passes (parse, verify, print)
  const char *input;
  const char *output;
  bool verifyEach;
  bool bytecode;
  bool generic; ///< generic form with locations (reproducers, broken IR)
  intptr_t step; ///< announced to the supervisor (0: whole pipeline)
  bool noThreads; ///< --mlir-disable-threading even if threading is on
  /// Without address randomisation: narrowing's runs, whose crashes are
  /// compared by their frames, some of which only an address names.
  bool sameLayout;
  /// A print of IR that already ran through the tool (pre-step IR,
  /// reproducers, format conversion): runs under `helperSup`, whose step
  /// timeout is generous, so a slow start on a loaded machine is not taken
  /// for a hang of the step.
  bool helper;
  /// More arguments, after irscope's own (narrowing's --log-actions-to
  /// and --mlir-debug-counter); NULL-terminated when fewer than 4.
  const char *extra[4];
  /// The tool's stdout: this file (created or truncated), or with
  /// `stdoutToStderr` its stderr pipe; else /dev/null (the tool writes
  /// its IR with -o). Action logs go there (--log-actions-to=-).
  const char *stdoutPath;
  bool stdoutToStderr;
  /// Above 2: the tool's stdout is this descriptor instead (a pipe irscope
  /// reads, ToolWriteCheck.c); the others are then ignored.
  int stdoutFd;
} IrsToolExec;

typedef struct IrsToolExecResult {
  IrsWorkerResult res; ///< stderrTail points into `err`
  IrsBuf err;          ///< the tool's stderr
  double cpuMs;
  int execErrno; ///< errno of a failed exec, 0 if the tool started
} IrsToolExecResult;

typedef struct IrsToolRunnerImpl {
  IrsRunRecord rec; // the run as the writers read it (see above)
  char *path;
  char **args;
  intptr_t numArgs;
  IrsToolOptions opts; // strings point to our copies or are NULL
  IrsSupervisor sup;
  IrsSupervisor helperSup; // see IrsToolExec.helper
  char *workDir; // scratch files; removed on destroy
  IrsToolDiags *diags; // per step
  // Last run.
  IrsToolExecResult death; // valid when hasDeath
  bool hasDeath;
  bool toolError;
  bool bytecodeOk; // the tool honours --emit-bytecode (assumed until not)
  bool usedBytecode;
  bool ignoredBytecode; // asked for bytecode, got text
  bool wroteOutput;     // irsToolFinishOutput wrote the output
  // The first step the plain rest runs after an I/O error of the run's own
  // (ToolRun.c goOnPlainly): the one whose input the run holds.
  intptr_t restFrom;
  // The tool refused --mlir-very-unsafe-disable-verifier-on-parsing (Exec.c)
  bool noParseVerifierFlag;
  IrsBuf replayCmd, reproCmd;
  IrsBuf toolCmd; // the tool and its arguments, quoted: <run-tool>
  // Narrowing of the last run's failing step (ToolNarrow.c).
  IrsNarrowedAction narrowed; // valid when narrowed.tag is set
  IrsBuf narrowText;          // narrowed's strings, NUL-separated
  IrsBuf narrowNote;          // the terminal's note, empty when none
  IrsBuf narrowDiff;          // the diff of the action's top-level op
  // irsToolRunnerNarrowOutput's module just before and after the action.
  char *narrowBefore, *narrowAfter;
  // What the failing step's process was doing when it died, from its
  // action log (ToolActions.c): valid when trailFilled.
  IrsActionTrail trail;
  bool trailFilled;
  IrsBuf actionNote; // "crashed while ...", "timed out repeating ..."
} IrsToolRunnerImpl;

/// Runs one invocation under the runner's supervisor. IRS_ERR_IO when no
/// process could be started; otherwise IRS_OK whatever the tool did (see
/// `out`, which the caller frees with irsToolExecResultFree).
IrsErrorKind irsToolExecRun(IrsToolRunnerImpl *t, const IrsToolExec *e,
                            IrsToolExecResult *out);
void irsToolExecResultFree(IrsToolExecResult *r);
static inline bool irsToolExecOk(const IrsToolExecResult *r) {
  return r->execErrno == 0 && r->res.outcome == IrsWorkerExited &&
         r->res.exitCode == 0;
}
/// The invocation as a shell command line (quoted where needed).
void irsToolExecFormat(IrsToolRunnerImpl *t, const IrsToolExec *e, IrsBuf *out);
/// Appends the tool's path and arguments, shell-quoted as irsToolExecFormat
/// quotes them.
void irsToolFormatTool(const IrsToolRunnerImpl *t, IrsBuf *out);

/// Whether a failed run's write of its output was what failed it
/// (ToolWriteCheck.c).
typedef enum IrsToolWrite {
  IrsToolWriteNotTheCause, ///< the run fails with its output in memory too
  IrsToolWriteDone,        ///< it does not; irscope wrote the output itself
  IrsToolWriteFailed,      ///< it does not; irscope's own write failed too
} IrsToolWrite;

/// Run `e` ended as `r`, without its output e->output. Asks whether the
/// write was the cause, only when `r` may say so (an exit with an error,
/// a death by SIGXFSZ): `e` runs once more with its output into a pipe
/// irscope reads; if that run succeeds, irscope writes the bytes to
/// e->output itself (atomically): Done, or Failed with the errno in *err.
/// Unless NotTheCause, `rerun` is the run that succeeded (its stderr and
/// times are the step's); with NotTheCause, it is the rerun when that was
/// interrupted (SIGINT), else zeroed. The caller frees it.
IrsToolWrite irsToolRetryWrite(IrsToolRunnerImpl *t, const IrsToolExec *e,
                               const IrsToolExecResult *r,
                               IrsToolExecResult *rerun, int *err);

/// Documents the failure of step i (0-based) whose input was `input` and
/// whose run ended as `r` (ToolFailure.c): classifies it, sets the step's
/// status, the run's status and message, writes the artefacts. Returns the
/// run's error kind.
IrsErrorKind irsToolDocumentFailure(IrsToolRunnerImpl *t, intptr_t i,
                                    const char *input, IrsToolExecResult *r);

/// A whole run that died although no step fails on its own when replayed:
/// documents the death of the whole pipeline (step 0) with the run's
/// input, its command, a reproducer and the tool's stack dump.
IrsErrorKind irsToolDocumentWholeDeath(IrsToolRunnerImpl *t,
                                      const char *input,
                                      IrsToolExecResult *r);

/// The run of the input's dump (0000-input.mlir, before step 1) ended as
/// `r`, stopped by an interrupt: the run ends interrupted (its death, as
/// an interrupted step's), in no step, not as a tool that cannot parse
/// the input. Takes `r`'s buffers.
IrsErrorKind irsToolDocumentInputInterrupt(IrsToolRunnerImpl *t,
                                          IrsToolExecResult *r);

/// Pieces of a run shared by the modes (ToolRun.c, ToolDeterminism.c):
/// step results from one invocation, the tool's stderr to the caller, step
/// announcements, the manifest, the final output in the format asked for.
void irsToolRecordStep(IrsToolRunnerImpl *t, intptr_t i,
                       const IrsToolExecResult *r);
void irsToolForwardStderr(IrsToolRunnerImpl *t, const IrsToolExecResult *r,
                          bool quiet);
void irsToolAnnounce(IrsToolRunnerImpl *t, intptr_t step, bool begin);
IrsErrorKind irsToolWriteManifest(IrsToolRunnerImpl *t);
IrsErrorKind irsToolFinishOutput(IrsToolRunnerImpl *t, const char *from,
                                 const char *output);
/// The plain tool's run from 0-based step `step` on `from`, the IR before
/// it (ToolDeterminism.c): the rest of the pipeline in one tool process,
/// its output to `output`. A rest that fails fails the plain tool too: no
/// output. IRS_OK, or the output's write error.
IrsErrorKind irsToolRunPlainRest(IrsToolRunnerImpl *t, intptr_t step,
                                 const char *from, const char *output);
bool irsToolFilesEqual(const char *a, const char *b);
/// Adds the pre-step IR and reproducer of step i to `w`, and sets the
/// replay command lines (ToolFailure.c). False if the pre-step IR failed.
bool irsToolWritePreStep(IrsToolRunnerImpl *t, intptr_t i, const char *input,
                         IrsFailureWriter w);
/// Narrows failing step i (0-based), whose input was `input`, to one
/// action with the tool's own --log-actions-to and --mlir-debug-counter
/// (ToolNarrow.c): `narrowed` and `narrowDiff` for the report, the files
/// around the action (and, when `w` has the pre-step IR, replay-action.sh)
/// added to `w`, and `narrowNote`, the terminal's note (also why nothing
/// was found). `kind` is the step's failure, `orig` how its run ended.
void irsToolNarrowStep(IrsToolRunnerImpl *t, intptr_t i, const char *input,
                       IrsOutcome kind, const IrsToolExecResult *orig,
                       IrsFailureWriter w);
/// Whether the user gave the tool `arg` ("--flag"; "-flag" too).
bool irsToolHasArg(const IrsToolRunnerImpl *t, const char *arg);
/// The arguments that make the tool log its actions to its stdout
/// (--log-actions-to=-, ops generic with locations) into extra[0..return),
/// the rest of `extra` NULL (ToolActions.c).
int irsToolActionLogArgs(const IrsToolRunnerImpl *t, const char *extra[4]);
/// Whether the run `r` says the tool has no such flags (no MlirOptMain
/// tool); then appends why to `why`.
bool irsToolLacksActionFlags(const IrsToolRunnerImpl *t,
                             const IrsToolExecResult *r, IrsBuf *why);
/// The action log of a run of step i (0-based) replayed into `t->trail`
/// (ToolActions.c): `fromStart` false for a log's tail, whose first line
/// may be cut. Sets trailFilled when the log held an action, and for a
/// crash or a timeout (`outcome`) the terminal's note; `stalledMs`: how
/// long a timed-out run's log had not grown (IrsWorkerResult.stalledMs).
void irsToolTrailFromLog(IrsToolRunnerImpl *t, intptr_t i, MlirStringRef log,
                         bool fromStart, IrsWorkerOutcome outcome,
                         double stalledMs);
/// A step i that timed out, run once more single-threaded with its action
/// log on its stderr until it times out again, names the actions it kept
/// repeating: `t->trail` and `t->actionNote` (ToolActions.c).
void irsToolHangActions(IrsToolRunnerImpl *t, intptr_t i, const char *input);
/// Forgets the last run's results (ToolRunner.c).
void irsToolRunReset(IrsToolRunnerImpl *t);
/// Whether `path` holds MLIR bytecode; false also when unreadable.
bool irsToolFileIsBytecode(const char *path);
/// Appends the file's bytes to `out`. 0 or errno.
int irsToolReadFile(const char *path, IrsBuf *out);
/// Copies `from` to `to` atomically (irsWriteFileAtomic). 0 or errno.
int irsToolCopyFile(const char *from, const char *to);
/// A scratch path in the work directory; malloc'd.
char *irsToolScratch(IrsToolRunnerImpl *t, const char *name);

#endif // IRS_TOOL_TOOLIMPL_H
