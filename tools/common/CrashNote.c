// SPDX-License-Identifier: Apache-2.0
// The terminal's view of a dead worker's trace; see CrashNote.h.
#include "CrashNote.h"
#include "CrashHandler.h"

#include "irscope/RunDir.h"
#include "irscope/Signature.h"
#include "irscope/StackTrace.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef IRS_LLVM_SYMBOLIZER
#define IRS_LLVM_SYMBOLIZER ""
#endif

const char *irsToolSymbolizer(void) {
  const char *p = getenv("LLVM_SYMBOLIZER_PATH");
  if (!p || !*p)
    p = IRS_LLVM_SYMBOLIZER;
  return *p && access(p, X_OK) == 0 ? p : NULL;
}

// Forwards the short trace's lines after its first, the site: the note
// above names it.
typedef struct BelowSite {
  intptr_t seen;
} BelowSite;

static void putBelowSite(MlirStringRef s, void *ud) {
  BelowSite *b = ud;
  if (b->seen++ > 0)
    fwrite(s.data, 1, s.length, stderr);
}

typedef struct Text {
  char *out;
  size_t cap, len;
} Text;

static void appendText(MlirStringRef s, void *ud) {
  Text *t = ud;
  if (t->len + 1 >= t->cap)
    return;
  size_t n = s.length < t->cap - 1 - t->len ? s.length : t->cap - 1 - t->len;
  memcpy(t->out + t->len, s.data, n);
  t->len += n;
  t->out[t->len] = '\0';
}

static void appendStr(Text *t, const char *s) {
  appendText(mlirStringRefCreateFromCString(s), t);
}

void irsToolSiteText(MlirStringRef trace, char *out, size_t cap) {
  Text t = {out, cap, 0};
  if (cap)
    out[0] = '\0';
  // With debug info a hidden function (a pass's static helper) has a name
  // and a line: "crashed in runPass at TestFlaky.c:108", not an offset.
  const char *symbolizer = irsToolSymbolizer();
  if (symbolizer &&
      irsStackTraceGetSymbolisedSite(trace, symbolizer, appendText, &t))
    return;
  if (!irsStackTraceGetCrashSite(trace, appendText, &t))
    return;
  size_t before = t.len;
  appendStr(&t, " (under ");
  size_t mark = t.len;
  if (irsStackTraceGetNamedCaller(trace, appendText, &t) && t.len > mark)
    appendStr(&t, ")");
  else
    out[t.len = before] = '\0';
}

void irsToolPrintTraceNotes(const char *tool, MlirStringRef trace, bool hang) {
  char site[1024];
  irsToolSiteText(trace, site, sizeof(site));
  if (!site[0])
    return;
  fprintf(stderr, "%s: note: %s in %s\n", tool, hang ? "hung" : "crashed",
          site);
  BelowSite b = {0};
  irsStackTraceSummarise(trace, IRS_TOOL_CRASH_FRAMES + 1, irsToolSymbolizer(),
                         putBelowSite, &b);
}

void irsToolPrintReportNote(const char *tool, const char *dir, size_t dirLen) {
  fprintf(stderr, "%s: note: report: %.*s/" IRS_RUN_DIR_REPORT "\n", tool,
          (int)dirLen, dir);
}

// An unnamed site "module+0xOFF" without its offset, led by its named
// caller; false, writing nothing, for a site of another form.
static bool portableSite(const IrsSignature *sig, Text *t) {
  const char *plus = strstr(sig->site, "+0x");
  if (!plus || plus == sig->site || strchr(sig->site, ' ') ||
      plus[3 + strspn(plus + 3, "0123456789abcdef")] != '\0')
    return false;
  if (sig->siteCaller[0]) {
    appendStr(t, sig->siteCaller);
    appendStr(t, ", in ");
  }
  appendStr(t, "a function without a symbol in ");
  appendText(mlirStringRefCreate(sig->site, (size_t)(plus - sig->site)), t);
  return true;
}

static void signatureSite(const IrsSignature *sig, bool portable, char *out,
                          size_t cap) {
  Text t = {out, cap, 0};
  if (cap)
    out[0] = '\0';
  if (!sig->site[0])
    return;
  if (irsStackTraceSymboliseSite(mlirStringRefCreateFromCString(sig->site),
                                 irsToolSymbolizer(), appendText, &t))
    return;
  if (portable && portableSite(sig, &t))
    return;
  appendStr(&t, sig->site);
  if (sig->siteCaller[0]) {
    appendStr(&t, " (under ");
    appendStr(&t, sig->siteCaller);
    appendStr(&t, ")");
  }
}

void irsToolSignatureSite(const IrsSignature *sig, char *out, size_t cap) {
  signatureSite(sig, false, out, cap);
}

void irsToolSignatureWhere(const IrsSignature *sig, bool quotePass, char *out,
                           size_t cap) {
  char site[1024];
  signatureSite(sig, quotePass, site, sizeof(site));
  Text t = {out, cap, 0};
  if (cap)
    out[0] = '\0';
  // One "in" per place: the site may end in its own "at file:line".
  if (sig->pass[0]) {
    appendStr(&t, quotePass ? " in pass '" : " in ");
    appendStr(&t, sig->pass);
    appendStr(&t, quotePass ? "'" : "");
  }
  if (site[0]) {
    appendStr(&t, sig->pass[0] ? ", in " : " in ");
    appendStr(&t, site);
  }
  // The failure's own death, at the plain tool's exit: the bug to keep.
  if (sig->diedAfter) {
    appendStr(&t, ", then died of ");
    appendStr(&t, irsSignalName(sig->diedAfter));
    appendStr(&t, " freeing the run");
  }
}
