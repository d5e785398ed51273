// SPDX-License-Identifier: Apache-2.0
//===- ToolWriteCheck.c - a tool that could not write, or a step that failed ===//
//
// The tool writes a step's output (a dump, the hand-over in the scratch
// directory) itself, so on a full disk, past `ulimit -f` or on EIO it is
// the tool that fails, exit 1 with its own "could not write" words, where
// the plain tool, which writes neither, would have gone on. Which of the
// two it was is not guessed from those words: the run is made once more
// exactly as before but with its output (`-o -`) into a pipe that irscope
// drains into memory, so that no file system takes part. If that run
// fails too, the step failed on its own. If it succeeds, the write was the
// cause, and irscope writes the bytes to the file itself: the errno of a
// failure is then irscope's own, as for the dumps it prints in-process,
// and a write that works now leaves the file whole and the run goes on.
// Only a failed run pays for this (one more run of the tool).
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "ToolImpl.h"

#include "../Support/Fs.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

typedef struct Drain {
  int fd;   // the pipe's read end
  int stop; // readable once the tool has ended
  IrsBuf *out;
} Drain;

// Reads the tool's output as it comes, so that the tool never blocks on a
// full pipe. Ends at the pipe's end, or once the tool has ended and what
// it wrote is read: a process the tool left behind may hold the pipe.
static void *drain(void *p) {
  Drain *d = p;
  struct pollfd fds[2] = {{.fd = d->fd, .events = POLLIN},
                          {.fd = d->stop, .events = POLLIN}};
  char chunk[65536];
  bool stopping = false;
  for (;;) {
    if (!stopping && poll(fds, 2, -1) < 0) {
      if (errno == EINTR)
        continue;
      break;
    }
    if (stopping || fds[0].revents) {
      ssize_t n = read(d->fd, chunk, sizeof(chunk));
      if (n > 0) {
        irsBufAppend(d->out, chunk, (size_t)n);
        continue;
      }
      if (n < 0 && errno == EINTR)
        continue;
      break; // the end, or nothing left once stopping (EAGAIN)
    }
    if (fds[1].revents) {
      stopping = true;
      fcntl(d->fd, F_SETFL, O_NONBLOCK);
    }
  }
  return NULL;
}

// A pipe's end above 2, where the tool's stdout is dup2'ed from.
static int above2(int fd) {
  if (fd < 0 || fd > 2)
    return fd;
  int moved = fcntl(fd, F_DUPFD_CLOEXEC, 3);
  close(fd);
  return moved;
}

// Runs `e` with its output into memory (`bytes`). IRS_OK when the run was
// made (`r` then says how it ended; the caller frees it).
static IrsErrorKind runIntoMemory(IrsToolRunnerImpl *t, IrsToolExec e,
                                  IrsToolExecResult *r, IrsBuf *bytes) {
  int p[2], s[2];
  memset(r, 0, sizeof(*r));
  if (pipe2(p, O_CLOEXEC) != 0)
    return IRS_ERR_IO;
  p[0] = above2(p[0]);
  p[1] = above2(p[1]);
  if (p[0] < 0 || p[1] < 0 || pipe2(s, O_CLOEXEC) != 0) {
    if (p[0] >= 0)
      close(p[0]);
    if (p[1] >= 0)
      close(p[1]);
    return IRS_ERR_IO;
  }
  Drain d = {p[0], s[0], bytes};
  // The reader takes no signal: the run's interrupt handling stays with
  // the thread that supervises the tool.
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, &old);
  pthread_t th;
  bool started = pthread_create(&th, NULL, drain, &d) == 0;
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  IrsErrorKind k = IRS_ERR_IO;
  if (started) {
    e.output = "-";
    e.stdoutFd = p[1];
    k = irsToolExecRun(t, &e, r);
  }
  close(p[1]); // the tool's copy died with it: the reader sees the end
  if (started) {
    (void)!write(s[1], "", 1);
    pthread_join(th, NULL);
  }
  close(p[0]);
  close(s[0]);
  close(s[1]);
  if (k == IRS_OK && bytes->failed) {
    irsToolExecResultFree(r);
    k = IRS_ERR_NOMEM;
  }
  return k;
}

// How a run that failed to write may have ended: an exit with an error
// (LLVM's "IO failure on output stream"), or, for a tool that lets
// SIGXFSZ kill it, that signal. A death by another signal is the step's.
static bool mayBeWrite(const IrsToolExecResult *r) {
  if (r->execErrno)
    return false;
  if (r->res.outcome == IrsWorkerExited)
    return r->res.exitCode != 0;
  return r->res.outcome == IrsWorkerCrashed && r->res.signal == SIGXFSZ;
}

IrsToolWrite irsToolRetryWrite(IrsToolRunnerImpl *t, const IrsToolExec *e,
                               const IrsToolExecResult *r,
                               IrsToolExecResult *rerun, int *err) {
  memset(rerun, 0, sizeof(*rerun));
  *err = 0;
  if (!mayBeWrite(r))
    return IrsToolWriteNotTheCause;
  IrsBuf bytes = IRS_BUF_INIT;
  IrsToolWrite w = IrsToolWriteNotTheCause;
  if (runIntoMemory(t, *e, rerun, &bytes) == IRS_OK) {
    if (irsToolExecOk(rerun)) {
      *err = irsWriteFileAtomic(e->output, bytes.data ? bytes.data : "",
                                bytes.len);
      w = *err ? IrsToolWriteFailed : IrsToolWriteDone;
    } else if (rerun->res.outcome != IrsWorkerInterrupted) {
      irsToolExecResultFree(rerun);
    }
  }
  irsBufFree(&bytes);
  return w;
}
