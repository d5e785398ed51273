// SPDX-License-Identifier: Apache-2.0
//===- ForkRequest.c - encode and decode a fork server's request ----------===//
//
// See ForkRequest.h. Kept free of libirscope's support code: the preload
// shim compiles this file too.
//
//===----------------------------------------------------------------------===//
#include "ForkRequest.h"

#include <stdint.h>
#include <string.h>

static const char kMagic[4] = {'I', 'R', 'F', '1'};

size_t irsForkRequestEncode(const char *const *argv, char *buf, size_t cap) {
  uint32_t argc = 0;
  size_t len = sizeof(kMagic) + sizeof(argc);
  for (; argv && argv[argc]; ++argc) {
    size_t n = strlen(argv[argc]) + 1;
    if (argc >= IRS_FORK_REQUEST_MAX_ARGS || n > cap || len > cap - n)
      return 0;
    len += n;
  }
  if (len > cap)
    return 0;
  memcpy(buf, kMagic, sizeof(kMagic));
  memcpy(buf + sizeof(kMagic), &argc, sizeof(argc));
  size_t off = sizeof(kMagic) + sizeof(argc);
  for (uint32_t i = 0; i < argc; ++i) {
    size_t n = strlen(argv[i]) + 1;
    memcpy(buf + off, argv[i], n);
    off += n;
  }
  return len;
}

int irsForkRequestDecode(const char *buf, size_t len, const char **argv,
                         int maxArgs) {
  uint32_t argc;
  size_t off = sizeof(kMagic) + sizeof(argc);
  if (len < off || memcmp(buf, kMagic, sizeof(kMagic)) != 0)
    return -1;
  memcpy(&argc, buf + sizeof(kMagic), sizeof(argc));
  if (argc > (uint32_t)maxArgs)
    return -1;
  for (uint32_t i = 0; i < argc; ++i) {
    const char *end = off < len ? memchr(buf + off, '\0', len - off) : NULL;
    if (!end)
      return -1;
    argv[i] = buf + off;
    off = (size_t)(end - buf) + 1;
  }
  if (off != len)
    return -1; // trailing bytes: not what the client sent
  argv[argc] = NULL;
  return (int)argc;
}
