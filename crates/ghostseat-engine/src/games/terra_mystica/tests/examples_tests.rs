//! The worked examples EX-1 … EX-13 of the spec (§8), one test each.

use serde_json::json;

use crate::engine::{Dice, Game, Next, Seat};

use super::events::Choice;

use super::board::{dist_to_set, geo};
use super::data::{card, AutomaFaction, Cult, Difficulty, HumanFaction, Kind, Terrain, CARDS};
use super::ids::*;
use super::kit::*;
use super::moves::{Move, TurnStep};
use super::options::*;
use super::select::directional;
use super::state::*;
use super::TerraMystica;

fn witches_vs_lakes() -> Options {
    let mut o = opts();
    o.automa_home_terrain = Some(Terrain::Lakes);
    o
}

fn tile(id: &str) -> ScoringTile {
    ScoringTile {
        id: id.into(),
        automa_pass_vp: 5,
        automa_cult: super::data::house_tile_cult(&id.into()),
    }
}

/// A seed whose first draw picks card index `want` of the 16 (for the initial-dwelling card).
fn seed_for_card(want: usize) -> u64 {
    (0..10_000)
        .find(|s| Dice::new(*s).pick_index(CARDS.len()) == want)
        .unwrap()
}

/// EX-1 state after setup (used by EX-3 too).
fn ex1() -> (State, Vec<Ev>) {
    let o = witches_vs_lakes();
    let mut st = start(&o, 1);
    st.bonus_row = ["BON4", "BON1", "BON6", "BON9", "BON3"]
        .iter()
        .map(|c| RowCard {
            card: (*c).into(),
            coins: 0,
        })
        .collect();
    st.scoring_tiles = ["SCORE3", "SCORE5", "SCORE1", "SCORE6", "SCORE4", "SCORE8"]
        .iter()
        .map(|t| tile(t))
        .collect();
    st.automa.deck = ids(&["*3", "*1", "*5", "*4", "*2"]);
    st.automa.rotated = ids(&["*4", "*2"]);
    st.automa.reserve = ids(&["11", "6", "13", "8", "10", "7", "12", "9"]);
    let (st, _) = play(&st, 0, Move::PlaceInitialDwelling { cell: "F4".into() });
    let idx8 = CARDS.iter().position(|c| c.id == "8").unwrap();
    let (s, ev) = bot_seeded(&st, seed_for_card(idx8));
    let (st, _) = play(&s, 0, Move::PlaceInitialDwelling { cell: "D1".into() });
    let (st, ev2) = bot(&st);
    let (st, _) = play(
        &st,
        0,
        Move::ChooseBonusCard {
            card: "BON6".into(),
        },
    );
    (st, [ev, ev2].concat())
}

#[test]
fn ex_1_setup_solo() {
    // TMA-SET-13 TMA-SET-14 TMA-SET-15 TMA-DECK-4 TMA-SET-10
    let (st, ev) = ex1();
    let card_ev = &kinds(&ev, "initial_dwelling_card")[0];
    assert_eq!(card_ev.cards, vec!["8"]);
    assert_eq!(card_ev.data["letters"], json!(["D", "E"]));
    let i10 = st.buildings[cell(&st, "I10")].unwrap();
    let d2 = st.buildings[cell(&st, "D2")].unwrap();
    assert_eq!(
        (i10.owner, i10.kind, i10.marked),
        (Seat(1), Kind::Dwelling, true)
    );
    assert_eq!((d2.owner, d2.marked), (Seat(1), false));
    assert_eq!(st.automa.bonus.as_deref(), Some("BON4"));
    assert_eq!(st.humans[Seat(0)].bonus.as_deref(), Some("BON6"));
    let row: Vec<(&str, u32)> = st
        .bonus_row
        .iter()
        .map(|r| (r.card.as_str(), r.coins))
        .collect();
    assert_eq!(row, vec![("BON1", 1), ("BON9", 1), ("BON3", 1)]);
    assert_eq!(st.automa.rotated, vec!["*4", "*2"]);
    assert_eq!(st.automa.vp, 20);
    assert_eq!(st.cult[Seat(1)], [1, 1, 1, 1]);
    assert_eq!(st.automa.supply[..5], [4, 4, 3, 1, 1]);
    assert_eq!(st.automa.priests, 7);
    assert_eq!(
        (st.phase, st.round, st.to_move),
        (Phase::Actions, 1, Seat(0))
    );
}

