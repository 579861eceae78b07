//! One or more tests per rule id of the spec (T300-GEN … T300-SCO).

use serde_json::json;

use super::super::data::{City, Side};
use super::super::flow;
use super::super::state::Outcome;
use super::super::state::{Pending, Phase, Units};
use super::super::{Move, Options, ThreeHundred};
use super::kit::*;
use crate::engine::Seat;
use crate::engine::{Game, Next, RuleErrorKind};

// ---------------------------------------------------------------- GEN, MAP, SET

#[test]
fn gen_1_seats_and_turns() {
    // T300-GEN-1: the human plays the Greeks (seat 0), PERSS.KI the Persians (a bot seat).
    let seats = ThreeHundred::seats(&Options::default());
    assert_eq!(seats[0].id, "greeks");
    assert_eq!(seats[0].kind, crate::engine::SeatKind::Human);
    assert_eq!(seats[1].id, "persians");
    assert_eq!(seats[1].kind, crate::engine::SeatKind::Bot);
    let mut st = blank(true, 0);
    st.to_act = Side::Greeks;
    put(&mut st, Athenai, 1, 0, 0, 0);
    hands(&mut st, &[2], &[3]);
    let e = match command(
        &st,
        Some(Seat(1)),
        Some(&json!({"type": "pass"})),
        crate::engine::TableMode::SERVER,
        vec![],
    ) {
        Err(crate::engine::AdapterError::Rule(e)) => e,
        _ => panic!("seat 1 never moves"),
    };
    assert_eq!(e.kind, RuleErrorKind::OutOfTurn);
    assert!(ThreeHundred::legal_moves(&st, Seat(1)).is_empty());
}

#[test]
fn gen_2_base_rules_refereed_for_both_sides() {
    // T300-GEN-2: the base victory condition (Greeks holding both Persian supply cities) applies.
    let mut st = blank(true, 0);
    put(&mut st, Abydos, 1, 0, 0, 0);
    put(&mut st, Ephesos, 1, 0, 0, 0);
    let ((), ev) = with_turn(&mut st, &[], flow::scoring);
    assert_eq!(st.winner(), Some(Outcome::Greeks));
    assert_eq!(find(&ev, "victory").rule, "T300-SCO-1");
}

#[test]
fn gen_3_persians_have_no_unit_limit() {
    // T300-GEN-3: more than the base 24 armies / 6 fleets can be on the map.
    let mut st = prep_state(false, -3);
    put(&mut st, Abydos, 0, 30, 0, 6);
    st.persian_armies_placed = 36;
    let (s, _) = bot(&st, &[]);
    assert_eq!(s.u(Abydos).pa, 32); // situation D: 6 cards, bridge 4, 2 armies
    assert!(s.persian_armies_placed > 24);
}

#[test]
fn gen_4_persians_never_carry_out_events() {
    // T300-GEN-4: cards in PERSS.KI's hand only fuel turns; Greek answer-only cards serve for movement.
    let mut st = blank(true, 0);
    put(&mut st, Abydos, 0, 3, 0, 0);
    put(&mut st, Ephesos, 0, 3, 0, 0);
    put(&mut st, Athenai, 1, 0, 0, 0);
    put(&mut st, Sparta, 1, 0, 0, 0);
    hands(&mut st, &[12, 6, 5], &[2, 6, 8]);
    let before = st.clone();
    let (s, ev) = bot(&st, &[1]);
    assert_eq!(s.units, before.units, "no Persian event changed the board");
    assert_eq!(
        s.hand_greeks, before.hand_greeks,
        "Hippias/Ostracism never happen"
    );
    assert_eq!(find(&ev, "persian_discard").data["card"], id(2));
    let mut g = s.clone();
    g.to_act = Side::Greeks;
    for card in [12, 6, 5] {
        let e = refuse(&g, json!({"type": "play_event", "card": card}));
        assert_eq!(e.rule, "T300-EVT-12");
    }
}

#[test]
fn gen_5_options_carry_only_rules() {
    // T300-GEN-5: the seed's credit lines carry no rule: nothing beyond deploy_rule is an option.
    assert!(serde_json::from_value::<Options>(json!({"publisher": "Schwerkraft"})).is_err());
    let o: Options = serde_json::from_value(json!({})).unwrap();
    assert_eq!(o, Options::default());
}

#[test]
fn map_1_table_and_distances() {
    // T300-MAP-1
    let ports: Vec<City> = super::super::data::CITIES
        .iter()
        .copied()
        .filter(|c| c.has_port())
        .collect();
    assert_eq!(
        ports,
        vec![Abydos, Ephesos, Pella, Thebai, Athenai, Sparta, Eretria, Naxos]
    );
    assert_eq!(Abydos.amphorae() + Ephesos.amphorae(), 6);
    assert_eq!((Athenai.amphorae(), Korinthos.amphorae()), (2, 1));
    assert_eq!((Sparta.points(), Delphi.points()), (2, 1));
    assert!(Eretria.roads(true).is_empty() && Naxos.roads(true).is_empty());
    let mut r = Thebai.roads(true);
    r.sort();
    assert_eq!(
        r,
        vec![
            Larissa,
            Delphi,
            Thebai
                .roads(true)
                .into_iter()
                .find(|&c| c == Athenai)
                .unwrap(),
            Korinthos
        ]
    );
    // dS equals the road distance to Sparta with the bridge.
    for c in super::super::data::CITIES {
        let mut dist = std::collections::BTreeMap::from([(Sparta, 0u32)]);
        let mut q = std::collections::VecDeque::from([Sparta]);
        while let Some(x) = q.pop_front() {
            let d = dist[&x];
            for n in x.roads(true) {
                if let std::collections::btree_map::Entry::Vacant(e) = dist.entry(n) {
                    e.insert(d + 1);
                    q.push_back(n);
                }
            }
        }
        assert_eq!(c.d_sparta(), dist.get(&c).copied(), "{c:?}");
    }
}

#[test]
fn map_2_control() {
    // T300-MAP-2
    let mut st = blank(true, 0);
    assert_eq!(st.controller(Athenai), Some(Side::Greeks));
    assert_eq!(st.controller(Abydos), Some(Side::Persians));
    assert_eq!(st.controller(Pella), None);
    put(&mut st, Pella, 0, 0, 3, 0);
    assert_eq!(st.controller(Pella), None, "a fleet never gives control");
    put(&mut st, Athenai, 0, 1, 0, 0);
    assert_eq!(st.controller(Athenai), Some(Side::Persians));
    put(&mut st, Ephesos, 1, 0, 0, 0);
    assert_eq!(st.controller(Ephesos), Some(Side::Greeks));
    put(&mut st, Larissa, 2, 0, 0, 0);
    assert_eq!(st.controller(Larissa), Some(Side::Greeks));
}

#[test]
fn map_3_bridge_and_sea() {
    // T300-MAP-3
    assert!(Abydos.roads(true).contains(&Pella));
    assert!(!Abydos.roads(false).contains(&Pella));
    let mut st = blank(false, 0);
    st.to_act = Side::Greeks;
    put(&mut st, Sparta, 1, 0, 1, 0);
    hands(&mut st, &[2, 3], &[4]);
    // Fleets go from any port directly to any other port.
    let (s, _) = play(
        &st,
        json!({"type": "move_naval", "card": 2, "from": "sparta", "to": "naxos", "fleets": 1, "armies": 1}),
        &[],
    );
    assert_eq!(
        s.u(Naxos),
        Units {
            ga: 1,
            pa: 0,
            gf: 1,
            pf: 0
        }
    );
}

#[test]
fn set_1_to_6_solo_setup() {
    let s = start(&Options::default(), 9);
    // T300-SET-1
    for c in [Athenai, Sparta, Korinthos] {
        assert_eq!(s.u(c).ga, 1);
    }
    assert_eq!((s.u(Athenai).gf, s.u(Sparta).gf), (1, 1));
    let mut deck = slot_nums(&s.deck);
    assert_ne!(deck, (1..=16).collect::<Vec<u8>>(), "shuffled");
    deck.sort();
    assert_eq!(deck, (1..=16).collect::<Vec<u8>>());
    assert!(s.hand_greeks.is_empty() && s.hand_persians.is_empty());
    // T300-SET-2
    assert_eq!(s.campaign, 3);
    // T300-SET-3
    assert_eq!(s.score, 2);
    // T300-SET-4
    assert!(s.portraits.darius && s.portraits.xerxes);
    assert_eq!(
        s.u(Abydos),
        Units {
            ga: 0,
            pa: 3,
            gf: 0,
            pf: 2
        }
    );
    assert_eq!(
        s.u(Ephesos),
        Units {
            ga: 0,
            pa: 3,
            gf: 0,
            pf: 2
        }
    );
    assert!(s.bridge);
    // T300-SET-6
    assert_eq!((s.greek_stock_armies, s.greek_stock_fleets), (6, 3));
    assert_eq!(s.phase, Phase::PersianPrep);
}

