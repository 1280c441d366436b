# The script parser and evaluator (script/), its malformed scripts
# (tests/scripts_bad/, one list in expected.txt) and the scenarios.
lobsim_test(test_script SOURCES test_script.c LIBS lobsim_script)
target_compile_definitions(test_script PRIVATE
  LOBSIM_SCRIPTS_BAD="${CMAKE_CURRENT_SOURCE_DIR}/scripts_bad"
  LOBSIM_SCRIPTS_ORA="${CMAKE_CURRENT_SOURCE_DIR}/scripts_ora"
  LOBSIM_SCENARIOS="${PROJECT_SOURCE_DIR}/scenarios")

# The LOB-space test scripts others published, each run as its author wrote it
# and checked against the outcome recorded in tests/published/expected.txt
# (tests/published.sh, issue 41).
add_test(NAME published_scripts
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/published.sh $<TARGET_FILE:lobbench>
          ${CMAKE_CURRENT_SOURCE_DIR}/published)
set_tests_properties(published_scripts PROPERTIES TIMEOUT 900)

# The seed's local and remote inserts written as scripts (issue 40)
# against the calibrated paths: equal where the two run the same code, the
# known differences bounded and said (tests/script_vs_calibrated.py).
add_test(NAME script_vs_calibrated
  COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/script_vs_calibrated.py $<TARGET_FILE:lobbench>
          ${PROJECT_SOURCE_DIR}/scenarios/seed_insert_local.sql
          ${PROJECT_SOURCE_DIR}/scenarios/seed_insert_dblink.sql)

# tools/scenario-diff: what a change moved in the shipped scenarios.
add_test(NAME scenario_diff
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/scenario_diff.sh $<TARGET_FILE:lobbench> ${PROJECT_SOURCE_DIR})
