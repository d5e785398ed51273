// SPDX-License-Identifier: Apache-2.0
//===- TextPool.c - the last dump's stale text buffers, for the next ------===//
//
// A stitched dump of a conversion reprints every top-level op, and the last
// dump's texts are freed only once the new ones exist, so fresh allocations
// for the new texts would grow the heap by a module's text at every step,
// each page's first touch a page fault: on a virtual machine 10-20 us, a
// tenth of a big dump's printing. The stale texts are set aside instead,
// by capacity, and a new text goes into the smallest that holds it.
// Shared by the two printing threads under a lock (a few hundred takes a
// dump).
//
//===----------------------------------------------------------------------===//
#include "TextPool.h"

#include <malloc.h>
#include <stdlib.h>

static int byCap(const void *a, const void *b) {
  size_t x = ((const IrsTextSpare *)a)->cap, y = ((const IrsTextSpare *)b)->cap;
  return (x > y) - (x < y);
}

void irsTextPoolInit(IrsTextPool *pool, IrsDumpCache *cache) {
  pthread_mutex_init(&pool->lock, NULL);
  size_t n = 0;
  for (size_t i = 0; i < cache->num; ++i)
    n += cache->entries[i].text != NULL;
  pool->spares = n ? malloc(n * sizeof(IrsTextSpare)) : NULL;
  pool->num = 0;
  for (size_t i = 0; pool->spares && i < cache->num; ++i) {
    char *t = cache->entries[i].text;
    if (t) {
      pool->spares[pool->num++] = (IrsTextSpare){t, malloc_usable_size(t)};
      cache->entries[i].text = NULL;
    }
  }
  if (pool->num)
    qsort(pool->spares, pool->num, sizeof(IrsTextSpare), byCap);
}

char *irsTextPoolTake(IrsTextPool *pool, size_t need) {
  if (!pool->num)
    return NULL;
  pthread_mutex_lock(&pool->lock);
  size_t lo = 0, hi = pool->num;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (pool->spares[mid].cap < need)
      lo = mid + 1;
    else
      hi = mid;
  }
  char *p = NULL;
  // Only a spare at most twice the need: a bigger one would hold memory
  // idle until the op changes again.
  for (; !p && lo < pool->num && pool->spares[lo].cap / 2 <= need; ++lo) {
    p = pool->spares[lo].p;
    pool->spares[lo].p = NULL;
  }
  pthread_mutex_unlock(&pool->lock);
  return p;
}

void irsTextPoolDispose(IrsTextPool *pool) {
  for (size_t i = 0; i < pool->num; ++i)
    free(pool->spares[i].p);
  free(pool->spares);
  pthread_mutex_destroy(&pool->lock);
}
