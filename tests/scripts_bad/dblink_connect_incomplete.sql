-- a database link whose CONNECT TO names no user
create database link loopback connect to;
