//! What the table is asked now: the typed decision (`next.decision`): the open
//! decision at the head of the queue (CAT-TURN-1), whose it is, and what its
//! prompt needs (its sentence is in `text`).

use schemars::JsonSchema;
use serde::Serialize;

use super::bot;
use super::data::{Cards, Track};
use super::events::{GameEnd, NeutralKind};
use super::state::*;

/// What is asked now (`next.decision`): a closed set a front end can switch
/// on. An open decision's own fields are in `view.pending[0]` (same `type`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DecisionKind {
    /// Place a set-up settlement (CCK-SETUP-3).
    SetupSettlement,
    /// Place a set-up road (CCK-SETUP-3).
    SetupRoad,
    /// Place the set-up city (CCK-SETUP-3).
    SetupCity,
    /// Make the turn's first roll (CCK-DICE-2).
    FirstRoll,
    /// Make the turn's second roll (CCK-DICE-2).
    SecondRoll,
    /// Build, trade, improve, use knights, play cards or end the turn (CAT-TURN-3).
    Turn,
    /// Discard on a 7 (CCK-SEVEN-1).
    Discard,
    /// Move the robber (CAT-ROB-1).
    Robber,
    /// Place, promote or move a neutral piece (CCK-NEUT-9).
    Neutral,
    /// Move a displaced knight (CCK-KNIGHT-7).
    KnightRelocation,
    /// Take the Aqueduct's resource (CCK-PROD-3).
    Aqueduct,
    /// Draw a Defender's tie progress card (CCK-BARB-3).
    DefenderDraw,
    /// Choose the pillaged city (CCK-BARB-4).
    Pillage,
    /// Place a metropolis (CCK-IMP-4).
    MetropolisPlace,
    /// Return a progress card over the limit (CCK-PROG-4).
    ProgressExcess,
    /// Give back 2 cards of a forced trade (CCK-TOKEN-6).
    ForcedTradeReturn,
    /// Accept or refuse a trade offer (CAT-TRADE-3).
    TradeResponse,
    /// Remove a knight for the Deserter (CCK-PROG-19).
    DeserterPick,
    /// Place the deserted knight (CCK-PROG-19).
    DeserterPlace,
    /// Re-place the road the Diplomat removed (CCK-PROG-20).
    DiplomatReplace,
    /// Give cards for the Wedding (CCK-PROG-25).
    WeddingGive,
    /// Discard for the Saboteur (CCK-PROG-22).
    SaboteurDiscard,
    /// Give a commodity for the Commercial Harbor (CCK-PROG-27).
    CommercialHarborGive,
    /// Take a progress card with the Spy (CCK-PROG-23).
    SpyPick,
    /// Take cards with the Master Merchant (CCK-PROG-29).
    MasterMerchantPick,
    /// The bot places the neutral pieces (CCK-NEUT-9).
    NeutralBot,
    /// The game is over.
    Finished,
}

/// `next.decision` of catan-ck-duel.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Decision {
    /// What is asked.
    #[serde(rename = "type")]
    pub kind: DecisionKind,
    /// Whose decision it is (none for the bot and at the end).
    pub seat: Option<Colour>,
    /// Cards to discard, give or take; progress cards held (`progress_excess`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u32>,
    /// The level of the knight to place (`knight_relocation`, `deserter_place`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<u8>,
    /// The metropolis's track (`metropolis_place`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub track: Option<Track>,
    /// Whether a progress card may be played instead of returned (`progress_excess`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub may_play: Option<bool>,
    /// The offer's cards (`trade_response`): what the offering seat gives and wants.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub give: Option<Cards>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub want: Option<Cards>,
    /// The neutral piece owed (`neutral`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub neutral: Option<NeutralAsk>,
    /// How the game ended (`finished`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<GameEnd>,
}

/// A neutral decision: what is owed, under which rule, and the colours' table names.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct NeutralAsk {
    pub task: NeutralKind,
    /// The rule that owes the piece.
    pub trigger: String,
    /// The rule of the placement.
    pub rule: String,
    /// "white (n1)", "orange (n2)".
    pub colours: [String; 2],
}

