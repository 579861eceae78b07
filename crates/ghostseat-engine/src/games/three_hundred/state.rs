//! The table: units, tracks, piles, hands, a running battle and the decision the rules wait for.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::data::{Card, City, Side, CARDS, CITIES};
use super::options::Options;

/// Units in one city and its port: Greek/Persian armies (Armeen) and fleets (Flotten).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Units {
    pub ga: u32,
    pub pa: u32,
    pub gf: u32,
    pub pf: u32,
}

/// The phase of the campaign.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// PERSS.KI prepares (T300-PPR).
    PersianPrep,
    /// The Greeks buy cards (T300-GPR-2), also in Mines of Laurion.
    GreekBuy,
    /// The Greeks raise units (T300-GPR-3, T300-GPR-4).
    GreekRaise,
    /// Operations (T300-SEQ-3).
    Operations,
    /// The Greek part of the supply phase (T300-SUP-3..7).
    GreekSupply,
    /// The game is over.
    Finished,
}

/// Covered historical-figure portraits (once-only flags). Darius and Xerxes start covered
/// (T300-SET-4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
pub struct Portraits {
    /// Darius I (covered from the start: his sudden death cannot happen, T300-SET-5).
    pub darius: bool,
    /// Xerxes I (covered from the start).
    pub xerxes: bool,
    /// Miltiades was used (T300-EVT-11).
    pub miltiades: bool,
    /// Themistocles was used (never here, T300-EVT-12).
    pub themistocles: bool,
    /// Leonidas was used (T300-EVT-5).
    pub leonidas: bool,
    /// Artemisia I was used (T300-EVT-11).
    pub artemisia: bool,
}

/// Land or sea.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum BattleKind {
    /// Armies in a city.
    Land,
    /// Fleets in a port.
    Naval,
}

/// What happens when the running battle or movement is over.
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

/// A card or event that fixes the number of Greek dice in a land battle (T300-BAT-2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct GreekBonus {
    /// Miltiades, 300 Spartans or Leonidas.
    pub card: Card,
    /// Greek dice every round, whatever the number of armies.
    pub dice: u32,
}

/// Units lost or left, per side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
pub struct PerSide {
    pub greeks: u32,
    pub persians: u32,
}

/// One battle round as rolled (T300-BAT-2, T300-BAT-3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct RoundRoll {
    /// The round's number, from 1.
    pub round: u32,
    /// The Persian dice in the order rolled.
    pub persian_dice: Vec<u8>,
    /// The highest Persian die after the cap.
    pub persian_result: u8,
    /// The Persian cap here: 5 in Abydos and Ephesos, else 4.
    pub cap: u8,
    /// The Greek dice in the order rolled (after the Persian ones).
    pub greek_dice: Vec<u8>,
    /// The highest Greek die (never capped).
    pub greek_result: u8,
    /// Units each side lost this round.
    pub losses: PerSide,
    /// A Greek fleet that sank carried an army, which was lost with it.
    pub carried_army_lost: bool,
}

/// A running battle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    pub kind: BattleKind,
    pub city: City,
    pub attacker: Side,
    /// Rounds fought so far.
    pub round: u32,
    /// Miltiades / 300 Spartans (3 dice) or Leonidas (2 dice) (T300-EVT-11).
    pub bonus: Option<GreekBonus>,
    /// Where a retreating Greek attacker goes (last city of the path, or the port of origin).
    pub origin: Option<City>,
    /// Land attack that came by sea with this many fleets (they go back on a retreat).
    pub sea_fleets: u32,
    /// Naval battle: Greek armies carried by the Greek fleets, landing after it.
    pub carried: u32,
    /// Evangelion (T300-EVT-6) scores when this battle ends.
    pub evangelion: bool,
    /// What follows the battle.
    pub then: Ctx,
    /// The last round rolled.
    pub last: Option<RoundRoll>,
}

