//! Rule tests: one or more per rule id of the spec.

use serde_json::{json, Value};

use crate::engine::legal::covers;
use crate::engine::{Dice, DynGame, Game, GameOptions, Next, RuleErrorKind, Seat, SeatKind};

use super::super::bot;
use super::super::data::{self, Colour, Season, Side, Space};
use super::super::options::{BuildingSet, CustomBoard, DiceMode, Options};
use super::super::state::{Phase, State};
use super::super::{view, ArlerErde, Building, BuildingId, Move};
use super::kit::*;

fn ids(list: &[Space]) -> Vec<&str> {
    list.iter().map(|s| s.id.as_str()).collect()
}

/// The view as JSON, as a client receives it.
fn view_value(s: &State, seat: Option<Seat>) -> Value {
    serde_json::to_value(view::view(s, seat)).unwrap()
}

/// Options refused at creation by `rule`, naming an option.
fn bad_options(o: &Options, rule: &str) {
    let e = match o.validate().and_then(|_| start_seeded(o, 1).map(|_| ())) {
        Ok(_) => panic!("options should be refused: {o:?}"),
        Err(e) => e,
    };
    assert!(
        matches!(e.kind, RuleErrorKind::BadOptions { option: Some(_) }),
        "{e:?}"
    );
    assert_eq!(e.rule, rule, "{e}");
}

/// Whether `mv` is among the human's legal moves in `s`.
fn listed(s: &State, mv: Value) -> bool {
    let mv: Move = serde_json::from_value(mv).unwrap();
    covers(&ArlerErde::legal_moves(s, Seat(0)), &mv)
}

// ---------------------------------------------------------------- GEN

#[test]
fn gen_1_solo_variant_seats_human_against_vim() {
    // ARLE-GEN-1: the human plays against the virtual player VIM.
    let seats = ArlerErde::seats(&Options::default());
    assert_eq!(seats.len(), 2);
    assert_eq!(
        (seats[0].id.as_str(), seats[0].kind),
        ("human", SeatKind::Human)
    );
    assert_eq!(
        (seats[1].id.as_str(), seats[1].kind),
        ("vim", SeatKind::Bot)
    );
    assert_eq!(ArlerErde::ID, "arler-erde");
    let s = start(&Options::default()).0;
    assert!(matches!(ArlerErde::next(&s), Next::Human { .. }));
    // ARLE-TURN-1: VIM's seat never sends moves; the engine's turn gate
    // refuses them before the rules run.
    let e = rule_of(
        gated(
            &s,
            Seat(1),
            json!({"type": "place_worker", "space": "fisherman"}),
        )
        .unwrap_err(),
    );
    assert_eq!(e.kind, RuleErrorKind::OutOfTurn);
    assert_eq!(e.rule, "ARLE-TURN-1");
    assert!(ArlerErde::legal_moves(&s, Seat(1)).is_empty());
}

/// A Tea & Trade-like custom board: 16 spaces a season, 20 display slots.
fn custom_board(n: usize, slots: usize) -> CustomBoard {
    let sp = |season: &str, other: &str, i: usize, building: bool| Space {
        id: format!("{season}_{i}").as_str().into(),
        name_en: format!("{season} {i}"),
        name_de: String::new(),
        building,
        opposite: format!("{other}_{i}").as_str().into(),
    };
    CustomBoard {
        summer: (1..=n).map(|i| sp("s", "w", i, i == 3)).collect(),
        winter: (1..=n).map(|i| sp("w", "s", i, i == 1)).collect(),
        display_slots: vec![(1..=slots).map(|i| format!("slot{i}")).collect()],
        display: Some(
            (1..=slots)
                .map(|i| format!("b{i}").as_str().into())
                .collect(),
        ),
    }
}

#[test]
fn gen_2_custom_board_for_tea_and_trade() {
    // ARLE-GEN-2: a custom board replaces lists and display.
    let o = Options {
        board: Some(custom_board(16, 20)),
        ..Options::default()
    };
    let s = start(&o).0;
    assert!(s.board.custom);
    assert_eq!(s.board.summer.len(), 16);
    assert_eq!(s.display.len(), 20);
    assert_eq!(s.display[19].building, Some("b20".into()));
    // A whole game runs on it.
    let s = play_out(s, 3);
    assert_eq!(s.history.len(), 9);
}

#[test]
fn gen_3_vim_places_exactly_four_workers_per_half_year() {
    let s = play_until(start(&opts_d0()).0, 11, |_| false);
    for h in &s.history {
        // ARLE-GEN-3: 4 VIM workers, 4 human workers.
        assert_eq!(
            h.placements.iter().filter(|p| p.seat == Side::Vim).count(),
            4
        );
        assert_eq!(
            h.placements
                .iter()
                .filter(|p| p.seat == Side::Human)
                .count(),
            4
        );
    }
}

#[test]
fn gen_4_markers_only_mark() {
    // ARLE-GEN-4: marker 1 is not a worker: its space stays unoccupied.
    let s = at(1, Side::Human, "colonist");
    assert!(!s.occupied(Season::Summer, "colonist"));
    let v = view_value(&s, None);
    let col = &v["board"]["summer"][3];
    assert_eq!(col["id"], "colonist");
    assert_eq!(col["marker1"], true);
    assert_eq!(col["occupied_by"], Value::Null);
    // Marker 2 lies on an empty slot after a removal and blocks nothing.
    let (s, _) = vim(
        &place(&at(1, Side::Human, "farmer"), "fisherman"),
        &[1, 2, 1, 1, 1, 1],
    );
    assert_eq!(s.marker2, 4);
    assert!(s.display[3].building.is_none());
    assert_eq!(view_value(&s, Some(Seat(0)))["display"][3]["marker2"], true);
}

#[test]
fn gen_5_vim_performs_no_actions() {
    let s = place(&at(1, Side::Human, "colonist"), "fisherman");
    let (s2, ev) = vim(&s, &[2, 4]);
    // ARLE-GEN-5: only the placement, marker 1 and the turn change.
    assert_eq!(s2.display, s.display);
    assert_eq!(s2.built_by_human, s.built_by_human);
    assert!(s2.removed_by_vim.is_empty());
    assert_eq!(s2.placed.len(), 2);
    assert_eq!(s2.placed[..1], s.placed[..]);
    assert_eq!(s2.workers_left.vim, 3);
    assert_eq!(s2.workers_left.human, s.workers_left.human);
    assert_eq!(
        kinds(&ev),
        vec![
            "vim_dice_rolled",
            "vim_option_chosen",
            "vim_marker_counted",
            "vim_worker_placed"
        ]
    );
}

