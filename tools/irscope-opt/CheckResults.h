// SPDX-License-Identifier: Apache-2.0
//===- CheckResults.h - --check-results' state, shared with its report ----===//
#ifndef IRS_TOOLS_IRSCOPE_OPT_CHECKRESULTS_H
#define IRS_TOOLS_IRSCOPE_OPT_CHECKRESULTS_H

#include "Driver.h"

#include "irscope/Exec.h"

typedef struct IrsOptResults {
  intptr_t num;     // versions: 0 is the input, then one per changing step
  intptr_t *step;   // the step after which version i was printed
  char **text;
  size_t *len;
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

/// Version i's IR text.
MlirStringRef irsOptCheckText(const IrsOptCheck *c, intptr_t i);
/// How an execution ended, for messages ("crashed (signal 11)", ...).
void irsOptDescribeExec(const IrsExecResult *r, char *buf, size_t n);
/// Documents version k as the first with another result
/// (CheckResultsReport.c): artefacts, report.xml, manifest, run log, one
/// error line. Returns the exit code of a wrong result
/// (or of an I/O error).
int irsOptCheckResultsDocument(IrsOptCheck *c, intptr_t k);

#endif
