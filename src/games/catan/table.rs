//! The base game as a referee runs it for two real seats (catan-base Part A):
//! set-up, rolls, production, the 7, the robber, building, development cards,
//! trade, awards and the win. A variant keeps a [`Table`] in its state, sends
//! it the Part A moves through [`Table::apply`] with its [`Hooks`], and adds
//! its own steps around it (see `catan-shadow`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::collections::BTreeMap;

use super::board::*;
use super::data::*;
use super::geometry::*;
use super::player::*;
use super::roads::{award_holder, road_length};
use crate::engine::legacy::{Dice, Event, RuleError};

/// The Part A options a table needs at run time (CAT §3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BaseOptions {
    /// Dice come from the table only (CAT-RNG-2).
    pub manual_dice: bool,
    /// Hidden draws are entered by the players (CAT-RNG-3).
    pub physical_table: bool,
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
            manual_dice: false,
            physical_table: false,
            combined_trade_build: true,
            discard_limit: 7,
            vp_target: 10,
        }
    }
}

/// First player choice (CAT-SETUP-4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FirstPlayer {
    #[default]
    Roll,
    A,
    B,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Setup,
    PreRoll,
    Main,
    Finished,
}

/// Why the robber moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RobberCause {
    Seven,
    Knight,
    /// A 7 in a fictive turn of catan-shadow.
    Fictive,
}

/// An open decision (CAT-TURN-1), answered in queue order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Pending {
    Discard {
        seat: usize,
        count: u32,
    },
    Robber {
        seat: usize,
        cause: RobberCause,
    },
    TradeResponse {
        seat: usize,
    },
    /// Part B: a neutral piece owed by `seat` (CAT-DUO-6, -9).
    NeutralBuild {
        seat: usize,
        settlement: bool,
    },
    /// Part B: two cards to give back after a forced trade (CAT-DUO-14).
    ForcedTradeReturn {
        seat: usize,
    },
}

impl Pending {
    pub fn seat(&self) -> usize {
        match self {
            Pending::Discard { seat, .. }
            | Pending::Robber { seat, .. }
            | Pending::TradeResponse { seat }
            | Pending::NeutralBuild { seat, .. }
            | Pending::ForcedTradeReturn { seat } => *seat,
        }
    }
}

/// A domestic offer of the active seat (CAT-TRADE-2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offer {
    pub from: usize,
    pub give: Cards,
    pub want: Cards,
}

/// Where a robber may go and what it does, by cause (CSW-ROB, CSW-FIC-6 use it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RobberPolicy {
    /// Removed hexes are legal spots.
    pub removed_allowed: bool,
    /// The rule named when a removed hex is refused.
    pub removed_rule: &'static str,
    /// A removed hex pays one card by the resource die.
    pub removed_pays: bool,
    /// Faces 1..5 of the resource die.
    pub resource_die: [Resource; 5],
    /// A stolen card goes to the bank instead of the mover (CSW-FIC-7).
    pub theft_to_bank: bool,
}

impl Default for RobberPolicy {
    fn default() -> Self {
        RobberPolicy {
            removed_allowed: false,
            removed_rule: "CAT-ROB-1",
            removed_pays: false,
            resource_die: Resource::ALL,
            theft_to_bank: false,
        }
    }
}

/// What a variant changes in Part A moves.
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

/// The Part A moves (catan-base §5). Variants embed them in their own move enum.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum BaseMove {
    PlaceSetupSettlement {
        vertex: Vertex,
    },
    PlaceSetupRoad {
        edge: Edge,
    },
    Roll,
    BuildRoad {
        edge: Edge,
    },
    BuildSettlement {
        vertex: Vertex,
    },
    BuildCity {
        vertex: Vertex,
    },
    BuyDevelopmentCard {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        drawn: Option<DevCard>,
    },
    PlayKnight,
    MoveRobber {
        hex: Hex,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        stolen: Option<Resource>,
    },
    PlayRoadBuilding {
        edges: Vec<Edge>,
    },
    PlayYearOfPlenty {
        resources: Vec<Resource>,
    },
    PlayMonopoly {
        resource: Resource,
    },
    Discard {
        cards: Cards,
    },
    MaritimeTrade {
        give: Resource,
        get: Resource,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        times: Option<u32>,
    },
    OfferTrade {
        give: Cards,
        want: Cards,
    },
    RespondTrade {
        accept: bool,
    },
    EndTurn,
}

/// What [`Table::apply`] did that the variant may want to react to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Done,
    /// `end_turn` passed its checks; the variant starts the next turn
    /// ([`Table::begin_turn`]) or inserts its own turns first.
    TurnEnded,
    /// A monopoly was played (the variant may add to it, CSW-MONO-1).
    Monopoly(Resource),
}

/// The Part A table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Table {
    pub opts: BaseOptions,
    pub board: Board,
    pub bank: Bank,
    pub players: Vec<PlayerState>,
    /// Turn number, 0 during set-up, 1 for the first turn.
    pub turn: u32,
    pub first_player: usize,
    pub active: usize,
    pub phase: Phase,
    /// Rolls of this turn (CAT §2.1).
    pub rolls: Vec<[u8; 2]>,
    /// Something was built or bought this turn (CAT-TURN-4).
    pub built_this_turn: bool,
    pub pending: Vec<Pending>,
    /// Set-up placement index 0..4 (CAT-SETUP-5).
    pub setup_step: usize,
    /// The settlement of the current set-up placement, awaiting its road.
    pub setup_settlement: Option<VertexId>,
    pub longest_road: Option<Colour>,
    pub road_lengths: BTreeMap<Colour, u32>,
    pub largest_army: Option<usize>,
    pub offer: Option<Offer>,
    pub winner: Option<usize>,
}

