//! A place on the island as a player reads it (issue 12): a hex by its
//! terrain and number, an intersection or a path by the hexes that touch
//! it ("the corner of forest (6), pasture (9) and the sea"). Events carry
//! it, so a stored event renders later without the state; the ids stay
//! beside the names so clients can still locate the place.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::board::{Board, Piece};
use super::data::Terrain;
use super::events::HexInfo;
use super::geometry::{EdgeId, HexId, VertexId};
use super::text::terrain_name_de;
use crate::engine::text::join_list;
use crate::engine::Lang;

/// A land hex as a sentence names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Land {
    pub hex: HexId,
    pub terrain: Terrain,
    /// Its number token (none on the desert).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<u8>,
}

/// A place on the island: a land hex, an intersection or a path, with what
/// touches it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Place {
    /// A land hex.
    Hex {
        hex: HexId,
        terrain: Terrain,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        number: Option<u8>,
    },
    /// An intersection: the land hexes it touches (reading order) and
    /// whether it touches the sea.
    Corner {
        vertex: VertexId,
        land: Vec<Land>,
        sea: bool,
    },
    /// A path: the land hexes it borders and whether it borders the sea.
    Path {
        edge: EdgeId,
        land: Vec<Land>,
        sea: bool,
    },
}

/// A hex an event captured as [`HexInfo`] (terrain and number) reads as
/// that place, in events stored before `Place` existed too.
impl From<HexInfo> for Place {
    fn from(h: HexInfo) -> Place {
        Place::Hex {
            hex: h.hex,
            terrain: h.terrain,
            number: h.token,
        }
    }
}

/// A German grammatical case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Case {
    Nom,
    Acc,
    Dat,
}

/// What lies on a land hex: its terrain and number token.
pub type TileOf<'a> = &'a dyn Fn(HexId) -> (Terrain, Option<u8>);

fn touching(tile: TileOf<'_>, hexes: &[HexId], all: usize) -> (Vec<Land>, bool) {
    let land: Vec<Land> = hexes
        .iter()
        .map(|h| {
            let (terrain, number) = tile(*h);
            Land {
                hex: *h,
                terrain,
                number,
            }
        })
        .collect();
    let sea = land.len() < all;
    (land, sea)
}

fn board_tile<P: Piece>(board: &Board<P>) -> impl Fn(HexId) -> (Terrain, Option<u8>) + '_ {
    move |h| {
        let t = board.tile(h);
        (t.terrain, t.token)
    }
}

impl Place {
    /// The land hex `hex` of `board`.
    pub fn hex<P: Piece>(board: &Board<P>, hex: HexId) -> Place {
        Place::hex_of(&board_tile(board), hex)
    }

    /// The intersection `vertex` of `board`.
    pub fn corner<P: Piece>(board: &Board<P>, vertex: VertexId) -> Place {
        Place::corner_of(&board_tile(board), vertex)
    }

    /// The path `edge` of `board`.
    pub fn path<P: Piece>(board: &Board<P>, edge: EdgeId) -> Place {
        Place::path_of(&board_tile(board), edge)
    }

    /// The land hex `hex` of an island whose tiles `tile` reads (a game
    /// that keeps its own tile table).
    pub fn hex_of(tile: TileOf<'_>, hex: HexId) -> Place {
        let (terrain, number) = tile(hex);
        Place::Hex {
            hex,
            terrain,
            number,
        }
    }

    /// The intersection `vertex` of an island whose tiles `tile` reads.
    pub fn corner_of(tile: TileOf<'_>, vertex: VertexId) -> Place {
        let (land, sea) = touching(tile, vertex.hexes(), 3);
        Place::Corner { vertex, land, sea }
    }

    /// The path `edge` of an island whose tiles `tile` reads.
    pub fn path_of(tile: TileOf<'_>, edge: EdgeId) -> Place {
        let (land, sea) = touching(tile, edge.hexes(), 2);
        Place::Path { edge, land, sea }
    }

    /// In English, with its article: `the forest (6)`, `the corner of
    /// forest (6), pasture (9) and the sea`, `the path between hills (4)
    /// and the sea`.
    pub fn en(&self) -> String {
        match self {
            Place::Hex {
                terrain, number, ..
            } => format!("the {}", terrain_en(*terrain, *number)),
            Place::Corner { land, sea, .. } => {
                format!("the corner of {}", touching_en(land, *sea))
            }
            Place::Path { land, sea, .. } => {
                format!("the path between {}", touching_en(land, *sea))
            }
        }
    }

