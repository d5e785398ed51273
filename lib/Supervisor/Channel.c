// SPDX-License-Identifier: Apache-2.0
//===- Channel.c - the worker's end of the channel to its supervisor ------===//
//
// One line per event, "B <chunk> <step> <peak>" (step begins), "E <chunk>
// <step> <peak>" (step ends), "D <chunk>" (chunk done), "V <key> <value>",
// "P <pid>" (hand-over), "R <outcome>" (IrsOutcome), and frames: a line "O <kind> <index> <sub>
// <size>" (output stream, IrsWorkerStream) or "T <size>" (text for the
// stderr tail) followed by <size> bytes. <peak> is the
// worker's own high-water mark of resident memory in KiB (getrusage).
// Lines are far below PIPE_BUF, so each write is atomic. ChannelRead.c
// reads them.
//
//===----------------------------------------------------------------------===//
#include "../Support/Fs.h"
#include "irscope/Supervisor.h"
#include "irscope/WorkerChannel.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

// The calling process's high-water mark of resident memory (KiB), sent
// with every step line: it rises between two 50 ms samples too.
static long long selfPeakKb(void) {
  struct rusage ru;
  return getrusage(RUSAGE_SELF, &ru) == 0 ? (long long)ru.ru_maxrss : 0;
}

static void sendLine(IrsWorkerChannel ch, const char *s) {
  if (ch.fd < 0)
    return;
  (void)irsWriteAll(ch.fd, s, strlen(s));
}

static void sendStep(IrsWorkerChannel ch, char kind, intptr_t chunk,
                     intptr_t step) {
  if (ch.fd < 0)
    return;
  char b[96];
  snprintf(b, sizeof(b), "%c %ld %ld %lld\n", kind, (long)chunk, (long)step,
           selfPeakKb());
  sendLine(ch, b);
}

void irsWorkerChannelStepBegin(IrsWorkerChannel ch, intptr_t chunk,
                               intptr_t step) {
  sendStep(ch, 'B', chunk, step);
}

void irsWorkerChannelStepEnd(IrsWorkerChannel ch, intptr_t chunk,
                             intptr_t step) {
  sendStep(ch, 'E', chunk, step);
}

void irsWorkerChannelStep(IrsWorkerChannel ch, intptr_t chunk, intptr_t step,
                          bool begin) {
  sendStep(ch, begin ? 'B' : 'E', chunk, step);
}

void irsWorkerChannelOnStep(intptr_t step, bool begin, void *userData) {
  irsWorkerChannelStep(*(const IrsWorkerChannel *)userData, 0, step, begin);
}

// A frame: its header line, then `size` bytes.
static bool sendFrame(IrsWorkerChannel ch, const char *header, const void *data,
                      size_t size) {
  if (ch.fd < 0)
    return false;
  sendLine(ch, header);
  return irsWriteAll(ch.fd, data, size) == 0;
}

bool irsWorkerChannelSendOutput(IrsWorkerChannel ch, IrsWorkerStream stream,
                                const void *data, size_t size) {
  char b[96];
  snprintf(b, sizeof(b), "O %d %ld %ld %zu\n", (int)stream.kind,
           (long)stream.index, (long)stream.sub, size);
  return sendFrame(ch, b, data, size);
}

bool irsWorkerChannelSendText(IrsWorkerChannel ch, const void *data,
                              size_t size) {
  char b[48];
  snprintf(b, sizeof(b), "T %zu\n", size);
  return sendFrame(ch, b, data, size);
}

void irsWorkerChannelHandOver(IrsWorkerChannel ch, int64_t pid) {
  char b[48];
  snprintf(b, sizeof(b), "P %lld\n", (long long)pid);
  sendLine(ch, b);
}

void irsWorkerChannelSendValue(IrsWorkerChannel ch, const char *key,
                               int64_t value) {
  char b[96];
  snprintf(b, sizeof(b), "V %.31s %lld\n", key, (long long)value);
  sendLine(ch, b);
}

void irsWorkerChannelSendOutcome(IrsWorkerChannel ch, IrsOutcome outcome) {
  char b[32];
  snprintf(b, sizeof(b), "R %d\n", (int)outcome);
  sendLine(ch, b);
}

void irsWorkerChannelChunkDone(IrsWorkerChannel ch, intptr_t chunk) {
  char b[64];
  snprintf(b, sizeof(b), "D %ld\n", (long)chunk);
  sendLine(ch, b);
}

// No core files from workers, nor from the tools they exec: the supervisor
// documents a death itself, and a reducer's hundreds of crashing candidates
// would each leave one (so would a tool asked for its trace with SIGQUIT,
// whose default action dumps core). The soft limit only: a worker that
// wants one may raise it again.
void irsWorkerNoCoreFiles(void) {
  struct rlimit core;
  if (getrlimit(RLIMIT_CORE, &core) == 0) {
    core.rlim_cur = 0;
    setrlimit(RLIMIT_CORE, &core);
  }
}
