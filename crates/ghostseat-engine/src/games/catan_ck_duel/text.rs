//! The sentences of catan-ck-duel, rendered from the typed events and decisions: event texts,
//! prompts and move labels, in English and German (the German terms are those of
//! `rulebook.toml` and the German original, seed 003).

use super::data::{Cards, ProgressKind, Track, ALL_CARDS};
use super::events::{ChosenBy, Event, FallbackTo, GameEnd, LapseReason, NeutralKind, SpotAt};
use super::mechanics::VpBreakdown;
use super::moves::Move;
use super::prompt::{Decision, DecisionKind};
use super::state::{other, Colour, TradeMode};
use crate::engine::text::{count, join_list};
use crate::engine::{Describe, Lang, Seat, TextCx};

fn name(cx: &TextCx<'_>, seat: Seat) -> String {
    cx.seat_name(seat)
}

/// A colour as sentences name it: a real seat by its name, a neutral colour as
/// "neutral party 1" (CCK-GEN-2: its pieces carry its number, never its id).
fn colour(cx: &TextCx<'_>, c: Colour) -> String {
    match c.seat() {
        Some(p) => cx.seat_name(p),
        None => format!("neutral party {}", neutral_number(c)),
    }
}

/// A neutral party's number, as the page draws it on its pieces ("1" for `n1`).
fn neutral_number(c: Colour) -> &'static str {
    crate::games::catan::text::pair_number(c)
}

/// The table's word for a neutral colour, from the label an event or prompt
/// carries ("white (n1)" → "white"); empty when the table gave none.
fn table_word(label: &str) -> &str {
    label.split(" (").next().unwrap_or(label).trim()
}

/// A neutral party with the table's word for its colour: "neutral party 1 (white)".
fn neutral_named(c: Colour, label: &str) -> String {
    match table_word(label) {
        "" => format!("neutral party {}", neutral_number(c)),
        w => format!("neutral party {} ({w})", neutral_number(c)),
    }
}

/// The same in German, nominative or accusative ("die neutrale Partei 1 (Weiß)"),
/// or dative and genitive with `dat` ("der neutralen Partei 1 (Weiß)").
fn neutral_named_de(c: Colour, label: &str, dat: bool) -> String {
    let head = if dat {
        "der neutralen Partei"
    } else {
        "die neutrale Partei"
    };
    match table_word(label) {
        "" => format!("{head} {}", neutral_number(c)),
        w => format!("{head} {} ({})", neutral_number(c), table_colour_de(w)),
    }
}

/// "1 brick + 2 ore", "nothing".
pub fn cards(c: &Cards) -> String {
    let parts: Vec<String> = ALL_CARDS
        .iter()
        .filter_map(|k| {
            c.get(k)
                .filter(|n| **n > 0)
                .map(|n| format!("{n} {}", k.name()))
        })
        .collect();
    if parts.is_empty() {
        "nothing".into()
    } else {
        parts.join(" + ")
    }
}

fn progress_name(k: ProgressKind) -> String {
    k.name().replace('_', " ")
}

fn spot(s: &SpotAt, place: &Option<Place>) -> String {
    match s {
        SpotAt::Vertex(v) => at(place, v),
        SpotAt::Edge(e) => at(place, e),
    }
}

fn breakdown(cx: &TextCx<'_>, seat: Seat, b: &VpBreakdown) -> String {
    format!(
        "{}: settlements {}, cities {}, metropolises {}, longest road {}, defender {}, printer {}, constitution {}, merchant {}, total {}",
        name(cx, seat), b.settlements, b.cities, b.metropolises, b.longest_road, b.defender, b.printer, b.constitution, b.merchant, b.total
    )
}

/// The end of the game as one text (the `game_over` event and the finished prompt).
impl Describe for GameEnd {
    fn describe(&self, cx: &TextCx<'_>) -> String {
        if cx.lang == Lang::De {
            return game_end_de(self, cx);
        }
        let GameEnd {
            winner,
            vp,
            turn_cap,
            vp_target,
            a,
            b,
        } = self;
        let (winner, vp, turn_cap, vp_target) = (*winner, *vp, *turn_cap, *vp_target);
        let lines = format!(
            "{}; {}.",
            breakdown(cx, Seat(0), a),
            breakdown(cx, Seat(1), b)
        );
        let end = match winner {
            Some(w) => format!(
                "{} wins with {} VP. {lines}",
                name(cx, w),
                vp[w.index().min(1)]
            ),
            None => format!("The game ends without a winner. {lines}"),
        };
        match turn_cap {
            None => end,
            Some(cap) => {
                let lead = match winner {
                    Some(w) => format!(
                        "{} leads with {} VP to {} and wins by the house rule",
                        name(cx, w),
                        vp[w.index().min(1)],
                        vp[1 - w.index().min(1)]
                    ),
                    None => format!("both seats have {} VP, so nobody wins", vp[0]),
                };
                format!(
                "The house turn cap of {} ends the game; nobody reached {vp_target} victory points, the rules' end. By the table's house rule {lead}. {end}",
                count(cap, "turn", "turns")
            )
            }
        }
    }
}

impl Describe for Event {
    fn describe(&self, cx: &TextCx<'_>) -> String {
        match cx.lang {
            Lang::En => en(self, cx),
            Lang::De => de(self, cx),
        }
    }
}

