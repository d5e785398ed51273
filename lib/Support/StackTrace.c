// SPDX-License-Identifier: Apache-2.0
//===- StackTrace.c - parse, demangle and summarise glibc backtraces ------===//
#define _GNU_SOURCE
#include "irscope/StackTrace.h"

#include "Buf.h"
#include "StackTraceImpl.h"

#include <stdlib.h>
#include <string.h>

// libstdc++'s demangler (libirscope links the C++ runtime for MLIR anyway).
extern char *__cxa_demangle(const char *mangled, char *out, size_t *length,
                            int *status);

static bool startsWith(const char *s, const char *end, const char *p) {
  size_t n = strlen(p);
  return (size_t)(end - s) >= n && memcmp(s, p, n) == 0;
}

static uint64_t parseHex(const char *s, const char *end, const char **stop) {
  uint64_t v = 0;
  if (startsWith(s, end, "0x"))
    s += 2;
  for (; s < end; ++s) {
    char c = *s;
    int d = c >= '0' && c <= '9'   ? c - '0'
            : c >= 'a' && c <= 'f' ? c - 'a' + 10
            : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                   : -1;
    if (d < 0)
      break;
    v = v * 16 + (uint64_t)d;
  }
  *stop = s;
  return v;
}

// "MODULE(SYMBOL+0xOFF) [0xADDR]" or "MODULE(+0xOFF) [0xADDR]" or
// "MODULE() [0xADDR]". Module paths may not contain '(' here; glibc prints
// them as the loader knows them.
static bool parseLine(const char *s, const char *end, IrsStackFrame *f) {
  const char *open = memchr(s, '(', (size_t)(end - s));
  if (!open)
    return false;
  const char *close = memchr(open, ')', (size_t)(end - open));
  if (!close)
    return false;
  const char *br = close + 1;
  while (br < end && *br == ' ')
    ++br;
  if (!startsWith(br, end, "[0x"))
    return false;
  const char *stop;
  f->address = parseHex(br + 1, end, &stop);
  if (stop >= end || *stop != ']')
    return false;
  f->module = mlirStringRefCreate(s, (size_t)(open - s));
  const char *plus = NULL;
  for (const char *p = close; p > open; --p)
    if (*p == '+') {
      plus = p;
      break;
    }
  const char *symEnd = plus ? plus : close;
  f->symbol = mlirStringRefCreate(open + 1, (size_t)(symEnd - open - 1));
  f->offset = plus ? parseHex(plus + 1, close, &stop) : 0;
  return true;
}

// After spaces, "0xADDR" ending at a space or the line's end: the frame's
// address, and where it stopped.
static bool readAddress(const char *s, const char *end, uint64_t *address,
                        const char **stop) {
  while (s < end && *s == ' ')
    ++s;
  if (!startsWith(s, end, "0x"))
    return false;
  *address = parseHex(s, end, stop);
  return *stop != s + 2 && (*stop == end || **stop == ' ');
}

// LLVM's own stack dump, as a tool built on LLVM prints it from its signal
// handler when it cannot symbolise: "N  MODULE 0xADDR [SYMBOL + DECIMAL]",
// the symbol already demangled. A frame without a symbol has only its
// absolute address: its offset in MODULE when `map` (the printing
// process's objects, null if unknown) has it, else the address itself
// (stable only while the layout is: one machine, no address randomisation).
static bool parseLlvmLine(const char *s, const char *end, IrsLoadMap map,
                          IrsStackFrame *f) {
  while (s < end && *s == ' ')
    ++s;
  const char *d = s;
  while (s < end && *s >= '0' && *s <= '9')
    ++s;
  if (s == d || s == end || *s != ' ')
    return false;
  while (s < end && *s == ' ')
    ++s;
  const char *mod = s;
  while (s < end && *s != ' ')
    ++s;
  f->module = mlirStringRefCreate(mod, (size_t)(s - mod));
  const char *stop;
  if (!readAddress(s, end, &f->address, &stop))
    return false;
  f->symbol = mlirStringRefCreate(stop, 0);
  f->offset = f->address;
  f->llvmDump = true;
  if (stop + 1 < end) {
    const char *sym = stop + 1, *plus = NULL;
    for (const char *p = end - 3; p > sym; --p)
      if (memcmp(p, " + ", 3) == 0) {
        plus = p;
        break;
      }
    if (!plus)
      return false;
    f->symbol = mlirStringRefCreate(sym, (size_t)(plus - sym));
    f->offset = strtoull(plus + 3, NULL, 10);
  }
  if (!f->symbol.length)
    irsLoadMapGetOffset(map, f->module, f->address, &f->offset);
  return true;
}

