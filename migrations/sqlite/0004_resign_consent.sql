-- Sessions have owners (issue 15): a seat may resign (a logged command
-- that ends the game), and deleting needs every human seat's consent (or
-- the operator). SQLite cannot change a CHECK in place, so the command log
-- is rebuilt with the new kind allowed.
CREATE TABLE commands_new (
    session_id       TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    seq              INTEGER NOT NULL,
    kind             TEXT NOT NULL CHECK (kind IN ('move', 'bot_turn', 'undo', 'resign')),
    seat             INTEGER,
    payload          TEXT NOT NULL,
    events           TEXT NOT NULL,
    idempotency_key  TEXT,
    created_at       TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (session_id, seq)
) STRICT;
INSERT INTO commands_new SELECT session_id, seq, kind, seat, payload, events, idempotency_key, created_at FROM commands;
DROP TABLE commands;
ALTER TABLE commands_new RENAME TO commands;

-- The seat that resigned (null while nobody has).
ALTER TABLE sessions ADD COLUMN resigned INTEGER;

-- Seats that asked to delete a session; it is deleted when all human seats have.
CREATE TABLE delete_consents (
    session_id  TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    PRIMARY KEY (session_id, seat)
) STRICT;

-- Expiry sweeps by status and age.
CREATE INDEX sessions_by_age ON sessions (status, updated_at);
CREATE INDEX idempotency_by_age ON idempotency (created_at);
