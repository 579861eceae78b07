//! The worked examples AE-1..AE-12 of the spec (§8), one test each.

use serde_json::json;

use crate::engine::{Game, Next, Seat};

use super::super::data::{Season, Side};
use super::super::state::State;
use super::super::{ArlerErde, BuildingId};
use super::kit::*;

/// AE-1: setup die → marker 1 on the n-th summer space, Fisherman = 1.
#[test]
fn ae_1_setup_die() {
    for (die, space) in [(4, "colonist"), (1, "fisherman"), (6, "dike_builder")] {
        let (s, events) = start(&opts_table(die));
        let s = &s;
        assert_eq!(s.marker1.season, Season::Summer); // ARLE-SET-3
        assert_eq!(s.marker1.space, space); // ARLE-SET-3
        assert_eq!(s.start_player, Side::Human); // ARLE-SET-2
        assert_eq!(s.to_place, Some(Side::Human)); // ARLE-SET-2
        assert_eq!(s.marker2, 0); // ARLE-SET-4
        assert!(s.placed.is_empty(), "the marker places no worker");
        assert_eq!(event(&events, "marker1_placed").dice, vec![die]);
        assert!(
            matches!(ArlerErde::next(s), Next::Human { ref seats, .. } if seats == &vec![Seat(0)])
        );
    }
    // Server dice: the first die of the stream (seed 42 → 6) is the setup die.
    let s = start_seeded(&opts_d0(), 42).unwrap().0;
    assert_eq!(s.marker1.space, "dike_builder");
}

/// AE-2: summer column order; Builder occupied → Warden.
#[test]
fn ae_2_seed_example_summer_column_order() {
    let mut s = at(1, Side::Human, "carpenter");
    put(&mut s, Side::Human, "fisherman");
    put(&mut s, Side::Vim, "peat_cutter");
    put(&mut s, Side::Human, "builder");
    put(&mut s, Side::Vim, "carpenter");
    put(&mut s, Side::Human, "clay_worker");
    assert_eq!(s.to_place, Some(Side::Vim));
    let (s2, ev) = vim(&s, &[1, 5]);
    assert_eq!(event(&ev, "vim_option_chosen").data["option"], 2); // ARLE-VIM-3
    assert_eq!(walk(&ev), w(&[("builder", "occupied"), ("warden", "1")])); // ARLE-BRD-3, ARLE-CNT-3
    assert_eq!(last_vim(&s2), (Season::Summer, "warden".into()));
    assert_eq!(s2.marker1.space, "warden");
    assert!(
        !kinds(&ev).contains(&"building_dice_rolled"),
        "Warden is no building space"
    );
    assert_eq!(s2.display, s.display);
}

/// AE-3: winter column order: Wainwright, Dike Warden, then Carpenter.
#[test]
fn ae_3_seed_example_winter_column_order() {
    let mut s = at(2, Side::Human, "wainwright");
    put(&mut s, Side::Human, "tanner");
    put(&mut s, Side::Vim, "wainwright");
    put(&mut s, Side::Human, "butcher");
    let (s, ev) = vim(&s, &[6, 1]);
    assert_eq!(walk(&ev), w(&[("dike_warden", "1")])); // ARLE-BRD-2
    assert_eq!(last_vim(&s), (Season::Winter, "dike_warden".into()));
    let s = place(&s, "potter");
    let (s, ev) = vim(&s, &[2, 1]);
    assert_eq!(walk(&ev), w(&[("carpenter", "1")]));
    assert_eq!(last_vim(&s), (Season::Winter, "carpenter".into()));
    // ARLE-BRD-6: winter Carpenter is not a building space.
    assert!(!kinds(&ev).contains(&"building_dice_rolled"));
    assert_eq!(
        event(&ev, "vim_worker_placed").data["building_space"],
        false
    );
}

/// AE-4: option 3 with skips and the wrap from Laborer to Fisherman.
#[test]
fn ae_4_option_3_with_skips_and_wrap() {
    let mut s = at(1, Side::Human, "woodcutter");
    put(&mut s, Side::Human, "fisherman");
    put(&mut s, Side::Vim, "peat_cutter");
    put(&mut s, Side::Human, "master");
    put(&mut s, Side::Vim, "woodcutter");
    put(&mut s, Side::Human, "builder");
    let (s, ev) = vim(&s, &[2, 3]);
    assert_eq!(event(&ev, "vim_option_chosen").data["option"], 3); // ARLE-VIM-4
    assert_eq!(event(&ev, "vim_marker_counted").data["steps"], 5);
    assert_eq!(
        walk(&ev),
        w(&[
            ("master", "occupied"),
            ("carpenter", "1"),
            ("builder", "occupied"),
            ("warden", "2"),
            ("laborer", "3"),
            ("fisherman", "occupied"), // ARLE-CNT-4: wrap to the topmost
            ("grocer", "4"),
            ("wool_weaver", "5"),
        ])
    );
    assert_eq!(last_vim(&s), (Season::Summer, "wool_weaver".into()));
    assert_eq!(s.marker1.space, "wool_weaver");
    assert!(!kinds(&ev).contains(&"building_dice_rolled"));
}

