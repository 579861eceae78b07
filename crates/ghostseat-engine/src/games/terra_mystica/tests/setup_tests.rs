//! Setup, deck and difficulty (TMA-GEN, TMA-SET, TMA-DECK).

use crate::engine::{Game, GameOptions, Next, RuleErrorKind, Seat};

use super::data::*;
use super::ids::*;
use super::kit::*;
use super::moves::Move;
use super::options::*;
use super::state::*;
use super::TerraMystica;

/// The rule id of a refusal at creation (options are validated there, and
/// again when the game starts).
fn err_rule(o: &Options) -> String {
    err_option(o).0
}

/// The rule id and the option a refusal names.
fn err_option(o: &Options) -> (String, String) {
    let e = o.validate().expect_err("must be refused");
    assert_eq!(
        try_start(o, 1).map(|_| ()).unwrap_err(),
        e,
        "start refuses what creation refuses"
    );
    match e.kind {
        RuleErrorKind::BadOptions { option: Some(p) } => (e.rule, p),
        k => panic!("not an option refusal: {k:?}"),
    }
}

#[test]
fn tma_set_1_invalid_option_combinations_are_refused() {
    // TMA-SET-1 (checked below)
    let mut o = opts();
    o.automa_home_terrain = Some(Terrain::Forest); // Witches' home
    assert_eq!(err_rule(&o), "TMA-SET-1"); // TMA-SET-8
    let mut o = opts();
    o.humans = 2;
    o.human_seats.push(HumanSeat {
        faction: HumanFaction::Nomads,
        ..Default::default()
    });
    o.automa_faction = AutomaFaction::Druids;
    assert_eq!(err_rule(&o), "TMA-SET-1"); // TMA-TWO-4
    let mut o = opts();
    o.human_seats[0].faction = HumanFaction::Giants;
    o.automa_faction = AutomaFaction::Blight;
    assert_eq!(err_rule(&o), "TMA-SET-1"); // TMA-HF-7
    o.automa_faction = AutomaFaction::Druids;
    assert!(try_start(&o, 1).is_ok());
    let mut o = opts();
    o.final_scoring_tile = FinalTile::Settlements;
    assert_eq!(err_rule(&o), "TMA-SET-1");
    o.fire_and_ice = true;
    assert!(try_start(&o, 1).is_ok());
    o.final_scoring_tile = FinalTile::MostTradeMarkers;
    assert_eq!(err_rule(&o), "TMA-SET-1");
}

#[test]
fn tma_two_4_variant_requires_simpletons_and_tma_hf_7_giants_forbid_blight() {
    // TMA-TWO-4 TMA-HF-7 (checked below)
    let mut o = opts();
    o.humans = 2;
    o.human_seats.push(HumanSeat {
        faction: HumanFaction::Nomads,
        ..Default::default()
    });
    o.automa_faction = AutomaFaction::Kuddlers;
    assert!(try_start(&o, 1).is_err()); // TMA-TWO-4
    o.automa_faction = AutomaFaction::Simpletons;
    assert!(try_start(&o, 1).is_ok());
    let mut o = opts();
    o.human_seats[0].faction = HumanFaction::Giants;
    o.automa_faction = AutomaFaction::Blight;
    assert!(try_start(&o, 1).is_err()); // TMA-HF-7
}

#[test]
fn tma_set_8_default_automa_home_differs_from_humans() {
    // TMA-SET-8 (checked below)
    // Witches (Forest): 3 steps clockwise after Forest = Desert.
    let st = start(&opts(), 1);
    assert_eq!(st.automa.home, Terrain::Desert);
    let mut o = opts();
    o.human_seats[0].faction = HumanFaction::Nomads; // Desert → Lakes
    assert_eq!(start(&o, 1).automa.home, Terrain::Lakes);
    // A human already on the target: skip to the next terrain.
    let mut o = opts();
    o.humans = 2;
    o.human_seats = vec![
        HumanSeat {
            faction: HumanFaction::Nomads,
            ..Default::default()
        },
        HumanSeat {
            faction: HumanFaction::Mermaids,
            ..Default::default()
        },
    ];
    assert_eq!(start(&o, 1).automa.home, Terrain::Forest);
}

