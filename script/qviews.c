/*
 * qviews.c -- the dictionary views a query may read (query.c) and their
 * columns: which the model fills (life_sim/views.c fills the rows), with
 * Oracle's widths, and which it does not have.  The views' columns and
 * widths are Oracle Database Reference 19c's (USER_SEGMENTS, DBA_SEGMENTS,
 * USER_EXTENTS, DBA_EXTENTS, USER_LOBS, DBA_LOBS, ALL_LOB_PARTITIONS,
 * DBA_TABLESPACES, ALL_TABLES, V$MYSTAT, V$STATNAME, V$SECUREFILE_SHRINK).
 */
#include <string.h>

#include "script_int.h"

static const scr_vcol_t segments[] = {
    {"OWNER", 0, 128, 1, 1},          {"SEGMENT_NAME", 0, 128, 1, 0},
    {"PARTITION_NAME", 0, 128, 1, 0}, {"SEGMENT_TYPE", 0, 18, 1, 0},
    {"SEGMENT_SUBTYPE", 0, 10, 1, 0}, {"TABLESPACE_NAME", 0, 30, 1, 0},
    {"HEADER_FILE", 1, 10, 0, 1},     {"HEADER_BLOCK", 1, 10, 0, 1},
    {"BYTES", 1, 10, 1, 0},           {"BLOCKS", 1, 10, 1, 0},
    {"EXTENTS", 1, 10, 1, 0},         {"INITIAL_EXTENT", 1, 10, 0, 0},
    {"NEXT_EXTENT", 1, 10, 0, 0},     {"MIN_EXTENTS", 1, 10, 0, 0},
    {"MAX_EXTENTS", 1, 10, 0, 0},     {"MAX_SIZE", 1, 10, 0, 0},
    {"RETENTION", 0, 7, 0, 0},        {"MINRETENTION", 1, 10, 0, 0},
    {"PCT_INCREASE", 1, 10, 0, 0},    {"FREELISTS", 1, 10, 0, 0},
    {"FREELIST_GROUPS", 1, 10, 0, 0}, {"RELATIVE_FNO", 1, 10, 0, 1},
    {"BUFFER_POOL", 0, 7, 0, 0},
};
static const scr_vcol_t extents[] = {
    {"OWNER", 0, 128, 1, 1},          {"SEGMENT_NAME", 0, 128, 1, 0},
    {"PARTITION_NAME", 0, 128, 1, 0}, {"SEGMENT_TYPE", 0, 18, 1, 0},
    {"TABLESPACE_NAME", 0, 30, 1, 0}, {"EXTENT_ID", 1, 10, 1, 0},
    {"FILE_ID", 1, 10, 0, 1},         {"BLOCK_ID", 1, 10, 0, 1},
    {"BYTES", 1, 10, 1, 0},           {"BLOCKS", 1, 10, 1, 0},
    {"RELATIVE_FNO", 1, 10, 0, 1},
};
static const scr_vcol_t lobs[] = {
    {"OWNER", 0, 128, 1, 1},          {"TABLE_NAME", 0, 128, 1, 0},
    {"COLUMN_NAME", 0, 4000, 1, 0},   {"SEGMENT_NAME", 0, 128, 1, 0},
    {"TABLESPACE_NAME", 0, 30, 1, 0}, {"INDEX_NAME", 0, 128, 1, 0},
    {"CHUNK", 1, 10, 1, 0},           {"PCTVERSION", 1, 10, 1, 0},
    {"RETENTION", 1, 10, 0, 0},       {"FREEPOOLS", 1, 10, 0, 0},
    {"CACHE", 0, 10, 1, 0},           {"LOGGING", 0, 7, 1, 0},
    {"ENCRYPT", 0, 4, 0, 0},          {"COMPRESSION", 0, 6, 1, 0},
    {"DEDUPLICATION", 0, 15, 1, 0},   {"IN_ROW", 0, 3, 1, 0},
    {"FORMAT", 0, 15, 0, 0},          {"PARTITIONED", 0, 3, 1, 0},
    {"SECUREFILE", 0, 3, 1, 0},       {"SEGMENT_CREATED", 0, 3, 1, 0},
    {"RETENTION_TYPE", 0, 7, 0, 0},   {"RETENTION_VALUE", 1, 10, 0, 0},
};

/* USER_LOB_PARTITIONS, DBA_LOB_PARTITIONS (Oracle Database Reference
 * 19c, ALL_LOB_PARTITIONS). */
