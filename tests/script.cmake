# The script parser and evaluator (script/), its malformed scripts
# (tests/scripts_bad/, one list in expected.txt) and the scenarios.
lobsim_test(test_script SOURCES test_script.c LIBS lobsim_script)
target_compile_definitions(test_script PRIVATE
  LOBSIM_SCRIPTS_BAD="${CMAKE_CURRENT_SOURCE_DIR}/scripts_bad"
  LOBSIM_SCRIPTS_ORA="${CMAKE_CURRENT_SOURCE_DIR}/scripts_ora"
  LOBSIM_SCENARIOS="${PROJECT_SOURCE_DIR}/scenarios")
