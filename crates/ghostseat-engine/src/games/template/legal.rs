//! Every legal move of a seat, as a template whose free field lists its whole domain. The
//! checks are the ones [`super::rules`] runs.

use super::flow::{most, next};
use super::moves::Move;
use super::state::State;
use crate::engine::{Domain, Legal, Next, Param, Seat};

pub fn legal_moves(s: &State, seat: Seat) -> Vec<Legal<Move>> {
    match next(s) {
        Next::Human { seats, .. } if seats.contains(&seat) => {}
        _ => return Vec::new(),
    }
    vec![Legal::Template {
        base: Move::Take { stones: 1 },
        params: vec![Param::new(
            "stones",
            Domain::Integer {
                min: 1,
                max: Some(i64::from(most(s))),
            },
        )],
    }]
}
