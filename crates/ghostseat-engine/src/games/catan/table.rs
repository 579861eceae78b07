//! The base game as a referee runs it for two real seats (catan-base Part A):
//! set-up, rolls, production, the 7, the robber, building, development cards,
//! trade, awards and the win. A variant keeps a [`Table`] in its state, sends
//! it the shared moves ([`Table::apply_core`]) and the development-card moves
//! ([`Table::apply_dev`]) with its [`Hooks`], and adds its own steps around
//! it (see `catan-shadow`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::board::*;
use super::data::*;
use super::events::*;
use super::geometry::*;
use super::moves::{CoreMove, DevMove};
use super::place::Place;
use super::player::*;
use super::refusals::{Purchase, Refusal, Supply};
use super::roads;
use super::steps;
use super::text;
use crate::engine::{NeedWords, RuleError, Seat, Turn};

/// The Part A options a table reads while playing (CAT §3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BaseOptions {
    /// CAT-TURN-4.
    pub combined_trade_build: bool,
    /// CAT-SEVEN-1.
    pub discard_limit: u32,
    /// CAT-END-1.
    pub vp_target: u32,
}

impl Default for BaseOptions {
    fn default() -> Self {
        BaseOptions {
            combined_trade_build: true,
            discard_limit: 7,
            vp_target: 10,
        }
    }
}

/// Who starts (CAT-SETUP-4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FirstPlayer {
    /// A roll-off with two dice each (CAT-SETUP-4, CAT-RNG-5).
    #[default]
    Roll,
    /// Seat a starts.
    A,
    /// Seat b starts.
    B,
}

/// Where the turn stands (CAT-TURN-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Set-up placements (CAT-SETUP-5).
    Setup,
    /// Before the roll: a development card may be played, then the roll.
    PreRoll,
    /// After the roll: build, buy, trade, end the turn.
    Main,
    /// The game is over.
    Finished,
}

/// Why the robber moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RobberCause {
    /// A 7 rolled in a real turn (CAT-SEVEN-3).
    Seven,
    /// A knight card (CAT-DEV-3).
    Knight,
    /// A 7 in a fictive turn of catan-shadow (CSW-FIC-4).
    Fictive,
}

/// An open decision (CAT-TURN-1), answered in queue order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Pending {
    /// `seat` discards `count` cards (CAT-SEVEN-2).
    Discard { seat: Seat, count: u32 },
    /// `seat` moves the robber (CAT-ROB-1).
    Robber { seat: Seat, cause: RobberCause },
    /// `seat` answers the open offer (CAT-TRADE-3).
    TradeResponse { seat: Seat },
}

impl Pending {
    pub fn seat(&self) -> Seat {
        match self {
            Pending::Discard { seat, .. }
            | Pending::Robber { seat, .. }
            | Pending::TradeResponse { seat } => *seat,
        }
    }
}

/// A domestic offer of the active seat (CAT-TRADE-2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Offer {
    pub from: Seat,
    pub give: Cards,
    pub want: Cards,
}

/// Where a robber may go and which rules its steps name, by cause
/// (catan-shadow's removed hexes and fictive 7 use it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RobberPolicy {
    /// Removed hexes are legal spots.
    pub removed_allowed: bool,
    /// The rule named when a removed hex is refused.
    pub refused_rule: &'static str,
    /// The rule of the robber's move.
    pub moved_rule: &'static str,
    /// The rule of the theft (or of "nobody to rob").
    pub theft_rule: &'static str,
    /// A stolen card goes to the bank instead of the mover (CSW-FIC-7).
    pub to_bank: bool,
}

impl Default for RobberPolicy {
    fn default() -> Self {
        RobberPolicy {
            removed_allowed: false,
            refused_rule: "CAT-ROB-1",
            moved_rule: "CAT-ROB-1",
            theft_rule: "CAT-ROB-2",
            to_bank: false,
        }
    }
}

/// What a variant changes in Part A moves: the robber, by cause.
#[derive(Debug, Clone, Copy, Default)]
pub struct Hooks {
    pub seven: RobberPolicy,
    pub knight: RobberPolicy,
    pub fictive: RobberPolicy,
}

impl Hooks {
    pub fn robber(&self, cause: RobberCause) -> RobberPolicy {
        match cause {
            RobberCause::Seven => self.seven,
            RobberCause::Knight => self.knight,
            RobberCause::Fictive => self.fictive,
        }
    }
}

/// What a move did that the variant may want to react to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Done,
    /// `end_turn` passed its checks; the variant starts the next turn
    /// ([`Table::begin_turn`]) or inserts its own turns first.
    TurnEnded,
    /// A monopoly was played (the variant may add to it, CSW-MONO-1).
    Monopoly(Resource),
    /// The robber went onto a removed hex (the variant pays for it, CSW-ROB-2).
    RemovedHex {
        seat: Seat,
        cause: RobberCause,
    },
}

/// A Part A decision: what `next` asks of whom.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum TableDecision {
    /// Place a set-up settlement (round 1 or 2, CAT-SETUP-5).
    PlaceSetupSettlement { seat: Seat, round: u8 },
    /// Place the set-up road touching the settlement just placed.
    PlaceSetupRoad { seat: Seat, settlement: VertexId },
    /// Roll the dice (a development card may be played first).
    Roll { seat: Seat, turn: u32 },
    /// Build, buy, trade, play a development card or end the turn.
    Main { seat: Seat, turn: u32 },
    /// Discard cards on a 7.
    Discard { seat: Seat, count: u32 },
    /// Move the robber.
    MoveRobber { seat: Seat, cause: RobberCause },
    /// Accept or reject the offer of the other seat.
    RespondTrade {
        seat: Seat,
        from: Seat,
        give: Cards,
        want: Cards,
    },
}

/// The Part A table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Table {
    pub opts: BaseOptions,
    pub board: Board,
    pub bank: Bank,
    pub players: [PlayerState; 2],
    /// Turn number, 0 during set-up, 1 for the first turn.
    pub turn: u32,
    pub first_player: Seat,
    pub active: Seat,
    pub phase: Phase,
    /// Rolls of this turn (CAT §2.1).
    pub rolls: Vec<[u8; 2]>,
    /// Something was built or bought this turn (CAT-TURN-4).
    pub built_this_turn: bool,
    pub pending: Vec<Pending>,
    /// Set-up placement index 0..4 (CAT-SETUP-5).
    pub setup_step: u8,
    /// The settlement of the current set-up placement, awaiting its road.
    pub setup_settlement: Option<VertexId>,
    pub longest_road: Option<Colour>,
    /// Every colour's longest trail (CAT-AWARD-1).
    pub road_lengths: Vec<ColourLength>,
    pub largest_army: Option<Seat>,
    pub offer: Option<Offer>,
    pub winner: Option<Seat>,
}

