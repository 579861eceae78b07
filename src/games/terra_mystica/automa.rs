//! Automa's turn (TMA-BOT-*): setup steps, drawing the card pair, the pass
//! symbol, running the action card, and passing with the deck rebuild (TMA-PASS-*).

use serde_json::json;

use crate::engine::legacy::{Dice, Event, RuleError};

use super::actions::{faction_steps, gognome_achievements, run, Cx, Step};
use super::board::geo;
use super::data::{card, Act, Kind, CARDS};
use super::deck;
use super::flow;
use super::setup::letter_cell;
use super::state::*;

/// The Automa setup steps (§6 "Setup steps").
pub fn setup_step(
    st: &mut State,
    step: SetupStep,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let a = st.automa_seat();
    let g = geo(&st.options.map).ok_or_else(|| RuleError::illegal("TMA-MAP-1", "unknown map"))?;
    match step {
        SetupStep::AutomaDwellings => {
            // TMA-SET-13: a uniformly random card of all 16, read for its letters.
            let cd = if deck::is_table(st) {
                // TMA-GEN-12: the table reports the card it turned over (a 16-sided table die).
                let n = dice.roll(16, "TMA-GEN-12")?;
                &CARDS[usize::from(n - 1)]
            } else {
                &CARDS[dice.pick_index(CARDS.len())]
            };
            let (l1, l2) = cd.init;
            ev.push(
                Event::new(
                    "initial_dwelling_card",
                    "TMA-SET-13",
                    format!(
                        "Automa turns over card {} for her initial dwellings: letters {l1}/{l2}.",
                        cd.id
                    ),
                )
                .cards(&[cd.id])
                .data(json!({"card": cd.id, "letters": [l1.to_string(), l2.to_string()]})),
            );
            for (letter, marked) in [(l1, true), (l2, false)] {
                let home = st.automa.home;
                let mut c = letter_cell(st, home, letter).ok_or_else(|| {
                    RuleError::illegal("TMA-SET-13", "no cell of Automa's home terrain on this map")
                })?;
                if st.buildings[c].is_some() {
                    // Fallback: next empty cell of that terrain in reading order (TMA-SET-13).
                    let cells: Vec<usize> = g
                        .land_cells()
                        .filter(|x| st.terrain[*x] == Some(home))
                        .collect();
                    let i = cells.iter().position(|x| *x == c).unwrap_or(0);
                    c = (1..=cells.len())
                        .map(|k| cells[(i + k) % cells.len()])
                        .find(|x| st.buildings[*x].is_none())
                        .ok_or_else(|| {
                            RuleError::illegal(
                                "TMA-SET-13",
                                "no free cell of Automa's home terrain",
                            )
                        })?;
                }
                st.buildings[c] = Some(Building {
                    owner: a,
                    kind: Kind::Dwelling,
                    marked,
                });
                st.automa.supply[Kind::Dwelling.idx()] -= 1;
                ev.push(
                    Event::new(
                        "dwelling_placed",
                        "TMA-SET-14",
                        format!(
                            "Automa places {} dwelling on {} (letter {letter}).",
                            if marked { "a marked" } else { "an unmarked" },
                            g.name(c)
                        ),
                    )
                    .data(
                        json!({"cell": g.name(c), "marked": marked, "letter": letter.to_string()}),
                    ),
                );
            }
        }
        SetupStep::AutomaBonus => {
            if !st.bonus_row.is_empty() {
                let rc = st.bonus_row.remove(0);
                ev.push(
                    Event::new(
                        "bonus_card_taken",
                        "TMA-SET-15",
                        format!("Automa takes the leftmost bonus card, {}.", rc.card),
                    )
                    .cards(std::slice::from_ref(&rc.card))
                    .data(json!({"card": rc.card})),
                );
                st.automa.bonus = Some(rc.card);
            }
        }
        _ => {
            return Err(RuleError::out_of_turn(
                "TMA-TURN-5",
                "this setup step belongs to a human",
            ))
        }
    }
    Ok(())
}

