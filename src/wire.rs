//! The documents the server sends and receives: one set of types, written
//! by the session layer and described by `openapi.json`.
//!
//! Game-specific parts (options, view, moves, legal moves, events,
//! decisions) are JSON the erased game wrote, carried in typed part fields
//! ([`ViewPart`], …). The OpenAPI document repeats every document that
//! holds a part once per game, with that game's own schema in its place
//! (`ArlerErdeSession`, …), and names the union of them after the document
//! (`Session`), so a front end generated from it sees, per game, the exact
//! shape of `view`, `legal_moves`, `events` and `next`.

use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::Arc;

use crate::engine::{Domain, Json, Lang, SeatKind, TableItem};

/// Declares the JSON parts a game writes. Each is JSON passed through as
/// is at run time; in the OpenAPI document every document that holds one
/// is repeated per game with the game's own schema in its place.
macro_rules! part {
    ($(#[$doc:meta])* $name:ident, $schema_name:literal) => {
        $(#[$doc])*
        ///
        /// Shared ([`SharedJson`]): a rendering cached for a session
        /// version is put into every answer of that version without a copy.
        #[derive(Debug, Clone)]
        pub struct $name(pub SharedJson);

        impl Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                // Written as is.
                self.0.serialize(s)
            }
        }

        impl JsonSchema for $name {
            fn schema_name() -> Cow<'static, str> {
                $schema_name.into()
            }
            fn json_schema(_: &mut SchemaGenerator) -> Schema {
                schemars::json_schema!({"description": concat!("Game part ", $schema_name, ": see the per-game documents.")})
            }
        }

        impl $name {
            /// Wraps JSON the erased game wrote.
            pub fn raw(v: Json) -> Self {
                $name(Arc::new(v))
            }
            /// Wraps JSON the erased game wrote, shared with a cache.
            pub fn shared(v: SharedJson) -> Self {
                $name(v)
            }
            /// JSON of a serializable value (our plain data cannot fail).
            pub fn of<T: Serialize>(t: &T) -> Self {
                $name::raw(to_raw(t))
            }
            pub fn get(&self) -> &str {
                self.0.get()
            }
        }
    };
}

/// JSON text shared between answers. Wrapping the text the game wrote
/// costs one small allocation, where `Arc<str>` would copy every rendering
/// (views and legal moves run to 20 KB) once more.
pub type SharedJson = Arc<Json>;

fn to_raw<T: Serialize>(t: &T) -> Json {
    Json::of(t).unwrap_or_else(|_| Json::parse("null".into()).expect("null is JSON"))
}

part!(
    /// The game's options.
    OptionsPart,
    "GamePartOptions"
);
part!(
    /// The game's view of the table.
    ViewPart,
    "GamePartView"
);
part!(
    /// Who acts next and what is being decided.
    NextPart,
    "GamePartNext"
);
part!(
    /// A list of events.
    EventsPart,
    "GamePartEvents"
);
part!(
    /// A list of legal moves.
    LegalMovesPart,
    "GamePartLegalMoves"
);
part!(
    /// A move.
    MovePart,
    "GamePartMove"
);
part!(
    /// A whole session document.
    SessionPart,
    "GamePartSession"
);

/// The game id of a document (a constant per game in the per-game schemas).
#[derive(Debug, Clone, Copy, Serialize)]
#[serde(transparent)]
pub struct GameIdPart(pub &'static str);

impl JsonSchema for GameIdPart {
    fn schema_name() -> Cow<'static, str> {
        "GamePartId".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        schemars::json_schema!({"type": "string"})
    }
}

/// The names of the game parts, for the OpenAPI builder.
pub const PART_NAMES: [&str; 8] = [
    "GamePartOptions",
    "GamePartView",
    "GamePartNext",
    "GamePartEvents",
    "GamePartLegalMoves",
    "GamePartMove",
    "GamePartSession",
    "GamePartId",
];

/// Whether a session is being played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Active,
    Finished,
}

