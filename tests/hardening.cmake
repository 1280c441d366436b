# Hardening, tried on purpose in every `make test` (README, "Reliability"):
# bad input, injected faults, interruption, concurrency, fuzzing, valgrind.
find_package(Threads REQUIRED)

# Every allocation of the model, every write, sync, lock and allocation of
# SQLite under the results store, failed in turn.
lobsim_test(test_faults
  SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_faults.c ${CMAKE_CURRENT_SOURCE_DIR}/vfs_shim.c
  LIBS lobsim_results lobsim_workload Threads::Threads)
target_compile_definitions(test_faults PRIVATE LOBSIM_REFERENCE_CSV="${LOBSIM_REFERENCE_CSV}")
set_tests_properties(test_faults PROPERTIES TIMEOUT 600)

# Over a hundred wrong invocations of lobbench, lobdiff, lobreport and scripts/pr-diff.
# The scripts are always given every tool they use: one that is missing
# fails the test, naming it.
add_test(NAME bad_input
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/bad_input.sh $<TARGET_FILE:lobbench>
          $<TARGET_FILE:lobdiff> ${PROJECT_SOURCE_DIR} $<TARGET_FILE:lobimport>
          $<TARGET_FILE:lobreport> $<TARGET_FILE:lobfit>)
set_tests_properties(bad_input PROPERTIES TIMEOUT 600)

# lobbench killed with SIGINT and SIGKILL: the self-killing preload puts the
# kills inside the store's writes.
add_library(hardening_kill MODULE ${CMAKE_CURRENT_SOURCE_DIR}/hardening_kill.c)
target_link_libraries(hardening_kill PRIVATE ${CMAKE_DL_LIBS})
add_test(NAME interrupt
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/interrupt.sh $<TARGET_FILE:lobbench>
          $<TARGET_FILE:hardening_kill>)
set_tests_properties(interrupt PROPERTIES TIMEOUT 600)

# Four writers and a reader on one store.
add_test(NAME concurrency
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/concurrency.sh $<TARGET_FILE:lobbench>
          $<TARGET_FILE:lobdiff>)
set_tests_properties(concurrency PROPERTIES TIMEOUT 600)

# The sanitizer build runs the above under ASan/UBSan; the fuzzers and
# valgrind need (and bring) instrumentation of their own.
if(NOT LOBSIM_SANITIZE AND NOT LOBSIM_FUZZ)
  # The libFuzzer targets, built with clang in their own directory (Debug:
  # the sanitizers check as much, and it builds in half the time), each
  # replaying its seeds and what earlier runs found, then fuzzing for 1 s;
  # `make fuzz` runs them for minutes, optimized.  Without clang the test
  # fails.  Started early (COST) beside lobdiff_pr_diff: building is long.
  add_test(NAME fuzz
    COMMAND ${CMAKE_COMMAND} -E env FUZZ_BUILD_TYPE=Debug
            bash ${PROJECT_SOURCE_DIR}/fuzz/run.sh 1 ${CMAKE_BINARY_DIR}/fuzz-build)
  set_tests_properties(fuzz PROPERTIES TIMEOUT 1200 COST 500)

  # lobbench's default sweep, and a recorded run, under memcheck: no error,
  # no leak.  Without valgrind these tests are still there, and fail.
  find_program(LOBSIM_VALGRIND valgrind)
  if(NOT LOBSIM_VALGRIND)
    foreach(t valgrind_lobbench valgrind_lobbench_record valgrind_lobdiff)
      add_test(NAME ${t} COMMAND sh -c
        "echo 'FAIL: valgrind is not installed (scripts/install-deps installs it)'; exit 1")
    endforeach()
  else()
    set(lobsim_vg ${LOBSIM_VALGRIND} --quiet --leak-check=full --error-exitcode=1
        --errors-for-leak-kinds=definite,indirect,possible --soname-synonyms=somalloc=libjemalloc.so*)
    add_test(NAME valgrind_lobbench
      COMMAND ${lobsim_vg} $<TARGET_FILE:lobbench> --no-db --quiet --benchmark_min_time=1x)
    add_test(NAME valgrind_setup
      COMMAND ${CMAKE_COMMAND} -E rm -f valgrind.db valgrind.db-wal valgrind.db-shm valgrind.csv)
    set_tests_properties(valgrind_setup PROPERTIES FIXTURES_SETUP valgrind_db)
    add_test(NAME valgrind_lobbench_record
      COMMAND ${lobsim_vg} $<TARGET_FILE:lobbench> --db=valgrind.db --quiet --sizes=2k,256k
              --path=both --benchmark_min_time=1x --stats-out=valgrind.csv)
    set_tests_properties(valgrind_lobbench_record PROPERTIES FIXTURES_SETUP valgrind_db2
      FIXTURES_REQUIRED valgrind_db)
    add_test(NAME valgrind_lobdiff
      COMMAND ${lobsim_vg} $<TARGET_FILE:lobdiff> --db=valgrind.db --all reference latest)
    # lobdiff exits 1 here (the model's figures differ from Oracle's), so the
    # verdict is the output's: the report, and no word from valgrind.
    set_tests_properties(valgrind_lobdiff PROPERTIES FIXTURES_REQUIRED "valgrind_db;valgrind_db2"
      PASS_REGULAR_EXPRESSION "securefile allocation chunks")
    set_tests_properties(valgrind_lobbench valgrind_lobbench_record PROPERTIES TIMEOUT 900)
    get_property(lobsim_vg_tests DIRECTORY PROPERTY TESTS)
    list(FILTER lobsim_vg_tests INCLUDE REGEX "^valgrind_lob")
    set_tests_properties(${lobsim_vg_tests} PROPERTIES FAIL_REGULAR_EXPRESSION "==[0-9]+== ")
  endif()
endif()

# The files the programs read and write, tried as a hostile user would:
# lobbench's --param-file, the store lobreport draws, output targets that
# are pipes, devices, directories or links (tests/bad_input_files.sh).
add_test(NAME bad_input_files
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/bad_input_files.sh $<TARGET_FILE:lobbench>
          $<TARGET_FILE:lobdiff> $<TARGET_FILE:lobreport>)
set_tests_properties(bad_input_files PROPERTIES TIMEOUT 600)

# lobimport and lobfit tried as a hostile user would, a list each
# (tests/bad_input_lobimport.sh, tests/bad_input_lobfit.sh; their rule in
# tests/hostile.sh).
add_test(NAME bad_input_lobimport
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/bad_input_lobimport.sh $<TARGET_FILE:lobimport>)
set_tests_properties(bad_input_lobimport PROPERTIES TIMEOUT 600)
add_test(NAME bad_input_lobfit
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/bad_input_lobfit.sh $<TARGET_FILE:lobfit>
          $<TARGET_FILE:lobbench> $<TARGET_FILE:lobimport>)
set_tests_properties(bad_input_lobfit PROPERTIES TIMEOUT 600)

# lobbench --script given malformed scripts (tests/scripts_bad/, each with
# its one line in expected.txt), a 10 MB line and options a script run does
# not take: exit 2, one line, the store unchanged (tests/bad_input_script.sh).
add_test(NAME bad_input_script
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/bad_input_script.sh $<TARGET_FILE:lobbench>
          ${CMAKE_CURRENT_SOURCE_DIR}/scripts_bad ${PROJECT_SOURCE_DIR}/scenarios)
set_tests_properties(bad_input_script PROPERTIES TIMEOUT 600)
