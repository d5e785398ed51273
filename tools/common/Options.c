// SPDX-License-Identifier: Apache-2.0
// Table-driven option parser; see Options.h.
#include "Options.h"

#include "irscope/Advice.h"
#include "mlir-c/RegisterEverything.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const IrsOption *findLong(const IrsOption *t, const char *name,
                                 size_t len) {
  for (; t->kind != IrsOptionEnd; ++t)
    if (t->longName && strlen(t->longName) == len &&
        strncmp(t->longName, name, len) == 0)
      return t;
  return NULL;
}

static const IrsOption *findShort(const IrsOption *t, char c) {
  for (; t->kind != IrsOptionEnd; ++t)
    if (t->shortName && t->shortName == c)
      return t;
  return NULL;
}

// The tool option closest to the unknown long option `name` (len bytes,
// before any '='): a typo is at most one edit away (two for names of eight
// or more letters); short names are not guessed at.
static const IrsOption *closestLong(const IrsOption *t, const char *name,
                                    size_t len) {
  if (len < 4)
    return NULL;
  size_t limit = len >= 8 ? 2 : 1, best = limit + 1;
  const IrsOption *found = NULL;
  MlirStringRef n = mlirStringRefCreate(name, len);
  for (; t->kind != IrsOptionEnd; ++t) {
    if (!t->longName || strlen(t->longName) < 4)
      continue;
    size_t d = irsEditDistance(
        n, mlirStringRefCreateFromCString(t->longName), limit);
    if (d < best) {
      best = d;
      found = t;
    }
  }
  return found;
}

// Notes an unknown option the callback took as a pass flag, as written
// (see IrsOptionSuspects), with the option `o` (nullable) it is close to;
// the first IRS_OPTION_MAX_SUSPECTS are kept.
static void suspect(IrsOptionSuspects *s, const char *arg, const IrsOption *o) {
  if (!s || s->num == IRS_OPTION_MAX_SUSPECTS)
    return;
  const char *name = arg + 1 + (arg[1] == '-');
  snprintf(s->items[s->num].flag, sizeof(s->items[0].flag), "%.*s",
           (int)strcspn(name, "="), name);
  snprintf(s->items[s->num].dashes, 3, "%s", arg[1] == '-' ? "--" : "-");
  snprintf(s->items[s->num].option, sizeof(s->items[0].option), "%s",
           o ? o->longName : "");
  ++s->num;
}

bool irsStringListAppend(IrsStringList *l, const char *v) {
  if (l->num == l->cap) {
    size_t cap = l->cap ? l->cap * 2 : 4;
    const char **p = realloc(l->items, cap * sizeof(*p));
    if (!p)
      return false;
    l->items = p;
    l->cap = cap;
  }
  l->items[l->num++] = v;
  return true;
}

void irsStringListFree(IrsStringList *l) {
  free(l->items);
  l->items = NULL;
  l->num = l->cap = 0;
}

static int store(const IrsOption *o, const char *shown, const char *val,
                 char *err, size_t errSize) {
  switch (o->kind) {
  case IrsOptionBool:
    if (!val || !strcmp(val, "1") || !strcmp(val, "true")) {
      *(bool *)o->value = true;
    } else if (!strcmp(val, "0") || !strcmp(val, "false")) {
      *(bool *)o->value = false;
    } else {
      snprintf(err, errSize, "option '%s' expects true or false, not '%s'",
               shown, val);
      return -1;
    }
    return 0;
  case IrsOptionString:
  case IrsOptionOptionalString:
    *(const char **)o->value = val ? val : "";
    return 0;
  case IrsOptionInt: {
    char *end;
    errno = 0;
    long v = strtol(val, &end, 10);
    if (errno || end == val || *end) {
      snprintf(err, errSize, "option '%s' expects an integer, not '%s'", shown,
               val);
      return -1;
    }
    *(long *)o->value = v;
    return 0;
  }
  case IrsOptionList:
    if (!irsStringListAppend((IrsStringList *)o->value, val)) {
      snprintf(err, errSize, "out of memory");
      return -1;
    }
    return 0;
  case IrsOptionEnd:
    break;
  }
  return -1;
}

