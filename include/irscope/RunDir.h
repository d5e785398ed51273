// SPDX-License-Identifier: Apache-2.0
//===- RunDir.h - the run directory: its names and its files --------------===//
//
// A run directory is a dump directory (--dump-after-each) or a failure
// directory. This header is its one owner: the names of the files a run
// writes (numbered dumps, the fixed artefacts, the temporaries of atomic
// writes, the default irscope-failure-XXXXXX directory) and the clean-up a
// supervisor does after a killed worker (lib/Support). Tools and the
// library's own writers use these instead of re-deriving a rule, so a name
// changes in one place. Reading its documents back is RunDoc.h
// (lib/Report).
//
//===----------------------------------------------------------------------===//
#ifndef IRS_RUNDIR_H
#define IRS_RUNDIR_H

#include "irscope/Outcome.h"
#include "irscope/Support.h"

#include <mlir-c/Support.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

#define IRS_RUN_DIR_MANIFEST "manifest.xml"
#define IRS_RUN_DIR_REPORT "report.xml"
#define IRS_RUN_DIR_INPUT_DUMP "0000-input.mlir"
#define IRS_RUN_DIR_PRE_STEP_IR "failure-input.mlir"
#define IRS_RUN_DIR_POST_STEP_IR "failure-output.mlir"
#define IRS_RUN_DIR_REPRODUCER "reproducer.mlir"
#define IRS_RUN_DIR_FULL_REPRODUCER "reproducer-full.mlir"
/// Narrowing a failing step to one action (Narrow.h): the enclosing
/// top-level op just before and just after it, their diff, and the script
/// that replays the action with the tool's debug counter.
#define IRS_RUN_DIR_ACTION_BEFORE "action-before.mlir"
#define IRS_RUN_DIR_ACTION_AFTER "action-after.mlir"
#define IRS_RUN_DIR_ACTION_DIFF "action.diff"
#define IRS_RUN_DIR_ACTION_REPLAY "replay-action.sh"
/// A wrong result (irscope-opt --check-results): both programs' results
/// and the script that shows them with upstream tools alone.
#define IRS_RUN_DIR_EXPECTED_OUTPUT "expected-output.txt"
#define IRS_RUN_DIR_ACTUAL_OUTPUT "actual-output.txt"
#define IRS_RUN_DIR_RUN_REPRODUCER "reproducer.sh"
/// irscope-opt --repeat's summary, beside its failure-N directories.
#define IRS_RUN_DIR_REPEAT "repeat.xml"
/// Prefixes of the numbered sub-directories (irsRunDirSubdirName): a chunk
/// of irscope-opt -j ("chunk-007"), a distinct failure of --repeat
/// ("failure-2") and the scratch directory of one repeated run (".run-41").
#define IRS_RUN_DIR_CHUNK_PREFIX "chunk-"
#define IRS_RUN_DIR_REPEAT_FAILURE_PREFIX "failure-"
#define IRS_RUN_DIR_REPEAT_RUN_PREFIX ".run-"
/// An atomic write goes to "<name>" IRS_RUN_DIR_TEMP_INFIX "<pid>-XXXXXX"
/// first (irsRunDirTemporaryTemplate): the writer's process id tells a
/// later run which temporaries a dead process left.
#define IRS_RUN_DIR_TEMP_INFIX ".tmp-"
/// The lock file of a run directory (irsRunDirLock); hidden, and no run file.
#define IRS_RUN_DIR_LOCK ".irscope-lock"
/// Prefix of the fresh failure directory made when none is given.
#define IRS_RUN_DIR_FAILURE_PREFIX "irscope-failure-"

/// Names the dump of 1-based step `step` whose pass `pass` is anchored on
/// `anchor`: "NNNN-<anchor>-<pass>.mlir", both parts made safe for a file
/// name and cut to 64 bytes. Calls `callback` once.
IRS_API void irsRunDirDumpName(intptr_t step, MlirStringRef anchor,
                               MlirStringRef pass, MlirStringCallback callback,
                               void *userData);