#[test]
fn tma_set_2_3_4_scoring_tiles_dealt_with_house_data() {
    // TMA-SET-2 TMA-SET-3 TMA-SET-4 (checked below)
    for seed in 0..60 {
        let st = start(&opts(), seed);
        assert_eq!(st.scoring_tiles.len(), 6);
        let mut ids: Vec<&str> = st.scoring_tiles.iter().map(|t| t.id.as_str()).collect();
        assert!(ids.iter().all(|i| i.starts_with("SCORE") && *i != "SCORE9")); // TMA-SET-2
        assert!(
            !ids[4..].contains(&"SCORE1"),
            "SCORE1 never in round 5/6 (TMA-SET-3)"
        );
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), 6);
        for t in &st.scoring_tiles {
            assert_eq!(t.automa_pass_vp, 5); // TMA-SET-4 house default
            assert_eq!(t.automa_cult, house_tile_cult(&t.id));
        }
    }
    assert_eq!(house_tile_cult(&"SCORE5".into()), Some(Cult::Fire));
    assert_eq!(house_tile_cult(&"SCORE9".into()), None);
    assert_eq!(house_tile_cult(&"MS6".into()), Some(Cult::Water));
    // Options replace the house data (TMA-SET-4) and the promo tile joins the pool (TMA-SET-2).
    let mut o = opts();
    o.promo_scoring_tile = true;
    for i in 1..=9 {
        o.scoring_tile_data.insert(
            format!("SCORE{i}").into(),
            TileData {
                automa_pass_vp: 7,
                automa_cult: Some(Cult::Air),
            },
        );
    }
    let mut seen9 = false;
    for seed in 0..40 {
        let st = start(&o, seed);
        seen9 |= st.scoring_tiles.iter().any(|t| t.id == "SCORE9");
        assert!(st
            .scoring_tiles
            .iter()
            .all(|t| t.automa_pass_vp == 7 && t.automa_cult == Some(Cult::Air)));
    }
    assert!(seen9);
    let mut o = opts();
    o.merchants_of_the_seas = true;
    assert!(start(&o, 3)
        .scoring_tiles
        .iter()
        .all(|t| t.id.starts_with("MS")));
}

#[test]
fn tma_set_5_round_six_has_no_cult_bonus_but_pass_vp() {
    // TMA-SET-5 (checked below)
    let o = opts();
    let mut st = blank(&o, 6);
    st.scoring_tiles[5] = ScoringTile {
        id: "SCORE2".into(),
        automa_pass_vp: 5,
        automa_cult: Some(Cult::Earth),
    };
    st.cult[Seat(0)][2] = 8;
    set_pair(&mut st, "*1", "*4", &[]);
    st.automa.deck.clear();
    st.automa.drew_this_round = true;
    st.automa.action_card = Some(CardId::S1);
    let vp = st.automa.vp;
    let (s, _) = bot(&st); // deck empty → pass with round-6 tile VP
    assert_eq!(s.automa.vp, vp + 5);
    let (s, _) = play(&s, 0, Move::Pass { bonus_card: None });
    assert_eq!(s.phase, Phase::FinalReports);
    assert!(
        s.pending.is_empty(),
        "no round-end cult bonus after round 6 (TMA-RND-2)"
    );
}

#[test]
fn tma_set_9_10_automa_pieces_and_cult_start() {
    // TMA-SET-9 TMA-SET-10 (checked below)
    let st = start(&opts(), 2);
    assert_eq!(st.automa.supply, [6, 4, 3, 1, 1, 0]);
    assert_eq!(st.automa.priests, 7);
    assert_eq!(st.automa.vp, 20);
    let mut o = opts();
    o.merchants_of_the_seas = true;
    let st = start(&o, 2);
    assert_eq!(st.automa.supply, [6, 2, 3, 1, 1, 1]);
    assert_eq!(st.automa.trade_markers, 15);
    for f in [
        AutomaFaction::Druids,
        AutomaFaction::Gognomes,
        AutomaFaction::Powermongers,
    ] {
        let mut o = opts();
        o.automa_faction = f;
        assert_eq!(start(&o, 2).cult[Seat(1)], f.start_cult());
    }
    assert_eq!(AutomaFaction::Druids.start_cult(), [2, 0, 0, 0]);
}

