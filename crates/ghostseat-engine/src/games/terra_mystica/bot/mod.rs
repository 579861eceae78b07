//! Automa's turn (TMA-BOT-*): setup steps, turning over the card pair, the
//! pass symbol, running the action card (and resuming it after power
//! reports), and passing with the deck rebuild (TMA-PASS-*).

pub mod actions;

use crate::engine::{NeedWords, RuleError, Turn};

use super::board::geo;
use super::data::{card, faction_steps, Act, AutomaFaction, Kind, Step};
use super::deck;
use super::events::{CultCause, Event, PassReason, RowPosition};
use super::flow;
use super::ids::{CardId, Letter};
use super::refusals::Refusal;
use super::select::cell_id;
use super::state::*;
use super::text::TableCard;
use actions::{catch_up_steps, gognome_achievements, run, Cx};

/// The Automa setup steps (§6 "Setup steps").
pub fn setup_step(
    st: &mut State,
    step: SetupStep,
    t: &mut Turn<'_, Event>,
) -> Result<(), RuleError> {
    let a = st.automa_seat();
    let g = geo(st.options.map);
    match step {
        SetupStep::AutomaDwellings => {
            // TMA-SET-13: a uniformly random card of all 16, read for its letters.
            let id = if st.is_table() {
                let id = t.chance.card_as(
                    deck::SETUP_CARD,
                    &CardId::ALL.map(|c| c.as_str().to_string()),
                    None,
                    "TMA-SET-13",
                    NeedWords::new(TableCard::InitialDwellings),
                )?;
                CardId::parse(&id).ok_or_else(|| {
                    RuleError::illegal("TMA-SET-13", Refusal::NotAnAutomaCard { id: id.clone() })
                })?
            } else {
                CardId::ALL[t.chance.pick_index(CardId::ALL.len())]
            };
            let (l1, l2) = card(id).init;
            t.emit(
                "TMA-SET-13",
                Event::InitialDwellingCard {
                    card: id,
                    letters: [l1, l2],
                },
            )
            .cards(&[id]);
            for (letter, marked) in [(l1, true), (l2, false)] {
                let home = st.automa.home;
                let lc = st
                    .options
                    .letter_cell(st.options.map, home, letter)
                    .ok_or_else(|| RuleError::illegal("TMA-SET-13", Refusal::NoHomeCell))?;
                let c = free_letter_cell(st, lc, letter)
                    .ok_or_else(|| RuleError::illegal("TMA-SET-13", Refusal::NoFreeHomeCell))?;
                st.buildings[c] = Some(Building {
                    owner: a,
                    kind: Kind::Dwelling,
                    marked,
                });
                st.automa.supply[Kind::Dwelling.idx()] -= 1;
                t.emit(
                    "TMA-SET-14",
                    Event::AutomaDwellingPlaced {
                        cell: cell_id(g, c),
                        letter,
                        letter_cell: cell_id(g, lc),
                        marked,
                    },
                );
            }
        }
        SetupStep::AutomaBonus => {
            if !st.bonus_row.is_empty() {
                let rc = st.bonus_row.remove(0);
                t.emit(
                    "TMA-SET-15",
                    Event::BonusCardTaken {
                        seat: a,
                        card: rc.card.clone(),
                    },
                )
                .cards(std::slice::from_ref(&rc.card));
                st.automa.bonus = Some(rc.card);
            }
        }
        _ => {
            return Err(RuleError::out_of_turn(
                "TMA-TURN-5",
                Refusal::HumanSetupStep,
            ))
        }
    }
    Ok(())
}

/// TMA-SET-13 (I): the lettered cell, or when it holds a building the next
/// empty cell of that terrain in reading order (wrapping).
fn free_letter_cell(st: &State, c: usize, _letter: Letter) -> Option<usize> {
    if st.buildings[c].is_none() {
        return Some(c);
    }
    let g = geo(st.options.map);
    let home = st.automa.home;
    let cells: Vec<usize> = g
        .land_cells()
        .filter(|x| st.terrain[*x] == Some(home))
        .collect();
    let i = cells.iter().position(|x| *x == c).unwrap_or(0);
    (1..=cells.len())
        .map(|k| cells[(i + k) % cells.len()])
        .find(|x| st.buildings[*x].is_none())
}