static bool isHex(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
         (c >= 'A' && c <= 'F');
}

// "MODULE+0xOFF" of a symbolised line's "(MODULE+0xOFF)", between `s` and
// `end` (the parentheses excluded).
static bool parseModuleOffset(const char *s, const char *end,
                              IrsStackFrame *f) {
  const char *plus = NULL;
  for (const char *p = end - 3; p >= s; --p)
    if (memcmp(p, "+0x", 3) == 0) {
      plus = p;
      break;
    }
  if (!plus || plus == s || plus + 3 == end)
    return false;
  for (const char *p = plus + 3; p < end; ++p)
    if (!isHex(*p))
      return false;
  const char *stop;
  f->module = mlirStringRefCreate(s, (size_t)(plus - s));
  f->offset = parseHex(plus + 1, end, &stop);
  return true;
}

// A place as llvm-symbolizer prints it, "file:line:column" (or
// "file:line"): no space, and digits after its last colon.
static bool isLocation(const char *s, const char *end) {
  const char *colon = NULL;
  for (const char *p = s; p < end; ++p) {
    if (*p == ' ')
      return false;
    if (*p == ':')
      colon = p;
  }
  if (!colon || colon == s || colon + 1 == end)
    return false;
  for (const char *p = colon + 1; p < end; ++p)
    if (*p < '0' || *p > '9')
      return false;
  return true;
}

// LLVM's symbolised stack dump (llvm-symbolizer answered): " #N 0xADDR
// FUNCTION file:line:col", " #N 0xADDR FUNCTION (MODULE+0xOFF)", " #N
// 0xADDR (MODULE+0xOFF)" or " #N 0xADDR" alone (an address in no object).
// FUNCTION is demangled and may hold spaces and parentheses, so the line is
// read from its end.
static bool parseLlvmSymbolisedLine(const char *s, const char *end,
                                    IrsStackFrame *f) {
  while (s < end && *s == ' ')
    ++s;
  if (s == end || *s != '#')
    return false;
  const char *d = ++s;
  while (s < end && *s >= '0' && *s <= '9')
    ++s;
  if (s == d || s == end || *s != ' ')
    return false;
  const char *stop;
  if (!readAddress(s, end, &f->address, &stop))
    return false;
  while (end > stop && (end[-1] == ' ' || end[-1] == '\r'))
    --end;
  const char *rest = stop;
  while (rest < end && *rest == ' ')
    ++rest;
  f->llvmDump = true;
  f->offset = f->address;
  const char *fnEnd = end;
  if (end > rest && end[-1] == ')') {
    const char *open = memrchr(rest, '(', (size_t)(end - rest));
    if (open && parseModuleOffset(open + 1, end - 1, f))
      fnEnd = open;
  } else {
    const char *sp = memrchr(rest, ' ', (size_t)(end - rest));
    const char *loc = sp ? sp + 1 : rest;
    if (isLocation(loc, end)) {
      f->location = mlirStringRefCreate(loc, (size_t)(end - loc));
      fnEnd = sp ? sp : rest;
    }
  }
  while (fnEnd > rest && fnEnd[-1] == ' ')
    --fnEnd;
  f->symbol = mlirStringRefCreate(rest, (size_t)(fnEnd - rest));
  return true;
}

static bool refContains(MlirStringRef r, const char *needle) {
  return r.length && memmem(r.data, r.length, needle, strlen(needle)) != NULL;
}

static bool isLibc(const IrsStackFrame *f) {
  return refContains(f->module, "/libc.so") ||
         (f->module.length >= 7 && memcmp(f->module.data, "libc.so", 7) == 0);
}

static const IrsLoadMap kNoMap = {NULL};