/// The numbered sub-directories of a run directory.
typedef enum IrsRunDirSubdir {
  IrsRunDirChunk,         ///< "chunk-NNN", three digits at least; NNN
                          ///< the chunk's number (irscope-opt counts from 1)
  IrsRunDirRepeatFailure, ///< "failure-N"
  IrsRunDirRepeatRun,     ///< ".run-N"
} IrsRunDirSubdir;

/// Writes the path of sub-directory `n` of `kind` in `base` ("BASE/NAME";
/// the name alone when `base` is NULL) into buf, cut to `cap` bytes, and
/// returns its length, as snprintf does.
IRS_API int irsRunDirSubdirPath(const char *base, IrsRunDirSubdir kind,
                                long long n, char *buf, size_t cap);

/// The step index of a numbered dump's file name ("0003-func.func-cse.mlir"
/// is 3, the input dump 0); -1 for any other name, temporaries included.
IRS_API long irsRunDirDumpIndex(const char *name);

/// Whether `name` is the temporary of an atomic write.
IRS_API bool irsRunDirIsTemporary(const char *name);

/// The mkstemp template of an atomic write of `path` by this process,
/// "<path>.tmp-<pid>-XXXXXX" (`suffix` NULL) or "<path>.tmp-<pid>-SUFFIX",
/// malloc'd; NULL when out of memory.
IRS_API char *irsRunDirTemporaryTemplate(const char *path, const char *suffix);

/// The process id in `name` after `prefix` ("<prefix><pid>-...") when that
/// process no longer exists (kill(pid, 0) fails with ESRCH); 0 for any
/// other name, and for a live or unknown process. What a dead process
/// named with its id is provably nobody's.
IRS_API long irsRunDirDeadOwner(const char *name, const char *prefix);

/// Whether `name` is a file a run writes into its directory: a numbered
/// dump, manifest.xml, report.xml, failure-input.mlir, failure-output.mlir,
/// reproducer.mlir or a narrowed action's files, or the temporary of one of
/// them.
IRS_API bool irsRunDirIsRunFile(const char *name);

//===----------------------------------------------------------------------===//
// Directories
//===----------------------------------------------------------------------===//

/// Creates the directory for failure artefacts and stores its malloc'd
/// path in *dir: `given` (mkdir -p) when it is not NULL, else a fresh
/// $TMPDIR/irscope-failure-XXXXXX (/tmp when TMPDIR is unset or empty), so
/// that several runs never overwrite each other's evidence. Returns 0 or an
/// errno value; on failure *dir still holds the path tried (or NULL when
/// out of memory), for the caller's message.
IRS_API int irsRunDirCreateFailureDir(const char *given, char **dir);

/// Makes `dir` ready for a run's dumps (the pass manager's and a --tool
/// run's): creates it (mkdir -p) and checks that it is writable. Files of an
/// earlier run (irsRunDirIsRunFile) are never silently mixed with a new
/// one: with `overwrite` exactly those are removed (nothing else in the
/// directory is touched), otherwise the preparation fails. Returns IRS_OK,
/// IRS_ERR_USAGE (an earlier run is there) or IRS_ERR_IO, and then hands
/// the one-line reason to `message` (nullable), once.
IRS_API IrsErrorKind irsRunDirPrepareDumps(const char *dir, bool overwrite,
                                           MlirStringCallback message,
                                           void *userData);

/// Locks `dir` for a run's life so that a second run pointed at it cannot
/// mix its files with this one's (RunDirLock.c): creates the directory
/// (mkdir -p; *created says whether it did) and takes an exclusive advisory
/// lock (flock) on DIR/.irscope-lock, whose descriptor goes to *lockFd. It
/// is close-on-exec and shared with forked workers; the kernel drops the
/// lock when the last process holding it exits, however it dies, so a
/// killed run never blocks the next. Returns IRS_OK; IRS_ERR_USAGE when
/// another live run holds the lock; IRS_ERR_IO when the directory or the
/// lock file cannot be created; on an error the one-line reason goes to
/// `message` (nullable), once. `what` names the directory in it ("dump
/// directory").
IRS_API IrsErrorKind irsRunDirLock(const char *dir, const char *what,
                                   int *lockFd, bool *created,
                                   MlirStringCallback message, void *userData);

