// SPDX-License-Identifier: Apache-2.0
//===- TestFlaky.c - passes that misbehave only sometimes -----------------===//
//
// Fault injection for flake hunting (irscope-opt --repeat and
// --check-determinism). Each acts only on the first op named `op` under the
// anchor and otherwise changes nothing:
//
//   irs-test-flaky{op=NAME rate=P mode=fail|crash|attr attr=A seed=S}
//     With probability P per execution on an anchor holding NAME, fails
//     (error + signalled failure), crashes (SIGSEGV) or sets the unit
//     attribute A (default irs.flaky) on the op, so that a later pass
//     behaves one of two ways from run to run. The draw comes from
//     the kernel's entropy source (getrandom) unless a seed is known: the
//     pass option seed=S, else the seed the pass manager was given
//     (irsPassManagerSetSeed, i.e. irscope-opt --seed). A seeded draw also
//     mixes in the pass's options and the anchor's sym_name, so two flaky
//     passes draw independently and parallel instances do not depend on
//     scheduling.
//   irs-test-nondeterministic{op=NAME}
//     Sets the attribute irs.nondet = <random i64> on the op: the output
//     differs on every execution. Deliberately ignores any seed: it models
//     nondeterminism irscope cannot control.
//   irs-test-thread-race{op=NAME mode=attr|crash}
//     Misbehaves only when the context runs multithreaded (its thread pool
//     has more than one thread, mlirContextGetNumThreads > 1): sets
//     irs.thread_race = unit on the op (attr, the default) or crashes.
//
// Contract: need nothing; change only the attribute named above.
//
//===----------------------------------------------------------------------===//
#include "PassesImpl.h"

#include "irscope/Flake.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Diagnostics.h>
#include <stdalign.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static alignas(8) const char flakyId = 0, nondetId = 0, raceId = 0;

typedef enum { ModeFail, ModeCrash, ModeAttr } Mode;

typedef struct FlakyData {
  char *op;
  char *attr; // mode attr of irs-test-flaky: the attribute it sets
  double rate;
  Mode mode;
  bool hasSeed; // seed= given on the pass
  uint64_t seed;
  IrsPassEnv *env;
  int kind; // 0 flaky, 1 nondeterministic, 2 thread race
} FlakyData;

static uint64_t fnv(uint64_t h, const char *s, size_t n) {
  for (size_t i = 0; i < n; ++i)
    h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
  return h;
}

// What a seeded draw mixes into the seed: the pass's options (so that two
// flaky passes in one pipeline draw independently) and the anchor's
// sym_name (so that parallel instances do not depend on scheduling).
static uint64_t drawKey(const FlakyData *d, MlirOperation anchor) {
  char opts[64];
  snprintf(opts, sizeof(opts), "|%a|%d|", d->rate, (int)d->mode);
  uint64_t h = fnv(1469598103934665603ull, d->op, strlen(d->op));
  h = fnv(h, opts, strlen(opts));
  MlirAttribute a = mlirOperationGetAttributeByName(
      anchor, mlirStringRefCreateFromCString("sym_name"));
  if (!mlirAttributeIsNull(a) && mlirAttributeIsAString(a)) {
    MlirStringRef s = mlirStringAttrGetValue(a);
    h = fnv(h, s.data, s.length);
  }
  return h;
}

// A uniform double in [0, 1).
static double draw(FlakyData *d, MlirOperation anchor) {
  uint64_t v;
  if (d->hasSeed || (d->env && d->env->hasSeed)) {
    uint64_t s = (d->hasSeed ? d->seed : d->env->seed) ^ drawKey(d, anchor);
    v = irsSplitMix64(&s);
  } else {
    v = irsEntropy64();
  }
  return (double)(v >> 11) * 0x1.0p-53;
}

__attribute__((no_sanitize_undefined, no_sanitize_address))
static void crashNow(void) {
  volatile int *volatile p = NULL;
  *p = 42;
}

static void setAttr(MlirOperation target, const char *name,
                    MlirAttribute value) {
  mlirOperationSetDiscardableAttributeByName(
      target, mlirStringRefCreateFromCString(name), value);
}

static void runPass(MlirOperation root, MlirExternalPass pass, void *ud) {
  FlakyData *d = ud;
  if (!d) {
    mlirEmitError(mlirOperationGetLocation(root),
                  "irscope pass state could not be allocated");
    mlirExternalPassSignalFailure(pass);
    return;
  }
  MlirOperation target = irsFindFirstOp(root, d->op);
  if (mlirOperationIsNull(target))
    return;
  MlirContext ctx = mlirOperationGetContext(target);
  if (d->kind == 0) {
    if (!(draw(d, root) < d->rate))
      return;
    if (d->mode == ModeCrash)
      crashNow();
    if (d->mode == ModeAttr) {
      setAttr(target, d->attr, mlirUnitAttrGet(ctx));
      return;
    }
    char msg[512];
    snprintf(msg, sizeof(msg), "irs-test-flaky: injected flaky failure at '%s'",
             d->op);
    mlirEmitError(mlirOperationGetLocation(target), msg);
    mlirExternalPassSignalFailure(pass);
  } else if (d->kind == 1) {
    setAttr(target, "irs.nondet",
            mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64),
                               (int64_t)(irsEntropy64() >> 1)));
  } else if (mlirContextGetNumThreads(ctx) > 1) {
    if (d->mode == ModeCrash)
      crashNow();
    setAttr(target, "irs.thread_race", mlirUnitAttrGet(ctx));
  }
}

