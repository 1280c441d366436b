-- The author's command line, "@blobinlinecutoff 3965" (ours: the size his post
-- reports as the in-row cutoff of a BLOB), as SQL*Plus defines &1 from it.
define 1 = 3965
