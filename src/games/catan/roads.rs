//! Longest trail (CAT-AWARD-1) and the award hand-over rules (CAT-AWARD-2, -3).

use super::board::{Board, Colour};
use super::geometry::{geo, EdgeId, VertexId};

/// Length of the longest trail of `colour`: own roads, each used once, joined
/// at ends that hold no other colour's building or blocker (CAT-AWARD-1).
pub fn road_length(board: &Board, colour: Colour) -> u32 {
    let edges: Vec<EdgeId> = (0..board.roads.len())
        .filter(|e| board.roads[*e] == Some(colour))
        .collect();
    let mut used = vec![false; board.roads.len()];
    let mut best = 0;
    for &e in &edges {
        for end in geo().edge_ends[e] {
            used[e] = true;
            let len = 1 + extend(board, colour, end, &mut used);
            used[e] = false;
            best = best.max(len);
        }
    }
    best
}

/// Longest continuation from intersection `v` (reached by a used road).
fn extend(board: &Board, colour: Colour, v: VertexId, used: &mut [bool]) -> u32 {
    if board.occupant(v).is_some_and(|c| c != colour) {
        return 0;
    }
    let mut best = 0;
    for &e in &geo().vertex_edges[v] {
        if used[e] || board.roads[e] != Some(colour) {
            continue;
        }
        let [a, b] = geo().edge_ends[e];
        let other = if a == v { b } else { a };
        used[e] = true;
        best = best.max(1 + extend(board, colour, other, used));
        used[e] = false;
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