fn en(e: &Event, cx: &TextCx<'_>) -> String {
    use Event as E;
    match e {
        E::Setup { first } => format!("The table is set: 20 trade tokens (5 each, 10 in the supply), three progress decks of 18, barbarians at 0; {} places first.", name(cx, *first)),
        E::RollOff { a, b } => format!(
            "Roll-off for the first player: {} rolls {a}, {} rolls {b}.",
            name(cx, Seat(0)),
            name(cx, Seat(1))
        ),
        E::RollOffCapped => format!(
            "Twenty roll-offs in a row were equal: {} places first.",
            name(cx, Seat(0))
        ),
        E::SetupSettlement { seat, vertex, place } => {
            let vertex = at(place, vertex);
            format!("{} places a settlement at {vertex}.", name(cx, *seat))
        }
        E::StartingCards {
            seat,
            vertex,
            cards: c,
            place,
        } => {
            let vertex = at(place, vertex);
            format!(
                "{} places a city at {vertex} and takes {}.",
                name(cx, *seat),
                cards(c)
            )
        }
        E::PlayBegins { seat } => format!("Set-up is over; {} begins turn 1.", name(cx, *seat)),
        E::Alchemist { seat, white, red } => format!(
            "{} plays the Alchemist: white {white}, red {red}.",
            name(cx, *seat)
        ),
        E::Rolled {
            roll,
            white,
            red,
            event,
            sum,
            ..
        } => format!("Roll {roll}: white {white}, red {red}, event die {event}: sum {sum}."),
        E::SecondRollRepeated {
            white,
            red,
            event,
            first: true,
        } => format!("Second roll: white {white}, red {red}, event die {event}: the sum {} repeats the first roll. The event die stays and is resolved at once; only the white and red dice are thrown again.", white + red),
        E::SecondRollRepeated { white, red, .. } => format!(
            "The number dice are thrown again: white {white}, red {red} repeat the first sum once more."
        ),
        E::BarbariansAdvance { position, track } => format!(
            "Ship on the event die: the barbarians advance to {position} of {track}."
        ),
        E::CityGate { track, red } => format!(
            "City gate ({}) with red {red}: players at level ≥ {} draw.",
            track.name(),
            red.saturating_sub(1).max(1)
        ),
        E::DeckEmpty { seat, deck } => format!(
            "The {} deck is empty: {} draws nothing.",
            deck.name(),
            name(cx, *seat)
        ),
        E::PointCard { seat, card } => format!(
            "{} draws the {} and lays it face up: 1 VP.",
            name(cx, *seat),
            progress_name(*card)
        ),
        E::ProgressDrawn { seat, deck } => format!(
            "{} draws a {} progress card.",
            name(cx, *seat),
            deck.name()
        ),
        E::ProgressCardDrawn { seat, card } => format!(
            "{} draws the {} ({} deck).",
            name(cx, *seat),
            progress_name(*card),
            card.deck().name()
        ),
        E::BarbariansRepelled {
            barbarians,
            catan,
            contributions,
            defender,
        } => match defender {
            Some(w) => format!(
                "Catan {catan} ≥ barbarians {barbarians}: {} is Defender of Catan (1 VP).",
                name(cx, *w)
            ),
            None if contributions[0] > 0 => format!("Catan {catan} ≥ barbarians {barbarians}: both defended equally; each draws a progress card."),
            None => format!("Catan {catan} ≥ barbarians {barbarians}: nobody contributed, nobody is rewarded."),
        },
        E::BarbariansWin {
            barbarians,
            catan,
            losers,
            ..
        } => {
            let who = match losers.as_slice() {
                [] => "nobody has a city the barbarians can take".to_string(),
                [p] => format!("{} loses a city", colour(cx, *p)),
                ps => format!(
                    "{} each lose a city",
                    join_list(
                        &ps.iter().map(|p| colour(cx, *p)).collect::<Vec<_>>(),
                        cx.lang
                    )
                ),
            };
            format!("The barbarians (strength {barbarians}) beat Catan's knights (strength {catan}): {who}.")
        }
        E::BarbariansReturn { robber_wakes } => format!(
            "All knights become inactive, the ship returns to 0{}.",
            if *robber_wakes {
                "; the robber wakes up"
            } else {
                ""
            }
        ),
        E::RobberAwake => {
            "The first attack is over: the robber works as usual from now on.".into()
        }
        E::Production { sum, a, b, .. } => format!(
            "Sum {sum} produces: {} gets {}, {} gets {}.",
            name(cx, Seat(0)),
            cards(a),
            name(cx, Seat(1)),
            cards(b)
        ),
        E::BankShortage { cards: c } => format!(
            "The bank ran short of {}.",
            join_list(
                &c.iter().map(|c| c.name().to_string()).collect::<Vec<_>>(),
                cx.lang
            )
        ),
        E::Seven { discards } => format!(
            "A 7: {} must discard.",
            if discards.is_empty() {
                "nobody".to_string()
            } else {
                join_list(
                    &discards.iter().map(|s| name(cx, *s)).collect::<Vec<_>>(),
                    cx.lang,
                )
            }
        ),
        E::RobberAsleep => {
            "The robber sleeps on the desert until the first barbarian attack.".into()
        }
        E::Discarded { seat, count: n } => format!(
            "{} discards {}.",
            name(cx, *seat),
            count(*n, "card", "cards")
        ),
        E::RobberMoved {
            seat, hex, stolen, place, ..
        } => {
            let hex = at(place, hex);
            format!(
                "{} moves the robber to {hex}{}.",
                name(cx, *seat),
                if *stolen { " and steals a card" } else { "" }
            )
        }
        E::CardStolen { seat, from, card } => format!(
            "{} takes 1 {} from {}.",
            name(cx, *seat),
            card.name(),
            name(cx, *from)
        ),
        E::KnightDisplaced { colour: c, vertex, place } => {
            let vertex = at(place, vertex);
            match c.seat() {
            Some(p) => format!(
                "{}'s knight at {vertex} is displaced.",
                name(cx, p)
            ),
            None => format!(
                "The knight of neutral party {} at {vertex} is displaced.",
                neutral_number(*c)
            ),
        }
        }
        E::KnightRemoved { seat } => format!(
            "{}'s displaced knight has no free spot: it returns to the stock (no tokens, CCK-TOKEN-3).",
            name(cx, *seat)
        ),
        E::KnightRelocated { seat, vertex, place } => {
            let vertex = at(place, vertex);
            format!(
                "{} re-places its displaced knight at {vertex}.",
                name(cx, *seat)
            )
        }
        E::Aqueduct { seat, resource } => format!(
            "{} got nothing and takes 1 {} (Aqueduct).",
            name(cx, *seat),
            resource.name()
        ),
        E::CityPillaged { seat, vertex, place } => {
            let vertex = at(place, vertex);
            format!(
                "{}'s city at {vertex} is pillaged and becomes a settlement.",
                name(cx, *seat)
            )
        }
        E::Metropolis {
            seat,
            track,
            vertex,
            place,
        } => {
            let vertex = at(place, vertex);
            format!(
                "{} places the {} metropolis at {vertex}.",
                name(cx, *seat),
                track.name()
            )
        }
        E::ProgressReturned { seat } => format!(
            "{} returns a progress card under its deck (hand limit 4).",
            name(cx, *seat)
        ),
        E::ForcedTradeReturned { seat } => format!("{} gives back 2 cards.", name(cx, *seat)),
        E::TradeAnswer { seat, accept } => format!(
            "{} {} the offer.",
            name(cx, *seat),
            if *accept { "accepts" } else { "rejects" }
        ),
        E::NeutralPlaced {
            active,
            trigger,
            kind,
            colour: c,
            colour_name,
            spot: at,
            chosen_by,
            bot,
            place,
        } => {
            let at = spot(at, place);
            let col = neutral_named(*c, colour_name);
            let what = match kind {
                NeutralKind::Road => format!("builds a road for {col} on {at}"),
                NeutralKind::Settlement => format!("builds a settlement for {col} at {at}"),
                NeutralKind::Knight => format!("places a knight for {col} at {at}"),
                NeutralKind::Promotion => format!("promotes the knight of {col} at {at}"),
                NeutralKind::Relocation => format!("moves the displaced knight of {col} to {at}"),
            };
            let why = match trigger.as_str() {
                "CAT-DUO-6" => {
                    "owed for the road or settlement a player just built".to_string()
                }
                "CCK-NEUT-1" => "owed for the knight a player just built".to_string(),
                "CCK-PROG-16" => {
                    "owed for a road of the Road Building card".to_string()
                }
                "CCK-KNIGHT-3" | "CCK-PROG-17" => {
                    "owed for the promotion of a player's knight".to_string()
                }
                "CCK-NEUT-8" => "because a player's knight displaced it".to_string(),
                _ => "as the rules require".to_string(),
            };
            let who = match chosen_by {
                ChosenBy::Bot => "The bot".to_string(),
                ChosenBy::ActivePlayer => name(cx, *active),
            };
            let mut text = format!("{who} {what}, {why}.");
            if let Some(b) = bot {
                if let Some(first) = b.candidates.first() {
                    let target = colour(cx, b.target);
                    text.push_str(&format!(
                        " Of {} it is the one nearest to {target}'s pieces (reach {}) with the most pips ({}), to block {target}.",
                        count(b.candidates.len() as u32, "possible spot", "possible spots"),
                        first.reach,
                        first.pips
                    ));
                }
            }
            text
        }
        E::NeutralFallback { from, to, .. } => match (from, to) {
            (NeutralKind::Knight, FallbackTo::Road) => {
                "No neutral colour can take the knight: a neutral road is built instead.".into()
            }
            (NeutralKind::Settlement, FallbackTo::Road) => {
                "No neutral settlement spot: a neutral road is built instead.".into()
            }
            _ => "No neutral road is possible: nothing is built.".into(),
        },
        E::NeutralPromotionLapses {
            reason: LapseReason::Mighty,
        } => "Neutral knights never become mighty: this promotion has no neutral counterpart."
            .into(),
        E::NeutralPromotionLapses { .. } => "No neutral knight can be promoted: the neutral promotion lapses, with no substitute.".into(),
        E::NeutralKnightRemoved { colour: c } => format!(
            "The displaced knight of neutral party {} has no free spot on its roads: it goes back to its stock; nobody earns tokens.",
            neutral_number(*c)
        ),
        E::TurnEnds { turn, seat } => {
            format!("Turn {turn} begins: {} to roll.", name(cx, *seat))
        }
        E::RoadBuilt { seat, edge, place } => {
            let edge = at(place, edge);
            format!(
                "{} builds a road on {edge}; a neutral road follows.",
                name(cx, *seat)
            )
        }
        E::SettlementBuilt { seat, vertex, place } => {
            let vertex = at(place, vertex);
            format!(
                "{} builds a settlement at {vertex}; a neutral settlement follows.",
                name(cx, *seat)
            )
        }
        E::CityBuilt { seat, vertex, place } => {
            let vertex = at(place, vertex);
            format!(
                "{} builds a city at {vertex} (no neutral consequence).",
                name(cx, *seat)
            )
        }
        E::WallBuilt { seat, vertex, place } => {
            let vertex = at(place, vertex);
            format!(
                "{} builds a city wall at {vertex} (no neutral consequence).",
                name(cx, *seat)
            )
        }
        E::KnightBuilt { seat, vertex, place } => {
            let vertex = at(place, vertex);
            format!(
                "{} builds a basic knight at {vertex}; a neutral basic knight follows.",
                name(cx, *seat)
            )
        }
        E::KnightActivated { seat, vertex, place } => {
            let vertex = at(place, vertex);
            format!(
                "{} activates its knight at {vertex} (no neutral consequence).",
                name(cx, *seat)
            )
        }
        E::KnightPromoted {
            seat,
            vertex,
            level,
            smith: false,
            place,
        } => {
            let vertex = at(place, vertex);
            format!(
                "{} promotes its knight at {vertex} to level {level}.",
                name(cx, *seat)
            )
        }
        E::KnightPromoted {
            seat,
            vertex,
            level,
            place, ..
        } => {
            let vertex = at(place, vertex);
            format!(
                "The Smith promotes {}'s knight at {vertex} to level {level} for free.",
                name(cx, *seat)
            )
        }
        E::KnightMoved {
            seat,
            from,
            to,
            from_place,
            to_place,
        }
        | E::KnightDisplaces {
            seat,
            from,
            to,
            from_place,
            to_place,
        } => {
            let (from, to) = (at(from_place, from), at(to_place, to));
            format!(
                "{}'s knight goes from {from} to {to} and becomes inactive.",
                name(cx, *seat)
            )
        }
        E::KnightReturned {
            seat,
            level,
            vertex,
            place,
        } => {
            let vertex = at(place, vertex);
            format!(
                "{} takes its level-{level} knight off {vertex} for tokens.",
                name(cx, *seat)
            )
        }
        E::MaritimeTrade {
            seat,
            give,
            gave,
            get,
            got,
            rate,
        } => format!(
            "{} trades {gave} {} for {got} {} ({rate}:1).",
            name(cx, *seat),
            give.name(),
            get.name()
        ),
        E::TradeOffer { seat, give, want } => format!(
            "{} offers {} for {}.",
            name(cx, *seat),
            cards(give),
            cards(want)
        ),
        E::Crane => "The Crane makes this level 1 commodity cheaper.".into(),
        E::Improvement {
            seat,
            track,
            level,
            cost,
            commodity,
        } => format!(
            "{} raises {} to level {level} for {cost} {} (no neutral consequence).",
            name(cx, *seat),
            track.name(),
            commodity.name()
        ),
        E::ForcedTrade {
            seat,
            mode,
            cost,
            drawn,
            ..
        } => format!(
            "{} pays {} for a forced trade ({}) and draws {}.",
            name(cx, *seat),
            count(*cost, "token", "tokens"),
            if *mode == TradeMode::All {
                "all cards"
            } else {
                "resources only"
            },
            count(*drawn, "card", "cards")
        ),
        E::CardsTaken {
            seat,
            from,
            cards: c,
        } => format!(
            "{} takes {} from {}.",
            name(cx, *seat),
            cards(c),
            name(cx, *from)
        ),
        E::RobberToDesert { seat, cost } => format!(
            "{} pays {}: the robber goes back to the desert.",
            name(cx, *seat),
            count(*cost, "token", "tokens")
        ),
        E::LongestRoad { new, length, .. } => match new {
            Some(c) => format!(
                "Longest Road goes to {} ({}).",
                colour(cx, *c),
                count(*length, "road", "roads")
            ),
            None => "The Longest Road card is set aside.".into(),
        },
        E::TokensEarned {
            seat,
            due,
            paid,
            supply,
        } => format!(
            "{} earns {} ({due} due, supply now {supply}).",
            name(cx, *seat),
            count(*paid, "trade token", "trade tokens")
        ),
        E::ProgressPlayed {
            seat, card, took, ..
        } => match took {
            Some(t) => format!(
                "{} plays {} and takes {} {}.",
                name(cx, *seat),
                progress_name(*card),
                t.count,
                t.card.name()
            ),
            None => format!("{} plays {}.", name(cx, *seat), progress_name(*card)),
        },
        E::DeserterRemoved { seat, vertex, place } => {
            let vertex = at(place, vertex);
            format!(
                "{} removes its knight at {vertex} (no tokens, CCK-TOKEN-3).",
                name(cx, *seat)
            )
        }
        E::DeserterPlaced {
            seat,
            level,
            vertex,
            place,
        } => {
            let vertex = at(place, vertex);
            format!(
                "{} places a level-{level} knight at {vertex}; no neutral knight follows.",
                name(cx, *seat)
            )
        }
        E::DeserterNoPlace => {
            "The Deserter's player cannot place a knight; the removal stands.".into()
        }
        E::DiplomatReplaced { seat, edge, place } => {
            let edge = at(place, edge);
            format!(
                "{} re-places its road on {edge}; re-placing is not building, so no neutral road follows.",
                name(cx, *seat)
            )
        }
        E::WeddingGift { seat, count: n } => format!(
            "{} gives {}.",
            name(cx, *seat),
            count(*n, "card", "cards")
        ),
        E::Sabotaged { seat, count: n } => format!(
            "{} discards {}.",
            name(cx, *seat),
            count(*n, "card", "cards")
        ),
        E::CommercialHarbor { seat } => {
            format!("{} gives 1 commodity in return.", name(cx, *seat))
        }
        E::Spy { seat, from } => format!(
            "{} takes a progress card from {}.",
            name(cx, *seat),
            name(cx, *from)
        ),
        E::SpyTook { seat, from, card } => format!(
            "{} takes the {} from {}.",
            name(cx, *seat),
            progress_name(*card),
            name(cx, *from)
        ),
        E::MasterMerchant {
            seat,
            from,
            count: n,
        } => format!(
            "{} takes {} from {}.",
            name(cx, *seat),
            count(*n, "card", "cards"),
            name(cx, *from)
        ),
        E::TokensSwapped {
            seat,
            numbers,
            places,
            ..
        } => format!(
            "{} swaps the number tokens of {} and {}: the {} and the {} change places.",
            name(cx, *seat),
            places[0].en(),
            places[1].en(),
            numbers[0],
            numbers[1]
        ),
        E::MerchantPlaced {
            seat, place, card, ..
        } => match card {
            Some(c) => format!(
                "{} puts the merchant on {}: while it stays there, {} scores 1 VP and trades {} 2:1 with the bank.",
                name(cx, *seat),
                place.en(),
                name(cx, *seat),
                c.name()
            ),
            None => format!(
                "{} puts the merchant on {}: while it stays there, {} scores 1 VP.",
                name(cx, *seat),
                place.en(),
                name(cx, *seat)
            ),
        },
        E::KnightsActivated { seat, places, .. } => {
            if places.is_empty() {
                format!(
                    "All knights of {} are active already: the Warlord activates none.",
                    name(cx, *seat)
                )
            } else {
                let at: Vec<String> = places.iter().map(Place::en).collect();
                format!(
                    "{} activates free {} at {}.",
                    name(cx, *seat),
                    if at.len() == 1 { "the knight" } else { "the knights" },
                    join_list(&at, Lang::En)
                )
            }
        }
        E::RoadRemoved {
            seat,
            colour: c,
            place,
            ..
        } => {
            let whose = if c.seat() == Some(*seat) {
                "its own".to_string()
            } else {
                format!("{}'s", colour(cx, *c))
            };
            let then = if c.seat() == Some(*seat) {
                "; it may be re-placed".to_string()
            } else {
                format!(" back to {}'s stock", colour(cx, *c))
            };
            format!(
                "{} takes {whose} open road on {}{then}.",
                name(cx, *seat),
                place.en()
            )
        }
        E::DeserterTook {
            seat,
            colour: c,
            level,
            place,
            ..
        } => format!(
            "{} takes the weakest knight of {}, the {} knight at {}, back to its stock; no tokens for it.",
            name(cx, *seat),
            colour(cx, *c),
            knight(*level),
            place.en()
        ),
        E::Monopoly {
            seat,
            from,
            card,
            count: n,
        } => {
            if *n == 0 {
                format!(
                    "{} holds no {}: {} takes nothing.",
                    name(cx, *from),
                    card.name(),
                    name(cx, *seat)
                )
            } else {
                format!(
                    "{} gives {} {n} {}.",
                    name(cx, *from),
                    name(cx, *seat),
                    card.name()
                )
            }
        }
        E::MerchantFleet { seat, card } => format!(
            "For the rest of the turn {} trades {} 2:1 with the bank.",
            name(cx, *seat),
            card.name()
        ),
        E::ProgressNoEffect { seat, card, reason } => {
            let (me, you) = (name(cx, *seat), name(cx, other(*seat)));
            use super::events::NoEffect as N;
            match (card, reason) {
                (ProgressKind::Saboteur, N::NotAhead) => format!("{you} has fewer victory points than {me}: the Saboteur makes nobody discard."),
                (ProgressKind::Saboteur, _) => format!("{you} holds fewer than 2 cards: the Saboteur makes nobody discard."),
                (ProgressKind::Wedding, N::NotAhead) => format!("{you} does not have more victory points than {me}: nobody gives a gift for the Wedding."),
                (ProgressKind::Wedding, _) => format!("{you} holds no card: nobody gives a gift for the Wedding."),
                (ProgressKind::CommercialHarbor, _) => format!("{you} holds no commodity: nothing is exchanged and the resource stays with {me}."),
                (ProgressKind::Spy, _) => format!("{you} holds no progress card: the Spy takes nothing."),
                (ProgressKind::MasterMerchant, _) => format!("{you} holds no card: the Master Merchant takes nothing."),
                (k, _) => format!("The {} of {me} has no effect.", progress_name(*k)),
            }
        }
        E::GameOver(end) => end.describe(cx),
        E::Board(b) => b.describe(cx),
    }
}

fn knight(level: u8) -> &'static str {
    match level {
        1 => "basic",
        2 => "strong",
        _ => "mighty",
    }
}