#[test]
fn tma_set_6_7_11_human_start_values() {
    // TMA-SET-6 TMA-SET-7 TMA-SET-11 (checked below)
    let mut o = opts();
    o.human_seats[0] = HumanSeat {
        faction: HumanFaction::Dwarves,
        start_vp: Some(25),
        ..Default::default()
    };
    let st = start(&o, 1);
    assert_eq!(st.humans[Seat(0)].faction, HumanFaction::Dwarves); // TMA-SET-7
    assert_eq!(st.humans[Seat(0)].home, Terrain::Mountains);
    assert_eq!(st.cult[Seat(0)], [0, 0, 2, 0]); // TMA-SET-11
    assert_eq!(st.humans[Seat(0)].reach, Reach::Teleport { range: 1 });
    assert_eq!(st.human_vp(Seat(0)), 25);
    assert_eq!(st.start_player, Seat(0)); // TMA-SET-6
                                          // F&I factions need a chosen colour.
    let mut o = opts();
    o.fire_and_ice = true;
    o.human_seats[0] = HumanSeat {
        faction: HumanFaction::IceMaidens,
        ..Default::default()
    };
    assert!(try_start(&o, 1).is_err());
    o.human_seats[0].home_terrain = Some(Terrain::Lakes);
    assert_eq!(start(&o, 1).humans[Seat(0)].home, Terrain::Lakes);
}

#[test]
fn tma_set_12_placement_order_nomads_and_tma_hf_5_chaos_magicians() {
    // TMA-SET-12 TMA-HF-5 (checked below)
    let mut o = opts();
    o.human_seats[0].faction = HumanFaction::Nomads;
    let st = start(&o, 1);
    assert_eq!(
        st.setup,
        vec![
            SetupStep::HumanDwelling { seat: Seat(0) },
            SetupStep::AutomaDwellings,
            SetupStep::HumanDwelling { seat: Seat(0) },
            SetupStep::HumanDwelling { seat: Seat(0) },
            SetupStep::AutomaBonus,
            SetupStep::HumanBonus { seat: Seat(0) },
        ]
    );
    let mut o = opts();
    o.human_seats[0].faction = HumanFaction::ChaosMagicians;
    let st = start(&o, 1);
    assert_eq!(
        st.setup[0],
        SetupStep::AutomaDwellings,
        "TMA-HF-5: Chaos Magicians place after Automa"
    );
    assert_eq!(st.setup[1], SetupStep::HumanDwelling { seat: Seat(0) });
    assert!(next_is_bot(&st));
    // A dwelling on the wrong terrain during setup is refused (TMA-HUM-3).
    let st = start(&opts(), 1);
    let e = try_play(&st, 0, Move::PlaceInitialDwelling { cell: "A4".into() }).unwrap_err();
    assert_eq!(e.rule, "TMA-HUM-3");
    // Choosing a bonus card before the dwellings is out of step.
    let e = try_play(
        &st,
        0,
        Move::ChooseBonusCard {
            card: st.bonus_row[0].card.clone(),
        },
    )
    .unwrap_err();
    assert_eq!(e.rule, "TMA-SET-15");
}

