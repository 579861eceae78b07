//! Tests of catan-ck-duel: rule ids CCK-* are named in test names or beside assertions.

use super::board::{Corner, Edge, EdgeId, Hex, HexId, Side, Vertex, VertexId};
use super::data::*;
use super::moves::Move;
use super::options::{BotTarget, EventRed, NeutralPlacement, NeutralPromotion, Options};
use super::state::*;
use super::*;
use crate::engine::{Next, Seat, TableItem};
use crate::games::catan::data::Terrain as CoreTerrain;

// The rule-coverage tool reads test files under the project's tests/, named
// tests.rs or *_tests.rs, or after a `#[cfg(test)]` line: this folder's
// mod.rs is none of those, so the line is here (the module is test-only).
#[cfg(test)]
mod golden;
#[cfg(test)]
mod kit;
#[cfg(test)]
mod legal_tests;
use kit::{asked, Dice, Event, G};

/// The view as JSON, as a client receives it.
fn view_of(s: &State, seat: Option<Seat>) -> serde_json::Value {
    serde_json::to_value(G::view(s, seat)).unwrap()
}

/// The moves of a random game (`None`: a bot turn) and the dice position before each.
type MoveLog = Vec<(Option<Move>, u64)>;

fn random_game(seed: u64, opts: &Options, max_steps: usize) -> (State, MoveLog, usize) {
    let (s, log, steps, _) = random_game_events(seed, opts, max_steps);
    (s, log, steps)
}

/// A random game and every event it logged.
fn random_game_events(
    seed: u64,
    opts: &Options,
    max_steps: usize,
) -> (State, MoveLog, usize, Vec<Event>) {
    let mut events = Vec::new();
    let mut dice = Dice::new(seed);
    let mut s = G::start(opts, &mut dice).expect("start").state;
    let mut chooser = Dice::new(seed ^ 0xABCDEF);
    let mut log = Vec::new();
    for step in 0..max_steps {
        match G::next(&s) {
            Next::Finished { .. } => return (s, log, step, events),
            Next::Bot { .. } => {
                let pos = dice.position();
                let st = G::bot_turn(&s, &mut dice).expect("bot turn");
                events.extend(st.events);
                s = st.state;
                log.push((None, pos));
            }
            Next::Human { seats, .. } => {
                let seat = seats[0];
                let moves = G::legal_moves(&s, seat);
                assert!(
                    !moves.is_empty(),
                    "no legal moves at step {step}: {:?} pending {:?}",
                    s.phase,
                    s.pending.first()
                );
                let m = moves[chooser.pick_index(moves.len())].clone();
                let pos = dice.position();
                match G::play(&s, seat, &m, &mut dice) {
                    Ok(st) => {
                        events.extend(st.events);
                        s = st.state
                    }
                    Err(e) => panic!("listed move refused at step {step}: {m:?}: {e}"),
                }
                log.push((Some(m), pos));
            }
        }
    }
    (s, log, max_steps, events)
}

/// The events that say what a played progress card did (CCK-PROG-12..-30); Irrigation and
/// Mining say it in their `progress_played` (`took`).
fn effect_kinds(card: ProgressKind) -> &'static [&'static str] {
    use ProgressKind::*;
    match card {
        Engineer => &["wall_built"],
        Medicine => &["city_built"],
        Inventor => &["tokens_swapped"],
        RoadBuilding => &["road_built"],
        Smith => &["knight_promoted"],
        Bishop => &["robber_moved"],
        Deserter => &["deserter_took", "deserter_removed"],
        Diplomat => &["road_removed"],
        Intrigue => &["knight_displaced"],
        Saboteur => &["sabotaged", "progress_no_effect"],
        Spy => &["spy", "progress_no_effect"],
        Warlord => &["knights_activated"],
        Wedding => &["wedding_gift", "progress_no_effect"],
        Merchant => &["merchant_placed"],
        CommercialHarbor => &["commercial_harbor", "progress_no_effect"],
        MerchantFleet => &["merchant_fleet"],
        MasterMerchant => &["master_merchant", "progress_no_effect"],
        TradeMonopoly | ResourceMonopoly => &["monopoly"],
        Irrigation | Mining | Alchemist | Crane | Printer | Constitution => &[],
    }
}

/// Every `progress_played` of `events` is followed, before the next card or the turn's end, by
/// an event of its effect (or one saying it had none); returns the cards played.
fn check_progress_effects(events: &[Event]) -> Vec<ProgressKind> {
    let mut played = Vec::new();
    for (i, e) in events.iter().enumerate() {
        if e.kind != "progress_played" {
            continue;
        }
        let card: ProgressKind = serde_json::from_value(e.data["card"].clone()).unwrap();
        played.push(card);
        let kinds = effect_kinds(card);
        if kinds.is_empty() {
            assert!(!e.data["took"].is_null(), "{card:?} says nothing: {e:?}");
            continue;
        }
        let mut window = events[i + 1..]
            .iter()
            .take_while(|x| !matches!(x.kind.as_str(), "progress_played" | "turn_ends"));
        assert!(
            window.any(|x| kinds.contains(&x.kind.as_str())),
            "{card:?} played with no event of its effect: {:?}",
            &events[i..(i + 6).min(events.len())]
        );
    }
    played
}

#[test]
fn random_games_finish_and_replay_identically() {
    let mut natural_wins = 0;
    let mut played = Vec::new();
    for seed in 0..100u64 {
        // short games for many seeds, a few long ones to reach deep states
        let turns = if seed < 3 { 300 } else { 40 };
        let mut o = Options {
            max_turns: turns,
            ..Options::default()
        };
        if seed % 2 == 1 {
            o.neutral_placement = NeutralPlacement::Bot;
            o.layout = Layout::Beginner;
            o.neutral_promotion = NeutralPromotion::OneStep;
            o.barbarian_track = 3;
        }
        if seed % 3 == 2 {
            o.neutral_bot_target = BotTarget::Leader;
            o.second_roll_event_red = EventRed::Final;
            o.combined_trade_build = false;
            o.vp_target = 5;
        }
        let (s, log, steps, events) = random_game_events(seed, &o, 20_000);
        assert!(
            matches!(G::next(&s), Next::Finished { .. }),
            "seed {seed} did not finish in {steps} steps"
        );
        played.extend(check_progress_effects(&events));
        // replay
        let mut dice = Dice::new(seed);
        let mut r = G::start(&o, &mut dice).unwrap().state;
        for (m, _) in &log {
            r = match m {
                Some(m) => {
                    let seat = match G::next(&r) {
                        Next::Human { seats, .. } => seats[0],
                        _ => panic!("replay diverged"),
                    };
                    G::play(&r, seat, m, &mut dice).unwrap().state
                }
                None => G::bot_turn(&r, &mut dice).unwrap().state,
            };
        }
        assert_eq!(
            serde_json::to_string(&r).unwrap(),
            serde_json::to_string(&s).unwrap()
        );
        if let Some(w) = s.winner {
            if mechanics::vp(&s, w) >= o.vp_target {
                natural_wins += 1;
            }
        }
    }
    // random play also reaches the real end (CCK-END-1), not only the house turn cap
    assert!(natural_wins > 0, "no random game reached the VP target");
    // the check of every card's effect met most kinds of card
    played.sort();
    played.dedup();
    assert!(played.len() >= 15, "few progress cards played: {played:?}");
}

// ---------------------------------------------------------------- helpers

use crate::engine::RuleError;
use crate::games::catan::layout::{Layout, Numbers};

fn vt(q: i8, r: i8, c: char) -> Vertex {
    Vertex(q, r, if c == 'N' { Corner::N } else { Corner::S })
}
fn ed(q: i8, r: i8, side: &str) -> Edge {
    Edge(
        q,
        r,
        match side {
            "NE" => Side::NE,
            "E" => Side::E,
            _ => Side::SE,
        },
    )
}
fn vi(v: Vertex) -> VertexId {
    v.id().unwrap()
}
fn ei(e: Edge) -> EdgeId {
    e.id().unwrap()
}
fn hi(h: Hex) -> HexId {
    h.id().unwrap()
}

fn opts() -> Options {
    Options {
        layout: Layout::Beginner,
        first_player: FirstPlayer::A,
        ..Options::default()
    }
}

/// Beginner board after set-up (no real pieces), turn 5, seat a in the main phase.
fn base_with(o: Options) -> State {
    let mut s = G::start(&o, &mut Dice::new(7)).unwrap().state;
    s.phase = Phase::Main;
    s.turn = 5;
    s.active = SEAT_A;
    s
}
fn base() -> State {
    base_with(opts())
}
fn bld(s: &mut State, c: Colour, v: Vertex, city: bool) {
    s.set_building(
        vi(v),
        Some(Building {
            colour: c,
            city,
            wall: false,
            metropolis: None,
        }),
    );
    if let Some(p) = seat_of(c) {
        if city {
            s.players[p].cities_left -= 1;
        } else {
            s.players[p].settlements_left -= 1;
        }
    }
}
fn road(s: &mut State, c: Colour, e: Edge) {
    s.set_road(ei(e), Some(c));
}
fn kn(s: &mut State, c: Colour, v: Vertex, level: u8, active: bool) {
    s.set_knight(
        vi(v),
        Some(Knight {
            colour: c,
            level,
            active,
            activated_turn: 0,
            acted_turn: 0,
            promoted_turn: 0,
        }),
    );
    match (seat_of(c), c.neutral_index()) {
        (Some(p), _) => s.players[p].knights_left[level as usize - 1] -= 1,
        (_, Some(n)) => s.neutrals[n].knights_left[level as usize - 1] -= 1,
        _ => {}
    }
}
fn give(s: &mut State, seat: Seat, cards: &[(Card, u32)]) {
    for (c, n) in cards {
        s.players[seat].hand.0[c.idx()] += n;
        s.bank.0[c.idx()] -= n;
    }
}
fn card(s: &mut State, seat: Seat, k: ProgressKind) {
    if let Some(i) = s.decks[k.deck().idx()].iter().position(|x| *x == k) {
        s.decks[k.deck().idx()].remove(i);
    }
    s.players[seat].progress.push(ProgressCard {
        kind: k,
        drawn_turn: 1,
    });
}
/// Plays a move with `table` dice. Dice written into a `roll` move travel as
/// table dice (the server refuses a move's own dice unless the table rolls).
fn playd(s: &State, seat: Seat, mv: Move, table: &[u8]) -> Result<(State, Vec<Event>), RuleError> {
    let (mv, table) = match mv {
        Move::Roll {
            dice: Some(d),
            drawn,
        } if !s.opts.table_dice() => {
            let all: Vec<u8> = d.iter().chain(table).copied().collect();
            (Move::Roll { dice: None, drawn }, all)
        }
        mv => (mv, table.to_vec()),
    };
    let mut d = Dice::new(3).with_table(&table);
    G::play(s, seat, &mv, &mut d).map(|st| (st.state, st.events))
}
fn ok(s: &State, seat: Seat, mv: Move) -> (State, Vec<Event>) {
    playd(s, seat, mv.clone(), &[]).unwrap_or_else(|e| panic!("{mv:?} refused: {e}"))
}
fn okd(s: &State, seat: Seat, mv: Move, table: &[u8]) -> (State, Vec<Event>) {
    playd(s, seat, mv.clone(), table).unwrap_or_else(|e| panic!("{mv:?} refused: {e}"))
}
fn err(s: &State, seat: Seat, mv: Move) -> String {
    match playd(s, seat, mv.clone(), &[]) {
        Ok(_) => panic!("{mv:?} was accepted"),
        Err(e) => e.rule,
    }
}
fn has(ev: &[Event], kind: &str) -> bool {
    ev.iter().any(|e| e.kind == kind)
}
fn ev_rule<'a>(ev: &'a [Event], kind: &str) -> Option<&'a Event> {
    ev.iter().find(|e| e.kind == kind)
}
fn roll(d: &[u8]) -> Move {
    Move::Roll {
        dice: Some(d.to_vec()),
        drawn: None,
    }
}
fn pp(k: ProgressKind, f: impl FnOnce(&mut Move)) -> Move {
    let mut m = Move::progress(k);
    f(&mut m);
    m
}
fn nb_v(c: Colour, v: Vertex) -> Move {
    Move::NeutralBuild {
        colour: c,
        vertex: Some(v),
        edge: None,
    }
}
fn nb_e(c: Colour, e: Edge) -> Move {
    Move::NeutralBuild {
        colour: c,
        vertex: None,
        edge: Some(e),
    }
}
fn hand(s: &State, seat: Seat, c: Card) -> u32 {
    s.players[seat].hand.get(c)
}
/// Whether a text names a place by its coordinates (`S(2,-1)`, `(1,0)`) instead of in player
/// words.
fn has_coordinates(text: &str) -> bool {
    text.split('(')
        .skip(1)
        .any(|t| t.split(')').next().is_some_and(|inner| inner.contains(',')))
}
/// The events of `kind` after the `progress_played` of `card`: what the card did, each with
/// `rule`, public (no secret part) and in player words.
fn effects<'a>(ev: &'a [Event], card: ProgressKind, kind: &str, rule: &str) -> Vec<&'a Event> {
    let id = serde_json::to_value(card).unwrap();
    let at = ev
        .iter()
        .position(|e| e.kind == "progress_played" && e.data["card"] == id)
        .unwrap_or_else(|| panic!("no progress_played of {card:?}: {ev:?}"));
    let found: Vec<&Event> = ev[at + 1..].iter().filter(|e| e.kind == kind).collect();
    assert!(!found.is_empty(), "no {kind} after {card:?}: {ev:?}");
    for e in &found {
        assert_eq!(e.rule, rule, "{e:?}");
        assert!(e.secret.is_none(), "{e:?}");
        assert!(!has_coordinates(&e.text), "{}", e.text);
    }
    found
}

// ---------------------------------------------------------------- general and set-up

#[test]
fn cck_gen_1_two_player_rules_and_cities_and_knights_both_apply() {
    let mut s = base();
    // Part B: a settlement owes a neutral settlement; C&K: a city yields a commodity.
    bld(&mut s, Colour::A, vt(2, -1, 'S'), true);
    road(&mut s, Colour::A, ed(2, -1, "SE"));
    road(&mut s, Colour::A, ed(2, 0, "NE"));
    give(
        &mut s,
        SEAT_A,
        &[
            (Card::Brick, 1),
            (Card::Lumber, 1),
            (Card::Wool, 1),
            (Card::Grain, 1),
        ],
    );
    let (s2, _) = ok(
        &s,
        SEAT_A,
        Move::BuildSettlement {
            vertex: vt(3, -1, 'S'),
        },
    );
    // CCK-GEN-1: the neutral build of Part B follows
    assert!(matches!(
        s2.pending.first(),
        Some(Pending::Neutral {
            task: NeutralTask::Settlement,
            ..
        }) | Some(Pending::Neutral {
            task: NeutralTask::Road,
            ..
        })
    ));
    let mut r = base();
    bld(&mut r, Colour::A, vt(2, -1, 'S'), true);
    r.phase = Phase::Roll1;
    let (r2, _) = okd(&r, SEAT_A, roll(&[4, 4, 1]), &[]);
    assert_eq!(hand(&r2, SEAT_A, Card::Coin), 1); // CCK-GEN-1: C&K production
}

#[test]
fn cck_gen_2_neutral_colours_hold_no_seat_and_no_hand() {
    assert_eq!(G::seats(&opts()).len(), 2); // CCK-GEN-2
    let mut s = base();
    s.phase = Phase::Roll1;
    // n1's start settlement N(0,0) touches hills 6 (0,-1): it receives nothing.
    let bank_before = s.bank;
    let (s2, _) = okd(&s, SEAT_A, roll(&[3, 3, 1]), &[]);
    assert_eq!(s2.bank, bank_before); // CCK-GEN-2: neutrals never produce
    assert!(G::legal_moves(&s2, SEAT_B).is_empty());
}

#[test]
fn cck_gen_3_hand_order_and_progress_cards_outside_the_hand() {
    let h = Hand::of(&[
        (Card::Paper, 1),
        (Card::Brick, 1),
        (Card::Cloth, 1),
        (Card::Ore, 1),
    ]);
    assert_eq!(
        h.listed(false),
        vec![Card::Brick, Card::Ore, Card::Cloth, Card::Paper]
    ); // CCK-GEN-3
    assert_eq!(h.listed(true), vec![Card::Brick, Card::Ore]);
    // Progress cards never count on a 7.
    let mut s = base();
    give(&mut s, SEAT_A, &[(Card::Grain, 7)]);
    card(&mut s, SEAT_A, ProgressKind::Spy);
    card(&mut s, SEAT_A, ProgressKind::Bishop);
    s.phase = Phase::Roll1;
    let (s2, _) = okd(&s, SEAT_A, roll(&[3, 4, 1]), &[]);
    assert!(!s2
        .pending
        .iter()
        .any(|p| matches!(p, Pending::Discard { .. }))); // CCK-GEN-3
}

#[test]
fn cck_gen_4_all_points_are_visible_and_used_for_token_costs() {
    let mut s = base();
    s.players[SEAT_A].defender = 1;
    s.players[SEAT_A].vp_cards.push(ProgressKind::Printer);
    assert_eq!(mechanics::vp(&s, SEAT_A), 2);
    assert_eq!(rules::token_cost(&s, SEAT_A), 2); // CCK-GEN-4: defender and printer count
    let v = view_of(&s, Some(SEAT_B));
    assert_eq!(v["players"][0]["vp"]["total"], 2);
}

#[test]
fn cck_setup_1_components_and_tokens() {
    let s = G::start(&opts(), &mut Dice::new(1)).unwrap().state;
    assert_eq!(s.bank.0, [19, 19, 19, 19, 19, 12, 12, 12]); // CCK-SETUP-1
    for t in 0..3 {
        assert_eq!(s.decks[t].len(), 18);
    }
    assert_eq!(s.players[SEAT_A].tokens, 5);
    assert_eq!(s.players[SEAT_B].tokens, 5);
    assert_eq!(s.token_supply, 10);
    assert_eq!(s.players[SEAT_A].knights_left, [2, 2, 2]);
    assert_eq!(s.players[SEAT_A].walls_left, 3);
    assert_eq!(s.neutrals[0].knights_left, [2, 2]);
    assert_eq!(s.defender_left, 6);
    assert_eq!(s.barbarian, 0);
}

#[test]
fn cck_setup_2_order_robber_neutral_start_first_player() {
    let o = Options {
        layout: Layout::Beginner,
        ..Options::default()
    };
    let step = G::start(&o, &mut Dice::new(5)).unwrap();
    let s = step.state;
    assert_eq!(s.tile(s.board.robber).terrain, CoreTerrain::Desert); // CCK-SETUP-2
    assert_eq!(
        s.building(vi(vt(0, 0, 'N'))).map(|b| b.colour),
        Some(Colour::N1)
    );
    assert_eq!(
        s.building(vi(vt(0, 0, 'S'))).map(|b| b.colour),
        Some(Colour::N2)
    );
    assert!(step.events.iter().any(|e| e.kind == "roll_off"));
    assert_eq!(s.phase, Phase::Setup { step: 0 });
    assert_eq!(
        asked(&s),
        (
            vec![s.first_player],
            "Player A: place your set-up settlement.".to_string()
        )
    );
}

fn do_setup() -> (State, Vec<Event>) {
    let s = G::start(&opts(), &mut Dice::new(1)).unwrap().state;
    let mut evs = Vec::new();
    let seq = [
        (
            SEAT_A,
            Move::PlaceSetupSettlement {
                vertex: vt(2, -1, 'S'),
            },
        ),
        (
            SEAT_A,
            Move::PlaceSetupRoad {
                edge: ed(2, -1, "SE"),
            },
        ),
        (
            SEAT_B,
            Move::PlaceSetupSettlement {
                vertex: vt(-2, 1, 'N'),
            },
        ),
        (
            SEAT_B,
            Move::PlaceSetupRoad {
                edge: ed(-2, 1, "NE"),
            },
        ),
        (
            SEAT_B,
            Move::PlaceSetupCity {
                vertex: vt(-1, 1, 'S'),
            },
        ),
        (
            SEAT_B,
            Move::PlaceSetupRoad {
                edge: ed(-2, 2, "NE"),
            },
        ),
        (
            SEAT_A,
            Move::PlaceSetupCity {
                vertex: vt(2, -2, 'S'),
            },
        ),
        (
            SEAT_A,
            Move::PlaceSetupRoad {
                edge: ed(1, -1, "NE"),
            },
        ),
    ];
    let mut st = s;
    for (seat, m) in seq {
        let (n, e) = ok(&st, seat, m);
        st = n;
        evs.extend(e);
    }
    (st, evs)
}

#[test]
fn cck_setup_3_settlement_then_city_snake_order() {
    let s = G::start(&opts(), &mut Dice::new(1)).unwrap().state;
    // first round wants a settlement, not a city
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::PlaceSetupCity {
                vertex: vt(2, -1, 'S')
            }
        ),
        "CCK-SETUP-3"
    );
    let (st, _) = do_setup();
    assert_eq!(st.phase, Phase::Roll1);
    assert_eq!(mechanics::vp(&st, SEAT_A), 3); // CCK-SETUP-3
    assert_eq!(mechanics::vp(&st, SEAT_B), 3);
    assert!(st.building(vi(vt(-1, 1, 'S'))).unwrap().city);
    // no neutral piece during set-up
    assert!(st.roads().all(|c| c.seat().is_some()));
    // in round 2 a settlement is refused
    let s0 = G::start(&opts(), &mut Dice::new(1)).unwrap().state;
    let (s1, _) = ok(
        &s0,
        SEAT_A,
        Move::PlaceSetupSettlement {
            vertex: vt(2, -1, 'S'),
        },
    );
    let (s1, _) = ok(
        &s1,
        SEAT_A,
        Move::PlaceSetupRoad {
            edge: ed(2, -1, "SE"),
        },
    );
    let (s1, _) = ok(
        &s1,
        SEAT_B,
        Move::PlaceSetupSettlement {
            vertex: vt(-2, 1, 'N'),
        },
    );
    let (s1, _) = ok(
        &s1,
        SEAT_B,
        Move::PlaceSetupRoad {
            edge: ed(-2, 1, "NE"),
        },
    );
    assert_eq!(
        err(
            &s1,
            SEAT_B,
            Move::PlaceSetupSettlement {
                vertex: vt(-1, 1, 'S')
            }
        ),
        "CCK-SETUP-3"
    );
}

#[test]
fn cck_setup_4_city_brings_one_resource_per_land_hex() {
    let (st, _) = do_setup();
    // b's city S(-1,1): mountains 3, fields 6, hills 5 -> ore, grain, brick; no commodities.
    let h = st.players[SEAT_B].hand;
    assert_eq!(
        (h.get(Card::Ore), h.get(Card::Grain), h.get(Card::Brick)),
        (1, 1, 1)
    ); // CCK-SETUP-4
    assert_eq!(h.commodities(), 0);
    // a's city S(2,-2): forest 9, hills 10, pasture 4
    assert_eq!(
        st.players[SEAT_A].hand,
        Hand::of(&[(Card::Lumber, 1), (Card::Brick, 1), (Card::Wool, 1)])
    );
}

#[test]
fn cck_setup_5_setup_placements_earn_tokens() {
    let s = G::start(&opts(), &mut Dice::new(1)).unwrap().state;
    // S(2,-3)... use a coastal intersection: N(2,-1) touches 2 land hexes (coast)
    let (s1, ev) = ok(
        &s,
        SEAT_A,
        Move::PlaceSetupSettlement {
            vertex: vt(2, -1, 'N'),
        },
    );
    assert_eq!(s1.players[SEAT_A].tokens, 6); // CCK-SETUP-5
    assert_eq!(s1.token_supply, 9);
    assert!(ev.iter().any(|e| e.rule == "CCK-SETUP-5"));
    // the set-up city counts too
    let (st, _) = do_setup();
    assert_eq!(st.players[SEAT_A].tokens, 5); // S(2,-1) and S(2,-2) are inland
}

// ---------------------------------------------------------------- dice

#[test]
fn cck_dice_1_event_die_encoding() {
    let mut s = base();
    s.phase = Phase::Roll1;
    let (s2, ev) = okd(&s, SEAT_A, roll(&[2, 3, 2]), &[]);
    assert_eq!(s2.barbarian, 1); // CCK-DICE-1: 1..3 = ship
    assert_eq!(s2.rolls[0].sum, 5);
    s.players[SEAT_B].imp[1] = 1;
    let (s3, _) = okd(&s, SEAT_A, roll(&[2, 1, 5]), &[]);
    assert_eq!(s3.barbarian, 0); // 5 = blue gate
    assert_eq!(s3.players[SEAT_B].progress.len(), 1);
    assert_eq!(s3.players[SEAT_B].progress[0].kind.deck(), Track::Politics);
    assert!(has(&ev, "rolled"));
}