#[test]
fn ex_2_shipping_value_and_x() {
    // TMA-DOC-2: a seed example reproduced as an engine test.
    // TMA-DECK-6 TMA-VP-2
    let d = Difficulty::Automa;
    assert_eq!(
        (1..=6).map(|r| d.ship(r)).collect::<Vec<_>>(),
        vec![0, 0, 1, 1, 2, 2]
    );
    assert_eq!(
        (1..=6).map(|r| d.x(r)).collect::<Vec<_>>(),
        vec![0, 0, 1, 1, 1, 1]
    );
    assert_eq!(Difficulty::Automaechtig.x(3), 2);
    // TMA-TB-13: *4-mots at Alptrauma in round 5 uses shipping 2, not 3.
    let mut o = witches_vs_lakes();
    o.difficulty = Difficulty::Alptrauma;
    o.merchants_of_the_seas = true;
    let mut st = blank(&o, 5);
    st.automa.supply = [6, 2, 3, 1, 1, 1];
    put(&mut st, "I7", 1, Kind::Dwelling, false);
    set_pair(&mut st, "*4-mots", "*4-mots", &["*1", "*3"]);
    st.automa.deck = vec!["*3".into(), "*4-mots".into(), "*1".into(), "*5".into()];
    st.automa.rotated = vec!["*1".into(), "*5".into()];
    // support *3 (U+R) is irrelevant here; use *4-mots' own struct via a U support: *3 is U+R.
    let (_, ev) = bot(&st);
    let opt = &kinds(&ev, "options")[0];
    assert_eq!(opt.data["shipping"], json!(2));
    let cands: Vec<String> = serde_json::from_value(opt.data["candidates"].clone()).unwrap();
    assert!(cands.contains(&"F4".to_string()) && cands.contains(&"G3".to_string()));
    assert!(
        !cands.contains(&"E7".to_string()),
        "E7 needs shipping 3: {cands:?}"
    );
}

#[test]
fn ex_3_first_automa_turn_upgrade_favor_vp() {
    // TMA-DOC-2: a seed example reproduced as an engine test.
    // TMA-BOT-2 TMA-UPG-2 TMA-UPG-3 TMA-FAV-1 TMA-ACT-3
    let (st, _) = ex1();
    // The human takes his first turn (a power action).
    let (st, _) = play(
        &st,
        0,
        Move::Turn {
            steps: vec![TurnStep::TakePowerAction {
                space: "ACT3".into(),
            }],
        },
    );
    assert!(next_is_bot(&st));
    let (st, ev) = bot(&st);
    let cards = &kinds(&ev, "automa_cards")[0];
    assert_eq!(cards.data["support_card"], json!("*3"));
    assert_eq!(cards.data["action_card"], json!("*1"));
    let up = &kinds(&ev, "automa_upgraded")[0];
    assert_eq!(up.data["cell"], json!("D2"));
    let d2 = st.buildings[cell(&st, "D2")].unwrap();
    assert_eq!((d2.kind, d2.marked), (Kind::TradingHouse, false));
    assert_eq!((st.automa.supply[0], st.automa.supply[1]), (5, 3));
    let offer = &kinds(&ev, "power_offered")[0];
    assert_eq!(offer.data["amount"], json!(1));
    let skipped = kinds(&ev, "action_skipped");
    assert_eq!(skipped.len(), 2);
    assert_eq!(skipped[0].rule, "TMA-FAV-1");
    assert_eq!(skipped[1].data["action"], json!("gain_vp"));
    assert_eq!(st.automa.vp, 20);
    assert_eq!(st.to_move, Seat(0));
}

