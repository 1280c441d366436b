# The results store's test program.
find_package(Threads REQUIRED)
lobsim_test(test_results
  SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_results.c
  LIBS lobsim_results Threads::Threads)
target_compile_definitions(test_results PRIVATE LOBSIM_REFERENCE_CSV="${LOBSIM_REFERENCE_CSV}")
