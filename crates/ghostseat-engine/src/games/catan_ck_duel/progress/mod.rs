//! Progress cards (CCK-PROG-5, -10..-30) and their follow-up decisions: `play` and `answer`
//! route each card and each decision to its function, the cards grouped by the colour of
//! their deck.

mod answers;
mod politics;
mod science;
mod trade;

pub use politics::{deserter_level, intrigue_targets, is_open_road};

use super::data::*;
use super::events::{Ev, Event, NoEffect, Took};
use super::mechanics::*;
use super::moves::Move;
use super::refusals::{Answer, Field, Refusal};
use super::state::*;
use crate::engine::{Chance, Emit, RuleError};

/// The fields a play of `card` takes besides `card` (CCK-PROG-5); the Deserter's `knight`
/// only against a neutral colour (against the opponent, the opponent picks).
pub fn fields_taken(card: ProgressKind) -> &'static [&'static str] {
    use ProgressKind::*;
    match card {
        Alchemist => &["white", "red"],
        Engineer | Medicine => &["vertex"],
        Inventor => &["hexes"],
        RoadBuilding => &["edges"],
        Smith => &["knights"],
        Bishop | Merchant => &["hex"],
        Deserter => &["target", "knight"],
        Diplomat => &["edge"],
        Intrigue => &["knight"],
        CommercialHarbor => &["give"],
        MerchantFleet => &["kind"],
        TradeMonopoly => &["commodity"],
        ResourceMonopoly => &["resource"],
        Crane | Irrigation | Mining | Printer | Saboteur | Spy | Warlord | Wedding
        | Constitution | MasterMerchant => &[],
    }
}

/// Refuses a progress play that names a field its card does not take (CCK-PROG-5): what
/// `play` accepts is exactly what the legal moves list. `stolen` and `drawn` are table
/// input of old sessions and checked where they are used.
pub fn no_stray_field(mv: &Move) -> R<()> {
    let Move::PlayProgress {
        card,
        target,
        knight,
        ..
    } = mv
    else {
        return Ok(());
    };
    let v = serde_json::to_value(mv).unwrap_or_default();
    let taken = fields_taken(*card);
    let stray = v.as_object().and_then(|o| {
        o.keys()
            .find(|k| {
                !matches!(k.as_str(), "type" | "card" | "stolen" | "drawn")
                    && !taken.contains(&k.as_str())
            })
            .cloned()
    });
    let field = match stray {
        Some(k) => taken_name(&k),
        None if knight.is_some() && target.is_some_and(|t| t.seat().is_some()) => "knight",
        None => return Ok(()),
    };
    Err(RuleError::illegal(
        "CCK-PROG-5",
        Refusal::FieldNotTaken { card: *card, field },
    ))
}

/// A field name of `Move::PlayProgress` as a static string.
fn taken_name(k: &str) -> &'static str {
    const ALL: [&str; 14] = [
        "white",
        "red",
        "vertex",
        "hexes",
        "edges",
        "knights",
        "hex",
        "target",
        "knight",
        "edge",
        "give",
        "kind",
        "commodity",
        "resource",
    ];
    ALL.iter().find(|f| **f == k).copied().unwrap_or("?")
}

fn name(field: Field) -> Refusal {
    Refusal::Name { field }
}

/// Refuses with `why` under `rule` unless `ok`.
fn need(ok: bool, rule: &str, why: Refusal) -> R<()> {
    if ok {
        Ok(())
    } else {
        Err(RuleError::illegal(rule, why))
    }
}

/// What a card's play leaves for its `progress_played` event: the rule it was played under
/// and what it took from the bank (CCK-PROG-5, -14).
pub struct Played {
    rule: &'static str,
    took: Option<Took>,
}

impl Played {
    fn under(rule: &'static str) -> Self {
        Played { rule, took: None }
    }
}

/// Point cards count where they lie and are never played (CCK-PROG-3).
fn point_card() -> R<Played> {
    Err(RuleError::illegal(
        "CCK-PROG-3",
        Refusal::PointCardsNotPlayed,
    ))
}

