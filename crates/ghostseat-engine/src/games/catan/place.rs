//! A place on the island as a player reads it: a hex by its
//! terrain and number, an intersection or a path by the hexes that touch
//! it ("the corner of forest (6), pasture (9) and the sea"). Events carry
//! it, so a stored event renders later without the state; the ids stay
//! beside the names so clients can still locate the place.
//!
//! Every place of one board has a name of its own, so a list of moves read
//! aloud tells them apart: two hexes of the same terrain and number are
//! told apart by where one lies from the other ("the western forest (6)",
//! [`Land::twin`]), and a coastal corner or path that touches one land hex
//! by where on that hex it lies ("the north corner of the hills (9)").

use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::board::{Board, Piece};
use super::data::Terrain;
use super::events::HexInfo;
use super::geometry::{Compass, EdgeId, HexId, VertexId};
use super::text::terrain_name_de;
use crate::engine::text::write_list;
use crate::engine::Lang;

/// A land hex as a sentence names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Land {
    pub hex: HexId,
    pub terrain: Terrain,
    /// Its number token (none on the desert).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<u8>,
    /// Where it lies from the other land hex of the same terrain and
    /// number, when the board has one ("the western forest (6)"); absent
    /// for a hex that reads as no other.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub twin: Option<Compass>,
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
        /// Where it lies from the other land hex of the same terrain and
        /// number, when the board has one; absent for a hex that reads as
        /// no other.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        twin: Option<Compass>,
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
            twin: h.twin,
        }
    }
}

/// A German grammatical case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Case {
    Nom,
    Acc,
    Dat,
    Gen,
}

/// What lies on a land hex: its terrain and number token.
pub type TileOf<'a> = &'a dyn Fn(HexId) -> (Terrain, Option<u8>);

/// Where `hex` lies from the other land hexes that read as it does (same
/// terrain and number), if there are any.
pub fn twin(tile: TileOf<'_>, hex: HexId) -> Option<Compass> {
    let me = tile(hex);
    // On the stack, not in a Vec: a Catan set-up names every
    // intersection by up to three hexes.
    let mut alike = [hex; HexId::COUNT];
    let mut n = 0;
    for h in HexId::all().filter(|h| tile(*h) == me) {
        alike[n] = h;
        n += 1;
    }
    Compass::within(hex, &alike[..n])
}

fn land(tile: TileOf<'_>, hex: HexId) -> Land {
    let (terrain, number) = tile(hex);
    Land {
        hex,
        terrain,
        number,
        twin: twin(tile, hex),
    }
}

fn touching(tile: TileOf<'_>, hexes: &[HexId], all: usize) -> (Vec<Land>, bool) {
    let land: Vec<Land> = hexes.iter().map(|h| land(tile, *h)).collect();
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
        let Land {
            terrain,
            number,
            twin,
            ..
        } = land(tile, hex);
        Place::Hex {
            hex,
            terrain,
            number,
            twin,
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
    /// and fields (9)`, `the north corner of the hills (4)`, `the path along
    /// the south-west side of the western forest (6)`.
    ///
    /// Written by [`fmt::Display`] into one string, not one per hex: a
    /// Catan set-up labels every intersection.
    pub fn en(&self) -> String {
        English(self).to_string()
    }

    /// In German, with its article in `case`: `den Wald (6)`, `die Kreuzung
    /// zwischen dem Wald (6), dem Weideland (9) und dem Meer`, `dem Weg
    /// zwischen dem Hügelland (4) und dem Ackerland (9)`, `die Kreuzung an
    /// der Nordecke des Hügellands (4)`, `den Weg an der Südwestseite des
    /// westlichen Waldes (6)`.
    pub fn de(&self, case: Case) -> String {
        German(self, case).to_string()
    }

    /// In `lang`; German in `case`.
    pub fn text(&self, lang: Lang, case: Case) -> String {
        match lang {
            Lang::En => self.en(),
            Lang::De => self.de(case),
        }
    }
}

/// The one land hex a coastal place touches and where on it the place
/// lies (`at` reads it off the hex), if it touches only one: such places
/// are named by that point ("the north corner of the hills (4)"), as the
/// hexes alone would name up to three of them alike.
fn lone(
    land: &[Land],
    sea: bool,
    at: impl Fn(HexId) -> Option<Compass>,
) -> Option<(&Land, Compass)> {
    match land {
        [l] if sea => at(l.hex).map(|c| (l, c)),
        _ => None,
    }
}

/// A point of the compass as an English noun (`north-east`).
pub fn point_en(c: Compass) -> &'static str {
    match c {
        Compass::N => "north",
        Compass::NE => "north-east",
        Compass::E => "east",
        Compass::SE => "south-east",
        Compass::S => "south",
        Compass::SW => "south-west",
        Compass::W => "west",
        Compass::NW => "north-west",
    }
}

