//! Why a move of catan-ck-duel is refused: one message per kind of refusal, with
//! typed parameters, read in English and in German (the terms of the German edition, as
//! `text.rs` and `rulebook.toml` use them: Ritter, Stadtmauer, Metropole, Handelschip,
//! Zwangshandel, Fortschrittskarte, Stadtausbau, neutrale Partei, Gegner).

use super::board::{Edge, Hex, Vertex};
use super::data::{Card, Cards, ProgressKind, Track};
use super::events::{NeutralKind, SpotAt};
use super::state::{Colour, Pending};
use super::text::{card_de, card_n_de, cards, cards_de, progress_de, track_de};
use crate::engine::text::count;
use crate::engine::{Describe, Lang, TextCx};
use crate::games::catan::text::pair_number;

/// A piece of a player's supply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Piece {
    Road,
    Settlement,
    City,
}

/// What a player pays for (CCK-BUILD-1, CCK-PROG-15).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purchase {
    Road,
    Settlement,
    City,
    CityWall,
    Knight,
    Activation,
    Promotion,
}

/// The open decision a move must answer first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    Discard,
    Robber,
    Neutral,
    KnightRelocation,
    Aqueduct,
    DefenderDraw,
    Pillage,
    Metropolis,
    ProgressExcess,
    ForcedTradeReturn,
    TradeResponse,
    DeserterPick,
    DeserterPlace,
    DiplomatReplace,
    WeddingGive,
    SaboteurDiscard,
    CommercialHarborGive,
    SpyPick,
    MasterMerchantPick,
    /// A step of the roll (never asked of a player).
    Roll,
}

impl Answer {
    /// The answer a pending decision asks for.
    pub fn of(p: &Pending) -> Answer {
        match p {
            Pending::Number { .. } | Pending::RollDone { .. } => Answer::Roll,
            Pending::Discard { .. } => Answer::Discard,
            Pending::Robber { .. } => Answer::Robber,
            Pending::Neutral { .. } => Answer::Neutral,
            Pending::KnightRelocation { .. } => Answer::KnightRelocation,
            Pending::Aqueduct { .. } => Answer::Aqueduct,
            Pending::DefenderDraw { .. } => Answer::DefenderDraw,
            Pending::Pillage { .. } => Answer::Pillage,
            Pending::MetropolisPlace { .. } => Answer::Metropolis,
            Pending::ProgressExcess { .. } => Answer::ProgressExcess,
            Pending::ForcedTradeReturn { .. } => Answer::ForcedTradeReturn,
            Pending::TradeResponse { .. } => Answer::TradeResponse,
            Pending::DeserterPick { .. } => Answer::DeserterPick,
            Pending::DeserterPlace { .. } => Answer::DeserterPlace,
            Pending::DiplomatReplace { .. } => Answer::DiplomatReplace,
            Pending::WeddingGive { .. } => Answer::WeddingGive,
            Pending::SaboteurDiscard { .. } => Answer::SaboteurDiscard,
            Pending::CommercialHarborGive { .. } => Answer::CommercialHarborGive,
            Pending::SpyPick { .. } => Answer::SpyPick,
            Pending::MasterMerchantPick { .. } => Answer::MasterMerchantPick,
        }
    }

    fn en(self) -> &'static str {
        match self {
            Answer::Discard => "discard",
            Answer::Robber => "move the robber",
            Answer::Neutral => "a neutral placement",
            Answer::KnightRelocation => "relocate your displaced knight",
            Answer::Aqueduct => "take your Aqueduct resource",
            Answer::DefenderDraw => "draw your progress card",
            Answer::Pillage => "choose the pillaged city",
            Answer::Metropolis => "place the metropolis",
            Answer::ProgressExcess => "return a progress card (hand limit 4)",
            Answer::ForcedTradeReturn => "give back 2 cards",
            Answer::TradeResponse => "answer the trade offer",
            Answer::DeserterPick => "remove one of your knights for the Deserter",
            Answer::DeserterPlace => "place the deserted knight",
            Answer::DiplomatReplace => "re-place the road the Diplomat removed",
            Answer::WeddingGive => "give cards for the Wedding",
            Answer::SaboteurDiscard => "discard for the Saboteur",
            Answer::CommercialHarborGive => "give a commodity for the Commercial Harbor",
            Answer::SpyPick => "take a progress card with the Spy",
            Answer::MasterMerchantPick => "take cards with the Master Merchant",
            Answer::Roll => "the roll is resolved",
        }
    }

    fn de(self) -> &'static str {
        match self {
            Answer::Discard => "Karten abwerfen",
            Answer::Robber => "den Räuber versetzen",
            Answer::Neutral => "ein neutrales Teil setzen",
            Answer::KnightRelocation => "deinen vertriebenen Ritter umsetzen",
            Answer::Aqueduct => "den Rohstoff deines Aquädukts nehmen",
            Answer::DefenderDraw => "deine Fortschrittskarte ziehen",
            Answer::Pillage => "die geplünderte Stadt wählen",
            Answer::Metropolis => "die Metropole setzen",
            Answer::ProgressExcess => {
                "eine Fortschrittskarte zurücklegen (höchstens 4 auf der Hand)"
            }
            Answer::ForcedTradeReturn => "2 Karten zurückgeben",
            Answer::TradeResponse => "das Handelsangebot beantworten",
            Answer::DeserterPick => "für den Überläufer einen deiner Ritter entfernen",
            Answer::DeserterPlace => "den übergelaufenen Ritter setzen",
            Answer::DiplomatReplace => "die Straße wieder einsetzen, die der Diplomat entfernt hat",
            Answer::WeddingGive => "Karten für die Hochzeit abgeben",
            Answer::SaboteurDiscard => "für den Saboteur Karten abwerfen",
            Answer::CommercialHarborGive => "für den Handelshafen eine Handelsware geben",
            Answer::SpyPick => "mit dem Spion eine Fortschrittskarte nehmen",
            Answer::MasterMerchantPick => "mit dem Handelsmeister Karten nehmen",
            Answer::Roll => "der Wurf wird ausgewertet",
        }
    }
}

/// A field of `play_progress` the card needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    CityVertex,
    SettlementVertex,
    TwoHexes,
    Paths,
    Knights,
    Hex,
    TargetColour,
    RoadEdge,
    Knight,
    Give,
    CardKind,
    Commodity,
    Resource,
}

