//! Legal moves are complete and exact: every listed move is accepted, and
//! every move the engine accepts is listed. A candidate generator proposes, at every decision,
//! every army count, path, destination and payment source of a march, every fleet count and
//! cargo of a sailing, every city of an event, bundles of every size, and the neighbours of the
//! listed moves.

use serde_json::{json, Map, Value};
use std::collections::BTreeSet;

use super::super::data::CARDS;
use super::super::ThreeHundred;
use super::kit::*;
use crate::engine::testing::{check_legal_moves, Picker};
use crate::engine::{Domain, Game, Legal, Seat};

const CITY_IDS: [&str; 11] = [
    "abydos",
    "ephesos",
    "pella",
    "larissa",
    "delphi",
    "thebai",
    "athenai",
    "korinthos",
    "sparta",
    "eretria",
    "naxos",
];

/// What the generator reads from the Greek view.
struct Board {
    hand: Vec<Value>,
    armies: Vec<(String, u64)>,
    fleets: Vec<(String, u64)>,
    roads: Vec<(String, Vec<String>)>,
}

impl Board {
    fn of(view: &Value) -> Board {
        let cities = view["cities"].as_array().cloned().unwrap_or_default();
        let get = |k: &str| {
            cities
                .iter()
                .filter(|c| c[k].as_u64().unwrap_or(0) > 0)
                .map(|c| {
                    (
                        c["city"].as_str().unwrap().to_string(),
                        c[k].as_u64().unwrap(),
                    )
                })
                .collect()
        };
        Board {
            hand: view["hand"]
                .as_array()
                .map(|h| h.iter().map(|c| c["card"].clone()).collect())
                .unwrap_or_default(),
            armies: get("greek_armies"),
            fleets: get("greek_fleets"),
            roads: cities
                .iter()
                .map(|c| {
                    (
                        c["city"].as_str().unwrap().to_string(),
                        c["roads"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .map(|r| r.as_str().unwrap().to_string())
                            .collect(),
                    )
                })
                .collect(),
        }
    }
    /// Every simple road path from `from` to `to`, whatever holds the cities on the way.
    fn paths(&self, from: &str, to: &str) -> Vec<Vec<String>> {
        fn walk(b: &Board, path: &mut Vec<String>, to: &str, out: &mut Vec<Vec<String>>) {
            let here = path.last().cloned().unwrap_or_default();
            let next = b
                .roads
                .iter()
                .find(|(c, _)| *c == here)
                .map(|x| x.1.clone())
                .unwrap_or_default();
            for n in next {
                if path.contains(&n) {
                    continue;
                }
                path.push(n.clone());
                if n == to {
                    out.push(path.clone());
                } else if path.len() < 8 {
                    walk(b, path, to, out);
                }
                path.pop();
            }
        }
        let mut out = Vec::new();
        walk(self, &mut vec![from.to_string()], to, &mut out);
        out
    }
    /// Cards to try: the hand, and one card not in it.
    fn cards(&self) -> Vec<Value> {
        let mut cs = self.hand.clone();
        if let Some(x) = CARDS
            .iter()
            .map(|c| json!(c.id()))
            .find(|c| !self.hand.contains(c))
        {
            cs.push(x);
        }
        cs
    }
}

fn with(base: &Value, field: &str, v: Value) -> Value {
    let mut m = base.clone();
    m[field] = v;
    m
}

/// Marches of `kind` (`move_land`, or `play_event` for Leonidas/Evangelion): every origin with
/// armies, every destination, every army count, every path, with and without Miltiades and
/// every payment source.
fn marches(b: &Board, base: &Value, out: &mut Vec<Value>) {
    let leonidas = base["card"] == "leonidas";
    for (from, ga) in &b.armies {
        for to in CITY_IDS {
            let mut paths: Vec<Value> = vec![Value::Null];
            paths.extend(b.paths(from, to).into_iter().map(|p| json!(p)));
            if let Some(Value::Array(p)) = paths.get(1).cloned() {
                // The march without its first city, and a path ending elsewhere.
                paths.push(json!(p[1..].to_vec()));
                paths.push(json!(p[..p.len() - 1].to_vec()));
            }
            let mut m = with(base, "from", json!(from));
            m["to"] = json!(to);
            for path in &paths {
                let mp = with(&m, "path", path.clone());
                if leonidas {
                    out.push(mp.clone());
                    out.push(with(&mp, "armies", json!(1)));
                    for (p, _) in &b.armies {
                        out.push(with(&mp, "pay_from", json!(p)));
                    }
                    continue;
                }
                for n in 0..=ga + 1 {
                    let mn = with(&mp, "armies", json!(n));
                    out.push(mn.clone());
                    if path.is_null() && (n == 1 || n == *ga) {
                        let mm = with(&mn, "miltiades", json!(true));
                        out.push(mm.clone());
                        out.push(with(&mn, "pay_from", json!(from)));
                        for (p, _) in &b.armies {
                            out.push(with(&mm, "pay_from", json!(p)));
                        }
                        out.push(with(&mm, "pay_from", json!(to)));
                    }
                }
            }
        }
    }
}

/// Plausible moves at a decision of the Greeks.
fn candidates(view: &Value, listed: &[Value], p: &mut Picker) -> Vec<Value> {
    let b = Board::of(view);
    let types: BTreeSet<String> = listed
        .iter()
        .filter_map(|m| m["type"].as_str().map(String::from))
        .collect();
    let mut out: Vec<Value> = Vec::new();
    neighbours(&b, listed, p, &mut out);
    for t in &types {
        match t.as_str() {
            "buy_cards" => out.extend((0..=7).map(|n| json!({"type": "buy_cards", "count": n}))),
            "raise" => raises(p, &mut out),
            "move_land" => land_moves(&b, &mut out),
            "move_naval" => naval_moves(&b, &mut out),
            "play_event" | "pass" => events(&b, &mut out),
            "triremes_second" => triremes_seconds(&b, &mut out),
            "react" => reactions(&b, &mut out),
            "battle_choice" => {
                out.extend(
                    CITY_IDS
                        .iter()
                        .map(|c| json!({"type": "battle_choice", "retreat_to": c})),
                );
            }
            "discard" => {
                out.extend(
                    CARDS
                        .iter()
                        .map(|c| json!({"type": "discard", "card": c.id()})),
                );
            }
            "keep_cards" => keeps(&b, p, &mut out),
            "remove_armies" => removals(&b, p, &mut out),
            _ => {}
        }
    }
    out.push(json!({"type": "pass"}));
    // Bounded per decision; a fair sample when there are many.
    while out.len() > 1500 {
        let i = p.pick(out.len());
        out.swap_remove(i);
    }
    out
}

/// Neighbours of up to 12 listed moves: each field moved to another value.
fn neighbours(b: &Board, listed: &[Value], p: &mut Picker, out: &mut Vec<Value>) {
    for _ in 0..12.min(listed.len()) {
        let m = &listed[p.pick(listed.len())];
        let Some(o) = m.as_object() else { continue };
        for (k, v) in o {
            if k != "type" {
                field_neighbours(b, m, k, v, p, out);
            }
        }
    }
}

/// `m` with field `k` (now `v`) changed: numbers up and down, flags flipped, cities dropped or
/// swapped, bundles grown or emptied, lists shortened, cards swapped for every card to try.
fn field_neighbours(
    b: &Board,
    m: &Value,
    k: &str,
    v: &Value,
    p: &mut Picker,
    out: &mut Vec<Value>,
) {
    match v {
        Value::Number(n) => {
            let n = n.as_u64().unwrap_or(0);
            for x in [0, n.saturating_sub(1), n + 1, 7] {
                out.push(with(m, k, json!(x)));
            }
        }
        Value::Bool(x) => out.push(with(m, k, json!(!x))),
        Value::String(_) | Value::Null if k != "card" => {
            out.push(with(m, k, Value::Null));
            out.push(with(m, k, json!(CITY_IDS[p.pick(11)])));
        }
        Value::Object(bundle) => {
            let mut more = bundle.clone();
            more.insert(CITY_IDS[p.pick(11)].into(), json!(1));
            out.push(with(m, k, Value::Object(more)));
            out.push(with(m, k, json!({})));
        }
        Value::Array(a) => {
            let mut shorter = a.clone();
            shorter.pop();
            out.push(with(m, k, json!(shorter)));
        }
        _ => {}
    }
    if k == "card" {
        for c in b.cards() {
            out.push(with(m, k, c));
        }
    }
}

/// Raises of 0 to 3 armies or fleets in every city, some with a fleet elsewhere, and one
/// beyond the talents.
fn raises(p: &mut Picker, out: &mut Vec<Value>) {
    for a in CITY_IDS {
        for n in 0..=3 {
            out.push(json!({"type": "raise", "armies": {a: n}}));
            out.push(json!({"type": "raise", "fleets": {a: n}}));
            out.push(
                json!({"type": "raise", "armies": {a: n}, "fleets": {CITY_IDS[p.pick(11)]: 1}}),
            );
        }
    }
    out.push(json!({"type": "raise", "armies": {"athenai": 3, "sparta": 3}}));
}

/// Land marches played with the first two cards of the hand.
fn land_moves(b: &Board, out: &mut Vec<Value>) {
    let card = b.hand.first().cloned().unwrap_or(json!("triremes"));
    marches(b, &json!({"type": "move_land", "card": card}), out);
    if b.hand.len() > 1 {
        marches(b, &json!({"type": "move_land", "card": b.hand[1]}), out);
    }
}

/// Sailings from every port with fleets: every destination, fleet count and cargo.
fn naval_moves(b: &Board, out: &mut Vec<Value>) {
    for (from, gf) in &b.fleets {
        for to in CITY_IDS {
            for f in 0..=gf + 1 {
                for a in 0..=4 {
                    out.push(json!({"type": "move_naval", "card": b.hand[0], "from": from, "to": to, "fleets": f, "armies": a}));
                }
            }
        }
    }
}

/// Every card to try as an event: bare, with every city, port and fleet bundle, with every
/// sailing; and the marches of Leonidas and Evangelion when held.
fn events(b: &Board, out: &mut Vec<Value>) {
    for card in b.cards() {
        let base = json!({"type": "play_event", "card": card});
        out.push(base.clone());
        for c in CITY_IDS {
            out.push(with(&base, "city", json!(c)));
            out.push(with(&base, "port", json!(c)));
            out.push(with(&base, "fleets", json!({c: 1})));
            out.push(with(&base, "fleets", json!({c: 2})));
            for (from, gf) in &b.fleets {
                for f in 1..=gf + 1 {
                    out.push(json!({"type": "play_event", "card": card, "from": from, "to": c, "fleets": f}));
                }
            }
        }
    }
    for card in ["leonidas", "evangelion"] {
        if b.hand.contains(&json!(card)) {
            marches(b, &json!({"type": "play_event", "card": card}), out);
        }
    }
}

/// The second Triremes sailing: a skip that names a city, nothing at all, and every sailing.
fn triremes_seconds(b: &Board, out: &mut Vec<Value>) {
    out.push(json!({"type": "triremes_second", "skip": true, "from": "athenai"}));
    out.push(json!({"type": "triremes_second"}));
    for (from, gf) in &b.fleets {
        for to in CITY_IDS {
            for f in 0..=gf + 1 {
                out.push(json!({"type": "triremes_second", "from": from, "to": to, "fleets": f}));
            }
        }
    }
}

/// Every card to try, or none, with and without every payment city; and the reaction cards.
fn reactions(b: &Board, out: &mut Vec<Value>) {
    for card in b.cards().into_iter().chain([Value::Null]) {
        out.push(json!({"type": "react", "card": card}));
        for c in CITY_IDS {
            out.push(json!({"type": "react", "card": card, "pay_from": c}));
        }
    }
    out.push(json!({"type": "react", "card": "artemisia"}));
    out.push(json!({"type": "react", "card": "miltiades"}));
}

/// Twenty random picks of 3 to 5 hand cards, and four cards perhaps not held.
fn keeps(b: &Board, p: &mut Picker, out: &mut Vec<Value>) {
    for _ in 0..20 {
        let mut h = b.hand.clone();
        let n = 3 + p.pick(3);
        let mut pick = Vec::new();
        while pick.len() < n && !h.is_empty() {
            pick.push(h.remove(p.pick(h.len())));
        }
        out.push(json!({"type": "keep_cards", "cards": pick}));
    }
    out.push(json!({"type": "keep_cards", "cards": ["mines_of_laurion", "ionian_revolt", "wrath_of_poseidon", "miltiades"]}));
}

/// Every count of removals from each city with armies, some with one more from another city.
fn removals(b: &Board, p: &mut Picker, out: &mut Vec<Value>) {
    for (a, n) in &b.armies {
        for k in 0..=n + 1 {
            let mut m = Map::new();
            m.insert(a.clone(), json!(k));
            if let Some((x, _)) = b.armies.get(p.pick(b.armies.len().max(1))) {
                if x != a {
                    m.insert(x.clone(), json!(1));
                }
            }
            out.push(json!({"type": "remove_armies", "from": m}));
        }
    }
}

#[test]
fn legal_moves_are_complete_and_exact() {
    // Every listed move (templates sampled) is accepted, and every candidate the engine accepts
    // is covered by the list: T300-MOV-1..3, T300-GPR-2..4, T300-EVT-1..11, T300-BAT-5,
    // T300-SUP-3, T300-SUP-6.
    let g = game();
    let mut total = (0, 0);
    for (options, seeds) in [
        (json!({}), 0..10u64),
        (json!({"table_mode": "all"}), 100..104),
        (json!({"deploy_rule": "empty_city"}), 200..203),
    ] {
        let (listed, accepted) = check_legal_moves(&g, &options, seeds, 1500, 2, &mut candidates)
            .unwrap_or_else(|e| panic!("{options}: {e}"));
        total.0 += listed;
        total.1 += accepted;
    }
    eprintln!("legal check: {total:?}");
    assert!(total.0 > 2000 && total.1 > 2000, "{total:?}");
}

fn templates_of<'a>(
    legal: &'a [Legal<super::super::Move>],
    ty: &str,
) -> Vec<&'a Legal<super::super::Move>> {
    legal
        .iter()
        .filter(|l| serde_json::to_value(l.base()).unwrap()["type"] == ty)
        .collect()
}

