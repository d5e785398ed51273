// SPDX-License-Identifier: Apache-2.0
// Temporary files standing in for stdin and stdout; see StdStreams.h.
#define _GNU_SOURCE // mkostemp, pipe2
#include "StdStreams.h"

#include "irscope/Outcome.h"
#include "irscope/RunDir.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char *irsToolTempFile(const char *prefix) {
  char named[128];
  snprintf(named, sizeof(named), "%s-", prefix);
  char *path = NULL;
  int e = irsRunDirCreateScratch(named, /*directory=*/false, &path);
  errno = e;
  return e ? NULL : path;
}

// Copies `from` to `to` until the end of `from`; false on an error.
static bool copyStream(FILE *from, FILE *to) {
  char buf[65536];
  size_t n;
  bool ok = true;
  while (ok && (n = fread(buf, 1, sizeof(buf), from)) > 0)
    ok = fwrite(buf, 1, n, to) == n;
  return ok && !ferror(from);
}

char *irsToolSaveStdin(const char *prefix) {
  char *path = irsToolTempFile(prefix);
  FILE *f = path ? fopen(path, "wbe") : NULL;
  bool ok = f && copyStream(stdin, f);
  ok = f && fclose(f) == 0 && ok;
  if (!ok && path) {
    int e = errno;
    unlink(path);
    free(path);
    errno = e;
    path = NULL;
  }
  return path;
}

int irsToolCopyToStdout(const char *tool, const char *path) {
  FILE *f = fopen(path, "rbe");
  bool ok = f && copyStream(f, stdout);
  if (f)
    fclose(f);
  ok = fflush(stdout) == 0 && ok;
  if (!ok)
    fprintf(stderr, "%s: error: cannot write to stdout: %s\n", tool,
            strerror(errno));
  return irsOutcomeGetExitCode(ok ? IrsOutcomeOk : IrsOutcomeIoError);
}