static intptr_t parseFrames(MlirStringRef text, IrsLoadMap map,
                            void (*callback)(const IrsStackFrame *, void *),
                            void *userData) {
  // Collect first: whether the leading frames are the handler's depends on
  // the second frame.
  IrsStackFrame *frames = NULL;
  size_t n = 0, cap = 0;
  const char *p = text.data, *end = text.data + text.length;
  while (p < end) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *le = nl ? nl : end;
    IrsStackFrame f;
    memset(&f, 0, sizeof(f));
    if (parseLine(p, le, &f) ||
        (memset(&f, 0, sizeof(f)), parseLlvmLine(p, le, map, &f)) ||
        (memset(&f, 0, sizeof(f)), parseLlvmSymbolisedLine(p, le, &f))) {
      if (n == cap) {
        cap = cap ? cap * 2 : 32;
        IrsStackFrame *q = realloc(frames, cap * sizeof(*q));
        if (!q)
          break;
        frames = q;
      }
      frames[n++] = f;
    }
    p = nl ? nl + 1 : end;
  }
  // The trace starts in the handler calling backtrace() (one frame, or two
  // when a sanitizer intercepts backtrace), then comes the kernel's return
  // into the C library's signal trampoline (an unnamed libc frame); the
  // faulting frame follows.
  size_t first = 0;
  for (size_t i = 1; i < n && i < 4; ++i)
    if (isLibc(&frames[i]) && frames[i].symbol.length == 0) {
      first = i + 1;
      break;
    }
  for (size_t i = first; i < n; ++i)
    callback(&frames[i], userData);
  free(frames);
  return n > first ? (intptr_t)(n - first) : 0;
}

intptr_t irsStackTraceParse(MlirStringRef text,
                            void (*callback)(const IrsStackFrame *, void *),
                            void *userData) {
  return parseFrames(text, kNoMap, callback, userData);
}

intptr_t irsStackTraceParseIn(MlirStringRef text, IrsLoadMap map,
                              void (*callback)(const IrsStackFrame *, void *),
                              void *userData) {
  return parseFrames(text, map, callback, userData);
}

static bool isFrameLine(const char *s, const char *end) {
  IrsStackFrame f;
  memset(&f, 0, sizeof(f));
  if (parseLine(s, end, &f))
    return true;
  memset(&f, 0, sizeof(f));
  if (parseLlvmLine(s, end, kNoMap, &f))
    return true;
  memset(&f, 0, sizeof(f));
  return parseLlvmSymbolisedLine(s, end, &f);
}

bool irsStackTraceIsFrameLine(MlirStringRef line) {
  return isFrameLine(line.data, line.data + line.length);
}

static bool isLlvmDumpHeader(const char *s, const char *end) {
  return startsWith(s, end, "PLEASE submit a bug report") ||
         startsWith(s, end, "Stack dump:") ||
         startsWith(s, end, "Stack dump without symbol names");
}

// PrettyStackTrace's entries: "0.\tProgram arguments: ...", "1.\tRunning
// pass ...".
static bool isLlvmDumpEntry(const char *s, const char *end) {
  const char *d = s;
  while (s < end && *s >= '0' && *s <= '9')
    ++s;
  return s > d && startsWith(s, end, ".\t");
}

bool irsStackTraceStripLlvmDump(MlirStringRef text, MlirStringCallback callback,
                                void *userData) {
  const char *p = text.data, *end = text.data + text.length;
  bool inDump = false, dropped = false;
  while (p < end) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *le = nl ? nl : end, *next = nl ? nl + 1 : end;
    bool header = isLlvmDumpHeader(p, le);
    // The tool's last words may lack their newline: the dump's first line
    // then continues them ("result #0: [PLEASE submit a bug report...").
    static const char kMark[] = "PLEASE submit a bug report";
    const char *mid = inDump || header ? NULL
                                       : memmem(p, (size_t)(le - p), kMark,
                                                sizeof(kMark) - 1);
    if (mid) {
      callback(mlirStringRefCreate(p, (size_t)(mid - p)), userData);
      callback(mlirStringRefCreate("\n", 1), userData);
      header = true;
    }
    inDump = inDump || header;
    if (mid || (inDump && (header || isLlvmDumpEntry(p, le) ||
                           isFrameLine(p, le))))
      dropped = true;
    else
      callback(mlirStringRefCreate(p, (size_t)(next - p)), userData);
    p = next;
  }
  return dropped;
}

