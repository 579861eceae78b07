//! The sentences of catan-ck-duel, rendered from the typed events and decisions: event texts,
//! prompts and move labels. English only for now; `Lang::De` renders the English text until
//! German is written (issue 18).

use super::data::{Cards, ProgressKind, Track, ALL_CARDS};
use super::events::{ChosenBy, Event, FallbackTo, GameEnd, LapseReason, NeutralKind, SpotAt};
use super::moves::Move;
use super::prompt::{Decision, DecisionKind};
use super::rules::VpBreakdown;
use super::state::{Colour, TradeMode};
use crate::engine::text::{count, join_list};
use crate::engine::{Describe, Lang, Seat, TextCx};

fn name(cx: &TextCx<'_>, seat: Seat) -> String {
    cx.seat_name(seat)
}

/// A colour as sentences name it: a real seat by its name, a neutral colour by its id.
fn colour(cx: &TextCx<'_>, c: Colour) -> String {
    match c.seat() {
        Some(p) => cx.seat_name(Seat(p as u8)),
        None => c.name().to_string(),
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

fn spot(s: &SpotAt) -> String {
    match s {
        SpotAt::Vertex(v) => v.to_string(),
        SpotAt::Edge(e) => e.to_string(),
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
                "The house turn cap of {} ends the game; nobody reached {vp_target} victory points, the rules' end (CCK-END-1). By the table's house rule {lead}. {end}",
                count(cap, "turn", "turns")
            )
            }
        }
    }
}

