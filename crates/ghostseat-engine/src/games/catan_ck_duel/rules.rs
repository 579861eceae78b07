//! Move handling: set-up, rolls, building, knights, improvements, trade, tokens, decisions.

use std::collections::VecDeque;

use super::board::{Edge, EdgeId, Hex, HexId, Vertex, VertexId};
use super::bot::{self, Spot};
use super::data::*;
use super::events::{
    corner_place, flush, hex_place, path_place, spot_place, BotChoice, ChosenBy, Ev, Event,
    LapseReason, NoEffect,
};
use super::flow::{finish, finish_by_turn_cap};
use super::mechanics::*;
use super::moves::Move;
use super::options::{EventRed, NeutralPromotion};
use super::progress;
use super::refusals::{Answer, Piece, Purchase, Refusal};
use super::state::*;
use super::text::{TableNeed, ThrowDie};
use crate::engine::{Chance, Emit, NeedWords, RuleError, Seat, Turn};

pub fn vx(v: Vertex, rule: &str) -> R<VertexId> {
    v.id()
        .ok_or_else(|| RuleError::illegal(rule, Refusal::NotAnIntersection { vertex: v }))
}
pub fn ex(e: Edge, rule: &str) -> R<EdgeId> {
    e.id()
        .ok_or_else(|| RuleError::illegal(rule, Refusal::NotAPath { edge: e }))
}
pub fn hx(h: Hex, rule: &str) -> R<HexId> {
    h.id()
        .ok_or_else(|| RuleError::illegal(rule, Refusal::NotALandHex { hex: h }))
}

/// One human move, the seat checked by the engine: the move, then the queued steps and the
/// Longest Road, its events handed to the turn.
pub fn play(s: &mut State, who: Seat, mv: &Move, turn: &mut Turn<'_, Event>) -> R<()> {
    let mut ev = Vec::new();
    apply(s, who, mv, turn.chance, &mut ev)?;
    settle(s, &mut ev);
    update_longest_road(s, &mut ev);
    settle(s, &mut ev);
    flush(turn, ev);
    Ok(())
}

/// Phase check for main-phase actions (CCK-DICE-6, CAT-TURN-1).
fn main_phase(s: &State) -> R<()> {
    match s.phase {
        Phase::Main if s.pending.is_empty() => Ok(()),
        Phase::Main => Err(RuleError::illegal("CAT-TURN-1", Refusal::DecisionOpen)),
        Phase::Roll1 | Phase::Roll2 => Err(RuleError::illegal("CCK-DICE-6", Refusal::BetweenRolls)),
        _ => Err(RuleError::illegal("CAT-TURN-1", Refusal::NotMainPhase)),
    }
}

fn hand_check(s: &State, seat: Seat, cards: &Cards, rule: &str) -> R<Hand> {
    let h = Hand::from_cards(cards);
    if !s.players[seat].hand.contains(&h) {
        return Err(RuleError::illegal(
            rule,
            Refusal::NotHeld { cards: h.to_map() },
        ));
    }
    Ok(h)
}

/// Applies one move; the caller checked the seat may move.
pub fn apply(s: &mut State, seat: Seat, mv: &Move, dice: &mut Chance, ev: &mut Vec<Ev>) -> R<()> {
    let entered = entered_of(mv);
    refuse_own_chance(s, mv, &entered)?;
    s.entered = entered;
    let r = apply_inner(s, seat, mv, dice, ev);
    let left = s.entered.cards.len() + s.entered.progress.len();
    s.entered = Entered::default();
    r?;
    if left > 0 && s.opts.table_cards() {
        return Err(RuleError::illegal(
            "CAT-RNG-3",
            Refusal::UnusedTableCards { left },
        ));
    }
    Ok(())
}

/// Dice and cards inside a move are the table's only when the session's
/// options say the table supplies them; otherwise the server rolls and deals,
/// and a seat may not choose its own (SESSION-TABLE-1).
fn refuse_own_chance(s: &State, mv: &Move, e: &Entered) -> R<()> {
    use crate::engine::RuleErrorKind;
    let table_dice = s.opts.table_dice();
    let dice = matches!(mv, Move::Roll { dice: Some(d), .. } if !d.is_empty());
    let cards = !e.cards.is_empty() || !e.progress.is_empty();
    let cards = match (dice && !table_dice, cards && !s.opts.table_cards()) {
        (true, _) => false,
        (_, true) => true,
        _ => return Ok(()),
    };
    Err(RuleError::new(
        "SESSION-TABLE-1",
        Refusal::ServerSupplies { cards },
        RuleErrorKind::TableInputNotAllowed,
    ))
}

/// The hidden draws a move carries for a physical table (CAT-RNG-3).
fn entered_of(mv: &Move) -> Entered {
    let mut e = Entered::default();
    match mv {
        Move::Roll { drawn, .. } | Move::PlayProgress { drawn, .. } => {
            e.progress = drawn.clone().unwrap_or_default().into();
        }
        Move::DefenderDraw { drawn, .. } => e.progress = drawn.iter().copied().collect(),
        _ => {}
    }
    match mv {
        Move::MoveRobber { stolen, .. }
        | Move::KnightChaseRobber { stolen, .. }
        | Move::PlayProgress { stolen, .. } => {
            e.cards = stolen.iter().copied().collect();
        }
        Move::TokenForcedTrade { drawn_cards, .. } => {
            e.cards = Hand::from_cards(&drawn_cards.clone().unwrap_or_default())
                .listed(false)
                .into();
        }
        _ => {}
    }
    e
}

fn apply_inner(s: &mut State, seat: Seat, mv: &Move, dice: &mut Chance, ev: &mut Vec<Ev>) -> R<()> {
    let front = s.pending.first().cloned();
    if let Some(p) = &front {
        return answer(s, seat, p.clone(), mv, dice, ev);
    }
    if let Phase::Setup { step } = s.phase {
        return setup(s, seat, step, mv, ev);
    }
    match mv {
        Move::Roll { dice: d, .. } => roll(s, d.clone().unwrap_or_default(), None, dice, ev),
        Move::TokenForcedTrade { mode, .. } => forced_trade(s, seat, *mode, dice, ev),
        Move::TokenRobberToDesert => robber_to_desert(s, seat, ev),
        Move::PlayProgress {
            card: ProgressKind::Alchemist,
            white,
            red,
            ..
        } => alchemist(s, seat, mv, *white, *red, dice, ev),
        _ => {
            if matches!(s.phase, Phase::Roll1 | Phase::Roll2) {
                return Err(RuleError::illegal("CCK-DICE-6", Refusal::RollFirst));
            }
            main_move(s, seat, mv, dice, ev)
        }
    }
}

/// The Alchemist, played before the first roll only (CCK-PROG-10): the player sets the white
/// and red dice, the card returns to its deck, and the roll follows.
fn alchemist(
    s: &mut State,
    seat: Seat,
    mv: &Move,
    white: Option<u8>,
    red: Option<u8>,
    dice: &mut Chance,
    ev: &mut Vec<Ev>,
) -> R<()> {
    if s.phase != Phase::Roll1 {
        return Err(RuleError::illegal(
            "CCK-PROG-10",
            Refusal::AlchemistNotBeforeSecond,
        ));
    }
    progress::no_stray_field(mv)?;
    let i = s.players[seat]
        .progress
        .iter()
        .position(|c| c.kind == ProgressKind::Alchemist)
        .ok_or_else(|| {
            RuleError::illegal(
                "CCK-PROG-5",
                Refusal::NoProgressCard {
                    card: ProgressKind::Alchemist,
                },
            )
        })?;
    let (w, r) = (white.unwrap_or(0), red.unwrap_or(0));
    if !(1..=6).contains(&w) || !(1..=6).contains(&r) {
        return Err(RuleError::illegal("CCK-PROG-10", Refusal::AlchemistDice));
    }
    let card = s.players[seat].progress.remove(i);
    s.decks[ProgressKind::Alchemist.deck().idx()].insert(0, card.kind);
    ev.emit(
        "CCK-PROG-10",
        Event::Alchemist {
            seat,
            white: w,
            red: r,
        },
    )
    .cards(&["alchemist"]);
    roll(s, Vec::new(), Some((w, r)), dice, ev)
}