static const scr_vcol_t lob_parts[] = {
    {"TABLE_OWNER", 0, 128, 0, 1},
    {"TABLE_NAME", 0, 128, 1, 0},
    {"COLUMN_NAME", 0, 4000, 1, 0},
    {"LOB_NAME", 0, 128, 1, 0},
    {"PARTITION_NAME", 0, 128, 1, 0},
    {"LOB_PARTITION_NAME", 0, 128, 1, 0},
    {"LOB_INDPART_NAME", 0, 128, 0, 0},
    {"PARTITION_POSITION", 1, 10, 1, 0},
    {"COMPOSITE", 0, 3, 1, 0},
    {"CHUNK", 1, 10, 1, 0},
    {"PCTVERSION", 1, 10, 1, 0},
    {"CACHE", 0, 10, 1, 0},
    {"IN_ROW", 0, 3, 1, 0},
    {"TABLESPACE_NAME", 0, 30, 1, 0},
    {"INITIAL_EXTENT", 0, 40, 0, 0},
    {"NEXT_EXTENT", 0, 40, 0, 0},
    {"MIN_EXTENTS", 0, 40, 0, 0},
    {"MAX_EXTENTS", 0, 40, 0, 0},
    {"MAX_SIZE", 0, 40, 0, 0},
    {"RETENTION", 0, 7, 0, 0},
    {"MINRETENTION", 0, 40, 0, 0},
    {"PCT_INCREASE", 0, 40, 0, 0},
    {"FREELISTS", 0, 40, 0, 0},
    {"FREELIST_GROUPS", 0, 40, 0, 0},
    {"LOGGING", 0, 7, 1, 0},
    {"BUFFER_POOL", 0, 7, 0, 0},
    {"FLASH_CACHE", 0, 7, 0, 0},
    {"CELL_FLASH_CACHE", 0, 7, 0, 0},
    {"ENCRYPT", 0, 3, 0, 0},
    {"COMPRESSION", 0, 6, 1, 0},
    {"DEDUPLICATION", 0, 15, 1, 0},
    {"SECUREFILE", 0, 3, 1, 0},
    {"SEGMENT_CREATED", 0, 3, 1, 0},
};

/* v$mystat joined to v$statname: the columns of both a query names. */
/* DBA_TABLESPACES (and USER_TABLESPACES: the same columns) */
static const scr_vcol_t tablespaces[] = {
    {"TABLESPACE_NAME", 0, 30, 1, 0},
    {"BLOCK_SIZE", 1, 10, 1, 0},
    {"INITIAL_EXTENT", 1, 10, 1, 0},
    {"NEXT_EXTENT", 1, 10, 1, 0},
    {"MIN_EXTENTS", 1, 10, 0, 0},
    {"MAX_EXTENTS", 1, 10, 0, 0},
    {"MAX_SIZE", 1, 10, 0, 0},
    {"PCT_INCREASE", 1, 10, 0, 0},
    {"MIN_EXTLEN", 1, 10, 0, 0},
    {"STATUS", 0, 9, 1, 0},
    {"CONTENTS", 0, 21, 1, 0},
    {"LOGGING", 0, 9, 0, 0},
    {"FORCE_LOGGING", 0, 3, 0, 0},
    {"EXTENT_MANAGEMENT", 0, 10, 1, 0},
    {"ALLOCATION_TYPE", 0, 9, 1, 0},
    {"PLUGGED_IN", 0, 3, 0, 1},
    {"SEGMENT_SPACE_MANAGEMENT", 0, 6, 1, 0},
    {"DEF_TAB_COMPRESSION", 0, 8, 0, 0},
    {"RETENTION", 0, 11, 0, 0},
    {"BIGFILE", 0, 3, 1, 0},
};
/* USER_TABLES, DBA_TABLES, ALL_TABLES (Oracle Database Reference 19c,
 * ALL_TABLES): their leading columns and the ones the model answers; the
 * statistics (NUM_ROWS, BLOCKS, ..., LAST_ANALYZED) are DBMS_STATS's,
 * which the model does not gather. */
static const scr_vcol_t tables[] = {
    {"OWNER", 0, 128, 1, 1},
    {"TABLE_NAME", 0, 128, 1, 0},
    {"TABLESPACE_NAME", 0, 30, 1, 0},
    {"CLUSTER_NAME", 0, 128, 0, 0},
    {"IOT_NAME", 0, 128, 0, 0},
    {"STATUS", 0, 8, 1, 0},
    {"PCT_FREE", 1, 10, 0, 0},
    {"PCT_USED", 1, 10, 0, 0},
    {"INI_TRANS", 1, 10, 0, 0},
    {"MAX_TRANS", 1, 10, 0, 0},
    {"INITIAL_EXTENT", 1, 10, 0, 0},
    {"NEXT_EXTENT", 1, 10, 0, 0},
    {"MIN_EXTENTS", 1, 10, 0, 0},
    {"MAX_EXTENTS", 1, 10, 0, 0},
    {"PCT_INCREASE", 1, 10, 0, 0},
    {"FREELISTS", 1, 10, 0, 0},
    {"FREELIST_GROUPS", 1, 10, 0, 0},
    {"LOGGING", 0, 3, 0, 0},
    {"BACKED_UP", 0, 1, 0, 0},
    {"NUM_ROWS", 1, 10, 0, 0},
    {"BLOCKS", 1, 10, 0, 0},
    {"EMPTY_BLOCKS", 1, 10, 0, 0},
    {"AVG_SPACE", 1, 10, 0, 0},
    {"CHAIN_CNT", 1, 10, 0, 0},
    {"AVG_ROW_LEN", 1, 10, 0, 0},
    {"DEGREE", 0, 10, 0, 0},
    {"CACHE", 0, 5, 0, 0},
    {"LAST_ANALYZED", 0, 9, 0, 0},
    {"PARTITIONED", 0, 3, 1, 0},
    {"TEMPORARY", 0, 1, 1, 0},
    {"ROW_MOVEMENT", 0, 8, 0, 0},
    {"COMPRESSION", 0, 8, 0, 0},
    {"DROPPED", 0, 3, 1, 0},
    {"READ_ONLY", 0, 3, 0, 0},
    {"SEGMENT_CREATED", 0, 3, 1, 0},
};
static const scr_vcol_t mystat[] = {
    {"NAME", 0, 64, 1, 0},    {"VALUE", 1, 10, 1, 0},  {"STATISTIC#", 1, 10, 0, 0},
    {"SID", 1, 10, 0, 0},     {"CLASS", 1, 10, 0, 0},  {"DISPLAY_NAME", 0, 64, 0, 0},
    {"STAT_ID", 1, 10, 0, 0}, {"CON_ID", 1, 10, 0, 0},
};

