-- Stream tickets (issue 17): single-use, a minute long, redeemable on any
-- replica. Ticket and token are stored as SHA-256 hashes only.
CREATE TABLE stream_tickets (
    ticket_hash text PRIMARY KEY,
    session_id  text NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    token_hash  text NOT NULL,
    expires_ms  bigint NOT NULL
);
CREATE INDEX stream_tickets_by_session ON stream_tickets (session_id, expires_ms);
CREATE INDEX stream_tickets_by_expiry ON stream_tickets (expires_ms);
