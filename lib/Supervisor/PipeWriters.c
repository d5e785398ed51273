// SPDX-License-Identifier: Apache-2.0
//===- PipeWriters.c - kill the processes that still write to a pipe ------===//
//
// /proc/PID/fd/N names a pipe "pipe:[INODE]", and /proc/PID/fdinfo/N's
// "flags:" (octal) tells the write end from the read end. Only reached when
// a dead worker's descendants outlived the supervisor's wait for them.
//
//===----------------------------------------------------------------------===//
#include "PipeWriters.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

// Whether descriptor `fd` (a name in /proc/PID/fd) of `pid` is open for
// writing only, as a pipe's write end is.
static int isWriteEnd(const char *pid, const char *fd) {
  char path[96];
  snprintf(path, sizeof(path), "/proc/%.20s/fdinfo/%.20s", pid, fd);
  FILE *f = fopen(path, "re");
  if (!f)
    return 0;
  char line[128];
  unsigned long flags = 0;
  int found = 0;
  while (!found && fgets(line, sizeof(line), f))
    found = sscanf(line, "flags: %lo", &flags) == 1;
  fclose(f);
  return found && (flags & O_ACCMODE) == O_WRONLY;
}

// Whether process `pid` holds the write end of a pipe named in `names`.
static int writesTo(const char *pid, char names[][40], int n) {
  char path[64];
  snprintf(path, sizeof(path), "/proc/%.20s/fd", pid);
  DIR *d = opendir(path);
  if (!d)
    return 0;
  int hit = 0;
  struct dirent *e;
  while (!hit && (e = readdir(d)) != NULL) {
    if (e->d_name[0] < '0' || e->d_name[0] > '9')
      continue;
    char link[96], target[64];
    snprintf(link, sizeof(link), "/proc/%.20s/fd/%.20s", pid, e->d_name);
    ssize_t len = readlink(link, target, sizeof(target) - 1);
    if (len <= 0)
      continue;
    target[len] = '\0';
    for (int i = 0; i < n && !hit; ++i)
      hit = strcmp(target, names[i]) == 0 && isWriteEnd(pid, e->d_name);
  }
  closedir(d);
  return hit;
}

int irsKillPipeWriters(const int *fds, int n) {
  char names[4][40];
  int k = 0;
  for (int i = 0; i < n && k < 4; ++i) {
    struct stat st;
    if (fds[i] >= 0 && fstat(fds[i], &st) == 0 && S_ISFIFO(st.st_mode))
      snprintf(names[k++], sizeof(names[0]), "pipe:[%lu]",
               (unsigned long)st.st_ino);
  }
  DIR *proc = k ? opendir("/proc") : NULL;
  if (!proc)
    return 0;
  long self = (long)getpid();
  int killed = 0;
  struct dirent *e;
  while ((e = readdir(proc)) != NULL) {
    if (e->d_name[0] < '0' || e->d_name[0] > '9' ||
        strtol(e->d_name, NULL, 10) == self)
      continue;
    if (writesTo(e->d_name, names, k) &&
        kill((pid_t)strtol(e->d_name, NULL, 10), SIGKILL) == 0)
      ++killed;
  }
  closedir(proc);
  return killed;
}
