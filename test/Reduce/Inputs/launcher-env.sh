#!/bin/sh
# launcher-env.sh OUTDIR CANDIDATE: an always-interesting test that records
# its own environment and the one the opt-reduce process that started it
# was exec'd with (/proc/PID/environ keeps that even after the process
# unsets variables), and which executable that process is.
env > "$1/test-env"
tr '\000' '\n' < "/proc/$PPID/environ" > "$1/reducer-env"
readlink "/proc/$PPID/exe" > "$1/reducer-exe"
exit 0