fn setup(s: &mut State, seat: Seat, step: u8, mv: &Move, ev: &mut Vec<Ev>) -> R<()> {
    let c = colour_of(seat);
    let city_round = step >= 4;
    if step % 2 == 0 {
        let v = match (mv, city_round) {
            (Move::PlaceSetupSettlement { vertex }, false)
            | (Move::PlaceSetupCity { vertex }, true) => vx(*vertex, "CCK-SETUP-3")?,
            _ => {
                return Err(RuleError::illegal(
                    "CCK-SETUP-3",
                    Refusal::PlaceSetupPiece { city: city_round },
                ))
            }
        };
        if !distance_ok(s, v) {
            return Err(RuleError::illegal("CAT-BUILD-3", Refusal::SetupSpotTaken));
        }
        s.set_building(v, Some(Building::plain(c, city_round)));
        if city_round {
            s.players[seat].cities_left -= 1;
            let mut got = Hand::default();
            for h in v.hexes() {
                if let Some(r) = terrain_resource(s.tile(*h).terrain) {
                    if s.bank.get(r) > 0 {
                        got.0[r.idx()] += 1;
                        s.bank.0[r.idx()] -= 1;
                    }
                }
            }
            s.players[seat].hand.add(&got);
            ev.emit(
                "CCK-SETUP-4",
                Event::StartingCards {
                    seat,
                    vertex: Vertex::of(v),
                    cards: got.to_map(),
                    place: corner_place(s, v),
                },
            );
        } else {
            s.players[seat].settlements_left -= 1;
            ev.emit(
                "CCK-SETUP-3",
                Event::SetupSettlement {
                    seat,
                    vertex: Vertex::of(v),
                    place: corner_place(s, v),
                },
            );
        }
        let t = settlement_tokens(s, v);
        pay_tokens(s, seat, t, "CCK-SETUP-5", ev);
        s.setup_vertex = Some(v);
        s.phase = Phase::Setup { step: step + 1 };
        return Ok(());
    }
    let Move::PlaceSetupRoad { edge } = mv else {
        return Err(RuleError::illegal("CAT-SETUP-5", Refusal::PlaceSetupRoad));
    };
    let e = ex(*edge, "CAT-SETUP-5")?;
    // CAT-SETUP-5: a free path at the building just placed (the core's set-up roads).
    if !s
        .setup_vertex
        .is_some_and(|sv| s.board.setup_roads(sv).contains(&e))
    {
        return Err(RuleError::illegal("CAT-SETUP-5", Refusal::SetupRoadSpot));
    }
    s.set_road(e, Some(c));
    s.players[seat].roads_left -= 1;
    s.setup_vertex = None;
    if step >= 7 {
        s.phase = Phase::Roll1;
        s.turn = 1;
        s.active = s.first_player;
        ev.emit("CCK-SETUP-2", Event::PlayBegins { seat: s.active });
    } else {
        s.phase = Phase::Setup { step: step + 1 };
    }
    Ok(())
}

/// A roll of all three dice (CCK-DICE-1..-5); `set` = Alchemist's white and red (CCK-PROG-10).
pub fn roll(
    s: &mut State,
    given: Vec<u8>,
    set: Option<(u8, u8)>,
    dice: &mut Chance,
    ev: &mut Vec<Ev>,
) -> R<()> {
    let which = match s.phase {
        Phase::Roll1 => 1u8,
        Phase::Roll2 => 2,
        _ => return Err(RuleError::illegal("CCK-DICE-2", Refusal::BothRollsMade)),
    };
    let manual = dice.table_dice();
    let mut q: VecDeque<u8> = given.into();
    if manual && q.is_empty() {
        // A table throw: every die of it in one request (CAT-RNG-2).
        let thrown: &[ThrowDie] = if set.is_some() {
            &[ThrowDie::Event]
        } else {
            &[ThrowDie::White, ThrowDie::Red, ThrowDie::Event]
        };
        let words = thrown
            .iter()
            .map(|&die| NeedWords::new(TableNeed::Throw { die, roll: which }))
            .collect();
        q.extend(dice.roll_as(6, "CAT-RNG-2", words)?);
    }
    let (mut white, mut red) = match set {
        Some(wr) => wr,
        None => (
            die(&mut q, dice, "CCK-DICE-1")?,
            die(&mut q, dice, "CCK-DICE-1")?,
        ),
    };
    let event = die(&mut q, dice, "CCK-DICE-1")?;
    let gate_red_thrown = red;
    let mut rejected = Vec::new();
    if which == 2 {
        let first = s.rolls.first().map(|r| r.sum).unwrap_or(0);
        let mut guard = 0;
        while white + red == first {
            rejected.push([white, red]);
            guard += 1;
            if guard > 200 {
                return Err(RuleError::illegal("CCK-DICE-4", Refusal::SumKeepsRepeating));
            }
            if manual && q.is_empty() {
                let words = [ThrowDie::White, ThrowDie::Red]
                    .map(|die| NeedWords::new(TableNeed::Rethrow { die }))
                    .to_vec();
                q.extend(dice.roll_as(6, "CCK-DICE-4", words)?);
            }
            white = die(&mut q, dice, "CCK-DICE-4")?;
            red = die(&mut q, dice, "CCK-DICE-4")?;
        }
    }
    if !q.is_empty() {
        return Err(RuleError::illegal(
            "CAT-RNG-2",
            Refusal::UnusedDice { unused: q.len() },
        ));
    }
    let sum = white + red;
    let gate_red = if s.opts.second_roll_event_red == EventRed::Final {
        red
    } else {
        gate_red_thrown
    };
    s.rolls.push(RollRecord {
        white,
        red,
        event,
        sum,
        rejected: rejected.clone(),
    });
    let mut rolled = Ev::new(
        "CCK-DICE-2",
        Event::Rolled {
            roll: which,
            white,
            red,
            event,
            sum,
            rejected: rejected.clone(),
        },
    );
    rolled.dice(&[white, red, event]);
    push_front(
        s,
        vec![
            Pending::Number { roll: which, sum },
            Pending::RollDone { roll: which },
        ],
    );
    let mut gate = Vec::new();
    resolve_event_die(s, &mut gate, event, gate_red, dice)?;
    // The log follows the table (CCK-DICE-4): the first throw of the second
    // roll, its event die resolved at once, then each re-throw, then the sum
    // that counts.
    for (i, r) in rejected.iter().enumerate() {
        let d: Vec<u8> = if i == 0 {
            vec![r[0], r[1], event]
        } else {
            r.to_vec()
        };
        ev.emit(
            "CCK-DICE-4",
            Event::SecondRollRepeated {
                white: r[0],
                red: r[1],
                event,
                first: i == 0,
            },
        )
        .dice(&d);
        if i == 0 {
            ev.append(&mut gate);
        }
    }
    ev.push(rolled);
    ev.append(&mut gate);
    Ok(())
}

/// Runs queued engine steps and skips decisions without answers (CAT-TURN-1).
pub fn settle(s: &mut State, ev: &mut Vec<Ev>) {
    for _ in 0..1000 {
        if s.phase == Phase::Finished {
            s.pending.clear();
            return;
        }
        if !matches!(s.phase, Phase::Setup { .. }) && vp(s, s.active) >= s.opts.vp_target {
            finish(s, Some(s.active), ev, "CCK-END-1");
            return;
        }
        let Some(front) = s.pending.first().cloned() else {
            return;
        };
        match front {
            Pending::Number { sum, .. } => {
                s.pending.remove(0);
                if sum == 7 {
                    seven(s, ev);
                } else {
                    produce(s, sum, ev);
                }
            }
            Pending::RollDone { roll } => {
                s.pending.remove(0);
                if roll == 1 {
                    s.phase = Phase::Roll2;
                } else {
                    s.phase = Phase::Main;
                    if s.players[s.active].progress.len() > 4 {
                        s.pending.push(Pending::ProgressExcess { seat: s.active });
                    }
                }
            }
            other_p => {
                if !auto_resolve(s, other_p, ev) {
                    return;
                }
            }
        }
        update_longest_road(s, ev);
    }
}

