// SPDX-License-Identifier: Apache-2.0
//===- FromLog.c - dump directories from another tool's IR dumps ----------===//
//
// irscope-report --from-log=FILE / --from-tree-dir=DIR: the IR dumps any
// MLIR tool prints with --mlir-print-ir-after-all / --mlir-print-ir-before-
// all (on stderr) or writes with --mlir-print-ir-tree-dir become a dump
// directory with a manifest (written by the library,
// irsForeignManifestWrite), so that the explorer shows a run that happened
// in IREE, Triton or mlir-opt.
//
// A dump header is "// -----// IR Dump After|Before NAME [Failed] (ARG)
// [('OP' operation[: @SYM]) | (op: 'OP' @SYM)] //----- //". Without
// --mlir-print-ir-module-scope a nested pass's dump is the op alone (one
// dump per function per pass), and the header does not name it: its first
// line does. Each step's file is the whole module as it is after that
// step, the op's text spliced into the last module text known (found by
// op name and symbol at the top level), so that consecutive dumps diff
// like irscope-opt's. Before any module-level dump the module is made of
// the ops seen so far. A log cut short by a crash (LLVM's "Stack dump:")
// ends in a step with status "crash": the pass of the last "Before" dump
// without its "After", or an unknown one.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "FromLog.h"
#include "Explorer.h"

#include "irscope/ForeignRun.h"
#include "irscope/Outcome.h"
#include "irscope/RunDir.h"
#include "irscope/Support.h"
#include "irscope/Tool.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct Entry {
  bool after, failed;
  bool whole;   // the text is the module (module scope, or a module pass)
  char *pass;   // argument, else name
  char *op;     // op name, NULL if unknown
  char *sym;    // "@name", NULL if none
  char *text;   // the IR, trailing blank lines cut
} Entry;

typedef struct Log {
  Entry *e;
  int n, cap;
  bool crashed;
} Log;

static const char kHead[] = "// -----// IR Dump ";

static char *dupn(const char *s, size_t n) {
  char *d = malloc(n + 1);
  if (d) {
    memcpy(d, s, n);
    d[n] = '\0';
  }
  return d;
}

// Parses the header line [p, end) into e; false if it is none.
static bool parseHeader(const char *p, const char *end, Entry *e) {
  size_t hl = sizeof(kHead) - 1;
  if ((size_t)(end - p) < hl || memcmp(p, kHead, hl) != 0)
    return false;
  p += hl;
  memset(e, 0, sizeof(*e));
  if (end - p > 6 && !memcmp(p, "After ", 6))
    e->after = true, p += 6;
  else if (end - p > 7 && !memcmp(p, "Before ", 7))
    p += 7;
  else
    return false;
  const char *tail = memmem(p, (size_t)(end - p), " //----- //", 11);
  if (!tail)
    return false;
  // The pass argument is the first "(...)" that is not the op's part.
  const char *open = NULL, *close = NULL;
  for (const char *q = p; q < tail; ++q)
    if (*q == '(' && q[1] != '\'' && strncmp(q, "(op:", 4) != 0 &&
        q > p && q[-1] == ' ') {
      const char *c = memchr(q, ')', (size_t)(tail - q));
      if (c) {
        open = q, close = c;
        break;
      }
    }
  const char *nameEnd = open ? open - 1 : tail;
  if (nameEnd - p > 7 && !memcmp(nameEnd - 7, " Failed", 7)) {
    e->failed = true;
    nameEnd -= 7;
  }
  e->pass = open ? dupn(open + 1, (size_t)(close - open - 1))
                 : dupn(p, (size_t)(nameEnd - p));
  const char *q = memchr(close ? close : p, '\'', (size_t)(tail - (close ? close : p)));
  if (q) {
    const char *qe = memchr(q + 1, '\'', (size_t)(tail - q - 1));
    if (qe) {
      e->op = dupn(q + 1, (size_t)(qe - q - 1));
      const char *at = memchr(qe, '@', (size_t)(tail - qe));
      if (at) {
        const char *se = at + 1;
        while (se < tail && *se != ')' && *se != ' ')
          ++se;
        e->sym = dupn(at, (size_t)(se - at));
      }
    }
  }
  return e->pass != NULL;
}