/// One Automa turn in the action phase (TMA-BOT-1..6), or the rest of a
/// turn that waited for power reports.
pub fn action_turn(st: &mut State, t: &mut Turn<'_, Event>) -> Result<(), RuleError> {
    if let Some(sus) = st.automa.suspended.take() {
        return resume(st, t, sus);
    }
    let first = !st.automa.drew_this_round;
    let mut turned = Vec::new();
    if first {
        st.automa.drew_this_round = true;
        if st.deck_len() < 2 {
            t.emit("TMA-BOT-2", Event::DeckEmpty);
            return pass(st, t, PassReason::DeckEmpty);
        }
        // The first card turned over becomes the support card (TMA-BOT-2).
        let (sup, _) = deck::draw(st, t, "TMA-BOT-2", TableCard::Support)?;
        st.automa.support_pile.insert(0, sup);
        turned.push(sup);
    } else {
        if let Some(ac) = st.automa.action_card.take() {
            st.automa.support_pile.insert(0, ac);
        }
        if st.deck_len() == 0 {
            t.emit("TMA-BOT-3", Event::DeckEmpty);
            return pass(st, t, PassReason::DeckEmpty);
        }
    }
    let rule = if first { "TMA-BOT-2" } else { "TMA-BOT-3" };
    let (ac, rotated) = deck::draw(st, t, rule, TableCard::Action)?;
    turned.push(ac);
    st.automa.action_card = Some(ac);
    let support = st.automa.support_pile[0];
    let (action, support_def) = (card(ac), card(support));
    t.emit(
        if first { "TMA-BOT-2" } else { "TMA-BOT-3" },
        Event::AutomaCards {
            round: st.round,
            first_of_round: first,
            turned_over: turned.clone(),
            action_card: ac,
            support_card: support,
            action_rotated: rotated,
            cards_left: st.deck_len(),
        },
    )
    .cards(&turned);
    if rotated && action.pass {
        t.emit("TMA-BOT-4", Event::PassSymbol { card: ac });
        return pass(st, t, PassReason::PassSymbol);
    }
    let mut steps = Vec::new();
    for a in action.actions {
        match a {
            Act::Upgrade => steps.push(Step::Upgrade),
            Act::TakeFavor => steps.push(Step::TakeFavor),
            Act::GainVp => steps.push(Step::GainVp {
                vp: action.vp,
                faction: false,
            }),
            Act::BlockPower => steps.push(Step::BlockPower),
            Act::AdvanceCult => steps.push(Step::AdvanceCult),
            Act::TransformBuild => steps.push(Step::TransformBuild { faction: false }),
            Act::FactionAction => {
                t.emit(
                    "TMA-FAC-2",
                    Event::FactionAction {
                        faction: st.automa.faction,
                    },
                );
                steps.extend(faction_steps(st.automa.faction));
            }
            Act::Trade => steps.push(Step::Trade),
        }
    }
    let _ = support_def;
    continue_card(
        st,
        t,
        Suspended {
            steps,
            performed: false,
            cult_step: false,
        },
    )
}

/// Performs the card's steps in order; stops when a step leaves power
/// reports to answer (TMA-FAC-9 `ask`), else ends the turn.
fn continue_card(
    st: &mut State,
    t: &mut Turn<'_, Event>,
    mut sus: Suspended,
) -> Result<(), RuleError> {
    let (Some(ac), Some(sp)) = (
        st.automa.action_card,
        st.automa.support_pile.first().copied(),
    ) else {
        return Err(RuleError::illegal("TMA-BOT-1", Refusal::NoCardPair));
    };
    while !sus.steps.is_empty() {
        let step = sus.steps.remove(0);
        let mut cx = Cx {
            st,
            t,
            action: card(ac),
            support: card(sp),
        };
        sus.performed |= run(&mut cx, step);
        if !st.pending.is_empty() {
            let seats = st.pending.iter().map(|p| p.seat()).collect();
            t.emit("TMA-FAC-9", Event::AutomaWaits { seats });
            st.automa.suspended = Some(sus);
            return Ok(());
        }
    }
    gognome_achievements(st, t);
    if !sus.performed {
        t.emit("TMA-ACT-2", Event::NoAction);
    }
    flow::end_turn(st, t);
    Ok(())
}