fn illegal(rule: &str, detail: impl Into<crate::engine::Detail>) -> RuleError {
    RuleError::illegal(rule, detail)
}

/// The events a table emits.
pub trait TableEvent: From<BaseEvent<Resource>> + From<PartAEvent> {}
impl<E: From<BaseEvent<Resource>> + From<PartAEvent>> TableEvent for E {}

impl Table {
    /// A table after the board step: bank of 19 each, development deck
    /// shuffled unless the table deals the cards (CAT-SETUP-1..-3).
    pub fn new<E: TableEvent>(board: Board, opts: BaseOptions, turn: &mut Turn<'_, E>) -> Table {
        let mut bank = Bank::default();
        if !turn.chance.table_cards() {
            turn.chance.shuffle(&mut bank.dev_deck);
        }
        turn.emit("CAT-SETUP-1", PartAEvent::TableReady.into());
        let road_lengths = roads::lengths(&board);
        Table {
            opts,
            board,
            bank,
            players: [PlayerState::default(), PlayerState::default()],
            turn: 0,
            first_player: Seat(0),
            active: Seat(0),
            phase: Phase::Setup,
            rolls: Vec::new(),
            built_this_turn: false,
            pending: Vec::new(),
            setup_step: 0,
            setup_settlement: None,
            longest_road: None,
            road_lengths,
            largest_army: None,
            offer: None,
            winner: None,
        }
    }

    /// CAT-SETUP-4: a fixed seat or a roll-off with two dice each.
    pub fn choose_first_player<E: TableEvent>(
        &mut self,
        choice: FirstPlayer,
        turn: &mut Turn<'_, E>,
    ) -> Result<(), RuleError> {
        let fp = first_player(choice, turn)?;
        self.first_player = fp;
        self.active = fp;
        Ok(())
    }

    // ---- queries ----

    pub fn player(&self, seat: Seat) -> &PlayerState {
        &self.players[seat.index()]
    }
    pub fn player_mut(&mut self, seat: Seat) -> &mut PlayerState {
        &mut self.players[seat.index()]
    }

    /// The seat placing now in set-up (snake order, CAT-SETUP-5).
    pub fn setup_seat(&self) -> Seat {
        let fp = self.first_player;
        match self.setup_step {
            0 | 3 => fp,
            _ => other(fp),
        }
    }

    /// The seat that may move now (the first pending decision, else the active seat).
    pub fn expected_seat(&self) -> Option<Seat> {
        match self.phase {
            Phase::Finished => None,
            Phase::Setup => Some(self.setup_seat()),
            _ => Some(
                self.pending
                    .first()
                    .map(|p| p.seat())
                    .unwrap_or(self.active),
            ),
        }
    }

    /// What the table asks now, of whom (None when finished).
    pub fn decision(&self) -> Option<TableDecision> {
        if let Some(p) = self.pending.first() {
            return Some(match *p {
                Pending::Discard { seat, count } => TableDecision::Discard { seat, count },
                Pending::Robber { seat, cause } => TableDecision::MoveRobber { seat, cause },
                Pending::TradeResponse { seat } => {
                    let o = self.offer.clone()?;
                    TableDecision::RespondTrade {
                        seat,
                        from: o.from,
                        give: o.give,
                        want: o.want,
                    }
                }
            });
        }
        Some(match self.phase {
            Phase::Finished => return None,
            Phase::Setup => match self.setup_settlement {
                None => TableDecision::PlaceSetupSettlement {
                    seat: self.setup_seat(),
                    round: if self.setup_step < 2 { 1 } else { 2 },
                },
                Some(v) => TableDecision::PlaceSetupRoad {
                    seat: self.setup_seat(),
                    settlement: v,
                },
            },
            Phase::PreRoll => TableDecision::Roll {
                seat: self.active,
                turn: self.turn,
            },
            Phase::Main => TableDecision::Main {
                seat: self.active,
                turn: self.turn,
            },
        })
    }

    /// Settlements and cities of a seat.
    pub fn buildings_of(&self, seat: Seat) -> (u32, u32) {
        let c = Colour::of_seat(seat);
        let mut s = 0;
        let mut k = 0;
        for b in self.board.buildings.iter().flatten() {
            if b.colour == c {
                match b.kind {
                    BuildingKind::Settlement => s += 1,
                    BuildingKind::City => k += 1,
                }
            }
        }
        (s, k)
    }

    /// Points everybody can see (CAT-END-2 without hidden cards).
    pub fn visible_vp(&self, seat: Seat) -> u32 {
        let (s, c) = self.buildings_of(seat);
        let mut vp = s + 2 * c;
        if self.longest_road == Some(Colour::of_seat(seat)) {
            vp += 2;
        }
        if self.largest_army == Some(seat) {
            vp += 2;
        }
        vp
    }

    /// Visible points plus victory point cards (CAT-END-2).
    pub fn total_vp(&self, seat: Seat) -> u32 {
        self.visible_vp(seat) + self.player(seat).vp_cards()
    }

    /// The score line of CAT §7.
    pub fn score_line(&self, seat: Seat) -> ScoreLine {
        let (s, c) = self.buildings_of(seat);
        ScoreLine {
            seat,
            settlements: s,
            cities: c,
            longest_road: if self.longest_road == Some(Colour::of_seat(seat)) {
                2
            } else {
                0
            },
            largest_army: if self.largest_army == Some(seat) {
                2
            } else {
                0
            },
            victory_point_cards: self.player(seat).vp_cards(),
            total: self.total_vp(seat),
        }
    }

    /// The rates of a seat's maritime trades, per resource (CAT-TRADE-1).
    pub fn rates(&self, seat: Seat) -> Cards {
        self.board.trade_rates(Colour::of_seat(seat))
    }

    // ---- shared steps ----

    /// Production of a roll ≠ 7 with bank shortage (CAT-PROD-1..-3).
    pub fn produce<E: TableEvent>(
        &mut self,
        d: [u8; 2],
        rule: &'static str,
        turn: &mut Turn<'_, E>,
    ) {
        let [p0, p1] = &mut self.players;
        steps::produce(
            &self.board,
            &mut self.bank.resources,
            [&mut p0.hand, &mut p1.hand],
            &d,
            d[0] + d[1],
            base_yield,
            rule,
            turn,
        );
    }