static bool isCrashLine(const char *p, const char *end) {
  static const char *const marks[] = {"PLEASE submit a bug report",
                                      "Stack dump:"};
  for (size_t i = 0; i < 2; ++i) {
    size_t l = strlen(marks[i]);
    if ((size_t)(end - p) >= l && !memcmp(p, marks[i], l))
      return true;
  }
  return false;
}

// Lines of diagnostics that a tool prints between dumps: not IR. A line
// starting with an SSA value or a closing brace is IR even when a string in
// it reads like a diagnostic.
static bool isDiagLine(const char *p, const char *end) {
  return *p != '%' && *p != '}' &&
         irsToolIsDiagnosticLine((MlirStringRef){p, (size_t)(end - p)});
}

static bool push(Log *l, const Entry *e) {
  if (l->n == l->cap) {
    int cap = l->cap ? 2 * l->cap : 16;
    Entry *p = realloc(l->e, (size_t)cap * sizeof(*p));
    if (!p)
      return false;
    l->e = p, l->cap = cap;
  }
  l->e[l->n++] = *e;
  return true;
}

// Reads every dump of `text` into the log.
static bool parseLog(Log *l, const char *text, size_t len) {
  const char *end = text + len;
  Entry cur;
  FILE *f = NULL; // the current dump's text
  size_t tl = 0;
  bool ok = true;
  for (const char *p = text; p < end && ok;) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *le = nl ? nl : end;
    Entry h;
    bool head = parseHeader(p, le, &h);
    bool crash = !head && isCrashLine(p, le);
    if ((head || crash) && f) {
      ok = fclose(f) == 0 && push(l, &cur);
      f = NULL;
    }
    if (crash)
      l->crashed = true;
    if (head && ok) {
      cur = h;
      f = open_memstream(&cur.text, &tl);
      ok = f != NULL;
    } else if (f && !isDiagLine(p, le)) {
      fwrite(p, 1, (size_t)(le - p), f);
      fputc('\n', f);
    }
    p = nl ? nl + 1 : end;
  }
  if (f)
    ok = fclose(f) == 0 && ok && push(l, &cur);
  return ok;
}

static void trimTrailing(char *t) {
  size_t n = strlen(t);
  while (n > 0 && (t[n - 1] == '\n' || t[n - 1] == ' '))
    t[--n] = '\0';
}

// The op a dump without module scope is for, from its first line:
// "OP @SYM(..." or "%x = OP ...". Module dumps leave op NULL.
static void inferOp(Entry *e) {
  const char *p = e->text;
  while (*p == '\n' || *p == ' ')
    ++p;
  if (!strncmp(p, "module", 6) || !strncmp(p, "\"builtin.module\"", 16) ||
      !strncmp(p, "#", 1) || !strncmp(p, "!", 1)) {
    e->whole = true;
    if (!e->op)
      e->op = strdup("builtin.module");
    return;
  }
  if (e->op)
    return;
  const char *nl = strchr(p, '\n');
  size_t n = nl ? (size_t)(nl - p) : strlen(p);
  const char *q = p;
  while (q < p + n && *q != ' ' && *q != '(')
    ++q;
  // A generic form's op is quoted; a lone quote is an empty name.
  const char *b = p;
  if (*b == '"') {
    ++b;
    if (q > b && q[-1] == '"')
      --q;
  }
  e->op = dupn(b, (size_t)(q - b));
  const char *at = memchr(p, '@', n);
  if (at && !e->sym) {
    const char *se = at + 1;
    while (se < p + n && (se[0] == '_' || se[0] == '.' || se[0] == '$' ||
                          (se[0] >= '0' && se[0] <= '9') ||
                          ((se[0] | 32) >= 'a' && (se[0] | 32) <= 'z')))
      ++se;
    e->sym = dupn(at, (size_t)(se - at));
  }
}

