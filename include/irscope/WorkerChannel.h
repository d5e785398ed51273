// SPDX-License-Identifier: Apache-2.0
//===- WorkerChannel.h - what a supervised worker tells its supervisor ----===//
//
// The worker's end of the channel of include/irscope/Supervisor.h: step
// announcements, named output streams, values, text for the stderr tail
// and the hand-over of a run. Every message is typed here; the wire
// format is private to lib/Supervisor (Channel.c writes it, ChannelRead.c
// reads it).
//
//===----------------------------------------------------------------------===//
#ifndef IRS_WORKERCHANNEL_H
#define IRS_WORKERCHANNEL_H

#include "irscope/Outcome.h"
#include "irscope/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The worker's end of the pipe to its supervisor.
typedef struct IrsWorkerChannel {
  int fd; ///< -1 when not supervised; every call is then a no-op
} IrsWorkerChannel;

/// Announcements from the worker. `chunk` is 0-based, `step` 1-based (0 when
/// the whole pipeline runs as one, so no single step is known). Each also
/// carries the process's peak resident memory so far, which the supervisor
/// holds to its memory limit (IrsSupervisorOptions.memoryLimitBytes).
IRS_API void irsWorkerChannelStepBegin(IrsWorkerChannel ch, intptr_t chunk,
                                       intptr_t step);
IRS_API void irsWorkerChannelStepEnd(IrsWorkerChannel ch, intptr_t chunk,
                                     intptr_t step);
/// irsWorkerChannelStepBegin when `begin`, else irsWorkerChannelStepEnd.
IRS_API void irsWorkerChannelStep(IrsWorkerChannel ch, intptr_t chunk,
                                  intptr_t step, bool begin);
/// An `IrsSupervisionOptions.onStep` callback announcing every step of
/// chunk 0 on the channel `userData` points to (an `IrsWorkerChannel *`):
/// what a worker running one module hands its pass manager.
IRS_API void irsWorkerChannelOnStep(intptr_t step, bool begin, void *userData);
IRS_API void irsWorkerChannelChunkDone(IrsWorkerChannel ch, intptr_t chunk);

/// The named output streams a worker hands to its supervisor: what each
/// holds, and which one of its kind (`index`, `sub`) a frame is for. One
/// list for every user of the channel, so that no two share a number.
typedef enum IrsWorkerStreamKind {
  /// irscope-opt: the output of chunk `index`.
  IrsWorkerStreamChunkOutput,
  /// irscope-opt --trace/--junit: chunk `index`'s run log, serialised
  /// (IrsRunLog), every finished step so far.
  IrsWorkerStreamRunLog,
  /// irscope-opt --check-results: chunk `index`'s IR after step `sub`
  /// (sent only when the step changed it).
  IrsWorkerStreamStepIr,
  /// A narrowing trial (--check-results; a verifier failure narrowed in
  /// forked trials, NarrowStep.c): the IR after the trial's step.
  IrsWorkerStreamTrialIr,
  /// A narrowing trial: the action counter's field `sub` (IrsActionField;
  /// NarrowStep.c sends all of them as one stream, NUL-terminated).
  IrsWorkerStreamTrialField,
  /// An executor (irscope/Exec.h): execution `index`'s returned value,
  IrsWorkerStreamExecValue,
  /// its error message,
  IrsWorkerStreamExecMessage,
  /// and its result's type.
  IrsWorkerStreamExecType,
  /// opt-reduce's culprit run: field `sub` of the action the reduced case
  /// was narrowed to (tools/opt-reduce/Culprit.c names the fields).
  IrsWorkerStreamCulpritField,
  /// irscope-opt: chunk `index`'s failed step, documented (the worker's
  /// IrsFailureNotice: "OUTCOME STEP VERIFIER-FAILED\nDIR\nMESSAGE"),
  /// sent before the worker writes or frees anything more.
  IrsWorkerStreamFailure,
  /// irscope-opt: the note of a step narrowed in a fresh worker.
  IrsWorkerStreamNarrowNote,
} IrsWorkerStreamKind;

/// One output stream: `sub` is 0 for kinds that have none.
typedef struct IrsWorkerStream {
  IrsWorkerStreamKind kind;
  intptr_t index;
  intptr_t sub;
} IrsWorkerStream;

/// Hands a frame of `stream` to the supervisor, which keeps it (see
/// irsSupervisorGetOutput) even if the worker dies later; a later frame of
/// the same stream replaces it. Returns false if the supervisor could not
/// be reached.
IRS_API bool irsWorkerChannelSendOutput(IrsWorkerChannel ch,
                                        IrsWorkerStream stream,
                                        const void *data, size_t size);

/// Adds `text` to the worker's stderr tail (IrsWorkerResult.stderrTail) as
/// if the worker had written it to stderr, in order with the step
/// announcements (so a step's text never lands in the next step's tail);
/// not passed to onStderr. For workers that hand their diagnostics
/// to the supervisor instead of printing them. False if the supervisor could
/// not be reached.
IRS_API bool irsWorkerChannelSendText(IrsWorkerChannel ch, const void *text,
                                      size_t size);

/// Tells the supervisor how the worker's run ended, as one of irscope's
/// outcomes (irscope/Outcome.h): IrsWorkerResult.reported holds the last
/// one sent. A worker that reports its outcome so ends with exit code 0:
/// its exit code then says only whether it ended normally.
IRS_API void irsWorkerChannelSendOutcome(IrsWorkerChannel ch,
                                         IrsOutcome outcome);

/// Reports a named number (e.g. "input-ops") to the supervisor; the last
/// value per key is kept for the run (irsSupervisorGetValue). Keys are
/// short words without spaces.
IRS_API void irsWorkerChannelSendValue(IrsWorkerChannel ch, const char *key,
                                       int64_t value);

/// Hands the supervision of this run over to process `pid`, which must be
/// a child of the supervisor's process (a tool cloned by the fork server,
/// include/irscope/ForkServer.h) that has not started yet; the worker then
/// returns 0 and ends. From then on the supervisor watches `pid` as it
/// watched the worker: its exit status, resident size, the step timeout,
/// kills of its process group, interrupts. If the worker dies otherwise,
/// `pid` is killed and reaped.
IRS_API void irsWorkerChannelHandOver(IrsWorkerChannel ch, int64_t pid);

/// Sets the calling process's soft core-file limit (RLIMIT_CORE) to 0, as
/// the supervisor does in every worker it forks (and so in the tools they
/// exec): for a process that starts tool processes outside the supervisor
/// (a fork server), before it does.
IRS_API void irsWorkerNoCoreFiles(void);

/// The worker's body; its return value is the worker's exit code.
typedef int (*IrsWorkerMain)(IrsWorkerChannel ch, void *userData);

#ifdef __cplusplus
}
#endif

#endif // IRS_WORKERCHANNEL_H