impl Describe for Decision {
    fn describe(&self, cx: &TextCx<'_>) -> String {
        if cx.lang == Lang::De {
            return decision_de(self, cx);
        }
        use DecisionKind as K;
        let (me, you) = asked_and_other(self, cx);
        let n = self.count.unwrap_or(0);
        match self.kind {
            K::SetupRoad => format!("{me}: place your set-up road next to the piece you just placed."),
            K::SetupCity => format!("{me}: place your set-up city."),
            K::SetupSettlement => format!("{me}: place your set-up settlement."),
            K::FirstRoll => format!("{me}: roll the white, red and event dice for your first roll; before it you may play the Alchemist or take your token action."),
            K::SecondRoll => format!("{me}: roll the dice for your second roll; before it you may take your token action."),
            K::Turn => format!("{me}: build, trade, improve a city, use your knights, play progress cards, or end your turn."),
            K::Discard => format!("{me}: a 7 was rolled and you hold too many cards; discard {} of your choice.", count(n, "card", "cards")),
            K::Robber => format!("{me}: move the robber to another land hex and take a card from a player with a building there."),
            K::Neutral => match &self.neutral {
                Some(a) => {
                    let colours = format!(
                        "{} or {}",
                        neutral_named(Colour::N1, &a.colours[0]),
                        neutral_named(Colour::N2, &a.colours[1])
                    );
                    let what = match a.task {
                        NeutralKind::Road => format!("place a road for {colours}"),
                        NeutralKind::Settlement => format!("place a settlement for {colours}"),
                        NeutralKind::Knight => format!("place a basic knight for {colours}"),
                        NeutralKind::Promotion => format!("promote a knight of {colours}"),
                        NeutralKind::Relocation => "move the displaced neutral knight along its colour's roads".to_string(),
                    };
                    // The rules behind it are one tap away (the rulebook), not in the prompt.
                    format!("{me}: {what}; choose among the listed spots.")
                }
                None => format!("{me}: place the neutral piece owed."),
            },
            K::KnightRelocation => format!("{me}: your {} knight was displaced; move it to a free intersection along your roads.", knight(self.level.unwrap_or(1))),
            K::Aqueduct => format!("{me}: your Aqueduct gives you one resource of your choice from the bank."),
            K::DefenderDraw => format!("{me}: you tied as the strongest defender; draw a progress card from the deck of your choice."),
            K::Pillage => format!("{me}: the barbarians won; choose which of your cities becomes a settlement again."),
            K::MetropolisPlace => format!("{me}: place the {} metropolis on one of your cities.", self.track.map_or("", Track::name)),
            K::ProgressExcess => format!("{me}: you hold {n} progress cards, more than 4; return one under its deck{}.", if self.may_play == Some(true) { " or play one" } else { "" }),
            K::ForcedTradeReturn => format!("{me}: give 2 cards of your choice back to {you} for the forced trade."),
            K::TradeResponse => format!("{me}: {you} offers {} for {}; accept or refuse.", cards(self.give.as_ref().unwrap_or(&Cards::new())), cards(self.want.as_ref().unwrap_or(&Cards::new()))),
            K::DeserterPick => format!("{me}: the Deserter is played against you; remove one of your knights."),
            K::DeserterPlace => format!("{me}: place your deserted {} knight on a free intersection along your roads.", knight(self.level.unwrap_or(1))),
            K::DiplomatReplace => format!("{me}: place the road the Diplomat removed on another path of yours."),
            K::WeddingGive => format!("{me}: the Wedding asks you to give {you} {} of your choice.", count(n, "card", "cards")),
            K::SaboteurDiscard => format!("{me}: the Saboteur makes you discard {} of your choice.", count(n, "card", "cards")),
            K::CommercialHarborGive => format!("{me}: the Commercial Harbor asks you for a commodity of your choice in exchange for the resource offered."),
            K::SpyPick => format!("{me}: your Spy looks at {you}'s progress cards; take one of them."),
            K::MasterMerchantPick => format!("{me}: your Master Merchant lets you take {} of your choice from {you}'s hand.", count(n, "card", "cards")),
            K::NeutralBot => "The bot places the neutral pieces.".into(),
            K::Finished => match &self.end {
                Some(e) => e.describe(cx),
                None => "The game is over.".into(),
            },
        }
    }
}

/// How labels name places: with the state, by the hexes that touch them ("the
/// corner of forest (6), pasture (9) and the sea"); without one, by their coordinates.
#[derive(Debug, Clone, Copy, Default)]
pub struct Names<'a>(pub Option<&'a State>);

impl Names<'_> {
    fn corner(self, v: &Vertex) -> Option<Place> {
        self.0.zip(v.id()).and_then(|(s, v)| corner_place(s, v))
    }
    fn path(self, e: &Edge) -> Option<Place> {
        self.0.zip(e.id()).and_then(|(s, e)| path_place(s, e))
    }
    fn hex(self, h: &Hex) -> Option<Place> {
        self.0.zip(h.id()).and_then(|(s, h)| hex_place(s, h))
    }
    /// An intersection in English.
    fn at(self, v: &Vertex) -> String {
        at(&self.corner(v), v)
    }
    /// A path in English.
    fn on(self, e: &Edge) -> String {
        at(&self.path(e), e)
    }
    /// A hex in English.
    fn to(self, h: &Hex) -> String {
        at(&self.hex(h), h)
    }
}

/// A place in English: by what touches it, or (events of old sessions, labels without a
/// state) by its coordinates.
fn at(place: &Option<Place>, id: &impl std::fmt::Display) -> String {
    crate::games::catan::text::place_en(place, id)
}

/// The label of a legal move of `names`' state in `cx`'s language; `free` names the fields a
/// template leaves open, which the label does not name.
pub fn label_on(names: Names<'_>, mv: &Move, free: &[&str], cx: &TextCx<'_>) -> String {
    match cx.lang {
        Lang::En => label_en(names, mv, free, cx),
        Lang::De => label_de_on(names, mv, free, cx),
    }
}

/// The English label of a move without a state (places by coordinates).
pub fn label(mv: &Move, free: &[&str], cx: &TextCx<'_>) -> String {
    label_en(Names(None), mv, free, cx)
}

/// The English label of a move: a short imperative naming the place, if any.
fn label_en(names: Names<'_>, mv: &Move, free: &[&str], cx: &TextCx<'_>) -> String {
    let open = |f: &str| free.contains(&f);
    match mv {
        Move::PlayProgress { .. } => label_progress(names, mv, free, cx),
        Move::PlaceSetupSettlement { vertex } if !open("vertex") => {
            format!("Place a set-up settlement at {}", names.at(vertex))
        }
        Move::PlaceSetupSettlement { .. } => "Place a set-up settlement".into(),
        Move::PlaceSetupCity { vertex } if !open("vertex") => {
            format!("Place a set-up city at {}", names.at(vertex))
        }
        Move::PlaceSetupCity { .. } => "Place a set-up city".into(),
        Move::PlaceSetupRoad { edge } if !open("edge") => {
            format!("Place a set-up road on {}", names.on(edge))
        }
        Move::PlaceSetupRoad { .. } => "Place a set-up road".into(),
        Move::Roll { .. } => "Roll the dice".into(),
        Move::BuildRoad { edge } if !open("edge") => {
            format!("Build a road on {}", names.on(edge))
        }
        Move::BuildRoad { .. } => "Build a road".into(),
        Move::BuildSettlement { vertex } if !open("vertex") => {
            format!("Build a settlement at {}", names.at(vertex))
        }
        Move::BuildSettlement { .. } => "Build a settlement".into(),
        Move::BuildCity { vertex } if !open("vertex") => {
            format!("Build a city at {}", names.at(vertex))
        }
        Move::BuildCity { .. } => "Build a city".into(),
        Move::BuildCityWall { vertex } if !open("vertex") => {
            format!("Build a city wall for the city at {}", names.at(vertex))
        }
        Move::BuildCityWall { .. } => "Build a city wall".into(),
        Move::ImproveCity { track, crane } => format!(
            "Improve {} by one level{}",
            track.name(),
            if *crane { " (with the Crane)" } else { "" }
        ),
        Move::PlaceMetropolis { vertex } if !open("vertex") => {
            format!("Place the metropolis at {}", names.at(vertex))
        }
        Move::PlaceMetropolis { .. } => "Place the metropolis".into(),
        Move::BuildKnight { vertex } if !open("vertex") => {
            format!("Build a basic knight at {}", names.at(vertex))
        }
        Move::BuildKnight { .. } => "Build a basic knight".into(),
        Move::ActivateKnight { vertex } if !open("vertex") => {
            format!("Activate the knight at {}", names.at(vertex))
        }
        Move::ActivateKnight { .. } => "Activate a knight".into(),
        Move::PromoteKnight { vertex } if !open("vertex") => {
            format!("Promote the knight at {}", names.at(vertex))
        }
        Move::PromoteKnight { .. } => "Promote a knight".into(),
        Move::KnightMove { from, to } if !open("to") => {
            format!("Move the knight at {} to {}", names.at(from), names.at(to))
        }
        Move::KnightMove { from, .. } => format!("Move the knight at {}", names.at(from)),
        Move::KnightDisplace { from, to } if !open("to") => format!(
            "Displace the knight at {} with the knight at {}",
            names.at(to),
            names.at(from)
        ),
        Move::KnightDisplace { from, .. } => {
            format!("Displace a knight with the knight at {}", names.at(from))
        }
        Move::KnightChaseRobber { knight, hex, .. } if !open("hex") => format!(
            "Chase the robber away with the knight at {} and move it to {}",
            names.at(knight),
            names.to(hex)
        ),
        Move::KnightChaseRobber { knight, .. } => format!(
            "Chase the robber away with the knight at {}",
            names.at(knight)
        ),
        Move::RelocateKnight { vertex } if !open("vertex") => {
            format!("Move the displaced knight to {}", names.at(vertex))
        }
        Move::RelocateKnight { .. } => "Move the displaced knight".into(),
        Move::RemoveOwnKnight { vertex } if !open("vertex") => format!(
            "Take the knight at {} off the board for trade tokens",
            names.at(vertex)
        ),
        Move::RemoveOwnKnight { .. } => "Take a knight off the board for trade tokens".into(),
        Move::NeutralBuild {
            colour: c,
            vertex,
            edge,
        } => {
            let whom = if open("colour") {
                "a neutral colour".to_string()
            } else {
                format!("neutral party {}", neutral_number(*c))
            };
            match (vertex, edge) {
                (Some(v), _) if !open("vertex") => {
                    format!("Place the piece for {whom} at {}", names.at(v))
                }
                (_, Some(e)) if !open("edge") => {
                    format!("Place the piece for {whom} on {}", names.on(e))
                }
                _ => format!("Place the piece for {whom}"),
            }
        }
        Move::TokenForcedTrade { mode, .. } => match mode {
            TradeMode::Resources => "Pay trade tokens for a forced trade (resources only)".into(),
            TradeMode::All => "Pay trade tokens for a forced trade (all cards)".into(),
        },
        Move::ForcedTradeReturn { cards: c } if !open("cards") => {
            format!("Give back {}", cards(c))
        }
        Move::ForcedTradeReturn { .. } => "Give back 2 cards".into(),
        Move::TokenRobberToDesert => {
            "Pay trade tokens to send the robber back to the desert".into()
        }
        Move::AqueductTake { resource } if !open("resource") => {
            format!("Take 1 {} (Aqueduct)", resource.name())
        }
        Move::AqueductTake { .. } => "Take a resource (Aqueduct)".into(),
        Move::DefenderDraw { deck, .. } if !open("deck") => {
            format!("Draw a progress card from the {} deck", deck.name())
        }
        Move::DefenderDraw { .. } => "Draw a progress card".into(),
        Move::ChoosePillagedCity { vertex } if !open("vertex") => format!(
            "Turn the city at {} back into a settlement",
            names.at(vertex)
        ),
        Move::ChoosePillagedCity { .. } => "Choose the pillaged city".into(),
        Move::DiscardProgress { card } if !open("card") => {
            format!("Put the {} back under its deck", progress_name(*card))
        }
        Move::DiscardProgress { .. } => "Put a progress card back".into(),
        Move::DeserterPick { vertex } if !open("vertex") => {
            format!("Remove the knight at {}", names.at(vertex))
        }
        Move::DeserterPick { .. } => "Remove a knight".into(),
        Move::DeserterPlace { vertex: Some(v) } if !open("vertex") => {
            format!("Place the deserting knight at {}", names.at(v))
        }
        Move::DeserterPlace { vertex: None } if !open("vertex") => "Place no knight".into(),
        Move::DeserterPlace { .. } => "Place the deserting knight".into(),
        Move::DiplomatReplace { edge: Some(e) } if !open("edge") => {
            format!("Put the road back on {}", names.on(e))
        }
        Move::DiplomatReplace { edge: None } if !open("edge") => "Do not put the road back".into(),
        Move::DiplomatReplace { .. } => "Put the road back".into(),
        Move::SaboteurDiscard { cards: c } | Move::Discard { cards: c } if !open("cards") => {
            format!("Discard {}", cards(c))
        }
        Move::SaboteurDiscard { .. } | Move::Discard { .. } => "Discard cards".into(),
        Move::WeddingGive { cards: c } if !open("cards") => format!("Give {}", cards(c)),
        Move::WeddingGive { .. } => "Give cards".into(),
        Move::CommercialHarborGive { commodity } if !open("commodity") => {
            format!("Give 1 {}", commodity.name())
        }
        Move::CommercialHarborGive { .. } => "Give a commodity".into(),
        Move::SpyPick { card } if !open("card") => format!("Take the {}", progress_name(*card)),
        Move::SpyPick { .. } => "Take a progress card".into(),
        Move::MasterMerchantPick { cards: c } if !open("cards") => format!("Take {}", cards(c)),
        Move::MasterMerchantPick { .. } => "Take cards".into(),
        Move::MoveRobber { hex, .. } if !open("hex") => {
            format!("Move the robber to {}", names.to(hex))
        }
        Move::MoveRobber { .. } => "Move the robber".into(),
        Move::MaritimeTrade { give, get, times } => {
            if open("get") {
                format!("Trade {} with the bank", give.name())
            } else {
                match times.filter(|t| *t > 1 && !open("times")) {
                    Some(t) => format!(
                        "Trade {} with the bank for {} ({t} times)",
                        give.name(),
                        get.name()
                    ),
                    None => format!("Trade {} with the bank for {}", give.name(), get.name()),
                }
            }
        }
        Move::OfferTrade { give, want } if !open("give") && !open("want") => {
            format!("Offer {} for {}", cards(give), cards(want))
        }
        Move::OfferTrade { .. } => "Offer the opponent a trade".into(),
        Move::RespondTrade { accept: true } => "Accept the offer".into(),
        Move::RespondTrade { accept: false } => "Reject the offer".into(),
        Move::EndTurn => "End the turn".into(),
    }
}

