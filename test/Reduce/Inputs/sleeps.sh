#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# A test script that never answers in time: it starts a child that would
# outlive it (sleep 5) and waits for it. It records the child's pid in
# PIDFILE so the lit test can check that a timeout kills the child too.
#
#   sleeps.sh PIDFILE CANDIDATE
sleep 5 >/dev/null 2>&1 &
echo $! > "$1"
wait
