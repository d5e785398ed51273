// SPDX-License-Identifier: Apache-2.0
//===- ToolNest.c - pass flags nested as the tool nests them ---------------===//
#define _GNU_SOURCE
#include "ToolNest.h"

#include "Text.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

// What `tool ARGS --pass-pipeline=PROBE -o /dev/null /dev/null` writes to
// its stderr (an empty module parses; the pipeline is built after it).
static void probe(const char *tool, const IrsStringList *args,
                  const char *pipeline, IrsToolText *err) {
  size_t n = args ? args->num : 0;
  char **argv = calloc(n + 7, sizeof(char *));
  char *flag = NULL;
  int fd[2];
  if (!argv || asprintf(&flag, "--pass-pipeline=%s", pipeline) < 0 ||
      pipe2(fd, O_CLOEXEC) != 0) {
    free(argv);
    free(flag);
    return;
  }
  size_t k = 0;
  argv[k++] = (char *)tool;
  for (size_t i = 0; i < n; ++i)
    argv[k++] = (char *)args->items[i];
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
    execvp(tool, argv);
    _exit(127);
  }
  close(fd[1]);
  char buf[4096];
  ssize_t r;
  while (pid > 0 && (r = read(fd[0], buf, sizeof(buf))) > 0)
    irsToolTextAppend(err, buf, (size_t)r);
  close(fd[0]);
  if (pid > 0)
    waitpid(pid, NULL, 0);
  free(argv);
  free(flag);
}

// The op of "... restricted to 'OP' on a PassManager intended to run on
// ...", MLIR's message since MLIR 13 (lib/Pipeline/Pipeline.c reads it too).
static bool restrictedTo(const IrsToolText *err, const char **op, size_t *n) {
  static const char key[] = "' restricted to '";
  const char *s = err->data ? strstr(err->data, key) : NULL;
  const char *end = s ? strchr(s + sizeof(key) - 1, '\'') : NULL;
  if (!end || end == s + sizeof(key) - 1)
    return false;
  *op = s + sizeof(key) - 1;
  *n = (size_t)(end - *op);
  return true;
}

IrsPipeline irsToolNestRestrictedPasses(IrsPipeline pipeline, const char *tool,
                                        const IrsStringList *toolArgs,
                                        IrsPipelineErrorCallback errorCallback,
                                        void *userData) {
  MlirStringRef root = irsPipelineGetRootAnchor(pipeline);
  IrsToolText t = {0};
  irsToolTextAppend(&t, root.data, root.length);
  irsToolTextAppend(&t, "(", 1);
  bool nested = false;
  for (intptr_t i = 0; i < irsPipelineGetNumSteps(pipeline); ++i) {
    MlirStringRef s = irsPipelineGetStepText(pipeline, i);
    // The step without its root anchor: "pass{opts}" or "op(pass)".
    MlirStringRef inner = {s.data + root.length + 1, s.length - root.length - 2};
    if (i)
      irsToolTextAppend(&t, ",", 1);
    const char *op = NULL;
    size_t opLen = 0;
    IrsToolText err = {0};
    if (irsPipelineGetStepNumAnchors(pipeline, i) == 1) {
      MlirStringRef pass = irsPipelineGetStepPassName(pipeline, i);
      char *p = NULL;
      if (asprintf(&p, "%.*s(%.*s)", (int)root.length, root.data,
                   (int)pass.length, pass.data) >= 0)
        probe(tool, toolArgs, p, &err);
      free(p);
    }
    if (restrictedTo(&err, &op, &opLen) &&
        !(opLen == root.length && !memcmp(op, root.data, opLen))) {
      irsToolTextAppend(&t, op, opLen);
      irsToolTextAppend(&t, "(", 1);
      irsToolTextAppend(&t, inner.data, inner.length);
      irsToolTextAppend(&t, ")", 1);
      nested = true;
    } else {
      irsToolTextAppend(&t, inner.data, inner.length);
    }
    free(err.data);
  }
  irsToolTextAppend(&t, ")", 1);
  IrsPipeline r = pipeline;
  if (t.failed) {
    IrsPipelineError e = {mlirStringRefCreateFromCString("out of memory"), -1,
                          0, 0};
    if (errorCallback)
      errorCallback(&e, userData);
    r = (IrsPipeline){NULL};
  } else if (nested) {
    r = irsPipelineCreateParseLocated(mlirStringRefCreate(t.data, t.len),
                                      errorCallback, userData);
  }
  if (r.ptr != pipeline.ptr)
    irsPipelineDestroy(pipeline);
  free(t.data);
  return r;
}
