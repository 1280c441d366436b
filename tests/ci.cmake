# The pull-request loop (README, "Pull requests on GitHub"): the comment
# logic against a stand-in for the GitHub API on 127.0.0.1, started and
# stopped by the test itself.
add_test(NAME pr_comment
  COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/test_pr_comment.py ${PROJECT_SOURCE_DIR})
set_tests_properties(pr_comment PROPERTIES TIMEOUT 300)