impl Field {
    fn en(self) -> &'static str {
        match self {
            Field::CityVertex => "the city (vertex)",
            Field::SettlementVertex => "the settlement (vertex)",
            Field::TwoHexes => "two hexes",
            Field::Paths => "1 or 2 paths",
            Field::Knights => "1 or 2 of your knights",
            Field::Hex => "the hex",
            Field::TargetColour => "the target colour",
            Field::RoadEdge => "the road (edge)",
            Field::Knight => "the knight",
            Field::Give => "the resource you offer (give)",
            Field::CardKind => "the card kind",
            Field::Commodity => "a commodity",
            Field::Resource => "a resource",
        }
    }

    fn de(self) -> &'static str {
        match self {
            Field::CityVertex => "die Stadt (ihre Kreuzung)",
            Field::SettlementVertex => "die Siedlung (ihre Kreuzung)",
            Field::TwoHexes => "zwei Felder",
            Field::Paths => "1 oder 2 Wege",
            Field::Knights => "1 oder 2 deiner Ritter",
            Field::Hex => "das Feld",
            Field::TargetColour => "die Farbe, gegen die du spielst",
            Field::RoadEdge => "die Straße (ihren Weg)",
            Field::Knight => "den Ritter",
            Field::Give => "den Rohstoff, den du anbietest",
            Field::CardKind => "die Kartensorte",
            Field::Commodity => "eine Handelsware",
            Field::Resource => "einen Rohstoff",
        }
    }
}

/// Why a move of catan-ck-duel is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// An intersection id that is not on the island.
    NotAnIntersection { vertex: Vertex },
    /// A path id that is not on the island.
    NotAPath { edge: Edge },
    /// A hex id that is not a land hex.
    NotALandHex { hex: Hex },
    /// A move while a decision is open.
    DecisionOpen,
    /// A move before or between the two rolls (CCK-DICE-6).
    BetweenRolls,
    /// The same, for a move that is not the token action: roll first.
    RollFirst,
    /// A main-phase move outside the main phase.
    NotMainPhase,
    /// Cards named that the player does not hold.
    NotHeld { cards: Cards },
    /// Table cards that the move did not use.
    UnusedTableCards { left: usize },
    /// Dice or cards brought by a move where the server supplies them.
    ServerSupplies { cards: bool },
    /// The Alchemist between the rolls.
    AlchemistNotBeforeSecond,
    /// The Alchemist in the main phase.
    AlchemistOnlyFirstRoll,
    /// The player holds no such progress card.
    NoProgressCard { card: ProgressKind },
    /// The Alchemist's dice out of range.
    AlchemistDice,
    /// A progress play names a field its card does not take (the wire name, `hex`).
    FieldNotTaken {
        card: ProgressKind,
        field: &'static str,
    },
    /// The set-up asks for another piece.
    PlaceSetupPiece { city: bool },
    /// The set-up road is asked for.
    PlaceSetupRoad,
    /// A set-up building breaks the distance rule.
    SetupSpotTaken,
    /// The set-up road is taken or does not touch the new building.
    SetupRoadSpot,
    /// Both rolls are made.
    BothRollsMade,
    /// The number dice keep repeating the first sum.
    SumKeepsRepeating,
    /// Dice sent that the roll did not use.
    UnusedDice { unused: usize },
    /// No own knight on the intersection.
    NoOwnKnight,
    /// A passive knight cannot act.
    KnightNotActive,
    /// A knight activated this turn cannot act.
    KnightJustActivated,
    /// A knight acted already this turn.
    KnightActed,
    /// The robber sleeps until the first barbarian attack.
    RobberAsleep,
    /// The robber must move to another hex.
    RobberMustMove,
    /// An open decision asks for another answer.
    AnswerFirst { answer: Answer },
    /// Discard exactly that many cards.
    DiscardExactly { count: u32 },
    /// A neutral piece needs a vertex or an edge.
    VertexOrEdge,
    /// Not a legal neutral option.
    NotANeutralOption {
        colour: Colour,
        spot: SpotAt,
        task: NeutralKind,
    },
    /// A displaced knight's spot.
    RelocationSpot,
    /// The Aqueduct takes a resource the bank holds.
    AqueductBank,
    /// The chosen progress deck is empty.
    DeckEmpty { deck: Track },
    /// The pillaged city is a city without a metropolis.
    PillageSpot,
    /// The metropolis goes on a city without one.
    MetropolisSpot,
    /// A forced trade gives back exactly 2 cards.
    GiveBackTwo,
    /// A resources-only forced trade gives back resources.
    GiveBackResources,
    /// The answer to a trade offer lacks what is asked.
    TradeNotHeld,
    /// No piece of that kind left.
    NoPieceLeft { piece: Piece },
    /// A road's path.
    RoadSpot,
    /// A purchase the hand cannot pay.
    CostNotHeld { what: Purchase, cost: Cards },
    /// A settlement's intersection is occupied or too close.
    SettlementSpot,
    /// A settlement must touch an own road.
    SettlementNeedsRoad,
    /// A knight's intersection.
    KnightSpot,
    /// Both basic knights are on the board.
    BasicKnightsOut,
    /// The knight is active already.
    AlreadyActive,
    /// The target is not connected to the knight.
    NotConnected,
    /// Only a weaker knight of another colour can be displaced.
    DisplaceWeaker,
    /// No knight to displace there.
    NothingToDisplace,
    /// A knight moves to an empty intersection.
    KnightMoveEmpty,
    /// The robber is not next to the knight.
    RobberNotAdjacent,
    /// One knight per turn for tokens.
    OneKnightForTokens,
    /// A maritime trade of nothing or for the same card.
    TradeOnceDifferent,
    /// Too few cards for the bank's rate.
    RateNeeds { need: u32, give: Card, rate: u32 },
    /// The bank holds too few.
    BankShort,
    /// A trade offer's bundles.
    OfferBundles,
    /// An offer asks for more cards of a kind than the game has.
    MoreThanInGame { card: Card, in_game: u32 },
    /// A move that fits no situation.
    MoveDoesNotFit,
    /// No trading after building.
    NoTradeAfterBuild,
    /// A city replaces an own settlement.
    CityReplacesSettlement,
    /// A wall goes under an own city without one.
    WallSpot,
    /// At most 3 city walls.
    ThreeWalls,
    /// A knight is promoted at most once per turn.
    PromotedThisTurn,
    /// A mighty knight cannot be promoted.
    MightyMax,
    /// Strong to mighty needs the Fortress.
    NeedsFortress,
    /// No knight of the next level in stock.
    NoNextLevelKnight,
    /// Improvements need a city.
    ImprovementsNeedCity,
    /// The track is at level 5.
    TrackAtFive { track: Track },
    /// A metropolis would come, but no city can take it.
    MetropolisNoCity,
    /// A level costs more commodities than held.
    LevelCosts {
        level: u8,
        cost: u32,
        commodity: Card,
    },
    /// Token actions in the own turn with nothing pending.
    TokenPhase,
    /// One token action per turn.
    OneTokenAction,
    /// Too few tokens; `forced`: for a forced trade.
    TokensNeeded { cost: u32, forced: bool },
    /// After the forced trade 2 cards could not be given back.
    CannotGiveBack,
    /// Not a progress card.
    NotAProgressCard,
    /// The Crane goes with a city improvement.
    CraneWithImprovement,
    /// Point cards are never played.
    PointCardsNotPlayed,
    /// The card needs a field.
    Name { field: Field },
    /// The Inventor's tokens.
    InventorTokens,
    /// Each road of Road Building must be legal.
    RoadsLegal,
    /// Road Building places 2 when it can.
    SecondRoadPossible,
    /// The Deserter is played against another colour.
    NotYourself,
    /// The opponent has no knight.
    OpponentNoKnight,
    /// The neutral colour has no knight.
    NeutralNoKnight,
    /// Several weakest neutral knights.
    SeveralWeakest,
    /// The weakest neutral knight must be taken.
    WeakestNeutral,
    /// The Diplomat removes an open road only.
    OpenRoadOnly,
    /// The Intrigue's knight.
    IntrigueTarget,
    /// The merchant's hex.
    MerchantHex,
    /// The Commercial Harbor offers a held resource.
    OfferHeldResource,
    /// Master Merchant needs an opponent ahead.
    OpponentAhead,
    /// Name exactly that many cards; `theirs`: from the opponent's hand.
    NameExactly { count: u32, theirs: bool },
    /// The Deserter removes an own knight.
    RemoveOwnKnight,
    /// No knight in stock for the Deserter.
    NoKnightInStock,
    /// The deserted knight's spot.
    DeserterSpot,
    /// The Diplomat's road is not legal.
    RoadNotLegal,
    /// The Commercial Harbor asks for a held commodity.
    GiveHeldCommodity,
    /// The opponent holds no such progress card.
    OpponentLacksCard { card: ProgressKind },
    /// A table card the victim does not hold.
    VictimLacks { card: Card },
    /// A table card the deck does not hold.
    DeckLacks { deck: Track, card: ProgressKind },
    /// A die face out of range.
    DieFace { value: u8 },
    /// Option `barbarian_track` out of range.
    BarbarianTrack,
    /// Option `vp_target` out of range.
    VpTarget,
    /// Option `discard_limit` out of range.
    DiscardLimit,
    /// A board without 19 hexes and 9 harbours.
    BoardSize,
    /// Option `neutral_start[i]` is not an intersection.
    NeutralStartNotIntersection { index: usize },
    /// The neutral start settlements break the distance rule.
    NeutralStartDistance,
}

