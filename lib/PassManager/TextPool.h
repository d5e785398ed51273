// SPDX-License-Identifier: Apache-2.0
//===- TextPool.h - the last dump's stale text buffers, for the next ------===//
//
// Internal to lib/PassManager: the buffers of the last dump's texts that
// no op of the next one kept, reused for that dump's new texts
// (TextPool.c).
//
//===----------------------------------------------------------------------===//
#ifndef IRS_LIB_PASSMANAGER_TEXTPOOL_H
#define IRS_LIB_PASSMANAGER_TEXTPOOL_H

#include "StitchedDump.h"

#include <pthread.h>
#include <stddef.h>

typedef struct IrsTextSpare {
  char *p; // null once taken
  size_t cap;
} IrsTextSpare;

typedef struct IrsTextPool {
  IrsTextSpare *spares; // by ascending cap
  size_t num;
  pthread_mutex_t lock;
} IrsTextPool;

/// Moves the cache's texts that no op took (after irsDumpCacheTake) into
/// `pool`; without memory for the list they stay for irsDumpCacheReplace.
void irsTextPoolInit(IrsTextPool *pool, IrsDumpCache *cache);
/// The smallest spare buffer of at least `need` bytes and at most twice
/// that, or null; any thread.
char *irsTextPoolTake(IrsTextPool *pool, size_t need);
/// Frees the spares no one took.
void irsTextPoolDispose(IrsTextPool *pool);

#endif // IRS_LIB_PASSMANAGER_TEXTPOOL_H
