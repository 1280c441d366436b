# lobbench end to end: bad input, a smoke run of every benchmark, JSON = CSV.
add_test(NAME lobbench_cli COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/lobbench_cli.sh $<TARGET_FILE:lobbench>)
# --script with --plot: the segment through the steps, the CSV's figures.
add_test(NAME lobbench_plot_script COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/plot_script.py
  $<TARGET_FILE:lobbench> ${PROJECT_SOURCE_DIR}/scenarios)
# Every family's --plot: >= 3 value ticks and a unit on each panel, lines
# with equal values told apart by their marks (issue 33, item 7).
add_test(NAME lobbench_plot_axes COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/plot_axes.py
  $<TARGET_FILE:lobbench> $<TARGET_FILE:lobdiff> ${PROJECT_SOURCE_DIR}/scenarios)
# --profile-out's folded stacks: flamegraph.pl's format, each statistic
# under its layer, the counts summing to --stats-out (tests/profile_folded.py).
add_test(NAME profile_folded COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/profile_folded.py
                                     $<TARGET_FILE:lobbench>)
# The folded stacks drawn by flamegraph.pl (Devel::NYTProf's), every count
# read as written, and rendered by rsvg-convert (tests/profile_flamegraph.sh);
# the picture is kept in the build directory (flamegraph-test/).
add_test(NAME profile_flamegraph COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/profile_flamegraph.sh
                                         $<TARGET_FILE:lobbench> ${CMAKE_BINARY_DIR}/flamegraph-test)
# --snapshot-every: the insert interval by interval, adding up to the run
# (tests/snapshots.py).
add_test(NAME snapshots COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/snapshots.py
                                $<TARGET_FILE:lobbench>)
# rac --explain: each cluster figure by the parts the model counts apart,
# adding up exactly, each part checked against another count
# (tests/rac_explain.py).
add_test(NAME rac_explain COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/rac_explain.py
                                  $<TARGET_FILE:lobbench>)
