//! Every legal move of a seat: listed, or as templates whose free fields
//! list their whole domain. The checks are the ones `play` runs.

use super::flow::{fictive_seat, hooks, next};
use super::moves::{Move, ShadowMove};
use super::state::{FictiveStage, Stage, State};
use crate::engine::{Domain, Legal, Next, Param, Seat};
use crate::games::catan::board::other;
use crate::games::catan::legal::pick;
use crate::games::catan::{Cards, Resource};

pub fn legal_moves(s: &State, seat: Seat) -> Vec<Legal<Move>> {
    match next(s) {
        Next::Human { seats, .. } if seats.contains(&seat) => {}
        _ => return Vec::new(),
    }
    if let Stage::RemovalVote { .. } = s.stage {
        return vec![
            Legal::Move(ShadowMove::RemovalVote { reroll: true }.into()),
            Legal::Move(ShadowMove::RemovalVote { reroll: false }.into()),
        ];
    }
    let hk = hooks(&s.options);
    if let Some(ft) = &s.fictive {
        if fictive_seat(ft, &s.table) != Some(seat) {
            return Vec::new();
        }
        return match ft.stage {
            FictiveStage::Discards | FictiveStage::Robber => s.table.legal_moves(seat, &hk),
            FictiveStage::Auction => auction_moves(s, seat),
            _ => Vec::new(),
        };
    }
    s.table.legal_moves(seat, &hk)
}

fn auction_moves(s: &State, seat: Seat) -> Vec<Legal<Move>> {
    let Some(a) = s.fictive.as_ref().and_then(|f| f.auction.as_ref()) else {
        return Vec::new();
    };
    let hand = s.table.player(seat).hand;
    let mut out = Vec::new();
    if !a.bidding {
        out.extend(pick(
            ShadowMove::AuctionBid {
                card: Resource::Brick,
            }
            .into(),
            "card",
            &hand.kinds(),
        ));
        out.push(Legal::Move(ShadowMove::AuctionPass.into()));
        return out;
    }
    out.push(Legal::Move(ShadowMove::AuctionStand.into()));
    let mine = a.offer(seat);
    let theirs = a.offer(other(seat)).total();
    if let Some(free) = hand.minus(&mine) {
        let need = (theirs + 1).saturating_sub(mine.total()).max(1);
        if free.total() >= need {
            out.push(Legal::Template {
                base: ShadowMove::AuctionRaise {
                    cards: Cards::empty(),
                }
                .into(),
                params: vec![Param::new(
                    "cards",
                    Domain::Bundle {
                        of: free.domain(),
                        min: need,
                        max: free.total(),
                        apart_from: None,
                    },
                )],
            });
        }
    }
    out
}
