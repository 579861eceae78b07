//! State transitions of catan-shadow: set-up with the removal, real turns via
//! the core table, fictive turns after every real turn (CSW-TURN-3).

use serde::{Deserialize, Serialize};
use serde_json::json;

use super::data::{FictiveSevenRemoved, Move, Options};
use super::fictive::{self, FictiveStage, FictiveTurn};
use super::removal::{self, Removal};
use crate::engine::legacy::{Dice, Event, Next, RuleError, Seat};
use crate::games::catan::board::{self, seat_id, seat_index};
use crate::games::catan::data::Resource;
use crate::games::catan::table::{BaseMove, Hooks, Outcome, Pending, Phase, RobberPolicy, Table};

/// Set-up stage around the removal (CSW-SETUP-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "stage")]
pub enum Stage {
    /// A bot turn rolls the removal.
    Removal,
    /// `reroll_policy: "vote"`: the seat to vote.
    RemovalVote { seat: usize },
    /// Votes are in; a bot turn re-rolls or applies.
    RemovalDecided { reroll: bool },
    /// Placement rounds and play (the table's phase says which).
    Play,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub options: Options,
    pub stage: Stage,
    pub table: Table,
    pub removal: Removal,
    pub fictive: Option<FictiveTurn>,
}

/// The robber policies of catan-shadow (CSW-ROB-1..-3, CSW-FIC-6, -7).
pub fn hooks(o: &Options) -> Hooks {
    let base = RobberPolicy {
        resource_die: o.resource_die,
        ..Default::default()
    };
    Hooks {
        seven: RobberPolicy {
            removed_allowed: true,
            removed_pays: true,
            ..base
        },
        knight: RobberPolicy {
            removed_allowed: o.knight_to_removed_hex,
            removed_rule: "CSW-ROB-3",
            removed_pays: true,
            ..base
        },
        fictive: RobberPolicy {
            removed_allowed: o.fictive_seven_removed_hex != FictiveSevenRemoved::Forbidden,
            removed_rule: "CSW-FIC-6",
            removed_pays: o.fictive_seven_removed_hex == FictiveSevenRemoved::Resource,
            theft_to_bank: true,
            ..base
        },
    }
}

pub fn start(o: &Options, dice: &mut Dice) -> Result<(State, Vec<Event>), RuleError> {
    o.validate()?;
    let (board, mut events) = board::generate(&o.layout_options(), dice)?;
    let table = Table::new(board, o.base(), dice, &mut events);
    events.push(Event::new("fictive_players", "CSW-GEN-1", "Two real players (a, b) and two fictive players (f1, f2); the land for the fictive players is removed next."));
    Ok((
        State {
            options: o.clone(),
            stage: Stage::Removal,
            table,
            removal: Removal::default(),
            fictive: None,
        },
        events,
    ))
}

pub fn next(s: &State) -> Next {
    let t = &s.table;
    if t.phase == Phase::Finished {
        let mut scores = std::collections::BTreeMap::new();
        for seat in 0..2 {
            scores.insert(seat_id(seat).to_string(), Some(i64::from(t.total_vp(seat))));
        }
        let winner = t.winner.map(|w| seat_id(w).to_string());
        return Next::Finished {
            scores,
            winner: winner.clone(),
            summary: format!(
                "Seat {} wins with {} points to {}.",
                winner.unwrap_or_default(),
                t.winner.map(|w| t.total_vp(w)).unwrap_or(0),
                t.winner.map(|w| t.total_vp(1 - w)).unwrap_or(0)
            ),
        };
    }
    match s.stage {
        Stage::Removal => {
            return Next::Bot {
                prompt: "Roll the removal of land for the fictive players.".into(),
            }
        }
        Stage::RemovalDecided { reroll } => {
            return Next::Bot {
                prompt: if reroll {
                    "Roll the removal again."
                } else {
                    "Apply the removal and find the first player."
                }
                .into(),
            }
        }
        Stage::RemovalVote { seat } => {
            return Next::Human {
                seats: vec![Seat(seat as u8)],
                prompt: format!(
                    "Seat {}: roll the removal again? (removal_vote)",
                    seat_id(seat)
                ),
            }
        }
        Stage::Play => {}
    }
    if let Some(ft) = &s.fictive {
        return match ft.human_seat(t) {
            Some(seat) => Next::Human {
                seats: vec![Seat(seat as u8)],
                prompt: match ft.stage {
                    FictiveStage::Discards => format!(
                        "Seat {}: discard half of your cards (fictive 7).",
                        seat_id(seat)
                    ),
                    FictiveStage::Robber => format!(
                        "Seat {}: move the robber for {}.",
                        seat_id(seat),
                        ft.fictive.id()
                    ),
                    _ => format!("Seat {}: your move in the auction.", seat_id(seat)),
                },
            },
            None => Next::Bot {
                prompt: format!("Run the turn of {}.", ft.fictive.id()),
            },
        };
    }
    match t.expected_seat() {
        Some(seat) => Next::Human {
            seats: vec![Seat(seat as u8)],
            prompt: prompt(t, seat),
        },
        None => Next::Bot {
            prompt: "Run the next step.".into(),
        },
    }
}

