// SPDX-License-Identifier: Apache-2.0
// A fresh temporary directory per cmocka test, removed afterwards, a
// file's whole contents and a path in the directory: the fixture of the
// unit tests that write files (fs.c, input.c, rundir.c, crashdoc.c, the
// tool's). Include after <cmocka.h>; define TEMP_DIR_NAME first
// ("irscope-unit-NAME").
#ifndef IRS_TEST_UNIT_TEMPDIR_H
#define IRS_TEST_UNIT_TEMPDIR_H

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int tempDirRemoveEntry(const char *path, const struct stat *st,
                              int flag, struct FTW *ftw) {
  (void)st;
  (void)flag;
  (void)ftw;
  return remove(path);
}

static int setUp(void **state) {
  const char *t = getenv("TMPDIR");
  char *dir = malloc(4096);
  snprintf(dir, 4096, "%s/" TEMP_DIR_NAME "-XXXXXX", t && *t ? t : "/tmp");
  if (!mkdtemp(dir)) {
    free(dir);
    return -1;
  }
  *state = dir;
  return 0;
}

static int tearDown(void **state) {
  char *dir = *state;
  nftw(dir, tempDirRemoveEntry, 16, FTW_DEPTH | FTW_PHYS);
  free(dir);
  return 0;
}

// Whole contents of `path` (malloc'd, NUL-terminated; at most 64 KiB) or
// NULL.
__attribute__((unused)) static char *slurpPath(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  char *buf = calloc(1, 1 << 16);
  size_t n = fread(buf, 1, (1 << 16) - 1, f);
  buf[n] = '\0';
  fclose(f);
  return buf;
}

// DIR/name (malloc'd).
__attribute__((unused)) static char *pathIn(const char *dir,
                                            const char *name) {
  char *p = malloc(4096);
  snprintf(p, 4096, "%s/%s", dir, name);
  return p;
}

#endif
