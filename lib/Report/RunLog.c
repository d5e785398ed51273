// SPDX-License-Identifier: Apache-2.0
//===- RunLog.c - the list of steps a run went through ---------------------===//
//
// Storage for IrsRunLog and its line-based serialization. The serialized
// form crosses the pipe from a worker to its supervisor, so it must survive
// any text a diagnostic may hold: one step per line, fields separated by
// tabs, backslash, tab and newline escaped as \\, \t and \n.
//
//===----------------------------------------------------------------------===//
#include "RunLogImpl.h"
#include "irscope/Outcome.h"

#include "../Support/Buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

IrsRunLog irsRunLogCreate(const char *name) {
  IrsRunLogImpl *l = calloc(1, sizeof(*l));
  if (!l)
    return (IrsRunLog){NULL};
  l->name = irsStrDup(name ? name : "");
  if (!l->name) {
    free(l);
    return (IrsRunLog){NULL};
  }
  return (IrsRunLog){l};
}

static void freeStep(IrsRunLogStep *s) {
  free((char *)s->group);
  free((char *)s->pipeline);
  free((char *)s->pass);
  free((char *)s->message);
  free((char *)s->details);
}

void irsRunLogDestroy(IrsRunLog log) {
  IrsRunLogImpl *l = log.ptr;
  if (!l)
    return;
  for (intptr_t i = 0; i < l->num; ++i)
    freeStep(&l->steps[i]);
  free(l->steps);
  free(l->name);
  free(l);
}

static bool dupField(const char **dst, const char *src, bool nullable) {
  if (!src && nullable) {
    *dst = NULL;
    return true;
  }
  *dst = irsStrDup(src ? src : "");
  return *dst != NULL;
}

IrsStatus irsRunLogAddStep(IrsRunLog log, const IrsRunLogStep *step) {
  IrsRunLogImpl *l = log.ptr;
  if (l->num == l->cap) {
    intptr_t cap = l->cap ? 2 * l->cap : 16;
    IrsRunLogStep *p = realloc(l->steps, (size_t)cap * sizeof(*p));
    if (!p)
      return irsStatusMake(IRS_ERR_NOMEM);
    l->steps = p;
    l->cap = cap;
  }
  IrsRunLogStep s = *step;
  s.group = s.pipeline = s.pass = s.message = s.details = NULL;
  if (s.status == IrsOutcomeNone)
    s.status = IrsOutcomeOk;
  bool ok = dupField(&s.group, step->group, false) &&
            dupField(&s.pipeline, step->pipeline, false) &&
            dupField(&s.pass, step->pass, false) &&
            dupField(&s.message, step->message, true) &&
            dupField(&s.details, step->details, true);
  if (!ok) {
    freeStep(&s);
    return irsStatusMake(IRS_ERR_NOMEM);
  }
  l->steps[l->num++] = s;
  return irsStatusOk();
}

intptr_t irsRunLogGetNumSteps(IrsRunLog log) {
  return ((IrsRunLogImpl *)log.ptr)->num;
}

const IrsRunLogStep *irsRunLogGetStep(IrsRunLog log, intptr_t pos) {
  IrsRunLogImpl *l = log.ptr;
  return pos >= 0 && pos < l->num ? &l->steps[pos] : NULL;
}

IrsStatus irsRunLogSetStepFailure(IrsRunLog log, intptr_t pos,
                                  IrsOutcome status, const char *message,
                                  const char *details) {
  IrsRunLogImpl *l = log.ptr;
  if (pos < 0 || pos >= l->num)
    return irsStatusMake(IRS_ERR_USAGE);
  IrsRunLogStep *s = &l->steps[pos];
  const char *msg = NULL, *det = NULL;
  if (!dupField(&msg, message, true) || !dupField(&det, details, true)) {
    free((char *)msg);
    return irsStatusMake(IRS_ERR_NOMEM);
  }
  free((char *)s->message);
  free((char *)s->details);
  s->status = status;
  s->message = msg;
  s->details = det;
  return irsStatusOk();
}

//===----------------------------------------------------------------------===//
// Serialization
//===----------------------------------------------------------------------===//

