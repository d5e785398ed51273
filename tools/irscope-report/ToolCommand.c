// SPDX-License-Identifier: Apache-2.0
//===- ToolCommand.c - the tool an irscope-opt --tool run ran -------------===//
//
// A run made with `irscope-opt --tool=PATH` is replayed with PATH, not with
// irscope-opt or mlir-opt (its IR may hold dialects only PATH knows). The
// run header records the tool in <run-tool>; runs written before it did
// have it only in their command line, which irscope-opt writes
// shell-quoted (ShellQuote.h), so for those the words are read back as a
// POSIX shell would split them.
//
//===----------------------------------------------------------------------===//
#include "Explorer.h"

#include "ShellQuote.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static const char *valueOf(const char *word, const char *name) {
  // irscope-opt takes its options with one dash or two.
  const char *w = word[0] == '-' && word[1] == '-' ? word + 2
                  : word[0] == '-'                 ? word + 1
                                                   : NULL;
  size_t n = strlen(name);
  return w && !strncmp(w, name, n) && w[n] == '=' ? w + n + 1 : NULL;
}

char *irsExToolCommand(const char *commandLine) {
  if (!commandLine)
    return NULL;
  size_t cap = strlen(commandLine) + 1;
  char *word = malloc(cap);
  char **argv = calloc(cap, sizeof(char *));
  int argc = 1; // argv[0]: the tool, once found
  const char *p = commandLine;
  bool first = true;
  while (word && argv && irsToolShellNextWord(&p, word)) {
    const char *v;
    if (first) {
      first = false; // irscope-opt itself
    } else if ((v = valueOf(word, "tool")) != NULL) {
      free(argv[0]);
      argv[0] = strdup(v);
    } else if ((v = valueOf(word, "tool-arg")) != NULL) {
      argv[argc++] = strdup(v);
    } else if (!strcmp(word, "--allow-unregistered-dialect") ||
               !strcmp(word, "-allow-unregistered-dialect")) {
      argv[argc++] = strdup(word);
    }
  }
  char *cmd = NULL;
  bool ok = word && argv && argv[0];
  for (int i = 1; ok && i < argc; ++i)
    ok = argv[i] != NULL;
  if (ok)
    cmd = irsToolShellJoin(argc, argv);
  for (int i = 0; argv && i < argc; ++i)
    free(argv[i]);
  free(argv);
  free(word);
  return cmd;
}

char *irsExRunTool(const char *runTool, const char *commandLine) {
  return runTool && *runTool ? strdup(runTool) : irsExToolCommand(commandLine);
}
