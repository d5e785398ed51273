// SPDX-License-Identifier: Apache-2.0
//===- RunDir.c - names and clean-up of a run directory -------------------===//
//
// The rules of include/irscope/RunDir.h that need no XML: how dumps,
// artefacts and temporaries are named and told apart, where a failure
// directory goes, how a dump directory is prepared (an earlier run's files
// are never silently mixed with a new one), and what a supervisor removes
// after a killed worker. The pass manager, lib/Tool, atomic writes (Fs.c),
// the supervisors and irscope-report's converters all ask here, so that a
// reader of the directory and its writer never disagree.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "irscope/RunDir.h"

#include "Buf.h"
#include "Fs.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void irsRunDirDumpName(intptr_t step, MlirStringRef anchor, MlirStringRef pass,
                       MlirStringCallback callback, void *userData) {
  char a[65], p[65], name[160];
  irsSanitizeFileName(anchor, a, 64);
  irsSanitizeFileName(pass, p, 64);
  int n = snprintf(name, sizeof(name), "%04ld-%s-%s.mlir", (long)step, a, p);
  callback((MlirStringRef){name, (size_t)n}, userData);
}

bool irsRunDirIsTemporary(const char *name) {
  return strstr(name, IRS_RUN_DIR_TEMP_INFIX) != NULL;
}

char *irsRunDirTemporaryTemplate(const char *path, const char *suffix) {
  IrsBuf b = IRS_BUF_INIT;
  irsBufPrintf(&b, "%s" IRS_RUN_DIR_TEMP_INFIX "%ld-%s", path, (long)getpid(),
               suffix ? suffix : "XXXXXX");
  return irsBufDetach(&b);
}

long irsRunDirDeadOwner(const char *name, const char *prefix) {
  size_t n = strlen(prefix);
  if (strncmp(name, prefix, n) != 0)
    return 0;
  const char *digits = name + n;
  size_t len = strspn(digits, "0123456789");
  if (len == 0 || len > 9 || digits[len] != '-')
    return 0;
  long pid = strtol(digits, NULL, 10);
  // EPERM: a process we may not signal exists. Only "no such process"
  // makes the name nobody's.
  return pid > 0 && kill((pid_t)pid, 0) != 0 && errno == ESRCH ? pid : 0;
}

// Whether DIR/name (dfd) is a regular file of this user (not a link).
static bool ownRegularFile(int dfd, const char *name) {
  struct stat st;
  return fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
         S_ISREG(st.st_mode) && st.st_uid == geteuid();
}

int irsRunDirRemoveStaleTemporaries(const char *dir, const char *stem) {
  DIR *d = opendir(dir);
  if (!d)
    return 0;
  int removed = 0;
  IrsBuf prefix = IRS_BUF_INIT;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    // The last infix: a user's "a.tmp-b.mlir" may be written atomically too.
    const char *at = NULL;
    for (const char *p = strstr(e->d_name, IRS_RUN_DIR_TEMP_INFIX); p;
         p = strstr(p + 1, IRS_RUN_DIR_TEMP_INFIX))
      at = p;
    size_t stemLen = at ? (size_t)(at - e->d_name) : 0;
    if (!at || (stem && (strlen(stem) != stemLen ||
                         strncmp(e->d_name, stem, stemLen) != 0)))
      continue;
    irsBufReset(&prefix);
    irsBufAppendRef(&prefix, (MlirStringRef){e->d_name, stemLen});
    irsBufAppendStr(&prefix, IRS_RUN_DIR_TEMP_INFIX);
    if (prefix.failed || !irsRunDirDeadOwner(e->d_name, prefix.data) ||
        !ownRegularFile(dirfd(d), e->d_name))
      continue;
    if (unlinkat(dirfd(d), e->d_name, 0) == 0)
      ++removed;
  }
  irsBufFree(&prefix);
  closedir(d);
  return removed;
}

int irsRunDirRemoveStaleTemporariesOf(const char *path) {
  const char *slash = strrchr(path, '/');
  if (!slash)
    return irsRunDirRemoveStaleTemporaries(".", path);
  char *dir = irsStrDup(path);
  if (!dir)
    return 0;
  dir[slash - path > 0 ? slash - path : 1] = '\0';
  int n = irsRunDirRemoveStaleTemporaries(dir, slash + 1);
  free(dir);
  return n;
}

// "NNNN-" with at least four digits, something after the dash.
static size_t dumpDigits(const char *name, size_t len) {
  size_t digits = strspn(name, "0123456789");
  return digits >= 4 && name[digits] == '-' && len > digits + 6 ? digits : 0;
}

static bool endsWith(const char *s, size_t len, const char *suffix) {
  size_t n = strlen(suffix);
  return len >= n && strcmp(s + len - n, suffix) == 0;
}

long irsRunDirDumpIndex(const char *name) {
  size_t len = strlen(name);
  if (!dumpDigits(name, len) || !endsWith(name, len, ".mlir") ||
      irsRunDirIsTemporary(name))
    return -1;
  return strtol(name, NULL, 10);
}