void irsDemangle(MlirStringRef name, MlirStringCallback callback,
                 void *userData) {
  if (name.length > 2 && name.data[0] == '_' && name.data[1] == 'Z') {
    char *z = strndup(name.data, name.length);
    int status = -1;
    char *d = z ? __cxa_demangle(z, NULL, NULL, &status) : NULL;
    free(z);
    if (d && status == 0) {
      callback(mlirStringRefCreateFromCString(d), userData);
      free(d);
      return;
    }
    free(d);
  }
  callback(name, userData);
}

MlirStringRef irsStackBaseName(MlirStringRef path) {
  for (size_t i = path.length; i > 0; --i)
    if (path.data[i - 1] == '/')
      return mlirStringRefCreate(path.data + i, path.length - i);
  return path;
}

typedef struct FormatState {
  MlirStringCallback cb;
  void *ud;
  intptr_t index;
  IrsBuf line;
} FormatState;

static void formatFrame(const IrsStackFrame *f, void *ud) {
  FormatState *s = ud;
  irsBufReset(&s->line);
  irsBufPrintf(&s->line, "#%ld ", (long)s->index++);
  if (f->symbol.length) {
    irsDemangle(f->symbol, irsBufStringCallback, &s->line);
    irsBufPrintf(&s->line, "+0x%llx (", (unsigned long long)f->offset);
    irsBufAppendRef(&s->line, irsStackBaseName(f->module));
  } else {
    irsBufAppendRef(&s->line, irsStackBaseName(f->module));
    irsBufPrintf(&s->line, "+0x%llx (", (unsigned long long)f->offset);
    irsBufAppendStr(&s->line, "no symbol");
  }
  irsBufAppendStr(&s->line, ")\n");
  s->cb(irsBufRef(&s->line), s->ud);
}

intptr_t irsStackTraceFormat(MlirStringRef text, MlirStringCallback callback,
                             void *userData) {
  FormatState s = {callback, userData, 0, IRS_BUF_INIT};
  intptr_t n = irsStackTraceParse(text, formatFrame, &s);
  irsBufFree(&s.line);
  return n;
}

// Frames that only report a crash someone else caused: the runtime
// libraries and LLVM's fatal-error paths.
bool irsStackFrameIsNoise(const IrsStackFrame *f, MlirStringRef demangled) {
  if (isLibc(f) || refContains(f->module, "libstdc++") ||
      refContains(f->module, "libgcc_s") || refContains(f->module, "libasan") ||
      refContains(f->module, "libubsan"))
    return true;
  // LLVM's symbolised dump names a libc frame with debug info without its
  // module ("__pthread_kill_implementation ./nptl/pthread_kill.c:44:76"),
  // and its own handler's frames come first ("SignalHandler(int, ...)").
  static const char *const fatal[] = {
      "llvm::report_fatal_error", "llvm::llvm_unreachable_internal",
      "llvm::sys::", "__assert_fail", "abort", "raise", "SignalHandler(",
      "__restore_rt", "__pthread_kill", "pthread_kill", "gsignal"};
  for (size_t i = 0; i < sizeof(fatal) / sizeof(fatal[0]); ++i) {
    size_t l = strlen(fatal[i]);
    if (demangled.length >= l && memcmp(demangled.data, fatal[i], l) == 0)
      return true;
  }
  return false;
}

// Drops the parameter list (and a trailing " const"): the last top-level
// "(...)" of a demangled name. Template arguments may hold parentheses, so
// depth is tracked over <> and ().
size_t irsStackWithoutParams(const char *s, size_t n) {
  while (n >= 6 && memcmp(s + n - 6, " const", 6) == 0)
    n -= 6;
  if (n == 0 || s[n - 1] != ')')
    return n;
  int depth = 0;
  for (size_t i = n; i > 0; --i) {
    char c = s[i - 1];
    if (c == ')' || c == '>')
      ++depth;
    else if (c == '(' || c == '<')
      --depth;
    if (depth == 0) {
      // "operator()" itself ends in "()": keep it.
      if (i - 1 >= 8 && memcmp(s + i - 9, "operator", 8) == 0 && c == '(')
        return n;
      return i - 1;
    }
  }
  return n;
}