fn illegal(rule: &str, detail: impl Into<String>) -> RuleError {
    RuleError::illegal(rule, detail)
}

fn vid(v: Vertex) -> Result<VertexId, RuleError> {
    v.id().ok_or_else(|| {
        illegal(
            "CAT-BOARD-5",
            "that intersection is not one of the 54 of the island",
        )
    })
}
fn eid(e: Edge) -> Result<EdgeId, RuleError> {
    e.id().ok_or_else(|| {
        illegal(
            "CAT-BOARD-5",
            "that path is not one of the 72 of the island",
        )
    })
}

impl Table {
    /// A table after the board step: bank of 19 each, deck shuffled (CAT-SETUP-1..-3).
    pub fn new(board: Board, opts: BaseOptions, dice: &mut Dice, events: &mut Vec<Event>) -> Table {
        let mut bank = Bank::default();
        if !opts.physical_table {
            dice.shuffle(&mut bank.dev_deck);
        }
        events.push(Event::new(
            "table_ready",
            "CAT-SETUP-1",
            "The robber stands on the desert, the bank holds 19 of each resource and the 25 development cards are shuffled.",
        ));
        Table {
            opts,
            board,
            bank,
            players: vec![PlayerState::default(), PlayerState::default()],
            turn: 0,
            first_player: 0,
            active: 0,
            phase: Phase::Setup,
            rolls: Vec::new(),
            built_this_turn: false,
            pending: Vec::new(),
            setup_step: 0,
            setup_settlement: None,
            longest_road: None,
            road_lengths: BTreeMap::new(),
            largest_army: None,
            offer: None,
            winner: None,
        }
    }

    /// CAT-SETUP-4: a fixed seat or a roll-off with two dice each.
    pub fn choose_first_player(
        &mut self,
        choice: FirstPlayer,
        dice: &mut Dice,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let fp = match choice {
            FirstPlayer::A => 0,
            FirstPlayer::B => 1,
            FirstPlayer::Roll => {
                let (w, rounds) = roll_off(dice, 2, "CAT-RNG-2")?;
                events.push(
                    Event::new(
                        "first_player_rolloff",
                        "CAT-SETUP-4",
                        format!("Roll-off for the first player: seat {} starts.", seat_id(w)),
                    )
                    .dice(
                        &rounds
                            .iter()
                            .flat_map(|(a, b)| [a.clone(), b.clone()].concat())
                            .collect::<Vec<_>>(),
                    )
                    .data(json!({"rounds": rounds, "winner": seat_id(w)})),
                );
                w
            }
        };
        self.first_player = fp;
        self.active = fp;
        if choice != FirstPlayer::Roll {
            events.push(Event::new(
                "first_player",
                "CAT-SETUP-4",
                format!("Seat {} starts.", seat_id(fp)),
            ));
        }
        Ok(())
    }

    // ---- queries ----

    /// The seat placing now in set-up (snake order, CAT-SETUP-5).
    pub fn setup_seat(&self) -> usize {
        let fp = self.first_player;
        match self.setup_step {
            0 | 3 => fp,
            _ => 1 - fp,
        }
    }

