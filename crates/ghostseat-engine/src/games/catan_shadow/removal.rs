//! The removal of land for the fictive players (CSW-SETUP-1..-10).

use super::events::{Event, KeepReason};
use super::options::{Options, RerollPolicy};
use super::state::{Removal, RemovalRoll};
use super::text::TableDie;
use crate::engine::{NeedWords, RuleError, Turn};
use crate::games::catan::board::Board;
use crate::games::catan::data::is_red;
use crate::games::catan::geometry::{EdgeId, HexId, Side, VertexId};
use crate::games::catan::steps::hex_info;

/// The sides dice `d` name and the hexes they remove (CSW-SETUP-2..-4): two
/// sides' 3 hexes each (5 when adjacent), or on a double the side and the
/// row behind it (7).
pub fn removal_hexes(opts: &Options, d: [u8; 2]) -> (Vec<Side>, Vec<HexId>) {
    let side = |f: u8| opts.side_numbering[(f.clamp(1, 6) - 1) as usize];
    let mut hexes;
    let sides;
    if d[0] == d[1] {
        let s = side(d[0]);
        sides = vec![s];
        hexes = s.hexes();
        hexes.extend(s.row_behind());
    } else {
        let (a, b) = (side(d[0]), side(d[1]));
        sides = vec![a, b];
        hexes = a.hexes();
        hexes.extend(b.hexes());
    }
    hexes.sort();
    hexes.dedup();
    (sides, hexes)
}

/// Red tokens (6, 8) on the given hexes (CSW-SETUP-8).
pub fn red_count(board: &Board, hexes: &[HexId]) -> u32 {
    hexes
        .iter()
        .filter(|h| board.tile(**h).token.is_some_and(is_red))
        .count() as u32
}

/// Whether the policy rejects a roll losing `red` red tokens (CSW-SETUP-8).
pub fn policy_rejects(policy: RerollPolicy, red: u32) -> bool {
    match policy {
        RerollPolicy::TwoRed => red >= 2,
        RerollPolicy::MoreThanTwoRed => red >= 3,
        RerollPolicy::Never | RerollPolicy::Vote => false,
    }
}

/// Rolls the removal once (both dice in one request), records and announces it.
pub fn roll_once(
    opts: &Options,
    board: &Board,
    removal: &mut Removal,
    turn: &mut Turn<'_, Event>,
) -> Result<(), RuleError> {
    let words = (1..=2)
        .map(|n| NeedWords::new(TableDie::Removal { n }))
        .collect();
    let v = turn.chance.roll_as(6, "CAT-RNG-2", words)?;
    let d = [v[0], v[1]];
    let (sides, hexes) = removal_hexes(opts, d);
    let red = red_count(board, &hexes);
    let rule = if d[0] == d[1] {
        "CSW-SETUP-4"
    } else {
        "CSW-SETUP-3"
    };
    let infos: Vec<_> = hexes.iter().map(|h| hex_info(board, *h)).collect();
    turn.emit(
        rule,
        Event::RemovalRoll {
            sides: sides.clone(),
            hexes: infos.clone(),
            red_tokens: red,
        },
    )
    .dice(&d);
    removal.rolls.push(RemovalRoll {
        dice: d,
        sides,
        hexes: infos,
        red_tokens_lost: red,
        kept: false,
    });
    Ok(())
}

/// Runs the automatic policy from a fresh roll (CSW-SETUP-8, -9). Returns
/// true when the last roll is kept, false when the players vote on it.
pub fn roll_until_decided(
    opts: &Options,
    board: &Board,
    removal: &mut Removal,
    turn: &mut Turn<'_, Event>,
) -> Result<bool, RuleError> {
    loop {
        roll_once(opts, board, removal, turn)?;
        let red = removal.rolls.last().map(|r| r.red_tokens_lost).unwrap_or(0);
        if opts.reroll_policy == RerollPolicy::Vote {
            if removal.rerolls >= opts.max_removal_rerolls {
                keep(removal, turn, KeepReason::Limit);
                return Ok(true);
            }
            removal.votes = [None, None];
            return Ok(false);
        }
        if !policy_rejects(opts.reroll_policy, red) {
            keep(removal, turn, KeepReason::Policy);
            return Ok(true);
        }
        if removal.rerolls >= opts.max_removal_rerolls {
            keep(removal, turn, KeepReason::Limit);
            return Ok(true);
        }
        removal.rerolls += 1;
        turn.emit(
            "CSW-SETUP-8",
            Event::RemovalRerolled {
                red_tokens: red,
                by_vote: false,
            },
        );
    }
}

/// Marks the last roll kept (CSW-SETUP-8; CSW-SETUP-9 at the limit).
pub fn keep(removal: &mut Removal, turn: &mut Turn<'_, Event>, reason: KeepReason) {
    if let Some(r) = removal.rolls.last_mut() {
        r.kept = true;
    }
    let rule = if reason == KeepReason::Limit {
        "CSW-SETUP-9"
    } else {
        "CSW-SETUP-8"
    };
    turn.emit(rule, Event::RemovalKept { reason });
}

/// Takes the kept hexes out (CSW-SETUP-5), marks the unplayable spots
/// (CSW-SETUP-6) and the harbours out of play (CSW-SETUP-7).
pub fn apply(board: &mut Board, removal: &mut Removal, turn: &mut Turn<'_, Event>) {
    let hexes: Vec<HexId> = removal
        .rolls
        .last()
        .map(|r| r.hexes.iter().map(|h| h.hex).collect())
        .unwrap_or_default();
    for h in &hexes {
        board.tiles[h.index()].removed = true;
    }
    board.unplayable_vertices = VertexId::all()
        .filter(|v| v.hexes().iter().any(|h| board.tile(*h).removed))
        .collect();
    board.unplayable_edges = EdgeId::all()
        .filter(|e| e.hexes().iter().any(|h| board.tile(*h).removed))
        .collect();
    board.refresh_harbours();
    removal.applied = true;
    let harbours_out: Vec<u8> = board
        .harbours
        .iter()
        .filter(|h| !h.in_play)
        .map(|h| h.position)
        .collect();
    let robber_on_removed_desert = board.tile(board.robber).removed;
    turn.emit(
        "CSW-SETUP-6",
        Event::RemovalApplied {
            removed: hexes,
            playable_vertices: (VertexId::COUNT - board.unplayable_vertices.len()) as u32,
            playable_edges: (EdgeId::COUNT - board.unplayable_edges.len()) as u32,
            harbours_out,
            robber_on_removed_desert,
        },
    );
}
