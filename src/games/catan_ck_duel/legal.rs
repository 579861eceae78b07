//! Listing legal moves (every listed move is accepted by `play`).

use super::actions::{self, metropolis_spots, pillage_spots};
use super::board::{adjacent, Edge, EdgeId, HexId, Vertex, VertexId};
use super::data::*;
use super::moves::Move;
use super::neutral::{self, Spot};
use super::progress;
use super::rules::*;
use super::state::*;
use crate::engine::dice::Dice;
use crate::engine::{Chance, TableMode};

fn first_n(h: &Hand, n: u32, resources_only: bool, from_end: bool) -> Cards {
    let mut l = h.listed(resources_only);
    if from_end {
        l.reverse();
    }
    let mut out = Cards::new();
    for c in l.into_iter().take(n as usize) {
        *out.entry(c).or_insert(0) += 1;
    }
    out
}

fn two_ways(h: &Hand, n: u32, ro: bool) -> Vec<Cards> {
    let a = first_n(h, n, ro, false);
    let b = first_n(h, n, ro, true);
    if a == b {
        vec![a]
    } else {
        vec![a, b]
    }
}

pub fn legal(s: &State, seat: usize) -> Vec<Move> {
    if actions::deciding_seat(s) != Some(seat) {
        return Vec::new();
    }
    let me = Colour::of_seat(seat);
    let opp = other(seat);
    let mut out = Vec::new();
    if let Some(p) = s.pending.first() {
        match p.clone() {
            Pending::Discard { count, .. } => out.extend(
                two_ways(&s.players[seat].hand, count, false)
                    .into_iter()
                    .map(|cards| Move::Discard { cards }),
            ),
            Pending::Robber { .. } => out.extend(HexId::all().filter(|h| *h != s.robber).map(
                |h| Move::MoveRobber {
                    hex: s.tiles[h].hex,
                    stolen: None,
                },
            )),
            Pending::Neutral { task, .. } => {
                for (c, spot) in neutral::options(s, &task) {
                    out.push(match spot {
                        Spot::Vertex(v) => Move::NeutralBuild {
                            colour: c,
                            vertex: Some(Vertex::of(v)),
                            edge: None,
                        },
                        Spot::Edge(e) => Move::NeutralBuild {
                            colour: c,
                            vertex: None,
                            edge: Some(Edge::of(e)),
                        },
                    })
                }
            }
            Pending::KnightRelocation { from, .. } => {
                out.extend(relocation_spots(s, from, me).into_iter().map(|v| {
                    Move::RelocateKnight {
                        vertex: Vertex::of(v),
                    }
                }))
            }
            Pending::Aqueduct { .. } => out.extend(
                RESOURCES
                    .iter()
                    .filter(|c| s.bank.get(**c) > 0)
                    .map(|c| Move::AqueductTake { resource: *c }),
            ),
            Pending::DefenderDraw { .. } => out.extend(
                TRACKS
                    .iter()
                    .filter(|t| !s.decks[t.idx()].is_empty())
                    .map(|t| Move::DefenderDraw {
                        deck: *t,
                        drawn: None,
                    }),
            ),
            Pending::Pillage { .. } => {
                out.extend(
                    pillage_spots(s, seat)
                        .into_iter()
                        .map(|v| Move::ChoosePillagedCity {
                            vertex: Vertex::of(v),
                        }),
                )
            }
            Pending::MetropolisPlace { .. } => out.extend(
                metropolis_spots(s, seat)
                    .into_iter()
                    .map(|v| Move::PlaceMetropolis {
                        vertex: Vertex::of(v),
                    }),
            ),
            Pending::ProgressExcess { .. } => {
                let mut kinds: Vec<ProgressKind> =
                    s.players[seat].progress.iter().map(|c| c.kind).collect();
                kinds.sort();
                kinds.dedup();
                out.extend(kinds.into_iter().map(|card| Move::DiscardProgress { card }));
            }
            Pending::ForcedTradeReturn { mode, .. } => out.extend(
                two_ways(&s.players[seat].hand, 2, mode == TradeMode::Resources)
                    .into_iter()
                    .map(|cards| Move::ForcedTradeReturn { cards }),
            ),
            Pending::TradeResponse { want, .. } => {
                out.push(Move::RespondTrade { accept: false });
                if s.players[seat].hand.contains(&want) {
                    out.push(Move::RespondTrade { accept: true });
                }
            }
            Pending::DeserterPick { .. } => out.extend(
                VertexId::all()
                    .filter(|v| matches!(s.knights[*v], Some(k) if k.colour == me))
                    .map(|v| Move::DeserterPick {
                        vertex: Vertex::of(v),
                    }),
            ),
            Pending::DeserterPlace { .. } => {
                out.push(Move::DeserterPlace { vertex: None });
                out.extend(
                    knight_spots(s, me)
                        .into_iter()
                        .map(|v| Move::DeserterPlace {
                            vertex: Some(Vertex::of(v)),
                        }),
                );
            }
            Pending::DiplomatReplace { .. } => {
                out.push(Move::DiplomatReplace { edge: None });
                if s.players[seat].roads_left > 0 {
                    out.extend(EdgeId::all().filter(|e| can_road(s, *e, me)).map(|e| {
                        Move::DiplomatReplace {
                            edge: Some(Edge::of(e)),
                        }
                    }));
                }
            }
            Pending::WeddingGive { count, .. } => out.extend(
                two_ways(&s.players[seat].hand, count, false)
                    .into_iter()
                    .map(|cards| Move::WeddingGive { cards }),
            ),
            Pending::SaboteurDiscard { count, .. } => out.extend(
                two_ways(&s.players[seat].hand, count, false)
                    .into_iter()
                    .map(|cards| Move::SaboteurDiscard { cards }),
            ),
            Pending::MasterMerchantPick { count, .. } => out.extend(
                two_ways(&s.players[opp].hand, count, false)
                    .into_iter()
                    .map(|cards| Move::MasterMerchantPick { cards }),
            ),
            Pending::CommercialHarborGive { .. } => out.extend(
                COMMODITIES
                    .iter()
                    .filter(|c| s.players[seat].hand.get(**c) > 0)
                    .map(|c| Move::CommercialHarborGive { commodity: *c }),
            ),
            Pending::SpyPick { .. } => {
                let mut kinds: Vec<ProgressKind> =
                    s.players[opp].progress.iter().map(|c| c.kind).collect();
                kinds.sort();
                kinds.dedup();
                out.extend(kinds.into_iter().map(|card| Move::SpyPick { card }));
            }
            Pending::Number { .. } | Pending::RollDone { .. } => {}
        }
        return out;
    }
    match s.phase {
        Phase::Setup { step } => {
            if step % 2 == 0 {
                for v in VertexId::all() {
                    if distance_ok(s, v) {
                        let vertex = Vertex::of(v);
                        out.push(if step >= 4 {
                            Move::PlaceSetupCity { vertex }
                        } else {
                            Move::PlaceSetupSettlement { vertex }
                        });
                    }
                }
            } else if let Some(sv) = s.setup_vertex {
                out.extend(
                    adjacent(sv)
                        .filter(|(_, e)| s.roads[*e].is_none())
                        .map(|(_, e)| Move::PlaceSetupRoad { edge: Edge::of(e) }),
                );
            }
            return out;
        }
        Phase::Finished => return out,
        Phase::Roll1 | Phase::Roll2 => {
            out.push(Move::Roll {
                dice: None,
                drawn: None,
            });
            if s.phase == Phase::Roll1
                && s.players[seat]
                    .progress
                    .iter()
                    .any(|c| c.kind == ProgressKind::Alchemist)
            {
                for (w, r) in [(1u8, 1u8), (3, 3), (6, 5)] {
                    let mut m = Move::progress(ProgressKind::Alchemist);
                    if let Move::PlayProgress { white, red, .. } = &mut m {
                        *white = Some(w);
                        *red = Some(r);
                    }
                    out.push(m);
                }
            }
        }
        Phase::Main => {
            out.push(Move::EndTurn);
            main_candidates(s, seat, &mut out);
        }
    }
    // Token actions (any phase of the own turn).
    out.push(Move::TokenForcedTrade {
        mode: TradeMode::Resources,
        drawn_cards: None,
    });
    out.push(Move::TokenForcedTrade {
        mode: TradeMode::All,
        drawn_cards: None,
    });
    out.push(Move::TokenRobberToDesert);
    // Keep only moves `play` accepts (rolls always are, apart from manual dice).
    out.into_iter()
        .filter(|m| {
            matches!(m, Move::Roll { .. } | Move::EndTurn) || {
                let Ok(mut d) = Chance::new(Dice::new(0), TableMode::SERVER, Vec::new()) else {
                    return false;
                };
                let mut st = s.clone();
                let mut ev = Vec::new();
                actions::apply(&mut st, seat, m, &mut d, &mut ev).is_ok()
            }
        })
        .collect()
}

