// SPDX-License-Identifier: Apache-2.0
//===- FileHash.c - the content hash manifest.xml records for each dump ---===//
//
// A resumed run (irscope-opt --resume-from) tells an edited dump from the
// one its run wrote by this hash. It is computed by reading the dump back
// once it is complete (every writer of dumps, in-process, on a thread, in a
// child or through another tool, ends with a file on disk), so it must cost
// little next to printing: four independent lanes of 64-bit words, each a
// multiply-xor-shift step, mixed at the end. Not cryptographic: it tells a
// changed file from an unchanged one, as the input's FNV-1a does.
//
//===----------------------------------------------------------------------===//
#include "Fs.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct FileHash {
  uint64_t lane[4];
  uint64_t total;
} FileHash;

static const uint64_t kMul = 0x9e3779b97f4a7c15ull;

static uint64_t mix(uint64_t h, uint64_t w) {
  h ^= w;
  h *= kMul;
  return h ^ (h >> 29);
}

// `n` is a multiple of 32 except in the last call.
static void update(FileHash *s, const unsigned char *p, size_t n) {
  size_t i = 0;
  for (; i + 32 <= n; i += 32)
    for (int k = 0; k < 4; ++k) {
      uint64_t w;
      memcpy(&w, p + i + 8 * k, 8);
      s->lane[k] = mix(s->lane[k], w);
    }
  for (; i < n; ++i)
    s->lane[0] = mix(s->lane[0], p[i] | 0x100u);
  s->total += n;
}

static void hex(uint64_t h, char out[17]) {
  static const char digits[] = "0123456789abcdef";
  for (int i = 15; i >= 0; --i) {
    out[i] = digits[h & 15];
    h >>= 4;
  }
  out[16] = '\0';
}

int irsHashFileHex(const char *path, char out[17]) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return errno;
  enum { kChunk = 1 << 18 }; // a multiple of 32
  unsigned char *buf = malloc(kChunk);
  if (!buf) {
    close(fd);
    return ENOMEM;
  }
  FileHash s = {{1, 2, 3, 4}, 0};
  size_t have = 0;
  int e = 0;
  for (;;) {
    ssize_t r = read(fd, buf + have, kChunk - have);
    if (r < 0 && errno == EINTR)
      continue;
    if (r < 0) {
      e = errno;
      break;
    }
    have += (size_t)r;
    if (r == 0 || have == kChunk) {
      update(&s, buf, have);
      have = 0;
      if (r == 0)
        break;
    }
  }
  free(buf);
  close(fd);
  uint64_t h = s.total * kMul;
  for (int k = 0; k < 4; ++k)
    h = mix(h, s.lane[k]);
  hex(h, out);
  return e;
}