#[test]
fn gen_6_table_dice_one_throw_at_a_time() {
    use crate::engine::{Chance, Dice, DynGame, Need, TableItem, TableMode};
    let s = start(&opts_table(4)).0; // marker 1 on colonist
    assert_eq!(s.dice_mode, DiceMode::Table);
    let s = place(&s, "fisherman");
    let six = Need::die(6);
    let needed = |e: &crate::engine::RuleError| match &e.kind {
        RuleErrorKind::TableInputNeeded { needed, sent } => (needed.clone(), *sent),
        k => panic!("{k:?}"),
    };
    // ARLE-GEN-6: no dice sent: the turn asks for VIM's throw of 2.
    let e = vim_err(&s, &[]);
    assert_eq!(needed(&e), (vec![six.clone(); 2], 0));
    assert_eq!(e.rule, "ARLE-VIM-1");
    let e = vim_err(&s, &[2]);
    assert_eq!(needed(&e), (vec![six.clone(); 2], 1));
    // 2+3 counts 5 from Colonist to Forester, a building space: the answer
    // names all 6 dice the turn needs (ARLE-BLD-2).
    let e = vim_err(&s, &[2, 3]);
    assert_eq!(needed(&e), (vec![six.clone(); 6], 2));
    assert_eq!(e.kind.table_needed(), Some(4));
    assert_eq!(e.rule, "ARLE-BLD-2");
    let (s2, ev) = vim(&s, &[2, 3, 1, 1, 1, 1]);
    assert_eq!(last_vim(&s2).1, "forester");
    assert_eq!(event(&ev, "building_dice_rolled").dice, vec![1, 1, 1, 1]);
    assert_eq!(event(&ev, "building_removed").data["slot"], 4);
    // Too many dice are refused by the engine.
    let e = vim_err(&s, &[2, 2 + 2, 1]);
    assert_eq!(e.kind, RuleErrorKind::TableInputUnused { unused: 1 });
    // A die face out of range.
    let e = vim_err(&s, &[2, 7]);
    assert_eq!(e.kind, RuleErrorKind::Illegal);
    // The move enter_dice is gone: the engine takes table dice with the request.
    assert!(
        serde_json::from_value::<Move>(json!({"type": "enter_dice", "values": [2, 3]})).is_err()
    );
    // Through the adapter, the same (the session layer's path).
    let g = erased();
    let st = any(&s);
    let mode = ArlerErde::table_mode(&opts_table(4));
    assert_eq!(mode, TableMode::TABLE);
    let e = rule_of(
        g.bot_turn(
            &st,
            Chance::new(Dice::new(3), mode, vec![TableItem::Die(2)]).unwrap(),
        )
        .err()
        .unwrap(),
    );
    assert_eq!(needed(&e), (vec![six; 2], 1));
    let step = g
        .bot_turn(
            &st,
            Chance::new(
                Dice::new(3),
                mode,
                [2, 3, 1, 1, 1, 1].map(TableItem::Die).to_vec(),
            )
            .unwrap(),
        )
        .unwrap();
    assert!(
        !step.chance.server_used,
        "table mode rolls nothing on the server"
    );
    assert_eq!(step.chance.consumed.len(), 6);
    // Server dice: table input is refused, the stream rolls reproducibly.
    let server = place(&at(1, Side::Human, "colonist"), "fisherman");
    assert!(Chance::new(Dice::new(5), TableMode::SERVER, vec![TableItem::Die(1)]).is_err());
    assert_eq!(ArlerErde::table_mode(&opts_d0()), TableMode::SERVER);
    let a = vim_server(&server, 5);
    let b = vim_server(&server, 5);
    assert_eq!(
        serde_json::to_vec(&a).unwrap(),
        serde_json::to_vec(&b).unwrap()
    );
}

// ---------------------------------------------------------------- BRD

#[test]
fn brd_1_summer_list_in_counting_order() {
    let s = data::summer_spaces();
    // ARLE-BRD-1
    assert_eq!(
        ids(&s),
        vec![
            "fisherman",
            "grocer",
            "wool_weaver",
            "colonist",
            "peat_cutter",
            "dike_builder",
            "clay_worker",
            "farmer",
            "forester",
            "woodcutter",
            "master",
            "carpenter",
            "builder",
            "warden",
            "laborer"
        ]
    );
    assert_eq!(s[9].name_de, "Holzfäller");
    assert_eq!(s[11].name_de, "Zimmermann");
}

#[test]
fn brd_2_winter_list_in_counting_order() {
    let w = data::winter_spaces();
    // ARLE-BRD-2
    assert_eq!(
        ids(&w),
        vec![
            "peat_boatman",
            "tanner",
            "linen_weaver",
            "butcher",
            "cattle_trader",
            "grocer",
            "builders_merchant",
            "potter",
            "baker",
            "wood_trader",
            "master",
            "wainwright",
            "dike_warden",
            "carpenter",
            "laborer"
        ]
    );
    assert_eq!(w[12].name_de, "Deichvogt");
}

#[test]
fn brd_3_counting_order_left_column_first() {
    // ARLE-BRD-3: summer Carpenter, Builder, Warden; winter Wainwright, Dike Warden, Carpenter.
    let s = place(&at(1, Side::Human, "master"), "fisherman");
    let (_, ev) = vim(&s, &[2, 2 + 1]);
    assert_eq!(
        walk(&ev),
        w(&[
            ("carpenter", "1"),
            ("builder", "2"),
            ("warden", "3"),
            ("laborer", "4"),
            ("fisherman", "occupied"),
            ("grocer", "5")
        ])
    );
    let s = place(&at(2, Side::Human, "master"), "peat_boatman");
    let (_, ev) = vim(&s, &[2, 2 + 1]);
    assert_eq!(
        walk(&ev),
        w(&[
            ("wainwright", "1"),
            ("dike_warden", "2"),
            ("carpenter", "3"),
            ("laborer", "4"),
            ("peat_boatman", "occupied"),
            ("tanner", "5")
        ])
    );
}

#[test]
fn brd_4_topmost_and_lowest() {
    // ARLE-BRD-4: option 1 in winter goes on the topmost summer space, Fisherman.
    let s = place(&at(2, Side::Human, "master"), "tanner");
    let (s2, _) = vim(&s, &[5, 5]);
    assert_eq!(last_vim(&s2), (Season::Summer, "fisherman".into()));
    // Counting from the lowest (Laborer) continues at the topmost.
    let s = place(&at(1, Side::Human, "laborer"), "grocer");
    let (_, ev) = vim(&s, &[1, 4]);
    assert_eq!(walk(&ev), w(&[("fisherman", "1")]));
}

#[test]
fn brd_5_opposites_are_a_bijection() {
    let (s, w) = (data::summer_spaces(), data::winter_spaces());
    for (i, sp) in s.iter().enumerate() {
        let o = w.iter().find(|x| x.id == sp.opposite).unwrap();
        assert_eq!(o.opposite, sp.id); // ARLE-BRD-5 both directions
        if i < 11 || i == 14 {
            assert_eq!(w[i].id, o.id, "row {} faces row {}", i + 1, i + 1);
        }
    }
    let pair = |a: &str| s.iter().find(|x| x.id == a).unwrap().opposite.clone();
    assert_eq!(pair("carpenter"), "carpenter");
    assert_eq!(pair("builder"), "wainwright");
    assert_eq!(pair("warden"), "dike_warden");
    assert_eq!(pair("woodcutter"), "wood_trader");
    // Winter → summer at the end of half-year 2.
    let mut st = at(2, Side::Human, "baker");
    for (side, sp) in [
        (Side::Human, "peat_boatman"),
        (Side::Vim, "tanner"),
        (Side::Human, "linen_weaver"),
        (Side::Vim, "butcher"),
        (Side::Human, "cattle_trader"),
        (Side::Vim, "grocer"),
        (Side::Human, "potter"),
    ] {
        put(&mut st, side, sp);
    }
    // 1+2 from Baker → Wood Trader (a building space): 4 building dice follow.
    let (st, _) = vim(&st, &[1, 2, 1, 1, 1, 1]);
    assert_eq!(
        (st.marker1.season, st.marker1.space.as_str()),
        (Season::Summer, "woodcutter")
    );
}

#[test]
fn brd_6_building_spaces() {
    let b: Vec<String> = data::summer_spaces()
        .into_iter()
        .filter(|s| s.building)
        .map(|s| s.id.0)
        .chain(
            data::winter_spaces()
                .into_iter()
                .filter(|s| s.building)
                .map(|s| format!("w:{}", s.id)),
        )
        .collect();
    // ARLE-BRD-6
    assert_eq!(
        b,
        vec![
            "forester",
            "carpenter",
            "builder",
            "w:wood_trader",
            "w:laborer"
        ]
    );
}