#[test]
fn ex_4_directional_selection() {
    // TMA-DOC-2: a seed example reproduced as an engine test.
    // TMA-SEL-7 TMA-MAP-2
    let o = opts();
    let mut st = blank(&o, 1);
    put(&mut st, "B4", 0, Kind::Dwelling, false);
    put(&mut st, "E8", 0, Kind::Dwelling, false);
    let g = geo("base".into());
    let opts: Vec<usize> = g
        .land_cells()
        .filter(|c| st.terrain[*c] == Some(Terrain::Desert) && st.buildings[*c].is_none())
        .collect();
    let names: Vec<&str> = opts.iter().map(|c| g.name(*c)).collect();
    assert_eq!(
        names,
        vec!["A5", "B1", "B6", "D3", "F3", "G4", "G7", "H1", "I7"]
    );
    let mut chance =
        crate::engine::Chance::new(Dice::new(1), crate::engine::TableMode::SERVER, vec![]).unwrap();
    let mut t = crate::engine::Turn::new(None, &mut chance);
    let ch = |c: &usize| Choice::Cell(g.name(*c).into());
    let r = directional(&mut t, &opts, super::data::Dir::Rd, 3, ch).unwrap();
    assert_eq!(g.name(r), "B6");
    let l = directional(&mut t, &opts, super::data::Dir::Lu, 2, ch).unwrap();
    assert_eq!(g.name(l), "H1");
}

#[test]
fn ex_5_block_power_action_wraps_around() {
    // TMA-DOC-2: a seed example reproduced as an engine test.
    // TMA-PWR-1 TMA-PWR-2 TMA-SEL-8 TMA-VP-2
    let o = witches_vs_lakes();
    let mut st = blank(&o, 3);
    st.power_actions[0].1 = Some(Seat(0));
    st.power_actions[2].1 = Some(Seat(0));
    st.power_actions[3].1 = Some(Seat(1));
    set_pair(&mut st, "10", "12", &["*1", "*2"]);
    let vp = st.automa.vp;
    let (st, ev) = bot(&st);
    let dir = &kinds(&ev, "directional")[0];
    assert_eq!(dir.data["ordered"], json!(["ACT6", "ACT5", "ACT2"]));
    assert_eq!(dir.data["chosen"], json!("ACT6"));
    assert_eq!(st.power_actions[5].1, Some(Seat(1)));
    assert_eq!(st.automa.vp, vp + 1);
}

#[test]
fn ex_6_shortest_paths() {
    // TMA-DOC-2: a seed example reproduced as an engine test.
    // TMA-MAP-7 TMA-MAP-8
    let o = opts();
    let mut st = blank(&o, 1);
    put(&mut st, "E6", 1, Kind::Dwelling, false);
    put(&mut st, "E8", 1, Kind::TradingHouse, false);
    put(&mut st, "E7", 0, Kind::Dwelling, false);
    let g = geo("base".into());
    let w = st.human_walls();
    assert_eq!(
        dist_to_set(g, &[], &w, cell(&st, "E6"), &[cell(&st, "E8")]),
        3
    );
    let mut st = blank(&o, 1);
    for (c, m) in [("I7", true), ("A4", false), ("F2", false)] {
        put(&mut st, c, 1, Kind::Dwelling, m);
    }
    for c in ["D1", "C3", "F4"] {
        put(&mut st, c, 0, Kind::Dwelling, false);
    }
    let w = st.human_walls();
    let i7 = cell(&st, "I7");
    assert_eq!(dist_to_set(g, &[], &w, i7, &[cell(&st, "F2")]), 6);
    assert_eq!(dist_to_set(g, &[], &w, i7, &[cell(&st, "A4")]), 8);
    assert_eq!(
        dist_to_set(g, &[], &w, i7, &[cell(&st, "A4"), cell(&st, "F2")]),
        6
    );
}

