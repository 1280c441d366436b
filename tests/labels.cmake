# The tests of each component, as ctest labels: `ctest -L '^heapspace$'`
# runs what tests the heap model.  tools/mutate (make mutate) runs a
# mutant's component's tests first and the rest only when they all pass, so
# a label names the tests most likely to catch a change there, not all that
# would.  A test may carry several labels.  `slow' marks the tests that
# check no figure the mutants change (the fuzzers' and valgrind's memory
# checks; scripts/pr-diff's test, which builds clones of the committed tree
# and never sees an uncommitted change): tools/mutate leaves them out unless
# --full.  `long' marks the tests `make test` leaves to `make test-long`
# (scripts/pr-diff's test: two clones of the tree built and run; the doc
# pages whose commands take minutes); `make asan` and CI run them too.
set(lobsim_labels
  "sim: test_sim test_script test_undo test_lobspace test_workloads test_bench test_heapspace golden"
  "undo: test_undo test_life test_dispenser test_writer test_insert test_calibration golden script_vs_calibrated"
  "lobspace: test_lobspace test_space test_layout test_shrink test_pool test_life_space test_life test_dispenser test_writer test_insert test_calibration golden script_vs_calibrated"
  "dispenser: test_dispenser test_writer test_insert test_calibration golden script_vs_calibrated"
  "script: test_script test_plsql test_plsql_units test_sql_functions test_life test_life_exec test_queries bad_input_script published_scripts script_vs_calibrated"
  "life_sim: test_life test_life_exec test_life_alike test_life_space test_plsql test_plsql_units test_sql_functions test_queries test_sessions bad_input_script lifecycle_table lobbench_plot_script published_scripts script_vs_calibrated scenario_diff"
  "gcache: test_gcache test_rac test_rac_time test_rac_window golden_rac golden_rac_links golden"
  "case: test_workloads test_insert test_calibration test_rac golden golden_heap golden_rac"
  "dblink_sim: test_writer test_insert test_calibration test_workloads golden script_vs_calibrated"
  "heapspace: test_heapspace test_grow test_heap_calibration test_heap_formats test_heap_views golden_heap golden_heap_rac"
  "heap_sim: test_heap_calibration test_heap_formats test_heap_views test_workloads golden_heap golden_heap_warm golden_heap_rac"
  "rac_sim: test_rac test_rac_time test_rac_window test_sim test_bench golden_rac golden_rac_links rac_explain golden_tables_rac"
  "workload: test_workloads test_heap_calibration test_rac golden golden_heap golden_rac"
  "results: test_results test_reference_csv test_heap_views test_lobdiff import_snapper import_awrhist"
  "import: test_import test_import_awr import_awr import_roundtrip bad_input_lobimport import_snapper import_awrhist"
  "fit: test_fit lobfit_cli bad_input_lobfit"
  "lobdiff: test_lobdiff_lib test_lobdiff import_snapper import_awrhist"
  "plot: test_plot test_lobreport lobbench_plot_script lobbench_plot_axes"
  "lobreport: test_lobreport lobreport_page"
  "benchmarks: test_bench profile_folded profile_flamegraph rac_explain snapshots golden_tables_lob golden_tables_heap golden_tables_rac golden_tables_rac_seeds lobbench_cli lobbench_plot_script lobbench_plot_axes golden golden_heap golden_rac"
  "pr-comment: pr_comment"
  "slow: fuzz valgrind_lobbench valgrind_setup valgrind_lobbench_record valgrind_lobdiff lobdiff_pr_diff doc_commands_long"
  "long: lobdiff_pr_diff doc_commands_long")
foreach(entry IN LISTS lobsim_labels)
  string(REGEX MATCH "^([^:]+): (.*)$" _ "${entry}")
  set(label ${CMAKE_MATCH_1})
  string(REPLACE " " ";" tests "${CMAKE_MATCH_2}")
  foreach(t IN LISTS tests)
    if(TEST ${t})
      set_property(TEST ${t} APPEND PROPERTY LABELS ${label})
    endif()
  endforeach()
endforeach()