/// Skips or auto-resolves a decision without a legal answer (CAT-TURN-1); false = ask.
fn auto_resolve(s: &mut State, front: Pending, ev: &mut Vec<Ev>) -> bool {
    match front {
        Pending::Neutral { task, trigger } => {
            if !bot::options(s, &task).is_empty() {
                return false;
            }
            s.pending.remove(0);
            if let Some(t) = bot::fallback(s, &task, ev) {
                s.pending.insert(0, Pending::Neutral { task: t, trigger });
            }
        }
        Pending::KnightRelocation {
            seat, level, from, ..
        } => {
            if !relocation_spots(s, from, colour_of(seat)).is_empty() {
                return false;
            }
            s.pending.remove(0);
            s.players[seat].knights_left[level as usize - 1] += 1;
            ev.emit("CCK-KNIGHT-7", Event::KnightRemoved { seat });
        }
        Pending::DeserterPlace { seat, level, .. } => {
            if progress::deserter_level(s, seat, level).is_some()
                && !knight_spots(s, colour_of(seat)).is_empty()
            {
                return false;
            }
            s.pending.remove(0);
            ev.emit("CCK-PROG-19", Event::DeserterNoPlace);
        }
        p => {
            let skip = match p {
                Pending::DeserterPick { seat } => !s.knights().any(|k| k.colour == colour_of(seat)),
                Pending::Pillage { seat } => pillage_spots(s, seat).is_empty(),
                Pending::MetropolisPlace { seat, .. } => metropolis_spots(s, seat).is_empty(),
                Pending::Aqueduct { .. } => RESOURCES.iter().all(|c| s.bank.get(*c) == 0),
                Pending::DefenderDraw { .. } => s.decks.iter().all(|d| d.is_empty()),
                Pending::ProgressExcess { seat } => s.players[seat].progress.len() <= 4,
                Pending::Discard { count, .. }
                | Pending::WeddingGive { count, .. }
                | Pending::SaboteurDiscard { count, .. }
                | Pending::MasterMerchantPick { count, .. } => count == 0,
                Pending::CommercialHarborGive { seat } => s.players[seat].hand.commodities() == 0,
                Pending::SpyPick { seat } => s.players[other(seat)].progress.is_empty(),
                _ => false,
            };
            if !skip {
                return false;
            }
            s.pending.remove(0);
            // A progress card whose opponent holds nothing it takes still says so.
            let nothing = match p {
                Pending::WeddingGive { seat, .. } => {
                    Some((other(seat), ProgressKind::Wedding, "CCK-PROG-25"))
                }
                Pending::SaboteurDiscard { seat, .. } => {
                    Some((other(seat), ProgressKind::Saboteur, "CCK-PROG-22"))
                }
                Pending::MasterMerchantPick { seat, .. } => {
                    Some((seat, ProgressKind::MasterMerchant, "CCK-PROG-29"))
                }
                Pending::CommercialHarborGive { seat } => {
                    Some((other(seat), ProgressKind::CommercialHarbor, "CCK-PROG-27"))
                }
                Pending::SpyPick { seat } => Some((seat, ProgressKind::Spy, "CCK-PROG-23")),
                _ => None,
            };
            if let Some((player, card, rule)) = nothing {
                progress::no_effect(ev, rule, player, card, NoEffect::NothingHeld);
            }
        }
    }
    true
}

pub fn pillage_spots(s: &State, seat: Seat) -> Vec<VertexId> {
    let c = colour_of(seat);
    VertexId::all().filter(|v| matches!(s.building(*v), Some(b) if b.colour == c && b.city && b.metropolis.is_none())).collect()
}

pub fn metropolis_spots(s: &State, seat: Seat) -> Vec<VertexId> {
    pillage_spots(s, seat)
}

fn own_knight(s: &State, v: VertexId, seat: Seat, rule: &str) -> R<Knight> {
    match s.knight(v) {
        Some(k) if k.colour == colour_of(seat) => Ok(k),
        _ => Err(RuleError::illegal(rule, Refusal::NoOwnKnight)),
    }
}

/// Queues the neutral counterpart of a real promotion to `new_level` (CCK-NEUT-6).
pub fn neutral_promotion(s: &mut State, new_level: u8, trigger: &str, ev: &mut Vec<Ev>) {
    if s.opts.neutral_promotion == NeutralPromotion::SameLevel && new_level >= 3 {
        ev.emit(
            "CCK-NEUT-6",
            Event::NeutralPromotionLapses {
                reason: LapseReason::Mighty,
            },
        );
        return;
    }
    s.pending.push(Pending::Neutral {
        task: NeutralTask::Promotion,
        trigger: trigger.into(),
    });
}

pub fn can_act(s: &State, k: &Knight) -> R<()> {
    if !k.active {
        return Err(RuleError::illegal("CCK-KNIGHT-4", Refusal::KnightNotActive));
    }
    if k.activated_turn == s.turn {
        return Err(RuleError::illegal(
            "CCK-KNIGHT-2",
            Refusal::KnightJustActivated,
        ));
    }
    if k.acted_turn == s.turn {
        return Err(RuleError::illegal("CCK-KNIGHT-4", Refusal::KnightActed));
    }
    Ok(())
}

/// Starts the displacement of the knight on `v` (CCK-KNIGHT-7, CCK-NEUT-8); the caller puts
/// its own piece (or nothing) on `v` afterwards.
pub fn displace(s: &mut State, v: VertexId, ev: &mut Vec<Ev>, rule: &str) {
    let Some(k) = s.take_knight(v) else { return };
    ev.emit(
        rule.to_string(),
        Event::KnightDisplaced {
            colour: k.colour,
            vertex: Vertex::of(v),
            place: corner_place(s, v),
        },
    );
    match seat_of(k.colour) {
        Some(seat) => push_front(
            s,
            vec![Pending::KnightRelocation {
                seat,
                level: k.level,
                active: k.active,
                from: v,
            }],
        ),
        None => push_front(
            s,
            vec![Pending::Neutral {
                task: NeutralTask::Relocation {
                    colour: k.colour,
                    level: k.level,
                    from: v,
                },
                trigger: "CCK-NEUT-8".into(),
            }],
        ),
    }
}

pub fn move_robber(
    s: &mut State,
    seat: Seat,
    h: HexId,
    dice: &mut Chance,
    ev: &mut Vec<Ev>,
    rule: &str,
) -> R<()> {
    if !s.robber_awake {
        return Err(RuleError::illegal("CCK-SEVEN-2", Refusal::RobberAsleep));
    }
    if h == s.board.robber {
        return Err(RuleError::illegal("CAT-ROB-1", Refusal::RobberMustMove));
    }
    s.board.robber = h;
    let opp = other(seat);
    // CAT-ROB-2: the core's victims at the hex.
    let victim = s.board.seats_at(h, seat).contains(&opp);
    let stolen = if victim {
        steal(s, opp, seat, false, dice)?
    } else {
        None
    };
    let e = ev.emit(
        rule.to_string(),
        Event::RobberMoved {
            seat,
            hex: Hex::of(h),
            stolen: stolen.is_some(),
            rule_steal: "CCK-SEVEN-3".into(),
            place: hex_place(s, h),
        },
    );
    // The stolen card is seen by the thief and the victim only.
    if let Some(card) = stolen {
        e.secret(
            vec![seat, opp],
            Event::CardStolen {
                seat,
                from: opp,
                card,
            },
            vec![card.name().to_string()],
        );
    }
    Ok(())
}

