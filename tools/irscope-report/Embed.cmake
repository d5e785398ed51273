# SPDX-License-Identifier: Apache-2.0
# Turns IN (a text file) into OUT, a C header defining the NUL-terminated
# array NAME, so the page's CSS and JS live in real .css/.js files but end
# up inside the executable (the report must not depend on files at run time).
file(READ ${IN} hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," hex "${hex}")
file(WRITE ${OUT} "/* Generated from ${IN}; do not edit. */\nstatic const char ${NAME}[] = {${hex}0x00};\n")