static FlakyData *copyData(const FlakyData *d) {
  FlakyData *c = malloc(sizeof(*c));
  if (!c)
    return NULL;
  *c = *d;
  c->op = irsStrDup(d->op);
  c->attr = irsStrDup(d->attr);
  if (!c->op || !c->attr) {
    free(c->op);
    free(c->attr);
    free(c);
    return NULL;
  }
  return c;
}

static void construct(void *ud) { (void)ud; }
static void destruct(void *ud) {
  FlakyData *d = ud;
  if (d) {
    free(d->op);
    free(d->attr);
  }
  free(d);
}
static void *clonePass(void *ud) { return ud ? copyData(ud) : NULL; }

static MlirPass make(const IrsPassOptions *opts, MlirStringRef anchor,
                     IrsPassEnv *env, IrsBuf *err, const char *name,
                     const void *id, int kind) {
  static const char *const flakyKeys[] = {"op",   "rate", "mode",
                                          "attr", "seed", NULL};
  static const char *const nondetKeys[] = {"op", NULL};
  static const char *const raceKeys[] = {"op", "mode", NULL};
  const char *const *known =
      kind == 0 ? flakyKeys : kind == 1 ? nondetKeys : raceKeys;
  MlirPass none = {NULL};
  if (!irsPassOptionsCheckKnown(opts, name, known, err))
    return none;
  FlakyData d;
  memset(&d, 0, sizeof(d));
  d.env = env;
  d.kind = kind;
  d.mode = kind == 2 ? ModeAttr : ModeFail;
  const char *op = irsPassOptionsGet(opts, "op");
  if (!op || !*op) {
    irsBufPrintf(err, "pass '%s' requires option 'op=NAME'", name);
    return none;
  }
  d.op = (char *)op;
  const char *attr = irsPassOptionsGet(opts, "attr");
  d.attr = (char *)(attr && *attr ? attr : "irs.flaky");
  if (kind == 0) {
    const char *rate = irsPassOptionsGet(opts, "rate");
    char *end = NULL;
    d.rate = rate ? strtod(rate, &end) : -1.0;
    if (!rate || end == rate || *end || !(d.rate >= 0.0 && d.rate <= 1.0)) {
      irsBufPrintf(err,
                   "pass '%s' requires option 'rate=P' with P between 0 and "
                   "1, not '%s'",
                   name, rate ? rate : "");
      return none;
    }
    const char *seed = irsPassOptionsGet(opts, "seed");
    if (seed) {
      d.seed = strtoull(seed, &end, 0);
      if (end == seed || *end || *seed == '-') {
        irsBufPrintf(err, "option 'seed' of pass '%s' expects an unsigned "
                          "integer, not '%s'",
                     name, seed);
        return none;
      }
      d.hasSeed = true;
    }
  }
  const char *mode = kind == 1 ? NULL : irsPassOptionsGet(opts, "mode");
  if (mode) {
    if (!strcmp(mode, "crash"))
      d.mode = ModeCrash;
    else if (kind == 0 && !strcmp(mode, "fail"))
      d.mode = ModeFail;
    else if (!strcmp(mode, "attr"))
      d.mode = ModeAttr;
    else {
      irsBufPrintf(err, "option 'mode' of pass '%s' must be %s, not '%s'",
                   name,
                   kind == 0 ? "'fail', 'crash' or 'attr'"
                             : "'attr' or 'crash'",
                   mode);
      return none;
    }
  }
  FlakyData *data = copyData(&d);
  if (!data) {
    irsBufPrintf(err, "%s", "out of memory");
    return none;
  }
  MlirExternalPassCallbacks cbs = {construct, destruct, NULL, clonePass,
                                   runPass};
  return mlirCreateExternalPass(
      mlirTypeIDCreate(id), mlirStringRefCreateFromCString(name),
      mlirStringRefCreateFromCString(name),
      mlirStringRefCreateFromCString("fault injection"),
      irsPassAnchorOpName(anchor), 0, NULL, cbs, data);
}

MlirPass irsTestFlakyPassCreate(const IrsPassOptions *o, MlirStringRef a,
                                IrsPassEnv *e, IrsBuf *err) {
  return make(o, a, e, err, "irs-test-flaky", &flakyId, 0);
}
MlirPass irsTestNondeterministicPassCreate(const IrsPassOptions *o,
                                           MlirStringRef a, IrsPassEnv *e,
                                           IrsBuf *err) {
  return make(o, a, e, err, "irs-test-nondeterministic", &nondetId, 1);
}
MlirPass irsTestThreadRacePassCreate(const IrsPassOptions *o, MlirStringRef a,
                                     IrsPassEnv *e, IrsBuf *err) {
  return make(o, a, e, err, "irs-test-thread-race", &raceId, 2);
}
