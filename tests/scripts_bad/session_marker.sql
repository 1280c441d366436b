-- a session marker that names no session
commit;
-- lobsim session: 0
commit;
