//! Every legal move of the Greeks, complete: listed moves where they are few, templates whose
//! free fields list their whole domain where the product would explode (cards × army counts ×
//! paths, unit bundles). A template is split wherever fields depend on each other (the army
//! count on the city paying for Miltiades, the fleets on the armies carried), so that every
//! combination of its values is legal.
//!
//! The placeholders a template's base holds in its free fields are always one legal instance
//! (the labels read the totals of `raise` and `remove_armies` bundles from them).

use serde_json::{json, Value};
use std::collections::BTreeMap;

use super::battle;
use super::data::{Card, City, Side, CITIES};
use super::moves::{Counts, FleetsArg, Move};
use super::rules::{army_spots, fleet_spots, greek_paths, greek_reach};
use super::state::{Pending, Phase, State};
use crate::engine::{Domain, Legal, Param};

fn v<T: serde::Serialize>(x: T) -> Value {
    serde_json::to_value(x).unwrap_or(Value::Null)
}

fn one_of<T: serde::Serialize>(xs: impl IntoIterator<Item = T>) -> Domain {
    Domain::OneOf(xs.into_iter().map(v).collect())
}

fn int(min: u32, max: u32) -> Domain {
    Domain::Integer {
        min: i64::from(min),
        max: Some(i64::from(max)),
    }
}

/// A city's id on the wire (`"athenai"`).
fn id(c: City) -> String {
    v(c).as_str().unwrap_or_default().to_string()
}

fn bundle(of: &[City], each: u32, count: u32) -> Domain {
    Domain::Multiset {
        of: of.iter().map(|&c| (id(c), each)).collect(),
        count,
    }
}

fn tpl(base: Move, params: Vec<Param>) -> Legal<Move> {
    Legal::Template { base, params }
}

/// The Greek hand, each card once, in printed order.
fn hand(st: &State) -> Vec<Card> {
    let mut h = st.hand_greeks.clone();
    h.sort();
    h.dedup();
    h
}

/// Every legal move of the Greeks now (empty when they do not decide).
pub fn legal_moves(st: &State) -> Vec<Legal<Move>> {
    if st.is_finished() {
        return vec![];
    }
    if let Some(p) = &st.pending {
        return pending_moves(st, p);
    }
    if st.battle.is_some() {
        return vec![];
    }
    match st.phase {
        Phase::GreekBuy => (0..=super::flow::max_cards(st))
            .map(|count| Legal::Move(Move::BuyCards { count }))
            .collect(),
        Phase::GreekRaise => raise_moves(st),
        Phase::Operations if st.to_act == Side::Greeks => ops_moves(st),
        _ => vec![],
    }
}

/// `raise`: one template per (armies, fleets) total; the cities of each bundle are free
/// (T300-GPR-3, T300-GPR-4).
fn raise_moves(st: &State) -> Vec<Legal<Move>> {
    let aspots = army_spots(st);
    let fspots = fleet_spots(st);
    let max_a = if aspots.is_empty() {
        0
    } else {
        st.talents.min(st.greek_stock_armies)
    };
    let max_f = if fspots.is_empty() {
        0
    } else {
        st.fleets_allowed()
    };
    let mut out = Vec::new();
    for na in 0..=max_a {
        for nf in 0..=max_f.min(st.talents - na) {
            let mut params = Vec::new();
            let armies = match aspots.first() {
                Some(&c) if na > 0 => {
                    params.push(Param::new("armies", bundle(&aspots, na, na)));
                    Counts::of(&[(c, na)])
                }
                _ => Counts::default(),
            };
            let fleets = match fspots.first() {
                Some(&c) if nf > 0 => {
                    params.push(Param::new("fleets", bundle(&fspots, nf, nf)));
                    Counts::of(&[(c, nf)])
                }
                _ => Counts::default(),
            };
            let m = Move::Raise { armies, fleets };
            out.push(if params.is_empty() {
                Legal::Move(m)
            } else {
                tpl(m, params)
            });
        }
    }
    out
}