// The module as it is now: its whole text once a module-level dump was
// seen, else the top-level ops seen so far.
typedef struct State {
  char *module;
  char **ops, **syms;
  int n;
} State;

// Text with every line indented by `ind` spaces.
static char *indent(const char *t, int ind) {
  char *out = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&out, &len);
  if (!f)
    return NULL;
  for (const char *p = t; *p;) {
    const char *nl = strchr(p, '\n');
    size_t n = nl ? (size_t)(nl - p) : strlen(p);
    if (n)
      fprintf(f, "%*s%.*s", ind, "", (int)n, p);
    fputc('\n', f);
    p = nl ? nl + 1 : p + n;
  }
  fclose(f);
  return out;
}

// Where the top-level op OP SYM starts and ends in the module text (byte
// offsets of its first line and one past its last line); false if absent.
static bool findTop(const char *m, const char *op, const char *sym,
                    size_t *from, size_t *to) {
  size_t ol = strlen(op), sl = strlen(sym);
  for (const char *p = m; *p;) {
    const char *nl = strchr(p, '\n');
    size_t n = nl ? (size_t)(nl - p) : strlen(p);
    const char *s = n > 2 && p[0] == ' ' && p[1] == ' ' && p[2] != ' '
                        ? memmem(p, n, sym, sl)
                        : NULL;
    char after = s && (size_t)(s - p) + sl < n ? s[sl] : '\0';
    if (s && memmem(p, n, op, ol) && !(after == '_' || after == '.' ||
                                      (after >= '0' && after <= '9') ||
                                      ((after | 32) >= 'a' && (after | 32) <= 'z'))) {
      *from = (size_t)(p - m);
      const char *e = nl ? nl + 1 : p + n;
      if (n && p[n - 1] == '{') // a body: up to the "  }" that closes it
        for (const char *q = e; *q;) {
          const char *qn = strchr(q, '\n');
          if (q[0] == ' ' && q[1] == ' ' && q[2] == '}') {
            e = qn ? qn + 1 : q + strlen(q);
            break;
          }
          q = qn ? qn + 1 : q + strlen(q);
        }
      *to = (size_t)(e - m);
      return true;
    }
    p = nl ? nl + 1 : p + n;
  }
  return false;
}

// Applies dump `e` to the state; the module text is then in *out.
static char *apply(State *st, const Entry *e) {
  if (e->whole) {
    free(st->module);
    st->module = strdup(e->text);
    return strdup(e->text);
  }
  if (st->module && e->sym) {
    size_t from, to;
    char *body = indent(e->text, 2);
    if (body && findTop(st->module, e->op, e->sym, &from, &to)) {
      char *m = NULL;
      if (asprintf(&m, "%.*s%s%s", (int)from, st->module, body,
                   st->module + to) >= 0) {
        free(st->module);
        st->module = m;
      }
    }
    free(body);
    return st->module ? strdup(st->module) : NULL;
  }
  if (!st->module) {
    // No module dump yet: the module of the ops seen so far.
    int i = 0;
    while (i < st->n && !(e->sym && st->syms[i] && !strcmp(st->syms[i], e->sym)))
      ++i;
    if (i == st->n) {
      char **o = realloc(st->ops, (size_t)(i + 1) * sizeof(char *));
      char **s = o ? realloc(st->syms, (size_t)(i + 1) * sizeof(char *)) : NULL;
      if (o)
        st->ops = o;
      if (!s)
        return NULL;
      st->syms = s;
      st->ops[i] = NULL;
      st->syms[i] = e->sym ? strdup(e->sym) : NULL;
      st->n++;
    }
    free(st->ops[i]);
    st->ops[i] = indent(e->text, 2);
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    if (!f)
      return NULL;
    fputs("module {\n", f);
    for (int k = 0; k < st->n; ++k)
      fputs(st->ops[k] ? st->ops[k] : "", f);
    fputs("}\n", f);
    fclose(f);
    return out;
  }
  return strdup(st->module); // an op without a symbol: cannot be placed
}

