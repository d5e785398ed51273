// SPDX-License-Identifier: Apache-2.0
// The last dump's stale text buffers (lib/PassManager/TextPool.c): a new
// text takes the smallest that holds it, never one over twice its size,
// each once; the texts the dump kept are not touched.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "PassManager/TextPool.h"

#include <malloc.h>
#include <stdlib.h>
#include <string.h>

static void smallestFitOnce(void **state) {
  (void)state;
  IrsDumpCache *c = irsDumpCacheNew();
  assert_non_null(c);
  size_t sizes[] = {4000, 100, 1000, 64000};
  c->num = 5;
  c->entries = calloc(c->num, sizeof(IrsDumpEntry));
  assert_non_null(c->entries);
  for (size_t i = 0; i < 4; ++i)
    c->entries[i].text = malloc(sizes[i]);
  // Entry 4 has no text (moved to the next dump, or still in a file).
  IrsTextPool pool;
  irsTextPoolInit(&pool, c);
  assert_int_equal(pool.num, 4);
  for (size_t i = 0; i < c->num; ++i)
    assert_null(c->entries[i].text);
  char *a = irsTextPoolTake(&pool, 900);
  assert_non_null(a);
  assert_true(malloc_usable_size(a) >= 1000 && malloc_usable_size(a) < 4000);
  // The 1000-byte one is taken; 4000 is over twice 1001.
  assert_null(irsTextPoolTake(&pool, 1001));
  char *b = irsTextPoolTake(&pool, 2500);
  assert_non_null(b);
  assert_true(malloc_usable_size(b) >= 4000 && malloc_usable_size(b) < 64000);
  assert_null(irsTextPoolTake(&pool, 2500));
  memset(a, 'a', 900);
  memset(b, 'b', 2500);
  irsTextPoolDispose(&pool); // frees the 100 and 64000 ones
  free(a);
  free(b);
  irsDumpCacheDestroy(c);
}

static void emptyCache(void **state) {
  (void)state;
  IrsDumpCache *c = irsDumpCacheNew();
  assert_non_null(c);
  IrsTextPool pool;
  irsTextPoolInit(&pool, c);
  assert_null(irsTextPoolTake(&pool, 10));
  irsTextPoolDispose(&pool);
  irsDumpCacheDestroy(c);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(smallestFitOnce),
      cmocka_unit_test(emptyCache),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