pub fn ex7_state() -> State {
    let o = witches_vs_lakes();
    let mut st = blank(&o, 3);
    put(&mut st, "I7", 1, Kind::Dwelling, true);
    put(&mut st, "A4", 1, Kind::Dwelling, false);
    put(&mut st, "F2", 1, Kind::Dwelling, false);
    st.automa.supply[0] = 3;
    for c in ["D1", "C3", "F4"] {
        put(&mut st, c, 0, Kind::Dwelling, false);
    }
    set_pair(&mut st, "*3", "7", &["*1", "*2"]);
    st
}

#[test]
fn ex_7_transform_and_build_with_merging() {
    // TMA-DOC-2: a seed example reproduced as an engine test.
    // TMA-TB-3 TMA-TB-4 TMA-TB-5 TMA-TB-6 TMA-SEL-5 TMA-SEL-3 TMA-TB-10 TMA-FAC-3
    let st = ex7_state();
    let vp = st.automa.vp;
    let (st, ev) = bot(&st);
    let opt = &kinds(&ev, "options")[0];
    assert_eq!(
        opt.data["candidates"],
        json!(["A3", "A5", "B2", "C1", "E2", "E3", "E4", "F1", "G1", "H1", "H2", "H3"])
    );
    let sel = kinds(&ev, "selection");
    assert_eq!(sel[0].data["method"], json!("merging"));
    assert_eq!(sel[0].data["after"], json!(["E4", "G1", "H2", "H3"]));
    assert_eq!(sel[0].data["gap"], json!(6));
    assert_eq!(sel[1].data["method"], json!("terrain_priority"));
    assert_eq!(sel[1].data["after"], json!(["E4", "H2"]));
    assert_eq!(sel[2].data["method"], json!("closest_to_humans"));
    assert_eq!(
        sel[2].data["distances"],
        json!([{"cell": "E4", "value": 3}, {"cell": "H2", "value": 4}])
    );
    assert_eq!(sel[2].data["after"], json!(["E4"]));
    let b = &kinds(&ev, "automa_built")[0];
    assert_eq!(b.data["cell"], json!("E4"));
    assert_eq!(b.data["marked"], json!(false));
    assert_eq!(
        (
            b.data["dist_marked"].clone(),
            b.data["dist_unmarked"].clone()
        ),
        (json!(5), json!(2))
    );
    assert!(kinds(&ev, "power_offered").is_empty());
    assert_eq!(st.automa.vp, vp + 2);
    assert_eq!(st.terrain[cell(&st, "E4")], Some(Terrain::Lakes));
}

