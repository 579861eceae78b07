//! The contract checks of catan-ck-duel: whole random games that end and replay identically,
//! through the engine's adapter as the server plays them, every text a sentence, the views'
//! hidden hands, refusals of nonsense and of input the server supplies, and physical-table play
//! (every die and card from the table).

use super::super::board::{Corner, Edge, Hex, Side, Vertex};
use super::super::data::*;
use super::super::moves::Move;
use super::super::options::{BotTarget, EventRed, NeutralPlacement, NeutralPromotion, Options};
use super::super::state::*;
use super::super::*;
use super::kit::Event;
use super::kit::*;
use crate::engine::{Next, Seat, TableItem};
use crate::games::catan::layout::Layout;

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
            let prompt = super::kit::prompt(&s);
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
    assert_eq!(super::super::CatanCkDuel::STATE_VERSION, 3);
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