#[test]
fn cck_dice_2_two_rolls_each_resolved_before_the_next() {
    let mut s = base();
    s.phase = Phase::Roll1;
    give(&mut s, SEAT_B, &[(Card::Grain, 9)]);
    let (s2, _) = okd(&s, SEAT_A, roll(&[3, 4, 1]), &[]);
    // the 7's discard of b must be answered before the second roll
    assert!(matches!(
        s2.pending.first(),
        Some(Pending::Discard {
            seat: SEAT_B,
            count: 4
        })
    ));
    assert_eq!(
        asked(&s2),
        (
            vec![SEAT_B],
            "Player B: a 7 was rolled and you hold too many cards; discard 4 cards of your choice."
                .to_string()
        )
    );
    assert_eq!(
        err(&s2, SEAT_B, Move::RespondTrade { accept: true }),
        "CAT-SEVEN-2"
    );
    let (s3, _) = ok(
        &s2,
        SEAT_B,
        Move::Discard {
            cards: [(Card::Grain, 4)].into_iter().collect(),
        },
    );
    assert_eq!(s3.phase, Phase::Roll2); // CCK-DICE-2
    let (s4, _) = okd(&s3, SEAT_A, roll(&[1, 1, 1]), &[]);
    assert_eq!(s4.phase, Phase::Main);
    assert_eq!(s4.rolls.len(), 2);
    assert_eq!(err(&s4, SEAT_A, roll(&[1, 1, 1])), "CCK-DICE-2");
}

#[test]
fn cck_dice_3_event_die_before_the_number() {
    // Gate first: a progress card is drawn before the 7's discard is computed.
    let mut s = base();
    s.phase = Phase::Roll1;
    s.players[SEAT_A].imp[2] = 1;
    give(&mut s, SEAT_A, &[(Card::Grain, 8)]);
    let (s2, ev) = okd(&s, SEAT_A, roll(&[6, 1, 6]), &[]);
    let gate = ev.iter().position(|e| e.kind == "city_gate").unwrap();
    let seven = ev.iter().position(|e| e.kind == "seven").unwrap();
    assert!(gate < seven); // CCK-DICE-3
    assert_eq!(s2.players[SEAT_A].progress.len(), 1);
}

#[test]
fn ex_1_equal_second_roll_rethrows_only_number_dice() {
    // CCK-DICE-4, CCK-DICE-5 (worked example 1)
    let mut s = base();
    s.phase = Phase::Roll1;
    s.players[SEAT_B].imp[1] = 1;
    let (s1, _) = okd(&s, SEAT_A, roll(&[3, 4, 1]), &[]);
    assert_eq!(s1.barbarian, 1);
    assert!(s1.pending.is_empty());
    let (s2, ev) = okd(&s1, SEAT_A, roll(&[5, 2, 5, 6, 3]), &[]);
    assert_eq!(s2.players[SEAT_B].progress.len(), 1); // b: politics 1, red 2 <= 2: draws blue
    assert_eq!(s2.players[SEAT_B].progress[0].kind.deck(), Track::Politics);
    assert_eq!(s2.players[SEAT_A].progress.len(), 0); // a: politics 0
    assert_eq!(s2.rolls[1].sum, 9); // CCK-DICE-4
    assert_eq!(s2.rolls[1].rejected, vec![[5, 2]]);
    assert_eq!(s2.rolls[1].event, 5);
    let events_thrown = s2.rolls.len();
    assert_eq!(events_thrown, 2); // CCK-DICE-5: the event die twice in all
    assert!(has(&ev, "second_roll_repeated"));
    assert_eq!(s2.phase, Phase::Main);
}

/// The log follows the table. The second roll's event die is
/// resolved at once, so its gate and the card it gives come before the
/// re-throw of the number dice; the accepted roll comes last.
#[test]
fn cck_dice_4_event_die_resolved_before_the_rethrow_in_the_log() {
    let mut s = base();
    s.phase = Phase::Roll1;
    s.players[SEAT_B].imp[1] = 1;
    let (s1, _) = okd(&s, SEAT_A, roll(&[3, 4, 1]), &[]);
    let (_, ev) = okd(&s1, SEAT_A, roll(&[5, 2, 5, 6, 3]), &[]);
    let kinds: Vec<&str> = ev.iter().map(|e| e.kind.as_str()).collect();
    let at = |k: &str| {
        kinds
            .iter()
            .position(|x| *x == k)
            .unwrap_or_else(|| panic!("{k} missing in {kinds:?}"))
    };
    assert!(at("second_roll_repeated") < at("city_gate"), "{kinds:?}"); // CCK-DICE-4
    assert!(at("city_gate") < at("rolled"), "{kinds:?}");
    let first = &ev[at("second_roll_repeated")];
    assert!(
        first.text.contains("white 5, red 2, event die 5"),
        "{}",
        first.text
    );
}

/// CCK-DICE-4, CAT-RNG-2: with table dice, a roll sent without
/// dice asks for all three, and a second roll that repeats the first sum asks
/// for the two number dice of the re-throw: `needed` lists every die of the
/// command, `sent` what came.
#[test]
fn cck_dice_4_table_dice_counts_are_exact() {
    use crate::engine::{Need, RuleErrorKind};
    let mut o = opts();
    o.table_mode = crate::engine::TableChoice::Dice;
    let mut s = base_with(o);
    s.phase = Phase::Roll1;
    let bare = Move::Roll {
        dice: None,
        drawn: None,
    };
    let e = playd(&s, SEAT_A, bare.clone(), &[]).unwrap_err();
    assert_eq!(
        e.kind,
        RuleErrorKind::TableInputNeeded {
            needed: vec![Need::die(6); 3],
            sent: 0
        }
    ); // CAT-RNG-2
    let e = playd(&s, SEAT_A, bare.clone(), &[3, 4]).unwrap_err();
    assert!(
        matches!(e.kind, RuleErrorKind::TableInputNeeded { ref needed, sent: 2 } if needed.len() == 3)
    );
    let (s1, _) = okd(&s, SEAT_A, bare.clone(), &[3, 4, 1]);
    let e = playd(&s1, SEAT_A, bare.clone(), &[5, 2, 5]).unwrap_err();
    assert_eq!(e.rule, "CCK-DICE-4");
    assert_eq!(
        e.kind,
        RuleErrorKind::TableInputNeeded {
            needed: vec![Need::die(6); 5],
            sent: 3
        }
    );
    let (s2, _) = okd(&s1, SEAT_A, bare, &[5, 2, 5, 6, 3]);
    assert_eq!(s2.rolls[1].sum, 9);
}

/// Where the server rolls, a move may not bring its own dice, and
/// where it deals, no drawn cards (SESSION-TABLE-1).
#[test]
fn a_move_may_not_choose_its_own_dice_or_cards_where_the_server_supplies_them() {
    use crate::engine::RuleErrorKind;
    let mut s = base();
    s.phase = Phase::Roll1;
    let mut d = Dice::new(3);
    let own = Move::Roll {
        dice: Some(vec![6, 6, 1]),
        drawn: None,
    };
    let e = G::play(&s, SEAT_A, &own, &mut d).unwrap_err();
    assert_eq!(e.kind, RuleErrorKind::TableInputNotAllowed);
    assert_eq!(e.rule, "SESSION-TABLE-1");
    let drawn = Move::Roll {
        dice: None,
        drawn: Some(vec![ProgressKind::Spy]),
    };
    let e = G::play(&s, SEAT_A, &drawn, &mut d).unwrap_err();
    assert_eq!(e.kind, RuleErrorKind::TableInputNotAllowed);
    s.opts.table_mode = crate::engine::TableChoice::Dice;
    assert!(G::play(&s, SEAT_A, &own, &mut Dice::new(3)).is_ok());
}

#[test]
fn cck_dice_4_option_final_reads_the_accepted_red_die() {
    let mut o = opts();
    o.second_roll_event_red = EventRed::Final;
    let mut s = base_with(o);
    s.phase = Phase::Roll2;
    s.rolls.push(RollRecord {
        white: 3,
        red: 4,
        event: 1,
        sum: 7,
        rejected: vec![],
    });
    s.players[SEAT_B].imp[1] = 1;
    // thrown with red 2 (would draw), accepted red 3 > 2: no card
    let (s2, _) = okd(&s, SEAT_A, roll(&[5, 2, 5, 6, 3]), &[]);
    assert_eq!(s2.players[SEAT_B].progress.len(), 0); // CCK-DICE-4 option "final"
}

#[test]
fn cck_dice_5_event_die_only_twice_even_after_many_rethrows() {
    let mut s = base();
    s.phase = Phase::Roll2;
    s.rolls.push(RollRecord {
        white: 3,
        red: 3,
        event: 4,
        sum: 6,
        rejected: vec![],
    });
    // 3+3, 2+4, 1+5 repeat the 6: three re-throws, one event die
    let (s2, ev) = okd(&s, SEAT_A, roll(&[3, 3, 1, 2, 4, 1, 5, 4, 4]), &[]);
    assert_eq!(s2.rolls[1].rejected.len(), 3);
    assert_eq!(s2.barbarian, 1); // CCK-DICE-5: one ship for the whole second roll
    assert_eq!(
        ev.iter().filter(|e| e.kind == "barbarians_advance").count(),
        1
    );
    assert_eq!(s2.rolls[1].sum, 8);
}

#[test]
fn cck_dice_6_only_token_action_before_and_between_rolls() {
    let mut s = base();
    s.phase = Phase::Roll1;
    give(&mut s, SEAT_A, &[(Card::Brick, 1), (Card::Lumber, 1)]);
    road(&mut s, Colour::A, ed(2, -1, "SE"));
    bld(&mut s, Colour::A, vt(2, -1, 'S'), false);
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::BuildRoad {
                edge: ed(2, -1, "NE")
            }
        ),
        "CCK-DICE-6"
    );
    assert_eq!(err(&s, SEAT_A, Move::EndTurn), "CCK-DICE-6");
    give(&mut s, SEAT_B, &[(Card::Ore, 2)]);
    let (s1, _) = okd(&s, SEAT_A, roll(&[1, 1, 1]), &[]);
    // between the rolls: the token action is allowed
    let (s2, _) = ok(
        &s1,
        SEAT_A,
        Move::TokenForcedTrade {
            mode: TradeMode::Resources,
            drawn_cards: None,
        },
    ); // CCK-DICE-6
    assert!(matches!(
        s2.pending.first(),
        Some(Pending::ForcedTradeReturn { .. })
    ));
    card(&mut s.clone(), SEAT_A, ProgressKind::Smith);
}

// ---------------------------------------------------------------- production and the 7

#[test]
fn cck_prod_1_cities_yield_resource_and_commodity() {
    let mut s = base();
    s.phase = Phase::Roll1;
    bld(&mut s, Colour::A, vt(2, -1, 'S'), true); // hills 10, mountains 8, forest 3
    bld(&mut s, Colour::B, vt(2, -2, 'S'), false); // forest 9, hills 10, pasture 4
    let (s1, _) = okd(&s, SEAT_A, roll(&[5, 5, 1]), &[]); // 10: hills
    assert_eq!(hand(&s1, SEAT_A, Card::Brick), 2); // CCK-PROD-1: city on hills: 2 brick
    assert_eq!(hand(&s1, SEAT_B, Card::Brick), 1); // settlement: 1
    let (s2, _) = okd(&s1, SEAT_A, roll(&[2, 1, 1]), &[]); // 3: forest
    assert_eq!(hand(&s2, SEAT_A, Card::Lumber), 1);
    assert_eq!(hand(&s2, SEAT_A, Card::Paper), 1); // CCK-PROD-1: lumber + paper
    let mut t = base();
    t.phase = Phase::Roll1;
    bld(&mut t, Colour::A, vt(2, -1, 'S'), true);
    let (t1, _) = okd(&t, SEAT_A, roll(&[4, 4, 1]), &[]);
    assert_eq!(
        (hand(&t1, SEAT_A, Card::Ore), hand(&t1, SEAT_A, Card::Coin)),
        (1, 1)
    ); // mountains: ore + coin
}

#[test]
fn cck_prod_2_shortage_per_commodity() {
    let mut s = base();
    s.phase = Phase::Roll1;
    bld(&mut s, Colour::A, vt(2, -1, 'S'), true);
    bld(&mut s, Colour::B, vt(2, 1, 'N'), true); // also on mountains 8
    s.bank.0[Card::Coin.idx()] = 1;
    let (s1, ev) = okd(&s, SEAT_A, roll(&[4, 4, 1]), &[]);
    assert_eq!(hand(&s1, SEAT_A, Card::Coin), 0); // CCK-PROD-2: two owed, 1 in the bank: nobody
    assert_eq!(hand(&s1, SEAT_B, Card::Coin), 0);
    assert_eq!(hand(&s1, SEAT_A, Card::Ore), 1); // ore paid normally
    assert_eq!(hand(&s1, SEAT_B, Card::Ore), 1);
    assert!(has(&ev, "bank_shortage"));
}

#[test]
fn cck_prod_3_aqueduct_when_nothing_received() {
    let mut s = base();
    s.phase = Phase::Roll1;
    s.players[SEAT_A].imp[2] = 3;
    bld(&mut s, Colour::B, vt(2, -1, 'S'), false);
    let (s1, _) = okd(&s, SEAT_A, roll(&[4, 4, 1]), &[]);
    assert_eq!(
        s1.pending.first(),
        Some(&Pending::Aqueduct { seat: SEAT_A })
    ); // CCK-PROD-3
    assert_eq!(err(&s1, SEAT_A, roll(&[1, 1, 1])), "CCK-PROD-3");
    let (s2, _) = ok(
        &s1,
        SEAT_A,
        Move::AqueductTake {
            resource: Card::Ore,
        },
    );
    assert_eq!(hand(&s2, SEAT_A, Card::Ore), 1);
    // not after a 7
    let (s3, _) = okd(&s, SEAT_A, roll(&[3, 4, 1]), &[]);
    assert!(s3.pending.is_empty());
}

#[test]
fn cck_seven_1_hand_limit_with_walls() {
    let mut s = base();
    s.phase = Phase::Roll1;
    bld(&mut s, Colour::A, vt(2, -1, 'S'), true);
    s.edit_building(vi(vt(2, -1, 'S')), |b| b.wall = true);
    give(&mut s, SEAT_A, &[(Card::Grain, 6), (Card::Cloth, 3)]); // 9 <= 7 + 2
    give(&mut s, SEAT_B, &[(Card::Ore, 5), (Card::Paper, 4)]); // 9 > 7
    let (s1, _) = okd(&s, SEAT_A, roll(&[3, 4, 1]), &[]);
    assert_eq!(
        s1.pending,
        vec![
            Pending::Discard {
                seat: SEAT_B,
                count: 4
            },
            Pending::RollDone { roll: 1 }
        ]
    ); // CCK-SEVEN-1
    give(&mut s, SEAT_A, &[(Card::Grain, 1)]); // 10 > 9
    let (s2, _) = okd(&s, SEAT_A, roll(&[3, 4, 1]), &[]);
    assert_eq!(
        s2.pending[0],
        Pending::Discard {
            seat: SEAT_A,
            count: 5
        }
    );
}

#[test]
fn cck_seven_2_robber_asleep_until_first_attack() {
    let mut s = base();
    s.phase = Phase::Roll1;
    let (s1, ev) = okd(&s, SEAT_A, roll(&[3, 4, 1]), &[]);
    assert!(!s1
        .pending
        .iter()
        .any(|p| matches!(p, Pending::Robber { .. }))); // CCK-SEVEN-2
    assert!(has(&ev, "robber_asleep"));
    let mut m = base();
    m.board.robber = hi(Hex(1, 0));
    assert_eq!(err(&m, SEAT_A, Move::TokenRobberToDesert), "CCK-SEVEN-2");
    card(&mut m, SEAT_A, ProgressKind::Bishop);
    assert_eq!(
        err(
            &m,
            SEAT_A,
            pp(ProgressKind::Bishop, |mv| {
                if let Move::PlayProgress { hex, .. } = mv {
                    *hex = Some(Hex(1, 1))
                }
            })
        ),
        "CCK-SEVEN-2"
    );
    // after the attack within the same roll, the 7 moves the robber
    let mut t = base();
    t.phase = Phase::Roll1;
    t.barbarian = 6;
    let (t1, _) = okd(&t, SEAT_A, roll(&[3, 4, 2]), &[]);
    assert!(t1.robber_awake);
    assert_eq!(t1.pending.first(), Some(&Pending::Robber { seat: SEAT_A })); // CCK-SEVEN-2
}

#[test]
fn cck_seven_3_theft_takes_commodities_too() {
    let mut s = base();
    s.robber_awake = true;
    s.phase = Phase::Roll1;
    bld(&mut s, Colour::B, vt(2, -1, 'S'), false);
    give(&mut s, SEAT_B, &[(Card::Coin, 1)]);
    let (s1, _) = okd(&s, SEAT_A, roll(&[3, 4, 1]), &[]);
    let (s2, ev) = ok(
        &s1,
        SEAT_A,
        Move::MoveRobber {
            hex: Hex(2, 0),
            stolen: None,
        },
    );
    assert_eq!(hand(&s2, SEAT_A, Card::Coin), 1); // CCK-SEVEN-3
    assert_eq!(hand(&s2, SEAT_B, Card::Coin), 0);
    assert!(has(&ev, "robber_moved"));
    // The card taken is named only in the secret part, for thief and victim.
    let e = ev_rule(&ev, "robber_moved").unwrap();
    // The hex by its terrain and number (CAT-ROB-1).
    let hex = super::events::hex_place(&s, hi(Hex(2, 0))).unwrap();
    assert_eq!(
        e.text,
        format!(
            "Player A moves the robber to {} and steals a card.",
            hex.en()
        )
    );
    assert!(e.text.starts_with("Player A moves the robber to the "));
    assert!(!e.data.to_string().contains("coin"), "{}", e.data);
    let secret = e.secret.as_ref().expect("a secret part");
    assert_eq!(secret["kind"], "card_stolen");
    assert_eq!(secret["data"]["card"], "coin");
    assert_eq!(secret["text"], "Player A takes 1 coin from Player B.");
}

// ---------------------------------------------------------------- building

fn a_net(s: &mut State) {
    // a: city S(2,-1) with roads SE(2,-1) (to N(2,0)) and NE(2,0) (to S(3,-1))
    bld(s, Colour::A, vt(2, -1, 'S'), true);
    road(s, Colour::A, ed(2, -1, "SE"));
    road(s, Colour::A, ed(2, 0, "NE"));
}

#[test]
fn cck_build_1_costs() {
    let mut s = base();
    a_net(&mut s);
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::BuildKnight {
                vertex: vt(3, -1, 'S')
            }
        ),
        "CCK-BUILD-1"
    );
    give(
        &mut s,
        SEAT_A,
        &[
            (Card::Wool, 1),
            (Card::Ore, 1),
            (Card::Brick, 2),
            (Card::Grain, 1),
        ],
    );
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::BuildKnight {
            vertex: vt(3, -1, 'S'),
        },
    );
    assert_eq!(
        hand(&s1, SEAT_A, Card::Wool) + hand(&s1, SEAT_A, Card::Ore),
        0
    ); // CCK-BUILD-1: knight 1 wool + 1 ore
    let (s2, _) = ok(
        &s,
        SEAT_A,
        Move::BuildCityWall {
            vertex: vt(2, -1, 'S'),
        },
    );
    assert_eq!(hand(&s2, SEAT_A, Card::Brick), 0); // wall: 2 brick
    let mut k = base();
    kn(&mut k, Colour::A, vt(2, 0, 'N'), 1, false);
    give(&mut k, SEAT_A, &[(Card::Grain, 1)]);
    let (k1, _) = ok(
        &k,
        SEAT_A,
        Move::ActivateKnight {
            vertex: vt(2, 0, 'N'),
        },
    );
    assert_eq!(hand(&k1, SEAT_A, Card::Grain), 0); // activation: 1 grain
}

#[test]
fn cck_build_2_knights_block_settlements_and_roads() {
    let mut s = base();
    a_net(&mut s);
    // b's road runs into S(3,-1) from N(3,0)? use N(2,1): b road E(2,0) joins S(3,-1) and N(2,1)
    road(&mut s, Colour::B, ed(2, 0, "E"));
    bld(&mut s, Colour::B, vt(2, 1, 'N'), false);
    kn(&mut s, Colour::A, vt(3, -1, 'S'), 1, false);
    give(
        &mut s,
        SEAT_B,
        &[
            (Card::Brick, 2),
            (Card::Lumber, 2),
            (Card::Wool, 1),
            (Card::Grain, 1),
        ],
    );
    s.active = SEAT_B;
    assert_eq!(
        err(
            &s,
            SEAT_B,
            Move::BuildSettlement {
                vertex: vt(3, -1, 'S')
            }
        ),
        "CAT-BUILD-3"
    ); // CCK-BUILD-2
       // b's road cannot continue through a's knight
    let mut r = base();
    bld(&mut r, Colour::B, vt(-2, 1, 'N'), false);
    road(&mut r, Colour::B, ed(-2, 1, "NE"));
    assert!(mechanics::can_road(&r, ei(ed(-1, 0, "SE")), Colour::B));
    kn(&mut r, Colour::A, vt(-1, 0, 'S'), 1, false);
    assert!(!mechanics::can_road(&r, ei(ed(-1, 0, "SE")), Colour::B)); // CCK-BUILD-2
                                                                       // a's own knight: a must move it before building there
    s.active = SEAT_A;
    give(
        &mut s,
        SEAT_A,
        &[
            (Card::Brick, 1),
            (Card::Lumber, 1),
            (Card::Wool, 1),
            (Card::Grain, 1),
        ],
    );
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::BuildSettlement {
                vertex: vt(3, -1, 'S')
            }
        ),
        "CAT-BUILD-3"
    ); // CCK-BUILD-2
       // a knight breaks other colours' trails: b's 5-road trail through a knight
    let mut t = base();
    let trail = [
        ed(-2, 0, "NE"),
        ed(-2, 0, "E"),
        ed(-2, 1, "NE"),
        ed(-2, 1, "E"),
        ed(-2, 2, "NE"),
    ];
    for e in trail {
        road(&mut t, Colour::B, e);
    }
    let full = mechanics::road_length(&t, Colour::B);
    assert_eq!(full, 5);
    let mid = vi(vt(-2, 1, 'N'));
    t.set_knight(
        mid,
        Some(Knight {
            colour: Colour::A,
            level: 1,
            active: false,
            activated_turn: 0,
            acted_turn: 0,
            promoted_turn: 0,
        }),
    );
    assert!(mechanics::road_length(&t, Colour::B) < full); // CCK-BUILD-2
}

#[test]
fn cck_build_3_city_walls() {
    let mut s = base();
    a_net(&mut s);
    bld(&mut s, Colour::A, vt(-2, 1, 'N'), false);
    give(&mut s, SEAT_A, &[(Card::Brick, 10)]);
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::BuildCityWall {
                vertex: vt(-2, 1, 'N')
            }
        ),
        "CCK-BUILD-3"
    ); // settlement: no wall
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::BuildCityWall {
            vertex: vt(2, -1, 'S'),
        },
    );
    assert_eq!(
        err(
            &s1,
            SEAT_A,
            Move::BuildCityWall {
                vertex: vt(2, -1, 'S')
            }
        ),
        "CCK-BUILD-3"
    ); // one per city
    let mut t = s1.clone();
    t.players[SEAT_A].walls_left = 0;
    bld(&mut t, Colour::A, vt(-1, 1, 'S'), true);
    assert_eq!(
        err(
            &t,
            SEAT_A,
            Move::BuildCityWall {
                vertex: vt(-1, 1, 'S')
            }
        ),
        "CCK-BUILD-3"
    ); // at most 3
    assert!(s1.pending.is_empty());
}

#[test]
fn cck_build_4_neutral_builds_only_for_roads_and_settlements() {
    let mut s = base();
    a_net(&mut s);
    bld(&mut s, Colour::A, vt(-2, 1, 'N'), false);
    give(
        &mut s,
        SEAT_A,
        &[
            (Card::Brick, 3),
            (Card::Lumber, 2),
            (Card::Wool, 1),
            (Card::Grain, 3),
            (Card::Ore, 3),
        ],
    );
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::BuildRoad {
            edge: ed(1, 0, "NE"),
        },
    );
    assert!(matches!(
        s1.pending[0],
        Pending::Neutral {
            task: NeutralTask::Road,
            ..
        }
    )); // CCK-BUILD-4
    let (s1b, _) = ok(&s1, SEAT_A, nb_e(Colour::N1, ed(0, -1, "SE")));
    assert_eq!(s1b.road(ei(ed(0, -1, "SE"))), Some(Colour::N1));
    assert!(s1b.pending.is_empty());
    let (s2, _) = ok(
        &s,
        SEAT_A,
        Move::BuildSettlement {
            vertex: vt(3, -1, 'S'),
        },
    );
    // CAT-DUO-6: a road and a settlement each owe a neutral building, and the
    // pending decision names that rule. (Here no neutral settlement spot is
    // free, so the settlement's debt has already fallen back to a road.)
    assert!(matches!(
        &s2.pending[0],
        Pending::Neutral { trigger, .. } if trigger == "CAT-DUO-6"
    ));
    assert!(matches!(&s1.pending[0], Pending::Neutral { trigger, .. } if trigger == "CAT-DUO-6"));
    let (s3, _) = ok(
        &s,
        SEAT_A,
        Move::BuildCity {
            vertex: vt(-2, 1, 'N'),
        },
    );
    assert!(s3.pending.is_empty()); // CCK-BUILD-4: a city triggers nothing
}

// ---------------------------------------------------------------- improvements

