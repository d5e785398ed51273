// SPDX-License-Identifier: Apache-2.0
//===- Diff.c - unified diffs through libgit2's xdiff ---------------------===//
//
// libgit2 keeps its allocator and settings in process-wide state that
// git_libgit2_init/shutdown reference-count; each call takes and drops its
// own reference, so the library holds no state of its own between calls.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "irscope/Diff.h"

#include "Buf.h"

#include <git2.h>
#include <stdlib.h>
#include <string.h>

// Lines of a text by number (1-based, as git_diff_line numbers them), for
// showing the original lines of a structural diff.
typedef struct Lines {
  const char *text;
  size_t len;
  size_t *start; // start[i] = offset of line i + 1; start[n] = len
  size_t n;
} Lines;

typedef struct DiffOut {
  MlirStringCallback cb;
  void *ud;
  const char *beforeLabel, *afterLabel;
  const Lines *before, *after; // non-null in a structural diff
} DiffOut;

static void emit(DiffOut *o, const char *s, size_t n) {
  o->cb(mlirStringRefCreate(s, n), o->ud);
}

// A structural diff compares texts without SSA names, but shows each line
// as it was: removed lines from the old text, added and context lines from
// the new one (what the reader is looking at now). The line's own newline
// stays as git reports it, so "no newline at end of file" markers still fit.
static void emitOriginal(DiffOut *o, const git_diff_line *line) {
  bool old = line->origin == GIT_DIFF_LINE_DELETION;
  const Lines *l = old ? o->before : o->after;
  int no = old ? line->old_lineno : line->new_lineno;
  if (no < 1 || (size_t)no > l->n) {
    emit(o, line->content, line->content_len);
    return;
  }
  size_t b = l->start[no - 1], e = l->start[no];
  if (e > b && l->text[e - 1] == '\n')
    --e;
  emit(o, l->text + b, e - b);
  bool nl = line->content_len && line->content[line->content_len - 1] == '\n';
  if (nl)
    emit(o, "\n", 1);
}

static int lineCb(const git_diff_delta *delta, const git_diff_hunk *hunk,
                  const git_diff_line *line, void *payload) {
  (void)delta;
  (void)hunk;
  DiffOut *o = payload;
  switch (line->origin) {
  case GIT_DIFF_LINE_FILE_HDR:
    // git's header names paths with a/ b/ prefixes and an index line; a
    // plain `diff -u` header is what readers and patch tools expect.
    emit(o, "--- ", 4);
    emit(o, o->beforeLabel, strlen(o->beforeLabel));
    emit(o, "\n+++ ", 5);
    emit(o, o->afterLabel, strlen(o->afterLabel));
    emit(o, "\n", 1);
    return 0;
  case GIT_DIFF_LINE_HUNK_HDR: {
    // Drop git's "function context" after the range: its heuristic (a line
    // starting in column 0) picks "module {" for MLIR, which says nothing.
    const char *c = line->content;
    size_t n = line->content_len;
    const char *close = n > 4 ? memmem(c + 2, n - 2, "@@", 2) : NULL;
    if (close) {
      emit(o, c, (size_t)(close - c) + 2);
      emit(o, "\n", 1);
    } else {
      emit(o, c, n);
    }
    return 0;
  }
  case GIT_DIFF_LINE_CONTEXT_EOFNL:
  case GIT_DIFF_LINE_ADD_EOFNL:
  case GIT_DIFF_LINE_DEL_EOFNL:
    emit(o, line->content, line->content_len);
    return 0;
  case GIT_DIFF_LINE_CONTEXT:
  case GIT_DIFF_LINE_ADDITION:
  case GIT_DIFF_LINE_DELETION: {
    char c = line->origin;
    emit(o, &c, 1);
    if (o->before)
      emitOriginal(o, line);
    else
      emit(o, line->content, line->content_len);
    return 0;
  }
  default:
    return 0;
  }
}

static bool linesIndex(Lines *l, MlirStringRef t) {
  l->text = t.data;
  l->len = t.length;
  l->n = 0;
  size_t cap = 1;
  for (size_t i = 0; i < t.length; ++i)
    cap += t.data[i] == '\n';
  l->start = malloc((cap + 1) * sizeof(size_t));
  if (!l->start)
    return false;
  size_t at = 0;
  while (at < t.length) {
    l->start[l->n++] = at;
    const char *nl = memchr(t.data + at, '\n', t.length - at);
    at = nl ? (size_t)(nl - t.data) + 1 : t.length;
  }
  l->start[l->n] = t.length;
  return true;
}

