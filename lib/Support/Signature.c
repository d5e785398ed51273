// SPDX-License-Identifier: Apache-2.0
// Failure signatures (include/irscope/Signature.h): built from what a
// caller observed, compared by the reducer, --repeat and crash narrowing.
// Messages are normalised by Stats.c, crash sites found by StackTrace.c,
// crash identities read and compared by CrashIdentity.c.
#define _GNU_SOURCE
#include "irscope/Signature.h"

#include "Buf.h"
#include "CrashIdentity.h"
#include "StackTraceImpl.h"
#include "irscope/Flake.h"
#include "irscope/StackTrace.h"

#include <stdio.h>
#include <string.h>

const char *irsSignatureFormatKind(const IrsSignature *s, char *buf,
                                   size_t cap) {
  snprintf(buf, cap, "%s%s", s->inEdit ? "edit-" : "",
           irsOutcomeGetName(s->kind));
  return buf;
}

const char *irsSignatureFindFirstError(MlirStringRef text, bool unlocated,
                                       size_t *length) {
  const char *t = text.data;
  size_t tl = t ? text.length : 0;
  const char *located = tl ? memmem(t, tl, ": error: ", 9) : NULL;
  const char *bare = NULL;
  for (const char *p = unlocated && tl ? t : NULL; p && p < t + tl;) {
    if ((size_t)(t + tl - p) >= 7 && memcmp(p, "error: ", 7) == 0) {
      bare = p;
      break;
    }
    p = memchr(p, '\n', (size_t)(t + tl - p));
    p = p ? p + 1 : NULL;
  }
  const char *e = located && (!bare || located < bare) ? located + 9
                  : bare                               ? bare + 7
                                                       : NULL;
  if (!e)
    return NULL;
  const char *end = memchr(e, '\n', (size_t)(t + tl - e));
  *length = end ? (size_t)(end - e) : (size_t)(t + tl - e);
  return e;
}

void irsSignatureSetMessage(IrsSignature *s, MlirStringRef message) {
  irsNormaliseMessage(message.data ? message.data : "",
                      message.data ? message.length : 0, s->message,
                      sizeof(s->message));
}

bool irsSignatureSetFirstError(IrsSignature *s, MlirStringRef text,
                               bool unlocated) {
  size_t n = 0;
  const char *e = irsSignatureFindFirstError(text, unlocated, &n);
  s->message[0] = '\0';
  if (e)
    irsSignatureSetMessage(s, mlirStringRefCreate(e, n));
  return e != NULL;
}

void irsSignatureSetStep(IrsSignature *s, int64_t step, MlirStringRef pass) {
  s->step = step;
  snprintf(s->pass, sizeof(s->pass), "%.*s", (int)pass.length,
           pass.data ? pass.data : "");
}

// Copies `b` into `out` (truncated to `cap`) and frees it.
static void takeInto(IrsBuf *b, char *out, size_t cap) {
  snprintf(out, cap, "%.*s", (int)b->len, b->data ? b->data : "");
  irsBufFree(b);
}

void irsSignatureSetCrashSite(IrsSignature *s, MlirStringRef trace,
                              IrsLoadMap map, bool withCaller) {
  IrsBuf b = IRS_BUF_INIT;
  irsStackTraceGetCrashSiteIn(trace, map, irsBufStringCallback, &b);
  takeInto(&b, s->site, sizeof(s->site));
  // Out of memory, the identity keeps what it read: frames it could not
  // read make it weaker, never another crash's.
  (void)irsCrashIdentityRead(&s->crash, trace, map);
  if (!withCaller)
    return;
  irsStackTraceGetNamedCaller(trace, irsBufStringCallback, &b);
  takeInto(&b, s->siteCaller, sizeof(s->siteCaller));
}

bool irsSignatureIsFailure(const IrsSignature *s) {
  // An edit's failure counts: the kind alone says it is not "ok".
  return s->inEdit || (s->kind != IrsOutcomeOk && s->kind != IrsOutcomeInvalid &&
                       s->kind != IrsOutcomeInterrupted);
}

bool irsSignatureCrashIsTold(const IrsSignature *s) {
  return irsCrashIdentityIsTold(&s->crash);
}

bool irsSignatureMatches(const IrsSignature *s, const IrsSignature *t,
                         unsigned match) {
  if (s->kind != t->kind || s->inEdit != t->inEdit || s->signal != t->signal ||
      strcmp(s->pass, t->pass) != 0 || !s->diedAfter != !t->diedAfter)
    return false;
  // A crash elsewhere is another bug, even in the same pass. (A side whose
  // trace got lost says nothing either way.)
  if (t->site[0] && s->site[0] && strcmp(s->site, t->site) != 0)
    return false;
  // So is one in the same function reached another way, or failing
  // another check there (a shared helper's assertion, a cast<> to the
  // wrong type).
  if (!irsCrashIdentityMatches(&s->crash, &t->crash,
                               match & IrsSignatureMatchSameLayout))
    return false;
  if ((match & IrsSignatureMatchStep) && s->step != t->step)
    return false;
  return !(match & IrsSignatureMatchMessage) ||
         strcmp(s->message, t->message) == 0;
}

int irsSignatureGetDistinctFrame(const IrsSignature *s, const IrsSignature *o,
                                 unsigned match) {
  return irsCrashIdentityDiffersAt(&s->crash, &o->crash,
                                   match & IrsSignatureMatchSameLayout);
}
