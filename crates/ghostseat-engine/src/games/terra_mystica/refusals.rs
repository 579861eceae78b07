//! Why terra-mystica refuses a move or an option: typed messages
//! rendered in English and in German, in the terms of the German edition as
//! the event texts use them (`text.rs`: Wohnhaus, Handelshaus, Tempel,
//! Festung, Heiligtum, Kultskala, Rundenbonuskarte, Gunstplättchen,
//! Stadtmarke, Machtaktion, Schifffahrtswert, Spaten, Siegpunkte), addressing
//! the player with "du". Option names and JSON values stand in backticks in
//! German.

use crate::engine::text::count;
use crate::engine::{Describe, Lang, TextCx};

use super::data::{Cult, HumanFaction, Kind, Terrain};
use super::ids::{BonusCard, CardId, Cell, FavorTile, MapId, PowerSpace, TileId, TownTile};
use super::text::{capital, cult_de, kind_de, on_track, terrain_de, zu_einem, Genus};

/// What an option outside its range measures ([`Refusal::OutOfRange`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ranged {
    /// `human_seats.N.start_cult`: a position on a cult track.
    CultPosition,
    /// `human_seats.N.initial_dwellings`.
    InitialDwellings,
    /// `human_seats.N.reach`: a teleport range.
    TeleportRange,
    /// `human_seats.N.reach`: a shipping level.
    ShippingLevel,
    /// `human_seats.N.start_vp`.
    StartVp,
    /// `mots_shipyard_power`.
    ShipyardPower,
    /// `mots_power_action_spaces`.
    PowerActionSpaces,
    /// `automa_trade_markers` (only `max` is read).
    TradeMarkers,
    /// `symbiont_cube_vp`.
    CubeVp,
    /// `gognome_achievement_vp.N`.
    AchievementVp,
    /// `…automa_pass_vp` of a scoring tile (only `max` is read).
    TilePassVp,
}

