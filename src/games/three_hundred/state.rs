//! The table: units, tracks, piles, hands, and the decision the rules wait for.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::data::{City, Side, CITIES};
use crate::engine::legacy::{Dice, Event};

/// Session options (T300 §3). Dice typed in at the table are a session option of the server
/// (`Dice::set_table_only`), not a game option.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Reading of the die-6 placement (T300-AI-11).
    pub deploy_rule: DeployRule,
    /// `server`: the RNG shuffles and deals the 16 cards. `table`: a physical deck; the engine
    /// tracks pile sizes, the human types in the Greek cards drawn (`report_draw`) and may type in
    /// PERSS.KI's discards (`report_persian_discard`); PERSS.KI's hand is a count of unknown cards.
    pub deck: DeckMode,
}

/// Where the cards come from (T300 §3 option `deck`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DeckMode {
    #[default]
    Server,
    Table,
}

/// An unknown card of the physical deck (`deck = "table"`).
pub const UNKNOWN: u8 = 0;

/// `no_enemy_forces` (main text, default) or `empty_city` (quick reference's "unbesetzte Stadt").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DeployRule {
    #[default]
    NoEnemyForces,
    EmptyCity,
}

/// Units in one city and its port: Greek/Persian armies (Armeen) and fleets (Flotten).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Units {
    pub ga: u32,
    pub pa: u32,
    pub gf: u32,
    pub pf: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    PersianPrep,
    GreekBuy,
    GreekRaise,
    Operations,
    GreekSupply,
    Finished,
}

/// Covered historical-figure portraits (once-only flags). Darius and Xerxes start covered (T300-SET-4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Portraits {
    pub darius: bool,
    pub xerxes: bool,
    pub miltiades: bool,
    pub themistocles: bool,
    pub leonidas: bool,
    pub artemisia: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BattleKind {
    Land,
    Naval,
}

/// What happens when the running battle is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ctx {
    /// A Persian operations turn: step 4 follows.
    PersianTurn,
    /// A Greek movement or event: the bridge question, then the Persians.
    GreekTurn,
    /// The first Triremes movement: the optional second one follows.
    Triremes1,
}

/// A running battle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    pub kind: BattleKind,
    pub city: City,
    pub attacker: Side,
    pub round: u32,
    /// Greek dice per round under Miltiades / 300 Spartans (3) or Leonidas (2).
    pub greek_dice: Option<u32>,
    /// Where a retreating Greek attacker goes (last city of the path, or the port of origin).
    pub origin: Option<City>,
    /// Land attack that came by sea with this many fleets (they go back on a retreat).
    pub sea_fleets: u32,
    /// Naval battle: Greek armies carried by the Greek fleets, landing after it.
    pub carried: u32,
    /// Evangelion (T300-EVT-6) scores when this battle ends.
    pub evangelion: bool,
    pub ctx: Ctx,
    /// A Miltiades / 300 Spartans / Leonidas bonus already applies (T300-EVT-11).
    pub reaction_used: bool,
    /// Persian units lost in the last round (Artemisia I, T300-EVT-11).
    pub persian_lost: u32,
}

/// A decision the rules ask the human for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Pending {
    /// Before round 1 of a Persian land attack: Miltiades (4) or 300 Spartans (15).
    React { cards: Vec<u8> },
    /// After a naval round: Artemisia I (9).
    Artemisia,
    /// Retreat or fight on (T300-BAT-5).
    BattleChoice { allowed: Vec<City> },
    /// Greek armies hold Abydos while the bridge stands (T300-MOV-4).
    DestroyBridge { ctx: Ctx },
    /// After PERSS.KI destroyed a Greek army (T300-AI-9).
    Discard,
    /// Supply: keep 4 of the hand (T300-SUP-3).
    KeepCards,
    /// Supply: remove this many Greek armies (T300-SUP-6).
    RemoveArmies { count: u32 },
    /// Triremes: optional second naval movement (T300-EVT-8).
    TriremesSecond,
    /// `deck = "table"`: type in the `count` Greek cards just drawn; `then` continues a Greek event.
    ReportDraw { count: u32, then: Option<Ctx> },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Greeks,
    Persians,
    Draw,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub options: Options,
    pub campaign: u8,
    /// Positive = Persian side, negative = Greek side (T300-SET-3).
    pub score: i32,
    pub phase: Phase,
    pub units: BTreeMap<City, Units>,
    pub bridge: bool,
    pub portraits: Portraits,
    pub greek_stock_armies: u32,
    pub greek_stock_fleets: u32,
    /// Persian units placed so far (their stock is unlimited, T300-GEN-3).
    pub persian_armies_placed: u32,
    pub persian_fleets_placed: u32,
    /// Draw pile, top first.
    pub deck: Vec<u8>,
    /// Discard pile, top last.
    pub discard: Vec<u8>,
    pub hand_greeks: Vec<u8>,
    /// PERSS.KI's hand in draw order.
    pub hand_persians: Vec<u8>,
    pub talents: u32,
    pub fleets_raised: u32,
    /// The running Greek preparation is Mines of Laurion (T300-EVT-1).
    pub mines: bool,
    pub to_act: Side,
    pub last_pass: Option<Side>,
    pub persian_done: bool,
    pub battle: Option<Battle>,
    pub pending: Option<Pending>,
    pub winner: Option<Outcome>,
    pub summary: String,
    /// The running Greek movement entered Abydos: ask about the bridge when it ends (T300-MOV-4).
    #[serde(default)]
    pub bridge_check: bool,
    /// `deck = "table"`: PERSS.KI's last discard is not typed in yet (T300-AI-12).
    #[serde(default)]
    pub persian_discard_unknown: bool,
}