#[test]
fn brd_7_display_layout_and_physical_display_checks() {
    let s = start(&opts_d0()).0;
    // ARLE-BRD-7: 18 slots, reading order, colours and printed orange buildings.
    assert_eq!(s.display.len(), 18);
    let colours: Vec<Colour> = s.display.iter().map(|d| d.colour.unwrap()).collect();
    use Colour::*;
    assert_eq!(
        colours,
        vec![
            Green, Green, Green, Green, Yellow, Yellow, Orange, Orange, Orange, Orange, Orange,
            Orange, Blue, Red, Blue, Red, Blue, Red
        ]
    );
    assert_eq!(s.display[6].building.as_deref(), Some("mill"));
    assert_eq!(s.display[11].building.as_deref(), Some("joinery"));
    assert_eq!((s.display[12].row, s.display[13].row), (7, 7));
    // The option is checked.
    let with = |f: &dyn Fn(&mut Vec<Building>)| {
        let mut d = d0();
        f(&mut d);
        Options {
            display: Some(d),
            ..Options::default()
        }
    };
    bad_options(&with(&|d| d[1] = d[0]), "ARLE-BRD-7"); // duplicate
    bad_options(&with(&|d| d.swap(0, 4)), "ARLE-BRD-7"); // yellow in a green slot
    bad_options(&with(&|d| d.swap(6, 7)), "ARLE-BRD-7"); // orange not as printed
                                                         // An unknown tile is not a building of the base game: the schema's
                                                         // enumeration refuses it when the options are read.
    assert!(serde_json::from_value::<Options>(json!({"display": ["castle_of_dreams"]})).is_err());
    bad_options(
        &with(&|d| {
            d.pop();
        }),
        "ARLE-BRD-7",
    );
    // Starter houses are green too.
    let ok = with(&|d| d[0] = Building::FarmersHouse);
    assert!(ok.validate().is_ok() && start_seeded(&ok, 1).is_ok());
}

#[test]
fn brd_8_server_deals_the_display() {
    for seed in 0..30 {
        for set in [BuildingSet::Standard, BuildingSet::FirstGame] {
            let o = Options {
                building_set: set,
                ..Options::default()
            };
            let s = start_seeded(&o, seed).unwrap().0;
            let b: Vec<Building> = s
                .display
                .iter()
                .map(|d| Building::from_id(d.building.as_ref().unwrap().as_str()).unwrap())
                .collect();
            // ARLE-BRD-8
            let greens: &[Building] = match set {
                BuildingSet::Standard => &data::DARK_GREEN,
                BuildingSet::FirstGame => &data::STARTER_GREEN,
            };
            assert!(b[..4].iter().all(|x| greens.contains(x)), "{b:?}");
            assert!(b[4..6].iter().all(|x| data::YELLOW.contains(x)));
            assert_eq!(b[6..12], data::ORANGE[..]);
            for i in [12, 14, 16] {
                assert!(data::BLUE.contains(&b[i]));
            }
            let mut red: Vec<Building> = vec![b[13], b[15], b[17]];
            red.sort();
            let mut all_red = data::RED.to_vec();
            all_red.sort();
            assert_eq!(red, all_red);
            let mut u = b.clone();
            u.sort();
            u.dedup();
            assert_eq!(u.len(), 18);
            // The dealt display passes the physical check, and is reproducible.
            assert!(super::super::options::check_display(&b).is_ok());
            let again = start_seeded(&o, seed).unwrap().0;
            assert_eq!(again.display, s.display);
        }
    }
    let a = start_seeded(&Options::default(), 1).unwrap().0;
    let differs =
        (2..10).any(|seed| start_seeded(&Options::default(), seed).unwrap().0.display != a.display);
    assert!(differs, "the deal depends on the seed");
}

#[test]
fn brd_9_custom_board_is_validated() {
    let with = |f: &dyn Fn(&mut CustomBoard)| {
        let mut b = custom_board(10, 5);
        f(&mut b);
        Options {
            board: Some(b),
            ..Options::default()
        }
    };
    assert!(start_seeded(&with(&|_| {}), 1).is_ok());
    // ARLE-BRD-9: every way to break it.
    bad_options(&with(&|b| b.summer.truncate(8)), "ARLE-BRD-9");
    bad_options(
        &with(&|b| b.summer[1].id = b.summer[0].id.clone()),
        "ARLE-BRD-9",
    );
    bad_options(
        &with(&|b| b.summer[0].opposite = "nowhere".into()),
        "ARLE-BRD-9",
    );
    bad_options(
        &with(&|b| b.summer[0].opposite = "w_2".into()),
        "ARLE-BRD-9",
    ); // not a bijection
    bad_options(
        &with(&|b| {
            b.winter.push(Space {
                id: "w_11".into(),
                name_en: String::new(),
                name_de: String::new(),
                building: false,
                opposite: "s_1".into(),
            })
        }),
        "ARLE-BRD-9",
    );
    bad_options(&with(&|b| b.display = None), "ARLE-BRD-9");
    bad_options(&with(&|b| b.display_slots = vec![]), "ARLE-BRD-9");
    bad_options(
        &with(&|b| b.display.as_mut().unwrap().pop().map(|_| ()).unwrap()),
        "ARLE-BRD-9",
    );
    bad_options(
        &with(&|b| b.display.as_mut().unwrap()[1] = "b1".into()),
        "ARLE-BRD-9",
    );
    let mut both = with(&|_| {});
    both.display = Some(d0());
    bad_options(&both, "ARLE-BRD-9");
    // Minimal board, worst case: VIM's count always finds a target.
    let o = with(&|_| {});
    for seed in 0..20 {
        let s = play_out(start_seeded(&o, seed).unwrap().0, seed);
        assert_eq!(s.history.len(), 9);
    }
}

// ---------------------------------------------------------------- SET

#[test]
fn set_1_nine_half_years_alternating_from_summer() {
    let s = play_out(start(&opts_d0()).0, 2);
    // ARLE-SET-1
    let seasons: Vec<Season> = s.history.iter().map(|h| h.season).collect();
    use Season::*;
    assert_eq!(
        seasons,
        vec![Summer, Winter, Summer, Winter, Summer, Winter, Summer, Winter, Summer]
    );
    assert!(s.history.iter().all(|h| h.placements.len() == 8));
    assert_eq!(s.half_year, 9);
}

#[test]
fn set_2_human_starts_half_year_one() {
    let s = start(&Options::default()).0;
    // ARLE-SET-2
    assert_eq!(
        (s.half_year, s.start_player, s.to_place),
        (1, Side::Human, Some(Side::Human))
    );
    let e = rule_of(gated_bot(&s, 0).unwrap_err());
    assert_eq!(e.kind, RuleErrorKind::OutOfTurn);
}

#[test]
fn set_3_setup_die_options() {
    let summer = data::summer_spaces();
    for n in 1..=6u8 {
        let s = start(&opts_table(n)).0;
        assert_eq!(s.marker1.space, summer[usize::from(n) - 1].id); // ARLE-SET-3
    }
    let mut o = opts_table(3);
    o.setup_die = Some(7);
    bad_options(&o, "ARLE-SET-3");
    o.setup_die = Some(0);
    bad_options(&o, "ARLE-SET-3");
    let o = Options {
        setup_die: Some(2),
        ..Options::default()
    };
    bad_options(&o, "ARLE-SET-3");
    // Table mode with an entered display draws nothing from the stream at setup.
    let mut chance = crate::engine::Chance::new(
        crate::engine::Dice::new(0),
        ArlerErde::table_mode(&opts_table(2)),
        vec![],
    )
    .unwrap();
    let mut turn = crate::engine::Turn::new(None, &mut chance);
    assert!(ArlerErde::start(&opts_table(2), &mut turn).is_ok());
    drop(turn);
    assert!(!chance.finish().unwrap().server_used);
}

/// ARLE-SET-3: with table dice and no `setup_die`, the setup asks the table
/// for the die, naming it and the summer space each face leads to; the
/// answer places marker 1 as the option did.
#[test]
fn set_3_setup_die_is_asked_at_the_table_with_its_spaces() {
    use crate::engine::{Chance, Lang, Need, TableItem, TextCx, Turn};
    let mut o = opts_table(1);
    o.setup_die = None;
    let summer = data::summer_spaces();
    let mut chance = Chance::new(Dice::new(0), ArlerErde::table_mode(&o), vec![]).unwrap();
    let mut turn = Turn::new(None, &mut chance);
    let e = ArlerErde::start(&o, &mut turn).unwrap_err();
    assert_eq!(e.rule, "ARLE-SET-3");
    let RuleErrorKind::TableInputNeeded { needed, sent: 0 } = &e.kind else {
        panic!("{e:?}")
    };
    assert_eq!(needed, &vec![Need::die(6)]);
    let en = TextCx::new(Lang::En, &[]);
    let de = TextCx::new(Lang::De, &[]);
    assert_eq!(
        needed[0].question(&en),
        "Setup die for marker 1 (which summer space)"
    );
    assert!(needed[0].question(&de).starts_with("Aufbauwürfel"));
    assert_eq!(
        needed[0].value_label("1", &en).as_deref(),
        Some("1: Fisherman")
    );
    assert_eq!(
        needed[0].value_label("1", &de).as_deref(),
        Some("1: Fischer")
    );
    let mut chance = Chance::new(
        Dice::new(0),
        ArlerErde::table_mode(&o),
        vec![TableItem::Die(5)],
    )
    .unwrap();
    let mut turn = Turn::new(None, &mut chance);
    let s = ArlerErde::start(&o, &mut turn).unwrap();
    drop(turn);
    assert_eq!(s.marker1.space, summer[4].id);
    assert!(!chance.finish().unwrap().server_used);
}