/// A decision the rules ask the human for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Pending {
    /// Before round 1 of a Persian land attack: Miltiades or 300 Spartans.
    React { cards: Vec<Card> },
    /// After a naval round: Artemisia I.
    Artemisia,
    /// Retreat or fight on (T300-BAT-5).
    BattleChoice { allowed: Vec<City> },
    /// Greek armies took Abydos while the bridge stands (T300-MOV-4).
    DestroyBridge,
    /// After PERSS.KI destroyed a Greek army (T300-AI-9).
    Discard,
    /// Supply: keep 4 of the hand (T300-SUP-3).
    KeepCards,
    /// Supply: remove this many Greek armies (T300-SUP-6).
    RemoveArmies { count: u32 },
    /// Triremes: optional second naval movement (T300-EVT-8).
    TriremesSecond,
}

/// Who won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Greeks,
    Persians,
    Draw,
}

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// The Persians control Athenai and Sparta (T300-SCO-2).
    PersiansHoldGreece,
    /// The Greeks control Abydos and Ephesos at a scoring (T300-SCO-1).
    GreeksHoldPersia,
    /// The score marker after campaign 5 (T300-SCO-3).
    Points,
}

/// The end of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct End {
    pub outcome: Outcome,
    pub reason: EndReason,
}

/// A card in the draw pile or in PERSS.KI's hand: known to the engine (server deck, or turned
/// over at the table), or a face-down card of the physical deck (`deck = "table"`) that could be
/// any card of `could_be`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Slot {
    Card(Card),
    Hidden(Vec<Card>),
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
    /// Draw pile, top first (with a physical deck: face-down cards in no known order).
    pub deck: Vec<Slot>,
    /// Discard pile, top last.
    pub discard: Vec<Card>,
    pub hand_greeks: Vec<Card>,
    /// PERSS.KI's hand in draw order.
    pub hand_persians: Vec<Slot>,
    pub talents: u32,
    pub fleets_raised: u32,
    /// The running Greek preparation is Mines of Laurion (T300-EVT-1).
    pub mines: bool,
    pub to_act: Side,
    pub last_pass: Option<Side>,
    pub persian_done: bool,
    pub battle: Option<Battle>,
    pub pending: Option<Pending>,
    pub end: Option<End>,
    /// The running Greek movement entered Abydos: ask about the bridge when it ends (T300-MOV-4).
    pub bridge_check: bool,
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
            // Only during a battle: the defender still holds the city.
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
    /// Cards that can still be drawn (T300-SEQ-5).
    pub fn drawable(&self) -> usize {
        self.deck.len() + self.discard.len()
    }
    /// The Persians control both Greek supply cities (T300-SCO-2).
    pub fn persians_hold_greece(&self) -> bool {
        self.controls(Side::Persians, City::Athenai) && self.controls(Side::Persians, City::Sparta)
    }
    pub fn finish(&mut self, outcome: Outcome, reason: EndReason) {
        self.phase = Phase::Finished;
        self.end = Some(End { outcome, reason });
        self.pending = None;
        self.battle = None;
    }
    pub fn is_finished(&self) -> bool {
        self.phase == Phase::Finished
    }
    pub fn winner(&self) -> Option<Outcome> {
        self.end.map(|e| e.outcome)
    }
    /// Fleets the Greeks may still raise in this preparation (T300-GPR-4; no limit under Mines
    /// of Laurion, T300-EVT-1), within the stock.
    pub fn fleets_allowed(&self) -> u32 {
        if self.mines {
            self.greek_stock_fleets
        } else {
            2u32.saturating_sub(self.fleets_raised)
                .min(self.greek_stock_fleets)
        }
    }
    /// The Greek dice of the next round of the running battle, and the Persian dice (T300-BAT-2);
    /// None when no round is to come.
    pub fn next_round_dice(&self) -> Option<(u32, u32)> {
        let b = self.battle.as_ref()?;
        let u = self.u(b.city);
        let (g, p) = match b.kind {
            BattleKind::Land => (u.ga, u.pa),
            BattleKind::Naval => (u.gf, u.pf),
        };
        if g == 0 || p == 0 {
            return None;
        }
        let gn = match (b.kind, b.bonus) {
            (BattleKind::Land, Some(bonus)) => bonus.dice,
            _ => g.min(3),
        };
        Some((gn, p.min(3)))
    }

    // ------------------------------------------------------------ the cards of a physical deck

    /// Every face-down slot (draw pile first, then PERSS.KI's hand) with what it could be.
    fn hidden_slots(&self) -> Vec<&Vec<Card>> {
        self.deck
            .iter()
            .chain(self.hand_persians.iter())
            .filter_map(|s| match s {
                Slot::Hidden(pool) => Some(pool),
                Slot::Card(_) => None,
            })
            .collect()
    }

    /// The cards a face-down slot can be, given every other face-down card must be a different
    /// card of its own list (a matching over at most 16 cards). `slot` indexes
    /// [`State::hidden_slots`].
    fn slot_candidates(&self, slot: usize) -> Vec<Card> {
        let slots = self.hidden_slots();
        let Some(pool) = slots.get(slot) else {
            return Vec::new();
        };
        pool.iter()
            .copied()
            .filter(|&c| perfect_matching(&slots, Some((slot, c))))
            .collect()
    }

    /// The ids a card drawn from the physical draw pile can have now.
    pub fn deck_candidates(&self) -> Vec<Card> {
        match self.deck.first() {
            Some(Slot::Card(c)) => vec![*c],
            Some(Slot::Hidden(_)) => self.slot_candidates(0),
            None => Vec::new(),
        }
    }

    /// The ids PERSS.KI's card at `index` of its hand can have now.
    pub fn persian_candidates(&self, index: usize) -> Vec<Card> {
        match self.hand_persians.get(index) {
            Some(Slot::Card(c)) => vec![*c],
            Some(Slot::Hidden(_)) => {
                let before = self
                    .deck
                    .iter()
                    .chain(self.hand_persians[..index].iter())
                    .filter(|s| matches!(s, Slot::Hidden(_)))
                    .count();
                self.slot_candidates(before)
            }
            None => Vec::new(),
        }
    }

    /// A card is now known to be elsewhere: no face-down card can be it.
    pub fn card_seen(&mut self, card: Card) {
        for s in self.deck.iter_mut().chain(self.hand_persians.iter_mut()) {
            if let Slot::Hidden(pool) = s {
                pool.retain(|&c| c != card);
            }
        }
    }
}

/// Whether every face-down slot can be a different card of its list (with `fixed` forcing one
/// slot to one card). Kuhn's augmenting paths; at most 16 slots and cards.
fn perfect_matching(slots: &[&Vec<Card>], fixed: Option<(usize, Card)>) -> bool {
    fn augment(
        s: usize,
        slots: &[Vec<Card>],
        seen: &mut [bool; 16],
        owner: &mut [Option<usize>; 16],
    ) -> bool {
        for &c in &slots[s] {
            let i = usize::from(c.number()) - 1;
            if seen[i] {
                continue;
            }
            seen[i] = true;
            if owner[i].is_none_or(|o| augment(o, slots, seen, owner)) {
                owner[i] = Some(s);
                return true;
            }
        }
        false
    }
    let lists: Vec<Vec<Card>> = slots
        .iter()
        .enumerate()
        .map(|(i, pool)| match fixed {
            Some((f, c)) if f == i => vec![c],
            _ => pool.to_vec(),
        })
        .collect();
    let mut owner = [None; 16];
    (0..lists.len()).all(|s| augment(s, &lists, &mut [false; 16], &mut owner))
}

/// Every card, in printed order (a full physical deck).
pub fn all_cards() -> Vec<Card> {
    CARDS.to_vec()
}
