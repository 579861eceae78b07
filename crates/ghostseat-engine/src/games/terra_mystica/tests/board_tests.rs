//! Board model (TMA-MAP-*).

use super::board::*;
use super::data::*;
use super::kit::*;

fn names(g: &MapGeo, v: &[usize]) -> Vec<String> {
    v.iter().map(|c| g.name(*c).to_string()).collect()
}

#[test]
fn tma_map_1_base_map_cells_and_neighbours() {
    // TMA-MAP-1 (checked below)
    let g = geo("base".into());
    assert_eq!(g.cells.len(), 113);
    assert_eq!(g.cells.iter().filter(|c| c.terrain.is_none()).count(), 36);
    for t in WHEEL {
        assert_eq!(g.cells.iter().filter(|c| c.terrain == Some(t)).count(), 11);
    }
    let n = |c: &str| names(g, &g.nbrs[g.cell(c).unwrap()]);
    // Facts file §11.2 rows.
    assert_eq!(n("E4"), vec!["D3", "r14", "E3", "E5", "r20", "r21"]);
    assert_eq!(n("C2"), vec!["B2", "B3", "r8", "r9", "r14", "r15"]);
    assert_eq!(n("A1"), vec!["A2", "B1"]);
    assert_eq!(n("I10"), vec!["H6", "H7", "r35", "I11"]);
    assert_eq!(g.cells[g.cell("E4").unwrap()].terrain, Some(Terrain::Lakes));
    for id in [
        "fire-ice-1",
        "revised-base",
        "loon-lakes",
        "fjords",
        "archipelago",
    ] {
        let g = geo(id.into());
        assert!(g.cells.len() >= 112, "{id}");
        assert_eq!(
            g.land_cells().count(),
            g.cells.len() - g.cells.iter().filter(|c| c.terrain.is_none()).count()
        );
    }
    // A bridge makes its ends directly adjacent.
    let (a, b) = (g.cell("D1").unwrap(), g.cell("B1").unwrap());
    assert!(!g.adj(a, &[]).contains(&b));
    assert!(g.adj(a, &[(a, b)]).contains(&b));
}

#[test]
fn tma_map_2_reading_order() {
    // TMA-MAP-2 (checked below)
    let g = geo("base".into());
    let first: Vec<&str> = (0..15).map(|i| g.name(i)).collect();
    assert_eq!(
        &first[..],
        &[
            "A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", "A9", "A10", "A11", "A12", "A13", "B1",
            "r0"
        ]
    );
    assert_eq!(g.name(g.cells.len() - 1), "I12");
}

#[test]
fn tma_map_3_hex_distance() {
    // TMA-MAP-3 (checked below)
    let g = geo("base".into());
    let d = |a: &str, b: &str| g.hex_distance(g.cell(a).unwrap(), g.cell(b).unwrap());
    assert_eq!(d("A1", "A2"), 1);
    assert_eq!(d("A1", "B1"), 1);
    assert_eq!(d("A1", "I1"), 8);
    assert_eq!(d("A1", "A13"), 12);
    assert_eq!(d("E4", "E4"), 0);
}

#[test]
fn tma_map_4_river_range_matches_facts_table() {
    // TMA-MAP-4 (checked below)
    let g = geo("base".into());
    let r = |c: &str, s: u8| names(g, &g.river_range(g.cell(c).unwrap(), s, &[]));
    // Shipping 0 = direct land neighbours.
    assert_eq!(r("A5", 0), vec!["A4", "A6", "B2", "B3"]);
    let mut want1 = vec!["A3", "A5", "B2", "C1"];
    want1.sort();
    assert_eq!(r("A4", 1), want1);
    let s2 = r("A4", 2);
    for c in ["A2", "B1", "C2", "D3"] {
        assert!(s2.contains(&c.to_string()));
    }
    assert!(!s2.contains(&"D1".to_string()));
    assert!(r("A4", 3).contains(&"D1".to_string()));
}

#[test]
fn tma_map_5_automa_range_is_empty_cells_only() {
    // TMA-MAP-5 (checked below)
    let st = {
        let mut st = blank(&opts(), 3);
        put(&mut st, "A4", 1, Kind::Dwelling, false);
        put(&mut st, "A3", 0, Kind::Dwelling, false);
        super::kit::set_pair(&mut st, "*3", "*4", &["*1", "*2"]);
        st
    };
    // *4 = T&B with support *3 (unmarked): range of A4 at ship 1 without the occupied A3.
    let (_, ev) = bot(&st);
    let o = &kinds(&ev, "options")[0];
    assert_eq!(o.data["candidates"], serde_json::json!(["A5", "B2", "C1"]));
}