bool irsRunDirIsRunFile(const char *name) {
  static const char *const fixed[] = {
      IRS_RUN_DIR_MANIFEST,     IRS_RUN_DIR_REPORT,
      IRS_RUN_DIR_PRE_STEP_IR,  IRS_RUN_DIR_POST_STEP_IR,
      IRS_RUN_DIR_REPRODUCER,   IRS_RUN_DIR_ACTION_BEFORE,
      IRS_RUN_DIR_ACTION_AFTER, IRS_RUN_DIR_ACTION_DIFF,
      IRS_RUN_DIR_ACTION_REPLAY, NULL};
  size_t tl = strlen(IRS_RUN_DIR_TEMP_INFIX);
  for (const char *const *f = fixed; *f; ++f) {
    size_t l = strlen(*f);
    if (strncmp(name, *f, l) == 0 &&
        (name[l] == '\0' || strncmp(name + l, IRS_RUN_DIR_TEMP_INFIX, tl) == 0))
      return true;
  }
  size_t len = strlen(name);
  return dumpDigits(name, len) &&
         (endsWith(name, len, ".mlir") ||
          strstr(name, ".mlir" IRS_RUN_DIR_TEMP_INFIX));
}

int irsRunDirCreateFailureDir(const char *given, char **dir) {
  if (given) {
    *dir = irsStrDup(given);
    int e = *dir ? irsMkdirP(*dir) : ENOMEM;
    if (!e)
      irsRunDirRemoveStaleTemporaries(*dir, NULL);
    return e;
  }
  const char *t = getenv("TMPDIR");
  IrsBuf b = IRS_BUF_INIT;
  irsBufPrintf(&b, "%s/" IRS_RUN_DIR_FAILURE_PREFIX "XXXXXX",
               t && *t ? t : "/tmp");
  *dir = irsBufDetach(&b);
  if (!*dir)
    return ENOMEM;
  return mkdtemp(*dir) ? 0 : (errno ? errno : EIO);
}

// Why preparing `dir` failed, to the caller's callback.
static IrsErrorKind prepareFailed(IrsErrorKind k, IrsBuf *err,
                                  MlirStringCallback message, void *ud) {
  if (message)
    message(irsBufRef(err), ud);
  irsBufFree(err);
  return k;
}

IrsErrorKind irsRunDirPrepareDumps(const char *dir, bool overwrite,
                                   MlirStringCallback message, void *ud) {
  IrsBuf b = IRS_BUF_INIT, *err = &b;
  int e = irsMkdirP(dir);
  if (!e)
    irsRunDirRemoveStaleTemporaries(dir, NULL); // a killed run's, not a run
  if (e) {
    irsBufPrintf(err, "cannot create dump directory '%s': %s", dir,
                 strerror(e));
    return prepareFailed(IRS_ERR_IO, err, message, ud);
  }
  if (access(dir, W_OK) != 0) {
    irsBufPrintf(err, "cannot write to dump directory '%s': %s", dir,
                 strerror(errno));
    return prepareFailed(IRS_ERR_IO, err, message, ud);
  }
  DIR *d = opendir(dir);
  if (!d) {
    irsBufPrintf(err, "cannot open dump directory '%s': %s", dir,
                 strerror(errno));
    return prepareFailed(IRS_ERR_IO, err, message, ud);
  }
  IrsErrorKind k = IRS_OK;
  struct dirent *ent;
  while ((ent = readdir(d)) != NULL) {
    if (!irsRunDirIsRunFile(ent->d_name))
      continue;
    if (!overwrite) {
      irsBufPrintf(err,
                   "dump directory '%s' already holds a previous run ('%s'); "
                   "remove it or pass --dump-overwrite",
                   dir, ent->d_name);
      k = IRS_ERR_USAGE;
      break;
    }
    char *p = irsPathJoin(dir, ent->d_name);
    if (!p || unlink(p) != 0) {
      irsBufPrintf(err, "cannot remove '%s/%s' from the previous run: %s", dir,
                   ent->d_name, p ? strerror(errno) : "out of memory");
      free(p);
      k = IRS_ERR_IO;
      break;
    }
    free(p);
  }
  closedir(d);
  return k == IRS_OK ? k : prepareFailed(k, err, message, ud);
}

int irsRunDirRemoveTemporaries(const char *dir) {
  DIR *d = opendir(dir);
  if (!d)
    return errno ? errno : EIO;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    if (!irsRunDirIsTemporary(e->d_name))
      continue;
    char *p = irsPathJoin(dir, e->d_name);
    if (p)
      unlink(p);
    free(p);
  }
  closedir(d);
  return 0;
}

void irsRunDirFindDumps(const char *dir, intptr_t beforeStep, char *last,
                        size_t lastCap, char *input, size_t inputCap) {
  DIR *d = opendir(dir);
  if (!d)
    return;
  long best = -1;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    long idx = irsRunDirDumpIndex(e->d_name);
    if (idx < 0)
      continue;
    if (idx == 0)
      snprintf(input, inputCap, "%s", e->d_name);
    if ((beforeStep <= 0 || idx < beforeStep) && idx > best) {
      best = idx;
      snprintf(last, lastCap, "%s", e->d_name);
    }
  }
  closedir(d);
}

int irsRunDirSubdirPath(const char *base, IrsRunDirSubdir kind, long long n,
                        char *buf, size_t cap) {
  const char *sep = base ? "/" : "";
  base = base ? base : "";
  switch (kind) {
  case IrsRunDirChunk:
    return snprintf(buf, cap, "%s%s" IRS_RUN_DIR_CHUNK_PREFIX "%03lld", base,
                    sep, n);
  case IrsRunDirRepeatFailure:
    return snprintf(buf, cap, "%s%s" IRS_RUN_DIR_REPEAT_FAILURE_PREFIX "%lld",
                    base, sep, n);
  case IrsRunDirRepeatRun:
    return snprintf(buf, cap, "%s%s" IRS_RUN_DIR_REPEAT_RUN_PREFIX "%lld", base,
                    sep, n);
  }
  return snprintf(buf, cap, "%s%s%lld", base, sep, n);
}
