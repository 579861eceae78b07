//! Legal moves, complete: every move a seat may send now, listed one by one or as a
//! template whose free fields list their whole domain (progress plays with a board or card
//! choice). Every listed move and every combination of a template is accepted by `play`, and
//! `play` accepts nothing else (the property tests in `tests/legal_tests.rs`).

use super::board::{Edge, EdgeId, Hex, HexId, Vertex, VertexId};
use super::bot::{self, Spot};
use super::data::*;
use super::flow;
use super::mechanics::*;
use super::moves::Move;
use super::progress;
use super::rules::{self, metropolis_spots, pillage_spots};
use super::state::*;
use crate::engine::dice::Dice;
use crate::engine::{Chance, Domain, Legal, Param, TableMode};
use serde::Serialize;
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// Every legal move of `seat` now (empty when somebody else decides).
pub fn legal_moves(s: &State, seat: Seat) -> Vec<Legal<Move>> {
    let mut out: Vec<Legal<Move>> = listed(s, seat).into_iter().map(Legal::Move).collect();
    out.extend(hand_answers(s, seat));
    out.extend(trade_plays(s, seat));
    out.extend(progress_plays(s, seat));
    out
}

/// Every legal move of `seat` as concrete moves: the listed ones and every combination of
/// every template, a bundle of cards taken in [`BUNDLES_EXPANDED`] ways only (tests walk
/// games with it).
pub fn legal(s: &State, seat: Seat) -> Vec<Move> {
    legal_moves(s, seat).iter().flat_map(expand).collect()
}

/// The concrete moves of one legal item: the move itself, or the combinations of the
/// template's free fields (every one, but a bundle of cards in [`BUNDLES_EXPANDED`] ways).
pub fn expand(l: &Legal<Move>) -> Vec<Move> {
    let (base, params) = match l {
        Legal::Move(m) => return vec![m.clone()],
        Legal::Template { base, params } => (base, params),
    };
    let Ok(Value::Object(b)) = serde_json::to_value(base) else {
        return Vec::new();
    };
    let mut objs: Vec<Map<String, Value>> = vec![b];
    // A bundle apart from another field comes after it, without that field's items.
    let mut order: Vec<&Param> = params
        .iter()
        .filter(|p| p.domain.apart_from().is_none())
        .collect();
    order.extend(params.iter().filter(|p| p.domain.apart_from().is_some()));
    for p in order {
        objs = objs
            .into_iter()
            .flat_map(|o| {
                domain_values(&p.domain, &o).into_iter().map(move |v| {
                    let mut o = o.clone();
                    o.insert(p.field.to_string(), v);
                    o
                })
            })
            .collect();
    }
    objs.into_iter()
        .filter_map(|o| serde_json::from_value(Value::Object(o)).ok())
        .collect()
}

/// The values of a domain in the move `mv` built so far (a bundle: a few of them).
fn domain_values(d: &Domain, mv: &Map<String, Value>) -> Vec<Value> {
    match d {
        Domain::OneOf(vs) => vs.clone(),
        Domain::Integer { min, max } => (*min..=max.unwrap_or(*min)).map(Value::from).collect(),
        Domain::Multiset { of, count } => bundles(of, *count, *count),
        Domain::Bundle {
            of,
            min,
            max,
            apart_from,
        } => {
            let taken: Vec<&String> = apart_from
                .as_ref()
                .and_then(|f| mv.get(f))
                .and_then(Value::as_object)
                .map(|o| o.keys().collect())
                .unwrap_or_default();
            let of: BTreeMap<String, u32> = of
                .iter()
                .filter(|(k, _)| !taken.contains(k))
                .map(|(k, n)| (k.clone(), *n))
                .collect();
            bundles(&of, *min, *max)
        }
    }
}