/// Answers the decision at the front of the queue: each pending decision and its answer to
/// one function, any other move refused with the answer it waits for (CAT-TURN-1).
fn answer(
    s: &mut State,
    seat: Seat,
    p: Pending,
    mv: &Move,
    dice: &mut Chance,
    ev: &mut Vec<Ev>,
) -> R<()> {
    let wrong =
        |rule: &str, answer: Answer| Err(RuleError::illegal(rule, Refusal::AnswerFirst { answer }));
    match (p, mv) {
        (Pending::Discard { seat: ds, count }, Move::Discard { cards }) if ds == seat => {
            discard(s, seat, cards, count, ev)
        }
        (Pending::Discard { .. }, _) => wrong("CAT-SEVEN-2", Answer::Discard),
        (Pending::Robber { .. }, Move::MoveRobber { hex, .. }) => {
            place_robber(s, seat, *hex, dice, ev)
        }
        (Pending::Robber { .. }, _) => wrong("CAT-ROB-1", Answer::Robber),
        (
            Pending::Neutral { task, trigger },
            Move::NeutralBuild {
                colour,
                vertex,
                edge,
            },
        ) => build_neutral(s, &task, &trigger, *colour, *vertex, *edge, ev),
        (Pending::Neutral { task, .. }, _) => wrong(bot::task_rule(&task), Answer::Neutral),
        (
            Pending::KnightRelocation {
                level,
                active,
                from,
                ..
            },
            Move::RelocateKnight { vertex },
        ) => relocate_knight(s, seat, level, active, from, *vertex, ev),
        (Pending::KnightRelocation { .. }, _) => wrong("CCK-KNIGHT-7", Answer::KnightRelocation),
        (Pending::Aqueduct { .. }, Move::AqueductTake { resource }) => {
            aqueduct_take(s, seat, *resource, ev)
        }
        (Pending::Aqueduct { .. }, _) => wrong("CCK-PROD-3", Answer::Aqueduct),
        (Pending::DefenderDraw { .. }, Move::DefenderDraw { deck, .. }) => {
            defender_draw(s, seat, *deck, dice, ev)
        }
        (Pending::DefenderDraw { .. }, _) => wrong("CCK-BARB-3", Answer::DefenderDraw),
        (Pending::Pillage { .. }, Move::ChoosePillagedCity { vertex }) => {
            choose_pillaged_city(s, seat, *vertex, ev)
        }
        (Pending::Pillage { .. }, _) => wrong("CCK-BARB-4", Answer::Pillage),
        (Pending::MetropolisPlace { track, .. }, Move::PlaceMetropolis { vertex }) => {
            place_metropolis(s, seat, track, *vertex, ev)
        }
        (Pending::MetropolisPlace { .. }, _) => wrong("CCK-IMP-4", Answer::Metropolis),
        (Pending::ProgressExcess { .. }, Move::DiscardProgress { card }) => {
            discard_progress(s, seat, *card, ev)
        }
        (Pending::ProgressExcess { seat: ps }, Move::PlayProgress { .. })
            if ps == s.active && s.phase == Phase::Main =>
        {
            play_over_limit(s, seat, mv, dice, ev)
        }
        (Pending::ProgressExcess { .. }, _) => wrong("CCK-PROG-4", Answer::ProgressExcess),
        (Pending::ForcedTradeReturn { mode, .. }, Move::ForcedTradeReturn { cards }) => {
            forced_trade_return(s, seat, mode, cards, ev)
        }
        (Pending::ForcedTradeReturn { .. }, _) => wrong("CCK-TOKEN-6", Answer::ForcedTradeReturn),
        (Pending::TradeResponse { give, want, .. }, Move::RespondTrade { accept }) => {
            respond_trade(s, seat, give, want, *accept, ev)
        }
        (Pending::TradeResponse { .. }, _) => wrong("CAT-TRADE-3", Answer::TradeResponse),
        (p, mv) => progress::answer(s, seat, p, mv, dice, ev),
    }
}

/// Discards exactly the cards a seven asks for (CAT-SEVEN-2, CCK-SEVEN-1).
fn discard(s: &mut State, seat: Seat, cards: &Cards, count: u32, ev: &mut Vec<Ev>) -> R<()> {
    let h = hand_check(s, seat, cards, "CAT-SEVEN-2")?;
    if h.total() != count {
        return Err(RuleError::illegal(
            "CAT-SEVEN-2",
            Refusal::DiscardExactly { count },
        ));
    }
    s.players[seat].hand.sub(&h);
    s.bank.add(&h);
    s.pending.remove(0);
    ev.emit(
        "CCK-SEVEN-1",
        Event::Discarded {
            seat,
            count: h.total(),
        },
    );
    Ok(())
}

/// Moves the robber a seven owes (CAT-ROB-1).
fn place_robber(s: &mut State, seat: Seat, hex: Hex, dice: &mut Chance, ev: &mut Vec<Ev>) -> R<()> {
    let h = hx(hex, "CAT-ROB-1")?;
    move_robber(s, seat, h, dice, ev, "CAT-ROB-1")?;
    s.pending.remove(0);
    Ok(())
}

/// The active player places the neutral piece owed, among the neutral options (CCK-NEUT-9);
/// a road owed for a knight is reported under CCK-NEUT-3.
fn build_neutral(
    s: &mut State,
    task: &NeutralTask,
    trigger: &str,
    colour: Colour,
    vertex: Option<Vertex>,
    edge: Option<Edge>,
    ev: &mut Vec<Ev>,
) -> R<()> {
    let rule = if *task == NeutralTask::Road && trigger == "CCK-NEUT-1" {
        "CCK-NEUT-3"
    } else {
        bot::task_rule(task)
    };
    let spot = match (vertex, edge) {
        (Some(v), None) => Spot::Vertex(vx(v, rule)?),
        (None, Some(e)) => Spot::Edge(ex(e, rule)?),
        _ => return Err(RuleError::illegal(rule, Refusal::VertexOrEdge)),
    };
    let opts = bot::options(s, task);
    if !opts.contains(&(colour, spot)) {
        return Err(RuleError::illegal(
            rule,
            Refusal::NotANeutralOption {
                colour,
                spot: bot::spot_at(spot),
                task: bot::task_kind(task),
            },
        ));
    }
    s.pending.remove(0);
    place_neutral(
        s,
        task,
        trigger,
        colour,
        spot,
        ChosenBy::ActivePlayer,
        None,
        "CCK-NEUT-9",
        ev,
    );
    Ok(())
}

/// A displaced knight, with its level and state, moves to a spot connected to where it
/// stood (CCK-KNIGHT-7).
fn relocate_knight(
    s: &mut State,
    seat: Seat,
    level: u8,
    active: bool,
    from: VertexId,
    vertex: Vertex,
    ev: &mut Vec<Ev>,
) -> R<()> {
    let v = vx(vertex, "CCK-KNIGHT-7")?;
    if !relocation_spots(s, from, colour_of(seat)).contains(&v) {
        return Err(RuleError::illegal("CCK-KNIGHT-7", Refusal::RelocationSpot));
    }
    s.set_knight(v, Some(Knight::placed(colour_of(seat), level, active)));
    s.pending.remove(0);
    ev.emit(
        "CCK-KNIGHT-7",
        Event::KnightRelocated {
            seat,
            vertex: Vertex::of(v),
            place: corner_place(s, v),
        },
    );
    Ok(())
}

/// The aqueduct's resource of choice from the bank when a roll brought nothing (CCK-PROD-3).
fn aqueduct_take(s: &mut State, seat: Seat, resource: Card, ev: &mut Vec<Ev>) -> R<()> {
    if resource.is_commodity() || s.bank.get(resource) == 0 {
        return Err(RuleError::illegal("CCK-PROD-3", Refusal::AqueductBank));
    }
    s.bank.0[resource.idx()] -= 1;
    s.players[seat].hand.0[resource.idx()] += 1;
    s.pending.remove(0);
    ev.emit("CCK-PROD-3", Event::Aqueduct { seat, resource });
    Ok(())
}

/// A defender of Catan draws a progress card of the deck chosen (CCK-BARB-3, CCK-PROG-4).
fn defender_draw(
    s: &mut State,
    seat: Seat,
    deck: Track,
    dice: &mut Chance,
    ev: &mut Vec<Ev>,
) -> R<()> {
    let Some(card) = draw_progress(s, deck, seat, dice)? else {
        return Err(RuleError::illegal(
            "CCK-BARB-3",
            Refusal::DeckEmpty { deck },
        ));
    };
    s.pending.remove(0);
    give_progress(s, seat, card, ev, "CCK-BARB-3");
    if s.players[seat].progress.len() > 4 && (seat != s.active || s.phase == Phase::Main) {
        push_front(s, vec![Pending::ProgressExcess { seat }]);
    }
    Ok(())
}

