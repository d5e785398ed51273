// SPDX-License-Identifier: Apache-2.0
//===- PrinterHold.c - a test's hold on the first forked printer ----------===//
//
// The pipeline forks the next dump's printer without waiting for one still
// at work (BackgroundDump.c). A test of that cannot rely on catching a
// printer in flight: a fast one is gone before anyone looks. With
//
//   IRS_TEST_PRINTER_HOLD=DIR   (an existing directory)
//
// the first forked printer of the run, the one that creates DIR/first,
// waits before it prints until a later printer has started (that one
// creates DIR/second), then appends to DIR/log "held until a second
// printer started", or after 60 s "no second printer while held" and
// prints anyway. Only the file system is shared, so any process of the run
// may be the first. Unset, a printer pays one getenv.
//
//===----------------------------------------------------------------------===//
#include "PrinterHold.h"

#include "../Support/Fs.h"

#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum { kHoldMs = 60000, kPollMs = 5 };

static bool made(const char *dir, const char *name) {
  char *p = irsPathJoin(dir, name);
  bool ok = p && mkdir(p, 0700) == 0;
  free(p);
  return ok;
}

static bool exists(const char *dir, const char *name) {
  char *p = irsPathJoin(dir, name);
  struct stat st;
  bool ok = p && stat(p, &st) == 0;
  free(p);
  return ok;
}

static void logLine(const char *dir, const char *line) {
  char *p = irsPathJoin(dir, "log");
  int fd = p ? open(p, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600) : -1;
  if (fd >= 0) {
    (void)!write(fd, line, strlen(line));
    close(fd);
  }
  free(p);
}

void irsPrinterHold(void) {
  const char *dir = getenv("IRS_TEST_PRINTER_HOLD");
  if (!dir || !*dir)
    return;
  if (!made(dir, "first")) { // a later printer: release the first
    (void)made(dir, "second");
    return;
  }
  struct timespec nap = {0, kPollMs * 1000000L};
  int waited = 0;
  while (!exists(dir, "second") && waited < kHoldMs) {
    nanosleep(&nap, NULL);
    waited += kPollMs;
  }
  logLine(dir, exists(dir, "second") ? "held until a second printer started\n"
                                     : "no second printer while held\n");
}
