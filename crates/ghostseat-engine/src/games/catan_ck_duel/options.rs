//! Options of `catan-ck-duel` (§3 of the spec and catan-base §3): the house readings and house
//! rules a table may choose, with their defaults, and what a schema cannot check.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::board::Vertex;
use super::refusals::Refusal;
use crate::engine::{GameOptions, RuleError};
use crate::games::catan::layout::{HarbourLayout, Layout, ManualBoard, Numbers, SpiralStart};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "snake_case")]
/// Who places first and starts (CAT-SETUP-4).
pub enum FirstPlayer {
    /// A roll-off of two dice each; equal sums roll again, at most 20 times (CAT-RNG-5).
    #[default]
    Roll,
    /// Seat `a` starts.
    A,
    /// Seat `b` starts.
    B,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "snake_case")]
/// Where the dice came from (CAT-RNG-2): the option `dice` of sessions created before
/// `table_mode` (still read).
pub enum DiceMode {
    /// The server rolls from the session's seeded dice.
    #[default]
    Rng,
    /// The table rolls real dice and sends them with each request (`table`).
    Manual,
}

/// Who decides the neutral placements (CCK-NEUT-9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum NeutralPlacement {
    /// The player whose build owes the neutral piece chooses its colour and spot, as the
    /// original text says ("so setzt er ebenfalls …").
    #[default]
    ActivePlayer,
    /// House rule: the bot chooses with its blocking heuristic (CCK-NEUT-10..-14).
    Bot,
}

/// Whom the bot's neutral pieces block (CCK-NEUT-10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum BotTarget {
    /// The bot blocks the opponent of the player whose build owes the piece.
    #[default]
    Opponent,
    /// The bot blocks whoever has more victory points (the opponent on a tie).
    Leader,
}

/// Which neutral knight a real promotion promotes (CCK-NEUT-6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum NeutralPromotion {
    /// Reading of "entsprechend": a promotion to strong promotes a neutral basic knight; a
    /// promotion to mighty lapses.
    #[default]
    SameLevel,
    /// Every promotion promotes a neutral basic knight.
    OneStep,
}

/// Which red die a gate of an equal second roll reads (CCK-DICE-4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum EventRed {
    /// The red die thrown together with the event die ("wird auch gleich ausgewertet").
    #[default]
    ThrownWith,
    /// The red die of the accepted number throw.
    Final,
}

/// Session options (§3 of the spec and catan-base §3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// How terrains, number tokens and harbours are laid out: `random`, the printed
    /// `beginner` board, or `manual` from `board` (CAT-BOARD-11, -12, -15).
    pub layout: Layout,
    /// With `layout: "random"`: tokens in letter order along the spiral (CAT-BOARD-13), or
    /// shuffled with no two red numbers (6, 8) next to each other (CAT-BOARD-14).
    pub numbers: Numbers,
    /// The corner hex where the token spiral starts (CAT-BOARD-13); `random` picks one.
    pub spiral_start: SpiralStart,
    /// Default: beginner frame for the beginner layout, manual for manual, else random.
    pub harbours: Option<HarbourLayout>,
    /// The table's own board: the 19 terrains and tokens and/or the 9 harbour kinds.
    /// Required with `layout: "manual"` or `harbours: "manual"` (CAT-BOARD-15).
    pub board: Option<ManualBoard>,
    /// Who places first and starts: a roll-off or a fixed seat (CAT-SETUP-4).
    pub first_player: FirstPlayer,
    /// What the table supplies (CAT-RNG-2, -3, SESSION-TABLE-3): `server` (the server rolls
    /// and deals), `dice` (real dice, sent with each request's `table`) or `all` (a real box:
    /// the dice and every card drawn, progress cards and a card taken from a hand, are sent by
    /// id in the request's `table` field instead of dealt by the server).
    #[schemars(schema_with = "table_mode_schema")]
    pub table_mode: crate::engine::TableChoice,
    /// `true` (the official combined-phase variant): after the rolls, trading and building
    /// mix in any order. `false`: no trade after the turn's first build (CAT-TURN-4).
    pub combined_trade_build: bool,
    /// Base hand limit on a 7 (CAT-SEVEN-1), 7..20; each city wall adds 2 (CCK-SEVEN-1).
    #[schemars(range(min = 7, max = 20))]
    pub discard_limit: u32,
    /// Display labels per colour (`a`, `b`, `n1`, `n2`), at most 100 characters each; only
    /// what texts call the colours.
    pub colours: std::collections::BTreeMap<String, String>,
    /// Victory points a player needs in their own turn to win (CCK-END-1; the original: 13).
    #[schemars(range(min = 4, max = 30))]
    pub vp_target: u32,
    /// The two intersections where the neutral parties' start settlements stand
    /// (CAT-DUO-3; house default: the two corners of the centre hex).
    pub neutral_start: [Vertex; 2],
    /// A neutral settlement must touch a road of its colour (CAT-DUO-7); `false` lets it
    /// stand on any free intersection that keeps the distance rule.
    pub neutral_settlement_needs_road: bool,
    /// Who decides every neutral road, settlement, knight, promotion and relocation:
    /// the player whose build owes it (the original) or the bot (house rule) (CCK-NEUT-9).
    pub neutral_placement: NeutralPlacement,
    /// Whom the bot's neutral pieces block when `neutral_placement` is `bot` (CCK-NEUT-10).
    pub neutral_bot_target: BotTarget,
    /// Which neutral knight a real player's promotion promotes (CCK-NEUT-6).
    pub neutral_promotion: NeutralPromotion,
    /// Which red die a city gate of the second roll reads when the number dice had to be
    /// thrown again (CCK-DICE-4).
    pub second_roll_event_red: EventRed,
    /// Ship results until the barbarians land (CCK-BARB-1), 3..12.
    #[schemars(range(min = 3, max = 12))]
    pub barbarian_track: u8,

    /// House rule, off by default (the rules end only at `vp_target` points, CCK-END-1):
    /// after this many turns the game ends, the higher score wins (equal scores: no
    /// winner) and the end event says the cap ended it (SESSION-HOUSE-1). 0 = no cap.
    pub max_turns: u32,
    /// Replaced by `table_mode`; read only from sessions created before it.
    #[serde(skip_serializing)]
    #[schemars(skip)]
    pub dice: Option<DiceMode>,
    /// Replaced by `table_mode`; read only from sessions created before it.
    #[serde(skip_serializing)]
    #[schemars(skip)]
    pub physical_table: Option<bool>,
}

