//! Why catan-shadow refuses a move or an option: typed messages
//! rendered in English and in German, in the terms of the German rule text
//! and `rulebook.toml` (fiktiver Spielzug, Versteigerung, Angebot, Entfernen
//! der Landfelder), addressing the player with "du". The shared table's
//! refusals are the core's (`crate::games::catan::refusals`).

use crate::engine::text::count;
use crate::engine::{Describe, Lang, TextCx};
use crate::games::catan::text::resource_name;
use crate::games::catan::Resource;

/// A refusal of Catan: Schattenwirtschaft.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// CSW-SETUP-8: another move while the removal vote is open.
    VoteFirst,
    /// CSW-SETUP-1: a human move while the removal is being rolled.
    RemovalBeingRolled,
    /// CSW-SETUP-8: a removal vote after set-up.
    RemovalDecided,
    /// CSW-TURN-2: an auction move in a real turn.
    NoTradeWithFictive,
    /// CSW-FIC-8: another move during a fictive turn.
    FictiveOnly,
    /// CSW-AUC-4: an entry after the entry round.
    EntryRoundOver,
    /// CSW-AUC-4: a bid of a resource not in hand.
    NoneToBid { card: Resource },
    /// CSW-AUC-6: a raise before the bidding round.
    RaiseNotYet,
    /// CSW-AUC-6: a raise of no cards.
    RaiseEmpty,
    /// CSW-AUC-8: a raise with cards not held besides the offer.
    RaiseNotHeld,
    /// CSW-AUC-6: a raise not strictly above the other offer.
    RaiseTooLow { theirs: u32 },
    /// CSW-AUC-6: standing before the bidding round.
    StandNotYet,
    /// CSW-SETUP-8: a bot turn asked during the removal vote.
    Voting,
    /// CSW-TURN-3: a bot turn asked with no fictive turn due.
    NoFictiveTurn,
    /// An option outside its range.
    OutOfRange {
        option: &'static str,
        min: u32,
        max: u32,
    },
    /// CSW-SETUP-9: a re-roll limit with reroll_policy "never".
    RerollLimitWithNever,
    /// CSW-ROB-2: resource_die names a resource twice.
    ResourceDieEachOnce,
    /// CSW-SETUP-2: side_numbering names a side twice.
    SideNumberingEachOnce,
}

/// "keinen Lehm", "kein Holz", "keine Wolle" (accusative).
fn none_of_de(r: Resource) -> &'static str {
    match r {
        Resource::Brick => "keinen Lehm",
        Resource::Lumber => "kein Holz",
        Resource::Wool => "keine Wolle",
        Resource::Grain => "kein Getreide",
        Resource::Ore => "kein Erz",
    }
}

impl Refusal {
    fn en(&self) -> String {
        use Refusal as R;
        match self {
            R::VoteFirst => "Vote on the removal first (removal_vote).".into(),
            R::RemovalBeingRolled => "The removal is being rolled: ask for the bot's turn.".into(),
            R::RemovalDecided => "The removal was decided in set-up.".into(),
            R::NoTradeWithFictive => "The auction is part of a fictive turn; in your own turn there is no trade with the fictive players.".into(),
            R::FictiveOnly => "During a fictive turn only discards, the robber move and the auction are possible.".into(),
            R::EntryRoundOver => "The entry round is over.".into(),
            R::NoneToBid { card } => format!("You hold no {}.", resource_name(*card)),
            R::RaiseNotYet => "Raising is only possible once both players have entered.".into(),
            R::RaiseEmpty => "A raise lays at least one more card.".into(),
            R::RaiseNotHeld => "You do not hold those cards besides the ones already offered.".into(),
            R::RaiseTooLow { theirs } => format!(
                "Your offer must go strictly above {}.",
                count(*theirs, "card", "cards")
            ),
            R::StandNotYet => "Standing is only possible once both players have entered.".into(),
            R::Voting => "The players are voting on the removal.".into(),
            R::NoFictiveTurn => "No fictive turn is due.".into(),
            R::OutOfRange { option, min, max } => {
                format!("The option {option} must be between {min} and {max}.")
            }
            R::RerollLimitWithNever => "With reroll_policy \"never\" the removal is never rolled again, so a re-roll limit means nothing.".into(),
            R::ResourceDieEachOnce => "The option resource_die must name each resource once.".into(),
            R::SideNumberingEachOnce => "The option side_numbering must name each side once.".into(),
        }
    }

