//! Physical-table play: options `dice = "table"` and `deck = "table"`; every die and
//! every card turned face up comes from the request, exactly as many as the rules need.

use serde_json::{json, Value};

use super::super::data::{Card, Side};
use super::super::events::Decision;
use super::super::options::DeckMode;
use super::super::state::{BattleKind, Phase, Slot};
use super::super::{Options, ThreeHundred};
use super::kit::*;
use crate::engine::testing::check_physical_table;
use crate::engine::{
    AdapterError, DynGame, Game, Need, Next, RuleErrorKind, Seat, TableChoice, TableItem, TableMode,
};

fn table_dice() -> Options {
    Options {
        table_mode: TableChoice::Dice,
        ..Options::default()
    }
}

/// A table deck with the server's dice: only sessions created before `table_mode` have it
/// (their `deck: "table"` still loads), so the tests keep it alive (SESSION-TABLE-3).
fn table_deck() -> Options {
    Options {
        deck: Some(DeckMode::Table),
        ..Options::default()
    }
}

const DICE: TableMode = TableMode {
    dice: true,
    cards: false,
};

const CARDS: TableMode = TableMode {
    dice: false,
    cards: true,
};

fn needed(e: &crate::engine::RuleError) -> (Vec<Need>, usize) {
    match &e.kind {
        RuleErrorKind::TableInputNeeded { needed, sent } => (needed.clone(), *sent),
        k => panic!("not a table-input refusal: {k:?} {}", e.detail),
    }
}

fn dice(n: usize) -> Vec<Need> {
    vec![Need::die(6); n]
}

fn ok(
    st: &super::super::State,
    seat: Option<Seat>,
    mv: Option<Value>,
    mode: TableMode,
    table: Vec<TableItem>,
) -> Out {
    command(st, seat, mv.as_ref(), mode, table).unwrap_or_else(|e| panic!("refused: {e}"))
}

