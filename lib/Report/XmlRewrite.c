// SPDX-License-Identifier: Apache-2.0
//===- XmlRewrite.c - a document reread and written back, with additions --===//
//
// Documents a later process completes (a dead worker's manifest, a report
// whose step was narrowed after the worker that wrote it ended) are read
// back as trees and written again through the writer they came from, call
// for call, so that layout and escaping stay byte for byte what the first
// writer wrote; a caller's hook adds elements at the end of any element.
//
//===----------------------------------------------------------------------===//
#include "XmlUtil.h"

#include "../Support/Fs.h"

#include <libxml/parser.h>
#include <libxml/tree.h>

#include <errno.h>
#include <stdlib.h>

#define X(s) ((const xmlChar *)(s))

// Elements the writers give text content (irsXmlElemRef): written empty,
// they read back without children but were "<x></x>", not "<x/>".
static bool isTextElement(const xmlChar *name) {
  static const char *const names[] = {"command-line", "run-tool", "pipeline", "options",
                                      "message",      "stderr",   "stack-trace",
                                      "diff",         "symbolised-trace",
                                      NULL};
  for (const char *const *n = names; *n; ++n)
    if (!xmlStrcmp(name, X(*n)))
      return true;
  return false;
}

static bool hasElementChild(xmlNodePtr n) {
  for (xmlNodePtr c = n->children; c; c = c->next)
    if (c->type == XML_ELEMENT_NODE)
      return true;
  return false;
}

typedef struct Hook {
  IrsXmlRewriteHook fn;
  void *ud;
} Hook;

// The root's version is irsXmlBegin's.
static void rewrite(xmlTextWriterPtr w, xmlNodePtr n, bool isRoot,
                    const Hook *h) {
  if (!isRoot)
    xmlTextWriterStartElement(w, n->name);
  for (xmlAttrPtr a = n->properties; a; a = a->next) {
    if (isRoot && !xmlStrcmp(a->name, X("version")))
      continue;
    xmlChar *v = xmlNodeListGetString(n->doc, a->children, 1);
    xmlTextWriterWriteAttribute(w, a->name, v ? v : X(""));
    xmlFree(v);
  }
  if (hasElementChild(n)) {
    for (xmlNodePtr c = n->children; c; c = c->next)
      if (c->type == XML_ELEMENT_NODE)
        rewrite(w, c, false, h);
  } else if (n->children || isTextElement(n->name)) {
    xmlChar *t = xmlNodeGetContent(n);
    xmlTextWriterWriteString(w, t ? t : X(""));
    xmlFree(t);
  }
  if (h->fn)
    h->fn(w, (const char *)n->name, h->ud);
  if (!isRoot)
    xmlTextWriterEndElement(w);
}

int irsXmlRewriteDoc(xmlDocPtr doc, const char *dir, const char *name,
                     IrsXmlRewriteHook hook, void *userData) {
  xmlNodePtr root = xmlDocGetRootElement(doc);
  xmlBufferPtr buf;
  xmlTextWriterPtr w = root ? irsXmlBegin(&buf, (const char *)root->name)
                            : NULL;
  if (!w)
    return root ? ENOMEM : EINVAL;
  Hook h = {hook, userData};
  rewrite(w, root, true, &h);
  xmlTextWriterEndElement(w);
  return irsXmlCommit(w, buf, dir, name);
}

xmlDocPtr irsXmlReadDoc(const char *dir, const char *name, char **path) {
  *path = irsPathJoin(dir, name);
  return *path ? xmlReadFile(*path, NULL,
                             XML_PARSE_NONET | XML_PARSE_NOERROR |
                                 XML_PARSE_NOWARNING)
               : NULL;
}