/// Releases a lock of irsRunDirLock (a negative `lockFd` is a no-op) and
/// removes the lock file; with `removeIfEmpty` (the run created the
/// directory) the directory goes too when nothing else is in it. A killed
/// run leaves its lock file behind, unlocked and harmless.
IRS_API void irsRunDirUnlock(const char *dir, int lockFd, bool removeIfEmpty);

/// Removes the temporaries a killed process left in `dir`. Returns 0 or an
/// errno value (the directory cannot be opened).
IRS_API int irsRunDirRemoveTemporaries(const char *dir);

/// Removes the temporaries in `dir` that a process which no longer exists
/// left (killed while it wrote them: SIGKILL, a second SIGINT), and only
/// those: regular files of this user named "<stem>.tmp-<pid>-..." with a
/// dead pid (irsRunDirDeadOwner), where `stem` is the file's name or, when
/// `stem` is NULL, any name. A live run's temporaries, a user's
/// "x.tmp-old" and another user's files stay. Returns how many it removed.
IRS_API int irsRunDirRemoveStaleTemporaries(const char *dir, const char *stem);

/// irsRunDirRemoveStaleTemporaries for the one file `path` (its directory,
/// its name as the stem): a run calls it before it writes `path`.
IRS_API int irsRunDirRemoveStaleTemporariesOf(const char *path);

/// Prefixes of the scratch a process keeps under $TMPDIR
/// (irsRunDirCreateScratch): an --tool run's directory, the files that
/// stand in for stdin and stdout ("irscope-stdin-", "opt-reduce-out-", ...:
/// the prefix a tool passes), an executor's jitdump directory, a forked
/// printer's file tree (lib/PassManager/BufferedDump.c).
#define IRS_RUN_DIR_TOOL_SCRATCH_PREFIX "irscope-tool-"
#define IRS_RUN_DIR_JIT_SCRATCH_PREFIX "irscope-jit-"
#define IRS_RUN_DIR_PRINT_SCRATCH_PREFIX "irscope-print-"

/// Creates a scratch directory (`directory`) or empty file of this process
/// under $TMPDIR (/tmp when unset or empty), "<prefix><pid>-XXXXXX", its
/// malloc'd path into *path, after removing what processes that no longer
/// exist left under the same prefix (irsRunDirRemoveStaleScratch): a run
/// killed with SIGKILL cannot remove its own, the next one does. The
/// caller removes its scratch when done. Returns 0 or an errno value
/// (*path NULL).
IRS_API int irsRunDirCreateScratch(const char *prefix, bool directory,
                                   char **path);

/// Removes the entries "<prefix><pid>-..." of `dir` whose process no
/// longer exists (irsRunDirDeadOwner) and that belong to this user:
/// regular files, and directories with everything in them. Links, a live
/// process's scratch and other users' stay. Returns how many it removed.
IRS_API int irsRunDirRemoveStaleScratch(const char *dir, const char *prefix);

/// The numbered dumps of `dir`: the name of the most recent one before
/// 1-based step `beforeStep` (the last good IR; any step when
/// `beforeStep` <= 0) into `last`, and the input dump's into `input`. A
/// buffer is left untouched when there is no such file; both are cut to
/// their capacity.
IRS_API void irsRunDirFindDumps(const char *dir, intptr_t beforeStep,
                                char *last, size_t lastCap, char *input,
                                size_t inputCap);

#ifdef __cplusplus
}
#endif

#endif // IRS_RUNDIR_H
