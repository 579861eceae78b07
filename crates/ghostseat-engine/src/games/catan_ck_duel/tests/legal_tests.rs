//! The legal-move property test of catan-ck-duel through the erased adapter
//! (engine::testing::check_legal_moves): every listed move is accepted, every
//! candidate the game accepts is listed, and every refusal reads as a message
//! in English and German (REFUSALS).

use serde_json::{json, Value};

use crate::engine::testing::{check_legal_moves, Picker};
use crate::engine::Erased;
use crate::games::catan_ck_duel::CatanCkDuel;

thread_local! {
    /// Progress plays the random games listed (and the driver played).
    static PROGRESS_TRIED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

fn coord(p: &mut Picker, names: &[&str]) -> Value {
    json!([
        p.pick(7) as i64 - 3,
        p.pick(7) as i64 - 3,
        names[p.pick(names.len())]
    ])
}

fn hex(p: &mut Picker) -> Value {
    json!([p.pick(7) as i64 - 3, p.pick(7) as i64 - 3])
}

/// Moves a player might try: the listed ones at other places (progress plays
/// too: other spots, their lists reversed or cut short, a field their card
/// does not take), and fixed moves that the rules refuse in most situations.
fn candidates(_view: &Value, tried: &[Value], p: &mut Picker) -> Vec<Value> {
    PROGRESS_TRIED.with(|n| {
        n.set(
            n.get()
                + tried
                    .iter()
                    .filter(|t| t.get("type").and_then(Value::as_str) == Some("play_progress"))
                    .count(),
        )
    });
    let mut out = fixed_moves(p);
    card_moves(p, &mut out);
    spot_moves(p, &mut out);
    progress_variants(tried, p, &mut out);
    bundle_variants(tried, p, &mut out);
    moved_variants(tried, p, &mut out);
    out
}

/// The resource and commodity cards.
const CARDS: [&str; 8] = [
    "brick", "lumber", "wool", "grain", "ore", "cloth", "coin", "paper",
];

/// The progress cards.
const PROGRESS: [&str; 19] = [
    "alchemist",
    "crane",
    "printer",
    "engineer",
    "inventor",
    "medicine",
    "road_building",
    "smith",
    "bishop",
    "deserter",
    "diplomat",
    "intrigue",
    "spy",
    "merchant",
    "commercial_harbor",
    "merchant_fleet",
    "master_merchant",
    "trade_monopoly",
    "resource_monopoly",
];

/// Moves without a place or card: rolls, the turn's end, tokens, city improvements, the
/// defender's deck and a trade answer.
fn fixed_moves(p: &mut Picker) -> Vec<Value> {
    let mut out: Vec<Value> = ["roll", "end_turn", "token_robber_to_desert"]
        .iter()
        .map(|t| json!({"type": t}))
        .collect();
    out.push(json!({"type": "roll", "dice": [7, 0, 9]}));
    for mode in ["resources", "all"] {
        out.push(json!({"type": "token_forced_trade", "mode": mode}));
    }
    for track in ["trade", "politics", "science"] {
        out.push(json!({"type": "improve_city", "track": track, "crane": p.pick(2) == 1}));
        out.push(json!({"type": "defender_draw", "deck": track}));
    }
    out.push(json!({"type": "respond_trade", "accept": true}));
    out
}

/// Trades and card payments with random cards, in amounts mostly out of reach.
fn card_moves(p: &mut Picker, out: &mut Vec<Value>) {
    let c = CARDS[p.pick(CARDS.len())];
    let d = CARDS[p.pick(CARDS.len())];
    out.push(json!({"type": "maritime_trade", "give": c, "get": d, "times": 0}));
    out.push(json!({"type": "maritime_trade", "give": c, "get": d, "times": 99}));
    out.push(json!({"type": "offer_trade", "give": {c: 1}, "want": {c: 1}}));
    for t in [
        "discard",
        "forced_trade_return",
        "wedding_give",
        "saboteur_discard",
        "master_merchant_pick",
    ] {
        out.push(json!({"type": t, "cards": {c: 99}}));
    }
    out.push(json!({"type": "aqueduct_take", "resource": c}));
    out.push(json!({"type": "commercial_harbor_give", "commodity": c}));
}

/// Random progress cards played, discarded and picked; building and the robber at random
/// places.
fn spot_moves(p: &mut Picker, out: &mut Vec<Value>) {
    for _ in 0..3 {
        let k = PROGRESS[p.pick(PROGRESS.len())];
        out.push(json!({"type": "play_progress", "card": k}));
        out.push(json!({"type": "discard_progress", "card": k}));
        out.push(json!({"type": "spy_pick", "card": k}));
    }
    out.push(json!({"type": "build_settlement", "vertex": coord(p, &["N", "S"])}));
    out.push(json!({"type": "build_road", "edge": coord(p, &["NE", "E", "SE"])}));
    out.push(json!({"type": "build_knight", "vertex": coord(p, &["N", "S"])}));
    out.push(json!({"type": "move_robber", "hex": hex(p)}));
}

/// CCK-PROG-5: every listed progress play, changed a little.
fn progress_variants(tried: &[Value], p: &mut Picker, out: &mut Vec<Value>) {
    for t in tried
        .iter()
        .filter(|t| t.get("type").and_then(Value::as_str) == Some("play_progress"))
    {
        for f in ["hexes", "edges", "knights"] {
            if let Some(list) = t.get(f).and_then(Value::as_array) {
                let mut m = t.clone();
                let mut rev = list.clone();
                rev.reverse();
                m[f] = Value::Array(rev);
                out.push(m.clone());
                m[f] = Value::Array(list[..1].to_vec());
                out.push(m.clone());
                m[f] = Value::Array(vec![list[0].clone(), list[0].clone()]);
                out.push(m);
            }
        }
        for (f, v) in [("white", json!(p.pick(8))), ("red", json!(p.pick(8)))] {
            if t.get(f).is_some() {
                let mut m = t.clone();
                m[f] = v;
                out.push(m);
            }
        }
        let mut m = t.clone();
        if m.get("hex").is_none() {
            m["hex"] = hex(p);
        } else {
            m["edge"] = coord(p, &["NE", "E", "SE"]);
        }
        out.push(m);
    }
}

/// Bundles of cards (CAT-SEVEN-2, CCK-TOKEN-6, CCK-PROG-22/-25/-29, CAT-TRADE-2): a
/// listed bundle with one card more, one less, one swapped; trades how often.
fn bundle_variants(tried: &[Value], p: &mut Picker, out: &mut Vec<Value>) {
    for t in tried {
        for f in ["cards", "give", "want"] {
            let Some(b) = t.get(f).and_then(Value::as_object) else {
                continue;
            };
            for delta in [1i64, -1] {
                let mut m = t.clone();
                let k = CARDS[p.pick(CARDS.len())];
                let n = b.get(k).and_then(Value::as_i64).unwrap_or(0) + delta;
                m[f][k] = json!(n.max(0));
                out.push(m);
            }
            if f == "want" {
                let mut m = t.clone();
                m[f] = json!({"coin": 12 + p.pick(2)});
                out.push(m);
            }
        }
        if t.get("type").and_then(Value::as_str) == Some("maritime_trade") {
            let mut m = t.clone();
            m["times"] = json!(1 + p.pick(6));
            out.push(m);
        }
    }
}

/// The first 12 listed moves, twice each, at other vertices, edges and hexes.
fn moved_variants(tried: &[Value], p: &mut Picker, out: &mut Vec<Value>) {
    for t in tried.iter().take(12) {
        for _ in 0..2 {
            let mut m = t.clone();
            let Some(o) = m.as_object_mut() else { continue };
            for f in ["vertex", "to", "knight"] {
                if o.get(f).is_some_and(Value::is_array) {
                    o.insert(f.into(), coord(p, &["N", "S"]));
                }
            }
            if o.get("edge").is_some_and(Value::is_array) {
                o.insert("edge".into(), coord(p, &["NE", "E", "SE"]));
            }
            if o.contains_key("hex") {
                o.insert("hex".into(), hex(p));
            }
            out.push(m);
        }
    }
}

#[test]
fn legal_moves_are_complete_and_exact_and_refusals_read_in_both_languages() {
    let g = Erased::<CatanCkDuel>::new();
    let mut total = (0, 0);
    for (i, options) in [
        json!({"max_turns": 30}),
        json!({"max_turns": 30, "neutral_placement": "bot", "first_player": "b"}),
    ]
    .iter()
    .enumerate()
    {
        let from = 10 * i as u64;
        let (listed, accepted) =
            check_legal_moves(&g, options, from..from + 2, 400, 2, &mut candidates)
                .unwrap_or_else(|e| panic!("{options}: {e}"));
        total.0 += listed;
        total.1 += accepted;
    }
    assert!(total.0 > 1000 && total.1 > 100, "{total:?}");
    // Random games reach progress plays (each card, both ways, is checked in
    // `progress_plays_are_listed_exactly_card_by_card`).
    assert!(
        PROGRESS_TRIED.with(|n| n.get()) > 0,
        "no progress play tried"
    );
}

// ---------------------------------------------------------------------
// Progress plays, both ways, card by card (CCK-PROG-5, -10, -12..-30): on states of random
// games, each card is put into the active player's hand, and every play a player could send
// (every field over the whole board, every card kind, every die face, a field the card does
// not take) is accepted exactly when the legal moves cover it; every combination of every
// listed template is among them.
// ---------------------------------------------------------------------

use super::super::board::{adjacent, Edge, EdgeId, Hex, Vertex, VertexId};
use super::super::data::{Hand, ProgressKind, ALL_CARDS, COST_MEDICINE};
use super::super::legal;
use super::super::mechanics::knight_spots;
use super::super::moves::Move;
use super::super::state::{colour_of, other, Colour, Knight, Pending, Phase, ProgressCard, State};
use super::super::Options;
use super::kit::{Dice, G};
use crate::engine::legal::covers;
use crate::engine::{Next, Seat};
use std::collections::BTreeMap;

const KINDS: [ProgressKind; 25] = [
    ProgressKind::Alchemist,
    ProgressKind::Crane,
    ProgressKind::Engineer,
    ProgressKind::Inventor,
    ProgressKind::Irrigation,
    ProgressKind::Medicine,
    ProgressKind::Mining,
    ProgressKind::Printer,
    ProgressKind::RoadBuilding,
    ProgressKind::Smith,
    ProgressKind::Bishop,
    ProgressKind::Constitution,
    ProgressKind::Deserter,
    ProgressKind::Diplomat,
    ProgressKind::Intrigue,
    ProgressKind::Saboteur,
    ProgressKind::Spy,
    ProgressKind::Warlord,
    ProgressKind::Wedding,
    ProgressKind::Merchant,
    ProgressKind::CommercialHarbor,
    ProgressKind::MerchantFleet,
    ProgressKind::MasterMerchant,
    ProgressKind::TradeMonopoly,
    ProgressKind::ResourceMonopoly,
];

/// `card` with the fields `f` set.
fn play(card: ProgressKind, f: impl FnOnce(&mut Move)) -> Move {
    let mut m = Move::progress(card);
    f(&mut m);
    m
}

/// Every play of `card` a player might send at `s`: each field it takes over its whole range
/// (pairs: the first element over the knights, roads and tokens that matter and a few more,
/// the second over everything), the bare card, and a listed play with a field it does not
/// take.
fn progress_candidates(s: &State, card: ProgressKind, listed: &[Move], d: &mut Dice) -> Vec<Move> {
    use ProgressKind::*;
    let mut out = vec![Move::progress(card)];
    let all_vertices: Vec<Vertex> = VertexId::all().map(Vertex::of).collect();
    let all_edges: Vec<Edge> = EdgeId::all().map(Edge::of).collect();
    let (vertices, edges) = (&all_vertices, &all_edges);
    let hexes: Vec<_> = s.board.tiles.iter().map(|t| Hex::of(t.hex)).collect();
    macro_rules! each {
        ($field:ident, $values:expr) => {
            for x in $values {
                out.push(play(card, |m| {
                    if let Move::PlayProgress { $field, .. } = m {
                        *$field = Some(x.clone());
                    }
                }));
            }
        };
    }
    match card {
        Alchemist => {
            for w in 0..=7u8 {
                for r in 0..=7u8 {
                    out.push(play(card, |m| {
                        if let Move::PlayProgress { white, red, .. } = m {
                            *white = Some(w);
                            *red = Some(r);
                        }
                    }));
                }
            }
        }
        Engineer | Medicine => each!(vertex, vertices.iter()),
        Intrigue => each!(knight, vertices.iter()),
        Bishop | Merchant => each!(hex, hexes.iter().chain(&[super::super::board::Hex(9, 9)])),
        Diplomat => each!(edge, edges.iter()),
        CommercialHarbor => each!(give, ALL_CARDS.iter()),
        MerchantFleet => each!(kind, ALL_CARDS.iter()),
        TradeMonopoly => each!(commodity, ALL_CARDS.iter()),
        ResourceMonopoly => each!(resource, ALL_CARDS.iter()),
        Inventor => {
            let pairs = hexes
                .iter()
                .flat_map(|a| hexes.iter().map(move |b| vec![*a, *b]));
            each!(hexes, pairs.chain(hexes.iter().map(|a| vec![*a])))
        }
        RoadBuilding => {
            // first roads: the listed ones, every road next to a road, some at random
            let mut firsts: Vec<usize> = EdgeId::all()
                .filter(|e| {
                    e.ends()
                        .iter()
                        .any(|v| adjacent(*v).any(|(_, o)| s.road(o).is_some()))
                })
                .map(|e| e.index())
                .collect();
            firsts.extend((0..4).map(|_| d.pick_index(edges.len())));
            let singles = edges.iter().map(|e| vec![*e]);
            let pairs = firsts
                .iter()
                .flat_map(|a| edges.iter().map(move |b| vec![edges[*a], *b]));
            each!(edges, singles.chain(pairs))
        }
        Smith => {
            let knights: Vec<usize> = VertexId::all()
                .filter(|v| s.knight(*v).is_some())
                .map(|v| v.index())
                .chain((0..3).map(|_| d.pick_index(vertices.len())))
                .collect();
            let singles = vertices.iter().map(|v| vec![*v]);
            let pairs = knights.iter().flat_map(|a| {
                knights
                    .iter()
                    .map(move |b| vec![vertices[*a], vertices[*b]])
            });
            each!(knights, singles.chain(pairs))
        }
        Deserter => {
            for t in [Colour::A, Colour::B, Colour::N1, Colour::N2] {
                out.push(play(card, |m| {
                    if let Move::PlayProgress { target, .. } = m {
                        *target = Some(t);
                    }
                }));
                for v in vertices {
                    out.push(play(card, |m| {
                        if let Move::PlayProgress { target, knight, .. } = m {
                            *target = Some(t);
                            *knight = Some(*v);
                        }
                    }));
                }
            }
        }
        _ => {}
    }
    // A field the card does not take, on a listed play: refused (CCK-PROG-5).
    for m in listed.iter().take(1) {
        let mut m = m.clone();
        if let Move::PlayProgress {
            hex, vertex, card, ..
        } = &mut m
        {
            if matches!(card, Bishop | Merchant) {
                *vertex = Some(vertices[0]);
            } else {
                *hex = Some(hexes[0]);
            }
        }
        out.push(m);
    }
    out
}

/// Whether `play` accepts `m` of `seat` at `s`.
fn accepts(s: &State, seat: Seat, m: &Move) -> bool {
    G::play(s, seat, m, &mut Dice::new(7)).is_ok()
}

/// Checks the plays of `card` at `s` both ways; returns (listed plays, accepted candidates).
fn check_card(s: &State, seat: Seat, card: ProgressKind, d: &mut Dice) -> (usize, usize) {
    let items: Vec<_> = legal::legal_moves(s, seat)
        .into_iter()
        .filter(|l| matches!(l.base(), Move::PlayProgress { card: c, .. } if *c == card))
        .collect();
    let listed: Vec<Move> = items.iter().flat_map(legal::expand).collect();
    for m in &listed {
        assert!(
            accepts(s, seat, m),
            "listed {m:?} refused ({:?}, pending {:?})",
            s.phase,
            s.pending.first()
        );
    }
    let mut accepted = 0;
    for m in progress_candidates(s, card, &listed, d) {
        let ok = accepts(s, seat, &m);
        assert_eq!(
            ok,
            covers(&items, &m),
            "{m:?}: accepted {ok}, but the legal moves say otherwise ({:?}, pending {:?})",
            s.phase,
            s.pending.first()
        );
        accepted += usize::from(ok);
    }
    (listed.len(), accepted)
}

/// `s` with `card` in `seat`'s hand (and, every other time, the Medicine's cost).
fn with_card(s: &State, seat: Seat, card: ProgressKind, rich: bool) -> State {
    let mut t = s.clone();
    t.players[seat].progress.push(ProgressCard {
        kind: card,
        drawn_turn: t.turn,
    });
    if rich {
        t.players[seat].hand.add(&Hand::of(&COST_MEDICINE));
        // CCK-PROG-21: an opponent's knight at an end of the player's roads.
        let me = colour_of(seat);
        if let Some(v) = knight_spots(&t, me).first() {
            t.set_knight(
                *v,
                Some(Knight {
                    colour: colour_of(other(seat)),
                    level: 1,
                    active: false,
                    activated_turn: 0,
                    acted_turn: 0,
                    promoted_turn: 0,
                }),
            );
        }
    }
    t
}

#[test]
fn progress_plays_are_listed_exactly_card_by_card() {
    // CCK-PROG-5, CCK-PROG-4, CCK-PROG-10, CCK-PROG-12..CCK-PROG-30
    let mut seen: BTreeMap<ProgressKind, (usize, usize)> = BTreeMap::new();
    let mut checked_states = 0;
    for seed in 0..3u64 {
        let opts = Options {
            max_turns: 40,
            ..Options::default()
        };
        let mut dice = Dice::new(seed);
        let mut s = G::start(&opts, &mut dice).expect("start").state;
        let mut chooser = Dice::new(seed ^ 0x5eed);
        let mut mains = 0;
        for _ in 0..3000 {
            let seat = match G::next(&s) {
                Next::Finished { .. } => break,
                Next::Bot { .. } => {
                    s = G::bot_turn(&s, &mut dice).expect("bot").state;
                    continue;
                }
                Next::Human { seats, .. } => seats[0],
            };
            let main = s.phase == Phase::Main && s.pending.is_empty();
            let roll1 = s.phase == Phase::Roll1 && s.pending.is_empty();
            if (main || roll1) && seat == s.active {
                mains += 1;
                if mains % 6 == 0 {
                    checked_states += 1;
                    for (i, card) in KINDS.iter().enumerate() {
                        let t = with_card(&s, seat, *card, (i + mains) % 2 == 0);
                        let (l, a) = check_card(&t, seat, *card, &mut chooser);
                        let e = seen.entry(*card).or_default();
                        e.0 += l;
                        e.1 += a;
                        // CCK-PROG-4: with a fifth card to resolve, the same plays.
                        if main && mains % 12 == 0 {
                            let mut u = t.clone();
                            for k in [
                                ProgressKind::Spy,
                                ProgressKind::Crane,
                                ProgressKind::Printer,
                                ProgressKind::Wedding,
                            ] {
                                u.players[seat].progress.push(ProgressCard {
                                    kind: k,
                                    drawn_turn: u.turn,
                                });
                            }
                            u.pending.push(Pending::ProgressExcess { seat });
                            let (l, a) = check_card(&u, seat, *card, &mut chooser);
                            e.0 += l;
                            e.1 += a;
                        }
                    }
                }
            }
            let moves = legal::legal(&s, seat);
            let m = moves[chooser.pick_index(moves.len())].clone();
            s = G::play(&s, seat, &m, &mut dice)
                .unwrap_or_else(|e| panic!("listed {m:?} refused: {e}"))
                .state;
        }
    }
    assert!(checked_states > 20, "{checked_states} states");
    for card in KINDS {
        let (l, a) = seen.get(&card).copied().unwrap_or_default();
        match card {
            // never played (CCK-PROG-3, CCK-PROG-11): never listed, never accepted
            ProgressKind::Crane | ProgressKind::Printer | ProgressKind::Constitution => {
                assert_eq!((l, a), (0, 0), "{card:?}")
            }
            _ => assert!(l > 0 && a > 0, "{card:?}: listed {l}, accepted {a}"),
        }
    }
}
