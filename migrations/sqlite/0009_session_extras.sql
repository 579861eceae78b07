-- What lives around a game, not in it (issue 53): the rematch links
-- between two sessions, the watch tokens a seat made (their SHA-256 only)
-- and the seats' your-turn notice targets. Not game data: neither logged,
-- exported nor replayed; deleted with the session.
CREATE TABLE session_extras (
    session_id  TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    kind        TEXT NOT NULL,   -- 'rematch', 'watcher', 'notify'
    key         TEXT NOT NULL,
    value       TEXT NOT NULL,
    PRIMARY KEY (session_id, kind, key)
) STRICT;