/// A point of the compass as an English adjective (`north-eastern`).
pub fn lying_en(c: Compass) -> &'static str {
    match c {
        Compass::N => "northern",
        Compass::NE => "north-eastern",
        Compass::E => "eastern",
        Compass::SE => "south-eastern",
        Compass::S => "southern",
        Compass::SW => "south-western",
        Compass::W => "western",
        Compass::NW => "north-western",
    }
}

/// A point of the compass as the first part of a German compound
/// (`Nordost`: die Nordostecke, die Nordostseite).
pub fn point_de(c: Compass) -> &'static str {
    match c {
        Compass::N => "Nord",
        Compass::NE => "Nordost",
        Compass::E => "Ost",
        Compass::SE => "Südost",
        Compass::S => "Süd",
        Compass::SW => "Südwest",
        Compass::W => "West",
        Compass::NW => "Nordwest",
    }
}

/// The stem of a point of the compass as a German adjective (`nordöstlich`).
pub fn lying_de(c: Compass) -> &'static str {
    match c {
        Compass::N => "nördlich",
        Compass::NE => "nordöstlich",
        Compass::E => "östlich",
        Compass::SE => "südöstlich",
        Compass::S => "südlich",
        Compass::SW => "südwestlich",
        Compass::W => "westlich",
        Compass::NW => "nordwestlich",
    }
}

/// A land hex in English without its article: `western forest (6)`.
struct LandEn(Terrain, Option<u8>, Option<Compass>);

impl fmt::Display for LandEn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let LandEn(t, number, twin) = *self;
        if let Some(c) = twin {
            write!(f, "{} ", lying_en(c))?;
        }
        f.write_str(t.name())?;
        match number {
            Some(n) => write!(f, " ({n})"),
            None => Ok(()),
        }
    }
}

fn land_en(l: &Land) -> LandEn {
    LandEn(l.terrain, l.number, l.twin)
}

/// A place in English, as [`Place::en`] reads it.
struct English<'a>(&'a Place);

impl fmt::Display for English<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Place::Hex {
                terrain,
                number,
                twin,
                ..
            } => write!(f, "the {}", LandEn(*terrain, *number, *twin)),
            Place::Corner {
                vertex, land, sea, ..
            } => match lone(land, *sea, |h| Compass::corner(h, *vertex)) {
                Some((l, at)) => write!(f, "the {} corner of the {}", point_en(at), land_en(l)),
                None => {
                    f.write_str("the corner of ")?;
                    touching_en(f, land, *sea)
                }
            },
            Place::Path { edge, land, sea } => {
                match lone(land, *sea, |h| Compass::side(h, *edge)) {
                    Some((l, at)) => write!(
                        f,
                        "the path along the {} side of the {}",
                        point_en(at),
                        land_en(l)
                    ),
                    None => {
                        f.write_str("the path between ")?;
                        touching_en(f, land, *sea)
                    }
                }
            }
        }
    }
}

