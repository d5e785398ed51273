// SPDX-License-Identifier: Apache-2.0
// A stand-in for an mlir-opt-compatible tool that first notes the file
// descriptors it was started with (one line per run, appended to $FD_LOG:
// "fds: 0 1 2", any other one with what it is, "7->/dev/null"), then
// becomes $MLIR_OPT with its arguments; with $CRASH_ON set, it dies of
// SIGSEGV instead when an argument contains that text (a failure for
// opt-reduce to keep). A dynamically linked program, so that irscope's
// tool fork server can serve it as it serves mlir-opt.
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
  DIR *d = opendir("/proc/self/fd");
  if (!d)
    return 1;
  int self = dirfd(d);
  char line[4096] = "fds:", extra[4096] = "";
  int low[3] = {0, 0, 0};
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    if (e->d_name[0] == '.')
      continue;
    int fd = atoi(e->d_name);
    if (fd == self)
      continue;
    if (fd <= 2) {
      low[fd] = 1;
      continue;
    }
    char path[64], target[1024];
    snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
    ssize_t n = readlink(path, target, sizeof(target) - 1);
    target[n > 0 ? n : 0] = '\0';
    size_t k = strlen(extra);
    snprintf(extra + k, sizeof(extra) - k, " %d->%s", fd, target);
  }
  closedir(d);
  for (int i = 0; i < 3; ++i)
    if (low[i]) {
      size_t k = strlen(line);
      snprintf(line + k, sizeof(line) - k, " %d", i);
    }
  FILE *log = fopen(getenv("FD_LOG"), "a");
  if (!log)
    return 1;
  fprintf(log, "%s%s\n", line, extra);
  fclose(log);
  const char *crashOn = getenv("CRASH_ON");
  for (int i = 1; crashOn && *crashOn && i < argc; ++i)
    if (strstr(argv[i], crashOn))
      raise(SIGSEGV);
  argv[0] = getenv("MLIR_OPT");
  execv(argv[0], argv);
  return 127;
}
