-- The author's command line, "@blobinlinecutoff N", as SQL*Plus defines &1 from it.
-- N is ours, 3965 (his post giving the size he found was not among the pages we
-- could read).
define 1 = 3965
