// SPDX-License-Identifier: Apache-2.0
//===- XmlUtil.h - helpers shared by the XML writers ----------------------===//
#ifndef IRS_REPORT_XMLUTIL_H
#define IRS_REPORT_XMLUTIL_H

#include "RunRecord.h"
// The documents that copy IR next to them (CrashReport.c) print it with
// IrFile.h's functions.
#include "IrFile.h"

#include <libxml/xmlwriter.h>

/// Writes the <diagnostic> elements for `n` diagnostics.
/// A step's <rewrites> (its rewrite counts), when it was counted.
void irsXmlWriteRewrites(xmlTextWriterPtr w, const IrsRecordStep *s);
/// A step's <rewrites> as irsXmlWriteRewrites writes it into a step's
/// element, rendered once (RewritesXml.c), caller frees; NULL when the
/// writer must write it (no counts, a name it escapes otherwise).
char *irsXmlRenderRewrites(const IrsRewriteCount *c, size_t n);
/// <action tag name [index] [op] [loc] in-flight="true"|times="N"/>: an
/// action of a dead worker's trail, the one in flight or a repeating one.
void irsXmlWriteActionRecord(xmlTextWriterPtr w, const IrsActionRecord *r,
                             bool inFlight);
void irsXmlWriteDiagnostics(xmlTextWriterPtr w, const IrsDiagnostic *d,
                            intptr_t n);
/// Writes <step> for step i (0-based) of the record.
void irsXmlWriteStep(xmlTextWriterPtr w, const IrsRunRecord *rec, intptr_t i);
/// Writes <tool>, <command-line>, <input> and <pipeline>.
void irsXmlWriteRunHeader(xmlTextWriterPtr w, const IrsRunRecord *rec);
/// <plugins> with one <plugin kind path name version/> each; nothing when
/// there are none.
void irsXmlWritePlugins(xmlTextWriterPtr w, IrsPlugins plugins);
/// Writes <tool> and <command-line> (when given) and opens <input> with its
/// path and hash (when given): documents written without a pass manager
/// (crash, repeat) start the same way. The caller closes <input>.
void irsXmlStartRunHeader(xmlTextWriterPtr w, const IrsRunHeader *header);
/// Writes <steps> with a <step> per recorded step; `failed` (1-based) only
/// when > 0.
void irsXmlWriteSteps(xmlTextWriterPtr w, const IrsRunRecord *rec,
                      intptr_t failed);
/// Opens <failure> of `kind` for step i (0-based) with its step, pass and
/// anchor attributes. The caller closes it.
void irsXmlStartFailure(xmlTextWriterPtr w, const IrsRunRecord *rec,
                        const char *kind, intptr_t i);
/// Opens `elem` with a file="..." attribute. The caller closes it.
/// Opens a failure's <artifacts> with the pre-step and post-step IR files
/// the record has (the latter in `postForm`, "generic" or "custom").
void irsXmlStartArtifacts(xmlTextWriterPtr w, const IrsRunRecord *rec,
                          const char *postForm);
/// A run through another tool: <replay-command> and <reproducer-command>,
/// the last children of <artifacts>, when the record has them.
void irsXmlWriteReplayCommands(xmlTextWriterPtr w,
                               const IrsRecordArtifacts *a);
/// Ends a failure's <artifacts> (inside it: the reproducer of step index
/// `i`, when the record has one) and writes the <steps> that failed at i.
void irsXmlEndArtifacts(xmlTextWriterPtr w, const IrsRunRecord *rec,
                        intptr_t i);
void irsXmlStartFileElem(xmlTextWriterPtr w, const char *elem,
                         const char *file);
/// Attribute from a string ref (not NUL-terminated).
void irsXmlAttrRef(xmlTextWriterPtr w, const char *name, MlirStringRef v);
/// Element with text content from a string ref.
void irsXmlElemRef(xmlTextWriterPtr w, const char *name, MlirStringRef v);
/// Starts an indented UTF-8 document in a new memory buffer and opens the
/// root element with its version="1" attribute. NULL if out of memory.
xmlTextWriterPtr irsXmlBegin(xmlBufferPtr *buf, const char *root);
/// Finishes the document in `buf` and writes it atomically to dir/name.
/// Returns 0 or an errno value.
int irsXmlCommit(xmlTextWriterPtr w, xmlBufferPtr buf, const char *dir,
                 const char *name);

/// Rewriting a document another process wrote (XmlRewrite.c): `hook`, if
/// any, is called at the end of every element, before it is closed, to add
/// children; the document is written back atomically to dir/name in the
/// first writer's layout. 0 or an errno value.
typedef void (*IrsXmlRewriteHook)(xmlTextWriterPtr w, const char *element,
                                  void *userData);
int irsXmlRewriteDoc(xmlDocPtr doc, const char *dir, const char *name,
                     IrsXmlRewriteHook hook, void *userData);
/// dir/name parsed (no network, nothing printed), NULL when it cannot be;
/// its path in *path (caller frees; NULL when out of memory).
xmlDocPtr irsXmlReadDoc(const char *dir, const char *name, char **path);

/// The <results> of a wrong-result failure and its output files among the
/// <artifacts> (Results.c).
struct IrsResultsInfo;
void irsXmlWriteResults(xmlTextWriterPtr w, const struct IrsResultsInfo *r);
void irsXmlWriteResultFiles(xmlTextWriterPtr w,
                            const struct IrsResultsInfo *r);

/// <action>: the one action a failing step was narrowed to, with the diff
/// of its top-level op (ActionXml.c; empty: none).
struct IrsNarrowedAction;
void irsXmlWriteAction(xmlTextWriterPtr w, const struct IrsNarrowedAction *a,
                       MlirStringRef diff);

/// The writers of Writers.def (one file each; RunRecord.h says how they
/// are called).
#define IRS_RECORD_WRITER(id, root, file, fn, what)                            \
  int fn(xmlTextWriterPtr w, const IrsRunRecord *rec);
#include "Writers.def"

#endif // IRS_REPORT_XMLUTIL_H