static long countOps(const char *t) { return irsExCountOps(t, strlen(t)); }

// An irsRunDirDumpName callback: keeps a malloc'd copy of the name.
static void keepName(MlirStringRef name, void *ud) {
  *(char **)ud = strndup(name.data, name.length);
}

static bool writeDump(const char *dir, const char *name, const char *text,
                      char *err, size_t cap) {
  char path[4096];
  snprintf(path, sizeof(path), "%s/%s", dir, name);
  size_t n = strlen(text);
  char *t = NULL;
  bool nlEnd = n && text[n - 1] == '\n';
  int e = asprintf(&t, "%s%s", text, nlEnd ? "" : "\n") < 0
              ? ENOMEM
              : irsFileWriteAtomic(path, t, strlen(t));
  free(t);
  if (e)
    snprintf(err, cap, "cannot write '%s': %s", path, strerror(e));
  return e == 0;
}

typedef struct Out {
  IrsForeignStep *steps;
  char **names; // dump file names, owned
  int n;
} Out;

// A step the log shows without its result: it crashed, or it ended fine.
static IrsOutcome endStatus(bool crashed) {
  return crashed ? IrsOutcomeCrash : IrsOutcomeOk;
}

static IrsForeignStep *addStep(Out *o, const char *pass, const char *anchor,
                               const char *target, IrsOutcome status) {
  IrsForeignStep *s = realloc(o->steps, (size_t)(o->n + 1) * sizeof(*s));
  char **nm = s ? realloc(o->names, (size_t)(o->n + 1) * sizeof(char *)) : NULL;
  if (s)
    o->steps = s;
  if (!nm)
    return NULL;
  o->names = nm;
  o->names[o->n] = NULL;
  s = &o->steps[o->n++];
  memset(s, 0, sizeof(*s));
  s->pass = pass, s->anchor = anchor, s->target = target, s->status = status;
  s->opsBefore = s->opsAfter = -1;
  return s;
}

