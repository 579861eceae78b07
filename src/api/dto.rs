//! Request bodies (parsed strictly) and response shapes (for the OpenAPI
//! document; handlers send the session layer's JSON as is).

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

/// A seed as a JSON number or a decimal string (64-bit seeds exceed what
/// JavaScript numbers hold exactly).
#[derive(Debug, Clone, Deserialize, ToSchema)]
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

/// `POST /v1/sessions`
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateSession {
    /// Game id from `GET /v1/games`.
    pub game: String,
    /// Options; see the game's `options_schema`. Omitted = defaults.
    #[serde(default)]
    #[schema(value_type = Object)]
    pub options: Value,
    /// Seed of the session's dice; random when omitted.
    #[serde(default)]
    pub seed: Option<SeedInput>,
}

/// `POST /v1/sessions/{id}/moves`
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    /// The move, a tagged object `{"type": …}`; see the game's `move_schema`.
    #[serde(rename = "move")]
    #[schema(value_type = Object)]
    pub mv: Value,
    /// Dice rolled at the table for this move, used before the server's dice.
    #[serde(default)]
    pub dice: Vec<u8>,
    /// The version the client saw; 409 if the session moved on.
    #[serde(default)]
    pub expected_version: Option<u64>,
}

/// `POST /v1/sessions/{id}/bot-turn` (the body may be empty).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BotTurnRequest {
    /// Dice rolled at the table for the bot, used before the server's dice.
    #[serde(default)]
    pub dice: Vec<u8>,
    #[serde(default)]
    pub expected_version: Option<u64>,
}

/// `POST /v1/sessions/{id}/undo` (the body may be empty).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UndoRequest {
    #[serde(default)]
    pub expected_version: Option<u64>,
}

/// A seat of a session.
#[derive(Serialize, ToSchema)]
pub struct SeatDoc {
    pub index: u8,
    pub id: String,
    /// `human` or `bot`.
    pub kind: String,
    pub name: String,
    /// The seat's secret token: only in the answer to `POST /v1/sessions`.
    pub token: Option<String>,
}

/// Who acts now: `{"type":"human","seats":[0],"seat_ids":["human"],"prompt":…}`,
/// `{"type":"bot","prompt":…}` or `{"type":"finished","scores":…,"winner":…,"summary":…}`.
#[derive(Serialize, ToSchema)]
pub struct NextDoc {
    #[serde(rename = "type")]
    pub type_: String,
    pub seats: Option<Vec<u8>>,
    pub seat_ids: Option<Vec<String>>,
    pub prompt: Option<String>,
    #[schema(value_type = Object)]
    pub scores: Option<Value>,
    pub winner: Option<String>,
    pub summary: Option<String>,
}

/// An engine event.
#[derive(Serialize, ToSchema)]
pub struct EventDoc {
    pub kind: String,
    /// The rule id that produced it.
    pub rule: String,
    /// A sentence for the table.
    pub text: String,
    pub dice: Option<Vec<u8>>,
    pub cards: Option<Vec<String>>,
    #[schema(value_type = Object)]
    pub data: Option<Value>,
}

/// Answer to `POST /v1/sessions`.
#[derive(Serialize, ToSchema)]
pub struct CreatedDoc {
    pub id: String,
    pub game: String,
    #[schema(value_type = Object)]
    pub options: Value,
    /// Decimal string.
    pub seed: String,
    pub version: u64,
    pub status: String,
    pub seats: Vec<SeatDoc>,
    pub next: NextDoc,
    pub events: Vec<EventDoc>,
    /// Spectator view of the table.
    #[schema(value_type = Object)]
    pub view: Value,
}

/// `GET /v1/sessions/{id}`: the table as the token's seat may see it.
#[derive(Serialize, ToSchema)]
pub struct SessionDoc {
    pub id: String,
    pub game: String,
    #[schema(value_type = Object)]
    pub options: Value,
    pub version: u64,
    pub status: String,
    #[schema(value_type = Object)]
    pub seat: Value,
    pub seats: Vec<SeatDoc>,
    pub next: NextDoc,
    #[schema(value_type = Object)]
    pub view: Value,
    #[schema(value_type = Vec<Object>)]
    pub legal_moves: Vec<Value>,
}

/// Answer to a committed command (move, bot turn, undo).
#[derive(Serialize, ToSchema)]
pub struct CommandDoc {
    pub id: String,
    pub version: u64,
    /// `move`, `bot_turn` or `undo`.
    pub kind: String,
    pub events: Vec<EventDoc>,
    pub next: NextDoc,
    /// The table as the token's seat now sees it.
    #[schema(value_type = Object)]
    pub view: Value,
    /// What the token's seat may do now (empty when it is not its turn), so
    /// a front end needs no second request before its next move.
    #[schema(value_type = Vec<Object>)]
    pub legal_moves: Vec<Value>,
}

/// One command of the log.
#[derive(Serialize, ToSchema)]
pub struct LogEntryDoc {
    pub seq: u64,
    pub kind: String,
    pub seat: Option<u8>,
    #[schema(value_type = Object)]
    pub payload: Value,
    pub events: Vec<EventDoc>,
    pub idempotency_key: Option<String>,
    pub created_at: String,
}

/// `GET /v1/sessions/{id}/log`
#[derive(Serialize, ToSchema)]
pub struct LogDoc {
    pub id: String,
    pub version: u64,
    pub commands: Vec<LogEntryDoc>,
}

/// `GET /v1/sessions/{id}/verify`
#[derive(Serialize, ToSchema)]
pub struct VerifyDoc {
    pub ok: bool,
    pub version: u64,
    pub commands_replayed: Option<u64>,
    pub stored_snapshot_sha256: Option<String>,
    pub replayed_snapshot_sha256: Option<String>,
    pub stored_rng_pos: Option<u64>,
    pub replayed_rng_pos: Option<u64>,
    pub detail: String,
}

/// A game of the catalogue.
#[derive(Serialize, ToSchema)]
pub struct GameDoc {
    pub id: String,
    pub title: String,
    pub seats: Vec<SeatDoc>,
    #[schema(value_type = Object)]
    pub default_options: Value,
    /// JSON Schema of the options.
    #[schema(value_type = Object)]
    pub options_schema: Value,
    /// JSON Schema of a move.
    #[schema(value_type = Object)]
    pub move_schema: Value,
}

/// `GET /v1/games`
#[derive(Serialize, ToSchema)]
pub struct GamesDoc {
    pub games: Vec<GameDoc>,
}

/// `GET /healthz`, `GET /readyz`
#[derive(Serialize, ToSchema)]
pub struct HealthDoc {
    pub status: String,
}
