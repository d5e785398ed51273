// SPDX-License-Identifier: Apache-2.0
//===- ToolNest.c - pass flags nested as the tool nests them ---------------===//
#define _GNU_SOURCE
#include "ToolNest.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct {
  const char *tool;
  const IrsStringList *args;
} ToolProbe;

// What `tool ARGS --pass-pipeline=QUESTION -o /dev/null /dev/null` writes
// to its stderr (an empty module parses; the pipeline is built after it).
static void probe(MlirStringRef question, MlirStringCallback callback,
                  void *callbackUserData, void *userData) {
  const ToolProbe *tp = userData;
  size_t n = tp->args ? tp->args->num : 0;
  char **argv = calloc(n + 7, sizeof(char *));
  char *flag = NULL;
  int fd[2];
  if (!argv ||
      asprintf(&flag, "--pass-pipeline=%.*s", (int)question.length,
               question.data) < 0 ||
      pipe2(fd, O_CLOEXEC) != 0) {
    free(argv);
    free(flag);
    return;
  }
  size_t k = 0;
  argv[k++] = (char *)tp->tool;
  for (size_t i = 0; i < n; ++i)
    argv[k++] = (char *)tp->args->items[i];
  argv[k++] = flag;
  argv[k++] = "-o";
  argv[k++] = "/dev/null";
  argv[k++] = "/dev/null";
  pid_t pid = fork();
  if (pid == 0) {
    int null = open("/dev/null", O_RDWR | O_CLOEXEC);
    dup2(null, 0);
    dup2(null, 1);
    dup2(fd[1], 2);
    execvp(tp->tool, argv);
    _exit(127);
  }
  close(fd[1]);
  char buf[4096];
  ssize_t r;
  while (pid > 0 && (r = read(fd[0], buf, sizeof(buf))) > 0)
    callback(mlirStringRefCreate(buf, (size_t)r), callbackUserData);
  close(fd[0]);
  if (pid > 0)
    waitpid(pid, NULL, 0);
  free(argv);
  free(flag);
}

IrsPipeline irsToolNestRestrictedPasses(IrsPipeline pipeline, const char *tool,
                                        const IrsStringList *toolArgs,
                                        IrsPipelineErrorCallback errorCallback,
                                        void *userData) {
  ToolProbe tp = {tool, toolArgs};
  IrsPipeline r = irsPipelineNestRestrictedPassesBy(pipeline, probe, &tp,
                                                    errorCallback, userData);
  irsPipelineDestroy(pipeline);
  return r;
}
