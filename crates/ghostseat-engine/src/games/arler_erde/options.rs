//! Setup options (spec §3): where the dice come from, the setup die, the
//! building display, and a custom board. Checked at creation; a refusal
//! names the option.

use std::collections::BTreeSet;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::engine::{GameOptions, RuleError, TableChoice};

use super::data::{self, Building, BuildingId, Season, Space, DISPLAY_SLOTS};
use super::refusals::Refusal;

/// Where VIM's dice come from (ARLE-GEN-6): the state's record, and the
/// option `dice` of sessions created before `table_mode` (still read).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DiceMode {
    /// The session's seeded stream rolls every die (house default).
    #[default]
    Server,
    /// Every die is rolled at the real table and sent with the bot-turn
    /// request's `table` input: 2 dice per VIM turn, 4 more when VIM lands
    /// on a building space.
    Table,
}

/// Which green houses the server deals when `display` is null (ARLE-BRD-8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum BuildingSet {
    /// 4 of the 7 dark-green houses (the base game's rule).
    #[default]
    Standard,
    /// The 4 light-green starter houses (the base game's first-game rule).
    FirstGame,
}

/// A board described as data, e.g. for Tee & Handel (ARLE-GEN-2, ARLE-BRD-9).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CustomBoard {
    /// Summer spaces in counting order (top to bottom, left column before
    /// right); 9 to 40 spaces with unique ids.
    #[schemars(length(min = 9, max = 40))]
    pub summer: Vec<Space>,
    /// Winter spaces in counting order; 9 to 40 spaces with unique ids.
    #[schemars(length(min = 9, max = 40))]
    pub winter: Vec<Space>,
    /// Display slot names, row by row (reading order); 1 to 60 slots in all.
    #[serde(default)]
    pub display_slots: Vec<Vec<String>>,
    /// The building in each slot, in reading order: one unique id per slot
    /// (required, ARLE-BRD-9).
    #[serde(default)]
    pub display: Option<Vec<BuildingId>>,
}

/// Session options (spec §3).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// What the table supplies (ARLE-GEN-6, SESSION-TABLE-3): `server`
    /// (house default: the session's seeded stream rolls every die) or
    /// `all` (every die is rolled at the real table and sent with the
    /// request's `table` input, the setup die with the create request's). The game
    /// draws no card during play; the building display comes from the table
    /// when it is entered (`display` or `board`), else the server deals it.
    #[schemars(schema_with = "table_mode_schema")]
    pub table_mode: TableChoice,
    /// The setup die for marker 1 as rolled at the table, 1 to 6 (the
    /// original text rolls one die at setup), when `table_mode` is `all`;
    /// null otherwise. With `all` and null, the create request's `table`
    /// input brings it (answering the setup's `dice_needed`, whose need
    /// names the summer space of each face). ARLE-SET-3.
    #[schemars(range(min = 1, max = 6))]
    pub setup_die: Option<u8>,
    /// Which green houses the server deals when `display` is null:
    /// `standard` (the base game's rule, default) or `first_game` (its
    /// first-game rule). ARLE-BRD-8.
    pub building_set: BuildingSet,
    /// The real table's 18 tiles in reading order (slot 1 to 18, row by
    /// row, left to right; ARLE-BRD-7): the physical-table display. Each
    /// tile once, in a slot of its colour, orange slots holding their
    /// printed building. Null (house default): the server deals the
    /// display at setup (ARLE-BRD-8), also with table dice — a deal is a
    /// shuffle of tiles, not a die.
    #[schemars(length(min = 18, max = 18))]
    pub display: Option<Vec<Building>>,
    /// A custom board replacing the base lists and the display (house
    /// extension: the original text allows Tee & Handel, whose layout the
    /// engine does not ship, so the table describes it as data). With it,
    /// leave `display` null. ARLE-GEN-2, ARLE-BRD-9.
    pub board: Option<CustomBoard>,
    /// Replaced by `table_mode`; read only from sessions created before it
    /// (`table` is `table_mode: "all"`).
    #[serde(skip_serializing)]
    #[schemars(skip)]
    pub dice: Option<DiceMode>,
}

/// The values of `table_mode` this game offers: it has dice but no hidden
/// card, so no `dice` (SESSION-TABLE-3).
pub const TABLE_MODES: [TableChoice; 2] = [TableChoice::Server, TableChoice::All];

fn table_mode_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    TableChoice::schema(&[
        (
            TableChoice::Server,
            "The session's seeded stream rolls every die: the setup die and \
             VIM's dice (house default).",
        ),
        (
            TableChoice::All,
            "Every die is rolled at the real table: the setup die with the \
             create request's `table` input (or option `setup_die`), VIM's dice with the bot-turn request's `table` input \
             (2 per VIM turn, 4 more when VIM lands on a building space). An \
             entered `display` (or `board`) makes the display the table's too.",
        ),
    ])
}

impl Options {
    /// What the table supplies (old sessions' `dice` included).
    pub fn table(&self) -> TableChoice {
        if self.dice == Some(DiceMode::Table) {
            TableChoice::All
        } else {
            self.table_mode
        }
    }
    /// Whether the dice come from the table.
    pub fn table_dice(&self) -> bool {
        self.table() == TableChoice::All
    }
}

/// Limits that keep a custom board sane (ARLE-BRD-9).
const MIN_SPACES: usize = 9;
const MAX_SPACES: usize = 40;
const MAX_SLOTS: usize = 60;
const MAX_ID_LEN: usize = 64;

fn season_word(s: Season) -> &'static str {
    match s {
        Season::Summer => "summer",
        Season::Winter => "winter",
    }
}

