// SPDX-License-Identifier: Apache-2.0
//===- RunLog.h - per-step results of a run, for CI and trace viewers ------===//
//
// A run log is the list of steps a tool ran (over all input chunks, across
// worker processes) with their outcome and timing. It exists because the
// pass manager's own step results die with the process that ran them: with
// crash protection the worker streams its log to the supervisor
// (irsRunLogSerialize / irsRunLogAppendSerialized), which adds the step the
// worker died in and writes the files. Two formats are written from it:
// Chrome trace-event JSON (Perfetto, chrome://tracing) and JUnit XML.
// Both are written atomically. See docs/irscope-opt.md (--trace, --junit).
//
//===----------------------------------------------------------------------===//
#ifndef IRS_RUNLOG_H
#define IRS_RUNLOG_H

#include "irscope/Outcome.h"
#include "irscope/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// One step as the log records it. Strings are borrowed when passed in and
/// owned by the log when read back; nullable ones may be NULL.
typedef struct IrsRunLogStep {
  /// What the step belongs to: the JUnit classname and the trace thread
  /// (irscope-opt: the pipeline, plus the chunk with --split-input-file).
  const char *group;
  /// 1-based index of the step in its pipeline.
  intptr_t index;
  /// The step's own pipeline, e.g. "builtin.module(func.func(cse))".
  const char *pipeline;
  /// The leaf pass name, e.g. "cse".
  const char *pass;
  /// Ok, not run, pass or verify failure, crash, timeout, memory limit,
  /// interrupted, wrong result. IrsOutcomeNone is taken as ok when added;
  /// the serialized form and the documents name it (irsOutcomeGetName).
  IrsOutcome status;
  bool changed;
  /// Start time on CLOCK_MONOTONIC in milliseconds (comparable between
  /// processes of one machine); negative when unknown, in which case the
  /// trace lays the step right after the previous one.
  double startMs;
  /// Time in the pass, in the verifier (and verify hooks) and writing the
  /// dump and manifest.
  double wallMs;
  double verifyMs;
  double dumpMs;
  /// One-line failure message (nullable).
  const char *message;
  /// Longer failure text: diagnostics, a stack trace (nullable).
  const char *details;
} IrsRunLogStep;

typedef struct IrsRunLog {
  void *ptr;
} IrsRunLog;

static inline bool irsRunLogIsNull(IrsRunLog log) { return !log.ptr; }

/// Creates an empty log named `name` (copied; the JUnit test-suite and trace
/// process name). Null when out of memory.
IRS_API IrsRunLog irsRunLogCreate(const char *name);
/// Destroys the log. Null is a no-op.
IRS_API void irsRunLogDestroy(IrsRunLog log);

/// Appends a copy of `step`. Returns IRS_ERR_NOMEM on allocation failure
/// (the log is then unchanged).
IRS_API IrsStatus irsRunLogAddStep(IrsRunLog log, const IrsRunLogStep *step);
IRS_API intptr_t irsRunLogGetNumSteps(IrsRunLog log);
/// Step `pos` (0-based), owned by the log until it is destroyed.
IRS_API const IrsRunLogStep *irsRunLogGetStep(IrsRunLog log, intptr_t pos);
/// Gives step `pos` a failure found after it was logged (a wrong result):
/// its status, message and details (copied; message and details nullable).
/// IRS_ERR_USAGE for a bad position, IRS_ERR_NOMEM (step unchanged).
IRS_API IrsStatus irsRunLogSetStepFailure(IrsRunLog log, intptr_t pos,
                                          IrsOutcome status,
                                          const char *message,
                                          const char *details);

/// Writes every step in a line-based text form through `callback` (what a
/// worker sends to its supervisor).
IRS_API void irsRunLogSerialize(IrsRunLog log, MlirStringCallback callback,
                                void *userData);
/// Appends the steps of a serialized log. Returns IRS_ERR_PARSE when `text`
/// is not one (steps before the bad line are kept) or IRS_ERR_NOMEM.
IRS_API IrsStatus irsRunLogAppendSerialized(IrsRunLog log, MlirStringRef text);

/// Writes the log as Chrome trace-event JSON to `path`: one complete event
/// per step, slices for verifier and dump time inside it, one thread per
/// group. Returns 0 or an errno value.
IRS_API int irsRunLogWriteTrace(IrsRunLog log, const char *path);
/// Writes the log as JUnit XML to `path`: one testcase per step, <failure>
/// for a failed step, <skipped> for steps that did not run (schema:
/// docs/schema/junit.xsd). Returns 0 or an errno value.
IRS_API int irsRunLogWriteJUnit(IrsRunLog log, const char *path);

#ifdef __cplusplus
}
#endif

#endif // IRS_RUNLOG_H