/// The land marches from `from` to `to` of `card` (None: `move_land` with any card of
/// `cards`), with and without Miltiades (T300-MOV-2, T300-EVT-11).
fn land_templates(st: &State, cards: &[Card], evangelion: bool, out: &mut Vec<Legal<Move>>) {
    let mut miltiades_cards: Vec<Card> = cards
        .iter()
        .copied()
        .filter(|&c| c != Card::Miltiades)
        .collect();
    if !st.hand_greeks.contains(&Card::Miltiades) || st.portraits.miltiades {
        miltiades_cards.clear();
    }
    if cards.is_empty() {
        return;
    }
    for from in CITIES {
        let ga = st.u(from).ga;
        if ga == 0 {
            continue;
        }
        for to in greek_reach(st, from).into_keys() {
            let mut paths: Vec<Value> = vec![Value::Null];
            paths.extend(greek_paths(st, from, to).into_iter().map(v));
            let base = |card: Card, armies: u32, miltiades: bool, pay_from: Option<City>| {
                if evangelion {
                    Move::PlayEvent {
                        card: Card::Evangelion,
                        city: None,
                        from: Some(from),
                        to: Some(to),
                        armies: Some(armies),
                        port: None,
                        fleets: None,
                        path: None,
                        miltiades,
                        pay_from,
                    }
                } else {
                    Move::MoveLand {
                        card,
                        from,
                        to,
                        armies,
                        path: None,
                        miltiades,
                        pay_from,
                    }
                }
            };
            let params = |cards: &[Card], lo: u32, hi: u32| {
                let mut p = vec![
                    Param::new("armies", int(lo, hi)),
                    Param::new("path", Domain::OneOf(paths.clone())),
                ];
                if !evangelion {
                    p.insert(0, Param::new("card", one_of(cards.iter().copied())));
                }
                p
            };
            out.push(tpl(base(cards[0], 1, false, None), params(cards, 1, ga)));
            // Miltiades joins a march that attacks Persian armies (T300-EVT-11).
            if st.u(to).pa == 0 || miltiades_cards.is_empty() {
                continue;
            }
            let mc = if evangelion { cards } else { &miltiades_cards };
            if st.greek_stock_armies > 0 {
                out.push(tpl(base(mc[0], 1, true, None), params(mc, 1, ga)));
                continue;
            }
            // An empty stock: an army from the map, not the last one in the battle.
            for p in CITIES {
                let (lo, hi) = if p == to {
                    (2, ga)
                } else if p == from {
                    (1, ga - 1)
                } else if st.u(p).ga >= 1 {
                    (1, ga)
                } else {
                    continue;
                };
                if lo <= hi {
                    out.push(tpl(base(mc[0], lo, true, Some(p)), params(mc, lo, hi)));
                }
            }
        }
    }
}

/// The parameters of a `play_event`.
#[derive(Default)]
struct Ev {
    city: Option<City>,
    from: Option<City>,
    to: Option<City>,
    port: Option<City>,
    fleets: Option<FleetsArg>,
    pay_from: Option<City>,
}

fn pe(card: Card, e: Ev) -> Move {
    Move::PlayEvent {
        card,
        city: e.city,
        from: e.from,
        to: e.to,
        armies: None,
        port: e.port,
        fleets: e.fleets,
        path: None,
        miltiades: false,
        pay_from: e.pay_from,
    }
}

fn event(card: Card) -> Move {
    pe(card, Ev::default())
}

fn ops_moves(st: &State) -> Vec<Legal<Move>> {
    let mut out = vec![Legal::Move(Move::Pass)];
    let cards = hand(st);
    if cards.is_empty() {
        return out;
    }
    // Any card for one land movement (T300-MOV-1, T300-MOV-2).
    land_templates(st, &cards, false, &mut out);
    // Any card for one naval movement (T300-MOV-3).
    for from in CITIES {
        let gf = st.u(from).gf;
        if gf == 0 {
            continue;
        }
        let ports: Vec<City> = CITIES
            .iter()
            .copied()
            .filter(|&c| c != from && c.has_port())
            .collect();
        for armies in 0..=gf.min(3).min(st.u(from).ga) {
            let fmin = armies.max(1);
            out.push(tpl(
                Move::MoveNaval {
                    card: cards[0],
                    from,
                    to: ports[0],
                    fleets: fmin,
                    armies,
                },
                vec![
                    Param::new("card", one_of(cards.iter().copied())),
                    Param::new("to", one_of(ports.iter().copied())),
                    Param::new("fleets", int(fmin, gf)),
                ],
            ));
        }
    }
    for card in cards {
        event_moves(st, card, &mut out);
    }
    out
}

