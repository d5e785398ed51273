// SPDX-License-Identifier: Apache-2.0
//===- RunDirScratch.c - a process's scratch under TMPDIR, and a dead one's ===//
//
// The scratch that lives outside any run directory (include/irscope/
// RunDir.h, irsRunDirCreateScratch): an --tool run's directory, the files
// that stand in for stdin and stdout, an executor's jitdump directory.
// SIGKILL leaves them behind, so each carries its process's id, and the
// next process that makes scratch of the same kind removes the ones whose
// process is gone, as the temporaries of atomic writes are removed
// (RunDir.c).
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE // mkostemp
#include "irscope/RunDir.h"

#include "Buf.h"
#include "Fs.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

int irsRunDirRemoveStaleScratch(const char *dir, const char *prefix) {
  DIR *d = opendir(dir);
  if (!d)
    return 0;
  int removed = 0;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    struct stat st;
    if (!irsRunDirDeadOwner(e->d_name, prefix) ||
        fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
        st.st_uid != geteuid())
      continue;
    if (S_ISREG(st.st_mode)) {
      removed += unlinkat(dirfd(d), e->d_name, 0) == 0;
    } else if (S_ISDIR(st.st_mode)) {
      char *p = irsPathJoin(dir, e->d_name);
      if (p)
        irsRemoveTree(p, /*keepTop=*/false);
      removed += p && access(p, F_OK) != 0;
      free(p);
    }
  }
  closedir(d);
  return removed;
}

int irsRunDirCreateScratch(const char *prefix, bool directory, char **path) {
  const char *tmp = getenv("TMPDIR");
  tmp = tmp && *tmp ? tmp : "/tmp";
  *path = NULL;
  irsRunDirRemoveStaleScratch(tmp, prefix);
  IrsBuf b = IRS_BUF_INIT;
  irsBufPrintf(&b, "%s/%s%ld-XXXXXX", tmp, prefix, (long)getpid());
  char *p = irsBufDetach(&b);
  if (!p)
    return ENOMEM;
  int fd = -1;
  bool made = directory ? mkdtemp(p) != NULL
                        : (fd = mkostemp(p, O_CLOEXEC)) >= 0;
  int e = made ? 0 : errno ? errno : EIO;
  if (fd >= 0)
    close(fd);
  if (e)
    free(p);
  else
    *path = p;
  return e;
}
