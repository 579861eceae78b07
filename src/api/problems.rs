//! The catalogue of problem codes: every `code` an error answer can carry,
//! with its status and an explanation. A problem's `type` is
//! `/problems/{code}`, and that URI serves the page built from this entry, so
//! the answers and the pages cannot drift: `ApiError::new` checks (in debug
//! builds) that its code is here with its status, and a test reads the
//! source for every code the API can produce.

/// One problem code.
#[derive(Debug, Clone, Copy)]
pub struct ProblemKind {
    pub code: &'static str,
    pub status: u16,
    /// What happened, in a sentence.
    pub meaning: &'static str,
    /// What the client should do about it.
    pub remedy: &'static str,
}

const fn p(
    code: &'static str,
    status: u16,
    meaning: &'static str,
    remedy: &'static str,
) -> ProblemKind {
    ProblemKind {
        code,
        status,
        meaning,
        remedy,
    }
}

/// Every problem code the API answers with.
pub const CATALOGUE: &[ProblemKind] = &[
    // 400: the request itself is malformed.
    p("invalid_json", 400, "The body is not valid JSON.", "Send a JSON object; the detail says where parsing stopped."),
    p("invalid_body", 400, "The body is JSON but not the expected shape: a field is missing, unknown or of the wrong type.", "Compare the body with the operation's schema in /openapi.json; unknown fields are refused."),
    p("json_too_deep", 400, "The JSON body is nested deeper than the server accepts (32 levels).", "Flatten the body; no ghostseat request needs deep nesting."),
    p("string_too_long", 400, "A string or key in the body is longer than the server accepts (8 KiB).", "Shorten it; no ghostseat request needs long strings."),
    p("unreadable_body", 400, "The request body could not be read.", "Resend the request; check the client's Content-Length and connection."),
    p("malformed", 400, "The request is well-formed JSON but makes no sense for this session, e.g. a move for another game.", "Read the detail, and the session's legal moves at GET /v1/sessions/{id}/legal-moves."),
    p("invalid_id", 400, "The session id in the path is not a UUID.", "Use the `id` returned by POST /v1/sessions."),
    p("invalid_seed", 400, "The seed is not an integer from 0 to 2^64-1.", "Send a whole number in that range, or leave `seed` out for a random one."),
    p("invalid_query", 400, "A query parameter is missing, unknown or of the wrong type.", "Compare the query with the operation's parameters in /openapi.json."),
    p("invalid_if_match", 400, "The If-Match header is not a session version.", "Send the session's ETag, e.g. If-Match: \"7\", or leave the header out."),
    p("invalid_idempotency_key", 400, "The Idempotency-Key header is empty, too long or not visible ASCII.", "Send 1 to 255 visible ASCII characters, e.g. a UUID."),
    p("invalid_last_event_id", 400, "The Last-Event-ID header is not a session version.", "Send the `id` of the last event received, or leave the header out."),
    // 401/403: tokens.
    p("missing_token", 401, "The request carries no seat token.", "Send Authorization: Bearer <token>, with a token returned when the session was created."),
    p("invalid_ticket", 401, "The stream ticket is unknown, used already or expired (tickets live 60 seconds and open one stream).", "Ask for a new one with POST /v1/sessions/{id}/stream-tickets and open the stream at once."),
    p("metrics_token", 401, "/metrics needs the metrics token (--metrics-token) and the request did not bring it.", "Send Authorization: Bearer <metrics token>, as configured in the scraper."),
    p("wrong_token", 403, "The token does not belong to this session.", "Use a seat token returned when this session was created."),
    p("operator_only", 403, "Only the operator's token (--admin-token) may do this now: importing, exporting a running game, choosing the seed of a game between people.", "Ask the server's operator, or export once the game is over."),
    // 404/405: nothing there.
    p("unknown_game", 404, "No game has this id.", "GET /v1/games lists the games."),
    p("unknown_session", 404, "No session has this id (it never existed, or was deleted or has expired).", "Create a new session, or check the id."),
    p("unknown_rule", 404, "The game has no rule with this id.", "GET /v1/games/{id}/rules lists every rule id the game can name."),
    p("no_route", 404, "No endpoint has this path.", "The endpoints are listed in /openapi.json and at /docs."),
    p("method_not_allowed", 405, "The endpoint exists but does not take this HTTP method.", "The methods of each path are listed in /openapi.json."),
    // 409/412: the session moved on.
    p("not_your_turn", 409, "The move comes from a seat whose turn it is not, or after the game ended. The `rule` field names the rule.", "Read `next` in the session (GET /v1/sessions/{id}) to see whose turn it is."),
    p("version_conflict", 409, "`expected_version` in the body is not the session's version: another command came first.", "Reload the session (its version is in `extra.version`) and decide again."),
    p("nothing_to_undo", 409, "There is no move of this seat to take back: none yet, the bot has played since, another seat made the last move, or the move used the server's dice or revealed hidden cards.", "Carry on from the current state; the detail says which case it is."),
    p("precondition_failed", 412, "If-Match does not match the session's version: another command came first.", "Reload the session (its version is in `extra.version` and the ETag) and decide again."),
    p("not_undoable", 409, "The last command rolled the server's dice, drew from a shuffled deck or showed hidden information, so taking it back would let a seat peek (rule SESSION-UNDO-2).", "Carry on from the current state; the README lists which moves can be taken back."),
    p("game_over", 409, "The game is over (finished or resigned); it takes no more moves.", "Read the final scores in the session; start a new session to play again."),
    p("legacy_session", 409, "The session was stored by an older version whose log this server can no longer replay.", "Export it with the older version, or start a new session."),
    // 413/415: the body's size and type.
    p("body_timeout", 408, "The request body did not arrive within the body timeout (--body-timeout-secs).", "Send the whole body at once; check the client's connection."),
    p("body_too_large", 413, "The request body is larger than the server accepts (--max-body, 64 KiB by default).", "Send a smaller body; no ordinary request comes near the limit."),
    p("unsupported_media_type", 415, "The body is not sent as JSON.", "Send Content-Type: application/json."),
    // 422: the rules say no.
    p("illegal_move", 422, "The move breaks a rule of the game. Nothing was applied; `rule` names the rule and `detail` says what is wrong.", "Choose one of the session's legal moves (GET /v1/sessions/{id}/legal-moves)."),
    p("invalid_options", 422, "The game options break a rule of the variant (e.g. a player count it does not allow). `rule` names it.", "GET /v1/games lists each game's options with their JSON Schema and defaults."),
    p("dice_needed", 422, "The session takes its dice or cards from the table and the request brought too few. Nothing was applied; `needed` lists every item the command uses, in order, and `sent` how many came.", "Roll or draw at the table and resend the same request with all the items in `table`."),
    p("idempotency_key_reused", 422, "This Idempotency-Key was used before for a different request.", "Use a new key for each new request; reuse a key only to retry the very same request."),
    p("seed_not_allowed", 422, "A chosen seed would let its chooser know every coming roll and card, so between two or more people it needs the operator's token (rule SESSION-SEED-1).", "Leave `seed` out: the server draws one and commits to it; it is revealed when the game ends."),
    p("unused_table_input", 422, "The request brought more table dice or cards than the command used. Nothing was applied; `needed` lists what it uses.", "Resend with exactly the items the command needs, in order."),
    p("table_input_not_allowed", 422, "The request brought table dice or cards, but in this session the server rolls and shuffles: nobody chooses the dice.", "Leave `table` out, or create the session with the game's physical-table options."),
    // 429/5xx: slow down, try later.
    p("rate_limited", 429, "This client address sent more requests than the server allows (--rate-limit, --rate-burst).", "Wait for the seconds in Retry-After, then send fewer requests."),
    p("quota_exceeded", 429, "This client address created or imported more sessions this hour than the server allows (--creates-per-hour, --imports-per-hour).", "Wait for the seconds in Retry-After; finish or delete old sessions."),
    p("too_many_streams", 429, "The session, the seat or this address has as many live event streams as the server allows (--streams-per-session, --streams-per-seat, --streams-per-address).", "Close a stream you no longer read, then retry after Retry-After."),
    p("internal", 500, "The server failed in a way it did not expect. Nothing was applied.", "Retry later; if it persists, the server's log has the reason."),
    p("busy", 503, "The session has too many commands queued.", "Wait for the seconds in Retry-After and retry."),
    p("shutting_down", 503, "The server is stopping and takes no new commands.", "Retry after Retry-After, when the server is back."),
    p("storage_unavailable", 503, "The database refused the write (a full or read-only disk). Nothing was applied, in memory or on disk.", "Retry after Retry-After; the operator must free the disk."),
];

/// The catalogue entry of `code`.
pub fn find(code: &str) -> Option<&'static ProblemKind> {
    CATALOGUE.iter().find(|p| p.code == code)
}

#[cfg(test)]
mod tests {
    use super::CATALOGUE;

    #[test]
    fn codes_are_unique_snake_case_and_explained() {
        for (i, p) in CATALOGUE.iter().enumerate() {
            assert!(
                p.code.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'),
                "{}",
                p.code
            );
            assert!(
                CATALOGUE[..i].iter().all(|q| q.code != p.code),
                "{} twice",
                p.code
            );
            assert!((400..600).contains(&p.status), "{}", p.code);
            assert!(!p.meaning.is_empty() && !p.remedy.is_empty(), "{}", p.code);
        }
    }
}
