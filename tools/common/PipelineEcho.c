// SPDX-License-Identifier: Apache-2.0
// The pipeline echo under an error; see PipelineEcho.h.
#include "PipelineEcho.h"

#include <stdio.h>
#include <string.h>

static void toStderr(MlirStringRef s, void *ud) {
  (void)ud;
  fwrite(s.data, 1, s.length, stderr);
}

void irsToolPipelineErrorLine(const char *tool, const IrsPipelineError *error,
                              const char *pipeline) {
  fprintf(stderr, "%s: error: ", tool);
  irsPipelineErrorPrint(error, toStderr, NULL);
  fputc('\n', stderr);
  if (pipeline && error->offset >= 0 && error->line == 1 &&
      error->column >= 1 && (size_t)error->column <= strlen(pipeline) &&
      !strchr(pipeline, '\n'))
    fprintf(stderr, "  %s\n  %*s^\n", pipeline, (int)error->column - 1, "");
}