#[test]
fn tma_set_13_house_letters_and_map_letters_option() {
    // TMA-SET-13 (checked below)
    let o = opts();
    let g = super::board::geo(MapId::Base);
    let letter = |o: &Options, m: MapId, t, l: &str| {
        o.letter_cell(m, t, l.into())
            .map(|c| super::board::geo(m).name(c).to_string())
            .unwrap()
    };
    // Table 9.2 rows for the base map.
    assert_eq!(
        ["A", "B", "C", "D", "E", "F"].map(|l| letter(&o, MapId::Base, Terrain::Lakes, l)),
        ["A4", "G6", "H4", "I10", "D2", "E4"].map(String::from)
    );
    assert_eq!(
        ["A", "B", "C", "D", "E", "F"].map(|l| letter(&o, MapId::Base, Terrain::Wasteland, l)),
        ["A6", "E3", "I1", "I12", "A12", "D6"].map(String::from)
    );
    assert_eq!(
        (
            letter(&o, MapId::Fjords, Terrain::Plains, "D"),
            letter(&o, MapId::Fjords, Terrain::Plains, "C")
        ),
        ("I9".to_string(), "G7".to_string())
    );
    // Option override: the letters of the physical map card.
    // Swapping two letters of one terrain is valid (two letters on one
    // cell is not: TMA-SET-1).
    let house_a = letter(&opts(), MapId::Base, Terrain::Desert, "A");
    let house_b = letter(&opts(), MapId::Base, Terrain::Desert, "B");
    let mut o = opts();
    o.map_letters.insert(
        MapId::Base,
        [(
            Terrain::Desert,
            [
                ("A".to_string(), house_b.as_str().into()),
                ("B".to_string(), house_a.as_str().into()),
            ]
            .into(),
        )]
        .into(),
    );
    if let Err(e) = o.validate() {
        panic!("{e}");
    }
    assert_eq!(letter(&o, MapId::Base, Terrain::Desert, "A"), house_b);
    assert_eq!(letter(&o, MapId::Base, Terrain::Desert, "B"), house_a);
    let mut twice = opts();
    twice.map_letters.insert(
        MapId::Base,
        [(
            Terrain::Desert,
            [("A".to_string(), house_b.as_str().into())].into(),
        )]
        .into(),
    );
    assert!(twice.validate().is_err(), "A and B on one cell");
    let _ = g;
}

#[test]
fn tma_set_15_16_bonus_row_and_deck_assembled() {
    // TMA-SET-15 TMA-SET-16 (checked below)
    let st = start(&opts(), 8);
    assert_eq!(st.bonus_row.len(), 5);
    assert!(st
        .bonus_row
        .iter()
        .all(|r| BONUS_BASE.contains(&r.card.as_str()) && r.coins == 0));
    assert_eq!(st.automa.deck.len(), 5);
    let mut o = opts();
    o.shipping_bonus_card = true;
    o.merchants_of_the_seas = true;
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..80 {
        for r in start(&o, seed).bonus_row {
            seen.insert(r.card);
        }
    }
    assert!(seen.contains(&"BON10".into()) && seen.contains(&"MB2".into()));
    let st = start(&o, 3);
    assert_eq!(st.automa.mots_set_aside, Some(CardId::MotsSpecial)); // TMA-SET-16
}

#[test]
fn tma_deck_1_card_data() {
    // TMA-DECK-1 (checked below)
    assert_eq!(CARDS.len(), 16);
    let c = card(CardId::S1);
    assert_eq!(c.actions, &[Act::Upgrade, Act::TakeFavor, Act::GainVp]);
    assert_eq!(
        (c.vp, c.marked, c.merging, c.row_a, c.dir, c.count, c.cult, c.bonus, c.init, c.pass),
        (
            Vp::X,
            true,
            false,
            true,
            Dir::Rd,
            2,
            CultMethod::St,
            0,
            (Letter::A, Letter::B),
            false
        )
    );
    let c = card(CardId::C13);
    assert_eq!(
        (c.vp, c.marked, c.merging, c.row_a, c.dir, c.count, c.bonus, c.init, c.pass),
        (
            Vp::Fixed(2),
            true,
            true,
            false,
            Dir::Rd,
            1,
            2,
            (Letter::A, Letter::C),
            true
        )
    );
    assert_eq!(card(CardId::S4Mots).ship_override, Some(2));
    assert_eq!(card(CardId::MotsSpecial).trade_round, Some(3));
    assert_eq!(card(CardId::S2Mots).trade_round, Some(5));
    // TMA-GEN-9: 13 base decision cards plus 3 MotS cards.
    assert_eq!(
        CARDS
            .iter()
            .filter(|c| c.id.as_str().contains("mots"))
            .count(),
        3
    );
}