    /// Discards owed on a 7 (CAT-SEVEN-1), queued from `first` in seat order (CAT-SEVEN-2).
    pub fn queue_discards<E: TableEvent>(
        &mut self,
        first: Seat,
        rule: &'static str,
        turn: &mut Turn<'_, E>,
    ) {
        let limit = self.opts.discard_limit;
        let owed = steps::discards_owed(
            [self.players[0].hand.total(), self.players[1].hand.total()],
            [limit, limit],
            first,
        );
        for o in &owed {
            self.pending.push(Pending::Discard {
                seat: o.seat,
                count: o.count,
            });
        }
        turn.emit(rule, BaseEvent::DiscardsOwed { owed, limit }.into());
    }

    /// Resolves a real roll: production or the 7 (CAT-TURN-3, CAT-SEVEN-3).
    pub fn resolve_roll<E: TableEvent>(&mut self, d: [u8; 2], turn: &mut Turn<'_, E>) {
        self.rolls.push(d);
        if d[0] + d[1] == 7 {
            turn.emit(
                "CAT-TURN-3",
                BaseEvent::RolledSeven { seat: self.active }.into(),
            )
            .dice(&d);
            self.queue_discards(self.active, "CAT-SEVEN-1", turn);
            self.pending.push(Pending::Robber {
                seat: self.active,
                cause: RobberCause::Seven,
            });
        } else {
            self.produce(d, "CAT-PROD-1", turn);
        }
    }

    /// Recomputes Longest Road and Largest Army (CAT-AWARD-1..-3).
    pub fn update_awards<E: TableEvent>(&mut self, turn: &mut Turn<'_, E>) {
        let (holder, lengths) = roads::longest_road(&self.board, self.longest_road);
        self.road_lengths = lengths.clone();
        if holder != self.longest_road {
            turn.emit(
                "CAT-AWARD-2",
                BaseEvent::LongestRoad {
                    previous: self.longest_road,
                    holder,
                    lengths,
                }
                .into(),
            );
            self.longest_road = holder;
        }
        let army: Vec<(Seat, u32)> = SEATS
            .iter()
            .map(|s| (*s, self.player(*s).knights_played))
            .collect();
        let new = roads::award_holder(self.largest_army, &army, 3);
        if new != self.largest_army {
            turn.emit(
                "CAT-AWARD-3",
                PartAEvent::LargestArmy {
                    previous: self.largest_army,
                    holder: new,
                    knights: army
                        .iter()
                        .map(|(seat, count)| SeatCount {
                            seat: *seat,
                            count: *count,
                        })
                        .collect(),
                }
                .into(),
            );
            self.largest_army = new;
        }
    }

    /// CAT-END-1: the active seat wins at `vp_target` in its own turn.
    pub fn check_win<E: TableEvent>(&mut self, turn: &mut Turn<'_, E>) {
        if self.phase == Phase::Finished || self.phase == Phase::Setup {
            return;
        }
        let s = self.active;
        let vp = self.total_vp(s);
        if vp >= self.opts.vp_target {
            self.phase = Phase::Finished;
            self.winner = Some(s);
            self.pending.clear();
            turn.emit(
                "CAT-END-1",
                PartAEvent::GameWon {
                    seat: s,
                    points: vp,
                    scores: SEATS.iter().map(|x| self.score_line(*x)).collect(),
                }
                .into(),
            );
        }
    }

    /// Starts the turn of `seat` in `pre_roll`, with the start-of-turn win
    /// check (CAT-TURN-5, CAT-END-1).
    pub fn begin_turn<E: TableEvent>(&mut self, seat: Seat, turn: &mut Turn<'_, E>) {
        self.turn += 1;
        self.active = seat;
        self.phase = Phase::PreRoll;
        self.rolls.clear();
        self.built_this_turn = false;
        self.offer = None;
        turn.emit(
            "CAT-TURN-5",
            BaseEvent::TurnStarted {
                turn: self.turn,
                seat,
            }
            .into(),
        );
        self.check_win(turn);
    }

    fn pay(&mut self, seat: Seat, cost: &Cards, what: Purchase) -> Result<(), RuleError> {
        self.check_cost(seat, cost, what)?;
        let p = &mut self.players[seat.index()];
        p.hand = p.hand.minus(cost).unwrap_or_default();
        self.bank.resources = self.bank.resources.plus(cost);
        Ok(())
    }

    fn check_cost(&self, seat: Seat, cost: &Cards, what: Purchase) -> Result<(), RuleError> {
        if self.player(seat).hand.contains(cost) {
            Ok(())
        } else {
            Err(illegal(
                "CAT-BUILD-1",
                Refusal::CostNotHeld { what, cost: *cost },
            ))
        }
    }

    /// The phase check of building, buying and trading: `main`, nothing open.
    pub fn require_main(&self, rule_pre: &str) -> Result<(), RuleError> {
        if !self.pending.is_empty() {
            return Err(illegal("CAT-TURN-1", Refusal::AnswerFirst));
        }
        match self.phase {
            Phase::Main => Ok(()),
            Phase::PreRoll => Err(illegal(rule_pre, Refusal::RollFirst)),
            _ => Err(illegal("CAT-TURN-1", Refusal::NotNow)),
        }
    }

    fn place_building(&mut self, seat: Seat, v: VertexId, kind: BuildingKind) {
        self.board.set_building(
            v,
            Some(Building {
                colour: Colour::of_seat(seat),
                kind,
            }),
        );
    }

    // ---- checks (shared by the moves and the legal-move lists) ----

    /// CAT-SETUP-5, CAT-BUILD-3, -7: a set-up settlement on `v`.
    pub fn check_setup_settlement(&self, v: VertexId) -> Result<(), RuleError> {
        if self.setup_settlement.is_some() {
            return Err(illegal("CAT-SETUP-5", Refusal::SetupRoadFirst));
        }
        self.board.check_settlement_spot(v)
    }

    /// CAT-SETUP-5: a free, playable path touching the settlement just placed.
    pub fn check_setup_road(&self, e: EdgeId) -> Result<(), RuleError> {
        let Some(v) = self.setup_settlement else {
            return Err(illegal("CAT-SETUP-5", Refusal::SetupSettlementFirst));
        };
        if !self.board.edge_playable(e) {
            return Err(illegal("CAT-BUILD-7", Refusal::PathNotPlayable { edge: e }));
        }
        if self.board.road(e).is_some() || !e.ends().contains(&v) {
            return Err(illegal("CAT-SETUP-5", Refusal::SetupRoadSpot));
        }
        Ok(())
    }

