-- Stream tickets (issue 17): a browser's EventSource cannot send the seat
-- token, so it opens the stream with a single-use ticket that lives a
-- minute. The ticket lives in the database, not in one server's memory, so
-- any replica can redeem it, and only once. Both the ticket and the token
-- it stands for are stored as SHA-256 hashes: reading this table opens
-- nothing.
CREATE TABLE stream_tickets (
    ticket_hash TEXT PRIMARY KEY,
    session_id  TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    token_hash  TEXT NOT NULL,
    expires_ms  INTEGER NOT NULL
) STRICT;
CREATE INDEX stream_tickets_by_session ON stream_tickets (session_id, expires_ms);
CREATE INDEX stream_tickets_by_expiry ON stream_tickets (expires_ms);
