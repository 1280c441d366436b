/*
 * ctas.c -- the ctas workload: create table ... as select by direct path,
 * then its primary key, the index on x and the bitmap index on n, with the
 * figures user_tables and user_indexes show after gathering statistics.
 */
#include "heap_sim_int.h"

sim_err_t heap_ctas(const case_t *c, case_result_t *out)
{
    hs_table_t *t;
    sim_err_t rc = heap_table(c, &t);
    if (rc != SIM_OK)
        return rc;
    sim_stats_t *st = &out->part[CASE_PART_HEAP];
    hs_table_stats_t ts;
    hs_table_stats(t, &ts);
    sim_stat_add(st, SIM_STAT_TAB_NUM_ROWS, ts.num_rows);
    sim_stat_add(st, SIM_STAT_TAB_BLOCKS, ts.blocks);
    sim_stat_add(st, SIM_STAT_TAB_AVG_ROW_LEN, ts.avg_row_len);
    static const struct {
        sim_err_t (*build)(const hs_table_t *, hs_index_stats_t *);
        sim_stat_t num_rows, blevel, leaf_blocks;
    } ix[] = {
        {hs_index_pk, SIM_STAT_PK_NUM_ROWS, SIM_STAT_PK_BLEVEL, SIM_STAT_PK_LEAF_BLOCKS},
        {hs_index_x_levels, SIM_STAT_ID_NUM_ROWS, SIM_STAT_ID_BLEVEL, SIM_STAT_ID_LEAF_BLOCKS},
        {hs_index_bitmap_n, SIM_STAT_BI_NUM_ROWS, SIM_STAT_BI_BLEVEL, SIM_STAT_BI_LEAF_BLOCKS},
    };
    for (size_t i = 0; i < sizeof ix / sizeof ix[0] && rc == SIM_OK; i++) {
        hs_index_stats_t s;
        rc = ix[i].build(t, &s);
        if (rc != SIM_OK)
            break;
        sim_stat_add(st, ix[i].num_rows, s.num_rows);
        sim_stat_add(st, ix[i].blevel, s.blevel);
        sim_stat_add(st, ix[i].leaf_blocks, s.leaf_blocks);
    }
    hs_table_destroy(t);
    return rc;
}