// A NULL string is written as a lone "\0" escape so it reads back as NULL.
static void putField(IrsBuf *b, const char *s) {
  irsBufAppendStr(b, "\t");
  if (!s) {
    irsBufAppendStr(b, "\\0");
    return;
  }
  for (; *s; ++s) {
    if (*s == '\\')
      irsBufAppendStr(b, "\\\\");
    else if (*s == '\t')
      irsBufAppendStr(b, "\\t");
    else if (*s == '\n')
      irsBufAppendStr(b, "\\n");
    else
      irsBufAppend(b, s, 1);
  }
}

void irsRunLogSerialize(IrsRunLog log, MlirStringCallback callback,
                        void *userData) {
  IrsRunLogImpl *l = log.ptr;
  for (intptr_t i = 0; i < l->num; ++i) {
    const IrsRunLogStep *s = &l->steps[i];
    IrsBuf b = IRS_BUF_INIT;
    irsBufPrintf(&b, "S\t%ld\t%d\t%.17g\t%.17g\t%.17g\t%.17g", (long)s->index,
                 s->changed ? 1 : 0, s->startMs, s->wallMs, s->verifyMs,
                 s->dumpMs);
    putField(&b, s->group);
    putField(&b, s->pipeline);
    putField(&b, s->pass);
    putField(&b, irsOutcomeGetName(s->status));
    putField(&b, s->message);
    putField(&b, s->details);
    irsBufAppendStr(&b, "\n");
    if (b.failed) {
      irsBufFree(&b);
      continue;
    }
    callback(irsBufRef(&b), userData);
    irsBufFree(&b);
  }
}

// Unescapes field `[p, end)` in place into a new string; NULL for "\0".
static char *takeField(const char *p, const char *end, bool *nomem) {
  if (end - p == 2 && p[0] == '\\' && p[1] == '0')
    return NULL;
  char *o = malloc((size_t)(end - p) + 1);
  if (!o) {
    *nomem = true;
    return NULL;
  }
  size_t n = 0;
  for (; p < end; ++p) {
    if (*p == '\\' && p + 1 < end) {
      ++p;
      o[n++] = *p == 't' ? '\t' : *p == 'n' ? '\n' : *p;
    } else {
      o[n++] = *p;
    }
  }
  o[n] = '\0';
  return o;
}

IrsStatus irsRunLogAppendSerialized(IrsRunLog log, MlirStringRef text) {
  const char *p = text.data, *end = text.data + text.length;
  while (p < end) {
    const char *eol = memchr(p, '\n', (size_t)(end - p));
    if (!eol)
      return irsStatusMake(IRS_ERR_PARSE);
    // 13 tab-separated fields: tag, 6 numbers, 6 strings.
    const char *f[14];
    int nf = 0;
    f[nf++] = p;
    for (const char *q = p; q < eol && nf < 14; ++q)
      if (*q == '\t')
        f[nf++] = q + 1;
    if (nf != 13 || p[0] != 'S' || p[1] != '\t')
      return irsStatusMake(IRS_ERR_PARSE);
    IrsRunLogStep s;
    memset(&s, 0, sizeof(s));
    char *num = strndup(f[1], (size_t)(f[7] - f[1]));
    if (!num)
      return irsStatusMake(IRS_ERR_NOMEM);
    long idx = 0;
    int ch = 0;
    int got = sscanf(num, "%ld\t%d\t%lf\t%lf\t%lf\t%lf", &idx, &ch, &s.startMs,
                     &s.wallMs, &s.verifyMs, &s.dumpMs);
    free(num);
    if (got != 6)
      return irsStatusMake(IRS_ERR_PARSE);
    s.index = idx;
    s.changed = ch != 0;
    bool nomem = false;
    char *str[6];
    for (int i = 0; i < 6; ++i) {
      const char *fe = i < 5 ? f[8 + i] - 1 : eol;
      str[i] = takeField(f[7 + i], fe, &nomem);
    }
    IrsStatus st = irsStatusOk();
    if (nomem) {
      st = irsStatusMake(IRS_ERR_NOMEM);
    } else {
      s.group = str[0];
      s.pipeline = str[1];
      s.pass = str[2];
      // The one place a step's status is read back from text.
      s.status = irsOutcomeFromName(str[3]);
      s.message = str[4];
      s.details = str[5];
      st = irsRunLogAddStep(log, &s);
    }
    for (int i = 0; i < 6; ++i)
      free(str[i]);
    if (!irsStatusIsOk(st))
      return st;
    p = eol + 1;
  }
  return irsStatusOk();
}
