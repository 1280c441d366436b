-- scenario_setup.sql -- run_scenario.sh's helper package, created once per
-- run before the spool starts: lobsim_snap.take keeps v$mystat's values in
-- the session (a package variable: no row written, nothing in the
-- script's transaction, so a rollback in the script cannot undo it),
-- lobsim_snap.deltas prints what moved since, as SQL*Plus prints a NAME /
-- VALUE query, and lobsim_snap.segments prints dbms_space.space_usage of
-- every SecureFile LOB segment of the schema, a lobsim-table: line before
-- each table's (docs/lobimport.md, "Scripts").
-- Needs CREATE PROCEDURE and SELECT on v_$mystat and v_$statname granted
-- directly (a package runs with its owner's rights, without roles).
create or replace package lobsim_snap as
  procedure take;
  procedure deltas;
  procedure segments;
end lobsim_snap;
/
create or replace package body lobsim_snap as
  type values_t is table of number index by pls_integer;
  before values_t;

  procedure take is
  begin
    before.delete;
    for r in (select statistic#, value from v$mystat) loop
      before(r.statistic#) := r.value;
    end loop;
  end take;

  procedure deltas is
  begin
    dbms_output.put_line('lobsim-mystat:');
    dbms_output.put_line(rpad('NAME', 64) || ' ' || lpad('VALUE', 20));
    dbms_output.put_line(rpad('-', 64, '-') || ' ' || rpad('-', 20, '-'));
    for r in (select n.name, m.statistic#, m.value
                from v$mystat m join v$statname n on n.statistic# = m.statistic#
               order by n.name) loop
      if before.exists(r.statistic#) and r.value > before(r.statistic#) then
        dbms_output.put_line(rpad(r.name, 64) || ' ' ||
                             lpad(to_char(r.value - before(r.statistic#)), 20));
      end if;
    end loop;
    dbms_output.put_line('');
  end deltas;

  procedure segments is
    seg_blocks number; seg_bytes number; used_blocks number; used_bytes number;
    exp_blocks number; exp_bytes number; unexp_blocks number; unexp_bytes number;
  begin
    -- a LOB whose segment is not created yet (deferred segment creation)
    -- has no row in user_segments and is left out
    for l in (select l.table_name, l.segment_name
                from user_lobs l join user_segments s on s.segment_name = l.segment_name
               where l.securefile = 'YES'
               order by l.table_name) loop
      dbms_output.put_line('lobsim-table: ' || l.table_name);
      dbms_space.space_usage(user, l.segment_name, 'LOB', seg_blocks, seg_bytes,
                             used_blocks, used_bytes, exp_blocks, exp_bytes,
                             unexp_blocks, unexp_bytes);
      dbms_output.put_line('Segment blocks = ' || seg_blocks || ' bytes = ' || seg_bytes);
      dbms_output.put_line(' Used blocks = ' || used_blocks || ' bytes = ' || used_bytes);
      dbms_output.put_line(' Expired blocks = ' || exp_blocks || ' bytes = ' || exp_bytes);
      dbms_output.put_line(' Unexpired blocks = ' || unexp_blocks || ' bytes = ' || unexp_bytes);
    end loop;
  end segments;
end lobsim_snap;
/
show errors package body lobsim_snap
