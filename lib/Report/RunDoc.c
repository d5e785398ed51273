// SPDX-License-Identifier: Apache-2.0
//===- RunDoc.c - reading a run directory's XML documents back ------------===//
//
// The read side of include/irscope/RunDir.h: manifest.xml and report.xml
// parsed with libxml2's tree API (no network, no entity expansion, no DTD,
// nothing printed) and walked element by element. The strings handed out
// are libxml2's, kept on the document until it is destroyed, so a reader
// never frees a field. Whoever needs a value from a run directory (the
// supervisor, irscope-report) reads it here rather than searching text.
//
//===----------------------------------------------------------------------===//
#include "irscope/RunDoc.h"
#include "irscope/RunDir.h"

#include "../Support/Fs.h"

#include <libxml/parser.h>
#include <libxml/tree.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define X(s) ((const xmlChar *)(s))

typedef struct RunDoc {
  xmlDocPtr doc;
  xmlChar **strings; // returned by GetAttr/GetText, freed with the doc
  size_t num, cap;
} RunDoc;

static RunDoc *docOf(IrsRunDocNode n) {
  return n.ptr ? ((xmlNodePtr)n.ptr)->doc->_private : NULL;
}

// Keeps `s` until the document goes; NULL (and `s` freed) when out of memory.
static const char *keep(RunDoc *d, xmlChar *s) {
  if (!s)
    return NULL;
  if (d->num == d->cap) {
    size_t cap = d->cap ? 2 * d->cap : 16;
    xmlChar **p = realloc(d->strings, cap * sizeof(*p));
    if (!p) {
      xmlFree(s);
      return NULL;
    }
    d->strings = p;
    d->cap = cap;
  }
  d->strings[d->num++] = s;
  return (const char *)s;
}

IrsRunDoc irsRunDocCreateFromFile(const char *path, char *err, size_t cap) {
  RunDoc *d = calloc(1, sizeof(*d));
  xmlResetLastError();
  xmlDocPtr doc = d ? xmlReadFile(path, NULL,
                                  XML_PARSE_NONET | XML_PARSE_NOERROR |
                                      XML_PARSE_NOWARNING)
                    : NULL;
  if (!doc) {
    const xmlError *e = xmlGetLastError();
    if (err && cap) {
      snprintf(err, cap, "%s",
               !d ? "out of memory"
               : e && e->message ? e->message
                                 : "not well-formed XML");
      // libxml2's messages end with a newline; keep the error on one line.
      char *nl = strchr(err, '\n');
      if (nl)
        *nl = '\0';
    }
    free(d);
    return (IrsRunDoc){NULL};
  }
  d->doc = doc;
  doc->_private = d;
  return (IrsRunDoc){d};
}

void irsRunDocDestroy(IrsRunDoc doc) {
  RunDoc *d = doc.ptr;
  if (!d)
    return;
  for (size_t i = 0; i < d->num; ++i)
    xmlFree(d->strings[i]);
  free(d->strings);
  xmlFreeDoc(d->doc);
  free(d);
}

IrsRunDocNode irsRunDocGetRoot(IrsRunDoc doc) {
  RunDoc *d = doc.ptr;
  return (IrsRunDocNode){d ? xmlDocGetRootElement(d->doc) : NULL};
}

bool irsRunDocNodeIs(IrsRunDocNode node, const char *name) {
  xmlNodePtr n = node.ptr;
  return n && n->type == XML_ELEMENT_NODE &&
         (!name || !xmlStrcmp(n->name, X(name)));
}

// The first element named `name` (any when NULL) from `n` on.
static IrsRunDocNode firstFrom(xmlNodePtr n, const char *name) {
  for (; n; n = n->next)
    if (irsRunDocNodeIs((IrsRunDocNode){n}, name))
      return (IrsRunDocNode){n};
  return (IrsRunDocNode){NULL};
}

IrsRunDocNode irsRunDocNodeGetChild(IrsRunDocNode node, const char *name) {
  xmlNodePtr n = node.ptr;
  return firstFrom(n ? n->children : NULL, name);
}

IrsRunDocNode irsRunDocNodeGetNext(IrsRunDocNode node, const char *name) {
  xmlNodePtr n = node.ptr;
  return firstFrom(n ? n->next : NULL, name);
}

const char *irsRunDocNodeGetAttr(IrsRunDocNode node, const char *name) {
  if (!node.ptr)
    return NULL;
  return keep(docOf(node), xmlGetProp(node.ptr, X(name)));
}

long irsRunDocNodeGetAttrLong(IrsRunDocNode node, const char *name,
                              long dflt) {
  const char *v = irsRunDocNodeGetAttr(node, name);
  return v ? strtol(v, NULL, 10) : dflt;
}

double irsRunDocNodeGetAttrDouble(IrsRunDocNode node, const char *name) {
  const char *v = irsRunDocNodeGetAttr(node, name);
  return v ? strtod(v, NULL) : 0;
}

const char *irsRunDocNodeGetText(IrsRunDocNode node) {
  if (!node.ptr)
    return NULL;
  xmlChar *v = xmlNodeGetContent(node.ptr);
  return v ? keep(docOf(node), v) : "";
}

int64_t irsRunDirGetInputOps(const char *dir) {
  char *path = irsPathJoin(dir, IRS_RUN_DIR_MANIFEST);
  if (!path)
    return -1;
  IrsRunDoc doc = irsRunDocCreateFromFile(path, NULL, 0);
  free(path);
  IrsRunDocNode in = irsRunDocNodeGetChild(irsRunDocGetRoot(doc), "input");
  int64_t ops = irsRunDocNodeGetAttrLong(in, "ops", -1);
  irsRunDocDestroy(doc);
  return ops;
}