    pub fn check_build_road(&self, seat: Seat, e: EdgeId) -> Result<(), RuleError> {
        self.require_main("CAT-TURN-2")?;
        if self.player(seat).roads_left == 0 {
            return Err(illegal(
                "CAT-BUILD-2",
                Refusal::NoneLeft {
                    piece: Supply::Road,
                },
            ));
        }
        self.board.check_road_spot(Colour::of_seat(seat), e)?;
        self.check_cost(seat, &ROAD_COST, Purchase::Road)
    }

    pub fn check_build_settlement(&self, seat: Seat, v: VertexId) -> Result<(), RuleError> {
        self.require_main("CAT-TURN-2")?;
        if self.player(seat).settlements_left == 0 {
            return Err(illegal(
                "CAT-BUILD-2",
                Refusal::NoneLeft {
                    piece: Supply::Settlement,
                },
            ));
        }
        self.board.check_settlement_spot(v)?;
        if !self.board.has_road_at(Colour::of_seat(seat), v) {
            return Err(illegal("CAT-BUILD-4", Refusal::SettlementNeedsRoad));
        }
        self.check_cost(seat, &SETTLEMENT_COST, Purchase::Settlement)
    }

    pub fn check_build_city(&self, seat: Seat, v: VertexId) -> Result<(), RuleError> {
        self.require_main("CAT-TURN-2")?;
        let own = self.board.building(v)
            == Some(Building {
                colour: Colour::of_seat(seat),
                kind: BuildingKind::Settlement,
            });
        if !own {
            return Err(illegal("CAT-BUILD-6", Refusal::CityOnOwnSettlement));
        }
        if self.player(seat).cities_left == 0 {
            return Err(illegal(
                "CAT-BUILD-2",
                Refusal::NoneLeft {
                    piece: Supply::City,
                },
            ));
        }
        self.check_cost(seat, &CITY_COST, Purchase::City)
    }

    pub fn check_buy_dev(&self, seat: Seat) -> Result<(), RuleError> {
        self.require_main("CAT-TURN-2")?;
        if self.bank.dev_deck.is_empty() {
            return Err(illegal("CAT-DEV-1", Refusal::DevDeckEmpty));
        }
        self.check_cost(seat, &DEV_COST, Purchase::DevelopmentCard)
    }

    fn check_trade_allowed(&self) -> Result<(), RuleError> {
        if !self.opts.combined_trade_build && self.built_this_turn {
            return Err(illegal("CAT-TURN-4", Refusal::NoTradeAfterBuild));
        }
        Ok(())
    }

    pub fn check_maritime(
        &self,
        seat: Seat,
        give: Resource,
        get: Resource,
        times: u32,
    ) -> Result<(), RuleError> {
        self.require_main("CAT-TURN-2")?;
        self.check_trade_allowed()?;
        let rate = self.board.harbour_rate(Colour::of_seat(seat), give);
        steps::check_maritime(
            &self.player(seat).hand,
            &self.bank.resources,
            give,
            get,
            times,
            rate,
            "CAT-TRADE-1",
        )
    }

    pub fn check_offer(&self, seat: Seat, give: &Cards, want: &Cards) -> Result<(), RuleError> {
        self.require_main("CAT-TURN-2")?;
        self.check_trade_allowed()?;
        steps::check_offer(&self.player(seat).hand, give, want, "CAT-TRADE-2")
    }

    /// CAT-DEV-2: the seat may play `kind` now.
    pub fn check_dev_playable(&self, seat: Seat, kind: DevCard) -> Result<(), RuleError> {
        if seat != self.active
            || !matches!(self.phase, Phase::PreRoll | Phase::Main)
            || !self.pending.is_empty()
        {
            return Err(illegal("CAT-DEV-2", Refusal::DevNotNow));
        }
        if kind == DevCard::VictoryPoint {
            return Err(illegal("CAT-DEV-2", Refusal::VictoryPointNeverPlayed));
        }
        let p = self.player(seat);
        if p.dev_played_turn == Some(self.turn) {
            return Err(illegal("CAT-DEV-2", Refusal::OneDevPerTurn));
        }
        if !p.dev_hand.iter().any(|d| d.kind == kind) {
            return Err(illegal("CAT-DEV-2", Refusal::NoSuchDev { card: kind }));
        }
        if !p
            .dev_hand
            .iter()
            .any(|d| d.kind == kind && d.bought_on_turn < self.turn)
        {
            return Err(illegal("CAT-DEV-2", Refusal::BoughtThisTurn));
        }
        Ok(())
    }

    /// CAT-DEV-4: the roads of a road building card, legal one after the
    /// other; one road only when a second is impossible.
    pub fn check_road_building(&self, seat: Seat, edges: &[EdgeId]) -> Result<(), RuleError> {
        self.check_dev_playable(seat, DevCard::RoadBuilding)?;
        let colour = Colour::of_seat(seat);
        let p = self.player(seat);
        if self.board.legal_roads(colour).is_empty() || p.roads_left == 0 {
            return Err(illegal("CAT-DEV-4", Refusal::NoRoadForRoadBuilding));
        }
        if edges.is_empty() || edges.len() > 2 {
            return Err(illegal("CAT-DEV-4", Refusal::RoadBuildingCount));
        }
        let mut trial = self.board.clone();
        let mut left = p.roads_left;
        for e in edges {
            if left == 0 {
                return Err(illegal("CAT-DEV-4", Refusal::OneRoadPieceLeft));
            }
            trial
                .check_road_spot(colour, *e)
                .map_err(|err| illegal("CAT-DEV-4", err.detail.clone()))?;
            trial.set_road(*e, Some(colour));
            left -= 1;
        }
        if edges.len() == 1 && left > 0 && !trial.legal_roads(colour).is_empty() {
            return Err(illegal("CAT-DEV-4", Refusal::PlaceTwoRoads));
        }
        Ok(())
    }

    /// Every list of roads road building accepts now (CAT-DEV-4).
    pub fn road_building_options(&self, seat: Seat) -> Vec<Vec<EdgeId>> {
        if self
            .check_dev_playable(seat, DevCard::RoadBuilding)
            .is_err()
        {
            return Vec::new();
        }
        let colour = Colour::of_seat(seat);
        let left = self.player(seat).roads_left;
        let mut out = Vec::new();
        if left == 0 {
            return out;
        }
        for e1 in self.board.legal_roads(colour) {
            let mut trial = self.board.clone();
            trial.set_road(e1, Some(colour));
            let second = if left >= 2 {
                trial.legal_roads(colour)
            } else {
                Vec::new()
            };
            if second.is_empty() {
                out.push(vec![e1]);
            } else {
                out.extend(second.into_iter().map(|e2| vec![e1, e2]));
            }
        }
        out
    }