/// The barbarians pillage the city chosen: it becomes a settlement and loses its wall
/// (CCK-BARB-4).
fn choose_pillaged_city(s: &mut State, seat: Seat, vertex: Vertex, ev: &mut Vec<Ev>) -> R<()> {
    let v = vx(vertex, "CCK-BARB-4")?;
    if !pillage_spots(s, seat).contains(&v) {
        return Err(RuleError::illegal("CCK-BARB-4", Refusal::PillageSpot));
    }
    if let Some(mut b) = s.building(v) {
        let had_wall = b.wall;
        b.city = false;
        b.wall = false;
        s.set_building(v, Some(b));
        let p = &mut s.players[seat];
        p.cities_left += 1;
        p.settlements_left -= 1;
        if had_wall {
            p.walls_left += 1;
        }
    }
    s.pending.remove(0);
    ev.emit(
        "CCK-BARB-4",
        Event::CityPillaged {
            seat,
            vertex: Vertex::of(v),
            place: corner_place(s, v),
        },
    );
    Ok(())
}

/// The track's metropolis goes on the city chosen, off wherever it stood (CCK-IMP-4).
fn place_metropolis(
    s: &mut State,
    seat: Seat,
    track: Track,
    vertex: Vertex,
    ev: &mut Vec<Ev>,
) -> R<()> {
    let v = vx(vertex, "CCK-IMP-4")?;
    if !metropolis_spots(s, seat).contains(&v) {
        return Err(RuleError::illegal("CCK-IMP-4", Refusal::MetropolisSpot));
    }
    for w in VertexId::all() {
        if s.building(w).is_some_and(|b| b.metropolis == Some(track)) {
            s.edit_building(w, |b| b.metropolis = None);
        }
    }
    s.edit_building(v, |b| b.metropolis = Some(track));
    s.metropolis[track.idx()] = Some(seat);
    s.pending.remove(0);
    ev.emit(
        "CCK-IMP-4",
        Event::Metropolis {
            seat,
            track,
            vertex: Vertex::of(v),
            place: corner_place(s, v),
        },
    );
    Ok(())
}

/// A progress card over the limit goes back under its deck; the limit stands until the hand
/// is down to 4, however many cards over it the draws brought (CCK-PROG-4).
fn discard_progress(s: &mut State, seat: Seat, card: ProgressKind, ev: &mut Vec<Ev>) -> R<()> {
    let i = s.players[seat]
        .progress
        .iter()
        .position(|c| c.kind == card)
        .ok_or_else(|| RuleError::illegal("CCK-PROG-4", Refusal::NoProgressCard { card }))?;
    let c = s.players[seat].progress.remove(i);
    s.decks[c.kind.deck().idx()].insert(0, c.kind);
    if s.players[seat].progress.len() <= 4 {
        s.pending.remove(0);
    }
    ev.emit("CCK-PROG-4", Event::ProgressReturned { seat });
    Ok(())
}

/// The active player may also resolve the excess by playing a card (CCK-PROG-4 (I)).
fn play_over_limit(
    s: &mut State,
    seat: Seat,
    mv: &Move,
    dice: &mut Chance,
    ev: &mut Vec<Ev>,
) -> R<()> {
    s.pending.remove(0);
    progress::play(s, seat, mv, dice, ev)?;
    if s.players[seat].progress.len() > 4 {
        push_front(s, vec![Pending::ProgressExcess { seat }]);
    }
    Ok(())
}

/// The two cards given back for a forced trade: resources only unless the trade was of all
/// cards (CCK-TOKEN-6, -7; CAT-DUO-14).
fn forced_trade_return(
    s: &mut State,
    seat: Seat,
    mode: TradeMode,
    cards: &Cards,
    ev: &mut Vec<Ev>,
) -> R<()> {
    let h = hand_check(s, seat, cards, "CCK-TOKEN-6")?;
    if h.total() != 2 {
        return Err(RuleError::illegal("CAT-DUO-14", Refusal::GiveBackTwo));
    }
    if mode == TradeMode::Resources && h.commodities() > 0 {
        return Err(RuleError::illegal(
            "CCK-TOKEN-6",
            Refusal::GiveBackResources,
        ));
    }
    s.players[seat].hand.sub(&h);
    s.players[other(seat)].hand.add(&h);
    s.pending.remove(0);
    ev.emit(
        if mode == TradeMode::All {
            "CCK-TOKEN-7"
        } else {
            "CCK-TOKEN-6"
        },
        Event::ForcedTradeReturned { seat },
    );
    Ok(())
}

/// The opponent accepts or declines the active player's offer of `give` for `want`
/// (CCK-TRADE-2, CAT-TRADE-3).
fn respond_trade(
    s: &mut State,
    seat: Seat,
    give: Hand,
    want: Hand,
    accept: bool,
    ev: &mut Vec<Ev>,
) -> R<()> {
    s.pending.remove(0);
    if accept {
        if !s.players[seat].hand.contains(&want) {
            return Err(RuleError::illegal("CAT-TRADE-3", Refusal::TradeNotHeld));
        }
        let a = s.active;
        s.players[seat].hand.sub(&want);
        s.players[a].hand.add(&want);
        s.players[a].hand.sub(&give);
        s.players[seat].hand.add(&give);
    }
    ev.emit("CCK-TRADE-2", Event::TradeAnswer { seat, accept });
    Ok(())
}

/// Applies a neutral option with its event (CCK-NEUT-9, -11..-13).
#[allow(clippy::too_many_arguments)]
pub fn place_neutral(
    s: &mut State,
    task: &NeutralTask,
    trigger: &str,
    c: Colour,
    spot: Spot,
    by: ChosenBy,
    extra: Option<BotChoice>,
    rule: &str,
    ev: &mut Vec<Ev>,
) {
    bot::apply(s, task, c, spot);
    let bot = match (by, extra) {
        (ChosenBy::Bot, Some(b)) => Some(b),
        _ => None,
    };
    ev.emit(
        rule.to_string(),
        Event::NeutralPlaced {
            active: s.active,
            trigger: trigger.to_string(),
            kind: bot::task_kind(task),
            colour: c,
            colour_name: super::prompt::neutral_label(s, c),
            spot: bot::spot_at(spot),
            chosen_by: by,
            place: spot_place(s, bot::spot_at(spot)),
            bot,
        },
    );
}

/// A main-phase move (CAT-TURN-1): each move to one function.
fn main_move(s: &mut State, seat: Seat, mv: &Move, dice: &mut Chance, ev: &mut Vec<Ev>) -> R<()> {
    main_phase(s)?;
    match mv {
        Move::EndTurn => end_turn(s, seat, ev),
        Move::BuildRoad { edge } => build_road(s, seat, *edge, ev),
        Move::BuildSettlement { vertex } => build_settlement(s, seat, *vertex, ev),
        Move::BuildCity { vertex } => build_city(s, seat, *vertex, ev),
        Move::BuildCityWall { vertex } => build_city_wall(s, seat, *vertex, ev),
        Move::ImproveCity { track, crane } => improve(s, seat, *track, *crane, ev),
        Move::BuildKnight { vertex } => build_knight(s, seat, *vertex, ev),
        Move::ActivateKnight { vertex } => activate_knight(s, seat, *vertex, ev),
        Move::PromoteKnight { vertex } => promote_knight(s, seat, *vertex, ev),
        Move::KnightMove { from, to } => move_knight(s, seat, *from, *to, false, ev),
        Move::KnightDisplace { from, to } => move_knight(s, seat, *from, *to, true, ev),
        Move::KnightChaseRobber { knight, hex, .. } => {
            chase_robber(s, seat, *knight, *hex, dice, ev)
        }
        Move::RemoveOwnKnight { vertex } => remove_own_knight(s, seat, *vertex, ev),
        Move::MaritimeTrade { give, get, times } => {
            maritime_trade(s, seat, *give, *get, times.unwrap_or(1), ev)
        }
        Move::OfferTrade { give, want } => offer_trade(s, seat, give, want, ev),
        Move::PlayProgress { .. } => progress::play(s, seat, mv, dice, ev),
        _ => Err(RuleError::illegal("CAT-TURN-1", Refusal::MoveDoesNotFit)),
    }
}

