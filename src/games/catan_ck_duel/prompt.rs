//! What the table is asked now, as a sentence: the open decision at the head
//! of the queue (CAT-TURN-1), whose it is, what answers it, and the rule.

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
        return match s.phase {
            Phase::Setup { step } if step % 2 == 1 => {
                format!("Seat {me}: place your set-up road next to the piece you just placed (CCK-SETUP-3).")
            }
            Phase::Setup { step } if step >= 4 => {
                format!("Seat {me}: place your set-up city (CCK-SETUP-3).")
            }
            Phase::Setup { .. } => format!("Seat {me}: place your set-up settlement (CCK-SETUP-3)."),
            Phase::Roll1 => format!(
                "Seat {me}: roll the white, red and event dice for your first roll (CCK-DICE-2); before it you may play the Alchemist or take your token action."
            ),
            Phase::Roll2 => format!(
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
