//! Why the shared Catan core refuses a move or an option: typed
//! messages rendered in English and in German, in the terms of the German
//! editions as `rulebook.toml` uses them (Kreuzung, Weg, Abstandsregel,
//! Gründungsphase, Stapel der Entwicklungskarten, Handelschip, Zwangshandel,
//! Tauschangebot, Seehandel), addressing the player with "du". Used by every
//! Catan game that runs the core's checks.

use crate::engine::text::count;
use crate::engine::{Describe, Lang, TextCx};

use super::board::Colour;
use super::data::{Cards, DevCard};
use super::duo::Spot;
use super::geometry::{EdgeId, Hex, HexId, VertexId};
use super::text::{cards_text, dev_card_name, dev_card_name_de, kind_id_name, kind_id_name_de};

/// A piece of a player's supply (CAT-BUILD-2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Supply {
    Road,
    Settlement,
    City,
}

/// Something bought with cards (CAT-BUILD-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purchase {
    Road,
    Settlement,
    City,
    DevelopmentCard,
}

impl Purchase {
    fn en(self) -> &'static str {
        match self {
            Purchase::Road => "a road",
            Purchase::Settlement => "a settlement",
            Purchase::City => "a city",
            Purchase::DevelopmentCard => "a development card",
        }
    }

    /// With its indefinite article, nominative.
    fn de(self) -> &'static str {
        match self {
            Purchase::Road => "eine Straße",
            Purchase::Settlement => "eine Siedlung",
            Purchase::City => "eine Stadt",
            Purchase::DevelopmentCard => "eine Entwicklungskarte",
        }
    }
}