/// Ends the turn: the turn's allowances lapse and the opponent rolls; past the house turn
/// cap the game ends (CAT-TURN-5, SESSION-HOUSE-1).
fn end_turn(s: &mut State, seat: Seat, ev: &mut Vec<Ev>) -> R<()> {
    let p = &mut s.players[seat];
    p.token_action_used = false;
    p.knight_removed = false;
    p.merchant_fleet = None;
    s.active = other(seat);
    s.turn += 1;
    s.phase = Phase::Roll1;
    s.rolls.clear();
    s.built_this_turn = false;
    ev.emit(
        "CAT-TURN-5",
        Event::TurnEnds {
            turn: s.turn,
            seat: s.active,
        },
    );
    if s.opts.max_turns > 0 && s.turn > s.opts.max_turns {
        finish_by_turn_cap(s, ev);
    }
    Ok(())
}

/// A road for its cost on a legal path; the neutrals then build one (CCK-BUILD-1, -4;
/// CAT-BUILD-5, CAT-DUO-6).
fn build_road(s: &mut State, seat: Seat, edge: Edge, ev: &mut Vec<Ev>) -> R<()> {
    let c = colour_of(seat);
    let e = ex(edge, "CAT-BUILD-5")?;
    if s.players[seat].roads_left <= 0 {
        return Err(RuleError::illegal(
            "CAT-BUILD-2",
            Refusal::NoPieceLeft { piece: Piece::Road },
        ));
    }
    if !can_road(s, e, c) {
        return Err(RuleError::illegal("CAT-BUILD-5", Refusal::RoadSpot));
    }
    take_cost(s, seat, &COST_ROAD, "CCK-BUILD-1", Purchase::Road)?;
    s.set_road(e, Some(c));
    s.players[seat].roads_left -= 1;
    s.built_this_turn = true;
    ev.emit(
        "CCK-BUILD-4",
        Event::RoadBuilt {
            seat,
            edge: Edge::of(e),
            place: path_place(s, e),
        },
    );
    s.pending.push(Pending::Neutral {
        task: NeutralTask::Road,
        trigger: "CAT-DUO-6".into(),
    });
    Ok(())
}

/// A settlement for its cost, two paths from any building and on the player's road; its
/// tokens are paid and the neutrals then build one (CAT-BUILD-3, -4; CCK-TOKEN-1, CAT-DUO-6).
fn build_settlement(s: &mut State, seat: Seat, vertex: Vertex, ev: &mut Vec<Ev>) -> R<()> {
    let c = colour_of(seat);
    let v = vx(vertex, "CAT-BUILD-3")?;
    if s.players[seat].settlements_left <= 0 {
        return Err(RuleError::illegal(
            "CAT-BUILD-2",
            Refusal::NoPieceLeft {
                piece: Piece::Settlement,
            },
        ));
    }
    if !distance_ok(s, v) {
        return Err(RuleError::illegal("CAT-BUILD-3", Refusal::SettlementSpot));
    }
    if !touches_road(s, v, c) {
        return Err(RuleError::illegal(
            "CAT-BUILD-4",
            Refusal::SettlementNeedsRoad,
        ));
    }
    take_cost(
        s,
        seat,
        &COST_SETTLEMENT,
        "CCK-BUILD-1",
        Purchase::Settlement,
    )?;
    s.set_building(v, Some(Building::plain(c, false)));
    s.players[seat].settlements_left -= 1;
    s.built_this_turn = true;
    ev.emit(
        "CCK-BUILD-4",
        Event::SettlementBuilt {
            seat,
            vertex: Vertex::of(v),
            place: corner_place(s, v),
        },
    );
    let t = settlement_tokens(s, v);
    pay_tokens(s, seat, t, "CCK-TOKEN-1", ev);
    s.pending.push(Pending::Neutral {
        task: NeutralTask::Settlement,
        trigger: "CAT-DUO-6".into(),
    });
    Ok(())
}

/// A settlement upgraded to a city for its cost (CAT-BUILD-6, CCK-BUILD-1, CCK-NEUT-5).
fn build_city(s: &mut State, seat: Seat, vertex: Vertex, ev: &mut Vec<Ev>) -> R<()> {
    let v = vx(vertex, "CAT-BUILD-6")?;
    upgrade_city(s, seat, v, &COST_CITY, "CCK-BUILD-1")?;
    ev.emit(
        "CCK-NEUT-5",
        Event::CityBuilt {
            seat,
            vertex: Vertex::of(v),
            place: corner_place(s, v),
        },
    );
    Ok(())
}

/// A city wall for its cost under one of the player's cities (CCK-BUILD-3).
fn build_city_wall(s: &mut State, seat: Seat, vertex: Vertex, ev: &mut Vec<Ev>) -> R<()> {
    let v = vx(vertex, "CCK-BUILD-3")?;
    build_wall(s, seat, v, true)?;
    ev.emit(
        "CCK-BUILD-3",
        Event::WallBuilt {
            seat,
            vertex: Vertex::of(v),
            place: corner_place(s, v),
        },
    );
    Ok(())
}

/// A basic knight, inactive, for its cost on an empty intersection of the player's road;
/// the neutrals then place one (CCK-KNIGHT-1, CCK-NEUT-1).
fn build_knight(s: &mut State, seat: Seat, vertex: Vertex, ev: &mut Vec<Ev>) -> R<()> {
    let c = colour_of(seat);
    let v = vx(vertex, "CCK-KNIGHT-1")?;
    if !is_empty(s, v) || !touches_road(s, v, c) {
        return Err(RuleError::illegal("CCK-KNIGHT-1", Refusal::KnightSpot));
    }
    if s.players[seat].knights_left[0] == 0 {
        return Err(RuleError::illegal("CCK-KNIGHT-1", Refusal::BasicKnightsOut));
    }
    take_cost(s, seat, &COST_KNIGHT, "CCK-BUILD-1", Purchase::Knight)?;
    s.players[seat].knights_left[0] -= 1;
    s.set_knight(v, Some(Knight::placed(c, 1, false)));
    s.built_this_turn = true;
    ev.emit(
        "CCK-NEUT-1",
        Event::KnightBuilt {
            seat,
            vertex: Vertex::of(v),
            place: corner_place(s, v),
        },
    );
    s.pending.push(Pending::Neutral {
        task: NeutralTask::Knight { level: 1 },
        trigger: "CCK-NEUT-1".into(),
    });
    Ok(())
}

/// An inactive knight of the player's activated for its cost (CCK-KNIGHT-2).
fn activate_knight(s: &mut State, seat: Seat, vertex: Vertex, ev: &mut Vec<Ev>) -> R<()> {
    let v = vx(vertex, "CCK-KNIGHT-2")?;
    let k = own_knight(s, v, seat, "CCK-KNIGHT-2")?;
    if k.active {
        return Err(RuleError::illegal("CCK-KNIGHT-2", Refusal::AlreadyActive));
    }
    take_cost(s, seat, &COST_ACTIVATE, "CCK-BUILD-1", Purchase::Activation)?;
    let turn = s.turn;
    if let Some(k) = s.knight_mut(v) {
        k.active = true;
        k.activated_turn = turn;
    }
    ev.emit(
        "CCK-KNIGHT-2",
        Event::KnightActivated {
            seat,
            vertex: Vertex::of(v),
            place: corner_place(s, v),
        },
    );
    Ok(())
}

/// A knight of the player's promoted a level for its cost; the neutrals then promote one
/// (CCK-KNIGHT-3).
fn promote_knight(s: &mut State, seat: Seat, vertex: Vertex, ev: &mut Vec<Ev>) -> R<()> {
    let v = vx(vertex, "CCK-KNIGHT-3")?;
    let nl = promote_check(s, seat, v, false)?;
    take_cost(s, seat, &COST_KNIGHT, "CCK-BUILD-1", Purchase::Promotion)?;
    promote_apply(s, seat, v);
    ev.emit(
        "CCK-KNIGHT-3",
        Event::KnightPromoted {
            seat,
            vertex: Vertex::of(v),
            level: nl,
            smith: false,
            place: corner_place(s, v),
        },
    );
    neutral_promotion(s, nl, "CCK-KNIGHT-3", ev);
    Ok(())
}

