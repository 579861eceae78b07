//! The catalogue of problem codes: every `code` an error answer can carry,
//! with its status, a title and an explanation, in English and German.
//! A problem's `type` is `/problems/{code}`, and that URI serves
//! the page built from this entry, so the answers and the pages cannot
//! drift: `ApiError::new` checks (in debug builds) that its code is here
//! with its status, and a test reads the source for every code the API can
//! produce.

use crate::engine::Lang;

/// One problem code.
#[derive(Debug, Clone, Copy)]
pub struct ProblemKind {
    pub code: &'static str,
    pub status: u16,
    /// A short name of the problem (the answer's `title` in English).
    pub title: &'static str,
    /// What happened, in a sentence.
    pub meaning: &'static str,
    /// What the client should do about it.
    pub remedy: &'static str,
    /// `title` in German (the answer's `title` in German).
    pub title_de: &'static str,
    /// `meaning` in German (the `detail` of a German answer whose site
    /// gave no German sentence of its own).
    pub meaning_de: &'static str,
    /// `remedy` in German.
    pub remedy_de: &'static str,
}

impl ProblemKind {
    /// The title in `lang`.
    pub fn title_in(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.title,
            Lang::De => self.title_de,
        }
    }
    /// The meaning in `lang`.
    pub fn meaning_in(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.meaning,
            Lang::De => self.meaning_de,
        }
    }
    /// The remedy in `lang`.
    pub fn remedy_in(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.remedy,
            Lang::De => self.remedy_de,
        }
    }
}