/// A refusal of Terra Mystica with Automa.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    // --- Human moves (rules.rs) -------------------------------------------
    /// TMA-HUM-3/4/5/14: a move names a cell the map does not have.
    NoSuchCell { cell: Cell },
    /// TMA-HUM-5: an upgrade of a cell without one of the human's buildings.
    NotYourBuilding { cell: Cell },
    /// TMA-HUM-5: an upgrade step the rules do not allow.
    NoUpgrade { from: Kind, to: Kind },
    /// TMA-HUM-3/5: no building of that kind left in the human's supply.
    SupplyEmpty { kind: Kind },
    /// TMA-HUM-14: a fourth bridge.
    AllBridgesPlaced,
    /// TMA-MAP-10: two cells that no bridge can join.
    NotABridgePosition { a: Cell, b: Cell },
    /// TMA-MAP-10: a bridge where one lies already.
    BridgeAlreadyThere,
    /// TMA-MAP-10: a bridge with none of the human's buildings at either end.
    BridgeNeedsBuilding,
    /// TMA-HUM-7: an eighth priest sent to a 3- or 2-space.
    AllPriestsPlaced,
    /// TMA-HUM-7: no free priest space of that value on the track.
    NoPriestSpace { value: u8, track: Cult },
    /// TMA-HUM-7: a priest sent for another value than 3, 2 or 1.
    PriestValue,
    /// TMA-HUM-8: a cult advance of fewer than 1 or more than 3 steps.
    AdvanceSteps,
    /// TMA-HUM-10: a power action not in this game.
    NoSuchPowerAction { space: PowerSpace },
    /// TMA-HUM-10: a power action already covered this round.
    PowerActionCovered { space: PowerSpace },
    /// TMA-HUM-11: no copy of the favor tile left.
    NoFavorTileLeft { tile: FavorTile },
    /// TMA-HUM-11: the human holds that favor tile already.
    FavorTileHeld { tile: FavorTile },
    /// TMA-HUM-13: no copy of the town tile left.
    NoTownTileLeft { tile: TownTile },
    /// TMA-HUM-15: a reach that falls, changes kind or passes its maximum.
    ReachOnlyRises,
    /// TMA-HUM-4: a transform of a river cell or a cell with a building.
    NotTransformable { cell: Cell },
    /// TMA-HUM-4: a transform into a terrain the faction cannot create.
    CannotCreate { terrain: Terrain },
    /// TMA-HUM-3: a dwelling on a river cell.
    RiverCell { cell: Cell },
    /// TMA-HUM-3: a dwelling on a cell that holds a building.
    CellOccupied { cell: Cell },
    /// TMA-HUM-3, TMA-SET-12: a dwelling on a terrain the human may not
    /// build on (`None`: no terrain, a river).
    NotBuildable {
        cell: Cell,
        terrain: Option<Terrain>,
    },
    /// TMA-FAC-11: a dwelling on a blighted cell (house rule).
    Blighted { cell: Cell },
    /// TMA-HUM-16, TMA-FAC-12, TMA-END-1: a VP report beyond the limit.
    VpReportLimit { limit: i32 },
    /// TMA-HUM-1: a move for the Automa seat.
    AutomaSeatServer,
    /// TMA-FAC-10: Automa VP reported while every faction rule is the house's.
    AutomaVpNotReported,
    /// TMA-SET-12: an initial dwelling when no human places one.
    NoDwellingNow,
    /// TMA-SET-15: a bonus card chosen before the initial dwellings are done.
    BonusCardNotYet,
    /// TMA-HUM-12: a bonus card not in the row.
    NotInBonusRow { card: BonusCard },
    /// TMA-HUM-2: `end_turn` before any board step, or a batch turn of
    /// `report_vp` steps alone.
    TurnNeedsStep,
    /// TMA-HUM-2: a batch turn after steps sent one by one.
    TurnBegun,
    /// TMA-HUM-2: a batch turn without steps.
    EmptyTurn,
    /// TMA-HUM-2: a pass after steps of the turn.
    ActedAlready,
    /// TMA-HUM-1 (and the rule of the step): a move that does not fit.
    MoveDoesNotFit,
    /// TMA-TURN-4: a pass in rounds 1–5 without a bonus card.
    BonusCardOnPass,
    /// TMA-TURN-4: a pass in round 6 with a bonus card.
    NoBonusCardInRoundSix,
    /// TMA-HF-2: the Cultists' cult step on a track they cannot advance on.
    CannotAdvance { track: Cult },
    /// TMA-FAC-9: more power reported gained than was offered.
    GainedTooMuch { offered: u32 },
    /// TMA-HF-2, TMA-FAC-9, TMA-RND-1: another move while a decision is open.
    AnswerFirst,

    // --- Automa (bot/, deck.rs, mod.rs) ---------------------------------
    /// TMA-SET-13, TMA-GEN-12: a table card id that is no Automa card.
    NotAnAutomaCard { id: String },
    /// TMA-SET-13: the map has no cell of Automa's home terrain for a letter.
    NoHomeCell,
    /// TMA-SET-13: every cell of Automa's home terrain holds a building.
    NoFreeHomeCell,
    /// TMA-TURN-5: a bot turn asked for a human's setup step.
    HumanSetupStep,
    /// TMA-TURN-5: a bot turn asked while a human sets up.
    HumanSetsUp,
    /// TMA-TURN-5: a bot turn asked outside set-up and the action phase.
    NotAutomasTurn,
    /// TMA-BOT-1: Automa's turn without an action and a support card.
    NoCardPair,

    // --- Options (options.rs) ---------------------------------------------
    /// TMA-SET-1: `humans` is not 1 or 2.
    Humans,
    /// TMA-SET-1: `human_seats` does not list one entry per human.
    HumanSeatsCount { listed: usize, humans: u8 },
    /// TMA-SET-1: `first_human` is not a human.
    FirstHuman,
    /// TMA-SET-1: a Fire & Ice faction without `fire_and_ice`.
    FireIceFaction { faction: HumanFaction },
    /// TMA-SET-1: a home terrain other than the faction's own.
    FixedHome {
        faction: HumanFaction,
        home: Terrain,
    },
    /// TMA-SET-1: a faction that chooses its colour without `home_terrain`.
    HomeNeeded { faction: HumanFaction },
    /// TMA-SET-1: two humans with one home terrain.
    SharedHome,
    /// TMA-SET-1: an option outside its range.
    OutOfRange { what: Ranged, min: i64, max: i64 },
    /// TMA-SET-1 (TMA-TWO-4): two humans against another Automa faction
    /// than The Simpletons.
    TwoHumansSimpletons,
    /// TMA-SET-1 (TMA-HF-7): The Blight against human Giants.
    BlightAgainstGiants,
    /// TMA-SET-1: Ice or Volcano where a map terrain is needed.
    NotAMapTerrain { terrain: Terrain },
    /// TMA-SET-1: Automa's home terrain is a human's.
    HomeTaken { terrain: Terrain },
    /// TMA-SET-1: a Fire & Ice map without `fire_and_ice`.
    FireIceMap { map: MapId },
    /// TMA-SET-1: the Merchants of the Seas final scoring tile.
    MostTradeMarkersTile,
    /// TMA-SET-1: a final scoring tile without `fire_and_ice`.
    FinalTileNeedsFireIce,
    /// TMA-SET-1: a `mots_bonus_cards` id listed twice, empty or a base card.
    NotANewBonusCard { card: BonusCard },
    /// TMA-SET-1: `scoring_tile_data` names an unknown tile.
    NoSuchScoringTile { tile: TileId },
    /// TMA-SET-1: an `atp_cards` row that is not the seven terrains from
    /// the card's own.
    AtpCardRows,
    /// TMA-SET-1: a `symbiont_youth_atp` row that is not the seven terrains.
    YouthAtpRows,
    /// TMA-SET-1 (TMA-SET-13): a map-card letter other than A to F.
    NotALetter { letter: String },
    /// TMA-SET-1 (TMA-SET-13): a lettered cell the map does not have.
    NoCellOnMap { cell: Cell, map: MapId },
    /// TMA-SET-1 (TMA-SET-13): a letter on a river cell.
    LetterOnRiver { cell: Cell },
    /// TMA-SET-1 (TMA-SET-13): a letter on a cell of another terrain.
    LetterTerrain {
        cell: Cell,
        is: Terrain,
        marks: Terrain,
    },
    /// TMA-SET-1 (TMA-SET-13): two letters of a terrain on one cell.
    LettersShareCell { terrain: Terrain, cell: Cell },
    /// TMA-GEN-12: physical-table mode without `table_setup`.
    TableSetupNeeded,
    /// TMA-GEN-12: `table_setup` with the server's chance.
    TableSetupUnused,
    /// TMA-GEN-12: a bonus card of the row not in the pool, or twice.
    NotInBonusPool { card: BonusCard },
    /// TMA-GEN-12: a bonus row of the wrong length.
    BonusRowSize { cards: usize },
    /// TMA-GEN-12: not six scoring tiles.
    SixScoringTiles,
    /// TMA-GEN-12: a scoring tile not in the pool, or twice.
    NotInTilePool { tile: TileId },
    /// TMA-SET-3: the spade tile on round 5 or 6.
    SpadeTileLate,
    /// TMA-GEN-12 (TMA-DECK-5): the wrong number of extra starter cards.
    ExtraStarterCount { n: usize },
    /// TMA-GEN-12 (TMA-DECK-5): an extra starter card that is no advanced
    /// card, or listed twice.
    NotAnAdvancedCard { card: CardId },
}

/// "ein Wohnhaus", "ein Tempel", "eine Festung" (nominative).
fn ein_de(k: Kind) -> String {
    let (n, g) = kind_de(k);
    let art = if g == Genus::F { "eine" } else { "ein" };
    format!("{art} {n}")
}

/// "kein Wohnhaus", "keinen Tempel", "keine Festung" (accusative).
fn kein_de(k: Kind) -> String {
    let (n, g) = kind_de(k);
    let art = match g {
        Genus::M => "keinen",
        Genus::F => "keine",
        Genus::N => "kein",
    };
    format!("{art} {n}")
}

/// A human faction's German name (the rulebook's terms; all plural).
fn human_faction_de(f: HumanFaction) -> &'static str {
    use HumanFaction::*;
    match f {
        Witches => "Hexen",
        Auren => "Auren",
        Alchemists => "Alchimisten",
        Darklings => "Düsterlinge",
        Halflings => "Halblinge",
        Cultists => "Kultisten",
        Engineers => "Ingenieure",
        Dwarves => "Zwerge",
        Mermaids => "Meerjungfrauen",
        Swarmlings => "Schwarmlinge",
        ChaosMagicians => "Chaosmagier",
        Giants => "Giganten",
        Fakirs => "Fakire",
        Nomads => "Nomaden",
        IceMaidens => "Frostfeen",
        Yetis => "Yetis",
        Acolytes => "Geweihte",
        Dragonlords => "Drachenmeister",
        Shapeshifters => "Gestaltwandler",
        Riverwalkers => "Flussläufer",
        Other => "anderen Völker",
    }
}

