//! What happens (events) and what is asked of whom (decisions), as typed data. Their sentences
//! are in `text.rs`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::data::{Card, City, Side};
use super::options::DeployRule;
use super::state::{BattleKind, EndReason, Outcome, PerSide};

/// PERSS.KI's preparation situations (T300-PPR-2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Situation {
    /// A Persian supply city holds a Greek army.
    A,
    /// The score marker is on Persian 1..6.
    B,
    /// The score marker is on 0.
    C,
    /// The score marker is on Greek 1..6.
    D,
}

/// One condition PERSS.KI checked when preparing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SituationCheck {
    pub situation: Situation,
    /// Whether this situation is the one carried out.
    pub met: bool,
}

/// Why a city of the army fill got no army (T300-PPR-8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SkipReason {
    NotPersianControlled,
    TwoOrMoreArmies,
}

/// A city the army fill passed over before placing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Skipped {
    pub city: City,
    pub why: SkipReason,
}

/// Why PERSS.KI passes (T300-AI-1, T300-AI-7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PassReason {
    /// It rolled a 1 earlier this campaign.
    RolledOneEarlier,
    /// It holds no card.
    NoCards,
    /// It rolls a 1 now.
    RolledOne,
}

/// PERSS.KI's actions of the die table and the fallback chain (T300-AI-6, T300-FB-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    Pass,
    MoveArmies,
    DestroyArmy,
    DestroyFleet,
    Place,
}

/// A city PERSS.KI considered for its defence move (T300-AI-3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DefenceCandidate {
    pub city: City,
    /// Persian armies there.
    pub armies: u32,
    /// A road path through Persian-controlled cities reaches the target.
    pub reaches: bool,
}

/// A target a Persian city could move toward (T300-TGT-5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TargetCandidate {
    pub city: City,
    /// No army of either side is there (else Greek armies are).
    pub empty: bool,
    /// Roads on the shortest reaching path.
    pub distance: u32,
    /// Roads to Sparta (T300-MAP-1).
    pub d_sparta: u32,
}

/// A city PERSS.KI considered activating (T300-TGT-6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ActivationCandidate {
    pub city: City,
    /// Persian armies there.
    pub armies: u32,
    /// Armies that may move (T300-TGT-2).
    pub movers: u32,
    pub targets: Vec<TargetCandidate>,
    /// It can move (movers ≥ 1 and a target).
    pub able: bool,
}

/// The tier of a Persian attrition removal (T300-SUP-5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Tier {
    /// An army without supply.
    Unsupplied,
    /// A supplied army that brings no points (not the last one in its city).
    NoPoints,
    /// Any other army.
    Other,
}

/// Where an army covering a portrait came from (T300-EVT-5, T300-EVT-11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ArmySource {
    /// The Greek stock.
    Stock,
    /// A city on the map (the stock was empty).
    Map(City),
}

/// What the Greeks played a card for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Purpose {
    LandMovement,
    NavalMovement,
}

/// Why the operations phase ended (T300-SEQ-4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum OpsEnd {
    TwoPasses,
    HandsEmpty,
}