/// A land hex in German with its article in `case`, an adjective of the
/// compass declined after it (`dem westlichen Wald (6)`, `des Gebirges (8)`).
struct LandDe(Terrain, Option<u8>, Option<Compass>, Case);

fn land_de(l: &Land, case: Case) -> LandDe {
    LandDe(l.terrain, l.number, l.twin, case)
}

impl fmt::Display for LandDe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let LandDe(t, number, twin, case) = *self;
        let noun = if case == Case::Gen {
            match t {
                Terrain::Forest => "Waldes",
                Terrain::Pasture => "Weidelands",
                Terrain::Fields => "Ackerlands",
                Terrain::Hills => "Hügellands",
                Terrain::Mountains => "Gebirges",
                Terrain::Desert => "Wüste",
            }
        } else {
            terrain_name_de(t)
        };
        write!(f, "{} ", article_de(t, case))?;
        if let Some(c) = twin {
            // Weak declension: -e in the nominative and in the accusative
            // of feminine and neuter nouns, -en everywhere else.
            let strong = case == Case::Nom || (case == Case::Acc && t != Terrain::Forest);
            write!(f, "{}{} ", lying_de(c), if strong { "e" } else { "en" })?;
        }
        f.write_str(noun)?;
        match number {
            Some(n) => write!(f, " ({n})"),
            None => Ok(()),
        }
    }
}

/// A place in German in a case, as [`Place::de`] reads it.
struct German<'a>(&'a Place, Case);

impl fmt::Display for German<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let German(place, case) = *self;
        match place {
            Place::Hex {
                terrain,
                number,
                twin,
                ..
            } => write!(f, "{}", LandDe(*terrain, *number, *twin, case)),
            Place::Corner {
                vertex, land, sea, ..
            } => {
                let art = match case {
                    Case::Nom | Case::Acc => "die",
                    Case::Dat | Case::Gen => "der",
                };
                match lone(land, *sea, |h| Compass::corner(h, *vertex)) {
                    Some((l, at)) => write!(
                        f,
                        "{art} Kreuzung an der {}ecke {}",
                        point_de(at),
                        land_de(l, Case::Gen)
                    ),
                    None => {
                        write!(f, "{art} Kreuzung zwischen ")?;
                        touching_de(f, land, *sea)
                    }
                }
            }
            Place::Path { edge, land, sea } => {
                let art = match case {
                    Case::Nom => "der",
                    Case::Acc => "den",
                    Case::Dat => "dem",
                    Case::Gen => "des",
                };
                let es = if case == Case::Gen { "es" } else { "" };
                match lone(land, *sea, |h| Compass::side(h, *edge)) {
                    Some((l, at)) => write!(
                        f,
                        "{art} Weg{es} an der {}seite {}",
                        point_de(at),
                        land_de(l, Case::Gen)
                    ),
                    None => {
                        write!(f, "{art} Weg{es} zwischen ")?;
                        touching_de(f, land, *sea)
                    }
                }
            }
        }
    }
}

/// The definite article of a terrain in German: der Wald, die Wüste, das
/// Weideland (Ackerland, Hügelland, Gebirge).
fn article_de(t: Terrain, case: Case) -> &'static str {
    match (t, case) {
        (Terrain::Forest, Case::Nom) => "der",
        (Terrain::Forest, Case::Acc) => "den",
        (Terrain::Desert, Case::Dat | Case::Gen) => "der",
        (Terrain::Desert, _) => "die",
        (_, Case::Dat) => "dem",
        (_, Case::Gen) => "des",
        (_, _) => "das",
    }
}

/// The hexes a place touches, then the sea if it does, as a list in
/// English (`forest (6), pasture (9) and the sea`).
fn touching_en(f: &mut fmt::Formatter<'_>, land: &[Land], sea: bool) -> fmt::Result {
    write_list(
        f,
        land.len() + usize::from(sea),
        Lang::En,
        |f, i| match land.get(i) {
            Some(l) => write!(f, "{}", land_en(l)),
            None => f.write_str("the sea"),
        },
    )
}