fn main_candidates(s: &State, seat: usize, out: &mut Vec<Move>) {
    let me = Colour::of_seat(seat);
    let p = &s.players[seat];
    let h = &p.hand;
    let has = |c: &[(Card, u32)]| h.contains(&Hand::of(c));
    if has(&COST_ROAD) && p.roads_left > 0 {
        out.extend(
            EdgeId::all()
                .filter(|e| can_road(s, *e, me))
                .map(|e| Move::BuildRoad { edge: Edge::of(e) }),
        );
    }
    if has(&COST_SETTLEMENT) && p.settlements_left > 0 {
        out.extend(
            VertexId::all()
                .filter(|v| can_settle(s, *v, me, true))
                .map(|v| Move::BuildSettlement {
                    vertex: Vertex::of(v),
                }),
        );
    }
    let mine_b: Vec<VertexId> = VertexId::all()
        .filter(|v| matches!(s.buildings[*v], Some(b) if b.colour == me))
        .collect();
    for &v in &mine_b {
        let b = s.buildings[v].unwrap_or(Building {
            colour: me,
            city: false,
            wall: false,
            metropolis: None,
        });
        if !b.city {
            out.push(Move::BuildCity {
                vertex: Vertex::of(v),
            });
        } else if !b.wall {
            out.push(Move::BuildCityWall {
                vertex: Vertex::of(v),
            });
        }
    }
    for t in TRACKS {
        out.push(Move::ImproveCity {
            track: t,
            crane: false,
        });
        out.push(Move::ImproveCity {
            track: t,
            crane: true,
        });
    }
    if has(&COST_KNIGHT) && p.knights_left[0] > 0 {
        out.extend(knight_spots(s, me).into_iter().map(|v| Move::BuildKnight {
            vertex: Vertex::of(v),
        }));
    }
    let my_knights: Vec<VertexId> = VertexId::all()
        .filter(|v| matches!(s.knights[*v], Some(k) if k.colour == me))
        .collect();
    for &v in &my_knights {
        let vertex = Vertex::of(v);
        out.push(Move::ActivateKnight { vertex });
        out.push(Move::PromoteKnight { vertex });
        out.push(Move::RemoveOwnKnight { vertex });
        let Some(k) = s.knights[v] else { continue };
        if actions::can_act(s, &k).is_ok() {
            for t in connected_from(s, v, me) {
                if is_empty(s, t) {
                    out.push(Move::KnightMove {
                        from: vertex,
                        to: Vertex::of(t),
                    });
                } else if matches!(s.knights[t], Some(o) if o.colour != me && o.level < k.level) {
                    out.push(Move::KnightDisplace {
                        from: vertex,
                        to: Vertex::of(t),
                    });
                }
            }
            if s.robber_awake && v.hexes().contains(&s.robber) {
                for hh in HexId::all() {
                    if hh != s.robber {
                        out.push(Move::KnightChaseRobber {
                            knight: vertex,
                            hex: s.tiles[hh].hex,
                            stolen: None,
                        });
                    }
                }
            }
        }
    }
    for give in ALL_CARDS {
        if h.get(give) >= bank_rate(s, seat, give) {
            for get in ALL_CARDS {
                if get != give {
                    out.push(Move::MaritimeTrade {
                        give,
                        get,
                        times: None,
                    });
                }
            }
        }
    }
    if let Some(give) = ALL_CARDS.iter().find(|c| h.get(**c) > 0) {
        let want = ALL_CARDS
            .iter()
            .find(|c| *c != give)
            .copied()
            .unwrap_or(Card::Brick);
        out.push(Move::OfferTrade {
            give: [(*give, 1)].into_iter().collect(),
            want: [(want, 1)].into_iter().collect(),
        });
    }
    // Progress cards: representative instances.
    let mut kinds: Vec<ProgressKind> = p.progress.iter().map(|c| c.kind).collect();
    kinds.sort();
    kinds.dedup();
    for k in kinds {
        progress_candidates(s, seat, k, &mine_b, &my_knights, out);
    }
}