#[test]
fn set_4_marker2_starts_before_slot_1() {
    let s = start(&opts_d0()).0;
    assert_eq!(s.marker2, 0); // ARLE-SET-4
                              // The first count reaches slot 1 with count 1: sum 4 → slot 4.
    let (s2, ev) = vim(
        &place(&at(1, Side::Human, "farmer"), "fisherman"),
        &[1, 2, 1, 1, 1, 1],
    );
    assert_eq!(event(&ev, "building_removed").data["walk"][0]["slot"], 1);
    assert_eq!(s2.marker2, 4);
}

#[test]
fn set_5_display_filled_before_half_year_one() {
    let (s, events) = start(&opts_d0());
    // ARLE-SET-5: from option display ...
    let b: Vec<String> = s
        .display
        .iter()
        .map(|d| d.building.clone().unwrap().0)
        .collect();
    assert_eq!(b, d0_ids());
    let e = event(&events, "display_filled");
    assert_eq!(e.cards, d0_ids());
    assert_eq!(e.data["source"], "entered");
    // ... from board.display ...
    let o = Options {
        board: Some(custom_board(9, 3)),
        ..Options::default()
    };
    let s = start(&o).0;
    assert_eq!(
        s.display
            .iter()
            .map(|d| d.building.clone().unwrap().0)
            .collect::<Vec<_>>(),
        vec!["b1", "b2", "b3"]
    );
    // ... or dealt.
    let (s, events) = start(&Options::default());
    assert!(s.display.iter().all(|d| d.building.is_some()));
    assert_eq!(event(&events, "display_filled").data["source"], "dealt");
}

// ---------------------------------------------------------------- TURN

#[test]
fn turn_1_alternate_placements_start_player_first() {
    let mut s = start(&opts_d0()).0;
    let mut order = Vec::new();
    for i in 0..8 {
        match s.to_place.unwrap() {
            Side::Human => {
                // ARLE-TURN-1: a bot turn now is out of turn (the engine's
                // turn gate refuses it under the game's rule).
                let e = rule_of(gated_bot(&s, 0).unwrap_err());
                assert_eq!(
                    (e.kind, e.rule.as_str()),
                    (RuleErrorKind::OutOfTurn, "ARLE-TURN-1")
                );
                order.push(Side::Human);
                let sp = s
                    .board
                    .summer
                    .iter()
                    .find(|x| !s.occupied(Season::Summer, x.id.as_str()))
                    .unwrap()
                    .id
                    .clone();
                s = gated(&s, Seat(0), json!({"type": "place_worker", "space": sp})).unwrap();
            }
            Side::Vim => {
                let e = rule_of(
                    gated(
                        &s,
                        Seat(0),
                        json!({"type": "place_worker", "space": "laborer"}),
                    )
                    .unwrap_err(),
                );
                assert_eq!(
                    (e.kind, e.rule.as_str()),
                    (RuleErrorKind::OutOfTurn, "ARLE-TURN-1")
                );
                order.push(Side::Vim);
                s = gated_bot(&s, 9 + i).unwrap();
            }
        }
    }
    use Side::*;
    assert_eq!(order, vec![Human, Vim, Human, Vim, Human, Vim, Human, Vim]);
    assert_eq!(s.half_year, 2);
    // With VIM as start player VIM places first.
    let s = at(2, Vim, "master");
    assert!(matches!(ArlerErde::next(&s), Next::Bot { .. }));
}

#[test]
fn turn_2_one_shared_off_season_placement() {
    let s = at(1, Side::Human, "colonist");
    let (s, ev) = human(
        &s,
        json!({"type": "place_worker", "season": "winter", "space": "baker"}),
    )
    .unwrap();
    // ARLE-TURN-2: the human used it; VIM's double cannot.
    assert_eq!(s.off_season_used_by, Some(Side::Human));
    assert_eq!(event(&ev, "human_worker_placed").rule, "ARLE-TURN-2");
    let (s, ev) = vim(&s, &[3, 3]);
    assert_eq!(event(&ev, "vim_option_chosen").data["option"], 3);
    assert_eq!(last_vim(&s).0, Season::Summer);
    refused(
        human(
            &s,
            json!({"type": "place_worker", "season": "winter", "space": "tanner"}),
        ),
        "ARLE-HUM-4",
    );
    // Reset at the next half-year.
    let s = play_until(s, 4, |s| s.half_year == 2);
    assert_eq!(s.off_season_used_by, None);
}

/// ARLE-TURN-2: a placement on the current half-year's list names its
/// season or leaves it out, one meaning; its form offers that season once
/// (no "not given" beside "summer"), and both spellings are listed.
#[test]
fn turn_2_the_current_season_is_offered_once() {
    let s = at(1, Side::Human, "colonist");
    let legal = ArlerErde::legal_moves(&s, Seat(0));
    let mut current = 0;
    for m in &legal {
        let crate::engine::Legal::Template { base, params } = m else {
            continue;
        };
        let Move::PlaceWorker { season, .. } = base else {
            continue;
        };
        if let Some(p) = params.iter().find(|p| p.field == "season") {
            assert_eq!(*season, Some(Season::Summer));
            assert_eq!(
                p.domain,
                crate::engine::Domain::OneOf(vec![json!("summer")]),
                "{base:?}"
            );
            current += 1;
        }
    }
    assert!(current > 5, "{current} placements on the summer list");
    assert!(listed(
        &s,
        json!({"type": "place_worker", "space": "fisherman"})
    ));
    assert!(listed(
        &s,
        json!({"type": "place_worker", "season": "summer", "space": "fisherman"})
    ));
    assert!(listed(
        &s,
        json!({"type": "place_worker", "season": null, "space": "fisherman"})
    ));
    // The off-season placement names its season, fixed.
    assert!(listed(
        &s,
        json!({"type": "place_worker", "season": "winter", "space": "baker"})
    ));
}

#[test]
fn turn_3_start_player_rule() {
    // VIM starts, the human uses the off-season space: VIM starts again
    // (plain alternation would give the human).
    let mut s = at(2, Side::Vim, "master");
    put(&mut s, Side::Vim, "peat_boatman");
    let s = human(
        &s,
        json!({"type": "place_worker", "season": "summer", "space": "grocer"}),
    )
    .unwrap()
    .0;
    let s = play_until(s, 5, |s| s.half_year == 3);
    assert_eq!(s.start_player, Side::Vim); // ARLE-TURN-3
    assert_eq!(
        s.history.last().unwrap().off_season_used_by,
        Some(Side::Human)
    );
    // Human starts, no off-season: VIM starts next.
    let mut s = at(1, Side::Human, "master");
    for (side, sp) in [
        (Side::Human, "fisherman"),
        (Side::Vim, "grocer"),
        (Side::Human, "wool_weaver"),
        (Side::Vim, "colonist"),
        (Side::Human, "peat_cutter"),
        (Side::Vim, "dike_builder"),
        (Side::Human, "clay_worker"),
    ] {
        put(&mut s, side, sp);
    }
    let (s, ev) = vim(&s, &[2, 3]); // no double
    assert_eq!(s.start_player, Side::Vim); // ARLE-TURN-3
    let e = event(&ev, "half_year_ended");
    assert_eq!(e.data["why"], "alternation");
    assert!(e.text.contains("the start passes to VIM"), "{}", e.text);
}