impl State {
    pub fn u(&self, c: City) -> Units {
        self.units.get(&c).copied().unwrap_or_default()
    }
    pub fn um(&mut self, c: City) -> &mut Units {
        self.units.entry(c).or_default()
    }
    /// Control (T300-MAP-2).
    pub fn controller(&self, c: City) -> Option<Side> {
        let u = self.u(c);
        if u.ga > 0 && u.pa == 0 {
            return Some(Side::Greeks);
        }
        if u.pa > 0 && u.ga == 0 {
            return Some(Side::Persians);
        }
        if u.ga > 0 && u.pa > 0 {
            // Only in the middle of a battle: the defender still holds the city.
            return self.battle.as_ref().map(|b| b.attacker.other());
        }
        match c.major_of() {
            Some(Side::Greeks) if u.pa == 0 => Some(Side::Greeks),
            Some(Side::Persians) if u.ga == 0 => Some(Side::Persians),
            _ => None,
        }
    }
    pub fn controls(&self, side: Side, c: City) -> bool {
        self.controller(c) == Some(side)
    }
    pub fn armies(&self, side: Side, c: City) -> u32 {
        let u = self.u(c);
        match side {
            Side::Greeks => u.ga,
            Side::Persians => u.pa,
        }
    }
    pub fn fleets(&self, side: Side, c: City) -> u32 {
        let u = self.u(c);
        match side {
            Side::Greeks => u.gf,
            Side::Persians => u.pf,
        }
    }
    pub fn greek_armies_on_map(&self) -> u32 {
        CITIES.iter().map(|&c| self.u(c).ga).sum()
    }
    pub fn greek_fleets_on_map(&self) -> u32 {
        CITIES.iter().map(|&c| self.u(c).gf).sum()
    }
    pub fn hand(&self, side: Side) -> &Vec<u8> {
        match side {
            Side::Greeks => &self.hand_greeks,
            Side::Persians => &self.hand_persians,
        }
    }
    /// Cards that can still be drawn (T300-SEQ-5).
    pub fn drawable(&self) -> usize {
        self.deck.len() + self.discard.len()
    }
    /// Draws one card; reshuffles the discards into a new pile when the pile is empty (T300-SEQ-5).
    pub fn draw(&mut self, dice: &mut Dice, ev: &mut Vec<Event>) -> Option<u8> {
        if self.deck.is_empty() {
            if self.discard.is_empty() {
                return None;
            }
            let mut pile = std::mem::take(&mut self.discard);
            if self.options.deck == DeckMode::Table {
                // The table shuffles the physical cards: their order is unknown here.
                pile = vec![UNKNOWN; pile.len()];
            } else {
                dice.shuffle(&mut pile);
            }
            ev.push(
                Event::new(
                    "deck_reshuffled",
                    "T300-SEQ-5",
                    format!("The draw pile is empty: the {} discarded cards are shuffled into a new pile.", pile.len()),
                )
                .data(serde_json::json!({ "cards": pile.len() })),
            );
            self.deck = pile;
        }
        if self.deck.is_empty() {
            None
        } else {
            Some(self.deck.remove(0))
        }
    }
    /// The Persians control both Greek supply cities (T300-SCO-2).
    pub fn persians_hold_greece(&self) -> bool {
        self.controls(Side::Persians, City::Athenai) && self.controls(Side::Persians, City::Sparta)
    }
    pub fn finish(&mut self, outcome: Outcome, summary: String) {
        self.phase = Phase::Finished;
        self.winner = Some(outcome);
        self.pending = None;
        self.battle = None;
        self.summary = summary;
    }
    /// Card ids whose place is known (Greek hand, typed-in discards).
    pub fn known_cards(&self) -> Vec<u8> {
        self.hand_greeks
            .iter()
            .chain(self.discard.iter())
            .copied()
            .filter(|&c| c != UNKNOWN)
            .collect()
    }
    pub fn table_deck(&self) -> bool {
        self.options.deck == DeckMode::Table
    }
    pub fn is_finished(&self) -> bool {
        self.phase == Phase::Finished
    }
}