/// The English label of a progress play: the card and the choices the item fixes ("Play
/// Deserter against n1", "Play Engineer at S(1,0)"); a free field is not named.
fn label_progress(names: Names<'_>, mv: &Move, free: &[&str], cx: &TextCx<'_>) -> String {
    let Move::PlayProgress {
        card,
        white,
        red,
        vertex,
        hexes,
        edges,
        knights,
        hex,
        target,
        knight,
        edge,
        give,
        kind,
        commodity,
        resource,
        ..
    } = mv
    else {
        return String::new();
    };
    let open = |f: &str| free.contains(&f);
    let list = |items: Vec<String>| join_list(&items, Lang::En);
    let mut parts: Vec<String> = Vec::new();
    if let (Some(w), Some(r)) = (white, red) {
        if !open("white") && !open("red") {
            parts.push(format!("white {w}, red {r}"));
        }
    }
    if let Some(t) = target.filter(|_| !open("target")) {
        parts.push(format!("against {}", colour(cx, t)));
    }
    if let Some(v) = vertex.filter(|_| !open("vertex")) {
        parts.push(format!("at {}", names.at(&v)));
    }
    if let Some(k) = knight.filter(|_| !open("knight")) {
        parts.push(format!("the knight at {}", names.at(&k)));
    }
    // CCK-PROG-19: against a neutral colour with one weakest knight the list holds the play
    // that leaves it unnamed and the one that names it; the label tells them apart.
    if *card == ProgressKind::Deserter && open("knight") {
        parts.push("naming the knight".into());
    }
    if let Some(ks) = knights.as_ref().filter(|_| !open("knights")) {
        if !ks.is_empty() {
            parts.push(format!(
                "the knights at {}",
                list(ks.iter().map(|k| names.at(k)).collect())
            ));
        }
    }
    if let Some(h) = hex.filter(|_| !open("hex")) {
        parts.push(match names.hex(&h) {
            Some(p) => p.en(),
            None => format!("hex {h}"),
        });
    }
    if let Some(hs) = hexes.as_ref().filter(|_| !open("hexes")) {
        if !hs.is_empty() {
            parts.push(format!(
                "{}{}",
                if names.0.is_some() { "" } else { "hexes " },
                list(hs.iter().map(|h| names.to(h)).collect())
            ));
        }
    }
    if let Some(e) = edge.filter(|_| !open("edge")) {
        parts.push(match names.path(&e) {
            Some(p) => p.en(),
            None => format!("path {e}"),
        });
    }
    if let Some(es) = edges.as_ref().filter(|_| !open("edges")) {
        if !es.is_empty() {
            parts.push(format!(
                "{}{}",
                match (names.0.is_some(), es.len()) {
                    (true, _) => "",
                    (false, 1) => "path ",
                    (false, _) => "paths ",
                },
                list(es.iter().map(|e| names.on(e)).collect())
            ));
        }
    }
    if let Some(g) = give.filter(|_| !open("give")) {
        parts.push(format!("give 1 {}", g.name()));
    }
    for (key, c) in [
        ("kind", kind),
        ("commodity", commodity),
        ("resource", resource),
    ] {
        if let Some(c) = c.filter(|_| !open(key)) {
            parts.push(c.name().to_string());
        }
    }
    if parts.is_empty() {
        format!("Play {}", progress_name(*card))
    } else {
        format!("Play {} ({})", progress_name(*card), parts.join("; "))
    }
}

// ---------------------------------------------------------------------
// German: the terms of `rulebook.toml` and the German original
// (Ritter, Stadtmauer, Metropole, Barbaren, Handelsware, Fortschrittskarte,
// Stadtausbau, Handelschip, neutrale Partei …), addressing the player with
// "du". The English above stays as it is.
// ---------------------------------------------------------------------

use super::board::{Edge, Hex, Vertex};
use super::data::Card;
use super::events::{corner_place, hex_place, path_place};
use super::state::State;
use crate::games::catan::place::{Case, Place};

/// A resource or commodity as a German noun (`Lehm`, `Tuch`, `Münze`).
pub fn card_de(c: Card) -> &'static str {
    match c {
        Card::Brick => "Lehm",
        Card::Lumber => "Holz",
        Card::Wool => "Wolle",
        Card::Grain => "Getreide",
        Card::Ore => "Erz",
        Card::Cloth => "Tuch",
        Card::Coin => "Münze",
        Card::Paper => "Papier",
    }
}

/// `n` cards of one kind: `2 Lehm`, `1 Münze`, `3 Münzen`.
pub fn card_n_de(n: u32, c: Card) -> String {
    match c {
        Card::Coin => count(n, "Münze", "Münzen"),
        _ => format!("{n} {}", card_de(c)),
    }
}

/// Cards as a German list: `1 Lehm, 2 Erz und 1 Münze`, or `nichts`.
pub fn cards_de(c: &Cards) -> String {
    let parts: Vec<String> = ALL_CARDS
        .iter()
        .filter_map(|k| c.get(k).filter(|n| **n > 0).map(|n| card_n_de(*n, *k)))
        .collect();
    if parts.is_empty() {
        "nichts".into()
    } else {
        join_list(&parts, Lang::De)
    }
}

/// A city improvement track (and its progress deck, its metropolis) in German.
pub fn track_de(t: Track) -> &'static str {
    match t {
        Track::Trade => "Handel",
        Track::Politics => "Politik",
        Track::Science => "Wissenschaft",
    }
}

/// A progress card's German name (`Schmiedekunst`, `Handelsmeister`); sentences say
/// `die Karte Schmiedekunst`, which needs no declension of the name.
pub fn progress_de(k: ProgressKind) -> &'static str {
    use ProgressKind::*;
    match k {
        Alchemist => "Alchemist",
        Crane => "Kran",
        Engineer => "Ingenieur",
        Inventor => "Erfinder",
        Irrigation => "Bewässerung",
        Medicine => "Medizin",
        Mining => "Bergbau",
        Printer => "Buchdruck",
        RoadBuilding => "Straßenbau",
        Smith => "Schmiedekunst",
        Bishop => "Bischof",
        Constitution => "Verfassung",
        Deserter => "Überläufer",
        Diplomat => "Diplomat",
        Intrigue => "Intrige",
        Saboteur => "Saboteur",
        Spy => "Spion",
        Warlord => "Kriegsherr",
        Wedding => "Hochzeit",
        Merchant => "Händler",
        CommercialHarbor => "Handelshafen",
        MerchantFleet => "Handelsflotte",
        MasterMerchant => "Handelsmeister",
        TradeMonopoly => "Handelsmonopol",
        ResourceMonopoly => "Rohstoffmonopol",
    }
}

/// `kein` before a card in the accusative (`keinen Lehm`, `keine Wolle`, `kein Erz`).
fn kein_de(c: Card) -> &'static str {
    match c {
        Card::Brick => "keinen",
        Card::Wool | Card::Coin => "keine",
        _ => "kein",
    }
}

/// A knight's level as the weak adjective ending (`den schwachen Ritter`, `einen starken
/// Ritter`, `zum mächtigen Ritter`).
fn level_adj_de(level: u8) -> &'static str {
    match level {
        1 => "schwachen",
        2 => "starken",
        _ => "mächtigen",
    }
}

/// A knight's level after `dein` (nominative): `dein schwacher Ritter`.
fn level_nom_de(level: u8) -> &'static str {
    match level {
        1 => "schwacher",
        2 => "starker",
        _ => "mächtiger",
    }
}

fn karten(n: u32) -> String {
    count(n, "Karte", "Karten")
}

fn chips(n: u32) -> String {
    count(n, "Handelschip", "Handelschips")
}

/// An intersection in the dative (`der Kreuzung zwischen dem Wald (6), …`) and accusative
/// (`die Kreuzung zwischen …`); a path (`dem Weg zwischen …`, `den Weg …`); a hex (`dem Wald
/// (6)`, `den Wald (6)`), named by what touches it. Events of old sessions and
/// labels without a state name them by their coordinates, the ids of CAT-BOARD-16
/// (`der Kreuzung S(2,-1)`, `dem Weg NE(0,1)`, `das Feld (1,0)`).
fn kr_dat(v: &Vertex, p: &Option<Place>) -> String {
    match p {
        Some(p) => p.de(Case::Dat),
        None => format!("der Kreuzung {v}"),
    }
}
fn kr_acc(v: &Vertex, p: &Option<Place>) -> String {
    match p {
        Some(p) => p.de(Case::Acc),
        None => format!("die Kreuzung {v}"),
    }
}
fn weg_dat(e: &Edge, p: &Option<Place>) -> String {
    match p {
        Some(p) => p.de(Case::Dat),
        None => format!("dem Weg {e}"),
    }
}
fn weg_acc(e: &Edge, p: &Option<Place>) -> String {
    match p {
        Some(p) => p.de(Case::Acc),
        None => format!("den Weg {e}"),
    }
}
fn feld_acc(h: &Hex, p: &Option<Place>) -> String {
    match p {
        Some(p) => p.de(Case::Acc),
        None => format!("das Feld {h}"),
    }
}
/// A place standing alone (a label's parenthesis), in the nominative; `old` without a state.
fn nom(p: Option<Place>, old: String) -> String {
    match p {
        Some(p) => p.de(Case::Nom),
        None => old,
    }
}
fn spot_dat(s: &SpotAt, p: &Option<Place>) -> String {
    match s {
        SpotAt::Vertex(v) => kr_dat(v, p),
        SpotAt::Edge(e) => weg_dat(e, p),
    }
}
fn spot_acc(s: &SpotAt, p: &Option<Place>) -> String {
    match s {
        SpotAt::Vertex(v) => kr_acc(v, p),
        SpotAt::Edge(e) => weg_acc(e, p),
    }
}

/// A colour as a German subject or object: a seat by its name, a neutral colour as `die
/// neutrale Partei 1` (nominative and accusative are alike).
fn colour_de(cx: &TextCx<'_>, c: Colour) -> String {
    match c.seat() {
        Some(p) => cx.seat_name(p),
        None => neutral_named_de(c, "", false),
    }
}

/// A colour as an owner after a noun: `von Spieler A`, `der neutralen Partei 1`.
fn colour_of_de(cx: &TextCx<'_>, c: Colour) -> String {
    match c.seat() {
        Some(p) => format!("von {}", cx.seat_name(p)),
        None => neutral_named_de(c, "", true),
    }
}

/// A table's colour label in German: the default colour words become German nouns
/// (`white (n1)` → `Weiß (n1)`); a label the table chose stays as it is.
pub fn table_colour_de(label: &str) -> String {
    let (word, rest) = match label.find(" (") {
        Some(i) => label.split_at(i),
        None => (label, ""),
    };
    let de = match word.to_ascii_lowercase().as_str() {
        "red" => "Rot",
        "blue" => "Blau",
        "white" => "Weiß",
        "orange" => "Orange",
        "green" => "Grün",
        "brown" => "Braun",
        "yellow" => "Gelb",
        "black" => "Schwarz",
        _ => return label.to_string(),
    };
    format!("{de}{rest}")
}

fn breakdown_de(cx: &TextCx<'_>, seat: Seat, b: &VpBreakdown) -> String {
    format!(
        "{}: Siedlungen {}, Städte {}, Metropolen {}, Längste Handelsstraße {}, Retter Catans {}, Buchdruck {}, Verfassung {}, Händler {}, gesamt {}",
        cx.seat_name(seat), b.settlements, b.cities, b.metropolises, b.longest_road, b.defender, b.printer, b.constitution, b.merchant, b.total
    )
}

/// The end of the game in German; `cx` carries the German seat names.
fn game_end_de(g: &GameEnd, cx: &TextCx<'_>) -> String {
    let n = |s: Seat| cx.seat_name(s);
    let lines = format!(
        "{}; {}.",
        breakdown_de(cx, Seat(0), &g.a),
        breakdown_de(cx, Seat(1), &g.b)
    );
    let end = match g.winner {
        Some(w) => format!(
            "{} gewinnt mit {}. {lines}",
            n(w),
            count(g.vp[w.index().min(1)], "Siegpunkt", "Siegpunkten")
        ),
        None => format!("Das Spiel endet ohne Sieger. {lines}"),
    };
    match g.turn_cap {
        None => end,
        Some(cap) => {
            let lead = match g.winner {
                Some(w) => format!(
                    "führt {} mit {} zu {} Siegpunkten und gewinnt",
                    n(w),
                    g.vp[w.index().min(1)],
                    g.vp[1 - w.index().min(1)]
                ),
                None => format!(
                    "haben beide {}, daher gewinnt niemand",
                    count(g.vp[0], "Siegpunkt", "Siegpunkte")
                ),
            };
            format!(
                "Die Zuggrenze der Hausregel ({}) beendet das Spiel; niemand hat {} Siegpunkte erreicht, das Spielende nach den Regeln. Nach der Hausregel dieses Tisches {lead}. {end}",
                count(cap, "Zug", "Züge"),
                g.vp_target
            )
        }
    }
}