#[test]
fn tma_map_6_marked_flag_survives_upgrade() {
    // TMA-MAP-6 (checked below)
    let mut st = blank(&opts(), 3);
    put(&mut st, "I7", 1, Kind::Dwelling, true);
    put(&mut st, "I6", 0, Kind::Dwelling, false);
    set_pair(&mut st, "11", "10", &["*1", "*2"]);
    let (s, _) = bot(&st);
    let b = s.buildings[cell(&s, "I7")].unwrap();
    assert_eq!((b.kind, b.marked), (Kind::TradingHouse, true));
}

#[test]
fn tma_map_7_path_distance_is_infinite_when_walled() {
    // TMA-MAP-7 (checked below)
    let g = geo("base".into());
    let mut st = blank(&opts(), 1);
    // A1's only neighbours are A2 and B1: wall both with human buildings.
    put(&mut st, "A2", 0, Kind::Dwelling, false);
    put(&mut st, "B1", 0, Kind::Dwelling, false);
    let w = st.human_walls();
    assert_eq!(
        dist_to_set(g, &[], &w, cell(&st, "A1"), &[cell(&st, "A3")]),
        INF
    );
    assert_eq!(
        dist_to_set(g, &[], &w, cell(&st, "A1"), &[cell(&st, "A2")]),
        1,
        "end cells may hold anything"
    );
    assert_eq!(dist_to_set(g, &[], &w, cell(&st, "A1"), &[]), INF);
}

#[test]
fn tma_map_9_wheel_and_house_atp_rows() {
    // TMA-MAP-9 (checked below)
    assert_eq!(WHEEL[0], Terrain::Desert);
    assert_eq!(WHEEL[6], Terrain::Wasteland);
    // TMA-SEL-6: table 9.1.
    let (a, b) = house_atp(Terrain::Lakes);
    assert_eq!(
        a,
        [
            Terrain::Lakes,
            Terrain::Forest,
            Terrain::Mountains,
            Terrain::Wasteland,
            Terrain::Desert,
            Terrain::Plains,
            Terrain::Swamp
        ]
    );
    assert_eq!(
        b,
        [
            Terrain::Lakes,
            Terrain::Swamp,
            Terrain::Plains,
            Terrain::Desert,
            Terrain::Wasteland,
            Terrain::Mountains,
            Terrain::Forest
        ]
    );
    let (a, _) = house_atp(Terrain::Wasteland);
    assert_eq!(a[1], Terrain::Desert);
}

#[test]
fn tma_map_10_bridge_positions() {
    // TMA-MAP-10 (checked below)
    let g = geo("base".into());
    let ok = |a: &str, b: &str| g.bridge_ok(g.cell(a).unwrap(), g.cell(b).unwrap());
    // B1 (row 1, x 1) and D1 (row 3, x 1): r6 (x 0) and r7 (x 2) between them are river.
    assert!(ok("B1", "D1"));
    assert!(ok("D1", "B1"));
    // Diagonal: C1 (row 2, x 4) → D3? D3 is a direct neighbour: not a bridge.
    assert!(!ok("C1", "D3"));
    assert!(!ok("A1", "A2"));
    // Diagonal variant: A3 (row 0, x 4) → B2 (row 1, x 7): (0, 6) = A4 is land → no.
    assert!(!ok("A3", "B2"));
    // E3 (row 4, x 4) → F3? F3 is x 9: no. E4 (row 4, x 6) → G1 (row 6, x 6): r20/r21 between.
    assert!(ok("E4", "G1"));
}

#[test]
fn tma_map_11_networks_and_clusters() {
    // TMA-MAP-11 (checked below)
    let g = geo("base".into());
    let c = |n: &str| g.cell(n).unwrap();
    let cells = vec![c("A2"), c("A3"), c("B1"), c("D1"), c("D2")];
    let n0 = networks(g, &[], &cells, NetReach::Ship(0));
    assert_eq!(n0.len(), 2);
    let n1 = networks(g, &[], &cells, NetReach::Ship(1));
    assert_eq!(n1.len(), 1);
    assert_eq!(clusters(g, &[], &cells).len(), 2);
    // Teleport: hex distance ≤ range + 1.
    let t = networks(g, &[], &[c("A1"), c("A3")], NetReach::Teleport(1));
    assert_eq!(t.len(), 1);
    let t = networks(g, &[], &[c("A1"), c("A4")], NetReach::Teleport(1));
    assert_eq!(t.len(), 2);
}