#[test]
fn turn_4_one_worker_per_space_markers_never_occupy() {
    let mut s = at(1, Side::Human, "colonist");
    put(&mut s, Side::Human, "fisherman");
    put(&mut s, Side::Vim, "grocer");
    // ARLE-TURN-4: a human worker occupies for the human too.
    refused(
        human(&s, json!({"type": "place_worker", "space": "fisherman"})),
        "ARLE-HUM-1",
    );
    // VIM skips both sides' workers.
    let s = place(&s, "peat_cutter");
    let (_, ev) = vim(&s, &[1, 3]);
    assert_eq!(
        walk(&ev),
        w(&[("peat_cutter", "occupied"), ("dike_builder", "1")])
    );
    // A space with only marker 1 on it is free.
    assert!(!s.occupied(Season::Summer, "colonist"));
}

#[test]
fn turn_5_human_turn_recorded_as_usual() {
    let s = at(1, Side::Human, "colonist");
    let (s2, ev) = human(&s, json!({"type": "place_worker", "space": "woodcutter"})).unwrap();
    // ARLE-TURN-5: the placement is recorded; nothing else of the table changes.
    assert_eq!(s2.placed.len(), 1);
    assert_eq!(s2.placed[0].space, "woodcutter");
    assert_eq!(s2.display, s.display);
    assert_eq!(s2.marker1, s.marker1);
    assert_eq!(s2.to_place, Some(Side::Vim));
    assert_eq!(event(&ev, "human_worker_placed").rule, "ARLE-TURN-5");
}

// ---------------------------------------------------------------- HUM

#[test]
fn hum_1_placement_checks() {
    let s = at(1, Side::Human, "colonist");
    // ARLE-HUM-1: unknown space, winter space without season, own space.
    refused(
        human(&s, json!({"type": "place_worker", "space": "tanner"})),
        "ARLE-HUM-1",
    );
    refused(
        human(&s, json!({"type": "place_worker", "space": "nowhere"})),
        "ARLE-HUM-1",
    );
    refused(
        human(
            &s,
            json!({"type": "place_worker", "season": "winter", "space": "fisherman"}),
        ),
        "ARLE-HUM-1",
    );
    let mut t = s.clone();
    put(&mut t, Side::Human, "fisherman");
    put(&mut t, Side::Vim, "grocer");
    refused(
        human(&t, json!({"type": "place_worker", "space": "fisherman"})),
        "ARLE-HUM-1",
    );
    // Not the human's turn: the engine's turn gate refuses it.
    let mut v = s.clone();
    put(&mut v, Side::Human, "fisherman");
    let e = rule_of(
        gated(
            &v,
            Seat(0),
            json!({"type": "place_worker", "space": "grocer"}),
        )
        .unwrap_err(),
    );
    assert_eq!(e.kind, RuleErrorKind::OutOfTurn);
    // What is refused is not listed; what is listed is accepted.
    assert!(!listed(
        &s,
        json!({"type": "place_worker", "space": "tanner"})
    ));
    assert!(listed(
        &s,
        json!({"type": "place_worker", "space": "grocer"})
    ));
    assert!(listed(
        &s,
        json!({"type": "place_worker", "space": "grocer", "season": "summer"})
    ));
    assert!(listed(
        &s,
        json!({"type": "place_worker", "space": "tanner", "season": "winter"})
    ));
}

#[test]
fn hum_2_vim_spaces_are_blocked() {
    let mut s = at(1, Side::Human, "colonist");
    put(&mut s, Side::Human, "fisherman");
    let (s, _) = vim(&s, &[1, 2]); // → peat_cutter
    let e = refused(
        human(&s, json!({"type": "place_worker", "space": "peat_cutter"})),
        "ARLE-HUM-2",
    );
    assert!(e.detail.contains("VIM"));
    // Also VIM's off-season worker.
    let s = place(&at(1, Side::Human, "colonist"), "fisherman");
    let (s, _) = vim(&s, &[2, 2]);
    refused(
        human(
            &s,
            json!({"type": "place_worker", "season": "winter", "space": "peat_boatman"}),
        ),
        "ARLE-HUM-2",
    );
}

#[test]
fn hum_3_marker_blocks_nothing() {
    let s = at(1, Side::Human, "builder");
    let (s, ev) = human(
        &s,
        json!({"type": "place_worker", "space": "builder", "built": "joinery"}),
    )
    .unwrap();
    // ARLE-HUM-3
    assert_eq!(s.occupant(Season::Summer, "builder"), Some(Side::Human));
    let e = event(&ev, "human_worker_placed");
    assert_eq!(e.rule, "ARLE-HUM-3");
    assert_eq!(e.data["on_marker1"], true);
    assert!(e.text.contains("blocks nothing"), "{}", e.text);
    assert!(listed(
        &at(1, Side::Human, "builder"),
        json!({"type": "place_worker", "space": "builder"})
    ));
}

#[test]
fn hum_4_off_season_refused_once_used() {
    for by in [Side::Human, Side::Vim] {
        let mut s = at(1, Side::Human, "colonist");
        put_in(&mut s, by, Season::Winter, "butcher");
        put(&mut s, by.other(), "fisherman");
        if s.to_place != Some(Side::Human) {
            put(&mut s, Side::Vim, "grocer");
        }
        // ARLE-HUM-4: used by either seat.
        refused(
            human(
                &s,
                json!({"type": "place_worker", "season": "winter", "space": "tanner"}),
            ),
            "ARLE-HUM-4",
        );
        let legal = ArlerErde::legal_moves(&s, Seat(0));
        assert!(legal.iter().all(|m| m.free_fields().contains(&"season")
            || !matches!(m.base(), Move::PlaceWorker { .. })));
        assert!(!listed(
            &s,
            json!({"type": "place_worker", "season": "winter", "space": "tanner"})
        ));
    }
}

#[test]
fn hum_5_built_only_on_building_spaces_and_from_the_display() {
    let s = at(1, Side::Human, "colonist");
    // ARLE-HUM-5
    refused(
        human(
            &s,
            json!({"type": "place_worker", "space": "woodcutter", "built": "mill"}),
        ),
        "ARLE-HUM-5",
    );
    refused(
        human(
            &s,
            json!({"type": "place_worker", "space": "forester", "built": "smithy"}),
        ),
        "ARLE-HUM-5",
    );
    for (season, space) in [
        (None, "forester"),
        (None, "carpenter"),
        (None, "builder"),
        (None, "laborer"),
        (Some("winter"), "wood_trader"),
        (Some("winter"), "laborer"),
    ] {
        let mut mv = json!({"type": "place_worker", "space": space, "built": "saddlery"});
        if let Some(x) = season {
            mv["season"] = json!(x);
        }
        let (s2, _) = human(&s, mv).unwrap();
        assert_eq!(s2.display[9].emptied_by, Some(Side::Human));
        assert_eq!(s2.placed[0].built, Some("saddlery".into()));
    }
    refused(
        human(
            &s,
            json!({"type": "place_worker", "season": "winter", "space": "carpenter", "built": "mill"}),
        ),
        "ARLE-HUM-5",
    );
    let (s2, _) = human(&s, json!({"type": "report_building", "building": "mill"})).unwrap();
    refused(
        human(
            &s2,
            json!({"type": "place_worker", "space": "builder", "built": "mill"}),
        ),
        "ARLE-HUM-5",
    );
}

