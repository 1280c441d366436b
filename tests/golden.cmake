# Every figure of every workload against the golden file (tests/golden.sh).
add_test(NAME golden
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/golden.sh $<TARGET_FILE:lobbench>
                 ${CMAKE_CURRENT_SOURCE_DIR}/golden/lobbench_stats.csv)
# The heap queries and the cluster, as docs/heap.md and docs/rac.md show them.
add_test(NAME golden_heap
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/golden.sh $<TARGET_FILE:lobbench>
                 ${CMAKE_CURRENT_SOURCE_DIR}/golden/heap_stats.csv
                 --workload=heap --block-size=8k,16k,32k)
add_test(NAME golden_rac
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/golden.sh $<TARGET_FILE:lobbench>
                 ${CMAKE_CURRENT_SOURCE_DIR}/golden/rac_stats.csv
                 --workload=rac --block-size=8k,4k --param=rac.users=40,60,80)
# The cluster's AWR report, bit for bit.
set_tests_properties(golden_rac PROPERTIES ENVIRONMENT GOLDEN_OPTION=--awr-out)
