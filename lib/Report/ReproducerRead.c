// SPDX-License-Identifier: Apache-2.0
//===- ReproducerRead.c - reading a reproducer's resources back -----------===//
//
// The read side of Reproducer.c: `--run-reproducer` takes the pipeline and
// settings from the file's mlir_reproducer entry (written by irscope or by
// MLIR's crash reproducer) and the seed from irscope_run, and blanks both
// entries out before parsing. The file metadata is MLIR's `{-# ... #-}`
// dictionary syntax, which the C API cannot read, so the entries are found
// here by their keys and balanced braces (braces in quoted strings do not
// count), the one place that knows the format besides its writer.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "irscope/RunDoc.h"
#include "irscope/RunDir.h"

#include <stdlib.h>
#include <string.h>

typedef struct Text {
  const char *s;
  size_t n;
} Text;

static char at(const Text *t, size_t i) { return i < t->n ? t->s[i] : '\0'; }

// Offset of `key` in [from, to), or `to`.
static size_t find(const Text *t, size_t from, size_t to, const char *key) {
  if (from >= to)
    return to;
  const char *k = memmem(t->s + from, to - from, key, strlen(key));
  return k ? (size_t)(k - t->s) : to;
}

static size_t skipSpace(const Text *t, size_t p, size_t to) {
  while (p < to && strchr(" \t\r\n", at(t, p)))
    ++p;
  return p;
}

// The end of the `{...}` value starting at `p`, or 0 when unbalanced.
static size_t braceEnd(const Text *t, size_t p, size_t to) {
  int depth = 0;
  for (; p < to; ++p) {
    char c = at(t, p);
    if (c == '"') {
      for (++p; p < to && at(t, p) != '"'; ++p)
        if (at(t, p) == '\\' && p + 1 < to)
          ++p;
    } else if (c == '{') {
      ++depth;
    } else if (c == '}' && --depth == 0) {
      return p + 1;
    }
  }
  return 0;
}

// The entry `key: {...}` in a `{-# ... #-}` section starting a line, as
// [start, end); false when there is none.
static bool findEntry(const Text *t, const char *key, IrsTextRange *r) {
  for (size_t sec = find(t, 0, t->n, "{-#"); sec < t->n;
       sec = find(t, sec + 3, t->n, "{-#")) {
    size_t ls = sec;
    while (ls > 0 && (t->s[ls - 1] == ' ' || t->s[ls - 1] == '\t'))
      --ls;
    if (ls > 0 && t->s[ls - 1] != '\n')
      continue;
    size_t secEnd = find(t, sec, t->n, "#-}");
    if (secEnd == t->n)
      return false;
    for (size_t k = find(t, sec, secEnd, key); k < secEnd;
         k = find(t, k + 1, secEnd, key)) {
      size_t p = skipSpace(t, k + strlen(key), secEnd);
      if (at(t, p) != ':')
        continue;
      p = skipSpace(t, p + 1, secEnd);
      if (at(t, p) != '{')
        continue;
      size_t end = braceEnd(t, p, secEnd);
      if (!end)
        return false;
      *r = (IrsTextRange){k, end - k};
      return true;
    }
  }
  return false;
}

// Widens the entry by one separating comma, so that the entries left
// around it still parse once it is blanked.
static IrsTextRange withComma(const Text *t, IrsTextRange r) {
  size_t start = r.offset, end = r.offset + r.length;
  size_t before = start;
  while (before > 0 && strchr(" \t\r\n", at(t, before - 1)))
    --before;
  size_t after = end;
  while (after < t->n && strchr(" \t\r\n", at(t, after)))
    ++after;
  if (before > 0 && at(t, before - 1) == ',')
    start = before - 1;
  else if (at(t, after) == ',')
    end = after + 1;
  return (IrsTextRange){start, end - start};
}

// The value after `name` in [from, to): past the spaces, `len` bytes
// compared with `word`.
static bool valueIs(const Text *t, size_t from, size_t to, const char *name,
                    const char *word, bool *found) {
  size_t v = find(t, from, to, name);
  *found = v < to;
  if (!*found)
    return false;
  v += strlen(name);
  while (v < to && t->s[v] == ' ')
    ++v;
  return to - v >= strlen(word) && !strncmp(t->s + v, word, strlen(word));
}

// The pipeline string, unescaped: from the first '"' after "pipeline:".
static void readPipeline(const Text *t, size_t from, size_t to,
                         IrsReproducerParts *parts, MlirStringCallback cb,
                         void *ud) {
  size_t p = find(t, from, to, "pipeline:");
  const char *q = p < to ? memchr(t->s + p, '"', to - p) : NULL;
  if (!q)
    return;
  size_t i = (size_t)(q - t->s) + 1;
  char *out = malloc(to - i + 1);
  if (!out)
    return;
  size_t n = 0;
  while (i < to && t->s[i] != '"') {
    if (t->s[i] == '\\' && i + 1 < to)
      ++i;
    out[n++] = t->s[i++];
  }
  parts->hasPipeline = true;
  cb((MlirStringRef){out, n}, ud);
  free(out);
}

// irscope's own entry, which mlir-opt keeps but does not read. It is looked
// for in the text with the first entry blanked, as the caller will see it.
static void readSeed(const Text *orig, IrsReproducerParts *parts) {
  IrsTextRange b = parts->entries[0];
  char *copy = malloc(orig->n + 1);
  if (!copy)
    return;
  memcpy(copy, orig->s, orig->n);
  copy[orig->n] = '\0';
  for (size_t i = b.offset; i < b.offset + b.length; ++i)
    if (copy[i] != '\n')
      copy[i] = ' ';
  Text t = {copy, orig->n};
  IrsTextRange r;
  if (findEntry(&t, "irscope_run", &r)) {
    size_t end = r.offset + r.length;
    size_t sd = find(&t, r.offset, end, "seed:");
    const char *q = sd < end ? memchr(t.s + sd, '"', end - sd) : NULL;
    if (q) {
      parts->seed = strtoull(q + 1, NULL, 10);
      parts->hasSeed = true;
    }
    parts->entries[1] = withComma(&t, r);
  }
  free(copy);
}

bool irsReproducerReadParts(MlirStringRef text, IrsReproducerParts *parts,
                            MlirStringCallback pipeline, void *userData) {
  memset(parts, 0, sizeof(*parts));
  // Text stops at a NUL, as in a C string (bytecode is not searched past one).
  Text t = {text.data, strnlen(text.data, text.length)};
  IrsTextRange r;
  if (!findEntry(&t, "mlir_reproducer", &r))
    return false;
  size_t end = r.offset + r.length;
  readPipeline(&t, r.offset, end, parts, pipeline, userData);
  parts->disableThreading = valueIs(&t, r.offset, end, "disable_threading:",
                                    "true", &parts->hasDisableThreading);
  parts->verifyEach = !valueIs(&t, r.offset, end, "verify_each:", "false",
                               &parts->hasVerifyEach);
  parts->entries[0] = withComma(&t, r);
  readSeed(&t, parts);
  return true;
}
