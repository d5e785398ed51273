// SPDX-License-Identifier: Apache-2.0
//===- StderrAbridge.c - forwarding a worker's stderr, traces held back ---===//
#define _GNU_SOURCE // memmem
#include "StderrAbridge.h"

#include "Text.h"

#include "irscope/CrashTrace.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum {
  kJudge,  // at a line start: the line is held until it can be judged
  kHeader, // a trace header is held; "Stack trace:" must follow
  kFrames, // in a trace's frames
  kPass,   // the rest of a long ordinary line: forwarded as it arrives
  kHeaderMax = 256 // longer lines are no header
};

struct IrsToolAbridger {
  IrsToolText line; // the line being judged
  IrsToolText held; // a trace header, until "Stack trace:" confirms it
  int state;
};

IrsToolAbridger *irsToolAbridgerCreate(void) {
  return calloc(1, sizeof(IrsToolAbridger));
}

void irsToolAbridgerDestroy(IrsToolAbridger *a) {
  if (!a)
    return;
  free(a->line.data);
  free(a->held.data);
  free(a);
}

static void writeAll(const char *d, size_t n) {
  size_t off = 0;
  while (off < n) {
    ssize_t w = write(2, d + off, n - off);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      break;
    off += (size_t)w;
  }
}

// Judges one whole line (held in `line`) and forwards it unless it belongs
// to a trace.
static void judgeLine(IrsToolAbridger *a, bool nl) {
  const char *l = a->line.data ? a->line.data : "";
  size_t ln = a->line.len;
  IrsCrashTraceLine kind = irsCrashTraceLineKind((MlirStringRef){l, ln});
  if (a->state == kFrames && kind == IrsCrashTraceLineFrame)
    return; // held back
  if (a->state == kFrames && kind == IrsCrashTraceLineEnd) {
    a->state = kJudge; // held back: the frames it ends were
    return;
  }
  if (a->state == kHeader && kind == IrsCrashTraceLineStart) {
    a->held.len = 0; // a trace after all: both held back
    a->state = kFrames;
    return;
  }
  if (a->state == kHeader) { // not a trace: what was held goes out
    writeAll(a->held.data, a->held.len);
    a->held.len = 0;
  }
  if (kind == IrsCrashTraceLineHeader) {
    irsToolTextAppend(&a->held, l, ln);
    irsToolTextAppend(&a->held, "\n", 1);
    a->state = kHeader;
    return;
  }
  writeAll(l, ln);
  if (nl)
    writeAll("\n", 1);
  a->state = kJudge;
}

// Forwards line by line; `flush` judges a last line without a newline.
static void forward(IrsToolAbridger *a, const char *buf, size_t n, bool flush) {
  size_t i = 0;
  while (i < n || flush) {
    const char *nl = i < n ? memchr(buf + i, '\n', n - i) : NULL;
    size_t seg = nl ? (size_t)(nl - (buf + i)) : n - i;
    if (a->state == kPass)
      writeAll(buf + i, seg + (nl ? 1 : 0));
    else
      irsToolTextAppend(&a->line, buf + i, seg);
    i += seg + (nl ? 1 : 0);
    if (a->state == kPass) {
      if (nl)
        a->state = kJudge;
    } else if (nl || flush) {
      judgeLine(a, nl != NULL);
      a->line.len = 0;
    } else if (a->state == kJudge && a->line.len > kHeaderMax) {
      writeAll(a->line.data, a->line.len);
      a->line.len = 0;
      a->state = kPass;
    }
    if (!nl)
      return; // the rest of the line comes with the next piece
  }
}

void irsToolAbridgeStderr(const char *data, size_t size, void *userData) {
  IrsToolAbridger *a = userData;
  if (data) {
    forward(a, data, size, false);
    return;
  }
  // The run's stderr ended.
  if (a->line.len)
    forward(a, NULL, 0, true); // a last line without newline
  if (a->state == kHeader) // no trace followed: not one after all
    writeAll(a->held.data, a->held.len);
  a->line.len = a->held.len = 0;
  a->state = kJudge;
}