/// One Automa turn in the action phase (TMA-BOT-1..6).
pub fn action_turn(st: &mut State, dice: &mut Dice, ev: &mut Vec<Event>) -> Result<(), RuleError> {
    let first = !st.automa.drew_this_round;
    if first {
        st.automa.drew_this_round = true;
        if deck::deck_len(st) < 2 {
            return pass(st, dice, ev, "deck_empty");
        }
        let (sup, _) = deck::draw(st, dice)?;
        st.automa.support_pile.insert(0, sup);
    } else {
        if let Some(ac) = st.automa.action_card.take() {
            st.automa.support_pile.insert(0, ac);
        }
        if deck::deck_len(st) == 0 {
            ev.push(
                Event::new(
                    "automa_cards",
                    "TMA-BOT-3",
                    "Automa's deck is empty: she passes.",
                )
                .data(json!({"first_of_round": false, "cards_left": 0})),
            );
            return pass(st, dice, ev, "deck_empty");
        }
    }
    let (ac, rotated) = deck::draw(st, dice)?;
    st.automa.action_card = Some(ac.clone());
    let support = st.automa.support_pile.first().cloned().unwrap_or_default();
    let (Some(action), Some(support_def)) = (card(&ac), card(&support)) else {
        return Err(RuleError::illegal(
            "TMA-DECK-1",
            "unknown Automa card in the deck",
        ));
    };
    ev.push(
        Event::new(
            "automa_cards",
            if first { "TMA-BOT-2" } else { "TMA-BOT-3" },
            format!(
                "Automa's {} turn this round: action card {ac}{}, support card {support}; cards left in her deck: {}.",
                if first { "first" } else { "next" },
                if rotated { " (rotated)" } else { "" },
                deck::deck_len(st)
            ),
        )
        .cards(&[ac.clone(), support.clone()])
        .data(json!({"first_of_round": first, "action_card": ac, "support_card": support, "action_rotated": rotated, "cards_left": deck::deck_len(st)})),
    );
    if rotated && action.pass {
        ev.push(Event::new(
            "pass_symbol",
            "TMA-BOT-4",
            format!("Card {ac} is rotated and shows the pass symbol: Automa passes."),
        ));
        return pass(st, dice, ev, "pass_symbol");
    }
    let mut steps = Vec::new();
    for a in action.actions {
        match a {
            Act::Upgrade => steps.push(Step::Upgrade),
            Act::TakeFavor => steps.push(Step::TakeFavor),
            Act::GainVp => steps.push(Step::GainVp(action.vp)),
            Act::BlockPower => steps.push(Step::BlockPower),
            Act::AdvanceCult => steps.push(Step::AdvanceCult),
            Act::TransformBuild => steps.push(Step::TransformBuild { faction: false }),
            Act::FactionAction => {
                ev.push(
                    Event::new(
                        "faction_action",
                        "TMA-FAC-2",
                        format!("Faction action of the {:?}.", st.automa.faction),
                    )
                    .data(json!({"faction": st.automa.faction})),
                );
                steps.extend(faction_steps(st.automa.faction));
            }
            Act::Trade => steps.push(Step::Trade),
        }
    }
    let mut any = false;
    {
        let mut cx = Cx {
            st,
            ev,
            action,
            support: support_def,
        };
        for s in steps {
            any |= run(&mut cx, s);
        }
    }
    gognome_achievements(st, ev);
    if !any {
        ev.push(Event::new(
            "no_action",
            "TMA-ACT-2",
            "No action of the card could be performed; Automa's turn ends.",
        ));
    }
    flow::end_turn(st, ev);
    Ok(())
}

/// Automa passes (TMA-PASS-1..8).
pub fn pass(
    st: &mut State,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
    reason: &str,
) -> Result<(), RuleError> {
    let a = st.automa_seat();
    let tile = st.tile().cloned();
    let vp = tile.as_ref().map(|t| t.automa_pass_vp).unwrap_or(0);
    let first_to_pass = st.passed.is_empty();
    st.automa.vp += vp as i32;
    let mut racelings = 0;
    if st.automa.faction == super::data::AutomaFaction::Racelings && first_to_pass {
        racelings = vp;
        st.automa.vp += vp as i32;
    }
    let support = st.automa.support_pile.first().and_then(|c| card(c));
    let mut taken = None;
    let mut coins = 0;
    let mut returned = None;
    let mut position = None;
    if st.round < 6 && !st.bonus_row.is_empty() {
        let pos = support.map(|s| s.bonus).unwrap_or(0);
        let idx = match pos {
            0 => 0,
            1 => 1.min(st.bonus_row.len() - 1),
            _ => st.bonus_row.len() - 1,
        };
        position = Some(["L", "M", "R"][usize::from(pos.min(2))]);
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
    let mut reserve_card = None;
    let mut mots_card = None;
    if st.round < 6 {
        let mut cards: Vec<String> = Vec::new();
        if let Some(ac) = st.automa.action_card.take() {
            cards.push(ac);
        }
        cards.append(&mut st.automa.support_pile);
        let mut unseen = false;
        match deck::reserve_to_deck(st, dice) {
            Some(Some(r)) => {
                reserve_card = Some(r.clone());
                cards.push(r);
            }
            Some(None) => unseen = true,
            None => {}
        }
        if st.round == 2 && st.options.merchants_of_the_seas {
            if let Some(m) = st.automa.mots_set_aside.take() {
                mots_card = Some(m.clone());
                cards.push(m);
            }
        }
        deck::rebuild(st, dice, cards, unseen);
        if unseen {
            reserve_card = Some(String::new());
        }
    }
    if first_to_pass {
        st.start_player = a;
    }
    st.passed.push(a);
    ev.push(
        Event::new(
            "automa_pass",
            "TMA-PASS-1",
            format!(
                "Automa passes ({}): +{vp} VP from the round tile{}{}{}.",
                if reason == "pass_symbol" { "pass symbol" } else { "deck empty" },
                if racelings > 0 { format!(", +{racelings} more as Racelings passing first") } else { String::new() },
                match (&taken, position) {
                    (Some(t), Some(p)) => format!("; she takes bonus card {t} (position {p})"),
                    _ => String::new(),
                },
                if first_to_pass { "; she will start the next round" } else { "" }
            ),
        )
        .cards(&taken.iter().cloned().collect::<Vec<_>>())
        .data(json!({"reason": reason, "vp": vp, "racelings_bonus_vp": racelings, "bonus_taken": taken, "position": position,
                     "coins_returned": coins, "bonus_returned": returned, "reserve_card_added": reserve_card.is_some(),
                     "mots_card_added": mots_card, "next_deck_size": deck::deck_len(st), "rotated_count": if deck::is_table(st) { deck::deck_len(st).min(2) } else { st.automa.rotated.len() },
                     "start_player_next_round": first_to_pass})),
    );
    flow::end_turn(st, ev);
    Ok(())
}
