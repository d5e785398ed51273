// SPDX-License-Identifier: Apache-2.0
//===- Supervisor.c - fork, watch and classify a worker process -----------===//
//
// Protocol on the channel: one line per event, "B <chunk> <step> <peak>"
// (step begins), "E <chunk> <step> <peak>" (step ends), "D <chunk>" (chunk
// done); <peak> is the worker's own high-water mark of resident memory in
// KiB (getrusage). The supervisor reads the channel and the worker's stderr
// as they come (gathering for 5 ms after each read) and looks at the
// worker itself every 50 ms, never per read: a single run watches so
// lightly that a thread race of the worker shows as often as in a plain
// run. 50 ms is also the resolution of the step timeout and of the
// sampled memory check (resident set size from /proc/<pid>/statm; a limit
// on address space would break sanitizer builds, which reserve terabytes).
// The memory limit is nonetheless exact: a step that rises above it and
// ends between two samples is caught by the peak on its end line, and a
// process that exits by the kernel's high-water mark at reaping (see
// overLimit).
//
// With traceOnTimeout, a step timeout first signals the worker, whose
// handler writes a backtrace to stderr; the kill follows as soon as the
// trace's end line has been read, or after a short bounded wait.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE // memmem
#include "irscope/Supervisor.h"

#include "PipeWriters.h"
#include "WorkerTie.h"
#include "TraceThread.h"

#include "../Support/Buf.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum {
  kTailMax = 256 * 1024,
  kPollMs = 50,
  kMaxSlots = IRS_SUPERVISOR_MAX_PARALLEL,
  // After reading output, the watcher lets more gather for this long (the
  // worker's stderr pipe is enlarged to kPipeBytes, so a writer does not
  // block meanwhile): a tool that writes in thousands of small pieces
  // then costs a few hundred wake-ups a second, not one per write, and
  // keeps its cores for itself, as in a plain run.
  kGatherUs = 5000,
  kPipeBytes = 1 << 20,
};

typedef struct Supervisor {
  IrsSupervisorOptions opts;
  IrsWorkerResult result;
  IrsBuf tail;
  IrsBuf line; // partial channel line
  // abridgeCrashTraces: the stderr line being forwarded, and where in a
  // crash trace the forwarder is (0 outside, 1 after "fatal signal", 2 in
  // its frames).
  IrsBuf fwdLine;
  IrsBuf fwdHeld; // a trace header, until "Stack trace:" confirms it
  int fwdState;
  // Chunk outputs received so far (index = chunk) and the frame being read.
  IrsBuf *outputs;
  bool *hasOutput;
  intptr_t numOutputs;
  intptr_t frameChunk;
  size_t frameLeft;
  bool inFrame;
  volatile sig_atomic_t pid;
  pid_t handover; // announced by irsWorkerChannelHandOver, not yet watched
  volatile sig_atomic_t interrupted;
  bool interruptSent; // this run's worker was told to stop
  // The run in progress (see runStart).
  int chFd, erFd;
  bool chOpen, erOpen;
  int status;
  IrsWorkerOutcome killedFor;
  double start, stepStart;
  // Lanes of irsSupervisorRunBatch, created on first use.
  struct Supervisor *slots[kMaxSlots];
  intptr_t numSlots;
  // When the outcome was decided while the worker could still report (a
  // hang trace asked for, a peak over the memory limit on a step line or
  // at the exit; 0: not), and, with traceOnTimeout, until when to wait for
  // the trace (0: not waiting).
  double decidedAt, traceDeadline;
  bool reaped; // the watched pid has been waited for: never signal it again
} Supervisor;

IrsOutcome irsWorkerOutcomeGetOutcome(IrsWorkerOutcome o) {
  static const IrsOutcome of[] = {
      [IrsWorkerExited] = IrsOutcomeExit,
      [IrsWorkerCrashed] = IrsOutcomeCrash,
      [IrsWorkerTimedOut] = IrsOutcomeTimeout,
      [IrsWorkerMemoryLimit] = IrsOutcomeMemoryLimit,
      [IrsWorkerInterrupted] = IrsOutcomeInterrupted,
  };
  return (unsigned)o < sizeof(of) / sizeof(of[0]) ? of[o] : IrsOutcomeNone;
}

IrsOutcome irsWorkerOutcomeGetDeathKind(IrsWorkerOutcome o) {
  IrsOutcome k = irsWorkerOutcomeGetOutcome(o);
  return k == IrsOutcomeExit || k == IrsOutcomeNone ? IrsOutcomeCrash : k;
}

const char *irsWorkerOutcomeGetName(IrsWorkerOutcome o) {
  // "exited" names how a process ended, not an outcome of a run ("exit":
  // it ended before the run did).
  if (o == IrsWorkerExited)
    return "exited";
  IrsOutcome k = irsWorkerOutcomeGetOutcome(o);
  return k == IrsOutcomeNone ? "unknown" : irsOutcomeGetName(k);
}

