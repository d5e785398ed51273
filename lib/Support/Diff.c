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

#include <git2.h>
#include <string.h>

typedef struct DiffOut {
  MlirStringCallback cb;
  void *ud;
  const char *beforeLabel, *afterLabel;
} DiffOut;

static void emit(DiffOut *o, const char *s, size_t n) {
  o->cb(mlirStringRefCreate(s, n), o->ud);
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
    emit(o, line->content, line->content_len);
    return 0;
  }
  default:
    return 0;
  }
}

IrsStatus irsDiffUnified(MlirStringRef before, MlirStringRef after,
                         const char *beforeLabel, const char *afterLabel,
                         int contextLines, MlirStringCallback callback,
                         void *userData, bool *differs) {
  bool same = before.length == after.length &&
              (before.length == 0 ||
               memcmp(before.data, after.data, before.length) == 0);
  if (differs)
    *differs = !same;
  if (same)
    return irsStatusOk();
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
    DiffOut o = {callback, userData, beforeLabel ? beforeLabel : "a",
                 afterLabel ? afterLabel : "b"};
    if (git_patch_print(patch, lineCb, &o) < 0)
      st = irsStatusMake(IRS_ERR_IO);
    git_patch_free(patch);
  }
  git_libgit2_shutdown();
  return st;
}