static bool isSuffixIdChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '$' || c == '.' || c == '_' ||
         c == '-';
}

// The text with every SSA value name (%x, %0, %arg1) reduced to "%" and
// every block name (^bb2) to "^", outside string literals; newlines are
// kept, so line numbers are the same in both texts.
static bool stripNames(MlirStringRef t, IrsBuf *out) {
  bool inString = false;
  size_t from = 0; // start of the text not yet copied
  for (size_t i = 0; i < t.length; ++i) {
    char c = t.data[i];
    if (inString) {
      if (c == '\\')
        ++i;
      else if (c == '"' || c == '\n')
        inString = false;
    } else if (c == '"') {
      inString = true;
    } else if ((c == '%' || c == '^') && i + 1 < t.length &&
               isSuffixIdChar(t.data[i + 1])) {
      irsBufAppend(out, t.data + from, i + 1 - from);
      while (i + 1 < t.length && isSuffixIdChar(t.data[i + 1]))
        ++i;
      from = i + 1;
    }
  }
  if (from < t.length)
    irsBufAppend(out, t.data + from, t.length - from);
  return !out->failed;
}

static IrsStatus diff(MlirStringRef before, MlirStringRef after,
                      const char *beforeLabel, const char *afterLabel,
                      int contextLines, DiffOut *o) {
  if (git_libgit2_init() < 0)
    return irsStatusMake(IRS_ERR_NOMEM);
  git_diff_options opts;
  git_diff_options_init(&opts, GIT_DIFF_OPTIONS_VERSION);
  opts.context_lines = contextLines < 0 ? 3 : (uint32_t)contextLines;
  opts.flags |= GIT_DIFF_FORCE_TEXT;
  git_patch *patch = NULL;
  IrsStatus st = irsStatusOk();
  if (git_patch_from_buffers(&patch, before.data, before.length, "a",
                             after.data, after.length, "b", &opts) < 0) {
    st = irsStatusMake(IRS_ERR_IO);
  } else {
    o->beforeLabel = beforeLabel ? beforeLabel : "a";
    o->afterLabel = afterLabel ? afterLabel : "b";
    if (git_patch_print(patch, lineCb, o) < 0)
      st = irsStatusMake(IRS_ERR_IO);
    git_patch_free(patch);
  }
  git_libgit2_shutdown();
  return st;
}

static bool sameText(MlirStringRef a, MlirStringRef b) {
  return a.length == b.length &&
         (a.length == 0 || memcmp(a.data, b.data, a.length) == 0);
}

IrsStatus irsDiffUnified(MlirStringRef before, MlirStringRef after,
                         const char *beforeLabel, const char *afterLabel,
                         int contextLines, MlirStringCallback callback,
                         void *userData, bool *differs) {
  bool same = sameText(before, after);
  if (differs)
    *differs = !same;
  if (same)
    return irsStatusOk();
  DiffOut o = {callback, userData, NULL, NULL, NULL, NULL};
  return diff(before, after, beforeLabel, afterLabel, contextLines, &o);
}

IrsStatus irsDiffStructural(MlirStringRef before, MlirStringRef after,
                            const char *beforeLabel, const char *afterLabel,
                            int contextLines, MlirStringCallback callback,
                            void *userData, bool *differs) {
  IrsBuf a = IRS_BUF_INIT, b = IRS_BUF_INIT;
  Lines la = {0}, lb = {0};
  IrsStatus st = irsStatusOk();
  if (!stripNames(before, &a) || !stripNames(after, &b) ||
      !linesIndex(&la, before) || !linesIndex(&lb, after)) {
    st = irsStatusMake(IRS_ERR_NOMEM);
  } else {
    bool same = sameText(irsBufRef(&a), irsBufRef(&b));
    if (differs)
      *differs = !same;
    DiffOut o = {callback, userData, NULL, NULL, &la, &lb};
    if (!same)
      st = diff(irsBufRef(&a), irsBufRef(&b), beforeLabel, afterLabel,
                contextLines, &o);
  }
  free(la.start);
  free(lb.start);
  irsBufFree(&a);
  irsBufFree(&b);
  return st;
}
