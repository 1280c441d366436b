# cmake --install into a temporary prefix: the programs in bin/ with their
# --version, a man page each in share/man/man1, the reference in
# share/lobsim, the user's store outside a source tree (tests/install.sh).
add_test(NAME install
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/install.sh ${PROJECT_BINARY_DIR} ${PROJECT_SOURCE_DIR}
          ${PROJECT_VERSION} lobbench lobdiff lobimport lobfit lobreport modelbench)