/// A seat of a session.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SeatDoc {
    pub index: u8,
    /// Stable id (`human`, `vim`, `a`, …).
    pub id: String,
    pub kind: SeatKind,
    /// Display name, in the answer's language (`Player A`, `Spieler A`).
    pub name: String,
    /// The seat's secret token: only in the answer that created the
    /// session, and only for the creator's own seat (every human seat
    /// with `pass_and_play` or in a solo game).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    /// A one-time invite code for a seat another person will take
    /// (`seating: invite`): `POST /v1/sessions/{id}/seats/{seat}/claim`
    /// turns it into that seat's token, once. Only in the create answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invite: Option<String>,
}

/// Who holds the human seats of a session.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Seating {
    /// One human seat: its token is in the create answer.
    Solo,
    /// The creator's token is in the create answer; every other human
    /// seat has a one-time invite code that its player claims.
    Invite,
    /// One device plays every human seat: every seat's token is in the
    /// create answer.
    PassAndPlay,
}

/// How a new session's human seats are handed out (`POST /v1/sessions`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeatingChoice {
    /// The creator takes one seat; each other human seat gets an invite
    /// code (the default when the game has two or more human seats).
    Invite,
    /// One device plays every human seat (every token in the answer).
    PassAndPlay,
}

/// `POST /v1/sessions/{id}/seats/{seat}/claim`
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ClaimRequest {
    /// The invite code the create answer gave for this seat. Left out to
    /// claim a seat of a rematch with the old game's seat token in
    /// `Authorization` (`POST …/rematch`).
    #[serde(default)]
    pub invite: Option<String>,
}

/// A seat's fresh token: the answer to a claim or a rotation.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SeatTokenDoc {
    pub seat: SeatRef,
    /// The seat's secret token, shown only here.
    pub token: String,
}

/// The seat a token belongs to.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SeatRef {
    pub index: u8,
    pub id: String,
}

/// How anyone can check that the server did not choose the game's chance:
/// the seed is drawn from OS entropy and committed to at creation; it is
/// revealed when the game ends (or at once for a public seed).
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Fairness {
    /// Hex SHA-256 of `"ghostseat/commit/v1"`, the seed (8 bytes little
    /// endian) and the salt (16 bytes).
    pub commitment: String,
    /// The seed was chosen by the client (tests, solo games): anyone may
    /// know the coming dice and shuffles.
    pub public_seed: bool,
    /// The seed as a decimal string, once revealed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
    /// The salt in hex, once revealed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub salt: Option<String>,
}

/// Answer to `POST /v1/sessions` (and to an import).
#[derive(Serialize, JsonSchema)]
pub struct CreatedDoc {
    pub id: String,
    pub game: GameIdPart,
    pub options: OptionsPart,
    pub fairness: Fairness,
    pub version: u64,
    pub status: Status,
    /// Who holds the human seats: which of them carry a token here and
    /// which an invite code.
    pub seating: Seating,
    /// Every seat; the creator's seat carries its token, the other human
    /// seats their token or invite code as `seating` says (shown only here).
    pub seats: Vec<SeatDoc>,
    pub next: NextPart,
    /// What the setup did.
    pub events: EventsPart,
    /// The table as a reader with no seat sees it.
    pub view: ViewPart,
}

/// `GET /v1/sessions/{id}`: the table as the token's seat sees it.
#[derive(Serialize, JsonSchema)]
pub struct SessionDoc {
    pub id: String,
    pub game: GameIdPart,
    pub options: OptionsPart,
    pub fairness: Fairness,
    pub version: u64,
    pub status: Status,
    /// The token's seat.
    pub seat: SeatRef,
    pub seats: Vec<SeatDoc>,
    pub next: NextPart,
    pub view: ViewPart,
    /// What the token's seat may do now (empty when it is not its turn).
    pub legal_moves: LegalMovesPart,
    /// The session this one is the rematch of (`POST …/rematch`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rematch_of: Option<String>,
    /// The rematch of this finished session, once a seat asked for one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rematch: Option<String>,
}

