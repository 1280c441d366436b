# The pull-request loop (README, "Pull requests on GitHub"): the comment
# logic against a stand-in for the GitHub API on 127.0.0.1, started and
# stopped by the test itself.
add_test(NAME pr_comment
  COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/test_pr_comment.py ${PROJECT_SOURCE_DIR})
set_tests_properties(pr_comment PROPERTIES TIMEOUT 300)

# Every workflow in .github/workflows, by the validator from npm (tools/ci).
add_test(NAME workflows_valid
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/validate_workflows.sh ${PROJECT_SOURCE_DIR})
set_tests_properties(workflows_valid PROPERTIES TIMEOUT 300)
