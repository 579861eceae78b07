//! The human's moves (the Greeks), as they travel: `{"type": "move_land", ...}`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

use super::data::{Card, City};

/// Units by city (`{"athenai": 2, "sparta": 1}`). Cities named with 0 are the same as cities not
/// named.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, JsonSchema)]
#[serde(transparent)]
pub struct Counts(pub BTreeMap<City, u32>);

impl<'de> Deserialize<'de> for Counts {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let mut m = BTreeMap::<City, u32>::deserialize(d)?;
        m.retain(|_, n| *n > 0);
        Ok(Counts(m))
    }
}

impl Counts {
    pub fn of(pairs: &[(City, u32)]) -> Counts {
        let mut m = BTreeMap::new();
        for &(c, n) in pairs {
            if n > 0 {
                *m.entry(c).or_insert(0) += n;
            }
        }
        Counts(m)
    }
    /// The total; None when it is beyond every unit of the game.
    pub fn total(&self) -> Option<u32> {
        let t: u64 = self.0.values().map(|&n| u64::from(n)).sum();
        u32::try_from(t).ok().filter(|&t| t <= 100)
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// `fleets` of `play_event`: a number (Triremes) or fleets by port (Support from Syracuse).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum FleetsArg {
    Count(u32),
    Ports(Counts),
}

/// A Greek move. Cards are ids (`"miltiades"`); cities are ids (`"athenai"`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Move {
    /// Preparation: buy `count` cards first, 1 talent each (T300-GPR-2). With a physical deck
    /// the request's `table` carries the cards drawn, in order.
    BuyCards { count: u32 },
    /// Preparation: raise armies and fleets with the talents left, 1 talent each; talents not
    /// spent are lost (T300-GPR-3, T300-GPR-4).
    Raise {
        /// New armies by Greek-controlled city.
        #[serde(default)]
        armies: Counts,
        /// New fleets by port.
        #[serde(default)]
        fleets: Counts,
    },
    /// Play `card` for one land movement: `armies` Greek armies from `from` to `to` (T300-MOV-2).
    MoveLand {
        card: Card,
        from: City,
        to: City,
        armies: u32,
        /// The cities of the march from `from` to `to`, both included; absent: a shortest one.
        /// A Greek attacker retreats to the city before `to` (T300-BAT-6).
        #[serde(default)]
        path: Option<Vec<City>>,
        /// Play Miltiades as well: the march attacks Persian armies (T300-EVT-11).
        #[serde(default)]
        miltiades: bool,
        /// Miltiades with an empty Greek stock: the city whose army covers the portrait.
        #[serde(default)]
        pay_from: Option<City>,
    },
    /// Play `card` for one naval movement: `fleets` from the port of `from` to that of `to`,
    /// carrying `armies` (at most one per fleet, 3 in all) (T300-MOV-3).
    MoveNaval {
        card: Card,
        from: City,
        to: City,
        fleets: u32,
        #[serde(default)]
        armies: u32,
    },
    /// Play `card` for its Greek event (T300-EVT). Parameters by card: `ionian_revolt` `city`;
    /// `wrath_of_poseidon` `port`; `leonidas` `from`, `to`, `path`?, `pay_from`?;
    /// `evangelion` `from`, `to`, `armies`, `path`?, `miltiades`?, `pay_from`?; `triremes`
    /// `from`, `to`, `fleets` (a number); `support_from_syracuse` `fleets` (by port);
    /// `desertion` `city`; the others none.
    PlayEvent {
        card: Card,
        #[serde(default)]
        city: Option<City>,
        #[serde(default)]
        from: Option<City>,
        #[serde(default)]
        to: Option<City>,
        #[serde(default)]
        armies: Option<u32>,
        #[serde(default)]
        port: Option<City>,
        #[serde(default)]
        fleets: Option<FleetsArg>,
        #[serde(default)]
        path: Option<Vec<City>>,
        #[serde(default)]
        miltiades: bool,
        #[serde(default)]
        pay_from: Option<City>,
    },
    /// Triremes: the second naval movement (`from`, `to`, `fleets`), or `skip: true`
    /// (T300-EVT-8).
    TriremesSecond {
        #[serde(default)]
        from: Option<City>,
        #[serde(default)]
        to: Option<City>,
        #[serde(default)]
        fleets: Option<u32>,
        #[serde(default)]
        skip: bool,
    },
    /// Pass the operations turn (T300-SEQ-3).
    Pass,
    /// Answer a reaction window: Miltiades or 300 Spartans before a Persian land attack,
    /// Artemisia I after a naval round; `null` to decline (T300-EVT-11).
    React {
        card: Option<Card>,
        /// Miltiades with an empty Greek stock: the city whose army covers the portrait.
        #[serde(default)]
        pay_from: Option<City>,
    },
    /// Retreat to a city, or `null` to fight on (T300-BAT-5).
    BattleChoice { retreat_to: Option<City> },
    /// Destroy the pontoon bridge or not (T300-MOV-4).
    DestroyBridge { destroy: bool },
    /// Discard a card after PERSS.KI destroyed an army (T300-AI-9).
    Discard { card: Card },
    /// Supply: the 4 cards to keep (T300-SUP-3).
    KeepCards { cards: BTreeSet<Card> },
    /// Supply: armies to remove for the Greek excess, by city (T300-SUP-6).
    RemoveArmies { from: Counts },
}