// Turns the log's dumps into steps and files in `dir`.
static bool convert(Log *l, const char *dir, const char *source,
                    const char *cmdLine, char *err, size_t cap) {
  State st = {0};
  Out o = {0};
  char *prev = NULL, *input = NULL;
  bool anyAfter = false, ok = true;
  for (int i = 0; i < l->n; ++i) {
    trimTrailing(l->e[i].text);
    inferOp(&l->e[i]);
    anyAfter |= l->e[i].after;
  }
  for (int i = 0; i < l->n && ok; ++i) {
    Entry *e = &l->e[i];
    char *now = apply(&st, e);
    if (!now) {
      ok = false;
      break;
    }
    // A "Before" dump is a step's input: it ran if the next dump is its
    // "After" (or, in a before-only log, any next dump).
    bool isStep = e->after || !anyAfter;
    if (!e->after && !prev) {
      input = strdup(now);
    }
    if (!isStep) {
      bool closed = i + 1 < l->n && l->e[i + 1].after;
      if (!closed && (l->crashed || i + 1 < l->n)) {
        addStep(&o, e->pass, e->op, e->sym, endStatus(l->crashed));
      }
      free(prev);
      prev = now;
      continue;
    }
    // Before-only: dump i is the IR after the step before it.
    const Entry *of = e;
    if (!e->after) {
      if (!prev) {
        prev = now;
        continue;
      }
      of = &l->e[i - 1];
    }
    IrsForeignStep *s =
        addStep(&o, of->pass, of->op, of->sym,
                e->failed ? IrsOutcomePassFailure : IrsOutcomeOk);
    irsRunDirDumpName(o.n, mlirStringRefCreateFromCString(of->op),
                      mlirStringRefCreateFromCString(of->pass), keepName,
                      &o.names[o.n - 1]);
    s->dumpFile = o.names[o.n - 1];
    s->changed = !prev || strcmp(prev, now) != 0;
    s->opsBefore = prev ? countOps(prev) : -1;
    s->opsAfter = countOps(now);
    ok = s->dumpFile && writeDump(dir, s->dumpFile, now, err, cap);
    free(prev);
    prev = now;
  }
  const Entry *last = l->n ? &l->e[l->n - 1] : NULL;
  if (ok && !anyAfter && last) // its output was not dumped, or it crashed
    addStep(&o, last->pass, last->op, last->sym, endStatus(l->crashed));
  else if (ok && l->crashed &&
           (o.n == 0 || o.steps[o.n - 1].status != IrsOutcomeCrash))
    addStep(&o, "unknown", "unknown", NULL, endStatus(true));
  if (ok && input)
    ok = writeDump(dir, IRS_RUN_DIR_INPUT_DUMP, input, err, cap);
  if (ok) {
    IrsForeignRun run = {{"irscope-report", cmdLine, source, NULL, NULL, 0, 0},
                         input ? IRS_RUN_DIR_INPUT_DUMP : NULL,
                         input ? countOps(input) : 0, o.steps, o.n};
    int e = irsForeignManifestWrite(dir, &run);
    if (e) {
      snprintf(err, cap, "cannot write '%s/" IRS_RUN_DIR_MANIFEST "': %s", dir,
               strerror(e));
      ok = false;
    }
  } else if (!err[0]) {
    snprintf(err, cap, "out of memory");
  }
  for (int i = 0; i < o.n; ++i)
    free(o.names[i]);
  free(o.names), free(o.steps), free(prev), free(input), free(st.module);
  for (int i = 0; i < st.n; ++i)
    free(st.ops[i]), free(st.syms[i]);
  free(st.ops), free(st.syms);
  return ok;
}

static void freeLog(Log *l) {
  for (int i = 0; i < l->n; ++i)
    free(l->e[i].pass), free(l->e[i].op), free(l->e[i].sym), free(l->e[i].text);
  free(l->e);
}

static char *readAll(const char *path, size_t *len) {
  FILE *f = fopen(path, "rbe");
  if (!f)
    return NULL;
  char *buf = NULL;
  size_t n = 0;
  FILE *m = open_memstream(&buf, &n);
  char chunk[65536];
  size_t r;
  while (m && (r = fread(chunk, 1, sizeof(chunk), f)) > 0)
    fwrite(chunk, 1, r, m);
  fclose(f);
  if (!m || fclose(m) != 0)
    return NULL;
  *len = n;
  return buf;
}

// The output directory: created, or an empty one.
static bool prepareDir(const char *dir, char *err, size_t cap) {
  if (mkdir(dir, 0777) == 0)
    return true;
  DIR *d = errno == EEXIST ? opendir(dir) : NULL;
  bool empty = d != NULL;
  for (struct dirent *x; d && (x = readdir(d));)
    if (strcmp(x->d_name, ".") && strcmp(x->d_name, ".."))
      empty = false;
  if (d)
    closedir(d);
  if (!empty)
    snprintf(err, cap, "cannot convert into '%s': %s", dir,
             d ? "the directory is not empty" : strerror(errno));
  return empty;
}

// The dumps of `text` (read from `source`) into `dir`.
static bool fromText(const char *text, size_t len, const char *source,
                     const char *dir, const char *cmdLine, char *err,
                     size_t cap) {
  Log l = {0};
  bool ok = parseLog(&l, text, len);
  if (ok && l.n == 0) {
    snprintf(err, cap, "'%s' holds no IR dump (no '%sAfter|Before ...' "
                       "line)", source, kHead);
    ok = false;
  }
  ok = ok && prepareDir(dir, err, cap) &&
       convert(&l, dir, source, cmdLine, err, cap);
  if (!ok && !err[0])
    snprintf(err, cap, "out of memory");
  freeLog(&l);
  return ok;
}