/// Up to [`BUNDLES_EXPANDED`] bundles of `min..=max` items from `of`: the smallest, one
/// item of each kind in turn first.
fn bundles(of: &BTreeMap<String, u32>, min: u32, max: u32) -> Vec<Value> {
    let mut out = Vec::new();
    let items: Vec<(String, u32)> = of.iter().map(|(k, n)| (k.clone(), *n)).collect();
    for start in 0..items.len().max(1) {
        if out.len() >= BUNDLES_EXPANDED {
            break;
        }
        // `min` items (at least one), taken greedily from kind `start` on.
        let mut left = min.max(1).min(max);
        let mut m = Map::new();
        for (k, n) in items.iter().cycle().skip(start).take(items.len()) {
            let take = (*n).min(left);
            if take > 0 {
                m.insert(k.clone(), Value::from(take));
                left -= take;
            }
        }
        if left == 0 && min.max(1) <= max {
            let v = Value::Object(m);
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    if min == 0 && out.is_empty() {
        out.push(Value::Object(Map::new()));
    }
    out
}

/// How many bundles [`expand`] makes of one bundle domain.
pub const BUNDLES_EXPANDED: usize = 2;

/// The moves listed one by one (progress plays aside: [`progress_plays`]), each checked
/// against `play`.
fn listed(s: &State, seat: Seat) -> Vec<Move> {
    if flow::deciding_seat(s) != Some(seat) {
        return Vec::new();
    }
    if let Some(p) = s.pending.first() {
        return answers(s, seat, p.clone());
    }
    let mut out = match s.phase {
        Phase::Setup { step } => return setup_moves(s, step),
        Phase::Finished => return Vec::new(),
        Phase::Roll1 | Phase::Roll2 => vec![Move::Roll {
            dice: None,
            drawn: None,
        }],
        Phase::Main => {
            let mut out = vec![Move::EndTurn];
            main_candidates(s, seat, &mut out);
            out
        }
    };
    out.extend(token_moves());
    accepted(s, seat, out)
}

/// The answers to the decision `p` that are listed one by one; bundles of cards are
/// templates ([`hand_answers`]).
fn answers(s: &State, seat: Seat, p: Pending) -> Vec<Move> {
    let me = colour_of(seat);
    match p {
        // CAT-ROB-1: the core's robber spots.
        Pending::Robber { .. } => s
            .board
            .robber_spots(false)
            .into_iter()
            .map(|h| Move::MoveRobber {
                hex: Hex::of(h),
                stolen: None,
            })
            .collect(),
        Pending::Neutral { task, .. } => neutral_builds(s, &task),
        Pending::KnightRelocation { from, .. } => at(relocation_spots(s, from, me), |vertex| {
            Move::RelocateKnight { vertex }
        }),
        Pending::Aqueduct { .. } => RESOURCES
            .iter()
            .filter(|c| s.bank.get(**c) > 0)
            .map(|c| Move::AqueductTake { resource: *c })
            .collect(),
        Pending::DefenderDraw { .. } => TRACKS
            .iter()
            .filter(|t| !s.decks[t.idx()].is_empty())
            .map(|t| Move::DefenderDraw {
                deck: *t,
                drawn: None,
            })
            .collect(),
        Pending::Pillage { .. } => at(pillage_spots(s, seat), |vertex| Move::ChoosePillagedCity {
            vertex,
        }),
        Pending::MetropolisPlace { .. } => at(metropolis_spots(s, seat), |vertex| {
            Move::PlaceMetropolis { vertex }
        }),
        Pending::ProgressExcess { .. } => held_kinds(s, seat)
            .into_iter()
            .map(|card| Move::DiscardProgress { card })
            .collect(),
        Pending::TradeResponse { want, .. } => {
            let mut out = vec![Move::RespondTrade { accept: false }];
            if s.players[seat].hand.contains(&want) {
                out.push(Move::RespondTrade { accept: true });
            }
            out
        }
        Pending::DeserterPick { .. }
        | Pending::DeserterPlace { .. }
        | Pending::DiplomatReplace { .. }
        | Pending::CommercialHarborGive { .. }
        | Pending::SpyPick { .. } => progress_answers(s, seat, &p),
        Pending::Discard { .. }
        | Pending::ForcedTradeReturn { .. }
        | Pending::WeddingGive { .. }
        | Pending::SaboteurDiscard { .. }
        | Pending::MasterMerchantPick { .. } => Vec::new(),
        Pending::Number { .. } | Pending::RollDone { .. } => Vec::new(),
    }
}

/// The answers to the decisions a progress card leaves open (CCK-PROG-19, -20, -23, -27).
fn progress_answers(s: &State, seat: Seat, p: &Pending) -> Vec<Move> {
    let me = colour_of(seat);
    match p {
        Pending::DeserterPick { .. } => at(
            VertexId::all()
                .filter(|v| matches!(s.knight(*v), Some(k) if k.colour == me))
                .collect(),
            |vertex| Move::DeserterPick { vertex },
        ),
        Pending::DeserterPlace { .. } => {
            let mut out = vec![Move::DeserterPlace { vertex: None }];
            out.extend(at(knight_spots(s, me), |v| Move::DeserterPlace {
                vertex: Some(v),
            }));
            out
        }
        Pending::DiplomatReplace { .. } => {
            let mut out = vec![Move::DiplomatReplace { edge: None }];
            if s.players[seat].roads_left > 0 {
                out.extend(EdgeId::all().filter(|e| can_road(s, *e, me)).map(|e| {
                    Move::DiplomatReplace {
                        edge: Some(Edge::of(e)),
                    }
                }));
            }
            out
        }
        Pending::CommercialHarborGive { .. } => COMMODITIES
            .iter()
            .filter(|c| s.players[seat].hand.get(**c) > 0)
            .map(|c| Move::CommercialHarborGive { commodity: *c })
            .collect(),
        Pending::SpyPick { .. } => held_kinds(s, other(seat))
            .into_iter()
            .map(|card| Move::SpyPick { card })
            .collect(),
        _ => Vec::new(),
    }
}

/// A move for each intersection of `vs`, in their order.
fn at(vs: Vec<VertexId>, mv: impl Fn(Vertex) -> Move) -> Vec<Move> {
    vs.into_iter().map(|v| mv(Vertex::of(v))).collect()
}

/// The kinds of progress card `seat` holds, each once, in order.
fn held_kinds(s: &State, seat: Seat) -> Vec<ProgressKind> {
    let mut kinds: Vec<ProgressKind> = s.players[seat].progress.iter().map(|c| c.kind).collect();
    kinds.sort();
    kinds.dedup();
    kinds
}

/// The active player's placements of the neutral piece owed (CCK-NEUT-9).
fn neutral_builds(s: &State, task: &NeutralTask) -> Vec<Move> {
    bot::options(s, task)
        .into_iter()
        .map(|(colour, spot)| match spot {
            Spot::Vertex(v) => Move::NeutralBuild {
                colour,
                vertex: Some(Vertex::of(v)),
                edge: None,
            },
            Spot::Edge(e) => Move::NeutralBuild {
                colour,
                vertex: None,
                edge: Some(Edge::of(e)),
            },
        })
        .collect()
}

/// The set-up placements: a settlement (a city in the second round) two paths from any
/// building, then a road at it (CCK-SETUP-3, CAT-SETUP-5).
fn setup_moves(s: &State, step: u8) -> Vec<Move> {
    if step % 2 == 0 {
        return VertexId::all()
            .filter(|v| distance_ok(s, *v))
            .map(|v| {
                let vertex = Vertex::of(v);
                if step >= 4 {
                    Move::PlaceSetupCity { vertex }
                } else {
                    Move::PlaceSetupSettlement { vertex }
                }
            })
            .collect();
    }
    // CAT-SETUP-5: the core's set-up roads.
    s.setup_vertex
        .map(|sv| {
            s.board
                .setup_roads(sv)
                .into_iter()
                .map(|e| Move::PlaceSetupRoad { edge: Edge::of(e) })
                .collect()
        })
        .unwrap_or_default()
}

/// The token actions, open in any phase of the own turn (CCK-TOKEN-5..-7).
fn token_moves() -> [Move; 3] {
    [
        Move::TokenForcedTrade {
            mode: TradeMode::Resources,
            drawn_cards: None,
        },
        Move::TokenForcedTrade {
            mode: TradeMode::All,
            drawn_cards: None,
        },
        Move::TokenRobberToDesert,
    ]
}

/// The candidates `play` accepts (rolls and the end of a turn always are). Each candidate
/// gets a copy of the same fresh stream (seeding one is dear: a hash and a cipher set-up).
fn accepted(s: &State, seat: Seat, candidates: Vec<Move>) -> Vec<Move> {
    let dice = Dice::new(0);
    candidates
        .into_iter()
        .filter(|m| {
            matches!(m, Move::Roll { .. } | Move::EndTurn) || {
                let Ok(mut d) = Chance::new(dice.clone(), TableMode::SERVER, Vec::new()) else {
                    return false;
                };
                let mut st = s.clone();
                let mut ev = Vec::new();
                rules::apply(&mut st, seat, m, &mut d, &mut ev).is_ok()
            }
        })
        .collect()
}

fn main_candidates(s: &State, seat: Seat, out: &mut Vec<Move>) {
    let me = colour_of(seat);
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
        .filter(|v| matches!(s.building(*v), Some(b) if b.colour == me))
        .collect();
    for &v in &mine_b {
        let b = s.building(v).unwrap_or(Building::plain(me, false));
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
        .filter(|v| matches!(s.knight(*v), Some(k) if k.colour == me))
        .collect();
    for &v in &my_knights {
        let vertex = Vertex::of(v);
        out.push(Move::ActivateKnight { vertex });
        out.push(Move::PromoteKnight { vertex });
        out.push(Move::RemoveOwnKnight { vertex });
        let Some(k) = s.knight(v) else { continue };
        if rules::can_act(s, &k).is_ok() {
            for t in connected_from(s, v, me) {
                if is_empty(s, t) {
                    out.push(Move::KnightMove {
                        from: vertex,
                        to: Vertex::of(t),
                    });
                } else if matches!(s.knight(t), Some(o) if o.colour != me && o.level < k.level) {
                    out.push(Move::KnightDisplace {
                        from: vertex,
                        to: Vertex::of(t),
                    });
                }
            }
            if s.robber_awake && v.hexes().contains(&s.board.robber) {
                for hh in s.board.robber_spots(false) {
                    out.push(Move::KnightChaseRobber {
                        knight: vertex,
                        hex: Hex::of(hh),
                        stolen: None,
                    });
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
}

/// A hand (or its resources only) as a bundle domain: card name → number held.
fn hand_domain(h: &Hand, resources_only: bool) -> BTreeMap<String, u32> {
    ALL_CARDS
        .iter()
        .filter(|c| h.get(**c) > 0 && !(resources_only && c.is_commodity()))
        .map(|c| (c.name().to_string(), h.get(*c)))
        .collect()
}

/// `base` with its `cards` free: any `count` cards of `of` (none when `of` holds fewer).
fn cards_template(base: Move, of: BTreeMap<String, u32>, count: u32) -> Option<Legal<Move>> {
    (of.values().sum::<u32>() >= count).then(|| Legal::Template {
        base,
        params: vec![Param::new("cards", Domain::Multiset { of, count })],
    })
}

/// Answers that name exactly so many cards of a hand: a discard on a 7 (CAT-SEVEN-2), the
/// two cards returned after a forced trade (CCK-TOKEN-6, resources only in that mode), the
/// Wedding's gift (CCK-PROG-25), the Saboteur's discard (CCK-PROG-22), the Master Merchant's
/// pick from the opponent's hand (CCK-PROG-29).
fn hand_answers(s: &State, seat: Seat) -> Vec<Legal<Move>> {
    if flow::deciding_seat(s) != Some(seat) {
        return Vec::new();
    }
    let hand = &s.players[seat].hand;
    let empty = Cards::new;
    let t = match s.pending.first() {
        Some(Pending::Discard { count, .. }) => cards_template(
            Move::Discard { cards: empty() },
            hand_domain(hand, false),
            *count,
        ),
        Some(Pending::ForcedTradeReturn { mode, .. }) => cards_template(
            Move::ForcedTradeReturn { cards: empty() },
            hand_domain(hand, *mode == TradeMode::Resources),
            2,
        ),
        Some(Pending::WeddingGive { count, .. }) => cards_template(
            Move::WeddingGive { cards: empty() },
            hand_domain(hand, false),
            *count,
        ),
        Some(Pending::SaboteurDiscard { count, .. }) => cards_template(
            Move::SaboteurDiscard { cards: empty() },
            hand_domain(hand, false),
            *count,
        ),
        Some(Pending::MasterMerchantPick { count, .. }) => cards_template(
            Move::MasterMerchantPick { cards: empty() },
            hand_domain(&s.players[other(seat)].hand, false),
            *count,
        ),
        _ => None,
    };
    t.into_iter().collect()
}

/// Trades in the main phase, when trading is allowed (CAT-TURN-4): maritime trades naming
/// how often (CCK-TRADE-1; without `times`, once, is listed one by one) and the domestic
/// offer (CAT-TRADE-2, CCK-TRADE-2).
fn trade_plays(s: &State, seat: Seat) -> Vec<Legal<Move>> {
    if flow::deciding_seat(s) != Some(seat)
        || s.phase != Phase::Main
        || !s.pending.is_empty()
        || rules::trade_allowed(s).is_err()
    {
        return Vec::new();
    }
    let mut out = maritime_templates(s, seat);
    out.extend(offer_template(&s.players[seat].hand));
    out
}

/// CCK-TRADE-1: per card given, the cards it buys grouped by how often at most (the hand at
/// the seat's rate, the bank's stock).
fn maritime_templates(s: &State, seat: Seat) -> Vec<Legal<Move>> {
    let h = &s.players[seat].hand;
    let mut out = Vec::new();
    for give in ALL_CARDS {
        let rate = bank_rate(s, seat, give);
        let mut groups: Vec<(u32, Vec<Card>)> = Vec::new();
        for get in ALL_CARDS.into_iter().filter(|g| *g != give) {
            let max = (h.get(give) / rate.max(1)).min(s.bank.get(get));
            if max == 0 {
                continue;
            }
            match groups.iter_mut().find(|(m, _)| *m == max) {
                Some((_, gets)) => gets.push(get),
                None => groups.push((max, vec![get])),
            }
        }
        for (max, gets) in groups {
            out.push(Legal::Template {
                base: Move::MaritimeTrade {
                    give,
                    get: gets[0],
                    times: Some(1),
                },
                params: vec![
                    Param::new("get", Domain::OneOf(gets.iter().map(json).collect())),
                    Param::new(
                        "times",
                        Domain::Integer {
                            min: 1,
                            max: Some(i64::from(max)),
                        },
                    ),
                ],
            });
        }
    }
    out
}

/// CAT-TRADE-2: give any non-empty part of the hand, ask for any non-empty bundle of other
/// kinds, no more of a kind than the game has (CCK-TRADE-2).
fn offer_template(h: &Hand) -> Option<Legal<Move>> {
    if h.total() == 0 {
        return None;
    }
    let want: BTreeMap<String, u32> = ALL_CARDS
        .iter()
        .map(|c| (c.name().to_string(), c.in_game()))
        .collect();
    let want_max = want.values().sum();
    Some(Legal::Template {
        base: Move::OfferTrade {
            give: Cards::new(),
            want: Cards::new(),
        },
        params: vec![
            Param::new(
                "give",
                Domain::Bundle {
                    of: hand_domain(h, false),
                    min: 1,
                    max: h.total(),
                    apart_from: None,
                },
            ),
            Param::new(
                "want",
                Domain::Bundle {
                    of: want,
                    min: 1,
                    max: want_max,
                    apart_from: Some("give".into()),
                },
            ),
        ],
    })
}

// ---------------------------------------------------------------------
// Progress plays (CCK-PROG-5, -10, -12..-30): every play, a template where a card names a
// spot, a pair or a card kind. One function per card computes its exact domain from the
// state's queries, so that what it lists is what `progress::play` accepts.
// ---------------------------------------------------------------------

/// The progress plays of `seat` now: the Alchemist before the first roll (CCK-PROG-10), every
/// other card in the main phase with nothing pending, or to resolve a fifth card (CCK-PROG-4).
fn progress_plays(s: &State, seat: Seat) -> Vec<Legal<Move>> {
    if flow::deciding_seat(s) != Some(seat) || s.active != seat {
        return Vec::new();
    }
    let held = |k: ProgressKind| s.players[seat].progress.iter().any(|c| c.kind == k);
    let mut out = Vec::new();
    if s.phase == Phase::Roll1 && s.pending.is_empty() {
        if held(ProgressKind::Alchemist) {
            out.push(alchemist_play());
        }
        return out;
    }
    let may = s.phase == Phase::Main
        && match s.pending.first() {
            None => true,
            Some(Pending::ProgressExcess { seat: ps }) => *ps == seat,
            Some(_) => false,
        };
    if !may {
        return out;
    }
    let mut kinds: Vec<ProgressKind> = s.players[seat].progress.iter().map(|c| c.kind).collect();
    kinds.sort();
    kinds.dedup();
    for k in kinds {
        out.extend(card_plays(s, seat, k));
    }
    out
}

/// The plays of one held card (main phase).
fn card_plays(s: &State, seat: Seat, k: ProgressKind) -> Vec<Legal<Move>> {
    use ProgressKind::*;
    let vs = |xs: Vec<VertexId>| -> Vec<_> { xs.into_iter().map(Vertex::of).collect() };
    let es = |xs: Vec<EdgeId>| -> Vec<_> { xs.into_iter().map(Edge::of).collect() };
    let hs = |xs: Vec<HexId>| -> Vec<_> { xs.into_iter().map(Hex::of).collect() };
    match k {
        // CCK-PROG-10, -11, -3: never in the main phase (the Crane goes with an improvement).
        Alchemist | Crane | Printer | Constitution => Vec::new(),
        // No choice to make: always playable (CCK-PROG-14, -22..-25).
        Irrigation | Mining | Saboteur | Spy | Warlord | Wedding => vec![fixed(k)],
        MasterMerchant => master_merchant_ok(s, seat)
            .then(|| fixed(k))
            .into_iter()
            .collect(),
        Engineer => choose(k, &[], "vertex", &vs(engineer_cities(s, seat))),
        Medicine => choose(k, &[], "vertex", &vs(medicine_settlements(s, seat))),
        Inventor => {
            let pairs: Vec<Vec<_>> = inventor_pairs(s).into_iter().map(hs).collect();
            choose(k, &[], "hexes", &pairs)
        }
        RoadBuilding => {
            let plays: Vec<Vec<_>> = road_building_plays(s, seat).into_iter().map(es).collect();
            choose(k, &[], "edges", &plays)
        }
        Smith => {
            let plays: Vec<Vec<_>> = smith_plays(s, seat).into_iter().map(vs).collect();
            choose(k, &[], "knights", &plays)
        }
        Bishop => choose(k, &[], "hex", &hs(bishop_hexes(s))),
        Deserter => deserter_plays(s, seat),
        Diplomat => choose(k, &[], "edge", &es(diplomat_roads(s))),
        Intrigue => choose(k, &[], "knight", &vs(progress::intrigue_targets(s, seat))),
        Merchant => choose(k, &[], "hex", &hs(merchant_hexes(s, seat))),
        CommercialHarbor => choose(k, &[], "give", &harbour_gives(s, seat)),
        MerchantFleet => choose(k, &[], "kind", &ALL_CARDS),
        TradeMonopoly => choose(k, &[], "commodity", &COMMODITIES),
        ResourceMonopoly => choose(k, &[], "resource", &RESOURCES),
    }
}

/// A play of `card` with no field.
fn fixed(card: ProgressKind) -> Legal<Move> {
    Legal::Move(Move::progress(card))
}

/// A play of `card` with the fields `set`, as a move.
fn play_with(card: ProgressKind, set: &[(&str, Value)]) -> Option<Move> {
    let mut o = match serde_json::to_value(Move::progress(card)) {
        Ok(Value::Object(o)) => o,
        _ => return None,
    };
    for (f, v) in set {
        o.insert(f.to_string(), v.clone());
    }
    serde_json::from_value(Value::Object(o)).ok()
}

fn json<T: Serialize>(x: &T) -> Value {
    serde_json::to_value(x).unwrap_or(Value::Null)
}

/// The plays of `card` with the fields `set` and `field` free over `values` (none when
/// `values` is empty).
fn choose<T: Serialize>(
    card: ProgressKind,
    set: &[(&str, Value)],
    field: &'static str,
    values: &[T],
) -> Vec<Legal<Move>> {
    let Some(first) = values.first() else {
        return Vec::new();
    };
    let mut fields = set.to_vec();
    fields.push((field, json(first)));
    play_with(card, &fields)
        .map(|base| Legal::Template {
            base,
            params: vec![Param::new(
                field,
                Domain::OneOf(values.iter().map(json).collect()),
            )],
        })
        .into_iter()
        .collect()
}

/// CCK-PROG-10: the Alchemist sets white and red to any of 1..=6 each.
fn alchemist_play() -> Legal<Move> {
    let die = || Domain::Integer {
        min: 1,
        max: Some(6),
    };
    Legal::Template {
        base: play_with(
            ProgressKind::Alchemist,
            &[("white", Value::from(1)), ("red", Value::from(1))],
        )
        .unwrap_or_else(|| Move::progress(ProgressKind::Alchemist)),
        params: vec![Param::new("white", die()), Param::new("red", die())],
    }
}

/// CCK-PROG-29: only while the opponent has more points.
fn master_merchant_ok(s: &State, seat: Seat) -> bool {
    vp(s, other(seat)) > vp(s, seat)
}

/// CCK-PROG-12: the own cities without a wall, while a wall is in stock.
fn engineer_cities(s: &State, seat: Seat) -> Vec<VertexId> {
    let me = colour_of(seat);
    if s.players[seat].walls_left <= 0 {
        return Vec::new();
    }
    VertexId::all()
        .filter(|v| matches!(s.building(*v), Some(b) if b.colour == me && b.city && !b.wall))
        .collect()
}

/// CCK-PROG-15: the own settlements, with a city in stock and grain + 2 ore in hand.
fn medicine_settlements(s: &State, seat: Seat) -> Vec<VertexId> {
    let me = colour_of(seat);
    let p = &s.players[seat];
    if p.cities_left <= 0 || !p.hand.contains(&Hand::of(&COST_MEDICINE)) {
        return Vec::new();
    }
    VertexId::all()
        .filter(|v| matches!(s.building(*v), Some(b) if b.colour == me && !b.city))
        .collect()
}

/// CCK-PROG-13: two different hexes, neither token a 2, 12, 6 or 8 (nor none), in either
/// order.
fn inventor_pairs(s: &State) -> Vec<Vec<HexId>> {
    let ok: Vec<HexId> = HexId::all()
        .filter(|h| s.token(*h) != 0 && ![2, 12, 6, 8].contains(&s.token(*h)))
        .collect();
    let mut out = Vec::new();
    for &a in &ok {
        for &b in &ok {
            if a != b {
                out.push(vec![a, b]);
            }
        }
    }
    out
}

/// CCK-PROG-16: two roads, the second legal once the first is built; one road only when no
/// second one is possible after it.
fn road_building_plays(s: &State, seat: Seat) -> Vec<Vec<EdgeId>> {
    let me = colour_of(seat);
    let mut out = Vec::new();
    if s.players[seat].roads_left <= 0 {
        return out;
    }
    let mut st = s.clone();
    for e1 in EdgeId::all().filter(|e| can_road(s, *e, me)) {
        st.set_road(e1, Some(me));
        let seconds: Vec<EdgeId> = if s.players[seat].roads_left > 1 {
            EdgeId::all().filter(|e| can_road(&st, *e, me)).collect()
        } else {
            Vec::new()
        };
        st.set_road(e1, s.road(e1));
        if seconds.is_empty() {
            out.push(vec![e1]);
        }
        out.extend(seconds.into_iter().map(|e2| vec![e1, e2]));
    }
    out
}

/// CCK-PROG-17: one or two of the own knights promoted for free, the second one as the
/// first promotion leaves the stock.
fn smith_plays(s: &State, seat: Seat) -> Vec<Vec<VertexId>> {
    let mut out = Vec::new();
    let me = colour_of(seat);
    let mine: Vec<VertexId> = VertexId::all()
        .filter(|v| matches!(s.knight(*v), Some(k) if k.colour == me))
        .collect();
    for &a in &mine {
        if rules::promote_check(s, seat, a, true).is_err() {
            continue;
        }
        out.push(vec![a]);
        let mut st = s.clone();
        rules::promote_apply(&mut st, seat, a);
        for &b in &mine {
            if rules::promote_check(&st, seat, b, true).is_ok() {
                out.push(vec![a, b]);
            }
        }
    }
    out
}

/// CCK-PROG-18: any hex but the robber's, once the robber is awake.
fn bishop_hexes(s: &State) -> Vec<HexId> {
    if !s.robber_awake {
        return Vec::new();
    }
    s.board.robber_spots(false)
}

/// CCK-PROG-19: against the opponent when a knight of theirs stands (they choose which), or
/// against a neutral colour with a knight: one of its weakest knights, named unless it is
/// the only one.
fn deserter_plays(s: &State, seat: Seat) -> Vec<Legal<Move>> {
    let card = ProgressKind::Deserter;
    let opp = colour_of(other(seat));
    let mut out = Vec::new();
    if s.knights().any(|k| k.colour == opp) {
        out.extend(play_with(card, &[("target", json(&opp))]).map(Legal::Move));
    }
    for n in NEUTRALS {
        let weakest: Vec<VertexId> = deserter_weakest(s, n);
        let target = [("target", json(&n))];
        if weakest.len() == 1 {
            out.extend(play_with(card, &target).map(Legal::Move));
        }
        let at: Vec<_> = weakest.iter().map(|v| Vertex::of(*v)).collect();
        out.extend(choose(card, &target, "knight", &at));
    }
    out
}

/// The weakest knights of the neutral colour `n` (CCK-PROG-19).
fn deserter_weakest(s: &State, n: Colour) -> Vec<VertexId> {
    let theirs: Vec<(VertexId, u8)> = VertexId::all()
        .filter_map(|v| s.knight(v).filter(|k| k.colour == n).map(|k| (v, k.level)))
        .collect();
    let min = theirs.iter().map(|(_, l)| *l).min();
    theirs
        .into_iter()
        .filter(|(_, l)| Some(*l) == min)
        .map(|(v, _)| v)
        .collect()
}

/// CCK-PROG-20: every open road, of any colour.
fn diplomat_roads(s: &State) -> Vec<EdgeId> {
    EdgeId::all()
        .filter(|e| progress::is_open_road(s, *e))
        .collect()
}

/// CCK-PROG-26: the land hexes that touch an own building.
fn merchant_hexes(s: &State, seat: Seat) -> Vec<HexId> {
    let me = colour_of(seat);
    HexId::all()
        .filter(|h| {
            h.corners()
                .iter()
                .any(|v| matches!(s.building(*v), Some(b) if b.colour == me))
        })
        .collect()
}

/// CCK-PROG-27: a resource held.
fn harbour_gives(s: &State, seat: Seat) -> Vec<Card> {
    RESOURCES
        .iter()
        .copied()
        .filter(|c| s.players[seat].hand.get(*c) > 0)
        .collect()
}
