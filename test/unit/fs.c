// SPDX-License-Identifier: Apache-2.0
// Unit tests of the file-system helpers (lib/Support/Fs.c): atomic writes
// that never leave a partial file under the real name, mkdir -p, file-name
// sanitising and path joining. Each test works in its own fresh temporary
// directory, removed afterwards.
#define _GNU_SOURCE // memfd_create
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#define TEMP_DIR_NAME "irscope-unit-fs"
#include "TempDir.h"

#include "Support/Fs.h"

#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

// Writes "<test dir>/<name>" into `buf` (4096 bytes) and returns it.
static char *at(void **state, const char *name, char *buf) {
  snprintf(buf, 4096, "%s/%s", (const char *)*state, name);
  return buf;
}

static bool exists(const char *path) {
  struct stat st;
  return lstat(path, &st) == 0;
}

static bool isDir(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static void writeText(const char *path, const char *text) {
  FILE *f = fopen(path, "wb");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
}

// Number of directory entries other than "." and "..".
static int countEntries(const char *dir) {
  DIR *d = opendir(dir);
  if (!d)
    return -1;
  int n = 0;
  for (struct dirent *e = readdir(d); e; e = readdir(d))
    if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
      ++n;
  closedir(d);
  return n;
}

//===----------------------------------------------------------------------===//
// IrsAtomicFile
//===----------------------------------------------------------------------===//

// Number of entries of `dir` whose name starts with `prefix`.
static int countPrefixed(const char *dir, const char *prefix) {
  DIR *d = opendir(dir);
  if (!d)
    return -1;
  int n = 0;
  for (struct dirent *e = readdir(d); e; e = readdir(d))
    if (strncmp(e->d_name, prefix, strlen(prefix)) == 0)
      ++n;
  closedir(d);
  return n;
}

// Write failures are provoked with a file-size limit: past it, write(2)
// fails with EFBIG (SIGXFSZ is ignored in main). The limit is lifted before
// any assertion so that a failing test cannot leave it in place.
static struct rlimit savedLimit;

static void limitFileSize(rlim_t bytes) {
  getrlimit(RLIMIT_FSIZE, &savedLimit);
  struct rlimit l = savedLimit;
  l.rlim_cur = bytes;
  setrlimit(RLIMIT_FSIZE, &l);
}

static void unlimitFileSize(void) { setrlimit(RLIMIT_FSIZE, &savedLimit); }

static void test_fs__atomic_commit_renames_into_place(void **state) {
  char path[4096];
  at(state, "out.mlir", path);
  IrsAtomicFile af;
  assert_int_equal(irsAtomicFileOpen(&af, path), 0);
  // Until the commit only a temporary sibling exists.
  assert_false(exists(path));
  assert_int_equal(countEntries((const char *)*state), 1);
  assert_int_equal(countPrefixed((const char *)*state, "out.mlir.tmp-"), 1);
  irsAtomicFileWrite(&af, "module {\n", 9);
  irsAtomicFileStringCallback(mlirStringRefCreateFromCString("}\n"), &af);
  assert_int_equal(irsAtomicFileCommit(&af), 0);
  char *got = slurpPath(path);
  assert_string_equal(got, "module {\n}\n");
  free(got);
  assert_int_equal(countEntries((const char *)*state), 1);
}

// Printed IR arrives a token at a time: 3 MiB of tokens of every length go
// through the callback's fast path and past the 1 MiB buffer, counted, the
// first byte remembered once the buffer was written out.
static void test_fs__atomic_string_callback_tokens_past_buffer(void **state) {
  char path[4096];
  at(state, "tokens.mlir", path);
  IrsAtomicFile af;
  assert_int_equal(irsAtomicFileOpen(&af, path), 0);
  assert_int_equal(irsAtomicFileFirstByte(&af), -1);
  static char text[3 << 20];
  size_t len = 0;
  for (size_t n = 0; len + n <= sizeof(text); n = (n + 1) % 41) {
    for (size_t i = 0; i < n; ++i)
      text[len + i] = (char)('#' + (len + i) % 90);
    irsAtomicFileStringCallback((MlirStringRef){text + len, n}, &af);
    len += n;
  }
  assert_int_equal(irsAtomicFileSize(&af), len);
  assert_int_equal(irsAtomicFileFirstByte(&af), '#');
  assert_int_equal(irsAtomicFileCommit(&af), 0);
  FILE *f = fopen(path, "rb");
  assert_non_null(f);
  char *got = malloc(len + 1);
  assert_int_equal(fread(got, 1, len + 1, f), len);
  fclose(f);
  assert_memory_equal(got, text, len);
  free(got);
}

static void test_fs__atomic_commit_replaces_existing_file(void **state) {
  char path[4096];
  at(state, "manifest.xml", path);
  writeText(path, "old contents that are longer than the new ones\n");
  assert_int_equal(irsWriteFileAtomic(path, "new\n", 4), 0);
  char *got = slurpPath(path);
  assert_string_equal(got, "new\n");
  free(got);
  assert_int_equal(countEntries((const char *)*state), 1);
}

static void test_fs__atomic_commit_empty_file(void **state) {
  char path[4096];
  at(state, "empty", path);
  assert_int_equal(irsWriteFileAtomic(path, "", 0), 0);
  struct stat st;
  assert_int_equal(stat(path, &st), 0);
  assert_int_equal(st.st_size, 0);
}

// Written files are ordinary files: the umask decides, as for fopen.
static void test_fs__atomic_file_mode_follows_umask(void **state) {
  char path[4096];
  at(state, "mode", path);
  mode_t old = umask(022);
  int rc = irsWriteFileAtomic(path, "x", 1);
  umask(old);
  assert_int_equal(rc, 0);
  struct stat st;
  assert_int_equal(stat(path, &st), 0);
  assert_int_equal(st.st_mode & 0777, 0644);
}

static void test_fs__atomic_open_in_missing_dir_fails(void **state) {
  char path[4096];
  at(state, "no/such/dir/out.mlir", path);
  IrsAtomicFile af;
  assert_int_equal(irsAtomicFileOpen(&af, path), ENOENT);
  assert_false(exists(path));
  assert_int_equal(irsWriteFileAtomic(path, "x", 1), ENOENT);
  assert_false(exists(path));
  assert_int_equal(countEntries((const char *)*state), 0);
}

// Small writes are buffered, so the failure only shows when the commit
// flushes; neither the real name nor the temporary may remain.
static void test_fs__atomic_commit_failure_leaves_no_file(void **state) {
  char path[4096], data[64];
  at(state, "dump.mlir", path);
  memset(data, 'x', sizeof(data));
  IrsAtomicFile af;
  limitFileSize(16);
  int openRc = irsAtomicFileOpen(&af, path);
  int commitRc = EINVAL;
  if (openRc == 0) {
    irsAtomicFileWrite(&af, data, sizeof(data));
    commitRc = irsAtomicFileCommit(&af);
  }
  unlimitFileSize();
  assert_int_equal(openRc, 0);
  assert_int_equal(commitRc, EFBIG);
  assert_false(exists(path));
  assert_int_equal(countEntries((const char *)*state), 0);
}

// A failed commit leaves an existing file under the real name as it was.
static void test_fs__atomic_commit_failure_keeps_old_file(void **state) {
  char path[4096], data[64];
  at(state, "manifest.xml", path);
  writeText(path, "<manifest/>\n");
  memset(data, 'x', sizeof(data));
  limitFileSize(16);
  int rc = irsWriteFileAtomic(path, data, sizeof(data));
  unlimitFileSize();
  assert_int_equal(rc, EFBIG);
  char *got = slurpPath(path);
  assert_string_equal(got, "<manifest/>\n");
  free(got);
  assert_int_equal(countEntries((const char *)*state), 1);
}

// Writes larger than the write buffer go out at once and fail at once; the
// error is sticky and reported by the commit.
static void test_fs__atomic_large_write_failure_is_sticky(void **state) {
  char path[4096];
  at(state, "big.mlir", path);
  size_t n = 3u << 20;
  char *big = malloc(n);
  memset(big, 'x', n);
  IrsAtomicFile af;
  limitFileSize(4096);
  int openRc = irsAtomicFileOpen(&af, path);
  int errAfterWrite = -1, errAfterMore = -1, commitRc = EINVAL;
  if (openRc == 0) {
    irsAtomicFileWrite(&af, big, n);
    errAfterWrite = af.err;
    irsAtomicFileWrite(&af, "more", 4); // ignored after the first error
    errAfterMore = af.err;
    commitRc = irsAtomicFileCommit(&af);
  }
  unlimitFileSize();
  free(big);
  assert_int_equal(openRc, 0);
  assert_int_equal(errAfterWrite, EFBIG);
  assert_int_equal(errAfterMore, EFBIG);
  assert_int_equal(commitRc, EFBIG);
  assert_false(exists(path));
  assert_int_equal(countEntries((const char *)*state), 0);
}

static void test_fs__atomic_commit_onto_directory_fails(void **state) {
  char path[4096];
  at(state, "adir", path);
  assert_int_equal(mkdir(path, 0777), 0);
  // rename(file, dir) fails with EISDIR; the temporary must go away.
  assert_int_equal(irsWriteFileAtomic(path, "x", 1), EISDIR);
  assert_true(isDir(path));
  assert_int_equal(countEntries((const char *)*state), 1);
}

static void test_fs__atomic_abort_removes_temporary(void **state) {
  char path[4096];
  at(state, "aborted.mlir", path);
  IrsAtomicFile af;
  assert_int_equal(irsAtomicFileOpen(&af, path), 0);
  assert_int_equal(countEntries((const char *)*state), 1);
  irsAtomicFileWrite(&af, "half", 4);
  irsAtomicFileAbort(&af);
  assert_false(exists(path));
  assert_int_equal(countEntries((const char *)*state), 0);
}

static void test_fs__atomic_commit_twice_is_einval(void **state) {
  char path[4096];
  at(state, "twice", path);
  IrsAtomicFile af;
  assert_int_equal(irsAtomicFileOpen(&af, path), 0);
  assert_int_equal(irsAtomicFileCommit(&af), 0);
  assert_int_equal(irsAtomicFileCommit(&af), EINVAL);
  assert_true(exists(path));
}

// Two writers of the same file at once (parallel pass instances) each get
// their own temporary; the last commit wins whole.
static void test_fs__atomic_concurrent_writers(void **state) {
  char path[4096];
  at(state, "shared.txt", path);
  IrsAtomicFile a, b;
  assert_int_equal(irsAtomicFileOpen(&a, path), 0);
  assert_int_equal(irsAtomicFileOpen(&b, path), 0);
  assert_int_equal(countPrefixed((const char *)*state, "shared.txt.tmp-"), 2);
  irsAtomicFileWrite(&a, "from a\n", 7);
  irsAtomicFileWrite(&b, "from b\n", 7);
  assert_int_equal(irsAtomicFileCommit(&a), 0);
  assert_int_equal(irsAtomicFileCommit(&b), 0);
  char *got = slurpPath(path);
  assert_string_equal(got, "from b\n");
  free(got);
  assert_int_equal(countEntries((const char *)*state), 1);
}

// A memfd holding `n` bytes of a pattern that no 1 MiB buffer boundary
// hides, as a forked printer's part.
static int patternMemfd(size_t n) {
  int fd = memfd_create("irscope-unit-part", MFD_CLOEXEC);
  assert_true(fd >= 0);
  char chunk[4099];
  for (size_t i = 0; i < sizeof(chunk); ++i)
    chunk[i] = (char)('a' + i % 26);
  for (size_t done = 0; done < n;) {
    size_t k = n - done < sizeof(chunk) ? n - done : sizeof(chunk);
    assert_int_equal(write(fd, chunk, k), (ssize_t)k);
    done += k;
  }
  return fd;
}

// A part in a memfd (another file system than the dump's) is appended
// after what the handle holds, byte for byte (sendfile), also past the
// write buffer's size; a part shorter than announced is an EIO.
static void test_fs__atomic_append_from_memfd(void **state) {
  char path[4096];
  at(state, "stitched.mlir", path);
  enum { kPart = (3 << 20) + 17 };
  int part = patternMemfd(kPart);
  IrsAtomicFile af;
  assert_int_equal(irsAtomicFileOpen(&af, path), 0);
  irsAtomicFileWrite(&af, "head\n", 5);
  irsAtomicFileAppendFd(&af, part, kPart);
  irsAtomicFileWrite(&af, "}\n", 2);
  assert_int_equal(irsAtomicFileSize(&af), 5 + kPart + 2);
  assert_int_equal(irsAtomicFileFirstByte(&af), 'h');
  assert_int_equal(irsAtomicFileCommit(&af), 0);
  FILE *f = fopen(path, "rb");
  assert_non_null(f);
  char *got = malloc(kPart + 16);
  assert_int_equal(fread(got, 1, kPart + 16, f), 5 + kPart + 2);
  fclose(f);
  assert_memory_equal(got, "head\n", 5);
  size_t bad = 0;
  for (size_t i = 0; i < kPart; ++i)
    bad += got[5 + i] != (char)('a' + i % 4099 % 26);
  assert_int_equal(bad, 0);
  assert_memory_equal(got + 5 + kPart, "}\n", 2);
  free(got);

  // Appended first, the part's own first byte is the file's.
  assert_int_equal(irsAtomicFileOpen(&af, path), 0);
  irsAtomicFileAppendFdFrom(&af, part, 1, 10);
  assert_int_equal(irsAtomicFileSize(&af), 10);
  assert_int_equal(irsAtomicFileFirstByte(&af), 'b');
  irsAtomicFileAbort(&af);

  assert_int_equal(irsAtomicFileOpen(&af, path), 0);
  irsAtomicFileAppendFd(&af, part, kPart + 1);
  assert_int_equal(irsAtomicFileCommit(&af), EIO);
  close(part);
}

// irsWriteAll moves every byte through a pipe; irsPwriteAll writes at its
// offset and leaves the file offset where it was; a closed reader is EPIPE.
static void test_fs__write_all_and_pwrite_all(void **state) {
  (void)state;
  int p[2];
  assert_int_equal(pipe(p), 0);
  assert_int_equal(irsWriteAll(p[1], "abc", 3), 0);
  char got[4] = {0};
  assert_int_equal(read(p[0], got, 3), 3);
  assert_string_equal(got, "abc");
  close(p[0]);
  signal(SIGPIPE, SIG_IGN);
  assert_int_equal(irsWriteAll(p[1], "x", 1), EPIPE);
  close(p[1]);

  int fd = memfd_create("irscope-unit-pwrite", MFD_CLOEXEC);
  assert_true(fd >= 0);
  assert_int_equal(irsWriteAll(fd, "0123456789", 10), 0);
  assert_int_equal(irsPwriteAll(fd, "ab", 2, 3), 0);
  assert_int_equal(lseek(fd, 0, SEEK_CUR), 10);
  char all[11] = {0};
  assert_int_equal(pread(fd, all, 10, 0), 10);
  assert_string_equal(all, "012ab56789");
  close(fd);
}

//===----------------------------------------------------------------------===//
// irsMkdirP
//===----------------------------------------------------------------------===//

static void test_fs__mkdirp_creates_nested(void **state) {
  char path[4096], mid[4096];
  at(state, "a/b/c", path);
  assert_int_equal(irsMkdirP(path), 0);
  assert_true(isDir(path));
  assert_true(isDir(at(state, "a/b", mid)));
}

static void test_fs__mkdirp_existing_is_ok(void **state) {
  char path[4096];
  assert_int_equal(irsMkdirP((const char *)*state), 0);
  at(state, "x/y", path);
  assert_int_equal(irsMkdirP(path), 0);
  assert_int_equal(irsMkdirP(path), 0);
  assert_true(isDir(path));
}

static void test_fs__mkdirp_trailing_and_double_slashes(void **state) {
  char path[4096], want[4096];
  at(state, "p//q/r///", path);
  assert_int_equal(irsMkdirP(path), 0);
  assert_true(isDir(at(state, "p/q/r", want)));
}

static void test_fs__mkdirp_root_is_ok(void **state) {
  (void)state;
  assert_int_equal(irsMkdirP("/"), 0);
}

static void test_fs__mkdirp_file_in_the_way(void **state) {
  char file[4096], below[4096];
  at(state, "plain", file);
  writeText(file, "not a directory\n");
  // The last component is a file.
  assert_int_equal(irsMkdirP(file), ENOTDIR);
  // A middle component is a file.
  at(state, "plain/sub/dir", below);
  assert_int_equal(irsMkdirP(below), ENOTDIR);
  char *got = slurpPath(file);
  assert_string_equal(got, "not a directory\n");
  free(got);
}

static void test_fs__mkdirp_relative_path(void **state) {
  char cwd[4096];
  assert_non_null(getcwd(cwd, sizeof(cwd)));
  assert_int_equal(chdir((const char *)*state), 0);
  int rc = irsMkdirP("rel/one");
  int ok = isDir("rel/one");
  assert_int_equal(chdir(cwd), 0);
  assert_int_equal(rc, 0);
  assert_true(ok);
}

// An empty path names no directory (mkdir("") is ENOENT); in particular the
// helper must not read past the end of its copy of the string.
static void test_fs__mkdirp_empty_path(void **state) {
  (void)state;
  assert_int_equal(irsMkdirP(""), ENOENT);
}

//===----------------------------------------------------------------------===//
// irsSanitizeFileName
//===----------------------------------------------------------------------===//

static void test_fs__sanitize_keeps_safe_characters(void **state) {
  (void)state;
  char out[65];
  irsSanitizeFileName(mlirStringRefCreateFromCString("func.func"), out, 64);
  assert_string_equal(out, "func.func");
  irsSanitizeFileName(mlirStringRefCreateFromCString("A-z_0.9"), out, 64);
  assert_string_equal(out, "A-z_0.9");
}

static void test_fs__sanitize_maps_other_bytes(void **state) {
  (void)state;
  char out[65];
  irsSanitizeFileName(mlirStringRefCreateFromCString("a/b c{d=1}"), out, 64);
  assert_string_equal(out, "a_b_c_d_1_");
  // Every byte of a multi-byte character becomes one '_'.
  irsSanitizeFileName(mlirStringRefCreateFromCString("\xc3\xa9t\xc3\xa9"), out,
                      64);
  assert_string_equal(out, "__t__");
  irsSanitizeFileName(mlirStringRefCreateFromCString("../.."), out, 64);
  assert_string_equal(out, ".._..");
}

static void test_fs__sanitize_truncates(void **state) {
  (void)state;
  char out[5];
  memset(out, '#', sizeof(out));
  irsSanitizeFileName(mlirStringRefCreateFromCString("canonicalize"), out, 4);
  assert_string_equal(out, "cano");
}

static void test_fs__sanitize_respects_length_and_empty(void **state) {
  (void)state;
  char out[65];
  MlirStringRef r = {"cse-and-more", 3};
  irsSanitizeFileName(r, out, 64);
  assert_string_equal(out, "cse");
  irsSanitizeFileName(mlirStringRefCreate("", 0), out, 64);
  assert_string_equal(out, "");
}

//===----------------------------------------------------------------------===//
// irsPathJoin
//===----------------------------------------------------------------------===//

static void test_fs__pathjoin(void **state) {
  (void)state;
  char *p = irsPathJoin("dir", "file.mlir");
  assert_string_equal(p, "dir/file.mlir");
  free(p);
  p = irsPathJoin("dir/", "file.mlir");
  assert_string_equal(p, "dir/file.mlir");
  free(p);
  p = irsPathJoin("/", "tmp");
  assert_string_equal(p, "/tmp");
  free(p);
  p = irsPathJoin("", "file.mlir");
  assert_string_equal(p, "file.mlir");
  free(p);
  p = irsPathJoin("a/b", "c/d");
  assert_string_equal(p, "a/b/c/d");
  free(p);
  p = irsPathJoin("dir", "");
  assert_string_equal(p, "dir/");
  free(p);
}

int main(void) {
  signal(SIGXFSZ, SIG_IGN);
#define T(name) cmocka_unit_test_setup_teardown(name, setUp, tearDown)
  const struct CMUnitTest tests[] = {
      T(test_fs__atomic_commit_renames_into_place),
      T(test_fs__atomic_commit_replaces_existing_file),
      T(test_fs__atomic_string_callback_tokens_past_buffer),
      T(test_fs__atomic_commit_empty_file),
      T(test_fs__atomic_file_mode_follows_umask),
      T(test_fs__atomic_open_in_missing_dir_fails),
      T(test_fs__atomic_commit_failure_leaves_no_file),
      T(test_fs__atomic_commit_failure_keeps_old_file),
      T(test_fs__atomic_large_write_failure_is_sticky),
      T(test_fs__atomic_commit_onto_directory_fails),
      T(test_fs__atomic_abort_removes_temporary),
      T(test_fs__atomic_commit_twice_is_einval),
      T(test_fs__atomic_concurrent_writers),
      T(test_fs__atomic_append_from_memfd),
      T(test_fs__write_all_and_pwrite_all),
      T(test_fs__mkdirp_creates_nested),
      T(test_fs__mkdirp_existing_is_ok),
      T(test_fs__mkdirp_trailing_and_double_slashes),
      T(test_fs__mkdirp_root_is_ok),
      T(test_fs__mkdirp_file_in_the_way),
      T(test_fs__mkdirp_relative_path),
      T(test_fs__sanitize_keeps_safe_characters),
      T(test_fs__sanitize_maps_other_bytes),
      T(test_fs__sanitize_truncates),
      T(test_fs__sanitize_respects_length_and_empty),
      T(test_fs__pathjoin),
      // Last: under ASan its out-of-bounds read ends the whole program.
      T(test_fs__mkdirp_empty_path),
  };
#undef T
  return cmocka_run_group_tests(tests, NULL, NULL);
}
