# The documentation against the tree (tests/docs.sh): every top-level folder,
# program and workload named, every path named there existing, the README's
# graph of who calls whom equal to the build's, the README a front page.
add_test(NAME docs COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/docs.sh ${PROJECT_SOURCE_DIR})
# The columns scripts/oracle/*.sql read from Oracle's views against the
# columns Oracle Database Reference documents (tests/oracle_views.txt).
add_test(NAME sql_columns COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/sql_columns.py ${PROJECT_SOURCE_DIR})
# No two files of a component call each other, directly or round a circle
# (tests/calls.py, from the built objects' symbols).
add_test(NAME calls COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/calls.py ${PROJECT_BINARY_DIR})

# docs/lifecycle.md's model-against-published table is the one
# scripts/lifecycle-table prints now (tests/lifecycle_table.sh).
add_test(NAME lifecycle_table
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/lifecycle_table.sh $<TARGET_FILE:lobbench>
          ${PROJECT_SOURCE_DIR})

# Every command docs/ shows, run in a scratch folder of its page, printing
# what the page shows (tests/doc_commands.py): drift in a page fails.  Not
# in the sanitizer build: it checks the pages, not memory, and its fits
# would take many times their minutes there (make asan runs every other
# test of the same programs).
if(NOT LOBSIM_SANITIZE)
  add_test(NAME doc_commands
    COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/doc_commands.py ${PROJECT_SOURCE_DIR}
            ${PROJECT_BINARY_DIR})
  set_tests_properties(doc_commands PROPERTIES TIMEOUT 1800)
  # The pages whose commands take minutes (doc_commands.py's LONG): make
  # test-long and CI.
  add_test(NAME doc_commands_long
    COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/doc_commands.py ${PROJECT_SOURCE_DIR}
            ${PROJECT_BINARY_DIR} --long)
  set_tests_properties(doc_commands_long PROPERTIES TIMEOUT 3600)
endif()
