//! Session options (T300 §3): what the table supplies, and one reading of the seed.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::engine::{GameOptions, RuleError, TableChoice, TableMode};

/// The options of a three-hundred session. Every field has a default; an empty object is the
/// game as the seed describes it, played with the server's dice and cards.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// What the table supplies (SESSION-TABLE-3; a way to play, not a rule of the game).
    /// `server` (default): the server rolls PERSS.KI's die and every battle die from the
    /// session's seeded stream, and shuffles and deals the 16 cards. `dice`: the dice are rolled
    /// at a physical table and sent with each request in its `table` field (a request that
    /// brings too few is answered `422 dice_needed` with the exact list, and a battle stops
    /// before every round: each round is one bot turn with its own dice); the server still deals
    /// the cards. `all`: the dice as with `dice`, and a physical deck: every card turned face up
    /// at the table is sent by id in the request's `table` field, in the order the rules draw
    /// them (the Greek cards bought or drawn, and each card PERSS.KI discards; its hand stays
    /// face down until then).
    #[schemars(schema_with = "table_mode_schema")]
    pub table_mode: TableChoice,
    /// The reading of PERSS.KI's die-6 placement (T300-AI-11). `no_enemy_forces` (default, the
    /// seed's main text "keine feindlichen Streitkräfte"): the first city in the order whose city
    /// holds no Greek army and whose port holds no Greek fleet. `empty_city` (the quick
    /// reference's "unbesetzte Stadt"): the first city holding no army and no fleet of either
    /// side.
    pub deploy_rule: DeployRule,
    /// Replaced by `table_mode`; read only from sessions created before it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(skip)]
    pub dice: Option<DiceMode>,
    /// Replaced by `table_mode`; read only from sessions created before it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(skip)]
    pub deck: Option<DeckMode>,
}

/// The values of `table_mode` this game offers: dice and hidden cards, so all three
/// (SESSION-TABLE-3).
pub const TABLE_MODES: [TableChoice; 3] =
    [TableChoice::Server, TableChoice::Dice, TableChoice::All];

fn table_mode_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    TableChoice::schema(&[
        (
            TableChoice::Server,
            "The server rolls PERSS.KI's die and every battle die, and shuffles and deals the 16 \
             cards.",
        ),
        (
            TableChoice::Dice,
            "Every die is rolled at the table and sent with the request (`table`); the server \
             still shuffles and deals the cards.",
        ),
        (
            TableChoice::All,
            "Every die and a physical deck: each card turned face up at the table (a Greek card \
             bought or drawn, a card PERSS.KI discards) is sent by id with the request (`table`).",
        ),
    ])
}

/// Where the dice came from: the option `dice` of sessions created before `table_mode` (still
/// read).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DiceMode {
    /// The server rolls every die.
    #[default]
    Server,
    /// Every die is rolled at the table and sent with the request.
    Table,
}

/// Where the cards came from: the option `deck` of sessions created before `table_mode` (still
/// read).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DeckMode {
    /// The server shuffles and deals the cards.
    #[default]
    Server,
    /// A physical deck: cards turned face up are sent by id.
    Table,
}

/// The reading of the die-6 placement (option `deploy_rule`, T300-AI-11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DeployRule {
    /// No Greek army in the city and no Greek fleet in its port (the seed's main text).
    #[default]
    NoEnemyForces,
    /// No army and no fleet of either side (the quick reference's "unbesetzte Stadt").
    EmptyCity,
}

impl GameOptions for Options {
    /// `dice` and `deck` of old sessions become `table_mode`, where it can say the same (a
    /// table deck with server dice it cannot: such a session keeps its old fields).
    fn normalized(mut self) -> Self {
        if let Some(choice) = self.table() {
            self.table_mode = choice;
            self.dice = None;
            self.deck = None;
        }
        self
    }
    fn refuse_replaced(&self) -> Result<(), RuleError> {
        if self.dice.is_some() {
            return Err(TableChoice::refuse_replaced("dice", &TABLE_MODES));
        }
        if self.deck.is_some() {
            return Err(TableChoice::refuse_replaced("deck", &TABLE_MODES));
        }
        Ok(())
    }
    fn validate(&self) -> Result<(), RuleError> {
        self.table_mode.check(&TABLE_MODES)
    }
}

impl Options {
    /// What the table supplies under these options (old sessions' `dice` and `deck` included).
    pub fn table_mode(&self) -> TableMode {
        let mut mode = self.table_mode.mode();
        if let Some(d) = self.dice {
            mode.dice = d == DiceMode::Table;
        }
        if let Some(d) = self.deck {
            mode.cards = d == DeckMode::Table;
        }
        mode
    }
    /// The `table_mode` value that says what [`Options::table_mode`] does, if there is one.
    pub fn table(&self) -> Option<TableChoice> {
        [TableChoice::Server, TableChoice::Dice, TableChoice::All]
            .into_iter()
            .find(|c| c.mode() == self.table_mode())
    }
    pub fn table_dice(&self) -> bool {
        self.table_mode().dice
    }
    pub fn table_deck(&self) -> bool {
        self.table_mode().cards
    }
}