#[test]
fn set_5_sudden_death_is_an_ordinary_card() {
    // T300-SET-5: drawing card 11 in the Persian preparation changes nothing.
    let mut st = prep_state(true, 2);
    put(&mut st, Abydos, 0, 3, 0, 2);
    put(&mut st, Ephesos, 0, 3, 0, 2);
    st.deck = [11, 1, 2, 3, 4, 5]
        .iter()
        .map(|&n| super::super::state::Slot::Card(c(n)))
        .collect();
    let (s, ev) = bot(&st, &[]);
    assert!(slot_nums(&s.hand_persians).contains(&11));
    assert_eq!(s.phase, Phase::GreekBuy);
    assert_eq!(s.campaign, st.campaign);
    assert!(ev.iter().all(|e| !e.text.contains("Sudden")));
}

// ---------------------------------------------------------------- SEQ, GPR

#[test]
fn seq_1_campaign_sequence_and_seq_2_persians_prepare_first() {
    let st = start(&Options::default(), 5);
    // T300-SEQ-2: the Persians prepare first, looking at the Greek units on the map.
    assert!(matches!(
        <ThreeHundred as Game>::next(&st),
        Next::Bot { .. }
    ));
    let mut pos = 0;
    let st = step_server(&st, &mut pos, |_| unreachable!())
        .unwrap()
        .state;
    // T300-SEQ-1: Persian preparation → Greek preparation → operations → supply → scoring.
    assert_eq!(st.phase, Phase::GreekBuy);
    let (st, _) = play(&st, json!({"type": "buy_cards", "count": 0}), &[]);
    assert_eq!(st.phase, Phase::GreekRaise);
    let (st, _) = play(&st, json!({"type": "raise"}), &[]);
    assert_eq!((st.phase, st.to_act), (Phase::Operations, Side::Persians));
    let mut s = st;
    let mut saw_score = false;
    for _ in 0..40 {
        if s.campaign == 4 {
            break;
        }
        let Some(step) = step_server(&s, &mut pos, |m| m[0].clone()) else {
            break;
        };
        let kinds: Vec<&str> = step.events.iter().map(|e| e.kind.as_str()).collect();
        if let Some(i) = kinds.iter().position(|k| *k == "score") {
            let sup = kinds
                .iter()
                .position(|k| *k == "persian_hand_discarded")
                .unwrap();
            assert!(sup < i, "supply before scoring");
            saw_score = true;
        }
        s = step.state;
    }
    assert!(saw_score);
    assert_eq!((s.campaign, s.phase), (4, Phase::PersianPrep));
}

#[test]
fn seq_3_greek_turn_one_card_or_pass() {
    // T300-SEQ-3
    let mut st = blank(true, 0);
    put(&mut st, Athenai, 1, 0, 0, 0);
    put(&mut st, Abydos, 0, 3, 0, 0);
    hands(&mut st, &[], &[3]);
    // Persians act: the human is out of turn.
    assert_eq!(
        refuse(&st, json!({"type": "pass"})).kind,
        RuleErrorKind::OutOfTurn
    );
    st.to_act = Side::Greeks;
    // A Greek without cards must pass.
    assert_eq!(
        ThreeHundred::legal_moves(&st, Seat(0)),
        vec![crate::engine::Legal::Move(Move::Pass)]
    );
    hands(&mut st, &[2, 7], &[3]);
    let (s, _) = play(
        &st,
        json!({"type": "move_land", "card": 2, "from": "athenai", "to": "thebai", "armies": 1}),
        &[],
    );
    assert_eq!(nums(&s.hand_greeks), vec![7]);
    assert_eq!(s.to_act, Side::Persians, "one card per turn");
}

#[test]
fn seq_4_two_passes_in_succession() {
    // T300-SEQ-4: a side that passed may act again if the other did not pass.
    let mut st = blank(true, 0);
    put(&mut st, Athenai, 1, 0, 0, 0);
    put(&mut st, Sparta, 1, 0, 0, 0);
    put(&mut st, Abydos, 0, 3, 0, 0);
    put(&mut st, Ephesos, 0, 3, 0, 0);
    st.to_act = Side::Greeks;
    hands(&mut st, &[2, 7], &[3, 4]);
    let (s, _) = play(&st, json!({"type": "pass"}), &[]);
    assert_eq!(s.last_pass, Some(Side::Greeks));
    let (s, _) = bot(&s, &[4]); // PERSS.KI acts (destroys an army)
    let (s, _) = play(&s, json!({"type": "discard", "card": 2}), &[]);
    assert_eq!(s.last_pass, None);
    assert_eq!(s.phase, Phase::Operations);
    let (s, _) = play(&s, json!({"type": "pass"}), &[]);
    assert_eq!(s.phase, Phase::Operations);
    let (s, _) = bot(&s, &[1]);
    assert_eq!(
        s.phase,
        Phase::PersianPrep,
        "Greek pass then Persian die-1 pass end the phase"
    );
}

#[test]
fn seq_5_reshuffle_empty_draw_pile() {
    // T300-SEQ-5
    let mut st = blank(true, 0);
    st.deck = vec![];
    st.discard = vec![c(4), c(9), c(12)];
    let (drawn, ev) = with_turn(&mut st, &[], |st, t| {
        super::super::cards::draw_greek(st, t, "T300-SEQ-5")
    });
    assert!(drawn.unwrap().is_some());
    assert_eq!(st.deck.len(), 2);
    assert!(st.discard.is_empty());
    find(&ev, "deck_reshuffled");
    st.deck.clear();
    let (drawn, _) = with_turn(&mut st, &[], |st, t| {
        super::super::cards::draw_greek(st, t, "T300-SEQ-5")
    });
    assert_eq!(drawn.unwrap(), None);
}

#[test]
fn seq_6_checks_at_every_persian_turn() {
    // T300-SEQ-6: the defence check runs at the start of each Persian turn, not only the first.
    let mut st = blank(true, 0);
    put(&mut st, Abydos, 0, 5, 0, 0);
    put(&mut st, Ephesos, 0, 3, 0, 0);
    put(&mut st, Athenai, 1, 0, 0, 0);
    put(&mut st, Sparta, 1, 0, 1, 0);
    hands(&mut st, &[2, 7], &[3, 4]);
    let (s, ev) = bot(&st, &[1]);
    assert!(all(&ev, "defence_check").is_empty());
    // A Greek landing in Ephesos: the next Persian turn defends first.
    let (mut s, _) = play(
        &s,
        json!({"type": "move_naval", "card": 2, "from": "sparta", "to": "naxos", "fleets": 1, "armies": 1}),
        &[],
    );
    s.persian_done = false;
    put(&mut s, Ephesos, 1, 0, 0, 0);
    let (s2, ev) = bot(&s, &[6, 6, 1]);
    assert_eq!(find(&ev, "defence_check").data["chosen"], "abydos");
    assert!(all(&ev, "persian_die").is_empty());
    assert_eq!(
        s2.u(Ephesos),
        Units {
            ga: 0,
            pa: 2,
            gf: 0,
            pf: 0
        }
    );
}

#[test]
fn gpr_1_and_2_talents_and_buying_first() {
    let mut st = prep_state(true, 2);
    put(&mut st, Abydos, 0, 3, 0, 2);
    put(&mut st, Ephesos, 0, 3, 0, 2);
    put(&mut st, Athenai, 1, 0, 1, 0);
    let (s, _) = bot(&st, &[]);
    // T300-GPR-1
    assert_eq!(s.talents, 6);
    // T300-GPR-2: raise before buying is refused; at most min(6, talents, drawable).
    assert_eq!(
        refuse(&s, json!({"type": "raise", "armies": {"athenai": 1}})).kind,
        RuleErrorKind::OutOfTurn
    );
    assert_eq!(
        refuse(&s, json!({"type": "buy_cards", "count": 7})).rule,
        "T300-GPR-2"
    );
    let (s2, _) = play(&s, json!({"type": "buy_cards", "count": 2}), &[]);
    assert_eq!(
        (s2.hand_greeks.len(), s2.talents, s2.phase),
        (2, 4, Phase::GreekRaise)
    );
    let mut low = s.clone();
    low.deck.truncate(1);
    low.discard.clear();
    assert_eq!(
        refuse(&low, json!({"type": "buy_cards", "count": 2})).rule,
        "T300-GPR-2"
    );
    // Unspent talents are lost.
    let (s3, ev) = play(&s2, json!({"type": "raise", "armies": {"athenai": 1}}), &[]);
    assert_eq!(s3.talents, 0);
    assert_eq!(find(&ev, "greek_raised").data["talents_lost"], 3);
}

