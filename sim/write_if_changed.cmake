# write_if_changed.cmake -- lobsim_write_if_changed(FILE TEXT): TEXT into
# FILE unless FILE holds it already, so that a generated source rewritten
# at every build recompiles nothing when it did not change
# (sim/version.cmake, benchmarks/embed.cmake).
function(lobsim_write_if_changed file text)
  set(old "")
  if(EXISTS "${file}")
    file(READ "${file}" old)
  endif()
  if(NOT old STREQUAL text)
    file(WRITE "${file}" "${text}")
  endif()
endfunction()