/// The Greek events of `card` playable now (T300-EVT-1..10, T300-EVT-14).
fn event_moves(st: &State, card: Card, out: &mut Vec<Legal<Move>>) {
    let at = |c: City| {
        pe(
            card,
            Ev {
                city: Some(c),
                ..Ev::default()
            },
        )
    };
    match card {
        Card::MinesOfLaurion | Card::OracleOfDelphi => out.push(Legal::Move(event(card))),
        Card::IonianRevolt => {
            for c in [City::Abydos, City::Ephesos] {
                if st.u(c).pa > 0 {
                    out.push(Legal::Move(at(c)));
                }
            }
        }
        Card::WrathOfPoseidon => {
            for c in CITIES {
                if st.u(c).pf > 0 {
                    out.push(Legal::Move(pe(
                        card,
                        Ev {
                            port: Some(c),
                            ..Ev::default()
                        },
                    )));
                }
            }
        }
        Card::Desertion => {
            for c in CITIES {
                if st.u(c).pa > 0 {
                    out.push(Legal::Move(at(c)));
                }
            }
        }
        Card::MelasZomos
            if st.controls(Side::Greeks, City::Sparta) && st.greek_stock_armies > 0 =>
        {
            out.push(Legal::Move(event(card)))
        }
        Card::Leonidas if !st.portraits.leonidas => leonidas_moves(st, out),
        Card::Evangelion => land_templates(st, &[Card::Evangelion], true, out),
        Card::Triremes => {
            for from in CITIES {
                let gf = st.u(from).gf;
                if gf == 0 {
                    continue;
                }
                let ports: Vec<City> = CITIES
                    .iter()
                    .copied()
                    .filter(|&c| c != from && c.has_port())
                    .collect();
                out.push(tpl(
                    pe(
                        card,
                        Ev {
                            from: Some(from),
                            to: Some(ports[0]),
                            fleets: Some(FleetsArg::Count(1)),
                            ..Ev::default()
                        },
                    ),
                    vec![
                        Param::new("to", one_of(ports.iter().copied())),
                        Param::new("fleets", int(1, gf)),
                    ],
                ));
            }
        }
        Card::SupportFromSyracuse => {
            let spots = fleet_spots(st);
            let n = st.greek_stock_fleets;
            if let (Some(&first), true) = (spots.first(), n > 0) {
                out.push(tpl(
                    pe(
                        card,
                        Ev {
                            fleets: Some(FleetsArg::Ports(Counts::of(&[(first, n)]))),
                            ..Ev::default()
                        },
                    ),
                    vec![Param::new("fleets", bundle(&spots, n, n))],
                ));
            }
        }
        _ => {}
    }
}

/// Leonidas: an army covers the portrait (stock, else a city), then exactly 1 army marches on
/// the board as it is after paying (T300-EVT-5).
fn leonidas_moves(st: &State, out: &mut Vec<Legal<Move>>) {
    let payers: Vec<Option<City>> = if st.greek_stock_armies > 0 {
        vec![None]
    } else {
        CITIES
            .iter()
            .copied()
            .filter(|&c| st.u(c).ga >= 1)
            .map(Some)
            .collect()
    };
    for pay_from in payers {
        let mut after = st.clone();
        if let Some(p) = pay_from {
            after.um(p).ga -= 1;
        }
        for from in CITIES {
            if after.u(from).ga == 0 {
                continue;
            }
            for to in greek_reach(&after, from).into_keys() {
                let mut paths: Vec<Value> = vec![Value::Null];
                paths.extend(greek_paths(&after, from, to).into_iter().map(v));
                out.push(tpl(
                    pe(
                        Card::Leonidas,
                        Ev {
                            from: Some(from),
                            to: Some(to),
                            pay_from,
                            ..Ev::default()
                        },
                    ),
                    vec![Param::new("path", Domain::OneOf(paths))],
                ));
            }
        }
    }
}