#[test]
fn gpr_3_armies_only_in_greek_controlled_cities() {
    // T300-GPR-3
    let mut st = blank(true, 0);
    st.phase = Phase::GreekRaise;
    st.talents = 6;
    put(&mut st, Athenai, 0, 1, 0, 0);
    put(&mut st, Thebai, 1, 0, 0, 0);
    assert_eq!(
        refuse(&st, json!({"type": "raise", "armies": {"athenai": 1}})).rule,
        "T300-GPR-3"
    );
    assert_eq!(
        refuse(&st, json!({"type": "raise", "armies": {"pella": 1}})).rule,
        "T300-GPR-3"
    );
    assert_eq!(
        refuse(&st, json!({"type": "raise", "armies": {"thebai": 7}})).rule,
        "T300-GPR-3"
    );
    let mut few = st.clone();
    few.greek_stock_armies = 1;
    assert_eq!(
        refuse(&few, json!({"type": "raise", "armies": {"thebai": 2}})).rule,
        "T300-GPR-3"
    );
    let (s, _) = play(
        &st,
        json!({"type": "raise", "armies": {"thebai": 2, "sparta": 1}}),
        &[],
    );
    assert_eq!((s.u(Thebai).ga, s.u(Sparta).ga), (3, 1));
    assert_eq!(s.greek_stock_armies, 6);
}

#[test]
fn gpr_4_fleets_at_most_two_not_beside_persian_fleet() {
    // T300-GPR-4
    let mut st = blank(true, 0);
    st.phase = Phase::GreekRaise;
    st.talents = 6;
    put(&mut st, Sparta, 1, 0, 0, 1);
    assert_eq!(
        refuse(&st, json!({"type": "raise", "fleets": {"athenai": 3}})).rule,
        "T300-GPR-4"
    );
    assert_eq!(
        refuse(&st, json!({"type": "raise", "fleets": {"sparta": 1}})).rule,
        "T300-GPR-4"
    );
    assert_eq!(
        refuse(&st, json!({"type": "raise", "fleets": {"pella": 1}})).rule,
        "T300-GPR-4"
    );
    let (s, _) = play(&st, json!({"type": "raise", "fleets": {"athenai": 2}}), &[]);
    assert_eq!(s.u(Athenai).gf, 2);
    assert_eq!(s.greek_stock_fleets, 3);
}

#[test]
fn gpr_5_greeks_cannot_build_the_bridge() {
    // T300-GPR-5: no move builds it.
    assert!(serde_json::from_value::<Move>(json!({"type": "build_bridge"})).is_err());
    let mut st = blank(false, 0);
    st.phase = Phase::GreekRaise;
    st.talents = 6;
    let (s, _) = play(&st, json!({"type": "raise"}), &[]);
    assert!(!s.bridge);
}

// ---------------------------------------------------------------- MOV, BAT

#[test]
fn mov_1_card_for_movement() {
    // T300-MOV-1: the event does not happen, the card is discarded, reaction cards may move.
    let mut st = greek_turn();
    put(&mut st, Athenai, 2, 0, 0, 0);
    hands(&mut st, &[15, 16], &[3]);
    let (s, ev) = play(
        &st,
        json!({"type": "move_land", "card": 15, "from": "athenai", "to": "thebai", "armies": 2}),
        &[],
    );
    assert_eq!(s.discard.last(), Some(&c(15)));
    assert_eq!(find(&ev, "greek_card_played").rule, "T300-MOV-1");
    assert_eq!(s.u(Thebai).ga, 2);
    assert_eq!(s.u(Abydos).pa, 3);
    assert_eq!(
        refuse(
            &st,
            json!({"type": "move_land", "card": 16, "from": "athenai", "to": "thebai", "armies": 0})
        )
        .rule,
        "T300-MOV-1"
    );
    assert_eq!(
        refuse(
            &st,
            json!({"type": "move_land", "card": 9, "from": "athenai", "to": "thebai", "armies": 1})
        )
        .rule,
        "T300-MOV-1"
    );
}

#[test]
fn mov_2_land_movement_stops() {
    // T300-MOV-2
    let mut st = greek_turn();
    put(&mut st, Sparta, 3, 0, 0, 0);
    put(&mut st, Thebai, 1, 0, 0, 1);
    hands(&mut st, &[2, 3], &[3]);
    // Through Korinthos (uncontrolled, empty) is not allowed: they must stop there.
    assert_eq!(
        refuse(&st, json!({"type": "move_land", "card": 2, "from": "sparta", "to": "athenai", "armies": 1, "path": ["sparta", "korinthos", "athenai"]})).rule,
        "T300-MOV-2"
    );
    // Through Greek-held Thebai (even with a Persian fleet in its port) is allowed.
    let mut st2 = st.clone();
    put(&mut st2, Korinthos, 1, 0, 0, 0);
    let (s, _) = play(
        &st2,
        json!({"type": "move_land", "card": 2, "from": "sparta", "to": "larissa", "armies": 2, "path": ["sparta", "korinthos", "thebai", "larissa"]}),
        &[],
    );
    assert_eq!((s.u(Larissa).ga, s.u(Sparta).ga), (2, 1));
    // No road: refused.
    assert_eq!(
        refuse(
            &st,
            json!({"type": "move_land", "card": 2, "from": "sparta", "to": "naxos", "armies": 1})
        )
        .rule,
        "T300-MOV-2"
    );
    // Abydos–Pella only with the bridge.
    let mut st3 = greek_turn();
    st3.bridge = false;
    put(&mut st3, Pella, 1, 0, 0, 0);
    put(&mut st3, Abydos, 0, 0, 0, 0);
    hands(&mut st3, &[2], &[3]);
    assert_eq!(
        refuse(
            &st3,
            json!({"type": "move_land", "card": 2, "from": "pella", "to": "abydos", "armies": 1})
        )
        .rule,
        "T300-MOV-2"
    );
}

#[test]
fn mov_3_naval_movement_with_armies_and_battles() {
    // T300-MOV-3
    let mut st = greek_turn();
    put(&mut st, Athenai, 4, 0, 4, 0);
    put(&mut st, Pella, 0, 1, 0, 1);
    hands(&mut st, &[2, 3], &[3]);
    assert_eq!(refuse(&st, json!({"type": "move_naval", "card": 2, "from": "athenai", "to": "pella", "fleets": 4, "armies": 4})).rule, "T300-MOV-3");
    assert_eq!(refuse(&st, json!({"type": "move_naval", "card": 2, "from": "athenai", "to": "pella", "fleets": 2, "armies": 3})).rule, "T300-MOV-3");
    assert_eq!(refuse(&st, json!({"type": "move_naval", "card": 2, "from": "athenai", "to": "larissa", "fleets": 1})).rule, "T300-MOV-3");
    // Naval battle first (Greek 6 beats Persian 4), then the armies land and fight the Persian army.
    let (s, ev) = play(
        &st,
        json!({"type": "move_naval", "card": 2, "from": "athenai", "to": "pella", "fleets": 3, "armies": 3}),
        &[2, 6, 1, 1, 3, 5, 2, 1],
    );
    let kinds: Vec<_> = ev
        .iter()
        .filter(|e| e.kind == "battle_started")
        .map(|e| e.data["kind"].clone())
        .collect();
    assert_eq!(kinds, vec!["naval", "land"]);
    assert_eq!(
        s.u(Pella),
        Units {
            ga: 3,
            pa: 0,
            gf: 3,
            pf: 0
        }
    );
    assert_eq!(
        s.u(Athenai),
        Units {
            ga: 1,
            pa: 0,
            gf: 1,
            pf: 0
        }
    );
}

#[test]
fn mov_4_bridge_question_after_taking_abydos() {
    // T300-MOV-4
    let mut st = greek_turn();
    put(&mut st, Pella, 2, 0, 0, 0);
    put(&mut st, Abydos, 0, 0, 0, 0);
    hands(&mut st, &[2, 3], &[3]);
    let (s, _) = play(
        &st,
        json!({"type": "move_land", "card": 2, "from": "pella", "to": "abydos", "armies": 2}),
        &[],
    );
    assert!(matches!(s.pending, Some(Pending::DestroyBridge)));
    assert_eq!(
        refuse(&s, json!({"type": "pass"})).kind,
        RuleErrorKind::OutOfTurn
    );
    let (s2, _) = play(&s, json!({"type": "destroy_bridge", "destroy": true}), &[]);
    assert!(!s2.bridge);
    assert_eq!(s2.to_act, Side::Persians);
    let (s3, _) = play(&s, json!({"type": "destroy_bridge", "destroy": false}), &[]);
    assert!(s3.bridge);
}