// The calling process's high-water mark of resident memory (KiB), sent
// with every step line: it rises between two 50 ms samples too.
static long long selfPeakKb(void) {
  struct rusage ru;
  return getrusage(RUSAGE_SELF, &ru) == 0 ? (long long)ru.ru_maxrss : 0;
}

static void sendLine(IrsWorkerChannel ch, const char *s) {
  if (ch.fd < 0)
    return;
  size_t n = strlen(s);
  // Lines are far below PIPE_BUF, so each write is atomic.
  while (write(ch.fd, s, n) < 0 && errno == EINTR)
    ;
}

void irsWorkerChannelStepBegin(IrsWorkerChannel ch, intptr_t chunk,
                               intptr_t step) {
  if (ch.fd < 0)
    return;
  char b[96];
  snprintf(b, sizeof(b), "B %ld %ld %lld\n", (long)chunk, (long)step,
           selfPeakKb());
  sendLine(ch, b);
}

void irsWorkerChannelStepEnd(IrsWorkerChannel ch, intptr_t chunk,
                             intptr_t step) {
  if (ch.fd < 0)
    return;
  char b[96];
  snprintf(b, sizeof(b), "E %ld %ld %lld\n", (long)chunk, (long)step,
           selfPeakKb());
  sendLine(ch, b);
}

void irsWorkerChannelStep(IrsWorkerChannel ch, intptr_t chunk, intptr_t step,
                          bool begin) {
  if (begin)
    irsWorkerChannelStepBegin(ch, chunk, step);
  else
    irsWorkerChannelStepEnd(ch, chunk, step);
}

void irsWorkerChannelOnStep(intptr_t step, bool begin, void *userData) {
  irsWorkerChannelStep(*(const IrsWorkerChannel *)userData, 0, step, begin);
}

