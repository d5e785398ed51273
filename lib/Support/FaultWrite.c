// SPDX-License-Identifier: Apache-2.0
// The write fault-injection hook; see FaultWrite.h.
#define _GNU_SOURCE
#include "FaultWrite.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int errnoNamed(const char *s, size_t n) {
  static const struct {
    const char *name;
    int err;
  } kNames[] = {{"ENOSPC", ENOSPC}, {"EIO", EIO},     {"EACCES", EACCES},
                {"EROFS", EROFS},   {"EFBIG", EFBIG}, {"KILL", 0},
                {"INT2", kIrsFaultWriteInt2}};
  for (size_t i = 0; i < sizeof(kNames) / sizeof(kNames[0]); ++i)
    if (strlen(kNames[i].name) == n && !strncmp(s, kNames[i].name, n))
      return kNames[i].err;
  return -1;
}

// One line of COUNTER.paths, written with one write(2) on O_APPEND so that
// the lines of several processes do not mix.
static void logPoint(const IrsFaultWrite *f, long at) {
  char name[4096], line[4200];
  snprintf(name, sizeof(name), "%s.paths", f->counter);
  int n = snprintf(line, sizeof(line), "%ld %s\n", at,
                   f->path ? f->path : "?");
  if (n <= 0 || (size_t)n >= sizeof(line))
    return;
  int fd = open(name, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
  if (fd < 0)
    return;
  if (write(fd, line, (size_t)n) != n) {
    // A test's log: a short one only loses lines the test then misses.
  }
  close(fd);
}

void irsFaultWriteLoad(IrsFaultWrite *f) {
  f->n = -1;
  f->err = 0;
  f->counter = NULL;
  f->path = NULL;
  const char *v = getenv("IRS_FAULT_WRITE");
  if (!v || !*v)
    return;
  char *end;
  long n = strtol(v, &end, 10);
  const char *what = end + 1, *colon = *end == ':' ? strchr(what, ':') : NULL;
  int err = colon ? errnoNamed(what, (size_t)(colon - what)) : -1;
  if (n < 0 || err == -1 || !colon[1])
    return;
  f->n = n;
  f->err = err;
  f->counter = colon + 1;
}

int irsFaultWriteCheck(const IrsFaultWrite *f) {
  if (f->n < 0)
    return 0;
  // O_APPEND places each byte at the end atomically, so the offset after
  // this process's own write is its point's number, even with writers in
  // several processes at once.
  int fd = open(f->counter, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
  if (fd < 0)
    return 0;
  off_t at = write(fd, "w", 1) == 1 ? lseek(fd, 0, SEEK_CUR) : -1;
  close(fd);
  if (f->n == 0 && at > 0)
    logPoint(f, (long)at);
  if (at != f->n)
    return 0;
  logPoint(f, (long)at); // the file the fault is in, for this run's order
  if (f->err == 0)
    raise(SIGKILL);
  if (f->err == kIrsFaultWriteInt2) {
    // Ctrl-C twice, at this very point: a tool that ends on the second
    // does so here, its temporary in flight.
    raise(SIGINT);
    raise(SIGINT);
    return 0;
  }
  return f->err;
}