/// The rest of a turn after the power reports: the Powermongers' cult step
/// first when a human gained 2 or more (TMA-FAC-9), then the card's
/// remaining actions.
fn resume(st: &mut State, t: &mut Turn<'_, Event>, sus: Suspended) -> Result<(), RuleError> {
    if sus.cult_step && st.automa.faction == AutomaFaction::Powermongers {
        let (ac, sp) = (
            st.automa.action_card.unwrap_or(CardId::S1),
            st.automa
                .support_pile
                .first()
                .copied()
                .unwrap_or(CardId::S1),
        );
        let mut cx = Cx {
            st,
            t,
            action: card(ac),
            support: card(sp),
        };
        catch_up_steps(&mut cx, 1, "TMA-FAC-9", CultCause::Powermongers);
    }
    continue_card(
        st,
        t,
        Suspended {
            cult_step: false,
            ..sus
        },
    )
}

/// Automa passes (TMA-PASS-1..8).
pub fn pass(st: &mut State, t: &mut Turn<'_, Event>, reason: PassReason) -> Result<(), RuleError> {
    let a = st.automa_seat();
    let vp = st.tile().map(|t| t.automa_pass_vp).unwrap_or(0);
    let first_to_pass = st.passed.is_empty();
    st.automa.vp += vp as i32;
    let mut racelings = 0;
    if st.automa.faction == AutomaFaction::Racelings && first_to_pass {
        racelings = vp;
        st.automa.vp += vp as i32;
    }
    let support = st.automa.support_pile.first().map(|c| card(*c));
    let mut taken = None;
    let mut coins = 0;
    let mut returned = None;
    let mut position = None;
    let last_round = st.round >= 6;
    if !last_round && !st.bonus_row.is_empty() {
        let pos = support.map(|s| s.bonus).unwrap_or(0);
        let idx = match pos {
            0 => 0,
            1 => 1.min(st.bonus_row.len() - 1),
            _ => st.bonus_row.len() - 1,
        };
        position = Some(match pos {
            0 => RowPosition::Left,
            1 => RowPosition::Middle,
            _ => RowPosition::Right,
        });
        let rc = st.bonus_row.remove(idx);
        coins = rc.coins;
        taken = Some(rc.card.clone());
        if let Some(old) = st.automa.bonus.take() {
            st.bonus_row.insert(
                idx,
                RowCard {
                    card: old.clone(),
                    coins: 0,
                },
            );
            returned = Some(old);
        }
        st.automa.bonus = Some(rc.card);
    }
    let mut reserve_added = false;
    let mut mots_card = None;
    let mut next_deck = None;
    if !last_round {
        let mut cards: Vec<CardId> = Vec::new();
        if let Some(ac) = st.automa.action_card.take() {
            cards.push(ac);
        }
        cards.append(&mut st.automa.support_pile);
        match deck::reserve_to_deck(st, t) {
            Some(Some(r)) if !st.is_table() => {
                reserve_added = true;
                cards.push(r);
            }
            Some(_) => reserve_added = true,
            None => {}
        }
        if st.round == 2 && st.options.merchants_of_the_seas {
            if let Some(m) = st.automa.mots_set_aside.take() {
                mots_card = Some(m);
                cards.push(m);
            }
        }
        deck::rebuild(st, t, cards);
        next_deck = Some(st.deck_len());
    }
    // TMA-PASS-8; no next round after round 6.
    let starts_next = first_to_pass && !last_round;
    if starts_next {
        st.start_player = a;
    }
    st.passed.push(a);
    let ev = t.emit(
        "TMA-PASS-1",
        Event::AutomaPassed {
            reason,
            round: st.round,
            vp,
            racelings_bonus_vp: racelings,
            bonus_taken: taken.clone(),
            position,
            coins_returned: coins,
            bonus_returned: returned,
            reserve_card_added: reserve_added,
            mots_card_added: mots_card,
            next_deck_size: next_deck,
            start_player_next_round: starts_next,
        },
    );
    if let Some(c) = &taken {
        ev.cards(std::slice::from_ref(c));
    }
    flow::end_turn(st, t);
    Ok(())
}
