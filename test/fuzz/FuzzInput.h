// SPDX-License-Identifier: Apache-2.0
//===- FuzzInput.h - what every fuzz target does with libFuzzer's bytes ---===//
//
// libFuzzer hands a target bytes that are not NUL-terminated and may hold
// NULs; the readers under test take C strings, string refs, argv arrays or
// files. These helpers make each of those from one input, so that a target
// is only the calls into the reader it tests (docs/fuzzing.md).
// Header-only: each target is one translation unit.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TEST_FUZZ_FUZZINPUT_H
#define IRS_TEST_FUZZ_FUZZINPUT_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE // memmem
#endif

#include <mlir-c/Support.h>

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/// The input as a NUL-terminated string (cut at its first NUL, as a reader
/// of C strings sees it). Free with free().
static inline char *fuzzString(const uint8_t *data, size_t size) {
  char *s = malloc(size + 1);
  if (!s)
    abort();
  memcpy(s, data, size);
  s[size] = '\0';
  return s;
}

/// Sink for MlirStringCallback outputs: touches every byte so that ASan
/// sees a read past the end of what a reader hands out.
static inline void fuzzSink(MlirStringRef s, void *userData) {
  size_t *sum = userData;
  for (size_t i = 0; i < s.length; ++i)
    *sum += (unsigned char)s.data[i];
}

/// Calls `fn` on each line of `text` (without its newline) and returns the
/// number of calls for which it returned true.
static inline size_t fuzzCountLines(MlirStringRef text,
                                    bool (*fn)(MlirStringRef line)) {
  size_t n = 0;
  const char *p = text.data, *end = text.data + text.length;
  while (p < end) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *e = nl ? nl : end;
    n += fn(mlirStringRefCreate(p, (size_t)(e - p)));
    p = nl ? nl + 1 : end;
  }
  return n;
}

/// Splits `text` (modified) at each newline into at most `max` words;
/// returns their number.
static inline int fuzzSplitLines(char *text, char **words, int max) {
  int n = 0;
  for (char *p = text; n < max && p;) {
    char *nl = strchr(p, '\n');
    if (nl)
      *nl++ = '\0';
    words[n++] = p;
    p = nl;
  }
  return n;
}

/// Removes the files in `dir`, its subdirectories with theirs, and, with
/// `self`, `dir` itself.
static inline void fuzzClearDir(const char *dir, int self) {
  DIR *d = opendir(dir);
  char path[8192];
  for (struct dirent *e; d && (e = readdir(d));) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
      continue;
    snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
    if (unlink(path) != 0)
      fuzzClearDir(path, 1);
  }
  if (d)
    closedir(d);
  if (self)
    rmdir(dir);
}

#define FUZZ_DIR_PREFIX "irscope-fuzz-"

static char fuzzTempDir[4096]; // test program: one directory per process

static inline void fuzzRemoveTempDir(void) {
  if (fuzzTempDir[0])
    fuzzClearDir(fuzzTempDir, 1);
}

/// Removes the directories under `base` that fuzzMakeTempDir made for
/// processes that are gone: libFuzzer ends a crash, a leak or a timeout
/// with _Exit, which runs no atexit handler.
static inline void fuzzRemoveOrphans(const char *base) {
  DIR *d = opendir(base);
  char path[8192];
  for (struct dirent *e; d && (e = readdir(d));) {
    size_t n = strlen(FUZZ_DIR_PREFIX);
    char *end;
    if (strncmp(e->d_name, FUZZ_DIR_PREFIX, n))
      continue;
    long pid = strtol(e->d_name + n, &end, 10);
    // Only names with a pid (FUZZ_DIR_PREFIX "<pid>-XXXXXX") are ours to
    // judge; kill(pid, 0) fails with ESRCH once the process is gone.
    if (end == e->d_name + n || *end != '-' || pid <= 0 ||
        kill((pid_t)pid, 0) == 0 || errno != ESRCH)
      continue;
    snprintf(path, sizeof(path), "%s/%s", base, e->d_name);
    fuzzClearDir(path, 1);
  }
  if (d)
    closedir(d);
}

/// A fresh directory for this process's files, under $TMPDIR (else
/// /dev/shm when it exists, so that per-input files cost no disk I/O),
/// removed when the process exits; one a dead process left is removed by
/// the next process that makes one.
static inline char *fuzzMakeTempDir(void) {
  const char *base = getenv("TMPDIR");
  if (!base || !*base)
    base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
  fuzzRemoveOrphans(base);
  snprintf(fuzzTempDir, sizeof(fuzzTempDir), "%s/" FUZZ_DIR_PREFIX "%ld-XXXXXX",
           base, (long)getpid());
  if (!mkdtemp(fuzzTempDir))
    abort();
  atexit(fuzzRemoveTempDir);
  return fuzzTempDir;
}

/// Writes `size` bytes to `path`; aborts on failure (the target's fault,
/// not the reader's).
static inline void fuzzWriteFile(const char *path, const uint8_t *data,
                                 size_t size) {
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
    abort();
}

#endif