/// An event in German; `cx` carries the German seat names.
fn de(e: &Event, cx: &TextCx<'_>) -> String {
    use Event as E;
    let n = |s: Seat| cx.seat_name(s);
    match e {
        E::Setup { first } => format!("Der Tisch ist aufgebaut: 20 Handelschips (je 5 für jeden Spieler, 10 im Vorrat), drei Fortschrittsstapel mit je 18 Karten, die Barbaren auf 0; {} setzt zuerst.", n(*first)),
        E::RollOff { a, b } => format!(
            "Würfeln um den Startspieler: {} würfelt {a}, {} würfelt {b}.",
            n(Seat(0)),
            n(Seat(1))
        ),
        E::RollOffCapped => format!(
            "Zwanzigmal in Folge gleich hohe Würfe: {} setzt zuerst.",
            n(Seat(0))
        ),
        E::SetupSettlement { seat, vertex, place } => {
            format!("{} setzt eine Siedlung auf {}.", n(*seat), kr_acc(vertex, place))
        }
        E::StartingCards {
            seat,
            vertex,
            cards: c, place } => format!(
            "{} setzt eine Stadt auf {} und nimmt {}.",
            n(*seat),
            kr_acc(vertex, place),
            cards_de(c)
        ),
        E::PlayBegins { seat } => format!("Der Aufbau ist beendet; {} beginnt Zug 1.", n(*seat)),
        E::Alchemist { seat, white, red } => format!(
            "{} spielt die Karte Alchemist aus: weißer Würfel {white}, roter Würfel {red}.",
            n(*seat)
        ),
        E::Rolled {
            roll,
            white,
            red,
            event,
            sum,
            ..
        } => format!("Wurf {roll}: weiß {white}, rot {red}, Ereigniswürfel {event}: Summe {sum}."),
        E::SecondRollRepeated {
            white,
            red,
            event,
            first: true,
        } => format!("Zweiter Wurf: weiß {white}, rot {red}, Ereigniswürfel {event}: Die Summe {} wiederholt den ersten Wurf. Der Ereigniswürfel bleibt liegen und wird sofort ausgewertet; nur der weiße und der rote Würfel werden erneut geworfen.", white + red),
        E::SecondRollRepeated { white, red, .. } => format!(
            "Die Zahlenwürfel werden erneut geworfen: weiß {white}, rot {red} wiederholen die erste Summe noch einmal."
        ),
        E::BarbariansAdvance { position, track } => format!(
            "Schiff auf dem Ereigniswürfel: Das Barbarenschiff rückt auf Feld {position} von {track} der Barbarenleiste vor."
        ),
        E::CityGate { track, red } => format!(
            "Stadttor ({}) mit rotem Würfel {red}: Wer in diesem Bereich mindestens Stufe {} hat, zieht eine Fortschrittskarte.",
            track_de(*track),
            red.saturating_sub(1).max(1)
        ),
        E::DeckEmpty { seat, deck } => format!(
            "Der Stapel {} ist leer: {} zieht nichts.",
            track_de(*deck),
            n(*seat)
        ),
        E::PointCard { seat, card } => format!(
            "{} zieht die Karte {} und legt sie offen aus: 1 Siegpunkt.",
            n(*seat),
            progress_de(*card)
        ),
        E::ProgressDrawn { seat, deck } => format!(
            "{} zieht eine Fortschrittskarte vom Stapel {}.",
            n(*seat),
            track_de(*deck)
        ),
        E::ProgressCardDrawn { seat, card } => format!(
            "{} zieht die Karte {} (Stapel {}).",
            n(*seat),
            progress_de(*card),
            track_de(card.deck())
        ),
        E::BarbariansRepelled {
            barbarians,
            catan,
            contributions,
            defender,
        } => match defender {
            Some(w) => format!(
                "Catan {catan} ≥ Barbaren {barbarians}: {} ist Retter Catans (1 Siegpunkt).",
                n(*w)
            ),
            None if contributions[0] > 0 => format!("Catan {catan} ≥ Barbaren {barbarians}: Beide haben gleich stark verteidigt; jeder zieht eine Fortschrittskarte."),
            None => format!("Catan {catan} ≥ Barbaren {barbarians}: Niemand hat etwas beigetragen, niemand wird belohnt."),
        },
        E::BarbariansWin {
            barbarians,
            catan,
            losers,
            ..
        } => {
            let who = match losers.as_slice() {
                [] => "Niemand hat eine Stadt, die die Barbaren plündern können".to_string(),
                [p] => format!("{} verliert eine Stadt", colour_de(cx, *p)),
                ps => format!(
                    "{} verlieren je eine Stadt",
                    join_list(
                        &ps.iter().map(|p| colour_de(cx, *p)).collect::<Vec<_>>(),
                        Lang::De
                    )
                ),
            };
            format!("Die Barbaren (Stärke {barbarians}) besiegen die Ritter Catans (Stärke {catan}): {}.", crate::engine::text::capitalise(&who))
        }
        E::BarbariansReturn { robber_wakes } => format!(
            "Alle Ritter werden passiv, das Barbarenschiff kehrt auf 0 zurück{}.",
            if *robber_wakes {
                "; der Räuber erwacht"
            } else {
                ""
            }
        ),
        E::RobberAwake => {
            "Der erste Angriff ist vorbei: Der Räuber wirkt ab jetzt wie gewohnt.".into()
        }
        E::Production { sum, a, b, .. } => format!(
            "Die Zahl {sum} bringt Erträge: {} erhält {}, {} erhält {}.",
            n(Seat(0)),
            cards_de(a),
            n(Seat(1)),
            cards_de(b)
        ),
        E::BankShortage { cards: c } => format!(
            "Die Bank hat nicht genug {}.",
            join_list(
                &c.iter()
                    .map(|c| match c {
                        Card::Coin => "Münzen".to_string(),
                        _ => card_de(*c).to_string(),
                    })
                    .collect::<Vec<_>>(),
                Lang::De
            )
        ),
        E::Seven { discards } => match discards.as_slice() {
            [] => "Eine 7: Niemand muss abwerfen.".into(),
            [one] => format!("Eine 7: {} muss abwerfen.", n(*one)),
            all => format!(
                "Eine 7: {} müssen abwerfen.",
                join_list(&all.iter().map(|s| n(*s)).collect::<Vec<_>>(), Lang::De)
            ),
        },
        E::RobberAsleep => {
            "Der Räuber schläft bis zum ersten Barbarenangriff in der Wüste.".into()
        }
        E::Discarded { seat, count: k } => format!("{} wirft {} ab.", n(*seat), karten(*k)),
        E::RobberMoved {
            seat, hex, stolen, place, ..
        } => format!(
            "{} versetzt den Räuber auf {}{}.",
            n(*seat),
            feld_acc(hex, place),
            if *stolen { " und raubt eine Karte" } else { "" }
        ),
        E::CardStolen { seat, from, card } => format!(
            "{} nimmt {} 1 {} weg.",
            n(*seat),
            n(*from),
            card_de(*card)
        ),
        E::KnightDisplaced {
            colour: c,
            vertex,
            place,
        } => format!(
            "Der Ritter {} auf {} wird vertrieben.",
            colour_of_de(cx, *c),
            kr_dat(vertex, place)
        ),
        E::KnightRemoved { seat } => format!(
            "Der vertriebene Ritter von {} findet keinen freien Platz: Er kommt in den Vorrat zurück (keine Handelschips, CCK-TOKEN-3).",
            n(*seat)
        ),
        E::KnightRelocated { seat, vertex, place } => format!(
            "{} setzt den vertriebenen Ritter auf {} um.",
            n(*seat),
            kr_acc(vertex, place)
        ),
        E::Aqueduct { seat, resource } => format!(
            "{} hat nichts erhalten und nimmt {} (Aquädukt).",
            n(*seat),
            card_n_de(1, *resource)
        ),
        E::CityPillaged { seat, vertex, place } => format!(
            "Die Stadt von {} auf {} wird geplündert und wird wieder zur Siedlung.",
            n(*seat),
            kr_dat(vertex, place)
        ),
        E::Metropolis {
            seat,
            track,
            vertex, place } => format!(
            "{} setzt die Metropole {} auf {}.",
            n(*seat),
            track_de(*track),
            kr_acc(vertex, place)
        ),
        E::ProgressReturned { seat } => format!(
            "{} legt eine Fortschrittskarte unter ihren Stapel zurück (höchstens 4 Karten).",
            n(*seat)
        ),
        E::ForcedTradeReturned { seat } => format!("{} gibt 2 Karten zurück.", n(*seat)),
        E::TradeAnswer { seat, accept } => format!(
            "{} {} das Angebot {}.",
            n(*seat),
            if *accept { "nimmt" } else { "lehnt" },
            if *accept { "an" } else { "ab" }
        ),
        E::NeutralPlaced {
            active,
            trigger,
            kind,
            colour: c,
            colour_name,
            spot: at,
            chosen_by,
            bot,
            place,
        } => {
            let col = neutral_named_de(*c, colour_name, false);
            let of = neutral_named_de(*c, colour_name, true);
            let what = match kind {
                NeutralKind::Road => format!("baut für {col} eine Straße auf {}", spot_dat(at, place)),
                NeutralKind::Settlement => {
                    format!("baut für {col} eine Siedlung auf {}", spot_dat(at, place))
                }
                NeutralKind::Knight => {
                    format!("setzt für {col} einen schwachen Ritter auf {}", spot_acc(at, place))
                }
                NeutralKind::Promotion => {
                    format!("wertet den Ritter {of} auf {} auf", spot_dat(at, place))
                }
                NeutralKind::Relocation => format!(
                    "setzt den vertriebenen Ritter {of} auf {} um",
                    spot_acc(at, place)
                ),
            };
            let why = match trigger.as_str() {
                "CAT-DUO-6" => "als Folge der Straße oder Siedlung, die gerade gebaut wurde".to_string(),
                "CCK-NEUT-1" => "als Folge des Ritters, der gerade eingesetzt wurde".to_string(),
                "CCK-PROG-16" => "als Folge einer Straße der Karte Straßenbau".to_string(),
                "CCK-KNIGHT-3" | "CCK-PROG-17" => {
                    "als Folge der Aufwertung eines Ritters".to_string()
                }
                "CCK-NEUT-8" => "weil ein Ritter eines Spielers ihn vertrieben hat".to_string(),
                _ => "wie es die Regeln verlangen".to_string(),
            };
            let who = match chosen_by {
                ChosenBy::Bot => "Der Bot".to_string(),
                ChosenBy::ActivePlayer => n(*active),
            };
            let mut text = format!("{who} {what}, {why}.");
            if let Some(b) = bot {
                if let Some(first) = b.candidates.first() {
                    text.push_str(&format!(
                        " Von {} ist es der, der den Teilen {} am nächsten liegt (Reichweite {}), mit den meisten Punkten auf den Zahlenchips ({}), um {} zu blockieren.",
                        count(b.candidates.len() as u32, "möglichen Platz", "möglichen Plätzen"),
                        colour_of_de(cx, b.target),
                        first.reach,
                        first.pips,
                        colour_de(cx, b.target)
                    ));
                }
            }
            text
        }
        E::NeutralFallback { from, to, .. } => match (from, to) {
            (NeutralKind::Knight, FallbackTo::Road) => {
                "Keine neutrale Partei kann den Ritter aufnehmen: Stattdessen wird eine neutrale Straße gebaut.".into()
            }
            (NeutralKind::Settlement, FallbackTo::Road) => {
                "Kein Bauplatz für eine neutrale Siedlung: Stattdessen wird eine neutrale Straße gebaut.".into()
            }
            _ => "Keine neutrale Straße ist möglich: Es wird nichts gebaut.".into(),
        },
        E::NeutralPromotionLapses {
            reason: LapseReason::Mighty,
        } => "Neutrale Ritter werden nie mächtig: Diese Aufwertung hat kein neutrales Gegenstück."
            .into(),
        E::NeutralPromotionLapses { .. } => "Kein neutraler Ritter kann aufgewertet werden: Die neutrale Aufwertung entfällt ersatzlos.".into(),
        E::NeutralKnightRemoved { colour: c } => format!(
            "Der vertriebene Ritter {} findet an ihren Straßen keinen freien Platz: Er kommt in ihren Vorrat zurück; niemand erhält Handelschips.",
            colour_of_de(cx, *c)
        ),
        E::TurnEnds { turn, seat } => format!("Zug {turn} beginnt: {} würfelt.", n(*seat)),
        E::RoadBuilt { seat, edge, place } => format!(
            "{} baut eine Straße auf {}; eine neutrale Straße folgt.",
            n(*seat),
            weg_dat(edge, place)
        ),
        E::SettlementBuilt { seat, vertex, place } => format!(
            "{} baut eine Siedlung auf {}; eine neutrale Siedlung folgt.",
            n(*seat),
            kr_dat(vertex, place)
        ),
        E::CityBuilt { seat, vertex, place } => format!(
            "{} baut eine Stadt auf {} (keine neutrale Folge).",
            n(*seat),
            kr_dat(vertex, place)
        ),
        E::WallBuilt { seat, vertex, place } => format!(
            "{} baut eine Stadtmauer an die Stadt auf {} (keine neutrale Folge).",
            n(*seat),
            kr_dat(vertex, place)
        ),
        E::KnightBuilt { seat, vertex, place } => format!(
            "{} setzt einen schwachen Ritter auf {}; ein neutraler schwacher Ritter folgt.",
            n(*seat),
            kr_acc(vertex, place)
        ),
        E::KnightActivated { seat, vertex, place } => format!(
            "{} aktiviert den Ritter auf {} (keine neutrale Folge).",
            n(*seat),
            kr_dat(vertex, place)
        ),
        E::KnightPromoted {
            seat,
            vertex,
            level,
            smith: false, place } => format!(
            "{} wertet den Ritter auf {} zum {} Ritter auf.",
            n(*seat),
            kr_dat(vertex, place),
            level_adj_de(*level)
        ),
        E::KnightPromoted {
            seat,
            vertex,
            level,
            place, ..
        } => format!(
            "Die Schmiedekunst wertet den Ritter von {} auf {} kostenlos zum {} Ritter auf.",
            n(*seat),
            kr_dat(vertex, place),
            level_adj_de(*level)
        ),
        E::KnightMoved { seat, from, to, from_place, to_place }
        | E::KnightDisplaces { seat, from, to, from_place, to_place } => format!(
            "Der Ritter von {} zieht von {} auf {} und wird passiv.",
            n(*seat),
            kr_dat(from, from_place),
            kr_acc(to, to_place)
        ),
        E::KnightReturned {
            seat,
            level,
            vertex, place } => format!(
            "{} nimmt den {} Ritter auf {} gegen Handelschips vom Spielplan.",
            n(*seat),
            level_adj_de(*level),
            kr_dat(vertex, place)
        ),
        E::MaritimeTrade {
            seat,
            give,
            gave,
            get,
            got,
            rate,
        } => format!(
            "{} tauscht mit der Bank {} gegen {} ({rate}:1).",
            n(*seat),
            card_n_de(*gave, *give),
            card_n_de(*got, *get)
        ),
        E::TradeOffer { seat, give, want } => format!(
            "{} bietet {} für {} an.",
            n(*seat),
            cards_de(give),
            cards_de(want)
        ),
        E::Crane => "Der Kran macht diese Ausbaustufe um 1 Handelsware billiger.".into(),
        E::Improvement {
            seat,
            track,
            level,
            cost,
            commodity,
        } => format!(
            "{} erwirbt {} Stufe {level} für {} (keine neutrale Folge).",
            n(*seat),
            track_de(*track),
            card_n_de(*cost, *commodity)
        ),
        E::ForcedTrade {
            seat,
            mode,
            cost,
            drawn,
            ..
        } => format!(
            "{} zahlt {} für einen Zwangshandel ({}) und zieht {}.",
            n(*seat),
            chips(*cost),
            if *mode == TradeMode::All {
                "mit allen Karten"
            } else {
                "nur mit Rohstoffen"
            },
            karten(*drawn)
        ),
        E::CardsTaken {
            seat,
            from,
            cards: c,
        } => format!("{} nimmt von {} {}.", n(*seat), n(*from), cards_de(c)),
        E::RobberToDesert { seat, cost } => format!(
            "{} zahlt {}: Der Räuber kehrt in die Wüste zurück.",
            n(*seat),
            chips(*cost)
        ),
        E::LongestRoad { new, length, .. } => match new {
            Some(c) => format!(
                "Die Längste Handelsstraße geht an {} ({}).",
                colour_de(cx, *c),
                count(*length, "Straße", "Straßen")
            ),
            None => "Die Karte Längste Handelsstraße wird beiseitegelegt.".into(),
        },
        E::TokensEarned {
            seat,
            due,
            paid,
            supply,
        } => format!(
            "{} erhält {} ({due} fällig, im Vorrat jetzt {supply}).",
            n(*seat),
            chips(*paid)
        ),
        E::ProgressPlayed {
            seat, card, took, ..
        } => match took {
            Some(t) => format!(
                "{} spielt die Karte {} aus und nimmt {}.",
                n(*seat),
                progress_de(*card),
                card_n_de(t.count, t.card)
            ),
            None => format!("{} spielt die Karte {} aus.", n(*seat), progress_de(*card)),
        },
        E::DeserterRemoved { seat, vertex, place } => format!(
            "{} entfernt den Ritter auf {} (keine Handelschips, CCK-TOKEN-3).",
            n(*seat),
            kr_dat(vertex, place)
        ),
        E::DeserterPlaced {
            seat,
            level,
            vertex, place } => format!(
            "{} setzt einen {} Ritter auf {}; kein neutraler Ritter folgt.",
            n(*seat),
            level_adj_de(*level),
            kr_acc(vertex, place)
        ),
        E::DeserterNoPlace => {
            "Wer den Überläufer ausgespielt hat, kann keinen Ritter setzen; die Entfernung bleibt bestehen.".into()
        }
        E::DiplomatReplaced { seat, edge, place } => format!(
            "{} setzt die eigene Straße auf {} wieder ein; Wiedereinsetzen ist kein Bauen, daher folgt keine neutrale Straße.",
            n(*seat),
            weg_acc(edge, place)
        ),
        E::WeddingGift { seat, count: k } => {
            format!("{} gibt für die Hochzeit {} ab.", n(*seat), karten(*k))
        }
        E::Sabotaged { seat, count: k } => format!("{} wirft {} ab.", n(*seat), karten(*k)),
        E::CommercialHarbor { seat } => {
            format!("{} gibt dafür 1 Handelsware zurück.", n(*seat))
        }
        E::Spy { seat, from } => format!(
            "{} nimmt sich eine Fortschrittskarte von {}.",
            n(*seat),
            n(*from)
        ),
        E::SpyTook { seat, from, card } => format!(
            "{} nimmt sich die Karte {} von {}.",
            n(*seat),
            progress_de(*card),
            n(*from)
        ),
        E::MasterMerchant {
            seat,
            from,
            count: k,
        } => format!(
            "{} nimmt sich {} von {}.",
            n(*seat),
            karten(*k),
            n(*from)
        ),
        E::TokensSwapped {
            seat,
            numbers,
            places,
            ..
        } => format!(
            "{} tauscht die Zahlenchips von {} und {}: Die {} und die {} wechseln den Platz.",
            n(*seat),
            places[0].de(Case::Dat),
            places[1].de(Case::Dat),
            numbers[0],
            numbers[1]
        ),
        E::MerchantPlaced {
            seat, place, card, ..
        } => match card {
            Some(c) => format!(
                "{} stellt den Händler auf {}: Solange er dort steht, hat {} 1 Siegpunkt und tauscht {} 2:1 mit der Bank.",
                n(*seat),
                place.de(Case::Acc),
                n(*seat),
                card_de(*c)
            ),
            None => format!(
                "{} stellt den Händler auf {}: Solange er dort steht, hat {} 1 Siegpunkt.",
                n(*seat),
                place.de(Case::Acc),
                n(*seat)
            ),
        },
        E::KnightsActivated { seat, places, .. } => {
            if places.is_empty() {
                format!(
                    "Alle Ritter von {} sind schon aktiv: Der Kriegsherr aktiviert keinen.",
                    n(*seat)
                )
            } else {
                let at: Vec<String> = places.iter().map(|p| p.de(Case::Dat)).collect();
                format!(
                    "{} aktiviert kostenlos {} auf {}.",
                    n(*seat),
                    if at.len() == 1 { "den Ritter" } else { "die Ritter" },
                    join_list(&at, Lang::De)
                )
            }
        }
        E::RoadRemoved {
            seat,
            colour: c,
            place,
            ..
        } => {
            if c.seat() == Some(*seat) {
                format!(
                    "{} nimmt die eigene offene Straße auf {} weg; sie darf wieder eingesetzt werden.",
                    n(*seat),
                    place.de(Case::Dat)
                )
            } else {
                format!(
                    "{} nimmt die offene Straße {} auf {} weg; sie kommt in den Vorrat zurück.",
                    n(*seat),
                    colour_of_de(cx, *c),
                    place.de(Case::Dat)
                )
            }
        }
        E::DeserterTook {
            seat,
            colour: c,
            level,
            place,
            ..
        } => format!(
            "{} nimmt den schwächsten Ritter {}, den {} Ritter auf {}, in ihren Vorrat zurück; dafür gibt es keine Handelschips.",
            n(*seat),
            colour_of_de(cx, *c),
            level_adj_de(*level),
            place.de(Case::Dat)
        ),
        E::Monopoly {
            seat,
            from,
            card,
            count: k,
        } => {
            if *k == 0 {
                format!(
                    "{} hat {} {}: {} bekommt nichts.",
                    n(*from),
                    kein_de(*card),
                    card_de(*card),
                    n(*seat)
                )
            } else {
                format!(
                    "{} gibt {} {}.",
                    n(*from),
                    n(*seat),
                    card_n_de(*k, *card)
                )
            }
        }
        E::MerchantFleet { seat, card } => format!(
            "Für den Rest des Zuges tauscht {} {} 2:1 mit der Bank.",
            n(*seat),
            card_de(*card)
        ),
        E::ProgressNoEffect { seat, card, reason } => {
            let (me, you) = (n(*seat), n(other(*seat)));
            use super::events::NoEffect as N;
            match (card, reason) {
                (ProgressKind::Saboteur, N::NotAhead) => format!("{you} hat weniger Siegpunkte als {me}: Für den Saboteur wirft niemand ab."),
                (ProgressKind::Saboteur, _) => format!("{you} hat weniger als 2 Karten: Für den Saboteur wirft niemand ab."),
                (ProgressKind::Wedding, N::NotAhead) => format!("{you} hat nicht mehr Siegpunkte als {me}: Für die Hochzeit gibt niemand etwas ab."),
                (ProgressKind::Wedding, _) => format!("{you} hat keine Karte: Für die Hochzeit gibt niemand etwas ab."),
                (ProgressKind::CommercialHarbor, _) => format!("{you} hat keine Handelsware: Es wird nichts getauscht, der Rohstoff bleibt bei {me}."),
                (ProgressKind::Spy, _) => format!("{you} hat keine Fortschrittskarte: Der Spion nimmt nichts."),
                (ProgressKind::MasterMerchant, _) => format!("{you} hat keine Karte: Der Handelsmeister nimmt nichts."),
                (k, _) => format!("Die Karte {} von {me} bleibt ohne Wirkung.", progress_de(*k)),
            }
        }
        E::GameOver(end) => game_end_de(end, cx),
        E::Board(b) => b.describe(cx),
    }
}