static bool isIdentChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_';
}

// Length of the "operator" token's symbol at s[i] (s[i] just past
// "operator"): "<<=", "->", "()", "[]"; 0 for a name ("operator bool").
static size_t operatorSymbolLength(const char *s, size_t i, size_t n) {
  size_t j = i;
  if (j + 1 < n && ((s[j] == '(' && s[j + 1] == ')') ||
                    (s[j] == '[' && s[j + 1] == ']')))
    return 2;
  while (j < n && strchr("<>=-!+*/%&|^~,", s[j]))
    ++j;
  return j - i;
}

// Whether s[i] starts "operator" as a word.
static bool atOperator(const char *s, size_t i, size_t n) {
  return i + 8 <= n && memcmp(s + i, "operator", 8) == 0 &&
         (i == 0 || !isIdentChar(s[i - 1])) &&
         (i + 8 == n || !isIdentChar(s[i + 8]));
}

// Where the name proper starts: past a return type ("llvm::LogicalResult
// mlir::foo<T>"), which the demangler writes for function templates. The
// last space outside brackets, unless it belongs to "operator new".
static size_t nameStart(const char *s, size_t n) {
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < n; ++i) {
    char c = s[i];
    if (atOperator(s, i, n)) {
      i += 8 + operatorSymbolLength(s, i + 8, n) - 1;
      continue;
    }
    if (c == '(' || c == '<' || c == '{' || c == '[')
      ++depth;
    else if (c == ')' || c == '>' || c == '}' || c == ']')
      --depth;
    else if (c == ' ' && depth == 0 &&
             !(i >= 8 && atOperator(s, i - 8, n)))
      start = i + 1;
  }
  return start;
}

void irsStackAppendShortName(IrsBuf *out, const char *s, size_t n) {
  n = irsStackWithoutParams(s, n);
  size_t i = nameStart(s, n);
  while (i < n) {
    if (atOperator(s, i, n)) {
      size_t len = 8 + operatorSymbolLength(s, i + 8, n);
      irsBufAppend(out, s + i, len);
      i += len;
      continue;
    }
    if (s[i] != '<') {
      irsBufAppend(out, s + i, 1);
      ++i;
      continue;
    }
    // A template argument list: whole when short, else "<...>".
    int depth = 0;
    size_t j = i;
    for (; j < n; ++j) {
      if (s[j] == '<' || s[j] == '(')
        ++depth;
      else if ((s[j] == '>' || s[j] == ')') && --depth == 0)
        break;
    }
    if (j >= n) { // unbalanced: keep the rest as it is
      irsBufAppend(out, s + i, n - i);
      return;
    }
    if (j - i - 1 > kMaxTemplateArgsChars)
      irsBufAppendStr(out, "<...>");
    else
      irsBufAppend(out, s + i, j - i + 1);
    i = j + 1;
  }
}

bool irsStackFrameDemangleIsNoise(const IrsStackFrame *f, IrsBuf *name) {
  irsBufReset(name);
  if (f->symbol.length)
    irsDemangle(f->symbol, irsBufStringCallback, name);
  return irsStackFrameIsNoise(f, irsBufRef(name));
}

typedef struct SiteState {
  bool found;
  IrsBuf out;
  IrsBuf tmp;
} SiteState;

static void siteFrame(const IrsStackFrame *f, void *ud) {
  SiteState *s = ud;
  if (s->found)
    return;
  if (irsStackFrameDemangleIsNoise(f, &s->tmp))
    return;
  s->found = true;
  if (f->symbol.length) {
    irsStackAppendShortName(&s->out, s->tmp.data, s->tmp.len);
  } else {
    irsBufAppendRef(&s->out, irsStackBaseName(f->module));
    irsBufPrintf(&s->out, "+0x%llx", (unsigned long long)f->offset);
  }
}

bool irsStackTraceGetCrashSite(MlirStringRef text, MlirStringCallback callback,
                               void *userData) {
  return irsStackTraceGetCrashSiteIn(text, kNoMap, callback, userData);
}

