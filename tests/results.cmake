# The results store's test program.
find_package(Threads REQUIRED)
lobsim_test(test_results
  SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_results.c ${CMAKE_CURRENT_SOURCE_DIR}/vfs_shim.c
  LIBS lobsim_results Threads::Threads)
target_compile_definitions(test_results PRIVATE LOBSIM_REFERENCE_CSV="${LOBSIM_REFERENCE_CSV}")

# The heap experiment's dictionary views (user_tables, user_indexes).
lobsim_test(test_heap_views
  SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_heap_views.c
  LIBS lobsim_results lobsim_workload)

# The reference CSV parser alone: a pure function, hand-written inputs.
lobsim_test(test_reference_csv
  SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_reference_csv.c
  LIBS lobsim_results)

# lobdiff as a process on databases the test records.
lobsim_test(test_lobdiff
  SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_lobdiff.c ${CMAKE_CURRENT_SOURCE_DIR}/json_util.c
  LIBS lobsim_results SQLite::SQLite3 m)
target_compile_definitions(test_lobdiff PRIVATE
  LOBDIFF_EXE="$<TARGET_FILE:lobdiff>"
  LOBSIM_REFERENCE_CSV="${LOBSIM_REFERENCE_CSV}")
add_dependencies(test_lobdiff lobdiff)

# scripts/pr-diff in a throwaway clone: builds three trees, so it is the
# slowest test; its COST makes ctest start it first even without the timings
# of an earlier run.
add_test(NAME lobdiff_pr_diff
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/lobdiff_pr_diff.sh ${PROJECT_SOURCE_DIR})
set_tests_properties(lobdiff_pr_diff PROPERTIES TIMEOUT 1200 COST 1000)

# lobsim_lobdiff in process: the U test against hand-worked figures, runs
# built in memory through the renderers.
lobsim_test(test_lobdiff_lib
  SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_lobdiff_lib.c ${CMAKE_CURRENT_SOURCE_DIR}/json_util.c
  LIBS lobsim_lobdiff m)

# The SVG plot library on its own.
lobsim_test(test_plot SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_plot.c LIBS lobsim_plot m)

# The import parsers: real published output and texts written to break them.
lobsim_test(test_import SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_import.c LIBS lobsim_import)
target_compile_definitions(test_import PRIVATE LOBSIM_IMPORT_DIR="${CMAKE_CURRENT_SOURCE_DIR}/import")
# What lobbench writes, imported back into the same figures; latest per workload.
add_test(NAME import_roundtrip
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/import_roundtrip.sh $<TARGET_FILE:lobbench>
          $<TARGET_FILE:lobimport> $<TARGET_FILE:lobdiff>)
# AWR reports: real ones in tests/import/awr/, and the same changed on purpose.
lobsim_test(test_import_awr SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_import_awr.c LIBS lobsim_import)
target_compile_definitions(test_import_awr PRIVATE
  LOBSIM_AWR_DIR="${CMAKE_CURRENT_SOURCE_DIR}/import/awr")
# A Snapper series imported as one session with its snapshots (rows not
# known, seconds as printed); lobdiff interval by interval; out of order refused.
add_test(NAME import_snapper
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/import_snapper.sh $<TARGET_FILE:lobimport>
          $<TARGET_FILE:lobdiff>)
# An AWR snapshot series (DBA_HIST_SYSSTAT, DBA_HIST_SYSTEM_EVENT query
# output, SQL*Plus's columns and SET MARKUP CSV ON) imported as one session
# of deltas; lobdiff interval by interval; bad input refused, store unchanged.
add_test(NAME import_awrhist
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/import_awrhist.sh $<TARGET_FILE:lobimport>
          $<TARGET_FILE:lobdiff> ${CMAKE_CURRENT_SOURCE_DIR}/import/awrhist)
# lobimport on them: a run per snapshot window, the report's block size.
add_test(NAME import_awr
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/import_awr.sh $<TARGET_FILE:lobimport> ${PROJECT_SOURCE_DIR})

# lobsim_lobreport in process: the history and its page in the store's order
# of workloads.
lobsim_test(test_lobreport SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_lobreport.c
  LIBS lobsim_lobreport lobsim_results)
