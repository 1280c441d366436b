# lobsim_fit: the search on known functions, parameter recovery from a
# synthetic measurement, free parameters.  Timeouts catch a hang, not a slow
# machine: under ASan on a loaded 2-core machine test_fit and lobfit_cli
# took 4-5 minutes.
lobsim_test(test_fit
  SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_fit.c
  LIBS lobsim_fit lobsim_results m)
set_tests_properties(test_fit PROPERTIES TIMEOUT 900)

# lobfit -> lobbench --param-file -> lobdiff, as processes.
add_test(NAME lobfit_cli
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/lobfit_cli.sh $<TARGET_FILE:lobbench>
          $<TARGET_FILE:lobfit> $<TARGET_FILE:lobdiff>)
set_tests_properties(lobfit_cli PROPERTIES TIMEOUT 900)
