# version.cmake -- the programs' --version line, "NAME VERSION (commit HASH)",
# as a header: run at every build (the lobsim_version target of the top-level
# lobsim_program()), it asks git for the commit of the source tree and
# whether tracked files differ from it, and rewrites OUT only when that
# changed, so that a new commit reaches --version without reconfiguring and
# an unchanged tree rebuilds nothing.  Outside a git checkout the commit is
# "unknown".
#
#   cmake -DSOURCE_DIR=DIR -DOUT=FILE -DVERSION=X.Y.Z -P version.cmake
set(commit unknown)
execute_process(COMMAND git -C "${SOURCE_DIR}" rev-parse --short HEAD
  OUTPUT_VARIABLE head RESULT_VARIABLE rc OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(rc EQUAL 0 AND head MATCHES "^[0-9a-f]+$")
  set(commit ${head})
  # As lobbench's provenance asks it: untracked files do not count.
  execute_process(COMMAND git -C "${SOURCE_DIR}" status --porcelain --untracked-files=no
    OUTPUT_VARIABLE changes RESULT_VARIABLE rc ERROR_QUIET)
  if(NOT rc EQUAL 0)
    set(commit unknown)
  elseif(NOT changes STREQUAL "")
    set(commit "${commit}, dirty")
  endif()
endif()
set(text "/* Written by sim/version.cmake at build time: the programs' --version. */
#ifndef LOBSIM_PROGRAM_VERSION_H
#define LOBSIM_PROGRAM_VERSION_H
#define LOBSIM_VERSION \"${VERSION} (commit ${commit})\"
#endif
")
include("${CMAKE_CURRENT_LIST_DIR}/write_if_changed.cmake")
lobsim_write_if_changed("${OUT}" "${text}")
