// SPDX-License-Identifier: Apache-2.0
//===- Proc.c - a watched process's resident memory -----------------------===//
#include "Proc.h"

#include <stdio.h>
#include <unistd.h>

int64_t irsProcRssKb(pid_t pid) {
  char path[64];
  snprintf(path, sizeof(path), "/proc/%ld/statm", (long)pid);
  FILE *f = fopen(path, "re");
  if (!f)
    return -1;
  long size = 0, resident = 0;
  int n = fscanf(f, "%ld %ld", &size, &resident);
  fclose(f);
  if (n != 2)
    return -1;
  return (int64_t)resident * (sysconf(_SC_PAGESIZE) / 1024);
}
