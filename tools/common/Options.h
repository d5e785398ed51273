// SPDX-License-Identifier: Apache-2.0
//===- Options.h - table-driven command-line parsing for the tools --------===//
//
// Each tool declares one array of IrsOption ending in IRS_OPT_END(); one
// parser fills the storage and generates the usage text from the same
// table. Long options take one or two dashes (LLVM tools accept both, and
// mlir-opt users type "-o" and "-pass-pipeline=" interchangeably with
// "--..."). A short option's value comes as "-j 1", "-j=1" or attached,
// "-j1" (see irsOptionsParse for when the attached form wins over the
// callback). Options the table does not know are handed to a callback,
// which is how irscope-opt turns "--canonicalize" into a pipeline element.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOLS_OPTIONS_H
#define IRS_TOOLS_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "irscope/PassRegistry.h"
#include "irscope/Pipeline.h"

typedef enum IrsOptionKind {
  IrsOptionEnd,
  IrsOptionBool,   // bool *; "--x", "--x=1/0/true/false"
  IrsOptionString, // const char **; "--x=V" or "--x V"
  IrsOptionInt,    // long *
  IrsOptionList,   // IrsStringList *; repeatable string
  IrsOptionOptionalString, // const char **; "--x" (value "") or "--x=V"
} IrsOptionKind;

typedef struct IrsStringList {
  const char **items;
  size_t num, cap;
} IrsStringList;

struct IrsOption;

/// A row's value check, in the manner of git's OPT_CALLBACK: reads what the
/// parser stored in `o->value`, parses it into `o->dest` and returns true,
/// or writes why the value is bad (one line, without "<tool>: error: ")
/// into `err` and returns false. It runs for every row that has one, given
/// or not (a string row not given holds NULL), from irsOptionsCheck: after
/// parsing, so that "--help" or "--version" with a bad value still work.
typedef bool (*IrsOptionCheckFn)(const struct IrsOption *o, char *err,
                                 size_t errSize);

typedef struct IrsOption {
  IrsOptionKind kind;
  char shortName; // 0 if none
  const char *longName;
  void *value;
  const char *argHelp; // e.g. "DIR"; NULL for flags
  const char *help;
  IrsOptionCheckFn check; // NULL: any value of the kind
  void *dest;             // what `check` fills (its own type)
} IrsOption;

#define IRS_OPT_BOOL(s, l, v, h) IRS_OPT_BOOL_CB(s, l, v, h, NULL, NULL)
#define IRS_OPT_STRING(s, l, v, a, h) IRS_OPT_STRING_CB(s, l, v, a, h, NULL, NULL)
#define IRS_OPT_OPTSTRING(s, l, v, a, h)                                       \
  IRS_OPT_OPTSTRING_CB(s, l, v, a, h, NULL, NULL)
#define IRS_OPT_INT(s, l, v, a, h) IRS_OPT_INT_CB(s, l, v, a, h, NULL, NULL)
#define IRS_OPT_LIST(s, l, v, a, h) {IrsOptionList, s, l, v, a, h, NULL, NULL}
#define IRS_OPT_END() {IrsOptionEnd, 0, NULL, NULL, NULL, NULL, NULL, NULL}
/// Rows whose value `fn` checks and parses into `d` (IrsOptionCheckFn).
#define IRS_OPT_BOOL_CB(s, l, v, h, fn, d)                                     \
  {IrsOptionBool, s, l, v, NULL, h, fn, d}
#define IRS_OPT_STRING_CB(s, l, v, a, h, fn, d)                                \
  {IrsOptionString, s, l, v, a, h, fn, d}
#define IRS_OPT_OPTSTRING_CB(s, l, v, a, h, fn, d)                             \
  {IrsOptionOptionalString, s, l, v, a, h, fn, d}
#define IRS_OPT_INT_CB(s, l, v, a, h, fn, d) {IrsOptionInt, s, l, v, a, h, fn, d}

