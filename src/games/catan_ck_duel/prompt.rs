//! What the table is asked now: the typed decision (`next.decision`) and its
//! sentence: the open decision at the head of the queue (CAT-TURN-1), whose
//! it is, what answers it, and the rule.

use schemars::JsonSchema;
use serde::Serialize;

use super::neutral;
use super::rules::{describe, other};
use super::state::*;

fn seat(p: usize) -> &'static str {
    Colour::of_seat(p).name()
}

fn knight(level: u8) -> &'static str {
    match level {
        1 => "basic",
        2 => "strong",
        _ => "mighty",
    }
}

fn cards(n: u32) -> String {
    if n == 1 {
        "1 card".into()
    } else {
        format!("{n} cards")
    }
}

/// The neutral colours' names as the table calls them ("white (n1) or orange (n2)").
fn neutral_colours(s: &State) -> String {
    let label = |c: Colour| {
        let id = c.name();
        format!(
            "{} ({id})",
            s.opts.colours.get(id).map(String::as_str).unwrap_or(id)
        )
    };
    format!("{} or {}", label(Colour::N1), label(Colour::N2))
}

/// The prompt of the seat that decides now.
pub fn prompt(s: &State, decider: usize) -> String {
    let me = seat(decider);
    let you = seat(other(decider));
    let Some(p) = s.pending.first() else {
        // Nothing open: the phase decides, as in `decision`.
        return match decision(s).kind {
            DecisionKind::SetupRoad => {
                format!("Seat {me}: place your set-up road next to the piece you just placed (CCK-SETUP-3).")
            }
            DecisionKind::SetupCity => format!("Seat {me}: place your set-up city (CCK-SETUP-3)."),
            DecisionKind::SetupSettlement => {
                format!("Seat {me}: place your set-up settlement (CCK-SETUP-3).")
            }
            DecisionKind::FirstRoll => format!(
                "Seat {me}: roll the white, red and event dice for your first roll (CCK-DICE-2); before it you may play the Alchemist or take your token action."
            ),
            DecisionKind::SecondRoll => format!(
                "Seat {me}: roll the dice for your second roll (CCK-DICE-2); before it you may take your token action."
            ),
            _ => format!(
                "Seat {me}: build, trade, improve a city, use your knights, play progress cards, or end your turn (CAT-TURN-3)."
            ),
        };
    };
    match p {
        Pending::Discard { count, .. } => format!(
            "Seat {me}: a 7 was rolled and you hold too many cards; discard {} of your choice (CCK-SEVEN-1).",
            cards(*count)
        ),
        Pending::Robber { .. } => format!(
            "Seat {me}: move the robber to another land hex and take a card from a player with a building there (CAT-ROB-1)."
        ),
        Pending::Neutral { task, trigger } => {
            let colours = neutral_colours(s);
            let what = match task {
                NeutralTask::Road => format!("a road for {colours}"),
                NeutralTask::Settlement => format!("a settlement for {colours}"),
                NeutralTask::Knight { .. } => format!("a basic knight for {colours}"),
                NeutralTask::Promotion => format!("promote a knight of {colours}"),
                NeutralTask::Relocation { .. } => {
                    "move the displaced neutral knight along its colour's roads".to_string()
                }
            };
            let verb = match task {
                NeutralTask::Promotion | NeutralTask::Relocation { .. } => "",
                _ => "place ",
            };
            let rule = neutral::task_rule(task);
            if trigger == rule {
                format!("Seat {me}: {verb}{what} ({rule}); choose among the listed spots with neutral_build.")
            } else {
                format!(
                    "Seat {me}: {verb}{what}, owed under {trigger}; choose among the listed spots with neutral_build ({rule})."
                )
            }
        }
        Pending::KnightRelocation { level, .. } => format!(
            "Seat {me}: your {} knight was displaced; move it to a free intersection along your roads (CCK-KNIGHT-7).",
            knight(*level)
        ),
        Pending::Aqueduct { .. } => format!(
            "Seat {me}: your Aqueduct gives you one resource of your choice from the bank (CCK-PROD-3)."
        ),
        Pending::DefenderDraw { .. } => format!(
            "Seat {me}: you tied as the strongest defender; draw a progress card from the deck of your choice (CCK-BARB-3)."
        ),
        Pending::Pillage { .. } => format!(
            "Seat {me}: the barbarians won; choose which of your cities becomes a settlement again (CCK-BARB-4)."
        ),
        Pending::MetropolisPlace { track, .. } => format!(
            "Seat {me}: place the {} metropolis on one of your cities (CCK-IMP-4).",
            track.name()
        ),
        Pending::ProgressExcess { .. } => format!(
            "Seat {me}: you hold {} progress cards, more than 4; return one under its deck{} (CCK-PROG-4).",
            s.players[decider].progress.len(),
            if decider == s.active && s.phase == Phase::Main {
                " or play one"
            } else {
                ""
            }
        ),
        Pending::ForcedTradeReturn { .. } => format!(
            "Seat {me}: give 2 cards of your choice back to seat {you} for the forced trade (CCK-TOKEN-6)."
        ),
        Pending::TradeResponse { give, want, .. } => format!(
            "Seat {me}: seat {you} offers {} for {}; accept or refuse (CAT-TRADE-3).",
            describe(give),
            describe(want)
        ),
        Pending::DeserterPick { .. } => format!(
            "Seat {me}: the Deserter is played against you; remove one of your knights (CCK-PROG-19)."
        ),
        Pending::DeserterPlace { level, .. } => format!(
            "Seat {me}: place your deserted {} knight on a free intersection along your roads (CCK-PROG-19).",
            knight(*level)
        ),
        Pending::DiplomatReplace { .. } => format!(
            "Seat {me}: place the road the Diplomat removed on another path of yours (CCK-PROG-20)."
        ),
        Pending::WeddingGive { count, .. } => format!(
            "Seat {me}: the Wedding asks you to give seat {you} {} of your choice (CCK-PROG-25).",
            cards(*count)
        ),
        Pending::SaboteurDiscard { count, .. } => format!(
            "Seat {me}: the Saboteur makes you discard {} of your choice (CCK-PROG-22).",
            cards(*count)
        ),
        Pending::CommercialHarborGive { .. } => format!(
            "Seat {me}: the Commercial Harbor asks you for a commodity of your choice in exchange for the resource offered (CCK-PROG-27)."
        ),
        Pending::SpyPick { .. } => format!(
            "Seat {me}: your Spy looks at seat {you}'s progress cards; take one of them (CCK-PROG-23)."
        ),
        Pending::MasterMerchantPick { count, .. } => format!(
            "Seat {me}: your Master Merchant lets you take {} of your choice from seat {you}'s hand (CCK-PROG-29).",
            cards(*count)
        ),
        Pending::Number { .. } | Pending::RollDone { .. } => {
            // Engine steps settle inside a command; nobody is ever asked them.
            format!("Seat {me}: the roll is being resolved (CCK-DICE-3).")
        }
    }
}

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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Decision {
    /// What is asked.
    #[serde(rename = "type")]
    pub kind: DecisionKind,
    /// Whose decision it is (none for the bot and at the end).
    pub seat: Option<Colour>,
}

/// The decision now.
pub fn decision(s: &State) -> Decision {
    use DecisionKind as K;
    if s.phase == Phase::Finished {
        return Decision {
            kind: K::Finished,
            seat: None,
        };
    }
    let Some(decider) = super::actions::deciding_seat(s) else {
        return Decision {
            kind: K::NeutralBot,
            seat: None,
        };
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
    Decision {
        kind,
        seat: Some(Colour::of_seat(decider)),
    }
}
