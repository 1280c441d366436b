# lobdiff, lobreport and lobfit as a second, unprivileged user on a store
# root owns (mode 644 in a 755 directory), then as root: nothing in the
# store's directory may change.  Needs root to switch users (.ci/run is).
add_test(NAME readonly
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/readonly.sh $<TARGET_FILE:lobbench>
          $<TARGET_FILE:lobdiff> $<TARGET_FILE:lobreport> $<TARGET_FILE:lobfit>)
set_tests_properties(readonly PROPERTIES TIMEOUT 600)