/// A declared rule between two rows, checked by irsOptionsCheck. Each side
/// is a condition on a row, written as the row's long name: "NAME" holds
/// when the option is set (a bool true, a string not NULL, a list not
/// empty, an integer not 0), "NAME=V" when its value is V (a bool's "0" or
/// "1"), "NAME!=V" when it is set to something else than V ("o!=-": an
/// output other than stdout). A side is shown as written, without "!=V",
/// after "-" (one-letter names) or "--".
typedef enum IrsOptionRule {
  IrsOptionExcludes, // `option` and `other` cannot both hold
  IrsOptionNeeds,    // `option` holds only with `other`
} IrsOptionRule;

typedef struct IrsOptionConflict {
  const char *option;
  const char *other;
  IrsOptionRule rule;
  /// NULL for "'%1$s' cannot be combined with '%2$s'" (Excludes) or
  /// "'%1$s' needs '%2$s'" (Needs); else a format of its own taking the
  /// two sides as shown (it may use neither).
  const char *message;
} IrsOptionConflict;

#define IRS_OPT_EXCLUDES(a, b) {a, b, IrsOptionExcludes, NULL}
#define IRS_OPT_NEEDS(a, b) {a, b, IrsOptionNeeds, NULL}
#define IRS_OPT_CONFLICT(a, b, rule, msg) {a, b, rule, msg}
#define IRS_OPT_CONFLICTS_END() {NULL, NULL, IrsOptionExcludes, NULL}

/// Called with an unknown option (as written, dashes included). Return true
/// to accept it, false to make it an error.
typedef bool (*IrsUnknownOptionFn)(const char *arg, void *userData);

/// Parses argv[1..argc). A single-dash word "-cREST" that is no long
/// option, c being a short option that takes a value, is c with the value
/// REST when c is an integer option or REST does not start with a
/// lowercase letter; otherwise it goes to `unknown` first (pass flags such
/// as "-one-shot-bufferize") and is c=REST only if that declines.
/// Positional arguments are moved to the front of
/// argv[1..] in order and their count returned; on error returns -1 with a
/// one-line message in `err`.
int irsOptionsParse(int argc, char **argv, const IrsOption *table,
                    IrsUnknownOptionFn unknown, void *userData, char *err,
                    size_t errSize);

/// Unknown options that `unknown` accepted (as pass flags), as written, and
/// the option of the table each is close to ("--dump-after-eachh"), if
/// any. Whether they are typos is known only once MLIR's registry can be
/// asked (irsOptionsCheckPassFlags, irsOptionsPipelineFromFlags), so the
/// parse notes them here for it: state the caller keeps between the calls,
/// never a global. Plain data; irsOptionsParseNoting resets it.
enum { IRS_OPTION_MAX_SUSPECTS = 16 };
typedef struct IrsOptionSuspects {
  int num;
  struct {
    char flag[128];   ///< as given to the callback, dashes dropped, before '='
    char dashes[3];   ///< as written: "-" or "--"
    char option[128]; ///< the close option's long name; "" if none
  } items[IRS_OPTION_MAX_SUSPECTS];
} IrsOptionSuspects;

/// irsOptionsParse that also notes the suspects in `suspects` (nullable).
int irsOptionsParseNoting(int argc, char **argv, const IrsOption *table,
                          IrsUnknownOptionFn unknown, void *userData,
                          IrsOptionSuspects *suspects, char *err,
                          size_t errSize);

/// After irsOptionsParse: runs the value checks of `table` in its order,
/// then the rules of `conflicts` (nullable) in theirs. On the first that
/// fails prints "<tool>: error: <message>" to stderr and returns false (a
/// usage error).
bool irsOptionsCheck(const char *tool, const IrsOption *table,
                     const IrsOptionConflict *conflicts);

/// The rules of `conflicts` alone (irsOptionsCheck without the value
/// checks), for rules that apply in one mode of a tool only.
bool irsOptionsCheckRules(const char *tool, const IrsOption *table,
                          const IrsOptionConflict *conflicts);