/// An active knight moves along the player's roads to an empty intersection
/// (CCK-KNIGHT-4..-6), or, when `displacing`, onto a weaker knight of another colour, which
/// is displaced (CCK-KNIGHT-7); either way it ends inactive.
fn move_knight(
    s: &mut State,
    seat: Seat,
    from: Vertex,
    to: Vertex,
    displacing: bool,
    ev: &mut Vec<Ev>,
) -> R<()> {
    let c = colour_of(seat);
    let rule = if displacing {
        "CCK-KNIGHT-7"
    } else {
        "CCK-KNIGHT-6"
    };
    let f = vx(from, rule)?;
    let t = vx(to, rule)?;
    let k = own_knight(s, f, seat, "CCK-KNIGHT-4")?;
    can_act(s, &k)?;
    if !connected_from(s, f, c).contains(&t) {
        return Err(RuleError::illegal("CCK-KNIGHT-5", Refusal::NotConnected));
    }
    if displacing {
        match s.knight(t) {
            Some(o) if o.colour != c && o.level < k.level => {}
            _ => return Err(RuleError::illegal("CCK-KNIGHT-7", Refusal::DisplaceWeaker)),
        }
        if s.building(t).is_some() {
            return Err(RuleError::illegal(
                "CCK-KNIGHT-7",
                Refusal::NothingToDisplace,
            ));
        }
    } else if !is_empty(s, t) {
        return Err(RuleError::illegal("CCK-KNIGHT-6", Refusal::KnightMoveEmpty));
    }
    s.set_knight(f, None);
    if displacing {
        displace(s, t, ev, "CCK-KNIGHT-7");
    }
    s.set_knight(
        t,
        Some(Knight {
            active: false,
            acted_turn: s.turn,
            ..k
        }),
    );
    let (from, to) = (Vertex::of(f), Vertex::of(t));
    let (from_place, to_place) = (corner_place(s, f), corner_place(s, t));
    ev.emit(
        rule.to_string(),
        if displacing {
            Event::KnightDisplaces {
                seat,
                from,
                to,
                from_place,
                to_place,
            }
        } else {
            Event::KnightMoved {
                seat,
                from,
                to,
                from_place,
                to_place,
            }
        },
    );
    Ok(())
}

/// An active knight beside the robber chases it away, and ends inactive (CCK-KNIGHT-8;
/// the robber must be awake, CCK-SEVEN-2).
fn chase_robber(
    s: &mut State,
    seat: Seat,
    knight: Vertex,
    hex: Hex,
    dice: &mut Chance,
    ev: &mut Vec<Ev>,
) -> R<()> {
    let v = vx(knight, "CCK-KNIGHT-8")?;
    let h = hx(hex, "CCK-KNIGHT-8")?;
    let k = own_knight(s, v, seat, "CCK-KNIGHT-8")?;
    can_act(s, &k)?;
    if !s.robber_awake {
        return Err(RuleError::illegal("CCK-SEVEN-2", Refusal::RobberAsleep));
    }
    if !v.hexes().contains(&s.board.robber) {
        return Err(RuleError::illegal(
            "CCK-KNIGHT-8",
            Refusal::RobberNotAdjacent,
        ));
    }
    move_robber(s, seat, h, dice, ev, "CCK-KNIGHT-8")?;
    let turn = s.turn;
    if let Some(kk) = s.knight_mut(v) {
        kk.active = false;
        kk.acted_turn = turn;
    }
    Ok(())
}

/// Once a turn, one of the player's knights back to stock for tokens of its level
/// (CCK-TOKEN-2, -4).
fn remove_own_knight(s: &mut State, seat: Seat, vertex: Vertex, ev: &mut Vec<Ev>) -> R<()> {
    let v = vx(vertex, "CCK-TOKEN-2")?;
    let k = own_knight(s, v, seat, "CCK-TOKEN-2")?;
    if s.players[seat].knight_removed {
        return Err(RuleError::illegal(
            "CCK-TOKEN-2",
            Refusal::OneKnightForTokens,
        ));
    }
    s.set_knight(v, None);
    s.players[seat].knights_left[k.level as usize - 1] += 1;
    s.players[seat].knight_removed = true;
    ev.emit(
        "CCK-TOKEN-2",
        Event::KnightReturned {
            seat,
            level: k.level,
            vertex: Vertex::of(v),
            place: corner_place(s, v),
        },
    );
    pay_tokens(s, seat, k.level as u32, "CCK-TOKEN-4", ev);
    Ok(())
}

/// `times` trades with the bank at the player's rate for `give` (CCK-TRADE-1).
fn maritime_trade(
    s: &mut State,
    seat: Seat,
    give: Card,
    get: Card,
    times: u32,
    ev: &mut Vec<Ev>,
) -> R<()> {
    trade_allowed(s)?;
    let n = times;
    if n == 0 || give == get {
        return Err(RuleError::illegal(
            "CCK-TRADE-1",
            Refusal::TradeOnceDifferent,
        ));
    }
    let rate = bank_rate(s, seat, give);
    if s.players[seat].hand.get(give) < rate.saturating_mul(n) {
        return Err(RuleError::illegal(
            "CCK-TRADE-1",
            Refusal::RateNeeds {
                need: rate.saturating_mul(n),
                give,
                rate,
            },
        ));
    }
    if s.bank.get(get) < n {
        return Err(RuleError::illegal("CCK-TRADE-1", Refusal::BankShort));
    }
    s.players[seat].hand.0[give.idx()] -= rate.saturating_mul(n);
    s.bank.0[give.idx()] += rate.saturating_mul(n);
    s.bank.0[get.idx()] -= n;
    s.players[seat].hand.0[get.idx()] += n;
    ev.emit(
        "CCK-TRADE-1",
        Event::MaritimeTrade {
            seat,
            give,
            gave: rate.saturating_mul(n),
            get,
            got: n,
            rate,
        },
    );
    Ok(())
}

/// An offer to the opponent of held cards for others, no kind on both sides and no more of
/// a kind than the game has (CAT-TRADE-2, CCK-TRADE-2).
fn offer_trade(s: &mut State, seat: Seat, give: &Cards, want: &Cards, ev: &mut Vec<Ev>) -> R<()> {
    trade_allowed(s)?;
    let gh = hand_check(s, seat, give, "CAT-TRADE-2")?;
    let wh = Hand::from_cards(want);
    if gh.total() == 0
        || wh.total() == 0
        || ALL_CARDS.iter().any(|k| gh.get(*k) > 0 && wh.get(*k) > 0)
    {
        return Err(RuleError::illegal("CAT-TRADE-2", Refusal::OfferBundles));
    }
    if let Some(k) = ALL_CARDS.iter().find(|k| wh.get(**k) > k.in_game()) {
        return Err(RuleError::illegal(
            "CAT-TRADE-2",
            Refusal::MoreThanInGame {
                card: *k,
                in_game: k.in_game(),
            },
        ));
    }
    s.pending.push(Pending::TradeResponse {
        seat: other(seat),
        give: gh,
        want: wh,
    });
    ev.emit(
        "CCK-TRADE-2",
        Event::TradeOffer {
            seat,
            give: gh.to_map(),
            want: wh.to_map(),
        },
    );
    Ok(())
}

pub fn trade_allowed(s: &State) -> R<()> {
    if !s.opts.combined_trade_build && s.built_this_turn {
        return Err(RuleError::illegal("CAT-TURN-4", Refusal::NoTradeAfterBuild));
    }
    Ok(())
}

pub fn upgrade_city(
    s: &mut State,
    seat: Seat,
    v: VertexId,
    cost: &[(Card, u32)],
    rule: &str,
) -> R<()> {
    match s.building(v) {
        Some(b) if b.colour == colour_of(seat) && !b.city => {}
        _ => {
            return Err(RuleError::illegal(
                "CAT-BUILD-6",
                Refusal::CityReplacesSettlement,
            ))
        }
    }
    if s.players[seat].cities_left <= 0 {
        return Err(RuleError::illegal(
            "CAT-BUILD-2",
            Refusal::NoPieceLeft { piece: Piece::City },
        ));
    }
    take_cost(s, seat, cost, rule, Purchase::City)?;
    s.edit_building(v, |b| b.city = true);
    s.players[seat].cities_left -= 1;
    s.players[seat].settlements_left += 1;
    s.built_this_turn = true;
    Ok(())
}

