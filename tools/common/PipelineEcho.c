// SPDX-License-Identifier: Apache-2.0
// The pipeline echo under an error; see PipelineEcho.h.
#include "PipelineEcho.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void irsToolPipelineErrorLine(const char *tool, MlirStringRef msg,
                              const char *pipeline) {
  fprintf(stderr, "%s: error: %.*s\n", tool, (int)msg.length, msg.data);
  unsigned line = 0, col = 0;
  char *text = strndup(msg.data, msg.length);
  if (text && pipeline && sscanf(text, "pipeline:%u:%u:", &line, &col) == 2 &&
      line == 1 && col >= 1 && col <= strlen(pipeline) &&
      !strchr(pipeline, '\n'))
    fprintf(stderr, "  %s\n  %*s^\n", pipeline, (int)col - 1, "");
  free(text);
}