/// The values of `table_mode` this game offers: dice and hidden cards, so all three
/// (SESSION-TABLE-3).
pub const TABLE_MODES: [crate::engine::TableChoice; 3] = [
    crate::engine::TableChoice::Server,
    crate::engine::TableChoice::Dice,
    crate::engine::TableChoice::All,
];

fn table_mode_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    use crate::engine::TableChoice;
    TableChoice::schema(&[
        (
            TableChoice::Server,
            "The server rolls every die and deals every progress card and every card taken \
             from a hand.",
        ),
        (
            TableChoice::Dice,
            "The table rolls real dice and sends them with each request (`table`, \
             CAT-RNG-2); the server still deals the cards.",
        ),
        (
            TableChoice::All,
            "A real box: every die and every card drawn (progress cards, a card taken from a \
             hand) comes from the table, a card by its id (CAT-RNG-2, -3).",
        ),
    ])
}

impl Options {
    /// What the table supplies (old sessions' `dice`/`physical_table` included: a physical
    /// table was `all`, manual dice `dice`).
    pub fn table(&self) -> crate::engine::TableChoice {
        use crate::engine::TableChoice;
        if self.physical_table == Some(true) {
            TableChoice::All
        } else if self.dice == Some(DiceMode::Manual) && self.table_mode == TableChoice::Server {
            TableChoice::Dice
        } else {
            self.table_mode
        }
    }
    /// Whether the dice come from the table (CAT-RNG-2).
    pub fn table_dice(&self) -> bool {
        self.table().mode().dice
    }
    /// Whether the cards drawn come from the table (CAT-RNG-3).
    pub fn table_cards(&self) -> bool {
        self.table().mode().cards
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            layout: Layout::Random,
            numbers: Numbers::Spiral,
            spiral_start: SpiralStart::Random,
            harbours: None,
            board: None,
            first_player: FirstPlayer::Roll,
            table_mode: crate::engine::TableChoice::Server,
            combined_trade_build: true,
            discard_limit: 7,
            colours: [
                ("a", "red"),
                ("b", "blue"),
                ("n1", "white"),
                ("n2", "orange"),
            ]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
            vp_target: 13,
            neutral_start: [
                Vertex(0, 0, super::board::Corner::N),
                Vertex(0, 0, super::board::Corner::S),
            ],
            neutral_settlement_needs_road: true,
            neutral_placement: NeutralPlacement::ActivePlayer,
            neutral_bot_target: BotTarget::Opponent,
            neutral_promotion: NeutralPromotion::SameLevel,
            second_roll_event_red: EventRed::ThrownWith,
            barbarian_track: 7,
            max_turns: 0,
            dice: None,
            physical_table: None,
        }
    }
}

impl GameOptions for Options {
    /// `dice` and `physical_table` of old sessions become `table_mode`.
    fn normalized(mut self) -> Self {
        self.table_mode = self.table();
        self.dice = None;
        self.physical_table = None;
        self
    }
    /// CAT-RNG-2, -3: the fields `table_mode` replaced, refused in a new session.
    fn refuse_replaced(&self) -> Result<(), RuleError> {
        for (present, option) in [
            (self.dice.is_some(), "dice"),
            (self.physical_table.is_some(), "physical_table"),
        ] {
            if present {
                return Err(crate::engine::TableChoice::refuse_replaced(
                    option,
                    &TABLE_MODES,
                ));
            }
        }
        Ok(())
    }
    fn validate(&self) -> Result<(), RuleError> {
        self.table_mode.check(&TABLE_MODES)?;
        if !(3..=12).contains(&self.barbarian_track) {
            return Err(RuleError::bad_option(
                "CCK-BARB-1",
                "barbarian_track",
                Refusal::BarbarianTrack,
            ));
        }
        if !(4..=30).contains(&self.vp_target) {
            return Err(RuleError::bad_option(
                "CCK-END-1",
                "vp_target",
                Refusal::VpTarget,
            ));
        }
        if !(7..=20).contains(&self.discard_limit) {
            return Err(RuleError::bad_option(
                "CCK-SEVEN-1",
                "discard_limit",
                Refusal::DiscardLimit,
            ));
        }
        Ok(())
    }
}