#[test]
fn tma_deck_2_3_4_5_composition_by_level() {
    // TMA-DECK-2 TMA-DECK-3 TMA-DECK-4 TMA-DECK-5 (checked below)
    let deck_of = |d: Difficulty, mots: bool, seed: u64| {
        let mut o = opts();
        o.difficulty = d;
        o.merchants_of_the_seas = mots;
        start(&o, seed).automa
    };
    let a = deck_of(Difficulty::Automa, false, 4);
    let mut d = a.deck.clone();
    d.sort();
    assert_eq!(d, vec!["*1", "*2", "*3", "*4", "*5"]); // TMA-DECK-2
    assert_eq!(a.reserve.len(), 8); // TMA-DECK-3
    assert!(a.reserve.iter().all(|c| c
        .as_str()
        .parse::<u8>()
        .is_ok_and(|n| (6..=13).contains(&n))));
    assert_eq!(a.rotated, a.deck[3..].to_vec()); // TMA-DECK-4
    let a = deck_of(Difficulty::Automalein, false, 4);
    assert_eq!(a.deck.len(), 4);
    assert_eq!(a.reserve[0], "*3"); // TMA-DECK-5
    assert_eq!(deck_of(Difficulty::Automaechtig, false, 4).deck.len(), 6);
    assert_eq!(deck_of(Difficulty::Ultoma, false, 4).reserve.len(), 7);
    let a = deck_of(Difficulty::Alptrauma, false, 4);
    assert_eq!((a.deck.len(), a.reserve.len()), (7, 6));
    let a = deck_of(Difficulty::Automa, true, 4);
    let mut d: Vec<&str> = a.deck.iter().map(|c| c.as_str()).collect();
    d.sort();
    assert_eq!(d, vec!["*1", "*2-mots", "*3", "*4-mots", "*5"]);
    assert_eq!(a.box_, vec!["*2", "*4"]);
}

#[test]
fn tma_deck_6_difficulty_table() {
    // TMA-DECK-6 (checked below)
    assert_eq!(
        Difficulty::Automalein.table(),
        [(0, 0), (0, 0), (1, 0), (1, 0), (1, 0), (1, 0)]
    );
    assert_eq!(Difficulty::Ultoma.table()[4], (2, 3));
    assert_eq!(Difficulty::Alptrauma.table()[5], (3, 4));
    assert_eq!(Difficulty::Automaechtig.area_ship(), 2); // TMA-END-2
    assert_eq!(Difficulty::Alptrauma.area_ship(), 3);
    assert_eq!(Difficulty::Automalein.area_ship(), 1);
}

#[test]
fn tma_gen_11_all_chance_from_seeded_dice() {
    // TMA-GEN-11 (checked below)
    // Same seed → same table; different seeds → (somewhere) different tables.
    let a = serde_json::to_string(&start(&opts(), 11)).unwrap();
    let b = serde_json::to_string(&start(&opts(), 11)).unwrap();
    assert_eq!(a, b);
    let differs = (12..20).any(|s| serde_json::to_string(&start(&opts(), s)).unwrap() != a);
    assert!(differs);
}

#[test]
fn tma_gen_1_2_seats_and_expansions() {
    // TMA-GEN-1 TMA-GEN-2 (checked below)
    // TMA-GEN-1: solo = human0 + automa; the bot seat is always automa.
    let seats = TerraMystica::seats(&opts());
    assert_eq!(
        seats.iter().map(|s| s.id.as_str()).collect::<Vec<_>>(),
        vec!["human0", "automa"]
    );
    assert_eq!(seats[1].kind, crate::engine::SeatKind::Bot);
    // TMA-GEN-2: MotS rules only with the option: no Merchants power spaces otherwise.
    assert_eq!(start(&opts(), 1).power_actions.len(), 6);
    let mut o = opts();
    o.merchants_of_the_seas = true;
    o.mots_power_action_spaces = 4;
    assert_eq!(
        start(&o, 1)
            .power_actions
            .iter()
            .map(|p| p.0)
            .collect::<Vec<_>>(),
        vec!["ACT1", "ACT2", "ACT3", "ACT4", "ACT5", "ACT6", "M1", "M2", "M3", "M4"]
    );
    // Fire & Ice factions need the option.
    let mut o = opts();
    o.human_seats[0] = HumanSeat {
        faction: HumanFaction::Yetis,
        home_terrain: Some(Terrain::Plains),
        ..Default::default()
    };
    assert!(try_start(&o, 1).is_err());
    assert!(matches!(
        TerraMystica::next(&start(&opts(), 1)),
        Next::Human { .. }
    ));
}

