// SPDX-License-Identifier: Apache-2.0
//===- Pipeline.c - textual pass pipeline parser ---------------------------===//
//
// Recursive-descent parser for MLIR's textual pipeline syntax:
//
//   pipeline ::= anchor '(' elements? ')'
//   elements ::= element (',' element)*
//   element  ::= anchor '(' elements? ')' | name ('{' options '}')?
//
// It flattens the tree into steps (one per leaf pass, carrying its anchor
// path) and produces a canonical re-print of the whole pipeline. Options are
// kept verbatim (balanced braces, quoted strings) because their meaning
// belongs to the pass; MLIR parses them when the step is instantiated.
//
//===----------------------------------------------------------------------===//
#include "PipelineImpl.h"
#include "../Support/Buf.h"

#include "mlir-c/Pass.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Step {
  char *text;
  char *pass;
  char *options;
  char **anchors;
  intptr_t numAnchors;
  intptr_t offset;
} Step;

typedef struct Pipeline {
  char *text;
  char *root;
  Step *steps;
  intptr_t numSteps, capSteps;
} Pipeline;

typedef struct Parser {
  const char *src;
  size_t len, pos;
  Pipeline *p;
  IrsBuf canon;
  // Current anchor path (borrowed pointers into `src` with lengths).
  struct {
    const char *s;
    size_t n;
  } path[64];
  int depth;
  // The error: its message and position (offset -1: none).
  IrsBuf err;
  IrsPipelineError error;
  bool failed;
} Parser;

