//! Map geometry (TMA-MAP-*): cells in reading order, neighbours, river range,
//! path distance with human buildings as walls, hex distance, bridges, networks.

use std::collections::{BTreeMap, VecDeque};
use std::sync::OnceLock;

use super::data::Terrain;
use super::ids::{Letter, MapId};
use super::maps::MAPS;

/// One cell of a map (*Feld*). Index = reading order (TMA-MAP-2).
#[derive(Debug, Clone)]
pub struct CellInfo {
    pub name: String,
    pub row: usize,
    pub x2: i32,
    /// None = river.
    pub terrain: Option<Terrain>,
    /// First/last cell of its row, or first/last row (Outposts).
    pub edge: bool,
}

#[derive(Debug, Clone)]
pub struct MapGeo {
    pub id: &'static str,
    pub cells: Vec<CellInfo>,
    pub nbrs: Vec<Vec<usize>>,
    pub by_name: BTreeMap<String, usize>,
    /// (row, x2) → cell.
    pub by_pos: BTreeMap<(usize, i32), usize>,
}

impl MapGeo {
    fn build(id: &'static str, rows: &[(&str, bool, &str)]) -> MapGeo {
        let mut cells = Vec::new();
        let nrows = rows.len();
        for (r, (_, indented, text)) in rows.iter().enumerate() {
            let toks: Vec<&str> = text.split_whitespace().collect();
            let n = toks.len();
            for (i, tok) in toks.iter().enumerate() {
                let (name, terrain) = match tok.split_once(':') {
                    Some((nm, t)) => (
                        nm.to_string(),
                        t.chars().next().and_then(Terrain::from_letter),
                    ),
                    None => (tok.to_string(), None),
                };
                cells.push(CellInfo {
                    name,
                    row: r,
                    x2: 2 * i as i32 + i32::from(*indented),
                    terrain,
                    edge: i == 0 || i + 1 == n || r == 0 || r + 1 == nrows,
                });
            }
        }
        let mut by_pos = BTreeMap::new();
        let mut by_name = BTreeMap::new();
        for (i, c) in cells.iter().enumerate() {
            by_pos.insert((c.row, c.x2), i);
            by_name.insert(c.name.clone(), i);
        }
        let mut nbrs = vec![Vec::new(); cells.len()];
        for (i, c) in cells.iter().enumerate() {
            let mut cand = vec![(c.row, c.x2 - 2), (c.row, c.x2 + 2)];
            for dr in [-1i32, 1] {
                let r = c.row as i32 + dr;
                if r >= 0 {
                    cand.push((r as usize, c.x2 - 1));
                    cand.push((r as usize, c.x2 + 1));
                }
            }
            let mut v: Vec<usize> = cand.iter().filter_map(|p| by_pos.get(p).copied()).collect();
            v.sort();
            nbrs[i] = v;
        }
        MapGeo {
            id,
            cells,
            nbrs,
            by_name,
            by_pos,
        }
    }

    pub fn is_land(&self, c: usize) -> bool {
        self.cells.get(c).is_some_and(|x| x.terrain.is_some())
    }
    pub fn name(&self, c: usize) -> &str {
        self.cells.get(c).map(|x| x.name.as_str()).unwrap_or("?")
    }
    pub fn cell(&self, name: &str) -> Option<usize> {
        self.by_name.get(name).copied()
    }
    pub fn land_cells(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.cells.len()).filter(|c| self.is_land(*c))
    }
    pub fn hex_distance(&self, a: usize, b: usize) -> u32 {
        let (ca, cb) = (&self.cells[a], &self.cells[b]);
        let dr = (ca.row as i32 - cb.row as i32).unsigned_abs();
        let dx = (ca.x2 - cb.x2).unsigned_abs();
        if dx <= dr {
            dr
        } else {
            dr + (dx - dr) / 2
        }
    }
    /// Neighbours including bridge ends (TMA-MAP-1).
    pub fn adj(&self, c: usize, bridges: &[(usize, usize)]) -> Vec<usize> {
        let mut v = self.nbrs[c].clone();
        for &(a, b) in bridges {
            if a == c {
                v.push(b);
            } else if b == c {
                v.push(a);
            }
        }
        v
    }
    /// Land cells within shipping `s` of land cell `x` (TMA-MAP-4), excluding x.
    pub fn river_range(&self, x: usize, s: u8, bridges: &[(usize, usize)]) -> Vec<usize> {
        let mut out: Vec<usize> = self
            .adj(x, bridges)
            .into_iter()
            .filter(|c| self.is_land(*c))
            .collect();
        let mut depth = vec![u32::MAX; self.cells.len()];
        let mut q = VecDeque::new();
        for &n in &self.nbrs[x] {
            if !self.is_land(n) {
                depth[n] = 1;
                q.push_back(n);
            }
        }
        while let Some(r) = q.pop_front() {
            if depth[r] > u32::from(s) {
                continue;
            }
            for &n in &self.nbrs[r] {
                if self.is_land(n) {
                    if n != x {
                        out.push(n);
                    }
                } else if depth[n] == u32::MAX {
                    depth[n] = depth[r] + 1;
                    q.push_back(n);
                }
            }
        }
        out.sort();
        out.dedup();
        out
    }
    /// Is the (a,b) pair a legal bridge position (TMA-MAP-10)?
    pub fn bridge_ok(&self, a: usize, b: usize) -> bool {
        if !self.is_land(a) || !self.is_land(b) {
            return false;
        }
        let (x, y) = if self.cells[a].row <= self.cells[b].row {
            (a, b)
        } else {
            (b, a)
        };
        let (r, x2) = (self.cells[x].row, self.cells[x].x2);
        let (r2, y2) = (self.cells[y].row, self.cells[y].x2);
        let river = |row: usize, col: i32| -> Option<bool> {
            self.by_pos.get(&(row, col)).map(|c| !self.is_land(*c))
        };
        if r2 == r + 2 && y2 == x2 {
            let l = river(r + 1, x2 - 1);
            let rr = river(r + 1, x2 + 1);
            return matches!(
                (l, rr),
                (Some(true), Some(true)) | (None, Some(true)) | (Some(true), None)
            );
        }
        if r2 == r + 1 && (y2 - x2).abs() == 3 {
            let sgn = (y2 - x2).signum();
            return river(r, x2 + 2 * sgn) == Some(true) && river(r + 1, x2 + sgn) == Some(true);
        }
        false
    }
}

