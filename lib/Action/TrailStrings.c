// SPDX-License-Identifier: Apache-2.0
//===- TrailStrings.c - the action trail's strings, each stored once ------===//
//
// The few hundred distinct strings a worker's records name (patterns,
// passes, op names, files), interned by content into the trail's shared
// mapping so that a record holds 4-byte references instead of copies
// (TrailImpl.h). Lock-free for the worker's threads: a string is claimed
// by a compare-and-swap of its hash into a slot of an open-addressed index
// and published by a release store of its reference after its bytes are
// written. Two threads interning the same new string at once may both
// store it; either copy reads the same. Only misses of the per-thread
// caches come here.
//
//===----------------------------------------------------------------------===//
#include "TrailImpl.h"

#include <string.h>

enum { kProbes = 64 };

void irsTrailStringsReset(IrsTrailStrings *s) {
  memset(s->hash, 0, sizeof s->hash);
  memset(s->ref, 0, sizeof s->ref);
  atomic_store(&s->used, 0);
}

// Eight bytes a step: only cache misses hash, but there are thousands.
static uint64_t hashBytes(const char *p, size_t n) {
  uint64_t h = 0x9E3779B97F4A7C15ull ^ n;
  for (; n >= 8; p += 8, n -= 8) {
    uint64_t w;
    memcpy(&w, p, 8);
    h = (h ^ w) * 0xFF51AFD7ED558CCDull;
    h ^= h >> 32;
  }
  uint64_t w = 0;
  memcpy(&w, p, n);
  h = (h ^ w) * 0xC4CEB9FE1A85EC53ull;
  h ^= h >> 29;
  return h ? h : 1;
}

// A new copy of p[0..n) in the arena; 0 when the arena is full (`used`
// never passes its end, however many misses come after).
static IrsTrailStr store(IrsTrailStrings *s, const char *p, size_t n) {
  uint32_t need = (uint32_t)n + 2;
  uint32_t at = atomic_load_explicit(&s->used, memory_order_relaxed);
  do {
    if (at > IRS_TRAIL_STRING_BYTES - need)
      return 0;
  } while (!atomic_compare_exchange_weak_explicit(
      &s->used, &at, at + need, memory_order_relaxed, memory_order_relaxed));
  s->arena[at] = (char)(unsigned char)n;
  memcpy(s->arena + at + 1, p, n);
  s->arena[at + 1 + n] = 0;
  return at + 1;
}

static bool holds(const IrsTrailStrings *s, IrsTrailStr ref, const char *p,
                  size_t n) {
  return (unsigned char)s->arena[ref - 1] == n &&
         memcmp(s->arena + ref, p, n) == 0;
}

IrsTrailStr irsTrailStringsIntern(IrsTrailStrings *s, const char *p, size_t n) {
  if (n == 0)
    return 0;
  if (n > IRS_TRAIL_STRING_MAX)
    n = IRS_TRAIL_STRING_MAX;
  uint64_t h = hashBytes(p, n);
  size_t mask = IRS_TRAIL_STRING_SLOTS - 1;
  for (size_t k = 0, i = h & mask; k < kProbes; ++k, i = (i + 1) & mask) {
    uint64_t cur = atomic_load_explicit(&s->hash[i], memory_order_acquire);
    if (!cur && atomic_compare_exchange_strong(&s->hash[i], &cur, h)) {
      IrsTrailStr ref = store(s, p, n);
      atomic_store_explicit(&s->ref[i], ref, memory_order_release);
      return ref;
    }
    if (cur != h)
      continue;
    // Not yet published (another thread is writing it) or another string
    // of the same hash: look on; at worst this string gets a second copy.
    IrsTrailStr ref = atomic_load_explicit(&s->ref[i], memory_order_acquire);
    if (ref && holds(s, ref, p, n))
      return ref;
  }
  return store(s, p, n); // the index is crowded here: a copy of its own
}

const char *irsTrailStringsGet(const IrsTrailStrings *s, IrsTrailStr ref,
                               size_t *length) {
  size_t n = 0;
  const char *str = "";
  uint32_t used = atomic_load(&s->used);
  if (used > IRS_TRAIL_STRING_BYTES) // only a wild write makes it so
    used = IRS_TRAIL_STRING_BYTES;
  if (ref && ref < used) {
    n = (unsigned char)s->arena[ref - 1];
    if ((size_t)ref + n < used && s->arena[ref + n] == 0)
      str = s->arena + ref;
    else
      n = 0;
  }
  if (length)
    *length = n;
  return str;
}
