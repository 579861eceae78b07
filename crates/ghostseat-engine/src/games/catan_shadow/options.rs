//! Options of catan-shadow: catan-base §3 (Part A) and catan-shadow §3.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::refusals::Refusal;
use crate::engine::{GameOptions, RuleError, TableMode};
use crate::games::catan::geometry::Side;
use crate::games::catan::layout::{
    HarbourLayout, Layout, LayoutOptions, ManualBoard, Numbers, SpiralStart,
};
use crate::games::catan::options::{
    check_colours, colour_labels, refuse_legacy_table_fields, table_choice, LegacyDice, TableChoice,
};
use crate::games::catan::table::{BaseOptions, FirstPlayer};
use crate::games::catan::{Colour, Resource};

/// When the removal is rolled again (CSW-SETUP-8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RerollPolicy {
    /// The first removal roll stands.
    Never,
    /// Rolled again while 2 or more red tokens (6, 8) would vanish: the
    /// original's "wenn zwei 6- oder 8-Chips verschwinden würden", read as
    /// "two or more" (house reading, the default).
    #[default]
    TwoRed,
    /// Rolled again while 3 or more would vanish (the wording of the
    /// authors' English version).
    MoreThanTwoRed,
    /// The players vote after each roll; rolled again when both vote yes
    /// (the original: "können sich die Spieler darauf einigen").
    Vote,
}

/// Removed hexes on a fictive 7 (CSW-FIC-6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FictiveSevenRemoved {
    /// Only remaining land hexes (the default, the original's reading: on a
    /// fictive 7 the robber goes "auf ein Landfeld seiner Wahl", and the
    /// removed hexes were "vollständig aus dem Spiel genommen").
    #[default]
    Forbidden,
    /// House rule: a removed hex is allowed but pays nothing.
    NoResource,
    /// House rule: a removed hex is allowed and pays the chooser the random
    /// resource, as for a rolled robber in a real turn (CSW-ROB-2).
    Resource,
}

/// Session options (catan-base §3 Part A plus catan-shadow §3). Every field
/// is optional; the defaults are those of the original text unless the
/// description says "house".
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// How terrains and tokens are laid out (CAT-BOARD-11..-15): `random`
    /// by default, `manual` by default when `table_mode` is `all` (a real
    /// box brings its own island).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub layout: Option<Layout>,
    /// With `layout: "random"`: tokens along the spiral or shuffled
    /// (CAT-BOARD-13, -14).
    pub numbers: Numbers,
    /// With the spiral: the corner it starts from (random by default).
    pub spiral_start: SpiralStart,
    /// Harbour kinds on the 9 positions; by default as the layout
    /// (`beginner` for beginner, `manual` for manual, else `random`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub harbours: Option<HarbourLayout>,
    /// The table's island: required with `layout` or `harbours` `manual`
    /// (CAT-BOARD-15).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<ManualBoard>,
    /// Who starts: a roll-off (the rule book's way) or a fixed seat (CAT-SETUP-4).
    pub first_player: FirstPlayer,
    /// What the table supplies: `server` (the server rolls and deals),
    /// `dice` (real dice, sent with each request) or `all` (a real box:
    /// dice, development cards bought and stolen cards come from the table)
    /// (CAT-RNG-2, -3, SESSION-TABLE-3).
    #[schemars(schema_with = "table_mode_schema")]
    pub table_mode: TableChoice,
    /// `true` (the official combined phase): trading and building may be
    /// mixed after the roll. `false`: no trade after the first build or
    /// purchase of the turn (CAT-TURN-4).
    pub combined_trade_build: bool,
    /// A player holding more than this many cards on a 7 discards half
    /// (CAT-SEVEN-1); the rule book's limit is 7.
    #[schemars(range(min = 7, max = 20))]
    pub discard_limit: u32,
    /// Victory points to win; the original plays to 10 (CSW-END-1).
    #[schemars(range(min = 3, max = 30))]
    pub vp_target: u32,
    /// Display labels laid over the defaults (a red, b blue, f1 white,
    /// f2 orange); keys `a`, `b`, `f1`, `f2`.
    pub colours: BTreeMap<Colour, String>,
    /// The side of the island each die face 1..6 names (CSW-SETUP-2). The
    /// original numbers them in a figure only; the house default is 1 = top
    /// (N), then clockwise.
    pub side_numbering: [Side; 6],
    /// When the removal is rolled again (CSW-SETUP-8).
    pub reroll_policy: RerollPolicy,
    /// After this many re-rolls the last removal roll stands (CSW-SETUP-9,
    /// a house limit so that the set-up always ends).
    #[schemars(range(max = 50))]
    pub max_removal_rerolls: u32,
    /// The resource of die faces 1..5 of the random resource die (CSW-ROB-2,
    /// CSW-AUC-1); face 6 gives nothing. The original says only "assign a
    /// number to each resource"; the house default is the canonical order.
    pub resource_die: [Resource; 5],
    /// Whether a knight card may also send the robber to a removed hex, with
    /// the random resource (CSW-ROB-3). Default `false`: the original grants
    /// the removed hexes to a rolled robber only ("Wenn der Räuber gewürfelt
    /// wird"); `true` is a house rule reading a knight as "a 7".
    pub knight_to_removed_hex: bool,
    /// On a fictive 7: whether the chooser may use a removed hex and whether
    /// it pays the random resource (CSW-FIC-6).
    pub fictive_seven_removed_hex: FictiveSevenRemoved,
    /// Replaced by `table_mode`; read only from sessions created before it.
    #[serde(skip_serializing)]
    #[schemars(skip)]
    pub dice: Option<LegacyDice>,
    /// Replaced by `table_mode`; read only from sessions created before it.
    #[serde(skip_serializing)]
    #[schemars(skip)]
    pub physical_table: Option<bool>,
}

