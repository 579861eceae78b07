//! Why catan-shadow refuses a move or an option: one typed message per kind of refusal.
//! The sentences are in the catalogue (`text/<lang>.ftl`, `refusal-*`), in English and in
//! German (the terms of the German rule text and `rulebook.toml`). The shared table's
//! refusals are the core's (`crate::games::catan::refusals`).

use super::catalogue::TEXT;
use crate::engine::{Args, Describe, TextCx};
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

impl Refusal {
    /// The refusal's message in the catalogue and its arguments.
    pub fn message(&self) -> (&'static str, Args<'static>) {
        use Refusal as R;
        let a = Args::new;
        match self {
            R::VoteFirst => ("refusal-vote-first", a()),
            R::RemovalBeingRolled => ("refusal-removal-being-rolled", a()),
            R::RemovalDecided => ("refusal-removal-decided", a()),
            R::NoTradeWithFictive => ("refusal-no-trade-with-fictive", a()),
            R::FictiveOnly => ("refusal-fictive-only", a()),
            R::EntryRoundOver => ("refusal-entry-round-over", a()),
            R::NoneToBid { card } => ("refusal-none-to-bid", a().set("card", card.name())),
            R::RaiseNotYet => ("refusal-raise-not-yet", a()),
            R::RaiseEmpty => ("refusal-raise-empty", a()),
            R::RaiseNotHeld => ("refusal-raise-not-held", a()),
            R::RaiseTooLow { theirs } => ("refusal-raise-too-low", a().set("theirs", *theirs)),
            R::StandNotYet => ("refusal-stand-not-yet", a()),
            R::Voting => ("refusal-voting", a()),
            R::NoFictiveTurn => ("refusal-no-fictive-turn", a()),
            R::OutOfRange { option, min, max } => (
                "refusal-out-of-range",
                a().set("option", *option).set("min", *min).set("max", *max),
            ),
            R::RerollLimitWithNever => ("refusal-reroll-limit-with-never", a()),
            R::ResourceDieEachOnce => ("refusal-resource-die-each-once", a()),
            R::SideNumberingEachOnce => ("refusal-side-numbering-each-once", a()),
        }
    }

    /// One refusal of each kind, every resource among them (the catalogue checks render
    /// each in every language).
    pub fn examples() -> Vec<Refusal> {
        let mut all = vec![
            Refusal::VoteFirst,
            Refusal::RemovalBeingRolled,
            Refusal::RemovalDecided,
            Refusal::NoTradeWithFictive,
            Refusal::FictiveOnly,
            Refusal::EntryRoundOver,
            Refusal::RaiseNotYet,
            Refusal::RaiseEmpty,
            Refusal::RaiseNotHeld,
            Refusal::RaiseTooLow { theirs: 1 },
            Refusal::RaiseTooLow { theirs: 3 },
            Refusal::StandNotYet,
            Refusal::Voting,
            Refusal::NoFictiveTurn,
            Refusal::OutOfRange {
                option: "vp_target",
                min: 3,
                max: 30,
            },
            Refusal::RerollLimitWithNever,
            Refusal::ResourceDieEachOnce,
            Refusal::SideNumberingEachOnce,
        ];
        all.extend(Resource::ALL.map(|card| Refusal::NoneToBid { card }));
        all
    }
}

impl Describe for Refusal {
    fn describe(&self, cx: &TextCx<'_>) -> String {
        let (id, args) = self.message();
        TEXT.text(cx.lang, id, &args)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Lang;

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
        // The accusative "kein" follows the resource's gender.
        for (card, de) in [
            (Resource::Lumber, "Du hast kein Holz."),
            (Resource::Wool, "Du hast keine Wolle."),
        ] {
            assert_eq!(both(Refusal::NoneToBid { card }).1, de);
        }
        assert_eq!(
            both(Refusal::RaiseTooLow { theirs: 3 }).0,
            "Your offer must go strictly above 3 cards."
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
        for r in Refusal::examples() {
            let (en, de) = both(r);
            crate::engine::testing::check_text("catan-shadow", &en).unwrap();
            crate::engine::testing::check_text("catan-shadow", &de).unwrap();
            crate::engine::testing::check_german("catan-shadow", &de).unwrap();
        }
    }
}
