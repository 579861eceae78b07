-- Snapshots in their own table (issue 19). SQLite writes a whole new record
-- on UPDATE, overflow pages included, so while the snapshot (1 to 13 KB)
-- sat in `sessions`, every command's version bump wrote it to the WAL
-- again. Now a command updates a small row, and the snapshot is written
-- only when it changes (every few commands).
CREATE TABLE snapshots (
    session_id        TEXT PRIMARY KEY NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    snapshot_version  INTEGER NOT NULL,    -- the state after this many commands
    snapshot_rng_pos  INTEGER NOT NULL,    -- the dice position after them
    state_version     INTEGER NOT NULL,    -- the engine's state format
    snapshot          BLOB NOT NULL
) STRICT;
INSERT INTO snapshots (session_id, snapshot_version, snapshot_rng_pos, state_version, snapshot)
    SELECT id, snapshot_version, snapshot_rng_pos, state_version, snapshot FROM sessions;
ALTER TABLE sessions DROP COLUMN snapshot;
ALTER TABLE sessions DROP COLUMN snapshot_version;
ALTER TABLE sessions DROP COLUMN snapshot_rng_pos;
ALTER TABLE sessions DROP COLUMN state_version;