fn pending_moves(st: &State, p: &Pending) -> Vec<Legal<Move>> {
    let react =
        |card: Option<Card>, pay_from: Option<City>| Legal::Move(Move::React { card, pay_from });
    match p {
        Pending::React { cards } => {
            let mut out = vec![react(None, None)];
            let city = st.battle.as_ref().map(|b| b.city);
            for &c in cards {
                if c == Card::Miltiades && st.greek_stock_armies == 0 {
                    for pf in battle::payers(st, city) {
                        out.push(react(Some(c), Some(pf)));
                    }
                } else {
                    out.push(react(Some(c), None));
                }
            }
            out
        }
        Pending::Artemisia => vec![react(None, None), react(Some(Card::Artemisia), None)],
        Pending::BattleChoice { allowed } => {
            let mut out = vec![Legal::Move(Move::BattleChoice { retreat_to: None })];
            out.extend(allowed.iter().map(|&c| {
                Legal::Move(Move::BattleChoice {
                    retreat_to: Some(c),
                })
            }));
            out
        }
        Pending::DestroyBridge => vec![
            Legal::Move(Move::DestroyBridge { destroy: true }),
            Legal::Move(Move::DestroyBridge { destroy: false }),
        ],
        Pending::Discard => hand(st)
            .into_iter()
            .map(|card| Legal::Move(Move::Discard { card }))
            .collect(),
        Pending::KeepCards => {
            let h = hand(st);
            let mut sets = Vec::new();
            choose(&h, 4, 0, &mut Vec::new(), &mut sets);
            let Some(first) = sets.first() else {
                return vec![];
            };
            vec![tpl(
                Move::KeepCards {
                    cards: first.iter().copied().collect(),
                },
                vec![Param::new(
                    "cards",
                    Domain::OneOf(sets.iter().map(|s| json!(s)).collect()),
                )],
            )]
        }
        Pending::RemoveArmies { count } => {
            let of: BTreeMap<String, u32> = CITIES
                .iter()
                .filter(|&&c| st.u(c).ga > 0)
                .map(|&c| (id(c), st.u(c).ga))
                .collect();
            // One legal instance for the base: take from cities in map order.
            let mut left = *count;
            let mut take = Vec::new();
            for c in CITIES {
                let n = st.u(c).ga.min(left);
                take.push((c, n));
                left -= n;
            }
            vec![tpl(
                Move::RemoveArmies {
                    from: Counts::of(&take),
                },
                vec![Param::new("from", Domain::Multiset { of, count: *count })],
            )]
        }
        Pending::TriremesSecond => {
            let mut out = vec![Legal::Move(Move::TriremesSecond {
                from: None,
                to: None,
                fleets: None,
                skip: true,
            })];
            for from in CITIES {
                let gf = st.u(from).gf;
                if gf == 0 {
                    continue;
                }
                let ports: Vec<City> = CITIES
                    .iter()
                    .copied()
                    .filter(|&c| c != from && c.has_port())
                    .collect();
                out.push(tpl(
                    Move::TriremesSecond {
                        from: Some(from),
                        to: Some(ports[0]),
                        fleets: Some(1),
                        skip: false,
                    },
                    vec![
                        Param::new("to", one_of(ports.iter().copied())),
                        Param::new("fleets", int(1, gf)),
                    ],
                ));
            }
            out
        }
    }
}

/// Every `k`-subset of `items` (in order).
fn choose(items: &[Card], k: usize, at: usize, cur: &mut Vec<Card>, out: &mut Vec<Vec<Card>>) {
    if cur.len() == k {
        out.push(cur.clone());
        return;
    }
    for i in at..items.len() {
        cur.push(items[i]);
        choose(items, k, i + 1, cur, out);
        cur.pop();
    }
}
