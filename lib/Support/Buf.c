// SPDX-License-Identifier: Apache-2.0
// Growable byte buffer; see Buf.h.
#include "Buf.h"
#include "PrintSink.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool reserve(IrsBuf *b, size_t extra) {
  if (b->failed)
    return false;
  if (b->len + extra + 1 <= b->cap)
    return true;
  size_t cap = b->cap ? b->cap : 64;
  while (cap < b->len + extra + 1) {
    if (cap > ((size_t)-1) / 2) {
      b->failed = true;
      return false;
    }
    cap *= 2;
  }
  char *p = realloc(b->data, cap);
  if (!p) {
    b->failed = true;
    return false;
  }
  b->data = p;
  b->cap = cap;
  return true;
}

void irsBufAppend(IrsBuf *b, const void *data, size_t n) {
  if (!reserve(b, n))
    return;
  if (n)
    memcpy(b->data + b->len, data, n);
  b->len += n;
  b->data[b->len] = '\0';
}

bool irsBufReserve(IrsBuf *b, size_t n) { return reserve(b, n); }

void irsBufAppendStr(IrsBuf *b, const char *s) { irsBufAppend(b, s, strlen(s)); }

void irsBufAppendRef(IrsBuf *b, MlirStringRef s) {
  irsBufAppend(b, s.data, s.length);
}

void irsBufPrintf(IrsBuf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0 || !reserve(b, (size_t)n)) {
    if (n < 0)
      b->failed = true;
    va_end(ap2);
    return;
  }
  vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap2);
  va_end(ap2);
  b->len += (size_t)n;
}

void irsBufReset(IrsBuf *b) {
  b->len = 0;
  if (b->data)
    b->data[0] = '\0';
}

void irsBufFree(IrsBuf *b) {
  free(b->data);
  b->data = NULL;
  b->len = b->cap = 0;
  b->failed = false;
}

char *irsBufDetach(IrsBuf *b) {
  if (b->failed) {
    irsBufFree(b);
    return NULL;
  }
  if (!b->data) {
    char *p = malloc(1);
    if (p)
      p[0] = '\0';
    return p;
  }
  char *p = b->data;
  b->data = NULL;
  b->len = b->cap = 0;
  return p;
}

// Receives printed IR a token at a time (PrintSink.h): the common case is
// a copy into room already there.
void irsBufStringCallback(MlirStringRef s, void *userData) {
  IrsBuf *b = userData;
  if (!b->failed && irsPrintSinkPut(b->data, &b->len, b->cap, s))
    return;
  irsBufAppend(b, s.data, s.length);
}

char *irsStrDupRef(MlirStringRef s) {
  char *p = malloc(s.length + 1);
  if (!p)
    return NULL;
  if (s.length)
    memcpy(p, s.data, s.length);
  p[s.length] = '\0';
  return p;
}

char *irsStrDup(const char *s) {
  return irsStrDupRef(mlirStringRefCreateFromCString(s ? s : ""));
}