/// `GET /v1/sessions/{id}/at/{version}`: the session as a seat saw it
/// after `version` commands, with that version's events.
#[derive(Serialize, JsonSchema)]
pub struct SessionAtDoc {
    /// The session document of the viewpoint's seat at that version (its
    /// `legal_moves` are what the seat could do then; nothing is played
    /// through this document).
    pub session: SessionDoc,
    /// The events of the command that made the version (the setup's at 0),
    /// as the viewpoint's seat read them.
    pub events: EventsPart,
    /// What that command was (none at 0).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<CommandKind>,
    /// The seat that acted (none for the bot and at 0).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by: Option<u8>,
    /// The session's version now.
    pub head: u64,
    /// Commands replayed from the nearest checkpoint for this answer.
    pub replayed: u64,
}

/// Answer to `POST /v1/sessions/{id}/rematch`.
#[derive(Serialize, JsonSchema)]
pub struct RematchDoc {
    /// The new session.
    pub id: String,
    pub game: GameIdPart,
    /// The finished session it follows.
    pub rematch_of: String,
    pub fairness: Fairness,
    /// Its seats. Each human seat of the old game claims its seat here with
    /// `POST /v1/sessions/{id}/seats/{seat}/claim`, its old token in
    /// `Authorization` and no invite code.
    pub seats: Vec<SeatDoc>,
}

/// Answer to `POST /v1/sessions/{id}/watchers`: a read-only token for a
/// screen everybody at the table looks at.
#[derive(Serialize, JsonSchema)]
pub struct WatcherDoc {
    /// The watcher's id (`DELETE …/watchers/{watcher}` revokes it).
    pub id: String,
    /// The read-only token, shown only here: it reads `GET …/watch` and
    /// `GET …/watch/stream` (no seat's hidden information, no legal moves)
    /// and nothing else.
    pub token: String,
    /// The table page's watch screen with the token, relative to the server
    /// (`/#w=…&k=…`; the token is in the fragment, never sent to a server
    /// as part of a URL).
    pub link: String,
}

/// `GET /v1/sessions/{id}/watch`: the session as an onlooker sees it.
#[derive(Serialize, JsonSchema)]
pub struct WatchDoc {
    pub id: String,
    pub game: GameIdPart,
    pub fairness: Fairness,
    pub version: u64,
    pub status: Status,
    pub seats: Vec<SeatDoc>,
    pub next: NextPart,
    /// The table as a reader with no seat sees it.
    pub view: ViewPart,
    /// The events of the command that made this version, as a reader with
    /// no seat reads them (empty when the server no longer holds them).
    pub events: EventsPart,
}

/// One entry of `GET /v1/sessions/{id}/watch/stream` (event `command`).
#[derive(Serialize, JsonSchema)]
pub struct WatchEntryDoc {
    pub game: GameIdPart,
    pub seq: u64,
    pub kind: CommandKind,
    pub seat: Option<u8>,
    /// The command's events as a reader with no seat reads them.
    pub events: EventsPart,
    /// The session after the command.
    pub watch: WatchDoc,
}

/// `PUT /v1/sessions/{id}/seats/me/notify`: where the seat hears that it
/// is its turn. A notice says "Your turn in <game>: <link>", the link being
/// `<public-url>/#s=<session>&seat=<seat id>` without any token: the seat's
/// own device opens it with the token it keeps (rule SESSION-NOTIFY-2).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NotifyRequest {
    /// An http or https URL: an ntfy topic, a Discord or Slack webhook, or
    /// any receiver of JSON. Loopback, private and link-local hosts are
    /// refused unless the operator allows them (`--notify-allow-private`).
    pub url: String,
    pub format: crate::session::NoticeFormat,
}

/// A seat's notice setting and what became of its notices.
#[derive(Debug, Serialize, JsonSchema)]
pub struct NotifyDoc {
    pub seat: SeatRef,
    /// The target, if one is set.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub format: Option<crate::session::NoticeFormat>,
    /// When the last notice was delivered (Unix milliseconds).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_sent_ms: Option<i64>,
    /// Why the last notice could not be delivered, after its retries.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_error: Option<String>,
}