/// A refusal of the shared Catan core.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    // ---- board.rs: placement ----
    /// CAT-BUILD-7: an intersection the game does not play.
    VertexNotPlayable { vertex: VertexId },
    /// CAT-BUILD-3: a settlement or city (or another piece) stands there.
    VertexTaken { vertex: VertexId },
    /// CAT-BUILD-3: the distance rule.
    DistanceRule { vertex: VertexId },
    /// CAT-BUILD-7: a path the game does not play.
    PathNotPlayable { edge: EdgeId },
    /// CAT-BUILD-5: a road lies on the path already.
    PathTaken { edge: EdgeId },
    /// CAT-BUILD-5: the road joins nothing of its colour.
    RoadNotConnected,

    // ---- table.rs: Part A ----
    /// CAT-BUILD-1: the cost is not in hand.
    CostNotHeld { what: Purchase, cost: Cards },
    /// CAT-TURN-1: a pending decision comes first.
    AnswerFirst,
    /// CAT-TURN-2 (and the variant's rule): the dice come first.
    RollFirst,
    /// CAT-TURN-1: nothing of the kind now.
    NotNow,
    /// CAT-SETUP-5: the road of this placement comes next.
    SetupRoadFirst,
    /// CAT-SETUP-5: the settlement of this placement comes first.
    SetupSettlementFirst,
    /// CAT-SETUP-5: the set-up road touches the settlement just placed.
    SetupRoadSpot,
    /// CAT-BUILD-2: no such piece left.
    NoneLeft { piece: Supply },
    /// CAT-BUILD-4: a settlement touches an own road.
    SettlementNeedsRoad,
    /// CAT-BUILD-6: a city replaces an own settlement.
    CityOnOwnSettlement,
    /// CAT-DEV-1: the development deck is empty.
    DevDeckEmpty,
    /// CAT-TURN-4: separate phases and something built already.
    NoTradeAfterBuild,
    /// CAT-DEV-2: not in the own turn, or something is open.
    DevNotNow,
    /// CAT-DEV-2: victory point cards are never played.
    VictoryPointNeverPlayed,
    /// CAT-DEV-2: one development card per turn.
    OneDevPerTurn,
    /// CAT-DEV-2: no such card in hand.
    NoSuchDev { card: DevCard },
    /// CAT-DEV-2: the only such cards were bought this turn.
    BoughtThisTurn,
    /// CAT-DEV-4: no legal road for road building.
    NoRoadForRoadBuilding,
    /// CAT-DEV-4: one or two roads.
    RoadBuildingCount,
    /// CAT-DEV-4: a second road without a piece for it.
    OneRoadPieceLeft,
    /// CAT-DEV-4: one road where two fit.
    PlaceTwoRoads,
    /// CAT-DEV-5: the number of resources year of plenty takes.
    NameResources { count: u32 },
    /// CAT-DEV-5: the bank lacks the resources named.
    BankLacksResources,
    /// CAT-ROB-1: the robber stays.
    RobberMustMove,
    /// The variant's rule: no removed hex for this robber.
    RobberNotOnRemoved { hex: HexId },
    /// CAT-END-3: the game is over.
    GameOver,
    /// CAT-SETUP-5: a move other than a placement during set-up.
    SetupOnlyPlacements,
    /// CAT-SETUP-5: a placement after set-up.
    SetupOver,
    /// CAT-TURN-3: a second roll.
    RolledAlready,
    /// CAT-ROB-1: no robber move is due.
    NoRobberToMove,
    /// CAT-SEVEN-2: no discard is due.
    NoDiscardOwed,
    /// CAT-TRADE-3: no offer to answer.
    NoOpenOffer,
    /// CAT-TRADE-3: acceptance without the cards asked for.
    WantNotHeld,
    /// CAT-RNG-3: a table card that is no development card.
    NotADevCard { id: String },
    /// CAT-RNG-3: a table card the deck no longer holds.
    DevNotInDeck { card: DevCard },

    // ---- steps.rs: shared steps (card kinds by their ids) ----
    /// CAT-SEVEN-2: the number of cards owed.
    DiscardExactly { count: u32 },
    /// Cards named that are not in hand.
    CardsNotHeld,
    /// CAT-RNG-4: an empty hand to draw from.
    NoCardToTake,
    /// CAT-RNG-4: a table card id that is no card kind.
    NotACardKind { id: String },
    /// CAT-TRADE-1: `times` of 0.
    TradeAtLeastOnce,
    /// CAT-TRADE-1: the same kind given and got.
    SameKindBothWays,
    /// CAT-TRADE-1: too few cards of `card` for the trade.
    MaritimeShort {
        rate: u32,
        pay: u32,
        card: &'static str,
        held: u32,
    },
    /// CAT-TRADE-1: the bank holds fewer than `times` of `card`.
    BankShort { times: u32, card: &'static str },
    /// CAT-TRADE-2: an empty side.
    NoGifts,
    /// CAT-TRADE-2: a kind on both sides.
    KindOnBothSides,
    /// CAT-TRADE-2: the offered cards are not in hand.
    OfferNotHeld,
    /// CAT-TRADE-2: more of a kind than the game has.
    MoreThanInGame { card: &'static str, in_game: u32 },

    // ---- duo.rs: Part B ----
    /// CAT-DUO-7, -8: a neutral piece not among the choices.
    NeutralNotLegal { colour: Colour, spot: Spot },
    /// CAT-DUO-13: one token action per turn.
    OneTokenAction,
    /// CAT-DUO-13: too few trade tokens.
    TokensShort { cost: u32, held: u32 },
    /// CAT-DUO-10: a knight returned this turn already.
    KnightReturnedAlready,
    /// CAT-DUO-10: no face-up knight to return.
    NoFaceUpKnight,
    /// CAT-DUO-3: neutral start spots against the distance rule.
    NeutralStartDistance,
    /// CAT-DUO-5: the second roll repeated the first sum 100 times.
    RethrowCapped,
    /// CAT-DUO-14: fewer than 2 cards to give back after the draw.
    CannotGiveBackTwo,
    /// CAT-DUO-14: not 2 cards given back.
    GiveBackTwo,
    /// CAT-DUO-14: cards given back of a kind the trade does not use.
    OnlyResourcesBack,
    /// CAT-DUO-15: the board has no desert.
    NoDesert,
    /// CAT-DUO-15: the robber is on the desert already.
    RobberOnDesert,

    // ---- layout.rs, options.rs: options at creation ----
    /// CAT-BOARD-15: `board.hexes` without layout "manual".
    HexesWithoutManual,
    /// CAT-BOARD-15: `board.harbours` without harbours "manual".
    HarboursWithoutManual,
    /// CAT-BOARD-13: numbers or spiral_start without layout "random".
    NumbersOnlyRandom,
    /// CAT-BOARD-14: spiral_start without numbers "spiral".
    SpiralStartOnlySpiral,
    /// CAT-BOARD-15: layout "manual" without `board.hexes`.
    ManualHexesMissing,
    /// CAT-BOARD-15: not 19 hexes.
    HexCount { given: usize },
    /// CAT-BOARD-15: a hex of the sea frame or beyond.
    NotALandHex { hex: Hex },
    /// CAT-BOARD-15: a hex listed twice.
    HexTwice { hex: Hex },
    /// CAT-BOARD-15: a token on the desert.
    DesertToken,
    /// CAT-BOARD-15: a land hex without a token.
    TokenMissing { hex: Hex },
    /// CAT-BOARD-15: a token value that does not exist.
    NotAToken { token: u8 },
    /// CAT-BOARD-15: the wrong mix of terrains.
    TerrainMix,
    /// CAT-BOARD-15: the wrong mix of tokens.
    TokenMix,
    /// CAT-BOARD-15: harbours "manual" without `board.harbours`.
    ManualHarboursMissing,
    /// CAT-BOARD-15: not 9 harbours.
    HarbourCount { given: usize },
    /// CAT-BOARD-15: the wrong mix of harbours.
    HarbourMix,
    /// CAT-RNG-2: the old option `dice`.
    DiceReplaced,
    /// CAT-RNG-3: the old option `physical_table`.
    PhysicalTableReplaced,
    /// CAT-BOARD-1: a label for a colour the game does not have.
    UnknownColour { colours: Vec<Colour> },
    /// CAT-BOARD-1: an empty colour label.
    EmptyColourLabel,
}

fn ids(colours: &[Colour]) -> String {
    colours
        .iter()
        .map(|c| c.id())
        .collect::<Vec<_>>()
        .join(", ")
}

fn spot_de(s: Spot) -> String {
    match s {
        Spot::Vertex(v) => format!("der Kreuzung {v}"),
        Spot::Edge(e) => format!("dem Weg {e}"),
    }
}

/// "keine Ritterkarte" from "eine Ritterkarte".
fn no_dev_de(c: DevCard) -> String {
    format!("k{}", dev_card_name_de(c))
}

impl Refusal {
    fn en(&self) -> String {
        use Refusal as R;
        match self {
            R::VertexNotPlayable { vertex } => {
                format!("Intersection {vertex} is not playable in this game.")
            }
            R::VertexTaken { vertex } => format!("Intersection {vertex} is already taken."),
            R::DistanceRule { vertex } => format!(
                "Distance rule: an intersection next to {vertex} already holds a settlement or city."
            ),
            R::PathNotPlayable { edge } => format!("Path {edge} is not playable in this game."),
            R::PathTaken { edge } => format!("Path {edge} already holds a road."),
            R::RoadNotConnected => "A road must join your own settlement, city or road (and cannot continue through another colour's piece).".into(),
            R::CostNotHeld { what, cost } => {
                let what = super::text::capitalise(what.en());
                format!(
                    "{what} costs {}, which you do not hold.",
                    cards_text(cost, Lang::En)
                )
            }
            R::AnswerFirst => "Answer the open decision first.".into(),
            R::RollFirst => "Roll the dice first.".into(),
            R::NotNow => "That is not possible now.".into(),
            R::SetupRoadFirst => "Place the road of this placement first.".into(),
            R::SetupSettlementFirst => "Place the settlement of this placement first.".into(),
            R::SetupRoadSpot => "The set-up road goes on a free path touching the settlement just placed.".into(),
            R::NoneLeft { piece } => format!(
                "You have no {} left in your supply.",
                match piece {
                    Supply::Road => "road",
                    Supply::Settlement => "settlement",
                    Supply::City => "city",
                }
            ),
            R::SettlementNeedsRoad => "A new settlement must touch one of your roads.".into(),
            R::CityOnOwnSettlement => "A city replaces one of your own settlements.".into(),
            R::DevDeckEmpty => "The development deck is empty.".into(),
            R::NoTradeAfterBuild => "No trading after the first build or purchase of the turn.".into(),
            R::DevNotNow => "Development cards are played in your own turn with nothing pending.".into(),
            R::VictoryPointNeverPlayed => "Victory point cards are never played (CAT-DEV-7).".into(),
            R::OneDevPerTurn => "Only one development card is played per turn.".into(),
            R::NoSuchDev { card } => format!("You hold no {}.", dev_card_name(*card)),
            R::BoughtThisTurn => "A card bought this turn cannot be played this turn.".into(),
            R::NoRoadForRoadBuilding => "No legal road exists for road building.".into(),
            R::RoadBuildingCount => "Road building places 1 or 2 roads.".into(),
            R::OneRoadPieceLeft => "You have only one road piece left.".into(),
            R::PlaceTwoRoads => "Two roads can be placed, so place two.".into(),
            R::NameResources { count: n } => format!(
                "Name {} to take from the bank.",
                count(*n, "resource", "resources")
            ),
            R::BankLacksResources => "The bank does not hold those resources.".into(),
            R::RobberMustMove => "The robber must leave the hex it stands on.".into(),
            R::RobberNotOnRemoved { hex } => {
                format!("The robber may not go on the removed hex {hex} here.")
            }
            R::GameOver => "The game is over.".into(),
            R::SetupOnlyPlacements => "During set-up only settlements and roads are placed.".into(),
            R::SetupOver => "Set-up is over.".into(),
            R::RolledAlready => "The dice are rolled once per turn.".into(),
            R::NoRobberToMove => "There is no robber to move.".into(),
            R::NoDiscardOwed => "No discard is owed.".into(),
            R::NoOpenOffer => "There is no open offer.".into(),
            R::WantNotHeld => "You do not hold the cards asked for.".into(),
            R::NotADevCard { id } => format!("'{id}' is not a development card."),
            R::DevNotInDeck { card } => format!(
                "The development deck holds no {}.",
                dev_card_name(*card)
            ),
            R::DiscardExactly { count: n } => {
                format!("Discard exactly {}.", count(*n, "card", "cards"))
            }
            R::CardsNotHeld => "You do not hold those cards.".into(),
            R::NoCardToTake => "There is no card to take.".into(),
            R::NotACardKind { id } => format!("'{id}' is not a card kind."),
            R::TradeAtLeastOnce => "Trade at least once (times ≥ 1).".into(),
            R::SameKindBothWays => "Give and get must be different cards.".into(),
            R::MaritimeShort { rate, pay, card, held } => format!(
                "At your rate of {rate}:1 this costs {pay} {}, and you hold {held}.",
                kind_id_name(card)
            ),
            R::BankShort { times, card } => {
                format!("The bank does not hold {times} {}.", kind_id_name(card))
            }
            R::NoGifts => "Both sides of a trade need at least one card (no gifts).".into(),
            R::KindOnBothSides => "No kind of card may be on both sides.".into(),
            R::OfferNotHeld => "You do not hold what you offer.".into(),
            R::MoreThanInGame { card, in_game } => format!(
                "The game has only {in_game} {} cards.",
                kind_id_name(card)
            ),
            R::NeutralNotLegal { colour, spot } => format!(
                "A piece for neutral party {} at {spot} is not among the legal choices.",
                super::text::pair_number(*colour)
            ),
            R::OneTokenAction => "Only one token action is allowed per turn.".into(),
            R::TokensShort { cost, held } => format!(
                "This action costs {}, and you have {held}.",
                count(*cost, "trade token", "trade tokens")
            ),
            R::KnightReturnedAlready => "A knight card can be returned once per turn.".into(),
            R::NoFaceUpKnight => "You have no face-up knight card.".into(),
            R::NeutralStartDistance => "The two neutral start settlements must obey the distance rule.".into(),
            R::RethrowCapped => "100 throws repeated the first sum.".into(),
            R::CannotGiveBackTwo => "You could not give back 2 cards after this forced trade.".into(),
            R::GiveBackTwo => "Give back exactly 2 cards.".into(),
            R::OnlyResourcesBack => "Only resources are given back after a forced trade of resources.".into(),
            R::NoDesert => "There is no desert.".into(),
            R::RobberOnDesert => "The robber already stands on the desert.".into(),
            R::HexesWithoutManual => "The option board.hexes is only read with layout \"manual\".".into(),
            R::HarboursWithoutManual => "The option board.harbours is only read with harbours \"manual\".".into(),
            R::NumbersOnlyRandom => "The options numbers and spiral_start apply to layout \"random\" only.".into(),
            R::SpiralStartOnlySpiral => "The option spiral_start applies to numbers \"spiral\" only.".into(),
            R::ManualHexesMissing => "Layout \"manual\" needs board.hexes with the 19 land hexes.".into(),
            R::HexCount { given } => format!(
                "The option board.hexes must list exactly 19 land hexes, not {given}."
            ),
            R::NotALandHex { hex } => format!("{hex} is not a land hex."),
            R::HexTwice { hex } => format!("Hex {hex} is listed twice."),
            R::DesertToken => "The desert never has a number token.".into(),
            R::TokenMissing { hex } => format!("Hex {hex} needs a number token."),
            R::NotAToken { token } => {
                format!("{token} is not a number token (2 to 12 without 7).")
            }
            R::TerrainMix => "The terrains must be 4 forest, 4 pasture, 4 fields, 3 hills, 3 mountains and 1 desert.".into(),
            R::TokenMix => "The tokens must be one each of 2 and 12 and two each of 3, 4, 5, 6, 8, 9, 10 and 11.".into(),
            R::ManualHarboursMissing => "Harbours \"manual\" needs board.harbours with 9 kinds.".into(),
            R::HarbourCount { given } => {
                format!("The option board.harbours must list 9 kinds, not {given}.")
            }
            R::HarbourMix => "The harbours must be 4 generic and one each of brick, lumber, wool, grain and ore.".into(),
            R::DiceReplaced => "The option dice was replaced by table_mode (\"server\", \"dice\" or \"all\").".into(),
            R::PhysicalTableReplaced => "The option physical_table was replaced by table_mode (\"all\": dice and hidden cards from the table).".into(),
            R::UnknownColour { colours } => {
                format!("This game has the colours {}.", ids(colours))
            }
            R::EmptyColourLabel => "A colour label must not be empty.".into(),
        }
    }

    fn de(&self) -> String {
        use Refusal as R;
        match self {
            R::VertexNotPlayable { vertex } => {
                format!("Die Kreuzung {vertex} ist in dieser Partie nicht bebaubar.")
            }
            R::VertexTaken { vertex } => format!("Die Kreuzung {vertex} ist schon besetzt."),
            R::DistanceRule { vertex } => format!(
                "Abstandsregel: Auf einer Nachbarkreuzung von {vertex} steht schon eine Siedlung oder Stadt."
            ),
            R::PathNotPlayable { edge } => {
                format!("Der Weg {edge} ist in dieser Partie nicht bebaubar.")
            }
            R::PathTaken { edge } => format!("Auf dem Weg {edge} liegt schon eine Straße."),
            R::RoadNotConnected => "Eine Straße muss an eine eigene Siedlung, Stadt oder Straße anschließen (und darf nicht durch eine Figur einer anderen Farbe weiterführen).".into(),
            R::CostNotHeld { what, cost } => format!(
                "{} kostet {}, und das hast du nicht.",
                super::text::capitalise(what.de()),
                cards_text(cost, Lang::De)
            ),
            R::AnswerFirst => "Erledige zuerst die offene Entscheidung.".into(),
            R::RollFirst => "Würfle zuerst.".into(),
            R::NotNow => "Das ist jetzt nicht möglich.".into(),
            R::SetupRoadFirst => "Setze zuerst die Straße an die eben gesetzte Siedlung.".into(),
            R::SetupSettlementFirst => "Setze zuerst die Siedlung, dann ihre Straße.".into(),
            R::SetupRoadSpot => "Die Straße der Gründungsphase kommt auf einen freien Weg, der an die eben gesetzte Siedlung grenzt.".into(),
            R::NoneLeft { piece } => format!(
                "Du hast keine {} mehr in deinem Vorrat.",
                match piece {
                    Supply::Road => "Straße",
                    Supply::Settlement => "Siedlung",
                    Supply::City => "Stadt",
                }
            ),
            R::SettlementNeedsRoad => "Eine neue Siedlung muss an eine deiner Straßen grenzen.".into(),
            R::CityOnOwnSettlement => "Eine Stadt ersetzt immer eine deiner eigenen Siedlungen.".into(),
            R::DevDeckEmpty => "Der Stapel der Entwicklungskarten ist leer.".into(),
            R::NoTradeAfterBuild => "Nach dem ersten Bau oder Kauf in diesem Zug darfst du nicht mehr handeln.".into(),
            R::DevNotNow => "Entwicklungskarten spielst du in deinem eigenen Zug aus, wenn nichts mehr offen ist.".into(),
            R::VictoryPointNeverPlayed => "Siegpunktkarten werden nie ausgespielt (CAT-DEV-7).".into(),
            R::OneDevPerTurn => "Pro Zug darfst du nur eine Entwicklungskarte ausspielen.".into(),
            R::NoSuchDev { card } => format!("Du hast {}.", no_dev_de(*card)),
            R::BoughtThisTurn => "Eine Karte, die du in diesem Zug gekauft hast, darfst du erst in einem späteren Zug ausspielen.".into(),
            R::NoRoadForRoadBuilding => "Für den Straßenbau gibt es keinen erlaubten Weg.".into(),
            R::RoadBuildingCount => "Mit dem Straßenbau baust du 1 oder 2 Straßen.".into(),
            R::OneRoadPieceLeft => "Du hast nur noch eine Straße in deinem Vorrat.".into(),
            R::PlaceTwoRoads => "Es passen zwei Straßen, also baue zwei.".into(),
            R::NameResources { count: 1 } => {
                "Nenne genau 1 Rohstoff, den du aus der Bank nimmst.".into()
            }
            R::NameResources { count: n } => {
                format!("Nenne genau {n} Rohstoffe, die du aus der Bank nimmst.")
            }
            R::BankLacksResources => "Diese Rohstoffe hat die Bank nicht.".into(),
            R::RobberMustMove => "Der Räuber muss das Feld verlassen, auf dem er steht.".into(),
            R::RobberNotOnRemoved { hex } => {
                format!("Der Räuber darf hier nicht auf das entfernte Feld {hex}.")
            }
            R::GameOver => "Das Spiel ist zu Ende.".into(),
            R::SetupOnlyPlacements => "In der Gründungsphase werden nur Siedlungen und Straßen gesetzt.".into(),
            R::SetupOver => "Die Gründungsphase ist vorbei.".into(),
            R::RolledAlready => "Gewürfelt wird einmal pro Zug.".into(),
            R::NoRobberToMove => "Der Räuber ist jetzt nicht zu versetzen.".into(),
            R::NoDiscardOwed => "Niemand muss jetzt abwerfen.".into(),
            R::NoOpenOffer => "Es gibt kein offenes Tauschangebot.".into(),
            R::WantNotHeld => "Die verlangten Karten hast du nicht.".into(),
            R::NotADevCard { id } => format!("„{id}“ ist keine Entwicklungskarte."),
            R::DevNotInDeck { card } => format!(
                "Im Stapel der Entwicklungskarten ist {} mehr.",
                no_dev_de(*card)
            ),
            R::DiscardExactly { count: n } => {
                format!("Wirf genau {} ab.", count(*n, "Karte", "Karten"))
            }
            R::CardsNotHeld => "Diese Karten hast du nicht.".into(),
            R::NoCardToTake => "Es ist keine Karte zum Ziehen da.".into(),
            R::NotACardKind { id } => format!("„{id}“ ist keine Kartenart."),
            R::TradeAtLeastOnce => "Tausche mindestens einmal (times ≥ 1).".into(),
            R::SameKindBothWays => "Was du gibst und was du bekommst, müssen verschiedene Kartenarten sein.".into(),
            R::MaritimeShort { rate, pay, card, held } => format!(
                "Zu deinem Kurs von {rate}:1 kostet das {pay} {}, und du hast {held}.",
                kind_id_name_de(card)
            ),
            R::BankShort { times, card } => format!(
                "Die Bank hat weniger als {times} {}.",
                kind_id_name_de(card)
            ),
            R::NoGifts => "Beide Seiten eines Tauschs brauchen mindestens eine Karte (Verschenken ist nicht erlaubt).".into(),
            R::KindOnBothSides => "Keine Kartenart darf auf beiden Seiten stehen.".into(),
            R::OfferNotHeld => "Was du anbietest, hast du nicht.".into(),
            R::MoreThanInGame { card, in_game } => format!(
                "Im Spiel gibt es nur {in_game} Karten {}.",
                kind_id_name_de(card)
            ),
            R::NeutralNotLegal { colour, spot } => format!(
                "Eine Figur der neutralen Partei {} auf {} gehört nicht zu den erlaubten Möglichkeiten.",
                super::text::pair_number(*colour),
                spot_de(*spot)
            ),
            R::OneTokenAction => "Pro Zug ist nur eine Handelschip-Aktion erlaubt.".into(),
            R::TokensShort { cost, held } => format!(
                "Diese Aktion kostet {}, und du hast {held}.",
                count(*cost, "Handelschip", "Handelschips")
            ),
            R::KnightReturnedAlready => "Eine Ritterkarte kann nur einmal pro Zug abgegeben werden.".into(),
            R::NoFaceUpKnight => "Du hast keine offene Ritterkarte.".into(),
            R::NeutralStartDistance => "Die beiden neutralen Startsiedlungen müssen untereinander die Abstandsregel einhalten.".into(),
            R::RethrowCapped => "100 Würfe wiederholten die Summe des ersten Wurfs.".into(),
            R::CannotGiveBackTwo => "Nach diesem Zwangshandel könntest du keine 2 Karten zurückgeben.".into(),
            R::GiveBackTwo => "Gib genau 2 Karten zurück.".into(),
            R::OnlyResourcesBack => "Nach einem Zwangshandel um Rohstoffe gibst du nur Rohstoffe zurück.".into(),
            R::NoDesert => "Es gibt keine Wüste.".into(),
            R::RobberOnDesert => "Der Räuber steht schon in der Wüste.".into(),
            R::HexesWithoutManual => "Die Option board.hexes gilt nur mit layout „manual“.".into(),
            R::HarboursWithoutManual => "Die Option board.harbours gilt nur mit harbours „manual“.".into(),
            R::NumbersOnlyRandom => "Die Optionen numbers und spiral_start gelten nur mit layout „random“.".into(),
            R::SpiralStartOnlySpiral => "Die Option spiral_start gilt nur mit numbers „spiral“.".into(),
            R::ManualHexesMissing => "Mit layout „manual“ braucht es board.hexes mit den 19 Landfeldern.".into(),
            R::HexCount { given } => format!(
                "Die Option board.hexes muss genau 19 Landfelder nennen, nicht {given}."
            ),
            R::NotALandHex { hex } => format!("{hex} ist kein Landfeld."),
            R::HexTwice { hex } => format!("Das Feld {hex} ist zweimal angegeben."),
            R::DesertToken => "Die Wüste bekommt nie einen Zahlenchip.".into(),
            R::TokenMissing { hex } => format!("Das Feld {hex} braucht einen Zahlenchip."),
            R::NotAToken { token } => {
                format!("{token} ist kein Zahlenchip (2 bis 12 ohne 7).")
            }
            R::TerrainMix => "Die Landschaften müssen 4 Wald, 4 Weideland, 4 Ackerland, 3 Hügelland, 3 Gebirge und 1 Wüste sein.".into(),
            R::TokenMix => "Die Zahlenchips müssen je eine 2 und 12 und je zwei 3, 4, 5, 6, 8, 9, 10 und 11 sein.".into(),
            R::ManualHarboursMissing => "Mit harbours „manual“ braucht es board.harbours mit 9 Hafenarten.".into(),
            R::HarbourCount { given } => format!(
                "Die Option board.harbours muss 9 Hafenarten nennen, nicht {given}."
            ),
            R::HarbourMix => "Die Häfen müssen 4 Häfen 3:1 und je ein Spezialhafen 2:1 für Lehm, Holz, Wolle, Getreide und Erz sein.".into(),
            R::DiceReplaced => "Die Option dice wurde durch table_mode ersetzt („server“, „dice“ oder „all“).".into(),
            R::PhysicalTableReplaced => "Die Option physical_table wurde durch table_mode ersetzt („all“: Würfel und verdeckte Karten vom Tisch).".into(),
            R::UnknownColour { colours } => {
                format!("Diese Partie hat die Farben {}.", ids(colours))
            }
            R::EmptyColourLabel => "Der Name einer Farbe darf nicht leer sein.".into(),
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
    use crate::games::catan::data::Resource;

    fn both(r: Refusal) -> (String, String) {
        (
            r.describe(&TextCx::new(Lang::En, &[])),
            r.describe(&TextCx::new(Lang::De, &[])),
        )
    }

    #[test]
    fn refusals_read_in_english_and_german() {
        let mut cost = Cards::default();
        cost.add(Resource::Brick, 1);
        cost.add(Resource::Lumber, 1);
        assert_eq!(
            both(Refusal::CostNotHeld {
                what: Purchase::Road,
                cost
            }),
            (
                "A road costs 1 brick and 1 lumber, which you do not hold.".to_string(),
                "Eine Straße kostet 1 Lehm und 1 Holz, und das hast du nicht.".to_string()
            )
        );
        assert_eq!(
            both(Refusal::MaritimeShort {
                rate: 4,
                pay: 8,
                card: "ore",
                held: 5
            }),
            (
                "At your rate of 4:1 this costs 8 ore, and you hold 5.".to_string(),
                "Zu deinem Kurs von 4:1 kostet das 8 Erz, und du hast 5.".to_string()
            )
        );
        assert_eq!(
            both(Refusal::NoSuchDev {
                card: DevCard::Knight
            }),
            (
                "You hold no knight.".to_string(),
                "Du hast keine Ritterkarte.".to_string()
            )
        );
        assert_eq!(
            both(Refusal::NameResources { count: 1 }),
            (
                "Name 1 resource to take from the bank.".to_string(),
                "Nenne genau 1 Rohstoff, den du aus der Bank nimmst.".to_string()
            )
        );
        assert_eq!(
            both(Refusal::TokensShort { cost: 2, held: 1 }),
            (
                "This action costs 2 trade tokens, and you have 1.".to_string(),
                "Diese Aktion kostet 2 Handelschips, und du hast 1.".to_string()
            )
        );
        assert_eq!(
            both(Refusal::DiscardExactly { count: 1 }),
            (
                "Discard exactly 1 card.".to_string(),
                "Wirf genau 1 Karte ab.".to_string()
            )
        );
        assert_eq!(
            both(Refusal::NoneLeft {
                piece: Supply::City
            }),
            (
                "You have no city left in your supply.".to_string(),
                "Du hast keine Stadt mehr in deinem Vorrat.".to_string()
            )
        );
    }

    #[test]
    fn every_german_refusal_is_german() {
        let v = VertexId::from_index(0).unwrap();
        let e = EdgeId::from_index(0).unwrap();
        let all = [
            Refusal::VertexNotPlayable { vertex: v },
            Refusal::DistanceRule { vertex: v },
            Refusal::PathTaken { edge: e },
            Refusal::RoadNotConnected,
            Refusal::NeutralNotLegal {
                colour: Colour::N1,
                spot: Spot::Edge(e),
            },
            Refusal::HexesWithoutManual,
            Refusal::DiceReplaced,
            Refusal::PhysicalTableReplaced,
            Refusal::UnknownColour {
                colours: vec![Colour::A, Colour::B],
            },
            Refusal::MoreThanInGame {
                card: "wool",
                in_game: 19,
            },
            Refusal::DevNotInDeck {
                card: DevCard::YearOfPlenty,
            },
            Refusal::TerrainMix,
            Refusal::HarbourMix,
        ];
        for r in all {
            let (en, de) = both(r);
            crate::engine::testing::check_text("catan", &en).unwrap();
            crate::engine::testing::check_text("catan", &de).unwrap();
            crate::engine::testing::check_german("catan", &de).unwrap();
        }
    }
}