impl Decision {
    fn of(kind: DecisionKind, seat: Option<Colour>) -> Self {
        Decision {
            kind,
            seat,
            count: None,
            level: None,
            track: None,
            may_play: None,
            give: None,
            want: None,
            neutral: None,
            end: None,
        }
    }
}

/// The neutral colours' names as the table calls them ("white (n1)").
pub fn neutral_label(s: &State, c: Colour) -> String {
    let id = c.id();
    format!(
        "{} ({id})",
        s.opts.colours.get(id).map(String::as_str).unwrap_or(id)
    )
}

/// The decision now.
pub fn decision(s: &State) -> Decision {
    use DecisionKind as K;
    if s.phase == Phase::Finished {
        let mut d = Decision::of(K::Finished, None);
        d.end = Some(super::flow::game_end(s));
        return d;
    }
    let Some(decider) = super::flow::deciding_seat(s) else {
        return Decision::of(K::NeutralBot, None);
    };
    let kind = match s.pending.first() {
        None => match s.phase {
            Phase::Setup { step } if step % 2 == 1 => K::SetupRoad,
            Phase::Setup { step } if step >= 4 => K::SetupCity,
            Phase::Setup { .. } => K::SetupSettlement,
            Phase::Roll1 => K::FirstRoll,
            Phase::Roll2 => K::SecondRoll,
            _ => K::Turn,
        },
        Some(p) => match p {
            Pending::Discard { .. } => K::Discard,
            Pending::Robber { .. } => K::Robber,
            Pending::Neutral { .. } => K::Neutral,
            Pending::KnightRelocation { .. } => K::KnightRelocation,
            Pending::Aqueduct { .. } => K::Aqueduct,
            Pending::DefenderDraw { .. } => K::DefenderDraw,
            Pending::Pillage { .. } => K::Pillage,
            Pending::MetropolisPlace { .. } => K::MetropolisPlace,
            Pending::ProgressExcess { .. } => K::ProgressExcess,
            Pending::ForcedTradeReturn { .. } => K::ForcedTradeReturn,
            Pending::TradeResponse { .. } => K::TradeResponse,
            Pending::DeserterPick { .. } => K::DeserterPick,
            Pending::DeserterPlace { .. } => K::DeserterPlace,
            Pending::DiplomatReplace { .. } => K::DiplomatReplace,
            Pending::WeddingGive { .. } => K::WeddingGive,
            Pending::SaboteurDiscard { .. } => K::SaboteurDiscard,
            Pending::CommercialHarborGive { .. } => K::CommercialHarborGive,
            Pending::SpyPick { .. } => K::SpyPick,
            Pending::MasterMerchantPick { .. } => K::MasterMerchantPick,
            // Engine steps settle inside a command and are never asked.
            Pending::Number { .. } | Pending::RollDone { .. } => K::Turn,
        },
    };
    let mut d = Decision::of(kind, Some(colour_of(decider)));
    match s.pending.first() {
        Some(
            Pending::Discard { count, .. }
            | Pending::WeddingGive { count, .. }
            | Pending::SaboteurDiscard { count, .. }
            | Pending::MasterMerchantPick { count, .. },
        ) => d.count = Some(*count),
        Some(Pending::KnightRelocation { level, .. } | Pending::DeserterPlace { level, .. }) => {
            d.level = Some(*level)
        }
        Some(Pending::MetropolisPlace { track, .. }) => d.track = Some(*track),
        Some(Pending::ProgressExcess { .. }) => {
            d.count = Some(s.players[decider].progress.len() as u32);
            d.may_play = Some(decider == s.active && s.phase == Phase::Main);
        }
        Some(Pending::TradeResponse { give, want, .. }) => {
            d.give = Some(give.to_map());
            d.want = Some(want.to_map());
        }
        Some(Pending::Neutral { task, trigger }) => {
            d.neutral = Some(NeutralAsk {
                task: bot::task_kind(task),
                trigger: trigger.clone(),
                rule: bot::task_rule(task).to_string(),
                colours: [neutral_label(s, Colour::N1), neutral_label(s, Colour::N2)],
            })
        }
        _ => {}
    }
    d
}
