//! The removal of land for the fictive players (CSW-SETUP-1..-10).

use serde::{Deserialize, Serialize};
use serde_json::json;

use super::data::{Options, RerollPolicy};
use crate::engine::legacy::{Dice, Event, RuleError};
use crate::games::catan::board::Board;
use crate::games::catan::data::is_red;
use crate::games::catan::geometry::{geo, Hex, HexId, Side, EDGE_COUNT, VERTEX_COUNT};

/// One removal roll (kept or rejected).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RemovalRoll {
    pub dice: [u8; 2],
    pub sides: Vec<Side>,
    pub hexes: Vec<Hex>,
    pub red_tokens_lost: u32,
    pub kept: bool,
}

/// The removal so far.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Removal {
    pub rolls: Vec<RemovalRoll>,
    pub rerolls: u32,
    /// Votes of seats a and b on the last roll (`reroll_policy: "vote"`).
    pub votes: [Option<bool>; 2],
    pub applied: bool,
}

/// The hexes dice `d` remove (CSW-SETUP-2..-4): two sides' 3 hexes each
/// (5 when adjacent), or on a double the side and the row behind it (7).
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
        .filter(|h| board.tiles[**h].token.is_some_and(is_red))
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

/// Rolls once, records and announces it.
pub fn roll_once(
    opts: &Options,
    board: &Board,
    removal: &mut Removal,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let v = dice.roll_many(2, 6, "CAT-RNG-2")?;
    let d = [v[0], v[1]];
    let (sides, hexes) = removal_hexes(opts, d);
    let red = red_count(board, &hexes);
    let rule = if d[0] == d[1] {
        "CSW-SETUP-4"
    } else {
        "CSW-SETUP-3"
    };
    let hx: Vec<Hex> = hexes.iter().map(|h| geo().hexes[*h]).collect();
    events.push(
        Event::new(
            "removal_roll",
            rule,
            format!(
                "Removal roll {}+{}: sides {:?} lose {} hexes, {} red token(s).",
                d[0],
                d[1],
                sides,
                hexes.len(),
                red
            ),
        )
        .dice(&d)
        .data(json!({"dice": d, "sides": sides, "hexes": hx, "red_tokens_lost": red})),
    );
    removal.rolls.push(RemovalRoll {
        dice: d,
        sides,
        hexes: hx,
        red_tokens_lost: red,
        kept: false,
    });
    Ok(())
}

/// Runs the automatic policy from a fresh roll (CSW-SETUP-8, -9). Returns
/// true when the last roll is decided (kept), false when votes are needed.
pub fn roll_until_decided(
    opts: &Options,
    board: &Board,
    removal: &mut Removal,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Result<bool, RuleError> {
    loop {
        roll_once(opts, board, removal, dice, events)?;
        let red = removal.rolls.last().map(|r| r.red_tokens_lost).unwrap_or(0);
        if opts.reroll_policy == RerollPolicy::Vote {
            if removal.rerolls >= opts.max_removal_rerolls {
                keep(
                    removal,
                    events,
                    "the re-roll limit is reached: this removal stands",
                );
                return Ok(true);
            }
            removal.votes = [None, None];
            return Ok(false);
        }
        if policy_rejects(opts.reroll_policy, red) {
            if removal.rerolls < opts.max_removal_rerolls {
                removal.rerolls += 1;
                events.push(Event::new(
                    "removal_rerolled",
                    "CSW-SETUP-8",
                    format!("{red} red tokens would vanish: the removal is rolled again."),
                ));
                continue;
            }
            keep(
                removal,
                events,
                "the re-roll limit is reached: this removal stands",
            );
            if let Some(e) = events.last_mut() {
                e.rule = "CSW-SETUP-9".into();
            }
            return Ok(true);
        }
        keep(removal, events, "the removal stands");
        return Ok(true);
    }
}

/// Marks the last roll kept.
pub fn keep(removal: &mut Removal, events: &mut Vec<Event>, why: &str) {
    if let Some(r) = removal.rolls.last_mut() {
        r.kept = true;
    }
    events.push(Event::new(
        "removal_kept",
        "CSW-SETUP-8",
        format!("Removal kept: {why}."),
    ));
}

/// Takes the kept hexes out (CSW-SETUP-5), marks the unplayable spots
/// (CSW-SETUP-6) and the harbours out of play (CSW-SETUP-7).
pub fn apply(board: &mut Board, removal: &mut Removal, events: &mut Vec<Event>) {
    let hexes: Vec<HexId> = removal
        .rolls
        .last()
        .map(|r| r.hexes.iter().filter_map(|h| h.id()).collect())
        .unwrap_or_default();
    for h in &hexes {
        board.tiles[*h].removed = true;
    }
    let g = geo();
    board.unplayable_vertices = (0..VERTEX_COUNT)
        .filter(|v| g.vertex_hexes[*v].iter().any(|h| board.tiles[*h].removed))
        .collect();
    board.unplayable_edges = (0..EDGE_COUNT)
        .filter(|e| g.edge_hexes[*e].iter().any(|h| board.tiles[*h].removed))
        .collect();
    board.refresh_harbours();
    removal.applied = true;
    let out: Vec<u8> = board
        .harbours
        .iter()
        .filter(|h| !h.in_play)
        .map(|h| h.position)
        .collect();
    let desert_removed = board.tiles[board.robber].removed;
    events.push(
        Event::new(
            "removal_applied",
            "CSW-SETUP-6",
            format!(
                "{} hexes leave the island; {} intersections and {} paths stay playable; harbours out of play: {:?}{}.",
                hexes.len(),
                VERTEX_COUNT - board.unplayable_vertices.len(),
                EDGE_COUNT - board.unplayable_edges.len(),
                out,
                if desert_removed { "; the robber starts on the removed desert (CSW-SETUP-10)" } else { "" }
            ),
        )
        .data(json!({
            "removed": hexes.iter().map(|h| g.hexes[*h]).collect::<Vec<_>>(),
            "unplayable_vertices": board.unplayable_vertices.iter().map(|v| g.vertices[*v]).collect::<Vec<_>>(),
            "unplayable_edges": board.unplayable_edges.iter().map(|e| g.edges[*e]).collect::<Vec<_>>(),
            "harbours_out": out,
        })),
    );
}
