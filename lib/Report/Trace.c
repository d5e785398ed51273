// SPDX-License-Identifier: Apache-2.0
//===- Trace.c - a run log as Chrome trace-event JSON -----------------------===//
//
// The "JSON object format" of the Trace Event Format document, which both
// Perfetto and chrome://tracing load: {"traceEvents": [...]}. Each step is a
// complete ("X") event on the thread of its group; the verifier and dump
// phases are complete events nested inside it in time, which the viewers
// draw as child slices. Metadata ("M") events name the process and threads.
// Timestamps are microseconds from the first step's start. libxml2 has no
// JSON writer and the format needs only string escaping, so this is written
// directly.
//
//===----------------------------------------------------------------------===//
#include "RunLogImpl.h"
#include "irscope/Outcome.h"

#include "../Support/Buf.h"
#include "../Support/Fs.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static void jsonString(IrsBuf *b, const char *s) {
  irsBufAppendStr(b, "\"");
  for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; ++p) {
    if (*p == '"' || *p == '\\') {
      irsBufPrintf(b, "\\%c", *p);
    } else if (*p == '\n') {
      irsBufAppendStr(b, "\\n");
    } else if (*p == '\t') {
      irsBufAppendStr(b, "\\t");
    } else if (*p < 0x20) {
      irsBufPrintf(b, "\\u%04x", *p);
    } else {
      irsBufAppend(b, p, 1);
    }
  }
  irsBufAppendStr(b, "\"");
}

static double nonNeg(double v) { return v > 0 && isfinite(v) ? v : 0; }

// Times are written to the nanosecond (%.3f of microseconds). A step's
// slices are laid out from values already rounded so, or the separately
// rounded ends of a slice and of its step could disagree by a few
// nanoseconds and put the slice outside its step.
static double toNs(double us) { return round(us * 1000) / 1000; }

// One complete event; `args` is a ready JSON object or NULL.
static void completeEvent(IrsBuf *b, bool *first, const char *name,
                          const char *cat, intptr_t tid, double tsUs,
                          double durUs, const char *args) {
  irsBufAppendStr(b, *first ? "\n  " : ",\n  ");
  *first = false;
  irsBufAppendStr(b, "{\"name\": ");
  jsonString(b, name);
  irsBufPrintf(b, ", \"cat\": \"%s\", \"ph\": \"X\", \"pid\": 1, \"tid\": %ld, "
                  "\"ts\": %.3f, \"dur\": %.3f",
               cat, (long)tid, tsUs, durUs);
  if (args)
    irsBufPrintf(b, ", \"args\": %s", args);
  irsBufAppendStr(b, "}");
}

static void metaEvent(IrsBuf *b, bool *first, const char *what, intptr_t tid,
                      const char *name) {
  irsBufAppendStr(b, *first ? "\n  " : ",\n  ");
  *first = false;
  irsBufPrintf(b, "{\"name\": \"%s\", \"ph\": \"M\", \"pid\": 1, \"tid\": %ld, "
                  "\"args\": {\"name\": ",
               what, (long)tid);
  jsonString(b, name);
  irsBufAppendStr(b, "}}");
}

int irsRunLogWriteTrace(IrsRunLog log, const char *path) {
  IrsRunLogImpl *l = log.ptr;
  IrsBuf b = IRS_BUF_INIT;
  bool first = true;
  irsBufAppendStr(&b, "{\"displayTimeUnit\": \"ms\", \"traceEvents\": [");
  metaEvent(&b, &first, "process_name", 0, l->name);

  // Groups become threads, numbered from 1 in order of appearance.
  intptr_t *tids = calloc((size_t)(l->num ? l->num : 1), sizeof(intptr_t));
  if (!tids)
    return ENOMEM;
  intptr_t numGroups = 0;
  double base = INFINITY;
  for (intptr_t i = 0; i < l->num; ++i) {
    const IrsRunLogStep *s = &l->steps[i];
    if (s->startMs >= 0 && s->startMs < base)
      base = s->startMs;
    intptr_t j = 0;
    while (j < i && strcmp(l->steps[j].group, s->group) != 0)
      ++j;
    tids[i] = j < i ? tids[j] : ++numGroups;
    if (j == i) {
      metaEvent(&b, &first, "thread_name", tids[i], s->group);
      irsBufPrintf(&b, ",\n  {\"name\": \"thread_sort_index\", \"ph\": \"M\", "
                       "\"pid\": 1, \"tid\": %ld, \"args\": {\"sort_index\": "
                       "%ld}}",
                   (long)tids[i], (long)tids[i]);
    }
  }
  if (!isfinite(base))
    base = 0;

  // A step with an unknown start follows the previous step (of any group:
  // the steps of one run are sequential).
  double cursorUs = 0;
  for (intptr_t i = 0; i < l->num; ++i) {
    const IrsRunLogStep *s = &l->steps[i];
    if (s->status == IrsOutcomeNotRun)
      continue;
    double wall = toNs(nonNeg(s->wallMs) * 1000),
           ver = toNs(nonNeg(s->verifyMs) * 1000),
           dump = toNs(nonNeg(s->dumpMs) * 1000);
    double ts = toNs(s->startMs >= 0 ? (s->startMs - base) * 1000 : cursorUs);
    IrsBuf args = IRS_BUF_INIT;
    irsBufPrintf(&args, "{\"index\": %ld, \"pipeline\": ", (long)s->index);
    jsonString(&args, s->pipeline);
    irsBufAppendStr(&args, ", \"status\": ");
    jsonString(&args, irsOutcomeGetName(s->status));
    irsBufPrintf(&args, ", \"changed\": %s", s->changed ? "true" : "false");
    if (s->message) {
      irsBufAppendStr(&args, ", \"message\": ");
      jsonString(&args, s->message);
    }
    irsBufAppendStr(&args, "}");
    completeEvent(&b, &first, s->pass, "step", tids[i], ts, wall + ver + dump,
                  args.data);
    irsBufFree(&args);
    if (s->verifyMs > 0)
      completeEvent(&b, &first, "verify", "verify", tids[i], ts + wall, ver,
                    NULL);
    if (s->dumpMs > 0)
      completeEvent(&b, &first, "dump", "dump", tids[i], ts + wall + ver, dump,
                    NULL);
    cursorUs = ts + wall + ver + dump;
  }
  free(tids);
  irsBufAppendStr(&b, "\n]}\n");
  if (b.failed) {
    irsBufFree(&b);
    return ENOMEM;
  }
  int e = irsWriteFileAtomic(path, b.data, b.len);
  irsBufFree(&b);
  return e;
}
