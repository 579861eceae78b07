-- Sessions: one row per game session; `snapshot` is the engine state after
-- `version` commands, `rng_pos` the dice stream position after them.
CREATE TABLE sessions (
    id            TEXT PRIMARY KEY NOT NULL,
    game          TEXT NOT NULL,
    options       TEXT NOT NULL,            -- normalised options, JSON
    seed          INTEGER NOT NULL,         -- u64 as its i64 bit pattern
    version       INTEGER NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('active', 'finished')),
    snapshot      BLOB NOT NULL,
    rng_pos       INTEGER NOT NULL,
    token_hashes  TEXT NOT NULL,            -- JSON array of hex SHA-256, index = seat
    created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

-- The command log: the truth. Replaying it from the seed reproduces the snapshot.
CREATE TABLE commands (
    session_id       TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    seq              INTEGER NOT NULL,      -- the session version this command produced
    kind             TEXT NOT NULL CHECK (kind IN ('move', 'bot_turn', 'undo')),
    seat             INTEGER,               -- acting seat (null for bot turns)
    payload          TEXT NOT NULL,         -- JSON {move?, dice?, undoes?}
    events           TEXT NOT NULL,         -- JSON array of engine events
    idempotency_key  TEXT,
    created_at       TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (session_id, seq)
) STRICT;

-- Answers to requests that carried an Idempotency-Key, so a retry gets the
-- first answer. `scope` is the session id (or 'create').
CREATE TABLE idempotency (
    scope         TEXT NOT NULL,
    key           TEXT NOT NULL,
    request_hash  TEXT NOT NULL,
    status        INTEGER NOT NULL,
    body          TEXT NOT NULL,
    created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (scope, key)
) STRICT;