pub fn build_wall(s: &mut State, seat: Seat, v: VertexId, pay: bool) -> R<()> {
    match s.building(v) {
        Some(b) if b.colour == colour_of(seat) && b.city && !b.wall => {}
        _ => return Err(RuleError::illegal("CCK-BUILD-3", Refusal::WallSpot)),
    }
    if s.players[seat].walls_left <= 0 {
        return Err(RuleError::illegal("CCK-BUILD-3", Refusal::ThreeWalls));
    }
    if pay {
        take_cost(s, seat, &COST_WALL, "CCK-BUILD-1", Purchase::CityWall)?;
    }
    s.edit_building(v, |b| b.wall = true);
    s.players[seat].walls_left -= 1;
    s.built_this_turn = true;
    Ok(())
}

/// Checks a promotion; returns the new level (CCK-KNIGHT-3). `smith`: free.
pub fn promote_check(s: &State, seat: Seat, v: VertexId, _smith: bool) -> R<u8> {
    let k = own_knight(s, v, seat, "CCK-KNIGHT-3")?;
    if k.promoted_turn == s.turn {
        return Err(RuleError::illegal(
            "CCK-KNIGHT-3",
            Refusal::PromotedThisTurn,
        ));
    }
    if k.level >= 3 {
        return Err(RuleError::illegal("CCK-KNIGHT-3", Refusal::MightyMax));
    }
    if k.level == 2 && s.players[seat].imp[Track::Politics.idx()] < 3 {
        return Err(RuleError::illegal("CCK-KNIGHT-3", Refusal::NeedsFortress));
    }
    if s.players[seat].knights_left[k.level as usize] == 0 {
        return Err(RuleError::illegal(
            "CCK-KNIGHT-1",
            Refusal::NoNextLevelKnight,
        ));
    }
    Ok(k.level + 1)
}

pub fn promote_apply(s: &mut State, seat: Seat, v: VertexId) {
    let turn = s.turn;
    if let Some(k) = s.knight_mut(v) {
        let old = k.level as usize;
        k.level += 1;
        k.promoted_turn = turn;
        s.players[seat].knights_left[old] -= 1;
        s.players[seat].knights_left[old - 1] += 1;
    }
}

/// City improvement (CCK-IMP-1..-4), with a Crane (CCK-PROG-11).
fn improve(s: &mut State, seat: Seat, track: Track, crane: bool, ev: &mut Vec<Ev>) -> R<()> {
    let c = colour_of(seat);
    if !s.buildings().any(|b| b.colour == c && b.city) {
        return Err(RuleError::illegal(
            "CCK-IMP-2",
            Refusal::ImprovementsNeedCity,
        ));
    }
    let lvl = s.players[seat].imp[track.idx()];
    if lvl >= 5 {
        return Err(RuleError::illegal(
            "CCK-IMP-1",
            Refusal::TrackAtFive { track },
        ));
    }
    let new = lvl + 1;
    let crane_i = if crane {
        Some(
            s.players[seat]
                .progress
                .iter()
                .position(|p| p.kind == ProgressKind::Crane)
                .ok_or_else(|| {
                    RuleError::illegal(
                        "CCK-PROG-11",
                        Refusal::NoProgressCard {
                            card: ProgressKind::Crane,
                        },
                    )
                })?,
        )
    } else {
        None
    };
    let cost = new as u32 - crane_i.map(|_| 1).unwrap_or(0);
    // CCK-IMP-4: does this purchase give a metropolis?
    let holder = s.metropolis[track.idx()];
    let gets_metro = match holder {
        None => new >= 4,
        Some(h) => h != seat && new == 5 && s.players[h].imp[track.idx()] < 5,
    };
    if gets_metro && metropolis_spots(s, seat).is_empty() {
        return Err(RuleError::illegal("CCK-IMP-4", Refusal::MetropolisNoCity));
    }
    let comm = track.commodity();
    if s.players[seat].hand.get(comm) < cost {
        return Err(RuleError::illegal(
            "CCK-IMP-1",
            Refusal::LevelCosts {
                level: new,
                cost,
                commodity: comm,
            },
        ));
    }
    s.players[seat].hand.0[comm.idx()] -= cost;
    s.bank.0[comm.idx()] += cost;
    if let Some(i) = crane_i {
        let card = s.players[seat].progress.remove(i);
        s.decks[card.kind.deck().idx()].insert(0, card.kind);
        ev.emit("CCK-PROG-11", Event::Crane).cards(&["crane"]);
    }
    s.players[seat].imp[track.idx()] = new;
    s.built_this_turn = true;
    ev.emit(
        "CCK-IMP-1",
        Event::Improvement {
            seat,
            track,
            level: new,
            cost,
            commodity: comm,
        },
    );
    if gets_metro {
        s.pending.push(Pending::MetropolisPlace { seat, track });
    }
    Ok(())
}

/// Token action cost (CCK-TOKEN-5): the core's CAT-DUO-12, all points being visible.
pub fn token_cost(s: &State, seat: Seat) -> u32 {
    crate::games::catan::duo::action_cost(vp(s, seat), vp(s, other(seat)))
}

fn token_phase(s: &State, seat: Seat) -> R<()> {
    if !matches!(s.phase, Phase::Roll1 | Phase::Roll2 | Phase::Main) || !s.pending.is_empty() {
        return Err(RuleError::illegal("CAT-DUO-13", Refusal::TokenPhase));
    }
    if s.players[seat].token_action_used {
        return Err(RuleError::illegal("CCK-TOKEN-9", Refusal::OneTokenAction));
    }
    Ok(())
}

fn forced_trade(
    s: &mut State,
    seat: Seat,
    mode: TradeMode,
    dice: &mut Chance,
    ev: &mut Vec<Ev>,
) -> R<()> {
    token_phase(s, seat)?;
    let rule = if mode == TradeMode::All {
        "CCK-TOKEN-7"
    } else {
        "CCK-TOKEN-6"
    };
    let cost = token_cost(s, seat) * if mode == TradeMode::All { 2 } else { 1 };
    if s.players[seat].tokens < cost {
        return Err(RuleError::illegal(
            rule,
            Refusal::TokensNeeded { cost, forced: true },
        ));
    }
    let opp = other(seat);
    let avail = if mode == TradeMode::All {
        s.players[opp].hand.total()
    } else {
        s.players[opp].hand.resources()
    };
    let mine = if mode == TradeMode::All {
        s.players[seat].hand.total()
    } else {
        s.players[seat].hand.resources()
    };
    let draw = avail.min(2);
    if mine + draw < 2 {
        return Err(RuleError::illegal(rule, Refusal::CannotGiveBack));
    }
    s.players[seat].tokens -= cost;
    s.token_supply += cost;
    s.players[seat].token_action_used = true;
    let mut got = Vec::new();
    for _ in 0..draw {
        if let Some(c) = steal(s, opp, seat, mode == TradeMode::Resources, dice)? {
            got.push(c);
        }
    }
    let drawn = Hand::of(&got.iter().map(|c| (*c, 1)).collect::<Vec<_>>()).to_map();
    ev.emit(
        rule,
        Event::ForcedTrade {
            seat,
            mode,
            cost,
            drawn: got.len() as u32,
            rule_announce: "CCK-TOKEN-8".into(),
        },
    )
    .secret(
        vec![seat, opp],
        Event::CardsTaken {
            seat,
            from: opp,
            cards: drawn,
        },
        got.iter().map(|c| c.name().to_string()).collect(),
    );
    s.pending.push(Pending::ForcedTradeReturn { seat, mode });
    Ok(())
}

fn robber_to_desert(s: &mut State, seat: Seat, ev: &mut Vec<Ev>) -> R<()> {
    token_phase(s, seat)?;
    if !s.robber_awake {
        return Err(RuleError::illegal("CCK-SEVEN-2", Refusal::RobberAsleep));
    }
    // CAT-DUO-15: the core's check (the island always has its one desert, CAT-BOARD-15).
    let d = crate::games::catan::duo::check_robber_to_desert(&s.board)?;
    let cost = token_cost(s, seat);
    if s.players[seat].tokens < cost {
        return Err(RuleError::illegal(
            "CCK-TOKEN-5",
            Refusal::TokensNeeded {
                cost,
                forced: false,
            },
        ));
    }
    s.players[seat].tokens -= cost;
    s.token_supply += cost;
    s.players[seat].token_action_used = true;
    s.board.robber = d;
    ev.emit("CCK-TOKEN-5", Event::RobberToDesert { seat, cost });
    Ok(())
}