fn domain<'a>(l: &'a Legal<super::super::Move>, field: &str) -> &'a Domain {
    match l {
        Legal::Template { params, .. } => &params.iter().find(|p| p.field == field).unwrap().domain,
        Legal::Move(_) => panic!("not a template"),
    }
}

#[test]
fn a_march_lists_every_army_count_and_path() {
    // Land moves were "all armies" or "1 army" only (T300-MOV-2).
    let mut st = greek_turn();
    put(&mut st, Sparta, 3, 0, 0, 0);
    put(&mut st, Korinthos, 1, 0, 0, 0);
    put(&mut st, Athenai, 1, 0, 0, 0);
    hands(&mut st, &[2, 7], &[3]);
    let legal = ThreeHundred::legal_moves(&st, Seat(0));
    let to_thebai: Vec<_> = templates_of(&legal, "move_land")
        .into_iter()
        .filter(|l| {
            let b = serde_json::to_value(l.base()).unwrap();
            b["from"] == "sparta" && b["to"] == "thebai"
        })
        .collect();
    assert_eq!(to_thebai.len(), 1);
    let t = to_thebai[0];
    assert_eq!(
        domain(t, "armies"),
        &Domain::Integer {
            min: 1,
            max: Some(3)
        }
    );
    assert_eq!(
        domain(t, "card"),
        &Domain::OneOf(vec![json!("ionian_revolt"), json!("oracle_of_delphi")])
    );
    assert_eq!(
        domain(t, "path"),
        &Domain::OneOf(vec![
            Value::Null,
            json!(["sparta", "korinthos", "thebai"]),
            json!(["sparta", "korinthos", "athenai", "thebai"]),
        ])
    );
    // Every value of the template is accepted.
    for n in 1..=3 {
        for path in [
            Value::Null,
            json!(["sparta", "korinthos", "athenai", "thebai"]),
        ] {
            play(
                &st,
                json!({"type": "move_land", "card": "oracle_of_delphi", "from": "sparta", "to": "thebai", "armies": n, "path": path}),
                &[],
            );
        }
    }
}

