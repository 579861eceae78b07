//! Longest trail (CAT-AWARD-1) and the award hand-over rules (CAT-AWARD-2, -3).

use super::board::{Board, Colour, Island, Piece};
use super::events::ColourLength;
use super::geometry::{EdgeId, VertexId};

/// Length of the longest trail of `colour`: own roads, each used once, joined
/// at ends that hold nothing of another colour (buildings, and pieces such
/// as knights) (CAT-AWARD-1). Any [`Island`]: a [`Board`], or a game's own
/// tables read as one.
pub fn road_length<I: Island + ?Sized>(board: &I, colour: Colour) -> u32 {
    let mut used = vec![false; EdgeId::COUNT];
    let mut best = 0;
    for e in EdgeId::all().filter(|e| board.road_at(*e) == Some(colour)) {
        for end in e.ends() {
            used[e.index()] = true;
            let len = 1 + extend(board, colour, end, &mut used);
            used[e.index()] = false;
            best = best.max(len);
        }
    }
    best
}

/// Longest continuation from intersection `v` (reached by a used road).
fn extend<I: Island + ?Sized>(board: &I, colour: Colour, v: VertexId, used: &mut [bool]) -> u32 {
    if board.blocked_for(v, colour) {
        return 0;
    }
    let mut best = 0;
    for &e in v.edges() {
        if used[e.index()] || board.road_at(e) != Some(colour) {
            continue;
        }
        used[e.index()] = true;
        best = best.max(1 + extend(board, colour, e.other_end(v), used));
        used[e.index()] = false;
    }
    best
}

/// The hand-over rule shared by both special cards (CAT-AWARD-2, -3): the
/// holder keeps it while level with the best; else a sole best at or above
/// `threshold` takes it; else it is set aside.
pub fn award_holder<K: Copy + PartialEq>(
    holder: Option<K>,
    values: &[(K, u32)],
    threshold: u32,
) -> Option<K> {
    let m = values.iter().map(|(_, v)| *v).max().unwrap_or(0);
    if m < threshold {
        return None;
    }
    if let Some(h) = holder {
        if values.iter().any(|(k, v)| *k == h && *v == m) {
            return Some(h);
        }
    }
    let best: Vec<K> = values
        .iter()
        .filter(|(_, v)| *v == m)
        .map(|(k, _)| *k)
        .collect();
    if best.len() == 1 {
        Some(best[0])
    } else {
        None
    }
}

/// Every colour's trail length: the real seats and every colour with a road.
pub fn lengths<P: Piece>(board: &Board<P>) -> Vec<ColourLength> {
    let mut colours: Vec<Colour> = vec![Colour::A, Colour::B];
    for c in board.roads.iter().flatten() {
        if !colours.contains(c) {
            colours.push(*c);
        }
    }
    colours.sort();
    colours
        .into_iter()
        .map(|colour| ColourLength {
            colour,
            length: road_length(board, colour),
        })
        .collect()
}

/// Recomputes Longest Road (CAT-AWARD-2, neutral colours included,
/// CAT-DUO-16). Returns the new holder and every length when the holder
/// changed.
pub fn longest_road<P: Piece>(
    board: &Board<P>,
    holder: Option<Colour>,
) -> (Option<Colour>, Vec<ColourLength>) {
    let lengths = lengths(board);
    let values: Vec<(Colour, u32)> = lengths.iter().map(|l| (l.colour, l.length)).collect();
    (award_holder(holder, &values, 5), lengths)
}