#[test]
fn bat_1_2_greek_attack_dice_and_caps() {
    // T300-BAT-1 the mover attacks; T300-BAT-2 at most 3 dice, Persian cap 4, Greek uncapped.
    let mut st = greek_turn();
    put(&mut st, Athenai, 4, 0, 0, 0);
    put(&mut st, Thebai, 0, 5, 0, 0);
    hands(&mut st, &[2, 3], &[3]);
    let (s, ev) = play(
        &st,
        json!({"type": "move_land", "card": 2, "from": "athenai", "to": "thebai", "armies": 4}),
        &[6, 6, 6, 5, 1, 1],
    );
    let b = find(&ev, "battle_started");
    assert_eq!(b.data["attacker"], "greeks");
    let r = find(&ev, "battle_round");
    assert_eq!(r.data["persian_dice"].as_array().unwrap().len(), 3);
    assert_eq!(r.data["greek_dice"].as_array().unwrap().len(), 3);
    assert_eq!(r.data["persian_result"], 4);
    assert_eq!(r.data["greek_result"], 5);
    assert_eq!(
        s.pending,
        Some(Pending::BattleChoice {
            allowed: vec![Athenai]
        })
    );
    assert_eq!(s.u(Thebai).pa, 4);
}

#[test]
fn bat_3_empty_fleet_lost_first_at_sea() {
    // T300-BAT-3: 3 fleets carry 2 armies: the empty fleet goes first, then a carrying one with its army.
    let mut st = greek_turn();
    put(&mut st, Athenai, 2, 0, 3, 0);
    put(&mut st, Naxos, 0, 0, 0, 3);
    hands(&mut st, &[2, 3], &[3]);
    let (s, ev) = play(
        &st,
        json!({"type": "move_naval", "card": 2, "from": "athenai", "to": "naxos", "fleets": 3, "armies": 2}),
        &[4, 1, 1, 1, 1, 1],
    );
    assert_eq!(find(&ev, "battle_round").data["carried_army_lost"], false);
    assert_eq!(s.u(Naxos).gf, 2);
    assert_eq!(s.battle.as_ref().unwrap().carried, 2);
    assert!(matches!(s.pending, Some(Pending::BattleChoice { .. })));
    let (s2, ev2) = play(
        &s,
        json!({"type": "battle_choice", "retreat_to": null}),
        &[4, 1, 1, 1, 1],
    );
    assert_eq!(find(&ev2, "battle_round").data["carried_army_lost"], true);
    assert_eq!(s2.battle.as_ref().unwrap().carried, 1);
    assert_eq!(s2.greek_stock_armies, 10);
}

#[test]
fn bat_4_5_6_greek_retreats() {
    // T300-BAT-6: a Greek land attacker retreats to the last city of its path.
    let mut st = greek_turn();
    put(&mut st, Sparta, 3, 0, 0, 0);
    put(&mut st, Korinthos, 1, 0, 0, 0);
    put(&mut st, Thebai, 0, 3, 0, 0);
    hands(&mut st, &[2, 3], &[3]);
    let (s, _) = play(
        &st,
        json!({"type": "move_land", "card": 2, "from": "sparta", "to": "thebai", "armies": 3}),
        &[4, 1, 1, 6, 1, 1],
    );
    assert_eq!(
        s.pending,
        Some(Pending::BattleChoice {
            allowed: vec![Korinthos]
        })
    );
    // T300-BAT-5: the retreat takes all armies back and ends the battle.
    assert_eq!(
        refuse(&s, json!({"type": "battle_choice", "retreat_to": "sparta"})).rule,
        "T300-BAT-5"
    );
    let (s2, ev) = play(
        &s,
        json!({"type": "battle_choice", "retreat_to": "korinthos"}),
        &[],
    );
    assert_eq!(s2.u(Korinthos).ga, 4);
    assert_eq!(
        s2.u(Thebai),
        Units {
            ga: 0,
            pa: 2,
            gf: 0,
            pf: 0
        }
    );
    find(&ev, "greek_retreat");
    assert!(s2.battle.is_none());
    // T300-BAT-4: the Persians never retreat — no Persian choice exists, PERSS.KI fights to the end.
    let mut st = blank(true, 0);
    put(&mut st, Abydos, 0, 9, 0, 0);
    put(&mut st, Ephesos, 0, 3, 0, 0);
    put(&mut st, Pella, 5, 0, 0, 0);
    hands(&mut st, &[2], &[3]);
    // Abydos moves 4 into Pella; Greeks win 4 rounds in a row.
    let (s, ev) = bot(
        &st,
        &[
            2, 1, 1, 1, 6, 1, 1, 1, 1, 1, 6, 1, 1, 1, 1, 6, 1, 1, 1, 6, 1, 1,
        ],
    );
    assert_eq!(all(&ev, "battle_round").len(), 4);
    assert_eq!(
        s.u(Pella),
        Units {
            ga: 5,
            pa: 0,
            gf: 0,
            pf: 0
        }
    );
}

#[test]
fn bat_5_land_defender_by_sea_and_naval_defender() {
    // T300-BAT-5: a land defender may leave by sea when its fleets carry all its armies.
    let mut st = blank(true, 0);
    put(&mut st, Abydos, 0, 9, 0, 0);
    put(&mut st, Ephesos, 0, 3, 0, 0);
    put(&mut st, Pella, 2, 0, 2, 0);
    put(&mut st, Sparta, 1, 0, 0, 0);
    put(&mut st, Athenai, 0, 0, 0, 1);
    hands(&mut st, &[2], &[3]);
    let (s, _) = bot(&st, &[2, 1, 1, 1, 6, 1]);
    // Sparta qualifies, Athenai has a Persian fleet.
    assert_eq!(
        s.pending,
        Some(Pending::BattleChoice {
            allowed: vec![Sparta]
        })
    );
    let (s2, _) = play(
        &s,
        json!({"type": "battle_choice", "retreat_to": "sparta"}),
        &[],
    );
    assert_eq!(
        s2.u(Sparta),
        Units {
            ga: 3,
            pa: 0,
            gf: 2,
            pf: 0
        }
    );
    assert_eq!(s2.u(Pella).pa, 3);
    // A naval defender retreats to any Greek-controlled port city, carrying nothing.
    let mut st = blank(true, 0);
    put(&mut st, Abydos, 0, 3, 0, 0);
    put(&mut st, Ephesos, 0, 3, 0, 0);
    put(&mut st, Thebai, 1, 0, 3, 0);
    hands(&mut st, &[2], &[3]);
    let (s, _) = bot(&st, &[5, 6, 1, 1]);
    assert_eq!(
        s.pending,
        Some(Pending::BattleChoice {
            allowed: vec![Athenai, Sparta]
        })
    );
    let (s2, _) = play(
        &s,
        json!({"type": "battle_choice", "retreat_to": "athenai"}),
        &[],
    );
    assert_eq!(s2.u(Athenai).gf, 1);
    assert_eq!(
        s2.u(Thebai),
        Units {
            ga: 1,
            pa: 0,
            gf: 0,
            pf: 1
        }
    );
}

#[test]
fn bat_7_no_choice_without_legal_retreat() {
    // T300-BAT-7: with no legal retreat the next round follows at once (TE-6/TE-10 style).
    let mut st = blank(false, 0);
    put(&mut st, Abydos, 3, 0, 0, 0);
    put(&mut st, Ephesos, 0, 6, 0, 0);
    hands(&mut st, &[2], &[3]);
    let (s, ev) = bot(&st, &[1, 1, 6, 1, 1, 1, 6, 1, 1]);
    assert_eq!(all(&ev, "battle_round").len(), 2);
    assert!(s.pending.is_none());
    assert_eq!(
        s.u(Abydos),
        Units {
            ga: 3,
            pa: 0,
            gf: 0,
            pf: 0
        }
    );
    find(&ev, "battle_ended");
}

// ---------------------------------------------------------------- EVT

#[test]
fn evt_1_mines_of_laurion() {
    // T300-EVT-1: an extra preparation with 3 talents, no fleet limit, then the Greek turn ends.
    let mut st = greek_turn();
    put(&mut st, Athenai, 1, 0, 1, 0);
    st.fleets_raised = 2;
    hands(&mut st, &[1, 2], &[3]);
    let (s, _) = play(&st, json!({"type": "play_event", "card": 1}), &[]);
    assert_eq!((s.phase, s.talents, s.mines), (Phase::GreekBuy, 3, true));
    assert_eq!(
        refuse(&s, json!({"type": "buy_cards", "count": 4})).rule,
        "T300-EVT-1"
    );
    let (s, _) = play(&s, json!({"type": "buy_cards", "count": 0}), &[]);
    let (s, _) = play(&s, json!({"type": "raise", "fleets": {"athenai": 3}}), &[]);
    assert_eq!(s.u(Athenai).gf, 4);
    assert_eq!(
        (s.phase, s.to_act, s.mines),
        (Phase::Operations, Side::Persians, false)
    );
}