fn progress_candidates(
    s: &State,
    seat: usize,
    k: ProgressKind,
    mine_b: &[VertexId],
    my_knights: &[VertexId],
    out: &mut Vec<Move>,
) {
    let me = Colour::of_seat(seat);
    let base = Move::progress(k);
    let with = |f: &dyn Fn(&mut Move)| {
        let mut m = base.clone();
        f(&mut m);
        m
    };
    macro_rules! set {
        ($field:ident, $val:expr) => {
            with(&|m: &mut Move| {
                if let Move::PlayProgress { $field, .. } = m {
                    *$field = Some($val.clone());
                }
            })
        };
    }
    match k {
        ProgressKind::Engineer | ProgressKind::Medicine => {
            for &v in mine_b {
                out.push(set!(vertex, Vertex::of(v)));
            }
        }
        ProgressKind::Inventor => {
            let ok: Vec<HexId> = HexId::all()
                .filter(|h| s.tiles[*h].token != 0 && ![2, 12, 6, 8].contains(&s.tiles[*h].token))
                .collect();
            if ok.len() >= 2 {
                out.push(set!(hexes, vec![s.tiles[ok[0]].hex, s.tiles[ok[1]].hex]));
            }
        }
        ProgressKind::RoadBuilding => {
            let first: Vec<EdgeId> = EdgeId::all().filter(|e| can_road(s, *e, me)).collect();
            if let Some(&e1) = first.first() {
                let mut st = s.clone();
                st.roads[e1] = Some(me);
                st.players[seat].roads_left -= 1;
                match EdgeId::all().find(|e| can_road(&st, *e, me)) {
                    Some(e2) if st.players[seat].roads_left > 0 => {
                        out.push(set!(edges, vec![Edge::of(e1), Edge::of(e2)]))
                    }
                    _ => out.push(set!(edges, vec![Edge::of(e1)])),
                }
            }
        }
        ProgressKind::Smith => {
            for &v in my_knights {
                out.push(set!(knights, vec![Vertex::of(v)]));
            }
            if my_knights.len() >= 2 {
                out.push(set!(
                    knights,
                    vec![Vertex::of(my_knights[0]), Vertex::of(my_knights[1])]
                ));
            }
        }
        ProgressKind::Merchant => {
            for h in HexId::all() {
                out.push(set!(hex, s.tiles[h].hex));
            }
        }
        ProgressKind::Bishop => {
            for h in HexId::all() {
                out.push(set!(hex, s.tiles[h].hex));
            }
        }
        ProgressKind::Deserter => {
            for t in [Colour::A, Colour::B, Colour::N1, Colour::N2] {
                out.push(set!(target, t));
                if t.seat().is_none() {
                    for v in VertexId::all() {
                        if matches!(s.knights[v], Some(kk) if kk.colour == t) {
                            out.push(with(&|m: &mut Move| {
                                if let Move::PlayProgress { target, knight, .. } = m {
                                    *target = Some(t);
                                    *knight = Some(Vertex::of(v));
                                }
                            }));
                        }
                    }
                }
            }
        }
        ProgressKind::Diplomat => {
            for e in EdgeId::all()
                .filter(|e| progress::is_open_road(s, *e))
                .take(6)
            {
                out.push(set!(edge, Edge::of(e)));
            }
        }
        ProgressKind::Intrigue => {
            for v in progress::intrigue_targets(s, seat) {
                out.push(set!(knight, Vertex::of(v)));
            }
        }
        ProgressKind::CommercialHarbor => {
            for c in RESOURCES {
                out.push(set!(give, c));
            }
        }
        ProgressKind::MerchantFleet => {
            for c in ALL_CARDS {
                out.push(set!(kind, c));
            }
        }
        ProgressKind::TradeMonopoly => {
            for c in COMMODITIES {
                out.push(set!(commodity, c));
            }
        }
        ProgressKind::ResourceMonopoly => {
            for c in RESOURCES {
                out.push(set!(resource, c));
            }
        }
        _ => out.push(base.clone()),
    }
}