/// The state of AE-5 after VIM's removal (reused by AE-11).
fn ae_5_play() -> (State, Vec<E>) {
    // Half-year 2 (winter), VIM start, marker 1 ends on winter Carpenter.
    let mut s = at(2, Side::Vim, "carpenter");
    put(&mut s, Side::Vim, "peat_boatman");
    put(&mut s, Side::Human, "tanner");
    put(&mut s, Side::Vim, "linen_weaver");
    put(&mut s, Side::Human, "butcher");
    put(&mut s, Side::Vim, "cattle_trader");
    put(&mut s, Side::Human, "grocer");
    put(&mut s, Side::Vim, "carpenter");
    let (s, ev) = human(&s, json!({"type": "place_worker", "space": "potter"})).unwrap();
    // ARLE-END-2: winter Carpenter → summer Carpenter for half-year 3.
    assert_eq!(s.half_year, 3);
    assert_eq!(
        (s.marker1.season, s.marker1.space.as_str()),
        (Season::Summer, "carpenter")
    );
    assert_eq!(
        event(&ev, "half_year_ended").data["marker1_to"]["space"],
        "carpenter"
    );
    assert_eq!(s.start_player, Side::Human);
    let s = place(&s, "fisherman");
    vim(&s, &[4, 1, 3, 5, 6, 2])
}

/// AE-5: option 2 onto Builder, the first removal from before slot 1.
#[test]
fn ae_5_option_2_onto_building_space_first_removal() {
    let (s, ev) = ae_5_play();
    assert_eq!(last_vim(&s), (Season::Summer, "builder".into())); // ARLE-VIM-3
    let bd = event(&ev, "building_dice_rolled"); // ARLE-VIM-6, ARLE-BLD-2
    assert_eq!(bd.dice, vec![3, 5, 6, 2]);
    assert_eq!(bd.data["sum"], 16);
    let br = event(&ev, "building_removed"); // ARLE-BLD-3, ARLE-BLD-4
    assert_eq!(br.data["slot"], 16);
    assert_eq!(br.data["building"], "berum_castle");
    assert_eq!(br.data["marker2_from"], 0); // ARLE-SET-4
    assert_eq!(br.data["marker2_to"], 16);
    assert_eq!(s.marker2, 16);
    assert_eq!(s.display[15].building, None);
    assert_eq!(s.display[15].emptied_by, Some(Side::Vim));
    assert_eq!(s.removed_by_vim, vec![BuildingId::from("berum_castle")]);
}

/// AE-6: option 1, the shared off-season lock, and the next start player.
#[test]
fn ae_6_option_1_off_season_lock_next_start_player() {
    let s = at(1, Side::Human, "colonist");
    let s = place(&s, "fisherman");
    let (s, ev) = vim(&s, &[3, 3]);
    assert_eq!(event(&ev, "vim_option_chosen").data["option"], 1); // ARLE-VIM-2
    assert_eq!(last_vim(&s), (Season::Winter, "peat_boatman".into()));
    assert_eq!(s.marker1.space, "colonist", "option 1 leaves marker 1");
    assert_eq!(s.off_season_used_by, Some(Side::Vim));
    assert!(!kinds(&ev).contains(&"vim_marker_counted"));
    let r = human(
        &s,
        json!({"type": "place_worker", "season": "winter", "space": "tanner"}),
    );
    refused(r, "ARLE-HUM-4");
    // Play out the half-year with server dice.
    let s = play_until(s, 1, |s| s.half_year > 1);
    // ARLE-TURN-3: VIM used the off-season space, so the human starts half-year 2.
    assert_eq!(s.start_player, Side::Human);
    assert_eq!(s.to_place, Some(Side::Human));
    assert_eq!(s.history[0].off_season_used_by, Some(Side::Vim));
}