/// Checks a custom board (ARLE-BRD-9).
pub fn check_board(b: &CustomBoard) -> Result<(), RuleError> {
    let bad = |path: &str, d: Refusal| {
        Err(RuleError::bad_option(
            "ARLE-BRD-9",
            &format!("board.{path}"),
            d,
        ))
    };
    for (season, list) in [(Season::Summer, &b.summer), (Season::Winter, &b.winter)] {
        let name = season_word(season);
        if list.len() < MIN_SPACES || list.len() > MAX_SPACES {
            return bad(
                name,
                Refusal::ListLength {
                    season,
                    len: list.len(),
                    min: MIN_SPACES,
                    max: MAX_SPACES,
                },
            );
        }
        let mut ids = BTreeSet::new();
        for (i, s) in list.iter().enumerate() {
            if s.id.0.is_empty() || s.id.0.len() > MAX_ID_LEN {
                return bad(
                    &format!("{name}.{i}.id"),
                    Refusal::SpaceIdLength {
                        season,
                        max: MAX_ID_LEN,
                    },
                );
            }
            if !ids.insert(s.id.as_str()) {
                return bad(
                    &format!("{name}.{i}.id"),
                    Refusal::SpaceIdTwice {
                        season,
                        space: s.id.clone(),
                    },
                );
            }
        }
    }
    for (season, list, others) in [
        (Season::Summer, &b.summer, &b.winter),
        (Season::Winter, &b.winter, &b.summer),
    ] {
        let name = season_word(season);
        for (i, s) in list.iter().enumerate() {
            let Some(o) = others.iter().find(|o| o.id == s.opposite) else {
                return bad(
                    &format!("{name}.{i}.opposite"),
                    Refusal::OppositeMissing {
                        season,
                        space: s.id.clone(),
                        opposite: s.opposite.clone(),
                    },
                );
            };
            if o.opposite != s.id {
                return bad(
                    &format!("{name}.{i}.opposite"),
                    Refusal::OppositesUnpaired {
                        season,
                        space: s.id.clone(),
                        faces: o.id.clone(),
                        back: o.opposite.clone(),
                    },
                );
            }
        }
    }
    let slots: usize = b.display_slots.iter().map(Vec::len).sum();
    if slots == 0 || slots > MAX_SLOTS {
        return bad(
            "display_slots",
            Refusal::SlotCount {
                slots,
                max: MAX_SLOTS,
            },
        );
    }
    let Some(display) = &b.display else {
        return bad("display", Refusal::NoCustomDisplay);
    };
    if display.len() != slots {
        return bad(
            "display",
            Refusal::DisplayCount {
                slots,
                given: display.len(),
            },
        );
    }
    let mut seen = BTreeSet::new();
    for (i, d) in display.iter().enumerate() {
        if d.0.is_empty() || d.0.len() > MAX_ID_LEN {
            return bad(
                &format!("display.{i}"),
                Refusal::BuildingIdLength { max: MAX_ID_LEN },
            );
        }
        if !seen.insert(d.as_str()) {
            return bad(
                &format!("display.{i}"),
                Refusal::BuildingInTwoSlots {
                    building: d.clone(),
                },
            );
        }
    }
    Ok(())
}

/// Checks a physical-table display of the base game (ARLE-BRD-7).
pub fn check_display(display: &[Building]) -> Result<(), RuleError> {
    let bad = |path: String, d: Refusal| Err(RuleError::bad_option("ARLE-BRD-7", &path, d));
    if display.len() != DISPLAY_SLOTS {
        return bad(
            "display".into(),
            Refusal::DisplaySize {
                slots: DISPLAY_SLOTS,
                given: display.len(),
            },
        );
    }
    let mut seen = BTreeSet::new();
    for (i, &b) in display.iter().enumerate() {
        let slot = i + 1;
        let path = format!("display.{i}");
        if !seen.insert(b) {
            return bad(path, Refusal::GivenTwice { building: b });
        }
        let (colour, printed) = data::slot_layout(slot);
        if b.colour() != colour {
            return bad(
                path,
                Refusal::WrongColour {
                    slot,
                    colour,
                    building: b,
                },
            );
        }
        if let Some(p) = printed {
            if p != b {
                return bad(
                    path,
                    Refusal::NotPrinted {
                        slot,
                        printed: p,
                        building: b,
                    },
                );
            }
        }
    }
    Ok(())
}

impl GameOptions for Options {
    /// `dice` of old sessions becomes `table_mode`.
    fn normalized(mut self) -> Self {
        self.table_mode = self.table();
        self.dice = None;
        self
    }
    fn refuse_replaced(&self) -> Result<(), RuleError> {
        if self.dice.is_some() {
            return Err(TableChoice::refuse_replaced("dice", &TABLE_MODES));
        }
        Ok(())
    }
    fn validate(&self) -> Result<(), RuleError> {
        self.table_mode.check(&TABLE_MODES)?;
        match (self.table_dice(), self.setup_die) {
            (false, Some(_)) => {
                return Err(RuleError::bad_option(
                    "ARLE-SET-3",
                    "setup_die",
                    Refusal::SetupDieNotWanted,
                ))
            }
            (_, Some(v)) if !(1..=6).contains(&v) => {
                return Err(RuleError::bad_option(
                    "ARLE-SET-3",
                    "setup_die",
                    Refusal::SetupDieRange { value: v },
                ))
            }
            _ => {}
        }
        if let Some(b) = &self.board {
            if self.display.is_some() {
                return Err(RuleError::bad_option(
                    "ARLE-BRD-9",
                    "display",
                    Refusal::DisplayWithBoard,
                ));
            }
            check_board(b)?;
        }
        if let Some(d) = &self.display {
            check_display(d)?;
        }
        Ok(())
    }
}