fn prompt(t: &Table, seat: usize) -> String {
    let who = seat_id(seat);
    if let Some(p) = t.pending.first() {
        return match p {
            Pending::Discard { count, .. } => {
                format!("Seat {who}: discard {count} cards (a 7 was rolled).")
            }
            Pending::Robber { .. } => format!("Seat {who}: move the robber."),
            Pending::TradeResponse { .. } => {
                format!("Seat {who}: accept or reject the trade offer.")
            }
            _ => format!("Seat {who}: answer the open decision."),
        };
    }
    match t.phase {
        Phase::Setup => format!(
            "Seat {who}: place a set-up {}.",
            if t.setup_settlement.is_some() {
                "road"
            } else {
                "settlement"
            }
        ),
        Phase::PreRoll => format!("Seat {who}: roll (a development card may be played first)."),
        _ => format!("Seat {who}: build, buy, trade, or end the turn."),
    }
}

pub fn bot_turn(s: &State, dice: &mut Dice) -> Result<(State, Vec<Event>), RuleError> {
    if matches!(next(s), Next::Human { .. } | Next::Finished { .. }) {
        return Err(RuleError::out_of_turn(
            "CSW-TURN-3",
            "no bot step is due now",
        ));
    }
    let mut st = s.clone();
    let mut ev = Vec::new();
    match st.stage {
        Stage::Removal | Stage::RemovalDecided { reroll: true } => {
            if st.stage != Stage::Removal {
                st.removal.rerolls += 1;
                ev.push(Event::new(
                    "removal_rerolled",
                    "CSW-SETUP-8",
                    "Both players agreed: the removal is rolled again.",
                ));
            }
            let decided = removal::roll_until_decided(
                &st.options,
                &st.table.board,
                &mut st.removal,
                dice,
                &mut ev,
            )?;
            if decided {
                finish_setup(&mut st, dice, &mut ev)?;
            } else {
                st.stage = Stage::RemovalVote { seat: 0 };
            }
        }
        Stage::RemovalDecided { reroll: false } => {
            removal::keep(&mut st.removal, &mut ev, "the players keep it");
            finish_setup(&mut st, dice, &mut ev)?;
        }
        Stage::RemovalVote { .. } => {
            return Err(RuleError::out_of_turn(
                "CSW-SETUP-8",
                "the players are voting",
            ))
        }
        Stage::Play => {
            let Some(mut ft) = st.fictive.take() else {
                return Err(RuleError::out_of_turn(
                    "CSW-TURN-3",
                    "no fictive turn is due",
                ));
            };
            let rd = st.options.resource_die;
            let ended = fictive::run(&mut st.table, &mut ft, &rd, dice, &mut ev)?;
            if !ended {
                st.fictive = Some(ft);
            }
        }
    }
    Ok((st, ev))
}

fn finish_setup(st: &mut State, dice: &mut Dice, ev: &mut Vec<Event>) -> Result<(), RuleError> {
    removal::apply(&mut st.table.board, &mut st.removal, ev);
    let fp = st.options.first_player;
    st.table.choose_first_player(fp, dice, ev)?;
    st.stage = Stage::Play;
    Ok(())
}

fn remap(e: RuleError) -> RuleError {
    // Unplayable spots are this game's removal (CSW-SETUP-6).
    if e.rule == "CAT-BUILD-7" {
        RuleError {
            rule: "CSW-SETUP-6".into(),
            ..e
        }
    } else {
        e
    }
}

