# Model tests: one program per component, plus calibration against the reference.
lobsim_test(test_lobspace SOURCES test_lobspace.c LIBS lobsim_lobspace)
lobsim_test(test_undo SOURCES test_undo.c LIBS lobsim_undo)
lobsim_test(test_dispenser SOURCES test_dispenser.c LIBS lobsim_dispenser)
lobsim_test(test_gcache SOURCES test_gcache.c LIBS lobsim_gcache)
lobsim_test(test_writer SOURCES test_writer.c LIBS lobsim_writer)
lobsim_test(test_insert SOURCES test_insert.c LIBS lobsim_workload)
lobsim_test(test_calibration SOURCES test_calibration.c LIBS lobsim_workload)
target_compile_definitions(test_calibration PRIVATE
  LOBSIM_REFERENCE_CSV="${LOBSIM_REFERENCE_CSV}")
lobsim_test(test_workloads SOURCES test_workloads.c LIBS lobsim_workload)
lobsim_test(test_heapspace SOURCES test_heapspace.c LIBS lobsim_heapspace)
lobsim_test(test_heap_calibration SOURCES test_heap_calibration.c LIBS lobsim_workload)
lobsim_test(test_rac SOURCES test_rac.c LIBS lobsim_workload m)
