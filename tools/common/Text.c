// SPDX-License-Identifier: Apache-2.0
//===- Text.c - the tools' growable text buffer ----------------------------===//
#include "Text.h"

#include "../../lib/Support/PrintSink.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void irsToolTextAppend(IrsToolText *t, const void *d, size_t n) {
  if (t->failed || n == 0)
    return;
  if (t->len + n + 1 > t->cap) {
    size_t cap = t->cap ? t->cap : 4096;
    while (cap < t->len + n + 1)
      cap *= 2;
    char *p = realloc(t->data, cap);
    if (!p) {
      t->failed = true;
      return;
    }
    t->data = p;
    t->cap = cap;
  }
  memcpy(t->data + t->len, d, n);
  t->len += n;
  t->data[t->len] = '\0';
}

// Receives printed IR a token at a time (the library's PrintSink.h, the
// one fast path of every such callback): the common case is a copy into
// room already there.
void irsToolTextCallback(MlirStringRef s, void *userData) {
  IrsToolText *t = userData;
  if (!t->failed && irsPrintSinkPut(t->data, &t->len, t->cap, s))
    return;
  irsToolTextAppend(t, s.data, s.length);
}

// Room for `n` more bytes and the NUL; false (errno ENOMEM) otherwise.
static bool reserve(IrsToolText *t, size_t n) {
  if (t->len + n + 1 <= t->cap)
    return true;
  size_t cap = t->len + n + 1;
  if (cap < 2 * t->cap)
    cap = 2 * t->cap;
  char *p = realloc(t->data, cap);
  if (!p) {
    errno = ENOMEM;
    return false;
  }
  t->data = p;
  t->cap = cap;
  return true;
}

// Reads straight into the buffer, grown once to the file's size (and
// again only if the file grows meanwhile).
bool irsToolTextAppendFile(IrsToolText *t, const char *path) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  struct stat st;
  if (fd < 0)
    return false;
  if (fstat(fd, &st) != 0 || t->failed) {
    int e = t->failed ? ENOMEM : errno;
    close(fd);
    errno = e;
    return false;
  }
  size_t len0 = t->len;
  bool ok = reserve(t, (size_t)st.st_size);
  while (ok) {
    if (t->len + 1 == t->cap && !(ok = reserve(t, 65536)))
      break;
    ssize_t r = read(fd, t->data + t->len, t->cap - t->len - 1);
    if (r < 0 && errno == EINTR)
      continue;
    if (r <= 0) {
      ok = r == 0;
      break;
    }
    t->len += (size_t)r;
  }
  int e = errno;
  close(fd);
  if (!ok) {
    t->len = len0;
    errno = e;
  }
  if (t->data)
    t->data[t->len] = '\0';
  return ok;
}