#[test]
fn hum_6_report_building_on_the_humans_decisions() {
    let s = at(1, Side::Human, "colonist");
    // ARLE-HUM-6: while the human has a decision, before or between placements.
    assert!(listed(
        &s,
        json!({"type": "report_building", "building": "turnery"})
    ));
    let (s2, ev) = human(
        &s,
        json!({"type": "report_building", "building": "turnery"}),
    )
    .unwrap();
    let e = event(&ev, "building_reported");
    assert_eq!(e.rule, "ARLE-HUM-6");
    assert_eq!(e.data["slot"], 5);
    assert_eq!(s2.built_by_human.len(), 1);
    assert_eq!(s2.to_place, Some(Side::Human), "the decision stays open");
    refused(
        human(
            &s2,
            json!({"type": "report_building", "building": "turnery"}),
        ),
        "ARLE-HUM-6",
    );
    assert!(!listed(
        &s2,
        json!({"type": "report_building", "building": "turnery"})
    ));
    refused(
        human(
            &s2,
            json!({"type": "report_building", "building": "palace"}),
        ),
        "ARLE-HUM-6",
    );
    // While VIM is to place the engine's turn gate refuses it; the placement
    // just made draws no chance, so it can be taken back (undo) and sent
    // again with its building.
    let g = erased();
    let placed = g
        .play(
            &any(&s2),
            Seat(0),
            &json!({"type": "place_worker", "space": "fisherman"}),
            crate::engine::Chance::new(
                crate::engine::Dice::new(0),
                crate::engine::TableMode::SERVER,
                vec![],
            )
            .unwrap(),
        )
        .unwrap();
    assert!(placed.undoable);
    let vim_to_place = place(&s2, "fisherman");
    let e = rule_of(
        gated(
            &vim_to_place,
            Seat(0),
            json!({"type": "report_building", "building": "mill"}),
        )
        .unwrap_err(),
    );
    assert_eq!(e.kind, RuleErrorKind::OutOfTurn);
    assert!(ArlerErde::legal_moves(&vim_to_place, Seat(0)).is_empty());
    // After half-year 9 nothing is built any more.
    let done = play_out(s2, 1);
    refused(
        human(
            &done,
            json!({"type": "report_building", "building": "joinery"}),
        ),
        "ARLE-HUM-6",
    );
}

#[test]
fn hum_7_laborer_imitation_not_modelled() {
    let mut s = at(1, Side::Human, "colonist");
    put(&mut s, Side::Human, "fisherman");
    put(&mut s, Side::Vim, "builder");
    // ARLE-HUM-7: the Laborer may report a building although VIM blocks the Builder.
    let (s2, _) = human(
        &s,
        json!({"type": "place_worker", "space": "laborer", "built": "mill"}),
    )
    .unwrap();
    assert_eq!(s2.occupant(Season::Summer, "builder"), Some(Side::Vim));
    assert_eq!(s2.built_by_human[0].building, "mill");
    assert!(listed(
        &s,
        json!({"type": "place_worker", "space": "laborer", "built": "mill"})
    ));
    // ... but the blocked Builder itself stays refused.
    refused(
        human(&s, json!({"type": "place_worker", "space": "builder"})),
        "ARLE-HUM-2",
    );
}

// ---------------------------------------------------------------- VIM

#[test]
fn vim_1_roll_two_dice_first_option_only() {
    let s = place(&at(1, Side::Human, "colonist"), "fisherman");
    for d1 in 1..=6u8 {
        for d2 in 1..=6u8 {
            // Two dice; four more when VIM lands on a building space.
            let (state, events) = match bot_with(&s, table_dice(&[d1, d2])) {
                Ok(r) => r,
                Err(_) => vim(&s, &[d1, d2, 1, 1, 1, 1]),
            };
            // ARLE-VIM-1: one worker, the option named in the events.
            assert_eq!(state.placed.len(), 2);
            assert_eq!(event(&events, "vim_dice_rolled").dice, vec![d1, d2]);
            let oc = event(&events, "vim_option_chosen");
            let checks = oc.data["checks"].as_array().unwrap();
            assert_eq!(checks.last().unwrap()["met"], true);
            assert!(checks[..checks.len() - 1].iter().all(|c| c["met"] == false));
            assert_eq!(
                events
                    .iter()
                    .filter(|e| e.kind == "vim_worker_placed")
                    .count(),
                1
            );
        }
    }
}

#[test]
fn vim_2_option_1_topmost_other_season_marker_stays() {
    let s = place(&at(1, Side::Human, "woodcutter"), "fisherman");
    let (s2, ev) = vim(&s, &[6, 6]);
    // ARLE-VIM-2
    assert_eq!(last_vim(&s2), (Season::Winter, "peat_boatman".into()));
    assert_eq!(s2.marker1, s.marker1);
    assert_eq!(s2.off_season_used_by, Some(Side::Vim));
    assert_eq!(event(&ev, "vim_worker_placed").rule, "ARLE-VIM-2");
}

#[test]
fn vim_3_option_2_counts_one() {
    let s = place(&at(1, Side::Human, "woodcutter"), "fisherman");
    let (s2, ev) = vim(&s, &[6, 1]);
    // ARLE-VIM-3
    assert_eq!(event(&ev, "vim_marker_counted").data["steps"], 1);
    assert_eq!(last_vim(&s2).1, "master");
    assert_eq!(s2.marker1.space, "master");
}

#[test]
fn vim_4_option_3_counts_the_sum() {
    let s = place(&at(1, Side::Human, "colonist"), "fisherman");
    let (s2, ev) = vim(&s, &[2, 4]);
    // ARLE-VIM-4: 6 from Colonist: Peat Cutter 1 … Forester 5, Woodcutter 6.
    assert_eq!(event(&ev, "vim_marker_counted").data["steps"], 6);
    assert_eq!(last_vim(&s2).1, "woodcutter");
}

#[test]
fn vim_5_order_of_the_options() {
    let unused = place(&at(1, Side::Human, "colonist"), "fisherman");
    let mut used = at(1, Side::Human, "colonist");
    put_in(&mut used, Side::Human, Season::Winter, "tanner");
    for d1 in 1..=6u8 {
        for d2 in 1..=6u8 {
            let (o_unused, _) = bot::choose_option(&unused, d1, d2);
            let (o_used, _) = bot::choose_option(&used, d1, d2);
            // ARLE-VIM-5
            let expected_used = if d1 == 1 || d2 == 1 { 2 } else { 3 };
            let expected_unused = if d1 == d2 { 1 } else { expected_used };
            assert_eq!(o_unused, expected_unused, "{d1}+{d2}");
            assert_eq!(o_used, expected_used, "{d1}+{d2}");
            if o_used == 3 {
                assert!((4..=12).contains(&(d1 + d2)));
            }
        }
    }
    let (s, ev) = vim(&used, &[1, 1]);
    assert_eq!(event(&ev, "vim_option_chosen").data["option"], 2);
    assert_eq!(last_vim(&s).1, "peat_cutter");
}

#[test]
fn vim_6_building_space_by_any_option_triggers_removal() {
    // A custom board whose topmost winter space is a building space.
    let o = Options {
        board: Some(custom_board(9, 4)),
        ..Options::default()
    };
    let mut s = start(&o).0;
    s.to_place = Some(Side::Vim);
    s.start_player = Side::Vim;
    let (s2, ev) = vim(&s, &[4, 4, 1, 1, 1, 2]);
    // ARLE-VIM-6: option 1 onto w_1 removes a building.
    assert_eq!(event(&ev, "vim_option_chosen").data["option"], 1);
    assert_eq!(last_vim(&s2), (Season::Winter, "w_1".into()));
    assert_eq!(event(&ev, "building_removed").data["building"], "b1");
    // Base game: option 1 never lands on a building space.
    assert!(!data::winter_spaces()[0].building && !data::summer_spaces()[0].building);
}

// ---------------------------------------------------------------- CNT

#[test]
fn cnt_1_counting_only_over_the_current_list() {
    let mut s = at(1, Side::Human, "colonist");
    put_in(&mut s, Side::Human, Season::Winter, "cattle_trader");
    let (_, ev) = vim(&s, &[1, 2]);
    // ARLE-CNT-1: the winter worker does not matter; summer order, downward.
    assert_eq!(walk(&ev), w(&[("peat_cutter", "1")]));
    assert_eq!(event(&ev, "vim_marker_counted").data["season"], "summer");
}

