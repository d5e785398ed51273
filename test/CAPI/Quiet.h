// SPDX-License-Identifier: Apache-2.0
//===- Quiet.h - catching what the library prints in a C API test ---------===//
//
// The C API test programs check that the library prints nothing itself
// (R21): quietBegin points stdout and stderr at a temporary file, quietEnd
// restores them and says how many bytes were written meanwhile.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TEST_CAPI_QUIET_H
#define IRS_TEST_CAPI_QUIET_H

#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

// Redirects stdout and stderr into a temporary file, to check that the
// library prints nothing itself (R21).
typedef struct Quiet {
  int saved1, saved2;
  FILE *tmp;
} Quiet;

static void quietBegin(Quiet *q) {
  fflush(stdout);
  fflush(stderr);
  q->tmp = tmpfile();
  q->saved1 = dup(1);
  q->saved2 = dup(2);
  dup2(fileno(q->tmp), 1);
  dup2(fileno(q->tmp), 2);
}

// Restores the streams and returns how many bytes were written meanwhile
// (and shows them, to make a failure easy to diagnose).
static long quietEnd(Quiet *q) {
  fflush(stdout);
  fflush(stderr);
  dup2(q->saved1, 1);
  dup2(q->saved2, 2);
  close(q->saved1);
  close(q->saved2);
  struct stat st;
  long n = fstat(fileno(q->tmp), &st) == 0 ? (long)st.st_size : -1;
  if (n > 0) {
    char buf[512];
    rewind(q->tmp);
    size_t k = fread(buf, 1, sizeof(buf) - 1, q->tmp);
    buf[k] = '\0';
    printf("unexpected library output: <<%s>>\n", buf);
  }
  fclose(q->tmp);
  return n;
}

#endif // IRS_TEST_CAPI_QUIET_H