/// What happened. Data uses the game's ids: cities (`athenai`), cards (`miltiades`), sides.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", content = "data", rename_all = "snake_case")]
pub enum Event {
    /// The solo setup (T300-SET-1..6).
    Setup {
        campaign: u8,
        score: i32,
        /// The cards are shuffled at the table (`deck = "table"`).
        deck_at_table: bool,
    },
    /// The draw pile was empty: the discards became a new pile (T300-SEQ-5).
    DeckReshuffled {
        cards: u32,
        /// Shuffled at the table (`deck = "table"`), not by the server.
        at_table: bool,
    },
    /// PERSS.KI's situation this campaign (T300-PPR-2).
    PersianSituation {
        situation: Situation,
        score: i32,
        checks: Vec<SituationCheck>,
    },
    /// PERSS.KI buys its cards face down (T300-PPR-4..7, T300-PPR-11).
    PersianCardsDrawn {
        count: u32,
        wanted: u32,
        talents_left: u32,
    },
    /// PERSS.KI builds the pontoon bridge (T300-PPR-3).
    BridgeBuilt { cost: u32, talents_left: u32 },
    /// Situation B: a Persian fleet in a port (T300-PPR-5).
    PersianFleetPlaced { port: City, talents_left: u32 },
    /// Persian armies placed in preparation (T300-PPR-4, T300-PPR-7, T300-PPR-8).
    PersianArmiesPlaced {
        city: City,
        /// Armies placed now.
        armies: u32,
        /// Persian armies there afterwards.
        total: u32,
        /// The pass of the army fill (1 or 2); absent for situations A and D.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pass: Option<u32>,
        talents_left: u32,
        /// Cities of the fill list passed over just before this one.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        skipped: Vec<Skipped>,
    },
    /// Talents PERSS.KI could not spend (T300-PPR-10).
    TalentsLost { count: u32 },
    /// PERSS.KI passes (T300-AI-1, T300-AI-7).
    PersianPass { why: PassReason },
    /// PERSS.KI's defence check (T300-AI-2, T300-AI-3).
    DefenceCheck {
        target: City,
        candidates: Vec<DefenceCandidate>,
        chosen: Option<City>,
    },
    /// No Persian army can reach an occupied supply city (T300-AI-4).
    DefenceImpossible { occupied: Vec<City> },
    /// PERSS.KI's die (T300-AI-5, T300-AI-6).
    PersianDie { value: u8, action: Action },
    /// Which city PERSS.KI activates (T300-TGT-6).
    Activation {
        candidates: Vec<ActivationCandidate>,
        chosen: Option<City>,
    },
    /// Where the activated armies go (T300-TGT-7).
    Target {
        candidates: Vec<TargetCandidate>,
        chosen: City,
        /// The chosen city holds no army (else Greek armies).
        empty: bool,
    },
    /// Persian armies march (T300-AI-3, T300-TGT-8).
    PersianMove {
        from: City,
        to: City,
        path: Vec<City>,
        armies: u32,
        /// Persian armies in `from` before the march.
        of: u32,
        /// A defence move (a third, rounded up) rather than an advance.
        defence: bool,
    },
    /// An action cannot be carried out; the next of the chain is tried (T300-FB-1).
    Fallback { from: Action, to: Action },
    /// Every action of the chain was tried (T300-FB-2).
    NoAction { tried: Vec<Action> },
    /// Die 4: a Greek army is destroyed (T300-AI-9).
    GreekArmyDestroyed {
        city: City,
        /// It was alone in its city.
        isolated: bool,
        /// The Greeks now owe PERSS.KI a discard (they hold cards).
        discard_owed: bool,
    },
    /// Die 5: a Greek fleet is destroyed and a Persian fleet takes its place (T300-AI-10).
    GreekFleetDestroyed { port: City },
    /// Die 6: Persian units placed (T300-AI-11).
    PersianDeploy {
        city: City,
        fleet: bool,
        army: bool,
        deploy_rule: DeployRule,
    },
    /// A battle begins (T300-BAT-1).
    BattleStarted {
        kind: BattleKind,
        city: City,
        attacker: Side,
        /// Units of each side in it.
        units: PerSide,
    },
    /// One battle round (T300-BAT-2, T300-BAT-3).
    BattleRound {
        kind: BattleKind,
        city: City,
        round: u32,
        persian_dice: Vec<u8>,
        persian_result: u8,
        cap: u8,
        greek_dice: Vec<u8>,
        greek_result: u8,
        losses: PerSide,
        carried_army_lost: bool,
        /// Units left in the battle.
        left: PerSide,
    },
    /// The Greeks retreat (T300-BAT-5).
    GreekRetreat {
        from: City,
        to: City,
        armies: u32,
        fleets: u32,
    },
    /// A battle is over (T300-BAT-7).
    BattleEnded {
        kind: BattleKind,
        city: City,
        winner: Option<Side>,
        survivors: PerSide,
        retreated: bool,
    },
    /// Armies carried by sea land (T300-MOV-3).
    ArmiesLanded { city: City, armies: u32 },
    /// Evangelion moves the score (T300-EVT-6).
    EvangelionScored { city: City, delta: i32, marker: i32 },
    /// An instant victory (T300-SCO-1, T300-SCO-2).
    Victory { winner: Side, reason: EndReason },
    /// The operations phase ends (T300-SEQ-4).
    OperationsEnded { campaign: u8, why: OpsEnd },
    /// PERSS.KI's step 4: it discards the card held longest, face up (T300-AI-12).
    PersianDiscard { card: Card, hand_left: u32 },
    /// Supply: PERSS.KI discards its whole hand (T300-SUP-2).
    PersianHandDiscarded { cards: Vec<Card> },
    /// The attrition count of a side (T300-SUP-4).
    Attrition {
        side: Side,
        armies: u32,
        capacity: u32,
        excess: u32,
    },
    /// PERSS.KI removes an army for attrition (T300-SUP-5).
    AttritionRemoved { city: City, tier: Tier },
    /// The Greeks remove armies for attrition (T300-SUP-6).
    GreekArmiesRemoved {
        from: BTreeMap<City, u32>,
        total: u32,
    },
    /// Armies without a line of communication are removed (T300-SUP-7).
    OutOfSupply { side: Side, city: City, armies: u32 },
    /// Supply: the Greeks keep up to 4 cards (T300-SUP-3). The kept cards are in the secret part.
    GreekCardsKept { kept: u32, discarded: Vec<Card> },
    /// The cards the Greeks hold now (the secret part for the Greek seat).
    GreekHand { cards: Vec<Card> },
    /// Scoring of a campaign (T300-SCO-1).
    Score {
        campaign: u8,
        greek_points: i32,
        persian_points: i32,
        delta: i32,
        marker: i32,
    },
    /// The game ends on points after campaign 5 (T300-SCO-3).
    GameOver { score: i32, outcome: Outcome },
    /// A new campaign (T300-SEQ-1).
    CampaignStarted { campaign: u8 },
    /// The Greeks buy cards (T300-GPR-2, T300-EVT-1). The cards are in the secret part.
    GreekCardsBought {
        count: u32,
        talents_left: u32,
        mines: bool,
    },
    /// The cards the Greeks just drew (the secret part for the Greek seat).
    GreekCardsDrawn { cards: Vec<Card> },
    /// The Greeks raise units (T300-GPR-3, T300-GPR-4, T300-EVT-1).
    GreekRaised {
        armies: BTreeMap<City, u32>,
        fleets: BTreeMap<City, u32>,
        talents_lost: u32,
    },
    /// Operations begin (T300-SEQ-3).
    OperationsStarted { campaign: u8 },
    /// The Greeks pass (T300-SEQ-4).
    GreekPass,
    /// The Greeks play a card for a movement (T300-MOV-1).
    GreekCardPlayed { card: Card, purpose: Purpose },
    /// Greek armies march (T300-MOV-2).
    GreekMove {
        from: City,
        to: City,
        armies: u32,
        path: Vec<City>,
    },
    /// Greek fleets sail (T300-MOV-3).
    GreekNavalMove {
        from: City,
        to: City,
        fleets: u32,
        armies: u32,
    },
    /// A reaction: Miltiades, 300 Spartans or Artemisia I (T300-EVT-11).
    Reaction {
        card: Card,
        city: City,
        /// The army that covers the portrait (Miltiades).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        army_from: Option<ArmySource>,
    },
    /// The Greeks let a reaction window pass (T300-EVT-11).
    ReactionDeclined { city: City },
    /// Mines of Laurion (T300-EVT-1).
    MinesOfLaurion,
    /// Ionian Revolt (T300-EVT-2).
    IonianRevolt { city: City },
    /// Wrath of Poseidon (T300-EVT-3).
    WrathOfPoseidon { port: City },
    /// Oracle of Delphi (T300-EVT-4). The new cards are in the secret part.
    OracleOfDelphi { discarded: Vec<Card>, drawn: u32 },
    /// Leonidas (T300-EVT-5).
    Leonidas { army_from: ArmySource },
    /// Evangelion (T300-EVT-6).
    Evangelion,
    /// Melas Zomos (T300-EVT-7).
    MelasZomos,
    /// Triremes (T300-EVT-8).
    Triremes,
    /// Support from Syracuse (T300-EVT-9).
    SupportFromSyracuse { fleets: BTreeMap<City, u32> },
    /// Desertion of Greek Soldiers (T300-EVT-10).
    Desertion { city: City },
    /// The Greeks fight on (T300-BAT-4).
    FightOn,
    /// The Greeks destroy the pontoon bridge (T300-MOV-4).
    BridgeDestroyed,
    /// The Greeks leave the pontoon bridge standing (T300-MOV-4).
    BridgeKept,
    /// The Greeks discard a card after die 4 (T300-AI-9).
    GreekDiscard { card: Card },
    /// The Greeks forgo the second Triremes movement (T300-EVT-8).
    TriremesSkipped,
}