#[test]
fn evt_2_ionian_revolt() {
    // T300-EVT-2
    let mut st = greek_turn();
    put(&mut st, Pella, 0, 2, 0, 0);
    put(&mut st, Athenai, 1, 0, 0, 0);
    hands(&mut st, &[2, 3], &[3]);
    assert_eq!(
        refuse(
            &st,
            json!({"type": "play_event", "card": 2, "city": "pella"})
        )
        .rule,
        "T300-EVT-2"
    );
    let (s, _) = play(
        &st,
        json!({"type": "play_event", "card": 2, "city": "ephesos"}),
        &[],
    );
    assert_eq!(s.u(Ephesos).pa, 2);
    assert_eq!(s.discard.last(), Some(&c(2)));
}

#[test]
fn evt_3_wrath_of_poseidon() {
    // T300-EVT-3
    let mut st = greek_turn();
    put(&mut st, Abydos, 0, 3, 0, 2);
    put(&mut st, Athenai, 1, 0, 0, 0);
    hands(&mut st, &[3, 2], &[4]);
    assert_eq!(
        refuse(
            &st,
            json!({"type": "play_event", "card": 3, "port": "ephesos"})
        )
        .rule,
        "T300-EVT-3"
    );
    // The port is `port`; `play_event` takes exactly the parameters of its card.
    assert_eq!(
        refuse(
            &st,
            json!({"type": "play_event", "card": 3, "city": "abydos"})
        )
        .rule,
        "T300-EVT-3"
    );
    let (s, _) = play(
        &st,
        json!({"type": "play_event", "card": "wrath_of_poseidon", "port": "abydos"}),
        &[],
    );
    assert_eq!(s.u(Abydos).pf, 1);
}

#[test]
fn evt_4_oracle_of_delphi() {
    // T300-EVT-4: discard the other n cards, draw n + 1.
    let mut st = greek_turn();
    put(&mut st, Athenai, 1, 0, 0, 0);
    hands(&mut st, &[7, 2, 3], &[4]);
    let (s, _) = play(&st, json!({"type": "play_event", "card": 7}), &[]);
    assert_eq!(s.hand_greeks.len(), 3);
    assert!(!s.hand_greeks.contains(&c(2)) && !s.hand_greeks.contains(&c(3)));
    assert!(s.discard.contains(&c(2)) && s.discard.contains(&c(3)) && s.discard.contains(&c(7)));
}

#[test]
fn evt_5_leonidas_and_evt_14_once_only() {
    // T300-EVT-5: an army from stock covers the portrait; exactly 1 army moves; 2 Greek dice.
    let mut st = greek_turn();
    put(&mut st, Korinthos, 3, 0, 0, 0);
    put(&mut st, Thebai, 0, 3, 0, 0);
    hands(&mut st, &[8, 2, 8], &[4]);
    let (s, ev) = play(
        &st,
        json!({"type": "play_event", "card": 8, "from": "korinthos", "to": "thebai"}),
        &[6, 1, 1, 1, 1],
    );
    assert!(s.portraits.leonidas);
    assert_eq!(s.greek_stock_armies, 8 + 1); // 9 - 1 for the portrait + 1 lost in battle
    let r = find(&ev, "battle_round");
    assert_eq!(
        r.data["greek_dice"].as_array().unwrap().len(),
        2,
        "Leonidas: 2 dice with 1 army"
    );
    assert_eq!(s.u(Korinthos).ga, 2);
    // T300-EVT-14: used once, the event is gone; the card still moves.
    let mut s2 = s.clone();
    s2.to_act = Side::Greeks;
    s2.hand_greeks = vec![c(8), c(2)];
    assert_eq!(
        refuse(
            &s2,
            json!({"type": "play_event", "card": 8, "from": "korinthos", "to": "athenai"})
        )
        .rule,
        "T300-EVT-14"
    );
    let (s3, _) = play(
        &s2,
        json!({"type": "move_land", "card": 8, "from": "korinthos", "to": "athenai", "armies": 2}),
        &[],
    );
    assert_eq!(s3.u(Athenai).ga, 2);
}

#[test]
fn evt_6_evangelion() {
    // T300-EVT-6: Greeks win → score 1 toward the Greeks.
    let mut st = greek_turn();
    put(&mut st, Athenai, 3, 0, 0, 0);
    put(&mut st, Thebai, 0, 1, 0, 0);
    hands(&mut st, &[10, 2], &[4]);
    let (s, ev) = play(
        &st,
        json!({"type": "play_event", "card": 10, "from": "athenai", "to": "thebai", "armies": 3}),
        &[1, 6, 1, 1],
    );
    assert_eq!(find(&ev, "evangelion_scored").data["delta"], -1);
    assert_eq!(s.score, -1);
    // Both wiped out: both changes apply and cancel.
    let mut st = greek_turn();
    put(&mut st, Athenai, 1, 0, 0, 0);
    put(&mut st, Thebai, 0, 1, 0, 0);
    hands(&mut st, &[10, 2], &[4]);
    let (s, ev) = play(
        &st,
        json!({"type": "play_event", "card": 10, "from": "athenai", "to": "thebai", "armies": 1}),
        &[3, 3],
    );
    assert_eq!(find(&ev, "evangelion_scored").data["delta"], 0);
    assert_eq!(s.score, 0);
    // Greeks lose: 1 toward the Persians.
    let mut st = greek_turn();
    put(&mut st, Athenai, 1, 0, 0, 0);
    put(&mut st, Thebai, 0, 2, 0, 0);
    hands(&mut st, &[10, 2], &[4]);
    let (s, _) = play(
        &st,
        json!({"type": "play_event", "card": 10, "from": "athenai", "to": "thebai", "armies": 1}),
        &[4, 1, 1],
    );
    assert_eq!(s.score, 1);
}

#[test]
fn evt_7_melas_zomos() {
    // T300-EVT-7
    let mut st = greek_turn();
    put(&mut st, Sparta, 1, 0, 0, 0);
    hands(&mut st, &[11, 2], &[4]);
    let (s, _) = play(&st, json!({"type": "play_event", "card": 11}), &[]);
    assert_eq!(s.u(Sparta).ga, 2);
    let mut bad = st.clone();
    put(&mut bad, Sparta, 0, 1, 0, 0);
    assert_eq!(
        refuse(&bad, json!({"type": "play_event", "card": 11})).rule,
        "T300-EVT-7"
    );
}

#[test]
fn evt_8_triremes() {
    // T300-EVT-8: two naval movements, no armies, the second optional.
    let mut st = greek_turn();
    put(&mut st, Athenai, 2, 0, 2, 0);
    put(&mut st, Sparta, 1, 0, 1, 0);
    hands(&mut st, &[13, 2], &[4]);
    let (s, _) = play(
        &st,
        json!({"type": "play_event", "card": 13, "from": "athenai", "to": "naxos", "fleets": 2}),
        &[],
    );
    assert_eq!(s.pending, Some(Pending::TriremesSecond));
    assert_eq!(s.u(Athenai).ga, 2, "no armies carried");
    let (s2, _) = play(
        &s,
        json!({"type": "triremes_second", "from": "sparta", "to": "eretria", "fleets": 1}),
        &[],
    );
    assert_eq!((s2.u(Naxos).gf, s2.u(Eretria).gf), (2, 1));
    assert_eq!(s2.to_act, Side::Persians);
    let (s3, _) = play(&s, json!({"type": "triremes_second", "skip": true}), &[]);
    assert_eq!((s3.to_act, s3.u(Sparta).gf), (Side::Persians, 1));
}

#[test]
fn evt_9_support_from_syracuse() {
    // T300-EVT-9: all stock fleets into Greek-controlled ports without Persian fleets.
    let mut st = greek_turn();
    put(&mut st, Athenai, 1, 0, 0, 1);
    put(&mut st, Sparta, 1, 0, 0, 0);
    st.greek_stock_fleets = 2;
    hands(&mut st, &[14, 2], &[4]);
    assert_eq!(
        refuse(
            &st,
            json!({"type": "play_event", "card": 14, "fleets": {"athenai": 2}})
        )
        .rule,
        "T300-EVT-9"
    );
    assert_eq!(
        refuse(
            &st,
            json!({"type": "play_event", "card": 14, "fleets": {"sparta": 1}})
        )
        .rule,
        "T300-EVT-9"
    );
    let (s, _) = play(
        &st,
        json!({"type": "play_event", "card": 14, "fleets": {"sparta": 2}}),
        &[],
    );
    assert_eq!((s.u(Sparta).gf, s.greek_stock_fleets), (2, 0));
}