/// The names of the seat a decision asks and of the other player (empty
/// when it asks no player), in `cx`'s language.
fn asked_and_other(d: &Decision, cx: &TextCx<'_>) -> (String, String) {
    let name = |other: u8| {
        d.seat
            .and_then(Colour::seat)
            .map(|p| cx.seat_name(Seat(other ^ p.0)))
            .unwrap_or_default()
    };
    (name(0), name(1))
}

/// A decision in German; `cx` carries the German seat names.
fn decision_de(d: &Decision, cx: &TextCx<'_>) -> String {
    use DecisionKind as K;
    let (me, you) = asked_and_other(d, cx);
    let k = d.count.unwrap_or(0);
    let level = d.level.unwrap_or(1);
    match d.kind {
        K::SetupRoad => format!("{me}: Setze deine Straße für den Aufbau an das Teil, das du gerade gesetzt hast."),
        K::SetupCity => format!("{me}: Setze deine Stadt für den Aufbau."),
        K::SetupSettlement => format!("{me}: Setze deine Siedlung für den Aufbau."),
        K::FirstRoll => format!("{me}: Wirf den weißen, den roten und den Ereigniswürfel für deinen ersten Wurf; vorher darfst du den Alchemisten ausspielen oder deine Handelschip-Aktion nutzen."),
        K::SecondRoll => format!("{me}: Wirf die Würfel für deinen zweiten Wurf; vorher darfst du deine Handelschip-Aktion nutzen."),
        K::Turn => format!("{me}: Baue, handle, erwirb einen Stadtausbau, nutze deine Ritter, spiele Fortschrittskarten aus oder beende deinen Zug."),
        K::Discard => format!("{me}: Eine 7 wurde gewürfelt und du hast zu viele Karten; wirf {} deiner Wahl ab.", karten(k)),
        K::Robber => format!("{me}: Versetze den Räuber auf ein anderes Landfeld und raube eine Karte bei einem Spieler, der dort ein Gebäude hat."),
        K::Neutral => match &d.neutral {
            Some(a) => {
                let colours = format!(
                    "{} oder {}",
                    neutral_named_de(Colour::N1, &a.colours[0], false),
                    neutral_named_de(Colour::N2, &a.colours[1], false)
                );
                let of = format!(
                    "{} oder {}",
                    neutral_named_de(Colour::N1, &a.colours[0], true),
                    neutral_named_de(Colour::N2, &a.colours[1], true)
                );
                let what = match a.task {
                    NeutralKind::Road => format!("Setze eine Straße für {colours}"),
                    NeutralKind::Settlement => format!("Setze eine Siedlung für {colours}"),
                    NeutralKind::Knight => format!("Setze einen schwachen Ritter für {colours}"),
                    NeutralKind::Promotion => format!("Werte einen Ritter {of} auf"),
                    NeutralKind::Relocation => "Setze den vertriebenen neutralen Ritter entlang der Straßen seiner Partei um".to_string(),
                };
                format!("{me}: {what}; wähle unter den angezeigten Plätzen.")
            }
            None => format!("{me}: Setze das fällige neutrale Teil."),
        },
        K::KnightRelocation => format!("{me}: Dein {} Ritter wurde vertrieben; setze ihn auf eine freie Kreuzung entlang deiner Straßen um.", level_nom_de(level)),
        K::Aqueduct => format!("{me}: Dein Aquädukt gibt dir einen Rohstoff deiner Wahl aus der Bank."),
        K::DefenderDraw => format!("{me}: Du hast genauso stark verteidigt wie {you}; ziehe eine Fortschrittskarte von einem Stapel deiner Wahl."),
        K::Pillage => format!("{me}: Die Barbaren haben gesiegt; wähle, welche deiner Städte wieder zur Siedlung wird."),
        K::MetropolisPlace => match d.track {
            Some(t) => format!("{me}: Setze die Metropole {} auf eine deiner Städte.", track_de(t)),
            None => format!("{me}: Setze die Metropole auf eine deiner Städte."),
        },
        K::ProgressExcess => format!("{me}: Du hast {k} Fortschrittskarten, mehr als 4; lege eine unter ihren Stapel zurück{}.", if d.may_play == Some(true) { " oder spiele eine aus" } else { "" }),
        K::ForcedTradeReturn => format!("{me}: Gib {you} für den Zwangshandel 2 Karten deiner Wahl zurück."),
        K::TradeResponse => format!("{me}: {you} bietet {} für {}; nimm das Angebot an oder lehne es ab.", cards_de(d.give.as_ref().unwrap_or(&Cards::new())), cards_de(d.want.as_ref().unwrap_or(&Cards::new()))),
        K::DeserterPick => format!("{me}: Der Überläufer wird gegen dich ausgespielt; entferne einen deiner Ritter."),
        K::DeserterPlace => format!("{me}: Setze deinen übergelaufenen {} Ritter auf eine freie Kreuzung entlang deiner Straßen.", level_adj_de(level)),
        K::DiplomatReplace => format!("{me}: Setze die Straße, die der Diplomat entfernt hat, auf einen anderen Weg an deinen Straßen."),
        K::WeddingGive => format!("{me}: Wegen der Hochzeit gibst du {you} {} deiner Wahl.", karten(k)),
        K::SaboteurDiscard => format!("{me}: Wegen des Saboteurs wirfst du {} deiner Wahl ab.", karten(k)),
        K::CommercialHarborGive => format!("{me}: Für den Handelshafen gibst du eine Handelsware deiner Wahl im Tausch gegen den angebotenen Rohstoff."),
        K::SpyPick => format!("{me}: Dein Spion sieht sich die Fortschrittskarten von {you} an; nimm dir eine davon."),
        K::MasterMerchantPick => format!("{me}: Dein Handelsmeister lässt dich {} deiner Wahl aus der Hand von {you} nehmen.", karten(k)),
        K::NeutralBot => "Der Bot setzt die neutralen Teile.".into(),
        K::Finished => match &d.end {
            Some(e) => game_end_de(e, cx),
            None => "Das Spiel ist vorbei.".into(),
        },
    }
}

