alter system set db_cache_size = 100m;
