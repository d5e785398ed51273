// SPDX-License-Identifier: Apache-2.0
//===- Text.c - the tools' growable text buffer ----------------------------===//
#include "Text.h"

#include <stdlib.h>
#include <string.h>

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

void irsToolTextCallback(MlirStringRef s, void *userData) {
  irsToolTextAppend(userData, s.data, s.length);
}