/// The German label of a move (a legal-move list item); `free` names the fields a template
/// leaves open, which the label does not name.
pub fn label_de(mv: &Move, free: &[&str], cx: &TextCx<'_>) -> String {
    label_de_on(Names(None), mv, free, cx)
}

/// The German label of a legal move of `names`' state.
fn label_de_on(names: Names<'_>, mv: &Move, free: &[&str], cx: &TextCx<'_>) -> String {
    let open = |f: &str| free.contains(&f);
    let list = |items: Vec<String>| join_list(&items, Lang::De);
    match mv {
        Move::PlaceSetupSettlement { vertex } if !open("vertex") => {
            format!(
                "Aufbau: Siedlung auf {} setzen",
                kr_acc(vertex, &names.corner(vertex))
            )
        }
        Move::PlaceSetupSettlement { .. } => "Aufbau: Siedlung setzen".into(),
        Move::PlaceSetupCity { vertex } if !open("vertex") => {
            format!(
                "Aufbau: Stadt auf {} setzen",
                kr_acc(vertex, &names.corner(vertex))
            )
        }
        Move::PlaceSetupCity { .. } => "Aufbau: Stadt setzen".into(),
        Move::PlaceSetupRoad { edge } if !open("edge") => {
            format!(
                "Aufbau: Straße auf {} setzen",
                weg_acc(edge, &names.path(edge))
            )
        }
        Move::PlaceSetupRoad { .. } => "Aufbau: Straße setzen".into(),
        Move::Roll { .. } => "Würfeln".into(),
        Move::BuildRoad { edge } if !open("edge") => {
            format!("Straße auf {} bauen", weg_dat(edge, &names.path(edge)))
        }
        Move::BuildRoad { .. } => "Straße bauen".into(),
        Move::BuildSettlement { vertex } if !open("vertex") => {
            format!(
                "Siedlung auf {} bauen",
                kr_dat(vertex, &names.corner(vertex))
            )
        }
        Move::BuildSettlement { .. } => "Siedlung bauen".into(),
        Move::BuildCity { vertex } if !open("vertex") => {
            format!("Stadt auf {} bauen", kr_dat(vertex, &names.corner(vertex)))
        }
        Move::BuildCity { .. } => "Stadt bauen".into(),
        Move::BuildCityWall { vertex } if !open("vertex") => {
            format!(
                "Stadtmauer an die Stadt auf {} bauen",
                kr_dat(vertex, &names.corner(vertex))
            )
        }
        Move::BuildCityWall { .. } => "Stadtmauer bauen".into(),
        Move::ImproveCity { track, crane } => format!(
            "Stadtausbau {} erwerben{}",
            track_de(*track),
            if *crane { " (mit dem Kran)" } else { "" }
        ),
        Move::PlaceMetropolis { vertex } if !open("vertex") => {
            format!(
                "Metropole auf {} setzen",
                kr_acc(vertex, &names.corner(vertex))
            )
        }
        Move::PlaceMetropolis { .. } => "Metropole setzen".into(),
        Move::BuildKnight { vertex } if !open("vertex") => {
            format!(
                "Ritter auf {} einsetzen",
                kr_acc(vertex, &names.corner(vertex))
            )
        }
        Move::BuildKnight { .. } => "Ritter einsetzen".into(),
        Move::ActivateKnight { vertex } if !open("vertex") => {
            format!(
                "Ritter auf {} aktivieren",
                kr_dat(vertex, &names.corner(vertex))
            )
        }
        Move::ActivateKnight { .. } => "Ritter aktivieren".into(),
        Move::PromoteKnight { vertex } if !open("vertex") => {
            format!(
                "Ritter auf {} aufwerten",
                kr_dat(vertex, &names.corner(vertex))
            )
        }
        Move::PromoteKnight { .. } => "Ritter aufwerten".into(),
        Move::KnightMove { from, to } if !open("to") => {
            format!(
                "Ritter von {} auf {} versetzen",
                kr_dat(from, &names.corner(from)),
                kr_acc(to, &names.corner(to))
            )
        }
        Move::KnightMove { from, .. } => {
            format!("Ritter von {} versetzen", kr_dat(from, &names.corner(from)))
        }
        Move::KnightDisplace { from, to } if !open("to") => format!(
            "Mit dem Ritter von {} den Ritter auf {} vertreiben",
            kr_dat(from, &names.corner(from)),
            kr_dat(to, &names.corner(to))
        ),
        Move::KnightDisplace { from, .. } => {
            format!(
                "Mit dem Ritter von {} einen Ritter vertreiben",
                kr_dat(from, &names.corner(from))
            )
        }
        Move::KnightChaseRobber { knight, hex, .. } if !open("hex") => format!(
            "Mit dem Ritter auf {} den Räuber vertreiben und auf {} versetzen",
            kr_dat(knight, &names.corner(knight)),
            feld_acc(hex, &names.hex(hex))
        ),
        Move::KnightChaseRobber { knight, .. } => {
            format!(
                "Mit dem Ritter auf {} den Räuber vertreiben",
                kr_dat(knight, &names.corner(knight))
            )
        }
        Move::RelocateKnight { vertex } if !open("vertex") => {
            format!(
                "Ritter auf {} umsetzen",
                kr_acc(vertex, &names.corner(vertex))
            )
        }
        Move::RelocateKnight { .. } => "Ritter umsetzen".into(),
        Move::RemoveOwnKnight { vertex } if !open("vertex") => format!(
            "Ritter auf {} gegen Handelschips vom Spielplan nehmen",
            kr_dat(vertex, &names.corner(vertex))
        ),
        Move::RemoveOwnKnight { .. } => "Ritter gegen Handelschips vom Spielplan nehmen".into(),
        Move::NeutralBuild {
            colour,
            vertex,
            edge,
        } => {
            let whom = if open("colour") {
                "eine neutrale Partei".to_string()
            } else {
                colour_de(cx, *colour)
            };
            match (vertex, edge) {
                (Some(v), _) if !open("vertex") => {
                    format!(
                        "Für {whom}: Teil auf {} setzen",
                        kr_acc(v, &names.corner(v))
                    )
                }
                (_, Some(e)) if !open("edge") => {
                    format!("Für {whom}: Teil auf {} setzen", weg_acc(e, &names.path(e)))
                }
                _ => format!("Für {whom}: neutrales Teil setzen"),
            }
        }
        Move::TokenForcedTrade { mode, .. } => match mode {
            TradeMode::Resources => "Zwangshandel nur mit Rohstoffen".into(),
            TradeMode::All => "Zwangshandel mit allen Karten".into(),
        },
        Move::ForcedTradeReturn { cards: c } if !open("cards") => {
            format!("{} zurückgeben", cards_de(c))
        }
        Move::ForcedTradeReturn { .. } => "2 Karten zurückgeben".into(),
        Move::TokenRobberToDesert => "Räuber zurück in die Wüste".into(),
        Move::AqueductTake { resource } if !open("resource") => {
            format!("{} nehmen (Aquädukt)", card_n_de(1, *resource))
        }
        Move::AqueductTake { .. } => "Rohstoff nehmen (Aquädukt)".into(),
        Move::DefenderDraw { deck, .. } if !open("deck") => {
            format!("Fortschrittskarte vom Stapel {} ziehen", track_de(*deck))
        }
        Move::DefenderDraw { .. } => "Fortschrittskarte ziehen".into(),
        Move::ChoosePillagedCity { vertex } if !open("vertex") => {
            format!(
                "Die Stadt auf {} wird wieder zur Siedlung",
                kr_dat(vertex, &names.corner(vertex))
            )
        }
        Move::ChoosePillagedCity { .. } => "Geplünderte Stadt wählen".into(),
        Move::DiscardProgress { card } if !open("card") => format!(
            "Karte {} unter ihren Stapel zurücklegen",
            progress_de(*card)
        ),
        Move::DiscardProgress { .. } => "Fortschrittskarte zurücklegen".into(),
        Move::PlayProgress {
            card,
            white,
            red,
            vertex,
            hexes,
            edges,
            knights,
            hex,
            target,
            knight,
            edge,
            give,
            kind,
            commodity,
            resource,
            ..
        } => {
            let mut parts: Vec<String> = Vec::new();
            if let (Some(w), Some(r)) = (white, red) {
                if !open("white") && !open("red") {
                    parts.push(format!("weiß {w}, rot {r}"));
                }
            }
            if let Some(t) = target.filter(|_| !open("target")) {
                parts.push(format!("gegen {}", colour_de(cx, t)));
            }
            if let Some(v) = vertex.filter(|_| !open("vertex")) {
                parts.push(nom(names.corner(&v), format!("Kreuzung {v}")));
            }
            if let Some(k) = knight.filter(|_| !open("knight")) {
                parts.push(format!("Ritter auf {}", kr_dat(&k, &names.corner(&k))));
            }
            // CCK-PROG-19: as in English, the play that names the knight.
            if *card == ProgressKind::Deserter && open("knight") {
                parts.push("mit Wahl des Ritters".into());
            }
            if let Some(ks) = knights.as_ref().filter(|_| !open("knights")) {
                if !ks.is_empty() {
                    parts.push(format!(
                        "Ritter auf {}",
                        list(ks.iter().map(|k| kr_dat(k, &names.corner(k))).collect())
                    ));
                }
            }
            if let Some(h) = hex.filter(|_| !open("hex")) {
                parts.push(nom(names.hex(&h), format!("Feld {h}")));
            }
            if let Some(hs) = hexes.as_ref().filter(|_| !open("hexes")) {
                if !hs.is_empty() {
                    let old: Vec<String> = hs.iter().map(|h| h.to_string()).collect();
                    parts.push(if names.0.is_some() {
                        list(
                            hs.iter()
                                .map(|h| nom(names.hex(h), h.to_string()))
                                .collect(),
                        )
                    } else {
                        format!("Felder {}", list(old))
                    });
                }
            }
            if let Some(e) = edge.filter(|_| !open("edge")) {
                parts.push(nom(names.path(&e), format!("Weg {e}")));
            }
            if let Some(es) = edges.as_ref().filter(|_| !open("edges")) {
                if !es.is_empty() {
                    let old: Vec<String> = es.iter().map(|e| e.to_string()).collect();
                    parts.push(if names.0.is_some() {
                        list(
                            es.iter()
                                .map(|e| nom(names.path(e), e.to_string()))
                                .collect(),
                        )
                    } else {
                        format!(
                            "{} {}",
                            if es.len() == 1 { "Weg" } else { "Wege" },
                            list(old)
                        )
                    });
                }
            }
            if let Some(g) = give.filter(|_| !open("give")) {
                parts.push(format!("{} abgeben", card_n_de(1, g)));
            }
            for (key, c) in [
                ("kind", kind),
                ("commodity", commodity),
                ("resource", resource),
            ] {
                if let Some(c) = c.filter(|_| !open(key)) {
                    parts.push(card_de(c).to_string());
                }
            }
            if parts.is_empty() {
                format!("Karte {} ausspielen", progress_de(*card))
            } else {
                format!(
                    "Karte {} ausspielen ({})",
                    progress_de(*card),
                    parts.join("; ")
                )
            }
        }
        Move::DeserterPick { vertex } if !open("vertex") => {
            format!(
                "Ritter auf {} entfernen",
                kr_dat(vertex, &names.corner(vertex))
            )
        }
        Move::DeserterPick { .. } => "Einen Ritter entfernen".into(),
        Move::DeserterPlace { vertex: Some(v) } if !open("vertex") => {
            format!(
                "Übergelaufenen Ritter auf {} setzen",
                kr_acc(v, &names.corner(v))
            )
        }
        Move::DeserterPlace { vertex: None } if !open("vertex") => "Keinen Ritter setzen".into(),
        Move::DeserterPlace { .. } => "Übergelaufenen Ritter setzen".into(),
        Move::DiplomatReplace { edge: Some(e) } if !open("edge") => {
            format!("Straße auf {} wieder einsetzen", weg_acc(e, &names.path(e)))
        }
        Move::DiplomatReplace { edge: None } if !open("edge") => {
            "Straße nicht wieder einsetzen".into()
        }
        Move::DiplomatReplace { .. } => "Straße wieder einsetzen".into(),
        Move::SaboteurDiscard { cards: c } if !open("cards") => {
            format!("{} abwerfen", cards_de(c))
        }
        Move::SaboteurDiscard { .. } => "Karten abwerfen".into(),
        Move::WeddingGive { cards: c } if !open("cards") => format!("{} abgeben", cards_de(c)),
        Move::WeddingGive { .. } => "Karten abgeben".into(),
        Move::CommercialHarborGive { commodity } if !open("commodity") => {
            format!("{} abgeben", card_n_de(1, *commodity))
        }
        Move::CommercialHarborGive { .. } => "Handelsware abgeben".into(),
        Move::SpyPick { card } if !open("card") => {
            format!("Karte {} nehmen", progress_de(*card))
        }
        Move::SpyPick { .. } => "Fortschrittskarte nehmen".into(),
        Move::MasterMerchantPick { cards: c } if !open("cards") => {
            format!("{} nehmen", cards_de(c))
        }
        Move::MasterMerchantPick { .. } => "Karten nehmen".into(),
        Move::MoveRobber { hex, .. } if !open("hex") => {
            format!("Räuber auf {} versetzen", feld_acc(hex, &names.hex(hex)))
        }
        Move::MoveRobber { .. } => "Räuber versetzen".into(),
        Move::Discard { cards: c } if !open("cards") => format!("{} abwerfen", cards_de(c)),
        Move::Discard { .. } => "Karten abwerfen".into(),
        Move::MaritimeTrade { give, get, times } => {
            if open("get") {
                format!("{} mit der Bank tauschen", card_de(*give))
            } else {
                match times.filter(|t| *t > 1 && !open("times")) {
                    Some(t) => format!(
                        "{} mit der Bank gegen {} tauschen ({t}-mal)",
                        card_de(*give),
                        card_de(*get)
                    ),
                    None => format!(
                        "{} mit der Bank gegen {} tauschen",
                        card_de(*give),
                        card_de(*get)
                    ),
                }
            }
        }
        Move::OfferTrade { give, want } if !open("give") && !open("want") => {
            format!("{} für {} anbieten", cards_de(give), cards_de(want))
        }
        Move::OfferTrade { .. } => "Dem Gegner einen Handel anbieten".into(),
        Move::RespondTrade { accept: true } => "Angebot annehmen".into(),
        Move::RespondTrade { accept: false } => "Angebot ablehnen".into(),
        Move::EndTurn => "Zug beenden".into(),
    }
}

