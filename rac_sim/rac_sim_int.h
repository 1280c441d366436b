/* rac_sim_int.h -- what the files of rac_sim share. */
#ifndef LOBSIM_RAC_SIM_INT_H
#define LOBSIM_RAC_SIM_INT_H

#include "heap_sim.h"
#include "rac_sim.h"

/* The time model (time.c): each instance's counts into the elapsed time and
 * the wait class times of the run, written into *time. */
void rac_time(const case_t *c, const sim_stats_t inst[2], sim_stats_t *time);

#endif /* LOBSIM_RAC_SIM_INT_H */