#[test]
fn ex_8_automa_passes_on_rotated_pass_card() {
    // TMA-DOC-2: a seed example reproduced as an engine test.
    // TMA-BOT-3 TMA-BOT-4 TMA-PASS-1 TMA-PASS-2 TMA-PASS-3 TMA-PASS-4 TMA-PASS-5 TMA-PASS-7 TMA-PASS-8
    let o = witches_vs_lakes();
    let mut st = blank(&o, 2);
    put(&mut st, "I10", 1, Kind::Dwelling, true);
    put(&mut st, "D2", 1, Kind::Dwelling, false);
    put(&mut st, "F4", 0, Kind::Dwelling, false);
    st.scoring_tiles[1] = tile("SCORE5");
    st.automa.bonus = Some("BON8".into());
    st.bonus_row = vec![
        RowCard {
            card: "BON3".into(),
            coins: 2,
        },
        RowCard {
            card: "BON5".into(),
            coins: 1,
        },
        RowCard {
            card: "BON9".into(),
            coins: 2,
        },
    ];
    st.automa.reserve = vec!["12".into(), "6".into()];
    set_pair(&mut st, "*1", "9", &["*5", "*2", "*4", "*3"]);
    st.automa.rotated = vec!["*4".into(), "*3".into()];
    st.start_player = Seat(0);
    let human_turn = |s: &State| {
        play(
            s,
            0,
            Move::Turn {
                steps: vec![TurnStep::AdvanceCult {
                    track: Cult::Water,
                    steps: 1,
                }],
            },
        )
        .0
    };
    let expected = [("*1", "9"), ("9", "*5"), ("*5", "*2")];
    for (sup, act) in expected {
        let (s2, ev) = bot(&st);
        let c = &kinds(&ev, "automa_cards")[0];
        assert_eq!(
            (
                c.data["support_card"].clone(),
                c.data["action_card"].clone()
            ),
            (json!(sup), json!(act))
        );
        st = human_turn(&s2);
    }
    let vp = st.automa.vp;
    let (st, ev) = bot(&st);
    let c = &kinds(&ev, "automa_cards")[0];
    assert_eq!(c.data["action_card"], json!("*4"));
    assert_eq!(c.data["action_rotated"], json!(true));
    assert_eq!(kinds(&ev, "pass_symbol").len(), 1);
    assert!(
        kinds(&ev, "automa_built").is_empty(),
        "the rest of *4 is ignored"
    );
    let p = &kinds(&ev, "automa_passed")[0];
    assert_eq!(p.data["bonus_taken"], json!("BON5"));
    assert_eq!(p.data["position"], json!("middle"));
    assert_eq!(p.data["coins_returned"], json!(1));
    assert_eq!(st.automa.vp, vp + 5);
    let row: Vec<&str> = st.bonus_row.iter().map(|r| r.card.as_str()).collect();
    assert_eq!(row, vec!["BON3", "BON8", "BON9"]);
    let mut deck = st.automa.deck.clone();
    deck.sort();
    let mut want = ids(&["*4", "*2", "*5", "9", "*1", "*3", "12"]);
    want.sort();
    assert_eq!(deck, want);
    assert_eq!(st.automa.reserve, vec!["6"]);
    assert_eq!(st.automa.rotated, st.automa.deck[5..].to_vec());
    assert_eq!(st.start_player, Seat(1));
    assert_eq!(st.passed, vec![Seat(1)]);
}

fn ex9_state() -> State {
    let mut o = witches_vs_lakes();
    o.automa_faction = AutomaFaction::Kuddlers;
    let mut st = blank(&o, 2);
    st.cult = vec![[2, 4, 3, 1], [1, 1, 0, 0]].into();
    st.scoring_tiles[1] = tile("SCORE5");
    st
}

#[test]
fn ex_9_advance_on_a_cult_track() {
    // TMA-CULT-2 TMA-CULT-3 TMA-CULT-5
    let mut st = ex9_state();
    set_pair(&mut st, "*5", "8", &["*1", "*2"]);
    let (s, ev) = bot(&st);
    let adv = &kinds(&ev, "automa_cult_advanced")[0];
    assert_eq!(
        adv.data,
        json!({"track": "fire", "from": 1, "to": 4, "priest_space": 3, "cause": "card_action"})
    );
    assert_eq!(s.automa.vp, st.automa.vp + 2);
    assert_eq!(s.priest_spaces[0][0], Some(Seat(1)));
    assert_eq!(s.automa.priests, 6);
    let mut st = ex9_state();
    set_pair(&mut st, "6", "8", &["*1", "*2"]);
    let (s, ev) = bot(&st);
    let sel = kinds(&ev, "selection");
    assert_eq!(sel[0].data["after"], json!(["earth", "air"]));
    assert_eq!(sel[1].data["after"], json!(["air"]));
    let adv = &kinds(&ev, "automa_cult_advanced")[0];
    assert_eq!(
        adv.data,
        json!({"track": "air", "from": 0, "to": 3, "priest_space": 3, "cause": "card_action"})
    );
    assert_eq!(s.automa.vp, st.automa.vp + 2);
}

