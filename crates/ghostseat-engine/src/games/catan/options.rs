//! Option types every Catan game shares (catan-base §3): what the table
//! supplies, and the display labels of the colours.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::board::Colour;
use super::refusals::Refusal;
use crate::engine::RuleError;

/// What the table supplies: the option every game shares (SESSION-TABLE-3).
pub use crate::engine::TableChoice;

/// The dice option of sessions created before `table_mode` (still read).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LegacyDice {
    Rng,
    Manual,
}

/// The table mode of options that may still carry the fields of sessions
/// created before `table_mode` (`dice`, `physical_table`).
pub fn table_choice(
    table_mode: TableChoice,
    dice: Option<LegacyDice>,
    physical_table: Option<bool>,
) -> TableChoice {
    if physical_table == Some(true) {
        TableChoice::All
    } else if dice == Some(LegacyDice::Manual) && table_mode == TableChoice::Server {
        TableChoice::Dice
    } else {
        table_mode
    }
}

/// Refuses the fields `table_mode` replaced in a new session (old sessions
/// still load with them).
pub fn refuse_legacy_table_fields(
    dice: Option<LegacyDice>,
    physical_table: Option<bool>,
) -> Result<(), RuleError> {
    if dice.is_some() {
        return Err(RuleError::bad_option(
            "CAT-RNG-2",
            "dice",
            Refusal::DiceReplaced,
        ));
    }
    if physical_table.is_some() {
        return Err(RuleError::bad_option(
            "CAT-RNG-3",
            "physical_table",
            Refusal::PhysicalTableReplaced,
        ));
    }
    Ok(())
}

/// The display label of each of a game's colours: the defaults of CAT §3
/// (a red, b blue, n1/f1 white, n2/f2 orange) with the table's own labels
/// laid over them.
pub fn colour_labels(
    colours: &[Colour],
    own: &BTreeMap<Colour, String>,
) -> BTreeMap<Colour, String> {
    colours
        .iter()
        .map(|c| {
            let default = match c {
                Colour::A => "red",
                Colour::B => "blue",
                Colour::N1 | Colour::F1 => "white",
                Colour::N2 | Colour::F2 => "orange",
            };
            (
                *c,
                own.get(c).cloned().unwrap_or_else(|| default.to_string()),
            )
        })
        .collect()
}

/// Refuses labels for colours the game does not have, and empty labels.
pub fn check_colours(colours: &[Colour], own: &BTreeMap<Colour, String>) -> Result<(), RuleError> {
    for (c, label) in own {
        if !colours.contains(c) {
            return Err(RuleError::bad_option(
                "CAT-BOARD-1",
                &format!("colours.{}", c.id()),
                Refusal::UnknownColour {
                    colours: colours.to_vec(),
                },
            ));
        }
        if label.trim().is_empty() {
            return Err(RuleError::bad_option(
                "CAT-BOARD-1",
                &format!("colours.{}", c.id()),
                Refusal::EmptyColourLabel,
            ));
        }
    }
    Ok(())
}