#[test]
fn cck_imp_1_level_n_costs_n_commodities() {
    let mut s = base();
    a_net(&mut s);
    give(&mut s, SEAT_A, &[(Card::Cloth, 3)]);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::ImproveCity {
            track: Track::Trade,
            crane: false,
        },
    );
    assert_eq!(s1.players[SEAT_A].imp[0], 1);
    assert_eq!(hand(&s1, SEAT_A, Card::Cloth), 2); // CCK-IMP-1
    let (s2, _) = ok(
        &s1,
        SEAT_A,
        Move::ImproveCity {
            track: Track::Trade,
            crane: false,
        },
    );
    assert_eq!(hand(&s2, SEAT_A, Card::Cloth), 0);
    assert_eq!(
        err(
            &s2,
            SEAT_A,
            Move::ImproveCity {
                track: Track::Trade,
                crane: false
            }
        ),
        "CCK-IMP-1"
    );
    assert_eq!(
        err(
            &s2,
            SEAT_A,
            Move::ImproveCity {
                track: Track::Science,
                crane: false
            }
        ),
        "CCK-IMP-1"
    ); // paper, not cloth
}

#[test]
fn cck_imp_2_needs_a_city_and_levels_stay() {
    let mut s = base();
    bld(&mut s, Colour::A, vt(2, -1, 'S'), false);
    give(&mut s, SEAT_A, &[(Card::Coin, 3)]);
    s.players[SEAT_A].imp[1] = 2;
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::ImproveCity {
                track: Track::Politics,
                crane: false
            }
        ),
        "CCK-IMP-2"
    );
    assert_eq!(s.players[SEAT_A].imp[1], 2); // CCK-IMP-2: the bought levels stay
}

#[test]
fn cck_imp_3_level_3_abilities() {
    let mut s = base();
    give(&mut s, SEAT_A, &[(Card::Coin, 2)]);
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::MaritimeTrade {
                give: Card::Coin,
                get: Card::Ore,
                times: None
            }
        ),
        "CCK-TRADE-1"
    );
    s.players[SEAT_A].imp[0] = 3;
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::MaritimeTrade {
            give: Card::Coin,
            get: Card::Ore,
            times: None,
        },
    );
    assert_eq!(hand(&s1, SEAT_A, Card::Ore), 1); // CCK-IMP-3: trade 3 -> 2 commodities : 1
                                                 // politics 3: strong -> mighty
    let mut k = base();
    kn(&mut k, Colour::A, vt(2, 0, 'N'), 2, false);
    give(&mut k, SEAT_A, &[(Card::Wool, 1), (Card::Ore, 1)]);
    assert_eq!(
        err(
            &k,
            SEAT_A,
            Move::PromoteKnight {
                vertex: vt(2, 0, 'N')
            }
        ),
        "CCK-KNIGHT-3"
    );
    k.players[SEAT_A].imp[1] = 3;
    let (k1, _) = ok(
        &k,
        SEAT_A,
        Move::PromoteKnight {
            vertex: vt(2, 0, 'N'),
        },
    );
    assert_eq!(k1.knight(vi(vt(2, 0, 'N'))).unwrap().level, 3); // CCK-IMP-3: Fortress
}

#[test]
fn cck_imp_4_metropolis_first_to_4_taken_at_5() {
    let mut s = base();
    a_net(&mut s);
    bld(&mut s, Colour::B, vt(-1, 1, 'S'), true);
    s.players[SEAT_A].imp[1] = 3;
    give(&mut s, SEAT_A, &[(Card::Coin, 4)]);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::ImproveCity {
            track: Track::Politics,
            crane: false,
        },
    );
    assert_eq!(
        s1.pending[0],
        Pending::MetropolisPlace {
            seat: SEAT_A,
            track: Track::Politics
        }
    );
    let (s2, _) = ok(
        &s1,
        SEAT_A,
        Move::PlaceMetropolis {
            vertex: vt(2, -1, 'S'),
        },
    );
    assert_eq!(mechanics::vp(&s2, SEAT_A), 4); // CCK-IMP-4: city 2 + metropolis 2
                                               // b reaches 5 before a: takes it
    let mut t = s2.clone();
    t.active = SEAT_B;
    t.players[SEAT_B].imp[1] = 4;
    give(&mut t, SEAT_B, &[(Card::Coin, 5)]);
    let (t1, _) = ok(
        &t,
        SEAT_B,
        Move::ImproveCity {
            track: Track::Politics,
            crane: false,
        },
    );
    let (t2, _) = ok(
        &t1,
        SEAT_B,
        Move::PlaceMetropolis {
            vertex: vt(-1, 1, 'S'),
        },
    );
    assert_eq!(t2.metropolis[1], Some(SEAT_B));
    assert_eq!(mechanics::vp(&t2, SEAT_A), 2);
    assert_eq!(t2.building(vi(vt(2, -1, 'S'))).unwrap().metropolis, None); // a plain city again
                                                                           // once the holder is at 5 it never moves
    let mut u = s2.clone();
    u.players[SEAT_A].imp[1] = 5;
    u.active = SEAT_B;
    u.players[SEAT_B].imp[1] = 4;
    give(&mut u, SEAT_B, &[(Card::Coin, 5)]);
    let (u1, _) = ok(
        &u,
        SEAT_B,
        Move::ImproveCity {
            track: Track::Politics,
            crane: false,
        },
    );
    assert!(u1.pending.is_empty());
    assert_eq!(u1.metropolis[1], Some(SEAT_A));
    // no city without a metropolis: illegal (CCK-IMP-4)
    let mut w = s2.clone();
    w.players[SEAT_A].imp[2] = 3;
    give(&mut w, SEAT_A, &[(Card::Paper, 4)]);
    assert_eq!(
        err(
            &w,
            SEAT_A,
            Move::ImproveCity {
                track: Track::Science,
                crane: false
            }
        ),
        "CCK-IMP-4"
    );
}

// ---------------------------------------------------------------- knights

#[test]
fn cck_knight_1_build_basic_at_road_end_with_stock() {
    let mut s = base();
    a_net(&mut s);
    give(&mut s, SEAT_A, &[(Card::Wool, 3), (Card::Ore, 3)]);
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::BuildKnight {
                vertex: vt(-2, 1, 'N')
            }
        ),
        "CCK-KNIGHT-1"
    ); // not at a road end
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::BuildKnight {
            vertex: vt(3, -1, 'S'),
        },
    );
    let k = s1.knight(vi(vt(3, -1, 'S'))).unwrap();
    assert_eq!((k.level, k.active), (1, false)); // CCK-KNIGHT-1
    let mut t = s.clone();
    t.players[SEAT_A].knights_left[0] = 0;
    assert_eq!(
        err(
            &t,
            SEAT_A,
            Move::BuildKnight {
                vertex: vt(3, -1, 'S')
            }
        ),
        "CCK-KNIGHT-1"
    ); // no basic in stock
}

#[test]
fn cck_knight_2_activation_same_turn_but_no_action() {
    let mut s = base();
    a_net(&mut s);
    kn(&mut s, Colour::A, vt(2, 0, 'N'), 1, false);
    give(&mut s, SEAT_A, &[(Card::Grain, 1)]);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::ActivateKnight {
            vertex: vt(2, 0, 'N'),
        },
    );
    assert!(s1.knight(vi(vt(2, 0, 'N'))).unwrap().active);
    assert_eq!(
        err(
            &s1,
            SEAT_A,
            Move::KnightMove {
                from: vt(2, 0, 'N'),
                to: vt(3, -1, 'S')
            }
        ),
        "CCK-KNIGHT-2"
    ); // CCK-KNIGHT-2
    let mut t = s1.clone();
    t.turn += 2;
    ok(
        &t,
        SEAT_A,
        Move::KnightMove {
            from: vt(2, 0, 'N'),
            to: vt(3, -1, 'S'),
        },
    );
}

#[test]
fn cck_knight_3_promotion_keeps_state_once_per_turn() {
    let mut s = base();
    kn(&mut s, Colour::A, vt(2, 0, 'N'), 1, true);
    give(&mut s, SEAT_A, &[(Card::Wool, 2), (Card::Ore, 2)]);
    s.players[SEAT_A].imp[1] = 3;
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::PromoteKnight {
            vertex: vt(2, 0, 'N'),
        },
    );
    let k = s1.knight(vi(vt(2, 0, 'N'))).unwrap();
    assert_eq!((k.level, k.active), (2, true)); // CCK-KNIGHT-3
    assert_eq!(s1.players[SEAT_A].knights_left, [2, 1, 2]); // the basic piece is back
    let mut s1b = s1.clone();
    s1b.pending.clear();
    assert_eq!(
        err(
            &s1b,
            SEAT_A,
            Move::PromoteKnight {
                vertex: vt(2, 0, 'N')
            }
        ),
        "CCK-KNIGHT-3"
    );
}

#[test]
fn cck_knight_4_active_knights_act_once() {
    let mut s = base();
    a_net(&mut s);
    road(&mut s, Colour::A, ed(1, 0, "NE"));
    kn(&mut s, Colour::A, vt(2, 0, 'N'), 1, false);
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::KnightMove {
                from: vt(2, 0, 'N'),
                to: vt(3, -1, 'S')
            }
        ),
        "CCK-KNIGHT-4"
    );
    s.knight_mut(vi(vt(2, 0, 'N'))).unwrap().active = true;
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::KnightMove {
            from: vt(2, 0, 'N'),
            to: vt(3, -1, 'S'),
        },
    );
    assert!(!s1.knight(vi(vt(3, -1, 'S'))).unwrap().active); // CCK-KNIGHT-4: acting deactivates
    let mut t = s1.clone();
    give(&mut t, SEAT_A, &[(Card::Grain, 1)]);
    let (t1, _) = ok(
        &t,
        SEAT_A,
        Move::ActivateKnight {
            vertex: vt(3, -1, 'S'),
        },
    );
    assert_eq!(
        err(
            &t1,
            SEAT_A,
            Move::KnightMove {
                from: vt(3, -1, 'S'),
                to: vt(2, 0, 'N')
            }
        ),
        "CCK-KNIGHT-2"
    );
}

#[test]
fn cck_knight_5_connection_by_own_roads_not_through_others() {
    let mut s = base();
    a_net(&mut s);
    road(&mut s, Colour::A, ed(1, 0, "NE")); // S(2,-1)-N(1,0)
    kn(&mut s, Colour::A, vt(1, 0, 'N'), 1, true);
    // from N(1,0) through the own city S(2,-1) to N(2,0) and S(3,-1)
    assert_eq!(
        mechanics::connected_from(&s, vi(vt(1, 0, 'N')), Colour::A),
        {
            let mut v = vec![vi(vt(2, -1, 'S')), vi(vt(2, 0, 'N')), vi(vt(3, -1, 'S'))];
            v.sort();
            v
        }
    );
    // a b knight on N(2,0) blocks the way on
    kn(&mut s, Colour::B, vt(2, 0, 'N'), 2, false);
    assert!(
        !mechanics::connected_from(&s, vi(vt(1, 0, 'N')), Colour::A).contains(&vi(vt(3, -1, 'S')))
    ); // CCK-KNIGHT-5
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::KnightMove {
                from: vt(1, 0, 'N'),
                to: vt(3, -1, 'S')
            }
        ),
        "CCK-KNIGHT-5"
    );
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::KnightMove {
                from: vt(1, 0, 'N'),
                to: vt(-2, 1, 'N')
            }
        ),
        "CCK-KNIGHT-5"
    );
}

#[test]
fn cck_knight_6_move_to_empty_connected() {
    let mut s = base();
    a_net(&mut s);
    kn(&mut s, Colour::A, vt(2, 0, 'N'), 2, true);
    let (s1, ev) = ok(
        &s,
        SEAT_A,
        Move::KnightMove {
            from: vt(2, 0, 'N'),
            to: vt(3, -1, 'S'),
        },
    );
    assert!(s1.knight(vi(vt(2, 0, 'N'))).is_none());
    assert_eq!(s1.knight(vi(vt(3, -1, 'S'))).unwrap().level, 2); // CCK-KNIGHT-6
    assert!(has(&ev, "knight_moved"));
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::KnightMove {
                from: vt(2, 0, 'N'),
                to: vt(2, -1, 'S')
            }
        ),
        "CCK-KNIGHT-6"
    ); // the city is not empty
}

#[test]
fn cck_knight_7_displace_weaker_owner_relocates() {
    let mut s = base();
    a_net(&mut s);
    kn(&mut s, Colour::A, vt(2, 0, 'N'), 2, true);
    // b: settlement N(2,1) with road E(2,0) to S(3,-1) and a basic active knight there
    bld(&mut s, Colour::B, vt(2, 1, 'N'), false);
    road(&mut s, Colour::B, ed(2, 0, "E"));
    road(&mut s, Colour::B, ed(2, 0, "SE")); // N(2,1)-S(2,0)
    kn(&mut s, Colour::B, vt(3, -1, 'S'), 1, true);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::KnightDisplace {
            from: vt(2, 0, 'N'),
            to: vt(3, -1, 'S'),
        },
    );
    assert_eq!(
        s1.pending[0],
        Pending::KnightRelocation {
            seat: SEAT_B,
            level: 1,
            active: true,
            from: vi(vt(3, -1, 'S'))
        }
    );
    assert_eq!(
        asked(&s1),
        (vec![SEAT_B], "Player B: your basic knight was displaced; move it to a free intersection along your roads.".to_string())
    );
    let legal = G::legal_moves(&s1, SEAT_B);
    assert_eq!(
        legal,
        vec![Move::RelocateKnight {
            vertex: vt(2, 0, 'S')
        }]
    ); // N(2,0) is reached only by a's road
    assert_eq!(
        err(
            &s1,
            SEAT_B,
            Move::RelocateKnight {
                vertex: vt(2, 0, 'N')
            }
        ),
        "CCK-KNIGHT-7"
    );
    let (s2, _) = ok(
        &s1,
        SEAT_B,
        Move::RelocateKnight {
            vertex: vt(2, 0, 'S'),
        },
    );
    assert!(s2.knight(vi(vt(2, 0, 'S'))).unwrap().active); // CCK-KNIGHT-7: keeps its state
                                                           // equal strength cannot displace
    let mut t = s.clone();
    t.knight_mut(vi(vt(3, -1, 'S'))).unwrap().level = 2;
    assert_eq!(
        err(
            &t,
            SEAT_A,
            Move::KnightDisplace {
                from: vt(2, 0, 'N'),
                to: vt(3, -1, 'S')
            }
        ),
        "CCK-KNIGHT-7"
    );
    // nowhere to go: removed to the stock, no tokens
    let mut u = s.clone();
    u.set_road(ei(ed(2, 0, "SE")), None);
    let tokens = u.players[SEAT_B].tokens;
    let (u1, ev) = ok(
        &u,
        SEAT_A,
        Move::KnightDisplace {
            from: vt(2, 0, 'N'),
            to: vt(3, -1, 'S'),
        },
    );
    // N(2,0) is reachable for b only via a's road: removed
    assert!(u1.pending.is_empty(), "{:?}", u1.pending);
    assert!(has(&ev, "knight_removed"));
    assert_eq!(u1.players[SEAT_B].knights_left[0], 2);
    assert_eq!(u1.players[SEAT_B].tokens, tokens); // CCK-TOKEN-3
}

#[test]
fn cck_knight_8_chase_the_robber() {
    let mut s = base();
    a_net(&mut s);
    kn(&mut s, Colour::A, vt(2, 0, 'N'), 1, true); // touches (2,0), (2,-1), (1,0)? N(2,0): (2,0),(2,-1),(3,-1)
    s.board.robber = hi(Hex(2, -1));
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::KnightChaseRobber {
                knight: vt(2, 0, 'N'),
                hex: Hex(1, 1),
                stolen: None
            }
        ),
        "CCK-SEVEN-2"
    );
    s.robber_awake = true;
    bld(&mut s, Colour::B, vt(1, 1, 'S'), false);
    give(&mut s, SEAT_B, &[(Card::Wool, 1)]);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::KnightChaseRobber {
            knight: vt(2, 0, 'N'),
            hex: Hex(1, 1),
            stolen: None,
        },
    );
    assert_eq!(s1.board.robber, hi(Hex(1, 1))); // CCK-KNIGHT-8
    assert_eq!(hand(&s1, SEAT_A, Card::Wool), 1);
    assert!(!s1.knight(vi(vt(2, 0, 'N'))).unwrap().active);
    let mut far = s.clone();
    far.board.robber = hi(Hex(-2, 2));
    assert_eq!(
        err(
            &far,
            SEAT_A,
            Move::KnightChaseRobber {
                knight: vt(2, 0, 'N'),
                hex: Hex(1, 1),
                stolen: None
            }
        ),
        "CCK-KNIGHT-8"
    );
}

// ---------------------------------------------------------------- barbarians

#[test]
fn ex_10_barbarian_attack_lost() {
    // CCK-BARB-1, CCK-BARB-2, CCK-BARB-4, CCK-BARB-5, CCK-SEVEN-2 (worked example 10)
    let mut s = base();
    s.phase = Phase::Roll1;
    s.barbarian = 6;
    bld(&mut s, Colour::A, vt(2, -1, 'S'), true);
    bld(&mut s, Colour::A, vt(-2, 1, 'N'), true);
    s.edit_building(vi(vt(-2, 1, 'N')), |b| b.metropolis = Some(Track::Science));
    bld(&mut s, Colour::B, vt(0, 1, 'S'), true);
    s.edit_building(vi(vt(0, 1, 'S')), |b| b.wall = true);
    s.players[SEAT_B].walls_left = 2;
    kn(&mut s, Colour::A, vt(2, 0, 'N'), 2, true);
    kn(&mut s, Colour::N1, vt(1, -1, 'S'), 2, false); // neutral knights never count
    let (s1, ev) = okd(&s, SEAT_A, roll(&[2, 2, 3]), &[]);
    let lost = ev_rule(&ev, "barbarians_win").unwrap();
    assert_eq!(lost.data["barbarians"], 3); // CCK-BARB-2: metropolis city counts once
    assert_eq!(lost.data["catan"], 2);
    assert_eq!(
        lost.text,
        "The barbarians (strength 3) beat Catan's knights (strength 2): Player B loses a city."
    );
    assert_eq!(s1.pending[0], Pending::Pillage { seat: SEAT_B }); // CCK-BARB-4: lowest strength (0)
    assert_eq!(s1.barbarian, 0); // CCK-BARB-5
    assert!(!s1.knight(vi(vt(2, 0, 'N'))).unwrap().active);
    assert!(s1.robber_awake);
    assert_eq!(hand(&s1, SEAT_B, Card::Grain), 0); // production waits for the attack (CCK-BARB-1)
    let (s2, _) = ok(
        &s1,
        SEAT_B,
        Move::ChoosePillagedCity {
            vertex: vt(0, 1, 'S'),
        },
    );
    let b = s2.building(vi(vt(0, 1, 'S'))).unwrap();
    assert!(!b.city && !b.wall);
    assert_eq!(s2.players[SEAT_B].walls_left, 3);
    assert_eq!(hand(&s2, SEAT_B, Card::Grain), 1); // the sum 4 then produces for the settlement
    assert_eq!(s2.phase, Phase::Roll2);
}

#[test]
fn cck_barb_1_advance_and_land_at_track_length() {
    let mut o = opts();
    o.barbarian_track = 3;
    let mut s = base_with(o);
    s.phase = Phase::Roll1;
    let (s1, _) = okd(&s, SEAT_A, roll(&[1, 2, 1]), &[]);
    let (s2, _) = okd(&s1, SEAT_A, roll(&[1, 1, 2]), &[]);
    assert_eq!(s2.barbarian, 2); // CCK-BARB-1
    let mut t = s2.clone();
    t.phase = Phase::Roll1;
    t.rolls.clear();
    let (t1, ev) = okd(&t, SEAT_A, roll(&[1, 2, 3]), &[]);
    assert_eq!(t1.barbarian, 0);
    assert!(has(&ev, "barbarians_repelled")); // 0 cities vs 0 knights: Catan wins
}

#[test]
fn cck_barb_2_strength_counts_active_real_knights_only() {
    let mut s = base();
    bld(&mut s, Colour::A, vt(2, -1, 'S'), true);
    kn(&mut s, Colour::A, vt(2, 0, 'N'), 1, false); // inactive: not counted
    kn(&mut s, Colour::N1, vt(1, -1, 'S'), 2, false);
    let mut ev = Vec::new();
    mechanics::barbarian_attack(&mut s, &mut ev);
    let ev = kit::read_all(&ev);
    let e = ev_rule(&ev, "barbarians_win").unwrap();
    assert_eq!(
        (e.data["barbarians"].as_u64(), e.data["catan"].as_u64()),
        (Some(1), Some(0))
    ); // CCK-BARB-2
}

#[test]
fn cck_barb_3_defender_or_tie_draws() {
    let mut s = base();
    bld(&mut s, Colour::A, vt(2, -1, 'S'), true);
    kn(&mut s, Colour::A, vt(2, 0, 'N'), 2, true);
    kn(&mut s, Colour::B, vt(-2, 1, 'N'), 1, true);
    let mut t = s.clone();
    let mut ev = Vec::new();
    mechanics::barbarian_attack(&mut t, &mut ev);
    assert_eq!(t.players[SEAT_A].defender, 1); // CCK-BARB-3
    assert_eq!(t.defender_left, 5);
    assert_eq!(mechanics::vp(&t, SEAT_A), 3);
    // tie: each draws from a deck of choice
    s.knight_mut(vi(vt(-2, 1, 'N'))).unwrap().level = 2;
    let mut u = s.clone();
    mechanics::barbarian_attack(&mut u, &mut ev);
    assert_eq!(
        u.pending,
        vec![
            Pending::DefenderDraw { seat: SEAT_A },
            Pending::DefenderDraw { seat: SEAT_B }
        ]
    );
    let (u1, _) = ok(
        &u,
        SEAT_A,
        Move::DefenderDraw {
            deck: Track::Trade,
            drawn: None,
        },
    );
    let got = u1.players[SEAT_A].progress.len() + u1.players[SEAT_A].vp_cards.len();
    assert_eq!(got, 1);
    let (u2, _) = ok(
        &u1,
        SEAT_B,
        Move::DefenderDraw {
            deck: Track::Science,
            drawn: None,
        },
    );
    assert!(u2.pending.is_empty());
    // nobody contributed: nobody rewarded (I)
    let mut w = base();
    mechanics::barbarian_attack(&mut w, &mut ev);
    assert!(
        w.pending.is_empty() && w.players[SEAT_A].defender == 0 && w.players[SEAT_B].defender == 0
    );
}

#[test]
fn cck_barb_4_metropolis_only_players_are_immune() {
    let mut s = base();
    bld(&mut s, Colour::A, vt(2, -1, 'S'), true);
    s.edit_building(vi(vt(2, -1, 'S')), |b| b.metropolis = Some(Track::Trade));
    bld(&mut s, Colour::B, vt(-2, 1, 'N'), true);
    kn(&mut s, Colour::B, vt(-1, 0, 'S'), 1, true);
    let mut ev = Vec::new();
    mechanics::barbarian_attack(&mut s, &mut ev);
    // a (0 strength) is immune, b (1) has the only plain city and loses it
    assert_eq!(s.pending, vec![Pending::Pillage { seat: SEAT_B }]); // CCK-BARB-4
    s.active = SEAT_A;
    assert_eq!(
        err(
            &s,
            SEAT_B,
            Move::ChoosePillagedCity {
                vertex: vt(2, -1, 'S')
            }
        ),
        "CCK-BARB-4"
    );
}

#[test]
fn cck_barb_5_all_knights_inactive_ship_back() {
    let mut s = base();
    s.barbarian = 6;
    kn(&mut s, Colour::A, vt(2, 0, 'N'), 1, true);
    kn(&mut s, Colour::B, vt(-2, 1, 'N'), 1, true);
    let mut ev = Vec::new();
    mechanics::barbarian_attack(&mut s, &mut ev);
    assert!(s.knights().all(|k| !k.active)); // CCK-BARB-5
    assert_eq!(s.barbarian, 0);
    assert!(s.robber_awake);
}

// ---------------------------------------------------------------- progress cards

fn set_hex(m: &mut Move, h: Hex) {
    if let Move::PlayProgress { hex, .. } = m {
        *hex = Some(h);
    }
}
fn set_vertex(m: &mut Move, v: Vertex) {
    if let Move::PlayProgress { vertex, .. } = m {
        *vertex = Some(v);
    }
}

#[test]
fn cck_prog_1_three_decks_of_18() {
    let count = |t: Track, k: ProgressKind| deck_list(t).iter().filter(|x| **x == k).count();
    assert_eq!(deck_list(Track::Science).len(), 18); // CCK-PROG-1
    assert_eq!(deck_list(Track::Politics).len(), 18);
    assert_eq!(deck_list(Track::Trade).len(), 18);
    assert_eq!(count(Track::Trade, ProgressKind::Merchant), 6);
    assert_eq!(count(Track::Politics, ProgressKind::Spy), 3);
    assert_eq!(count(Track::Science, ProgressKind::Printer), 1);
    assert_eq!(count(Track::Trade, ProgressKind::ResourceMonopoly), 4);
    assert!(deck_list(Track::Politics)
        .iter()
        .all(|k| k.deck() == Track::Politics));
    let s = G::start(&opts(), &mut Dice::new(2)).unwrap().state;
    let mut sorted = s.decks[Track::Science.idx()].clone();
    sorted.sort();
    let mut want = deck_list(Track::Science);
    want.sort();
    assert_eq!(sorted, want);
    assert_ne!(s.decks[Track::Science.idx()], deck_list(Track::Science)); // shuffled
}

