# embed.cmake -- a text file as a C array, for a program that must run a
# scenario of the source tree wherever it is installed (modelbench's
# sweep/script runs scenarios/seed_insert_*.sql): the bytes of IN as
# `const char NAME[]` (NUL-terminated) in OUT, rewritten only when they
# changed.
#
#   cmake -DIN=FILE -DOUT=FILE.c -DNAME=identifier -P embed.cmake
file(READ "${IN}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n    "
       bytes "${bytes}")
get_filename_component(base "${IN}" NAME)
set(text "/* Written by benchmarks/embed.cmake from ${base}: do not edit. */
const char ${NAME}[] = {
    ${bytes}0x00};
")
include("${CMAKE_CURRENT_LIST_DIR}/../sim/write_if_changed.cmake")
lobsim_write_if_changed("${OUT}" "${text}")
