-- Fair seeds (issue 15): the server commits to hash(seed, salt) at creation
-- and reveals both when the game ends. Sessions written before this carry
-- no salt and had their seed shown at creation: they count as public.
-- `state_version` is the engine's state format of the snapshot; a session
-- whose snapshot is older is rebuilt from its log when it loads (issue 12).
ALTER TABLE sessions ADD COLUMN salt TEXT;
ALTER TABLE sessions ADD COLUMN public_seed INTEGER NOT NULL DEFAULT 1;
ALTER TABLE sessions ADD COLUMN state_version INTEGER NOT NULL DEFAULT 0;