#[test]
fn cck_prog_2_gate_draws_by_level_and_red_die() {
    let mut s = base();
    s.phase = Phase::Roll1;
    s.players[SEAT_A].imp[0] = 1;
    s.players[SEAT_B].imp[0] = 2;
    let (s1, _) = okd(&s, SEAT_A, roll(&[1, 2, 4]), &[]);
    assert_eq!(
        s1.players[SEAT_A].progress.len() + s1.players[SEAT_A].vp_cards.len(),
        1
    ); // red 2 <= 1 + 1
    assert_eq!(
        s1.players[SEAT_B].progress.len() + s1.players[SEAT_B].vp_cards.len(),
        1
    );
    let (s2, _) = okd(&s, SEAT_A, roll(&[1, 3, 4]), &[]);
    assert_eq!(s2.players[SEAT_A].progress.len(), 0); // CCK-PROG-2: red 3 > 2
    assert_eq!(
        s2.players[SEAT_B].progress.len() + s2.players[SEAT_B].vp_cards.len(),
        1
    );
    let mut e = s.clone();
    e.decks[0].clear();
    let (e1, ev) = okd(&e, SEAT_A, roll(&[1, 1, 4]), &[]);
    assert_eq!(e1.players[SEAT_A].progress.len(), 0); // empty deck gives nothing
    assert!(has(&ev, "deck_empty"));
}

#[test]
fn cck_prog_3_point_cards_face_up_at_once() {
    let mut s = base();
    s.phase = Phase::Roll1;
    s.players[SEAT_B].imp[2] = 1;
    s.decks[2].retain(|k| *k != ProgressKind::Printer);
    s.decks[2].push(ProgressKind::Printer);
    let (s1, _) = okd(&s, SEAT_A, roll(&[1, 1, 6]), &[]);
    assert_eq!(s1.players[SEAT_B].vp_cards, vec![ProgressKind::Printer]); // CCK-PROG-3: outside b's turn
    assert!(s1.players[SEAT_B].progress.is_empty());
    assert_eq!(mechanics::vp(&s1, SEAT_B), 1);
}

#[test]
fn cck_prog_4_hand_limit_four() {
    let mut s = base();
    s.phase = Phase::Roll1;
    s.players[SEAT_B].imp[1] = 1;
    for k in [
        ProgressKind::Spy,
        ProgressKind::Spy,
        ProgressKind::Bishop,
        ProgressKind::Warlord,
    ] {
        card(&mut s, SEAT_B, k);
    }
    s.decks[1].retain(|k| *k != ProgressKind::Constitution);
    let (s1, _) = okd(&s, SEAT_A, roll(&[1, 1, 5]), &[]);
    assert_eq!(s1.pending[0], Pending::ProgressExcess { seat: SEAT_B }); // CCK-PROG-4: at once
    let (s2, _) = ok(
        &s1,
        SEAT_B,
        Move::DiscardProgress {
            card: ProgressKind::Bishop,
        },
    );
    assert_eq!(s2.players[SEAT_B].progress.len(), 4);
    assert_eq!(s2.decks[1][0], ProgressKind::Bishop); // under its deck
                                                      // the active player resolves it once both rolls are made
    let mut a = base();
    a.phase = Phase::Roll1;
    a.players[SEAT_A].imp[1] = 1;
    for k in [
        ProgressKind::Spy,
        ProgressKind::Spy,
        ProgressKind::Bishop,
        ProgressKind::Warlord,
    ] {
        card(&mut a, SEAT_A, k);
    }
    a.decks[1].retain(|k| *k != ProgressKind::Constitution);
    let (a1, _) = okd(&a, SEAT_A, roll(&[1, 1, 5]), &[]);
    assert!(a1.pending.is_empty());
    assert_eq!(a1.phase, Phase::Roll2);
    let (a2, _) = okd(&a1, SEAT_A, roll(&[2, 2, 1]), &[]);
    assert_eq!(a2.pending, vec![Pending::ProgressExcess { seat: SEAT_A }]); // CCK-PROG-4
}

#[test]
fn cck_prog_5_play_after_rolls_any_number_under_the_deck() {
    let mut s = base();
    card(&mut s, SEAT_A, ProgressKind::Warlord);
    card(&mut s, SEAT_A, ProgressKind::Warlord);
    s.phase = Phase::Roll2;
    s.rolls.push(RollRecord {
        white: 1,
        red: 1,
        event: 1,
        sum: 2,
        rejected: vec![],
    });
    assert_eq!(
        err(&s, SEAT_A, Move::progress(ProgressKind::Warlord)),
        "CCK-DICE-6"
    );
    s.phase = Phase::Main;
    s.players[SEAT_A].progress[0].drawn_turn = s.turn; // drawn this turn: still playable (I)
    let (s1, ev) = ok(&s, SEAT_A, Move::progress(ProgressKind::Warlord));
    let (s2, _) = ok(&s1, SEAT_A, Move::progress(ProgressKind::Warlord)); // CCK-PROG-5: any number
    assert!(s2.players[SEAT_A].progress.is_empty());
    assert_eq!(
        &s2.decks[1][..2],
        &[ProgressKind::Warlord, ProgressKind::Warlord]
    );
    assert!(ev.iter().any(|e| e.data["rule_play"] == "CCK-PROG-5"));
    assert_eq!(
        err(&s2, SEAT_A, Move::progress(ProgressKind::Spy)),
        "CCK-PROG-5"
    );
}

#[test]
fn ex_12_alchemist_timing() {
    // CCK-PROG-10, CCK-DICE-6 (worked example 12)
    let mut s = base();
    card(&mut s, SEAT_A, ProgressKind::Alchemist);
    s.phase = Phase::Roll1;
    s.players[SEAT_B].imp[0] = 2;
    s.players[SEAT_A].imp[0] = 1;
    bld(&mut s, Colour::A, vt(0, -1, 'N'), false); // hills 6? N(0,-1): (0,-1) hills 6, (0,-2), (1,-2)
    let alch = |w: u8, r: u8| {
        pp(ProgressKind::Alchemist, |m| {
            if let Move::PlayProgress { white, red, .. } = m {
                *white = Some(w);
                *red = Some(r);
            }
        })
    };
    let (r1, _) = okd(&s, SEAT_A, roll(&[1, 2, 1]), &[]);
    assert_eq!(err(&r1, SEAT_A, alch(3, 3)), "CCK-PROG-10"); // never before the second roll
    let (s1, _) = okd(&s, SEAT_A, alch(3, 3), &[4]);
    assert_eq!(s1.rolls[0].sum, 6);
    assert_eq!(
        s1.players[SEAT_B].progress.len() + s1.players[SEAT_B].vp_cards.len(),
        1
    ); // trade 2: red 3 <= 3
    assert_eq!(s1.players[SEAT_A].progress.len(), 0); // trade 1: red 3 > 2 (and the Alchemist is gone)
    assert_eq!(hand(&s1, SEAT_A, Card::Brick), 1); // sum 6 produced
    let (s2, _) = okd(&s1, SEAT_A, roll(&[3, 3, 1, 2, 2]), &[]);
    assert_eq!(s2.rolls[1].sum, 4); // the second roll must not sum 6
    assert_eq!(s2.rolls[1].rejected, vec![[3, 3]]);
}

#[test]
fn cck_prog_11_crane_makes_a_level_cheaper() {
    let mut s = base();
    a_net(&mut s);
    card(&mut s, SEAT_A, ProgressKind::Crane);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::ImproveCity {
            track: Track::Science,
            crane: true,
        },
    );
    assert_eq!(s1.players[SEAT_A].imp[2], 1); // CCK-PROG-11: level 1 is free
    assert!(s1.players[SEAT_A].progress.is_empty());
    assert_eq!(
        err(
            &s1,
            SEAT_A,
            Move::ImproveCity {
                track: Track::Science,
                crane: true
            }
        ),
        "CCK-PROG-11"
    );
    assert_eq!(
        err(&s, SEAT_A, Move::progress(ProgressKind::Crane)),
        "CCK-PROG-11"
    );
}

#[test]
fn cck_prog_12_engineer_free_wall() {
    let mut s = base();
    a_net(&mut s);
    card(&mut s, SEAT_A, ProgressKind::Engineer);
    let (s1, ev) = ok(
        &s,
        SEAT_A,
        pp(ProgressKind::Engineer, |m| set_vertex(m, vt(2, -1, 'S'))),
    );
    assert!(s1.building(vi(vt(2, -1, 'S'))).unwrap().wall); // CCK-PROG-12
    let wall = effects(&ev, ProgressKind::Engineer, "wall_built", "CCK-PROG-12");
    assert!(
        wall[0].text.contains("city wall at the"),
        "{}",
        wall[0].text
    );
    assert_eq!(s1.players[SEAT_A].hand.total(), 0);
    s.players[SEAT_A].walls_left = 0;
    assert_eq!(
        err(
            &s,
            SEAT_A,
            pp(ProgressKind::Engineer, |m| set_vertex(m, vt(2, -1, 'S')))
        ),
        "CCK-BUILD-3"
    );
}

#[test]
fn cck_prog_13_inventor_swaps_tokens() {
    let mut s = base();
    card(&mut s, SEAT_A, ProgressKind::Inventor);
    let sw = |a: Hex, b: Hex| {
        pp(ProgressKind::Inventor, |m| {
            if let Move::PlayProgress { hexes, .. } = m {
                *hexes = Some(vec![a, b]);
            }
        })
    };
    assert_eq!(err(&s, SEAT_A, sw(Hex(0, -1), Hex(1, 0))), "CCK-PROG-13"); // 6 cannot move
    let (s1, ev) = ok(&s, SEAT_A, sw(Hex(2, -1), Hex(1, 0)));
    assert_eq!((s1.token(hi(Hex(2, -1))), s1.token(hi(Hex(1, 0)))), (3, 10)); // CCK-PROG-13
                                                                              // the log names the two hexes as they read before the swap, and the two numbers
    let swap = effects(&ev, ProgressKind::Inventor, "tokens_swapped", "CCK-PROG-13")[0];
    assert_eq!(swap.data["numbers"], serde_json::json!([10, 3]));
    assert!(
        swap.text.contains("(10)") && swap.text.contains("(3)"),
        "{}",
        swap.text
    );
    assert!(
        swap.text.ends_with("the 10 and the 3 change places."),
        "{}",
        swap.text
    );
}

#[test]
fn cck_prog_14_irrigation_and_mining() {
    let mut s = base();
    bld(&mut s, Colour::A, vt(-1, 1, 'S'), false); // mountains 3, fields 6, hills 5
    bld(&mut s, Colour::A, vt(-2, 1, 'N'), false); // forest 8, fields 9, forest 11
    card(&mut s, SEAT_A, ProgressKind::Irrigation);
    card(&mut s, SEAT_A, ProgressKind::Mining);
    let (s1, _) = ok(&s, SEAT_A, Move::progress(ProgressKind::Irrigation));
    assert_eq!(hand(&s1, SEAT_A, Card::Grain), 4); // CCK-PROG-14: 2 fields hexes
    let (s2, _) = ok(&s1, SEAT_A, Move::progress(ProgressKind::Mining));
    assert_eq!(hand(&s2, SEAT_A, Card::Ore), 2);
    let mut t = s.clone();
    t.bank.0[Card::Grain.idx()] = 3;
    let (t1, _) = ok(&t, SEAT_A, Move::progress(ProgressKind::Irrigation));
    assert_eq!(hand(&t1, SEAT_A, Card::Grain), 3); // as many as the bank holds
}

#[test]
fn cck_prog_15_medicine_cheap_city() {
    let mut s = base();
    bld(&mut s, Colour::A, vt(-1, 1, 'S'), false);
    card(&mut s, SEAT_A, ProgressKind::Medicine);
    give(&mut s, SEAT_A, &[(Card::Ore, 2), (Card::Grain, 1)]);
    let (s1, ev) = ok(
        &s,
        SEAT_A,
        pp(ProgressKind::Medicine, |m| set_vertex(m, vt(-1, 1, 'S'))),
    );
    assert!(s1.building(vi(vt(-1, 1, 'S'))).unwrap().city); // CCK-PROG-15
    effects(&ev, ProgressKind::Medicine, "city_built", "CCK-PROG-15");
    assert_eq!(s1.players[SEAT_A].hand.total(), 0);
}

#[test]
fn ex_11_road_building_two_neutral_roads() {
    // CCK-PROG-16 (worked example 11)
    let mut s = base();
    a_net(&mut s);
    card(&mut s, SEAT_A, ProgressKind::RoadBuilding);
    // NE(1,0): S(2,-1)-N(1,0), then SE(1,-1): N(1,0)-S(1,-1)
    let m = pp(ProgressKind::RoadBuilding, |m| {
        if let Move::PlayProgress { edges, .. } = m {
            *edges = Some(vec![ed(1, 0, "NE"), ed(1, -1, "SE")]);
        }
    });
    let (s1, ev) = ok(&s, SEAT_A, m);
    assert_eq!(s1.pending.iter().filter(|p| matches!(p, Pending::Neutral { task: NeutralTask::Road, trigger } if trigger == "CCK-PROG-16")).count(), 2);
    // each of the two roads is in the log, after the card
    let roads = effects(&ev, ProgressKind::RoadBuilding, "road_built", "CCK-PROG-16");
    assert_eq!(roads.len(), 2, "{ev:?}");
    assert!(roads
        .iter()
        .all(|e| e.text.contains("a neutral road follows")));
    let opts1 = G::legal_moves(&s1, SEAT_A);
    let first_n1 = opts1
        .iter()
        .find(|m| {
            matches!(
                m,
                Move::NeutralBuild {
                    colour: Colour::N1,
                    ..
                }
            )
        })
        .unwrap()
        .clone();
    let (s2, _) = ok(&s1, SEAT_A, first_n1);
    let opts2 = G::legal_moves(&s2, SEAT_A);
    let first_n2 = opts2
        .iter()
        .find(|m| {
            matches!(
                m,
                Move::NeutralBuild {
                    colour: Colour::N2,
                    ..
                }
            )
        })
        .unwrap()
        .clone();
    let (s3, _) = ok(&s2, SEAT_A, first_n2); // one for n1, one for n2
    assert!(s3.pending.is_empty());
    assert_eq!(s3.roads().filter(|c| c.seat().is_none()).count(), 2);
}

#[test]
fn cck_prog_17_smith_promotes_two_with_neutral_promotions() {
    // CCK-PROG-17, CCK-NEUT-6, CCK-NEUT-7
    let mut s = base();
    kn(&mut s, Colour::A, vt(2, 0, 'N'), 1, false);
    kn(&mut s, Colour::A, vt(-2, 1, 'N'), 1, false);
    kn(&mut s, Colour::N1, vt(1, -1, 'S'), 1, false);
    card(&mut s, SEAT_A, ProgressKind::Smith);
    let m = pp(ProgressKind::Smith, |m| {
        if let Move::PlayProgress { knights, .. } = m {
            *knights = Some(vec![vt(2, 0, 'N'), vt(-2, 1, 'N')]);
        }
    });
    let (s1, ev1) = ok(&s, SEAT_A, m);
    assert_eq!(s1.knight(vi(vt(2, 0, 'N'))).unwrap().level, 2);
    assert_eq!(s1.knight(vi(vt(-2, 1, 'N'))).unwrap().level, 2);
    // Each promotion is an event of its own, naming the knight
    let promoted = effects(&ev1, ProgressKind::Smith, "knight_promoted", "CCK-PROG-17");
    assert_eq!(promoted.len(), 2, "{ev1:?}");
    assert!(promoted
        .iter()
        .all(|e| e.rule == "CCK-PROG-17" && e.text.contains("to level 2")));
    assert_eq!(s1.players[SEAT_A].hand.total(), 0); // free
    assert_eq!(s1.pending.len(), 2);
    let (s2, ev) = ok(&s1, SEAT_A, nb_v(Colour::N1, vt(1, -1, 'S')));
    assert_eq!(s2.knight(vi(vt(1, -1, 'S'))).unwrap().level, 2);
    // the second neutral promotion has no candidate left: it lapses, no substitute
    assert!(s2.pending.is_empty());
    assert!(has(&ev, "neutral_promotion_lapses")); // CCK-NEUT-7
                                                   // mighty still needs the Fortress
    let mut t = s2.clone();
    card(&mut t, SEAT_A, ProgressKind::Smith);
    t.turn += 1;
    let m2 = pp(ProgressKind::Smith, |m| {
        if let Move::PlayProgress { knights, .. } = m {
            *knights = Some(vec![vt(2, 0, 'N')]);
        }
    });
    assert_eq!(err(&t, SEAT_A, m2), "CCK-KNIGHT-3");
}

#[test]
fn cck_prog_18_bishop_moves_robber_and_takes() {
    let mut s = base();
    s.robber_awake = true;
    bld(&mut s, Colour::B, vt(2, -1, 'S'), false);
    give(&mut s, SEAT_B, &[(Card::Lumber, 1)]);
    card(&mut s, SEAT_A, ProgressKind::Bishop);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        pp(ProgressKind::Bishop, |m| set_hex(m, Hex(2, 0))),
    );
    assert_eq!(s1.board.robber, hi(Hex(2, 0))); // CCK-PROG-18
    assert_eq!(hand(&s1, SEAT_A, Card::Lumber), 1);
}

#[test]
fn ex_9_deserter_against_a_neutral_colour() {
    // CCK-PROG-19 (worked example 9)
    let mut s = base();
    a_net(&mut s);
    kn(&mut s, Colour::N2, vt(-1, 2, 'N'), 1, false);
    kn(&mut s, Colour::N2, vt(-2, 1, 'N'), 2, false);
    card(&mut s, SEAT_A, ProgressKind::Deserter);
    let des = |t: Colour, k: Option<Vertex>| {
        pp(ProgressKind::Deserter, |m| {
            if let Move::PlayProgress { target, knight, .. } = m {
                *target = Some(t);
                *knight = k;
            }
        })
    };
    assert_eq!(
        err(&s, SEAT_A, des(Colour::N2, Some(vt(-2, 1, 'N')))),
        "CCK-PROG-19"
    ); // not the weakest
    let (s1, _) = ok(&s, SEAT_A, des(Colour::N2, None));
    assert!(s1.knight(vi(vt(-1, 2, 'N'))).is_none());
    assert_eq!(s1.neutrals[1].knights_left[0], 2);
    assert_eq!(
        s1.pending[0],
        Pending::DeserterPlace {
            seat: SEAT_A,
            level: 1,
            active: false
        }
    );
    let (s2, _) = ok(
        &s1,
        SEAT_A,
        Move::DeserterPlace {
            vertex: Some(vt(3, -1, 'S')),
        },
    );
    assert_eq!(s2.knight(vi(vt(3, -1, 'S'))).unwrap().colour, Colour::A);
    assert!(s2.pending.is_empty()); // no neutral knight follows
}

#[test]
fn cck_prog_19_deserter_against_the_opponent() {
    let mut s = base();
    a_net(&mut s);
    kn(&mut s, Colour::B, vt(-2, 1, 'N'), 2, true);
    card(&mut s, SEAT_A, ProgressKind::Deserter);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        pp(ProgressKind::Deserter, |m| {
            if let Move::PlayProgress { target, .. } = m {
                *target = Some(Colour::B)
            }
        }),
    );
    assert_eq!(s1.pending[0], Pending::DeserterPick { seat: SEAT_B });
    let tokens = s1.players[SEAT_B].tokens;
    let (s2, _) = ok(
        &s1,
        SEAT_B,
        Move::DeserterPick {
            vertex: vt(-2, 1, 'N'),
        },
    );
    assert_eq!(s2.players[SEAT_B].tokens, tokens); // CCK-TOKEN-3: no tokens
    assert_eq!(
        s2.pending[0],
        Pending::DeserterPlace {
            seat: SEAT_A,
            level: 2,
            active: true
        }
    );
    let (s3, _) = ok(
        &s2,
        SEAT_A,
        Move::DeserterPlace {
            vertex: Some(vt(3, -1, 'S')),
        },
    );
    let k = s3.knight(vi(vt(3, -1, 'S'))).unwrap();
    assert_eq!((k.level, k.active), (2, true)); // CCK-PROG-19: same level, same state
}

#[test]
fn cck_prog_19_deserter_against_a_neutral_colour_names_the_knight_taken() {
    let mut s = base();
    a_net(&mut s);
    kn(&mut s, Colour::N1, vt(-2, 1, 'N'), 2, true);
    kn(&mut s, Colour::N1, vt(1, -1, 'S'), 1, false);
    card(&mut s, SEAT_A, ProgressKind::Deserter);
    let stock = s.neutrals[0].knights_left;
    let (s1, ev) = ok(
        &s,
        SEAT_A,
        pp(ProgressKind::Deserter, |m| {
            if let Move::PlayProgress { target, .. } = m {
                *target = Some(Colour::N1)
            }
        }),
    );
    // CCK-PROG-19: the weakest knight of n1 is taken, back to n1's stock
    assert!(s1.knight(vi(vt(1, -1, 'S'))).is_none());
    assert_eq!(s1.neutrals[0].knights_left[0], stock[0] + 1);
    let took = effects(&ev, ProgressKind::Deserter, "deserter_took", "CCK-PROG-19")[0];
    assert_eq!(
        (took.data["colour"].clone(), took.data["level"].clone()),
        (serde_json::json!("n1"), serde_json::json!(1))
    );
    assert!(
        took.text.starts_with(
            "Player A takes the weakest knight of neutral party 1, the basic knight at the"
        ),
        "{}",
        took.text
    );
    assert_eq!(
        s1.pending[0],
        Pending::DeserterPlace {
            seat: SEAT_A,
            level: 1,
            active: false
        }
    );
}

#[test]
fn cck_prog_20_diplomat_removes_open_roads() {
    let mut s = base();
    a_net(&mut s);
    road(&mut s, Colour::N1, ed(0, -1, "SE")); // N(0,0)-S(0,-1): open at S(0,-1)
    card(&mut s, SEAT_A, ProgressKind::Diplomat);
    card(&mut s, SEAT_A, ProgressKind::Diplomat);
    let dip = |e: Edge| {
        pp(ProgressKind::Diplomat, |m| {
            if let Move::PlayProgress { edge, .. } = m {
                *edge = Some(e)
            }
        })
    };
    let (s1, ev) = ok(&s, SEAT_A, dip(ed(0, -1, "SE")));
    assert!(s1.road(ei(ed(0, -1, "SE"))).is_none()); // CCK-PROG-20: a neutral road too
    assert!(s1.pending.is_empty());
    let removed = effects(&ev, ProgressKind::Diplomat, "road_removed", "CCK-PROG-20")[0];
    assert_eq!(removed.data["colour"], "n1");
    assert!(
        removed
            .text
            .contains("neutral party 1's open road on the path"),
        "{}",
        removed.text
    );
    // own road: may be re-placed, and re-placing builds no neutral road
    let (s2, ev) = ok(&s1, SEAT_A, dip(ed(2, 0, "NE")));
    assert_eq!(s2.pending[0], Pending::DiplomatReplace { seat: SEAT_A });
    let removed = effects(&ev, ProgressKind::Diplomat, "road_removed", "CCK-PROG-20")[0];
    assert!(
        removed.text.contains("its own open road"),
        "{}",
        removed.text
    );
    let (s3, ev) = ok(
        &s2,
        SEAT_A,
        Move::DiplomatReplace {
            edge: Some(ed(1, 0, "NE")),
        },
    );
    assert!(s3.pending.is_empty()); // CCK-PROG-20
    assert!(has(&ev, "diplomat_replaced"));
    assert_eq!(s3.road(ei(ed(1, 0, "NE"))), Some(Colour::A));
    // a road closed at both ends is not open
    let mut t = base();
    a_net(&mut t);
    card(&mut t, SEAT_A, ProgressKind::Diplomat);
    assert_eq!(err(&t, SEAT_A, dip(ed(2, -1, "SE"))), "CCK-PROG-20");
}

#[test]
fn cck_prog_21_intrigue_displaces_a_neutral_knight() {
    let mut s = base();
    a_net(&mut s);
    // an n1 knight on N(2,0), an end of a's roads; n1 has no road there
    kn(&mut s, Colour::N1, vt(2, 0, 'N'), 1, false);
    card(&mut s, SEAT_A, ProgressKind::Intrigue);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        pp(ProgressKind::Intrigue, |m| {
            if let Move::PlayProgress { knight, .. } = m {
                *knight = Some(vt(2, 0, 'N'))
            }
        }),
    );
    assert!(s1.knight(vi(vt(2, 0, 'N'))).is_none()); // CCK-PROG-21
                                                     // no n1 road leads from N(2,0) to a free spot: back to the stock (CCK-NEUT-8)
    assert_eq!(s1.neutrals[0].knights_left[0], 2);
    let mut t = base();
    card(&mut t, SEAT_A, ProgressKind::Intrigue);
    kn(&mut t, Colour::N1, vt(2, 0, 'N'), 1, false);
    assert_eq!(
        err(
            &t,
            SEAT_A,
            pp(ProgressKind::Intrigue, |m| {
                if let Move::PlayProgress { knight, .. } = m {
                    *knight = Some(vt(2, 0, 'N'))
                }
            })
        ),
        "CCK-PROG-21"
    );
}

