//! Concrete legal moves for the human (a representative subset where the space is large).

use std::collections::BTreeMap;

use super::battle;
use super::data::{is_reaction_card, City, Side, CITIES};
use super::rules::{army_spots, fleet_spots, greek_reach, FleetsArg, Move};
use super::state::{Pending, Phase, State};

pub fn legal_moves(st: &State) -> Vec<Move> {
    if st.is_finished() {
        return vec![];
    }
    if let Some(p) = &st.pending {
        return pending_moves(st, p);
    }
    match st.phase {
        Phase::GreekBuy => {
            let max = 6.min(st.talents).min(st.drawable() as u32);
            (0..=max).map(|count| Move::BuyCards { count }).collect()
        }
        Phase::GreekRaise => raise_moves(st),
        Phase::Operations if st.to_act == Side::Greeks => ops_moves(st),
        _ => vec![],
    }
}

fn raise_moves(st: &State) -> Vec<Move> {
    let mut out = vec![Move::Raise {
        armies: BTreeMap::new(),
        fleets: BTreeMap::new(),
    }];
    let aspots = army_spots(st);
    let fspots = fleet_spots(st);
    let t = st.talents;
    if t > 0 && st.greek_stock_armies > 0 {
        for &c in &aspots {
            out.push(Move::Raise {
                armies: BTreeMap::from([(c, 1)]),
                fleets: BTreeMap::new(),
            });
        }
        if let Some(&c) = aspots.first() {
            let n = t.min(st.greek_stock_armies);
            out.push(Move::Raise {
                armies: BTreeMap::from([(c, n)]),
                fleets: BTreeMap::new(),
            });
        }
    }
    let fmax = if st.mines {
        st.greek_stock_fleets
    } else {
        2u32.saturating_sub(st.fleets_raised)
            .min(st.greek_stock_fleets)
    };
    if t > 0 && fmax > 0 {
        for &c in &fspots {
            out.push(Move::Raise {
                armies: BTreeMap::new(),
                fleets: BTreeMap::from([(c, 1)]),
            });
        }
    }
    if let (Some(&a), Some(&f)) = (aspots.first(), fspots.first()) {
        if t >= 2 && fmax >= 1 && st.greek_stock_armies >= 1 {
            let na = (t - 1).min(st.greek_stock_armies);
            out.push(Move::Raise {
                armies: BTreeMap::from([(a, na)]),
                fleets: BTreeMap::from([(f, 1)]),
            });
        }
    }
    out
}

fn ops_moves(st: &State) -> Vec<Move> {
    let mut out = vec![Move::Pass];
    let mut cards = st.hand_greeks.clone();
    cards.sort();
    cards.dedup();
    for &card in &cards {
        for &from in CITIES.iter() {
            let ga = st.u(from).ga;
            if ga > 0 {
                for (to, _) in greek_reach(st, from) {
                    let attack = st.u(to).pa > 0;
                    out.push(Move::MoveLand {
                        card,
                        from,
                        to,
                        armies: ga,
                        path: None,
                        miltiades: false,
                        pay_from: None,
                    });
                    if ga > 1 {
                        out.push(Move::MoveLand {
                            card,
                            from,
                            to,
                            armies: 1,
                            path: None,
                            miltiades: false,
                            pay_from: None,
                        });
                    }
                    if attack
                        && card != 4
                        && st.hand_greeks.contains(&4)
                        && !st.portraits.miltiades
                        && st.greek_stock_armies > 0
                    {
                        out.push(Move::MoveLand {
                            card,
                            from,
                            to,
                            armies: ga,
                            path: None,
                            miltiades: true,
                            pay_from: None,
                        });
                    }
                }
            }
            let gf = st.u(from).gf;
            if gf > 0 {
                for &to in CITIES.iter() {
                    if to != from && to.has_port() {
                        out.push(Move::MoveNaval {
                            card,
                            from,
                            to,
                            fleets: gf,
                            armies: 0,
                        });
                        let carry = gf.min(3).min(ga);
                        if carry > 0 {
                            out.push(Move::MoveNaval {
                                card,
                                from,
                                to,
                                fleets: gf,
                                armies: carry,
                            });
                        }
                    }
                }
            }
        }
        out.extend(event_moves(st, card));
    }
    out
}

fn ev(card: u8) -> Move {
    pe(card, EvP::default())
}

#[derive(Default)]
struct EvP {
    city: Option<City>,
    from: Option<City>,
    to: Option<City>,
    armies: Option<u32>,
    fleets: Option<u32>,
    placements: BTreeMap<City, u32>,
}

fn pe(card: u8, p: EvP) -> Move {
    let fleets = match (p.fleets, p.placements.is_empty()) {
        (Some(n), _) => Some(FleetsArg::Count(n)),
        (None, false) => Some(FleetsArg::Ports(p.placements)),
        _ => None,
    };
    let (city, port) = if card == 3 {
        (None, p.city)
    } else {
        (p.city, None)
    };
    Move::PlayEvent {
        card,
        city,
        from: p.from,
        to: p.to,
        armies: p.armies,
        port,
        fleets,
        path: None,
        pay_from: None,
    }
}