/// The geometry of a map (TMA-MAP-1), built once.
pub fn geo(id: MapId) -> &'static MapGeo {
    static ALL: OnceLock<Vec<MapGeo>> = OnceLock::new();
    let all = ALL.get_or_init(|| {
        MAPS.iter()
            .map(|(id, rows)| MapGeo::build(id, rows))
            .collect()
    });
    all.iter()
        .find(|m| m.id == id.as_str())
        .expect("every map id has a map table")
}

/// House-default letter cell (TMA-SET-13): the land cells of `terrain` in
/// reading order c\[0..n−1\]; s_k = c\[⌊k·(n−1)/5⌋\]; A = s0, E = s1, F = s2,
/// B = s3, C = s4, D = s5.
pub fn house_letter_cell(g: &MapGeo, terrain: Terrain, letter: Letter) -> Option<usize> {
    let cells: Vec<usize> = g
        .land_cells()
        .filter(|c| g.cells[*c].terrain == Some(terrain))
        .collect();
    let n = cells.len();
    if n == 0 {
        return None;
    }
    let k = match letter {
        Letter::A => 0,
        Letter::E => 1,
        Letter::F => 2,
        Letter::B => 3,
        Letter::C => 4,
        Letter::D => 5,
    };
    Some(cells[k * (n - 1) / 5])
}

pub const INF: u32 = u32::MAX;

/// Path distances from `src` (TMA-MAP-7): cells with `wall[c]` (human
/// buildings) end a path but are not crossed.
pub fn path_dist(g: &MapGeo, bridges: &[(usize, usize)], wall: &[bool], src: usize) -> Vec<u32> {
    let mut d = vec![INF; g.cells.len()];
    d[src] = 0;
    let mut q = VecDeque::from([src]);
    while let Some(u) = q.pop_front() {
        if u != src && wall[u] {
            continue;
        }
        for n in g.adj(u, bridges) {
            if d[n] == INF {
                d[n] = d[u] + 1;
                q.push_back(n);
            }
        }
    }
    d
}

/// `dist(a, S)` = min over S (TMA-MAP-7).
pub fn dist_to_set(
    g: &MapGeo,
    bridges: &[(usize, usize)],
    wall: &[bool],
    a: usize,
    set: &[usize],
) -> u32 {
    let d = path_dist(g, bridges, wall, a);
    set.iter().map(|s| d[*s]).min().unwrap_or(INF)
}

/// Reach for networks (TMA-MAP-11).
#[derive(Debug, Clone, Copy)]
pub enum NetReach {
    Ship(u8),
    Teleport(u8),
}

/// Networks of a set of building cells: list of groups (TMA-MAP-11).
pub fn networks(
    g: &MapGeo,
    bridges: &[(usize, usize)],
    cells: &[usize],
    reach: NetReach,
) -> Vec<Vec<usize>> {
    let connected = |a: usize, b: usize| -> bool {
        if g.adj(a, bridges).contains(&b) {
            return true;
        }
        match reach {
            NetReach::Ship(s) => g.river_range(a, s, bridges).contains(&b),
            NetReach::Teleport(r) => g.hex_distance(a, b) <= u32::from(r) + 1,
        }
    };
    groups(cells, connected)
}

/// Clusters: direct adjacency only (TMA-MAP-11).
pub fn clusters(g: &MapGeo, bridges: &[(usize, usize)], cells: &[usize]) -> Vec<Vec<usize>> {
    groups(cells, |a, b| g.adj(a, bridges).contains(&b))
}

fn groups(cells: &[usize], connected: impl Fn(usize, usize) -> bool) -> Vec<Vec<usize>> {
    let n = cells.len();
    let mut comp = vec![usize::MAX; n];
    let mut out = Vec::new();
    for i in 0..n {
        if comp[i] != usize::MAX {
            continue;
        }
        let id = out.len();
        comp[i] = id;
        let mut group = vec![cells[i]];
        let mut stack = vec![i];
        while let Some(u) = stack.pop() {
            for v in 0..n {
                if comp[v] == usize::MAX && connected(cells[u], cells[v]) {
                    comp[v] = id;
                    group.push(cells[v]);
                    stack.push(v);
                }
            }
        }
        group.sort();
        out.push(group);
    }
    out
}