/// What is being decided now, of whom (`next.decision`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Decision {
    /// PERSS.KI prepares the campaign (bot turn).
    PersianPreparation { campaign: u8 },
    /// The Greeks buy cards first (`buy_cards`, T300-GPR-2).
    BuyCards {
        talents: u32,
        /// At most this many cards.
        max: u32,
        /// The extra preparation of Mines of Laurion.
        mines: bool,
    },
    /// The Greeks raise armies and fleets (`raise`, T300-GPR-3, T300-GPR-4).
    Raise {
        talents: u32,
        armies_in_stock: u32,
        /// Fleets they may still raise.
        fleets_allowed: u32,
        mines: bool,
    },
    /// The Greek operations turn: a card for an event or a movement, or `pass` (T300-SEQ-3).
    GreekTurn {
        cards: u32,
        /// PERSS.KI passed last: a Greek pass ends the phase.
        persian_passed: bool,
    },
    /// PERSS.KI's operations turn (bot turn, T300-AI).
    PersianTurn,
    /// A Persian land attack is about to start: play a reaction or not (`react`, T300-EVT-11).
    React { city: City, cards: Vec<Card> },
    /// The Persians lost a fleet: play Artemisia I or not (`react`, T300-EVT-11).
    Artemisia { city: City },
    /// Retreat or fight on (`battle_choice`, T300-BAT-5).
    BattleChoice {
        kind: BattleKind,
        city: City,
        retreat_to: Vec<City>,
    },
    /// Greek armies took Abydos: destroy the bridge or not (`destroy_bridge`, T300-MOV-4).
    DestroyBridge,
    /// PERSS.KI destroyed a Greek army: discard a card (`discard`, T300-AI-9).
    Discard,
    /// Triremes: a second naval movement or not (`triremes_second`, T300-EVT-8).
    TriremesSecond,
    /// Supply: keep 4 cards (`keep_cards`, T300-SUP-3).
    KeepCards { hand: u32 },
    /// Supply: remove Greek armies (`remove_armies`, T300-SUP-6).
    RemoveArmies { count: u32 },
    /// `dice = "table"`: the next round of the battle is due (a bot turn with exactly these
    /// dice: the Persian ones first, then the Greek ones; T300-BAT-2).
    BattleRound {
        kind: BattleKind,
        city: City,
        /// The round to roll, from 1.
        round: u32,
        persian_dice: u32,
        greek_dice: u32,
    },
    /// The game is over.
    GameOver {
        outcome: Outcome,
        reason: EndReason,
        score: i32,
    },
}

/// The turn of one command, with this game's events.
pub type Tx<'c> = crate::engine::Turn<'c, Event>;