bool irsStackTraceGetCrashSiteIn(MlirStringRef text, IrsLoadMap map,
                                 MlirStringCallback callback, void *userData) {
  SiteState s = {false, IRS_BUF_INIT, IRS_BUF_INIT};
  parseFrames(text, map, siteFrame, &s);
  if (s.found && s.out.len)
    callback(irsBufRef(&s.out), userData);
  bool found = s.found && s.out.len;
  irsBufFree(&s.out);
  irsBufFree(&s.tmp);
  return found;
}

// The nearest caller with a name, below a site frame that has none
// ("module+0xOFF": a hidden function, common inside libMLIR): "hung in
// libMLIR.so.22.1+0x2fce16a" alone does not say that the greedy driver was
// folding.
typedef struct CallerState {
  int phase; // 0: before the site, 1: past an unnamed site, 2: done
  IrsBuf out, tmp;
} CallerState;

// MLIR's action dispatch, and irscope's handler inside it
// (lib/Action/ActionBridge.cpp), sit between most of a pass and its
// patterns: never the caller worth naming.
static bool isActionPlumbing(MlirStringRef name) {
  return refContains(name, "irsActionBridge::") ||
         refContains(name, "irsActionHandlerAttach") ||
         refContains(name, "llvm::function_ref<void ()>::operator()") ||
         refContains(name, "mlir::MLIRContext::executeActionInternal");
}

static void callerFrame(const IrsStackFrame *f, void *ud) {
  CallerState *s = ud;
  if (s->phase == 2)
    return;
  if (irsStackFrameDemangleIsNoise(f, &s->tmp))
    return;
  if (s->phase == 1 && isActionPlumbing(irsBufRef(&s->tmp)))
    return;
  if (s->phase == 0) {
    // The site itself: a named site needs no caller.
    s->phase = f->symbol.length ? 2 : 1;
    return;
  }
  if (!f->symbol.length)
    return;
  irsStackAppendShortName(&s->out, s->tmp.data, s->tmp.len);
  s->phase = 2;
}

bool irsStackTraceGetNamedCaller(MlirStringRef text,
                                 MlirStringCallback callback, void *userData) {
  CallerState s = {0, IRS_BUF_INIT, IRS_BUF_INIT};
  irsStackTraceParse(text, callerFrame, &s);
  bool found = s.out.len > 0;
  if (found)
    callback(irsBufRef(&s.out), userData);
  irsBufFree(&s.out);
  irsBufFree(&s.tmp);
  return found;
}

// A site irsStackTraceGetCrashSite wrote for a frame without a symbol:
// "module+0xOFF", one word.
static bool isUnnamedSite(MlirStringRef s) {
  return refContains(s, "+0x") && !memchr(s.data, ' ', s.length);
}

void irsStackTraceDescribeReportSite(MlirStringRef site,
                                     MlirStringRef symbolised,
                                     MlirStringRef stderrText,
                                     MlirStringCallback callback,
                                     void *userData) {
  // The summary's first line, "#0 NAME[ at FILE:LINE]" ("#0 NAME (module)"
  // without debug info, "#0 module+0xOFF" without a name).
  size_t n = 0;
  while (n < symbolised.length && symbolised.data[n] != '\n')
    ++n;
  const char *end = symbolised.data + n;
  if (n > 3 && startsWith(symbolised.data, end, "#0 ")) {
    MlirStringRef name = mlirStringRefCreate(symbolised.data + 3, n - 3);
    if (refContains(name, " at ") ||
        (isUnnamedSite(site) && memchr(name.data, ' ', name.length))) {
      callback(name, userData);
      return;
    }
  }
  if (!site.length)
    return;
  callback(site, userData);
  if (!stderrText.length)
    return;
  IrsBuf caller = IRS_BUF_INIT;
  if (irsStackTraceGetNamedCaller(stderrText, irsBufStringCallback, &caller) &&
      caller.len) {
    irsBufAppendStr(&caller, ")");
    callback(mlirStringRefCreateFromCString(" (under "), userData);
    callback(irsBufRef(&caller), userData);
  }
  irsBufFree(&caller);
}