/// Plays a progress card of `seat`'s hand: the card's effect (its function, by the colour of
/// its deck), then the card goes under its deck, and its `progress_played` event goes before
/// the effect's events (CCK-PROG-5).
pub fn play(s: &mut State, seat: Seat, mv: &Move, dice: &mut Chance, ev: &mut Vec<Ev>) -> R<()> {
    let Move::PlayProgress {
        card,
        vertex,
        hexes,
        edges,
        knights,
        hex,
        target,
        knight,
        edge,
        give,
        kind,
        commodity,
        resource,
        ..
    } = mv
    else {
        return Err(RuleError::illegal("CCK-PROG-5", Refusal::NotAProgressCard));
    };
    no_stray_field(mv)?;
    let idx = s.players[seat]
        .progress
        .iter()
        .position(|c| c.kind == *card)
        .ok_or_else(|| RuleError::illegal("CCK-PROG-5", Refusal::NoProgressCard { card: *card }))?;
    let played_at = ev.len();
    use ProgressKind::*;
    let Played { rule, took } = match card {
        Alchemist => science::alchemist(),
        Crane => science::crane(),
        Printer | Constitution => point_card(),
        Engineer => science::engineer(s, seat, *vertex, ev),
        Inventor => science::inventor(s, seat, hexes.as_deref(), ev),
        Irrigation => science::irrigation(s, seat),
        Mining => science::mining(s, seat),
        Medicine => science::medicine(s, seat, *vertex, ev),
        RoadBuilding => science::road_building(s, seat, edges.as_deref(), ev),
        Smith => science::smith(s, seat, knights.as_deref(), ev),
        Bishop => politics::bishop(s, seat, *hex, dice, ev),
        Deserter => politics::deserter(s, seat, *target, *knight, ev),
        Diplomat => politics::diplomat(s, seat, *edge, ev),
        Intrigue => politics::intrigue(s, seat, *knight, ev),
        Saboteur => politics::saboteur(s, seat, ev),
        Spy => politics::spy(s, seat),
        Warlord => politics::warlord(s, seat, ev),
        Wedding => politics::wedding(s, seat, ev),
        Merchant => trade::merchant(s, seat, *hex, ev),
        CommercialHarbor => trade::commercial_harbor(s, seat, *give, ev),
        MerchantFleet => trade::merchant_fleet(s, seat, *kind, ev),
        MasterMerchant => trade::master_merchant(s, seat),
        TradeMonopoly => trade::trade_monopoly(s, seat, *commodity, ev),
        ResourceMonopoly => trade::resource_monopoly(s, seat, *resource, ev),
    }?;
    let pc = s.players[seat].progress.remove(idx);
    s.decks[pc.kind.deck().idx()].insert(0, pc.kind);
    let mut played = Ev::new(
        rule,
        Event::ProgressPlayed {
            seat,
            card: *card,
            took,
            rule_play: "CCK-PROG-5".into(),
        },
    );
    played.cards(&[card.name()]);
    ev.insert(played_at, played);
    Ok(())
}

/// `seat`'s `card` does nothing, and the log says why.
pub fn no_effect(
    ev: &mut Vec<Ev>,
    rule: &'static str,
    seat: Seat,
    card: ProgressKind,
    reason: NoEffect,
) {
    ev.emit(rule, Event::ProgressNoEffect { seat, card, reason });
}

/// Answers to progress-card decisions, each by its function in `answers`.
pub fn answer(
    s: &mut State,
    seat: Seat,
    p: Pending,
    mv: &Move,
    _dice: &mut Chance,
    ev: &mut Vec<Ev>,
) -> R<()> {
    match (p, mv) {
        (Pending::DeserterPick { .. }, Move::DeserterPick { vertex }) => {
            answers::deserter_pick(s, seat, *vertex, ev)
        }
        (Pending::DeserterPlace { level, active, .. }, Move::DeserterPlace { vertex }) => {
            answers::deserter_place(s, seat, level, active, *vertex, ev)
        }
        (Pending::DiplomatReplace { .. }, Move::DiplomatReplace { edge }) => {
            answers::diplomat_replace(s, seat, *edge, ev)
        }
        (Pending::WeddingGive { count, .. }, Move::WeddingGive { cards }) => {
            answers::wedding_give(s, seat, cards, count, ev)
        }
        (Pending::SaboteurDiscard { count, .. }, Move::SaboteurDiscard { cards }) => {
            answers::saboteur_discard(s, seat, cards, count, ev)
        }
        (Pending::CommercialHarborGive { .. }, Move::CommercialHarborGive { commodity }) => {
            answers::commercial_harbor_give(s, seat, *commodity, ev)
        }
        (Pending::SpyPick { .. }, Move::SpyPick { card }) => answers::spy_pick(s, seat, *card, ev),
        (Pending::MasterMerchantPick { count, .. }, Move::MasterMerchantPick { cards }) => {
            answers::master_merchant_pick(s, seat, cards, count, ev)
        }
        (p, _) => Err(RuleError::illegal(
            "CAT-TURN-1",
            Refusal::AnswerFirst {
                answer: Answer::of(&p),
            },
        )),
    }
}
