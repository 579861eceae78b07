//! Typed tables of Cities & Knights: cards, costs, progress decks (CCK-PROG-1), tracks.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use crate::games::catan::cards::{Bundle, CardKind};
use crate::games::catan::data::Resource;

/// A resource or commodity card, in the hand order of CCK-GEN-3
/// (Rohstoffe und Handelswaren).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Card {
    Brick,
    Lumber,
    Wool,
    Grain,
    Ore,
    /// Tuch (from pasture cities).
    Cloth,
    /// Münzen (from mountain cities).
    Coin,
    /// Papier (from forest cities).
    Paper,
}

pub const ALL_CARDS: [Card; 8] = [
    Card::Brick,
    Card::Lumber,
    Card::Wool,
    Card::Grain,
    Card::Ore,
    Card::Cloth,
    Card::Coin,
    Card::Paper,
];
pub const RESOURCES: [Card; 5] = [
    Card::Brick,
    Card::Lumber,
    Card::Wool,
    Card::Grain,
    Card::Ore,
];
pub const COMMODITIES: [Card; 3] = [Card::Cloth, Card::Coin, Card::Paper];

impl Card {
    pub fn idx(self) -> usize {
        self as usize
    }
    pub fn is_commodity(self) -> bool {
        self.idx() >= 5
    }
    /// How many cards of this kind the game has: 19 of a resource, 12 of a commodity.
    pub fn in_game(self) -> u32 {
        if self.is_commodity() {
            12
        } else {
            19
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Card::Brick => "brick",
            Card::Lumber => "lumber",
            Card::Wool => "wool",
            Card::Grain => "grain",
            Card::Ore => "ore",
            Card::Cloth => "cloth",
            Card::Coin => "coin",
            Card::Paper => "paper",
        }
    }
}

/// The eight cards as a card kind of the shared core, so that its bank rules (the shortage of
/// CAT-PROD-2, CCK-PROD-2) apply to commodities as well.
impl CardKind for Card {
    const ALL: &'static [Card] = &ALL_CARDS;
    const BUNDLE: &'static str = "CkCards";
    fn index(self) -> usize {
        self.idx()
    }
    fn id(self) -> &'static str {
        self.name()
    }
    fn resource(self) -> Option<Resource> {
        match self {
            Card::Brick => Some(Resource::Brick),
            Card::Lumber => Some(Resource::Lumber),
            Card::Wool => Some(Resource::Wool),
            Card::Grain => Some(Resource::Grain),
            Card::Ore => Some(Resource::Ore),
            _ => None,
        }
    }
    fn from_resource(r: Resource) -> Self {
        match r {
            Resource::Brick => Card::Brick,
            Resource::Lumber => Card::Lumber,
            Resource::Wool => Card::Wool,
            Resource::Grain => Card::Grain,
            Resource::Ore => Card::Ore,
        }
    }
    /// 19 of each resource, 12 of each commodity (CCK-SETUP-1).
    fn in_game(self) -> u32 {
        if self.is_commodity() {
            12
        } else {
            19
        }
    }
}

/// A bundle of cards as sent in moves: `{"brick": 1, "paper": 2}`.
pub type Cards = BTreeMap<Card, u32>;

/// Counts of the 8 card kinds.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, schemars::JsonSchema,
)]
pub struct Hand(pub [u32; 8]);

impl Hand {
    pub fn of(c: &[(Card, u32)]) -> Self {
        let mut h = Hand::default();
        for (k, n) in c {
            h.0[k.idx()] += n;
        }
        h
    }
    pub fn from_cards(c: &Cards) -> Self {
        let mut h = Hand::default();
        for (k, n) in c {
            h.0[k.idx()] = h.0[k.idx()].saturating_add(*n);
        }
        h
    }
    pub fn get(&self, c: Card) -> u32 {
        self.0[c.idx()]
    }
    /// The same cards as a bundle of the shared core.
    pub fn to_bundle(&self) -> Bundle<Card> {
        let mut b = Bundle::empty();
        for c in ALL_CARDS {
            b.set(c, self.get(c));
        }
        b
    }
    /// The cards of a bundle of the shared core.
    pub fn from_bundle(b: &Bundle<Card>) -> Self {
        let mut h = Hand::default();
        for c in ALL_CARDS {
            h.0[c.idx()] = b.get(c);
        }
        h
    }
    pub fn total(&self) -> u32 {
        self.0.iter().fold(0u32, |a, b| a.saturating_add(*b))
    }
    pub fn resources(&self) -> u32 {
        self.0[..5].iter().sum()
    }
    pub fn commodities(&self) -> u32 {
        self.0[5..].iter().sum()
    }
    pub fn contains(&self, o: &Hand) -> bool {
        self.0.iter().zip(o.0.iter()).all(|(a, b)| a >= b)
    }
    pub fn add(&mut self, o: &Hand) {
        for i in 0..8 {
            self.0[i] += o.0[i];
        }
    }
    /// Subtracts; the caller checked `contains`.
    pub fn sub(&mut self, o: &Hand) {
        for i in 0..8 {
            self.0[i] = self.0[i].saturating_sub(o.0[i]);
        }
    }
    /// The cards listed in CCK-GEN-3 order, optionally resources only.
    pub fn listed(&self, resources_only: bool) -> Vec<Card> {
        let mut v = Vec::new();
        for c in ALL_CARDS {
            if resources_only && c.is_commodity() {
                continue;
            }
            for _ in 0..self.get(c) {
                v.push(c);
            }
        }
        v
    }
    pub fn to_map(self) -> Cards {
        ALL_CARDS
            .iter()
            .filter(|c| self.get(**c) > 0)
            .map(|c| (*c, self.get(*c)))
            .collect()
    }
}

