// SPDX-License-Identifier: Apache-2.0
//===- PageDom.h - building irscope-report's pages as libxml2 trees --------===//
//
// The few helpers every page uses to add elements, text and attributes, and
// the page skeleton (head with the embedded CSS, the script at the end, the
// serialisation) in Page.c: the run page and the --repeat page share them.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOLS_IRSCOPE_REPORT_PAGEDOM_H
#define IRS_TOOLS_IRSCOPE_REPORT_PAGEDOM_H

#include <libxml/HTMLtree.h>
#include <libxml/tree.h>

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

#define X(s) ((const xmlChar *)(s))

static inline xmlNodePtr el(xmlNodePtr parent, const char *tag, const char *cls) {
  xmlNodePtr n = xmlNewChild(parent, NULL, X(tag), NULL);
  if (n && cls)
    xmlNewProp(n, X("class"), X(cls));
  return n;
}

// An element whose text content is `s` (escaped by the serializer).
static inline xmlNodePtr tel(xmlNodePtr parent, const char *tag, const char *cls,
                      const char *s) {
  xmlNodePtr n = xmlNewTextChild(parent, NULL, X(tag), X(s ? s : ""));
  if (n && cls)
    xmlNewProp(n, X("class"), X(cls));
  return n;
}

static inline void addText(xmlNodePtr parent, const char *s) {
  xmlAddChild(parent, xmlNewText(X(s)));
}

static inline void attrf(xmlNodePtr n, const char *name, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static inline void attrf(xmlNodePtr n, const char *name, const char *fmt, ...) {
  char b[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(b, sizeof(b), fmt, ap);
  va_end(ap);
  xmlNewProp(n, X(name), X(b));
}

typedef struct IrsExRun IrsExRun;
typedef struct IrsExPageOptions IrsExPageOptions;

/// A link to `file` of the run directory (`o`'s link prefix before it).
xmlNodePtr irsExLink(xmlNodePtr parent, const IrsExPageOptions *o,
                     const char *file);

/// The run's status as the page's header says it ("failed" for a run known
/// only from its report.xml).
const char *irsExRunStatus(const IrsExRun *run);

/// The failure section (PageFailure.c): nothing for a run that did not fail.
void irsExFailureSection(xmlNodePtr body, const IrsExRun *run,
                         const IrsExPageOptions *o);

struct IrsExStep;
/// StepParts.c: the line of a step that shows while it is collapsed, and
/// the sortable table of its rewrite counts (nothing when not counted).
void irsExStepSummary(xmlNodePtr det, const struct IrsExStep *s, bool failing);
void irsExRewriteTable(xmlNodePtr parent, const struct IrsExStep *s);
/// PageAction.c: in the failing step, the one action it was narrowed to
/// (or the one a crash was in) and the top-level op's diff around it.
void irsExActionPart(xmlNodePtr parent, const IrsExRun *run,
                     const struct IrsExStep *s, const IrsExPageOptions *o);

/// A new page titled `title` with the shared head; *body receives <body>.
/// NULL when out of memory.
htmlDocPtr irsExPageBegin(const char *title, xmlNodePtr *body);
/// Adds the script and serialises the page into *html (malloc'd). False
/// with a reason in err when out of memory. The caller frees doc.
bool irsExPageEnd(htmlDocPtr doc, xmlNodePtr body, char **html, size_t *len,
                  char *err, size_t errCap);

#endif // IRS_TOOLS_IRSCOPE_REPORT_PAGEDOM_H