/// The name of a value a free field of a legal template may take: a corner, path
/// or hex by what touches it, a pair or list of them joined, a card by its name.
pub fn value_label(s: &State, field: &str, value: &serde_json::Value, lang: Lang) -> String {
    let one = |v: &serde_json::Value| -> Option<String> {
        let names = Names(Some(s));
        let place = match field {
            "vertex" | "knight" | "knights" => {
                names.corner(&serde_json::from_value::<Vertex>(v.clone()).ok()?)
            }
            "edge" | "edges" => names.path(&serde_json::from_value::<Edge>(v.clone()).ok()?),
            "hex" | "hexes" => names.hex(&serde_json::from_value::<Hex>(v.clone()).ok()?),
            _ => {
                let c = serde_json::from_value::<Card>(v.clone()).ok()?;
                return Some(match lang {
                    Lang::De => card_de(c).to_string(),
                    _ => c.name().to_string(),
                });
            }
        };
        place.map(|p| p.text(lang, Case::Nom))
    };
    let named = match value {
        serde_json::Value::Array(items) if matches!(field, "hexes" | "edges" | "knights") => items
            .iter()
            .map(one)
            .collect::<Option<Vec<String>>>()
            .map(|n| join_list(&n, lang)),
        v => one(v),
    };
    named.unwrap_or_else(|| value.to_string())
}

/// The question a free field asks.
pub fn param_label(field: &str, lang: Lang) -> Option<String> {
    let (en, de) = match field {
        "knight" => ("Which knight?", "Welcher Ritter?"),
        "knights" => ("Which knights?", "Welche Ritter?"),
        "hexes" => ("Which two hexes?", "Welche zwei Felder?"),
        "kind" => ("Which card?", "Welche Karte?"),
        "commodity" => ("Which commodity?", "Welche Ware?"),
        "give" => ("What do you give?", "Was gibst du ab?"),
        "white" => ("The white die?", "Der weiße Würfel?"),
        "red" => ("The red die?", "Der rote Würfel?"),
        _ => return crate::games::catan::text::core_question(field, lang),
    };
    Some(match lang {
        Lang::De => de.into(),
        _ => en.into(),
    })
}

#[cfg(test)]
mod german_tests {
    use super::super::board::Corner;
    use super::super::prompt::NeutralAsk;
    use super::*;
    use crate::engine::SeatInfo;

    fn seats() -> Vec<SeatInfo> {
        vec![
            SeatInfo::human("a", "Player A", "Spieler A"),
            SeatInfo::human("b", "Player B", "Spieler B"),
        ]
    }

    fn ask(kind: DecisionKind, seat: Colour) -> Decision {
        Decision {
            kind,
            seat: Some(seat),
            count: None,
            level: None,
            track: None,
            may_play: None,
            give: None,
            want: None,
            neutral: None,
            end: None,
        }
    }

    #[test]
    fn german_sentences_read_right() {
        let seats = seats();
        let cx = TextCx::new(Lang::De, &seats);
        let v = Vertex(0, 1, Corner::S);
        let e = Event::KnightPromoted {
            seat: Seat(0),
            vertex: v,
            level: 2,
            smith: false,
            // An event of an old session: no `place`, named by coordinates.
            place: None,
        };
        assert_eq!(
            e.describe(&cx),
            "Spieler A wertet den Ritter auf der Kreuzung S(0,1) zum starken Ritter auf."
        );
        let e = Event::Improvement {
            seat: Seat(1),
            track: Track::Politics,
            level: 3,
            cost: 3,
            commodity: Card::Coin,
        };
        assert_eq!(
            e.describe(&cx),
            "Spieler B erwirbt Politik Stufe 3 für 3 Münzen (keine neutrale Folge)."
        );
        let e = Event::Seven {
            discards: vec![Seat(0), Seat(1)],
        };
        assert_eq!(
            e.describe(&cx),
            "Eine 7: Spieler A und Spieler B müssen abwerfen."
        );
        let e = Event::ProgressPlayed {
            seat: Seat(1),
            card: ProgressKind::Smith,
            took: None,
            rule_play: "CCK-PROG-17".into(),
        };
        assert_eq!(
            e.describe(&cx),
            "Spieler B spielt die Karte Schmiedekunst aus."
        );
        let mut d = ask(DecisionKind::KnightRelocation, Colour::A);
        d.level = Some(2);
        assert_eq!(
            d.describe(&cx),
            "Spieler A: Dein starker Ritter wurde vertrieben; setze ihn auf eine freie Kreuzung entlang deiner Straßen um."
        );
        let mut d = ask(DecisionKind::WeddingGive, Colour::B);
        d.count = Some(2);
        assert_eq!(
            d.describe(&cx),
            "Spieler B: Wegen der Hochzeit gibst du Spieler A 2 Karten deiner Wahl."
        );
        let mut d = ask(DecisionKind::Neutral, Colour::A);
        d.neutral = Some(NeutralAsk {
            task: NeutralKind::Knight,
            trigger: "CCK-NEUT-1".into(),
            rule: "CCK-NEUT-1".into(),
            colours: ["white (n1)".into(), "orange (n2)".into()],
        });
        assert_eq!(
            d.describe(&cx),
            "Spieler A: Setze einen schwachen Ritter für die neutrale Partei 1 (Weiß) oder die neutrale Partei 2 (Orange); wähle unter den angezeigten Plätzen."
        );
        let e = Event::NeutralPlaced {
            active: Seat(0),
            trigger: "CCK-NEUT-1".into(),
            kind: NeutralKind::Knight,
            colour: Colour::N1,
            colour_name: "white (n1)".into(),
            spot: SpotAt::Vertex(v),
            chosen_by: ChosenBy::Bot,
            place: None,
            bot: Some(super::super::events::BotChoice {
                target: Colour::B,
                candidates: vec![super::super::events::Candidate {
                    colour: Colour::N1,
                    spot: SpotAt::Vertex(v),
                    reach: 2,
                    pips: 11,
                }],
            }),
        };
        assert_eq!(
            e.describe(&cx),
            "Der Bot setzt für die neutrale Partei 1 (Weiß) einen schwachen Ritter auf die Kreuzung S(0,1), als Folge des Ritters, der gerade eingesetzt wurde. Von 1 möglichen Platz ist es der, der den Teilen von Spieler B am nächsten liegt (Reichweite 2), mit den meisten Punkten auf den Zahlenchips (11), um Spieler B zu blockieren."
        );
        assert_eq!(
            label_de(&Move::BuildKnight { vertex: v }, &[], &cx),
            "Ritter auf die Kreuzung S(0,1) einsetzen"
        );
        let cards: Cards = [(Card::Brick, 1), (Card::Coin, 2)].into_iter().collect();
        assert_eq!(
            label_de(&Move::Discard { cards }, &[], &cx),
            "1 Lehm und 2 Münzen abwerfen"
        );
        assert_eq!(
            label_de(&Move::progress(ProgressKind::MasterMerchant), &[], &cx),
            "Karte Handelsmeister ausspielen"
        );
        assert_eq!(label_de(&Move::EndTurn, &[], &cx), "Zug beenden");
        // The English and the seat names on the wire stay as they are.
        let en = TextCx::new(Lang::En, &seats);
        assert_eq!(
            Event::Discarded {
                seat: Seat(0),
                count: 2
            }
            .describe(&en),
            "Player A discards 2 cards."
        );
    }

    /// The house options the contract scan does not play (the neutral bot, `one_step`)
    /// read in German too; every seed is scanned, and every failure is reported.
    #[test]
    fn german_texts_of_house_options_have_no_english_words() {
        use crate::engine::adapter::Erased;
        use crate::engine::testing::scan_texts;
        let g = Erased::<super::super::CatanCkDuel>::new();
        let mut errors = Vec::new();
        let mut n = 0;
        for (o, seeds) in [
            (
                serde_json::json!({"max_turns": 15, "neutral_placement": "bot"}),
                40..44,
            ),
            (
                serde_json::json!({"max_turns": 15, "neutral_placement": "bot", "neutral_promotion": "one_step"}),
                50..52,
            ),
            (serde_json::json!({"max_turns": 15}), 60..63),
        ] {
            for seed in seeds {
                match scan_texts(&g, &o, seed..seed + 1, 1200) {
                    Ok(k) => n += k,
                    Err(e) => errors.push(e),
                }
            }
        }
        assert!(errors.is_empty(), "{}", errors.join("\n"));
        assert!(n > 1000, "{n} texts");
    }
}

/// A die of the duel's throw (CCK-DICE-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ThrowDie {
    White,
    Red,
    Event,
}

/// A die or card the table rolls or draws in the duel, with whose it is
/// and what it decides (CAT-RNG-2, CAT-RNG-3).
#[derive(Debug, Clone, Copy)]
pub enum TableNeed {
    /// A die of roll `roll` (1 or 2) of the turn (CCK-DICE-1, CCK-DICE-2).
    Throw { die: ThrowDie, roll: u8 },
    /// The white or red die thrown again: the sum repeated the first roll (CCK-DICE-4).
    Rethrow { die: ThrowDie },
    /// `seat`'s die `n` of 2 in the roll-off for the first player (CAT-SETUP-4).
    RollOff { seat: Seat, n: u8 },
    /// A card drawn at random from `from`'s hand (CAT-RNG-3).
    FromHand { from: Seat },
    /// The top card of `track`'s progress deck, drawn by `seat` and seen only by them.
    Progress { track: Track, seat: Seat },
}

impl crate::engine::NeedText for TableNeed {
    fn label(&self, cx: &TextCx<'_>) -> String {
        let de = cx.lang == Lang::De;
        let die_en = |d: ThrowDie| match d {
            ThrowDie::White => "White die",
            ThrowDie::Red => "Red die",
            ThrowDie::Event => "Event die",
        };
        let die_de = |d: ThrowDie| match d {
            ThrowDie::White => "Weißer Würfel",
            ThrowDie::Red => "Roter Würfel",
            ThrowDie::Event => "Ereigniswürfel",
        };
        match *self {
            TableNeed::Throw { die, roll } if de => format!("{} (Wurf {roll})", die_de(die)),
            TableNeed::Throw { die, roll } => format!("{} (roll {roll})", die_en(die)),
            TableNeed::Rethrow { die } if de => format!(
                "{} neu geworfen (die Summe wiederholte den ersten Wurf)",
                die_de(die)
            ),
            TableNeed::Rethrow { die } => format!(
                "{} thrown again (the sum repeated the first roll)",
                die_en(die)
            ),
            TableNeed::RollOff { seat, n } if de => format!(
                "Würfel {n} von 2 von {} für den Startspieler",
                name(cx, seat)
            ),
            TableNeed::RollOff { seat, n } => {
                format!("{}'s die {n} of 2 for the first player", name(cx, seat))
            }
            TableNeed::FromHand { from } if de => {
                format!(
                    "Zufällig gezogene Karte aus der Hand von {}",
                    name(cx, from)
                )
            }
            TableNeed::FromHand { from } => {
                format!("Card drawn at random from {}'s hand", name(cx, from))
            }
            TableNeed::Progress { track, seat } if de => format!(
                "Fortschrittskarte {}, die {} zieht (nur für {} sichtbar)",
                track_de(track),
                name(cx, seat),
                name(cx, seat)
            ),
            TableNeed::Progress { track, seat } => format!(
                "{} progress card {} draws (only they see it)",
                crate::games::catan::text::capitalise(track.name()),
                name(cx, seat)
            ),
        }
    }

    fn value_label(&self, value: &str, cx: &TextCx<'_>) -> Option<String> {
        let de = cx.lang == Lang::De;
        let cap = crate::games::catan::text::capitalise;
        match *self {
            TableNeed::Throw {
                die: ThrowDie::Event,
                ..
            } => {
                // CCK-DICE-3: the ship on three faces, a city gate on the others.
                let face: u8 = value.parse().ok()?;
                let gate = match face {
                    1..=3 => None,
                    4 => Some(Track::Trade),
                    5 => Some(Track::Politics),
                    6 => Some(Track::Science),
                    _ => return None,
                };
                Some(match (gate, de) {
                    (None, true) => format!("{face}: Barbarenschiff"),
                    (None, false) => format!("{face}: barbarian ship"),
                    (Some(t), true) => format!("{face}: Stadttor {}", track_de(t)),
                    (Some(t), false) => format!("{face}: {} city gate", t.name()),
                })
            }
            TableNeed::FromHand { .. } => {
                let c = *ALL_CARDS.iter().find(|c| c.name() == value)?;
                Some(if de {
                    card_de(c).to_string()
                } else {
                    cap(c.name())
                })
            }
            TableNeed::Progress { track, .. } => {
                let k = super::data::deck_list(track)
                    .into_iter()
                    .find(|k| k.name() == value)?;
                Some(if de {
                    progress_de(k).to_string()
                } else {
                    cap(&progress_name(k))
                })
            }
            _ => None,
        }
    }
}
