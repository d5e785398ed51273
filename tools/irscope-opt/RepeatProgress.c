// SPDX-License-Identifier: Apache-2.0
//===- RepeatProgress.c - what a --repeat shows while it runs -------------===//
#include "RepeatProgress.h"

#include "CrashNote.h"

#include "irscope/RunDir.h"
#include "irscope/Support.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

enum { kLiveEveryMs = 100, kLogEveryMs = 5000 };

static double nowMs(void) { return irsClockMonotonicMs(); }

void irsOptRepeatProgressBegin(IrsOptRepeatProgress *p, int64_t requested) {
  p->requested = requested;
  p->live = isatty(STDERR_FILENO) == 1;
  p->shown = false;
  p->startMs = p->lastMs = nowMs();
  p->everyMs = p->live ? kLiveEveryMs : kLogEveryMs;
}

void irsOptRepeatProgressUpdate(IrsOptRepeatProgress *p, int64_t done,
                                int64_t failures, intptr_t signatures) {
  double now = nowMs();
  if (now - p->lastMs < p->everyMs || done >= p->requested)
    return;
  p->lastMs = now;
  fprintf(stderr,
          "%sirscope-opt: repeat: %lld of %lld runs done, %lld failed "
          "(%ld signature%s), %.1f s%s",
          p->live ? "\r\033[K" : "", (long long)done, (long long)p->requested,
          (long long)failures, (long)signatures, signatures == 1 ? "" : "s",
          (now - p->startMs) / 1e3, p->live ? "" : "\n");
  p->shown = p->live;
  fflush(stderr);
}

void irsOptRepeatProgressClear(IrsOptRepeatProgress *p) {
  if (!p->shown)
    return;
  fputs("\r\033[K", stderr);
  p->shown = false;
}

void irsOptRepeatNewFailure(int64_t run, const char *message, const char *dir,
                            bool died, MlirStringRef trace) {
  fprintf(stderr, "irscope-opt: repeat: run %lld failed in a new way:\n",
          (long long)(run + 1));
  if (!message)
    return;
  if (dir && died) {
    fprintf(stderr, "irscope-opt: error: %s\n", message);
    if (trace.length)
      irsToolPrintTraceNotes("irscope-opt", trace, false);
    irsToolPrintReportNote("irscope-opt", dir, strlen(dir));
  } else if (dir)
    fprintf(stderr,
            "irscope-opt: error: %s; report: %s/" IRS_RUN_DIR_REPORT "\n",
            message, dir);
  else
    fprintf(stderr, "irscope-opt: error: %s\n", message);
}