/// What a committed command was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CommandKind {
    Move,
    BotTurn,
    Undo,
    Resign,
}

impl CommandKind {
    pub fn as_str(self) -> &'static str {
        match self {
            CommandKind::Move => "move",
            CommandKind::BotTurn => "bot_turn",
            CommandKind::Undo => "undo",
            CommandKind::Resign => "resign",
        }
    }
    pub fn parse(s: &str) -> Option<CommandKind> {
        match s {
            "move" => Some(CommandKind::Move),
            "bot_turn" => Some(CommandKind::BotTurn),
            "undo" => Some(CommandKind::Undo),
            "resign" => Some(CommandKind::Resign),
            _ => None,
        }
    }
}

/// Answer to a committed command (move, bot turn, undo).
#[derive(Serialize, JsonSchema)]
pub struct CommandDoc {
    pub id: String,
    pub game: GameIdPart,
    /// The version this command produced.
    pub version: u64,
    pub kind: CommandKind,
    /// Whether the acting seat may take this command back (`POST …/undo`).
    pub undoable: bool,
    pub events: EventsPart,
    pub next: NextPart,
    /// The table as the token's seat now sees it; absent with
    /// `Prefer: return=minimal`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub view: Option<ViewPart>,
    /// What the token's seat may do now (empty when it is not its turn);
    /// absent with `Prefer: return=minimal`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legal_moves: Option<LegalMovesPart>,
}

/// A table item as the log shows it to a seat: hidden items (a card drawn
/// in secret) appear as `{"hidden": true}` to the other seats.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum LoggedItem {
    Item(TableItem),
    Hidden { hidden: bool },
}

/// What a command carried.
#[derive(Serialize, JsonSchema)]
pub struct PayloadDoc {
    /// The move (kind `move`).
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    pub mv: Option<MovePart>,
    /// The table input the command used, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schemars(default)]
    pub table: Vec<LoggedItem>,
    /// The command an undo took back.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub undoes: Option<u64>,
}

/// One command of the log.
#[derive(Serialize, JsonSchema)]
pub struct LogEntryDoc {
    pub seq: u64,
    pub kind: CommandKind,
    /// The acting seat (none for bot turns).
    pub seat: Option<u8>,
    pub payload: PayloadDoc,
    pub events: EventsPart,
    pub created_at: String,
}

/// `GET /v1/sessions/{id}/log`
#[derive(Serialize, JsonSchema)]
pub struct LogDoc {
    pub id: String,
    pub game: GameIdPart,
    /// The session's version now.
    pub version: u64,
    pub commands: Vec<LogEntryDoc>,
}

/// One entry of `GET /v1/sessions/{id}/stream` (event `command`): a
/// committed command as the stream's seat reads it. `session` is the whole
/// session document after the command when the entry is the newest (live
/// entries, and the last entry of a catch-up), so a client redraws from the
/// stream alone; older catch-up entries carry only their events.
#[derive(Serialize, JsonSchema)]
pub struct StreamEntryDoc {
    pub game: GameIdPart,
    pub seq: u64,
    pub kind: CommandKind,
    pub seat: Option<u8>,
    pub events: EventsPart,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub session: Option<SessionPart>,
}

/// A command of an export.
#[derive(Serialize, Deserialize, JsonSchema)]
pub struct ExportCommand {
    pub seq: u64,
    pub kind: CommandKind,
    pub seat: Option<u8>,
    /// As logged: `{"move": …, "table": […]}`, `{"table": […]}` or `{"undoes": n}`.
    pub payload: serde_json::Value,
}

