// SPDX-License-Identifier: Apache-2.0
//===- CheckResults.h - --check-results' state, shared with its report ----===//
#ifndef IRS_TOOLS_IRSCOPE_OPT_CHECKRESULTS_H
#define IRS_TOOLS_IRSCOPE_OPT_CHECKRESULTS_H

#include "Driver.h"

#include "irscope/Exec.h"
#include "irscope/Narrow.h"

typedef struct IrsOptResults {
  intptr_t num;     // versions: 0 is the input, then one per changing step
  intptr_t *step;   // the step after which version i was printed
  char **text;
  size_t *len;
  // Through --tool, the IR irscope cannot execute (a dialect only the tool
  // has) is no version: pre[i] is then the IR before version i's step when
  // that is not version i - 1 (NULL otherwise, and always in-process).
  char **pre;
  size_t *preLen;
  bool ok; // all of it was kept (not out of memory)
} IrsOptResults;

typedef struct IrsOptCheck {
  IrsOptRun *run;
  IrsOptResults *v;
  IrsExecutor ex;
  IrsExecTolerance tol;
  IrsExecResult *res; // first execution of each version (irsExecSearch)
  intptr_t chunk;     // of the input (--split-input-file)
  char prefix[32];    // "chunk N: " in messages when there are several
} IrsOptCheck;

/// The step after which the results differ, narrowed to one action
/// (CheckResultsNarrow.c); the strings behind `action` are owned here.
typedef struct IrsOptNarrowed {
  IrsNarrowedAction action; // action.tag is NULL when none was found
  char *name, *op, *opName, *location;
  char *before, *after; // the module just before and just after it
  IrsOptOut diff;       // of the top-level op around it
  char why[256];        // why none was found
  int64_t executions;   // executions narrowing took, found or not
} IrsOptNarrowed;

/// Narrows the step of version k to one action with the check's own
/// oracle (execute and compare); false, with `why`, when none is found.
bool irsOptCheckResultsNarrow(IrsOptCheck *c, intptr_t k, IrsOptNarrowed *out);
void irsOptNarrowedFree(IrsOptNarrowed *nr);

/// Version i's IR text, and the IR before version i's step (version
/// i - 1's, unless IR irscope cannot execute came between: IrsOptResults).
MlirStringRef irsOptCheckText(const IrsOptCheck *c, intptr_t i);
MlirStringRef irsOptCheckPreText(const IrsOptCheck *c, intptr_t i);
/// The narrowing oracle: executes `text`, the step of version k cut short,
/// and compares with version k - 1's result: 1 it differs, 0 it does not,
/// -1 to abort (interrupted, no worker). Counts in *executions.
int irsOptCheckResultsDiffers(IrsOptCheck *c, intptr_t k, MlirStringRef text,
                              int64_t *executions);
/// The narrowing of version k's step through --tool (ToolCheckResults.c):
/// the tool's own action flags, irsOptCheckResultsDiffers on its output.
bool irsOptToolCheckResultsNarrow(IrsOptCheck *c, intptr_t k,
                                  IrsOptNarrowed *out);
/// How an execution ended, for messages ("crashed (signal 11)", ...).
void irsOptDescribeExec(const IrsExecResult *r, char *buf, size_t n);
/// Documents version k as the first with another result
/// (CheckResultsReport.c): artefacts, report.xml, manifest, run log, one
/// error line, and the narrowed action `nr` (nullable): <action>, the
/// files around it and the terminal's note. Returns the exit code of a wrong result
/// (or of an I/O error).
int irsOptCheckResultsDocument(IrsOptCheck *c, intptr_t k, IrsOptNarrowed *nr);
/// Notes with the last lines execution `r` (`whose`: "the input's
/// execution", ...) printed and wrote to stderr when it died; nothing
/// otherwise.
void irsOptPrintProgramDeath(const IrsOptCheck *c, const IrsExecResult *r,
                              const char *whose);

#endif