fn ranged_en(what: Ranged, min: i64, max: i64) -> String {
    use Ranged as W;
    match what {
        W::CultPosition => format!("Cult positions run from {min} to {max}."),
        W::InitialDwellings => format!("A human places {min} to {max} initial dwellings."),
        W::TeleportRange => format!("A teleport range runs from {min} to {max}."),
        W::ShippingLevel => format!("A shipping level runs from {min} to {max}."),
        W::StartVp => format!("Start VP run from {min} to {max}."),
        W::ShipyardPower => format!("A Shipyard has a power value of {min} to {max}."),
        W::PowerActionSpaces => {
            format!("The Merchants power-action board has {min} to {max} spaces.")
        }
        W::TradeMarkers => format!("Automa has at most {max} trade markers."),
        W::CubeVp => format!("A Symbiont cube is worth {min} to {max} VP."),
        W::AchievementVp => format!("An achievement is worth {min} to {max} VP."),
        W::TilePassVp => format!("A tile gives Automa at most {max} VP."),
    }
}

fn ranged_de(what: Ranged, min: i64, max: i64) -> String {
    use Ranged as W;
    match what {
        W::CultPosition => {
            format!("Die Positionen auf den Kultskalen reichen von {min} bis {max}.")
        }
        W::InitialDwellings => {
            format!("Ein Mensch setzt {min} bis {max} erste Wohnhäuser.")
        }
        W::TeleportRange => format!("Eine Teleport-Reichweite reicht von {min} bis {max}."),
        W::ShippingLevel => format!("Ein Schifffahrtswert reicht von {min} bis {max}."),
        W::StartVp => format!("Die Siegpunkte zu Beginn reichen von {min} bis {max}."),
        W::ShipyardPower => format!("Eine Werft hat einen Machtwert von {min} bis {max}."),
        W::PowerActionSpaces => {
            format!("Der Machtaktionsplan von Die Händler hat {min} bis {max} Machtaktionsfelder.")
        }
        W::TradeMarkers => format!("Automa hat höchstens {max} Handelsmarker."),
        W::CubeVp => {
            format!("Ein Arbeiter der Symbionten ist {min} bis {max} Siegpunkte wert.")
        }
        W::AchievementVp => {
            format!("Ein Aufgabenplättchen der Gognome ist {min} bis {max} Siegpunkte wert.")
        }
        W::TilePassVp => format!("Ein Wertungsplättchen gibt Automa höchstens {max} Siegpunkte."),
    }
}

