-- A seat may pin the language of its answers (issue 18): the pin wins over
-- the request's Accept-Language, so a German player reads German on every
-- device and in every client. Not game data: it is neither logged,
-- exported nor replayed.
CREATE TABLE seat_languages (
    session_id  TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    lang        TEXT NOT NULL CHECK (lang IN ('en', 'de')),
    PRIMARY KEY (session_id, seat)
) STRICT;