pub fn play(
    s: &State,
    seat: Seat,
    mv: &Move,
    dice: &mut Dice,
) -> Result<(State, Vec<Event>), RuleError> {
    let expected: Vec<Seat> = match next(s) {
        Next::Human { seats, .. } => seats,
        Next::Bot { .. } => Vec::new(),
        Next::Finished { .. } => return Err(RuleError::illegal("CAT-END-3", "the game is over")),
    };
    let Some(si) = seat_index(seat) else {
        return Err(RuleError::out_of_turn(
            "CSW-GEN-1",
            "there are only seats a and b",
        ));
    };
    if !expected.contains(&seat) {
        let rule = if s.fictive.is_some() {
            "CSW-FIC-8"
        } else if s.stage != Stage::Play {
            "CSW-SETUP-1"
        } else if s.table.phase == Phase::Setup {
            "CAT-SETUP-5"
        } else {
            "CAT-TURN-1"
        };
        return Err(RuleError::out_of_turn(
            rule,
            format!("it is not seat {}'s move now", seat_id(si)),
        ));
    }
    let mut st = s.clone();
    let mut ev = Vec::new();
    if let Stage::RemovalVote { seat: v } = st.stage {
        let Move::RemovalVote { reroll } = mv else {
            return Err(RuleError::illegal(
                "CSW-SETUP-8",
                "vote on the removal first (removal_vote)",
            ));
        };
        st.removal.votes[v] = Some(*reroll);
        ev.push(Event::new(
            "removal_vote",
            "CSW-SETUP-8",
            format!(
                "Seat {} votes {}.",
                seat_id(v),
                if *reroll { "to roll again" } else { "to keep" }
            ),
        ));
        st.stage = if v == 0 {
            Stage::RemovalVote { seat: 1 }
        } else {
            Stage::RemovalDecided {
                reroll: st.removal.votes == [Some(true), Some(true)],
            }
        };
        return Ok((st, ev));
    }
    let hk = hooks(&st.options);
    if let Some(mut ft) = st.fictive.take() {
        play_fictive(&mut st, &mut ft, si, mv, dice, &hk, &mut ev)?;
        st.fictive = Some(ft);
        return Ok((st, ev));
    }
    let Some(base) = mv.to_base() else {
        return Err(RuleError::illegal(
            "CSW-TURN-1",
            "that move belongs to a fictive turn",
        ));
    };
    let out = st
        .table
        .apply(si, &base, dice, &hk, &mut ev)
        .map_err(remap)?;
    match out {
        Outcome::Done => {}
        Outcome::Monopoly(r) => monopoly_bonus(&mut st, si, r, dice, &mut ev)?,
        Outcome::TurnEnded => {
            // CSW-TURN-3 / CSW-FIC-1: the runner's fictive turn follows.
            let ft = FictiveTurn::new(&st.table, si);
            ev.push(
                Event::new(
                    "fictive_turn",
                    "CSW-FIC-1",
                    format!(
                        "Seat {} now runs a turn for {}.",
                        seat_id(si),
                        ft.fictive.id()
                    ),
                )
                .data(json!({"fictive": ft.fictive})),
            );
            st.fictive = Some(ft);
        }
    }
    Ok((st, ev))
}

/// CSW-MONO-1, -2: the fictive players' share, from the bank.
fn monopoly_bonus(
    st: &mut State,
    seat: usize,
    r: Resource,
    dice: &mut Dice,
    ev: &mut Vec<crate::engine::legacy::Event>,
) -> Result<(), RuleError> {
    let d = dice.roll_many(2, 6, "CAT-RNG-2")?;
    let bonus = u32::from(d[0].saturating_sub(2)) + u32::from(d[1].saturating_sub(2));
    let have = st.table.bank.resources.get(r);
    let got = bonus.min(have);
    st.table.bank.resources.take(r, got);
    st.table.players[seat].hand.add(r, got);
    ev.push(
        Event::new(
            "monopoly_bonus",
            if got < bonus { "CSW-MONO-2" } else { "CSW-MONO-1" },
            format!(
                "Monopoly dice {} and {}: {} + {} = {bonus} more {r} from the fictive players (the bank){}.",
                d[0],
                d[1],
                d[0].saturating_sub(2),
                d[1].saturating_sub(2),
                if got < bonus { format!(", but the bank holds only {got}") } else { String::new() }
            ),
        )
        .dice(&d)
        .data(json!({"bonus": bonus, "received": got})),
    );
    st.table.check_win(ev);
    Ok(())
}