/// A progress card's English name: `Commercial Harbor`.
fn progress_en(k: ProgressKind) -> String {
    k.name()
        .split('_')
        .map(|w| {
            let mut c = w.chars();
            match c.next() {
                Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A colour in English: a seat by its name, a neutral colour by its number
/// ("neutral party 1").
fn colour_en(cx: &TextCx<'_>, c: Colour) -> String {
    match c.seat() {
        Some(p) => cx.seat_name(p),
        None => format!("neutral party {}", pair_number(c)),
    }
}

/// A colour in German: a seat by its name in the context's language
/// (`Spieler A`), a neutral colour as `die neutrale Partei 1`.
fn colour_de(cx: &TextCx<'_>, c: Colour) -> String {
    match c.seat() {
        Some(p) => cx.seat_name(p),
        None => format!("die neutrale Partei {}", pair_number(c)),
    }
}

fn task_en(t: NeutralKind) -> &'static str {
    match t {
        NeutralKind::Road => "road",
        NeutralKind::Settlement => "settlement",
        NeutralKind::Knight => "knight",
        NeutralKind::Promotion => "promotion",
        NeutralKind::Relocation => "relocation",
    }
}

fn task_de(t: NeutralKind) -> &'static str {
    match t {
        NeutralKind::Road => "eine neutrale Straße",
        NeutralKind::Settlement => "eine neutrale Siedlung",
        NeutralKind::Knight => "einen neutralen Ritter",
        NeutralKind::Promotion => "eine neutrale Aufwertung",
        NeutralKind::Relocation => "das Umsetzen eines neutralen Ritters",
    }
}

impl Describe for Refusal {
    fn describe(&self, cx: &TextCx<'_>) -> String {
        match cx.lang {
            Lang::De => de(self, cx),
            _ => en(self, cx),
        }
    }
}

fn en(r: &Refusal, cx: &TextCx<'_>) -> String {
    use Refusal as R;
    match r {
        R::NotAnIntersection { vertex } => format!("{vertex} is not an intersection of the island."),
        R::NotAPath { edge } => format!("{edge} is not a path of the island."),
        R::NotALandHex { hex } => format!("{hex} is not a land hex."),
        R::DecisionOpen => "An open decision must be answered first.".into(),
        R::BetweenRolls => "Before and between the two rolls only the token action (and the Alchemist before the first roll) is allowed.".into(),
        R::RollFirst => "Roll first: before and between the rolls only the token action (and the Alchemist before the first roll) is allowed.".into(),
        R::NotMainPhase => "This is not the main phase of a turn.".into(),
        R::NotHeld { cards: c } => format!("You do not hold {}.", cards(c)),
        R::UnusedTableCards { left } => format!(
            "{} entered at the table {} not needed by this move.",
            count(*left as u32, "card", "cards"),
            if *left == 1 { "was" } else { "were" }
        ),
        R::ServerSupplies { cards: c } => format!(
            "This session's options say the server supplies the {}: a move may not bring its own.",
            if *c { "cards" } else { "dice" }
        ),
        R::AlchemistNotBeforeSecond => "The Alchemist is played before the first roll only, never before the second.".into(),
        R::AlchemistOnlyFirstRoll => "The Alchemist is played before the first roll only.".into(),
        R::NoProgressCard { card } => format!("You hold no {}.", progress_en(*card)),
        R::AlchemistDice => "The Alchemist sets the white and red dice to values 1 to 6.".into(),
        R::FieldNotTaken { card, field } => format!(
            "The {} takes no `{field}`: leave it out.",
            progress_en(*card)
        ),
        R::PlaceSetupPiece { city: true } => "Place your set-up city.".into(),
        R::PlaceSetupPiece { city: false } => "Place your set-up settlement.".into(),
        R::PlaceSetupRoad => "Place the road touching the building you just placed.".into(),
        R::SetupSpotTaken => "That intersection is taken or next to a building (distance rule).".into(),
        R::SetupRoadSpot => "The set-up road must be free and touch the building just placed.".into(),
        R::BothRollsMade => "Both rolls of this turn are made.".into(),
        R::SumKeepsRepeating => "The number dice keep repeating the first sum.".into(),
        R::UnusedDice { unused } => format!(
            "{} sent with the roll {} not used.",
            count(*unused as u32, "die", "dice"),
            if *unused == 1 { "was" } else { "were" }
        ),
        R::NoOwnKnight => "You have no knight on that intersection.".into(),
        R::KnightNotActive => "Only an active knight acts.".into(),
        R::KnightJustActivated => "A knight activated this turn cannot act this turn.".into(),
        R::KnightActed => "This knight already acted this turn.".into(),
        R::RobberAsleep => "The robber sleeps on the desert until the first barbarian attack.".into(),
        R::RobberMustMove => "The robber must move to another hex.".into(),
        R::AnswerFirst { answer } => format!("An open decision must be answered first: {}.", answer.en()),
        R::DiscardExactly { count: n } => format!("Discard exactly {}.", count(*n, "card", "cards")),
        R::VertexOrEdge => "Name either a vertex or an edge.".into(),
        R::NotANeutralOption { colour, spot, task } => format!(
            "{} for {} is not among the legal neutral {} options.",
            match spot {
                SpotAt::Vertex(v) => v.to_string(),
                SpotAt::Edge(e) => e.to_string(),
            },
            colour_en(cx, *colour),
            task_en(*task)
        ),
        R::RelocationSpot => "The knight must go to an empty intersection connected by your roads to where it stood.".into(),
        R::AqueductBank => "Take a resource the bank holds.".into(),
        R::DeckEmpty { deck } => format!("The {} deck is empty.", deck.name()),
        R::PillageSpot => "Choose one of your cities without a metropolis.".into(),
        R::MetropolisSpot => "The metropolis goes on one of your cities without a metropolis.".into(),
        R::GiveBackTwo => "Give back exactly 2 cards.".into(),
        R::GiveBackResources => "After a resources-only forced trade only resources are given back.".into(),
        R::TradeNotHeld => "You do not hold what is asked.".into(),
        R::NoPieceLeft { piece } => format!(
            "No {} left in your supply.",
            match piece {
                Piece::Road => "road",
                Piece::Settlement => "settlement",
                Piece::City => "city",
            }
        ),
        R::RoadSpot => "A road needs a free path touching your building or the open end of your road.".into(),
        R::CostNotHeld { what, cost } => format!(
            "{} costs {}, which you do not hold.",
            match what {
                Purchase::Road => "A road",
                Purchase::Settlement => "A settlement",
                Purchase::City => "A city",
                Purchase::CityWall => "A city wall",
                Purchase::Knight => "A knight",
                Purchase::Activation => "Activating a knight",
                Purchase::Promotion => "Promoting a knight",
            },
            cards(cost)
        ),
        R::SettlementSpot => "That intersection is occupied (a knight too, CCK-BUILD-2) or next to a building.".into(),
        R::SettlementNeedsRoad => "A settlement must touch one of your roads.".into(),
        R::KnightSpot => "A knight goes on an empty intersection at an end of your road.".into(),
        R::BasicKnightsOut => "Both basic knights are on the board: promote one first.".into(),
        R::AlreadyActive => "That knight is already active.".into(),
        R::NotConnected => "The target is not connected to the knight by your roads.".into(),
        R::DisplaceWeaker => "Only a weaker knight of another colour can be displaced.".into(),
        R::NothingToDisplace => "There is no knight to displace there.".into(),
        R::KnightMoveEmpty => "A knight moves to an empty intersection.".into(),
        R::RobberNotAdjacent => "The robber is not on a hex touching this knight.".into(),
        R::OneKnightForTokens => "Only one knight per turn may be traded for tokens.".into(),
        R::TradeOnceDifferent => "Trade at least once, and get a different card.".into(),
        R::RateNeeds { need, give, rate } => format!("You need {need} {} at rate {rate}:1.", give.name()),
        R::BankShort => "The bank does not hold that many.".into(),
        R::OfferBundles => "Both bundles must be non-empty with no card kind on both sides.".into(),
        R::MoreThanInGame { card, in_game } => format!(
            "The game has only {in_game} cards of {}: ask for no more.",
            card.name()
        ),
        R::MoveDoesNotFit => "That move does not fit the current situation.".into(),
        R::NoTradeAfterBuild => "No trading after the first build of the turn.".into(),
        R::CityReplacesSettlement => "A city replaces one of your settlements.".into(),
        R::WallSpot => "A wall goes under one of your cities that has none.".into(),
        R::ThreeWalls => "You may have at most 3 city walls.".into(),
        R::PromotedThisTurn => "A knight is promoted at most once per turn.".into(),
        R::MightyMax => "A mighty knight cannot be promoted.".into(),
        R::NeedsFortress => "Strong to mighty needs the Fortress (politics level 3).".into(),
        R::NoNextLevelKnight => "There is no knight of the next level in your stock.".into(),
        R::ImprovementsNeedCity => "Improvements need at least one city.".into(),
        R::TrackAtFive { track } => format!("Your {} track is at level 5.", track.name()),
        R::MetropolisNoCity => "This level would give you a metropolis, but you have no city without one.".into(),
        R::LevelCosts { level, cost, commodity } => format!("Level {level} costs {cost} {}.", commodity.name()),
        R::TokenPhase => "Token actions are made in your own turn with nothing pending.".into(),
        R::OneTokenAction => "Only one token action per turn.".into(),
        R::TokensNeeded { cost, forced } => format!(
            "{} costs {}.",
            if *forced { "This forced trade" } else { "This" },
            count(*cost, "token", "tokens")
        ),
        R::CannotGiveBack => "You could not give back 2 cards afterwards.".into(),
        R::NotAProgressCard => "That is not a progress card.".into(),
        R::CraneWithImprovement => "The Crane is played together with improve_city (crane: true).".into(),
        R::PointCardsNotPlayed => "Point cards are face up, never played.".into(),
        R::Name { field } => format!("Name {}.", field.en()),
        R::InventorTokens => "Swap two different number tokens, neither 2, 12, 6 nor 8.".into(),
        R::RoadsLegal => "Each road must be legal when placed.".into(),
        R::SecondRoadPossible => "A second road is possible: place 2.".into(),
        R::NotYourself => "Choose the opponent or a neutral colour.".into(),
        R::OpponentNoKnight => "The opponent has no knight.".into(),
        R::NeutralNoKnight => "That neutral colour has no knight.".into(),
        R::SeveralWeakest => "Several knights are the weakest: name the one to take (knight).".into(),
        R::WeakestNeutral => "Against a neutral colour the weakest knight must be taken.".into(),
        R::OpenRoadOnly => "Only an open road can be removed.".into(),
        R::IntrigueTarget => "The knight must belong to another colour and stand at an end of your road.".into(),
        R::MerchantHex => "The merchant goes on a land hex touching your settlement or city.".into(),
        R::OfferHeldResource => "Offer a resource you hold.".into(),
        R::OpponentAhead => "The opponent must have more victory points.".into(),
        R::NameExactly { count: n, theirs } => format!(
            "Name exactly {} {}.",
            count(*n, "card", "cards"),
            if *theirs { "the opponent holds" } else { "you hold" }
        ),
        R::RemoveOwnKnight => "Remove one of your own knights.".into(),
        R::NoKnightInStock => "There is no knight in your stock.".into(),
        R::DeserterSpot => "Place it on an empty intersection at an end of your road.".into(),
        R::RoadNotLegal => "That road is not legal.".into(),
        R::GiveHeldCommodity => "Give a commodity you hold.".into(),
        R::OpponentLacksCard { card } => format!("The opponent holds no {}.", progress_en(*card)),
        R::VictimLacks { card } => format!("The victim holds no {} that can be taken.", card.name()),
        R::DeckLacks { deck, card } => format!("The {} deck holds no {}.", deck.name(), progress_en(*card)),
        R::DieFace { value } => format!("A die showed {value}; dice have faces 1 to 6."),
        R::BarbarianTrack => "The barbarian track has 3 to 12 steps.".into(),
        R::VpTarget => "The victory point target is 4 to 30.".into(),
        R::DiscardLimit => "The discard limit is 7 to 20 cards.".into(),
        R::BoardSize => "The board must have 19 hexes and 9 harbours.".into(),
        R::NeutralStartNotIntersection { index } => {
            format!("The option neutral_start[{index}] is not an intersection.")
        }
        R::NeutralStartDistance => "The neutral start settlements must obey the distance rule.".into(),
    }
}

fn de(r: &Refusal, cx: &TextCx<'_>) -> String {
    use Refusal as R;
    match r {
        R::NotAnIntersection { vertex } => format!("{vertex} ist keine Kreuzung der Insel."),
        R::NotAPath { edge } => format!("{edge} ist kein Weg der Insel."),
        R::NotALandHex { hex } => format!("{hex} ist kein Landfeld."),
        R::DecisionOpen => "Zuerst muss die offene Entscheidung getroffen werden.".into(),
        R::BetweenRolls => "Vor und zwischen den beiden Würfen ist nur die Handelschip-Aktion erlaubt (und vor dem ersten Wurf der Alchemist).".into(),
        R::RollFirst => "Würfle zuerst: Vor und zwischen den Würfen ist nur die Handelschip-Aktion erlaubt (und vor dem ersten Wurf der Alchemist).".into(),
        R::NotMainPhase => "Jetzt ist nicht die Phase, in der du baust, handelst und Karten ausspielst.".into(),
        R::NotHeld { cards: c } => format!("Du hast {} nicht auf der Hand.", cards_de(c)),
        R::UnusedTableCards { left } => format!(
            "{} vom Tisch {} für diesen Zug nicht gebraucht.",
            count(*left as u32, "Karte", "Karten"),
            if *left == 1 { "wurde" } else { "wurden" }
        ),
        R::ServerSupplies { cards: true } => "In dieser Partie zieht der Server die Karten; ein Zug darf keine eigenen mitbringen.".into(),
        R::ServerSupplies { cards: false } => "In dieser Partie würfelt der Server; ein Zug darf keine eigenen Würfel mitbringen.".into(),
        R::AlchemistNotBeforeSecond => "Der Alchemist wird nur vor dem ersten Wurf ausgespielt, nie vor dem zweiten.".into(),
        R::AlchemistOnlyFirstRoll => "Der Alchemist wird nur vor dem ersten Wurf ausgespielt.".into(),
        R::FieldNotTaken { card, field } => format!(
            "Die Karte {} braucht kein `{field}`: Lass es weg.",
            progress_de(*card)
        ),
        R::NoProgressCard { card } => format!("Du hast die Karte {} nicht.", progress_de(*card)),
        R::AlchemistDice => "Der Alchemist legt den weißen und den roten Würfel auf Werte von 1 bis 6 fest.".into(),
        R::PlaceSetupPiece { city: true } => "Setze deine Stadt für den Aufbau.".into(),
        R::PlaceSetupPiece { city: false } => "Setze deine Siedlung für den Aufbau.".into(),
        R::PlaceSetupRoad => "Setze die Straße an das Gebäude, das du gerade gesetzt hast.".into(),
        R::SetupSpotTaken => "Diese Kreuzung ist besetzt oder liegt neben einem Gebäude (Abstandsregel).".into(),
        R::SetupRoadSpot => "Die Straße für den Aufbau muss auf einem freien Weg an dem Gebäude liegen, das du gerade gesetzt hast.".into(),
        R::BothRollsMade => "Beide Würfe dieses Zuges sind schon gemacht.".into(),
        R::SumKeepsRepeating => "Die Zahlenwürfel wiederholen immer wieder die erste Summe.".into(),
        R::UnusedDice { unused } => format!(
            "{} {} mit dem Wurf nicht gebraucht.",
            count(*unused as u32, "gesendeter Würfel", "gesendete Würfel"),
            if *unused == 1 { "wurde" } else { "wurden" }
        ),
        R::NoOwnKnight => "Du hast auf dieser Kreuzung keinen Ritter.".into(),
        R::KnightNotActive => "Nur ein aktiver Ritter kann handeln.".into(),
        R::KnightJustActivated => "Ein Ritter, der in diesem Zug aktiviert wurde, kann in diesem Zug noch nicht handeln.".into(),
        R::KnightActed => "Dieser Ritter hat in diesem Zug schon gehandelt.".into(),
        R::RobberAsleep => "Der Räuber schläft bis zum ersten Barbarenangriff in der Wüste.".into(),
        R::RobberMustMove => "Der Räuber muss auf ein anderes Feld versetzt werden.".into(),
        R::AnswerFirst { answer } => format!("Zuerst muss die offene Entscheidung getroffen werden: {}.", answer.de()),
        R::DiscardExactly { count: n } => format!("Wirf genau {} ab.", count(*n, "Karte", "Karten")),
        R::VertexOrEdge => "Nenne entweder eine Kreuzung oder einen Weg.".into(),
        R::NotANeutralOption { colour, spot, task } => format!(
            "{} für {} gehört nicht zu den erlaubten Plätzen für {}.",
            match spot {
                SpotAt::Vertex(v) => format!("Die Kreuzung {v}"),
                SpotAt::Edge(e) => format!("Der Weg {e}"),
            },
            colour_de(cx, *colour),
            task_de(*task)
        ),
        R::RelocationSpot => "Der Ritter muss auf eine leere Kreuzung, die über deine Straßen mit seinem bisherigen Platz verbunden ist.".into(),
        R::AqueductBank => "Nimm einen Rohstoff, den die Bank noch hat.".into(),
        R::DeckEmpty { deck } => format!("Der Stapel {} ist leer.", track_de(*deck)),
        R::PillageSpot => "Wähle eine deiner Städte ohne Metropole.".into(),
        R::MetropolisSpot => "Die Metropole kommt auf eine deiner Städte ohne Metropole.".into(),
        R::GiveBackTwo => "Gib genau 2 Karten zurück.".into(),
        R::GiveBackResources => "Nach einem Zwangshandel nur mit Rohstoffen gibst du auch nur Rohstoffe zurück.".into(),
        R::TradeNotHeld => "Du hast nicht, was verlangt wird.".into(),
        R::NoPieceLeft { piece } => format!(
            "In deinem Vorrat ist keine {} mehr.",
            match piece {
                Piece::Road => "Straße",
                Piece::Settlement => "Siedlung",
                Piece::City => "Stadt",
            }
        ),
        R::RoadSpot => "Eine Straße braucht einen freien Weg an deinem Gebäude oder am offenen Ende deiner Straße.".into(),
        R::CostNotHeld { what, cost } => format!(
            "{} kostet {}; das hast du nicht.",
            match what {
                Purchase::Road => "Eine Straße",
                Purchase::Settlement => "Eine Siedlung",
                Purchase::City => "Eine Stadt",
                Purchase::CityWall => "Eine Stadtmauer",
                Purchase::Knight => "Ein Ritter",
                Purchase::Activation => "Einen Ritter zu aktivieren",
                Purchase::Promotion => "Einen Ritter aufzuwerten",
            },
            cards_de(cost)
        ),
        R::SettlementSpot => "Diese Kreuzung ist besetzt (auch ein Ritter besetzt sie, CCK-BUILD-2) oder liegt neben einem Gebäude.".into(),
        R::SettlementNeedsRoad => "Eine Siedlung muss an eine deiner Straßen grenzen.".into(),
        R::KnightSpot => "Ein Ritter kommt auf eine leere Kreuzung am Ende deiner Straße.".into(),
        R::BasicKnightsOut => "Beide schwachen Ritter stehen schon auf dem Spielplan: Werte zuerst einen auf.".into(),
        R::AlreadyActive => "Dieser Ritter ist schon aktiv.".into(),
        R::NotConnected => "Das Ziel ist nicht über deine Straßen mit dem Ritter verbunden.".into(),
        R::DisplaceWeaker => "Nur ein schwächerer Ritter einer anderen Farbe kann vertrieben werden.".into(),
        R::NothingToDisplace => "Dort steht kein Ritter, der vertrieben werden kann.".into(),
        R::KnightMoveEmpty => "Ein Ritter zieht auf eine leere Kreuzung.".into(),
        R::RobberNotAdjacent => "Der Räuber steht auf keinem Feld, das an diesen Ritter grenzt.".into(),
        R::OneKnightForTokens => "Pro Zug darfst du nur einen Ritter gegen Handelschips vom Spielplan nehmen.".into(),
        R::TradeOnceDifferent => "Tausche mindestens einmal, und nimm eine andere Karte.".into(),
        R::RateNeeds { need, give, rate } => format!("Zum Kurs {rate}:1 brauchst du {}.", card_n_de(*need, *give)),
        R::BankShort => "So viele hat die Bank nicht.".into(),
        R::OfferBundles => "Keine Seite des Angebots darf leer sein, und keine Kartensorte darf auf beiden Seiten stehen.".into(),
        R::MoreThanInGame { card, in_game } => format!(
            "Das Spiel hat nur {in_game} Karten {}: Verlange nicht mehr.",
            card_de(*card)
        ),
        R::MoveDoesNotFit => "Dieser Zug passt nicht zur Lage am Tisch.".into(),
        R::NoTradeAfterBuild => "Nach dem ersten Bauen in diesem Zug darfst du nicht mehr handeln.".into(),
        R::CityReplacesSettlement => "Eine Stadt ersetzt eine deiner Siedlungen.".into(),
        R::WallSpot => "Eine Stadtmauer kommt unter eine deiner Städte, die noch keine hat.".into(),
        R::ThreeWalls => "Du darfst höchstens 3 Stadtmauern haben.".into(),
        R::PromotedThisTurn => "Ein Ritter wird höchstens einmal pro Zug aufgewertet.".into(),
        R::MightyMax => "Ein mächtiger Ritter kann nicht aufgewertet werden.".into(),
        R::NeedsFortress => "Vom starken zum mächtigen Ritter brauchst du die Festung (Politik Stufe 3).".into(),
        R::NoNextLevelKnight => "In deinem Vorrat ist kein Ritter der nächsten Stufe.".into(),
        R::ImprovementsNeedCity => "Für einen Stadtausbau brauchst du mindestens eine Stadt.".into(),
        R::TrackAtFive { track } => format!("Dein Stadtausbau {} hat schon Stufe 5.", track_de(*track)),
        R::MetropolisNoCity => "Diese Stufe brächte dir eine Metropole, aber du hast keine Stadt ohne Metropole.".into(),
        R::LevelCosts { level, cost, commodity } => format!("Stufe {level} kostet {}.", card_n_de(*cost, *commodity)),
        R::TokenPhase => "Eine Handelschip-Aktion machst du in deinem eigenen Zug, wenn nichts anderes offen ist.".into(),
        R::OneTokenAction => "Pro Zug ist nur eine Handelschip-Aktion erlaubt.".into(),
        R::TokensNeeded { cost, forced } => format!(
            "{} kostet {}.",
            if *forced { "Dieser Zwangshandel" } else { "Das" },
            count(*cost, "Handelschip", "Handelschips")
        ),
        R::CannotGiveBack => "Danach könntest du keine 2 Karten zurückgeben.".into(),
        R::NotAProgressCard => "Das ist keine Fortschrittskarte.".into(),
        R::CraneWithImprovement => "Der Kran wird zusammen mit einem Stadtausbau ausgespielt.".into(),
        R::PointCardsNotPlayed => "Siegpunktkarten liegen offen aus und werden nie ausgespielt.".into(),
        R::Name { field } => format!("Nenne {}.", field.de()),
        R::InventorTokens => "Tausche zwei verschiedene Zahlenchips, keinen davon mit 2, 12, 6 oder 8.".into(),
        R::RoadsLegal => "Jede Straße muss beim Setzen regelgerecht sein.".into(),
        R::SecondRoadPossible => "Eine zweite Straße ist möglich: Setze 2.".into(),
        R::NotYourself => "Wähle deinen Gegner oder eine neutrale Partei.".into(),
        R::OpponentNoKnight => "Dein Gegner hat keinen Ritter.".into(),
        R::NeutralNoKnight => "Diese neutrale Partei hat keinen Ritter.".into(),
        R::SeveralWeakest => "Mehrere Ritter sind gleich schwach: Nenne den, den du nimmst.".into(),
        R::WeakestNeutral => "Gegen eine neutrale Partei musst du ihren schwächsten Ritter nehmen.".into(),
        R::OpenRoadOnly => "Nur eine offene Straße kann entfernt werden.".into(),
        R::IntrigueTarget => "Der Ritter muss einer anderen Farbe gehören und am Ende deiner Straße stehen.".into(),
        R::MerchantHex => "Der Händler kommt auf ein Landfeld an deiner Siedlung oder Stadt.".into(),
        R::OfferHeldResource => "Biete einen Rohstoff an, den du hast.".into(),
        R::OpponentAhead => "Dein Gegner muss mehr Siegpunkte haben.".into(),
        R::NameExactly { count: n, theirs } => format!(
            "Nenne genau {}, die {}.",
            count(*n, "Karte", "Karten"),
            if *theirs { "dein Gegner hat" } else { "du hast" }
        ),
        R::RemoveOwnKnight => "Entferne einen deiner eigenen Ritter.".into(),
        R::NoKnightInStock => "In deinem Vorrat ist kein Ritter.".into(),
        R::DeserterSpot => "Setze ihn auf eine leere Kreuzung am Ende deiner Straße.".into(),
        R::RoadNotLegal => "Diese Straße ist so nicht erlaubt.".into(),
        R::GiveHeldCommodity => "Gib eine Handelsware, die du hast.".into(),
        R::OpponentLacksCard { card } => format!("Dein Gegner hat die Karte {} nicht.", progress_de(*card)),
        R::VictimLacks { card } => format!("Das Opfer hat keine Karte {}, die genommen werden kann.", card_de(*card)),
        R::DeckLacks { deck, card } => format!(
            "Im Stapel {} liegt keine Karte {}.",
            track_de(*deck),
            progress_de(*card)
        ),
        R::DieFace { value } => format!("Ein Würfel zeigte {value}; Würfel haben die Augen 1 bis 6."),
        R::BarbarianTrack => "Die Barbarenleiste hat 3 bis 12 Felder.".into(),
        R::VpTarget => "Das Siegpunktziel liegt zwischen 4 und 30.".into(),
        R::DiscardLimit => "Die Abwurfgrenze liegt zwischen 7 und 20 Karten.".into(),
        R::BoardSize => "Der Spielplan muss 19 Felder und 9 Häfen haben.".into(),
        R::NeutralStartNotIntersection { index } => {
            format!("Die Option neutral_start[{index}] nennt keine Kreuzung.")
        }
        R::NeutralStartDistance => "Die neutralen Startsiedlungen müssen die Abstandsregel einhalten.".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::testing::{check_german, check_text};
    use crate::games::catan_ck_duel::board::{Corner, Side};

    fn both(r: Refusal) -> (String, String) {
        (
            r.describe(&TextCx::new(Lang::En, &[])),
            r.describe(&TextCx::new(Lang::De, &[])),
        )
    }

    fn pair(en: &str, de: &str) -> (String, String) {
        (en.to_string(), de.to_string())
    }

    #[test]
    fn refusals_read_in_english_and_german() {
        assert_eq!(
            both(Refusal::CostNotHeld {
                what: Purchase::Settlement,
                cost: [
                    (Card::Brick, 1),
                    (Card::Lumber, 1),
                    (Card::Wool, 1),
                    (Card::Grain, 1)
                ]
                .into_iter()
                .collect(),
            }),
            pair(
                "A settlement costs 1 brick + 1 lumber + 1 wool + 1 grain, which you do not hold.",
                "Eine Siedlung kostet 1 Lehm, 1 Holz, 1 Wolle und 1 Getreide; das hast du nicht."
            )
        );
        assert_eq!(
            both(Refusal::NoProgressCard {
                card: ProgressKind::CommercialHarbor
            }),
            pair(
                "You hold no Commercial Harbor.",
                "Du hast die Karte Handelshafen nicht."
            )
        );
        assert_eq!(
            both(Refusal::LevelCosts {
                level: 3,
                cost: 3,
                commodity: Card::Coin
            }),
            pair("Level 3 costs 3 coin.", "Stufe 3 kostet 3 Münzen.")
        );
        assert_eq!(
            both(Refusal::TokensNeeded {
                cost: 1,
                forced: true
            }),
            pair(
                "This forced trade costs 1 token.",
                "Dieser Zwangshandel kostet 1 Handelschip."
            )
        );
        assert_eq!(
            both(Refusal::NotANeutralOption {
                colour: Colour::N1,
                spot: SpotAt::Edge(Edge(0, 1, Side::NE)),
                task: NeutralKind::Road
            })
            .1,
            "Der Weg NE(0,1) für die neutrale Partei 1 gehört nicht zu den erlaubten Plätzen für eine neutrale Straße."
        );
        assert_eq!(
            both(Refusal::AnswerFirst {
                answer: Answer::Robber
            }),
            pair(
                "An open decision must be answered first: move the robber.",
                "Zuerst muss die offene Entscheidung getroffen werden: den Räuber versetzen."
            )
        );
        assert_eq!(
            both(Refusal::NotHeld {
                cards: [(Card::Ore, 2), (Card::Brick, 1)].into_iter().collect(),
            }),
            pair(
                "You do not hold 1 brick + 2 ore.",
                "Du hast 1 Lehm und 2 Erz nicht auf der Hand."
            )
        );
        assert_eq!(
            both(Refusal::UnusedDice { unused: 1 }),
            pair(
                "1 die sent with the roll was not used.",
                "1 gesendeter Würfel wurde mit dem Wurf nicht gebraucht."
            )
        );
        assert_eq!(
            both(Refusal::NameExactly {
                count: 2,
                theirs: true
            }),
            pair(
                "Name exactly 2 cards the opponent holds.",
                "Nenne genau 2 Karten, die dein Gegner hat."
            )
        );
    }

    #[test]
    fn every_refusal_reads_as_a_sentence_and_its_german_as_german() {
        let v = Vertex(1, -1, Corner::S);
        let mut all = vec![
            Refusal::NotAnIntersection { vertex: v },
            Refusal::NotAPath {
                edge: Edge(0, 1, Side::E),
            },
            Refusal::NotALandHex { hex: Hex(4, 0) },
            Refusal::DecisionOpen,
            Refusal::BetweenRolls,
            Refusal::RollFirst,
            Refusal::NotMainPhase,
            Refusal::NotHeld {
                cards: [(Card::Ore, 2), (Card::Brick, 1)].into_iter().collect(),
            },
            Refusal::UnusedTableCards { left: 2 },
            Refusal::ServerSupplies { cards: true },
            Refusal::ServerSupplies { cards: false },
            Refusal::AlchemistNotBeforeSecond,
            Refusal::AlchemistOnlyFirstRoll,
            Refusal::AlchemistDice,
            Refusal::PlaceSetupPiece { city: true },
            Refusal::PlaceSetupPiece { city: false },
            Refusal::PlaceSetupRoad,
            Refusal::SetupSpotTaken,
            Refusal::SetupRoadSpot,
            Refusal::BothRollsMade,
            Refusal::SumKeepsRepeating,
            Refusal::UnusedDice { unused: 3 },
            Refusal::NoOwnKnight,
            Refusal::KnightNotActive,
            Refusal::KnightJustActivated,
            Refusal::KnightActed,
            Refusal::RobberAsleep,
            Refusal::RobberMustMove,
            Refusal::DiscardExactly { count: 4 },
            Refusal::VertexOrEdge,
            Refusal::NotANeutralOption {
                colour: Colour::N2,
                spot: SpotAt::Vertex(v),
                task: NeutralKind::Promotion,
            },
            Refusal::RelocationSpot,
            Refusal::AqueductBank,
            Refusal::DeckEmpty {
                deck: Track::Politics,
            },
            Refusal::PillageSpot,
            Refusal::MetropolisSpot,
            Refusal::GiveBackTwo,
            Refusal::GiveBackResources,
            Refusal::TradeNotHeld,
            Refusal::RoadSpot,
            Refusal::SettlementSpot,
            Refusal::SettlementNeedsRoad,
            Refusal::KnightSpot,
            Refusal::BasicKnightsOut,
            Refusal::AlreadyActive,
            Refusal::NotConnected,
            Refusal::DisplaceWeaker,
            Refusal::NothingToDisplace,
            Refusal::KnightMoveEmpty,
            Refusal::RobberNotAdjacent,
            Refusal::OneKnightForTokens,
            Refusal::TradeOnceDifferent,
            Refusal::RateNeeds {
                need: 4,
                give: Card::Wool,
                rate: 4,
            },
            Refusal::BankShort,
            Refusal::OfferBundles,
            Refusal::MoreThanInGame {
                card: Card::Coin,
                in_game: 12,
            },
            Refusal::MoveDoesNotFit,
            Refusal::NoTradeAfterBuild,
            Refusal::CityReplacesSettlement,
            Refusal::WallSpot,
            Refusal::ThreeWalls,
            Refusal::PromotedThisTurn,
            Refusal::MightyMax,
            Refusal::NeedsFortress,
            Refusal::NoNextLevelKnight,
            Refusal::ImprovementsNeedCity,
            Refusal::TrackAtFive {
                track: Track::Science,
            },
            Refusal::MetropolisNoCity,
            Refusal::TokenPhase,
            Refusal::OneTokenAction,
            Refusal::TokensNeeded {
                cost: 2,
                forced: false,
            },
            Refusal::CannotGiveBack,
            Refusal::NotAProgressCard,
            Refusal::FieldNotTaken {
                card: ProgressKind::Engineer,
                field: "hex",
            },
            Refusal::CraneWithImprovement,
            Refusal::PointCardsNotPlayed,
            Refusal::InventorTokens,
            Refusal::RoadsLegal,
            Refusal::SecondRoadPossible,
            Refusal::NotYourself,
            Refusal::OpponentNoKnight,
            Refusal::NeutralNoKnight,
            Refusal::SeveralWeakest,
            Refusal::WeakestNeutral,
            Refusal::OpenRoadOnly,
            Refusal::IntrigueTarget,
            Refusal::MerchantHex,
            Refusal::OfferHeldResource,
            Refusal::OpponentAhead,
            Refusal::NameExactly {
                count: 1,
                theirs: false,
            },
            Refusal::RemoveOwnKnight,
            Refusal::NoKnightInStock,
            Refusal::DeserterSpot,
            Refusal::RoadNotLegal,
            Refusal::GiveHeldCommodity,
            Refusal::OpponentLacksCard {
                card: ProgressKind::Spy,
            },
            Refusal::VictimLacks { card: Card::Paper },
            Refusal::DeckLacks {
                deck: Track::Trade,
                card: ProgressKind::MerchantFleet,
            },
            Refusal::DieFace { value: 7 },
            Refusal::BarbarianTrack,
            Refusal::VpTarget,
            Refusal::DiscardLimit,
            Refusal::BoardSize,
            Refusal::NeutralStartNotIntersection { index: 1 },
            Refusal::NeutralStartDistance,
        ];
        for piece in [Piece::Road, Piece::Settlement, Piece::City] {
            all.push(Refusal::NoPieceLeft { piece });
        }
        for what in [
            Purchase::Road,
            Purchase::Settlement,
            Purchase::City,
            Purchase::CityWall,
            Purchase::Knight,
            Purchase::Activation,
            Purchase::Promotion,
        ] {
            all.push(Refusal::CostNotHeld {
                what,
                cost: [(Card::Grain, 1)].into_iter().collect(),
            });
        }
        for field in [
            Field::CityVertex,
            Field::SettlementVertex,
            Field::TwoHexes,
            Field::Paths,
            Field::Knights,
            Field::Hex,
            Field::TargetColour,
            Field::RoadEdge,
            Field::Knight,
            Field::Give,
            Field::CardKind,
            Field::Commodity,
            Field::Resource,
        ] {
            all.push(Refusal::Name { field });
        }
        for answer in [
            Answer::Discard,
            Answer::Robber,
            Answer::Neutral,
            Answer::KnightRelocation,
            Answer::Aqueduct,
            Answer::DefenderDraw,
            Answer::Pillage,
            Answer::Metropolis,
            Answer::ProgressExcess,
            Answer::ForcedTradeReturn,
            Answer::TradeResponse,
            Answer::DeserterPick,
            Answer::DeserterPlace,
            Answer::DiplomatReplace,
            Answer::WeddingGive,
            Answer::SaboteurDiscard,
            Answer::CommercialHarborGive,
            Answer::SpyPick,
            Answer::MasterMerchantPick,
            Answer::Roll,
        ] {
            all.push(Refusal::AnswerFirst { answer });
        }
        for card in [ProgressKind::Alchemist, ProgressKind::RoadBuilding] {
            all.push(Refusal::NoProgressCard { card });
        }
        for r in all {
            let (en, de) = both(r);
            check_text("refusal", &en).unwrap();
            check_text("refusal", &de).unwrap();
            check_german("refusal", &de).unwrap();
            assert!(en.ends_with('.') && de.ends_with('.'), "{en} / {de}");
            assert!(
                en.starts_with(|c: char| c.is_uppercase()
                    || c.is_ascii_digit()
                    || c == 'S'
                    || c == 'N'
                    || c == 'E'
                    || c == '('),
                "{en}"
            );
        }
    }
}