fn b_ahead(s: &mut State) {
    bld(s, Colour::B, vt(-2, 1, 'N'), true);
    bld(s, Colour::B, vt(-1, 2, 'S'), true);
}

#[test]
fn cck_prog_22_saboteur() {
    let mut s = base();
    b_ahead(&mut s);
    give(&mut s, SEAT_B, &[(Card::Ore, 3), (Card::Cloth, 2)]);
    card(&mut s, SEAT_A, ProgressKind::Saboteur);
    let (s1, _) = ok(&s, SEAT_A, Move::progress(ProgressKind::Saboteur));
    assert_eq!(
        s1.pending[0],
        Pending::SaboteurDiscard {
            seat: SEAT_B,
            count: 2
        }
    ); // CCK-PROG-22
    let (s2, _) = ok(
        &s1,
        SEAT_B,
        Move::SaboteurDiscard {
            cards: [(Card::Cloth, 2)].into_iter().collect(),
        },
    );
    assert_eq!(s2.players[SEAT_B].hand.total(), 3);
    // behind: no effect
    let mut t = base();
    bld(&mut t, Colour::A, vt(2, -1, 'S'), true);
    give(&mut t, SEAT_B, &[(Card::Ore, 3)]);
    card(&mut t, SEAT_A, ProgressKind::Saboteur);
    let (t1, ev) = ok(&t, SEAT_A, Move::progress(ProgressKind::Saboteur));
    assert!(t1.pending.is_empty());
    let none = effects(
        &ev,
        ProgressKind::Saboteur,
        "progress_no_effect",
        "CCK-PROG-22",
    )[0];
    assert_eq!(none.data["reason"], "not_ahead");
    assert!(none.text.contains("makes nobody discard"), "{}", none.text);
    // ahead but holding a single card: half of it is nothing
    let mut u = base();
    b_ahead(&mut u);
    give(&mut u, SEAT_B, &[(Card::Ore, 1)]);
    card(&mut u, SEAT_A, ProgressKind::Saboteur);
    let (u1, ev) = ok(&u, SEAT_A, Move::progress(ProgressKind::Saboteur));
    assert!(u1.pending.is_empty());
    let none = effects(
        &ev,
        ProgressKind::Saboteur,
        "progress_no_effect",
        "CCK-PROG-22",
    )[0];
    assert_eq!(none.data["reason"], "nothing_held");
}

#[test]
fn cck_prog_23_spy_takes_a_card() {
    let mut s = base();
    card(&mut s, SEAT_A, ProgressKind::Spy);
    card(&mut s, SEAT_B, ProgressKind::Warlord);
    let (s1, _) = ok(&s, SEAT_A, Move::progress(ProgressKind::Spy));
    assert_eq!(s1.pending[0], Pending::SpyPick { seat: SEAT_A });
    let v = view_of(&s1, Some(SEAT_A));
    assert!(v["players"][1]["progress"].is_array()); // the Spy sees b's hand
    assert!(view_of(&s1, None)["players"][1]["progress"].is_null());
    let (s2, _) = ok(
        &s1,
        SEAT_A,
        Move::SpyPick {
            card: ProgressKind::Warlord,
        },
    );
    assert_eq!(s2.players[SEAT_A].progress[0].kind, ProgressKind::Warlord); // CCK-PROG-23
    assert!(s2.players[SEAT_B].progress.is_empty());
    // nothing to take: the log says so
    let mut t = base();
    card(&mut t, SEAT_A, ProgressKind::Spy);
    let (t1, ev) = ok(&t, SEAT_A, Move::progress(ProgressKind::Spy));
    assert!(t1.pending.is_empty());
    let none = effects(&ev, ProgressKind::Spy, "progress_no_effect", "CCK-PROG-23")[0];
    assert!(none.text.contains("no progress card"), "{}", none.text);
}

#[test]
fn cck_prog_24_warlord_activates_all() {
    let mut s = base();
    kn(&mut s, Colour::A, vt(2, 0, 'N'), 1, false);
    kn(&mut s, Colour::A, vt(-2, 1, 'N'), 2, false);
    card(&mut s, SEAT_A, ProgressKind::Warlord);
    card(&mut s, SEAT_A, ProgressKind::Warlord);
    let (s1, ev) = ok(&s, SEAT_A, Move::progress(ProgressKind::Warlord));
    assert!(s1.knights().all(|k| k.active)); // CCK-PROG-24
    let woke = effects(
        &ev,
        ProgressKind::Warlord,
        "knights_activated",
        "CCK-PROG-24",
    )[0];
    assert_eq!(woke.data["knights"].as_array().unwrap().len(), 2);
    assert!(
        woke.text.contains("activates free the knights at the"),
        "{}",
        woke.text
    );
    // all active already: the log says none
    let (_, ev) = ok(&s1, SEAT_A, Move::progress(ProgressKind::Warlord));
    let woke = effects(
        &ev,
        ProgressKind::Warlord,
        "knights_activated",
        "CCK-PROG-24",
    )[0];
    assert!(woke.text.contains("activates none"), "{}", woke.text);
    assert_eq!(
        err(
            &s1,
            SEAT_A,
            Move::KnightMove {
                from: vt(2, 0, 'N'),
                to: vt(3, -1, 'S')
            }
        ),
        "CCK-KNIGHT-2"
    );
}

#[test]
fn cck_prog_25_wedding() {
    let mut s = base();
    b_ahead(&mut s);
    give(&mut s, SEAT_B, &[(Card::Ore, 1), (Card::Paper, 3)]);
    card(&mut s, SEAT_A, ProgressKind::Wedding);
    let (s1, _) = ok(&s, SEAT_A, Move::progress(ProgressKind::Wedding));
    assert_eq!(
        s1.pending[0],
        Pending::WeddingGive {
            seat: SEAT_B,
            count: 2
        }
    );
    assert_eq!(
        err(
            &s1,
            SEAT_B,
            Move::WeddingGive {
                cards: [(Card::Ore, 1)].into_iter().collect()
            }
        ),
        "CCK-PROG-25"
    );
    let (s2, _) = ok(
        &s1,
        SEAT_B,
        Move::WeddingGive {
            cards: [(Card::Paper, 2)].into_iter().collect(),
        },
    );
    assert_eq!(hand(&s2, SEAT_A, Card::Paper), 2); // CCK-PROG-25
                                                   // not ahead: no gift, and the log says why
    let mut t = base();
    give(&mut t, SEAT_B, &[(Card::Ore, 1)]);
    card(&mut t, SEAT_A, ProgressKind::Wedding);
    let (t1, ev) = ok(&t, SEAT_A, Move::progress(ProgressKind::Wedding));
    assert!(t1.pending.is_empty());
    let none = effects(
        &ev,
        ProgressKind::Wedding,
        "progress_no_effect",
        "CCK-PROG-25",
    )[0];
    assert_eq!(none.data["reason"], "not_ahead");
}

#[test]
fn cck_prog_26_merchant() {
    let mut s = base();
    bld(&mut s, Colour::A, vt(2, -1, 'S'), false); // touches mountains (2,0)
    card(&mut s, SEAT_A, ProgressKind::Merchant);
    assert_eq!(
        err(
            &s,
            SEAT_A,
            pp(ProgressKind::Merchant, |m| set_hex(m, Hex(-2, 2)))
        ),
        "CCK-PROG-26"
    );
    let (s1, ev) = ok(
        &s,
        SEAT_A,
        pp(ProgressKind::Merchant, |m| set_hex(m, Hex(2, 0))),
    );
    assert_eq!(mechanics::vp(&s1, SEAT_A), 2); // CCK-PROG-26: +1 VP
    let put = effects(
        &ev,
        ProgressKind::Merchant,
        "merchant_placed",
        "CCK-PROG-26",
    )[0];
    assert_eq!(put.data["card"], "ore");
    assert!(
        put.text.contains("merchant on the mountains") && put.text.contains("trades ore 2:1"),
        "{}",
        put.text
    );
    let mut t = s1.clone();
    give(&mut t, SEAT_A, &[(Card::Ore, 2)]);
    let (t1, _) = ok(
        &t,
        SEAT_A,
        Move::MaritimeTrade {
            give: Card::Ore,
            get: Card::Wool,
            times: None,
        },
    );
    assert_eq!(hand(&t1, SEAT_A, Card::Wool), 1); // 2:1 for ore
}

#[test]
fn cck_prog_27_commercial_harbor() {
    let mut s = base();
    give(&mut s, SEAT_A, &[(Card::Brick, 1)]);
    give(&mut s, SEAT_B, &[(Card::Coin, 1)]);
    card(&mut s, SEAT_A, ProgressKind::CommercialHarbor);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        pp(ProgressKind::CommercialHarbor, |m| {
            if let Move::PlayProgress { give, .. } = m {
                *give = Some(Card::Brick)
            }
        }),
    );
    assert_eq!(hand(&s1, SEAT_B, Card::Brick), 1);
    let (s2, _) = ok(
        &s1,
        SEAT_B,
        Move::CommercialHarborGive {
            commodity: Card::Coin,
        },
    );
    assert_eq!(hand(&s2, SEAT_A, Card::Coin), 1); // CCK-PROG-27
                                                  // no commodity: nothing happens, the resource stays
    let mut t = base();
    give(&mut t, SEAT_A, &[(Card::Brick, 1)]);
    card(&mut t, SEAT_A, ProgressKind::CommercialHarbor);
    let (t1, ev) = ok(
        &t,
        SEAT_A,
        pp(ProgressKind::CommercialHarbor, |m| {
            if let Move::PlayProgress { give, .. } = m {
                *give = Some(Card::Brick)
            }
        }),
    );
    assert_eq!(hand(&t1, SEAT_A, Card::Brick), 1);
    let none = effects(
        &ev,
        ProgressKind::CommercialHarbor,
        "progress_no_effect",
        "CCK-PROG-27",
    )[0];
    assert!(none.text.contains("no commodity"), "{}", none.text);
}

#[test]
fn cck_prog_28_merchant_fleet() {
    let mut s = base();
    give(&mut s, SEAT_A, &[(Card::Paper, 2)]);
    card(&mut s, SEAT_A, ProgressKind::MerchantFleet);
    let (s1, ev) = ok(
        &s,
        SEAT_A,
        pp(ProgressKind::MerchantFleet, |m| {
            if let Move::PlayProgress { kind, .. } = m {
                *kind = Some(Card::Paper)
            }
        }),
    );
    let fleet = effects(
        &ev,
        ProgressKind::MerchantFleet,
        "merchant_fleet",
        "CCK-PROG-28",
    )[0];
    assert_eq!(fleet.data["card"], "paper");
    let (s2, _) = ok(
        &s1,
        SEAT_A,
        Move::MaritimeTrade {
            give: Card::Paper,
            get: Card::Grain,
            times: None,
        },
    );
    assert_eq!(hand(&s2, SEAT_A, Card::Grain), 1); // CCK-PROG-28
    let (s3, _) = ok(&s2, SEAT_A, Move::EndTurn);
    assert_eq!(s3.players[SEAT_A].merchant_fleet, None); // for this turn only
}

#[test]
fn cck_prog_29_master_merchant() {
    let mut s = base();
    card(&mut s, SEAT_A, ProgressKind::MasterMerchant);
    give(&mut s, SEAT_B, &[(Card::Ore, 3)]);
    assert_eq!(
        err(&s, SEAT_A, Move::progress(ProgressKind::MasterMerchant)),
        "CCK-PROG-29"
    );
    b_ahead(&mut s);
    let (s1, _) = ok(&s, SEAT_A, Move::progress(ProgressKind::MasterMerchant));
    assert!(view_of(&s1, Some(SEAT_A))["players"][1]["hand"].is_object());
    let (s2, _) = ok(
        &s1,
        SEAT_A,
        Move::MasterMerchantPick {
            cards: [(Card::Ore, 2)].into_iter().collect(),
        },
    );
    assert_eq!(hand(&s2, SEAT_A, Card::Ore), 2); // CCK-PROG-29
                                                 // ahead but holding nothing: nothing to take, and the log says so
    let mut t = base();
    b_ahead(&mut t);
    card(&mut t, SEAT_A, ProgressKind::MasterMerchant);
    let (t1, ev) = ok(&t, SEAT_A, Move::progress(ProgressKind::MasterMerchant));
    assert!(t1.pending.is_empty());
    effects(
        &ev,
        ProgressKind::MasterMerchant,
        "progress_no_effect",
        "CCK-PROG-29",
    );
}

#[test]
fn cck_prog_30_monopolies() {
    let mut s = base();
    give(
        &mut s,
        SEAT_B,
        &[(Card::Cloth, 3), (Card::Wool, 1), (Card::Grain, 5)],
    );
    card(&mut s, SEAT_A, ProgressKind::TradeMonopoly);
    card(&mut s, SEAT_A, ProgressKind::ResourceMonopoly);
    card(&mut s, SEAT_A, ProgressKind::ResourceMonopoly);
    let (s1, ev) = ok(
        &s,
        SEAT_A,
        pp(ProgressKind::TradeMonopoly, |m| {
            if let Move::PlayProgress { commodity, .. } = m {
                *commodity = Some(Card::Cloth)
            }
        }),
    );
    assert_eq!(hand(&s1, SEAT_A, Card::Cloth), 1); // CCK-PROG-30
    let gave = |ev: &[Event], card: ProgressKind| {
        let e = effects(ev, card, "monopoly", "CCK-PROG-30")[0].clone();
        (
            e.data["from"].clone(),
            e.data["count"].as_u64().unwrap(),
            e.text,
        )
    };
    let (from, n, text) = gave(&ev, ProgressKind::TradeMonopoly);
    assert_eq!((from, n), (serde_json::json!(1), 1));
    assert_eq!(text, "Player B gives Player A 1 cloth.");
    let rm = |c: Card| {
        pp(ProgressKind::ResourceMonopoly, |m| {
            if let Move::PlayProgress { resource, .. } = m {
                *resource = Some(c)
            }
        })
    };
    let (s2, ev) = ok(&s1, SEAT_A, rm(Card::Grain));
    assert_eq!(hand(&s2, SEAT_A, Card::Grain), 2);
    assert_eq!(gave(&ev, ProgressKind::ResourceMonopoly).1, 2);
    let (s3, ev) = ok(&s2, SEAT_A, rm(Card::Wool));
    assert_eq!(hand(&s3, SEAT_A, Card::Wool), 1); // only 1 held
    assert_eq!(gave(&ev, ProgressKind::ResourceMonopoly).1, 1);
    let mut t = s3.clone();
    card(&mut t, SEAT_A, ProgressKind::ResourceMonopoly);
    let (_, ev) = ok(&t, SEAT_A, rm(Card::Ore));
    let (_, n, text) = gave(&ev, ProgressKind::ResourceMonopoly);
    assert_eq!(n, 0);
    assert_eq!(text, "Player B holds no ore: Player A takes nothing.");
}

// ---------------------------------------------------------------- trade

#[test]
fn cck_trade_1_bank_rates() {
    let mut s = base();
    give(&mut s, SEAT_A, &[(Card::Cloth, 4), (Card::Brick, 3)]);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::MaritimeTrade {
            give: Card::Cloth,
            get: Card::Paper,
            times: None,
        },
    );
    assert_eq!(hand(&s1, SEAT_A, Card::Paper), 1); // CCK-TRADE-1: 4 commodities : 1
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::MaritimeTrade {
                give: Card::Brick,
                get: Card::Ore,
                times: None
            }
        ),
        "CCK-TRADE-1"
    );
    // generic harbour (pos 1: N(0,-2), S(0,-3)) makes it 3:1, for commodities too
    bld(&mut s, Colour::A, vt(0, -2, 'N'), false);
    let (s2, _) = ok(
        &s,
        SEAT_A,
        Move::MaritimeTrade {
            give: Card::Brick,
            get: Card::Ore,
            times: None,
        },
    );
    assert_eq!(hand(&s2, SEAT_A, Card::Ore), 1);
    assert_eq!(mechanics::bank_rate(&s, SEAT_A, Card::Cloth), 3);
    // wool harbour (pos 2: N(1,-2)) 2:1 for wool only
    bld(&mut s, Colour::A, vt(1, -2, 'N'), false);
    assert_eq!(mechanics::bank_rate(&s, SEAT_A, Card::Wool), 2);
    assert_eq!(mechanics::bank_rate(&s, SEAT_A, Card::Grain), 3);
}

#[test]
fn cck_trade_2_domestic_trade_with_commodities() {
    let mut s = base();
    give(&mut s, SEAT_A, &[(Card::Coin, 1)]);
    give(&mut s, SEAT_B, &[(Card::Paper, 2)]);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::OfferTrade {
            give: [(Card::Coin, 1)].into_iter().collect(),
            want: [(Card::Paper, 2)].into_iter().collect(),
        },
    );
    assert!(matches!(
        s1.pending[0],
        Pending::TradeResponse { seat: SEAT_B, .. }
    ));
    let (s2, _) = ok(&s1, SEAT_B, Move::RespondTrade { accept: true });
    assert_eq!(
        (
            hand(&s2, SEAT_A, Card::Paper),
            hand(&s2, SEAT_B, Card::Coin)
        ),
        (2, 1)
    ); // CCK-TRADE-2
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::OfferTrade {
                give: [(Card::Coin, 1)].into_iter().collect(),
                want: [(Card::Coin, 1)].into_iter().collect()
            }
        ),
        "CAT-TRADE-2"
    );
}

// ---------------------------------------------------------------- neutral parties

fn ex2_board(o: Options) -> State {
    let mut s = base_with(o);
    road(&mut s, Colour::N1, ed(0, 0, "NE")); // N(0,0)-S(1,-1)
    road(&mut s, Colour::N1, ed(0, -1, "SE")); // N(0,0)-S(0,-1)
    bld(&mut s, Colour::A, vt(-2, 1, 'N'), false);
    road(&mut s, Colour::A, ed(-2, 1, "NE")); // to S(-1,0)
    bld(&mut s, Colour::A, vt(-1, 1, 'S'), true);
    road(&mut s, Colour::A, ed(-2, 2, "NE"));
    give(&mut s, SEAT_A, &[(Card::Wool, 2), (Card::Ore, 2)]);
    s
}

#[test]
fn ex_2_mirrored_knight_active_player_chooses() {
    // CCK-NEUT-1, CCK-NEUT-9 (worked example 2)
    let s = ex2_board(opts());
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::BuildKnight {
            vertex: vt(-1, 0, 'S'),
        },
    );
    assert!(matches!(G::next(&s1), Next::Human { ref seats, .. } if seats == &vec![SEAT_A]));
    assert_eq!(
        G::legal_moves(&s1, SEAT_A),
        vec![
            nb_v(Colour::N1, vt(0, -1, 'S')),
            nb_v(Colour::N1, vt(1, -1, 'S'))
        ]
    );
    assert_eq!(
        view_of(&s1, Some(SEAT_A))["neutral_options"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    assert_eq!(
        err(&s1, SEAT_A, nb_v(Colour::N2, vt(-1, 2, 'N'))),
        "CCK-NEUT-1"
    );
    let (s2, ev) = ok(&s1, SEAT_A, nb_v(Colour::N1, vt(0, -1, 'S')));
    let k = s2.knight(vi(vt(0, -1, 'S'))).unwrap();
    assert_eq!((k.colour, k.level, k.active), (Colour::N1, 1, false));
    assert_eq!(
        ev_rule(&ev, "neutral_placed").unwrap().data["chosen_by"],
        "active_player"
    );
    assert!(s2.pending.is_empty());
}

fn ex3_board() -> State {
    let mut o = opts();
    o.neutral_placement = NeutralPlacement::Bot;
    let mut s = ex2_board(o);
    bld(&mut s, Colour::B, vt(1, 1, 'N'), false);
    road(&mut s, Colour::B, ed(1, 0, "SE")); // N(1,1)-S(1,0)
    bld(&mut s, Colour::B, vt(1, -1, 'N'), true);
    road(&mut s, Colour::B, ed(1, -2, "SE")); // N(1,-1)-S(1,-2)
    s
}

#[test]
fn ex_3_bot_blocks_by_reach_then_pips() {
    // CCK-NEUT-10, CCK-NEUT-11 (worked example 3)
    let s = ex3_board();
    let r = bot::reach(&s, SEAT_B);
    assert_eq!(r[vi(vt(1, -1, 'S'))], 2); // CCK-NEUT-10
    assert_eq!(r[vi(vt(0, -1, 'S'))], 4);
    assert_eq!(mechanics::pips_at(&s, vi(vt(1, -1, 'S'))), 5);
    assert_eq!(mechanics::pips_at(&s, vi(vt(0, -1, 'S'))), 7);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::BuildKnight {
            vertex: vt(-1, 0, 'S'),
        },
    );
    assert!(matches!(G::next(&s1), Next::Bot { .. })); // CCK-NEUT-9
    assert_eq!(
        err(&s1, SEAT_A, nb_v(Colour::N1, vt(1, -1, 'S'))),
        "SESSION-TURN-1"
    ); // out of turn: the bot decides
    let st = G::bot_turn(&s1, &mut Dice::new(1)).unwrap();
    let k = st.state.knight(vi(vt(1, -1, 'S'))).unwrap();
    assert_eq!(k.colour, Colour::N1); // CCK-NEUT-11
    let e = ev_rule(&st.events, "neutral_placed").unwrap();
    assert_eq!(e.rule, "CCK-NEUT-11");
    assert_eq!(e.data["chosen_by"], "bot");
    assert_eq!(e.data["target"], "b");
    let c = e.data["candidates"].as_array().unwrap();
    assert_eq!(c.len(), 2);
    assert_eq!(
        (c[0]["reach"].as_u64(), c[0]["pips"].as_u64()),
        (Some(2), Some(5))
    );
    assert_eq!(
        (c[1]["reach"].as_u64(), c[1]["pips"].as_u64()),
        (Some(4), Some(7))
    );
    assert_eq!(c[0]["spot"]["vertex"], serde_json::json!([1, -1, "S"]));
}

#[test]
fn ex_4_no_neutral_knight_possible_road_instead() {
    // CCK-NEUT-3 (worked example 4)
    let mut s = ex2_board(opts());
    kn(&mut s, Colour::N1, vt(1, -1, 'S'), 1, false);
    kn(&mut s, Colour::N1, vt(0, -1, 'S'), 1, false);
    kn(&mut s, Colour::N2, vt(-1, 2, 'N'), 1, false);
    kn(&mut s, Colour::N2, vt(2, 0, 'N'), 1, false);
    road(&mut s, Colour::A, ed(-2, 1, "E")); // S(-1,0)-N(-2,2)
    let (s1, ev) = ok(
        &s,
        SEAT_A,
        Move::BuildKnight {
            vertex: vt(-1, 0, 'S'),
        },
    );
    assert!(has(&ev, "neutral_fallback"));
    assert!(matches!(
        s1.pending[0],
        Pending::Neutral {
            task: NeutralTask::Road,
            ..
        }
    ));
    assert_eq!(
        err(&s1, SEAT_A, nb_v(Colour::N1, vt(-1, 0, 'N'))),
        "CCK-NEUT-3"
    );
    let legal = G::legal_moves(&s1, SEAT_A);
    assert!(legal
        .iter()
        .all(|m| matches!(m, Move::NeutralBuild { edge: Some(_), .. })));
    assert!(legal.iter().any(|m| matches!(
        m,
        Move::NeutralBuild {
            colour: Colour::N2,
            ..
        }
    )));
    let (s2, _) = ok(&s1, SEAT_A, legal[0].clone());
    // a second knight this turn: a second neutral road
    let (s3, _) = ok(
        &s2,
        SEAT_A,
        Move::BuildKnight {
            vertex: vt(-2, 2, 'N'),
        },
    );
    assert!(matches!(
        s3.pending[0],
        Pending::Neutral {
            task: NeutralTask::Road,
            ..
        }
    )); // CCK-NEUT-3
}

#[test]
fn ex_5_promotion_to_mighty_lapses() {
    // CCK-NEUT-6 (worked example 5)
    let mut s = base();
    s.players[SEAT_A].imp[1] = 3;
    kn(&mut s, Colour::A, vt(2, 0, 'N'), 2, false);
    kn(&mut s, Colour::N2, vt(-1, 2, 'N'), 1, false);
    give(&mut s, SEAT_A, &[(Card::Wool, 1), (Card::Ore, 1)]);
    let (s1, ev) = ok(
        &s,
        SEAT_A,
        Move::PromoteKnight {
            vertex: vt(2, 0, 'N'),
        },
    );
    assert!(s1.pending.is_empty());
    assert_eq!(
        ev_rule(&ev, "neutral_promotion_lapses").unwrap().rule,
        "CCK-NEUT-6"
    );
    let mut o = opts();
    o.neutral_promotion = NeutralPromotion::OneStep;
    let mut t = s.clone();
    t.opts = o;
    let (t1, _) = ok(
        &t,
        SEAT_A,
        Move::PromoteKnight {
            vertex: vt(2, 0, 'N'),
        },
    );
    assert_eq!(
        G::legal_moves(&t1, SEAT_A),
        vec![nb_v(Colour::N2, vt(-1, 2, 'N'))]
    );
    let (t2, _) = ok(&t1, SEAT_A, nb_v(Colour::N2, vt(-1, 2, 'N')));
    assert_eq!(t2.knight(vi(vt(-1, 2, 'N'))).unwrap().level, 2);
    assert_eq!(t2.neutrals[1].knights_left, [2, 1]);
}