fn event_moves(st: &State, card: u8) -> Vec<Move> {
    let mut out = Vec::new();
    if is_reaction_card(card) {
        return out;
    }
    match card {
        1 | 7 => out.push(ev(card)),
        2 => {
            for c in [City::Abydos, City::Ephesos] {
                if st.u(c).pa > 0 {
                    out.push(pe(
                        card,
                        EvP {
                            city: Some(c),
                            ..EvP::default()
                        },
                    ));
                }
            }
        }
        3 => {
            for &c in CITIES.iter() {
                if st.u(c).pf > 0 {
                    out.push(pe(
                        card,
                        EvP {
                            city: Some(c),
                            ..EvP::default()
                        },
                    ));
                }
            }
        }
        16 => {
            for &c in CITIES.iter() {
                if st.u(c).pa > 0 {
                    out.push(pe(
                        card,
                        EvP {
                            city: Some(c),
                            ..EvP::default()
                        },
                    ));
                }
            }
        }
        11 if st.controls(Side::Greeks, City::Sparta) && st.greek_stock_armies > 0 => {
            out.push(ev(card))
        }
        8 if !st.portraits.leonidas && st.greek_stock_armies > 0 => {
            for &from in CITIES.iter() {
                if st.u(from).ga > 0 {
                    for (to, _) in greek_reach(st, from) {
                        out.push(pe(
                            card,
                            EvP {
                                from: Some(from),
                                to: Some(to),
                                ..EvP::default()
                            },
                        ));
                    }
                }
            }
        }
        10 => {
            for &from in CITIES.iter() {
                let ga = st.u(from).ga;
                if ga > 0 {
                    for (to, _) in greek_reach(st, from) {
                        out.push(pe(
                            card,
                            EvP {
                                from: Some(from),
                                to: Some(to),
                                armies: Some(ga),
                                ..EvP::default()
                            },
                        ));
                    }
                }
            }
        }
        13 => {
            for &from in CITIES.iter() {
                let gf = st.u(from).gf;
                if gf > 0 {
                    for &to in CITIES.iter() {
                        if to != from && to.has_port() {
                            out.push(pe(
                                card,
                                EvP {
                                    from: Some(from),
                                    to: Some(to),
                                    fleets: Some(gf),
                                    ..EvP::default()
                                },
                            ));
                        }
                    }
                }
            }
        }
        14 => {
            let spots = fleet_spots(st);
            if st.greek_stock_fleets > 0 {
                for &c in &spots {
                    out.push(pe(
                        card,
                        EvP {
                            placements: BTreeMap::from([(c, st.greek_stock_fleets)]),
                            ..EvP::default()
                        },
                    ));
                }
            }
        }
        _ => {}
    }
    out
}

fn pending_moves(st: &State, p: &Pending) -> Vec<Move> {
    match p {
        Pending::React { cards } => {
            let mut out = vec![Move::React {
                card: None,
                pay_from: None,
            }];
            let city = st.battle.as_ref().map(|b| b.city);
            for &c in cards {
                if c == 4 && st.greek_stock_armies == 0 {
                    for pf in battle::payers(st, city) {
                        out.push(Move::React {
                            card: Some(4),
                            pay_from: Some(pf),
                        });
                    }
                } else {
                    out.push(Move::React {
                        card: Some(c),
                        pay_from: None,
                    });
                }
            }
            out
        }
        Pending::Artemisia => vec![
            Move::React {
                card: None,
                pay_from: None,
            },
            Move::React {
                card: Some(9),
                pay_from: None,
            },
        ],
        Pending::BattleChoice { allowed } => {
            let mut out = vec![Move::BattleChoice { retreat_to: None }];
            out.extend(allowed.iter().map(|&c| Move::BattleChoice {
                retreat_to: Some(c),
            }));
            out
        }
        Pending::DestroyBridge { .. } => vec![
            Move::DestroyBridge { destroy: true },
            Move::DestroyBridge { destroy: false },
        ],
        Pending::Discard => {
            let mut h = st.hand_greeks.clone();
            h.sort();
            h.dedup();
            h.into_iter().map(|card| Move::Discard { card }).collect()
        }
        Pending::KeepCards => {
            let h = &st.hand_greeks;
            let mut out = vec![Move::KeepCards {
                cards: h[..4.min(h.len())].to_vec(),
            }];
            if h.len() >= 4 {
                out.push(Move::KeepCards {
                    cards: h[h.len() - 4..].to_vec(),
                });
            }
            out
        }
        Pending::RemoveArmies { count } => {
            // Take from cities in map order, and the reverse order.
            let mut out = Vec::new();
            for rev in [false, true] {
                let mut left = *count;
                let mut from = BTreeMap::new();
                let mut cities: Vec<_> = CITIES.to_vec();
                if rev {
                    cities.reverse();
                }
                for c in cities {
                    let take = st.u(c).ga.min(left);
                    if take > 0 {
                        from.insert(c, take);
                        left -= take;
                    }
                }
                if left == 0 {
                    out.push(Move::RemoveArmies { from });
                }
            }
            out.dedup();
            out
        }
        Pending::ReportDraw { count, .. } => {
            let known = st.known_cards();
            let cards: Vec<u8> = (1..=16u8)
                .filter(|c| !known.contains(c))
                .take(*count as usize)
                .collect();
            vec![Move::ReportDraw { cards }]
        }
        Pending::TriremesSecond => {
            let mut out = vec![Move::TriremesSecond {
                from: None,
                to: None,
                fleets: None,
                skip: true,
            }];
            for &from in CITIES.iter() {
                let gf = st.u(from).gf;
                if gf > 0 {
                    for &to in CITIES.iter() {
                        if to != from && to.has_port() {
                            out.push(Move::TriremesSecond {
                                from: Some(from),
                                to: Some(to),
                                fleets: Some(gf),
                                skip: false,
                            });
                        }
                    }
                }
            }
            out
        }
    }
}