/// Whether the condition `spec` (see IrsOptionConflict) holds for `table`;
/// false for a name the table does not have.
bool irsOptionsHolds(const IrsOption *table, const char *spec);

/// Stock value checks. irsOptionCheckSeconds: a string row holding a
/// positive number of seconds, into a double. irsOptionCheckSize: a string
/// row holding a size (irsOptionsParseSize), into an int64_t.
bool irsOptionCheckSeconds(const IrsOption *o, char *err, size_t errSize);
bool irsOptionCheckSize(const IrsOption *o, char *err, size_t errSize);

/// irsOptionCheckWords: a string row (not given: NULL) holding one of a few
/// words; its dest is an IrsOptionWords. "" is the value of an optional
/// string given without one.
typedef struct IrsOptionWords {
  const char *const *words; ///< NULL-terminated
  const char *message;      ///< for any other value, which is its one %s
} IrsOptionWords;
bool irsOptionCheckWords(const IrsOption *o, char *err, size_t errSize);

/// An unsigned 64-bit integer in C notation (decimal, 0x..., 0...), no
/// sign; false if `text` is none.
bool irsOptionsParseUint64(const char *text, uint64_t *value);

/// The option as a message shows it: "-o" for one-letter names, else
/// "--name".
void irsOptionShowName(const IrsOption *o, char *out, size_t outSize);

/// Prints "usage: <usage>" and one line per option.
void irsOptionsPrintUsage(FILE *out, const char *usage,
                          const IrsOption *table);

void irsStringListFree(IrsStringList *l);
/// Appends `item` (borrowed); false if out of memory.
bool irsStringListAppend(IrsStringList *l, const char *item);

/// mlir-opt style pass flag: "--cse", "-cse", "--inline=OPTS". Appends the
/// flag without its dashes to `flags` and returns true; false if `arg` is
/// not of that shape, or is a single-dash word whose name (before '=') has
/// a character no pass argument has ("-oout.mlir": "-o out.mlir").
bool irsOptionsTakePassFlag(const char *arg, IrsStringList *flags);

/// The pipeline "builtin.module(<flag>,...)" for pass flags collected by
/// irsOptionsTakePassFlag; null (reported through `errorCallback`) on error,
/// positioned in that text when it is a syntax error. A flag noted in
/// `suspects` (nullable) that names no pass is reported, without a
/// position, as the mistyped option it is closest to.
IrsPipeline irsOptionsPipelineFromFlags(const IrsStringList *flags,
                                        const IrsOptionSuspects *suspects,
                                        IrsPipelineErrorCallback errorCallback,
                                        void *userData);

/// After the parse (and the loading of pass plugins), before any check
/// that speaks of pass flags: a flag in `flags` whose name (before '=')
/// names no pass of irscope's, of MLIR's registry (MLIR plugins included)
/// or of `plugins` (the C plugins' passes; nullable) is an unknown option,
/// whatever else is given. Writes "unknown option '--NAME'", with "; did
/// you mean '--X'?" when an option of `table` or else a pass is close, into
/// `err` and returns false. Not for a --tool run, whose passes are the
/// tool's.
bool irsOptionsCheckPassFlags(const IrsOption *table,
                              const IrsStringList *flags,
                              const IrsOptionSuspects *suspects,
                              IrsPassRegistry plugins, char *err,
                              size_t errSize);

/// Parses a size such as "512M", "2G", "4096" (K, M, G are powers of 1024).
/// False if it is not a positive size.
bool irsOptionsParseSize(const char *text, int64_t *bytes);

/// A positive number of seconds for `option` (as shown: "--exec-timeout");
/// on a bad value writes the message into `err` and returns false.
bool irsOptionsCheckSeconds(const char *option, const char *text,
                            double *seconds, char *err, size_t errSize);

#endif // IRS_TOOLS_OPTIONS_H
