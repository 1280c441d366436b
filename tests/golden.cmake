# Every figure of every workload against the golden file (tests/golden.sh).
add_test(NAME golden
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/golden.sh $<TARGET_FILE:lobbench>
                 ${CMAKE_CURRENT_SOURCE_DIR}/golden/lobbench_stats.csv)