fn play_fictive(
    st: &mut State,
    ft: &mut FictiveTurn,
    seat: usize,
    mv: &Move,
    dice: &mut Dice,
    hk: &Hooks,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let wrong = || {
        RuleError::illegal(
            "CSW-FIC-8",
            "during a fictive turn only discards, the robber move and the auction are possible",
        )
    };
    match (ft.stage, mv) {
        (FictiveStage::Discards, Move::Discard { cards }) => {
            st.table
                .apply(seat, &BaseMove::Discard { cards: *cards }, dice, hk, ev)?;
            if st.table.pending.is_empty() {
                ft.stage = FictiveStage::Chooser;
            }
        }
        (FictiveStage::Robber, Move::MoveRobber { hex, stolen }) => {
            st.table
                .apply(
                    seat,
                    &BaseMove::MoveRobber {
                        hex: *hex,
                        stolen: *stolen,
                    },
                    dice,
                    hk,
                    ev,
                )
                .map_err(|e| {
                    if e.rule == "CAT-ROB-1" && e.detail.contains("leave") {
                        RuleError {
                            rule: "CSW-FIC-5".into(),
                            ..e
                        }
                    } else {
                        e
                    }
                })?;
            ft.stage = FictiveStage::Offer;
        }
        (FictiveStage::Auction, _) => {
            let Some(a) = ft.auction.as_mut() else {
                return Err(wrong());
            };
            match mv {
                Move::AuctionBid { card } => fictive::enter(&st.table, a, seat, Some(*card), ev)?,
                Move::AuctionPass => fictive::enter(&st.table, a, seat, None, ev)?,
                Move::AuctionRaise { cards } => fictive::raise(&st.table, a, seat, cards, ev)?,
                Move::AuctionStand => fictive::stand(a, seat, ev)?,
                _ => return Err(wrong()),
            }
            if a.end.is_some() {
                ft.stage = FictiveStage::Close;
            }
        }
        _ => return Err(wrong()),
    }
    Ok(())
}

pub fn legal_moves(s: &State, seat: Seat) -> Vec<Move> {
    let Some(si) = seat_index(seat) else {
        return Vec::new();
    };
    match next(s) {
        Next::Human { seats, .. } if seats.contains(&seat) => {}
        _ => return Vec::new(),
    }
    if let Stage::RemovalVote { .. } = s.stage {
        return vec![
            Move::RemovalVote { reroll: true },
            Move::RemovalVote { reroll: false },
        ];
    }
    let hk = hooks(&s.options);
    if let Some(ft) = &s.fictive {
        return match ft.stage {
            FictiveStage::Discards | FictiveStage::Robber => s
                .table
                .legal_moves(si, &hk)
                .into_iter()
                .map(Move::from_base)
                .collect(),
            FictiveStage::Auction => auction_moves(s, ft, si),
            _ => Vec::new(),
        };
    }
    s.table
        .legal_moves(si, &hk)
        .into_iter()
        .map(Move::from_base)
        .collect()
}

fn auction_moves(s: &State, ft: &FictiveTurn, seat: usize) -> Vec<Move> {
    let Some(a) = &ft.auction else {
        return Vec::new();
    };
    let hand = s.table.players[seat].hand;
    if !a.bidding {
        let mut out: Vec<Move> = hand
            .kinds()
            .into_iter()
            .map(|card| Move::AuctionBid { card })
            .collect();
        out.push(Move::AuctionPass);
        return out;
    }
    let mine = a.offers[seat].unwrap_or_default();
    let other = a.offers[1 - seat].map(|c| c.total()).unwrap_or(0);
    let mut out = vec![Move::AuctionStand];
    if let Some(free) = hand.minus(&mine) {
        let need = (other + 1).saturating_sub(mine.total());
        if need >= 1 && free.total() >= need {
            let mut raise = crate::games::catan::data::Cards::default();
            for r in free.listed().into_iter().take(need as usize) {
                raise.add(r, 1);
            }
            out.push(Move::AuctionRaise { cards: raise });
        }
    }
    out
}
