//! Shared Catan core (`catan-base`, rule prefix CAT): a library used by
//! `catan-shadow` and `catan-ck-duel`; it is not itself a registered game.
//!
//! Modules, data flowing down the list:
//! - [`geometry`]: the island graph. Hexes, intersections and paths are
//!   small id types ([`HexId`], [`VertexId`], [`EdgeId`], numbered in reading
//!   order) that are their coordinates on the wire (CAT-BOARD-16).
//! - [`data`], [`cards`]: terrains, tokens, harbours, development cards,
//!   costs; a [`cards::Bundle`] of any [`cards::CardKind`] (the 5 resources,
//!   or the 8 cards of Cities & Knights).
//! - [`board`]: [`Board`] holds tiles, harbours, robber, buildings, roads and
//!   a game's extra pieces (knights) with the placement rules, harbour rates,
//!   production and robber spots. [`layout`] lays out the island.
//! - [`roads`]: Longest Road. [`steps`]: production, discards, random cards,
//!   trade, shared by every game. [`duo`]: Part B (neutral colours, tokens,
//!   second roll, forced trade).
//! - [`events`], [`moves`], [`options`], [`text`], [`legal`]: the typed wire
//!   parts every Catan game embeds, their sentences and legal-move builders.
//! - [`table`]: the Part A referee (set-up, turns, development cards) that
//!   catan-shadow runs; catan-ck-duel runs its own turn over the same parts.
//!
//! All chance goes through the engine's `Chance`; nothing here holds a HashMap.
//!
//! # Readings
//!
//! The core has no seed of its own: it restates the base game and the official two-player rules
//! from the facts file. Where seed 002 (Schattenwirtschaft) or seed 003 (Catan für 2 mit Städte
//! und Ritter) has a sentence on a core rule it is quoted; otherwise the seeds are silent and the
//! reading fills a gap in the sources (the spec marks these readings **(I)**). Part B is read
//! the same way by [`duo`] and by catan-ck-duel's own turn code.
//!
//! - CAT-BOARD-6: "Für den Bau einer Siedlung an der Küste bekommt man 1 Handelschip (wie im
//!   Basisspiel)" (seed 003): "an der Küste" is an intersection touching a sea hex, that is
//!   fewer than 3 land hexes ([`VertexId::on_coast`]; 30 of the 54). A hex removed by
//!   catan-shadow does not make a coast.
//! - CAT-BOARD-7: "Dazu werden die Seiten des Spielfeldes von eins bis sechs durchnumeriert
//!   (siehe unten)" (seed 002): the figure is not part of the text; [`geometry::Side`] numbers
//!   1 = the top side, then clockwise (catan-shadow's option `side_numbering` for other tables).
//! - CAT-BOARD-11: the seeds are silent ("Das Spielfeld wird wie gewohnt aufgebaut", seed 002),
//!   and the beginner frame's harbours exist only as a picture. House default, positions 1..9:
//!   generic, wool, generic, generic, brick, lumber, generic, grain, ore (`harbours: "manual"`
//!   for another frame).
//! - CAT-BOARD-14: the seeds are silent; "no two red numbers next to each other" is done by
//!   reshuffling the whole token list until no reds touch, and after 1000 failed shuffles by the
//!   spiral from the E corner, with an event.
//! - CAT-BOARD-16: the seeds are silent on any order; every tie-break and listing uses reading
//!   order, in which the hex, intersection and path ids are numbered.
//! - CAT-RNG-5: "bei Gleichstand wird gewürfelt" (seed 002) says only "roll": each seat rolls
//!   (one die, two for the first player), `a` first; the higher total wins, equal totals roll
//!   again, and after 20 equal rounds seat `a` wins and the event says so (`capped`;
//!   catan-ck-duel's own first-player roll-off gives `a` the win without saying so).
//! - CAT-TURN-1: the seeds are silent. Every decision is asked even when only one answer is
//!   legal (a discard, the robber's hex); only engine steps such as the theft from a single
//!   candidate happen unasked, and a decision with no legal answer is skipped with an event.
//! - CAT-PROD-2: the seeds are silent on a bank shortage with one player owed: that player gets
//!   all the bank still holds of the resource; with both owed, nobody gets it
//!   ([`board::pay_with_shortage`]; catan-ck-duel applies it to each commodity as well).
//! - CAT-DEV-4: the seeds are silent. Road building places one road when only one legal road
//!   exists or one road piece is left, and cannot be played when no legal road exists.
//! - CAT-DEV-5: the seeds are silent. Year of plenty takes only what the bank holds: fewer than
//!   2 resources (or none) when the bank has fewer.
//! - CAT-DUO-3: the seeds are silent; the official start spots of the neutral settlements are a
//!   figure. House default `N(0,0)` for `n1` and `S(0,0)` for `n2` ([`duo::NEUTRAL_START`], option
//!   `neutral_start`); the two spots must obey the distance rule.
//! - CAT-DUO-6: "Der Straßenbau (...): Es werden auch 2 Straßen für die neutralen Parteien
//!   gebaut" (seed 003): free roads from a card count as built roads and each triggers a neutral
//!   road. The core's Part A table has no neutral colours; catan-ck-duel queues the roads.
//! - CAT-DUO-7: the seeds are silent and the sources disagree whether a neutral settlement must
//!   touch a neutral road. It must (option `neutral_settlement_needs_road`, default `true`),
//!   since the official fallback "no spot, so a road" only makes sense then.
//! - CAT-DUO-8: the seeds are silent beyond the road fallback: when no neutral road is possible
//!   either, nothing is built and an event says so.
//! - CAT-DUO-11: "Sollte der Vorrat an Handelschips (20 Stück) aufgebraucht sein und daher keine
//!   Handelschips mehr ausgegeben werden können, so ist ein Nachschub von Handelschips erst dann
//!   wieder möglich, wenn entsprechend Chips zum Vorrat (durch Ausspielen) zurückgekommen sind"
//!   (seed 003): tokens are paid as far as the supply holds them; the rest is lost, not owed.
//! - CAT-DUO-12: "sowie die entsprechenden Kosten an Handelschips (siehe Basisregelwerk) bleiben
//!   unverändert" (seed 003): the cost compares visible VP, since hidden point cards are secret
//!   ([`duo::action_cost`] takes the points its caller passes; in catan-ck-duel all are visible).
//! - CAT-DUO-14: the seeds are silent. A forced trade is illegal when the player's hand plus the
//!   cards to be drawn is fewer than 2, so that giving back 2 cards is always possible.
//! - CAT-DUO-15: "Die möglichen Aktionen (Zwangshandel oder Zurücksetzen des Räubers in die
//!   Wüste) ... bleiben unverändert" (seed 003): the action is illegal while the robber already
//!   stands on the desert (a move must change something), and nobody is robbed.

pub mod board;
pub mod cards;
pub mod catalogue;
pub mod data;
pub mod duo;
pub mod events;
pub mod geometry;
pub mod layout;
pub mod legal;
pub mod moves;
pub mod options;
pub mod place;
pub mod player;
pub mod refusals;
pub mod roads;
pub mod steps;
pub mod table;
pub mod text;

/// The base game's rulebook, which both Catan variants' rulebooks begin with.
pub const RULEBOOK: &str = include_str!("rulebook.toml");

pub use board::{Board, Building, BuildingKind, Colour, Island, Tile};
pub use cards::{Bundle, CardKind};
pub use data::{Cards, DevCard, HarbourKind, Resource, Terrain};
pub use duo::Duo;
pub use geometry::{geo, Edge, EdgeId, Hex, HexId, Side, Vertex, VertexId};
pub use place::{Case, Place};
pub use player::{Bank, PlayerState};
pub use roads::{award_holder, road_length};
pub use table::{Hooks, Outcome, Pending, Phase, RobberCause, RobberPolicy, Table};

#[cfg(test)]
mod tests;