    /// CAT-DEV-5: two resources the bank holds (fewer when the bank has fewer).
    pub fn check_year_of_plenty(
        &self,
        seat: Seat,
        resources: &[Resource],
    ) -> Result<(), RuleError> {
        self.check_dev_playable(seat, DevCard::YearOfPlenty)?;
        let want_n = self.bank.resources.total().min(2) as usize;
        if resources.len() != want_n {
            return Err(illegal(
                "CAT-DEV-5",
                Refusal::NameResources {
                    count: want_n as u32,
                },
            ));
        }
        let mut take = Cards::default();
        for r in resources {
            take.add(*r, 1);
        }
        if !self.bank.resources.contains(&take) {
            return Err(illegal("CAT-DEV-5", Refusal::BankLacksResources));
        }
        Ok(())
    }

    /// CAT-ROB-1 under a policy: another land hex, removed ones where allowed.
    pub fn check_robber(&self, hex: HexId, policy: &RobberPolicy) -> Result<(), RuleError> {
        if hex == self.board.robber {
            return Err(illegal("CAT-ROB-1", Refusal::RobberMustMove));
        }
        if self.board.tile(hex).removed && !policy.removed_allowed {
            return Err(illegal(
                policy.refused_rule,
                Refusal::RobberNotOnRemoved { hex },
            ));
        }
        Ok(())
    }

    /// The theft candidate at `hex` for `mover` (CAT-ROB-2): a real colour
    /// other than the mover with a building there and at least one card.
    pub fn theft_victim(&self, mover: Seat, hex: HexId) -> Option<Seat> {
        self.board
            .seats_at(hex, mover)
            .into_iter()
            .find(|s| self.player(*s).hand.total() > 0)
    }

    // ---- moves ----

    /// Applies a shared move of `seat` (the engine checked `next` names it):
    /// the gate, then one function per move; after any move but a setup
    /// placement or the end of the turn, the awards and the win are checked.
    pub fn apply_core<E: TableEvent>(
        &mut self,
        seat: Seat,
        mv: &CoreMove<Resource>,
        hooks: &Hooks,
        turn: &mut Turn<'_, E>,
    ) -> Result<Outcome, RuleError> {
        self.admit_core(mv)?;
        let out = match mv {
            CoreMove::PlaceSetupSettlement { vertex } => {
                self.setup_settlement(seat, *vertex, turn)?
            }
            CoreMove::PlaceSetupRoad { edge } => self.setup_road(seat, *edge, turn)?,
            CoreMove::Roll => self.roll(turn)?,
            CoreMove::BuildRoad { edge } => self.build_road(seat, *edge, turn)?,
            CoreMove::BuildSettlement { vertex } => self.build_settlement(seat, *vertex, turn)?,
            CoreMove::BuildCity { vertex } => self.build_city(seat, *vertex, turn)?,
            CoreMove::MoveRobber { hex } => self.answer_robber(seat, *hex, hooks, turn)?,
            CoreMove::Discard { cards } => self.discard(seat, cards, turn)?,
            CoreMove::MaritimeTrade { give, get, times } => {
                self.maritime_trade(seat, *give, *get, *times, turn)?
            }
            CoreMove::OfferTrade { give, want } => self.offer_trade(seat, give, want, turn)?,
            CoreMove::RespondTrade { accept } => self.respond_trade(seat, *accept, turn)?,
            CoreMove::EndTurn => return self.end_turn(seat, turn),
        };
        if self.phase != Phase::Setup {
            self.update_awards(turn);
            self.check_win(turn);
        }
        Ok(out)
    }

    /// Refuses a move the moment does not allow: none after the game
    /// (CAT-END-3), only the answer to the first pending decision
    /// (CAT-TURN-1), only placements during setup (CAT-SETUP-5).
    fn admit_core(&self, mv: &CoreMove<Resource>) -> Result<(), RuleError> {
        if self.phase == Phase::Finished {
            return Err(illegal("CAT-END-3", Refusal::GameOver));
        }
        if let Some(p) = self.pending.first() {
            let ok = matches!(
                (p, mv),
                (Pending::Discard { .. }, CoreMove::Discard { .. })
                    | (Pending::Robber { .. }, CoreMove::MoveRobber { .. })
                    | (Pending::TradeResponse { .. }, CoreMove::RespondTrade { .. })
            );
            if !ok {
                return Err(illegal("CAT-TURN-1", Refusal::AnswerFirst));
            }
        }
        if self.phase == Phase::Setup
            && !matches!(
                mv,
                CoreMove::PlaceSetupSettlement { .. } | CoreMove::PlaceSetupRoad { .. }
            )
        {
            return Err(illegal("CAT-SETUP-5", Refusal::SetupOnlyPlacements));
        }
        Ok(())
    }

    /// Placements belong to setup only (CAT-SETUP-5).
    fn require_setup(&self) -> Result<(), RuleError> {
        if self.phase != Phase::Setup {
            return Err(illegal("CAT-SETUP-5", Refusal::SetupOver));
        }
        Ok(())
    }

    /// The production roll, once per turn before anything else (CAT-TURN-3,
    /// CAT-RNG-2).
    fn roll<E: TableEvent>(&mut self, turn: &mut Turn<'_, E>) -> Result<Outcome, RuleError> {
        if self.phase != Phase::PreRoll {
            return Err(illegal("CAT-TURN-3", Refusal::RolledAlready));
        }
        let d = turn.chance.roll_as(
            6,
            "CAT-RNG-2",
            text::dice_words(2, |n| text::TableNeed::Production { n }),
        )?;
        self.phase = Phase::Main;
        self.resolve_roll([d[0], d[1]], turn);
        Ok(Outcome::Done)
    }