    /// In German, with its article in `case`: `den Wald (6)`, `die Kreuzung
    /// zwischen dem Wald (6), dem Weideland (9) und dem Meer`, `dem Weg
    /// zwischen dem Hügelland (4) und dem Meer`.
    pub fn de(&self, case: Case) -> String {
        match self {
            Place::Hex {
                terrain, number, ..
            } => format!(
                "{} {}",
                article_de(*terrain, case),
                terrain_de(*terrain, *number)
            ),
            Place::Corner { land, sea, .. } => {
                let art = if case == Case::Dat { "der" } else { "die" };
                format!("{art} Kreuzung zwischen {}", touching_de(land, *sea))
            }
            Place::Path { land, sea, .. } => {
                let art = match case {
                    Case::Nom => "der",
                    Case::Acc => "den",
                    Case::Dat => "dem",
                };
                format!("{art} Weg zwischen {}", touching_de(land, *sea))
            }
        }
    }

    /// In `lang`; German in `case`.
    pub fn text(&self, lang: Lang, case: Case) -> String {
        match lang {
            Lang::En => self.en(),
            Lang::De => self.de(case),
        }
    }
}

fn terrain_en(t: Terrain, number: Option<u8>) -> String {
    match number {
        Some(n) => format!("{} ({n})", t.name()),
        None => t.name().to_string(),
    }
}

fn terrain_de(t: Terrain, number: Option<u8>) -> String {
    match number {
        Some(n) => format!("{} ({n})", terrain_name_de(t)),
        None => terrain_name_de(t).to_string(),
    }
}

/// The definite article of a terrain in German: der Wald, die Wüste, das
/// Weideland (Ackerland, Hügelland, Gebirge).
fn article_de(t: Terrain, case: Case) -> &'static str {
    match (t, case) {
        (Terrain::Forest, Case::Nom) => "der",
        (Terrain::Forest, Case::Acc) => "den",
        (Terrain::Desert, Case::Dat) => "der",
        (Terrain::Desert, _) => "die",
        (_, Case::Dat) => "dem",
        (_, _) => "das",
    }
}

fn touching_en(land: &[Land], sea: bool) -> String {
    let mut parts: Vec<String> = land
        .iter()
        .map(|l| terrain_en(l.terrain, l.number))
        .collect();
    if sea {
        parts.push("the sea".into());
    }
    join_list(&parts, Lang::En)
}

