// SPDX-License-Identifier: Apache-2.0
// File-system helpers; see Fs.h.
#include "Fs.h"
#include "Buf.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int irsAtomicFileOpen(IrsAtomicFile *af, const char *path) {
  memset(af, 0, sizeof(*af));
  IrsBuf b = IRS_BUF_INIT;
  irsBufPrintf(&b, "%s.tmp-%ld", path, (long)getpid());
  af->tmpPath = irsBufDetach(&b);
  af->path = irsStrDup(path);
  if (!af->tmpPath || !af->path) {
    free(af->tmpPath);
    free(af->path);
    memset(af, 0, sizeof(*af));
    return ENOMEM;
  }
  af->f = fopen(af->tmpPath, "wb");
  if (!af->f) {
    int e = errno;
    free(af->tmpPath);
    free(af->path);
    memset(af, 0, sizeof(*af));
    return e ? e : EIO;
  }
  // Dumps of large modules are written in big chunks; a large buffer keeps
  // the number of write(2) calls low.
  setvbuf(af->f, NULL, _IOFBF, 1 << 20);
  return 0;
}

void irsAtomicFileWrite(IrsAtomicFile *af, const void *data, size_t n) {
  if (af->err || !af->f || n == 0)
    return;
  if (fwrite(data, 1, n, af->f) != n)
    af->err = errno ? errno : EIO;
}

void irsAtomicFileStringCallback(MlirStringRef s, void *userData) {
  irsAtomicFileWrite((IrsAtomicFile *)userData, s.data, s.length);
}

static void release(IrsAtomicFile *af) {
  free(af->tmpPath);
  free(af->path);
  memset(af, 0, sizeof(*af));
}

int irsAtomicFileCommit(IrsAtomicFile *af) {
  if (!af->f)
    return EINVAL;
  if (fflush(af->f) != 0 && !af->err)
    af->err = errno ? errno : EIO;
  if (fclose(af->f) != 0 && !af->err)
    af->err = errno ? errno : EIO;
  af->f = NULL;
  int err = af->err;
  if (!err && rename(af->tmpPath, af->path) != 0)
    err = errno ? errno : EIO;
  if (err)
    unlink(af->tmpPath);
  release(af);
  return err;
}

void irsAtomicFileAbort(IrsAtomicFile *af) {
  if (af->f) {
    fclose(af->f);
    unlink(af->tmpPath);
  }
  release(af);
}

int irsWriteFileAtomic(const char *path, const void *data, size_t n) {
  IrsAtomicFile af;
  int e = irsAtomicFileOpen(&af, path);
  if (e)
    return e;
  irsAtomicFileWrite(&af, data, n);
  return irsAtomicFileCommit(&af);
}

int irsMkdirP(const char *path) {
  char *p = irsStrDup(path);
  if (!p)
    return ENOMEM;
  size_t len = strlen(p);
  while (len > 1 && p[len - 1] == '/')
    p[--len] = '\0';
  for (char *s = p + 1; *s; ++s) {
    if (*s != '/')
      continue;
    *s = '\0';
    if (mkdir(p, 0777) != 0 && errno != EEXIST) {
      int e = errno;
      free(p);
      return e;
    }
    *s = '/';
  }
  int rc = 0;
  if (mkdir(p, 0777) != 0) {
    if (errno == EEXIST) {
      struct stat st;
      if (stat(p, &st) != 0 || !S_ISDIR(st.st_mode))
        rc = ENOTDIR;
    } else {
      rc = errno;
    }
  }
  free(p);
  return rc;
}

char *irsPathJoin(const char *dir, const char *name) {
  IrsBuf b = IRS_BUF_INIT;
  size_t n = strlen(dir);
  irsBufAppendStr(&b, dir);
  if (n && dir[n - 1] != '/')
    irsBufAppendStr(&b, "/");
  irsBufAppendStr(&b, name);
  return irsBufDetach(&b);
}

void irsSanitizeFileName(MlirStringRef s, char *out, size_t maxLen) {
  size_t n = s.length < maxLen ? s.length : maxLen;
  for (size_t i = 0; i < n; ++i) {
    char c = s.data[i];
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
              (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
    out[i] = ok ? c : '_';
  }
  out[n] = '\0';
}
