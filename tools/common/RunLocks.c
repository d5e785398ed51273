// SPDX-License-Identifier: Apache-2.0
// Locking the run directories of a command line; see RunLocks.h.
#include "RunLocks.h"

#include "irscope/Outcome.h"
#include "irscope/RunDir.h"

#include <stdio.h>
#include <string.h>

static void printReason(MlirStringRef s, void *ud) {
  fprintf(stderr, "%s: error: %.*s\n", (const char *)ud, (int)s.length,
          s.data);
}

int irsToolRunLocksAdd(IrsToolRunLocks *l, const char *tool, const char *dir,
                       const char *what, bool removeIfUnused) {
  if (!dir || !*dir || !strcmp(dir, "-") || l->num == kIrsToolRunLocksMax)
    return -1;
  for (int i = 0; i < l->num; ++i)
    if (!strcmp(l->locks[i].dir, dir))
      return -1;
  int fd;
  bool created;
  IrsErrorKind k =
      irsRunDirLock(dir, what, &fd, &created, printReason, (void *)tool);
  if (k != IRS_OK)
    return irsOutcomeGetExitCode(irsOutcomeFromErrorKind(k));
  l->locks[l->num].dir = dir;
  l->locks[l->num].fd = fd;
  l->locks[l->num].created = created && removeIfUnused;
  ++l->num;
  return -1;
}

void irsToolRunLocksRelease(IrsToolRunLocks *l) {
  for (int i = l->num - 1; i >= 0; --i)
    irsRunDirUnlock(l->locks[i].dir, l->locks[i].fd, l->locks[i].created);
  l->num = 0;
}