bool irsExFromLog(const char *log, const char *dir, const char *cmdLine,
                  char *err, size_t cap) {
  err[0] = '\0';
  size_t len = 0;
  char *text = readAll(log, &len);
  if (!text) {
    snprintf(err, cap, "cannot read '%s': %s", log, strerror(errno));
    return false;
  }
  bool ok = fromText(text, len, log, dir, cmdLine, err, cap);
  free(text);
  return ok;
}

typedef struct TreeFile {
  char *path;
  long key[8];
  int nkey;
} TreeFile;

typedef struct Tree {
  TreeFile *f;
  int n, cap;
} Tree;

// --mlir-print-ir-tree-dir names a dump "I_J_..._PASS.mlir" inside one
// directory per op: the numbers order the dumps.
static void treeWalk(Tree *t, const char *dir) {
  DIR *d = opendir(dir);
  for (struct dirent *x; d && (x = readdir(d));) {
    if (x->d_name[0] == '.')
      continue;
    char *p = NULL;
    if (asprintf(&p, "%s/%s", dir, x->d_name) < 0)
      continue;
    struct stat sb;
    size_t nl = strlen(x->d_name);
    if (stat(p, &sb) == 0 && S_ISDIR(sb.st_mode)) {
      treeWalk(t, p);
    } else if (nl > 5 && !strcmp(x->d_name + nl - 5, ".mlir") &&
               (t->n < t->cap || (t->f = realloc(t->f, (size_t)(t->cap = t->cap ? 2 * t->cap : 32) * sizeof(TreeFile))))) {
      TreeFile *f = &t->f[t->n++];
      memset(f, 0, sizeof(*f));
      f->path = p, p = NULL;
      for (const char *q = x->d_name; *q >= '0' && *q <= '9' && f->nkey < 8;) {
        char *e;
        f->key[f->nkey++] = strtol(q, &e, 10);
        q = *e == '_' ? e + 1 : e;
      }
    }
    free(p);
  }
  if (d)
    closedir(d);
}

static int cmpTree(const void *a, const void *b) {
  const TreeFile *x = a, *y = b;
  for (int i = 0; i < x->nkey && i < y->nkey; ++i)
    if (x->key[i] != y->key[i])
      return x->key[i] < y->key[i] ? -1 : 1;
  if (x->nkey != y->nkey)
    return x->nkey < y->nkey ? -1 : 1;
  return strcmp(x->path, y->path);
}

bool irsExFromTreeDir(const char *tree, const char *dir, const char *cmdLine,
                      char *err, size_t cap) {
  err[0] = '\0';
  struct stat sb;
  if (stat(tree, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
    snprintf(err, cap, "cannot read the tree directory '%s': %s", tree,
             stat(tree, &sb) != 0 ? strerror(errno) : "not a directory");
    return false;
  }
  Tree t = {0};
  treeWalk(&t, tree);
  if (t.n) // a folder without dumps has no array to sort
    qsort(t.f, (size_t)t.n, sizeof(TreeFile), cmpTree);
  // The files in order make one log.
  char *all = NULL;
  size_t len = 0;
  FILE *m = open_memstream(&all, &len);
  for (int i = 0; m && i < t.n; ++i) {
    size_t n = 0;
    char *text = readAll(t.f[i].path, &n);
    if (text)
      fwrite(text, 1, n, m), fputc('\n', m);
    free(text);
    free(t.f[i].path);
  }
  free(t.f);
  bool ok = m && fclose(m) == 0 &&
            fromText(all, len, tree, dir, cmdLine, err, cap);
  free(all);
  if (!ok && !err[0])
    snprintf(err, cap, "out of memory");
  return ok;
}