/// One entry: code and status, then the English title, meaning and
/// remedy, then the German ones.
const fn p(
    code: &'static str,
    status: u16,
    en: [&'static str; 3],
    de: [&'static str; 3],
) -> ProblemKind {
    ProblemKind {
        code,
        status,
        title: en[0],
        meaning: en[1],
        remedy: en[2],
        title_de: de[0],
        meaning_de: de[1],
        remedy_de: de[2],
    }
}

/// Every problem code the API answers with.
pub const CATALOGUE: &[ProblemKind] = &[
    // 400: the request itself is malformed.
    p("invalid_json", 400,
        ["Invalid JSON", "The body is not valid JSON.", "Send a JSON object; the detail says where parsing stopped."],
        ["Ungültiges JSON", "Der Anfragekörper ist kein gültiges JSON.", "Sende ein JSON-Objekt; das `detail` nennt die Stelle, an der das Lesen abbrach."]),
    p("invalid_body", 400,
        ["Invalid body", "The body is JSON but not the expected shape: a field is missing, unknown or of the wrong type.", "Compare the body with the operation's schema in /openapi.json; unknown fields are refused."],
        ["Ungültiger Anfragekörper", "Der Anfragekörper ist JSON, hat aber nicht die erwartete Form: Ein Feld fehlt, ist unbekannt oder hat den falschen Typ.", "Vergleiche den Anfragekörper mit dem Schema der Operation in /openapi.json; unbekannte Felder werden abgelehnt."]),
    p("json_too_deep", 400,
        ["JSON nested too deep", "The JSON body is nested deeper than the server accepts (32 levels).", "Flatten the body; no ghostseat request needs deep nesting."],
        ["JSON zu tief verschachtelt", "Der JSON-Anfragekörper ist tiefer verschachtelt, als der Server annimmt (32 Ebenen).", "Verschachtele den Anfragekörper flacher; keine Anfrage an ghostseat braucht tiefe Verschachtelung."]),
    p("string_too_long", 400,
        ["String too long", "A string or key in the body is longer than the server accepts (8 KiB).", "Shorten it; no ghostseat request needs long strings."],
        ["Zeichenkette zu lang", "Eine Zeichenkette oder ein Schlüssel im Anfragekörper ist länger, als der Server annimmt (8 KiB).", "Kürze sie; keine Anfrage an ghostseat braucht lange Zeichenketten."]),
    p("unreadable_body", 400,
        ["Unreadable body", "The request body could not be read.", "Resend the request; check the client's Content-Length and connection."],
        ["Anfragekörper nicht lesbar", "Der Anfragekörper konnte nicht gelesen werden.", "Sende die Anfrage erneut; prüfe `Content-Length` und die Verbindung des Clients."]),
    p("malformed", 400,
        ["Malformed request", "The request is well-formed JSON but makes no sense for this session, e.g. a move for another game.", "Read the detail, and the session's legal moves at GET /v1/sessions/{id}/legal-moves."],
        ["Unpassende Anfrage", "Die Anfrage ist gültiges JSON, ergibt für diese Sitzung aber keinen Sinn, z. B. ein Zug für ein anderes Spiel.", "Lies das `detail` und die erlaubten Züge der Sitzung unter GET /v1/sessions/{id}/legal-moves."]),
    p("invalid_id", 400,
        ["Invalid session id", "The session id in the path is not a UUID.", "Use the `id` returned by POST /v1/sessions."],
        ["Ungültige Sitzungs-ID", "Die Sitzungs-ID im Pfad ist keine UUID.", "Verwende die `id`, die POST /v1/sessions zurückgegeben hat."]),
    p("invalid_seed", 400,
        ["Invalid seed", "The seed is not an integer from 0 to 2^64-1.", "Send a whole number in that range, or leave `seed` out for a random one."],
        ["Ungültiger Startwert", "Der Startwert (`seed`) ist keine ganze Zahl von 0 bis 2^64-1.", "Sende eine ganze Zahl in diesem Bereich oder lass `seed` weg, dann wählt der Server einen zufälligen."]),
    p("invalid_version", 400,
        ["Invalid version", "The version in the path is not a whole number from 0.", "Ask for a version from 0 to the session's version (its ETag)."],
        ["Ungültige Version", "Die Version im Pfad ist keine ganze Zahl ab 0.", "Frag nach einer Version von 0 bis zur Version der Sitzung (ihrem ETag)."]),
    p("invalid_query", 400,
        ["Invalid query", "A query parameter is missing, unknown or of the wrong type.", "Compare the query with the operation's parameters in /openapi.json."],
        ["Ungültige Abfrageparameter", "Ein Abfrageparameter fehlt, ist unbekannt oder hat den falschen Typ.", "Vergleiche die Abfrage mit den Parametern der Operation in /openapi.json."]),
    p("invalid_if_match", 400,
        ["Invalid If-Match", "The If-Match header is not a session version.", "Send the session's ETag, e.g. If-Match: \"7\", or leave the header out."],
        ["Ungültiges If-Match", "Der Header `If-Match` ist keine Version der Sitzung.", "Sende das `ETag` der Sitzung, z. B. `If-Match: \"7\"`, oder lass den Header weg."]),
    p("invalid_idempotency_key", 400,
        ["Invalid Idempotency-Key", "The Idempotency-Key header is empty, too long or not visible ASCII.", "Send 1 to 255 visible ASCII characters, e.g. a UUID."],
        ["Ungültiger Idempotency-Key", "Der Header `Idempotency-Key` ist leer, zu lang oder kein sichtbares ASCII.", "Sende 1 bis 255 sichtbare ASCII-Zeichen, z. B. eine UUID."]),
    p("invalid_last_event_id", 400,
        ["Invalid Last-Event-ID", "The Last-Event-ID header is not a session version.", "Send the `id` of the last event received, or leave the header out."],
        ["Ungültige Last-Event-ID", "Der Header `Last-Event-ID` ist keine Version der Sitzung.", "Sende die `id` des zuletzt empfangenen Ereignisses oder lass den Header weg."]),
    // 401/403: tokens.
    p("missing_token", 401,
        ["Missing token", "The request carries no seat token.", "Send Authorization: Bearer <token>, with a token returned when the session was created."],
        ["Token fehlt", "Die Anfrage bringt kein Token eines Platzes mit.", "Sende `Authorization: Bearer <token>` mit einem Token, das beim Anlegen der Sitzung zurückgegeben wurde."]),
    p("invalid_ticket", 401,
        ["Invalid stream ticket", "The stream ticket is unknown, used already or expired (tickets live 60 seconds and open one stream).", "Ask for a new one with POST /v1/sessions/{id}/stream-tickets and open the stream at once."],
        ["Ungültiges Stream-Ticket", "Das Stream-Ticket ist unbekannt, schon benutzt oder abgelaufen (ein Ticket gilt 60 Sekunden und öffnet einen Stream).", "Hol ein neues mit POST /v1/sessions/{id}/stream-tickets und öffne den Stream sofort."]),
    p("metrics_token", 401,
        ["Metrics token needed", "A server that listens beyond loopback answers /metrics only to the metrics token (--metrics-token) or the operator's token, and the request brought neither.", "Send Authorization: Bearer <metrics token>, as configured in the scraper."],
        ["Metrik-Token nötig", "Ein Server, der nicht nur auf Loopback lauscht, zeigt /metrics nur mit dem Metrik-Token (`--metrics-token`) oder dem Token des Betreibers, und die Anfrage brachte keins davon mit.", "Sende `Authorization: Bearer <Metrik-Token>`, wie im Scraper eingerichtet."]),
    p("wrong_token", 403,
        ["Wrong token", "The token does not belong to this session.", "Use a seat token returned when this session was created."],
        ["Falsches Token", "Das Token gehört nicht zu dieser Sitzung.", "Verwende ein Token eines Platzes, das beim Anlegen dieser Sitzung zurückgegeben wurde."]),
    p("invite_invalid", 403,
        ["Wrong invite code", "This invite code is not the one for this seat (rule SESSION-SEAT-2).", "Open the invite link the creator sent you for this seat, as it is."],
        ["Falscher Einladungscode", "Dieser Einladungscode gehört nicht zu diesem Platz (Regel SESSION-SEAT-2).", "Öffne den Einladungslink, den du für diesen Platz bekommen hast, so wie er ist."]),
    p("invite_claimed", 409,
        ["Seat already claimed", "The invite for this seat was used already: the seat belongs to the person who claimed it (rule SESSION-SEAT-2).", "If that was you on another device, open the game there; otherwise ask the creator for a new game."],
        ["Platz schon vergeben", "Die Einladung zu diesem Platz wurde schon benutzt: Der Platz gehört der Person, die ihn eingenommen hat (Regel SESSION-SEAT-2).", "Warst du das auf einem anderen Gerät, öffne die Partie dort; sonst bitte um eine neue Partie."]),
    p("unknown_seat", 404,
        ["Unknown seat", "The session has no seat by that id that a person can take.", "Use a human seat's id from the session's `seats`."],
        ["Unbekannter Platz", "Die Sitzung hat keinen Platz mit dieser ID, den ein Mensch einnehmen kann.", "Nimm die ID eines menschlichen Platzes aus den `seats` der Sitzung."]),
    p("idempotency_key_too_short", 400,
        ["Idempotency-Key too short", "A create's Idempotency-Key must carry at least 128 random bits: 22 or more characters from letters, digits, '-' and '_' (a UUID qualifies).", "Generate the key from 16 or more random bytes (base64url) or use a random UUID."],
        ["Idempotency-Key zu kurz", "Der Idempotency-Key eines Anlegens muss mindestens 128 Zufallsbits tragen: 22 oder mehr Zeichen aus Buchstaben, Ziffern, '-' und '_' (eine UUID genügt).", "Erzeuge den Schlüssel aus 16 oder mehr Zufallsbytes (base64url) oder nimm eine zufällige UUID."]),
    p("operator_only", 403,
        ["Operator only", "Only the operator's token (--admin-token) may do this now: importing, exporting a running game, choosing the seed of a game between people.", "Ask the server's operator, or export once the game is over."],
        ["Nur für den Betreiber", "Nur das Token des Betreibers (`--admin-token`) darf das jetzt: importieren, eine laufende Partie exportieren, den Startwert einer Partie zwischen Menschen wählen.", "Frag den Betreiber des Servers, oder exportiere, sobald die Partie vorbei ist."]),
    // 404/405: nothing there.
    p("unknown_game", 404,
        ["Unknown game", "No game has this id.", "GET /v1/games lists the games."],
        ["Unbekanntes Spiel", "Kein Spiel hat diese ID.", "GET /v1/games listet die Spiele auf."]),
    p("unknown_session", 404,
        ["Unknown session", "No session has this id (it never existed, or was deleted or has expired).", "Create a new session, or check the id."],
        ["Unbekannte Sitzung", "Keine Sitzung hat diese ID (es gab sie nie, oder sie wurde gelöscht oder ist abgelaufen).", "Lege eine neue Sitzung an oder prüfe die ID."]),
    p("unknown_rule", 404,
        ["Unknown rule", "The game has no rule with this id.", "GET /v1/games/{id}/rules lists every rule id the game can name."],
        ["Unbekannte Regel", "Das Spiel hat keine Regel mit dieser ID.", "GET /v1/games/{id}/rules listet jede Regel-ID auf, die das Spiel nennen kann."]),
    p("unknown_language", 404,
        ["Unknown language", "The server writes no texts in this language.", "Ask for a language of the game's `languages` in GET /v1/games (`en`, `de`)."],
        ["Unbekannte Sprache", "In dieser Sprache schreibt der Server keine Texte.", "Frag nach einer Sprache aus `languages` des Spiels in GET /v1/games (`en`, `de`)."]),
    p("no_route", 404,
        ["No such endpoint", "No endpoint has this path.", "The endpoints are listed in /openapi.json and at /docs."],
        ["Unbekannter Endpunkt", "Kein Endpunkt hat diesen Pfad.", "Die Endpunkte stehen in /openapi.json und unter /docs."]),
    p("method_not_allowed", 405,
        ["Method not allowed", "The endpoint exists but does not take this HTTP method.", "The methods of each path are listed in /openapi.json."],
        ["Methode nicht erlaubt", "Den Endpunkt gibt es, aber er nimmt diese HTTP-Methode nicht an.", "Die Methoden jedes Pfads stehen in /openapi.json."]),
    // 409/412: the session moved on.
    p("not_your_turn", 409,
        ["Not your turn", "The move comes from a seat whose turn it is not, or after the game ended. The `rule` field names the rule.", "Read `next` in the session (GET /v1/sessions/{id}) to see whose turn it is."],
        ["Nicht am Zug", "Der Zug kommt von einem Platz, der nicht am Zug ist, oder nach dem Ende der Partie. Das Feld `rule` nennt die Regel.", "Lies `next` in der Sitzung (GET /v1/sessions/{id}), um zu sehen, wer am Zug ist."]),
    p("version_conflict", 409,
        ["Version conflict", "`expected_version` in the body is not the session's version: another command came first.", "Reload the session (its version is in `extra.version`) and decide again."],
        ["Versionskonflikt", "`expected_version` im Anfragekörper ist nicht die Version der Sitzung: Ein anderer Befehl kam zuerst.", "Lade die Sitzung neu (ihre Version steht in `extra.version`) und entscheide erneut."]),
    p("nothing_to_undo", 409,
        ["Nothing to undo", "There is no move of this seat to take back: none yet, the bot has played since, another seat made the last move, or the move used the server's dice or revealed hidden cards.", "Carry on from the current state; the detail says which case it is."],
        ["Nichts zurückzunehmen", "Es gibt keinen Zug dieses Platzes, der zurückgenommen werden kann: noch keinen, der Bot hat seitdem gespielt, ein anderer Platz hat den letzten Zug gemacht, oder der Zug hat die Würfel des Servers benutzt oder verdeckte Karten aufgedeckt.", "Spiel vom jetzigen Stand aus weiter; das `detail` sagt, welcher Fall es ist."]),
    p("precondition_failed", 412,
        ["Precondition failed", "If-Match does not match the session's version: another command came first.", "Reload the session (its version is in `extra.version` and the ETag) and decide again."],
        ["Vorbedingung nicht erfüllt", "`If-Match` passt nicht zur Version der Sitzung: Ein anderer Befehl kam zuerst.", "Lade die Sitzung neu (ihre Version steht in `extra.version` und im `ETag`) und entscheide erneut."]),
    p("not_undoable", 409,
        ["Not undoable", "The last command rolled the server's dice, drew from a shuffled deck or showed hidden information, so taking it back would let a seat peek (rule SESSION-UNDO-2).", "Carry on from the current state; the Undo section of docs/api.md lists which moves can be taken back."],
        ["Nicht zurücknehmbar", "Der letzte Befehl hat die Würfel des Servers geworfen, von einem gemischten Stapel gezogen oder Verdecktes gezeigt; ihn zurückzunehmen ließe einen Platz spicken (Regel SESSION-UNDO-2).", "Spiel vom jetzigen Stand aus weiter; der Abschnitt Undo in docs/api.md nennt die Züge, die sich zurücknehmen lassen."]),
    p("game_over", 409,
        ["Game over", "The game is over (finished or resigned); it takes no more moves, and nothing can be taken back (rule SESSION-UNDO-3).", "Read the final scores in the session; start a new session to play again."],
        ["Partie beendet", "Die Partie ist vorbei (zu Ende gespielt oder aufgegeben); sie nimmt keine Züge mehr an, und nichts lässt sich zurücknehmen (Regel SESSION-UNDO-3).", "Lies den Endstand in der Sitzung; lege eine neue Sitzung an, um wieder zu spielen."]),
    p("command_cap_reached", 409,
        ["Command cap reached", "The session's log holds as many commands as a session may (20,000 unless the operator set --max-commands; rule SESSION-CAP-1). Every command but resigning is refused.", "Resign (POST /v1/sessions/{id}/resign) to end the game, or start a new session."],
        ["Befehlsgrenze erreicht", "Das Protokoll der Partie hat so viele Befehle, wie eine Partie haben darf (20.000, sofern der Betreiber nicht `--max-commands` gesetzt hat; Regel SESSION-CAP-1). Jeder Befehl außer Aufgeben wird abgelehnt.", "Gib auf (POST /v1/sessions/{id}/resign), um die Partie zu beenden, oder lege eine neue Sitzung an."]),
    p("legacy_session", 409,
        ["Legacy session", "The session was stored by an older version whose log this server can no longer replay.", "Export it with the older version, or start a new session."],
        ["Veraltete Sitzung", "Die Sitzung wurde von einer älteren Version gespeichert, deren Protokoll dieser Server nicht mehr nachspielen kann.", "Exportiere sie mit der älteren Version oder lege eine neue Sitzung an."]),
    // 413/415: the body's size and type.
    p("body_timeout", 408,
        ["Body timeout", "The request body did not arrive within the body timeout (--body-timeout-secs).", "Send the whole body at once; check the client's connection."],
        ["Anfragekörper zu langsam", "Der Anfragekörper kam nicht innerhalb der Frist an (`--body-timeout-secs`).", "Sende den ganzen Anfragekörper auf einmal; prüfe die Verbindung des Clients."]),
    p("body_too_large", 413,
        ["Body too large", "The request body is larger than the server accepts (--max-body, 64 KiB by default).", "Send a smaller body; no ordinary request comes near the limit."],
        ["Anfragekörper zu groß", "Der Anfragekörper ist größer, als der Server annimmt (`--max-body`, standardmäßig 64 KiB).", "Sende einen kleineren Anfragekörper; keine gewöhnliche Anfrage kommt in die Nähe der Grenze."]),
    p("unsupported_media_type", 415,
        ["Unsupported media type", "The body is not sent as JSON.", "Send Content-Type: application/json."],
        ["Nicht unterstützter Medientyp", "Der Anfragekörper wird nicht als JSON gesendet.", "Sende `Content-Type: application/json`."]),
    // 422: the rules say no.
    p("illegal_move", 422,
        ["Illegal move", "The move breaks a rule of the game. Nothing was applied; `rule` names the rule and `detail` says what is wrong.", "Choose one of the session's legal moves (GET /v1/sessions/{id}/legal-moves)."],
        ["Unzulässiger Zug", "Der Zug verstößt gegen eine Regel des Spiels. Nichts wurde ausgeführt; `rule` nennt die Regel, und `detail` sagt, was falsch ist.", "Wähle einen der erlaubten Züge der Sitzung (GET /v1/sessions/{id}/legal-moves)."]),
    p("invalid_options", 422,
        ["Invalid options", "The game options break a rule of the variant (e.g. a player count it does not allow). `rule` names it.", "GET /v1/games lists each game's options with their JSON Schema and defaults."],
        ["Ungültige Optionen", "Die Spieloptionen verstoßen gegen eine Regel der Variante (z. B. eine Spielerzahl, die sie nicht erlaubt). `rule` nennt sie.", "GET /v1/games listet die Optionen jedes Spiels mit ihrem JSON-Schema und ihren Voreinstellungen auf."]),
    p("dice_needed", 422,
        ["Dice or cards needed", "The session takes its dice or cards from the table and the request brought too few. Nothing was applied; `needed` lists every item the command uses, in order, and `sent` how many came.", "Roll or draw at the table and resend the same request with all the items in `table`."],
        ["Würfel oder Karten nötig", "Die Sitzung nimmt ihre Würfel oder Karten vom Tisch, und die Anfrage brachte zu wenige. Nichts wurde ausgeführt; `needed` listet alles auf, was der Befehl braucht, in Reihenfolge, und `sent`, wie viel kam.", "Würfle oder ziehe am Tisch und sende dieselbe Anfrage erneut, mit allem in `table`."]),
    p("idempotency_key_reused", 422,
        ["Idempotency-Key reused", "This Idempotency-Key was used before for a different request.", "Use a new key for each new request; reuse a key only to retry the very same request."],
        ["Idempotency-Key wiederverwendet", "Dieser `Idempotency-Key` wurde schon für eine andere Anfrage benutzt.", "Nimm für jede neue Anfrage einen neuen Schlüssel; verwende einen Schlüssel nur wieder, um genau dieselbe Anfrage zu wiederholen."]),
    p("seed_not_allowed", 422,
        ["Seed not allowed", "A chosen seed would let its chooser know every coming roll and card, so between two or more people it needs the operator's token (rule SESSION-SEED-1).", "Leave `seed` out: the server draws one and commits to it; it is revealed when the game ends."],
        ["Startwert nicht erlaubt", "Wer den Startwert wählt, kennt jeden kommenden Wurf und jede kommende Karte; zwischen zwei oder mehr Menschen braucht das deshalb das Token des Betreibers (Regel SESSION-SEED-1).", "Lass `seed` weg: Der Server zieht einen Startwert und legt sich darauf fest; er wird am Ende der Partie aufgedeckt."]),
    p("unused_table_input", 422,
        ["Unused table input", "The request brought more table dice or cards than the command used. Nothing was applied; `needed` lists what it uses.", "Resend with exactly the items the command needs, in order."],
        ["Überzählige Eingaben vom Tisch", "Die Anfrage brachte mehr Würfel oder Karten vom Tisch, als der Befehl braucht. Nichts wurde ausgeführt; `needed` listet auf, was er braucht.", "Sende erneut, mit genau den Eingaben, die der Befehl braucht, in Reihenfolge."]),
    p("table_input_not_allowed", 422,
        ["Table input not allowed", "The request brought table dice or cards, but in this session the server rolls and shuffles: nobody chooses the dice.", "Leave `table` out, or create the session with the game's physical-table options."],
        ["Eingaben vom Tisch nicht erlaubt", "Die Anfrage brachte Würfel oder Karten vom Tisch, aber in dieser Sitzung würfelt und mischt der Server: Niemand wählt die Würfel.", "Lass `table` weg oder lege die Sitzung mit den Optionen des Spiels für den echten Tisch an."]),
    // 429/5xx: slow down, try later.
    p("rate_limited", 429,
        ["Too many requests", "This client address sent more requests than the server allows (--rate-limit, --rate-burst).", "Wait for the seconds in Retry-After, then send fewer requests."],
        ["Zu viele Anfragen", "Diese Client-Adresse hat mehr Anfragen gesendet, als der Server erlaubt (`--rate-limit`, `--rate-burst`).", "Warte die Sekunden aus `Retry-After` ab und sende dann weniger Anfragen."]),
    p("quota_exceeded", 429,
        ["Quota exceeded", "This client address created or imported more sessions this hour than the server allows (--creates-per-hour, --imports-per-hour).", "Wait for the seconds in Retry-After; finish or delete old sessions."],
        ["Kontingent erschöpft", "Diese Client-Adresse hat in dieser Stunde mehr Sitzungen angelegt oder importiert, als der Server erlaubt (`--creates-per-hour`, `--imports-per-hour`).", "Warte die Sekunden aus `Retry-After` ab; beende oder lösche alte Sitzungen."]),
    p("unknown_version", 404,
        ["No such version", "The session has not reached that version (rule SESSION-AT-1); `version` says where it is.", "Ask for a version from 0 to the session's version."],
        ["Keine solche Version", "Die Sitzung hat diese Version nicht erreicht (Regel SESSION-AT-1); `version` sagt, wo sie steht.", "Frag nach einer Version von 0 bis zur Version der Sitzung."]),
    p("viewpoint_hidden", 403,
        ["Another seat's view is hidden", "Another seat's view of a past version is shown only after the end of the game (rule SESSION-AT-2).", "Look through your own seat's eyes, or wait for the end."],
        ["Sicht eines anderen Platzes verborgen", "Die Sicht eines anderen Platzes auf eine frühere Version wird erst nach dem Ende der Partie gezeigt (Regel SESSION-AT-2).", "Sieh durch die Augen deines Platzes oder warte das Ende ab."]),
    p("game_not_finished", 409,
        ["Game not finished", "A rematch starts from a finished game (rule SESSION-REMATCH-1).", "Finish or resign the game first."],
        ["Partie nicht beendet", "Eine Revanche beginnt nach einer beendeten Partie (Regel SESSION-REMATCH-1).", "Beende die Partie oder gib zuerst auf."]),
    p("invalid_watch_token", 401,
        ["Watch token not valid", "The watch token is unknown or a seat revoked it (rule SESSION-WATCH-2).", "Ask a seat at the table for a new watch link."],
        ["Zuschauer-Token ungültig", "Das Zuschauer-Token ist unbekannt oder ein Platz hat es widerrufen (Regel SESSION-WATCH-2).", "Bitte einen Platz am Tisch um einen neuen Zuschauer-Link."]),
    p("unknown_watcher", 404,
        ["No such watcher", "The session has no watcher by that id (it may have been revoked already).", "List nothing: make a new watch link if one is needed."],
        ["Kein solcher Zuschauer", "Die Sitzung hat keinen Zuschauer mit dieser ID (vielleicht ist er schon widerrufen).", "Lege bei Bedarf einen neuen Zuschauer-Link an."]),
    p("too_many_watchers", 409,
        ["Too many watchers", "The session has as many watch links as it may have.", "Revoke one (`DELETE …/watchers/{watcher}`) and make a new one."],
        ["Zu viele Zuschauer", "Die Sitzung hat so viele Zuschauer-Links, wie sie haben darf.", "Widerrufe einen (`DELETE …/watchers/{watcher}`) und lege einen neuen an."]),
    p("notify_target_refused", 422,
        ["Notice target refused", "The server will not post notices to this URL (rule SESSION-NOTIFY-1): not http or https, not resolvable, or a loopback, private or link-local host.", "Give a public http(s) URL of your ntfy topic or webhook; the operator can allow private hosts with --notify-allow-private."],
        ["Benachrichtigungsziel abgelehnt", "Der Server schickt keine Benachrichtigungen an diese URL (Regel SESSION-NOTIFY-1): nicht http oder https, nicht auflösbar, oder ein Loopback-, privater oder Link-Local-Host.", "Gib eine öffentliche http(s)-URL deines ntfy-Themas oder Webhooks an; der Betreiber kann private Hosts mit --notify-allow-private erlauben."]),
    p("too_many_streams", 429,
        ["Too many streams", "The session, the seat or this address has as many live event streams as the server allows (--streams-per-session, --streams-per-seat, --streams-per-address).", "Close a stream you no longer read, then retry after Retry-After."],
        ["Zu viele Streams", "Die Sitzung, der Platz oder diese Adresse hat so viele offene Ereignis-Streams, wie der Server erlaubt (`--streams-per-session`, `--streams-per-seat`, `--streams-per-address`).", "Schließe einen Stream, den du nicht mehr liest, und versuche es nach `Retry-After` erneut."]),
    p("internal", 500,
        ["Internal error", "The server failed in a way it did not expect. Nothing was applied.", "Retry later; if it persists, the server's log has the reason."],
        ["Interner Fehler", "Der Server ist auf eine unerwartete Weise gescheitert. Nichts wurde ausgeführt.", "Versuche es später erneut; wenn es bleibt, steht der Grund im Log des Servers."]),
    p("busy", 503,
        ["Session busy", "The session has too many commands queued.", "Wait for the seconds in Retry-After and retry."],
        ["Sitzung ausgelastet", "Bei der Sitzung warten zu viele Befehle.", "Warte die Sekunden aus `Retry-After` ab und versuche es erneut."]),
    p("shutting_down", 503,
        ["Shutting down", "The server is stopping and takes no new commands.", "Retry after Retry-After, when the server is back."],
        ["Server fährt herunter", "Der Server hält an und nimmt keine neuen Befehle an.", "Versuche es nach `Retry-After` erneut, wenn der Server wieder da ist."]),
    p("storage_unavailable", 503,
        ["Storage unavailable", "The database refused the write (a full or read-only disk). Nothing was applied, in memory or on disk.", "Retry after Retry-After; the operator must free the disk."],
        ["Speicher nicht verfügbar", "Die Datenbank hat das Schreiben abgelehnt (eine volle oder schreibgeschützte Platte). Nichts wurde ausgeführt, weder im Speicher noch auf der Platte.", "Versuche es nach `Retry-After` erneut; der Betreiber muss Platz auf der Platte schaffen."]),
];

/// The catalogue entry of `code`.
pub fn find(code: &str) -> Option<&'static ProblemKind> {
    CATALOGUE.iter().find(|p| p.code == code)
}

#[cfg(test)]
mod tests {
    use super::CATALOGUE;
    use crate::engine::testing::{check_german, check_text};

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
            for t in [
                p.title,
                p.meaning,
                p.remedy,
                p.title_de,
                p.meaning_de,
                p.remedy_de,
            ] {
                check_text(p.code, t).unwrap();
            }
        }
    }

    // Every problem reads in German, titles included.
    #[test]
    fn every_problem_reads_in_german() {
        for p in CATALOGUE {
            for t in [p.title_de, p.meaning_de, p.remedy_de] {
                check_german(p.code, t).unwrap();
            }
            // A title is a name, not a sentence.
            for t in [p.title, p.title_de] {
                assert!(!t.ends_with('.') && t.len() < 40, "{}: {t:?}", p.code);
            }
            assert_ne!(p.meaning, p.meaning_de, "{}", p.code);
        }
    }
}