/// After `zwischen` (dative).
fn touching_de(land: &[Land], sea: bool) -> String {
    let mut parts: Vec<String> = land
        .iter()
        .map(|l| {
            format!(
                "{} {}",
                article_de(l.terrain, Case::Dat),
                terrain_de(l.terrain, l.number)
            )
        })
        .collect();
    if sea {
        parts.push("dem Meer".into());
    }
    join_list(&parts, Lang::De)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::catan::board::NoPiece;
    use crate::games::catan::geometry::{Edge, Hex, Vertex};

    fn board() -> Board<NoPiece> {
        Board::beginner(false)
    }

    // CAT-BOARD-1, -3, -4: a place is named by what touches it, in both
    // languages, and keeps its id.
    #[test]
    fn places_read_by_what_touches_them() {
        let b = board();
        let centre = Hex(0, 0).id().unwrap();
        let p = Place::hex(&b, centre);
        let t = b.tile(centre);
        assert_eq!(
            p,
            Place::Hex {
                hex: centre,
                terrain: t.terrain,
                number: t.token
            }
        );
        let forest = Place::Hex {
            hex: centre,
            terrain: Terrain::Forest,
            number: Some(6),
        };
        assert_eq!(forest.en(), "the forest (6)");
        assert_eq!(forest.de(Case::Acc), "den Wald (6)");
        assert_eq!(forest.de(Case::Dat), "dem Wald (6)");
        assert_eq!(forest.de(Case::Nom), "der Wald (6)");
        let desert = Place::Hex {
            hex: centre,
            terrain: Terrain::Desert,
            number: None,
        };
        assert_eq!(desert.en(), "the desert");
        assert_eq!(desert.de(Case::Acc), "die Wüste");
        assert_eq!(desert.de(Case::Dat), "der Wüste");
        let pasture = Place::Hex {
            hex: centre,
            terrain: Terrain::Pasture,
            number: Some(9),
        };
        assert_eq!(pasture.de(Case::Acc), "das Weideland (9)");

        // A coastal corner: two land hexes and the sea.
        let v = Vertex::n(0, -2);
        let corner = Place::corner(&b, v.id().unwrap());
        let Place::Corner { land, sea, vertex } = &corner else {
            panic!("{corner:?}")
        };
        assert_eq!(*vertex, v.id().unwrap());
        assert!(*sea);
        assert_eq!(land.len(), 1, "{land:?}");
        let l = land[0];
        let name = |l: &Land| match l.number {
            Some(n) => format!("{} ({n})", l.terrain.name()),
            None => l.terrain.name().to_string(),
        };
        assert_eq!(
            corner.en(),
            format!("the corner of {} and the sea", name(&l))
        );
        assert!(corner.de(Case::Acc).starts_with("die Kreuzung zwischen "));
        assert!(corner.de(Case::Dat).starts_with("der Kreuzung zwischen "));
        assert!(corner.de(Case::Acc).ends_with(" und dem Meer"));

        // An inner corner: three land hexes, no sea.
        let inner = Place::corner(&b, Vertex::n(0, 0).id().unwrap());
        let Place::Corner { land, sea, .. } = &inner else {
            panic!()
        };
        assert_eq!((land.len(), *sea), (3, false));
        assert!(!inner.en().contains("sea") && inner.en().contains(", "));

        // A path between two land hexes.
        let e = Edge::new(0, 0, crate::games::catan::geometry::Dir::E);
        let path = Place::path(&b, e.id().unwrap());
        let Place::Path { land, sea, .. } = &path else {
            panic!()
        };
        assert_eq!((land.len(), *sea), (2, false));
        assert!(path.en().starts_with("the path between "), "{}", path.en());
        assert!(path.de(Case::Acc).starts_with("den Weg zwischen d"));
        assert!(!path.de(Case::Acc).contains("Meer") && path.de(Case::Dat).starts_with("dem Weg "));

        // Legal-move labels read the board (CAT-ROB-1, CAT-BUILD-3..-5).
        use crate::games::catan::moves::CoreMove;
        use crate::games::catan::text::core_label_on;
        use crate::games::catan::Resource;
        let rob: CoreMove<Resource> = CoreMove::MoveRobber { hex: centre };
        let en = core_label_on(&b, &rob, &[], Lang::En);
        assert_eq!(en, format!("Move the robber to {}", p.en()));
        assert!(!en.contains("(0,0)"), "{en}");
        let de = core_label_on(&b, &rob, &[], Lang::De);
        assert_eq!(de, format!("Räuber auf {} versetzen", p.de(Case::Acc)));
        let build: CoreMove<Resource> = CoreMove::BuildSettlement {
            vertex: v.id().unwrap(),
        };
        assert_eq!(
            core_label_on(&b, &build, &[], Lang::De),
            format!("Siedlung auf {} bauen", corner.de(Case::Dat))
        );
        let road: CoreMove<Resource> = CoreMove::BuildRoad {
            edge: e.id().unwrap(),
        };
        assert_eq!(
            core_label_on(&b, &road, &[], Lang::En),
            format!("Build a road on {}", path.en())
        );
        // A template leaves the place open: the label names none.
        assert_eq!(
            core_label_on(&b, &road, &["edge"], Lang::En),
            "Build a road"
        );

        // The wire keeps the ids (clients locate the place by them).
        let j = serde_json::to_value(&corner).unwrap();
        assert_eq!(j["type"], "corner");
        assert_eq!(j["vertex"], serde_json::to_value(v.id().unwrap()).unwrap());
        let back: Place = serde_json::from_value(j).unwrap();
        assert_eq!(back, corner);
    }

    // CAT-BOARD-1, -3, -4: a game with its own tile table builds the same
    // places as the board does, and a hex an event captured as `HexInfo`
    // reads as that place (issue 12).
    #[test]
    fn a_tile_table_and_hex_info_build_the_same_places() {
        let b = board();
        let tile = |h: HexId| {
            let t = b.tile(h);
            (t.terrain, t.token)
        };
        for h in HexId::all() {
            assert_eq!(Place::hex_of(&tile, h), Place::hex(&b, h));
            let t = b.tile(h);
            let info = HexInfo {
                hex: h,
                terrain: t.terrain,
                token: t.token,
            };
            assert_eq!(Place::from(info), Place::hex(&b, h));
        }
        for v in VertexId::all() {
            assert_eq!(Place::corner_of(&tile, v), Place::corner(&b, v));
        }
        for e in EdgeId::all() {
            assert_eq!(Place::path_of(&tile, e), Place::path(&b, e));
        }
        // A different table names the same corner differently: the closure is read.
        let v = Vertex::n(0, 0).id().unwrap();
        let forests = |_: HexId| (Terrain::Forest, Some(6));
        assert_eq!(
            Place::corner_of(&forests, v).en(),
            "the corner of forest (6), forest (6) and forest (6)"
        );
        assert_eq!(
            Place::corner_of(&forests, v).de(Case::Dat),
            "der Kreuzung zwischen dem Wald (6), dem Wald (6) und dem Wald (6)"
        );
    }
}