fn refused(
    st: &super::super::State,
    seat: Option<Seat>,
    mv: Option<Value>,
    mode: TableMode,
    table: Vec<TableItem>,
) -> crate::engine::RuleError {
    match command(st, seat, mv.as_ref(), mode, table) {
        Err(AdapterError::Rule(e)) => e,
        Ok(_) => panic!("should be refused"),
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn whole_games_at_a_physical_table() {
    // Every die and card from the request, nothing rolled or dealt by
    // the server after setup, the log replays to the same state.
    let g = game();
    let options = serde_json::to_value(ThreeHundred::physical_table_options().unwrap()).unwrap();
    assert_eq!(g.table_mode(&options).unwrap(), TableMode::TABLE);
    let finished = check_physical_table(&g, &options, 0..40, 6000).unwrap();
    assert_eq!(finished, 40);
    // Dice only (SESSION-TABLE-3).
    let options = json!({"table_mode": "dice"});
    assert_eq!(g.table_mode(&options).unwrap(), DICE);
    for seed in 0..8 {
        let p = crate::engine::testing::random_game(&g, &options, seed, 6000).unwrap();
        assert!(p.finished);
    }
    // The old spellings: refused in a new session, each naming itself; an old session's
    // `dice`/`deck` keep their mode, and read as `table_mode` where it can say it.
    for (old, option) in [
        (json!({"dice": "table"}), "dice"),
        (json!({"deck": "table"}), "deck"),
        (json!({"dice": "server", "deck": "server"}), "dice"),
    ] {
        match g.options(&old) {
            Err(AdapterError::Rule(e)) => assert_eq!(
                (e.rule.as_str(), e.kind),
                (
                    "SESSION-TABLE-3",
                    RuleErrorKind::BadOptions {
                        option: Some(option.into())
                    }
                ),
                "{old}"
            ),
            other => panic!("{old}: {:?}", other.map(|_| ())),
        }
    }
    for (old, mode, doc) in [
        (
            json!({"dice": "table", "deck": "server"}),
            DICE,
            Some("dice"),
        ),
        (
            json!({"dice": "table", "deck": "table"}),
            TableMode::TABLE,
            Some("all"),
        ),
        (json!({"deck": "server"}), TableMode::SERVER, Some("server")),
        (json!({"deck": "table"}), CARDS, None),
    ] {
        assert_eq!(g.table_mode(&old).unwrap(), mode, "{old}");
        let d = g.options_doc(&old).unwrap();
        match doc {
            Some(v) => {
                assert_eq!(d["table_mode"], v, "{old}");
                assert!(d.get("dice").is_none() && d.get("deck").is_none(), "{d}");
            }
            // No `table_mode` says "cards from the table, dice from the server".
            None => assert_eq!(d["deck"], "table", "{d}"),
        }
    }
}

#[test]
fn the_server_never_tops_up_table_dice() {
    // T300-AI-5 with `dice = "table"`: PERSS.KI's die must come from the table; a request
    // without it is told it needs exactly 1 die, and nothing is rolled by the server.
    let mut st = ai_state();
    st.options = table_dice();
    put(&mut st, Athenai, 1, 0, 0, 0);
    let e = refused(&st, None, None, DICE, vec![]);
    assert_eq!(e.rule, "T300-AI-5");
    assert_eq!(needed(&e), (dice(1), 0));
    let o = ok(&st, None, None, DICE, dice_items(&[1]));
    assert!(!o.server_used);
    // Too many is refused too: the log records exactly what decided the game.
    let e = refused(&st, None, None, DICE, dice_items(&[1, 6]));
    assert_eq!(e.kind, RuleErrorKind::TableInputUnused { unused: 1 });
    // Table input where the options say the server rolls is refused.
    let st = ai_state();
    let g = game();
    assert!(crate::engine::Chance::new(
        crate::engine::Dice::new(1),
        g.table_mode(&serde_json::to_value(&st.options).unwrap())
            .unwrap(),
        dice_items(&[3])
    )
    .is_err());
}

#[test]
fn evangelion_with_one_table_die_is_not_topped_up() {
    // "an Evangelion sent with one die rolled [3,1,1]". With table dice the march
    // stops before the battle; its first round is a command that needs exactly 1 Persian and 1
    // Greek die (T300-BAT-2).
    let mut st = greek_turn();
    st.options = table_dice();
    put(&mut st, Athenai, 1, 0, 0, 0);
    put(&mut st, Thebai, 0, 1, 0, 0);
    hands(&mut st, &[10, 2], &[4]);
    let mv = json!({"type": "play_event", "card": "evangelion", "from": "athenai", "to": "thebai", "armies": 1});
    let e = refused(&st, Some(Seat(0)), Some(mv.clone()), DICE, dice_items(&[3]));
    assert_eq!(e.kind, RuleErrorKind::TableInputUnused { unused: 1 });
    let o = ok(&st, Some(Seat(0)), Some(mv), DICE, vec![]);
    let s = o.state;
    match <ThreeHundred as Game>::next(&s) {
        Next::Bot {
            decision:
                Decision::BattleRound {
                    round: 1,
                    persian_dice: 1,
                    greek_dice: 1,
                    ..
                },
        } => {}
        n => panic!("{n:?}"),
    }
    let e = refused(&s, None, None, DICE, dice_items(&[3]));
    assert_eq!(e.rule, "T300-BAT-2");
    assert_eq!(needed(&e), (dice(2), 1));
    let o = ok(&s, None, None, DICE, dice_items(&[3, 5]));
    assert_eq!(
        find(&o.events, "battle_round").data["greek_dice"],
        json!([5])
    );
    assert_eq!(find(&o.events, "evangelion_scored").data["delta"], -1);
    assert_eq!(o.state.to_act, Side::Persians);
}

#[test]
fn battles_stop_for_dice_round_by_round() {
    // T300-BAT-2, T300-BAT-7 with table dice: a battle in progress is state plus a decision;
    // each round is one bot turn carrying exactly that round's dice, because the number of dice
    // of a round depends on the round before (worked example TE-6).
    let mut st = blank(true, 0);
    st.options = table_dice();
    put(&mut st, Ephesos, 0, 3, 0, 0);
    put(&mut st, Abydos, 0, 6, 0, 0);
    put(&mut st, Pella, 0, 1, 0, 0);
    put(&mut st, Larissa, 2, 0, 0, 0);
    put(&mut st, Athenai, 1, 0, 0, 0);
    put(&mut st, Sparta, 1, 0, 0, 0);
    put(&mut st, Korinthos, 1, 0, 0, 0);
    hands(&mut st, &[2], &[7, 3]);
    // The Persian turn: 1 die, then the battle waits.
    let o = ok(&st, None, None, DICE, dice_items(&[2]));
    let s = o.state;
    find(&o.events, "battle_started");
    assert!(all(&o.events, "battle_round").is_empty());
    let round = |s: &super::super::State| match <ThreeHundred as Game>::next(s) {
        Next::Bot {
            decision:
                Decision::BattleRound {
                    kind: BattleKind::Land,
                    round,
                    persian_dice,
                    greek_dice,
                    ..
                },
        } => (round, persian_dice, greek_dice),
        n => panic!("{n:?}"),
    };
    assert_eq!(round(&s), (1, 3, 2));
    let v = serde_json::to_value(ThreeHundred::view(&s, Some(Seat(0)))).unwrap();
    assert_eq!(
        v["battle"]["next_round"],
        json!({"persian_dice": 3, "greek_dice": 2})
    );
    // The Greeks cannot move while the battle waits; the prompt says what to roll.
    assert_eq!(
        refuse(&s, json!({"type": "pass"})).kind,
        RuleErrorKind::OutOfTurn
    );
    let e = refused(&s, None, None, DICE, dice_items(&[6, 2, 1, 3]));
    assert_eq!(needed(&e), (dice(5), 4));
    // Each die is asked by whose it is; a Persian die says its cap (4 outside Ephesos, Abydos).
    let (need, _) = needed(&e);
    let en = crate::engine::TextCx::new(crate::engine::Lang::En, &[]);
    let de = crate::engine::TextCx::new(crate::engine::Lang::De, &[]);
    let asked: Vec<String> = need.iter().map(|n| n.question(&en)).collect();
    assert_eq!(
        asked,
        [
            "Persian battle die 1 of 3 (counts at most 4)",
            "Persian battle die 2 of 3 (counts at most 4)",
            "Persian battle die 3 of 3 (counts at most 4)",
            "Greek battle die 1 of 2",
            "Greek battle die 2 of 2",
        ]
    );
    assert_eq!(need[3].question(&de), "Griechischer Kampfwürfel 1 von 2");
    // A face no die has is refused naming that die, in words.
    let e = refused(&s, None, None, DICE, dice_items(&[6, 2, 1, 7, 4]));
    assert_eq!(e.rule, "T300-BAT-2");
    assert_eq!(
        e.detail.render(&en),
        "Greek battle die 1 of 2 shows 1 to 6, not 7."
    );
    // Round 1: a tie; round 2 takes 2 Persian dice and 1 Greek die.
    let o = ok(&s, None, None, DICE, dice_items(&[6, 2, 1, 3, 4]));
    let s = o.state;
    assert_eq!(all(&o.events, "battle_round").len(), 1);
    assert_eq!(round(&s), (2, 2, 1));
    // Round 2 ends the battle and the Persian turn (step 4).
    let o = ok(&s, None, None, DICE, dice_items(&[5, 3, 2]));
    assert_eq!(find(&o.events, "battle_ended").data["winner"], "persians");
    assert_eq!(find(&o.events, "persian_discard").data["card"], id(7));
    assert_eq!(o.state.to_act, Side::Greeks);
    assert!(o.state.battle.is_none());
}

#[test]
fn a_greek_decision_between_rounds_then_the_next_round() {
    // T300-BAT-4 with table dice: "fight on" is a decision; the next round is its own command.
    let mut st = greek_turn();
    st.options = table_dice();
    put(&mut st, Athenai, 4, 0, 0, 0);
    put(&mut st, Thebai, 0, 5, 0, 0);
    hands(&mut st, &[2, 3], &[3]);
    let (s, _) = play(
        &st,
        json!({"type": "move_land", "card": 2, "from": "athenai", "to": "thebai", "armies": 4}),
        &[],
    );
    let (s, _) = bot(&s, &[6, 6, 6, 5, 1, 1]);
    assert!(matches!(
        <ThreeHundred as Game>::next(&s),
        Next::Human {
            decision: Decision::BattleChoice { .. },
            ..
        }
    ));
    let (s, ev) = play(
        &s,
        json!({"type": "battle_choice", "retreat_to": null}),
        &[],
    );
    find(&ev, "fight_on");
    assert!(all(&ev, "battle_round").is_empty());
    let (s, ev) = bot(&s, &[1, 1, 1, 6, 1, 1]);
    assert_eq!(find(&ev, "battle_round").data["round"], 2);
    assert_eq!(s.u(Thebai).pa, 3);
}

#[test]
fn greek_cards_are_entered_by_id_in_the_order_drawn() {
    // T300-GPR-2 with `deck = "table"`: the cards bought come from the request, one id each,
    // from the cards that can still be in the draw pile; they are secret to the Greek seat.
    let st = start(&table_deck(), 1);
    assert!(st
        .deck
        .iter()
        .all(|s| matches!(s, Slot::Hidden(p) if p.len() == 16)));
    let (st, _) = bot(&st, &[]); // PERSS.KI buys 4 face down: nothing is entered.
    assert_eq!(st.hand_persians.len(), 4);
    assert!(st
        .hand_persians
        .iter()
        .all(|s| matches!(s, Slot::Hidden(_))));
    assert_eq!(st.phase, Phase::GreekBuy);
    let buy = json!({"type": "buy_cards", "count": 2});
    let e = refused(&st, Some(Seat(0)), Some(buy.clone()), CARDS, vec![]);
    assert_eq!(e.rule, "T300-GPR-2");
    let (need, sent) = needed(&e);
    assert_eq!(sent, 0);
    assert_eq!(
        need.len(),
        1,
        "the first card is asked for; the second depends on it"
    );
    let Need::Card {
        deck, candidates, ..
    } = &need[0]
    else {
        panic!("{need:?}")
    };
    assert_eq!(deck, "event_card");
    assert_eq!(candidates.len(), 16);
    let card = |id: &str| TableItem::Card(id.into());
    let e = refused(
        &st,
        Some(Seat(0)),
        Some(buy.clone()),
        CARDS,
        vec![card("oracle_of_delphi")],
    );
    let (need, sent) = needed(&e);
    assert_eq!((need.len(), sent), (2, 1));
    let Need::Card { candidates, .. } = &need[1] else {
        panic!()
    };
    assert_eq!(candidates.len(), 15);
    assert!(!candidates.contains(&"oracle_of_delphi".to_string()));
    // The same card twice, or a die, is refused.
    let e = refused(
        &st,
        Some(Seat(0)),
        Some(buy.clone()),
        CARDS,
        vec![card("oracle_of_delphi"), card("oracle_of_delphi")],
    );
    assert_eq!(e.kind, RuleErrorKind::Illegal);
    let o = ok(
        &st,
        Some(Seat(0)),
        Some(buy),
        CARDS,
        vec![card("oracle_of_delphi"), card("triremes")],
    );
    assert_eq!(nums(&o.state.hand_greeks), vec![7, 13]);
    assert!(!o.undoable, "secret cards were entered");
    let e = find(&o.events, "greek_cards_bought");
    assert_eq!(
        secret(e)["data"]["cards"],
        json!(["oracle_of_delphi", "triremes"])
    );
}

#[test]
fn persian_discards_are_turned_face_up_and_entered() {
    // T300-AI-12, T300-SUP-2 with `deck = "table"`: PERSS.KI's cards stay face down until it
    // discards them; each discard is entered by id, after the dice of its turn.
    let mut st = start(
        &Options {
            table_mode: TableChoice::All,
            ..Options::default()
        },
        1,
    );
    let mode = TableMode::TABLE;
    let o = ok(&st, None, None, mode, vec![]);
    st = o.state;
    let o = ok(
        &st,
        Some(Seat(0)),
        Some(json!({"type": "buy_cards", "count": 1})),
        mode,
        vec![TableItem::Card("miltiades".into())],
    );
    st = o.state;
    let o = ok(
        &st,
        Some(Seat(0)),
        Some(json!({"type": "raise"})),
        mode,
        vec![],
    );
    st = o.state;
    // The die (1: pass), then the discard.
    let e = refused(&st, None, None, mode, dice_items(&[1]));
    let (need, sent) = needed(&e);
    assert_eq!(sent, 1);
    assert_eq!(need[0], Need::die(6));
    let Need::Card { candidates, .. } = &need[1] else {
        panic!("{need:?}")
    };
    assert_eq!(candidates.len(), 15, "any card but the Greek one");
    // The die says what it decides, face by face; a card reads by printed number and name.
    let en = crate::engine::TextCx::new(crate::engine::Lang::En, &[]);
    let de = crate::engine::TextCx::new(crate::engine::Lang::De, &[]);
    assert_eq!(need[0].question(&en), "PERSS.KI's action die");
    assert_eq!(
        need[0].value_label("2", &en).as_deref(),
        Some("2: move armies")
    );
    assert_eq!(need[0].value_label("1", &de).as_deref(), Some("1: passen"));
    assert_eq!(need[1].question(&en), "PERSS.KI's card, turned face up");
    assert_eq!(
        need[1].value_label("desertion", &en).as_deref(),
        Some("16 · Desertion of Greek Soldiers")
    );
    assert_eq!(
        need[1].value_label("wrath_of_poseidon", &de).as_deref(),
        Some("3 · Zorn des Poseidon")
    );
    // The words travel rendered: the label and every candidate's name.
    let wire = serde_json::to_value(need[1].localized(&de)).unwrap();
    assert_eq!(wire["card"]["label"], "Karte von PERSS.KI, aufgedeckt");
    assert_eq!(wire["card"]["value_labels"].as_array().unwrap().len(), 15);
    // A card that cannot be turned over now is refused by its need, not by an id.
    let e = refused(
        &st,
        None,
        None,
        mode,
        vec![TableItem::Die(1), TableItem::Card("miltiades".into())],
    );
    assert_eq!(e.rule, "T300-AI-12");
    let said = e.detail.render(&en);
    assert!(said.starts_with("That card cannot be drawn now (PERSS.KI's card, turned face up); it can be 1 · Mines of Laurion"), "{said}");
    assert!(!said.contains("miltiades") && !said.contains('_'), "{said}");
    assert!(!candidates.contains(&"miltiades".to_string()));
    assert_eq!(e.rule, "T300-AI-12");
    let o = ok(
        &st,
        None,
        None,
        mode,
        vec![TableItem::Die(1), TableItem::Card("desertion".into())],
    );
    let d = find(&o.events, "persian_discard");
    assert_eq!(d.data["card"], "desertion");
    assert!(
        d.text.contains("Desertion of Greek Soldiers (card 16)"),
        "{}",
        d.text
    );
    assert_eq!(o.state.discard, vec![Card::Desertion]);
    // The entered card can no longer be any other face-down card.
    assert!(o
        .state
        .hand_persians
        .iter()
        .all(|s| matches!(s, Slot::Hidden(p) if !p.contains(&Card::Desertion))));
}

#[test]
fn face_down_cards_can_be_only_what_the_table_allows() {
    // T300-SEQ-5 with `deck = "table"`: the candidates of a draw are exactly the cards that can
    // be in the pile, counting the face-down cards PERSS.KI holds.
    let mut st = blank(true, 0);
    st.options = table_deck();
    let (a, b, c3) = (c(1), c(2), c(3));
    st.hand_persians = vec![Slot::Hidden(vec![a, b]), Slot::Hidden(vec![a, b])];
    st.deck = vec![Slot::Hidden(vec![a, b, c3])];
    // Both of PERSS.KI's cards are 1 and 2, so the pile's card is 3.
    assert_eq!(st.deck_candidates(), vec![c3]);
    assert_eq!(st.persian_candidates(1), vec![a, b]);
    // After a reshuffle the pile is exactly the discards.
    st.deck.clear();
    st.discard = vec![c(9), c(4)];
    st.hand_persians = vec![Slot::Hidden(vec![a, b])];
    st.phase = Phase::GreekBuy;
    st.talents = 6;
    let e = refused(
        &st,
        Some(Seat(0)),
        Some(json!({"type": "buy_cards", "count": 1})),
        CARDS,
        vec![],
    );
    let (need, _) = needed(&e);
    assert_eq!(
        need,
        vec![Need::card(
            "event_card",
            &["miltiades".into(), "artemisia".into()]
        )]
    );
    let o = ok(
        &st,
        Some(Seat(0)),
        Some(json!({"type": "buy_cards", "count": 1})),
        CARDS,
        vec![TableItem::Card("artemisia".into())],
    );
    let r = find(&o.events, "deck_reshuffled");
    assert_eq!(r.data, json!({"cards": 2, "at_table": true}));
    assert!(r
        .text
        .ends_with("shuffled into a new draw pile at the table."));
    assert_eq!(o.state.deck_candidates(), vec![c(4)]);
}