#[test]
fn miltiades_paid_from_the_map_is_listed() {
    // "Miltiades paid from the map never" (T300-EVT-11). With an empty stock each city
    // that can give an army has its template, the army counts split so that the battle keeps
    // a Greek army.
    let mut st = greek_turn();
    put(&mut st, Athenai, 2, 0, 0, 0);
    put(&mut st, Sparta, 1, 0, 0, 0);
    put(&mut st, Thebai, 0, 2, 0, 0);
    st.greek_stock_armies = 0;
    hands(&mut st, &[2, 4], &[3]);
    let legal = ThreeHundred::legal_moves(&st, Seat(0));
    let milt: Vec<Value> = templates_of(&legal, "move_land")
        .into_iter()
        .filter(|l| serde_json::to_value(l.base()).unwrap()["miltiades"] == true)
        .map(|l| {
            let b = serde_json::to_value(l.base()).unwrap();
            json!({"from": b["from"], "to": b["to"], "pay_from": b["pay_from"], "armies": serde_json::to_value(domain(l, "armies")).unwrap(), "card": serde_json::to_value(domain(l, "card")).unwrap()})
        })
        .collect();
    let want = [
        json!({"from": "athenai", "to": "thebai", "pay_from": "thebai", "armies": {"integer": {"min": 2, "max": 2}}, "card": {"one_of": ["ionian_revolt"]}}),
        json!({"from": "athenai", "to": "thebai", "pay_from": "athenai", "armies": {"integer": {"min": 1, "max": 1}}, "card": {"one_of": ["ionian_revolt"]}}),
        json!({"from": "athenai", "to": "thebai", "pay_from": "sparta", "armies": {"integer": {"min": 1, "max": 2}}, "card": {"one_of": ["ionian_revolt"]}}),
    ];
    let set = |v: &[Value]| v.iter().map(|x| x.to_string()).collect::<BTreeSet<_>>();
    assert_eq!(set(&milt), set(&want));
    let (s, ev) = play(
        &st,
        json!({"type": "move_land", "card": 2, "from": "athenai", "to": "thebai", "armies": 2, "miltiades": true, "pay_from": "sparta"}),
        &[1, 1, 6, 1, 1],
    );
    assert_eq!(s.u(Sparta).ga, 0);
    assert_eq!(
        find(&ev, "reaction").data["army_from"],
        json!({"map": "sparta"})
    );
    // With an army in stock, the stock pays and pay_from is refused.
    let mut st2 = st.clone();
    st2.greek_stock_armies = 1;
    assert_eq!(
        refuse(&st2, json!({"type": "move_land", "card": 2, "from": "athenai", "to": "thebai", "armies": 2, "miltiades": true, "pay_from": "sparta"})).rule,
        "T300-EVT-11"
    );
}

