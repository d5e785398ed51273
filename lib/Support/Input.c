// SPDX-License-Identifier: Apache-2.0
//===- Input.c - reading, splitting and parsing input like mlir-opt -------===//
//
// Whole files are parsed with mlirModuleCreateParseFromFile so the result
// is byte-for-byte what mlir-opt parses. Chunks of a split file (and stdin)
// are parsed from memory: the chunk is preceded by as many newlines (and
// spaces) as there were lines (and columns) before it, so every location
// the parser creates already has the line and column of the original file;
// the file name, which the C API cannot set for a module parse, is then
// patched into the locations that the parser created without one.
//
//===----------------------------------------------------------------------===//
#include "Buf.h"
#include "irscope/Input.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Chunk {
  size_t start, len; // byte range in contents
  intptr_t line, col; // 1-based position of start
} Chunk;

typedef struct Input {
  char *path;       // as given; "-" for stdin
  char *sourceName; // path or "<stdin>"
  char *data;
  size_t len;
  char hash[17];
  Chunk *chunks;
  intptr_t numChunks;
  bool split;
  bool modified; // contents differ from the file: parse from memory
} Input;

static void report(MlirStringCallback cb, void *ud, const char *fmt,
                   const char *a, const char *b) {
  if (!cb)
    return;
  IrsBuf m = IRS_BUF_INIT;
  irsBufPrintf(&m, fmt, a, b);
  cb(irsBufRef(&m), ud);
  irsBufFree(&m);
}

IrsInput irsInputCreateFromFile(const char *path, MlirStringCallback cb,
                                void *ud, IrsErrorKind *kind) {
  IrsInput r = {NULL};
  bool isStdin = strcmp(path, "-") == 0;
  FILE *f = isStdin ? stdin : fopen(path, "rbe");
  if (!f) {
    report(cb, ud, "cannot open input file '%s': %s", path, strerror(errno));
    if (kind)
      *kind = IRS_ERR_IO;
    return r;
  }
  IrsBuf b = IRS_BUF_INIT;
  char tmp[1 << 16];
  size_t n;
  while ((n = fread(tmp, 1, sizeof(tmp), f)) > 0)
    irsBufAppend(&b, tmp, n);
  int readErr = ferror(f) ? errno : 0;
  if (!isStdin)
    fclose(f);
  if (readErr) {
    report(cb, ud, "cannot read input file '%s': %s", path,
           strerror(readErr ? readErr : EIO));
    irsBufFree(&b);
    if (kind)
      *kind = IRS_ERR_IO;
    return r;
  }
  Input *in = calloc(1, sizeof(Input));
  size_t len = b.len;
  if (in) {
    in->data = irsBufDetach(&b);
    in->len = len;
    in->path = irsStrDup(path);
    in->sourceName = irsStrDup(isStdin ? "<stdin>" : path);
    in->chunks = calloc(1, sizeof(Chunk));
  }
  if (!in || !in->data || !in->path || !in->sourceName || !in->chunks) {
    if (in) {
      free(in->data);
      free(in->path);
      free(in->sourceName);
      free(in->chunks);
      free(in);
    }
    irsBufFree(&b);
    report(cb, ud, "%s%s", "out of memory reading input", "");
    if (kind)
      *kind = IRS_ERR_NOMEM;
    return r;
  }
  irsHashBytesHex(in->data, in->len, in->hash);
  in->chunks[0] = (Chunk){0, in->len, 1, 1};
  in->numChunks = 1;
  r.ptr = in;
  return r;
}

void irsInputDestroy(IrsInput input) {
  Input *in = input.ptr;
  if (!in)
    return;
  free(in->data);
  free(in->path);
  free(in->sourceName);
  free(in->chunks);
  free(in);
}