pub const COST_ROAD: [(Card, u32); 2] = [(Card::Brick, 1), (Card::Lumber, 1)];
pub const COST_SETTLEMENT: [(Card, u32); 4] = [
    (Card::Brick, 1),
    (Card::Lumber, 1),
    (Card::Wool, 1),
    (Card::Grain, 1),
];
pub const COST_CITY: [(Card, u32); 2] = [(Card::Grain, 2), (Card::Ore, 3)];
pub const COST_WALL: [(Card, u32); 1] = [(Card::Brick, 2)];
pub const COST_KNIGHT: [(Card, u32); 2] = [(Card::Wool, 1), (Card::Ore, 1)];
pub const COST_ACTIVATE: [(Card, u32); 1] = [(Card::Grain, 1)];
pub const COST_MEDICINE: [(Card, u32); 2] = [(Card::Grain, 1), (Card::Ore, 2)];

/// City improvement track (Stadtausbau): trade/yellow/cloth, politics/blue/coin,
/// science/green/paper (CCK-IMP-1).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Track {
    Trade,
    Politics,
    Science,
}
pub const TRACKS: [Track; 3] = [Track::Trade, Track::Politics, Track::Science];

impl Track {
    pub fn idx(self) -> usize {
        self as usize
    }
    pub fn commodity(self) -> Card {
        match self {
            Track::Trade => Card::Cloth,
            Track::Politics => Card::Coin,
            Track::Science => Card::Paper,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Track::Trade => "trade",
            Track::Politics => "politics",
            Track::Science => "science",
        }
    }
}

/// A progress card (Fortschrittskarte), CCK-PROG-1.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum ProgressKind {
    Alchemist,
    Crane,
    Engineer,
    Inventor,
    Irrigation,
    Medicine,
    Mining,
    Printer,
    RoadBuilding,
    Smith,
    Bishop,
    Constitution,
    Deserter,
    Diplomat,
    Intrigue,
    Saboteur,
    Spy,
    Warlord,
    Wedding,
    Merchant,
    CommercialHarbor,
    MerchantFleet,
    MasterMerchant,
    TradeMonopoly,
    ResourceMonopoly,
}

impl ProgressKind {
    pub fn deck(self) -> Track {
        use ProgressKind::*;
        match self {
            Alchemist | Crane | Engineer | Inventor | Irrigation | Medicine | Mining | Printer
            | RoadBuilding | Smith => Track::Science,
            Bishop | Constitution | Deserter | Diplomat | Intrigue | Saboteur | Spy | Warlord
            | Wedding => Track::Politics,
            _ => Track::Trade,
        }
    }
    pub fn is_point(self) -> bool {
        matches!(self, ProgressKind::Printer | ProgressKind::Constitution)
    }
    pub fn name(self) -> String {
        serde_json::to_value(self)
            .ok()
            .and_then(|v| v.as_str().map(String::from))
            .unwrap_or_default()
    }
}

/// The deck lists of CCK-PROG-1 in the stated order (shuffled at set-up), indexed by Track.
pub fn deck_list(t: Track) -> Vec<ProgressKind> {
    use ProgressKind::*;
    let spec: &[(ProgressKind, usize)] = match t {
        Track::Science => &[
            (Alchemist, 2),
            (Crane, 2),
            (Engineer, 1),
            (Inventor, 2),
            (Irrigation, 2),
            (Medicine, 2),
            (Mining, 2),
            (Printer, 1),
            (RoadBuilding, 2),
            (Smith, 2),
        ],
        Track::Politics => &[
            (Bishop, 2),
            (Constitution, 1),
            (Deserter, 2),
            (Diplomat, 2),
            (Intrigue, 2),
            (Saboteur, 2),
            (Spy, 3),
            (Warlord, 2),
            (Wedding, 2),
        ],
        Track::Trade => &[
            (Merchant, 6),
            (CommercialHarbor, 2),
            (MerchantFleet, 2),
            (MasterMerchant, 2),
            (TradeMonopoly, 2),
            (ResourceMonopoly, 4),
        ],
    };
    spec.iter()
        .flat_map(|(k, n)| std::iter::repeat_n(*k, *n))
        .collect()
}