#[test]
fn cck_neut_6_same_level_promotion_to_strong() {
    let mut s = base();
    kn(&mut s, Colour::A, vt(2, 0, 'N'), 1, false);
    kn(&mut s, Colour::N1, vt(1, -1, 'S'), 1, false);
    kn(&mut s, Colour::N1, vt(0, -1, 'S'), 2, false);
    give(&mut s, SEAT_A, &[(Card::Wool, 1), (Card::Ore, 1)]);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::PromoteKnight {
            vertex: vt(2, 0, 'N'),
        },
    );
    // only the basic one is a candidate; never above strong
    assert_eq!(
        G::legal_moves(&s1, SEAT_A),
        vec![nb_v(Colour::N1, vt(1, -1, 'S'))]
    ); // CCK-NEUT-6
       // no strong piece left in stock: lapses
    let mut t = s.clone();
    t.neutrals[0].knights_left[1] = 0;
    let (t1, ev) = ok(
        &t,
        SEAT_A,
        Move::PromoteKnight {
            vertex: vt(2, 0, 'N'),
        },
    );
    assert!(t1.pending.is_empty());
    assert!(has(&ev, "neutral_promotion_lapses"));
}

#[test]
fn ex_6_displacing_a_neutral_knight() {
    // CCK-NEUT-8, CCK-TOKEN-3 (worked example 6)
    let mut s = base();
    s.active = SEAT_B;
    road(&mut s, Colour::N1, ed(0, 0, "NE"));
    road(&mut s, Colour::N1, ed(0, -1, "SE"));
    road(&mut s, Colour::N1, ed(0, 0, "E")); // S(1,-1)-N(0,1)
    kn(&mut s, Colour::N1, vt(1, -1, 'S'), 1, false);
    road(&mut s, Colour::B, ed(1, -1, "SE")); // N(1,0)-S(1,-1)
    bld(&mut s, Colour::B, vt(1, -1, 'N'), false);
    road(&mut s, Colour::B, ed(1, -1, "NE")); // N(1,-1)-S(2,-2)?? keeps b connected
    kn(&mut s, Colour::B, vt(1, 0, 'N'), 2, true);
    let (s1, _) = ok(
        &s,
        SEAT_B,
        Move::KnightDisplace {
            from: vt(1, 0, 'N'),
            to: vt(1, -1, 'S'),
        },
    );
    assert!(!s1.knight(vi(vt(1, -1, 'S'))).unwrap().active);
    assert_eq!(
        asked(&s1),
        (vec![SEAT_B], "Player B: move the displaced neutral knight along its colour's roads; choose among the listed spots.".to_string())
    );
    assert_eq!(
        G::legal_moves(&s1, SEAT_B),
        vec![
            nb_v(Colour::N1, vt(0, -1, 'S')),
            nb_v(Colour::N1, vt(0, 1, 'N'))
        ]
    );
    let (s2, _) = ok(&s1, SEAT_B, nb_v(Colour::N1, vt(0, 1, 'N')));
    assert_eq!(s2.knight(vi(vt(0, 1, 'N'))).unwrap().colour, Colour::N1);
    // both spots held: back to the stock, nobody earns tokens
    let mut t = s.clone();
    bld(&mut t, Colour::A, vt(0, -1, 'S'), false);
    kn(&mut t, Colour::A, vt(0, 1, 'N'), 1, false);
    let supply = t.token_supply;
    let (t1, ev) = ok(
        &t,
        SEAT_B,
        Move::KnightDisplace {
            from: vt(1, 0, 'N'),
            to: vt(1, -1, 'S'),
        },
    );
    assert!(t1.pending.is_empty());
    assert!(has(&ev, "neutral_knight_removed"));
    assert_eq!(t1.neutrals[0].knights_left[0], 2);
    assert_eq!(t1.token_supply, supply);
}

#[test]
fn cck_neut_2_several_knights_either_colour() {
    let mut s = ex2_board(opts());
    road(&mut s, Colour::N2, ed(-1, 1, "E")); // S(0,0)-N(-1,2)
    road(&mut s, Colour::A, ed(-2, 1, "E")); // S(-1,0)-N(-2,2)
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::BuildKnight {
            vertex: vt(-1, 0, 'S'),
        },
    );
    let (s2, _) = ok(&s1, SEAT_A, nb_v(Colour::N1, vt(0, -1, 'S')));
    let (s3, _) = ok(
        &s2,
        SEAT_A,
        Move::BuildKnight {
            vertex: vt(-2, 2, 'N'),
        },
    );
    assert!(G::legal_moves(&s3, SEAT_A).contains(&nb_v(Colour::N2, vt(-1, 2, 'N')))); // CCK-NEUT-2
    let (s4, _) = ok(&s3, SEAT_A, nb_v(Colour::N2, vt(-1, 2, 'N')));
    assert_eq!(
        s4.knights().filter(|k| k.colour.seat().is_none()).count(),
        2
    );
}

#[test]
fn cck_neut_4_neutral_knights_never_activate_or_act() {
    let mut s = base();
    kn(&mut s, Colour::N1, vt(1, -1, 'S'), 1, false);
    give(&mut s, SEAT_A, &[(Card::Grain, 1)]);
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::ActivateKnight {
                vertex: vt(1, -1, 'S')
            }
        ),
        "CCK-KNIGHT-2"
    ); // CCK-NEUT-4
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::KnightMove {
                from: vt(1, -1, 'S'),
                to: vt(1, 0, 'N')
            }
        ),
        "CCK-KNIGHT-4"
    );
    // they block: no settlement there
    give(
        &mut s,
        SEAT_A,
        &[
            (Card::Brick, 1),
            (Card::Lumber, 1),
            (Card::Wool, 1),
            (Card::Grain, 1),
        ],
    );
    road(&mut s, Colour::A, ed(1, -1, "SE"));
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::BuildSettlement {
                vertex: vt(1, -1, 'S')
            }
        ),
        "CAT-BUILD-3"
    ); // CCK-NEUT-4
}

#[test]
fn cck_neut_5_city_wall_activation_have_no_neutral_effect() {
    let mut s = base();
    a_net(&mut s);
    bld(&mut s, Colour::A, vt(-2, 1, 'N'), false);
    kn(&mut s, Colour::A, vt(3, -1, 'S'), 1, false);
    give(
        &mut s,
        SEAT_A,
        &[(Card::Grain, 3), (Card::Ore, 3), (Card::Brick, 2)],
    );
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::BuildCity {
            vertex: vt(-2, 1, 'N'),
        },
    );
    let (s2, _) = ok(
        &s1,
        SEAT_A,
        Move::BuildCityWall {
            vertex: vt(-2, 1, 'N'),
        },
    );
    let (s3, _) = ok(
        &s2,
        SEAT_A,
        Move::ActivateKnight {
            vertex: vt(3, -1, 'S'),
        },
    );
    assert!(s1.pending.is_empty() && s2.pending.is_empty() && s3.pending.is_empty());
    // CCK-NEUT-5
}

#[test]
fn cck_neut_7_promotions_switch_colours() {
    let mut s = base();
    kn(&mut s, Colour::A, vt(2, 0, 'N'), 1, false);
    kn(&mut s, Colour::A, vt(-2, 1, 'N'), 1, false);
    kn(&mut s, Colour::N1, vt(1, -1, 'S'), 1, false);
    kn(&mut s, Colour::N2, vt(-1, 2, 'N'), 1, false);
    give(&mut s, SEAT_A, &[(Card::Wool, 2), (Card::Ore, 2)]);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::PromoteKnight {
            vertex: vt(2, 0, 'N'),
        },
    );
    let (s2, _) = ok(&s1, SEAT_A, nb_v(Colour::N1, vt(1, -1, 'S')));
    let (s3, _) = ok(
        &s2,
        SEAT_A,
        Move::PromoteKnight {
            vertex: vt(-2, 1, 'N'),
        },
    );
    // n1 has no basic knight left: the colour must change
    assert_eq!(
        G::legal_moves(&s3, SEAT_A),
        vec![nb_v(Colour::N2, vt(-1, 2, 'N'))]
    ); // CCK-NEUT-7
}

#[test]
fn cck_neut_9_who_decides() {
    let s = ex2_board(opts());
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::BuildKnight {
            vertex: vt(-1, 0, 'S'),
        },
    );
    let e = playd(&s1, SEAT_B, nb_v(Colour::N1, vt(0, -1, 'S')), &[]).unwrap_err();
    assert_eq!(e.kind, crate::engine::RuleErrorKind::OutOfTurn); // CCK-NEUT-9: the active player decides
    assert_eq!(
        G::bot_turn(&s1, &mut Dice::new(1)).unwrap_err().kind,
        crate::engine::RuleErrorKind::OutOfTurn
    );
    let b = ex3_board();
    let (b1, _) = ok(
        &b,
        SEAT_A,
        Move::BuildKnight {
            vertex: vt(-1, 0, 'S'),
        },
    );
    assert!(G::legal_moves(&b1, SEAT_A).is_empty());
    assert!(matches!(G::next(&b1), Next::Bot { .. })); // CCK-NEUT-9
}

#[test]
fn cck_neut_10_leader_target() {
    let mut s = ex3_board();
    s.opts.neutral_bot_target = BotTarget::Leader;
    assert_eq!(bot::target(&s), SEAT_B); // b has more VP
    s.players[SEAT_A].defender = 5;
    assert_eq!(bot::target(&s), SEAT_A); // CCK-NEUT-10
    let mut o = ex3_board();
    o.opts.neutral_bot_target = BotTarget::Opponent;
    o.players[SEAT_A].defender = 5;
    assert_eq!(bot::target(&o), SEAT_B);
    // unreachable intersections: 99
    let mut u = base();
    bld(&mut u, Colour::B, vt(1, -1, 'N'), false);
    for (_, e) in super::board::adjacent(vi(vt(1, -1, 'N'))) {
        u.set_road(e, Some(Colour::A));
    }
    assert_eq!(bot::reach(&u, SEAT_B)[vi(vt(-2, 2, 'S'))], 99);
}

#[test]
fn cck_neut_12_bot_roads_by_key() {
    let mut s = ex3_board();
    road(&mut s, Colour::A, ed(-2, 1, "E"));
    give(&mut s, SEAT_A, &[(Card::Brick, 1), (Card::Lumber, 1)]);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::BuildRoad {
            edge: ed(-1, 0, "SE"),
        },
    );
    let st = G::bot_turn(&s1, &mut Dice::new(1)).unwrap();
    let e = ev_rule(&st.events, "neutral_placed").unwrap();
    assert_eq!(e.rule, "CCK-NEUT-12");
    let c = e.data["candidates"].as_array().unwrap();
    let keys: Vec<(u64, i64)> = c
        .iter()
        .map(|x| {
            (
                x["reach"].as_u64().unwrap(),
                -(x["pips"].as_u64().unwrap() as i64),
            )
        })
        .collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted); // CCK-NEUT-12: listed in key order
    assert_eq!(e.data["spot"], c[0]["spot"]);
    // The sentence says what, for whom, where, why, and whom it blocks
    assert!(
        e.text
            .starts_with("The bot builds a road for neutral party ")
            && e.text.contains(" (white) on ")
            && e.text
                .contains("owed for the road or settlement a player just built")
            && e.text.contains("to block Player "),
        "{}",
        e.text
    );
}

#[test]
fn cck_neut_13_bot_promotion_and_relocation() {
    let mut s = ex3_board();
    kn(&mut s, Colour::N1, vt(0, -1, 'S'), 1, false);
    kn(&mut s, Colour::N1, vt(1, -1, 'S'), 1, false);
    kn(&mut s, Colour::A, vt(-1, 0, 'S'), 1, false);
    give(&mut s, SEAT_A, &[(Card::Wool, 1), (Card::Ore, 1)]);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::PromoteKnight {
            vertex: vt(-1, 0, 'S'),
        },
    );
    let st = G::bot_turn(&s1, &mut Dice::new(1)).unwrap();
    assert_eq!(st.state.knight(vi(vt(1, -1, 'S'))).unwrap().level, 2); // CCK-NEUT-13: reach 2 before 4
    assert_eq!(
        ev_rule(&st.events, "neutral_placed").unwrap().rule,
        "CCK-NEUT-13"
    );
}

#[test]
fn cck_neut_14_bot_fallback_chain() {
    let mut s = ex3_board();
    s.neutrals[0].knights_left = [0, 0];
    s.neutrals[1].knights_left = [0, 0];
    let (s1, ev) = ok(
        &s,
        SEAT_A,
        Move::BuildKnight {
            vertex: vt(-1, 0, 'S'),
        },
    );
    assert!(has(&ev, "neutral_fallback")); // CCK-NEUT-14: knight -> road
    let st = G::bot_turn(&s1, &mut Dice::new(1)).unwrap();
    assert_eq!(
        ev_rule(&st.events, "neutral_placed").unwrap().data["kind"],
        "road"
    );
    assert!(st.state.pending.is_empty());
    // no road either: nothing
    let mut t = s.clone();
    t.neutrals[0].roads_left = 0;
    t.neutrals[1].roads_left = 0;
    let (t1, ev) = ok(
        &t,
        SEAT_A,
        Move::BuildKnight {
            vertex: vt(-1, 0, 'S'),
        },
    );
    assert!(t1.pending.is_empty());
    assert_eq!(
        ev.iter().filter(|e| e.kind == "neutral_fallback").count(),
        2
    );
}

// ---------------------------------------------------------------- trade tokens

#[test]
fn cck_token_1_settlements_at_desert_and_coast() {
    let mut s = base();
    a_net(&mut s);
    give(
        &mut s,
        SEAT_A,
        &[
            (Card::Brick, 1),
            (Card::Lumber, 1),
            (Card::Wool, 1),
            (Card::Grain, 1),
        ],
    );
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::BuildSettlement {
            vertex: vt(3, -1, 'S'),
        },
    );
    assert_eq!(s1.players[SEAT_A].tokens, 6); // CCK-TOKEN-1: coast 1
                                              // the desert on (2,-2): N(2,-2) touches desert and sea: 3
    let mut t = base();
    let d = t.board.robber;
    let h = hi(Hex(2, -2));
    t.board.tiles[h.index()].terrain = CoreTerrain::Desert;
    t.board.tiles[h.index()].token = None;
    t.board.tiles[d.index()].terrain = CoreTerrain::Forest;
    t.board.tiles[d.index()].token = Some(9);
    bld(&mut t, Colour::A, vt(2, -1, 'N'), false);
    road(&mut t, Colour::A, ed(2, -2, "E")); // S(3,-3)-N(2,-1)
    road(&mut t, Colour::A, ed(2, -2, "NE")); // N(2,-2)-S(3,-3)
    give(
        &mut t,
        SEAT_A,
        &[
            (Card::Brick, 1),
            (Card::Lumber, 1),
            (Card::Wool, 1),
            (Card::Grain, 1),
        ],
    );
    let (t1, _) = ok(
        &t,
        SEAT_A,
        Move::BuildSettlement {
            vertex: vt(2, -2, 'N'),
        },
    );
    assert_eq!(t1.players[SEAT_A].tokens, 8); // CCK-TOKEN-1: 2 + 1
}

#[test]
fn ex_7_knight_for_tokens_with_short_supply() {
    // CCK-TOKEN-2, CCK-TOKEN-4 (worked example 7)
    let mut s = base();
    kn(&mut s, Colour::A, vt(2, 0, 'N'), 3, false);
    kn(&mut s, Colour::A, vt(-2, 1, 'N'), 1, true);
    s.token_supply = 2;
    let (s1, ev) = ok(
        &s,
        SEAT_A,
        Move::RemoveOwnKnight {
            vertex: vt(2, 0, 'N'),
        },
    );
    assert_eq!(s1.players[SEAT_A].tokens, 7);
    assert_eq!(s1.token_supply, 0);
    let e = ev_rule(&ev, "tokens_earned").unwrap();
    assert_eq!(
        (e.data["due"].as_u64(), e.data["paid"].as_u64()),
        (Some(3), Some(2))
    );
    assert_eq!(s1.players[SEAT_A].knights_left[2], 2);
    assert_eq!(
        err(
            &s1,
            SEAT_A,
            Move::RemoveOwnKnight {
                vertex: vt(-2, 1, 'N')
            }
        ),
        "CCK-TOKEN-2"
    );
    // active or not does not matter; strong pays 2
    let mut t = base();
    kn(&mut t, Colour::A, vt(2, 0, 'N'), 2, true);
    let (t1, _) = ok(
        &t,
        SEAT_A,
        Move::RemoveOwnKnight {
            vertex: vt(2, 0, 'N'),
        },
    );
    assert_eq!(t1.players[SEAT_A].tokens, 7); // CCK-TOKEN-2
                                              // only after both rolls
    let mut u = t.clone();
    u.phase = Phase::Roll2;
    assert_eq!(
        err(
            &u,
            SEAT_A,
            Move::RemoveOwnKnight {
                vertex: vt(2, 0, 'N')
            }
        ),
        "CCK-DICE-6"
    );
}

#[test]
fn cck_token_3_lost_knights_pay_nothing() {
    let mut s = base();
    a_net(&mut s);
    kn(&mut s, Colour::B, vt(3, -1, 'S'), 1, true);
    card(&mut s, SEAT_A, ProgressKind::Intrigue);
    let before = s.players[SEAT_B].tokens;
    let (s1, ev) = ok(
        &s,
        SEAT_A,
        pp(ProgressKind::Intrigue, |m| {
            if let Move::PlayProgress { knight, .. } = m {
                *knight = Some(vt(3, -1, 'S'))
            }
        }),
    );
    assert!(has(&ev, "knight_removed"));
    assert_eq!(s1.players[SEAT_B].tokens, before); // CCK-TOKEN-3
    assert!(!has(&ev, "tokens_earned"));
}

#[test]
fn cck_token_4_supply_of_twenty() {
    let s = base();
    assert_eq!(
        s.players[SEAT_A].tokens + s.players[SEAT_B].tokens + s.token_supply,
        20
    ); // CCK-TOKEN-4
    let mut t = base();
    t.token_supply = 0;
    kn(&mut t, Colour::A, vt(2, 0, 'N'), 1, false);
    let (t1, _) = ok(
        &t,
        SEAT_A,
        Move::RemoveOwnKnight {
            vertex: vt(2, 0, 'N'),
        },
    );
    assert_eq!(t1.players[SEAT_A].tokens, 5); // nothing paid from an empty supply
                                              // spent tokens come back to the supply
    let mut u = base();
    u.robber_awake = true;
    u.board.robber = hi(Hex(1, 0));
    let (u1, _) = ok(&u, SEAT_A, Move::TokenRobberToDesert);
    assert_eq!(u1.token_supply, 11);
}

#[test]
fn cck_token_5_robber_to_desert_costs() {
    let mut s = base();
    s.robber_awake = true;
    s.board.robber = hi(Hex(1, 0));
    let (s1, _) = ok(&s, SEAT_A, Move::TokenRobberToDesert);
    assert_eq!(
        s1.board.robber,
        HexId::all()
            .find(|h| s.tile(*h).terrain == CoreTerrain::Desert)
            .unwrap()
    );
    assert_eq!(s1.players[SEAT_A].tokens, 4); // CCK-TOKEN-5: 1 token when not ahead
    let mut t = s.clone();
    bld(&mut t, Colour::A, vt(2, -1, 'S'), false);
    let (t1, _) = ok(&t, SEAT_A, Move::TokenRobberToDesert);
    assert_eq!(t1.players[SEAT_A].tokens, 3); // 2 tokens when ahead
    assert_eq!(err(&s1, SEAT_A, Move::TokenRobberToDesert), "CCK-TOKEN-9");
    let mut d = base();
    d.robber_awake = true;
    assert_eq!(err(&d, SEAT_A, Move::TokenRobberToDesert), "CAT-DUO-15");
}

#[test]
fn ex_8_forced_trade_costs_and_modes() {
    // CCK-TOKEN-6, CCK-TOKEN-7, CCK-TOKEN-8 (worked example 8)
    let mut s = base();
    for v in [vt(2, -1, 'S'), vt(-2, 1, 'N'), vt(-1, 2, 'S')] {
        bld(&mut s, Colour::A, v, true);
    }
    bld(&mut s, Colour::A, vt(0, -2, 'N'), false);
    for v in [vt(1, 1, 'N'), vt(-1, 1, 'S')] {
        bld(&mut s, Colour::B, v, true);
    }
    bld(&mut s, Colour::B, vt(0, 2, 'N'), false);
    assert_eq!(
        (mechanics::vp(&s, SEAT_A), mechanics::vp(&s, SEAT_B)),
        (7, 5)
    );
    give(&mut s, SEAT_B, &[(Card::Grain, 1), (Card::Paper, 3)]);
    give(
        &mut s,
        SEAT_A,
        &[(Card::Ore, 1), (Card::Wool, 1), (Card::Coin, 1)],
    );
    let (r1, _) = ok(
        &s,
        SEAT_A,
        Move::TokenForcedTrade {
            mode: TradeMode::Resources,
            drawn_cards: None,
        },
    );
    assert_eq!(r1.players[SEAT_A].tokens, 3); // 2 tokens
    assert_eq!(hand(&r1, SEAT_A, Card::Grain), 1); // the only resource
    assert_eq!(hand(&r1, SEAT_B, Card::Paper), 3); // paper set aside
    assert_eq!(
        err(
            &r1,
            SEAT_A,
            Move::ForcedTradeReturn {
                cards: [(Card::Coin, 1), (Card::Ore, 1)].into_iter().collect()
            }
        ),
        "CCK-TOKEN-6"
    );
    let (r2, _) = ok(
        &r1,
        SEAT_A,
        Move::ForcedTradeReturn {
            cards: [(Card::Ore, 1), (Card::Wool, 1)].into_iter().collect(),
        },
    );
    assert_eq!(r2.players[SEAT_B].hand.resources(), 2);
    let (a1, ev) = ok(
        &s,
        SEAT_A,
        Move::TokenForcedTrade {
            mode: TradeMode::All,
            drawn_cards: None,
        },
    );
    assert_eq!(a1.players[SEAT_A].tokens, 1); // 4 tokens: double
    assert_eq!(a1.players[SEAT_B].hand.total(), 2); // 2 of the 4 drawn
    assert!(ev.iter().any(|e| e.data["rule_announce"] == "CCK-TOKEN-8"));
    let (a2, _) = ok(
        &a1,
        SEAT_A,
        Move::ForcedTradeReturn {
            cards: [(Card::Coin, 1), (Card::Ore, 1)].into_iter().collect(),
        },
    );
    assert_eq!(hand(&a2, SEAT_B, Card::Coin), 1); // commodities may go back
                                                  // not enough tokens for the doubled price
    let mut p = s.clone();
    p.players[SEAT_A].tokens = 3;
    assert_eq!(
        err(
            &p,
            SEAT_A,
            Move::TokenForcedTrade {
                mode: TradeMode::All,
                drawn_cards: None
            }
        ),
        "CCK-TOKEN-7"
    );
    // too short a hand to give 2 back
    let mut q = base();
    give(&mut q, SEAT_B, &[(Card::Paper, 3)]);
    assert_eq!(
        err(
            &q,
            SEAT_A,
            Move::TokenForcedTrade {
                mode: TradeMode::Resources,
                drawn_cards: None
            }
        ),
        "CCK-TOKEN-6"
    );
}

#[test]
fn cck_token_9_one_token_action_per_turn_in_any_phase() {
    let mut s = base();
    s.phase = Phase::Roll1;
    give(&mut s, SEAT_A, &[(Card::Ore, 2)]);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::TokenForcedTrade {
            mode: TradeMode::Resources,
            drawn_cards: None,
        },
    );
    let (s2, _) = ok(
        &s1,
        SEAT_A,
        Move::ForcedTradeReturn {
            cards: [(Card::Ore, 2)].into_iter().collect(),
        },
    );
    assert_eq!(
        err(
            &s2,
            SEAT_A,
            Move::TokenForcedTrade {
                mode: TradeMode::Resources,
                drawn_cards: None
            }
        ),
        "CCK-TOKEN-9"
    ); // CCK-TOKEN-9
    let (s3, _) = okd(&s2, SEAT_A, roll(&[1, 1, 1]), &[]);
    let (s4, _) = okd(&s3, SEAT_A, roll(&[2, 1, 1]), &[]);
    assert_eq!(
        err(
            &s4,
            SEAT_A,
            Move::TokenForcedTrade {
                mode: TradeMode::All,
                drawn_cards: None
            }
        ),
        "CCK-TOKEN-9"
    );
    let (s5, _) = ok(&s4, SEAT_A, Move::EndTurn);
    assert!(!s5.players[SEAT_A].token_action_used);
}

// ---------------------------------------------------------------- end