static void lineColAt(const Input *in, size_t off, intptr_t *line,
                      intptr_t *col) {
  intptr_t l = 1, c = 1;
  for (size_t i = 0; i < off; ++i) {
    if (in->data[i] == '\n') {
      ++l;
      c = 1;
    } else {
      ++c;
    }
  }
  *line = l;
  *col = c;
}

void irsInputSplit(IrsInput input, MlirStringRef marker) {
  Input *in = input.ptr;
  if (marker.length == 0)
    return;
  // mlir-opt splits at every occurrence of the marker text; the chunk after
  // it starts right behind the marker (the rest of that line included).
  size_t cap = 4, n = 0, start = 0;
  Chunk *cs = malloc(cap * sizeof(Chunk));
  if (!cs)
    return;
  size_t i = 0;
  while (i + marker.length <= in->len) {
    if (memcmp(in->data + i, marker.data, marker.length) != 0) {
      ++i;
      continue;
    }
    if (n + 1 >= cap) {
      Chunk *c2 = realloc(cs, (cap *= 2) * sizeof(Chunk));
      if (!c2) {
        free(cs);
        return;
      }
      cs = c2;
    }
    cs[n].start = start;
    cs[n].len = i - start;
    ++n;
    start = i + marker.length;
    i = start;
  }
  cs[n].start = start;
  cs[n].len = in->len - start;
  ++n;
  for (size_t k = 0; k < n; ++k)
    lineColAt(in, cs[k].start, &cs[k].line, &cs[k].col);
  free(in->chunks);
  in->chunks = cs;
  in->numChunks = (intptr_t)n;
  in->split = true;
}

intptr_t irsInputGetNumChunks(IrsInput input) {
  return ((Input *)input.ptr)->numChunks;
}

MlirStringRef irsInputGetChunk(IrsInput input, intptr_t pos) {
  Input *in = input.ptr;
  return mlirStringRefCreate(in->data + in->chunks[pos].start,
                             in->chunks[pos].len);
}

intptr_t irsInputGetChunkLine(IrsInput input, intptr_t pos) {
  return ((Input *)input.ptr)->chunks[pos].line;
}

void irsInputGetChunkLines(IrsInput input, intptr_t pos, intptr_t *first,
                           intptr_t *last) {
  MlirStringRef t = irsInputGetChunk(input, pos);
  intptr_t line = irsInputGetChunkLine(input, pos);
  *first = *last = 0;
  for (size_t i = 0; i < t.length; ++i) {
    if (t.data[i] == '\n') {
      ++line;
      continue;
    }
    if (t.data[i] == ' ' || t.data[i] == '\t' || t.data[i] == '\r')
      continue;
    if (!*first)
      *first = line;
    *last = line;
  }
  if (!*first)
    *first = *last = irsInputGetChunkLine(input, pos);
}

MlirStringRef irsInputGetContents(IrsInput input) {
  Input *in = input.ptr;
  return mlirStringRefCreate(in->data, in->len);
}

const char *irsInputGetHash(IrsInput input) {
  return ((Input *)input.ptr)->hash;
}

const char *irsInputGetSourceName(IrsInput input) {
  return ((Input *)input.ptr)->sourceName;
}

void irsInputBlankRange(IrsInput input, size_t offset, size_t length) {
  Input *in = input.ptr;
  for (size_t i = offset; i < offset + length && i < in->len; ++i)
    if (in->data[i] != '\n')
      in->data[i] = ' ';
  in->modified = true;
}

bool irsInputIsBytecode(IrsInput input) {
  Input *in = input.ptr;
  return in->len >= 4 && memcmp(in->data, "ML\xefR", 4) == 0;
}

//===----------------------------------------------------------------------===//
// Location patching
//===----------------------------------------------------------------------===//

typedef struct Patch {
  MlirContext ctx;
  MlirStringRef name;
} Patch;