static bool needsValue(const IrsOption *o) {
  return o->kind == IrsOptionString || o->kind == IrsOptionInt ||
         o->kind == IrsOptionList;
}

// "--emit-lit-test --max-time=20" meant two options: a value that is one
// of the tool's own long options is refused, not taken as a file name
// (MLIR's tools would take it; nobody means that). A list option passes
// words through to another program ("--tool-arg --mlir-disable-threading"):
// any word is its value. `shown` (`shownLen` bytes) is the option as given.
static bool optionAsValue(const IrsOption *table, const IrsOption *o,
                          const char *shown, size_t shownLen, const char *val,
                          char *err, size_t errSize) {
  // Only a "--word" is looked at: strcspn past a shorter value's end would
  // read outside it.
  if (o->kind == IrsOptionList || val[0] != '-' || val[1] != '-')
    return false;
  const char *vn = val + 2;
  size_t vlen = strcspn(vn, "=");
  if (!vlen || !findLong(table, vn, vlen))
    return false;
  snprintf(err, errSize,
           "option '%.*s' requires a value (%s), not the option '%s'",
           (int)shownLen, shown, o->argHelp ? o->argHelp : "VALUE", val);
  return true;
}

int irsOptionsParse(int argc, char **argv, const IrsOption *table,
                    IrsUnknownOptionFn unknown, void *userData, char *err,
                    size_t errSize) {
  return irsOptionsParseNoting(argc, argv, table, unknown, userData, NULL,
                               err, errSize);
}

int irsOptionsParseNoting(int argc, char **argv, const IrsOption *table,
                          IrsUnknownOptionFn unknown, void *userData,
                          IrsOptionSuspects *suspects, char *err,
                          size_t errSize) {
  int npos = 0;
  bool onlyPositional = false;
  if (suspects)
    suspects->num = 0;
  for (int i = 1; i < argc; ++i) {
    char *a = argv[i];
    if (onlyPositional || a[0] != '-' || a[1] == '\0') {
      argv[1 + npos++] = a;
      continue;
    }
    if (!strcmp(a, "--")) {
      onlyPositional = true;
      continue;
    }
    const char *name = a + 1 + (a[1] == '-');
    const char *eq = strchr(name, '=');
    size_t len = eq ? (size_t)(eq - name) : strlen(name);
    const IrsOption *o = findLong(table, name, len);
    const char *val = eq ? eq + 1 : NULL;
    if (!o && a[1] != '-' && len == 1)
      o = findShort(table, name[0]); // "-o FILE" / "-o=FILE"
    if (!o) {
      // "-cREST" where c is a short option that takes a value: REST is its
      // attached value, as with getopt ("-j1", "-o/tmp/out.mlir", "-o-",
      // "-oa=b"). The tools also take single-dash words for pass flags
      // ("-one-shot-bufferize", "-canonicalize"), and their callback claims
      // such words, so the rule is:
      //  - an integer option takes REST first, whatever it is: no integer
      //    starts with a letter, and MLIR has no pass named after such a
      //    letter ("-jx" is a mistyped -j and gets "expects an integer");
      //  - any other option takes REST first when REST cannot start a pass
      //    or option name, which are lowercase words: "-o/tmp/x", "-o-",
      //    "-oOut.mlir";
      //  - otherwise ("-one-shot-bufferize", "-oout.mlir") the word goes to
      //    the callback first, and is the attached form only if it declines
      //    (irsOptionsTakePassFlag declines "-oout.mlir": a pass name has
      //    no '.'; "-ofoo" stays an unknown pass). mlir-opt itself rejects
      //    all of "-ofoo", "-oout.mlir", "-o/tmp/x" (its -o is no prefix
      //    option); irscope-opt documents "-oout.mlir".
      // A pass flag whose name starts with the letter of an integer option
      // can still be given with two dashes.
      const IrsOption *s = a[1] != '-' && len > 1 ? findShort(table, name[0])
                                                  : NULL;
      if (s && !needsValue(s))
        s = NULL;
      bool attachedFirst =
          s && (s->kind == IrsOptionInt || name[1] < 'a' || name[1] > 'z');
      const IrsOption *close = closestLong(table, name, len);
      if (!attachedFirst && unknown && unknown(a, userData)) {
        suspect(suspects, a, close);
        continue;
      }
      if (s) {
        char shown[4] = {'-', name[0], 0, 0};
        if (store(s, shown, name + 1, err, errSize) != 0)
          return -1;
        continue;
      }
      if (close)
        snprintf(err, errSize, "unknown option '%.*s'; did you mean '--%s'?",
                 (int)(len + (size_t)(name - a)), a, close->longName);
      else
        snprintf(err, errSize, "unknown option '%.*s'",
                 (int)(len + (size_t)(name - a)), a);
      return -1;
    }
    if (needsValue(o) && !val) {
      if (i + 1 >= argc) {
        snprintf(err, errSize, "option '%.*s' requires a value (%s)",
                 (int)(len + (size_t)(name - a)), a,
                 o->argHelp ? o->argHelp : "VALUE");
        return -1;
      }
      val = argv[++i];
      if (optionAsValue(table, o, a, (size_t)(name - a) + len, val, err,
                        errSize))
        return -1;
    }
    char shown[128];
    snprintf(shown, sizeof(shown), "%.*s", (int)(len + (size_t)(name - a)), a);
    if (store(o, shown, val, err, errSize) != 0)
      return -1;
  }
  return npos;
}