    /// Seats that may move now (the first pending decision, else the active seat).
    pub fn expected_seat(&self) -> Option<usize> {
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

    pub fn buildings_of(&self, seat: usize) -> (u32, u32) {
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
    pub fn visible_vp(&self, seat: usize) -> u32 {
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
    pub fn total_vp(&self, seat: usize) -> u32 {
        self.visible_vp(seat) + self.players[seat].vp_cards()
    }

    /// Score lines of CAT §7.
    pub fn score_line(&self, seat: usize) -> serde_json::Value {
        let (s, c) = self.buildings_of(seat);
        json!({
            "settlements": s, "cities": c,
            "longest_road": if self.longest_road == Some(Colour::of_seat(seat)) { 2 } else { 0 },
            "largest_army": if self.largest_army == Some(seat) { 2 } else { 0 },
            "victory_point_cards": self.players[seat].vp_cards(),
            "total": self.total_vp(seat),
        })
    }

    // ---- shared steps ----

    /// Production of a roll of `sum` ≠ 7 with bank shortage (CAT-PROD-1..-3).
    pub fn produce(&mut self, dice_vals: [u8; 2], rule: &str, events: &mut Vec<Event>) {
        let sum = dice_vals[0] + dice_vals[1];
        let p = self.board.production(sum);
        let (paid, short) = pay_with_shortage(&mut self.bank.resources, &p.owed);
        for (player, got) in self.players.iter_mut().zip(paid.iter()) {
            player.hand = player.hand.plus(got);
        }
        let hexes: Vec<String> = p
            .hexes
            .iter()
            .map(|h| {
                let t = &self.board.tiles[*h];
                format!("{} {}", t.terrain.name(), t.hex)
            })
            .collect();
        let mut text = format!(
            "Rolled {}+{} = {}: seat a receives {}, seat b receives {}",
            dice_vals[0],
            dice_vals[1],
            sum,
            paid[0].describe(),
            paid[1].describe()
        );
        if !hexes.is_empty() {
            text.push_str(&format!(" (producing: {})", hexes.join(", ")));
        }
        if let Some(b) = p.blocked {
            text.push_str(&format!(
                "; {} {} is blocked by the robber",
                self.board.tiles[b].terrain.name(),
                self.board.tiles[b].hex
            ));
        }
        if !short.is_empty() {
            text.push_str(&format!(
                "; bank shortage of {}",
                short
                    .iter()
                    .map(|r| r.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        text.push('.');
        events.push(
            Event::new("production", rule, text)
                .dice(&dice_vals)
                .data(json!({
                    "sum": sum,
                    "hexes": p.hexes.iter().map(|h| self.board.tiles[*h].hex).collect::<Vec<_>>(),
                    "blocked": p.blocked.map(|h| self.board.tiles[h].hex),
                    "owed": {"a": p.owed[0], "b": p.owed[1]},
                    "paid": {"a": paid[0], "b": paid[1]},
                    "shortage": short,
                })),
        );
    }

    /// Discards owed on a 7 (CAT-SEVEN-1), queued from `first` in seat order (CAT-SEVEN-2).
    pub fn queue_discards(&mut self, first: usize, rule: &str, events: &mut Vec<Event>) {
        let mut owed = BTreeMap::new();
        for s in [first, 1 - first] {
            let n = self.players[s].hand.total();
            if n > self.opts.discard_limit {
                let count = n / 2;
                self.pending.push(Pending::Discard { seat: s, count });
                owed.insert(seat_id(s), count);
            }
        }
        let text = if owed.is_empty() {
            "A 7: nobody holds more than the discard limit.".to_string()
        } else {
            format!(
                "A 7: {}.",
                owed.iter()
                    .map(|(s, c)| format!("seat {s} discards {c}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        events.push(Event::new("discards_owed", rule, text).data(json!({"owed": owed})));
    }

    /// Resolves a real roll: production or the 7 (CAT-TURN-3, CAT-SEVEN-3).
    pub fn resolve_roll(&mut self, d: [u8; 2], events: &mut Vec<Event>) {
        self.rolls.push(d);
        if d[0] + d[1] == 7 {
            events.push(
                Event::new(
                    "rolled",
                    "CAT-TURN-3",
                    format!(
                        "Seat {} rolled {}+{} = 7.",
                        seat_id(self.active),
                        d[0],
                        d[1]
                    ),
                )
                .dice(&d),
            );
            self.queue_discards(self.active, "CAT-SEVEN-1", events);
            self.pending.push(Pending::Robber {
                seat: self.active,
                cause: RobberCause::Seven,
            });
        } else {
            self.produce(d, "CAT-PROD-1", events);
        }
    }

    /// Recomputes Longest Road and Largest Army (CAT-AWARD-1..-3).
    pub fn update_awards(&mut self, events: &mut Vec<Event>) {
        let mut colours: Vec<Colour> = vec![Colour::A, Colour::B];
        for c in self.board.roads.iter().flatten() {
            if !colours.contains(c) {
                colours.push(*c);
            }
        }
        colours.sort();
        let lengths: Vec<(Colour, u32)> = colours
            .iter()
            .map(|c| (*c, road_length(&self.board, *c)))
            .collect();
        self.road_lengths = lengths.iter().copied().collect();
        let new = award_holder(self.longest_road, &lengths, 5);
        if new != self.longest_road {
            let text = match new {
                Some(c) => format!("Longest Road goes to {}.", c.id()),
                None => {
                    "Longest Road is set aside: no single colour has the longest road of 5 or more."
                        .into()
                }
            };
            events.push(Event::new("longest_road", "CAT-AWARD-2", text).data(json!({
                "old": self.longest_road, "new": new, "lengths": self.road_lengths,
            })));
            self.longest_road = new;
        }
        let army: Vec<(usize, u32)> = (0..2)
            .map(|s| (s, self.players[s].knights_played))
            .collect();
        let new = award_holder(self.largest_army, &army, 3);
        if new != self.largest_army {
            let text = match new {
                Some(s) => format!("Largest Army goes to seat {}.", seat_id(s)),
                None => "Largest Army is set aside.".into(),
            };
            events.push(Event::new("largest_army", "CAT-AWARD-3", text).data(json!({
                "old": self.largest_army.map(seat_id), "new": new.map(seat_id),
                "knights": {"a": self.players[0].knights_played, "b": self.players[1].knights_played},
            })));
            self.largest_army = new;
        }
    }

    /// CAT-END-1: the active seat wins at `vp_target` in its own turn.
    pub fn check_win(&mut self, events: &mut Vec<Event>) {
        if self.phase == Phase::Finished || self.phase == Phase::Setup {
            return;
        }
        let s = self.active;
        let vp = self.total_vp(s);
        if vp >= self.opts.vp_target {
            self.phase = Phase::Finished;
            self.winner = Some(s);
            self.pending.clear();
            events.push(
                Event::new(
                    "game_won",
                    "CAT-END-1",
                    format!("Seat {} reaches {} points and wins.", seat_id(s), vp),
                )
                .data(json!({"scores": {"a": self.score_line(0), "b": self.score_line(1)}})),
            );
        }
    }

    /// Starts the turn of `seat` in `pre_roll`, with the start-of-turn win check (CAT-TURN-5, CAT-END-1).
    pub fn begin_turn(&mut self, seat: usize, events: &mut Vec<Event>) {
        self.turn += 1;
        self.active = seat;
        self.phase = Phase::PreRoll;
        self.rolls.clear();
        self.built_this_turn = false;
        self.offer = None;
        events.push(Event::new(
            "turn_started",
            "CAT-TURN-5",
            format!("Turn {}: seat {} to roll.", self.turn, seat_id(seat)),
        ));
        self.check_win(events);
    }

    fn pay(&mut self, seat: usize, cost: &Cards, what: &str) -> Result<(), RuleError> {
        let p = &mut self.players[seat];
        let rest = p.hand.minus(cost).ok_or_else(|| {
            illegal(
                "CAT-BUILD-1",
                format!("{what} costs {}, which you do not hold", cost.describe()),
            )
        })?;
        p.hand = rest;
        self.bank.resources = self.bank.resources.plus(cost);
        Ok(())
    }

    fn require_main(&self, rule_pre: &str) -> Result<(), RuleError> {
        if let Some(p) = self.pending.first() {
            return Err(illegal(
                "CAT-TURN-1",
                format!("answer the open decision first ({p:?})"),
            ));
        }
        match self.phase {
            Phase::Main => Ok(()),
            Phase::PreRoll => Err(illegal(rule_pre, "roll the dice first")),
            _ => Err(illegal("CAT-TURN-1", "not possible now")),
        }
    }

    fn place_building(&mut self, seat: usize, v: VertexId, kind: BuildingKind) {
        self.board.buildings[v] = Some(Building {
            colour: Colour::of_seat(seat),
            kind,
        });
    }

    // ---- moves ----

    /// Applies a Part A move of `seat`. Turn order is checked here too
    /// (out-of-turn errors name CAT-TURN-1 / CAT-SETUP-5).
    pub fn apply(
        &mut self,
        seat: usize,
        mv: &BaseMove,
        dice: &mut Dice,
        hooks: &Hooks,
        events: &mut Vec<Event>,
    ) -> Result<Outcome, RuleError> {
        if self.phase == Phase::Finished {
            return Err(illegal("CAT-END-3", "the game is over"));
        }
        if self.expected_seat() != Some(seat) {
            let rule = if self.phase == Phase::Setup {
                "CAT-SETUP-5"
            } else {
                "CAT-TURN-1"
            };
            return Err(RuleError::out_of_turn(
                rule,
                format!("it is not seat {}'s move", seat_id(seat)),
            ));
        }
        // Only the answer to the first pending decision is legal (CAT-TURN-1).
        if let Some(p) = self.pending.first() {
            let ok = matches!(
                (p, mv),
                (Pending::Discard { .. }, BaseMove::Discard { .. })
                    | (Pending::Robber { .. }, BaseMove::MoveRobber { .. })
                    | (Pending::TradeResponse { .. }, BaseMove::RespondTrade { .. })
            );
            if !ok {
                return Err(illegal("CAT-TURN-1", "answer the open decision first"));
            }
        }
        if self.phase == Phase::Setup
            && !matches!(
                mv,
                BaseMove::PlaceSetupSettlement { .. } | BaseMove::PlaceSetupRoad { .. }
            )
        {
            return Err(illegal(
                "CAT-SETUP-5",
                "during set-up only settlements and roads are placed",
            ));
        }
        let out = match mv {
            BaseMove::PlaceSetupSettlement { vertex } => {
                self.setup_settlement(seat, vid(*vertex)?, events)?
            }
            BaseMove::PlaceSetupRoad { edge } => self.setup_road(seat, eid(*edge)?, events)?,
            BaseMove::Roll => {
                if self.phase != Phase::PreRoll {
                    return Err(illegal("CAT-TURN-3", "the dice are rolled once per turn"));
                }
                let d = dice.roll_many(2, 6, "CAT-RNG-2")?;
                self.phase = Phase::Main;
                self.resolve_roll([d[0], d[1]], events);
                Outcome::Done
            }
            BaseMove::BuildRoad { edge } => {
                self.require_main("CAT-TURN-2")?;
                let e = eid(*edge)?;
                if self.players[seat].roads_left == 0 {
                    return Err(illegal(
                        "CAT-BUILD-2",
                        "you have no road left in your supply",
                    ));
                }
                self.board.check_road_spot(Colour::of_seat(seat), e)?;
                self.pay(seat, &ROAD_COST, "a road")?;
                self.board.roads[e] = Some(Colour::of_seat(seat));
                self.players[seat].roads_left -= 1;
                self.built_this_turn = true;
                events.push(
                    Event::new(
                        "road_built",
                        "CAT-BUILD-5",
                        format!("Seat {} builds a road.", seat_id(seat)),
                    )
                    .data(json!({"edge": geo().edges[e]})),
                );
                Outcome::Done
            }
            BaseMove::BuildSettlement { vertex } => {
                self.require_main("CAT-TURN-2")?;
                let v = vid(*vertex)?;
                if self.players[seat].settlements_left == 0 {
                    return Err(illegal(
                        "CAT-BUILD-2",
                        "you have no settlement left in your supply",
                    ));
                }
                self.board.check_settlement_spot(v)?;
                if !self.board.has_road_at(Colour::of_seat(seat), v) {
                    return Err(illegal(
                        "CAT-BUILD-4",
                        "a new settlement must touch one of your roads",
                    ));
                }
                self.pay(seat, &SETTLEMENT_COST, "a settlement")?;
                self.place_building(seat, v, BuildingKind::Settlement);
                self.players[seat].settlements_left -= 1;
                self.built_this_turn = true;
                events.push(
                    Event::new(
                        "settlement_built",
                        "CAT-BUILD-3",
                        format!("Seat {} builds a settlement.", seat_id(seat)),
                    )
                    .data(json!({"vertex": geo().vertices[v]})),
                );
                Outcome::Done
            }
            BaseMove::BuildCity { vertex } => {
                self.require_main("CAT-TURN-2")?;
                let v = vid(*vertex)?;
                let own = self.board.buildings[v]
                    == Some(Building {
                        colour: Colour::of_seat(seat),
                        kind: BuildingKind::Settlement,
                    });
                if !own {
                    return Err(illegal(
                        "CAT-BUILD-6",
                        "a city replaces one of your own settlements",
                    ));
                }
                if self.players[seat].cities_left == 0 {
                    return Err(illegal(
                        "CAT-BUILD-2",
                        "you have no city left in your supply",
                    ));
                }
                self.pay(seat, &CITY_COST, "a city")?;
                self.place_building(seat, v, BuildingKind::City);
                self.players[seat].cities_left -= 1;
                self.players[seat].settlements_left += 1;
                self.built_this_turn = true;
                events.push(
                    Event::new(
                        "city_built",
                        "CAT-BUILD-6",
                        format!("Seat {} builds a city.", seat_id(seat)),
                    )
                    .data(json!({"vertex": geo().vertices[v]})),
                );
                Outcome::Done
            }
            BaseMove::BuyDevelopmentCard { drawn } => {
                self.require_main("CAT-TURN-2")?;
                if self.bank.dev_deck.is_empty() {
                    return Err(illegal("CAT-DEV-1", "the development deck is empty"));
                }
                let idx = if self.opts.physical_table {
                    let k = drawn.ok_or_else(|| {
                        illegal(
                            "CAT-RNG-3",
                            "physical table: say which card was drawn (drawn)",
                        )
                    })?;
                    self.bank
                        .dev_deck
                        .iter()
                        .position(|c| *c == k)
                        .ok_or_else(|| {
                            illegal("CAT-RNG-3", "the deck holds no such card any more")
                        })?
                } else {
                    if drawn.is_some() {
                        return Err(illegal(
                            "CAT-RNG-3",
                            "the server deals the cards; `drawn` is only for a physical table",
                        ));
                    }
                    self.bank.dev_deck.len() - 1
                };
                self.pay(seat, &DEV_COST, "a development card")?;
                let card = self.bank.dev_deck.remove(idx);
                self.players[seat].dev_hand.push(HeldDev {
                    kind: card,
                    bought_on_turn: self.turn,
                });
                self.built_this_turn = true;
                events.push(
                    Event::new(
                        "development_card_bought",
                        "CAT-DEV-1",
                        format!("Seat {} buys a development card.", seat_id(seat)),
                    )
                    .data(
                        json!({"seat": seat_id(seat), "visible_to": [seat_id(seat)], "card": card}),
                    ),
                );
                Outcome::Done
            }
            BaseMove::PlayKnight => {
                self.take_dev(seat, DevCard::Knight)?;
                self.players[seat].knights_played += 1;
                self.pending.push(Pending::Robber {
                    seat,
                    cause: RobberCause::Knight,
                });
                events.push(Event::new(
                    "knight_played",
                    "CAT-DEV-3",
                    format!("Seat {} plays a knight.", seat_id(seat)),
                ));
                self.update_awards(events);
                Outcome::Done
            }
            BaseMove::MoveRobber { hex, stolen } => {
                let Some(Pending::Robber { cause, .. }) = self.pending.first().cloned() else {
                    return Err(illegal("CAT-ROB-1", "there is no robber to move"));
                };
                let policy = hooks.robber(cause);
                self.move_robber(seat, *hex, *stolen, &policy, dice, events)?;
                self.pending.remove(0);
                Outcome::Done
            }
            BaseMove::PlayRoadBuilding { edges } => {
                self.check_dev_playable(seat, DevCard::RoadBuilding)?;
                let colour = Colour::of_seat(seat);
                if self.board.legal_roads(colour).is_empty() || self.players[seat].roads_left == 0 {
                    return Err(illegal(
                        "CAT-DEV-4",
                        "no legal road exists for road building",
                    ));
                }
                if edges.is_empty() || edges.len() > 2 {
                    return Err(illegal("CAT-DEV-4", "road building places 1 or 2 roads"));
                }
                let mut trial = self.board.clone();
                let mut left = self.players[seat].roads_left;
                for e in edges {
                    let e = eid(*e)?;
                    if left == 0 {
                        return Err(illegal("CAT-DEV-4", "you have only one road piece left"));
                    }
                    trial
                        .check_road_spot(colour, e)
                        .map_err(|err| illegal("CAT-DEV-4", err.detail))?;
                    trial.roads[e] = Some(colour);
                    left -= 1;
                }
                if edges.len() == 1 && left > 0 && !trial.legal_roads(colour).is_empty() {
                    return Err(illegal(
                        "CAT-DEV-4",
                        "two roads can be placed, so place two",
                    ));
                }
                self.take_dev(seat, DevCard::RoadBuilding)?;
                self.board = trial;
                self.players[seat].roads_left = left;
                events.push(
                    Event::new(
                        "road_building",
                        "CAT-DEV-4",
                        format!(
                            "Seat {} plays road building: {} free road(s).",
                            seat_id(seat),
                            edges.len()
                        ),
                    )
                    .data(json!({"edges": edges})),
                );
                Outcome::Done
            }
            BaseMove::PlayYearOfPlenty { resources } => {
                self.check_dev_playable(seat, DevCard::YearOfPlenty)?;
                let avail = self.bank.resources.total();
                let want_n = avail.min(2) as usize;
                if resources.len() != want_n {
                    return Err(illegal(
                        "CAT-DEV-5",
                        format!("name {want_n} resource(s) to take from the bank"),
                    ));
                }
                let mut take = Cards::default();
                for r in resources {
                    take.add(*r, 1);
                }
                if !self.bank.resources.contains(&take) {
                    return Err(illegal(
                        "CAT-DEV-5",
                        "the bank does not hold those resources",
                    ));
                }
                self.take_dev(seat, DevCard::YearOfPlenty)?;
                self.bank.resources = self.bank.resources.minus(&take).unwrap_or_default();
                self.players[seat].hand = self.players[seat].hand.plus(&take);
                events.push(Event::new(
                    "year_of_plenty",
                    "CAT-DEV-5",
                    format!(
                        "Seat {} takes {} from the bank.",
                        seat_id(seat),
                        take.describe()
                    ),
                ));
                Outcome::Done
            }
            BaseMove::PlayMonopoly { resource } => {
                self.take_dev(seat, DevCard::Monopoly)?;
                let other = 1 - seat;
                let n = self.players[other].hand.get(*resource);
                self.players[other].hand.take(*resource, n);
                self.players[seat].hand.add(*resource, n);
                events.push(
                    Event::new(
                        "monopoly",
                        "CAT-DEV-6",
                        format!(
                            "Seat {} names {}: seat {} hands over {}.",
                            seat_id(seat),
                            resource,
                            seat_id(other),
                            n
                        ),
                    )
                    .data(json!({"resource": resource, "from_opponent": n})),
                );
                Outcome::Monopoly(*resource)
            }
            BaseMove::Discard { cards } => {
                let Some(Pending::Discard { count, .. }) = self.pending.first().cloned() else {
                    return Err(illegal("CAT-SEVEN-2", "no discard is owed"));
                };
                self.discard(seat, count, cards, events)?;
                self.pending.remove(0);
                Outcome::Done
            }
            BaseMove::MaritimeTrade { give, get, times } => {
                self.require_main("CAT-TURN-2")?;
                self.check_trade_allowed()?;
                let times = times.unwrap_or(1);
                if times == 0 || times > 19 {
                    return Err(illegal("CAT-TRADE-1", "times must be 1 or more"));
                }
                if give == get {
                    return Err(illegal(
                        "CAT-TRADE-1",
                        "give and get must be different resources",
                    ));
                }
                let rate = self.board.trade_rates(Colour::of_seat(seat)).get(*give);
                let pay = rate * times;
                if self.players[seat].hand.get(*give) < pay {
                    return Err(illegal(
                        "CAT-TRADE-1",
                        format!("at your rate of {rate}:1 this costs {pay} {give}"),
                    ));
                }
                if self.bank.resources.get(*get) < times {
                    return Err(illegal(
                        "CAT-TRADE-1",
                        format!("the bank does not hold {times} {get}"),
                    ));
                }
                self.players[seat].hand.take(*give, pay);
                self.bank.resources.add(*give, pay);
                self.bank.resources.take(*get, times);
                self.players[seat].hand.add(*get, times);
                events.push(Event::new(
                    "maritime_trade",
                    "CAT-TRADE-1",
                    format!(
                        "Seat {} trades {pay} {give} for {times} {get} ({rate}:1).",
                        seat_id(seat)
                    ),
                ));
                Outcome::Done
            }
            BaseMove::OfferTrade { give, want } => {
                self.require_main("CAT-TURN-2")?;
                self.check_trade_allowed()?;
                if give.is_empty() || want.is_empty() {
                    return Err(illegal(
                        "CAT-TRADE-2",
                        "both sides of a trade need at least one card (no gifts)",
                    ));
                }
                if Resource::ALL
                    .iter()
                    .any(|r| give.get(*r) > 0 && want.get(*r) > 0)
                {
                    return Err(illegal("CAT-TRADE-2", "no resource may be on both sides"));
                }
                if !self.players[seat].hand.contains(give) {
                    return Err(illegal("CAT-TRADE-2", "you do not hold what you offer"));
                }
                self.offer = Some(Offer {
                    from: seat,
                    give: *give,
                    want: *want,
                });
                self.pending.push(Pending::TradeResponse { seat: 1 - seat });
                events.push(Event::new(
                    "trade_offered",
                    "CAT-TRADE-2",
                    format!(
                        "Seat {} offers {} for {}.",
                        seat_id(seat),
                        give.describe(),
                        want.describe()
                    ),
                ));
                Outcome::Done
            }
            BaseMove::RespondTrade { accept } => {
                let offer = self
                    .offer
                    .clone()
                    .ok_or_else(|| illegal("CAT-TRADE-3", "there is no open offer"))?;
                if *accept {
                    if !self.players[seat].hand.contains(&offer.want) {
                        return Err(illegal(
                            "CAT-TRADE-3",
                            "you do not hold the cards asked for",
                        ));
                    }
                    let f = offer.from;
                    self.players[f].hand = self.players[f]
                        .hand
                        .minus(&offer.give)
                        .unwrap_or_default()
                        .plus(&offer.want);
                    self.players[seat].hand = self.players[seat]
                        .hand
                        .minus(&offer.want)
                        .unwrap_or_default()
                        .plus(&offer.give);
                }
                self.pending.remove(0);
                self.offer = None;
                events.push(Event::new(
                    "trade_answered",
                    "CAT-TRADE-3",
                    format!(
                        "Seat {} {} the offer.",
                        seat_id(seat),
                        if *accept { "accepts" } else { "rejects" }
                    ),
                ));
                Outcome::Done
            }
            BaseMove::EndTurn => {
                self.require_main("CAT-TURN-5")?;
                events.push(Event::new(
                    "turn_ended",
                    "CAT-TURN-5",
                    format!("Seat {} ends the turn.", seat_id(seat)),
                ));
                return Ok(Outcome::TurnEnded);
            }
        };
        if self.phase != Phase::Setup {
            self.update_awards(events);
            self.check_win(events);
        }
        Ok(out)
    }

    fn check_trade_allowed(&self) -> Result<(), RuleError> {
        if !self.opts.combined_trade_build && self.built_this_turn {
            return Err(illegal(
                "CAT-TURN-4",
                "no trading after the first build or purchase of the turn",
            ));
        }
        Ok(())
    }

    fn setup_settlement(
        &mut self,
        seat: usize,
        v: VertexId,
        events: &mut Vec<Event>,
    ) -> Result<Outcome, RuleError> {
        if self.setup_settlement.is_some() {
            return Err(illegal(
                "CAT-SETUP-5",
                "place the road of this placement first",
            ));
        }
        self.board.check_settlement_spot(v)?;
        self.place_building(seat, v, BuildingKind::Settlement);
        self.players[seat].settlements_left -= 1;
        self.setup_settlement = Some(v);
        let mut text = format!("Seat {} places a settlement.", seat_id(seat));
        let mut got = Cards::default();
        if self.setup_step >= 2 {
            for h in &geo().vertex_hexes[v] {
                let t = &self.board.tiles[*h];
                if t.removed {
                    continue;
                }
                if let Some(r) = t.terrain.resource() {
                    if self.bank.resources.take(r, 1) {
                        got.add(r, 1);
                    }
                }
            }
            self.players[seat].hand = self.players[seat].hand.plus(&got);
            text = format!(
                "Seat {} places its second settlement and receives {}.",
                seat_id(seat),
                got.describe()
            );
        }
        events.push(
            Event::new(
                "setup_settlement",
                if self.setup_step >= 2 {
                    "CAT-SETUP-6"
                } else {
                    "CAT-SETUP-5"
                },
                text,
            )
            .data(json!({"vertex": geo().vertices[v], "received": got})),
        );
        Ok(Outcome::Done)
    }

    fn setup_road(
        &mut self,
        seat: usize,
        e: EdgeId,
        events: &mut Vec<Event>,
    ) -> Result<Outcome, RuleError> {
        let Some(v) = self.setup_settlement else {
            return Err(illegal(
                "CAT-SETUP-5",
                "place the settlement of this placement first",
            ));
        };
        if !self.board.edge_playable(e) {
            return Err(illegal(
                "CAT-BUILD-7",
                "that path is not playable in this game",
            ));
        }
        if self.board.roads[e].is_some() || !geo().edge_ends[e].contains(&v) {
            return Err(illegal(
                "CAT-SETUP-5",
                "the set-up road goes on a free path touching the settlement just placed",
            ));
        }
        self.board.roads[e] = Some(Colour::of_seat(seat));
        self.players[seat].roads_left -= 1;
        self.setup_settlement = None;
        self.setup_step += 1;
        events.push(
            Event::new(
                "setup_road",
                "CAT-SETUP-5",
                format!("Seat {} places a road.", seat_id(seat)),
            )
            .data(json!({"edge": geo().edges[e]})),
        );
        self.update_awards(events);
        if self.setup_step == 4 {
            events.push(Event::new(
                "setup_done",
                "CAT-SETUP-7",
                "Set-up is complete; the first player begins turn 1.",
            ));
            let fp = self.first_player;
            self.begin_turn(fp, events);
        } else {
            self.active = self.setup_seat();
        }
        Ok(Outcome::Done)
    }

    /// CAT-DEV-2: the seat may play `kind` now.
    pub fn check_dev_playable(&self, seat: usize, kind: DevCard) -> Result<(), RuleError> {
        if seat != self.active
            || !matches!(self.phase, Phase::PreRoll | Phase::Main)
            || !self.pending.is_empty()
        {
            return Err(illegal(
                "CAT-DEV-2",
                "development cards are played in your own turn with nothing pending",
            ));
        }
        if kind == DevCard::VictoryPoint {
            return Err(illegal(
                "CAT-DEV-2",
                "victory point cards are never played (CAT-DEV-7)",
            ));
        }
        if self.players[seat].dev_played_turn == Some(self.turn) {
            return Err(illegal("CAT-DEV-2", "only one development card per turn"));
        }
        let p = &self.players[seat];
        if !p.dev_hand.iter().any(|d| d.kind == kind) {
            return Err(illegal("CAT-DEV-2", "you hold no such card"));
        }
        if !p
            .dev_hand
            .iter()
            .any(|d| d.kind == kind && d.bought_on_turn < self.turn)
        {
            return Err(illegal(
                "CAT-DEV-2",
                "a card bought this turn cannot be played this turn",
            ));
        }
        Ok(())
    }

    fn take_dev(&mut self, seat: usize, kind: DevCard) -> Result<(), RuleError> {
        self.check_dev_playable(seat, kind)?;
        let turn = self.turn;
        let p = &mut self.players[seat];
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

    /// Legal robber hexes under a policy (CAT-ROB-1, CSW-ROB-1).
    pub fn robber_hexes(&self, policy: &RobberPolicy) -> Vec<HexId> {
        (0..HEX_COUNT)
            .filter(|h| {
                *h != self.board.robber && (!self.board.tiles[*h].removed || policy.removed_allowed)
            })
            .collect()
    }

    /// The theft candidate at `hex` for `mover` (CAT-ROB-2): a real colour
    /// other than the mover with a building there and at least one card.
    pub fn theft_victim(&self, mover: usize, hex: HexId) -> Option<usize> {
        self.board
            .colours_at_hex(hex)
            .into_iter()
            .filter_map(|c| c.seat())
            .find(|s| *s != mover && self.players[*s].hand.total() > 0)
    }

    /// Moves the robber and resolves the theft or the removed-hex die.
    pub fn move_robber(
        &mut self,
        seat: usize,
        hex: Hex,
        stolen: Option<Resource>,
        policy: &RobberPolicy,
        dice: &mut Dice,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let h = hex
            .id()
            .ok_or_else(|| illegal("CAT-ROB-1", "the robber goes on a land hex"))?;
        if h == self.board.robber {
            return Err(illegal(
                "CAT-ROB-1",
                "the robber must leave the hex it stands on",
            ));
        }
        let removed = self.board.tiles[h].removed;
        if removed && !policy.removed_allowed {
            return Err(illegal(
                policy.removed_rule,
                "the robber may not go on a removed hex here",
            ));
        }
        let victim = if removed {
            None
        } else {
            self.theft_victim(seat, h)
        };
        if stolen.is_some() && (!self.opts.physical_table || victim.is_none()) {
            return Err(illegal(
                "CAT-RNG-3",
                "`stolen` is only for a physical table when there is a victim",
            ));
        }
        if stolen.is_none() && self.opts.physical_table && victim.is_some() {
            return Err(illegal(
                "CAT-RNG-3",
                "physical table: enter the card drawn from the victim (stolen)",
            ));
        }
        self.board.robber = h;
        events.push(
            Event::new(
                "robber_moved",
                "CAT-ROB-1",
                format!("Seat {} moves the robber to {}.", seat_id(seat), hex),
            )
            .data(json!({"hex": hex})),
        );
        if removed {
            if policy.removed_pays {
                let face = dice.d6("CAT-RNG-2")?;
                let got = if face <= 5 {
                    let r = policy.resource_die[face as usize - 1];
                    if self.bank.resources.take(r, 1) {
                        self.players[seat].hand.add(r, 1);
                        Some(r)
                    } else {
                        None
                    }
                } else {
                    None
                };
                let text = match got {
                    Some(r) => format!("Resource die shows {face}: seat {} takes 1 {r} from the bank.", seat_id(seat)),
                    None if face == 6 => "Resource die shows 6: nothing.".to_string(),
                    None => format!("Resource die shows {face}, but the bank has none of that resource: nothing."),
                };
                events.push(
                    Event::new("removed_hex_resource", "CSW-ROB-2", text)
                        .dice(&[face])
                        .data(json!({"face": face, "resource": got})),
                );
            }
            return Ok(());
        }
        let Some(v) = victim else {
            events.push(Event::new(
                "no_theft",
                "CAT-ROB-2",
                "Nobody there can be robbed.",
            ));
            return Ok(());
        };
        let card = match stolen {
            Some(r) => {
                if self.players[v].hand.get(r) == 0 {
                    return Err(illegal(
                        "CAT-RNG-3",
                        format!("seat {} holds no {r}", seat_id(v)),
                    ));
                }
                r
            }
            None => {
                let list = self.players[v].hand.listed();
                let i = dice.below(list.len() as u32) as usize;
                list[i]
            }
        };
        self.players[v].hand.take(card, 1);
        // The card is shown only to the seats involved (catan-base §2.3): `visible_to`.
        let (kind, to, rule, visible) = if policy.theft_to_bank {
            self.bank.resources.add(card, 1);
            (
                "fictive_theft",
                "the bank".to_string(),
                "CSW-FIC-7",
                vec![seat_id(v)],
            )
        } else {
            self.players[seat].hand.add(card, 1);
            (
                "theft",
                format!("seat {}", seat_id(seat)),
                "CAT-ROB-2",
                vec![seat_id(seat), seat_id(v)],
            )
        };
        events.push(
            Event::new(
                kind,
                rule,
                format!("A random card of seat {} goes to {to}.", seat_id(v)),
            )
            .data(json!({"victim": seat_id(v), "visible_to": visible, "card": card})),
        );
        Ok(())
    }

    /// CAT-SEVEN-2: exactly the owed count, from cards held.
    pub fn discard(
        &mut self,
        seat: usize,
        count: u32,
        cards: &Cards,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if cards.total() != count {
            return Err(illegal(
                "CAT-SEVEN-2",
                format!("discard exactly {count} cards"),
            ));
        }
        let rest = self.players[seat]
            .hand
            .minus(cards)
            .ok_or_else(|| illegal("CAT-SEVEN-2", "you do not hold those cards"))?;
        self.players[seat].hand = rest;
        self.bank.resources = self.bank.resources.plus(cards);
        events.push(Event::new(
            "discarded",
            "CAT-SEVEN-2",
            format!("Seat {} discards {}.", seat_id(seat), cards.describe()),
        ));
        Ok(())
    }
}

/// The dice of each roll-off round: (seat a, seat b).
pub type RollOffRounds = Vec<(Vec<u8>, Vec<u8>)>;

/// A roll-off between seats a and b with `n` dice each (CAT-RNG-5): higher
/// total wins, equal totals roll again, seat a wins after 20 equal rounds.
/// Returns the winner and every round's dice.
pub fn roll_off(
    dice: &mut Dice,
    n: usize,
    rule: &str,
) -> Result<(usize, RollOffRounds), RuleError> {
    let mut rounds = Vec::new();
    for _ in 0..20 {
        let a = dice.roll_many(n, 6, rule)?;
        let b = dice.roll_many(n, 6, rule)?;
        let (sa, sb): (u32, u32) = (
            a.iter().map(|x| u32::from(*x)).sum(),
            b.iter().map(|x| u32::from(*x)).sum(),
        );
        rounds.push((a, b));
        if sa != sb {
            return Ok((if sa > sb { 0 } else { 1 }, rounds));
        }
    }
    Ok((0, rounds))
}
