# The C wrapper over Google Benchmark (gbc/gbc.h), tested on its own.
lobsim_test(test_gbc SOURCES test_gbc.c json_util.c LIBS lobsim_gbc m)
# lobbench's options, its sweep's cases and its report: every statistic of the
# catalogue once, the heap CSV's parts.
lobsim_test(test_bench SOURCES test_bench.c LIBS lobsim_benchmarks lobsim_rac_sim)