// Returns `loc` with an unnamed file location given `name`; other location
// kinds written by the user are left alone.
static MlirLocation patchLoc(Patch *p, MlirLocation loc) {
  if (!mlirLocationIsAFileLineColRange(loc))
    return loc;
  MlirStringRef f = mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc));
  // mlirModuleCreateParse names its buffer "-" (older MLIR: "").
  if (!(f.length == 0 || (f.length == 1 && f.data[0] == '-')))
    return loc;
  unsigned sl = (unsigned)mlirLocationFileLineColRangeGetStartLine(loc),
           sc = (unsigned)mlirLocationFileLineColRangeGetStartColumn(loc),
           el = (unsigned)mlirLocationFileLineColRangeGetEndLine(loc),
           ec = (unsigned)mlirLocationFileLineColRangeGetEndColumn(loc);
  // The parser makes point locations; keep that form (bytecode encodes it).
  if (sl == el && sc == ec)
    return mlirLocationFileLineColGet(p->ctx, p->name, sl, sc);
  return mlirLocationFileLineColRangeGet(p->ctx, p->name, sl, sc, el, ec);
}

static MlirWalkResult patchOp(MlirOperation op, void *ud) {
  Patch *p = ud;
  MlirLocation l = mlirOperationGetLocation(op);
  MlirLocation nl = patchLoc(p, l);
  if (!mlirLocationEqual(l, nl))
    mlirOperationSetLocation(op, nl);
  intptr_t nr = mlirOperationGetNumRegions(op);
  for (intptr_t r = 0; r < nr; ++r) {
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
         !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b)) {
      intptr_t na = mlirBlockGetNumArguments(b);
      for (intptr_t a = 0; a < na; ++a) {
        MlirValue v = mlirBlockGetArgument(b, a);
        MlirLocation al = mlirValueGetLocation(v);
        MlirLocation nal = patchLoc(p, al);
        if (!mlirLocationEqual(al, nal))
          mlirBlockArgumentSetLocation(v, nal);
      }
    }
  }
  return MlirWalkResultAdvance;
}

MlirModule irsInputParseChunk(IrsInput input, MlirContext ctx, intptr_t pos) {
  Input *in = input.ptr;
  MlirModule none = {NULL};
  if (!in->split && !in->modified && strcmp(in->path, "-") != 0) {
    return mlirModuleCreateParseFromFile(
        ctx, mlirStringRefCreateFromCString(in->path));
  }
  Chunk *c = &in->chunks[pos];
  MlirModule m;
  if (c->line == 1 && c->col == 1) {
    m = mlirModuleCreateParse(
        ctx, mlirStringRefCreate(in->data + c->start, c->len));
  } else {
    IrsBuf b = IRS_BUF_INIT;
    for (intptr_t i = 1; i < c->line; ++i)
      irsBufAppend(&b, "\n", 1);
    for (intptr_t i = 1; i < c->col; ++i)
      irsBufAppend(&b, " ", 1);
    irsBufAppend(&b, in->data + c->start, c->len);
    if (b.failed) {
      irsBufFree(&b);
      return none;
    }
    m = mlirModuleCreateParse(ctx, irsBufRef(&b));
    irsBufFree(&b);
  }
  if (mlirModuleIsNull(m))
    return m;
  Patch p = {ctx, mlirStringRefCreateFromCString(in->sourceName)};
  MlirOperation op = mlirModuleGetOperation(m);
  mlirOperationWalk(op, patchOp, &p, MlirWalkPreOrder);
  // mlir-opt gives an implicit module of a later chunk the position where the
  // chunk starts; the first chunk's keeps line 0 like a whole-file parse.
  MlirLocation ml = mlirOperationGetLocation(op);
  if (pos > 0 && mlirLocationIsAFileLineColRange(ml) &&
      mlirLocationFileLineColRangeGetStartLine(ml) == 0)
    mlirOperationSetLocation(
        op, mlirLocationFileLineColGet(ctx, p.name, (unsigned)c->line,
                                       (unsigned)c->col));
  return m;
}
