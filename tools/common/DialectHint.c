// SPDX-License-Identifier: Apache-2.0
//===- DialectHint.c - a hint at --tool when a dialect is missing ---------===//
#define _GNU_SOURCE
#include "DialectHint.h"

#include <stdio.h>
#include <string.h>

void irsToolDialectHint(const char *tool, const IrsDiagnostic *d) {
  if (d->severity != IrsSeverityError)
    return;
  const char *m = d->message.data;
  size_t n = d->message.length;
  // MLIR's two words for it: custom syntax names the dialect, generic
  // form does not.
  static const char named[] = "Dialect `";
  const char *at = n > sizeof(named) ? memmem(m, n, named, sizeof(named) - 1)
                                     : NULL;
  const char *name = at ? at + sizeof(named) - 1 : NULL;
  const char *end = name ? memchr(name, '\'', n - (size_t)(name - m)) : NULL;
  bool generic = memmem(m, n, "with an unregistered dialect", 28) != NULL;
  if (!end && !generic)
    return;
  char what[160];
  if (end)
    snprintf(what, sizeof(what), "dialect '%.*s' is",
             (int)(end - name < 100 ? end - name : 100), name);
  else
    snprintf(what, sizeof(what), "the op's dialect is");
  fprintf(stderr,
          "%s: note: %s not in irscope's MLIR: run the compiler that has it "
          "with --tool=PATH (--tool=mlir-opt for mlir-opt's test dialect, "
          "--tool=fir-opt for Flang's)%s\n",
          tool, what,
          // Only generic form can be read without the dialect.
          end ? "" : ", or give --allow-unregistered-dialect to keep its ops "
                     "opaque");
}
