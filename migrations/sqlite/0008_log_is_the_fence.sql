-- The log is the fence (issue 19). A command no longer moves its session
-- row: the session's version is the last `seq` of its log (or the row's
-- `version`, where the log is shorter: a new or imported session), and
-- the unique `(session_id, seq)` key lets exactly one command per version
-- in. So that a load still finds the dice position after the last
-- command, the log row carries it; rows written before this migration
-- have NULL here, and their session row's `rng_pos` is theirs (it moved
-- with every command then).
ALTER TABLE commands ADD COLUMN rng_pos INTEGER;