#[test]
fn cnt_2_marker_space_never_counted() {
    // Free marker space at the start of a half-year: count 1 goes past it.
    let s = place(&at(1, Side::Human, "colonist"), "fisherman");
    let (_, ev) = vim(&s, &[1, 5]);
    assert_eq!(walk(&ev), w(&[("peat_cutter", "1")]));
    // Wrap round to a free marker space on a small custom board: skipped.
    let o = Options {
        board: Some(custom_board(9, 4)),
        ..Options::default()
    };
    let mut s = start(&o).0;
    s.marker1.space = "s_1".into();
    for (side, sp) in [
        (Side::Human, "s_2"),
        (Side::Vim, "s_3"),
        (Side::Human, "s_4"),
        (Side::Vim, "s_5"),
        (Side::Human, "s_6"),
        (Side::Vim, "s_7"),
        (Side::Human, "s_8"),
    ] {
        put(&mut s, side, sp);
    }
    let (s2, ev) = vim(&s, &[1, 2]);
    // ARLE-CNT-2: only s_9 can be counted.
    let wk = walk(&ev);
    assert_eq!(
        wk.first().unwrap(),
        &("s_2".to_string(), "occupied".to_string())
    );
    assert_eq!(wk.last().unwrap(), &("s_9".to_string(), "1".to_string()));
    assert_eq!(last_vim(&s2).1, "s_9");
    let (_, ev) = vim(&s, &[2, 3]);
    let wk = walk(&ev);
    assert!(wk.contains(&("s_1".to_string(), "marker_space".to_string())));
    assert_eq!(
        wk.iter().filter(|(_, t)| t.parse::<u32>().is_ok()).count(),
        5
    );
    assert_eq!(wk.last().unwrap(), &("s_9".to_string(), "5".to_string()));
}

#[test]
fn cnt_3_occupied_spaces_skipped() {
    let mut s = at(1, Side::Human, "fisherman");
    put(&mut s, Side::Human, "grocer");
    put(&mut s, Side::Vim, "wool_weaver");
    put(&mut s, Side::Human, "colonist");
    let (_, ev) = vim(&s, &[1, 6]);
    // ARLE-CNT-3
    assert_eq!(
        walk(&ev),
        w(&[
            ("grocer", "occupied"),
            ("wool_weaver", "occupied"),
            ("colonist", "occupied"),
            ("peat_cutter", "1")
        ])
    );
}

#[test]
fn cnt_4_wrap_from_lowest_to_topmost() {
    let s = place(&at(1, Side::Human, "warden"), "grocer");
    let (s2, ev) = vim(&s, &[2, 4]);
    // ARLE-CNT-4: Laborer 1, Fisherman 2, Grocer skipped, ... Peat Cutter 5, Dike Builder 6.
    assert_eq!(
        walk(&ev),
        w(&[
            ("laborer", "1"),
            ("fisherman", "2"),
            ("grocer", "occupied"),
            ("wool_weaver", "3"),
            ("colonist", "4"),
            ("peat_cutter", "5"),
            ("dike_builder", "6")
        ])
    );
    assert_eq!(last_vim(&s2).1, "dike_builder");
}

#[test]
fn cnt_5_marker_moves_to_the_space_reached() {
    let s = place(&at(2, Side::Human, "potter"), "tanner");
    let (s2, ev) = vim(&s, &[1, 3]);
    // ARLE-CNT-5
    assert_eq!(s2.marker1.space, "baker");
    assert_eq!(last_vim(&s2).1, "baker");
    assert_eq!(event(&ev, "vim_marker_counted").data["to"], "baker");
}

#[test]
fn cnt_6_formula_matches_the_walk() {
    // ARLE-CNT-6: target = F[(n-1) mod |F|] over random states.
    let mut rng = Dice::new(77);
    for _ in 0..300 {
        let h = 1 + rng.below(9) as u8;
        let top = if h % 2 == 1 {
            "fisherman"
        } else {
            "peat_boatman"
        };
        let mut s = at(h, Side::Human, top);
        let len = s.board.list(s.season).len();
        s.marker1.space = s.board.list(s.season)[rng.below(len as u32) as usize]
            .id
            .clone();
        let k = rng.below(8) as usize;
        for i in 0..k {
            let free: Vec<String> = s
                .board
                .list(s.season)
                .iter()
                .filter(|x| !s.occupied(s.season, &x.id))
                .map(|x| x.id.0.clone())
                .collect();
            let sp = free[rng.below(free.len() as u32) as usize].clone();
            put(
                &mut s,
                if i % 2 == 0 { Side::Human } else { Side::Vim },
                &sp,
            );
        }
        let n = 1 + rng.below(12) as usize;
        let list = s.board.list(s.season);
        let m = s.board.index(s.season, &s.marker1.space).unwrap();
        let f: Vec<usize> = (1..=len)
            .map(|j| (m + j) % len)
            .filter(|&j| j != m && !s.occupied(s.season, &list[j].id))
            .collect();
        let expected = f[(n - 1) % f.len()];
        let (got, walk) = bot::count_spaces(&s, n).unwrap();
        assert_eq!(got, expected);
        assert_eq!(walk.iter().filter(|w| w.counted).count(), n);
    }
}

// ---------------------------------------------------------------- BLD

#[test]
fn bld_1_only_building_spaces_trigger() {
    for (marker, target, building) in [
        ("farmer", "forester", true),
        ("forester", "woodcutter", false),
        ("master", "carpenter", true),
        ("carpenter", "builder", true),
        ("builder", "warden", false),
        ("warden", "laborer", false),
    ] {
        let s = place(&at(1, Side::Human, marker), "fisherman");
        let dice: &[u8] = if building {
            &[1, 2, 1, 1, 1, 1]
        } else {
            &[1, 2]
        };
        let (s2, ev) = vim(&s, dice);
        assert_eq!(last_vim(&s2).1, target);
        // ARLE-BLD-1
        assert_eq!(
            kinds(&ev).contains(&"building_removed"),
            building,
            "{target}"
        );
    }
}

#[test]
fn bld_2_both_dice_twice_summed() {
    let s = place(&at(1, Side::Human, "farmer"), "fisherman");
    let (_, ev) = vim(&s, &[1, 2, 6, 6, 6, 6]);
    let e = event(&ev, "building_dice_rolled");
    // ARLE-BLD-2
    assert_eq!(e.dice, vec![6, 6, 6, 6]);
    assert_eq!(e.data["sum"], 24);
    // 24 over 18 buildings from before slot 1 → slot 6.
    assert_eq!(event(&ev, "building_removed").data["slot"], 6);
}

#[test]
fn bld_3_count_remaining_buildings_in_reading_order() {
    // ARLE-BLD-3: formula B[(sum-1) mod |B|] over random displays.
    let mut rng = Dice::new(31);
    for _ in 0..300 {
        let mut s = at(1, Side::Human, "farmer");
        let left = 1 + rng.below(18) as usize;
        let mut order: Vec<usize> = (0..18).collect();
        rng.shuffle(&mut order);
        for &i in &order[left..] {
            s.display[i].building = None;
        }
        s.marker2 = rng.below(19) as usize;
        let sum = 4 + rng.below(21) as usize;
        let b: Vec<usize> = (0..18)
            .map(|j| (s.marker2 + j) % 18)
            .filter(|&j| s.display[j].building.is_some())
            .map(|j| j + 1)
            .collect();
        let (slot, walk) = bot::count_buildings(&s, sum).unwrap();
        assert_eq!(slot, b[(sum - 1) % b.len()]);
        assert_eq!(walk.iter().filter(|w| w.counted).count(), sum);
    }
}

#[test]
fn bld_4_removed_from_the_game_marker2_follows() {
    let s = place(&at(1, Side::Human, "farmer"), "fisherman");
    let (s, _) = vim(&s, &[1, 2, 1, 1, 1, 2]); // 5 → slot 5 turnery
                                               // ARLE-BLD-4
    assert_eq!(s.marker2, 5);
    assert_eq!(s.removed_by_vim, vec![BuildingId::from("turnery")]);
    assert_eq!(s.display[4].emptied_building.as_deref(), Some("turnery"));
    // The next removal counts on from slot 5.
    let mut s = s;
    s.placed.clear();
    s.workers_left.vim = 4;
    s.workers_left.human = 4;
    s.marker1.space = "farmer".into();
    let s = place(&s, "fisherman");
    let (s, ev) = vim(&s, &[1, 2, 1, 1, 1, 1]);
    assert_eq!(event(&ev, "building_removed").data["slot"], 9);
    assert_eq!(s.marker2, 9);
    assert!(s.built_by_human.is_empty(), "VIM's removals go to nobody");
}