#[test]
fn raise_templates_cover_every_total_and_only_legal_bundles() {
    // T300-GPR-3, T300-GPR-4: one template per (armies, fleets) total; each bundle any spread
    // over the cities allowed.
    let mut st = blank(true, 0);
    st.phase = super::super::state::Phase::GreekRaise;
    st.talents = 3;
    put(&mut st, Athenai, 1, 0, 0, 0);
    put(&mut st, Sparta, 1, 0, 0, 1);
    let legal = ThreeHundred::legal_moves(&st, Seat(0));
    // (na, nf) with na + nf ≤ 3, nf ≤ 2: 0..=3 armies × fleets.
    assert_eq!(legal.len(), 4 + 3 + 2);
    for l in &legal {
        if let Legal::Template { params, .. } = l {
            for p in params {
                let Domain::Multiset { of, .. } = &p.domain else {
                    panic!()
                };
                if p.field == "fleets" {
                    assert_eq!(
                        of.keys().collect::<Vec<_>>(),
                        vec!["athenai"],
                        "not beside a Persian fleet"
                    );
                } else {
                    assert_eq!(of.keys().collect::<Vec<_>>(), vec!["athenai", "sparta"]);
                }
            }
        }
    }
    play(
        &st,
        json!({"type": "raise", "armies": {"athenai": 1, "sparta": 1}, "fleets": {"athenai": 1}}),
        &[],
    );
}