fn table_opts() -> Options {
    let mut o = opts();
    o.table_mode = crate::engine::TableChoice::All;
    o.automa_home_terrain = Some(Terrain::Lakes);
    o.table_setup = Some(TableSetup {
        bonus_row: ["BON4", "BON1", "BON6", "BON9", "BON3"]
            .map(Into::into)
            .to_vec(),
        scoring_tiles: ["SCORE3", "SCORE5", "SCORE1", "SCORE6", "SCORE4", "SCORE8"]
            .iter()
            .map(|t| TableTile {
                id: (*t).into(),
                automa_pass_vp: 6,
                automa_cult: Some(Cult::Air),
            })
            .collect(),
        extra_starter_cards: vec![],
    });
    o
}

fn needed(e: &crate::engine::RuleError) -> Vec<crate::engine::Need> {
    match &e.kind {
        RuleErrorKind::TableInputNeeded { needed, .. } => needed.clone(),
        k => panic!("not a table-input refusal: {k:?} {e}"),
    }
}

fn candidates(n: &crate::engine::Need) -> (String, Vec<String>) {
    match n {
        crate::engine::Need::Card {
            deck, candidates, ..
        } => (deck.clone(), candidates.clone()),
        n => panic!("not a card: {n:?}"),
    }
}

#[test]
fn tma_gen_12_physical_table_mode() {
    // TMA-GEN-12 (checked below)
    let o = table_opts();
    let st = start(&o, 1);
    let row: Vec<&str> = st.bonus_row.iter().map(|r| r.card.as_str()).collect();
    assert_eq!(row, vec!["BON4", "BON1", "BON6", "BON9", "BON3"]);
    assert_eq!(st.scoring_tiles[1].automa_pass_vp, 6);
    assert_eq!((st.deck_len(), st.reserve_len()), (5, 8));
    assert_eq!(
        st.automa.deck,
        vec!["*1", "*2", "*3", "*4", "*5"],
        "a set of the cards in the deck, not an order"
    );
    // Missing or wrong table data is refused at creation, naming the option.
    let mut bad = o.clone();
    bad.table_setup.as_mut().unwrap().scoring_tiles[4].id = "SCORE1".into();
    bad.table_setup.as_mut().unwrap().scoring_tiles[2].id = "SCORE2".into();
    assert_eq!(
        err_option(&bad),
        ("TMA-SET-3".into(), "table_setup.scoring_tiles.4".into())
    );
    let mut bad = o.clone();
    bad.difficulty = Difficulty::Ultoma;
    assert_eq!(
        err_option(&bad),
        (
            "TMA-GEN-12".into(),
            "table_setup.extra_starter_cards".into()
        )
    );
    bad.table_setup.as_mut().unwrap().extra_starter_cards = vec![CardId::C9];
    let s = start(&bad, 1);
    assert_eq!((s.deck_len(), s.reserve_len()), (6, 7));
    let mut bad = o.clone();
    bad.table_setup = None;
    assert_eq!(err_rule(&bad), "TMA-GEN-12");
    // Setup: the initial-dwelling card comes from the table (card 8 = D/E → I10, D2).
    let (st, _) = play(&st, 0, Move::PlaceInitialDwelling { cell: "F4".into() });
    let e = try_bot_table(&st, &[]).map(|_| ()).unwrap_err();
    let n = needed(&e);
    assert_eq!(n.len(), 1, "the engine draws nothing itself");
    assert_eq!(candidates(&n[0]).0, "automa_box");
    assert_eq!(candidates(&n[0]).1.len(), 16);
    let (s, ev) = try_bot_table(&st, &["8"]).unwrap();
    assert_eq!(kinds(&ev, "initial_dwelling_card")[0].cards, vec!["8"]);
    assert!(s.buildings[cell(&s, "I10")].is_some_and(|b| b.marked));
    // Round play: the first turn needs two cards, in the order the table
    // turns them over: the support card, then the action card.
    let mut st = blank(&o, 1);
    st.to_move = Seat(1);
    put(&mut st, "I10", 1, Kind::Dwelling, true);
    let e = try_bot_table(&st, &["7", "*1"]).map(|_| ()).unwrap_err();
    assert_eq!(
        (e.rule.as_str(), e.kind),
        ("TMA-BOT-2", RuleErrorKind::Illegal),
        "7 cannot be in the deck"
    );
    let e = try_bot_table(&st, &["*3"]).map(|_| ()).unwrap_err();
    let n = needed(&e);
    assert_eq!(n.len(), 2);
    assert_eq!(
        candidates(&n[1]).1,
        vec!["*1", "*2", "*4", "*5"],
        "the action card is one of the cards left under the support card"
    );
    let (s, ev) = try_bot_table(&st, &["*3", "*2"]).unwrap();
    let c = &kinds(&ev, "automa_cards")[0];
    assert_eq!(
        (
            c.data["support_card"].clone(),
            c.data["action_card"].clone(),
            c.data["turned_over"].clone()
        ),
        (
            serde_json::json!("*3"),
            serde_json::json!("*2"),
            serde_json::json!(["*3", "*2"])
        )
    );
    assert_eq!(
        c.cards,
        vec!["*3", "*2"],
        "the event lists them in input order"
    );
    assert_eq!(s.deck_len(), 3);
    // Rotation from the count: the card with at most one card under it is rotated.
    let mut s2 = s.clone();
    s2.to_move = Seat(1);
    let (s3, ev3) = try_bot_table(&s2, &["*1"]).unwrap();
    assert_eq!(
        kinds(&ev3, "automa_cards")[0].data["action_rotated"],
        serde_json::json!(false)
    );
    let mut s4 = s3.clone();
    s4.to_move = Seat(1);
    let (s5, ev5) = try_bot_table(&s4, &["*4"]).unwrap();
    assert_eq!(
        kinds(&ev5, "automa_cards")[0].data["action_rotated"],
        serde_json::json!(true)
    );
    assert_eq!(
        kinds(&ev5, "automa_passed").len(),
        1,
        "*4 is rotated and shows the pass symbol"
    );
    // The next deck: 5 known cards + 1 unseen reserve card: any reserve card
    // may be on top now.
    assert_eq!((s5.deck_len(), s5.reserve_len()), (6, 7));
    assert_eq!(s5.automa.deck_unknown, 1);
    let top = super::deck::deck_candidates(&s5);
    assert!(top.contains(&CardId::C13) && top.contains(&CardId::S5));
    assert_eq!(top.len(), 5 + 8);
}

