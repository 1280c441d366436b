create tablespace ts datafile size 100m blocksize 3k;