#[test]
fn evt_10_desertion() {
    // T300-EVT-10
    let mut st = greek_turn();
    put(&mut st, Larissa, 0, 2, 0, 0);
    put(&mut st, Athenai, 1, 0, 0, 0);
    hands(&mut st, &[16, 2], &[4]);
    assert_eq!(
        refuse(
            &st,
            json!({"type": "play_event", "card": 16, "city": "delphi"})
        )
        .rule,
        "T300-EVT-10"
    );
    let (s, _) = play(
        &st,
        json!({"type": "play_event", "card": 16, "city": "larissa"}),
        &[],
    );
    assert_eq!(s.u(Larissa).pa, 1);
}

#[test]
fn evt_11_miltiades_in_persian_and_greek_attacks() {
    // T300-EVT-11: Miltiades against a Persian attack, paid from the map when the stock is empty.
    let mut st = blank(true, 0);
    put(&mut st, Abydos, 0, 9, 0, 0);
    put(&mut st, Ephesos, 0, 3, 0, 0);
    put(&mut st, Pella, 1, 0, 0, 0);
    put(&mut st, Sparta, 2, 0, 0, 0);
    st.greek_stock_armies = 0;
    hands(&mut st, &[4, 15, 2], &[3]);
    let (s, _) = bot(&st, &[2]);
    assert_eq!(
        s.pending,
        Some(Pending::React {
            cards: vec![c(4), c(15)]
        })
    );
    // Not the last army of the battle.
    assert_eq!(
        refuse(&s, json!({"type": "react", "card": 4, "pay_from": "pella"})).rule,
        "T300-EVT-11"
    );
    let (s2, ev) = play(
        &s,
        json!({"type": "react", "card": 4, "pay_from": "sparta"}),
        &[4, 4, 4, 6, 1, 1, 4, 4, 4, 1, 1, 1],
    );
    assert!(s2.portraits.miltiades);
    assert_eq!(s2.u(Sparta).ga, 1);
    assert_eq!(
        find(&ev, "battle_round").data["greek_dice"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
    assert_eq!(
        nums(&s2.hand_greeks),
        vec![15, 2],
        "reactions do not use up the Greek turn"
    );
    // In a Greek attack: the `miltiades` flag of the land movement.
    let mut st = greek_turn();
    put(&mut st, Athenai, 1, 0, 0, 0);
    put(&mut st, Thebai, 0, 2, 0, 0);
    hands(&mut st, &[2, 4], &[3]);
    assert_eq!(
        refuse(&st, json!({"type": "move_land", "card": 2, "from": "athenai", "to": "korinthos", "armies": 1, "miltiades": true})).rule,
        "T300-EVT-11"
    );
    let (s, ev) = play(
        &st,
        json!({"type": "move_land", "card": 2, "from": "athenai", "to": "thebai", "armies": 1, "miltiades": true}),
        &[4, 1, 6, 1, 1],
    );
    assert!(s.portraits.miltiades);
    assert_eq!(
        s.pending,
        Some(Pending::BattleChoice {
            allowed: vec![Athenai]
        })
    );
    assert_eq!(
        all(&ev, "battle_round")[0].data["greek_dice"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
    assert!(s.hand_greeks.is_empty());
}

#[test]
fn evt_11_artemisia() {
    // T300-EVT-11: after a naval round in which the Persians lost a fleet and others remain.
    let mut st = greek_turn();
    put(&mut st, Athenai, 1, 0, 3, 0);
    put(&mut st, Naxos, 0, 0, 0, 3);
    hands(&mut st, &[9, 2], &[3]);
    let (s, _) = play(
        &st,
        json!({"type": "move_naval", "card": 2, "from": "athenai", "to": "naxos", "fleets": 3}),
        &[1, 1, 1, 6, 1, 1],
    );
    assert_eq!(s.pending, Some(Pending::Artemisia));
    let (s2, _) = play(&s, json!({"type": "react", "card": 9}), &[]);
    assert!(s2.portraits.artemisia);
    assert_eq!(s2.u(Naxos).pf, 1);
    assert!(matches!(s2.pending, Some(Pending::BattleChoice { .. })));
    // Declining keeps the fleets.
    let (s3, _) = play(&s, json!({"type": "react", "card": null}), &[]);
    assert_eq!(s3.u(Naxos).pf, 2);
}

#[test]
fn evt_12_die_5_placement_opens_no_themistocles() {
    // T300-EVT-12: the die-5 placement is no naval movement: no reaction window.
    let mut st = blank(true, 0);
    put(&mut st, Abydos, 0, 3, 0, 0);
    put(&mut st, Ephesos, 0, 3, 0, 0);
    put(&mut st, Athenai, 1, 0, 1, 0);
    hands(&mut st, &[5, 2], &[3]);
    let (s, _) = bot(&st, &[5]);
    assert!(s.pending.is_none());
    assert_eq!(nums(&s.hand_greeks), vec![5, 2]);
}

#[test]
fn evt_13_sparta_cards_always_usable() {
    // T300-EVT-13: after PERSS.KI discarded Carneia Festival (4) and Acropolis on Fire (15), Sparta
    // cards still work and Athenai still scores.
    let mut st = greek_turn();
    put(&mut st, Sparta, 1, 0, 0, 0);
    put(&mut st, Athenai, 1, 0, 0, 0);
    st.discard = vec![c(4), c(15)];
    hands(&mut st, &[11, 2], &[3]);
    let (s, _) = play(&st, json!({"type": "play_event", "card": 11}), &[]);
    assert_eq!(s.u(Sparta).ga, 2);
    assert_eq!(flow::points(&s, Side::Greeks), 4);
}

// ---------------------------------------------------------------- PPR

#[test]
fn ppr_1_twelve_talents_every_situation() {
    // T300-PPR-1 T300-PPR-3: cards + bridge (4) + units + lost = 12 in every situation.
    for score in [-3, 0, 3] {
        let mut st = prep_state(false, score);
        put(&mut st, Abydos, 0, 1, 0, 0);
        let (s, ev) = bot(&st, &[]);
        let cards = s.hand_persians.len() as u32;
        let bridge = if s.bridge { 4 } else { 0 };
        let armies = s.u(Abydos).pa + s.u(Ephesos).pa - 1;
        let fleets = s.u(Abydos).pf + s.u(Ephesos).pf;
        let lost = ev
            .iter()
            .find(|e| e.kind == "talents_lost")
            .map(|e| e.data["count"].as_u64().unwrap() as u32)
            .unwrap_or(0);
        assert_eq!(cards + bridge + armies + fleets + lost, 12, "score {score}");
    }
}

#[test]
fn ppr_2_situations_checked_in_order() {
    // T300-PPR-2: A before B; exactly one situation applies.
    let mut st = prep_state(true, 3);
    put(&mut st, Abydos, 1, 0, 0, 0);
    put(&mut st, Ephesos, 0, 3, 0, 0);
    let (s, ev) = bot(&st, &[]);
    let e = find(&ev, "persian_situation");
    assert_eq!(e.data["situation"], "A");
    let met: Vec<bool> = e.data["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["met"].as_bool().unwrap())
        .collect();
    assert_eq!(met, vec![true, false, false, false]);
    assert_eq!(s.u(Ephesos).pa, 12);
}

#[test]
fn ppr_9_empty_supply_city_counts_as_occupied() {
    // T300-PPR-9: an empty Abydos without Greek armies receives a fleet and armies in B.
    let mut st = prep_state(true, 1);
    put(&mut st, Ephesos, 0, 3, 0, 1);
    let (s, _) = bot(&st, &[]);
    assert_eq!(s.u(Abydos).pf, 1);
    assert_eq!(s.u(Abydos).pa, 2);
}

#[test]
fn ppr_11_fewer_cards_than_asked() {
    // T300-PPR-11: A with one drawable card still places exactly 9 armies.
    let mut st = prep_state(false, 0);
    put(&mut st, Abydos, 2, 0, 0, 0);
    st.deck = vec![super::super::state::Slot::Card(c(5))];
    let (s, ev) = bot(&st, &[]);
    assert_eq!(slot_nums(&s.hand_persians), vec![5]);
    assert_eq!(s.u(Ephesos).pa, 9);
    assert_eq!(find(&ev, "talents_lost").data["count"], 2);
    // C with two cards: the saving flows into the army fill.
    let mut st = prep_state(true, 0);
    st.deck = vec![
        super::super::state::Slot::Card(c(5)),
        super::super::state::Slot::Card(c(6)),
    ];
    let (s, _) = bot(&st, &[]);
    assert_eq!(s.hand_persians.len(), 2);
    assert_eq!((s.u(Abydos).pa, s.u(Ephesos).pa), (2, 2));
}

#[test]
fn ppr_12_bridge_without_further_check_and_at_most_six_cards() {
    // T300-PPR-12
    let mut st = prep_state(false, -6);
    put(&mut st, Athenai, 3, 0, 0, 0);
    let (s, _) = bot(&st, &[]);
    assert!(s.bridge);
    assert_eq!(s.hand_persians.len(), 6);
    assert_eq!(s.u(Abydos).pa, 2);
}

// ---------------------------------------------------------------- AI, TGT, FB

#[test]
fn ai_2_both_supply_cities_occupied() {
    // T300-AI-2: Ephesos first; Abydos when Ephesos cannot be reached.
    let mut st = blank(false, 0);
    put(&mut st, Ephesos, 1, 0, 0, 0);
    put(&mut st, Abydos, 1, 0, 0, 0);
    put(&mut st, Pella, 0, 3, 0, 0);
    put(&mut st, Athenai, 1, 0, 0, 0);
    hands(&mut st, &[2], &[3]);
    let (_, ev) = bot(&st, &[6]);
    let checks = all(&ev, "defence_check");
    assert_eq!(checks.len(), 2);
    assert_eq!(checks[0].data["target"], "ephesos");
    assert_eq!(checks[1].data["target"], "abydos");
    // T300-AI-4: no candidate reaches: the die is rolled as in step 3.
    find(&ev, "defence_impossible");
    assert_eq!(find(&ev, "persian_die").dice, vec![6]);
    // With the bridge Pella reaches Abydos (Ephesos still not: Abydos is Greek).
    st.bridge = true;
    let (s, ev) = bot(&st, &[6, 1]);
    assert_eq!(all(&ev, "defence_check")[1].data["chosen"], "pella");
    assert_eq!(s.u(Abydos).pa, 1);
}

#[test]
fn ai_5_6_die_table() {
    // T300-AI-5 T300-AI-6: 1 pass, 2–3 move, 4 army, 5 fleet, 6 place.
    let mut st = ai_state();
    put(&mut st, Athenai, 2, 0, 1, 0);
    put(&mut st, Sparta, 2, 0, 1, 0);
    put(&mut st, Abydos, 0, 6, 0, 0);
    let expect = [
        (1, "persian_pass"),
        (2, "persian_move"),
        (3, "persian_move"),
        (4, "greek_army_destroyed"),
        (5, "greek_fleet_destroyed"),
        (6, "persian_deploy"),
    ];
    for (die, kind) in expect {
        let (_, ev) = bot(&st, &[die]);
        assert_eq!(find(&ev, "persian_die").data["value"], die);
        find(&ev, kind);
    }
}

#[test]
fn ai_8_no_movement_falls_back_and_fb_3() {
    // T300-AI-8 T300-FB-1 T300-FB-3: no movement possible → destroy an army, with its discard.
    let mut st = ai_state();
    st.bridge = false;
    put(&mut st, Athenai, 2, 0, 0, 0);
    let (s, ev) = bot(&st, &[2]);
    let f = find(&ev, "fallback");
    assert_eq!(
        (f.data["from"].clone(), f.data["to"].clone()),
        ("move_armies".into(), "destroy_army".into())
    );
    assert_eq!(s.u(Athenai).ga, 1);
    assert_eq!(s.pending, Some(Pending::Discard));
}

#[test]
fn ai_9_non_isolated_and_no_cards() {
    // T300-AI-9: no isolated army → first Greek-occupied city; without cards nothing is discarded.
    let mut st = ai_state();
    put(&mut st, Athenai, 2, 0, 0, 0);
    put(&mut st, Sparta, 3, 0, 0, 0);
    st.hand_greeks.clear();
    let (s, ev) = bot(&st, &[4]);
    assert_eq!(find(&ev, "greek_army_destroyed").data["isolated"], false);
    assert_eq!(s.u(Athenai).ga, 1);
    assert!(s.pending.is_none());
    // FB-1: no Greek army → destroy a fleet.
    let mut st = ai_state();
    put(&mut st, Sparta, 0, 0, 1, 0);
    let (s, ev) = bot(&st, &[4]);
    find(&ev, "greek_fleet_destroyed");
    assert_eq!(
        s.u(Sparta),
        Units {
            ga: 0,
            pa: 0,
            gf: 0,
            pf: 1
        }
    );
}

#[test]
fn ai_10_single_fleet_no_battle() {
    // T300-AI-10: the first port in the order; no battle when no Greek fleet remains.
    let mut st = ai_state();
    put(&mut st, Sparta, 1, 0, 1, 0);
    put(&mut st, Naxos, 0, 0, 1, 0);
    let (s, ev) = bot(&st, &[5]);
    assert_eq!(find(&ev, "greek_fleet_destroyed").data["port"], "naxos");
    assert!(all(&ev, "battle_started").is_empty());
    assert_eq!(
        s.u(Naxos),
        Units {
            ga: 0,
            pa: 0,
            gf: 0,
            pf: 1
        }
    );
}

#[test]
fn ai_11_placement_rules() {
    // T300-AI-11: no_enemy_forces: a city with Persian units still qualifies.
    let mut st = ai_state();
    put(&mut st, Athenai, 1, 0, 0, 0);
    put(&mut st, Sparta, 0, 1, 0, 0);
    put(&mut st, Korinthos, 1, 0, 0, 0);
    let (s, _) = bot(&st, &[6]);
    assert_eq!(
        s.u(Sparta),
        Units {
            ga: 0,
            pa: 2,
            gf: 0,
            pf: 1
        }
    );
    // empty_city: Sparta is not empty → Thebai.
    st.options.deploy_rule = super::super::options::DeployRule::EmptyCity;
    let (s, _) = bot(&st, &[6]);
    assert_eq!(
        s.u(Thebai),
        Units {
            ga: 0,
            pa: 1,
            gf: 0,
            pf: 1
        }
    );
    // Second clause: a Persian fleet at an empty city gets an army.
    let mut st = ai_state();
    st.options.deploy_rule = super::super::options::DeployRule::EmptyCity;
    for c in [Athenai, Sparta, Thebai, Eretria, Pella] {
        put(&mut st, c, 1, 0, 0, 0);
    }
    put(&mut st, Naxos, 0, 0, 0, 1);
    let (s, ev) = bot(&st, &[6]);
    assert_eq!(find(&ev, "persian_deploy").data["fleet"], false);
    assert_eq!(
        s.u(Naxos),
        Units {
            ga: 0,
            pa: 1,
            gf: 0,
            pf: 1
        }
    );
}

#[test]
fn fb_1_place_falls_back_to_move() {
    // T300-FB-1: the cycle goes on from place to move.
    let mut st = ai_state();
    st.options.deploy_rule = super::super::options::DeployRule::EmptyCity;
    for c in [Athenai, Sparta, Thebai, Eretria, Naxos, Pella] {
        put(&mut st, c, 0, 1, 0, 0);
    }
    put(&mut st, Abydos, 0, 6, 0, 0);
    let (s, ev) = bot(&st, &[6]);
    let f: Vec<_> = all(&ev, "fallback")
        .iter()
        .map(|e| e.data["to"].clone())
        .collect();
    assert_eq!(f, vec!["move_armies"]);
    find(&ev, "persian_move");
    assert_eq!(s.u(Abydos).pa, 3);
}

#[test]
fn fb_2_loop_stop() {
    // T300-FB-2: each action at most once; then no_action and step 4.
    let mut st = ai_state();
    st.options.deploy_rule = super::super::options::DeployRule::EmptyCity;
    for c in [Athenai, Sparta, Thebai, Eretria, Naxos, Pella] {
        put(&mut st, c, 0, 1, 0, 0);
    }
    put(&mut st, Abydos, 0, 2, 0, 0);
    put(&mut st, Ephesos, 0, 2, 0, 0);
    let (s, ev) = bot(&st, &[2]);
    assert_eq!(all(&ev, "fallback").len(), 3);
    find(&ev, "no_action");
    assert_eq!(find(&ev, "persian_discard").data["card"], id(3));
    assert_eq!(s.to_act, Side::Greeks);
}

#[test]
fn tgt_1_islands_never_activated() {
    // T300-TGT-1
    let mut st = ai_state();
    put(&mut st, Eretria, 0, 8, 0, 0);
    put(&mut st, Athenai, 1, 0, 0, 0);
    let (_, ev) = bot(&st, &[2]);
    let act = find(&ev, "activation");
    assert!(act.data["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["city"] != "eretria"));
}

#[test]
fn tgt_2_3_4_movers_reach_direction() {
    // T300-TGT-2
    assert_eq!(super::super::bot::movers(Abydos, 3), 1);
    assert_eq!(super::super::bot::movers(Abydos, 2), 0);
    assert_eq!(super::super::bot::movers(Ephesos, 6), 3);
    assert_eq!(super::super::bot::movers(Larissa, 5), 2);
    // T300-TGT-3: stop in the first city that is not Persian-controlled.
    let mut st = ai_state();
    put(&mut st, Pella, 0, 1, 0, 0);
    let r = super::super::bot::reach(&st, Abydos);
    assert!(r.contains_key(&Larissa));
    assert!(
        !r.contains_key(&Thebai),
        "Larissa is uncontrolled: the march stops there"
    );
    st.bridge = false;
    assert!(!super::super::bot::reach(&st, Abydos).contains_key(&Pella));
    // T300-TGT-4: only toward Sparta.
    let mut st = ai_state();
    put(&mut st, Thebai, 0, 4, 0, 0);
    let t: Vec<City> = super::super::bot::targets(&st, Thebai)
        .into_iter()
        .map(|x| x.info.city)
        .collect();
    assert!(
        t.contains(&Korinthos)
            && !t.contains(&Athenai)
            && !t.contains(&Larissa)
            && !t.contains(&Delphi)
    );
}

#[test]
fn tgt_5_6_7_8_empty_before_greek_nearest_first() {
    // T300-TGT-5 T300-TGT-7: from Larissa both Thebai and Delphi are 1 road away; Thebai (dS 2) wins.
    let mut st = ai_state();
    put(&mut st, Larissa, 0, 6, 0, 0);
    put(&mut st, Korinthos, 1, 0, 0, 0);
    let (s, ev) = bot(&st, &[2]);
    assert_eq!(find(&ev, "activation").data["chosen"], "larissa"); // T300-TGT-6: most armies
    assert_eq!(find(&ev, "target").data["chosen"], "thebai");
    // T300-TGT-8: arriving in an empty city takes control.
    assert_eq!(s.u(Thebai).pa, 3);
    assert_eq!(s.controller(Thebai), Some(Side::Persians));
}

#[test]
fn ai_13_persian_battles_use_caps_and_reactions() {
    // T300-AI-13: a Persian attack outside Abydos/Ephesos is capped at 4 and opens the reaction window.
    let mut st = ai_state();
    put(&mut st, Larissa, 0, 6, 0, 0);
    put(&mut st, Thebai, 1, 0, 0, 0);
    put(&mut st, Delphi, 1, 0, 0, 0);
    st.hand_greeks = vec![c(15)];
    let (s, _) = bot(&st, &[3]);
    assert_eq!(s.pending, Some(Pending::React { cards: vec![c(15)] }));
    let (_, ev) = play(&s, json!({"type": "react", "card": null}), &[6, 6, 6, 5]);
    assert_eq!(find(&ev, "battle_round").data["persian_result"], 4);
}

// ---------------------------------------------------------------- SUP, SCO

#[test]
fn sup_1_3_6_greek_supply_decisions() {
    // T300-SUP-1: Persians first (hand, attrition), then the Greeks.
    let mut st = blank(true, 0);
    put(&mut st, Athenai, 4, 0, 0, 0);
    put(&mut st, Sparta, 2, 0, 0, 0);
    put(&mut st, Larissa, 0, 2, 0, 0);
    hands(&mut st, &[1, 2, 3, 7, 8, 10], &[5]);
    let (r, ev) = with_turn(&mut st, &[], flow::supply);
    r.unwrap();
    // T300-SUP-3: more than 4 cards → the human keeps 4.
    assert_eq!(st.pending, Some(Pending::KeepCards));
    assert!(ev
        .iter()
        .position(|e| e.kind == "persian_hand_discarded")
        .is_some());
    assert_eq!(
        refuse(&st, json!({"type": "keep_cards", "cards": [1, 2, 3]})).rule,
        "T300-SUP-3"
    );
    assert_eq!(
        refuse(&st, json!({"type": "keep_cards", "cards": [1, 2, 3, 16]})).rule,
        "T300-SUP-3"
    );
    let (s, ev) = play(
        &st,
        json!({"type": "keep_cards", "cards": [1, 2, 3, 7]}),
        &[],
    );
    assert_eq!(nums(&s.hand_greeks), vec![1, 2, 3, 7]);
    // T300-SUP-4 T300-SUP-6: 6 armies, capacity 4 → remove 2, chosen by the human.
    assert_eq!(find(&ev, "attrition").data["excess"], 2);
    assert_eq!(s.pending, Some(Pending::RemoveArmies { count: 2 }));
    assert_eq!(
        refuse(&s, json!({"type": "remove_armies", "from": {"athenai": 1}})).rule,
        "T300-SUP-6"
    );
    assert_eq!(
        refuse(&s, json!({"type": "remove_armies", "from": {"sparta": 3}})).rule,
        "T300-SUP-6"
    );
    let (s2, _) = play(
        &s,
        json!({"type": "remove_armies", "from": {"athenai": 1, "sparta": 1}}),
        &[],
    );
    assert_eq!((s2.u(Athenai).ga, s2.u(Sparta).ga), (3, 1));
    assert_eq!(s2.campaign, 4);
}

#[test]
fn sup_7_lines_of_communication_and_sea_supply() {
    // T300-SUP-7
    let mut st = blank(true, 0);
    put(&mut st, Athenai, 1, 0, 0, 0);
    put(&mut st, Sparta, 1, 0, 0, 0);
    put(&mut st, Thebai, 0, 1, 0, 0);
    put(&mut st, Korinthos, 0, 1, 0, 0);
    put(&mut st, Larissa, 1, 0, 0, 0); // cut off by Thebai/Korinthos, no port
    put(&mut st, Pella, 1, 0, 1, 0); // cut off by land, but a fleet in its port
    put(&mut st, Naxos, 0, 1, 0, 0); // island, no Persian fleet → cut off
    let cut_g = flow::unsupplied(&st, Side::Greeks);
    assert_eq!(cut_g, vec![Larissa]);
    let cut_p = flow::unsupplied(&st, Side::Persians);
    assert!(cut_p.contains(&Naxos) && cut_p.contains(&Thebai) && cut_p.contains(&Korinthos));
    // A Persian fleet in each Greek major port blocks Greek sea supply.
    put(&mut st, Athenai, 1, 0, 0, 1);
    put(&mut st, Sparta, 1, 0, 0, 1);
    assert!(flow::unsupplied(&st, Side::Greeks).contains(&Pella));
}

#[test]
fn sco_1_2_3_endings() {
    // T300-SCO-1: the marker is capped at 6.
    let mut st = blank(true, 5);
    for c in [Pella, Larissa, Delphi, Thebai, Korinthos] {
        put(&mut st, c, 0, 1, 0, 0);
    }
    with_turn(&mut st, &[], flow::scoring);
    assert_eq!(st.score, 6);
    // T300-SCO-3: 0 after campaign 5 is a draw.
    let mut st = blank(true, 0);
    st.campaign = 5;
    with_turn(&mut st, &[], flow::scoring);
    assert_eq!(st.winner(), Some(Outcome::Draw));
    match <ThreeHundred as Game>::next(&st) {
        Next::Finished { winner, .. } => assert_eq!(winner, None),
        n => panic!("{n:?}"),
    }
    // T300-SCO-2: the check runs after a completed step, e.g. a Persian move into Athenai.
    let mut st = ai_state();
    put(&mut st, Sparta, 0, 1, 0, 0);
    put(&mut st, Thebai, 0, 1, 0, 0);
    put(&mut st, Larissa, 0, 4, 0, 0);
    put(&mut st, Korinthos, 1, 0, 0, 0);
    let (s, ev) = bot(&st, &[2]);
    assert_eq!(find(&ev, "persian_move").data["to"], "athenai");
    assert_eq!(s.winner(), Some(Outcome::Persians));
}

#[test]
fn mov_4_bridge_asked_only_when_entering_abydos() {
    // T300-MOV-4: a later movement elsewhere does not ask again.
    let mut st = greek_turn();
    put(&mut st, Abydos, 2, 0, 0, 0);
    put(&mut st, Athenai, 1, 0, 0, 0);
    hands(&mut st, &[2, 3], &[3]);
    let (s, _) = play(
        &st,
        json!({"type": "move_land", "card": 2, "from": "athenai", "to": "thebai", "armies": 1}),
        &[],
    );
    assert!(s.pending.is_none());
    assert_eq!(s.to_act, Side::Persians);
}

#[test]
fn seq_4_both_hands_empty_end_operations() {
    // T300-SEQ-4: the last card played with PERSS.KI's hand empty ends the phase.
    let mut st = greek_turn();
    put(&mut st, Athenai, 1, 0, 0, 0);
    hands(&mut st, &[2], &[]);
    let (s, ev) = play(
        &st,
        json!({"type": "move_land", "card": 2, "from": "athenai", "to": "thebai", "armies": 1}),
        &[],
    );
    assert_eq!(find(&ev, "operations_ended").rule, "T300-SEQ-4");
    assert_eq!(s.campaign, 4);
}