impl Refusal {
    fn en(&self) -> String {
        use Refusal as R;
        match self {
            R::NoSuchCell { cell } => format!("There is no cell {cell} on this map."),
            R::NotYourBuilding { cell } => format!("{cell} does not hold one of your buildings."),
            R::NoUpgrade { from, to } => format!(
                "A {} cannot be upgraded to a {}.",
                from.name(),
                to.name()
            ),
            R::SupplyEmpty { kind } => {
                format!("You have no {} left in your supply.", kind.name())
            }
            R::AllBridgesPlaced => "You have placed all 3 bridges.".into(),
            R::NotABridgePosition { a, b } => format!("{a}–{b} is not a bridge position."),
            R::BridgeAlreadyThere => "That pair of cells already holds a bridge.".into(),
            R::BridgeNeedsBuilding => "One end of the bridge must hold your building.".into(),
            R::AllPriestsPlaced => "You have placed all 7 priests.".into(),
            R::NoPriestSpace { value, track } => format!(
                "No {value}-space is free below the {} track.",
                track.name()
            ),
            R::PriestValue => "A priest is worth 3, 2 or 1 step.".into(),
            R::AdvanceSteps => "Advance 1 to 3 steps.".into(),
            R::NoSuchPowerAction { space } => {
                format!("There is no power action {space} in this game.")
            }
            R::PowerActionCovered { space } => {
                format!("Power action {space} is already covered this round.")
            }
            R::NoFavorTileLeft { tile } => format!("No copy of {tile} is left."),
            R::FavorTileHeld { tile } => format!("You already hold {tile}."),
            R::NoTownTileLeft { tile } => format!("No copy of town tile {tile} is left."),
            R::ReachOnlyRises => "Reach only rises: shipping up to 5 or teleport range up to 4, of the same kind.".into(),
            R::NotTransformable { cell } => format!(
                "{cell} must be a land cell without a building to transform it."
            ),
            R::CannotCreate { terrain } => {
                format!("Your faction cannot create {}.", terrain.name())
            }
            R::RiverCell { cell } => format!("{cell} is a river cell."),
            R::CellOccupied { cell } => format!("{cell} already holds a building."),
            R::NotBuildable { cell, terrain } => match terrain {
                Some(t) => format!("{cell} is {}, not a terrain you can build on.", t.name()),
                None => format!("{cell} is a river cell, not a terrain you can build on."),
            },
            R::Blighted { cell } => {
                format!("{cell} is blighted: transform it first (one extra spade).")
            }
            R::VpReportLimit { limit } => {
                format!("One report moves at most {limit} VP either way.")
            }
            R::AutomaSeatServer => "The Automa seat is played by the server.".into(),
            R::AutomaVpNotReported => "Automa VP are reported only when a faction's rules are played at the table.".into(),
            R::NoDwellingNow => "This is not the time to place a dwelling.".into(),
            R::BonusCardNotYet => "Bonus cards are chosen after all initial dwellings and Automa's card.".into(),
            R::NotInBonusRow { card } => format!("{card} is not in the bonus row."),
            R::TurnNeedsStep => "A turn has at least one step: act, or pass.".into(),
            R::TurnBegun => "You have begun your turn step by step: continue it, or end it.".into(),
            R::EmptyTurn => "A turn lists at least one step.".into(),
            R::ActedAlready => "You have already acted this turn: end your turn instead of passing.".into(),
            R::MoveDoesNotFit => "This move does not fit the current step of the game.".into(),
            R::BonusCardOnPass => "In rounds 1–5 you take a bonus card when you pass.".into(),
            R::NoBonusCardInRoundSix => "In round 6 you take no bonus card.".into(),
            R::CannotAdvance { track } => format!("You cannot advance on {}.", track.name()),
            R::GainedTooMuch { offered } => format!(
                "You were offered {offered} power: you gained 0 to {offered}."
            ),
            R::AnswerFirst => "Answer the open decision first.".into(),

            R::NotAnAutomaCard { id } => format!("'{id}' is not an Automa card."),
            R::NoHomeCell => "There is no cell of Automa's home terrain on this map.".into(),
            R::NoFreeHomeCell => "No cell of Automa's home terrain is free.".into(),
            R::HumanSetupStep => "This setup step belongs to a human.".into(),
            R::HumanSetsUp => "A human places now.".into(),
            R::NotAutomasTurn => "It is not Automa's turn.".into(),
            R::NoCardPair => "Automa has no pair of cards to play.".into(),

            R::Humans => "One human (solo) or two humans (the variant with Automa) play.".into(),
            R::HumanSeatsCount { listed, humans } => format!(
                "The option human_seats lists {listed} entries, but {humans} play: one entry per human."
            ),
            R::FirstHuman => "The option first_human names the human who starts: 0, or 1 with two humans.".into(),
            R::FireIceFaction { faction } => format!(
                "The {} are a Fire & Ice faction: set fire_and_ice.",
                faction.name()
            ),
            R::FixedHome { faction, home } => format!(
                "The {} live on {}: leave home_terrain out or give {}.",
                faction.name(),
                home.name(),
                home.name()
            ),
            R::HomeNeeded { faction } => match faction {
                HumanFaction::Other => "This faction needs a home_terrain: the colour the player picks, one of the seven map terrains.".into(),
                f => format!(
                    "The {} need a home_terrain: the colour the player picks, one of the seven map terrains.",
                    f.name()
                ),
            },
            R::SharedHome => "Two humans cannot share a home terrain.".into(),
            R::OutOfRange { what, min, max } => ranged_en(*what, *min, *max),
            R::TwoHumansSimpletons => "With two humans Automa must play The Simpletons.".into(),
            R::BlightAgainstGiants => "Automa cannot be The Blight when a human plays the Giants.".into(),
            R::NotAMapTerrain { terrain } => format!("{} is not a map terrain.", terrain.name()),
            R::HomeTaken { terrain } => format!("A human already lives on {}.", terrain.name()),
            R::FireIceMap { map } => {
                format!("The map {map} is a Fire & Ice map: set fire_and_ice.")
            }
            R::MostTradeMarkersTile => "The Merchants of the Seas final scoring tile (most trade markers) cannot be used with Automa.".into(),
            R::FinalTileNeedsFireIce => "A final scoring tile needs fire_and_ice.".into(),
            R::NotANewBonusCard { card } => format!(
                "'{card}' is not a new bonus card id (listed twice, empty, or a base card)."
            ),
            R::NoSuchScoringTile { tile } => {
                format!("There is no scoring tile {tile} (SCORE1–SCORE9, MS1–MS12).")
            }
            R::AtpCardRows => "Each row of an ATP card lists the seven map terrains once and starts with the card's own terrain.".into(),
            R::YouthAtpRows => "Each row lists the seven map terrains once.".into(),
            R::NotALetter { letter } => {
                format!("The map cards carry the letters A to F, not '{letter}'.")
            }
            R::NoCellOnMap { cell, map } => format!("There is no cell {cell} on the map {map}."),
            R::LetterOnRiver { cell } => {
                format!("{cell} is a river cell: a letter marks a land cell.")
            }
            R::LetterTerrain { cell, is, marks } => format!(
                "{cell} is {}, but the letter marks a {} cell.",
                is.name(),
                marks.name()
            ),
            R::LettersShareCell { terrain, cell } => format!(
                "Two letters of {} mark the same cell {cell} (letters not given keep their house cells).",
                terrain.name()
            ),
            R::TableSetupNeeded => "Physical-table mode needs table_setup: the bonus row, the six scoring tiles and (levels 3–5) the extra starter cards.".into(),
            R::TableSetupUnused => "The option table_setup is only used with table_mode = all.".into(),
            R::NotInBonusPool { card } => {
                format!("Bonus card {card} is not in the pool (or listed twice).")
            }
            R::BonusRowSize { cards } => format!("The bonus row holds {cards} cards."),
            R::SixScoringTiles => "List the six scoring tiles of rounds 1–6.".into(),
            R::NotInTilePool { tile } => {
                format!("Scoring tile {tile} is not in the pool (or listed twice).")
            }
            R::SpadeTileLate => "The spade tile SCORE1 may not lie on round 5 or 6.".into(),
            R::ExtraStarterCount { n } => match n {
                0 => "This level adds no reserve card to the starter cards: list none.".into(),
                1 => "This level adds 1 reserve card to the starter cards: list it.".into(),
                n => format!("This level adds {n} reserve cards to the starter cards: list them."),
            },
            R::NotAnAdvancedCard { card } => format!(
                "Card {card} is not an advanced card (6–13) of the reserve (or listed twice)."
            ),
        }
    }