/* V$SECUREFILE_SHRINK (Oracle Database Reference, 23ai). */
static const scr_vcol_t shrink[] = {
    {"LOB_OBJD", 1, 10, 0, 0},         {"SHRINK_STATUS", 0, 40, 1, 0},
    {"START_TIME", 0, 35, 0, 0},       {"END_TIME", 0, 35, 0, 0},
    {"BLOCKS_MOVED", 1, 10, 1, 0},     {"BLOCKS_FREED", 1, 10, 1, 0},
    {"BLOCKS_ALLOCATED", 1, 10, 1, 0}, {"EXTENTS_ALLOCATED", 1, 10, 1, 0},
    {"EXTENTS_FREED", 1, 10, 1, 0},    {"EXTENTS_SEALED", 1, 10, 1, 0},
    {"AUTOMATIC", 1, 10, 1, 0},        {"CON_ID", 1, 10, 0, 0},
};

const scr_vcol_t *scr_view_columns(scr_view_t v, uint32_t *n)
{
    switch (v) {
    case SCR_V_SHRINK:
        *n = sizeof shrink / sizeof shrink[0];
        return shrink;
    case SCR_V_MYSTAT:
        *n = sizeof mystat / sizeof mystat[0];
        return mystat;
    case SCR_V_SEGMENTS:
        *n = sizeof segments / sizeof segments[0];
        return segments;
    case SCR_V_EXTENTS:
        *n = sizeof extents / sizeof extents[0];
        return extents;
    case SCR_V_LOBS:
        *n = sizeof lobs / sizeof lobs[0];
        return lobs;
    case SCR_V_LOB_PARTS:
        *n = sizeof lob_parts / sizeof lob_parts[0];
        return lob_parts;
    case SCR_V_TABLESPACES:
        *n = sizeof tablespaces / sizeof tablespaces[0];
        return tablespaces;
    case SCR_V_TABLES:
        *n = sizeof tables / sizeof tables[0];
        return tables;
    case SCR_V_TABLE:
    case SCR_V_COUNT:
        break;
    }
    *n = 0;
    return NULL;
}

int scr_view_of(const char *name, scr_view_t *v, int *dba)
{
    static const struct {
        const char *name;
        scr_view_t v;
        int dba;
    } known[] = {
        {"USER_SEGMENTS", SCR_V_SEGMENTS, 0},
        {"DBA_SEGMENTS", SCR_V_SEGMENTS, 1},
        {"USER_EXTENTS", SCR_V_EXTENTS, 0},
        {"DBA_EXTENTS", SCR_V_EXTENTS, 1},
        {"USER_LOBS", SCR_V_LOBS, 0},
        {"DBA_LOBS", SCR_V_LOBS, 1},
        {"USER_LOB_PARTITIONS", SCR_V_LOB_PARTS, 0},
        {"DBA_LOB_PARTITIONS", SCR_V_LOB_PARTS, 1},
        {"V$SECUREFILE_SHRINK", SCR_V_SHRINK, 0},
        {"USER_TABLESPACES", SCR_V_TABLESPACES, 0},
        {"DBA_TABLESPACES", SCR_V_TABLESPACES, 1},
        {"USER_TABLES", SCR_V_TABLES, 0},
        {"DBA_TABLES", SCR_V_TABLES, 1},
        {"ALL_TABLES", SCR_V_TABLES, 1},
    };
    for (size_t k = 0; k < sizeof known / sizeof known[0]; k++)
        if (strcmp(known[k].name, name) == 0) {
            *v = known[k].v;
            *dba = known[k].dba;
            return 1;
        }
    return 0;
}

/* A name the dictionary or the instance answers, not a table of a user. */
int scr_dictionary_name(const char *n)
{
    return strncmp(n, "USER_", 5) == 0 || strncmp(n, "DBA_", 4) == 0 ||
           strncmp(n, "ALL_", 4) == 0 || strncmp(n, "CDB_", 4) == 0 || strchr(n, '$') != NULL ||
           strcmp(n, "DUAL") == 0;
}