static void fail(Parser *ps, size_t at, const char *fmt, const char *arg) {
  if (ps->failed)
    return;
  ps->failed = true;
  size_t line = 1, col = 1;
  for (size_t i = 0; i < at && i < ps->len; ++i) {
    if (ps->src[i] == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
  }
  ps->error.offset = (intptr_t)(at < ps->len ? at : ps->len);
  ps->error.line = (intptr_t)line;
  ps->error.column = (intptr_t)col;
  irsBufPrintf(&ps->err, fmt, arg);
}

// An error about no position in the text.
static void reportPlain(IrsPipelineErrorCallback cb, void *ud,
                        const char *message) {
  IrsPipelineError e = {mlirStringRefCreateFromCString(message), -1, 0, 0};
  if (cb)
    cb(&e, ud);
}

void irsPipelineErrorPrint(const IrsPipelineError *error,
                           MlirStringCallback callback, void *userData) {
  if (error->offset >= 0) {
    char at[64];
    snprintf(at, sizeof(at), "pipeline:%ld:%ld: ", (long)error->line,
             (long)error->column);
    callback(mlirStringRefCreateFromCString(at), userData);
  }
  callback(error->message, userData);
}

void irsPipelineErrorReportLine(const IrsPipelineError *error, void *line) {
  const IrsPipelineErrorLine *l = line;
  if (!l->cb)
    return;
  IrsBuf text = IRS_BUF_INIT;
  irsPipelineErrorPrint(error, irsBufStringCallback, &text);
  l->cb(text.failed ? mlirStringRefCreateFromCString("out of memory")
                    : irsBufRef(&text),
        l->userData);
  irsBufFree(&text);
}

static void skipWs(Parser *ps) {
  while (ps->pos < ps->len &&
         (ps->src[ps->pos] == ' ' || ps->src[ps->pos] == '\t' ||
          ps->src[ps->pos] == '\n' || ps->src[ps->pos] == '\r'))
    ++ps->pos;
}

static bool isNameChar(char c) {
  return !(c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '(' ||
           c == ')' || c == '{' || c == '}' || c == ',' || c == '"' ||
           c == '\'' || c == '\0');
}

static size_t readName(Parser *ps) {
  size_t start = ps->pos;
  while (ps->pos < ps->len && isNameChar(ps->src[ps->pos]))
    ++ps->pos;
  return ps->pos - start;
}

// What is at the current position, for messages: "end of pipeline" or the
// quoted character. Writes into `buf` (at least 8 bytes).
static const char *describe(Parser *ps, char *buf) {
  if (ps->pos >= ps->len)
    return "end of pipeline";
  unsigned char c = (unsigned char)ps->src[ps->pos];
  if (c >= 0x20 && c < 0x7f)
    snprintf(buf, 8, "'%c'", c);
  else
    snprintf(buf, 8, "byte %02x", c);
  return buf;
}

static void irsSanitizeName(const char *s, size_t n, char *out, size_t cap) {
  if (n >= cap)
    n = cap - 1;
  memcpy(out, s, n);
  out[n] = '\0';
}

static char *dupRange(const char *s, size_t n) {
  MlirStringRef r = {s, n};
  return irsStrDupRef(r);
}

static bool addStep(Parser *ps, const char *name, size_t nameLen,
                    const char *opts, size_t optsLen, size_t offset) {
  Pipeline *p = ps->p;
  if (p->numSteps == p->capSteps) {
    intptr_t cap = p->capSteps ? p->capSteps * 2 : 8;
    Step *s = realloc(p->steps, (size_t)cap * sizeof(Step));
    if (!s)
      return false;
    p->steps = s;
    p->capSteps = cap;
  }
  Step *st = &p->steps[p->numSteps];
  memset(st, 0, sizeof(*st));
  ++p->numSteps;
  st->offset = (intptr_t)offset;
  st->pass = dupRange(name, nameLen);
  st->options = dupRange(opts ? opts : "", optsLen);
  st->anchors = calloc((size_t)ps->depth, sizeof(char *));
  st->numAnchors = ps->depth;
  IrsBuf t = IRS_BUF_INIT;
  for (int i = 0; i < ps->depth; ++i) {
    if (st->anchors)
      st->anchors[i] = dupRange(ps->path[i].s, ps->path[i].n);
    irsBufAppend(&t, ps->path[i].s, ps->path[i].n);
    irsBufAppendStr(&t, "(");
  }
  irsBufAppend(&t, name, nameLen);
  if (optsLen) {
    irsBufAppendStr(&t, "{");
    irsBufAppend(&t, opts, optsLen);
    irsBufAppendStr(&t, "}");
  }
  for (int i = 0; i < ps->depth; ++i)
    irsBufAppendStr(&t, ")");
  st->text = irsBufDetach(&t);
  if (!st->pass || !st->options || !st->anchors || !st->text)
    return false;
  for (int i = 0; i < ps->depth; ++i)
    if (!st->anchors[i])
      return false;
  return true;
}

// Reads "{...}" starting at '{'; returns the inner text range.
static bool readOptions(Parser *ps, size_t *start, size_t *n) {
  size_t open = ps->pos;
  ++ps->pos; // '{'
  *start = ps->pos;
  int depth = 1;
  while (ps->pos < ps->len) {
    char c = ps->src[ps->pos];
    if (c == '"' || c == '\'') {
      size_t q = ps->pos++;
      while (ps->pos < ps->len && ps->src[ps->pos] != c)
        ++ps->pos;
      if (ps->pos >= ps->len) {
        fail(ps, q, "%s", "unterminated quoted string in pass options");
        return false;
      }
    } else if (c == '{') {
      ++depth;
    } else if (c == '}') {
      if (--depth == 0) {
        *n = ps->pos - *start;
        ++ps->pos;
        // Trim surrounding whitespace so "{ a=1 }" and "{a=1}" are one step.
        while (*n && isspace((unsigned char)ps->src[*start])) {
          ++*start;
          --*n;
        }
        while (*n && isspace((unsigned char)ps->src[*start + *n - 1]))
          --*n;
        return true;
      }
    }
    ++ps->pos;
  }
  fail(ps, open, "%s", "missing '}' closing the pass options opened here");
  return false;
}

static bool parseElements(Parser *ps);

static bool parseElement(Parser *ps) {
  skipWs(ps);
  size_t start = ps->pos;
  size_t n = readName(ps);
  if (n == 0) {
    char d[8];
    fail(ps, ps->pos, "expected a pass or operation name, found %s",
         describe(ps, d));
    return false;
  }
  const char *name = ps->src + start;
  skipWs(ps);
  if (ps->pos < ps->len && ps->src[ps->pos] == '(') {
    if (ps->depth == (int)(sizeof(ps->path) / sizeof(ps->path[0]))) {
      fail(ps, start, "%s", "pipeline nested too deeply");
      return false;
    }
    size_t open = ps->pos++;
    ps->path[ps->depth].s = name;
    ps->path[ps->depth].n = n;
    ++ps->depth;
    irsBufAppend(&ps->canon, name, n);
    irsBufAppendStr(&ps->canon, "(");
    if (!parseElements(ps))
      return false;
    skipWs(ps);
    if (ps->pos >= ps->len || ps->src[ps->pos] != ')') {
      if (ps->pos >= ps->len)
        fail(ps, open, "%s", "missing ')' closing the pipeline opened here");
      else {
        char d[8];
        fail(ps, ps->pos, "expected ',' or ')', found %s", describe(ps, d));
      }
      return false;
    }
    ++ps->pos;
    --ps->depth;
    irsBufAppendStr(&ps->canon, ")");
    return true;
  }
  size_t optStart = 0, optLen = 0;
  if (ps->pos < ps->len && ps->src[ps->pos] == '{') {
    if (!readOptions(ps, &optStart, &optLen))
      return false;
  }
  irsBufAppend(&ps->canon, name, n);
  if (optLen) {
    irsBufAppendStr(&ps->canon, "{");
    irsBufAppend(&ps->canon, ps->src + optStart, optLen);
    irsBufAppendStr(&ps->canon, "}");
  }
  if (!addStep(ps, name, n, ps->src + optStart, optLen, start)) {
    fail(ps, start, "%s", "out of memory");
    return false;
  }
  return true;
}

static bool parseElements(Parser *ps) {
  skipWs(ps);
  if (ps->pos < ps->len && ps->src[ps->pos] == ')')
    return true; // empty nested pipeline: legal, contributes no step
  for (;;) {
    if (!parseElement(ps))
      return false;
    skipWs(ps);
    if (ps->pos < ps->len && ps->src[ps->pos] == ',') {
      ++ps->pos;
      irsBufAppendStr(&ps->canon, ",");
      continue;
    }
    return true;
  }
}

static void freePipeline(Pipeline *p) {
  if (!p)
    return;
  for (intptr_t i = 0; i < p->numSteps; ++i) {
    Step *s = &p->steps[i];
    free(s->text);
    free(s->pass);
    free(s->options);
    if (s->anchors)
      for (intptr_t j = 0; j < s->numAnchors; ++j)
        free(s->anchors[j]);
    free(s->anchors);
  }
  free(p->steps);
  free(p->text);
  free(p->root);
  free(p);
}

IrsPipeline irsPipelineCreateParseLocated(
    MlirStringRef text, IrsPipelineErrorCallback errorCallback,
    void *userData) {
  IrsPipeline result = {NULL};
  Parser ps;
  memset(&ps, 0, sizeof(ps));
  ps.src = text.data;
  ps.len = text.length;
  ps.error.offset = -1;
  ps.p = calloc(1, sizeof(Pipeline));
  if (!ps.p) {
    reportPlain(errorCallback, userData, "out of memory");
    return result;
  }
  skipWs(&ps);
  size_t start = ps.pos;
  size_t n = readName(&ps);
  skipWs(&ps);
  char d[8];
  if (n == 0) {
    fail(&ps, ps.pos,
         "expected an operation anchor such as 'builtin.module(...)', "
         "found %s",
         describe(&ps, d));
  } else if (ps.pos >= ps.len || ps.src[ps.pos] != '(') {
    char name[128];
    irsSanitizeName(ps.src + start, n, name, sizeof(name));
    fail(&ps, start,
         "the pipeline must be anchored on an operation, e.g. "
         "'builtin.module(%s)'",
         name);
  } else {
    ps.p->root = dupRange(ps.src + start, n);
    ps.pos = start;
    if (parseElement(&ps)) {
      skipWs(&ps);
      if (ps.pos < ps.len)
        fail(&ps, ps.pos, "unexpected %s after the end of the pipeline",
             describe(&ps, d));
    }
  }
  if (!ps.failed && (ps.canon.failed || !ps.p->root)) {
    ps.failed = true;
    irsBufAppendStr(&ps.err, "out of memory");
  }
  if (ps.failed) {
    ps.error.message = ps.err.failed
                           ? mlirStringRefCreateFromCString("out of memory")
                           : irsBufRef(&ps.err);
    if (errorCallback)
      errorCallback(&ps.error, userData);
    irsBufFree(&ps.err);
    irsBufFree(&ps.canon);
    freePipeline(ps.p);
    return result;
  }
  ps.p->text = irsBufDetach(&ps.canon);
  irsBufFree(&ps.err);
  result.ptr = ps.p;
  return result;
}

IrsPipeline irsPipelineCreateParse(MlirStringRef text,
                                   MlirStringCallback errorCallback,
                                   void *userData) {
  IrsPipelineErrorLine l = {errorCallback, userData};
  return irsPipelineCreateParseLocated(text, irsPipelineErrorReportLine, &l);
}

// Parses a pipeline text built by one of the constructors below, or reports
// that building it ran out of memory; frees the text either way.
static IrsPipeline parseBuilt(IrsBuf *t, IrsPipelineErrorCallback errorCallback,
                              void *userData) {
  IrsPipeline p = {NULL};
  if (!t->failed)
    p = irsPipelineCreateParseLocated(irsBufRef(t), errorCallback, userData);
  else
    reportPlain(errorCallback, userData, "out of memory");
  irsBufFree(t);
  return p;
}

IrsPipeline irsPipelineCreateFromPassFlagsLocated(
    const MlirStringRef *flags, intptr_t numFlags, MlirStringRef rootAnchor,
    IrsPipelineErrorCallback errorCallback, void *userData) {
  IrsBuf t = IRS_BUF_INIT;
  irsBufAppendRef(&t, rootAnchor);
  irsBufAppendStr(&t, "(");
  for (intptr_t i = 0; i < numFlags; ++i) {
    if (i)
      irsBufAppendStr(&t, ",");
    const char *eq = memchr(flags[i].data, '=', flags[i].length);
    if (!eq) {
      irsBufAppendRef(&t, flags[i]);
      continue;
    }
    size_t nameLen = (size_t)(eq - flags[i].data);
    irsBufAppend(&t, flags[i].data, nameLen);
    irsBufAppendStr(&t, "{");
    const char *v = eq + 1;
    size_t vlen = flags[i].length - nameLen - 1;
    // --inline="default-pipeline=canonicalize" arrives with the quotes
    // already removed by the shell; strip a stray outer pair anyway.
    if (vlen >= 2 && v[0] == '"' && v[vlen - 1] == '"') {
      ++v;
      vlen -= 2;
    }
    irsBufAppend(&t, v, vlen);
    irsBufAppendStr(&t, "}");
  }
  irsBufAppendStr(&t, ")");
  return parseBuilt(&t, errorCallback, userData);
}

IrsPipeline irsPipelineCreateFromPassFlags(const MlirStringRef *flags,
                                           intptr_t numFlags,
                                           MlirStringRef rootAnchor,
                                           MlirStringCallback errorCallback,
                                           void *userData) {
  IrsPipelineErrorLine l = {errorCallback, userData};
  return irsPipelineCreateFromPassFlagsLocated(flags, numFlags, rootAnchor,
                                               irsPipelineErrorReportLine, &l);
}

// The operation MLIR says a pass is restricted to, from the parser's
// "Can't add pass 'X' restricted to 'func.func' on a PassManager intended to
// run on 'builtin.module', did you intend to nest?". The C API has no query
// for a pass's anchor; this message has been stable since MLIR 13.
typedef struct {
  MlirContext ctx;
  const char *root;
} ParserProbe;

static bool restrictedTo(const IrsBuf *raw, const char **op, size_t *n) {
  static const char key[] = "' restricted to '";
  const char *s = raw->data ? strstr(raw->data, key) : NULL;
  if (!s)
    return false;
  *op = s + sizeof(key) - 1;
  const char *end = strchr(*op, '\'');
  if (!end || end == *op)
    return false;
  *n = (size_t)(end - *op);
  return true;
}

IrsPipeline irsPipelineNestRestrictedPassesBy(
    IrsPipeline pipeline, IrsPipelineProbeCallback probe, void *probeUserData,
    IrsPipelineErrorCallback errorCallback, void *userData) {
  Pipeline *p = pipeline.ptr;
  size_t rootLen = strlen(p->root);
  IrsBuf t = IRS_BUF_INIT;
  irsBufAppendStr(&t, p->root);
  irsBufAppendStr(&t, "(");
  for (intptr_t i = 0; i < p->numSteps; ++i) {
    Step *s = &p->steps[i];
    // The step's text without the root anchor: "pass{opts}" or, for a
    // step that is nested already, "func.func(pass)".
    const char *inner = s->text + rootLen + 1;
    size_t innerLen = strlen(s->text) - rootLen - 2;
    if (i)
      irsBufAppendStr(&t, ",");
    const char *op = NULL;
    size_t opLen = 0;
    IrsBuf raw = IRS_BUF_INIT, question = IRS_BUF_INIT;
    if (s->numAnchors == 1) {
      // The probe names the pass without its options: the op a pass is
      // restricted to does not depend on them, and a bad option value would
      // make LLVM's option parser print to stderr (the pass manager reports
      // it properly later).
      irsBufPrintf(&question, "%s(%s)", p->root, s->pass);
      if (!question.failed)
        probe(irsBufRef(&question), irsBufStringCallback, &raw, probeUserData);
    }
    if (restrictedTo(&raw, &op, &opLen) &&
        !(opLen == rootLen && memcmp(op, p->root, opLen) == 0)) {
      irsBufAppend(&t, op, opLen);
      irsBufAppendStr(&t, "(");
      irsBufAppend(&t, inner, innerLen);
      irsBufAppendStr(&t, ")");
    } else {
      irsBufAppend(&t, inner, innerLen);
    }
    irsBufFree(&raw);
    irsBufFree(&question);
  }
  irsBufAppendStr(&t, ")");
  return parseBuilt(&t, errorCallback, userData);
}

// Asks MLIR's own parser, on a pass manager anchored on the root.
static void parserProbe(MlirStringRef question, MlirStringCallback callback,
                        void *callbackUserData, void *userData) {
  const ParserProbe *pp = userData;
  MlirPassManager pm = mlirPassManagerCreateOnOperation(
      pp->ctx, mlirStringRefCreateFromCString(pp->root));
  mlirParsePassPipeline(mlirPassManagerGetAsOpPassManager(pm), question,
                        callback, callbackUserData);
  mlirPassManagerDestroy(pm);
}

IrsPipeline irsPipelineNestRestrictedPasses(IrsPipeline pipeline,
                                            MlirContext ctx,
                                            MlirStringCallback errorCallback,
                                            void *userData) {
  ParserProbe pp = {ctx, ((Pipeline *)pipeline.ptr)->root};
  IrsPipelineErrorLine l = {errorCallback, userData};
  return irsPipelineNestRestrictedPassesBy(pipeline, parserProbe, &pp,
                                           irsPipelineErrorReportLine, &l);
}

void irsPipelineDestroy(IrsPipeline pipeline) { freePipeline(pipeline.ptr); }

static Pipeline *unwrap(IrsPipeline p) { return (Pipeline *)p.ptr; }

MlirStringRef irsPipelineGetText(IrsPipeline pipeline) {
  return mlirStringRefCreateFromCString(unwrap(pipeline)->text);
}

MlirStringRef irsPipelineGetRootAnchor(IrsPipeline pipeline) {
  return mlirStringRefCreateFromCString(unwrap(pipeline)->root);
}

intptr_t irsPipelineGetNumSteps(IrsPipeline pipeline) {
  return unwrap(pipeline)->numSteps;
}

static Step *step(IrsPipeline p, intptr_t pos) {
  return &unwrap(p)->steps[pos];
}

MlirStringRef irsPipelineGetStepText(IrsPipeline pipeline, intptr_t pos) {
  return mlirStringRefCreateFromCString(step(pipeline, pos)->text);
}
MlirStringRef irsPipelineGetStepPassName(IrsPipeline pipeline, intptr_t pos) {
  return mlirStringRefCreateFromCString(step(pipeline, pos)->pass);
}
MlirStringRef irsPipelineGetStepPassOptions(IrsPipeline pipeline,
                                            intptr_t pos) {
  return mlirStringRefCreateFromCString(step(pipeline, pos)->options);
}
MlirStringRef irsPipelineGetStepAnchor(IrsPipeline pipeline, intptr_t pos) {
  Step *s = step(pipeline, pos);
  return mlirStringRefCreateFromCString(s->anchors[s->numAnchors - 1]);
}
intptr_t irsPipelineGetStepNumAnchors(IrsPipeline pipeline, intptr_t pos) {
  return step(pipeline, pos)->numAnchors;
}
MlirStringRef irsPipelineGetStepAnchorAt(IrsPipeline pipeline, intptr_t pos,
                                         intptr_t depth) {
  return mlirStringRefCreateFromCString(step(pipeline, pos)->anchors[depth]);
}
intptr_t irsPipelineGetStepOffset(IrsPipeline pipeline, intptr_t pos) {
  return step(pipeline, pos)->offset;
}

bool irsPipelineTextNamesIrscopePass(MlirStringRef text) {
  for (size_t i = 0; i + 4 <= text.length; ++i)
    if (!memcmp(text.data + i, "irs-", 4) &&
        (i == 0 || strchr("(,{= \"'", text.data[i - 1])))
      return true;
  return false;
}
