//! One test (or more) per rule id of rulebook.toml.

use serde_json::json;

use super::kit::{at, bot, rules, server, table, take};
use crate::engine::testing::{event_of, kinds_of};
use crate::engine::{Game, GameOptions, RuleErrorKind, Seat};
use crate::games::template::{Options, Pile};

#[test]
fn pile_setup_1_a_pile_of_ten_to_forty() {
    let step = rules().start(&Options::default(), &mut server(1)).unwrap();
    assert_eq!(step.state.stones, 21);
    assert_eq!(event_of(&step.events, "pile_laid").rule, "PILE-SETUP-1");
    assert_eq!(step.events[0].text, "A pile of 21 stones is laid out.");
    for stones in [9, 41] {
        let e = Options {
            stones,
            ..Options::default()
        }
        .validate()
        .unwrap_err();
        assert_eq!(e.rule, "PILE-SETUP-1");
        assert_eq!(
            e.kind,
            RuleErrorKind::BadOptions {
                option: Some("stones".into())
            }
        );
        assert!(e.detail.contains(&format!("not {stones}")), "{e}");
    }
}

#[test]
fn pile_setup_2_the_player_begins_unless_the_bot_does() {
    let o = Options::default();
    assert_eq!(
        rules().start(&o, &mut server(1)).unwrap().state.to_move,
        Seat(0)
    );
    let o = Options {
        bot_first: true,
        ..o
    };
    assert!(matches!(
        Pile::next(&rules().start(&o, &mut server(1)).unwrap().state),
        crate::engine::Next::Bot { .. }
    ));
}

#[test]
fn pile_turn_1_one_to_three_and_no_more_than_the_pile() {
    let (s, ev) = take(&at(10, false), json!({"type": "take", "stones": 3})).unwrap();
    assert_eq!((s.stones, s.to_move), (7, Seat(1)));
    assert_eq!(ev[0].rule, "PILE-TURN-1");
    assert_eq!(ev[0].text, "Player takes 3 stones, 7 are left.");
    for (pile, n) in [(10, 0), (10, 4), (2, 3)] {
        let e = take(&at(pile, false), json!({"type": "take", "stones": n})).unwrap_err();
        assert_eq!(
            (e.rule.as_str(), &e.kind),
            ("PILE-TURN-1", &RuleErrorKind::Illegal)
        );
    }
}

#[test]
fn pile_bot_1_the_bot_leaves_a_multiple_of_four() {
    for (pile, left) in [(10, 8), (7, 4), (5, 4), (3, 0)] {
        let (s, ev) = bot(&at(pile, true), server(1)).unwrap();
        assert_eq!(s.stones, left, "from {pile}");
        assert!(!kinds_of(&ev).contains(&"bot_rolled"));
    }
}

#[test]
fn pile_bot_2_otherwise_a_die_decides() {
    for (face, took) in [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)] {
        let (s, ev) = bot(&at(12, true), table(&[face])).unwrap();
        assert_eq!(s.stones, 12 - took, "face {face}");
        let rolled = event_of(&ev, "bot_rolled");
        assert_eq!(
            (rolled.rule.as_str(), rolled.dice.as_slice()),
            ("PILE-BOT-2", &[face][..])
        );
    }
    // A die for more than the pile holds takes what is left.
    let (s, _) = bot(&at(4, true), table(&[6])).unwrap();
    assert_eq!(s.stones, 1);
}

#[test]
fn pile_end_1_the_last_stone_wins() {
    let (s, ev) = take(&at(2, false), json!({"type": "take", "stones": 2})).unwrap();
    assert_eq!(s.winner, Some(Seat(0)));
    let over = event_of(&ev, "game_over");
    assert_eq!(over.rule, "PILE-END-1");
    assert_eq!(over.text, "Player took the last stone and wins.");
    match Pile::next(&s) {
        crate::engine::Next::Finished { scores, winner, .. } => {
            assert_eq!(winner.as_deref(), Some("player"));
            assert_eq!(scores["player"], Some(1));
            assert_eq!(scores["bot"], Some(0));
        }
        n => panic!("{n:?}"),
    }
}