void irsOptionsPrintUsage(FILE *out, const char *usage,
                          const IrsOption *table) {
  fprintf(out, "usage: %s\n\noptions:\n", usage);
  for (const IrsOption *o = table; o->kind != IrsOptionEnd; ++o) {
    char left[96];
    int n = 0;
    if (o->shortName)
      n = snprintf(left, sizeof(left), "-%c, ", o->shortName);
    else
      n = snprintf(left, sizeof(left), "    ");
    if (o->argHelp && o->kind == IrsOptionOptionalString)
      snprintf(left + n, sizeof(left) - (size_t)n, "--%s[=%s]", o->longName,
               o->argHelp);
    else if (o->argHelp)
      snprintf(left + n, sizeof(left) - (size_t)n, "--%s=%s", o->longName,
               o->argHelp);
    else
      snprintf(left + n, sizeof(left) - (size_t)n, "--%s", o->longName);
    fprintf(out, "  %-34s %s\n", left, o->help);
  }
}

bool irsOptionsTakePassFlag(const char *arg, IrsStringList *flags) {
  if (arg[0] != '-' || arg[1] == '\0')
    return false;
  const char *name = arg + 1 + (arg[1] == '-');
  if (*name == '\0' || *name == '-' || *name == '=')
    return false;
  // mlir-opt's own options live under "mlir-"; no pass is named so. One a
  // tool does not know is an unknown option, not a missing pass.
  if (strncmp(name, "mlir-", 5) == 0)
    return false;
  // Pass arguments are made of letters, digits, '-' and '_'. A single-dash
  // word with anything else in its name ("-oout.mlir", "-o/tmp/x") is no
  // pass flag, so that irsOptionsParse makes it "-o" with an attached value.
  if (arg[1] != '-')
    for (const char *p = name; *p && *p != '='; ++p)
      if (!(*p == '-' || *p == '_' || (*p >= 'a' && *p <= 'z') ||
            (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')))
        return false;
  return irsStringListAppend(flags, name);
}

bool irsOptionsParseSize(const char *text, int64_t *bytes) {
  char *end;
  double v = strtod(text, &end);
  double mul = 1;
  if (*end == 'k' || *end == 'K')
    mul = 1024.0, ++end;
  else if (*end == 'm' || *end == 'M')
    mul = 1024.0 * 1024, ++end;
  else if (*end == 'g' || *end == 'G')
    mul = 1024.0 * 1024 * 1024, ++end;
  if (end == text || *end || v <= 0)
    return false;
  *bytes = (int64_t)(v * mul);
  return true;
}

// The messages of a bad size or number of seconds.
static bool checkSize(const char *option, const char *text, int64_t *bytes,
                      char *err, size_t errSize) {
  if (irsOptionsParseSize(text, bytes))
    return true;
  snprintf(err, errSize, "option '%s' expects a size such as 512M or 2G, "
                         "not '%s'", option, text);
  return false;
}

bool irsOptionsCheckSeconds(const char *option, const char *text,
                            double *seconds, char *err, size_t errSize) {
  char *end;
  double v = strtod(text, &end);
  if (end == text || *end || v <= 0) {
    snprintf(err, errSize, "option '%s' expects a positive number of "
                           "seconds, not '%s'", option, text);
    return false;
  }
  *seconds = v;
  return true;
}

void irsOptionShowName(const IrsOption *o, char *out, size_t outSize) {
  if (o->longName && strlen(o->longName) > 1)
    snprintf(out, outSize, "--%s", o->longName);
  else
    snprintf(out, outSize, "-%c", o->longName ? o->longName[0] : o->shortName);
}

bool irsOptionCheckSeconds(const IrsOption *o, char *err, size_t errSize) {
  const char *text = *(const char **)o->value;
  char shown[128];
  irsOptionShowName(o, shown, sizeof(shown));
  return !text || irsOptionsCheckSeconds(shown, text, o->dest, err, errSize);
}

bool irsOptionCheckSize(const IrsOption *o, char *err, size_t errSize) {
  const char *text = *(const char **)o->value;
  char shown[128];
  irsOptionShowName(o, shown, sizeof(shown));
  return !text || checkSize(shown, text, o->dest, err, errSize);
}

bool irsOptionCheckWords(const IrsOption *o, char *err, size_t errSize) {
  const char *v = *(const char **)o->value;
  const IrsOptionWords *w = o->dest;
  for (const char *const *word = w->words; v && *word; ++word)
    if (!strcmp(v, *word))
      return true;
  if (!v)
    return true;
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  snprintf(err, errSize, w->message, v);
#pragma GCC diagnostic pop
  return false;
}

bool irsOptionsParseUint64(const char *text, uint64_t *value) {
  char *end;
  errno = 0;
  unsigned long long v = strtoull(text, &end, 0);
  if (errno || end == text || *end || text[0] == '-')
    return false;
  *value = v;
  return true;
}

// A side of a rule, "NAME", "NAME=V" or "NAME!=V", taken apart.
typedef struct Side {
  const IrsOption *row;
  const char *value; // V, NULL for "NAME"
  bool negated;      // "!="
  size_t shownLen;   // of the spec's text shown after the dashes
} Side;

static bool sideOf(const IrsOption *table, const char *spec, Side *side) {
  size_t n = strcspn(spec, "!=");
  side->row = findLong(table, spec, n);
  side->negated = spec[n] == '!';
  side->value = spec[n] ? spec + n + 1 + side->negated : NULL;
  side->shownLen = side->negated ? n : strlen(spec);
  return side->row != NULL;
}

static bool isSet(const IrsOption *o) {
  switch (o->kind) {
  case IrsOptionBool:
    return *(bool *)o->value;
  case IrsOptionString:
  case IrsOptionOptionalString:
    return *(const char **)o->value != NULL;
  case IrsOptionInt:
    return *(long *)o->value != 0;
  case IrsOptionList:
    return ((IrsStringList *)o->value)->num > 0;
  case IrsOptionEnd:
    break;
  }
  return false;
}

static bool holds(const Side *s) {
  if (!s->value)
    return isSet(s->row);
  bool equal;
  if (s->row->kind == IrsOptionBool) {
    equal = *(bool *)s->row->value == (strcmp(s->value, "0") != 0);
  } else if (s->row->kind == IrsOptionString ||
             s->row->kind == IrsOptionOptionalString) {
    const char *v = *(const char **)s->row->value;
    if (!v)
      return false;
    equal = strcmp(v, s->value) == 0;
  } else {
    return false;
  }
  return s->negated ? !equal : equal;
}

bool irsOptionsHolds(const IrsOption *table, const char *spec) {
  Side s;
  return sideOf(table, spec, &s) && holds(&s);
}

static void showSide(const char *spec, const Side *s, char *out, size_t n) {
  snprintf(out, n, "%s%.*s", strlen(s->row->longName) > 1 ? "--" : "-",
           (int)s->shownLen, spec);
}

// The message of the first rule of `conflicts` that is broken, into err;
// false if none is.
static bool brokenRule(const IrsOption *table,
                       const IrsOptionConflict *conflicts, char *err,
                       size_t errSize) {
  for (const IrsOptionConflict *c = conflicts; c && c->option; ++c) {
    Side a, b;
    if (!sideOf(table, c->option, &a) || !sideOf(table, c->other, &b) ||
        !holds(&a) || holds(&b) != (c->rule == IrsOptionExcludes))
      continue;
    char shownA[128], shownB[128];
    showSide(c->option, &a, shownA, sizeof(shownA));
    showSide(c->other, &b, shownB, sizeof(shownB));
    const char *fmt = c->message ? c->message
                      : c->rule == IrsOptionExcludes
                          ? "'%1$s' cannot be combined with '%2$s'"
                          : "'%1$s' needs '%2$s'";
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
    snprintf(err, errSize, fmt, shownA, shownB);
#pragma GCC diagnostic pop
    return true;
  }
  return false;
}

bool irsOptionsCheck(const char *tool, const IrsOption *table,
                     const IrsOptionConflict *conflicts) {
  char err[1024];
  err[0] = '\0';
  bool ok = true;
  for (const IrsOption *o = table; ok && o->kind != IrsOptionEnd; ++o)
    ok = !o->check || o->check(o, err, sizeof(err));
  if (!ok) {
    fprintf(stderr, "%s: error: %s\n", tool, err);
    return false;
  }
  return irsOptionsCheckRules(tool, table, conflicts);
}

bool irsOptionsCheckRules(const char *tool, const IrsOption *table,
                          const IrsOptionConflict *conflicts) {
  char err[1024];
  if (!brokenRule(table, conflicts, err, sizeof(err)))
    return true;
  fprintf(stderr, "%s: error: %s\n", tool, err);
  return false;
}

// A pass flag close to one of the tool's options that names no pass is a
// mistyped option: say so (through `cb`) instead of "no such pass".
static bool typoOfOption(const IrsStringList *flags,
                         const IrsOptionSuspects *suspects, MlirContext ctx,
                         IrsPipelineErrorCallback cb, void *ud) {
  for (int k = 0; suspects && k < suspects->num; ++k) {
    const char *flag = suspects->items[k].flag;
    if (!suspects->items[k].option[0])
      continue;
    bool given = false;
    for (size_t i = 0; i < flags->num && !given; ++i)
      given = strncmp(flags->items[i], flag, strlen(flag)) == 0;
    if (!given ||
        irsPassIsRegistered(ctx, mlirStringRefCreateFromCString(flag)))
      continue;
    char msg[512];
    snprintf(msg, sizeof(msg), "unknown option '%s%s'; did you mean '--%s'?",
             suspects->items[k].dashes, flag, suspects->items[k].option);
    IrsPipelineError e = {mlirStringRefCreateFromCString(msg), -1, 0, 0};
    if (cb)
      cb(&e, ud);
    return true;
  }
  return false;
}

static void appendTo(MlirStringRef s, void *ud) {
  char *out = ud;
  size_t n = strlen(out);
  snprintf(out + n, 128 - n, "%.*s", (int)s.length, s.data);
}

// The message for pass flag `flag` that names no pass: the dashes it was
// written with and the option it is close to come from the parse's notes;
// without one, the closest pass is the suggestion.
static void unknownFlag(const IrsOption *table, const char *flag, size_t len,
                        const IrsOptionSuspects *suspects, MlirContext ctx,
                        char *err, size_t errSize) {
  const char *dashes = "--";
  char close[128] = "";
  for (int k = 0; suspects && k < suspects->num; ++k)
    if (strlen(suspects->items[k].flag) == len &&
        !strncmp(suspects->items[k].flag, flag, len)) {
      dashes = suspects->items[k].dashes;
      snprintf(close, sizeof(close), "%s", suspects->items[k].option);
      break;
    }
  const IrsOption *o = close[0] ? NULL : closestLong(table, flag, len);
  if (o)
    snprintf(close, sizeof(close), "%s", o->longName);
  if (!close[0])
    irsPassSuggest(ctx, mlirStringRefCreate(flag, len), appendTo, close);
  if (close[0])
    snprintf(err, errSize, "unknown option '%s%.*s'; did you mean '--%s'?",
             dashes, (int)len, flag, close);
  else
    snprintf(err, errSize, "unknown option '%s%.*s'", dashes, (int)len, flag);
}

bool irsOptionsCheckPassFlags(const IrsOption *table,
                              const IrsStringList *flags,
                              const IrsOptionSuspects *suspects,
                              IrsPassRegistry plugins, char *err,
                              size_t errSize) {
  if (!flags->num)
    return true;
  mlirRegisterAllPasses();
  MlirContext ctx = mlirContextCreateWithThreading(false);
  bool ok = true;
  for (size_t i = 0; ok && i < flags->num; ++i) {
    const char *f = flags->items[i];
    size_t len = strcspn(f, "=");
    MlirStringRef name = mlirStringRefCreate(f, len);
    ok = irsPassIsRegistered(ctx, name) ||
         (!irsPassRegistryIsNull(plugins) &&
          irsPassRegistryLookup(plugins, name) >= 0);
    if (!ok)
      unknownFlag(table, f, len, suspects, ctx, err, errSize);
  }
  mlirContextDestroy(ctx);
  return ok;
}

typedef struct Reporter {
  IrsPipelineErrorCallback cb;
  void *ud;
} Reporter;

// irsPipelineNestRestrictedPasses reports only running out of memory, which
// is about no position.
static void reportPlain(MlirStringRef s, void *ud) {
  const Reporter *r = ud;
  IrsPipelineError e = {s, -1, 0, 0};
  if (r->cb)
    r->cb(&e, r->ud);
}

IrsPipeline irsOptionsPipelineFromFlags(const IrsStringList *flags,
                                        const IrsOptionSuspects *suspects,
                                        IrsPipelineErrorCallback errorCallback,
                                        void *userData) {
  Reporter plain = {errorCallback, userData};
  MlirStringRef *refs = calloc(flags->num ? flags->num : 1, sizeof(*refs));
  if (!refs) {
    reportPlain(mlirStringRefCreateFromCString("out of memory"), &plain);
    return (IrsPipeline){NULL};
  }
  for (size_t i = 0; i < flags->num; ++i)
    refs[i] = mlirStringRefCreateFromCString(flags->items[i]);
  IrsPipeline p = irsPipelineCreateFromPassFlagsLocated(
      refs, (intptr_t)flags->num,
      mlirStringRefCreateFromCString("builtin.module"), errorCallback,
      userData);
  free(refs);
  if (!irsPipelineIsNull(p)) {
    // As mlir-opt, nest a pass restricted to another op under that op
    // (--optimize-allocation-liveness is func.func-only). Finding out needs
    // MLIR's pass registry and a context; one without threads or dialects
    // is cheap and gone before a supervisor forks its worker.
    mlirRegisterAllPasses();
    MlirContext ctx = mlirContextCreateWithThreading(false);
    IrsPipeline nested = typoOfOption(flags, suspects, ctx, errorCallback,
                                          userData)
                             ? (IrsPipeline){NULL}
                             : irsPipelineNestRestrictedPasses(
                                   p, ctx, reportPlain, &plain);
    mlirContextDestroy(ctx);
    irsPipelineDestroy(p);
    p = nested;
  }
  return p;
}