impl Describe for Event {
    fn describe(&self, cx: &TextCx<'_>) -> String {
        match cx.lang {
            Lang::En | Lang::De => en(self, cx),
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
        E::SetupSettlement { seat, vertex } => {
            format!("{} places a settlement on {vertex}.", name(cx, *seat))
        }
        E::StartingCards {
            seat,
            vertex,
            cards: c,
        } => format!(
            "{} places a city on {vertex} and takes {}.",
            name(cx, *seat),
            cards(c)
        ),
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
            seat, hex, stolen, ..
        } => format!(
            "{} moves the robber to {hex}{}.",
            name(cx, *seat),
            if *stolen { " and steals a card" } else { "" }
        ),
        E::CardStolen { seat, from, card } => format!(
            "{} takes 1 {} from {}.",
            name(cx, *seat),
            card.name(),
            name(cx, *from)
        ),
        E::KnightDisplaced { colour: c, vertex } => match c.seat() {
            Some(p) => format!(
                "{}'s knight on {vertex} is displaced.",
                name(cx, Seat(p as u8))
            ),
            None => format!("The {} knight on {vertex} is displaced.", c.name()),
        },
        E::KnightRemoved { seat } => format!(
            "{}'s displaced knight has no free spot: it returns to the stock (no tokens, CCK-TOKEN-3).",
            name(cx, *seat)
        ),
        E::KnightRelocated { seat, vertex } => format!(
            "{} re-places its displaced knight on {vertex}.",
            name(cx, *seat)
        ),
        E::Aqueduct { seat, resource } => format!(
            "{} got nothing and takes 1 {} (Aqueduct).",
            name(cx, *seat),
            resource.name()
        ),
        E::CityPillaged { seat, vertex } => format!(
            "{}'s city on {vertex} is pillaged and becomes a settlement.",
            name(cx, *seat)
        ),
        E::Metropolis {
            seat,
            track,
            vertex,
        } => format!(
            "{} places the {} metropolis on {vertex}.",
            name(cx, *seat),
            track.name()
        ),
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
            colour_name,
            spot: at,
            chosen_by,
            bot,
            ..
        } => {
            let at = spot(at);
            let col = colour_name;
            let what = match kind {
                NeutralKind::Road => format!("builds a road for {col} on {at}"),
                NeutralKind::Settlement => format!("builds a settlement for {col} on {at}"),
                NeutralKind::Knight => format!("places a knight for {col} on {at}"),
                NeutralKind::Promotion => format!("promotes {col}'s knight on {at}"),
                NeutralKind::Relocation => format!("moves {col}'s displaced knight to {at}"),
            };
            let why = match trigger.as_str() {
                "CAT-DUO-6" => {
                    "owed for the road or settlement a player just built (CAT-DUO-6)".to_string()
                }
                "CCK-NEUT-1" => "owed for the knight a player just built (CCK-NEUT-1)".to_string(),
                "CCK-PROG-16" => {
                    "owed for a road of the Road Building card (CCK-PROG-16)".to_string()
                }
                "CCK-KNIGHT-3" | "CCK-PROG-17" => {
                    format!("owed for the promotion of a player's knight ({trigger})")
                }
                "CCK-NEUT-8" => "because a player's knight displaced it (CCK-NEUT-8)".to_string(),
                other => format!("as {other} requires"),
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
            "The displaced {} knight has no free spot on its roads: it goes back to its stock; nobody earns tokens.",
            c.name()
        ),
        E::TurnEnds { turn, seat } => {
            format!("Turn {turn} begins: {} to roll.", name(cx, *seat))
        }
        E::RoadBuilt { seat, edge } => format!(
            "{} builds a road on {edge}; a neutral road follows.",
            name(cx, *seat)
        ),
        E::SettlementBuilt { seat, vertex } => format!(
            "{} builds a settlement on {vertex}; a neutral settlement follows.",
            name(cx, *seat)
        ),
        E::CityBuilt { seat, vertex } => format!(
            "{} builds a city on {vertex} (no neutral consequence).",
            name(cx, *seat)
        ),
        E::WallBuilt { seat, vertex } => format!(
            "{} builds a city wall on {vertex} (no neutral consequence).",
            name(cx, *seat)
        ),
        E::KnightBuilt { seat, vertex } => format!(
            "{} builds a basic knight on {vertex}; a neutral basic knight follows.",
            name(cx, *seat)
        ),
        E::KnightActivated { seat, vertex } => format!(
            "{} activates its knight on {vertex} (no neutral consequence).",
            name(cx, *seat)
        ),
        E::KnightPromoted {
            seat,
            vertex,
            level,
            smith: false,
        } => format!(
            "{} promotes its knight on {vertex} to level {level}.",
            name(cx, *seat)
        ),
        E::KnightPromoted {
            seat,
            vertex,
            level,
            ..
        } => format!(
            "The Smith promotes {}'s knight on {vertex} to level {level} for free.",
            name(cx, *seat)
        ),
        E::KnightMoved { seat, from, to } | E::KnightDisplaces { seat, from, to } => format!(
            "{}'s knight goes from {from} to {to} and becomes inactive.",
            name(cx, *seat)
        ),
        E::KnightReturned {
            seat,
            level,
            vertex,
        } => format!(
            "{} takes its level-{level} knight off {vertex} for tokens.",
            name(cx, *seat)
        ),
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
        E::DeserterRemoved { seat, vertex } => format!(
            "{} removes its knight on {vertex} (no tokens, CCK-TOKEN-3).",
            name(cx, *seat)
        ),
        E::DeserterPlaced {
            seat,
            level,
            vertex,
        } => format!(
            "{} places a level-{level} knight on {vertex}; no neutral knight follows.",
            name(cx, *seat)
        ),
        E::DeserterNoPlace => {
            "The Deserter's player cannot place a knight; the removal stands.".into()
        }
        E::DiplomatReplaced { seat, edge } => format!(
            "{} re-places its road on {edge}; re-placing is not building, so no neutral road follows.",
            name(cx, *seat)
        ),
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
        use DecisionKind as K;
        let me = self
            .seat
            .and_then(Colour::seat)
            .map(|p| cx.seat_name(Seat(p as u8)))
            .unwrap_or_default();
        let you = self
            .seat
            .and_then(Colour::seat)
            .map(|p| cx.seat_name(Seat(1 - p as u8)))
            .unwrap_or_default();
        let n = self.count.unwrap_or(0);
        match self.kind {
            K::SetupRoad => format!("{me}: place your set-up road next to the piece you just placed (CCK-SETUP-3)."),
            K::SetupCity => format!("{me}: place your set-up city (CCK-SETUP-3)."),
            K::SetupSettlement => format!("{me}: place your set-up settlement (CCK-SETUP-3)."),
            K::FirstRoll => format!("{me}: roll the white, red and event dice for your first roll (CCK-DICE-2); before it you may play the Alchemist or take your token action."),
            K::SecondRoll => format!("{me}: roll the dice for your second roll (CCK-DICE-2); before it you may take your token action."),
            K::Turn => format!("{me}: build, trade, improve a city, use your knights, play progress cards, or end your turn (CAT-TURN-3)."),
            K::Discard => format!("{me}: a 7 was rolled and you hold too many cards; discard {} of your choice (CCK-SEVEN-1).", count(n, "card", "cards")),
            K::Robber => format!("{me}: move the robber to another land hex and take a card from a player with a building there (CAT-ROB-1)."),
            K::Neutral => match &self.neutral {
                Some(a) => {
                    let colours = format!("{} or {}", a.colours[0], a.colours[1]);
                    let what = match a.task {
                        NeutralKind::Road => format!("place a road for {colours}"),
                        NeutralKind::Settlement => format!("place a settlement for {colours}"),
                        NeutralKind::Knight => format!("place a basic knight for {colours}"),
                        NeutralKind::Promotion => format!("promote a knight of {colours}"),
                        NeutralKind::Relocation => "move the displaced neutral knight along its colour's roads".to_string(),
                    };
                    if a.trigger == a.rule {
                        format!("{me}: {what} ({}); choose among the listed spots.", a.rule)
                    } else {
                        format!("{me}: {what}, owed under {}; choose among the listed spots ({}).", a.trigger, a.rule)
                    }
                }
                None => format!("{me}: place the neutral piece owed (CCK-NEUT-9)."),
            },
            K::KnightRelocation => format!("{me}: your {} knight was displaced; move it to a free intersection along your roads (CCK-KNIGHT-7).", knight(self.level.unwrap_or(1))),
            K::Aqueduct => format!("{me}: your Aqueduct gives you one resource of your choice from the bank (CCK-PROD-3)."),
            K::DefenderDraw => format!("{me}: you tied as the strongest defender; draw a progress card from the deck of your choice (CCK-BARB-3)."),
            K::Pillage => format!("{me}: the barbarians won; choose which of your cities becomes a settlement again (CCK-BARB-4)."),
            K::MetropolisPlace => format!("{me}: place the {} metropolis on one of your cities (CCK-IMP-4).", self.track.map_or("", Track::name)),
            K::ProgressExcess => format!("{me}: you hold {n} progress cards, more than 4; return one under its deck{} (CCK-PROG-4).", if self.may_play == Some(true) { " or play one" } else { "" }),
            K::ForcedTradeReturn => format!("{me}: give 2 cards of your choice back to {you} for the forced trade (CCK-TOKEN-6)."),
            K::TradeResponse => format!("{me}: {you} offers {} for {}; accept or refuse (CAT-TRADE-3).", cards(self.give.as_ref().unwrap_or(&Cards::new())), cards(self.want.as_ref().unwrap_or(&Cards::new()))),
            K::DeserterPick => format!("{me}: the Deserter is played against you; remove one of your knights (CCK-PROG-19)."),
            K::DeserterPlace => format!("{me}: place your deserted {} knight on a free intersection along your roads (CCK-PROG-19).", knight(self.level.unwrap_or(1))),
            K::DiplomatReplace => format!("{me}: place the road the Diplomat removed on another path of yours (CCK-PROG-20)."),
            K::WeddingGive => format!("{me}: the Wedding asks you to give {you} {} of your choice (CCK-PROG-25).", count(n, "card", "cards")),
            K::SaboteurDiscard => format!("{me}: the Saboteur makes you discard {} of your choice (CCK-PROG-22).", count(n, "card", "cards")),
            K::CommercialHarborGive => format!("{me}: the Commercial Harbor asks you for a commodity of your choice in exchange for the resource offered (CCK-PROG-27)."),
            K::SpyPick => format!("{me}: your Spy looks at {you}'s progress cards; take one of them (CCK-PROG-23)."),
            K::MasterMerchantPick => format!("{me}: your Master Merchant lets you take {} of your choice from {you}'s hand (CCK-PROG-29).", count(n, "card", "cards")),
            K::NeutralBot => "The bot places the neutral pieces (CCK-NEUT-9).".into(),
            K::Finished => match &self.end {
                Some(e) => e.describe(cx),
                None => "The game is over.".into(),
            },
        }
    }
}

