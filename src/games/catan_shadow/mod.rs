//! `catan-shadow`: Catan for two with two fictive players ("Schattenwirtschaft",
//! seed 002, rule prefix CSW) on top of the shared core [`crate::games::catan`].
//!
//! Set-up removes 5, 6 or 7 land hexes for the fictive players (`removal`),
//! real turns are Part A of the core, and after every real turn the bot runs
//! a fictive turn whose decisions go to the human seats (`fictive`).

pub mod data;
pub mod fictive;
pub mod removal;
pub mod rules;
pub mod view;

#[cfg(test)]
mod examples_tests;
#[cfg(test)]
mod random_tests;
#[cfg(test)]
mod tests;

use crate::engine::legacy::{Dice, Game, Next, RuleError, Seat, SeatInfo, Step};

pub use data::{Move, Options};
pub use rules::State;

pub struct CatanShadow;

/// With manual dice every die comes from the request, and none may be left over (CAT-RNG-2).
fn with_dice<T>(
    manual: bool,
    dice: &mut Dice,
    f: impl FnOnce(&mut Dice) -> Result<T, RuleError>,
) -> Result<T, RuleError> {
    if manual {
        dice.set_table_only(true);
    }
    let out = f(dice)?;
    if manual && dice.table_left() > 0 {
        return Err(RuleError::illegal(
            "CAT-RNG-2",
            format!(
                "{} dice were sent but not needed for this step",
                dice.table_left()
            ),
        ));
    }
    Ok(out)
}

impl Game for CatanShadow {
    const ID: &'static str = "catan-shadow";
    const TITLE: &'static str = "Catan for two: Shadow Economy (Schattenwirtschaft)";
    type Options = Options;
    type State = State;
    type Move = Move;

    fn seats(_: &Options) -> Vec<SeatInfo> {
        vec![
            SeatInfo::human("a", "Player a"),
            SeatInfo::human("b", "Player b"),
        ]
    }

    fn start(options: &Options, dice: &mut Dice) -> Result<Step<State>, RuleError> {
        let (s, ev) = with_dice(options.manual_dice(), dice, |d| rules::start(options, d))?;
        Ok(Step::new(s, ev))
    }

    fn play(
        state: &State,
        seat: Seat,
        mv: &Move,
        dice: &mut Dice,
    ) -> Result<Step<State>, RuleError> {
        let (s, ev) = with_dice(state.options.manual_dice(), dice, |d| {
            rules::play(state, seat, mv, d)
        })?;
        Ok(Step::new(s, ev))
    }

    fn bot_turn(state: &State, dice: &mut Dice) -> Result<Step<State>, RuleError> {
        let (s, ev) = with_dice(state.options.manual_dice(), dice, |d| {
            rules::bot_turn(state, d)
        })?;
        Ok(Step::new(s, ev))
    }

    fn next(state: &State) -> Next {
        rules::next(state)
    }

    type View<'a> = view::View<'a>;

    fn view(state: &State, seat: Option<Seat>) -> view::View<'_> {
        view::view(state, seat)
    }

    fn legal_moves(state: &State, seat: Seat) -> Vec<Move> {
        rules::legal_moves(state, seat)
    }
}