/// AE-7: doubles in the fallback.
#[test]
fn ae_7_doubles_in_the_fallback() {
    // (a) 1+1 with the off-season placement unused → option 1, not option 2.
    let s = place(&at(1, Side::Human, "colonist"), "fisherman");
    let (s2, ev) = vim(&s, &[1, 1]);
    assert_eq!(event(&ev, "vim_option_chosen").data["option"], 1); // ARLE-VIM-5
    assert_eq!(last_vim(&s2), (Season::Winter, "peat_boatman".into()));
    // (b) winter, 4+4 with the off-season placement used by the human → option 3, count 8.
    let mut s = at(2, Side::Human, "butcher");
    put_in(&mut s, Side::Human, Season::Summer, "forester");
    put(&mut s, Side::Vim, "linen_weaver");
    put(&mut s, Side::Human, "tanner");
    put(&mut s, Side::Vim, "butcher");
    put(&mut s, Side::Human, "baker");
    assert_eq!(s.off_season_used_by, Some(Side::Human));
    let (s, ev) = vim(&s, &[4, 4]);
    let oc = event(&ev, "vim_option_chosen");
    assert_eq!(oc.data["option"], 3); // ARLE-VIM-5
    assert_eq!(oc.data["checks"][0]["met"], false);
    assert_eq!(oc.data["checks"][1]["met"], false);
    assert_eq!(
        walk(&ev),
        w(&[
            ("cattle_trader", "1"),
            ("grocer", "2"),
            ("builders_merchant", "3"),
            ("potter", "4"),
            ("baker", "occupied"), // ARLE-CNT-3
            ("wood_trader", "5"),
            ("master", "6"),
            ("wainwright", "7"),
            ("dike_warden", "8"),
        ])
    );
    assert_eq!(last_vim(&s), (Season::Winter, "dike_warden".into()));
    assert!(!kinds(&ev).contains(&"building_dice_rolled"));
}

/// AE-8: end of the half-year: marker 1 to the opposite space; VIM starts half-year 2.
#[test]
fn ae_8_end_of_half_year_seed_examples() {
    // (marker before the last count, target of count 1, opposite, building space?)
    for (before, target, opposite, building) in [
        ("forester", "woodcutter", "wood_trader", false),
        ("builder", "warden", "dike_warden", false),
        ("carpenter", "builder", "wainwright", true),
        ("master", "carpenter", "carpenter", true),
    ] {
        let mut s = at(1, Side::Human, before);
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
        let dice: &[u8] = if building {
            &[1, 2, 1, 1, 1, 1]
        } else {
            &[1, 2]
        };
        let (s, ev) = vim(&s, dice);
        let e = event(&ev, "half_year_ended");
        assert_eq!(e.data["marker1_from"]["space"], target);
        assert_eq!(e.data["marker1_to"]["space"], opposite); // ARLE-END-2, ARLE-BRD-5
        assert_eq!(e.data["next_start_player"], 1); // ARLE-TURN-3: seat 1 is VIM
        assert_eq!(e.data["why"], "alternation");
        assert_eq!(
            (s.marker1.season, s.marker1.space.as_str()),
            (Season::Winter, opposite)
        );
        assert_eq!(s.half_year, 2);
        assert_eq!(s.start_player, Side::Vim);
        assert!(matches!(ArlerErde::next(&s), Next::Bot { .. }));
    }
}

/// AE-9: removal with gaps and the wrap from slot 18 to slot 1.
#[test]
fn ae_9_removal_with_gaps_and_wrap() {
    let s = at(1, Side::Human, "farmer");
    let (s, _) = human(&s, json!({"type": "report_building", "building": "mill"})).unwrap();
    let (mut s, _) = human(
        &s,
        json!({"type": "report_building", "building": "sluice_yard_inn"}),
    )
    .unwrap();
    s.display[15].building = None;
    s.display[15].emptied_by = Some(Side::Vim);
    s.removed_by_vim.push("berum_castle".into());
    s.marker2 = 16;
    let s = place(&s, "fisherman");
    let (s, ev) = vim(&s, &[1, 2, 2, 2, 1, 3]);
    assert_eq!(last_vim(&s), (Season::Summer, "forester".into()));
    let br = event(&ev, "building_removed");
    assert_eq!(event(&ev, "building_dice_rolled").data["sum"], 8);
    let walk: Vec<(u64, Option<u64>)> = br.data["walk"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| (x["slot"].as_u64().unwrap(), x["count"].as_u64()))
        .collect();
    assert_eq!(
        walk,
        vec![
            (17, None),
            (18, Some(1)),
            (1, Some(2)),
            (2, Some(3)),
            (3, Some(4)),
            (4, Some(5)),
            (5, Some(6)),
            (6, Some(7)),
            (7, None),
            (8, Some(8)),
        ]
    ); // ARLE-BLD-3
    assert_eq!(br.data["building"], "weaving_mill"); // ARLE-BLD-4
    assert_eq!(s.marker2, 8);
    assert_eq!(s.display[7].building, None);
}