/// `GET /v1/sessions/{id}/export`: enough to rebuild the session exactly on
/// another server (`POST /v1/sessions/import`).
#[derive(Serialize, Deserialize, JsonSchema)]
pub struct ExportDoc {
    /// `ghostseat-session/2`
    pub format: String,
    pub game: String,
    pub options: serde_json::Value,
    /// Decimal string.
    pub seed: String,
    /// Hex; absent for sessions created before seeds were committed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub salt: Option<String>,
    #[serde(default)]
    pub public_seed: bool,
    pub version: u64,
    pub commands: Vec<ExportCommand>,
}

/// `GET /v1/sessions/{id}/verify`
#[derive(Debug, Serialize, JsonSchema)]
pub struct VerifyDoc {
    /// The replay of the log from the seed reproduces the stored state.
    pub ok: bool,
    pub version: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub commands_replayed: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub snapshot_version: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stored_snapshot_sha256: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replayed_snapshot_sha256: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stored_rng_pos: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replayed_rng_pos: Option<u64>,
    /// The seed and salt, once revealed (the game is over, or the seed was
    /// public): check that they give the commitment you were shown at
    /// creation, and replay the log from the seed yourself. While the game
    /// runs, no digest of the state is shown (it would be a digest of the
    /// hidden cards).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fairness: Option<Fairness>,
    pub detail: String,
}

/// A game of the catalogue.
#[derive(Serialize, JsonSchema)]
pub struct GameDoc {
    pub id: GameIdPart,
    pub title: String,
    /// Seats under the default options.
    pub seats: Vec<SeatDoc>,
    pub default_options: OptionsPart,
    /// JSON Schema of the options (also in this document's components, in
    /// English). Each top-level property has a `title`; title and
    /// `description` read in the request's language.
    pub options_schema: serde_json::Value,
    /// JSON Schema of a move.
    pub move_schema: serde_json::Value,
    /// Languages the texts of this game are written in.
    pub languages: Vec<Lang>,
}

/// One rule of a game's rulebook, in the answer's language.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RuleDoc {
    /// The id events and refusals name, e.g. `ARLE-VIM-4`.
    pub id: String,
    /// The part of the rules it belongs to.
    pub section: String,
    pub title: String,
    /// What the rule says, for players.
    pub summary: String,
}

/// A game term in English and German.
#[derive(Debug, Serialize, JsonSchema)]
pub struct TermDoc {
    pub en: String,
    pub de: String,
}

/// `GET /v1/games/{id}/rules`: every rule id the game (and the session
/// layer) can name, for players to look up.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RulesDoc {
    /// The game id.
    pub game: String,
    pub lang: Lang,
    pub rules: Vec<RuleDoc>,
    /// The game's terms in both languages.
    pub terms: Vec<TermDoc>,
}

/// `GET /v1/games/{id}/text/{lang}` as JSON: the game's catalogue in one language, for a
/// front end that names what it draws (cards, cities, spaces) as the server does.
#[derive(Debug, Serialize, JsonSchema)]
pub struct TextDoc {
    /// The game id.
    pub game: String,
    pub lang: Lang,
    /// Every message and attribute (`id.attribute`) that reads without arguments, by its
    /// Fluent id (`card-miltiades`: "Miltiades"), formatted. Sentences with arguments are in
    /// the Fluent source (`Accept: text/plain`). A game that has not moved its texts into a
    /// catalogue yet has the shared grammar only.
    pub messages: std::collections::BTreeMap<String, String>,
}

/// `GET /v1/games`
#[derive(Serialize, JsonSchema)]
pub struct GamesDoc {
    pub games: Vec<GameDoc>,
}

/// `POST /v1/sessions`
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateSession {
    /// Game id from `GET /v1/games`.
    pub game: String,
    /// Options; see the game's `options_schema`. Omitted = defaults.
    #[serde(default)]
    pub options: serde_json::Value,
    /// A seed chosen by the client makes the session's chance public (tests,
    /// solo games); omit it and the server draws one and commits to it.
    #[serde(default)]
    pub seed: Option<SeedInput>,
    /// Table input the setup needs in physical-table mode.
    #[serde(default)]
    pub table: Vec<TableItem>,
    /// How the human seats are handed out; default `invite` when the game
    /// has two or more human seats. Ignored in a solo game.
    pub seating: Option<SeatingChoice>,
    /// The creator's own seat id (default: the first human seat).
    pub seat: Option<String>,
}