#[test]
fn cck_end_1_thirteen_points_in_own_turn() {
    let mut s = base();
    a_net(&mut s);
    s.players[SEAT_A].defender = 10; // 2 + 10 = 12
    give(
        &mut s,
        SEAT_A,
        &[
            (Card::Brick, 1),
            (Card::Lumber, 1),
            (Card::Wool, 1),
            (Card::Grain, 1),
        ],
    );
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::BuildSettlement {
            vertex: vt(3, -1, 'S'),
        },
    );
    match G::next(&s1) {
        Next::Finished { winner, scores, .. } => {
            assert_eq!(winner.as_deref(), Some("a")); // CCK-END-1
            assert_eq!(scores["a"], Some(13));
        }
        n => panic!("not finished: {n:?}"),
    }
    // 13 reached in the opponent's turn wins at the start of one's own turn
    let mut t = base();
    t.players[SEAT_B].defender = 13;
    assert!(matches!(G::next(&t), Next::Human { .. }));
    let (t1, _) = ok(&t, SEAT_A, Move::EndTurn);
    assert!(matches!(G::next(&t1), Next::Finished { winner: Some(ref w), .. } if w == "b"));
    // the option changes the target
    let mut o = opts();
    o.vp_target = 30;
    assert!(G::start(&o, &mut Dice::new(1)).is_ok());
    o.barbarian_track = 2;
    assert!(G::start(&o, &mut Dice::new(1)).is_err());
}

#[test]
fn cck_end_2_point_sources() {
    let mut s = base();
    bld(&mut s, Colour::A, vt(2, -1, 'S'), true);
    s.edit_building(vi(vt(2, -1, 'S')), |b| b.metropolis = Some(Track::Trade));
    bld(&mut s, Colour::A, vt(-2, 1, 'N'), false);
    s.players[SEAT_A].defender = 2;
    s.players[SEAT_A].vp_cards = vec![ProgressKind::Printer, ProgressKind::Constitution];
    s.merchant = Some((hi(Hex(2, 0)), SEAT_A));
    s.longest_road = Some(Colour::A);
    let b = serde_json::to_value(mechanics::vp_breakdown(&s, SEAT_A)).unwrap();
    assert_eq!(b["settlements"], 1);
    assert_eq!(b["cities"], 2);
    assert_eq!(b["metropolises"], 2);
    assert_eq!(b["longest_road"], 2);
    assert_eq!(b["merchant"], 1);
    assert_eq!(b["total"], 1 + 2 + 2 + 2 + 2 + 2 + 1); // CCK-END-2
                                                       // a neutral colour can hold Longest Road: its points belong to nobody
    s.longest_road = Some(Colour::N1);
    assert_eq!(mechanics::vp(&s, SEAT_A), 10);
}

/// The rules end the game at 13 victory points only. The turn cap
/// is a house option, off by default; when a table sets it, the end names
/// the cap and says nobody reached the target.
#[test]
fn turn_cap_is_a_house_option_off_by_default() {
    assert_eq!(Options::default().max_turns, 0); // CCK-END-1: no cap in the rules
    let o = Options {
        max_turns: 6,
        ..Options::default()
    };
    let (s, _, _) = random_game(5, &o, 5000);
    assert_eq!(s.phase, Phase::Finished);
    assert!(s.turn <= 7, "turn {}", s.turn);
    let summary = kit::prompt(&s);
    assert!(
        summary.starts_with(
            "The house turn cap of 6 turns ends the game; nobody reached 13 victory points"
        ),
        "{summary}"
    );
    assert!(matches!(G::next(&s), Next::Finished { .. }));
}

/// CAT-RNG-5: twenty equal roll-offs end the roll-off; seat a places first,
/// and an event says why.
#[test]
fn cat_rng_5_roll_off_ends_after_twenty_ties_and_says_so() {
    let mut d = Dice::new(3).with_table(&[1; 80]);
    let st = G::start(&Options::default(), &mut d).unwrap();
    assert_eq!(st.state.first_player, SEAT_A);
    assert_eq!(
        st.events.iter().filter(|e| e.kind == "roll_off").count(),
        20
    );
    let capped = ev_rule(&st.events, "roll_off_capped").expect("an event names the cap");
    assert_eq!(capped.rule, "CAT-RNG-5");
    // one unequal round ends it at once, without that event
    let mut d = Dice::new(3).with_table(&[1, 1, 6, 6]);
    let st = G::start(&Options::default(), &mut d).unwrap();
    assert_eq!(st.state.first_player, SEAT_B);
    assert!(!has(&st.events, "roll_off_capped"));
}

/// Whole games at a physical table. Every die and
/// every card drawn comes from the request's table input; nothing
/// is rolled or dealt by the server after set-up. What the table "rolled"
/// and "drew" is taken from the same step played by the server on a copy,
/// so the table game must end in the same position as the server's.
#[test]
fn physical_table_whole_games_take_every_die_and_card_from_the_table() {
    let mut finished = 0;
    for seed in 0..6u64 {
        let o = Options {
            table_mode: crate::engine::TableChoice::All,
            max_turns: 60,
            neutral_placement: if seed % 2 == 0 {
                NeutralPlacement::Bot
            } else {
                NeutralPlacement::ActivePlayer
            },
            ..Options::default()
        };
        // The roll-off for the first player is thrown at the table too (CAT-SETUP-4).
        let mut s = G::start(&o, &mut Dice::new(seed).with_table(&[6, 5, 2, 1]))
            .unwrap()
            .state;
        let mut chooser = Dice::new(seed ^ 0x7AB1E);
        let mut table_dice = 0;
        let mut entered = 0;
        for step in 0..20_000 {
            let seat = match G::next(&s) {
                Next::Finished { .. } => break,
                Next::Bot { .. } => {
                    // the bot places neutral pieces: no chance at all
                    let mut none = Dice::new(0).with_table(&[]);
                    s = G::bot_turn(&s, &mut none).expect("bot turn").state;
                    assert!(!none.server_used());
                    continue;
                }
                Next::Human { seats, .. } => seats[0],
            };
            let moves = G::legal_moves(&s, seat);
            let m = moves[chooser.pick_index(moves.len())].clone();
            // The server's version of this step, on a copy.
            let mut server = s.clone();
            server.opts.table_mode = crate::engine::TableChoice::Server;
            let mut d = Dice::new(seed * 1000 + step);
            let Ok(shadow) = G::play(&server, seat, &m, &mut d) else {
                continue;
            };
            let dice = thrown(&shadow.state, &m);
            let cards = drawn_like(&s, &shadow.state, seat, &m);
            let items: Vec<TableItem> = dice
                .iter()
                .map(|v| TableItem::Die(*v))
                .chain(cards.iter().cloned())
                .collect();
            let mut table = Dice::new(0).with_items(&items);
            let st = G::play(&s, seat, &m, &mut table).unwrap_or_else(|e| {
                panic!("seed {seed} step {step}: table play of {m:?} refused: {e}")
            });
            assert!(!table.server_used());
            // one item fewer is refused with the exact count (CAT-RNG-2, CAT-RNG-3)
            if let Some((_, fewer)) = items.split_last() {
                let e = G::play(&s, seat, &m, &mut Dice::new(0).with_items(fewer)).unwrap_err();
                assert!(
                    matches!(e.kind, crate::engine::RuleErrorKind::TableInputNeeded { ref needed, sent } if sent == fewer.len() && needed.len() >= items.len()),
                    "{e:?}"
                );
            }
            table_dice += dice.len();
            entered += cards.len();
            let mut a = serde_json::to_value(&st.state).unwrap();
            let mut b = serde_json::to_value(&shadow.state).unwrap();
            for v in [&mut a, &mut b] {
                v["opts"] = serde_json::Value::Null;
                for deck in v["decks"].as_array_mut().unwrap() {
                    deck.as_array_mut().unwrap().sort_by_key(|k| k.to_string());
                }
            }
            assert_eq!(
                a, b,
                "seed {seed} step {step}: the table's game left the server's"
            );
            s = st.state;
        }
        finished += usize::from(s.phase == Phase::Finished);
        assert!(table_dice > 100, "seed {seed}: {table_dice} table dice");
        assert!(entered > 0, "seed {seed}: no hidden card was entered");
    }
    assert_eq!(finished, 6);
}

/// The dice a step threw, in the order thrown (CCK-DICE-1, -4), read from its roll record:
/// the first throw, the re-thrown number dice, the accepted pair; an Alchemist throws only the
/// event die (CCK-PROG-10).
fn thrown(after: &State, m: &Move) -> Vec<u8> {
    let Some(r) = after.rolls.last() else {
        return Vec::new();
    };
    match m {
        Move::Roll { .. } => {}
        Move::PlayProgress {
            card: ProgressKind::Alchemist,
            ..
        } => return vec![r.event],
        _ => return Vec::new(),
    }
    match r.rejected.split_first() {
        None => vec![r.white, r.red, r.event],
        Some((first, rest)) => {
            let mut d = vec![first[0], first[1], r.event];
            d.extend(rest.iter().flatten());
            d.extend([r.white, r.red]);
            d
        }
    }
}

/// The cards the server's copy drew, as the table enters them: progress cards taken off the
/// decks (top first), then the cards the other seat lost to a theft (the robber, a knight
/// chasing it, the Bishop, a forced trade).
fn drawn_like(before: &State, after: &State, seat: Seat, m: &Move) -> Vec<TableItem> {
    let mut out = Vec::new();
    for t in 0..3 {
        let (b, a) = (&before.decks[t], &after.decks[t]);
        if a.len() < b.len() && b[..a.len()] == a[..] {
            out.extend(b[a.len()..].iter().rev().map(|k| TableItem::Card(k.name())));
        }
    }
    let theft = matches!(
        m,
        Move::MoveRobber { .. }
            | Move::KnightChaseRobber { .. }
            | Move::TokenForcedTrade { .. }
            | Move::PlayProgress {
                card: ProgressKind::Bishop,
                ..
            }
    );
    let victim = other(seat);
    for (i, c) in ALL_CARDS.iter().enumerate().filter(|_| theft) {
        let n = before.players[victim].hand.0[i].saturating_sub(after.players[victim].hand.0[i]);
        for _ in 0..n {
            out.push(TableItem::Card(c.name().to_string()));
        }
    }
    out
}

/// Every prompt and event text of random games reads as a sentence
/// for the table: whose decision, what to do, the rule; no Rust debug text.
#[test]
fn every_prompt_and_event_text_is_a_sentence() {
    let debug = ["Some(", "None", "{", "}", "Answer:", "_"];
    let mut prompts = std::collections::BTreeSet::new();
    for seed in 0..12u64 {
        let o = Options {
            max_turns: 40,
            neutral_placement: if seed % 2 == 0 {
                NeutralPlacement::ActivePlayer
            } else {
                NeutralPlacement::Bot
            },
            ..Options::default()
        };
        let mut dice = Dice::new(seed);
        let st = G::start(&o, &mut dice).unwrap();
        let mut s = st.state;
        let mut events = st.events;
        let mut chooser = Dice::new(seed ^ 0x5E7);
        for _ in 0..4000 {
            let prompt = kit::prompt(&s);
            match G::next(&s) {
                Next::Finished { .. } => {
                    assert!(prompt.ends_with('.'), "{prompt}");
                    break;
                }
                Next::Bot { .. } => {
                    assert!(prompt.ends_with('.'), "{prompt}");
                    let step = G::bot_turn(&s, &mut dice).unwrap();
                    events.extend(step.events);
                    s = step.state;
                }
                Next::Human { seats, .. } => {
                    // the typed decision names the same seat
                    let d = prompt::decision(&s);
                    assert_eq!(d.seat, Some(colour_of(seats[0])));
                    if let Some(p) = s.pending.first() {
                        let kind = serde_json::to_value(d.kind).unwrap();
                        assert_eq!(kind, serde_json::to_value(p).unwrap()["type"], "{prompt}");
                    }
                    let who = format!("Player {}: ", colour_of(seats[0]).id().to_uppercase());
                    assert!(prompt.starts_with(&who), "{prompt}");
                    assert!(prompt.ends_with('.'), "{prompt}");
                    // The rule is one tap away (the rulebook), not in the prose.
                    crate::engine::testing::check_no_rule_in_prose("prompt", &prompt).unwrap();
                    let plain = prompt.replace("neutral_build", "");
                    for d in debug {
                        assert!(!plain.contains(d), "{d:?} in {prompt}");
                    }
                    prompts.insert(
                        prompt
                            .split(':')
                            .nth(1)
                            .unwrap_or("")
                            .split(' ')
                            .take(4)
                            .collect::<Vec<_>>()
                            .join(" "),
                    );
                    let moves = G::legal_moves(&s, seats[0]);
                    let m = moves[chooser.pick_index(moves.len())].clone();
                    let step = G::play(&s, seats[0], &m, &mut dice).unwrap();
                    events.extend(step.events);
                    s = step.state;
                }
            }
        }
        for e in &events {
            assert!(
                e.text.ends_with('.') || e.text.ends_with(')'),
                "{}: {}",
                e.kind,
                e.text
            );
            for d in ["Some(", "None", "{", "}", "Answer:"] {
                assert!(!e.text.contains(d), "{d:?} in {}: {}", e.kind, e.text);
            }
        }
    }
    assert!(prompts.len() >= 8, "few kinds of decision met: {prompts:?}");
}

/// Every option says what it does (and which reading or
/// house rule it chooses), with its allowed range.
#[test]
fn every_option_is_described_with_its_range() {
    let schema = serde_json::to_value(schemars::schema_for!(Options)).unwrap();
    let props = schema["properties"].as_object().unwrap();
    assert!(props.len() >= 19);
    for (name, p) in props {
        assert!(
            p["description"].as_str().is_some_and(|d| d.len() > 20),
            "option {name} has no description: {p}"
        );
    }
    for (name, min, max) in [
        ("discard_limit", 7, 20),
        ("vp_target", 4, 30),
        ("barbarian_track", 3, 12),
    ] {
        assert_eq!(props[name]["minimum"], min, "{name}");
        assert_eq!(props[name]["maximum"], max, "{name}");
    }
    let text = schema.to_string();
    assert!(text.contains("House rule"), "house choices are marked");
}

// ---------------------------------------------------------------- robustness

#[test]
fn nonsense_moves_are_refused_without_change() {
    let mut chooser = Dice::new(99);
    for seed in 0..4u64 {
        let o = Options {
            max_turns: 20,
            ..Options::default()
        };
        let (s, _, _) = random_game(seed, &o, 150);
        let snap = serde_json::to_string(&s).unwrap();
        for _ in 0..300 {
            let q = chooser.below(9) as i8 - 4;
            let r = chooser.below(9) as i8 - 4;
            let v = Vertex(
                q,
                r,
                if chooser.below(2) == 0 {
                    Corner::N
                } else {
                    Corner::S
                },
            );
            let e = Edge(
                q,
                r,
                [Side::NE, Side::E, Side::SE][chooser.below(3) as usize],
            );
            let c = ALL_CARDS[chooser.below(8) as usize];
            let m = match chooser.below(14) {
                0 => Move::BuildRoad { edge: e },
                1 => Move::BuildKnight { vertex: v },
                2 => Move::KnightDisplace { from: v, to: v },
                3 => Move::NeutralBuild {
                    colour: Colour::N2,
                    vertex: Some(v),
                    edge: Some(e),
                },
                4 => Move::Discard {
                    cards: [(c, 99)].into_iter().collect(),
                },
                5 => Move::MoveRobber {
                    hex: Hex(q, r),
                    stolen: None,
                },
                6 => Move::PlaceSetupCity { vertex: v },
                7 => Move::MaritimeTrade {
                    give: c,
                    get: c,
                    times: Some(0),
                },
                8 => Move::Roll {
                    dice: Some(vec![7, 0, 9]),
                    drawn: None,
                },
                9 => Move::SpyPick {
                    card: ProgressKind::Printer,
                },
                10 => pp(ProgressKind::Inventor, |m| {
                    if let Move::PlayProgress { hexes, .. } = m {
                        *hexes = Some(vec![Hex(q, r)])
                    }
                }),
                11 => Move::ForcedTradeReturn {
                    cards: [(c, 5)].into_iter().collect(),
                },
                12 => Move::PlaceMetropolis { vertex: v },
                _ => Move::RelocateKnight { vertex: v },
            };
            for seat in 0..2u8 {
                let mut d = Dice::new(5);
                if let Ok(st) = G::play(&s, Seat(seat), &m, &mut d) {
                    // accepted moves must have been legal for the deciding seat
                    assert!(
                        matches!(G::next(&s), Next::Human { ref seats, .. } if seats.contains(&Seat(seat)))
                    );
                    let _ = st;
                }
                assert_eq!(serde_json::to_string(&s).unwrap(), snap);
            }
        }
        assert!(
            G::bot_turn(&s, &mut Dice::new(1)).is_err() || matches!(G::next(&s), Next::Bot { .. })
        );
    }
}

#[test]
fn views_hide_other_hands() {
    let mut s = base();
    give(&mut s, SEAT_A, &[(Card::Ore, 2)]);
    card(&mut s, SEAT_A, ProgressKind::Spy);
    let va = view_of(&s, Some(SEAT_A));
    let vb = view_of(&s, Some(SEAT_B));
    let spectator = view_of(&s, None);
    assert_eq!(va["players"][0]["hand"]["ore"], 2);
    assert!(vb["players"][0]["hand"].is_null());
    assert!(vb["players"][0]["progress"].is_null());
    assert_eq!(vb["players"][0]["progress_count"], 1);
    assert!(spectator["players"][0]["hand"].is_null());
    assert!(spectator.get("decks").unwrap()["science"].is_number());
}