/// AE-10: refusals, and the marker blocks nothing.
#[test]
fn ae_10_refusals_and_the_marker() {
    let mut s = at(1, Side::Human, "colonist");
    put(&mut s, Side::Human, "fisherman");
    put(&mut s, Side::Vim, "grocer");
    refused(
        human(&s, json!({"type": "place_worker", "space": "grocer"})),
        "ARLE-HUM-2",
    );
    refused(
        human(
            &s,
            json!({"type": "place_worker", "space": "warden", "built": "mill"}),
        ),
        "ARLE-HUM-5",
    );
    let (s2, _) = human(&s, json!({"type": "place_worker", "space": "colonist"})).unwrap(); // ARLE-HUM-3
    assert_eq!(s2.occupant(Season::Summer, "colonist"), Some(Side::Human));
    // A later VIM count from Colonist skips Colonist as occupied when it wraps round.
    let mut s = at(1, Side::Human, "colonist");
    for (side, sp) in [
        (Side::Human, "colonist"),
        (Side::Vim, "grocer"),
        (Side::Human, "peat_cutter"),
        (Side::Vim, "farmer"),
        (Side::Human, "dike_builder"),
        (Side::Vim, "forester"),
        (Side::Human, "clay_worker"),
    ] {
        put(&mut s, side, sp);
    }
    let (s, ev) = vim(&s, &[5, 6, 1, 1, 1, 1]);
    let walk = walk(&ev);
    assert!(walk.contains(&("colonist".to_string(), "occupied".to_string())));
    assert_eq!(
        walk.last().unwrap(),
        &("carpenter".to_string(), "11".to_string())
    );
    assert_eq!(last_vim(&s), (Season::Summer, "carpenter".into()));
}

/// AE-11: the human's building report, and a refused report of a removed building.
#[test]
fn ae_11_human_building_report() {
    let s = at(2, Side::Human, "potter");
    let (s, ev) = human(
        &s,
        json!({"type": "place_worker", "space": "wood_trader", "built": "mill"}),
    )
    .unwrap();
    assert_eq!(s.display[6].building, None);
    assert_eq!(s.display[6].emptied_by, Some(Side::Human));
    assert_eq!(s.built_by_human[0].building, "mill");
    assert_eq!(event(&ev, "building_reported").data["slot"], 7);
    let (s, _) = ae_5_play();
    let e = refused(
        human(
            &s,
            json!({"type": "report_building", "building": "berum_castle"}),
        ),
        "ARLE-HUM-6",
    );
    assert!(e.detail.contains("VIM"), "{}", e.detail);
}

/// AE-12: a full VIM turn and its event list.
#[test]
fn ae_12_full_vim_turn_with_event_list() {
    let s = place(&at(1, Side::Human, "farmer"), "fisherman");
    let (s, ev) = vim(&s, &[1, 2, 4, 6, 5, 3]);
    assert_eq!(
        kinds(&ev),
        vec![
            "vim_dice_rolled",
            "vim_option_chosen",
            "vim_marker_counted",
            "vim_worker_placed",
            "building_dice_rolled",
            "building_removed"
        ]
    );
    let rules: Vec<&str> = ev.iter().map(|e| e.rule.as_str()).collect();
    assert_eq!(
        rules,
        vec![
            "ARLE-VIM-1",
            "ARLE-VIM-1",
            "ARLE-CNT-6",
            "ARLE-VIM-3",
            "ARLE-BLD-2",
            "ARLE-BLD-4"
        ]
    );
    assert_eq!(ev[0].dice, vec![1, 2]);
    let checks = &ev[1].data["checks"];
    assert_eq!(checks[0]["met"], false);
    assert_eq!(checks[0]["reason"], "no_double");
    assert_eq!(checks[1]["met"], true);
    assert_eq!(checks[1]["reason"], "die_shows_one");
    assert_eq!(checks.as_array().unwrap().len(), 2);
    assert_eq!(walk(&ev), w(&[("forester", "1")]));
    assert_eq!(ev[2].data["from"], "farmer");
    assert_eq!(ev[3].data["space"], "forester");
    assert_eq!(ev[4].dice, vec![4, 6, 5, 3]);
    assert_eq!(ev[4].data["sum"], 18);
    assert_eq!(ev[5].data["slot"], 18);
    assert_eq!(ev[5].data["building"], "lutetsburg_castle");
    assert_eq!(ev[5].data["marker2_from"], 0);
    assert_eq!(ev[5].data["marker2_to"], 18);
    assert_eq!(s.marker2, 18);
    // Every event names its rule; the sentences say what happened.
    assert!(ev.iter().all(|e| e.rule.starts_with("ARLE-")));
    assert_eq!(ev[0].text, "VIM rolled 1 and 2.");
    assert_eq!(
        ev[1].text,
        "Option 1 fails (no double); option 2 holds (a die shows 1). VIM carries out option 2."
    );
    assert_eq!(
        ev[2].text,
        "Marker 1 counts 1 space from summer Farmer: Forester 1. It moves to summer Forester."
    );
    assert_eq!(
        ev[5].text,
        "Marker 2 counts 18 buildings from before slot 1, skipping empty slots: the Lütetsburg Castle in slot 18 leaves the game, and marker 2 now lies on slot 18."
    );
}
