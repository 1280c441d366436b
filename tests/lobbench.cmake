# lobbench end to end: bad input, a smoke run of every benchmark, JSON = CSV.
add_test(NAME lobbench_cli COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/lobbench_cli.sh $<TARGET_FILE:lobbench>)