bool irsWorkerChannelSendOutput(IrsWorkerChannel ch, intptr_t chunk,
                                const void *data, size_t size) {
  if (ch.fd < 0)
    return false;
  char b[64];
  snprintf(b, sizeof(b), "O %ld %zu\n", (long)chunk, size);
  sendLine(ch, b);
  const char *p = data;
  while (size) {
    ssize_t w = write(ch.fd, p, size);
    if (w < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    p += w;
    size -= (size_t)w;
  }
  return true;
}

bool irsWorkerChannelSendText(IrsWorkerChannel ch, const void *data,
                              size_t size) {
  // A frame of chunk -1: the supervisor adds it to the stderr tail.
  return irsWorkerChannelSendOutput(ch, -1, data, size);
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

bool irsWorkerResultGetValue(const IrsWorkerResult *r, const char *key,
                             int64_t *value) {
  for (int i = 0; i < r->numValues; ++i)
    if (strcmp(r->valueKeys[i], key) == 0) {
      *value = r->values[i];
      return true;
    }
  return false;
}

bool irsSupervisorGetValue(IrsSupervisor supervisor, const char *key,
                           int64_t *value) {
  Supervisor *s = supervisor.ptr;
  return irsWorkerResultGetValue(&s->result, key, value);
}

void irsWorkerChannelChunkDone(IrsWorkerChannel ch, intptr_t chunk) {
  char b[64];
  snprintf(b, sizeof(b), "D %ld\n", (long)chunk);
  sendLine(ch, b);
}

IrsSupervisor irsSupervisorCreate(const IrsSupervisorOptions *options) {
  IrsSupervisor r = {NULL};
  Supervisor *s = calloc(1, sizeof(Supervisor));
  if (!s)
    return r;
  if (options)
    s->opts = *options;
  r.ptr = s;
  return r;
}

void irsSupervisorDestroy(IrsSupervisor supervisor) {
  Supervisor *s = supervisor.ptr;
  if (!s)
    return;
  for (intptr_t i = 0; i < s->numSlots; ++i)
    irsSupervisorDestroy((IrsSupervisor){s->slots[i]});
  irsBufFree(&s->tail);
  irsBufFree(&s->line);
  irsBufFree(&s->fwdLine);
  irsBufFree(&s->fwdHeld);
  for (intptr_t i = 0; i < s->numOutputs; ++i)
    irsBufFree(&s->outputs[i]);
  free(s->outputs);
  free(s->hasOutput);
  free(s);
}

void irsSupervisorSetStepTimeout(IrsSupervisor supervisor, double seconds) {
  Supervisor *s = supervisor.ptr;
  s->opts.stepTimeoutSec = seconds;
  for (intptr_t i = 0; i < s->numSlots; ++i)
    s->slots[i]->opts.stepTimeoutSec = seconds;
}

static IrsBuf *outputFor(Supervisor *s, intptr_t chunk) {
  if (chunk < 0)
    return NULL;
  if (chunk >= s->numOutputs) {
    intptr_t n = chunk + 1;
    IrsBuf *o = realloc(s->outputs, (size_t)n * sizeof(IrsBuf));
    if (!o)
      return NULL;
    s->outputs = o;
    bool *h = realloc(s->hasOutput, (size_t)n * sizeof(bool));
    if (!h)
      return NULL;
    s->hasOutput = h;
    for (intptr_t i = s->numOutputs; i < n; ++i) {
      s->outputs[i] = (IrsBuf)IRS_BUF_INIT;
      s->hasOutput[i] = false;
    }
    s->numOutputs = n;
  }
  return &s->outputs[chunk];
}

MlirStringRef irsSupervisorGetOutput(IrsSupervisor supervisor, intptr_t chunk) {
  Supervisor *s = supervisor.ptr;
  if (chunk < 0 || chunk >= s->numOutputs)
    return mlirStringRefCreate("", 0);
  return irsBufRef(&s->outputs[chunk]);
}

bool irsSupervisorHasOutput(IrsSupervisor supervisor, intptr_t chunk) {
  Supervisor *s = supervisor.ptr;
  return chunk >= 0 && chunk < s->numOutputs && s->hasOutput[chunk];
}

void irsSupervisorInterrupt(IrsSupervisor supervisor) {
  Supervisor *s = supervisor.ptr;
  s->interrupted = 1;
  if (s->pid > 0)
    kill((pid_t)s->pid, SIGTERM);
  for (intptr_t i = 0; i < s->numSlots; ++i) {
    s->slots[i]->interrupted = 1;
    if (s->slots[i]->pid > 0)
      kill((pid_t)s->slots[i]->pid, SIGTERM);
  }
}

static double nowMs(void) {
  return irsClockMonotonicMs();
}

static int64_t rssKb(pid_t pid) {
  char path[64];
  snprintf(path, sizeof(path), "/proc/%ld/statm", (long)pid);
  FILE *f = fopen(path, "re");
  if (!f)
    return -1;
  long size = 0, resident = 0;
  int n = fscanf(f, "%ld %ld", &size, &resident);
  fclose(f);
  if (n != 2)
    return -1;
  return (int64_t)resident * (sysconf(_SC_PAGESIZE) / 1024);
}

// Keeps the tail bounded: drop the older half when it grows too big.
static void tailAppend(Supervisor *s, const char *d, size_t n) {
  irsBufAppend(&s->tail, d, n);
  if (s->tail.len > kTailMax) {
    size_t drop = s->tail.len - kTailMax / 2;
    memmove(s->tail.data, s->tail.data + drop, s->tail.len - drop);
    s->tail.len -= drop;
    s->tail.data[s->tail.len] = '\0';
  }
}

// The exact half of the memory limit: true, and the worker stopped as a
// sampled one is, when a high-water mark (KiB) it reported or the kernel
// gave at reaping is over the limit. Peaks only rise, so the first one
// over it names where it was crossed: on a step's end line, in that step;
// on a step's begin line, since the last step ended (where a sample would
// have found the worker between steps); at the exit, since the last line.
static bool overLimit(Supervisor *s, long long peakKb) {
  if (peakKb > s->result.peakRssKb)
    s->result.peakRssKb = peakKb;
  if (s->opts.memoryLimitBytes <= 0 || s->killedFor != IrsWorkerExited ||
      peakKb * 1024 <= s->opts.memoryLimitBytes)
    return false;
  s->killedFor = IrsWorkerMemoryLimit;
  s->decidedAt = nowMs();
  pid_t pid = (pid_t)s->pid;
  if (!s->reaped && pid > 0)
    kill(-pid, SIGKILL), kill(pid, SIGKILL);
  return true;
}

static void handleLine(Supervisor *s, const char *l, double *stepStart) {
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
  if (nb == 3 && overLimit(s, peak))
    return; // a begin line over it leaves the worker between steps
  if (l[0] == 'B' && nb >= 2) {
    r->chunk = a;
    r->step = b;
    r->inStep = true;
    *stepStart = nowMs();
    irsBufReset(&s->tail); // the tail describes the current step only
  } else if (l[0] == 'E' && nb >= 2) {
    if (r->inStep && nowMs() - *stepStart > r->longestStepMs)
      r->longestStepMs = nowMs() - *stepStart;
    r->inStep = false;
  } else if (l[0] == 'D' && sscanf(l + 1, "%ld", &a) == 1) {
    r->chunksDone = a + 1;
    r->inStep = false;
  } else if (l[0] == 'P' && sscanf(l + 1, "%ld", &a) == 1 && a > 0) {
    s->handover = (pid_t)a;
  } else if (l[0] == 'V') {
    char key[32];
    long long v = 0;
    if (sscanf(l + 1, "%31s %lld", key, &v) == 2) {
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
  } else if (l[0] == 'O') {
    size_t n = 0;
    if (sscanf(l + 1, "%ld %zu", &a, &n) == 2) {
      IrsBuf *o = outputFor(s, a);
      if (o) {
        irsBufReset(o); // a rerun of the chunk replaces its output
        s->hasOutput[a] = true;
      }
      s->frameChunk = a;
      s->frameLeft = n;
      s->inFrame = n > 0;
    }
  }
}

// readSome and both readers return the bytes read, 0 at end of file (and
// close), -1 when nothing is available right now.
static ssize_t readSome(int fd, char *buf, size_t cap, bool *open) {
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

static ssize_t readChannel(Supervisor *s, int fd, bool *open,
                           double *stepStart) {
  char buf[65536];
  ssize_t n = readSome(fd, buf, sizeof(buf), open);
  if (n <= 0)
    return n;
  for (ssize_t i = 0; i < n; ++i) {
    if (s->inFrame) {
      size_t take = (size_t)(n - i) < s->frameLeft ? (size_t)(n - i) : s->frameLeft;
      IrsBuf *o = outputFor(s, s->frameChunk);
      if (o)
        irsBufAppend(o, buf + i, take);
      else if (s->frameChunk == -1) // irsWorkerChannelSendText
        tailAppend(s, buf + i, take);
      s->frameLeft -= take;
      i += (ssize_t)take - 1;
      if (s->frameLeft == 0)
        s->inFrame = false;
      continue;
    }
    if (buf[i] != '\n') {
      irsBufAppend(&s->line, &buf[i], 1);
      continue;
    }
    handleLine(s, s->line.data ? s->line.data : "", stepStart);
    irsBufReset(&s->line);
  }
  return n;
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

static bool isFrameLine(const char *d, size_t n) {
  return n > 4 && d[n - 1] == ']' && memmem(d, n, "[0x", 3) != NULL;
}

// A header of CrashHandler.c's traces: "TOOL: fatal signal ..." or
// "TOOL: step timed out".
static bool isTraceHeader(const char *l, size_t ln) {
  return memmem(l, ln, ": fatal signal ", 15) ||
         (ln > 16 && !memcmp(l + ln - 16, ": step timed out", 16));
}

enum {
  kFwdJudge,  // at a line start: the line is held until it can be judged
  kFwdHeader, // a trace header is held; "Stack trace:" must follow
  kFwdFrames, // in a trace's frames
  kFwdPass,   // the rest of a long ordinary line: forwarded as it arrives
  kFwdHeaderMax = 256 // longer lines are no header
};

// Judges one whole line (held in fwdLine) and forwards it unless it belongs
// to a trace.
static void judgeLine(Supervisor *s, bool nl) {
  const char *l = s->fwdLine.data ? s->fwdLine.data : "";
  size_t ln = s->fwdLine.len;
  size_t endLen = strlen(IRS_SUPERVISOR_TRACE_END) - 1; // without '\n'
  if (s->fwdState == kFwdFrames && isFrameLine(l, ln))
    return; // held back
  if (s->fwdState == kFwdFrames && ln == endLen &&
      memcmp(l, IRS_SUPERVISOR_TRACE_END, endLen) == 0) {
    s->fwdState = kFwdJudge; // held back: the frames it ends were
    return;
  }
  if (s->fwdState == kFwdHeader && ln == 12 &&
      memcmp(l, "Stack trace:", 12) == 0) {
    irsBufReset(&s->fwdHeld); // a trace after all: both held back
    s->fwdState = kFwdFrames;
    return;
  }
  if (s->fwdState == kFwdHeader) { // not a trace: what was held goes out
    writeAll(s->fwdHeld.data, s->fwdHeld.len);
    irsBufReset(&s->fwdHeld);
  }
  if (isTraceHeader(l, ln)) {
    irsBufAppend(&s->fwdHeld, l, ln);
    irsBufAppend(&s->fwdHeld, "\n", 1);
    s->fwdState = kFwdHeader;
    return;
  }
  writeAll(l, ln);
  if (nl)
    writeAll("\n", 1);
  s->fwdState = kFwdJudge;
}

// abridgeCrashTraces: forwards line by line and holds back CrashHandler.c's
// traces: the header, "Stack trace:", the frame lines and a hang trace's
// end line. They stay in the tail for the caller, which prints its own
// error line first and then a short, symbolised trace. A line is forwarded
// once whole (it must be whole to be judged), a long one as it arrives.
static void forwardAbridged(Supervisor *s, const char *buf, size_t n,
                            bool flush) {
  size_t i = 0;
  while (i < n || flush) {
    const char *nl = i < n ? memchr(buf + i, '\n', n - i) : NULL;
    size_t seg = nl ? (size_t)(nl - (buf + i)) : n - i;
    if (s->fwdState == kFwdPass)
      writeAll(buf + i, seg + (nl ? 1 : 0));
    else
      irsBufAppend(&s->fwdLine, buf + i, seg);
    i += seg + (nl ? 1 : 0);
    if (s->fwdState == kFwdPass) {
      if (nl)
        s->fwdState = kFwdJudge;
    } else if (nl || flush) {
      judgeLine(s, nl != NULL);
      irsBufReset(&s->fwdLine);
    } else if (s->fwdState == kFwdJudge && s->fwdLine.len > kFwdHeaderMax) {
      writeAll(s->fwdLine.data, s->fwdLine.len);
      irsBufReset(&s->fwdLine);
      s->fwdState = kFwdPass;
    }
    if (!nl)
      return; // the rest of the line comes with the next read
  }
}

static ssize_t readStderr(Supervisor *s, int fd, bool *open) {
  char buf[8192];
  ssize_t n = readSome(fd, buf, sizeof(buf), open);
  if (n <= 0)
    return n;
  if (s->opts.forwardStderr && s->opts.abridgeCrashTraces)
    forwardAbridged(s, buf, (size_t)n, false);
  else if (s->opts.forwardStderr)
    writeAll(buf, (size_t)n);
  tailAppend(s, buf, (size_t)n);
  return n;
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

// One run, in pieces, so that a batch can watch several workers with one
// poll(): start (fork), pollFds/readReady (pipes), check (exit and limits),
// finish (drain and classify). A single run strings them together.
static void runReset(Supervisor *s) {
  memset(&s->result, 0, sizeof(s->result));
  s->result.chunk = -1;
  irsBufReset(&s->tail);
  irsBufReset(&s->line);
  irsBufReset(&s->fwdLine);
  irsBufReset(&s->fwdHeld);
  s->fwdState = kFwdJudge;
  s->inFrame = false;
}

// The run's watch state once its process (pid) is known.
static void runWatchFrom(Supervisor *s, pid_t pid, int chFd, int erFd) {
  s->pid = pid;
  s->chFd = chFd;
  s->erFd = erFd;
  s->chOpen = chFd >= 0;
  s->erOpen = erFd >= 0;
  s->status = 0;
  s->handover = 0;
  s->killedFor = IrsWorkerExited;
  s->start = s->stepStart = nowMs();
  s->decidedAt = s->traceDeadline = 0;
  s->reaped = false;
}

static IrsStatus runStart(Supervisor *s, IrsWorkerMain fn, void *userData) {
  runReset(s);
  int ch[2], er[2];
  // Close-on-exec from the start: what the worker execs (a --tool run's
  // tool) gets only the stderr it is given below, never these pipes.
  if (pipe2(ch, O_CLOEXEC) != 0)
    return irsStatusMake(IRS_ERR_IO);
  if (pipe2(er, O_CLOEXEC) != 0) {
    close(ch[0]);
    close(ch[1]);
    return irsStatusMake(IRS_ERR_IO);
  }
  fcntl(er[0], F_SETPIPE_SZ, kPipeBytes); // best effort: the limit may be lower
  fflush(stdout);
  fflush(stderr);
  pid_t self = getpid();
  pid_t pid = fork();
  if (pid < 0) {
    close(ch[0]);
    close(ch[1]);
    close(er[0]);
    close(er[1]);
    return irsStatusMake(IRS_ERR_IO);
  }
  if (pid == 0) {
    irsWorkerTieToSupervisor(self);
    irsWorkerNoCoreFiles();
    close(ch[0]);
    close(er[0]);
    dup2(er[1], 2); // the one end meant for an exec: dup2 clears the flag
    close(er[1]);
    IrsWorkerChannel c = {ch[1]};
    int rc = fn(c, userData);
    fflush(stdout);
    fflush(stderr);
#if defined(__SANITIZE_ADDRESS__)
    // Let LeakSanitizer check the worker, where all the real work happens.
    exit(rc);
#else
    // The worker owns nothing that outlives it; skipping LLVM's static
    // destructors saves a noticeable part of a small run.
    _exit(rc);
#endif
  }
  close(ch[1]);
  close(er[1]);
  runWatchFrom(s, pid, ch[0], er[0]);
  return irsStatusOk();
}

// irsSupervisorRunSpawned's start: no worker, no channel; the process is
// in `step` from the start, as a worker that announced it and handed over.
static IrsStatus runStartSpawned(Supervisor *s, IrsSpawnFn spawn, void *ud,
                                 intptr_t step) {
  runReset(s);
  int er[2];
  if (pipe2(er, O_CLOEXEC) != 0)
    return irsStatusMake(IRS_ERR_IO);
  int64_t pid = spawn(er[1], ud);
  close(er[1]);
  if (pid <= 0) {
    close(er[0]);
    return irsStatusMake(IRS_ERR_IO);
  }
  runWatchFrom(s, (pid_t)pid, -1, er[0]);
  s->result.chunk = 0;
  s->result.step = step;
  s->result.inStep = true;
  return irsStatusOk();
}

// How long poll() may wait before this run's limits need checking: the
// poll period, or less when the step's deadline (or the end of the wait for a
// hang trace) comes sooner: a reducer judging hangs after 50 ms must not
// wait for the next 50 ms tick.
static int pollWaitMs(const Supervisor *s) {
  double left;
  if (s->traceDeadline > 0)
    left = s->traceDeadline - nowMs();
  else if (s->opts.stepTimeoutSec > 0 && s->result.inStep)
    left = s->opts.stepTimeoutSec * 1e3 - (nowMs() - s->stepStart);
  else
    return kPollMs;
  return left >= kPollMs ? kPollMs : left < 1 ? 1 : (int)left + 1;
}

static int runPollFds(Supervisor *s, struct pollfd *p) {
  int np = 0;
  if (s->chOpen)
    p[np++] = (struct pollfd){s->chFd, POLLIN, 0};
  if (s->erOpen)
    p[np++] = (struct pollfd){s->erFd, POLLIN, 0};
  return np;
}

static void runReadReady(Supervisor *s, const struct pollfd *p, int np) {
  for (int i = 0; i < np; ++i) {
    if (!(p[i].revents & (POLLIN | POLLHUP | POLLERR)))
      continue;
    if (s->chOpen && p[i].fd == s->chFd)
      readChannel(s, s->chFd, &s->chOpen, &s->stepStart);
    else if (s->erOpen && p[i].fd == s->erFd)
      readStderr(s, s->erFd, &s->erOpen);
  }
}

static bool traceEnded(const Supervisor *s) {
  size_t n = strlen(IRS_SUPERVISOR_TRACE_END);
  return s->tail.len >= n &&
         memmem(s->tail.data, s->tail.len, IRS_SUPERVISOR_TRACE_END, n);
}

// Reads what the channel still holds without waiting for a grandchild
// that keeps it open (a background printer).
static void drainChannel(Supervisor *s) {
  if (!s->chOpen)
    return;
  fcntl(s->chFd, F_SETFL, O_NONBLOCK);
  while (s->chOpen && readChannel(s, s->chFd, &s->chOpen, &s->stepStart) > 0)
    ;
}

// A worker that ended after handing its run over (irsWorkerChannelHandOver)
// is replaced by the process it named, which is then watched as the worker
// was. The announcement was read by drainChannel. An interrupt the worker
// got is passed on.
static bool takeOver(Supervisor *s) {
  if (!s->handover || s->killedFor != IrsWorkerExited ||
      !WIFEXITED(s->status) || WEXITSTATUS(s->status) != 0)
    return false;
  s->pid = s->handover;
  s->handover = 0;
  s->status = 0;
  s->reaped = false;
  if (s->interrupted)
    kill((pid_t)s->pid, SIGTERM);
  return true;
}

// A process handed over but never watched (the worker died first) does
// not outlive the run; it has not started the tool's main.
static void dropHandover(Supervisor *s) {
  if (!s->handover)
    return;
  kill(-s->handover, SIGKILL), kill(s->handover, SIGKILL);
  while (waitpid(s->handover, NULL, 0) < 0 && errno == EINTR)
    ;
  s->handover = 0;
}

// True once the worker has exited; enforces the limits otherwise.
static bool runCheck(Supervisor *s) {
  pid_t pid = (pid_t)s->pid;
  // The worker may be gone while a grandchild (a background printer)
  // still holds the pipes: check for it on every round.
  struct rusage ru;
  pid_t w = wait4(pid, &s->status, WNOHANG, &ru);
  if (w == pid) {
    s->reaped = true;
    // Its last step lines come before its exit is judged.
    drainChannel(s);
    // A worker that dies between two samples (an abort 1 ms in) still has
    // a peak: the kernel's high-water mark, in KiB on Linux, that of the
    // process and of the children it waited for (a background printer
    // shares its pages). Over the limit, a process that exited went over
    // it; one a signal killed is documented by its signal (its trace says
    // where; a tool's crash handler runs llvm-symbolizer, whose peak is
    // not the step's).
    if (WIFEXITED(s->status))
      overLimit(s, (long long)ru.ru_maxrss);
    else if ((int64_t)ru.ru_maxrss > s->result.peakRssKb)
      s->result.peakRssKb = (int64_t)ru.ru_maxrss;
    return !takeOver(s);
  }
  if (w < 0 && errno == ECHILD) {
    s->reaped = true;
    return true; // not ours to wait for: never loop on it
  }
  if (s->killedFor != IrsWorkerExited) {
    // A timed-out worker asked for its trace dies once it has written it
    // or the wait is over.
    if (s->traceDeadline > 0 &&
        (traceEnded(s) || nowMs() >= s->traceDeadline)) {
      s->traceDeadline = 0;
      kill(-pid, SIGKILL), kill(pid, SIGKILL);
    }
    return false;
  }
  int64_t rss = rssKb(pid);
  if (rss > s->result.peakRssKb)
    s->result.peakRssKb = rss;
  if (s->opts.memoryLimitBytes > 0 && rss > 0 &&
      rss * 1024 > s->opts.memoryLimitBytes) {
    s->killedFor = IrsWorkerMemoryLimit;
    kill(-pid, SIGKILL), kill(pid, SIGKILL);
  } else if (s->opts.stepTimeoutSec > 0 && s->result.inStep &&
             nowMs() - s->stepStart > s->opts.stepTimeoutSec * 1e3) {
    s->killedFor = IrsWorkerTimedOut;
    const IrsSupervisorOptions *o = &s->opts;
    if (o->traceOnTimeout &&
        irsAskForTrace(pid, o->traceSignal ? o->traceSignal
                                        : IRS_SUPERVISOR_TRACE_SIGNAL)) {
      s->decidedAt = nowMs();
      s->traceDeadline = s->decidedAt + (o->traceWaitMs > 0
                                                ? o->traceWaitMs
                                                : IRS_SUPERVISOR_TRACE_WAIT_MS);
    } else {
      kill(-pid, SIGKILL), kill(pid, SIGKILL);
    }
  }
  return false;
}

// Reads the pipes until every process that holds them has ended, for at
// most `ms`; false if some still do.
static bool readToEnd(Supervisor *s, double ms) {
  double until = nowMs() + ms;
  while (s->chOpen || s->erOpen) {
    int left = (int)(until - nowMs());
    if (left <= 0)
      return false;
    struct pollfd p[2];
    int np = runPollFds(s, p);
    if (poll(p, (nfds_t)np, left < kPollMs ? left : kPollMs) > 0)
      runReadReady(s, p, np);
  }
  return true;
}

// awaitDescendantsMs: the worker is gone; the processes it forked that
// still hold its pipes (background printers: their end of file is the only
// sign a grandchild gives) finish, or are killed once the wait is over.
static void awaitDescendants(Supervisor *s) {
  if (s->opts.awaitDescendantsMs <= 0 ||
      readToEnd(s, s->opts.awaitDescendantsMs))
    return;
  int fds[2] = {s->chOpen ? s->chFd : -1, s->erOpen ? s->erFd : -1};
  if (irsKillPipeWriters(fds, 2) > 0)
    readToEnd(s, 1000); // SIGKILL'd: their descriptors close as they exit
}

static const IrsWorkerResult *runFinish(Supervisor *s) {
  double ended = nowMs(); // the wait for descendants is not the worker's
  // Drain what is left in the pipes without blocking on grandchildren
  // (unless asked to wait for them).
  if (s->chFd >= 0) // none in a spawned run
    fcntl(s->chFd, F_SETFL, O_NONBLOCK);
  fcntl(s->erFd, F_SETFL, O_NONBLOCK);
  while (s->chOpen && readChannel(s, s->chFd, &s->chOpen, &s->stepStart) > 0)
    ;
  while (s->erOpen && readStderr(s, s->erFd, &s->erOpen) > 0)
    ;
  awaitDescendants(s);
  if (s->opts.forwardStderr && s->opts.abridgeCrashTraces && s->fwdLine.len)
    forwardAbridged(s, NULL, 0, true); // a last line without newline
  if (s->fwdState == kFwdHeader) // no trace followed: not one after all
    writeAll(s->fwdHeld.data, s->fwdHeld.len);
  if (s->chFd >= 0)
    close(s->chFd);
  close(s->erFd);
  dropHandover(s);
  s->pid = 0;
  IrsWorkerResult *r = &s->result;
  int status = s->status;
  r->runMs = ended - s->start;
  // The wait for a trace, or for the kill of a worker that reported a peak
  // over the limit, is not part of the step.
  double end = s->decidedAt > 0 ? s->decidedAt : ended;
  r->elapsedMs = r->inStep ? end - s->stepStart : r->runMs;
  if (s->killedFor != IrsWorkerExited) {
    r->outcome = s->killedFor;
    r->signal = SIGKILL;
  } else if (WIFSIGNALED(status)) {
    r->signal = WTERMSIG(status);
    r->outcome = (s->interrupted ||
                  ((r->signal == SIGINT || r->signal == SIGTERM)))
                     ? IrsWorkerInterrupted
                     : IrsWorkerCrashed;
  } else {
    r->outcome = IrsWorkerExited;
    r->exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : 1;
  }
  r->stderrTail = irsBufRef(&s->tail);
  return r;
}

// Kills a worker whose outcome no longer matters and reaps it.
static void runCancel(Supervisor *s) {
  pid_t pid = (pid_t)s->pid;
  kill(-pid, SIGKILL), kill(pid, SIGKILL);
  while (waitpid(pid, &s->status, 0) < 0 && errno == EINTR)
    ;
  dropHandover(s);
  if (s->chFd >= 0)
    close(s->chFd);
  close(s->erFd);
  s->chOpen = s->erOpen = false;
  s->pid = 0;
}

// An interrupt that came between two runs, or during the fork before the
// worker's pid was known, must not be lost: no new worker starts, and
// one that started unaware is stopped in runWatch.
static bool interruptedBefore(Supervisor *s, const IrsWorkerResult **result) {
  if (!s->interrupted)
    return false;
  memset(&s->result, 0, sizeof(s->result));
  s->result.chunk = -1;
  s->result.outcome = IrsWorkerInterrupted;
  s->result.signal = SIGTERM;
  *result = &s->result;
  return true;
}

static const IrsWorkerResult *runWatch(Supervisor *s);

IrsStatus irsSupervisorRun(IrsSupervisor supervisor, IrsWorkerMain fn,
                           void *userData, const IrsWorkerResult **result) {
  Supervisor *s = supervisor.ptr;
  if (interruptedBefore(s, result))
    return irsStatusOk();
  IrsStatus st = runStart(s, fn, userData);
  if (!irsStatusIsOk(st))
    return st;
  *result = runWatch(s);
  return irsStatusOk();
}

IrsStatus irsSupervisorRunSpawned(IrsSupervisor supervisor, IrsSpawnFn spawn,
                                  void *userData, intptr_t step,
                                  const IrsWorkerResult **result) {
  Supervisor *s = supervisor.ptr;
  if (interruptedBefore(s, result))
    return irsStatusOk();
  IrsStatus st = runStartSpawned(s, spawn, userData, step);
  if (!irsStatusIsOk(st))
    return st;
  *result = runWatch(s);
  return irsStatusOk();
}

// Watches the started run to its end.
static const IrsWorkerResult *runWatch(Supervisor *s) {
  s->interruptSent = false;
  double checkAt = nowMs() + pollWaitMs(s);
  for (;;) {
    if (s->interrupted && !s->interruptSent) {
      s->interruptSent = true;
      kill((pid_t)s->pid, SIGTERM);
    }
    struct pollfd p[2];
    int np = runPollFds(s, p);
    if (np > 0) {
      int wait = (int)(checkAt - nowMs());
      if (poll(p, (nfds_t)np, wait < 1 ? 1 : wait) > 0) {
        runReadReady(s, p, np);
        // Output alone is no reason to look at the worker: a tool that
        // writes in thousands of small pieces would otherwise have the
        // supervisor sample /proc thousands of times, taking a core from
        // the tool's own threads (and hiding their races). A closed pipe
        // may be its exit: look now.
        if (runPollFds(s, p) == np && nowMs() < checkAt) {
          struct timespec ts = {0, kGatherUs * 1000L};
          nanosleep(&ts, NULL);
          continue;
        }
      }
    } else {
      // Both pipes closed: the worker is exiting (or closed them itself and
      // runs on). Check often so that start-up and shutdown stay cheap.
      struct timespec ts = {0, 1000000L};
      nanosleep(&ts, NULL);
    }
    if (runCheck(s))
      break;
    checkAt = nowMs() + pollWaitMs(s);
  }
  return runFinish(s);
}

IrsStatus irsSupervisorRunBatch(IrsSupervisor supervisor,
                                const IrsWorkerBatch *batch) {
  Supervisor *s = supervisor.ptr;
  intptr_t par = batch->maxParallel > 0 ? batch->maxParallel : 1;
  if (par > kMaxSlots)
    par = kMaxSlots;
  // Each lane is a supervisor of its own (own pipes, tail, limits), made
  // once and reused by later batches.
  for (intptr_t i = s->numSlots; i < par; ++i) {
    IrsSupervisor sub = irsSupervisorCreate(&s->opts);
    if (!sub.ptr)
      return irsStatusMake(IRS_ERR_IO);
    s->slots[i] = sub.ptr;
    s->numSlots = i + 1;
  }
  intptr_t job[kMaxSlots];
  for (intptr_t i = 0; i < par; ++i)
    job[i] = -1;
  intptr_t next = 0, running = 0;
  IrsStatus status = irsStatusOk();
  for (;;) {
    // Start jobs in order while lanes are free; skip the unneeded ones.
    for (intptr_t i = 0; i < par && next < batch->numJobs; ++i) {
      if (job[i] >= 0)
        continue;
      while (next < batch->numJobs && batch->isNeeded &&
             !batch->isNeeded(next, false, batch->userData))
        ++next;
      if (next >= batch->numJobs)
        break;
      Supervisor *l = s->slots[i];
      IrsStatus st = runStart(
          l, batch->fn, batch->jobData ? batch->jobData[next] : NULL);
      if (!irsStatusIsOk(st)) {
        status = st;
        next = batch->numJobs; // start nothing more; let the others end
        break;
      }
      job[i] = next++;
      ++running;
    }
    if (running == 0)
      break;
    struct pollfd p[2 * kMaxSlots];
    int np = 0, wait = kPollMs;
    bool exiting = false;
    for (intptr_t i = 0; i < par; ++i)
      if (job[i] >= 0) {
        int k = runPollFds(s->slots[i], p + np);
        exiting |= k == 0;
        np += k;
        int w = pollWaitMs(s->slots[i]);
        wait = w < wait ? w : wait;
      }
    if (np > 0) {
      // A worker whose pipes are closed is exiting: look again soon, as a
      // single run does, rather than after a full poll period.
      if (poll(p, (nfds_t)np, exiting ? 1 : wait) > 0)
        for (intptr_t i = 0; i < par; ++i)
          if (job[i] >= 0)
            runReadReady(s->slots[i], p, np);
    } else {
      struct timespec ts = {0, 1000000L};
      nanosleep(&ts, NULL);
    }
    bool ended = false;
    for (intptr_t i = 0; i < par; ++i) {
      if (job[i] < 0 || !runCheck(s->slots[i]))
        continue;
      const IrsWorkerResult *r = runFinish(s->slots[i]);
      intptr_t j = job[i];
      job[i] = -1;
      --running;
      ended = true;
      if (batch->onDone)
        batch->onDone(j, r, batch->userData);
    }
    if (!ended || !batch->isNeeded)
      continue;
    // An outcome may make running jobs pointless (a later candidate when
    // an earlier one already won): stop them now rather than wait.
    for (intptr_t i = 0; i < par; ++i)
      if (job[i] >= 0 && !batch->isNeeded(job[i], true, batch->userData)) {
        runCancel(s->slots[i]);
        job[i] = -1;
        --running;
      }
  }
  return status;
}