/// A seed as a JSON number or a decimal string (64-bit seeds exceed what
/// JavaScript numbers hold exactly).
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum SeedInput {
    Number(u64),
    Text(String),
}

impl SeedInput {
    pub fn value(&self) -> Option<u64> {
        match self {
            SeedInput::Number(n) => Some(*n),
            SeedInput::Text(s) => s.parse().ok(),
        }
    }
}

/// `POST /v1/sessions/{id}/moves`
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    /// The move, a tagged object `{"type": …}`.
    #[serde(rename = "move")]
    #[schemars(with = "MovePart")]
    pub mv: serde_json::Value,
    /// Dice rolled and cards drawn at the table for this move, in the
    /// order the rules use them (physical-table mode only).
    #[serde(default)]
    pub table: Vec<TableItem>,
    /// The version the client saw; 409 if the session moved on.
    #[serde(default)]
    pub expected_version: Option<u64>,
}

/// `POST /v1/sessions/{id}/bot-turn` (the body may be empty).
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BotTurnRequest {
    /// Dice rolled and cards turned over at the table for the bot, in
    /// order (physical-table mode only).
    #[serde(default)]
    pub table: Vec<TableItem>,
    #[serde(default)]
    pub expected_version: Option<u64>,
}

/// `POST /v1/sessions/{id}/undo` (the body may be empty).
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UndoRequest {
    #[serde(default)]
    pub expected_version: Option<u64>,
}

/// `PUT /v1/sessions/{id}/language`: the seat pins the language of its
/// answers.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LanguagePinRequest {
    /// `en` or `de`: every text this seat reads from now on (answers,
    /// stream entries, errors) is in this language, whatever the device's
    /// `Accept-Language` says.
    pub language: crate::engine::Lang,
}

/// `GET`, `PUT`, `DELETE /v1/sessions/{id}/language`: the language the
/// token's seat pinned.
#[derive(Debug, Serialize, JsonSchema)]
pub struct LanguagePinDoc {
    pub seat: SeatRef,
    /// The pinned language, or null: answers follow each request's
    /// `Accept-Language`.
    pub language: Option<crate::engine::Lang>,
}

/// `DELETE /v1/sessions/{id}` while other seats have not agreed yet (202).
#[derive(Debug, Serialize, JsonSchema)]
pub struct DeleteDoc {
    /// Seat ids that asked to delete the session.
    pub consented: Vec<String>,
    /// Human seat ids whose consent is still missing.
    pub waiting_for: Vec<String>,
}

/// `POST /v1/sessions/{id}/stream-tickets`: a short-lived, single-use
/// ticket for `GET …/stream?ticket=…` (a browser's `EventSource` cannot
/// send the token).
#[derive(Debug, Serialize, JsonSchema)]
pub struct StreamTicketDoc {
    pub ticket: String,
    /// Seconds until the ticket expires unused.
    pub expires_in: u64,
    /// The stream URL with the ticket.
    pub url: String,
}

/// `GET /healthz`, `GET /readyz`
#[derive(Serialize, JsonSchema)]
pub struct HealthDoc {
    pub status: String,
}

/// A domain of a legal-move template parameter (for the schema only).
pub type DomainDoc = Domain;

/// Scores by seat id.
pub type Scores = BTreeMap<String, Option<i64>>;

/// `GET /v1/sessions/{id}/legal-moves`
#[derive(Serialize, JsonSchema)]
pub struct LegalMovesDoc {
    pub game: GameIdPart,
    pub moves: LegalMovesPart,
}

/// The schema name of a game's documents: the game id in PascalCase
/// (`arler-erde` → `ArlerErde`).
pub fn pascal(id: &str) -> String {
    id.split(['-', '_'])
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect()
}