    fn de(&self) -> String {
        use Refusal as R;
        match self {
            R::VoteFirst => "Stimme zuerst über das Entfernen der Landfelder ab (removal_vote).".into(),
            R::RemovalBeingRolled => "Das Entfernen der Landfelder wird gerade ausgewürfelt: Fordere den Zug des Bots an.".into(),
            R::RemovalDecided => "Über das Entfernen der Landfelder wurde schon beim Aufbau entschieden.".into(),
            R::NoTradeWithFictive => "Die Versteigerung gehört zu einem fiktiven Spielzug; in deinem eigenen Zug gibt es keinen Handel mit den fiktiven Spielern.".into(),
            R::FictiveOnly => "Während eines fiktiven Spielzuges sind nur Abwerfen, das Versetzen des Räubers und die Versteigerung möglich.".into(),
            R::EntryRoundOver => "Der Einstieg in die Versteigerung ist vorbei.".into(),
            R::NoneToBid { card } => format!("Du hast {}.", none_of_de(*card)),
            R::RaiseNotYet => "Erhöhen ist erst möglich, wenn beide Spieler in die Versteigerung eingestiegen sind.".into(),
            R::RaiseEmpty => "Wer erhöht, legt mindestens eine weitere Karte aus.".into(),
            R::RaiseNotHeld => "Diese Karten hast du neben den schon angebotenen nicht.".into(),
            R::RaiseTooLow { theirs } => format!(
                "Dein Angebot muss mehr als {} umfassen.",
                count(*theirs, "Karte", "Karten")
            ),
            R::StandNotYet => "Stehen bleiben ist erst möglich, wenn beide Spieler in die Versteigerung eingestiegen sind.".into(),
            R::Voting => "Die Spieler stimmen gerade über das Entfernen der Landfelder ab.".into(),
            R::NoFictiveTurn => "Es steht kein fiktiver Spielzug an.".into(),
            R::OutOfRange { option, min, max } => {
                format!("Die Option {option} muss zwischen {min} und {max} liegen.")
            }
            R::RerollLimitWithNever => "Mit reroll_policy „never“ wird das Entfernen nie neu ausgewürfelt, eine Höchstzahl neuer Würfe ist daher sinnlos.".into(),
            R::ResourceDieEachOnce => "Die Option resource_die muss jeden Rohstoff genau einmal nennen.".into(),
            R::SideNumberingEachOnce => "Die Option side_numbering muss jede Seite genau einmal nennen.".into(),
        }
    }
}

impl Describe for Refusal {
    fn describe(&self, cx: &TextCx<'_>) -> String {
        match cx.lang {
            Lang::En => self.en(),
            Lang::De => self.de(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn both(r: Refusal) -> (String, String) {
        (
            r.describe(&TextCx::new(Lang::En, &[])),
            r.describe(&TextCx::new(Lang::De, &[])),
        )
    }

    #[test]
    fn refusals_read_in_english_and_german() {
        assert_eq!(
            both(Refusal::NoneToBid {
                card: Resource::Brick
            }),
            (
                "You hold no brick.".to_string(),
                "Du hast keinen Lehm.".to_string()
            )
        );
        assert_eq!(
            both(Refusal::RaiseTooLow { theirs: 1 }),
            (
                "Your offer must go strictly above 1 card.".to_string(),
                "Dein Angebot muss mehr als 1 Karte umfassen.".to_string()
            )
        );
        assert_eq!(
            both(Refusal::OutOfRange {
                option: "vp_target",
                min: 3,
                max: 30
            }),
            (
                "The option vp_target must be between 3 and 30.".to_string(),
                "Die Option vp_target muss zwischen 3 und 30 liegen.".to_string()
            )
        );
    }

    #[test]
    fn every_german_refusal_is_german() {
        let all = [
            Refusal::VoteFirst,
            Refusal::RemovalBeingRolled,
            Refusal::RemovalDecided,
            Refusal::NoTradeWithFictive,
            Refusal::FictiveOnly,
            Refusal::EntryRoundOver,
            Refusal::NoneToBid {
                card: Resource::Wool,
            },
            Refusal::RaiseNotYet,
            Refusal::RaiseEmpty,
            Refusal::RaiseNotHeld,
            Refusal::RaiseTooLow { theirs: 3 },
            Refusal::StandNotYet,
            Refusal::Voting,
            Refusal::NoFictiveTurn,
            Refusal::RerollLimitWithNever,
            Refusal::ResourceDieEachOnce,
            Refusal::SideNumberingEachOnce,
        ];
        for r in all {
            let (en, de) = both(r);
            crate::engine::testing::check_text("catan-shadow", &en).unwrap();
            crate::engine::testing::check_text("catan-shadow", &de).unwrap();
            crate::engine::testing::check_german("catan-shadow", &de).unwrap();
        }
    }
}