/// The property of `legal_moves_are_complete_and_exact` on one hand-made state.
fn check_state(st: &super::super::State, seed: u64) -> usize {
    use crate::engine::DynGame;
    let g = game();
    let any = g.restore(&serde_json::to_vec(st).unwrap()).unwrap();
    let mut p = Picker::new(seed);
    let mut listed = Vec::new();
    for _ in 0..3 {
        for m in g.sample_moves(&any, Seat(0), &mut |k| p.pick(k)).unwrap() {
            let o = command(
                st,
                Some(Seat(0)),
                Some(&m),
                crate::engine::TableMode::SERVER,
                vec![],
            );
            assert!(o.is_ok(), "listed {m} refused: {}", o.err().unwrap());
            listed.push(m);
        }
    }
    let view = g.view(&any, Some(Seat(0))).unwrap();
    let mut accepted = 0;
    for m in candidates(&view, &listed, &mut p) {
        if command(
            st,
            Some(Seat(0)),
            Some(&m),
            crate::engine::TableMode::SERVER,
            vec![],
        )
        .is_ok()
        {
            accepted += 1;
            assert!(
                g.covers(&any, Seat(0), &m).unwrap(),
                "{m} is accepted but not listed"
            );
        }
    }
    accepted
}

#[test]
fn portraits_paid_from_the_map_are_complete() {
    // T300-EVT-5, T300-EVT-11 with an empty Greek stock: Miltiades with a march or with
    // Evangelion, Leonidas, and the reaction window, every payment source.
    let mut st = greek_turn();
    put(&mut st, Athenai, 3, 0, 1, 0);
    put(&mut st, Korinthos, 1, 0, 0, 0);
    put(&mut st, Sparta, 2, 0, 1, 0);
    put(&mut st, Thebai, 0, 2, 0, 1);
    st.greek_stock_armies = 0;
    hands(&mut st, &[4, 8, 10, 13, 14], &[3]);
    let n = check_state(&st, 1);
    // The generator reaches a rich state: 95 accepted moves with this seed.
    assert!(n > 50, "{n} accepted");
    st.greek_stock_armies = 2;
    st.greek_stock_fleets = 2;
    // With stock to pay from as well: 78 accepted moves with this seed.
    let n = check_state(&st, 2);
    assert!(n > 50, "{n} accepted");
    // The reaction window of a Persian attack.
    let mut st = blank(true, 0);
    put(&mut st, Larissa, 0, 6, 0, 0);
    put(&mut st, Thebai, 2, 0, 0, 0);
    put(&mut st, Athenai, 1, 0, 0, 0);
    st.greek_stock_armies = 0;
    hands(&mut st, &[4, 15], &[3]);
    let (s, _) = bot(&st, &[2]);
    assert!(matches!(
        s.pending,
        Some(super::super::state::Pending::React { .. })
    ));
    assert!(check_state(&s, 3) >= 4);
}

