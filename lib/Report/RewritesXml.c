// SPDX-License-Identifier: Apache-2.0
//===- RewritesXml.c - a step's <rewrites>, rendered once -----------------===//
//
// The manifest is written again after every step with every step so far, so
// a run's rewrite counts (dozens of rows a step) went through libxml2's
// writer, attribute by attribute, once per later step: with counts on, that
// was most of the manifest's cost. A step's counts never change once taken,
// so its <rewrites> is rendered here once, as the writer would indent and
// escape it, and written raw (irsXmlWriteRewrites). A name the writer would
// escape as more than the five entities and three control characters
// below (other control or non-ASCII bytes) is left to the writer.
//
//===----------------------------------------------------------------------===//
#include "XmlUtil.h"

#include "../Support/Buf.h"

#include <stdlib.h>
#include <string.h>

// Appends `s` escaped as libxml2 escapes an attribute's value; false when it
// holds a byte that this does not escape as the writer would.
static bool appendAttr(IrsBuf *b, const char *s) {
  for (; *s; ++s) {
    unsigned char c = (unsigned char)*s;
    const char *e = NULL;
    switch (c) {
    case '<': e = "&lt;"; break;
    case '>': e = "&gt;"; break;
    case '&': e = "&amp;"; break;
    case '"': e = "&quot;"; break;
    case '\n': e = "&#10;"; break;
    case '\r': e = "&#13;"; break;
    case '\t': e = "&#9;"; break;
    default:
      if (c < 0x20 || c >= 0x80)
        return false;
    }
    if (e)
      irsBufAppendStr(b, e);
    else
      irsBufAppend(b, s, 1);
  }
  return true;
}

char *irsXmlRenderRewrites(const IrsRewriteCount *c, size_t n) {
  if (!n)
    return NULL; // an empty element: the writer's <rewrites .../>
  int64_t applications = 0;
  for (size_t k = 0; k < n; ++k)
    if (c[k].kind == IrsRewritePattern)
      applications += c[k].count;
  // A step's children are at depth 3 (<irscope-manifest> or <report>,
  // <steps>, <step>); the writer then closes </step> at depth 2 right
  // after the raw text.
  IrsBuf b = IRS_BUF_INIT;
  irsBufPrintf(&b, "      <rewrites applications=\"%lld\">\n",
               (long long)applications);
  bool ok = true;
  for (size_t k = 0; ok && k < n; ++k) {
    bool pattern = c[k].kind == IrsRewritePattern;
    irsBufPrintf(&b, "        <%s name=\"", pattern ? "pattern" : "pass");
    ok = appendAttr(&b, c[k].name);
    irsBufPrintf(&b, "\" %s=\"%lld\"/>\n", pattern ? "count" : "ops",
                 (long long)c[k].count);
  }
  irsBufPrintf(&b, "      </rewrites>\n    ");
  if (!ok || b.failed) {
    irsBufFree(&b);
    return NULL;
  }
  return irsBufDetach(&b);
}