    fn de(&self) -> String {
        use Refusal as R;
        match self {
            R::NoSuchCell { cell } => format!("Auf diesem Spielplan gibt es kein Feld {cell}."),
            R::NotYourBuilding { cell } => format!("Auf {cell} steht keines deiner Gebäude."),
            R::NoUpgrade { from, to } => format!(
                "{} kann nicht {} aufgewertet werden.",
                capital(&ein_de(*from)),
                zu_einem(*to)
            ),
            R::SupplyEmpty { kind } => {
                format!("Du hast {} mehr in deinem Vorrat.", kein_de(*kind))
            }
            R::AllBridgesPlaced => "Du hast schon alle 3 Brücken gebaut.".into(),
            R::NotABridgePosition { a, b } => {
                format!("Zwischen {a} und {b} kann keine Brücke liegen.")
            }
            R::BridgeAlreadyThere => "Zwischen diesen Feldern liegt schon eine Brücke.".into(),
            R::BridgeNeedsBuilding => {
                "An einem Ende der Brücke muss eines deiner Gebäude stehen.".into()
            }
            R::AllPriestsPlaced => "Du hast schon alle 7 Priester eingesetzt.".into(),
            R::NoPriestSpace { value, track } => format!(
                "Auf der Kultskala {} ist kein {value}er-Feld mehr frei.",
                cult_de(*track)
            ),
            R::PriestValue => "Ein Priester bringt 3, 2 oder 1 Stufe.".into(),
            R::AdvanceSteps => "Steige um 1 bis 3 Stufen auf.".into(),
            R::NoSuchPowerAction { space } => {
                format!("In dieser Partie gibt es keine Machtaktion {space}.")
            }
            R::PowerActionCovered { space } => {
                format!("Die Machtaktion {space} ist in dieser Runde schon abgedeckt.")
            }
            R::NoFavorTileLeft { tile } => {
                format!("Vom Gunstplättchen {tile} ist keines mehr übrig.")
            }
            R::FavorTileHeld { tile } => format!("Du hast das Gunstplättchen {tile} schon."),
            R::NoTownTileLeft { tile } => {
                format!("Von der Stadtmarke {tile} ist keine mehr übrig.")
            }
            R::ReachOnlyRises => "Die Reichweite steigt nur, und nur in ihrer Art: der Schifffahrtswert bis 5, die Teleport-Reichweite bis 4.".into(),
            R::NotTransformable { cell } => format!(
                "Zum Umwandeln muss {cell} ein Landschaftsfeld ohne Gebäude sein."
            ),
            R::CannotCreate { terrain } => {
                format!("Dein Volk kann nicht in {} umwandeln.", terrain_de(*terrain))
            }
            R::RiverCell { cell } => format!("{cell} ist ein Flussfeld."),
            R::CellOccupied { cell } => format!("Auf {cell} steht schon ein Gebäude."),
            R::NotBuildable { cell, terrain } => match terrain {
                Some(t) => format!(
                    "{cell} ist {}; auf dieser Landschaft darfst du nicht bauen.",
                    terrain_de(*t)
                ),
                None => format!("{cell} ist ein Flussfeld; dort darfst du nicht bauen."),
            },
            R::Blighted { cell } => format!(
                "{cell} ist verwüstet: Wandle es zuerst um (ein zusätzlicher Spaten)."
            ),
            R::VpReportLimit { limit } => format!(
                "Eine Meldung ändert die Siegpunkte um höchstens {limit} nach oben oder unten."
            ),
            R::AutomaSeatServer => "Automas Platz spielt der Server.".into(),
            R::AutomaVpNotReported => "Automas Siegpunkte werden nur gemeldet, wenn die Regeln eines Volkes am Tisch gespielt werden.".into(),
            R::NoDwellingNow => "Jetzt wird kein Wohnhaus gesetzt.".into(),
            R::BonusCardNotYet => "Rundenbonuskarten werden erst nach allen ersten Wohnhäusern und Automas Karte gewählt.".into(),
            R::NotInBonusRow { card } => {
                format!("{card} liegt nicht in der Auslage der Rundenbonuskarten.")
            }
            R::TurnNeedsStep => "Ein Zug hat mindestens einen Schritt: Handle oder passe.".into(),
            R::TurnBegun => "Du hast deinen Zug Schritt für Schritt begonnen: Setze ihn fort oder beende ihn.".into(),
            R::EmptyTurn => "Ein Zug nennt mindestens einen Schritt.".into(),
            R::ActedAlready => "Du hast in diesem Zug schon gehandelt: Beende deinen Zug, statt zu passen.".into(),
            R::MoveDoesNotFit => "Dieser Spielzug passt nicht zum aktuellen Schritt der Partie.".into(),
            R::BonusCardOnPass => "In den Runden 1 bis 5 nimmst du beim Passen eine Rundenbonuskarte.".into(),
            R::NoBonusCardInRoundSix => "In Runde 6 nimmst du keine Rundenbonuskarte.".into(),
            R::CannotAdvance { track } => {
                format!("Du kannst {} nicht aufsteigen.", on_track(*track))
            }
            R::GainedTooMuch { offered } => format!(
                "Dir wurden {} angeboten: Du hast 0 bis {offered} erhalten.",
                count(*offered, "Macht", "Macht")
            ),
            R::AnswerFirst => "Triff zuerst die offene Entscheidung.".into(),

            R::NotAnAutomaCard { id } => format!("„{id}“ ist keine Automakarte."),
            R::NoHomeCell => {
                "Auf diesem Spielplan gibt es kein Feld von Automas Heimatlandschaft.".into()
            }
            R::NoFreeHomeCell => "Kein Feld von Automas Heimatlandschaft ist mehr frei.".into(),
            R::HumanSetupStep => "Dieser Schritt des Aufbaus gehört einem Menschen.".into(),
            R::HumanSetsUp => "Jetzt setzt ein Mensch.".into(),
            R::NotAutomasTurn => "Automa ist nicht am Zug.".into(),
            R::NoCardPair => "Automa hat kein Kartenpaar zum Ausspielen.".into(),

            R::Humans => "Es spielen ein Mensch (solo) oder zwei Menschen (die Variante Zu zweit mit Automa).".into(),
            R::HumanSeatsCount { listed, humans } => format!(
                "Die Option `human_seats` hat {}, es spielen aber {humans}: ein Eintrag pro Mensch.",
                count(*listed as i64, "Eintrag", "Einträge")
            ),
            R::FirstHuman => "Die Option `first_human` nennt den Menschen, der beginnt: 0, oder 1 bei zwei Menschen.".into(),
            R::FireIceFaction { faction } => format!(
                "Die {} sind ein Volk aus Feuer & Eis: Setze `fire_and_ice`.",
                human_faction_de(*faction)
            ),
            R::FixedHome { faction, home } => format!(
                "Die Heimatlandschaft der {} ist {}: Lass `home_terrain` weg oder gib {} an.",
                human_faction_de(*faction),
                terrain_de(*home),
                terrain_de(*home)
            ),
            R::HomeNeeded { faction } => {
                let who = match faction {
                    HumanFaction::Other => "Dieses Volk braucht".to_string(),
                    f => format!("Die {} brauchen", human_faction_de(*f)),
                };
                format!("{who} eine Heimatlandschaft (`home_terrain`): die Farbe, die du wählst, eine der sieben Landschaften des Spielplans.")
            }
            R::SharedHome => "Zwei Menschen können nicht dieselbe Heimatlandschaft haben.".into(),
            R::OutOfRange { what, min, max } => ranged_de(*what, *min, *max),
            R::TwoHumansSimpletons => "Zu zweit mit Automa muss Automa die Unscheinbaren spielen.".into(),
            R::BlightAgainstGiants => "Automa kann nicht die Verwüster spielen, wenn ein Mensch die Giganten spielt.".into(),
            R::NotAMapTerrain { terrain } => format!(
                "{} ist keine Landschaft des Spielplans.",
                terrain_de(*terrain)
            ),
            R::HomeTaken { terrain } => format!(
                "{} ist schon die Heimatlandschaft eines Menschen.",
                terrain_de(*terrain)
            ),
            R::FireIceMap { map } => {
                format!("Der Spielplan `{map}` gehört zu Feuer & Eis: Setze `fire_and_ice`.")
            }
            R::MostTradeMarkersTile => "Das Endwertungsplättchen von Die Händler (meiste Handelsmarker) kann nicht mit Automa gespielt werden.".into(),
            R::FinalTileNeedsFireIce => "Ein Endwertungsplättchen braucht `fire_and_ice`.".into(),
            R::NotANewBonusCard { card } => format!(
                "„{card}“ ist keine neue Kennung einer Rundenbonuskarte (doppelt, leer oder eine Karte des Grundspiels)."
            ),
            R::NoSuchScoringTile { tile } => {
                format!("Es gibt kein Wertungsplättchen {tile} (SCORE1–SCORE9, MS1–MS12).")
            }
            R::AtpCardRows => "Jede Reihe einer LTP-Karte nennt die sieben Landschaften des Spielplans je einmal und beginnt mit der Landschaft der Karte.".into(),
            R::YouthAtpRows => "Jede Reihe nennt die sieben Landschaften des Spielplans je einmal.".into(),
            R::NotALetter { letter } => format!(
                "Die Spielplankarten tragen die Buchstaben A bis F, nicht „{letter}“."
            ),
            R::NoCellOnMap { cell, map } => {
                format!("Auf dem Spielplan `{map}` gibt es kein Feld {cell}.")
            }
            R::LetterOnRiver { cell } => format!(
                "{cell} ist ein Flussfeld: Ein Buchstabe markiert ein Landschaftsfeld."
            ),
            R::LetterTerrain { cell, is, marks } => format!(
                "{cell} ist {}, der Buchstabe markiert aber ein Feld der Landschaft {}.",
                terrain_de(*is),
                terrain_de(*marks)
            ),
            R::LettersShareCell { terrain, cell } => format!(
                "Zwei Buchstaben der Landschaft {} markieren dasselbe Feld {cell} (nicht angegebene Buchstaben behalten ihre Hausfelder).",
                terrain_de(*terrain)
            ),
            R::TableSetupNeeded => "Der Tischmodus braucht `table_setup`: die Auslage der Rundenbonuskarten, die sechs Wertungsplättchen und (Stufen 3 bis 5) die zusätzlichen Startkarten.".into(),
            R::TableSetupUnused => "Die Option `table_setup` gilt nur mit `table_mode` = `all`.".into(),
            R::NotInBonusPool { card } => format!(
                "Die Rundenbonuskarte {card} ist nicht im Vorrat (oder doppelt genannt)."
            ),
            R::BonusRowSize { cards } => format!(
                "Die Auslage der Rundenbonuskarten hat {}.",
                count(*cards as i64, "Karte", "Karten")
            ),
            R::SixScoringTiles => "Nenne die sechs Wertungsplättchen der Runden 1 bis 6.".into(),
            R::NotInTilePool { tile } => format!(
                "Das Wertungsplättchen {tile} ist nicht im Vorrat (oder doppelt genannt)."
            ),
            R::SpadeTileLate => "Das Spaten-Wertungsplättchen SCORE1 darf nicht auf Runde 5 oder 6 liegen.".into(),
            R::ExtraStarterCount { n } => match n {
                0 => "Diese Stufe fügt den Startkarten keine Karte vom Reservestapel hinzu: Nenne keine.".into(),
                1 => "Diese Stufe fügt den Startkarten 1 Karte vom Reservestapel hinzu: Nenne sie.".into(),
                n => format!("Diese Stufe fügt den Startkarten {n} Karten vom Reservestapel hinzu: Nenne sie."),
            },
            R::NotAnAdvancedCard { card } => format!(
                "Die Karte {card} ist keine fortgeschrittene Karte (6 bis 13) des Reservestapels (oder doppelt genannt)."
            ),
        }
    }
}