#[test]
fn bld_5_empty_display_no_dice() {
    let mut s = place(&at(1, Side::Human, "farmer"), "fisherman");
    for d in &mut s.display {
        d.building = None;
    }
    s.dice_mode = DiceMode::Table;
    // ARLE-BLD-5: only VIM's two dice are needed.
    assert_eq!(vim_err(&s, &[]).kind.table_needed(), Some(2));
    let (s2, ev) = vim(&s, &[1, 2]);
    assert_eq!(last_vim(&s2).1, "forester");
    assert_eq!(event(&ev, "building_removal_skipped").rule, "ARLE-BLD-5");
    assert!(!kinds(&ev).contains(&"building_dice_rolled"));
}

// ---------------------------------------------------------------- END

#[test]
fn end_1_bookkeeping_after_the_eighth_placement() {
    let mut s = at(1, Side::Human, "forester");
    for (side, sp) in [
        (Side::Human, "fisherman"),
        (Side::Vim, "grocer"),
        (Side::Human, "wool_weaver"),
        (Side::Vim, "colonist"),
        (Side::Human, "peat_cutter"),
        (Side::Vim, "dike_builder"),
    ] {
        put(&mut s, side, sp);
    }
    put_in(&mut s, Side::Human, Season::Winter, "baker");
    let (s, ev) = vim(&s, &[1, 2]);
    // ARLE-END-1: workers back, allowance reset, start player, next half-year.
    assert!(s.placed.is_empty());
    assert_eq!((s.workers_left.human, s.workers_left.vim), (4, 4));
    assert_eq!(s.off_season_used_by, None);
    assert_eq!(s.start_player, Side::Vim);
    assert_eq!((s.half_year, s.season), (2, Season::Winter));
    assert_eq!(s.to_place, Some(Side::Vim));
    let e = event(&ev, "half_year_ended");
    assert_eq!(e.rule, "ARLE-END-1");
    assert_eq!(e.data["off_season_used_by"], 0); // seat 0, the human
    assert_eq!(s.history.len(), 1);
    assert_eq!(s.history[0].placements.len(), 8);
    assert_eq!(s.history[0].marker1_end.space, "woodcutter");
    // The human can make the 8th placement too.
    let mut t = at(2, Side::Vim, "master");
    for (side, sp) in [
        (Side::Vim, "peat_boatman"),
        (Side::Human, "tanner"),
        (Side::Vim, "linen_weaver"),
        (Side::Human, "butcher"),
        (Side::Vim, "cattle_trader"),
        (Side::Human, "grocer"),
        (Side::Vim, "potter"),
    ] {
        put(&mut t, side, sp);
    }
    let (t, ev) = human(&t, json!({"type": "place_worker", "space": "baker"})).unwrap();
    assert_eq!(t.half_year, 3);
    assert_eq!(t.start_player, Side::Human);
    assert_eq!(
        event(&ev, "half_year_ended").data["marker1_to"]["space"],
        "master"
    );
}

#[test]
fn end_2_marker_to_the_opposite_space() {
    for sp in data::summer_spaces() {
        let mut s = at(1, Side::Human, &sp.id);
        let mut chance =
            crate::engine::Chance::new(Dice::new(0), crate::engine::TableMode::SERVER, vec![])
                .unwrap();
        let mut turn = crate::engine::Turn::new(None, &mut chance);
        super::super::flow::end_half_year(&mut s, &mut turn);
        // ARLE-END-2
        assert_eq!(
            (s.marker1.season, s.marker1.space.clone()),
            (Season::Winter, sp.opposite.clone())
        );
        let back = s
            .board
            .space(Season::Winter, &s.marker1.space)
            .unwrap()
            .opposite
            .clone();
        assert_eq!(back, sp.id);
    }
}

#[test]
fn end_3_final_score_decision_after_half_year_nine() {
    let s = start(&opts_d0()).0;
    refused(
        human(&s, json!({"type": "report_score", "points": 10})),
        "ARLE-END-3",
    );
    assert!(!listed(&s, json!({"type": "report_score", "points": 10})));
    let s = play_out(s, 8);
    // ARLE-END-3: after half-year 9 the human is asked for the score.
    assert_eq!(s.phase, Phase::FinalScore);
    assert_eq!(s.to_place, None);
    assert_eq!(s.history.len(), 9);
    assert_eq!(
        s.history[8].marker1_next.season,
        Season::Winter,
        "the last marker move is logged"
    );
    match ArlerErde::next(&s) {
        Next::Human { seats, decision } => {
            assert_eq!(seats, vec![Seat(0)]);
            assert!(matches!(
                decision,
                super::super::Decision::ReportScore { .. }
            ));
        }
        other => panic!("{other:?}"),
    }
    refused(
        human(&s, json!({"type": "place_worker", "space": "fisherman"})),
        "ARLE-END-3",
    );
    assert!(rule_of(gated_bot(&s, 1).unwrap_err()).kind == RuleErrorKind::OutOfTurn);
    // The score is a template over its whole range, or none at all.
    for (p, ok) in [
        (-100, true),
        (0, true),
        (123, true),
        (500, true),
        (501, false),
        (-101, false),
    ] {
        assert_eq!(
            listed(&s, json!({"type": "report_score", "points": p})),
            ok,
            "{p}"
        );
        assert_eq!(
            human(&s, json!({"type": "report_score", "points": p})).is_ok(),
            ok,
            "{p}"
        );
    }
    assert!(listed(&s, json!({"type": "report_score"})));
    let (s2, ev) = human(&s, json!({"type": "report_score", "points": 123})).unwrap();
    assert_eq!(s2.reported_score, Some(123));
    assert_eq!(s2.phase, Phase::Finished);
    assert_eq!(
        event(&ev, "score_reported").text,
        "Player reported a final score of 123 points."
    );
}

/// After the game ended, `legal_moves` still listed
/// `report_score` and a second report was accepted (ARLE-END-3).
#[test]
fn end_3_a_finished_game_lists_nothing_and_accepts_nothing() {
    let s = play_out(start(&opts_d0()).0, 8);
    let done = gated(&s, Seat(0), json!({"type": "report_score", "points": 123})).unwrap();
    assert!(matches!(ArlerErde::next(&done), Next::Finished { .. }));
    assert!(ArlerErde::legal_moves(&done, Seat(0)).is_empty());
    assert!(ArlerErde::legal_moves(&done, Seat(1)).is_empty());
    // The engine's turn gate refuses every move of a finished game ...
    for mv in [
        json!({"type": "report_score", "points": 99}),
        json!({"type": "report_score"}),
        json!({"type": "report_building", "building": "mill"}),
        json!({"type": "place_worker", "space": "fisherman"}),
    ] {
        let e = rule_of(gated(&done, Seat(0), mv).unwrap_err());
        assert_eq!(e.kind, RuleErrorKind::GameOver);
    }
    assert_eq!(
        rule_of(gated_bot(&done, 1).unwrap_err()).kind,
        RuleErrorKind::GameOver
    );
    // ... and the rules themselves refuse a second report.
    refused(
        human(&done, json!({"type": "report_score", "points": 99})),
        "ARLE-END-3",
    );
    assert_eq!(done.reported_score, Some(123));
}

#[test]
fn end_4_no_vim_score_no_winner() {
    let s = play_out(start(&opts_d0()).0, 8);
    // ARLE-END-4: finishing without a score leaves it null; no winner.
    let (none, _) = human(&s, json!({"type": "report_score"})).unwrap();
    match ArlerErde::next(&none) {
        Next::Finished { scores, winner, .. } => {
            assert_eq!(scores.len(), 1);
            assert_eq!(scores["human"], None);
            assert_eq!(winner, None);
        }
        other => panic!("{other:?}"),
    }
    let (s, _) = human(&s, json!({"type": "report_score", "points": 151})).unwrap();
    match ArlerErde::next(&s) {
        Next::Finished { scores, winner, .. } => {
            assert_eq!(scores["human"], Some(151));
            assert_eq!(winner, None);
        }
        other => panic!("{other:?}"),
    }
}
