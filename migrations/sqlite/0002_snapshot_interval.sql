-- Snapshots every few commands instead of every command (issue 8): the row
-- keeps the latest `version` and `rng_pos`, and `snapshot` is now the state
-- after `snapshot_version` commands, with the dice at `snapshot_rng_pos`.
-- Loading replays the commands after `snapshot_version`.
ALTER TABLE sessions ADD COLUMN snapshot_version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN snapshot_rng_pos INTEGER NOT NULL DEFAULT 0;
UPDATE sessions SET snapshot_version = version, snapshot_rng_pos = rng_pos;