    /// A paid road (CAT-BUILD-5).
    fn build_road<E: TableEvent>(
        &mut self,
        seat: Seat,
        edge: EdgeId,
        turn: &mut Turn<'_, E>,
    ) -> Result<Outcome, RuleError> {
        self.check_build_road(seat, edge)?;
        self.pay(seat, &ROAD_COST, Purchase::Road)?;
        self.board.set_road(edge, Some(Colour::of_seat(seat)));
        self.player_mut(seat).roads_left -= 1;
        self.built_this_turn = true;
        turn.emit(
            "CAT-BUILD-5",
            BaseEvent::RoadBuilt {
                seat,
                edge,
                place: Some(Place::path(&self.board, edge)),
            }
            .into(),
        );
        Ok(Outcome::Done)
    }

    /// A paid settlement (CAT-BUILD-3).
    fn build_settlement<E: TableEvent>(
        &mut self,
        seat: Seat,
        vertex: VertexId,
        turn: &mut Turn<'_, E>,
    ) -> Result<Outcome, RuleError> {
        self.check_build_settlement(seat, vertex)?;
        self.pay(seat, &SETTLEMENT_COST, Purchase::Settlement)?;
        self.place_building(seat, vertex, BuildingKind::Settlement);
        self.player_mut(seat).settlements_left -= 1;
        self.built_this_turn = true;
        turn.emit(
            "CAT-BUILD-3",
            BaseEvent::SettlementBuilt {
                seat,
                vertex,
                place: Some(Place::corner(&self.board, vertex)),
            }
            .into(),
        );
        Ok(Outcome::Done)
    }

    /// A paid city over an own settlement, which goes back to the supply
    /// (CAT-BUILD-6).
    fn build_city<E: TableEvent>(
        &mut self,
        seat: Seat,
        vertex: VertexId,
        turn: &mut Turn<'_, E>,
    ) -> Result<Outcome, RuleError> {
        self.check_build_city(seat, vertex)?;
        self.pay(seat, &CITY_COST, Purchase::City)?;
        self.place_building(seat, vertex, BuildingKind::City);
        let p = self.player_mut(seat);
        p.cities_left -= 1;
        p.settlements_left += 1;
        self.built_this_turn = true;
        turn.emit(
            "CAT-BUILD-6",
            BaseEvent::CityBuilt {
                seat,
                vertex,
                place: Some(Place::corner(&self.board, vertex)),
            }
            .into(),
        );
        Ok(Outcome::Done)
    }

    /// The answer to a pending robber (CAT-ROB-1), under the policy of its
    /// cause; a removed hex is reported for the variant to pay.
    fn answer_robber<E: TableEvent>(
        &mut self,
        seat: Seat,
        hex: HexId,
        hooks: &Hooks,
        turn: &mut Turn<'_, E>,
    ) -> Result<Outcome, RuleError> {
        let Some(Pending::Robber { cause, .. }) = self.pending.first().cloned() else {
            return Err(illegal("CAT-ROB-1", Refusal::NoRobberToMove));
        };
        let policy = hooks.robber(cause);
        let removed = self.move_robber(seat, hex, &policy, turn)?;
        self.pending.remove(0);
        Ok(if removed {
            Outcome::RemovedHex { seat, cause }
        } else {
            Outcome::Done
        })
    }

    /// The discard owed after a seven, to the bank (CAT-SEVEN-2).
    fn discard<E: TableEvent>(
        &mut self,
        seat: Seat,
        cards: &Cards,
        turn: &mut Turn<'_, E>,
    ) -> Result<Outcome, RuleError> {
        let Some(Pending::Discard { count, .. }) = self.pending.first().cloned() else {
            return Err(illegal("CAT-SEVEN-2", Refusal::NoDiscardOwed));
        };
        steps::check_discard(&self.player(seat).hand, count, cards, "CAT-SEVEN-2")?;
        let p = self.player_mut(seat);
        p.hand = p.hand.minus(cards).unwrap_or_default();
        self.bank.resources = self.bank.resources.plus(cards);
        self.pending.remove(0);
        turn.emit(
            "CAT-SEVEN-2",
            BaseEvent::Discarded {
                seat,
                cards: *cards,
            }
            .into(),
        );
        Ok(Outcome::Done)
    }

    /// A trade with the bank at the seat's best harbour rate (CAT-TRADE-1).
    fn maritime_trade<E: TableEvent>(
        &mut self,
        seat: Seat,
        give: Resource,
        get: Resource,
        times: u32,
        turn: &mut Turn<'_, E>,
    ) -> Result<Outcome, RuleError> {
        self.check_maritime(seat, give, get, times)?;
        let rate = self.board.harbour_rate(Colour::of_seat(seat), give);
        let [p0, p1] = &mut self.players;
        let hand = if seat.0 == 0 {
            &mut p0.hand
        } else {
            &mut p1.hand
        };
        steps::maritime(hand, &mut self.bank.resources, give, get, times, rate);
        turn.emit(
            "CAT-TRADE-1",
            BaseEvent::MaritimeTrade {
                seat,
                give,
                gave: rate * times,
                get,
                got: times,
                rate,
            }
            .into(),
        );
        Ok(Outcome::Done)
    }

    /// An offer to the other player, who must answer next (CAT-TRADE-2).
    fn offer_trade<E: TableEvent>(
        &mut self,
        seat: Seat,
        give: &Cards,
        want: &Cards,
        turn: &mut Turn<'_, E>,
    ) -> Result<Outcome, RuleError> {
        self.check_offer(seat, give, want)?;
        self.offer = Some(Offer {
            from: seat,
            give: *give,
            want: *want,
        });
        self.pending
            .push(Pending::TradeResponse { seat: other(seat) });
        turn.emit(
            "CAT-TRADE-2",
            BaseEvent::TradeOffered {
                seat,
                to: other(seat),
                give: *give,
                want: *want,
            }
            .into(),
        );
        Ok(Outcome::Done)
    }

    /// The answer to the open offer; accepting swaps the cards, which the
    /// answering player must hold (CAT-TRADE-3).
    fn respond_trade<E: TableEvent>(
        &mut self,
        seat: Seat,
        accept: bool,
        turn: &mut Turn<'_, E>,
    ) -> Result<Outcome, RuleError> {
        let offer = self
            .offer
            .clone()
            .ok_or_else(|| illegal("CAT-TRADE-3", Refusal::NoOpenOffer))?;
        if accept {
            if !self.player(seat).hand.contains(&offer.want) {
                return Err(illegal("CAT-TRADE-3", Refusal::WantNotHeld));
            }
            let f = self.player_mut(offer.from);
            f.hand = f
                .hand
                .minus(&offer.give)
                .unwrap_or_default()
                .plus(&offer.want);
            let me = self.player_mut(seat);
            me.hand = me
                .hand
                .minus(&offer.want)
                .unwrap_or_default()
                .plus(&offer.give);
        }
        self.pending.remove(0);
        self.offer = None;
        turn.emit(
            "CAT-TRADE-3",
            BaseEvent::TradeAnswered {
                seat,
                accepted: accept,
            }
            .into(),
        );
        Ok(Outcome::Done)
    }

