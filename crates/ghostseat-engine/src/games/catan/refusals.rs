//! Why the shared Catan core refuses a move or an option: one typed message per kind of
//! refusal, used by every Catan game that runs the core's checks. The sentences are in the
//! core's catalogue (`text/<lang>.ftl`, `catan-refusal-*`), beneath each variant's own.

use super::catalogue::CORE;
use crate::engine::{Args, Describe, Lang, TextCx};

use super::board::Colour;
use super::data::{Cards, DevCard};
use super::duo::Spot;
use super::geometry::{EdgeId, Hex, HexId, VertexId};

/// The ids of every card kind the core's trade steps name: the resources, and the
/// commodities of Cities & Knights.
pub const CARD_KINDS: [&str; 8] = [
    "brick", "lumber", "wool", "grain", "ore", "cloth", "coin", "paper",
];
use super::data::Resource;
use super::text::cards_text;

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

impl Supply {
    /// Its name's id in the catalogue (`piece-<id>`).
    fn id(self) -> &'static str {
        match self {
            Supply::Road => "road",
            Supply::Settlement => "settlement",
            Supply::City => "city",
        }
    }
}

impl Purchase {
    /// Its name's id in the catalogue (`purchase-<id>`).
    fn id(self) -> &'static str {
        match self {
            Purchase::Road => "road",
            Purchase::Settlement => "settlement",
            Purchase::City => "city",
            Purchase::DevelopmentCard => "development-card",
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

/// A development card's name in `lang` (`dev-card-<id>`).
fn dev_card(lang: Lang, c: DevCard) -> String {
    CORE.name(lang, &format!("dev-card-{}", c.id().replace('_', "-")))
}

/// A card kind's name in `lang` by its id: a resource (`resource-<id>`) or a commodity
/// (`commodity-<id>`).
fn card_kind(lang: Lang, id: &str) -> String {
    let family = if Resource::ALL.iter().any(|r| r.name() == id) {
        "resource"
    } else {
        "commodity"
    };
    CORE.name(lang, &format!("{family}-{id}"))
}

impl Refusal {
    /// The refusal's message in the catalogue and its arguments in `lang` (the names
    /// among them are the catalogue's words in that language).
    pub fn message(&self, lang: Lang) -> (&'static str, Args<'static>) {
        use Refusal as R;
        let a = Args::new;
        let s = |x: &dyn std::fmt::Display| x.to_string();
        match self {
            R::VertexNotPlayable { vertex } => (
                "catan-refusal-vertex-not-playable",
                a().set("vertex", s(vertex)),
            ),
            R::VertexTaken { vertex } => {
                ("catan-refusal-vertex-taken", a().set("vertex", s(vertex)))
            }
            R::DistanceRule { vertex } => {
                ("catan-refusal-distance-rule", a().set("vertex", s(vertex)))
            }
            R::PathNotPlayable { edge } => {
                ("catan-refusal-path-not-playable", a().set("edge", s(edge)))
            }
            R::PathTaken { edge } => ("catan-refusal-path-taken", a().set("edge", s(edge))),
            R::RoadNotConnected => ("catan-refusal-road-not-connected", a()),
            R::CostNotHeld { what, cost } => (
                "catan-refusal-cost-not-held",
                a().set("what", CORE.name(lang, &format!("purchase-{}", what.id())))
                    .set("cost", cards_text(cost, lang)),
            ),
            R::AnswerFirst => ("catan-refusal-answer-first", a()),
            R::RollFirst => ("catan-refusal-roll-first", a()),
            R::NotNow => ("catan-refusal-not-now", a()),
            R::SetupRoadFirst => ("catan-refusal-setup-road-first", a()),
            R::SetupSettlementFirst => ("catan-refusal-setup-settlement-first", a()),
            R::SetupRoadSpot => ("catan-refusal-setup-road-spot", a()),
            R::NoneLeft { piece } => (
                "catan-refusal-none-left",
                a().set("piece", CORE.name(lang, &format!("piece-{}", piece.id()))),
            ),
            R::SettlementNeedsRoad => ("catan-refusal-settlement-needs-road", a()),
            R::CityOnOwnSettlement => ("catan-refusal-city-on-own-settlement", a()),
            R::DevDeckEmpty => ("catan-refusal-dev-deck-empty", a()),
            R::NoTradeAfterBuild => ("catan-refusal-no-trade-after-build", a()),
            R::DevNotNow => ("catan-refusal-dev-not-now", a()),
            R::VictoryPointNeverPlayed => ("catan-refusal-victory-point-never-played", a()),
            R::OneDevPerTurn => ("catan-refusal-one-dev-per-turn", a()),
            R::NoSuchDev { card } => (
                "catan-refusal-no-such-dev",
                a().set("card", dev_card(lang, *card)),
            ),
            R::BoughtThisTurn => ("catan-refusal-bought-this-turn", a()),
            R::NoRoadForRoadBuilding => ("catan-refusal-no-road-for-road-building", a()),
            R::RoadBuildingCount => ("catan-refusal-road-building-count", a()),
            R::OneRoadPieceLeft => ("catan-refusal-one-road-piece-left", a()),
            R::PlaceTwoRoads => ("catan-refusal-place-two-roads", a()),
            R::NameResources { count } => {
                ("catan-refusal-name-resources", a().set("count", *count))
            }
            R::BankLacksResources => ("catan-refusal-bank-lacks-resources", a()),
            R::RobberMustMove => ("catan-refusal-robber-must-move", a()),
            R::RobberNotOnRemoved { hex } => (
                "catan-refusal-robber-not-on-removed",
                a().set("hex", s(hex)),
            ),
            R::GameOver => ("catan-refusal-game-over", a()),
            R::SetupOnlyPlacements => ("catan-refusal-setup-only-placements", a()),
            R::SetupOver => ("catan-refusal-setup-over", a()),
            R::RolledAlready => ("catan-refusal-rolled-already", a()),
            R::NoRobberToMove => ("catan-refusal-no-robber-to-move", a()),
            R::NoDiscardOwed => ("catan-refusal-no-discard-owed", a()),
            R::NoOpenOffer => ("catan-refusal-no-open-offer", a()),
            R::WantNotHeld => ("catan-refusal-want-not-held", a()),
            R::NotADevCard { id } => ("catan-refusal-not-a-dev-card", a().set("id", id.clone())),
            R::DevNotInDeck { card } => (
                "catan-refusal-dev-not-in-deck",
                a().set("card", dev_card(lang, *card)),
            ),
            R::DiscardExactly { count } => {
                ("catan-refusal-discard-exactly", a().set("count", *count))
            }
            R::CardsNotHeld => ("catan-refusal-cards-not-held", a()),
            R::NoCardToTake => ("catan-refusal-no-card-to-take", a()),
            R::NotACardKind { id } => ("catan-refusal-not-a-card-kind", a().set("id", id.clone())),
            R::TradeAtLeastOnce => ("catan-refusal-trade-at-least-once", a()),
            R::SameKindBothWays => ("catan-refusal-same-kind-both-ways", a()),
            R::MaritimeShort {
                rate,
                pay,
                card,
                held,
            } => (
                "catan-refusal-maritime-short",
                a().set("rate", *rate)
                    .set("pay", *pay)
                    .set("card", card_kind(lang, card))
                    .set("held", *held),
            ),
            R::BankShort { times, card } => (
                "catan-refusal-bank-short",
                a().set("times", *times).set("card", card_kind(lang, card)),
            ),
            R::NoGifts => ("catan-refusal-no-gifts", a()),
            R::KindOnBothSides => ("catan-refusal-kind-on-both-sides", a()),
            R::OfferNotHeld => ("catan-refusal-offer-not-held", a()),
            R::MoreThanInGame { card, in_game } => (
                "catan-refusal-more-than-in-game",
                a().set("card", card_kind(lang, card))
                    .set("in-game", *in_game),
            ),
            R::NeutralNotLegal { colour, spot } => {
                let (kind, id) = match spot {
                    Spot::Vertex(v) => ("vertex", s(v)),
                    Spot::Edge(e) => ("edge", s(e)),
                };
                (
                    "catan-refusal-neutral-not-legal",
                    a().set("party", super::text::pair_number(*colour))
                        .set("spot-kind", kind)
                        .set("spot", id),
                )
            }
            R::OneTokenAction => ("catan-refusal-one-token-action", a()),
            R::TokensShort { cost, held } => (
                "catan-refusal-tokens-short",
                a().set("cost", *cost).set("held", *held),
            ),
            R::KnightReturnedAlready => ("catan-refusal-knight-returned-already", a()),
            R::NoFaceUpKnight => ("catan-refusal-no-face-up-knight", a()),
            R::NeutralStartDistance => ("catan-refusal-neutral-start-distance", a()),
            R::RethrowCapped => ("catan-refusal-rethrow-capped", a()),
            R::CannotGiveBackTwo => ("catan-refusal-cannot-give-back-two", a()),
            R::GiveBackTwo => ("catan-refusal-give-back-two", a()),
            R::OnlyResourcesBack => ("catan-refusal-only-resources-back", a()),
            R::NoDesert => ("catan-refusal-no-desert", a()),
            R::RobberOnDesert => ("catan-refusal-robber-on-desert", a()),
            R::HexesWithoutManual => ("catan-refusal-hexes-without-manual", a()),
            R::HarboursWithoutManual => ("catan-refusal-harbours-without-manual", a()),
            R::NumbersOnlyRandom => ("catan-refusal-numbers-only-random", a()),
            R::SpiralStartOnlySpiral => ("catan-refusal-spiral-start-only-spiral", a()),
            R::ManualHexesMissing => ("catan-refusal-manual-hexes-missing", a()),
            R::HexCount { given } => ("catan-refusal-hex-count", a().set("given", *given)),
            R::NotALandHex { hex } => ("catan-refusal-not-a-land-hex", a().set("hex", s(hex))),
            R::HexTwice { hex } => ("catan-refusal-hex-twice", a().set("hex", s(hex))),
            R::DesertToken => ("catan-refusal-desert-token", a()),
            R::TokenMissing { hex } => ("catan-refusal-token-missing", a().set("hex", s(hex))),
            R::NotAToken { token } => ("catan-refusal-not-a-token", a().set("token", *token)),
            R::TerrainMix => ("catan-refusal-terrain-mix", a()),
            R::TokenMix => ("catan-refusal-token-mix", a()),
            R::ManualHarboursMissing => ("catan-refusal-manual-harbours-missing", a()),
            R::HarbourCount { given } => ("catan-refusal-harbour-count", a().set("given", *given)),
            R::HarbourMix => ("catan-refusal-harbour-mix", a()),
            R::DiceReplaced => ("catan-refusal-dice-replaced", a()),
            R::PhysicalTableReplaced => ("catan-refusal-physical-table-replaced", a()),
            R::UnknownColour { colours } => (
                "catan-refusal-unknown-colour",
                a().set("colours", ids(colours)),
            ),
            R::EmptyColourLabel => ("catan-refusal-empty-colour-label", a()),
        }
    }
}

impl Refusal {
    /// One refusal of each kind, and of each kind once per piece, purchase, development
    /// card, card kind and plural form its sentence names (the catalogue checks render each
    /// in every language).
    pub fn examples() -> Vec<Refusal> {
        use Refusal as R;
        let v = VertexId::from_index(7).expect("a vertex");
        let e = EdgeId::from_index(11).expect("an edge");
        let h = HexId::from_index(3).expect("a hex");
        let mut cost = Cards::default();
        cost.add(Resource::Brick, 1);
        cost.add(Resource::Lumber, 2);
        let mut all = vec![
            R::VertexNotPlayable { vertex: v },
            R::VertexTaken { vertex: v },
            R::DistanceRule { vertex: v },
            R::PathNotPlayable { edge: e },
            R::PathTaken { edge: e },
            R::RoadNotConnected,
            R::AnswerFirst,
            R::RollFirst,
            R::NotNow,
            R::SetupRoadFirst,
            R::SetupSettlementFirst,
            R::SetupRoadSpot,
            R::SettlementNeedsRoad,
            R::CityOnOwnSettlement,
            R::DevDeckEmpty,
            R::NoTradeAfterBuild,
            R::DevNotNow,
            R::VictoryPointNeverPlayed,
            R::OneDevPerTurn,
            R::BoughtThisTurn,
            R::NoRoadForRoadBuilding,
            R::RoadBuildingCount,
            R::OneRoadPieceLeft,
            R::PlaceTwoRoads,
            R::NameResources { count: 1 },
            R::NameResources { count: 2 },
            R::BankLacksResources,
            R::RobberMustMove,
            R::RobberNotOnRemoved { hex: h },
            R::GameOver,
            R::SetupOnlyPlacements,
            R::SetupOver,
            R::RolledAlready,
            R::NoRobberToMove,
            R::NoDiscardOwed,
            R::NoOpenOffer,
            R::WantNotHeld,
            R::NotADevCard { id: "joker".into() },
            R::DiscardExactly { count: 1 },
            R::DiscardExactly { count: 4 },
            R::CardsNotHeld,
            R::NoCardToTake,
            R::NotACardKind { id: "gold".into() },
            R::TradeAtLeastOnce,
            R::SameKindBothWays,
            R::NoGifts,
            R::KindOnBothSides,
            R::OfferNotHeld,
            R::NeutralNotLegal {
                colour: Colour::N1,
                spot: Spot::Vertex(v),
            },
            R::NeutralNotLegal {
                colour: Colour::N2,
                spot: Spot::Edge(e),
            },
            R::OneTokenAction,
            R::TokensShort { cost: 1, held: 0 },
            R::TokensShort { cost: 2, held: 1 },
            R::KnightReturnedAlready,
            R::NoFaceUpKnight,
            R::NeutralStartDistance,
            R::RethrowCapped,
            R::CannotGiveBackTwo,
            R::GiveBackTwo,
            R::OnlyResourcesBack,
            R::NoDesert,
            R::RobberOnDesert,
            R::HexesWithoutManual,
            R::HarboursWithoutManual,
            R::NumbersOnlyRandom,
            R::SpiralStartOnlySpiral,
            R::ManualHexesMissing,
            R::HexCount { given: 18 },
            R::NotALandHex { hex: Hex(3, 0) },
            R::HexTwice { hex: Hex(0, 1) },
            R::DesertToken,
            R::TokenMissing { hex: Hex(1, -1) },
            R::NotAToken { token: 7 },
            R::TerrainMix,
            R::TokenMix,
            R::ManualHarboursMissing,
            R::HarbourCount { given: 8 },
            R::HarbourMix,
            R::DiceReplaced,
            R::PhysicalTableReplaced,
            R::UnknownColour {
                colours: vec![Colour::A, Colour::B],
            },
            R::EmptyColourLabel,
        ];
        for what in [
            Purchase::Road,
            Purchase::Settlement,
            Purchase::City,
            Purchase::DevelopmentCard,
        ] {
            all.push(R::CostNotHeld { what, cost });
        }
        for piece in [Supply::Road, Supply::Settlement, Supply::City] {
            all.push(R::NoneLeft { piece });
        }
        for card in DevCard::ALL {
            all.push(R::NoSuchDev { card });
            all.push(R::DevNotInDeck { card });
        }
        for card in CARD_KINDS {
            all.push(R::MaritimeShort {
                rate: 4,
                pay: 8,
                card,
                held: 5,
            });
            all.push(R::BankShort { times: 2, card });
            all.push(R::MoreThanInGame { card, in_game: 19 });
        }
        all
    }
}

impl Describe for Refusal {
    fn describe(&self, cx: &TextCx<'_>) -> String {
        let (id, args) = self.message(cx.lang);
        CORE.text(cx.lang, id, &args)
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
    fn every_refusal_reads_as_a_sentence_and_every_german_one_is_german() {
        for r in Refusal::examples() {
            let (en, de) = both(r);
            crate::engine::testing::check_text("catan", &en).unwrap();
            crate::engine::testing::check_text("catan", &de).unwrap();
            crate::engine::testing::check_german("catan", &de).unwrap();
        }
    }
}