impl Describe for Refusal {
    fn describe(&self, cx: &TextCx<'_>) -> String {
        match cx.lang {
            Lang::En => self.en(),
            Lang::De => self.de(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::testing::{check_german, check_text};

    fn both(r: Refusal) -> (String, String) {
        (
            r.describe(&TextCx::new(Lang::En, &[])),
            r.describe(&TextCx::new(Lang::De, &[])),
        )
    }

    fn pair(en: &str, de: &str) -> (String, String) {
        (en.to_string(), de.to_string())
    }

    fn cell(s: &str) -> Cell {
        Cell(s.to_string())
    }

    #[test]
    fn refusals_read_in_english_and_german() {
        assert_eq!(
            both(Refusal::NoUpgrade {
                from: Kind::Dwelling,
                to: Kind::Stronghold
            }),
            pair(
                "A dwelling cannot be upgraded to a stronghold.",
                "Ein Wohnhaus kann nicht zu einer Festung aufgewertet werden."
            )
        );
        assert_eq!(
            both(Refusal::SupplyEmpty { kind: Kind::Temple }),
            pair(
                "You have no temple left in your supply.",
                "Du hast keinen Tempel mehr in deinem Vorrat."
            )
        );
        assert_eq!(
            both(Refusal::NoPriestSpace {
                value: 2,
                track: Cult::Water
            }),
            pair(
                "No 2-space is free below the Water track.",
                "Auf der Kultskala Wasser ist kein 2er-Feld mehr frei."
            )
        );
        assert_eq!(
            both(Refusal::NotBuildable {
                cell: cell("E4"),
                terrain: Some(Terrain::Swamp)
            }),
            pair(
                "E4 is Swamp, not a terrain you can build on.",
                "E4 ist Sumpf; auf dieser Landschaft darfst du nicht bauen."
            )
        );
        assert_eq!(
            both(Refusal::CannotAdvance { track: Cult::Air }),
            pair(
                "You cannot advance on Air.",
                "Du kannst auf der Kultskala Luft nicht aufsteigen."
            )
        );
        assert_eq!(
            both(Refusal::GainedTooMuch { offered: 3 }),
            pair(
                "You were offered 3 power: you gained 0 to 3.",
                "Dir wurden 3 Macht angeboten: Du hast 0 bis 3 erhalten."
            )
        );
        assert_eq!(
            both(Refusal::FixedHome {
                faction: HumanFaction::Witches,
                home: Terrain::Forest
            }),
            pair(
                "The Witches live on Forest: leave home_terrain out or give Forest.",
                "Die Heimatlandschaft der Hexen ist Wald: Lass `home_terrain` weg oder gib Wald an."
            )
        );
        assert_eq!(
            both(Refusal::OutOfRange {
                what: Ranged::InitialDwellings,
                min: 1,
                max: 3
            }),
            pair(
                "A human places 1 to 3 initial dwellings.",
                "Ein Mensch setzt 1 bis 3 erste Wohnhäuser."
            )
        );
        assert_eq!(
            both(Refusal::LetterTerrain {
                cell: cell("A1"),
                is: Terrain::Plains,
                marks: Terrain::Lakes
            }),
            pair(
                "A1 is Plains, but the letter marks a Lakes cell.",
                "A1 ist Ebene, der Buchstabe markiert aber ein Feld der Landschaft Seen."
            )
        );
        assert_eq!(
            both(Refusal::ExtraStarterCount { n: 2 }),
            pair(
                "This level adds 2 reserve cards to the starter cards: list them.",
                "Diese Stufe fügt den Startkarten 2 Karten vom Reservestapel hinzu: Nenne sie."
            )
        );
    }

    /// Every variant's place in the enum: a new variant must be added
    /// here, and then to [`all`].
    fn index(r: &Refusal) -> usize {
        use Refusal as R;
        match r {
            R::NoSuchCell { .. } => 0,
            R::NotYourBuilding { .. } => 1,
            R::NoUpgrade { .. } => 2,
            R::SupplyEmpty { .. } => 3,
            R::AllBridgesPlaced => 4,
            R::NotABridgePosition { .. } => 5,
            R::BridgeAlreadyThere => 6,
            R::BridgeNeedsBuilding => 7,
            R::AllPriestsPlaced => 8,
            R::NoPriestSpace { .. } => 9,
            R::PriestValue => 10,
            R::AdvanceSteps => 11,
            R::NoSuchPowerAction { .. } => 12,
            R::PowerActionCovered { .. } => 13,
            R::NoFavorTileLeft { .. } => 14,
            R::FavorTileHeld { .. } => 15,
            R::NoTownTileLeft { .. } => 16,
            R::ReachOnlyRises => 17,
            R::NotTransformable { .. } => 18,
            R::CannotCreate { .. } => 19,
            R::RiverCell { .. } => 20,
            R::CellOccupied { .. } => 21,
            R::NotBuildable { .. } => 22,
            R::Blighted { .. } => 23,
            R::VpReportLimit { .. } => 24,
            R::AutomaSeatServer => 25,
            R::AutomaVpNotReported => 26,
            R::NoDwellingNow => 27,
            R::BonusCardNotYet => 28,
            R::NotInBonusRow { .. } => 29,
            R::TurnNeedsStep => 30,
            R::TurnBegun => 31,
            R::EmptyTurn => 32,
            R::ActedAlready => 33,
            R::MoveDoesNotFit => 34,
            R::BonusCardOnPass => 35,
            R::NoBonusCardInRoundSix => 36,
            R::CannotAdvance { .. } => 37,
            R::GainedTooMuch { .. } => 38,
            R::AnswerFirst => 39,
            R::NotAnAutomaCard { .. } => 40,
            R::NoHomeCell => 41,
            R::NoFreeHomeCell => 42,
            R::HumanSetupStep => 43,
            R::HumanSetsUp => 44,
            R::NotAutomasTurn => 45,
            R::NoCardPair => 46,
            R::Humans => 47,
            R::HumanSeatsCount { .. } => 48,
            R::FirstHuman => 49,
            R::FireIceFaction { .. } => 50,
            R::FixedHome { .. } => 51,
            R::HomeNeeded { .. } => 52,
            R::SharedHome => 53,
            R::OutOfRange { .. } => 54,
            R::TwoHumansSimpletons => 55,
            R::BlightAgainstGiants => 56,
            R::NotAMapTerrain { .. } => 57,
            R::HomeTaken { .. } => 58,
            R::FireIceMap { .. } => 59,
            R::MostTradeMarkersTile => 60,
            R::FinalTileNeedsFireIce => 61,
            R::NotANewBonusCard { .. } => 62,
            R::NoSuchScoringTile { .. } => 63,
            R::AtpCardRows => 64,
            R::YouthAtpRows => 65,
            R::NotALetter { .. } => 66,
            R::NoCellOnMap { .. } => 67,
            R::LetterOnRiver { .. } => 68,
            R::LetterTerrain { .. } => 69,
            R::LettersShareCell { .. } => 70,
            R::TableSetupNeeded => 71,
            R::TableSetupUnused => 72,
            R::NotInBonusPool { .. } => 73,
            R::BonusRowSize { .. } => 74,
            R::SixScoringTiles => 75,
            R::NotInTilePool { .. } => 76,
            R::SpadeTileLate => 77,
            R::ExtraStarterCount { .. } => 78,
            R::NotAnAdvancedCard { .. } => 79,
        }
    }

    const VARIANTS: usize = 80;

    fn all() -> Vec<Refusal> {
        let mut v = vec![
            Refusal::NoSuchCell { cell: cell("Z9") },
            Refusal::NotYourBuilding { cell: cell("C3") },
            Refusal::NoUpgrade {
                from: Kind::Temple,
                to: Kind::Stronghold,
            },
            Refusal::AllBridgesPlaced,
            Refusal::NotABridgePosition {
                a: cell("A1"),
                b: cell("B2"),
            },
            Refusal::BridgeAlreadyThere,
            Refusal::BridgeNeedsBuilding,
            Refusal::AllPriestsPlaced,
            Refusal::PriestValue,
            Refusal::AdvanceSteps,
            Refusal::NoSuchPowerAction {
                space: PowerSpace::Act1,
            },
            Refusal::PowerActionCovered {
                space: PowerSpace::Act6,
            },
            Refusal::NoFavorTileLeft {
                tile: FavorTile::Fav3,
            },
            Refusal::FavorTileHeld {
                tile: FavorTile::Fav12,
            },
            Refusal::NoTownTileLeft {
                tile: TownTile::Tw5,
            },
            Refusal::ReachOnlyRises,
            Refusal::NotTransformable { cell: cell("r3") },
            Refusal::RiverCell { cell: cell("r0") },
            Refusal::CellOccupied { cell: cell("D5") },
            Refusal::NotBuildable {
                cell: cell("D5"),
                terrain: None,
            },
            Refusal::Blighted { cell: cell("F2") },
            Refusal::VpReportLimit { limit: 200 },
            Refusal::AutomaSeatServer,
            Refusal::AutomaVpNotReported,
            Refusal::NoDwellingNow,
            Refusal::BonusCardNotYet,
            Refusal::NotInBonusRow {
                card: BonusCard("BON7".into()),
            },
            Refusal::TurnNeedsStep,
            Refusal::TurnBegun,
            Refusal::EmptyTurn,
            Refusal::ActedAlready,
            Refusal::MoveDoesNotFit,
            Refusal::BonusCardOnPass,
            Refusal::NoBonusCardInRoundSix,
            Refusal::GainedTooMuch { offered: 1 },
            Refusal::AnswerFirst,
            Refusal::NotAnAutomaCard { id: "*9".into() },
            Refusal::NoHomeCell,
            Refusal::NoFreeHomeCell,
            Refusal::HumanSetupStep,
            Refusal::HumanSetsUp,
            Refusal::NotAutomasTurn,
            Refusal::NoCardPair,
            Refusal::Humans,
            Refusal::HumanSeatsCount {
                listed: 1,
                humans: 2,
            },
            Refusal::FirstHuman,
            Refusal::HomeNeeded {
                faction: HumanFaction::Other,
            },
            Refusal::SharedHome,
            Refusal::TwoHumansSimpletons,
            Refusal::BlightAgainstGiants,
            Refusal::FireIceMap {
                map: MapId::FireIce1,
            },
            Refusal::FireIceMap {
                map: MapId::RevisedBase,
            },
            Refusal::MostTradeMarkersTile,
            Refusal::FinalTileNeedsFireIce,
            Refusal::NotANewBonusCard {
                card: BonusCard("BON3".into()),
            },
            Refusal::NoSuchScoringTile {
                tile: TileId("SCORE12".into()),
            },
            Refusal::AtpCardRows,
            Refusal::YouthAtpRows,
            Refusal::NotALetter { letter: "G".into() },
            Refusal::NoCellOnMap {
                cell: cell("Q1"),
                map: MapId::Base,
            },
            Refusal::LetterOnRiver { cell: cell("r1") },
            Refusal::TableSetupNeeded,
            Refusal::TableSetupUnused,
            Refusal::NotInBonusPool {
                card: BonusCard("BON10".into()),
            },
            Refusal::BonusRowSize { cards: 5 },
            Refusal::SixScoringTiles,
            Refusal::NotInTilePool {
                tile: TileId("MS3".into()),
            },
            Refusal::SpadeTileLate,
            Refusal::NotAnAdvancedCard { card: CardId::S3 },
        ];
        for kind in [
            Kind::Dwelling,
            Kind::TradingHouse,
            Kind::Temple,
            Kind::Stronghold,
            Kind::Sanctuary,
            Kind::Shipyard,
        ] {
            v.push(Refusal::SupplyEmpty { kind });
            v.push(Refusal::NoUpgrade {
                from: kind,
                to: kind,
            });
        }
        for track in [Cult::Fire, Cult::Water, Cult::Earth, Cult::Air] {
            v.push(Refusal::NoPriestSpace { value: 3, track });
            v.push(Refusal::CannotAdvance { track });
        }
        for terrain in Terrain::ALL {
            v.push(Refusal::CannotCreate { terrain });
            v.push(Refusal::NotBuildable {
                cell: cell("A2"),
                terrain: Some(terrain),
            });
            v.push(Refusal::NotAMapTerrain { terrain });
            v.push(Refusal::HomeTaken { terrain });
            v.push(Refusal::LetterTerrain {
                cell: cell("B3"),
                is: terrain,
                marks: Terrain::Desert,
            });
            v.push(Refusal::LettersShareCell {
                terrain,
                cell: cell("C4"),
            });
        }
        for faction in [
            HumanFaction::Witches,
            HumanFaction::ChaosMagicians,
            HumanFaction::IceMaidens,
            HumanFaction::Yetis,
            HumanFaction::Acolytes,
            HumanFaction::Dragonlords,
            HumanFaction::Shapeshifters,
            HumanFaction::Riverwalkers,
        ] {
            v.push(Refusal::FireIceFaction { faction });
            v.push(Refusal::HomeNeeded { faction });
            v.push(Refusal::FixedHome {
                faction,
                home: Terrain::Mountains,
            });
        }
        for what in [
            Ranged::CultPosition,
            Ranged::InitialDwellings,
            Ranged::TeleportRange,
            Ranged::ShippingLevel,
            Ranged::StartVp,
            Ranged::ShipyardPower,
            Ranged::PowerActionSpaces,
            Ranged::TradeMarkers,
            Ranged::CubeVp,
            Ranged::AchievementVp,
            Ranged::TilePassVp,
        ] {
            v.push(Refusal::OutOfRange {
                what,
                min: 0,
                max: 10,
            });
        }
        for n in 0..3 {
            v.push(Refusal::ExtraStarterCount { n });
        }
        v
    }

    #[test]
    fn every_refusal_reads_as_a_sentence_and_its_german_as_german() {
        let mut seen = [false; VARIANTS];
        for r in all() {
            seen[index(&r)] = true;
            let (en, de) = both(r.clone());
            check_text("terra-mystica", &en).unwrap();
            check_text("terra-mystica", &de).unwrap();
            check_german("terra-mystica", &de).unwrap();
            for s in [&en, &de] {
                assert!(s.ends_with('.'), "{r:?}: {s}");
                // A sentence opens with a capital, a number, a quoted id
                // or a cell name (river cells are `r0`, `r1`, …).
                let river = s.starts_with('r') && s[1..].starts_with(|c: char| c.is_ascii_digit());
                assert!(
                    river
                        || s.starts_with(|c: char| {
                            c.is_uppercase() || c.is_ascii_digit() || c == '„' || c == '\''
                        }),
                    "{r:?}: {s}"
                );
            }
        }
        assert!(seen.iter().all(|s| *s), "variants not rendered: {seen:?}");
    }
}
