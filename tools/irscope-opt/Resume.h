// SPDX-License-Identifier: Apache-2.0
//===- Resume.h - --resume-from: the command line of a resumed run --------===//
#ifndef IRS_TOOLS_IRSCOPE_OPT_RESUME_H
#define IRS_TOOLS_IRSCOPE_OPT_RESUME_H

/// With --resume-from=FILE in argv, the command line of the resumed run
/// (Resume.c): the recorded run's pipeline after FILE's step, its settings
/// and carried words, then argv's own words, and a new dump directory;
/// its "resuming" line (and the note of an edited dump) go to stderr.
/// Without it, argv itself. Returns -1 to go on (a rewritten argv is freed
/// with irsOptResumeFree), else the exit code of the error it printed.
int irsOptResumeArgs(int argc, char **argv, int *outArgc, char ***outArgv);
void irsOptResumeFree(int argc, char **argv);

#endif
