# The pull-request loop (README, "Pull requests on GitHub"): the comment
# logic against a stand-in for the GitHub API on 127.0.0.1, started and
# stopped by the test itself.
add_test(NAME pr_comment
  COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/test_pr_comment.py ${PROJECT_SOURCE_DIR})
set_tests_properties(pr_comment PROPERTIES TIMEOUT 300)

# scripts/pr-times, pr-diff's comparison of interleaved rounds, on rounds
# made up as Google Benchmark's JSON.
add_test(NAME pr_times
  COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/test_pr_times.py ${PROJECT_SOURCE_DIR})
set_tests_properties(pr_times PROPERTIES TIMEOUT 300)

# Every workflow in .github/workflows, by the validator from npm (tools/ci).
add_test(NAME workflows_valid
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/validate_workflows.sh ${PROJECT_SOURCE_DIR})
set_tests_properties(workflows_valid PROPERTIES TIMEOUT 300)

# build/lobreport's page of a store with every family and Oracle's runs,
# rendered by headless Chromium: the charts, labels and steps there, the DOM
# checked (tests/lobreport_dom.js), no console message; the page, its DOM
# check and its screenshot are kept in
# the build directory (lobreport-test/site/index.html, lobreport-test/index.png).
add_test(NAME lobreport_page
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/lobreport_page.sh $<TARGET_FILE:lobbench>
          $<TARGET_FILE:lobimport> $<TARGET_FILE:lobreport> ${CMAKE_BINARY_DIR}/lobreport-test)
set_tests_properties(lobreport_page PROPERTIES TIMEOUT 600)

# The layout's habits: a folder a component, one name and prefix each,
# unique include guards, no reaching into another component, formatting.
add_test(NAME layout
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/layout.sh ${PROJECT_SOURCE_DIR} ${PROJECT_BINARY_DIR})

# scripts/pr-comment, pr-times and pr-diff given a hostile environment,
# hostile arguments, broken files and an API that answers what it never
# documents: each refused with one line and its documented status, nothing
# written (tests/bad_input_pr.py).
add_test(NAME bad_input_pr
  COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/bad_input_pr.py ${PROJECT_SOURCE_DIR})
set_tests_properties(bad_input_pr PROPERTIES TIMEOUT 300)

# Properties of scripts/pr-comment over the API's answers and the
# environment, made up by hypothesis (Debian's python3-hypothesis, so
# Debian's interpreter: another python3 first on PATH lacks it).  Without
# either the test is there and fails, naming what is missing.
find_program(LOBSIM_DEBIAN_PYTHON3 python3 PATHS /usr/bin NO_DEFAULT_PATH)
if(LOBSIM_DEBIAN_PYTHON3)
  add_test(NAME pr_comment_props
    COMMAND ${LOBSIM_DEBIAN_PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/test_pr_comment_props.py
            ${PROJECT_SOURCE_DIR})
else()
  add_test(NAME pr_comment_props COMMAND sh -c
    "echo 'FAIL: /usr/bin/python3 is missing (scripts/install-deps installs python3)'; exit 1")
endif()
set_tests_properties(pr_comment_props PROPERTIES TIMEOUT 300)