/// The values of `table_mode` this game offers (SESSION-TABLE-3).
pub const TABLE_MODES: [TableChoice; 3] =
    [TableChoice::Server, TableChoice::Dice, TableChoice::All];

fn table_mode_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    TableChoice::schema(&[
        (
            TableChoice::Server,
            "The server rolls every die (the removal, the fictive players' \
             dice) and deals every development card and stolen card.",
        ),
        (
            TableChoice::Dice,
            "The players roll real dice and send them with each request \
             (`table`, CAT-RNG-2); the server still deals the development \
             cards and picks stolen cards.",
        ),
        (
            TableChoice::All,
            "A real box: every die, every development card bought and every \
             stolen card comes from the table, a card by its id (CAT-RNG-2, \
             -3); the island is laid out `manual` by default.",
        ),
    ])
}

impl Default for Options {
    fn default() -> Self {
        Options {
            layout: None,
            numbers: Numbers::Spiral,
            spiral_start: SpiralStart::Random,
            harbours: None,
            board: None,
            first_player: FirstPlayer::Roll,
            table_mode: TableChoice::Server,
            combined_trade_build: true,
            discard_limit: 7,
            vp_target: 10,
            colours: BTreeMap::new(),
            side_numbering: Side::ALL,
            reroll_policy: RerollPolicy::TwoRed,
            max_removal_rerolls: 10,
            resource_die: Resource::ALL,
            knight_to_removed_hex: false,
            fictive_seven_removed_hex: FictiveSevenRemoved::Forbidden,
            dice: None,
            physical_table: None,
        }
    }
}

/// The colours of this game.
pub const COLOURS: [Colour; 4] = [Colour::A, Colour::B, Colour::F1, Colour::F2];

impl Options {
    /// What the table supplies (old sessions' `dice`/`physical_table` included).
    pub fn table(&self) -> TableChoice {
        table_choice(self.table_mode, self.dice, self.physical_table)
    }
    pub fn table_mode(&self) -> TableMode {
        self.table().mode()
    }
    /// Display labels, the defaults overlaid by the option (CAT §3 `colours`).
    pub fn colour_labels(&self) -> BTreeMap<Colour, String> {
        colour_labels(&COLOURS, &self.colours)
    }
    pub fn layout_options(&self) -> LayoutOptions {
        LayoutOptions {
            layout: self.layout.unwrap_or(if self.table() == TableChoice::All {
                Layout::Manual
            } else {
                Layout::Random
            }),
            numbers: self.numbers,
            spiral_start: self.spiral_start,
            harbours: self.harbours,
            board: self.board.clone(),
        }
    }
    pub fn base(&self) -> BaseOptions {
        BaseOptions {
            combined_trade_build: self.combined_trade_build,
            discard_limit: self.discard_limit,
            vp_target: self.vp_target,
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
    fn refuse_replaced(&self) -> Result<(), RuleError> {
        refuse_legacy_table_fields(self.dice, self.physical_table)
    }
    fn validate(&self) -> Result<(), RuleError> {
        self.table_mode.check(&TABLE_MODES)?;
        if !(7..=20).contains(&self.discard_limit) {
            return Err(RuleError::bad_option(
                "CAT-SEVEN-1",
                "discard_limit",
                Refusal::OutOfRange {
                    option: "discard_limit",
                    min: 7,
                    max: 20,
                },
            ));
        }
        if !(3..=30).contains(&self.vp_target) {
            return Err(RuleError::bad_option(
                "CSW-END-1",
                "vp_target",
                Refusal::OutOfRange {
                    option: "vp_target",
                    min: 3,
                    max: 30,
                },
            ));
        }
        if self.max_removal_rerolls > 50 {
            return Err(RuleError::bad_option(
                "CSW-SETUP-9",
                "max_removal_rerolls",
                Refusal::OutOfRange {
                    option: "max_removal_rerolls",
                    min: 0,
                    max: 50,
                },
            ));
        }
        if self.reroll_policy == RerollPolicy::Never && self.max_removal_rerolls != 10 {
            return Err(RuleError::bad_option(
                "CSW-SETUP-9",
                "max_removal_rerolls",
                Refusal::RerollLimitWithNever,
            ));
        }
        let mut d = self.resource_die.to_vec();
        d.sort();
        d.dedup();
        if d.len() != 5 {
            return Err(RuleError::bad_option(
                "CSW-ROB-2",
                "resource_die",
                Refusal::ResourceDieEachOnce,
            ));
        }
        let mut s = self.side_numbering.to_vec();
        s.sort();
        s.dedup();
        if s.len() != 6 {
            return Err(RuleError::bad_option(
                "CSW-SETUP-2",
                "side_numbering",
                Refusal::SideNumberingEachOnce,
            ));
        }
        check_colours(&COLOURS, &self.colours)?;
        self.layout_options().validate()
    }
}