#[test]
fn pending_decisions_are_complete() {
    // T300-SUP-3 keep 4 of 7, T300-SUP-6 remove armies, T300-EVT-8 the second movement.
    let mut st = blank(true, 0);
    put(&mut st, Athenai, 4, 0, 2, 0);
    put(&mut st, Sparta, 2, 0, 1, 0);
    put(&mut st, Larissa, 0, 2, 0, 0);
    hands(&mut st, &[1, 2, 3, 7, 8, 10, 13], &[5]);
    let (r, _) = with_turn(&mut st, &[], super::super::flow::supply);
    r.unwrap();
    assert!(check_state(&st, 4) > 0);
    let (s, _) = play(
        &st,
        json!({"type": "keep_cards", "cards": [1, 2, 3, 7]}),
        &[],
    );
    assert!(matches!(
        s.pending,
        Some(super::super::state::Pending::RemoveArmies { count: 2 })
    ));
    assert!(check_state(&s, 5) > 0);
    let mut st = greek_turn();
    put(&mut st, Athenai, 2, 0, 2, 0);
    put(&mut st, Sparta, 1, 0, 2, 0);
    hands(&mut st, &[13, 2], &[4]);
    let (s, _) = play(
        &st,
        json!({"type": "play_event", "card": "triremes", "from": "athenai", "to": "naxos", "fleets": 1}),
        &[],
    );
    assert!(check_state(&s, 6) > 10);
}