#[test]
fn ex_10_upgrade_least_power() {
    // TMA-UPG-1 TMA-UPG-2 TMA-SEL-9 TMA-UPG-4
    let o = witches_vs_lakes();
    let mut st = blank(&o, 3);
    for (c, m) in [("A4", false), ("E4", false), ("F2", false), ("I7", true)] {
        put(&mut st, c, 1, Kind::Dwelling, m);
    }
    for c in ["A3", "C3", "D1", "F4"] {
        put(&mut st, c, 0, Kind::Dwelling, false);
    }
    put(&mut st, "I6", 0, Kind::TradingHouse, false);
    set_pair(&mut st, "11", "10", &["*1", "*2"]);
    let (s, ev) = bot(&st);
    let sel = kinds(&ev, "selection");
    assert_eq!(sel[0].data["after"], json!(["A4", "I7"]));
    assert_eq!(
        sel[1].data["power"],
        json!([{"cell": "A4", "value": 1}, {"cell": "I7", "value": 2}])
    );
    let a4 = s.buildings[cell(&s, "A4")].unwrap();
    assert_eq!((a4.kind, a4.marked), (Kind::TradingHouse, false));
    assert_eq!(s.automa.supply[0], st.automa.supply[0] + 1);
    assert_eq!(s.automa.supply[1], 3);
    assert_eq!(kinds(&ev, "power_offered")[0].data["amount"], json!(1));
    assert_eq!(s.automa.vp, st.automa.vp + 1);
}

pub fn ex11_pub(level: Difficulty) -> State {
    ex11(level)
}

fn ex11(level: Difficulty) -> State {
    let mut o = witches_vs_lakes();
    o.difficulty = level;
    let mut st = blank(&o, 6);
    for c in ["A4", "E3", "E4", "F2", "G1", "H2", "I7"] {
        put(&mut st, c, 1, Kind::Dwelling, false);
    }
    for c in ["A2", "A3", "B1", "D1", "D2"] {
        put(&mut st, c, 0, Kind::Dwelling, false);
    }
    st.humans[Seat(0)].reach = super::data::Reach::Shipping { level: 1 };
    st.cult = vec![[5, 7, 2, 9], [5, 3, 0, 10]].into();
    st.phase = Phase::FinalReports;
    st
}

#[test]
fn ex_11_end_scoring_solo() {
    // TMA-END-2 TMA-END-5 TMA-MAP-11
    let st = ex11(Difficulty::Automa);
    assert_eq!(super::scoring::area_measures(&st), vec![5, 5]);
    let (s, ev) = play(&st, 0, Move::FinalReport { vp_delta: 0 });
    assert_eq!(kinds(&ev, "final_scoring").len(), 1);
    let f = &s.final_scores;
    assert_eq!((f[0].area, f[1].area), (15, 15));
    assert_eq!((f[0].cults, f[1].cults), (26, 18));
    assert_eq!(f[1].total, 20 + 15 + 18);
    assert!(matches!(TerraMystica::next(&s), Next::Finished { .. }));
    let st = ex11(Difficulty::Alptrauma);
    assert_eq!(super::scoring::area_measures(&st), vec![5, 7]);
    let (s, _) = play(&st, 0, Move::FinalReport { vp_delta: 0 });
    assert_eq!((s.final_scores[0].area, s.final_scores[1].area), (12, 18));
}

