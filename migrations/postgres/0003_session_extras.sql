-- What lives around a game, not in it (issue 53): rematch links, watch
-- tokens (SHA-256 only), your-turn notice targets. Deleted with the session.
CREATE TABLE session_extras (
    session_id  text NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    kind        text NOT NULL,
    key         text NOT NULL,
    value       text NOT NULL,
    PRIMARY KEY (session_id, kind, key)
);