    /// The end of the turn, only in the main phase (CAT-TURN-5).
    fn end_turn<E: TableEvent>(
        &mut self,
        seat: Seat,
        turn: &mut Turn<'_, E>,
    ) -> Result<Outcome, RuleError> {
        self.require_main("CAT-TURN-5")?;
        turn.emit("CAT-TURN-5", BaseEvent::TurnEnded { seat }.into());
        Ok(Outcome::TurnEnded)
    }

    /// Applies a development-card move of `seat` (CAT-DEV).
    pub fn apply_dev<E: TableEvent>(
        &mut self,
        seat: Seat,
        mv: &DevMove,
        turn: &mut Turn<'_, E>,
    ) -> Result<Outcome, RuleError> {
        if self.phase == Phase::Finished {
            return Err(illegal("CAT-END-3", Refusal::GameOver));
        }
        if !self.pending.is_empty() {
            return Err(illegal("CAT-TURN-1", Refusal::AnswerFirst));
        }
        if self.phase == Phase::Setup {
            return Err(illegal("CAT-SETUP-5", Refusal::SetupOnlyPlacements));
        }
        let out = match mv {
            DevMove::BuyDevelopmentCard => {
                self.check_buy_dev(seat)?;
                let card = if turn.chance.table_cards() {
                    let mut kinds: Vec<DevCard> = self.bank.dev_deck.clone();
                    kinds.sort();
                    kinds.dedup();
                    let ids: Vec<String> = kinds.iter().map(|k| k.id().to_string()).collect();
                    let id = turn.chance.card_as(
                        "development",
                        &ids,
                        Some(vec![seat]),
                        "CAT-RNG-3",
                        NeedWords::new(text::TableNeed::Development { seat }),
                    )?;
                    let k = DevCard::from_id(&id).ok_or_else(|| {
                        illegal("CAT-RNG-3", Refusal::NotADevCard { id: id.clone() })
                    })?;
                    let i = self
                        .bank
                        .dev_deck
                        .iter()
                        .position(|c| *c == k)
                        .ok_or_else(|| illegal("CAT-RNG-3", Refusal::DevNotInDeck { card: k }))?;
                    self.bank.dev_deck.remove(i)
                } else {
                    // The top card of the shuffled deck: shown to the buyer,
                    // so the purchase cannot be taken back.
                    turn.reveal();
                    self.bank
                        .dev_deck
                        .pop()
                        .ok_or_else(|| illegal("CAT-DEV-1", Refusal::DevDeckEmpty))?
                };
                self.pay(seat, &DEV_COST, Purchase::DevelopmentCard)?;
                let t = self.turn;
                self.player_mut(seat).dev_hand.push(HeldDev {
                    kind: card,
                    bought_on_turn: t,
                });
                self.built_this_turn = true;
                turn.emit(
                    "CAT-DEV-1",
                    PartAEvent::DevelopmentCardBought { seat }.into(),
                )
                .secret(
                    vec![seat],
                    PartAEvent::DevelopmentCardDrawn { seat, card }.into(),
                    vec![card.id().to_string()],
                );
                Outcome::Done
            }
            DevMove::PlayKnight => {
                self.take_dev(seat, DevCard::Knight)?;
                self.player_mut(seat).knights_played += 1;
                self.pending.push(Pending::Robber {
                    seat,
                    cause: RobberCause::Knight,
                });
                turn.emit("CAT-DEV-3", PartAEvent::KnightPlayed { seat }.into());
                Outcome::Done
            }
            DevMove::PlayRoadBuilding { edges } => {
                self.check_road_building(seat, edges)?;
                self.take_dev(seat, DevCard::RoadBuilding)?;
                for e in edges {
                    self.board.set_road(*e, Some(Colour::of_seat(seat)));
                    self.player_mut(seat).roads_left -= 1;
                }
                turn.emit(
                    "CAT-DEV-4",
                    PartAEvent::RoadBuildingPlayed {
                        seat,
                        edges: edges.clone(),
                        places: edges.iter().map(|e| Place::path(&self.board, *e)).collect(),
                    }
                    .into(),
                );
                Outcome::Done
            }
            DevMove::PlayYearOfPlenty { resources } => {
                self.check_year_of_plenty(seat, resources)?;
                self.take_dev(seat, DevCard::YearOfPlenty)?;
                let mut take = Cards::default();
                for r in resources {
                    take.add(*r, 1);
                }
                self.bank.resources = self.bank.resources.minus(&take).unwrap_or_default();
                let p = self.player_mut(seat);
                p.hand = p.hand.plus(&take);
                turn.emit(
                    "CAT-DEV-5",
                    PartAEvent::YearOfPlenty { seat, took: take }.into(),
                );
                Outcome::Done
            }
            DevMove::PlayMonopoly { resource } => {
                self.take_dev(seat, DevCard::Monopoly)?;
                let o = other(seat);
                let n = self.player(o).hand.get(*resource);
                self.player_mut(o).hand.take(*resource, n);
                self.player_mut(seat).hand.add(*resource, n);
                turn.emit(
                    "CAT-DEV-6",
                    PartAEvent::MonopolyPlayed {
                        seat,
                        resource: *resource,
                        from: o,
                        count: n,
                    }
                    .into(),
                );
                Outcome::Monopoly(*resource)
            }
        };
        self.update_awards(turn);
        self.check_win(turn);
        Ok(out)
    }

    /// A free setup settlement; the second yields one card per adjacent
    /// producing hex (CAT-SETUP-5, CAT-SETUP-6).
    fn setup_settlement<E: TableEvent>(
        &mut self,
        seat: Seat,
        v: VertexId,
        turn: &mut Turn<'_, E>,
    ) -> Result<Outcome, RuleError> {
        self.require_setup()?;
        self.check_setup_settlement(v)?;
        self.place_building(seat, v, BuildingKind::Settlement);
        self.player_mut(seat).settlements_left -= 1;
        self.setup_settlement = Some(v);
        let second = self.setup_step >= 2;
        let received = second.then(|| {
            let mut got = Cards::default();
            for h in v.hexes() {
                let t = self.board.tile(*h);
                if t.removed {
                    continue;
                }
                if let Some(r) = t.terrain.resource() {
                    if self.bank.resources.take(r, 1) {
                        got.add(r, 1);
                    }
                }
            }
            let p = self.player_mut(seat);
            p.hand = p.hand.plus(&got);
            got
        });
        turn.emit(
            if second { "CAT-SETUP-6" } else { "CAT-SETUP-5" },
            BaseEvent::SetupBuilding {
                seat,
                vertex: v,
                building: BuildingKind::Settlement,
                received,
                place: Some(Place::corner(&self.board, v)),
            }
            .into(),
        );
        Ok(Outcome::Done)
    }

