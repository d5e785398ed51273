// SPDX-License-Identifier: Apache-2.0
//===- XmlUtil.h - helpers shared by the XML writers ----------------------===//
#ifndef IRS_REPORT_XMLUTIL_H
#define IRS_REPORT_XMLUTIL_H

#include "../PassManager/PassManagerImpl.h"

#include <libxml/xmlwriter.h>

/// Writes the <diagnostic> elements for `n` diagnostics.
void irsXmlWriteDiagnostics(xmlTextWriterPtr w, const IrsDiagnostic *d,
                            intptr_t n);
/// Writes <step> for step i (0-based) of `pm`.
void irsXmlWriteStep(xmlTextWriterPtr w, IrsPassManagerImpl *pm, intptr_t i);
/// Writes <tool>, <command-line>, <input> and <pipeline>.
void irsXmlWriteRunHeader(xmlTextWriterPtr w, IrsPassManagerImpl *pm);
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

#endif // IRS_REPORT_XMLUTIL_H