/// After `zwischen` (dative): `dem Wald (6), dem Weideland (9) und dem Meer`.
fn touching_de(f: &mut fmt::Formatter<'_>, land: &[Land], sea: bool) -> fmt::Result {
    write_list(
        f,
        land.len() + usize::from(sea),
        Lang::De,
        |f, i| match land.get(i) {
            Some(l) => write!(f, "{}", land_de(l, Case::Dat)),
            None => f.write_str("dem Meer"),
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::catan::board::NoPiece;
    use crate::games::catan::geometry::Compass;
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
                number: t.token,
                twin: None,
            }
        );
        let forest = Place::Hex {
            hex: centre,
            terrain: Terrain::Forest,
            number: Some(6),
            twin: None,
        };
        assert_eq!(forest.en(), "the forest (6)");
        assert_eq!(forest.de(Case::Acc), "den Wald (6)");
        assert_eq!(forest.de(Case::Dat), "dem Wald (6)");
        assert_eq!(forest.de(Case::Nom), "der Wald (6)");
        let desert = Place::Hex {
            hex: centre,
            terrain: Terrain::Desert,
            number: None,
            twin: None,
        };
        assert_eq!(desert.en(), "the desert");
        assert_eq!(desert.de(Case::Acc), "die Wüste");
        assert_eq!(desert.de(Case::Dat), "der Wüste");
        let pasture = Place::Hex {
            hex: centre,
            terrain: Terrain::Pasture,
            number: Some(9),
            twin: None,
        };
        assert_eq!(pasture.de(Case::Acc), "das Weideland (9)");

        // A coastal corner touching one land hex: named by where on that hex
        // it lies.
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
        assert_eq!(l.hex, Hex(0, -2).id().unwrap());
        assert_eq!(l.twin, None);
        assert_eq!(corner.en(), format!("the north corner of the {}", name(&l)));
        assert!(corner
            .de(Case::Acc)
            .starts_with("die Kreuzung an der Nordecke des "));
        assert!(corner
            .de(Case::Dat)
            .starts_with("der Kreuzung an der Nordecke des "));
        assert!(!corner.de(Case::Acc).contains("Meer"));

        // A coastal corner touching two land hexes and the sea.
        let two = Place::corner(&b, Vertex::s(1, -3).id().unwrap());
        let Place::Corner { land, sea, .. } = &two else {
            panic!()
        };
        assert_eq!((land.len(), *sea), (2, true));
        assert!(two.en().starts_with("the corner of ") && two.en().ends_with(" and the sea"));
        assert!(two.de(Case::Acc).ends_with(" und dem Meer"));

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
    // reads as that place.
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
                twin: twin(&tile, h),
            };
            assert_eq!(Place::from(info), Place::hex(&b, h));
        }
        for v in VertexId::all() {
            assert_eq!(Place::corner_of(&tile, v), Place::corner(&b, v));
        }
        for e in EdgeId::all() {
            assert_eq!(Place::path_of(&tile, e), Place::path(&b, e));
        }
        // A different table names the same corner differently: the closure
        // is read. Hexes that read alike are told apart by where they lie
        // from the middle of their group (the centre hex of an all-forest
        // table lies in its middle).
        let v = Vertex::n(0, 0).id().unwrap();
        let forests = |_: HexId| (Terrain::Forest, Some(6));
        assert_eq!(
            Place::corner_of(&forests, v).en(),
            "the corner of forest (6), north-western forest (6) and north-eastern forest (6)"
        );
        assert_eq!(
            Place::corner_of(&forests, v).de(Case::Dat),
            "der Kreuzung zwischen dem Wald (6), dem nordwestlichen Wald (6) und dem \
             nordöstlichen Wald (6)"
        );
    }

    /// The tile tables of `n` shuffled boards (terrains and tokens in any
    /// order, CAT-BOARD-12..-14), the beginner board first.
    fn tables(n: u64) -> Vec<Vec<(Terrain, Option<u8>)>> {
        use crate::games::catan::data::{BEGINNER, TERRAIN_LIST, TOKEN_LETTERS};
        let mut all = vec![BEGINNER.to_vec()];
        for seed in 0..n {
            let mut dice = crate::engine::Dice::new(seed);
            let mut terrains = TERRAIN_LIST;
            let mut tokens = TOKEN_LETTERS;
            dice.shuffle(&mut terrains);
            dice.shuffle(&mut tokens);
            let mut it = tokens.iter();
            all.push(
                terrains
                    .iter()
                    .map(|t| match t {
                        Terrain::Desert => (*t, None),
                        _ => (*t, it.next().copied()),
                    })
                    .collect(),
            );
        }
        all
    }

    // CAT-BOARD-1, -3, -4: on any board every hex, every
    // intersection and every path has a name of its own, in English and in
    // every German case, so a list of moves read aloud tells them apart.
    #[test]
    fn every_place_of_a_board_has_a_name_of_its_own() {
        let mut twins = 0;
        for table in tables(300) {
            let tile = |h: HexId| table[h.index()];
            let places: Vec<Vec<Place>> = vec![
                HexId::all().map(|h| Place::hex_of(&tile, h)).collect(),
                VertexId::all()
                    .map(|v| Place::corner_of(&tile, v))
                    .collect(),
                EdgeId::all().map(|e| Place::path_of(&tile, e)).collect(),
            ];
            twins += places[0]
                .iter()
                .filter(|p| matches!(p, Place::Hex { twin: Some(_), .. }))
                .count();
            for kind in &places {
                let names: Vec<Vec<String>> = kind
                    .iter()
                    .map(|p| {
                        let mut n = vec![p.en()];
                        n.extend([Case::Nom, Case::Acc, Case::Dat, Case::Gen].map(|c| p.de(c)));
                        n
                    })
                    .collect();
                for form in 0..5 {
                    let mut seen = std::collections::BTreeSet::new();
                    for n in &names {
                        assert!(
                            seen.insert(n[form].clone()),
                            "{} twice on {table:?}",
                            n[form]
                        );
                        crate::engine::testing::check_text("place", &n[form]).unwrap();
                        if form > 0 {
                            crate::engine::testing::check_german("place", &n[form]).unwrap();
                        }
                    }
                }
            }
        }
        // Shuffled boards do hold hexes that read alike.
        assert!(twins > 100, "{twins}");
    }

    // CAT-BOARD-1, -3, -4: names written into one string read
    // as the hexes' own names joined by `join_list`, and `twin` is where a
    // hex lies among all that read as it does, on 300 shuffled boards.
    #[test]
    fn one_string_names_read_as_their_hexes_joined() {
        use crate::engine::text::join_list;
        let hex_en = |l: &Land| {
            let name = Place::Hex {
                hex: l.hex,
                terrain: l.terrain,
                number: l.number,
                twin: l.twin,
            };
            name.en().strip_prefix("the ").unwrap().to_string()
        };
        let hex_de = |l: &Land| {
            Place::Hex {
                hex: l.hex,
                terrain: l.terrain,
                number: l.number,
                twin: l.twin,
            }
            .de(Case::Dat)
        };
        let mut lists = 0;
        for table in tables(300) {
            let tile = |h: HexId| table[h.index()];
            for h in HexId::all() {
                let alike: Vec<HexId> = HexId::all().filter(|o| tile(*o) == tile(h)).collect();
                assert_eq!(twin(&tile, h), Compass::within(h, &alike));
            }
            let corners = VertexId::all().map(|v| Place::corner_of(&tile, v));
            for place in corners.chain(EdgeId::all().map(|e| Place::path_of(&tile, e))) {
                let (Place::Corner { land, sea, .. } | Place::Path { land, sea, .. }) = &place
                else {
                    unreachable!()
                };
                if land.len() == 1 && *sea {
                    continue; // named by its point on the one hex
                }
                let mut en: Vec<String> = land.iter().map(hex_en).collect();
                let mut de: Vec<String> = land.iter().map(hex_de).collect();
                if *sea {
                    en.push("the sea".into());
                    de.push("dem Meer".into());
                }
                let (en, de) = (join_list(&en, Lang::En), join_list(&de, Lang::De));
                match place {
                    Place::Corner { .. } => {
                        assert_eq!(place.en(), format!("the corner of {en}"));
                        assert_eq!(place.de(Case::Acc), format!("die Kreuzung zwischen {de}"));
                    }
                    _ => {
                        assert_eq!(place.en(), format!("the path between {en}"));
                        assert_eq!(place.de(Case::Gen), format!("des Weges zwischen {de}"));
                    }
                }
                lists += 1;
            }
        }
        assert!(lists > 20_000, "{lists}");
    }

    // Two hexes that read alike are told apart by opposite points
    // of the compass, whichever two they are; a hex alone gets none.
    #[test]
    fn two_hexes_that_read_alike_lie_at_opposite_points() {
        for a in HexId::all() {
            assert_eq!(Compass::within(a, &[a]), None);
            for b in HexId::all().filter(|b| *b != a) {
                let (x, y) = (Compass::within(a, &[a, b]), Compass::within(b, &[a, b]));
                let (Some(x), Some(y)) = (x, y) else {
                    panic!("{a} {b}")
                };
                let i = |c: Compass| Compass::ALL.iter().position(|d| *d == c).unwrap();
                assert_eq!((i(x) + 4) % 8, i(y), "{a} {b}: {x:?} {y:?}");
            }
        }
        let at = |q, r| Hex(q, r).id().unwrap();
        assert_eq!(
            Compass::within(at(-2, 0), &[at(-2, 0), at(2, 0)]),
            Some(Compass::W)
        );
        assert_eq!(
            Compass::within(at(0, -2), &[at(0, -2), at(0, 2)]),
            Some(Compass::NW)
        );
        assert_eq!(
            Compass::within(at(1, -2), &[at(1, -2), at(-1, 2)]),
            Some(Compass::N)
        );
        let western = Place::Hex {
            hex: at(-2, 0),
            terrain: Terrain::Forest,
            number: Some(6),
            twin: Some(Compass::W),
        };
        assert_eq!(western.en(), "the western forest (6)");
        assert_eq!(western.de(Case::Nom), "der westliche Wald (6)");
        assert_eq!(western.de(Case::Acc), "den westlichen Wald (6)");
        assert_eq!(western.de(Case::Gen), "des westlichen Waldes (6)");
        let hills = Place::Hex {
            hex: at(-2, 0),
            terrain: Terrain::Hills,
            number: Some(4),
            twin: Some(Compass::NE),
        };
        assert_eq!(hills.de(Case::Acc), "das nordöstliche Hügelland (4)");
        assert_eq!(hills.de(Case::Dat), "dem nordöstlichen Hügelland (4)");
        // A coastal path of one land hex, named by its side.
        let e = Hex(-2, 0).sides()[4].id().unwrap();
        let tile = |h: HexId| {
            if h == at(-2, 0) {
                (Terrain::Hills, Some(4))
            } else {
                (Terrain::Forest, Some(6))
            }
        };
        let path = Place::path_of(&tile, e);
        assert_eq!(path.en(), "the path along the west side of the hills (4)");
        assert_eq!(
            path.de(Case::Acc),
            "den Weg an der Westseite des Hügellands (4)"
        );
        assert_eq!(
            path.de(Case::Dat),
            "dem Weg an der Westseite des Hügellands (4)"
        );
    }
}