    /// The free road next to the settlement just placed; the fourth ends
    /// setup and starts the first turn (CAT-SETUP-5, CAT-SETUP-7).
    fn setup_road<E: TableEvent>(
        &mut self,
        seat: Seat,
        e: EdgeId,
        turn: &mut Turn<'_, E>,
    ) -> Result<Outcome, RuleError> {
        self.require_setup()?;
        self.check_setup_road(e)?;
        self.board.set_road(e, Some(Colour::of_seat(seat)));
        self.player_mut(seat).roads_left -= 1;
        self.setup_settlement = None;
        self.setup_step += 1;
        turn.emit(
            "CAT-SETUP-5",
            BaseEvent::SetupRoad {
                seat,
                edge: e,
                place: Some(Place::path(&self.board, e)),
            }
            .into(),
        );
        self.update_awards(turn);
        if self.setup_step == 4 {
            turn.emit(
                "CAT-SETUP-7",
                BaseEvent::SetupDone {
                    first: self.first_player,
                }
                .into(),
            );
            let fp = self.first_player;
            self.begin_turn(fp, turn);
        } else {
            self.active = self.setup_seat();
        }
        Ok(Outcome::Done)
    }

    fn take_dev(&mut self, seat: Seat, kind: DevCard) -> Result<(), RuleError> {
        self.check_dev_playable(seat, kind)?;
        let turn = self.turn;
        let p = self.player_mut(seat);
        if let Some(i) = p
            .dev_hand
            .iter()
            .position(|d| d.kind == kind && d.bought_on_turn < turn)
        {
            p.dev_hand.remove(i);
        }
        p.dev_played_turn = Some(turn);
        Ok(())
    }

    /// Moves the robber and resolves the theft (CAT-ROB-1, -2). Returns
    /// true when it went onto a removed hex (the variant pays for that).
    pub fn move_robber<E: TableEvent>(
        &mut self,
        seat: Seat,
        hex: HexId,
        policy: &RobberPolicy,
        turn: &mut Turn<'_, E>,
    ) -> Result<bool, RuleError> {
        self.check_robber(hex, policy)?;
        let removed = self.board.tile(hex).removed;
        self.board.robber = hex;
        turn.emit(
            policy.moved_rule,
            BaseEvent::RobberMoved {
                seat,
                hex: steps::hex_info(&self.board, hex),
                removed,
            }
            .into(),
        );
        if removed {
            return Ok(true);
        }
        let Some(v) = self.theft_victim(seat, hex) else {
            turn.emit(policy.theft_rule, BaseEvent::NoTheft { seat }.into());
            return Ok(false);
        };
        let visible = if policy.to_bank {
            vec![v]
        } else {
            vec![seat, v]
        };
        let card = steps::random_card(
            turn,
            &self.player(v).hand,
            visible.clone(),
            Some(v),
            "CAT-RNG-3",
        )?;
        self.player_mut(v).hand.take(card, 1);
        if policy.to_bank {
            self.bank.resources.add(card, 1);
        } else {
            self.player_mut(seat).hand.add(card, 1);
        }
        turn.emit(
            policy.theft_rule,
            BaseEvent::Theft {
                thief: seat,
                victim: v,
                to_bank: policy.to_bank,
            }
            .into(),
        )
        .secret(
            visible,
            BaseEvent::CardStolen {
                thief: seat,
                victim: v,
                card,
                to_bank: policy.to_bank,
            }
            .into(),
            vec![card.id().to_string()],
        );
        Ok(false)
    }
}

/// A roll-off between seats a and b with `n` dice each (CAT-RNG-5): higher
/// total wins, equal totals roll again, seat a wins after 20 equal rounds.
/// Each round's dice are asked for in one go (a's, then b's).
pub fn roll_off<E>(
    turn: &mut Turn<'_, E>,
    n: usize,
    rule: &str,
) -> Result<(Seat, Vec<RollOffRound>, bool), RuleError> {
    let mut rounds = Vec::new();
    for _ in 0..20 {
        // Seat A's dice first, then seat B's (CAT-RNG-5).
        let words = [Seat(0), Seat(1)]
            .into_iter()
            .flat_map(|seat| {
                text::dice_words(n as u8, move |k| text::TableNeed::RollOff {
                    seat,
                    n: k,
                    of: n as u8,
                })
            })
            .collect();
        let d = turn.chance.roll_as(6, rule, words)?;
        let (a, b) = d.split_at(n);
        let (sa, sb): (u32, u32) = (
            a.iter().map(|x| u32::from(*x)).sum(),
            b.iter().map(|x| u32::from(*x)).sum(),
        );
        rounds.push(RollOffRound {
            a: a.to_vec(),
            b: b.to_vec(),
        });
        if sa != sb {
            return Ok((if sa > sb { Seat(0) } else { Seat(1) }, rounds, false));
        }
    }
    Ok((Seat(0), rounds, true))
}

/// CAT-SETUP-4: the first player, fixed or rolled off with two dice each,
/// with its event.
pub fn first_player<K: CardKind, E: From<BaseEvent<K>>>(
    choice: FirstPlayer,
    turn: &mut Turn<'_, E>,
) -> Result<Seat, RuleError> {
    Ok(match choice {
        FirstPlayer::A | FirstPlayer::B => {
            let first = if choice == FirstPlayer::A {
                Seat(0)
            } else {
                Seat(1)
            };
            turn.emit(
                "CAT-SETUP-4",
                BaseEvent::<K>::FirstPlayerChosen { first }.into(),
            );
            first
        }
        FirstPlayer::Roll => {
            let (first, rounds, capped) = roll_off(turn, 2, "CAT-RNG-2")?;
            let dice = RollOffRound::dice(&rounds);
            turn.emit(
                "CAT-SETUP-4",
                BaseEvent::<K>::FirstPlayerRollOff {
                    rounds,
                    first,
                    capped,
                }
                .into(),
            )
            .dice(&dice);
            first
        }
    })
}