#[test]
fn tma_gen_12_table_cultists_name_their_card() {
    // TMA-GEN-12 TMA-HF-1 (checked below)
    let mut o = table_opts();
    o.human_seats[0].faction = HumanFaction::Cultists;
    o.automa_home_terrain = Some(Terrain::Lakes);
    let mut st = blank(&o, 3);
    put(&mut st, "A4", 1, Kind::Dwelling, false);
    st.to_move = Seat(0);
    let build = || Move::Build { cell: "B2".into() };
    let e = try_play_table(&st, 0, build(), &[])
        .map(|_| ())
        .unwrap_err();
    let n = needed(&e);
    assert_eq!(candidates(&n[0]).0, "automa_reserve");
    assert_eq!(candidates(&n[0]).1.len(), 8);
    let e = try_play_table(&st, 0, build(), &["*1"])
        .map(|_| ())
        .unwrap_err();
    assert_eq!(
        (e.rule.as_str(), e.kind),
        ("TMA-HF-1", RuleErrorKind::Illegal)
    );
    let (s, ev) = try_play_table(&st, 0, build(), &["12"]).unwrap();
    assert_eq!(kinds(&ev, "cultist_draw")[0].cards, vec!["12"]);
    assert_eq!(s.reserve_len(), 7);
    assert!(!s.automa.reserve.contains(&CardId::C12));
    assert_eq!(s.automa.cultist_aside, vec!["12"]);
    assert_eq!(s.humans[Seat(0)].vp_engine, 1);
}
