-- The PostgreSQL twin of migrations/sqlite/0001..0006 (issue 17): the same
-- tables and columns as a SQLite database has after its sixth migration.
-- Payloads, events, options and bodies stay `text` (not jsonb), so stored
-- bytes are byte-identical for verify and export; the snapshot is `bytea`;
-- u64 seeds are stored as their i64 bit pattern, as in SQLite.
CREATE TABLE sessions (
    id            text PRIMARY KEY,
    game          text NOT NULL,
    options       text NOT NULL,            -- normalised options, JSON
    seed          bigint NOT NULL,          -- u64 as its i64 bit pattern
    version       bigint NOT NULL,
    status        text NOT NULL CHECK (status IN ('active', 'finished')),
    rng_pos       bigint NOT NULL,
    token_hashes  text NOT NULL,            -- JSON array of hex SHA-256, index = seat
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    salt          text,
    public_seed   boolean NOT NULL DEFAULT true,
    resigned      integer
);

-- The command log: the truth. Replaying it from the seed reproduces the snapshot.
CREATE TABLE commands (
    session_id       text NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    seq              bigint NOT NULL,       -- the session version this command produced
    kind             text NOT NULL CHECK (kind IN ('move', 'bot_turn', 'undo', 'resign')),
    seat             integer,               -- acting seat (null for bot turns)
    payload          text NOT NULL,         -- JSON {move?, dice?, undoes?}
    events           text NOT NULL,         -- JSON array of engine events
    idempotency_key  text,
    created_at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (session_id, seq)
);

-- Answers to requests that carried an Idempotency-Key. `scope` is the
-- session id (or 'create').
CREATE TABLE idempotency (
    scope         text NOT NULL,
    key           text NOT NULL,
    request_hash  text NOT NULL,
    status        integer NOT NULL,
    body          text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

-- Seats that asked to delete a session; it is deleted when all human seats have.
CREATE TABLE delete_consents (
    session_id  text NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    seat        integer NOT NULL,
    PRIMARY KEY (session_id, seat)
);

-- The state after `snapshot_version` commands, in a table of its own so
-- the small session row a command updates does not drag it along.
CREATE TABLE snapshots (
    session_id        text PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
    snapshot_version  bigint NOT NULL,
    snapshot_rng_pos  bigint NOT NULL,
    state_version     bigint NOT NULL,
    snapshot          bytea NOT NULL
);

-- A seat's pinned answer language (issue 18).
CREATE TABLE seat_languages (
    session_id  text NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    seat        integer NOT NULL,
    lang        text NOT NULL CHECK (lang IN ('en', 'de')),
    PRIMARY KEY (session_id, seat)
);

-- Expiry sweeps by status and age.
CREATE INDEX sessions_by_age ON sessions (status, updated_at);
CREATE INDEX idempotency_by_age ON idempotency (created_at);
