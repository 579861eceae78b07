//! The bot's turn and the neutral parties (CCK-NEUT): legal options, fallbacks and the bot's
//! blocking heuristic.

use serde::Serialize;

use super::board::{adjacent, ById, Edge, EdgeId, Vertex, VertexId};
use super::events::{
    flush, BotChoice, Candidate, ChosenBy, Ev, Event, FallbackTo, LapseReason, NeutralKind, SpotAt,
};
use super::mechanics::*;
use super::options::{BotTarget, NeutralPlacement};
use super::rules;
use super::state::*;
use crate::engine::{Emit, RuleError, Turn};

/// The bot's turn: it answers every neutral decision at the head of the queue by its blocking
/// heuristic (CCK-NEUT-9..-14), then the queued steps run; its events are handed to the turn.
pub fn bot_turn(s: &mut State, turn: &mut Turn<'_, Event>) -> Result<(), RuleError> {
    let mut ev = Vec::new();
    // CCK-NEUT-9: answer every neutral decision at the head of the queue.
    while let Some(Pending::Neutral { task, trigger }) = s.pending.first().cloned() {
        if s.opts.neutral_placement != NeutralPlacement::Bot {
            break;
        }
        let opts = options(s, &task);
        if opts.is_empty() {
            rules::settle(s, &mut ev);
            continue;
        }
        let (i, choice, rule) = bot_choose(s, &task, &opts);
        let (c, spot) = opts[i];
        s.pending.remove(0);
        rules::place_neutral(
            s,
            &task,
            &trigger,
            c,
            spot,
            ChosenBy::Bot,
            Some(choice),
            rule,
            &mut ev,
        );
        rules::settle(s, &mut ev);
        update_longest_road(s, &mut ev);
    }
    rules::settle(s, &mut ev);
    flush(turn, ev);
    Ok(())
}

/// A spot offered for a neutral decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Spot {
    Vertex(VertexId),
    Edge(EdgeId),
}

/// Legal `(colour, spot)` options in reading order, `n1` first (CCK-NEUT-9).
pub fn options(s: &State, task: &NeutralTask) -> Vec<(Colour, Spot)> {
    let mut out = Vec::new();
    for (ni, &c) in NEUTRALS.iter().enumerate() {
        let st = &s.neutrals[ni];
        match *task {
            NeutralTask::Road => {
                if st.roads_left > 0 {
                    out.extend(
                        EdgeId::all()
                            .filter(|e| can_road(s, *e, c))
                            .map(|e| (c, Spot::Edge(e))),
                    );
                }
            }
            NeutralTask::Settlement => {
                if st.settlements_left > 0 {
                    let need = s.opts.neutral_settlement_needs_road;
                    out.extend(
                        VertexId::all()
                            .filter(|v| can_settle(s, *v, c, need))
                            .map(|v| (c, Spot::Vertex(v))),
                    );
                }
            }
            NeutralTask::Knight { level } => {
                // CCK-NEUT-1: same level, at an end of that colour's road, from its stock.
                if (1..=2).contains(&level) && st.knights_left[level as usize - 1] > 0 {
                    out.extend(knight_spots(s, c).into_iter().map(|v| (c, Spot::Vertex(v))));
                }
            }
            NeutralTask::Promotion => {
                // CCK-NEUT-6: basic -> strong only, a strong one must be in stock.
                if st.knights_left[1] > 0 {
                    out.extend(
                        VertexId::all()
                            .filter(|v| matches!(s.knight(*v), Some(k) if k.colour == c && k.level == 1))
                            .map(|v| (c, Spot::Vertex(v))),
                    );
                }
            }
            NeutralTask::Relocation { colour, from, .. } => {
                if colour == c {
                    out.extend(
                        relocation_spots(s, from, c)
                            .into_iter()
                            .map(|v| (c, Spot::Vertex(v))),
                    );
                }
            }
        }
    }
    out
}