#[test]
fn moves_accept_the_corner_and_side_aliases_of_cat_board_16() {
    let m: Move = serde_json::from_str(r#"{"type":"build_knight","vertex":[0,0,"NE"]}"#).unwrap();
    assert_eq!(
        m,
        Move::BuildKnight {
            vertex: vt(1, -1, 'S')
        }
    );
    let m: Move = serde_json::from_str(r#"{"type":"build_road","edge":[0,0,"W"]}"#).unwrap();
    assert_eq!(
        m,
        Move::BuildRoad {
            edge: ed(-1, 0, "E")
        }
    );
    assert_eq!(
        serde_json::to_value(vt(1, -1, 'S')).unwrap(),
        serde_json::json!([1, -1, "S"])
    );
    assert!(serde_json::from_str::<Move>(r#"{"type":"build_road","edge":[0,0,"Q"]}"#).is_err());
    assert!(
        serde_json::from_str::<Move>(r#"{"type":"build_road","edge":[0,0,"E"],"x":1}"#).is_err()
    );
}

#[test]
fn layout_options_come_from_the_shared_core() {
    let o = Options {
        numbers: Numbers::Random,
        ..Options::default()
    };
    let s = G::start(&o, &mut Dice::new(4)).unwrap().state;
    assert_eq!(
        s.board.tiles.iter().filter(|t| t.token.is_none()).count(),
        1
    );
    let bad = Options {
        layout: Layout::Manual,
        ..Options::default()
    };
    assert!(G::start(&bad, &mut Dice::new(4)).is_err());
    let opts_json: Options = serde_json::from_str(
        r#"{"layout":"beginner","harbours":"random","neutral_placement":"bot"}"#,
    )
    .unwrap();
    assert_eq!(opts_json.neutral_placement, NeutralPlacement::Bot);
    assert!(serde_json::from_str::<Options>(r#"{"nonsense":1}"#).is_err());
}

#[test]
fn cck_prog_4_active_player_may_play_instead_of_returning() {
    let mut s = base();
    for k in [
        ProgressKind::Warlord,
        ProgressKind::Spy,
        ProgressKind::Spy,
        ProgressKind::Bishop,
        ProgressKind::Wedding,
    ] {
        card(&mut s, SEAT_A, k);
    }
    s.pending.push(Pending::ProgressExcess { seat: SEAT_A });
    let (s1, _) = ok(&s, SEAT_A, Move::progress(ProgressKind::Warlord));
    assert_eq!(s1.players[SEAT_A].progress.len(), 4); // CCK-PROG-4
    assert!(s1.pending.is_empty());
    assert_eq!(err(&s, SEAT_A, Move::EndTurn), "CCK-PROG-4");
}

/// Seed 8101, turn 271: the active player with 4 progress cards
/// draws 2 in their own dice phase and must come down to 4, not to 5.
#[test]
fn cck_prog_4_two_over_the_limit_returns_until_four() {
    let mut s = base();
    for k in [
        ProgressKind::Spy,
        ProgressKind::Spy,
        ProgressKind::Bishop,
        ProgressKind::Warlord,
        ProgressKind::Wedding,
        ProgressKind::Saboteur,
    ] {
        card(&mut s, SEAT_A, k);
    }
    s.pending.push(Pending::ProgressExcess { seat: SEAT_A });
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::DiscardProgress {
            card: ProgressKind::Bishop,
        },
    );
    assert_eq!(s1.players[SEAT_A].progress.len(), 5);
    assert_eq!(s1.pending, vec![Pending::ProgressExcess { seat: SEAT_A }]); // CCK-PROG-4
    assert_eq!(err(&s1, SEAT_A, Move::EndTurn), "CCK-PROG-4");
    // playing a card also counts, and the limit is asked again until 4
    let (s2, _) = ok(&s, SEAT_A, Move::progress(ProgressKind::Warlord));
    assert_eq!(s2.players[SEAT_A].progress.len(), 5);
    assert_eq!(
        s2.pending.first(),
        Some(&Pending::ProgressExcess { seat: SEAT_A })
    );
    let (s3, _) = ok(
        &s1,
        SEAT_A,
        Move::DiscardProgress {
            card: ProgressKind::Spy,
        },
    );
    assert_eq!(s3.players[SEAT_A].progress.len(), 4);
    assert!(s3.pending.is_empty());
}

#[test]
fn discard_limit_option_and_colour_labels() {
    let mut o = opts();
    o.discard_limit = 9;
    let mut s = base_with(o);
    s.phase = Phase::Roll1;
    give(&mut s, SEAT_B, &[(Card::Ore, 9)]);
    let (s1, _) = okd(&s, SEAT_A, roll(&[3, 4, 1]), &[]);
    assert!(s1
        .pending
        .iter()
        .all(|p| !matches!(p, Pending::Discard { .. }))); // CCK-SEVEN-1 with limit 9
    assert_eq!(view_of(&s1, None)["colours"]["n2"], "orange");
    let mut bad = opts();
    bad.discard_limit = 3;
    assert!(G::start(&bad, &mut Dice::new(1)).is_err());
}

/// The game as the server drives it, through the engine's adapter: whole
/// random games (every listed move accepted, table input on demand) that
/// replay from the seed to the same bytes, and every text a player reads
/// (events for every seat, prompts, labels, refusals) scanned.
#[test]
fn through_the_adapter_games_finish_replay_and_read_well() {
    use crate::engine::adapter::{DynGame, Erased};
    use crate::engine::testing::{random_game, replay, scan_texts};
    let g = Erased::<CatanCkDuel>::new();
    assert_eq!(g.id(), "catan-ck-duel");
    for seed in 0..6u64 {
        let o = serde_json::json!({
            "max_turns": 25,
            "neutral_placement": if seed % 2 == 0 { "bot" } else { "active_player" },
            "table_mode": if seed % 3 == 0 { "dice" } else { "server" },
        });
        let played = random_game(&g, &o, seed, 5000).unwrap();
        assert!(played.finished, "seed {seed}: not finished");
        let (state, pos) = replay(&g, &o, seed, &played).unwrap();
        assert_eq!(pos, played.rng_pos);
        let snap = g.snapshot(&played.state).unwrap();
        assert_eq!(
            g.snapshot(&state).unwrap(),
            snap,
            "seed {seed}: replay differs"
        );
        assert_eq!(g.snapshot(&g.restore(&snap).unwrap()).unwrap(), snap);
    }
    let n = scan_texts(&g, &serde_json::json!({"max_turns": 20}), 0..4, 1500).unwrap();
    assert!(n > 1000, "{n} texts");
}

/// CAT-TURN-1, CAT-RNG-2: the session's refusals name the game's own rule where catan-base has
/// one (only the seat a decision names may answer it; table dice no step used are refused),
/// and their text names the session rule after it.
#[test]
fn session_refusals_name_the_catan_rule_and_then_the_session_rule() {
    use crate::engine::adapter::{AdapterError, DynGame, Erased};
    use crate::engine::testing::{random_game, Cmd};
    use crate::engine::{Chance, Dice as Stream, Lang, TableItem, TextCx};
    let g = Erased::<CatanCkDuel>::new();
    let o = g
        .options(&serde_json::json!({"table_mode": "dice", "max_turns": 3}))
        .unwrap();
    let seats = g.seats(&o).unwrap();
    let mode = g.table_mode(&o).unwrap();
    let played = random_game(&g, &o, 4, 40).unwrap();
    let start = g
        .start(
            &o,
            Chance::new(Stream::new(4), mode, played.setup_table.clone()).unwrap(),
        )
        .unwrap();
    let pos = start.chance.position;
    let Some(Cmd::Move { seat, mv, table }) = played.log.first() else {
        panic!("the game begins with a move")
    };
    let chance = |table: Vec<TableItem>| Chance::new(Stream::at(4, pos), mode, table).unwrap();
    let rule_of = |r: Result<_, AdapterError>| match r {
        Err(AdapterError::Rule(e)) => e,
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("accepted"),
    };
    let en = TextCx::new(Lang::En, &seats);
    // the other seat moves: CAT-TURN-1
    let other = Seat(1 - seat.0);
    let e = rule_of(g.play(&start.state, other, mv, chance(table.clone())));
    assert_eq!(e.rule, "CAT-TURN-1");
    assert_eq!(
        e.detail.render(&en),
        "It is not your turn: another seat decides now (SESSION-TURN-1)."
    );
    let e = rule_of(g.bot_turn(&start.state, chance(Vec::new())));
    assert_eq!(e.rule, "CAT-TURN-1");
    assert!(e
        .detail
        .render(&TextCx::new(Lang::De, &seats))
        .ends_with("(SESSION-TURN-1)."));
    // a die no step needs: CAT-RNG-2
    let mut more = table.clone();
    more.push(TableItem::Die(3));
    let e = rule_of(g.play(&start.state, *seat, mv, chance(more)));
    assert_eq!(e.rule, "CAT-RNG-2");
    assert!(
        e.detail.render(&en).ends_with("(SESSION-TABLE-2)."),
        "{}",
        e.detail.render(&en)
    );
}

/// CAT-RNG-3: at a physical table every card drawn comes from the request's table input, by
/// id, after the dice; the "needed" answer names the deck and the cards that can be drawn, and
/// the secret part of the event is the only place that names the card.
#[test]
fn physical_table_cards_come_through_the_chance_source() {
    use crate::engine::{Need, RuleErrorKind};
    let mut o = opts();
    o.table_mode = crate::engine::TableChoice::All;
    let mut s = base_with(o);
    s.phase = Phase::Roll1;
    s.players[SEAT_B].imp[1] = 1;
    let bare = Move::Roll {
        dice: None,
        drawn: None,
    };
    let play = |s: &State, m: &Move, items: &[TableItem]| {
        G::play(s, SEAT_A, m, &mut Dice::new(0).with_items(items))
    };
    let die = |v: u8| TableItem::Die(v);
    let card = |k: &str| TableItem::Card(k.to_string());
    // the dice come from the table
    let e = play(&s, &bare, &[]).unwrap_err();
    assert!(matches!(e.kind, RuleErrorKind::TableInputNeeded { .. }));
    // a politics gate for seat b: its card is needed after the dice, from the politics deck
    let e = play(&s, &bare, &[die(1), die(1), die(5)]).unwrap_err();
    match e.kind {
        RuleErrorKind::TableInputNeeded { needed, sent } => {
            assert_eq!(sent, 3);
            assert_eq!(needed.len(), 4);
            let Need::Card {
                deck, candidates, ..
            } = &needed[3]
            else {
                panic!("{needed:?}")
            };
            assert_eq!(deck, "politics_progress");
            assert!(candidates.contains(&"spy".to_string()));
            assert!(!candidates.contains(&"merchant".to_string()));
        }
        k => panic!("{k:?}"),
    }
    assert_eq!(
        play(&s, &bare, &[die(1), die(1), die(5), card("merchant")])
            .unwrap_err()
            .rule,
        "CAT-RNG-3"
    ); // not a politics card
    let s1 = play(&s, &bare, &[die(1), die(1), die(5), card("spy")]).unwrap();
    assert_eq!(s1.state.players[SEAT_B].progress[0].kind, ProgressKind::Spy);
    let drawn = ev_rule(&s1.events, "progress_drawn").expect("drawn");
    assert!(!drawn.text.contains("Spy"), "{}", drawn.text);
    assert_eq!(drawn.secret.as_ref().unwrap()["data"]["card"], "spy");
    assert_eq!(
        s1.state.decks[1]
            .iter()
            .filter(|k| **k == ProgressKind::Spy)
            .count(),
        2
    );
    // a card no step needs is refused
    assert_eq!(
        play(&s, &bare, &[die(1), die(1), die(1), card("spy")])
            .unwrap_err()
            .rule,
        "SESSION-TABLE-2"
    );
    // a theft: the card taken, from the cards the victim holds
    let mut r = s.clone();
    r.robber_awake = true;
    r.phase = Phase::Main;
    r.pending.push(Pending::Robber { seat: SEAT_A });
    bld(&mut r, Colour::B, vt(2, -1, 'S'), false);
    give(&mut r, SEAT_B, &[(Card::Ore, 1), (Card::Wool, 1)]);
    let rob = Move::MoveRobber {
        hex: Hex(2, 0),
        stolen: None,
    };
    match play(&r, &rob, &[]).unwrap_err().kind {
        RuleErrorKind::TableInputNeeded { needed, .. } => assert_eq!(
            needed,
            vec![Need::card("hand", &["wool".into(), "ore".into()])]
        ),
        k => panic!("{k:?}"),
    }
    assert_eq!(
        play(&r, &rob, &[card("coin")]).unwrap_err().rule,
        "CAT-RNG-3"
    );
    let r1 = play(&r, &rob, &[card("wool")]).unwrap();
    assert_eq!(hand(&r1.state, SEAT_A, Card::Wool), 1);
    // legal moves carry no card and are accepted with the table's card
    for m in G::legal_moves(&r, SEAT_A) {
        assert_eq!(serde_json::to_value(&m).unwrap().get("stolen"), None);
        let needs_card = play(&r, &m, &[]).is_err();
        let items: &[TableItem] = if needs_card { &[card("ore")][..] } else { &[] };
        play(&r, &m, items).unwrap_or_else(|e| panic!("{m:?}: {e}"));
    }
    // forced trade: the cards drawn from the opponent's hand, one by one
    let mut f = s.clone();
    f.phase = Phase::Main;
    give(&mut f, SEAT_B, &[(Card::Grain, 1), (Card::Paper, 3)]);
    give(&mut f, SEAT_A, &[(Card::Ore, 2)]);
    let m = Move::TokenForcedTrade {
        mode: TradeMode::Resources,
        drawn_cards: None,
    };
    let f1 = play(&f, &m, &[card("grain")]).unwrap();
    assert_eq!(hand(&f1.state, SEAT_A, Card::Grain), 1);
}

/// Old sessions (before the chance source took table cards) carried the card inside the move;
/// their logs replay to the same state: such a card is used before the table's.
#[test]
fn physical_table_moves_of_old_sessions_still_carry_their_cards() {
    let mut o = opts();
    // An old session's options (SESSION-TABLE-3: still read).
    o.physical_table = Some(true);
    let mut s = base_with(o);
    s.phase = Phase::Roll1;
    s.players[SEAT_B].imp[1] = 1;
    let with = |k: ProgressKind| Move::Roll {
        dice: Some(vec![1, 1, 5]),
        drawn: Some(vec![k]),
    };
    assert_eq!(err(&s, SEAT_A, with(ProgressKind::Merchant)), "CAT-RNG-3"); // not a politics card
    let (s1, _) = ok(&s, SEAT_A, with(ProgressKind::Spy));
    assert_eq!(s1.players[SEAT_B].progress[0].kind, ProgressKind::Spy);
    // unused entries are refused
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::Roll {
                dice: Some(vec![1, 1, 1]),
                drawn: Some(vec![ProgressKind::Spy])
            }
        ),
        "CAT-RNG-3"
    );
    let mut r = s.clone();
    r.robber_awake = true;
    r.phase = Phase::Main;
    r.pending.push(Pending::Robber { seat: SEAT_A });
    bld(&mut r, Colour::B, vt(2, -1, 'S'), false);
    give(&mut r, SEAT_B, &[(Card::Ore, 1), (Card::Wool, 1)]);
    assert_eq!(
        err(
            &r,
            SEAT_A,
            Move::MoveRobber {
                hex: Hex(2, 0),
                stolen: Some(Card::Coin)
            }
        ),
        "CAT-RNG-3"
    );
    let (r1, _) = ok(
        &r,
        SEAT_A,
        Move::MoveRobber {
            hex: Hex(2, 0),
            stolen: Some(Card::Wool),
        },
    );
    assert_eq!(hand(&r1, SEAT_A, Card::Wool), 1);
    let mut f = s.clone();
    f.phase = Phase::Main;
    give(&mut f, SEAT_B, &[(Card::Grain, 1), (Card::Paper, 3)]);
    give(&mut f, SEAT_A, &[(Card::Ore, 2)]);
    let m = Move::TokenForcedTrade {
        mode: TradeMode::Resources,
        drawn_cards: Some([(Card::Grain, 1)].into_iter().collect()),
    };
    let (f1, _) = ok(&f, SEAT_A, m);
    assert_eq!(hand(&f1, SEAT_A, Card::Grain), 1);
}

#[test]
fn manual_dice_come_from_the_table_and_must_all_be_used() {
    let mut o = opts();
    o.table_mode = crate::engine::TableChoice::Dice;
    let mut s = base_with(o);
    s.phase = Phase::Roll1;
    let e = playd(
        &s,
        SEAT_A,
        Move::Roll {
            dice: None,
            drawn: None,
        },
        &[],
    )
    .unwrap_err();
    assert!(matches!(
        e.kind,
        crate::engine::RuleErrorKind::TableInputNeeded { .. }
    ));
    let (s1, _) = okd(
        &s,
        SEAT_A,
        Move::Roll {
            dice: None,
            drawn: None,
        },
        &[2, 3, 1],
    );
    assert_eq!(s1.rolls[0].sum, 5);
    assert_eq!(
        playd(
            &s,
            SEAT_A,
            Move::Roll {
                dice: None,
                drawn: None
            },
            &[2, 3, 1, 4]
        )
        .unwrap_err()
        .rule,
        "SESSION-TABLE-2"
    ); // the engine refuses table input a command did not use
}

#[test]
fn walls_metropolises_and_knights_are_the_core_boards_pieces() {
    // CCK-BUILD-2, CCK-BUILD-3, CCK-IMP-4 on the core's Board<Extra>: a city's wall and
    // metropolis live in the intersection's piece slot and leave with the city; a knight is a
    // piece that takes a settlement's spot and blocks other colours' roads.
    use crate::games::catan::board::{BuildingKind, Island};
    let mut s = base();
    let v = vi(vt(2, -1, 'S'));
    bld(&mut s, Colour::A, vt(2, -1, 'S'), true);
    assert_eq!(s.board.piece(v), None); // a plain city has no extra piece
    s.edit_building(v, |b| b.wall = true);
    s.edit_building(v, |b| b.metropolis = Some(Track::Trade));
    let b = s.building(v).unwrap();
    assert!(b.city && b.wall && b.metropolis == Some(Track::Trade));
    assert_eq!(s.board.building(v).unwrap().kind, BuildingKind::City);
    assert_eq!(s.board.occupant(v), Some(Colour::A));
    // pillage-like: the city becomes a settlement without its wall and metropolis
    s.edit_building(v, |b| {
        b.city = false;
        b.wall = false;
        b.metropolis = None;
    });
    assert_eq!(s.board.piece(v), None);
    assert!(!s.building(v).unwrap().city);
    s.set_building(v, None);
    assert_eq!(s.building(v), None);
    assert_eq!(s.board.occupant(v), None);
    // a knight: the core sees its colour on the intersection
    let w = vi(vt(0, -1, 'N'));
    kn(&mut s, Colour::B, vt(0, -1, 'N'), 2, true);
    assert_eq!(s.knight(w).map(|k| k.level), Some(2));
    assert_eq!(s.building(w), None);
    assert!(s.board.check_settlement_spot(w).is_err()); // CCK-BUILD-2
    assert!(s.board.blocked_for(w, Colour::A));
    assert!(!Island::blocked_for(&s.board, w, Colour::B));
    s.knight_mut(w).unwrap().active = false;
    assert!(!s.knight(w).unwrap().active);
    // setting no building leaves the knight alone
    s.set_building(w, None);
    assert!(s.knight(w).is_some());
    assert_eq!(s.take_knight(w).map(|k| k.colour), Some(Colour::B));
    assert_eq!(s.board.occupant(w), None);
}

/// Ck-duel's events and legal-move labels name a place by the hexes that touch it, in
/// English and German, with the id kept beside it; an event stored before events carried a
/// `place` still reads by its coordinates.
// CCK-NEUT-1 (a knight built), CCK-BUILD-4 (a road), CAT-ROB-1 (the robber's hex)
#[test]
fn places_are_named_by_what_touches_them() {
    use super::events::{corner_place, hex_place, path_place, Event as Typed};
    use crate::engine::{Describe, Lang, TextCx};
    use crate::games::catan::place::{Case, Place};
    let seats = CatanCkDuel::seats(&Options::default());
    let (en, de) = (TextCx::new(Lang::En, &seats), TextCx::new(Lang::De, &seats));
    let mut s = base();
    a_net(&mut s);
    give(&mut s, SEAT_A, &[(Card::Wool, 1), (Card::Ore, 1)]);
    let v = vt(3, -1, 'S');
    let p = corner_place(&s, vi(v)).unwrap();
    let Place::Corner { land, sea, .. } = &p else {
        panic!("{p:?}")
    };
    // S(3,-1) on the beginner board: one land hex and the sea.
    assert_eq!((land.len(), *sea), (1, true), "{p:?}");
    // Named by where on that hex it lies, so the other coastal corners of the
    // mountains (8) read differently.
    assert_eq!(p.en(), "the north-east corner of the mountains (8)");
    assert_eq!(
        p.de(Case::Acc),
        "die Kreuzung an der Nordostecke des Gebirges (8)"
    );
    let (_, ev) = ok(&s, SEAT_A, Move::BuildKnight { vertex: v });
    let e = ev.iter().find(|e| e.kind == "knight_built").unwrap();
    assert_eq!(e.data["place"]["type"], "corner", "{:?}", e.data);
    assert_eq!(e.data["place"]["vertex"], e.data["vertex"]);
    assert_eq!(
        e.text,
        format!(
            "{} builds a basic knight at {}; a neutral basic knight follows.",
            en.seat_name(SEAT_A),
            p.en()
        )
    );
    assert!(e
        .text
        .contains(" at the north-east corner of the mountains (8);"));
    assert!(!e.text.contains("S(3,-1)"), "{}", e.text);
    let typed: Typed =
        serde_json::from_value(serde_json::json!({"kind": e.kind, "data": e.data})).unwrap();
    assert_eq!(
        typed.describe(&de),
        format!(
            "{} setzt einen schwachen Ritter auf {}; ein neutraler schwacher Ritter folgt.",
            de.seat_name(SEAT_A),
            p.de(Case::Acc)
        )
    );
    // An old session's event has no `place`: it reads by its coordinates.
    let mut old = e.data.clone();
    old.as_object_mut().unwrap().remove("place");
    let old: Typed =
        serde_json::from_value(serde_json::json!({"kind": e.kind, "data": old})).unwrap();
    assert!(
        old.describe(&en).contains(" at S(3,-1);"),
        "{}",
        old.describe(&en)
    );
    assert!(
        old.describe(&de).contains(" auf die Kreuzung S(3,-1);"),
        "{}",
        old.describe(&de)
    );

    // The legal-move labels read the state's board (CCK-BUILD-4, CAT-ROB-1).
    let label = |mv: &Move, free: &[&str], cx: &TextCx<'_>| CatanCkDuel::label_in(&s, mv, free, cx);
    let knight = Move::BuildKnight { vertex: v };
    assert_eq!(
        label(&knight, &[], &en),
        format!("Build a basic knight at {}", p.en())
    );
    assert_eq!(
        label(&knight, &[], &de),
        format!("Ritter auf {} einsetzen", p.de(Case::Acc))
    );
    let e2 = ed(2, 0, "NE");
    let path = path_place(&s, ei(e2)).unwrap();
    let road = Move::BuildRoad { edge: e2 };
    assert_eq!(
        label(&road, &[], &en),
        format!("Build a road on {}", path.en())
    );
    assert_eq!(
        path.en(),
        "the path along the north-east side of the mountains (8)"
    );
    assert_eq!(
        label(&road, &[], &de),
        format!("Straße auf {} bauen", path.de(Case::Dat))
    );
    // A template leaves the place open: its label names none.
    assert_eq!(label(&road, &["edge"], &en), "Build a road");
    let h = Hex(0, 0);
    let hex = hex_place(&s, hi(h)).unwrap();
    let robber = Move::MoveRobber {
        hex: h,
        stolen: None,
    };
    assert_eq!(
        label(&robber, &[], &en),
        format!("Move the robber to {}", hex.en())
    );
    assert_eq!(
        label(&robber, &[], &de),
        format!("Räuber auf {} versetzen", hex.de(Case::Acc))
    );
    // Without a state (the plain `label`), places read by coordinates.
    assert_eq!(
        CatanCkDuel::label(&knight, &[], &en),
        "Build a basic knight at S(3,-1)"
    );
    // Every other label is a short English sentence, not the move's type.
    assert_eq!(label(&Move::EndTurn, &[], &en), "End the turn");
    assert_eq!(
        label(&Move::RespondTrade { accept: true }, &[], &en),
        "Accept the offer"
    );
    assert_eq!(
        label(&Move::TokenRobberToDesert, &[], &en),
        "Pay trade tokens to send the robber back to the desert"
    );
}

/// A simple path of `n` roads from `from` over empty intersections that avoids `avoid`, found by
/// depth-first search in reading order: the intersections, `from` first.
fn free_trail(s: &State, from: VertexId, n: usize, avoid: &[VertexId]) -> Vec<VertexId> {
    fn go(s: &State, path: &mut Vec<VertexId>, n: usize, avoid: &[VertexId]) -> bool {
        if path.len() == n + 1 {
            return true;
        }
        let u = *path.last().unwrap();
        for (v, _) in super::board::adjacent(u) {
            if path.contains(&v) || avoid.contains(&v) || s.board.occupant(v).is_some() {
                continue;
            }
            path.push(v);
            if go(s, path, n, avoid) {
                return true;
            }
            path.pop();
        }
        false
    }
    let mut path = vec![from];
    assert!(
        go(s, &mut path, n, avoid),
        "no free trail of {n} from {from:?}"
    );
    path
}

/// The road between two neighbouring intersections.
fn road_between(u: VertexId, v: VertexId) -> EdgeId {
    super::board::adjacent(u).find(|(w, _)| *w == v).unwrap().1
}

/// Lays roads of `c` along the intersections `path`.
fn lay(s: &mut State, c: Colour, path: &[VertexId]) {
    for w in path.windows(2) {
        s.set_road(road_between(w[0], w[1]), Some(c));
    }
}

/// The Longest Road events `update_longest_road` emits now, as readers see them.
fn longest_road_events(s: &mut State) -> Vec<Event> {
    let mut ev = Vec::new();
    mechanics::update_longest_road(s, &mut ev);
    kit::read_all(&ev)
}

#[test]
fn longest_road_is_the_cores_award_and_knights_break_trails() {
    // CAT-AWARD-1, CAT-AWARD-2, CAT-DUO-16, CCK-BUILD-2
    let mut s = base();
    assert_eq!(s.longest_road, None);
    let pa = free_trail(&s, VertexId::from_index(0).unwrap(), 5, &[]);
    // four roads are not enough
    lay(&mut s, Colour::A, &pa[..5]);
    assert!(longest_road_events(&mut s).is_empty());
    assert_eq!(s.longest_road, None);
    // the fifth gives it to a; the event lists a, b, n1, n2
    lay(&mut s, Colour::A, &pa[4..]);
    let ev = longest_road_events(&mut s);
    assert_eq!(ev.len(), 1);
    assert_eq!(ev[0].rule, "CAT-AWARD-2");
    assert_eq!(
        ev[0].data,
        serde_json::json!({"old": null, "new": "a", "length": 5, "lengths": [5, 0, 0, 0]})
    );
    assert_eq!(s.longest_road, Some(Colour::A));
    assert_eq!(mechanics::vp_breakdown(&s, SEAT_A).longest_road, 2);
    // b draws level: the holder keeps it
    let far = VertexId::from_index(VertexId::COUNT - 1).unwrap();
    let pb = free_trail(&s, far, 5, &pa);
    lay(&mut s, Colour::B, &pb);
    assert!(longest_road_events(&mut s).is_empty());
    assert_eq!(s.longest_road, Some(Colour::A));
    // a knight of b in the middle of a's trail breaks it: b is now the sole best
    s.set_knight(pa[3], Some(Knight::placed(Colour::B, 1, false)));
    let ev = longest_road_events(&mut s);
    assert_eq!(
        ev[0].data,
        serde_json::json!({"old": "a", "new": "b", "length": 5, "lengths": [3, 5, 0, 0]})
    );
    assert_eq!(s.longest_road, Some(Colour::B));
    // a neutral colour takes it too (CAT-DUO-16)
    let mut avoid = pa.clone();
    avoid.extend(&pb);
    let from = VertexId::all()
        .find(|v| {
            !avoid.contains(v)
                && s.board.occupant(*v).is_none()
                && v.neighbours().iter().all(|n| !avoid.contains(n))
        })
        .unwrap();
    let pn = free_trail(&s, from, 6, &avoid);
    lay(&mut s, Colour::N1, &pn);
    let ev = longest_road_events(&mut s);
    assert_eq!(
        ev[0].data,
        serde_json::json!({"old": "b", "new": "n1", "length": 6, "lengths": [3, 5, 6, 0]})
    );
    // n1 loses two roads: b and n1 tie at 4 below 5, so the card is set aside
    for w in pn.windows(2).take(2) {
        s.set_road(road_between(w[0], w[1]), None);
    }
    s.set_road(road_between(pb[0], pb[1]), None);
    let ev = longest_road_events(&mut s);
    assert_eq!(
        ev[0].data,
        serde_json::json!({"old": "n1", "new": null, "length": 4, "lengths": [3, 4, 4, 0]})
    );
    assert_eq!(s.longest_road, None);
}

#[test]
fn seats_are_typed_but_the_snapshot_writes_the_same_numbers() {
    // CCK-GEN-1: the stored state (STATE_VERSION 3) keeps its shape: seats are plain numbers,
    // the players a list of two.
    let mut s = base();
    let h = s.board.robber;
    s.active = SEAT_B;
    s.first_player = SEAT_B;
    s.winner = Some(SEAT_B);
    s.merchant = Some((h, SEAT_B));
    s.metropolis = [None, Some(SEAT_B), Some(SEAT_A)];
    s.players[SEAT_B].tokens = 9;
    s.pending = vec![
        Pending::Discard {
            seat: SEAT_B,
            count: 4,
        },
        Pending::Robber { seat: SEAT_A },
    ];
    let v = serde_json::to_value(&s).unwrap();
    assert_eq!(v["active"], 1);
    assert_eq!(v["first_player"], 1);
    assert_eq!(v["winner"], 1);
    assert_eq!(v["merchant"][1], 1);
    assert_eq!(v["merchant"][0], serde_json::to_value(h).unwrap());
    assert_eq!(v["metropolis"], serde_json::json!([null, 1, 0]));
    let players = v["players"].as_array().unwrap();
    assert_eq!(players.len(), 2);
    assert_eq!(players[1]["tokens"], 9);
    assert_eq!(
        v["pending"],
        serde_json::json!([
            {"type": "discard", "seat": 1, "count": 4},
            {"type": "robber", "seat": 0}
        ])
    );
    // and reads back from those numbers
    let back: State = serde_json::from_value(v).unwrap();
    assert_eq!(back, s);
    assert_eq!(super::CatanCkDuel::STATE_VERSION, 3);
}

/// CAT-RNG-2, CAT-RNG-3: at a physical table every die and card the duel
/// asks for says whose it is and what it decides, in English and German,
/// with every candidate card by name (check_need_words on whole games).
#[test]
fn cat_rng_2_table_needs_say_whose_die_or_card_and_what_for() {
    use crate::engine::adapter::{DynGame, Erased};
    use crate::engine::testing::check_physical_table;
    use crate::engine::{Lang, NeedText, TextCx};
    let g = Erased::<CatanCkDuel>::new();
    let o = g
        .physical_table_options()
        .expect("the duel plays at a table");
    check_physical_table(&g, &o, 0..3, 3000).unwrap();
    let seats = g.seats(&g.options(&o).unwrap()).unwrap();
    let (en, de) = (TextCx::new(Lang::En, &seats), TextCx::new(Lang::De, &seats));
    use crate::games::catan_ck_duel::text::{TableNeed, ThrowDie};
    let event = TableNeed::Throw {
        die: ThrowDie::Event,
        roll: 2,
    };
    assert_eq!(event.label(&en), "Event die (roll 2)");
    assert_eq!(event.label(&de), "Ereigniswürfel (Wurf 2)");
    assert_eq!(
        event.value_label("2", &en).as_deref(),
        Some("2: barbarian ship")
    );
    assert_eq!(
        event.value_label("5", &de).as_deref(),
        Some("5: Stadttor Politik")
    );
    let progress = TableNeed::Progress {
        track: Track::Science,
        seat: Seat(1),
    };
    assert!(
        progress.label(&en).starts_with("Science progress card "),
        "{}",
        progress.label(&en)
    );
    assert_eq!(
        progress.value_label("alchemist", &de).as_deref(),
        Some("Alchemist")
    );
    assert_eq!(
        TableNeed::FromHand { from: Seat(0) }
            .value_label("cloth", &de)
            .as_deref(),
        Some("Tuch")
    );
}