#[test]
fn ex_12_cultists_draw_from_the_reserve() {
    // TMA-HF-1 TMA-HF-2 TMA-HF-3
    let mut o = opts();
    o.human_seats[0].faction = HumanFaction::Cultists;
    let mut st = blank(&o, 3);
    put(&mut st, "A4", 1, Kind::Dwelling, false);
    st.automa.reserve = ids(&["12", "7", "9"]);
    st.to_move = Seat(0);
    // The turn step by step: build, then end the turn.
    let (st, ev) = play(&st, 0, Move::Build { cell: "B2".into() });
    let (st, _) = play(&st, 0, Move::EndTurn);
    assert_eq!(kinds(&ev, "cultist_draw")[0].cards, vec!["12"]);
    assert_eq!(st.humans[Seat(0)].vp_engine, 1);
    assert_eq!(st.automa.cultist_aside, vec!["12"]);
    let mut st = st;
    st.to_move = Seat(0);
    let (st, ev) = play(
        &st,
        0,
        Move::Upgrade {
            cell: "B2".into(),
            to: Kind::TradingHouse,
        },
    );
    assert_eq!(kinds(&ev, "cultist_draw")[0].cards, vec!["7"]);
    assert_eq!(
        st.pending,
        vec![Pending::CultistCultStep {
            seat: Seat(0),
            card: Some(CardId::C7)
        }]
    );
    assert!(
        matches!(TerraMystica::next(&st), Next::Human { ref seats, .. } if seats == &vec![Seat(0)])
    );
    let fire = st.cult[Seat(0)][0];
    let (st, _) = play(
        &st,
        0,
        Move::CultistCultStep {
            track: Some(Cult::Fire),
        },
    );
    assert_eq!(st.cult[Seat(0)][0], fire + 1);
    // The decision answered, the turn goes on until the human ends it.
    assert_eq!(st.turn_steps, 1);
    let (st, _) = play(&st, 0, Move::EndTurn);
    assert_eq!(st.to_move, Seat(1));
    assert_eq!(st.automa.cultist_aside, vec!["12", "7"]);
    assert_eq!(
        st.automa.reserve,
        vec!["9"],
        "the next reserve card is the one under 7"
    );
}

#[test]
fn ex_13_two_humans_with_automa() {
    // TMA-TWO-5 TMA-TWO-6 TMA-CULT-4 TMA-TWO-2
    let mut o = opts();
    o.humans = 2;
    o.human_seats = vec![
        HumanSeat {
            faction: HumanFaction::Witches,
            ..Default::default()
        },
        HumanSeat {
            faction: HumanFaction::Halflings,
            ..Default::default()
        },
    ];
    o.first_human = 1;
    let seats: Vec<String> = TerraMystica::seats(&o).into_iter().map(|s| s.id).collect();
    assert_eq!(seats, vec!["human1", "human0", "automa"]);
    let st = start(&o, 4);
    assert_eq!(st.bonus_row.len(), 6);
    assert_eq!(
        st.setup,
        vec![
            SetupStep::HumanDwelling { seat: Seat(0) },
            SetupStep::HumanDwelling { seat: Seat(1) },
            SetupStep::AutomaDwellings,
            SetupStep::HumanDwelling { seat: Seat(1) },
            SetupStep::HumanDwelling { seat: Seat(0) },
            SetupStep::AutomaBonus,
            SetupStep::HumanBonus { seat: Seat(1) },
            SetupStep::HumanBonus { seat: Seat(0) },
        ]
    );
    let mut st = blank(&o, 2);
    st.cult = vec![[5, 3, 0, 9], [1, 8, 2, 4], [2, 6, 1, 3]].into();
    set_pair(&mut st, "*2", "8", &["*1", "*3"]);
    let (s, ev) = bot(&st);
    let sel = kinds(&ev, "selection");
    assert_eq!(
        sel[0].rule, "TMA-SEL-2",
        "Automa is on 0 nowhere: step I keeps all"
    );
    assert_eq!(sel[1].rule, "TMA-CULT-4");
    assert_eq!(sel[1].data["after"], json!(["earth"]));
    assert_eq!(s.cult[Seat(2)][2], 4);
    assert_eq!(s.priest_spaces[2][0], Some(Seat(2)));
    let _ = card("8".into());
}
