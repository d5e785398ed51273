// SPDX-License-Identifier: Apache-2.0
//===- Fs.h - file-system helpers: atomic writes, directories -------------===//
//
// Every file irscope writes goes through IrsAtomicFile: the bytes go to
// "<path>.tmp-XXXXXX" (mkstemp) and are renamed over <path> only when everything was
// written and closed, so a full disk or a killed process never leaves a
// half-written dump, manifest or report behind under the real name.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_SUPPORT_FS_H
#define IRS_SUPPORT_FS_H

#include "FaultWrite.h"

#include <mlir-c/Support.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

typedef struct IrsAtomicFile {
  int fd; // -1 when closed
  char *buf; // write buffer: the printer emits many tiny chunks
  size_t len;
  char *path;
  char *tmpPath;
  int err; // first errno seen, 0 if none
  uint64_t flushed; // bytes that left `buf` (written, or dropped on error)
  unsigned char first; // the first byte that left `buf`, once `flushed`
  bool direct; // not a regular file (/dev/null, a FIFO): written in place
  IrsFaultWrite fault; // the test hook, read when the file is opened
} IrsAtomicFile;

/// Opens a temporary sibling of `path`. Returns 0 or an errno value.
/// Every write point of the handle (creation, each write, the rename)
/// passes the fault-injection hook of FaultWrite.h.
int irsAtomicFileOpen(IrsAtomicFile *af, const char *path);
void irsAtomicFileWrite(IrsAtomicFile *af, const void *data, size_t n);
/// MlirStringCallback writing into the IrsAtomicFile in userData.
void irsAtomicFileStringCallback(MlirStringRef s, void *userData);
/// The bytes handed to the file so far (written or still buffered).
static inline uint64_t irsAtomicFileSize(const IrsAtomicFile *af) {
  return af->flushed + af->len;
}
/// The first byte handed to the file, or -1 when none was.
static inline int irsAtomicFileFirstByte(const IrsAtomicFile *af) {
  if (af->flushed)
    return af->first;
  return af->len ? (unsigned char)af->buf[0] : -1;
}
/// Flushes, closes and renames into place. Returns 0 or the first errno;
/// on failure the temporary is removed and `path` is untouched.
int irsAtomicFileCommit(IrsAtomicFile *af);
/// A handle that writes through its buffer straight into `fd` (an
/// anonymous file a forked printer fills), which it owns: commit flushes
/// and closes it. Returns 0 or ENOMEM.
int irsAtomicFileOpenFd(IrsAtomicFile *af, int fd);
/// Appends the first `len` bytes of the file `fd` (read at offset 0,
/// inside the kernel where it can: copy_file_range on one file system,
/// sendfile from another, such as a memfd); a short file is an EIO of the
/// handle.
void irsAtomicFileAppendFd(IrsAtomicFile *af, int fd, uint64_t len);
/// The same for the `len` bytes of `fd` from offset `from`.
void irsAtomicFileAppendFdFrom(IrsAtomicFile *af, int fd, uint64_t from,
                               uint64_t len);
/// Closes and removes the temporary.
void irsAtomicFileAbort(IrsAtomicFile *af);

/// Writes `n` bytes to `path` atomically. Returns 0 or an errno value.
int irsWriteFileAtomic(const char *path, const void *data, size_t n);
/// Writes all `n` bytes to `fd`, past short writes and EINTR (a pipe, a
/// socket, a file). Returns 0, the errno, or EIO when `fd` takes nothing.
int irsWriteAll(int fd, const void *data, size_t n);
/// irsWriteAll at offset `at` (pwrite: the file offset stays).
int irsPwriteAll(int fd, const void *data, size_t n, off_t at);
/// Appends what `fd` (a pipe from child process `pid`) gives to `out`
/// until its end, past EINTR, for at most `timeoutMs` (0: no limit).
/// False when the limit came first: `pid` was then killed (SIGKILL).
struct IrsBuf;
bool irsReadAllWithin(int fd, pid_t pid, int timeoutMs, struct IrsBuf *out);

/// Copies the file `from` to `to` atomically, inside the kernel
/// (copy_file_range: no bytes through user space, a reflink where the
/// file system shares extents). Returns 0 or an errno value.
int irsCopyFileAtomic(const char *from, const char *to);
/// The content hash of the file at `path` that manifest.xml records for a
/// dump (FileHash.c), as 16 hex digits. Returns 0 or an errno value.
int irsHashFileHex(const char *path, char out[17]);

/// mkdir -p. Returns 0 or an errno value.
int irsMkdirP(const char *path);
/// rm -rf `path` without following symbolic links; with `keepTop` the
/// directory itself stays, emptied. Best effort: what cannot be removed
/// stays.
void irsRemoveTree(const char *path, bool keepTop);

/// An anonymous temporary file (in $TMPDIR, else /tmp), open for reading
/// and writing and close-on-exec, as tmpfile() but never inherited by what
/// a child execs; a child that is meant to write it gets it by dup2. NULL
/// with errno set on failure.
FILE *irsTempFileOpen(void);

/// Joins two path components with '/'; malloc'd, NULL on failure.
char *irsPathJoin(const char *dir, const char *name);

/// Makes `s` safe as part of a file name: keeps [A-Za-z0-9._-], maps every
/// other byte to '_', and truncates to `maxLen` bytes. Writes into `out`
/// which must have room for maxLen + 1 bytes.
void irsSanitizeFileName(MlirStringRef s, char *out, size_t maxLen);

#endif // IRS_SUPPORT_FS_H