pub fn task_rule(task: &NeutralTask) -> &'static str {
    match task {
        NeutralTask::Road => "CAT-DUO-7",
        NeutralTask::Settlement => "CAT-DUO-7",
        NeutralTask::Knight { .. } => "CCK-NEUT-1",
        NeutralTask::Promotion => "CCK-NEUT-6",
        NeutralTask::Relocation { .. } => "CCK-NEUT-8",
    }
}

pub fn task_kind(task: &NeutralTask) -> NeutralKind {
    match task {
        NeutralTask::Road => NeutralKind::Road,
        NeutralTask::Settlement => NeutralKind::Settlement,
        NeutralTask::Knight { .. } => NeutralKind::Knight,
        NeutralTask::Promotion => NeutralKind::Promotion,
        NeutralTask::Relocation { .. } => NeutralKind::Relocation,
    }
}

pub fn task_name(task: &NeutralTask) -> &'static str {
    match task {
        NeutralTask::Road => "road",
        NeutralTask::Settlement => "settlement",
        NeutralTask::Knight { .. } => "knight",
        NeutralTask::Promotion => "promotion",
        NeutralTask::Relocation { .. } => "relocation",
    }
}

/// The fallback of a decision without options (CCK-NEUT-3, -6, -8, -14; CAT-DUO-8).
/// Returns the replacement task, if any.
pub fn fallback(s: &mut State, task: &NeutralTask, ev: &mut Vec<Ev>) -> Option<NeutralTask> {
    let mut fell = |from: NeutralKind, to: FallbackTo, rule: &'static str| {
        ev.emit(
            rule,
            Event::NeutralFallback {
                from,
                to,
                rule: rule.into(),
            },
        );
    };
    match *task {
        NeutralTask::Knight { .. } => {
            fell(NeutralKind::Knight, FallbackTo::Road, "CCK-NEUT-3");
            Some(NeutralTask::Road)
        }
        NeutralTask::Settlement => {
            fell(NeutralKind::Settlement, FallbackTo::Road, "CAT-DUO-8");
            Some(NeutralTask::Road)
        }
        NeutralTask::Road => {
            fell(NeutralKind::Road, FallbackTo::Nothing, "CAT-DUO-8");
            None
        }
        NeutralTask::Promotion => {
            ev.emit(
                "CCK-NEUT-6",
                Event::NeutralPromotionLapses {
                    reason: LapseReason::NoBasicKnight,
                },
            );
            None
        }
        NeutralTask::Relocation { colour, level, .. } => {
            if let Some(ni) = colour.neutral_index() {
                s.neutrals[ni].knights_left[(level as usize).clamp(1, 2) - 1] += 1;
            }
            ev.emit("CCK-NEUT-8", Event::NeutralKnightRemoved { colour });
            None
        }
    }
}

/// Applies an option.
pub fn apply(s: &mut State, task: &NeutralTask, c: Colour, spot: Spot) {
    let Some(ni) = c.neutral_index() else { return };
    match (*task, spot) {
        (NeutralTask::Road, Spot::Edge(e)) => {
            s.set_road(e, Some(c));
            s.neutrals[ni].roads_left -= 1;
        }
        (NeutralTask::Settlement, Spot::Vertex(v)) => {
            s.set_building(v, Some(Building::plain(c, false)));
            s.neutrals[ni].settlements_left -= 1;
        }
        (NeutralTask::Knight { level }, Spot::Vertex(v)) => {
            s.set_knight(v, Some(Knight::placed(c, level, false)));
            s.neutrals[ni].knights_left[level as usize - 1] -= 1;
        }
        (NeutralTask::Promotion, Spot::Vertex(v)) => {
            let turn = s.turn;
            if let Some(k) = s.knight_mut(v) {
                k.level = 2;
                k.promoted_turn = turn;
            }
            s.neutrals[ni].knights_left[1] -= 1;
            s.neutrals[ni].knights_left[0] += 1;
        }
        (NeutralTask::Relocation { level, .. }, Spot::Vertex(v)) => {
            s.set_knight(v, Some(Knight::placed(c, level, false)));
        }
        _ => {}
    }
}