/// The label of a move (a legal-move list item).
pub fn label(mv: &Move, _free: &[&str], _cx: &TextCx<'_>) -> String {
    let v = serde_json::to_value(mv).unwrap_or_default();
    let t = v
        .get("type")
        .and_then(|t| t.as_str())
        .unwrap_or("move")
        .replace('_', " ");
    let mut out = {
        let mut c = t.chars();
        match c.next() {
            Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
            None => String::new(),
        }
    };
    let at = |key: &str| -> Option<String> {
        let x = v.get(key)?;
        let a = x.as_array()?;
        let q = a.first()?.as_i64()?;
        let r = a.get(1)?.as_i64()?;
        Some(match a.get(2).and_then(|c| c.as_str()) {
            Some(c) => format!("{c}({q},{r})"),
            None => format!("({q},{r})"),
        })
    };
    for (key, word) in [
        ("vertex", "at"),
        ("edge", "on"),
        ("hex", "to"),
        ("knight", "with the knight at"),
        ("to", "to"),
    ] {
        if let Some(s) = at(key) {
            out.push_str(&format!(" {word} {s}"));
        }
    }
    for key in [
        "card",
        "resource",
        "commodity",
        "track",
        "give",
        "get",
        "colour",
    ] {
        if let Some(s) = v.get(key).and_then(|x| x.as_str()) {
            out.push_str(&format!(" {}", s.replace('_', " ")));
        }
    }
    out
}
