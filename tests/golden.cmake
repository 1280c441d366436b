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
# The other two interconnects (docs/rac.md, "The interconnects") at 60 users,
# and the full scan with the dictionary cache warm (docs/heap.md).
add_test(NAME golden_rac_links
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/golden.sh $<TARGET_FILE:lobbench>
                 ${CMAKE_CURRENT_SOURCE_DIR}/golden/rac_links_stats.csv
                 --workload=rac --block-size=8k,4k --param=rac.interconnect=1,2)
set_tests_properties(golden_rac_links PROPERTIES ENVIRONMENT GOLDEN_OPTION=--awr-out)
add_test(NAME golden_heap_warm
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/golden.sh $<TARGET_FILE:lobbench>
                 ${CMAKE_CURRENT_SOURCE_DIR}/golden/heap_warm_stats.csv
                 --workload=fts --block-size=8k,32k --param=heap.dict_cache=warm)
# lobbench's console tables, by value (tests/golden_tables.sh): the LOB
# table with its ratios, the heap tables, the AWR table with its changes.
add_test(NAME golden_tables_lob
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/golden_tables.sh $<TARGET_FILE:lobbench>
                 ${CMAKE_CURRENT_SOURCE_DIR}/golden/tables_lob.txt
                 --sizes=2k,32k,1m --rows=100 --path=both --block-size=8k)
add_test(NAME golden_tables_heap
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/golden_tables.sh $<TARGET_FILE:lobbench>
                 ${CMAKE_CURRENT_SOURCE_DIR}/golden/tables_heap.txt
                 --workload=heap --rows=100000 --block-size=8k,32k)
add_test(NAME golden_tables_rac
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/golden_tables.sh $<TARGET_FILE:lobbench>
                 ${CMAKE_CURRENT_SOURCE_DIR}/golden/tables_rac.txt
                 --workload=rac --block-size=8k,4k --param=rac.transactions=2000
                 --param=rac.warmup=200)
# The AWR table of a sweep over seeds: each figure's mean and its change
# per seed, lined up.
add_test(NAME golden_tables_rac_seeds
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/golden_tables.sh $<TARGET_FILE:lobbench>
                 ${CMAKE_CURRENT_SOURCE_DIR}/golden/tables_rac_seeds.txt
                 --workload=rac --block-size=8k,4k --seeds=1,2 --param=rac.transactions=500
                 --param=rac.warmup=50)
# The rac experiment's table as docs/rac.md shows it: 100,000 rows at 8k and 4k.
add_test(NAME golden_heap_rac
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/golden.sh $<TARGET_FILE:lobbench>
                 ${CMAKE_CURRENT_SOURCE_DIR}/golden/heap_rac_stats.csv
                 --workload=ctas --rows=100000 --block-size=8k,4k)