pub fn spot_name(spot: Spot) -> String {
    match spot {
        Spot::Vertex(v) => Vertex::of(v).to_string(),
        Spot::Edge(e) => Edge::of(e).to_string(),
    }
}

pub fn spot_at(spot: Spot) -> SpotAt {
    match spot {
        Spot::Vertex(v) => SpotAt::Vertex(Vertex::of(v)),
        Spot::Edge(e) => SpotAt::Edge(Edge::of(e)),
    }
}

/// The bot's target (CCK-NEUT-10).
pub fn target(s: &State) -> Seat {
    let opp = other(s.active);
    match s.opts.neutral_bot_target {
        BotTarget::Opponent => opp,
        BotTarget::Leader => {
            if vp(s, s.active) > vp(s, opp) {
                s.active
            } else {
                opp
            }
        }
    }
}

/// `reach(v)` for every intersection (CCK-NEUT-10): 0-1 shortest paths from the target's network.
pub fn reach(s: &State, seat: Seat) -> ById<VertexId, u32> {
    let t = colour_of(seat);
    let mut dist: ById<VertexId, u32> = ById::from_vec(vec![99u32; VertexId::COUNT]);
    let mut dq = std::collections::VecDeque::new();
    for v in VertexId::all() {
        let own_building = matches!(s.building(v), Some(b) if b.colour == t);
        let road_end = touches_road(s, v, t) && !blocked_for(s, v, t);
        if own_building || road_end {
            dist[v] = 0;
            dq.push_back(v);
        }
    }
    while let Some(u) = dq.pop_front() {
        if blocked_for(s, u, t) {
            continue; // reached but not passed
        }
        for (w, e) in adjacent(u) {
            let cost = match s.road(e) {
                Some(c) if c == t => 0,
                None => 1,
                _ => continue,
            };
            let nd = dist[u] + cost;
            if nd < dist[w] {
                dist[w] = nd;
                if cost == 0 {
                    dq.push_front(w);
                } else {
                    dq.push_back(w);
                }
            }
        }
    }
    dist
}

/// The bot's choice and every candidate in key order (CCK-NEUT-11..-13).
pub fn bot_choose(
    s: &State,
    task: &NeutralTask,
    opts: &[(Colour, Spot)],
) -> (usize, BotChoice, &'static str) {
    let tgt = target(s);
    let rch = reach(s, tgt);
    type Key = (u32, i64, Colour, usize);
    let mut keyed: Vec<(Key, usize, u32)> = Vec::new();
    for (i, &(c, spot)) in opts.iter().enumerate() {
        let (w, ord) = match spot {
            Spot::Vertex(v) => (v, v.index()),
            Spot::Edge(e) => {
                let [a, b] = e.ends();
                let on = |v: VertexId| {
                    matches!(s.building(v), Some(bb) if bb.colour == c) || touches_road(s, v, c)
                };
                let w = match (on(a), on(b)) {
                    (true, false) => b,
                    (false, true) => a,
                    _ => {
                        if (rch[b], b) < (rch[a], a) {
                            b
                        } else {
                            a
                        }
                    }
                };
                (w, e.index())
            }
        };
        let p = pips_at(s, w);
        keyed.push(((rch[w], -(p as i64), c, ord), i, p));
    }
    keyed.sort();
    let cands: Vec<Candidate> = keyed
        .iter()
        .map(|(k, i, p)| {
            let (c, spot) = opts[*i];
            Candidate {
                colour: c,
                spot: spot_at(spot),
                reach: k.0,
                pips: *p,
            }
        })
        .collect();
    let rule = match task {
        NeutralTask::Road => "CCK-NEUT-12",
        NeutralTask::Promotion | NeutralTask::Relocation { .. } => "CCK-NEUT-13",
        _ => "CCK-NEUT-11",
    };
    (
        keyed.first().map(|k| k.1).unwrap_or(0),
        BotChoice {
            target: colour_of(tgt),
            candidates: cands,
        },
        rule,
    )
}
