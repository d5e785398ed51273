// SPDX-License-Identifier: Apache-2.0
//===- Buf.h - growable byte buffer used across the library ---------------===//
//
// A minimal string builder. Allocation failure is sticky: once an append
// fails, `failed` is set, later appends are ignored, and the owner reports
// IRS_ERR_NOMEM at its next check, so call sites need no error path each.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_SUPPORT_BUF_H
#define IRS_SUPPORT_BUF_H

#include <mlir-c/Support.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct IrsBuf {
  char *data; // NUL-terminated when non-NULL
  size_t len;
  size_t cap;
  bool failed;
} IrsBuf;

#define IRS_BUF_INIT {NULL, 0, 0, false}

void irsBufAppend(IrsBuf *b, const void *data, size_t n);
void irsBufAppendStr(IrsBuf *b, const char *s);
void irsBufAppendRef(IrsBuf *b, MlirStringRef s);
void irsBufPrintf(IrsBuf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/// Room for `n` more bytes (and the NUL) without moving the data again;
/// false when memory ran out (and `failed` is set).
bool irsBufReserve(IrsBuf *b, size_t n);
void irsBufReset(IrsBuf *b);
void irsBufFree(IrsBuf *b);
/// Hands the buffer to the caller (NUL-terminated, "" if empty) and resets
/// `b`; NULL if allocation failed at any point.
char *irsBufDetach(IrsBuf *b);
/// MlirStringCallback that appends to the IrsBuf in userData.
void irsBufStringCallback(MlirStringRef s, void *userData);
/// strdup of a string ref; NULL on failure.
char *irsStrDupRef(MlirStringRef s);
char *irsStrDup(const char *s);
static inline MlirStringRef irsBufRef(const IrsBuf *b) {
  MlirStringRef r = {b->data ? b->data : "", b->len};
  return r;
}

#endif // IRS_SUPPORT_BUF_H
