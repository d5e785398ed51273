// SPDX-License-Identifier: Apache-2.0
//===- ChannelRead.c - the supervisor's end of a worker's channel ---------===//
//
// Reads the lines and frames Channel.c writes and turns them into the
// run's result: where the worker is (chunk, step), how long its steps ran,
// the peaks it reported, its values, output streams (Streams.c), text for
// the tail and hand-over.
//
//===----------------------------------------------------------------------===//
#include "SupervisorImpl.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

bool irsWorkerResultGetValue(const IrsWorkerResult *r, const char *key,
                             int64_t *value) {
  for (int i = 0; i < r->numValues; ++i)
    if (strcmp(r->valueKeys[i], key) == 0) {
      *value = r->values[i];
      return true;
    }
  return false;
}

IrsOutcome irsWorkerResultGetReported(const IrsWorkerResult *r) {
  return r->outcome == IrsWorkerExited && r->exitCode == 0 ? r->reported
                                                           : IrsOutcomeNone;
}

bool irsSupervisorGetValue(IrsSupervisor supervisor, const char *key,
                           int64_t *value) {
  Supervisor *s = supervisor.ptr;
  return irsWorkerResultGetValue(&s->result, key, value);
}

static void keepValue(IrsWorkerResult *r, const char *l) {
  char key[32];
  long long v = 0;
  if (sscanf(l, "%31s %lld", key, &v) != 2)
    return;
  int i = 0;
  while (i < r->numValues && strcmp(r->valueKeys[i], key) != 0)
    ++i;
  if (i < IRS_WORKER_MAX_VALUES) {
    snprintf(r->valueKeys[i], sizeof(r->valueKeys[i]), "%s", key);
    r->values[i] = v;
    if (i == r->numValues)
      ++r->numValues;
  }
}

// "O <kind> <index> <sub> <size>": a frame of an output stream follows.
static void startOutput(Supervisor *s, const char *l) {
  int kind = 0;
  long index = 0, sub = 0;
  size_t n = 0;
  if (sscanf(l, "%d %ld %ld %zu", &kind, &index, &sub, &n) != 4)
    return;
  IrsWorkerStream id = {(IrsWorkerStreamKind)kind, index, sub};
  s->frameTo = irsSupStreamStart(s, id);
  s->frameLeft = n;
  s->inFrame = n > 0;
}

// "T <size>": text for the stderr tail follows (irsWorkerChannelSendText).
static void startText(Supervisor *s, const char *l) {
  size_t n = 0;
  if (sscanf(l, "%zu", &n) != 1)
    return;
  s->frameTo = &s->tail;
  s->frameLeft = n;
  s->inFrame = n > 0;
}

static void handleLine(Supervisor *s, const char *l) {
  long a = 0, b = 0;
  long long peak = 0;
  IrsWorkerResult *r = &s->result;
  // The outcome is decided: a step that ends while a hang's trace is
  // awaited, or after its peak went over the limit, must not move the
  // failure to the next one (or clear the tail).
  if (s->decidedAt > 0 && (l[0] == 'B' || l[0] == 'E' || l[0] == 'D'))
    return;
  int nb = l[0] == 'B' || l[0] == 'E'
               ? sscanf(l + 1, "%ld %ld %lld", &a, &b, &peak)
               : 0;
  if (nb == 3 && irsSupOverLimit(s, peak))
    return; // a begin line over it leaves the worker between steps
  if (l[0] == 'B' && nb >= 2) {
    r->chunk = a;
    r->step = b;
    r->inStep = true;
    s->stepStart = irsClockMonotonicMs();
    s->progressAt = s->stepStart;
    irsBufReset(&s->tail); // the tail describes the current step only
  } else if (l[0] == 'E' && nb >= 2) {
    double now = irsClockMonotonicMs();
    if (r->inStep && now - s->stepStart > r->longestStepMs)
      r->longestStepMs = now - s->stepStart;
    r->inStep = false;
  } else if (l[0] == 'D' && sscanf(l + 1, "%ld", &a) == 1) {
    r->chunksDone = a + 1;
    r->inStep = false;
  } else if (l[0] == 'P' && sscanf(l + 1, "%ld", &a) == 1 && a > 0) {
    s->handover = (pid_t)a;
  } else if (l[0] == 'R' && sscanf(l + 1, "%ld", &a) == 1 && a > 0 &&
             a < IrsOutcome_COUNT) {
    r->reported = (IrsOutcome)a;
  } else if (l[0] == 'V') {
    keepValue(r, l + 1);
  } else if (l[0] == 'O') {
    startOutput(s, l + 1);
  } else if (l[0] == 'T') {
    startText(s, l + 1);
  }
}

ssize_t irsSupReadSome(int fd, char *buf, size_t cap, bool *open) {
  ssize_t n = read(fd, buf, cap);
  if (n <= 0) {
    if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
      *open = false;
      return 0;
    }
    return -1;
  }
  return n;
}

// The part of a frame in buf[0, n); returns how many bytes it took.
static size_t takeFrame(Supervisor *s, const char *buf, size_t n) {
  size_t take = n < s->frameLeft ? n : s->frameLeft;
  if (s->frameTo == &s->tail) // kept bounded
    irsSupTailAppend(s, buf, take);
  else if (s->frameTo)
    irsBufAppend(s->frameTo, buf, take);
  s->frameLeft -= take;
  if (s->frameLeft == 0)
    s->inFrame = false;
  return take;
}

// The rest of an output stream's frame, read straight into the stream's
// buffer, sized for the whole frame once: an output of many megabytes is
// neither copied through a small buffer nor moved by reallocations.
static ssize_t readFrameInPlace(Supervisor *s) {
  IrsBuf *b = s->frameTo;
  ssize_t n = irsSupReadSome(s->chFd, b->data + b->len, s->frameLeft,
                             &s->chOpen);
  if (n <= 0)
    return n;
  b->len += (size_t)n;
  b->data[b->len] = '\0';
  s->frameLeft -= (size_t)n;
  s->inFrame = s->frameLeft > 0;
  return n;
}

ssize_t irsSupReadChannel(Supervisor *s) {
  if (s->inFrame && s->frameTo && s->frameTo != &s->tail &&
      irsBufReserve(s->frameTo, s->frameLeft))
    return readFrameInPlace(s);
  char buf[65536];
  ssize_t n = irsSupReadSome(s->chFd, buf, sizeof(buf), &s->chOpen);
  if (n <= 0)
    return n;
  for (ssize_t i = 0; i < n; ++i) {
    if (s->inFrame) {
      i += (ssize_t)takeFrame(s, buf + i, (size_t)(n - i)) - 1;
      continue;
    }
    if (buf[i] != '\n') {
      irsBufAppend(&s->line, &buf[i], 1);
      continue;
    }
    handleLine(s, s->line.data ? s->line.data : "");
    irsBufReset(&s->line);
  }
  return n;
}

void irsSupDrainChannel(Supervisor *s) {
  if (!s->chOpen)
    return;
  fcntl(s->chFd, F_SETFL, O_NONBLOCK);
  while (s->chOpen && irsSupReadChannel(s) > 0)
    ;
}
