//! Sentences rendered from the typed data: events, decisions (the prompts)
//! and move labels, in the game's own terms, in English and in German
//! (in the terms of the German edition and its rulebook).

use crate::engine::text::{count, join_list};
use crate::engine::{Describe, Lang, Seat, SeatKind, TextCx};

use super::data::{AutomaFaction, Cult, Dir, Kind, Reach, Terrain};
use super::events::*;
use super::ids::TownTile;
use super::moves::Move;

fn name(cx: &TextCx<'_>, s: Seat) -> String {
    cx.seat_name(s)
}

fn is_bot(cx: &TextCx<'_>, s: Seat) -> bool {
    cx.seats
        .get(s.index())
        .is_some_and(|i| i.kind == SeatKind::Bot)
}

fn names(cx: &TextCx<'_>, seats: &[Seat]) -> String {
    join_list(
        &seats.iter().map(|s| name(cx, *s)).collect::<Vec<_>>(),
        cx.lang,
    )
}

fn choice(c: &Choice) -> String {
    match c {
        Choice::Space(s) => s.to_string(),
        Choice::Track(t) => t.name().to_string(),
        Choice::Favor(f) => f.to_string(),
        Choice::Cell(c) => c.to_string(),
    }
}

fn choices(cx: &TextCx<'_>, v: &[Choice]) -> String {
    join_list(&v.iter().map(choice).collect::<Vec<_>>(), cx.lang)
}

fn steps(d: Option<u32>) -> String {
    match d {
        Some(n) => count(n, "step", "steps"),
        None => "no path".into(),
    }
}

fn signed(n: i32) -> String {
    format!("{n:+}")
}

fn ordinal(n: u8) -> &'static str {
    match n {
        1 => "first",
        2 => "second",
        3 => "third",
        _ => "next",
    }
}

fn roman(n: u8) -> &'static str {
    ["I", "II", "III", "IV", "V", "VI"]
        .get(usize::from(n).saturating_sub(1))
        .copied()
        .unwrap_or("?")
}

fn arrow(d: Dir) -> &'static str {
    match d {
        Dir::Rd => "→",
        Dir::Lu => "←",
    }
}

fn reason(r: VpReason) -> &'static str {
    match r {
        VpReason::ScoringTile => "scoring tile",
        VpReason::FavorTile => "favor tile",
        VpReason::BonusCard => "bonus card",
        VpReason::Town => "town",
        VpReason::Leech => "power from neighbours",
        VpReason::FactionAbility => "faction ability",
        VpReason::Resources => "resources",
        VpReason::Correction => "correction",
        VpReason::Other => "other",
    }
}

fn action(a: AutomaAction) -> &'static str {
    match a {
        AutomaAction::BlockPowerAction => "Block a power action",
        AutomaAction::GainVp => "Gain VP",
        AutomaAction::AdvanceCult => "Advance on a cult track",
        AutomaAction::Upgrade => "Upgrade",
        AutomaAction::TakeFavorTile => "Take a favor tile",
        AutomaAction::TransformAndBuild => "Transform and build",
        AutomaAction::Trade => "Trade",
        AutomaAction::DruidsCultSteps => "The Druids' cult steps",
        AutomaAction::PowermongersCultStep => "The Powermongers' cult step",
        AutomaAction::PlaceCube => "The Symbionts' cube",
        AutomaAction::Blight => "The Blight",
    }
}

fn skip_reason(r: SkipReason, board: Option<Board>, from_round: Option<u8>) -> String {
    match r {
        SkipReason::NoUncoveredSpace => format!(
            "every power action space of the {} board is covered",
            if board == Some(Board::Merchants) {
                "Merchants"
            } else {
                "main"
            }
        ),
        SkipReason::ZeroVp => "its VP value is 0 this round".into(),
        SkipReason::EveryTrackAtTen => "every cult track has a marker on 10".into(),
        SkipReason::BeforeRoundFive => "favor tiles are taken only in rounds 5 and 6".into(),
        SkipReason::NoFavorTile => "no +3 favor tile is left on an open track".into(),
        SkipReason::NothingToUpgrade => "she has no building she can upgrade".into(),
        SkipReason::TooEarlyToTrade => format!(
            "this card trades only from round {} on",
            from_round.unwrap_or(1)
        ),
        SkipReason::NoTradeMarker => "she has no trade marker left".into(),
        SkipReason::NoTradeOption => {
            "no human building borders a river without her trade marker".into()
        }
        SkipReason::NoCubeCell => "no free land cell borders a human building".into(),
        SkipReason::NoFallowLand => "no fallow land is left".into(),
    }
}

fn cell_values(cx: &TextCx<'_>, v: &[CellValue], unit: (&str, &str)) -> String {
    join_list(
        &v.iter()
            .map(|x| match x.value {
                Some(n) => format!("{} {}", x.cell, count(n, unit.0, unit.1)),
                None => format!("{} no path", x.cell),
            })
            .collect::<Vec<_>>(),
        cx.lang,
    )
}

fn selection(cx: &TextCx<'_>, s: &Selection) -> String {
    let after = choices(cx, &s.after);
    let kept = |what: String| {
        if s.skipped {
            format!("{what}: no option qualifies, so the method is skipped and all stay.")
        } else {
            format!("{what}: {after}.")
        }
    };
    match &s.method {
        Method::Merging { joined: true, .. } => {
            "Merging: a marked building of hers is already in range of an unmarked one, so there is nothing to merge.".into()
        }
        Method::Merging { gap, .. } => {
            let g = match gap {
                Some(n) => count(*n, "step", "steps"),
                None => "without a path".into(),
            };
            if s.skipped {
                format!("Merging: the gap between her marked and unmarked buildings is {g}; no cell shortens it, so all stay.")
            } else {
                format!("Merging: the gap between her marked and unmarked buildings is {g}; the cells that shorten it: {after}.")
            }
        }
        Method::TerrainPriority {
            card,
            row,
            terrains,
            first,
            ..
        } => {
            let whose = match card {
                AtpCard::Automa => "her",
                AtpCard::Human => "the human's",
                AtpCard::Youth => "the youth",
            };
            let row = match row {
                AtpRow::A => "A",
                AtpRow::B => "B",
            };
            let list = terrains
                .iter()
                .map(|t| t.name())
                .collect::<Vec<_>>()
                .join(", ");
            kept(format!(
                "Terrain priority, row {row} of {whose} ATP card ({list}): {} comes first",
                first.map(|t| t.name()).unwrap_or("no terrain")
            ))
        }
        Method::ClosestToHumans { distances } => kept(format!(
            "Closest to the humans' buildings ({})",
            cell_values(cx, distances, ("step", "steps"))
        )),
        Method::FurthestFromAutoma { distances } => kept(format!(
            "Furthest from her own buildings ({})",
            cell_values(cx, distances, ("step", "steps"))
        )),
        Method::AdjacentToHumans => kept(
            "She has a trading house in supply, so her dwellings directly next to a human building"
                .into(),
        ),
        Method::LeastPower { power } => kept(format!(
            "Least power to the humans ({})",
            cell_values(cx, power, ("power", "power"))
        )),
        Method::MostPower { power } => kept(format!(
            "Most power to the humans ({})",
            cell_values(cx, power, ("power", "power"))
        )),
        Method::HighestPowerValue { power } => kept(format!(
            "The human buildings of the highest power value ({})",
            cell_values(cx, power, ("power", "power"))
        )),
        Method::ScoringTile { tile_cult } => match (tile_cult, s.skipped) {
            (Some(c), false) => format!(
                "The Automa icon of this round's scoring tile is {}: she chooses {}.",
                c.name(),
                c.name()
            ),
            (Some(c), true) => format!(
                "The Automa icon of this round's scoring tile is {}, which is not an option: she catches up instead.",
                c.name()
            ),
            (None, _) => "This round's scoring tile shows no Automa colour: she catches up instead.".into(),
        },
        Method::CatchUpZero { .. } => kept("Catch-up I, the tracks where she stands on 0".into()),
        Method::CatchUpNearest { tracks } => {
            let parts: Vec<String> = tracks
                .iter()
                .map(|t| {
                    format!(
                        "{} {} (she is on {}, the human on {})",
                        t.track.name(),
                        t.distance,
                        t.automa,
                        t.human
                    )
                })
                .collect();
            kept(format!(
                "Catch-up II, the tracks where she is nearest to the human marker ({})",
                join_list(&parts, cx.lang)
            ))
        }
    }
}

fn en(e: &Event, cx: &TextCx<'_>) -> String {
    match e {
        Event::TableSetUp {
            automa_faction,
            automa_home,
            difficulty,
            map,
            chance_source,
            bonus_row,
            scoring_tiles,
        } => format!(
            "Terra Mystica with Automa: {} on {}, level {}, map: {}. Bonus row: {}. Scoring tiles of rounds 1 to 6: {}.{}",
            automa_faction.name(),
            automa_home.name(),
            difficulty.name(),
            map_name(*map, cx.lang),
            join_list(&bonus_row.iter().map(|b| b.to_string()).collect::<Vec<_>>(), cx.lang),
            join_list(&scoring_tiles.iter().map(|b| b.to_string()).collect::<Vec<_>>(), cx.lang),
            if *chance_source == super::options::ChanceSource::Table {
                " Physical-table mode: the players send every Automa card they turn over."
            } else {
                ""
            }
        ),
        Event::InitialDwelling { seat, cell } => {
            format!("{} places an initial dwelling on {cell}.", name(cx, *seat))
        }
        Event::InitialDwellingCard { card, letters } => format!(
            "Automa turns over card {card} for her initial dwellings: letters {} and {}.",
            letters[0], letters[1]
        ),
        Event::AutomaDwellingPlaced {
            cell,
            letter,
            letter_cell,
            marked,
        } => {
            let m = if *marked { "a marked" } else { "an unmarked" };
            if cell == letter_cell {
                format!("Automa places {m} dwelling on {cell} (letter {letter}).")
            } else {
                format!("Automa places {m} dwelling on {cell}: letter {letter} marks {letter_cell}, which is taken, so she takes the next free cell of her terrain.")
            }
        }
        Event::BonusCardTaken { seat, card } => {
            if is_bot(cx, *seat) {
                format!("Automa takes the leftmost bonus card, {card}.")
            } else {
                format!("{} takes bonus card {card}.", name(cx, *seat))
            }
        }
        Event::RoundStarted {
            round,
            start_player,
        } => format!(
            "Round {round} begins; {} has the first turn.",
            name(cx, *start_player)
        ),
        Event::AutomaCards {
            round,
            first_of_round,
            action_card,
            support_card,
            action_rotated,
            cards_left,
            ..
        } => {
            let rot = if *action_rotated { " (rotated)" } else { "" };
            if *first_of_round {
                format!(
                    "Automa's first turn of round {round}: she turns over {support_card}, her support card, then {action_card}{rot}, her action card; {} left in her deck.",
                    count(*cards_left as i64, "card", "cards")
                )
            } else {
                format!(
                    "Automa turns over {action_card}{rot} as her action card; {support_card} is her support card now; {} left in her deck.",
                    count(*cards_left as i64, "card", "cards")
                )
            }
        }
        Event::DeckEmpty => "Automa's deck is empty: she passes.".into(),
        Event::PassSymbol { card } => format!(
            "Card {card} is rotated and shows the pass symbol: Automa passes and ignores the rest of the card."
        ),
        Event::FactionAction { faction } => format!(
            "The action card shows the faction action: {} perform the actions of their faction card.",
            faction.name()
        ),
        Event::ActionSkipped {
            action: a,
            reason,
            board,
            from_round,
        } => format!(
            "{}: {}, so Automa does not perform it.",
            action(*a),
            skip_reason(*reason, *board, *from_round)
        ),
        Event::Options {
            action: a,
            candidates,
            shipping,
            range_of,
        } => {
            let list = choices(cx, candidates);
            match a {
                AutomaAction::TransformAndBuild => {
                    let whose = match range_of {
                        Some(RangeOf::Marked) => "in range of her marked buildings",
                        Some(RangeOf::Unmarked) => "in range of her unmarked buildings",
                        _ => "anywhere on the map (Wanderers)",
                    };
                    let n = count(candidates.len() as i64, "empty cell", "empty cells");
                    if candidates.is_empty() {
                        format!(
                            "Transform and build with shipping {}: no empty cell {whose}.",
                            shipping.unwrap_or(0)
                        )
                    } else {
                        format!(
                            "Transform and build with shipping {}: {n} {whose}: {list}.",
                            shipping.unwrap_or(0)
                        )
                    }
                }
                AutomaAction::BlockPowerAction => {
                    format!("Block a power action: the uncovered spaces are {list}.")
                }
                AutomaAction::AdvanceCult => {
                    format!("Advance on a cult track: she can advance on {list}.")
                }
                AutomaAction::Upgrade => {
                    format!("Upgrade: she can upgrade her buildings on {list}.")
                }
                AutomaAction::TakeFavorTile => {
                    format!("Take a favor tile: she can take {list}.")
                }
                AutomaAction::Trade => format!(
                    "Trade: the human buildings beside a river without her trade marker are on {list}."
                ),
                AutomaAction::PlaceCube => format!(
                    "The Symbionts' cube: the free cells beside a human building are {list}."
                ),
                other => format!("{}: the options are {list}.", action(*other)),
            }
        }
        Event::Selection(s) => selection(cx, s),
        Event::Directional {
            direction,
            count: n,
            ordered,
            chosen,
        } => format!(
            "Directional selection {}{n} over {}: {}.",
            arrow(*direction),
            choices(cx, ordered),
            choice(chosen)
        ),
        Event::PowerActionBlocked { space, .. } => {
            format!("Automa covers power action {space}; she gains nothing.")
        }
        Event::VpGained {
            amount,
            source,
            total,
        } => format!(
            "Automa gains {amount} VP ({}); she now has {total} VP.",
            match source {
                VpSource::Card => "the number on her action card",
                VpSource::Difficulty => "X of the difficulty card this round",
                VpSource::FactionCard => "her faction card",
            }
        ),
        Event::AutomaCultAdvanced {
            track,
            from,
            to,
            priest_space,
            cause,
        } => {
            let moved = if from == to {
                format!("she stays on {from}, because 10 is taken")
            } else {
                format!("from {from} to {to}")
            };
            let t = track.name();
            match (cause, priest_space) {
                (CultCause::CardAction, Some(v)) => {
                    format!("Automa puts a priest on the {v}-space of {t} and advances {moved}.")
                }
                (CultCause::CardAction, None) => {
                    format!("Automa advances 1 step on {t} without a priest: {moved}.")
                }
                (CultCause::Druids, _) => {
                    format!("The Druids advance 2 steps on {t} without a priest: {moved}.")
                }
                (CultCause::Powermongers, _) => format!(
                    "A human gains 2 or more power from her, so the Powermongers advance 1 step on {t}: {moved}."
                ),
            }
        }
        Event::FavorTaken {
            seat,
            tile,
            track,
            from,
            to,
        } => format!(
            "{} takes favor tile {tile} and advances on {} from {from} to {to}.",
            name(cx, *seat),
            track.name()
        ),
        Event::Fallback { reason } => match reason {
            FallbackReason::NoDwelling => "Automa has no dwelling left, so she upgrades instead.",
            FallbackReason::NoOption => "Automa has no cell to build on, so she upgrades instead.",
        }
        .into(),
        Event::AutomaUpgraded {
            cell,
            from,
            to,
            marked,
        } => format!(
            "Automa upgrades her {} on {cell} to a {} ({}).",
            from.name(),
            to.name(),
            if *marked { "marked" } else { "unmarked" }
        ),
        Event::AutomaBuilt {
            cell,
            terrain_before,
            terrain_after,
            marked,
            dist_marked,
            dist_unmarked,
        } => {
            let tf = match terrain_before {
                Some(b) if b != terrain_after => format!(
                    ", transformed from {} into {}",
                    b.name(),
                    terrain_after.name()
                ),
                _ => String::new(),
            };
            format!(
                "Automa builds {} dwelling on {cell}{tf}: her nearest marked building is {} away, the nearest unmarked one {}.",
                if *marked { "a marked" } else { "an unmarked" },
                steps(*dist_marked),
                steps(*dist_unmarked)
            )
        }
        Event::PowerOffered {
            seat,
            amount,
            cell,
            builder,
        } => {
            let p = count(*amount, "power", "power");
            if is_bot(cx, *seat) {
                format!(
                    "Automa is offered {p} from {}'s building on {cell}; she never takes power.",
                    name(cx, *builder)
                )
            } else if is_bot(cx, *builder) {
                format!(
                    "{} may gain {p} from Automa's building on {cell} (at the table).",
                    name(cx, *seat)
                )
            } else {
                format!(
                    "{} may gain {p} from {}'s building on {cell} (at the table).",
                    name(cx, *seat),
                    name(cx, *builder)
                )
            }
        }
        Event::Trade { cell, owner, vp } => format!(
            "Automa trades with {}'s building on {cell} and gains {vp} VP; {} may gain power for it at the table.",
            name(cx, *owner),
            name(cx, *owner)
        ),
        Event::CubePlaced { cell } => format!("The Symbionts place a cube on {cell}."),
        Event::BlightPlaced { cell } => format!("The Blight turns {cell} into blighted land."),
        Event::Achievement { token, vp } => format!(
            "The Gognomes reach achievement {} and gain {vp} VP.",
            roman(*token)
        ),
        Event::NoAction => {
            "No action of the card could be performed; Automa's turn ends.".into()
        }
        Event::AutomaWaits { seats } => format!(
            "Automa's turn waits until {} {} the power gained from her.",
            names(cx, seats),
            if seats.len() == 1 { "reports" } else { "report" }
        ),
        Event::AutomaPassed {
            reason,
            round,
            vp,
            racelings_bonus_vp,
            bonus_taken,
            position,
            coins_returned,
            bonus_returned,
            reserve_card_added,
            mots_card_added,
            next_deck_size,
            start_player_next_round,
        } => {
            let mut parts = vec![format!(
                "Automa passes ({}) and scores {vp} VP from the scoring tile of round {round}",
                match reason {
                    PassReason::DeckEmpty => "her deck is empty",
                    PassReason::PassSymbol => "pass symbol",
                }
            )];
            if *racelings_bonus_vp > 0 {
                parts[0].push_str(&format!(
                    ", and {racelings_bonus_vp} VP more as the Racelings passing first"
                ));
            }
            if let Some(card) = bonus_taken {
                let pos = match position {
                    Some(RowPosition::Left) => "the left",
                    Some(RowPosition::Middle) => "the middle",
                    _ => "the right",
                };
                let mut s = format!("she takes bonus card {card}, {pos} one of the row");
                if *coins_returned > 0 {
                    s.push_str(&format!(
                        ", and returns {} on it to the supply",
                        count(*coins_returned, "coin", "coins")
                    ));
                }
                if let Some(old) = bonus_returned {
                    s.push_str(&format!("; {old} takes its place"));
                }
                parts.push(s);
            }
            if *reserve_card_added {
                parts.push("a card of her reserve joins her next deck unseen".into());
            }
            if let Some(m) = mots_card_added {
                parts.push(format!("card {m} joins her next deck"));
            }
            if let Some(n) = next_deck_size {
                parts.push(format!(
                    "her deck for the next round holds {}",
                    count(*n as i64, "card", "cards")
                ));
            }
            if *start_player_next_round {
                parts.push("she passed first and starts the next round".into());
            }
            format!("{}.", parts.join("; "))
        }
        Event::Transformed {
            seat,
            cell,
            from,
            to,
            blight_removed,
        } => format!(
            "{} transforms {cell}{} into {}{}.",
            name(cx, *seat),
            from.map(|f| format!(" from {}", f.name())).unwrap_or_default(),
            to.name(),
            if *blight_removed {
                " (it was blighted: the token goes, and the transform costs one extra spade)"
            } else {
                ""
            }
        ),
        Event::Built { seat, cell } => {
            format!("{} builds a dwelling on {cell}.", name(cx, *seat))
        }
        Event::Upgraded {
            seat,
            cell,
            from,
            to,
        } => format!(
            "{} upgrades the {} on {cell} to a {}.",
            name(cx, *seat),
            from.name(),
            to.name()
        ),
        Event::ShapeshiftersPower { seat, cell } => format!(
            "The Shapeshifters built on {cell} next to Automa: {} gains 1 power at the table instead of a power token.",
            name(cx, *seat)
        ),
        Event::BridgePlaced { seat, a, b } => format!(
            "{} places a bridge between {a} and {b}.",
            name(cx, *seat)
        ),
        Event::PriestSent {
            seat,
            track,
            value,
            from,
            to,
        } => {
            if *value == 1 {
                format!(
                    "{} sends a priest to {} for 1 step: from {from} to {to}.",
                    name(cx, *seat),
                    track.name()
                )
            } else {
                format!(
                    "{} sends a priest to the {value}-space of {}: from {from} to {to}.",
                    name(cx, *seat),
                    track.name()
                )
            }
        }
        Event::CultAdvanced {
            seat,
            track,
            steps: n,
            from,
            to,
        } => format!(
            "{} advances {} on {}: from {from} to {to}.",
            name(cx, *seat),
            count(*n, "step", "steps"),
            track.name()
        ),
        Event::PowerActionTaken { seat, space } => {
            format!("{} takes power action {space}.", name(cx, *seat))
        }
        Event::TownTaken { seat, tile } => format!(
            "{} takes town tile {tile} and a key{}.",
            name(cx, *seat),
            if *tile == TownTile::Tw5 {
                ", and advances 1 step on every cult track"
            } else {
                ""
            }
        ),
        Event::ReachSet { seat, reach } => match reach {
            Reach::Shipping { level } => {
                format!("{}'s shipping level is now {level}.", name(cx, *seat))
            }
            Reach::Teleport { range } => {
                format!("{}'s teleport range is now {range}.", name(cx, *seat))
            }
        },
        Event::VpReported {
            seat,
            delta,
            reason: r,
        } => format!(
            "{} reports {} VP ({}).",
            name(cx, *seat),
            signed(*delta),
            reason(*r)
        ),
        Event::CultistDraw { seat, card, vp } => match (card, vp) {
            (Some(c), Some(v)) => format!(
                "The Cultists of {} draw Automa card {c} from her reserve: its Gain VP gives them {v} VP.",
                name(cx, *seat)
            ),
            (Some(c), None) => format!(
                "The Cultists of {} draw Automa card {c} from her reserve: it shows no VP, so they may advance 1 step on a cult track.",
                name(cx, *seat)
            ),
            (None, _) => format!(
                "Automa's reserve is empty, so the Cultists of {} draw no card and may advance 1 step on a cult track.",
                name(cx, *seat)
            ),
        },
        Event::CultStepDeclined { seat } => {
            format!("{} declines the cult step.", name(cx, *seat))
        }
        Event::PowerGainReported {
            seat,
            gained,
            offered,
        } => format!(
            "{} gained {gained} of the {} offered.",
            name(cx, *seat),
            count(*offered, "power", "power")
        ),
        Event::TurnEnded { seat, steps: n } => format!(
            "{} ends the turn after {}.",
            name(cx, *seat),
            count(*n, "step", "steps")
        ),
        Event::TransformsDone { seat } => {
            format!("{} ends the round-end transforms.", name(cx, *seat))
        }
        Event::HumanPassed {
            seat,
            round,
            bonus_card,
            coins,
            returned,
            start_player_next_round,
        } => {
            let who = name(cx, *seat);
            let mut s = match bonus_card {
                Some(c) => format!(
                    "{who} passes in round {round} and takes bonus card {c} with {} on it",
                    count(*coins, "coin", "coins")
                ),
                None => format!("{who} passes in round {round}"),
            };
            if let Some(old) = returned {
                s.push_str(&format!("; {old} takes its place in the row"));
            }
            if *start_player_next_round {
                s.push_str(&format!("; {who} passed first and starts the next round"));
            }
            format!("{s}.")
        }
        Event::AutomaVpReported {
            seat,
            delta,
            reason: r,
        } => format!(
            "{} reports {} VP for Automa ({}).",
            name(cx, *seat),
            signed(*delta),
            reason(*r)
        ),
        Event::RoundEnded {
            round,
            tile,
            next_round,
            start_player,
            cult_bonus,
        } => format!(
            "Round {round} ends: the power actions are uncovered, 1 coin goes on each bonus card in the row, and scoring tile {tile} leaves the game. Round {next_round} begins with {}.{}",
            name(cx, *start_player),
            if cult_bonus.is_empty() {
                String::new()
            } else {
                format!(
                    " First {} {} the round-end transforms of the cult bonus.",
                    names(cx, cult_bonus),
                    if cult_bonus.len() == 1 { "makes" } else { "make" }
                )
            }
        ),
        Event::LastRoundOver => {
            "Round 6 is over (there is no cult bonus): each human now sends a final report.".into()
        }
        Event::FinalReport { seat, vp_delta } => format!(
            "{} reports {} VP at the end of the game.",
            name(cx, *seat),
            signed(*vp_delta)
        ),
        Event::FinalScoring { scores, winners } => {
            let lines: Vec<String> = scores
                .iter()
                .map(|s| {
                    let mut parts = vec![
                        format!("{} before the end", s.before_end),
                        format!("area {}", s.area),
                        format!("cults {}", s.cults),
                    ];
                    if s.final_tile != 0 {
                        parts.push(format!("final tile {}", s.final_tile));
                    }
                    if s.faction != 0 {
                        parts.push(format!("faction {}", s.faction));
                    }
                    format!("{} {} VP ({})", name(cx, s.seat), s.total, parts.join(", "))
                })
                .collect();
            format!(
                "Final scores: {}. {}",
                lines.join("; "),
                if winners.len() == 1 {
                    format!("{} wins.", name(cx, winners[0]))
                } else {
                    format!("{} share the victory.", names(cx, winners))
                }
            )
        }
    }
}

impl Describe for Event {
    fn describe(&self, cx: &TextCx<'_>) -> String {
        let text = match cx.lang {
            Lang::En => en(self, cx),
            Lang::De => de(self, cx),
        };
        printed_names(&text, cx.lang)
    }
}

/// A sentence with every tile id it names (`BON9`, `FAV7`, `TW2`, `ACT4`,
/// `SCORE3`) replaced by what the tile says, quoted, as no id is printed on
/// the tiles: "takes bonus card “+2 coins, 1 VP per dwelling
/// when passing”". The events keep the ids as data.
pub fn printed_names(text: &str, lang: Lang) -> String {
    let (open, close) = if lang == Lang::De {
        ("„", "“")
    } else {
        ("“", "”")
    };
    let mut out = String::with_capacity(text.len() + 32);
    let mut rest = text;
    while let Some(at) = rest.find(|c: char| c.is_ascii_uppercase()) {
        let (before, from) = rest.split_at(at);
        out.push_str(before);
        let end = from
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(from.len());
        let word = &from[..end];
        // Only a whole word: "XBON1" or "BON1a" is not an id.
        let whole = !before.ends_with(|c: char| c.is_ascii_alphanumeric());
        match tile_effect(word, lang).filter(|_| whole) {
            Some(effect) => {
                out.push_str(open);
                out.push_str(&effect);
                out.push_str(close);
            }
            None => out.push_str(word),
        }
        rest = &from[end..];
    }
    out.push_str(rest);
    out
}

/// What the tile with id `id` says, if `id` is a tile id.
fn tile_effect(id: &str, lang: Lang) -> Option<String> {
    let letters = id.trim_end_matches(|c: char| c.is_ascii_digit());
    if letters.len() == id.len() || letters.is_empty() {
        return None;
    }
    fn parse<T: serde::de::DeserializeOwned>(v: &str) -> Option<T> {
        serde_json::from_value(serde_json::Value::String(v.to_string())).ok()
    }
    match letters {
        "BON" | "MB" => Some(bonus_effect(&super::ids::BonusCard::from(id), lang)),
        "FAV" => parse(id).map(|t| favor_effect(t, lang)),
        "TW" => parse(id).map(|t| town_effect(t, lang)),
        "ACT" => parse(id).map(|p| power_effect(p, lang)),
        "SCORE" => scoring_effect(id, lang),
        "MS" => Some(match lang {
            Lang::De => format!("Wertungsplättchen {} der Händler der Meere", &id[2..]),
            _ => format!("Merchants of the Seas scoring tile {}", &id[2..]),
        }),
        _ => None,
    }
}

/// A round scoring tile by its printed effect (facts §10.6): what a human
/// scores in the round, and the cult bonus at its end.
pub fn scoring_effect(id: &str, lang: Lang) -> Option<String> {
    let de = lang == Lang::De;
    let t = |en: &str, de_: &str| Some(if de { de_ } else { en }.to_string());
    match id {
        "SCORE1" => t(
            "2 VP per spade; 1 coin per Earth step",
            "2 Siegpunkte je Spaten; 1 Münze je Erde-Stufe",
        ),
        "SCORE2" => t(
            "5 VP per town; 1 spade per 4 Earth",
            "5 Siegpunkte je Stadt; 1 Spaten je 4 Erde",
        ),
        "SCORE3" => t(
            "2 VP per dwelling; 1 priest per 4 Water",
            "2 Siegpunkte je Wohnhaus; 1 Priester je 4 Wasser",
        ),
        "SCORE4" => t(
            "5 VP per stronghold or sanctuary; 1 worker per 2 Fire",
            "5 Siegpunkte je Festung oder Heiligtum; 1 Arbeiter je 2 Feuer",
        ),
        "SCORE5" => t(
            "2 VP per dwelling; 4 power per 4 Fire",
            "2 Siegpunkte je Wohnhaus; 4 Macht je 4 Feuer",
        ),
        "SCORE6" => t(
            "3 VP per trading house; 1 spade per 4 Water",
            "3 Siegpunkte je Handelshaus; 1 Spaten je 4 Wasser",
        ),
        "SCORE7" => t(
            "5 VP per stronghold or sanctuary; 1 worker per 2 Air",
            "5 Siegpunkte je Festung oder Heiligtum; 1 Arbeiter je 2 Luft",
        ),
        "SCORE8" => t(
            "3 VP per trading house; 1 spade per 4 Air",
            "3 Siegpunkte je Handelshaus; 1 Spaten je 4 Luft",
        ),
        "SCORE9" => t(
            "4 VP per temple; 2 coins per priest sent to a cult track",
            "4 Siegpunkte je Tempel; 2 Münzen je Priester auf einer Kultskala",
        ),
        _ => None,
    }
}

/// A map by its name.
fn map_name(map: super::ids::MapId, lang: Lang) -> &'static str {
    use super::ids::MapId as M;
    let de = lang == Lang::De;
    match map {
        M::Base => {
            if de {
                "Grundspiel"
            } else {
                "base game"
            }
        }
        M::FireIce1 => {
            if de {
                "Feuer & Eis, Seite 1"
            } else {
                "Fire & Ice, side 1"
            }
        }
        M::RevisedBase => {
            if de {
                "überarbeitetes Grundspiel"
            } else {
                "revised base game"
            }
        }
        M::LoonLakes => "Loon Lakes",
        M::Fjords => {
            if de {
                "Fjorde"
            } else {
                "Fjords"
            }
        }
        M::Archipelago => {
            if de {
                "Archipel"
            } else {
                "Archipelago"
            }
        }
    }
}

fn decision_en(d: &Decision, cx: &TextCx<'_>) -> String {
    match d {
        Decision::PlaceInitialDwelling {
            seat,
            terrain,
            number,
            of,
        } => format!(
            "{}: place your {} on an empty {} cell.",
            name(cx, *seat),
            if *of == 1 {
                "initial dwelling".to_string()
            } else {
                format!("{} initial dwelling", ordinal(*number))
            },
            terrain.name()
        ),
        Decision::AutomaInitialDwellings { card_from_table } => {
            if *card_from_table {
                "Automa places her two initial dwellings: turn over a random Automa card and send it for her letters.".into()
            } else {
                "Automa places her two initial dwellings: ask for her turn.".into()
            }
        }
        Decision::AutomaBonusCard => {
            "Automa takes the leftmost bonus card: ask for her turn.".into()
        }
        Decision::ChooseBonusCard { seat } => {
            format!("{}: choose a bonus card from the row.", name(cx, *seat))
        }
        Decision::TakeTurn {
            seat,
            round,
            steps_taken,
        } => {
            let who = name(cx, *seat);
            if *steps_taken == 0 {
                format!(
                    "{who}, round {round}: take your turn (send its steps, such as build, transform or upgrade, then end your turn), or pass{}.",
                    if *round < 6 { " and take a bonus card" } else { "" }
                )
            } else {
                format!(
                    "{who}, round {round}: continue your turn ({} so far) or end it.",
                    count(*steps_taken, "step", "steps")
                )
            }
        }
        Decision::AutomaTurn {
            round,
            resumes,
            turn_over,
            card_from_table,
            ..
        } => {
            if *resumes {
                return "Automa's turn continues after the power reports: ask for her turn."
                    .into();
            }
            match (card_from_table, turn_over.len()) {
                (_, 0) => format!(
                    "Automa's turn in round {round}: her deck holds too few cards, so she passes. Ask for her turn (no card to send)."
                ),
                (true, 2) => format!(
                    "Automa's first turn of round {round}: turn over two cards from her deck and send them in that order: first the support card, then the action card."
                ),
                (true, _) => format!(
                    "Automa's turn in round {round}: turn over the top card of her deck, her new action card, and send it."
                ),
                (false, _) => format!("Automa's turn in round {round}: ask for her turn."),
            }
        }
        Decision::CultistCultStep { seat, .. } => format!(
            "{}: the Cultists' card shows no VP: advance 1 step on a cult track of your choice, or decline.",
            name(cx, *seat)
        ),
        Decision::PowerGainReport { seat, offered } => format!(
            "{}: Automa's building offered you {}. How much did you gain (0 to {offered})?",
            name(cx, *seat),
            count(*offered, "power", "power")
        ),
        Decision::CultBonusTransforms {
            seat,
            round,
            spades,
        } => match spades {
            Some(n) => format!(
                "{}: the cult bonus of round {round} gives you {}: transform cells with them, then end your transforms.",
                name(cx, *seat),
                count(*n, "spade", "spades")
            ),
            None => format!(
                "{}: use the cult-bonus spades of round {round} (the Merchants tile's bonus) to transform cells, then end your transforms.",
                name(cx, *seat)
            ),
        },
        Decision::FinalReports { seats } => format!(
            "Round 6 is over: {} {} the final report (resource scoring and any VP not reported yet).",
            names(cx, seats),
            if seats.len() == 1 { "sends" } else { "send" }
        ),
        Decision::GameOver { winners, vp } => {
            if winners.len() == 1 {
                format!("{} wins with {vp} VP.", name(cx, winners[0]))
            } else {
                format!("{} share the victory with {vp} VP.", names(cx, winners))
            }
        }
    }
}

impl Describe for Decision {
    fn describe(&self, cx: &TextCx<'_>) -> String {
        let text = match cx.lang {
            Lang::En => decision_en(self, cx),
            Lang::De => decision_de(self, cx),
        };
        printed_names(&text, cx.lang)
    }
}

fn track(t: &Cult) -> &'static str {
    t.name()
}

/// A short label for a legal move; `free` names the fields a template
/// leaves open.
pub fn label(mv: &Move, free: &[&str], cx: &TextCx<'_>) -> String {
    match cx.lang {
        Lang::En => label_en(mv, free),
        Lang::De => label_de(mv, free),
    }
}

fn label_en(mv: &Move, free: &[&str]) -> String {
    let open = |f: &str| free.contains(&f);
    match mv {
        Move::PlaceInitialDwelling { cell } => format!("Place a dwelling on {cell}"),
        Move::ChooseBonusCard { card } => {
            format!("Take the bonus card: {}", bonus_effect(card, Lang::En))
        }
        Move::Transform { cell, terrain } => match (open("cell"), open("terrain")) {
            (true, true) => "Transform a cell".into(),
            (true, false) => format!("Transform a cell into {}", terrain.name()),
            (false, true) => format!("Transform {cell}"),
            (false, false) => format!("Transform {cell} into {}", terrain.name()),
        },
        Move::Build { cell } => format!("Build a dwelling on {cell}"),
        Move::Upgrade { cell, to } => format!("Upgrade {cell} to a {}", to.name()),
        Move::PlaceBridge { a, b } => format!("Bridge {a} and {b}"),
        Move::SendPriest { track: t, value } => {
            if *value == 1 {
                format!("Send a priest to {} for 1 step", track(t))
            } else {
                format!("Send a priest to the {value}-space of {}", track(t))
            }
        }
        Move::AdvanceCult { track: t, steps } => {
            format!("Advance {} on {}", count(*steps, "step", "steps"), track(t))
        }
        Move::TakePowerAction { space } => {
            format!("Take the power action: {}", power_effect(*space, Lang::En))
        }
        Move::TakeFavorTile { tile } => {
            format!("Take the favor tile: {}", favor_effect(*tile, Lang::En))
        }
        Move::TakeTownTile { tile } => {
            format!("Take the town tile: {}", town_effect(*tile, Lang::En))
        }
        Move::SetReach { reach } => match reach {
            Reach::Shipping { level } => format!("Shipping level {level}"),
            Reach::Teleport { range } => format!("Teleport range {range}"),
        },
        Move::EndTurn => "End your turn".into(),
        Move::Pass { bonus_card } => match bonus_card {
            Some(c) => format!(
                "Pass and take the bonus card: {}",
                bonus_effect(c, Lang::En)
            ),
            None => "Pass".into(),
        },
        Move::ReportVp { delta, .. } => {
            if open("delta") {
                "Report VP".into()
            } else {
                format!("Report {} VP", signed(*delta))
            }
        }
        Move::CultistCultStep { track: t } => match t {
            Some(t) => format!("Advance 1 step on {}", track(t)),
            None => "Decline the cult step".into(),
        },
        Move::PowerGainReport { gained } => {
            if open("gained") {
                "Report the power you gained".into()
            } else {
                format!("Gained {}", count(*gained, "power", "power"))
            }
        }
        Move::EndTransforms => "End your transforms".into(),
        Move::CultBonusTransforms { transforms } => format!(
            "Transform {}",
            count(transforms.len() as i64, "cell", "cells")
        ),
        Move::Turn { steps } => format!(
            "Take a turn of {}",
            count(steps.len() as i64, "step", "steps")
        ),
        Move::FinalReport { vp_delta } => {
            if open("vp_delta") {
                "Send your final report".into()
            } else {
                format!("Final report: {} VP", signed(*vp_delta))
            }
        }
        Move::ReportAutomaVp { delta, .. } => {
            if open("delta") {
                "Report Automa's VP".into()
            } else {
                format!("Report {} VP for Automa", signed(*delta))
            }
        }
    }
}

// ---------------------------------------------------------------------------
// German: the terms of the German edition as the rulebook uses
// them; the player is addressed with "du".

/// The German name of a seat ("Spieler 1", "Automa"): the seat's own
/// German name, which the context picks in a German sentence.
fn name_de(cx: &TextCx<'_>, s: Seat) -> String {
    cx.seat_name(s)
}

fn names_de(cx: &TextCx<'_>, seats: &[Seat]) -> String {
    join_list(
        &seats.iter().map(|s| name_de(cx, *s)).collect::<Vec<_>>(),
        Lang::De,
    )
}

pub(super) fn terrain_de(t: Terrain) -> &'static str {
    match t {
        Terrain::Desert => "Wüste",
        Terrain::Plains => "Ebene",
        Terrain::Swamp => "Sumpf",
        Terrain::Lakes => "Seen",
        Terrain::Forest => "Wald",
        Terrain::Mountains => "Gebirge",
        Terrain::Wasteland => "Ödland",
        Terrain::Ice => "Eis",
        Terrain::Volcano => "Vulkan",
    }
}

pub(super) fn cult_de(c: Cult) -> &'static str {
    match c {
        Cult::Fire => "Feuer",
        Cult::Water => "Wasser",
        Cult::Earth => "Erde",
        Cult::Air => "Luft",
    }
}

/// "auf der Kultskala Feuer"
pub(super) fn on_track(c: Cult) -> String {
    format!("auf der Kultskala {}", cult_de(c))
}

#[derive(Clone, Copy, PartialEq)]
pub(super) enum Genus {
    M,
    F,
    N,
}

pub(super) fn kind_de(k: Kind) -> (&'static str, Genus) {
    match k {
        Kind::Dwelling => ("Wohnhaus", Genus::N),
        Kind::TradingHouse => ("Handelshaus", Genus::N),
        Kind::Temple => ("Tempel", Genus::M),
        Kind::Stronghold => ("Festung", Genus::F),
        Kind::Sanctuary => ("Heiligtum", Genus::N),
        Kind::Shipyard => ("Werft", Genus::F),
    }
}

/// "zu einem Tempel", "zu einer Festung"
pub(super) fn zu_einem(k: Kind) -> String {
    let (n, g) = kind_de(k);
    let art = if g == Genus::F { "einer" } else { "einem" };
    format!("zu {art} {n}")
}

/// Accusative with a possessive of "sie": "ihr Wohnhaus", "ihren Tempel".
fn ihr_acc(k: Kind) -> String {
    let (n, g) = kind_de(k);
    let art = match g {
        Genus::M => "ihren",
        Genus::F => "ihre",
        Genus::N => "ihr",
    };
    format!("{art} {n}")
}

/// Accusative with the definite article: "das Wohnhaus", "den Tempel".
fn der_acc(k: Kind) -> String {
    let (n, g) = kind_de(k);
    let art = match g {
        Genus::M => "den",
        Genus::F => "die",
        Genus::N => "das",
    };
    format!("{art} {n}")
}

/// The Automa faction with its article, lower case ("die Druiden"); all
/// faction names are plural.
fn faction_de(f: AutomaFaction) -> &'static str {
    match f {
        AutomaFaction::Simpletons => "die Unscheinbaren",
        AutomaFaction::Kuddlers => "die Kuschler",
        AutomaFaction::Druids => "die Druiden",
        AutomaFaction::Racelings => "die Sprinter",
        AutomaFaction::Wanderers => "die Wanderer",
        AutomaFaction::Mimics => "die Nachahmer",
        AutomaFaction::Powermongers => "die Machthändler",
        AutomaFaction::Symbionts => "die Symbionten",
        AutomaFaction::Blight => "die Verwüster",
        AutomaFaction::Gognomes => "die Gognome",
    }
}

pub(super) fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

fn choice_de(c: &Choice) -> String {
    match c {
        Choice::Track(t) => cult_de(*t).to_string(),
        other => choice(other),
    }
}

fn choices_de(v: &[Choice]) -> String {
    join_list(&v.iter().map(choice_de).collect::<Vec<_>>(), Lang::De)
}

fn steps_de(d: Option<u32>) -> String {
    match d {
        Some(n) => count(n, "Schritt", "Schritte"),
        None => "ohne Weg".into(),
    }
}

fn punkte(n: impl Into<i64>) -> String {
    count(n, "Punkt", "Punkte")
}

fn signed_punkte(n: i32) -> String {
    if n == 1 || n == -1 {
        format!("{} Punkt", signed(n))
    } else {
        format!("{} Punkte", signed(n))
    }
}

fn ordinal_de(n: u8) -> &'static str {
    match n {
        1 => "erstes",
        2 => "zweites",
        3 => "drittes",
        _ => "nächstes",
    }
}

fn reason_de(r: VpReason) -> &'static str {
    match r {
        VpReason::ScoringTile => "Wertungsplättchen",
        VpReason::FavorTile => "Gunstplättchen",
        VpReason::BonusCard => "Rundenbonuskarte",
        VpReason::Town => "Stadt",
        VpReason::Leech => "Macht durch Nachbarn",
        VpReason::FactionAbility => "Fähigkeit des Volkes",
        VpReason::Resources => "Ressourcen",
        VpReason::Correction => "Korrektur",
        VpReason::Other => "Sonstiges",
    }
}

fn action_de(a: AutomaAction) -> &'static str {
    match a {
        AutomaAction::BlockPowerAction => "Machtaktion blockieren",
        AutomaAction::GainVp => "Punkte erhalten",
        AutomaAction::AdvanceCult => "Auf einer Kultskala aufsteigen",
        AutomaAction::Upgrade => "Aufwerten",
        AutomaAction::TakeFavorTile => "Gunstplättchen nehmen",
        AutomaAction::TransformAndBuild => "Umwandeln und Bauen",
        AutomaAction::Trade => "Handeln",
        AutomaAction::DruidsCultSteps => "Die Kultschritte der Druiden",
        AutomaAction::PowermongersCultStep => "Der Kultschritt der Machthändler",
        AutomaAction::PlaceCube => "Der Arbeiter der Symbionten",
        AutomaAction::Blight => "Die Verwüstung",
    }
}

fn skip_reason_de(r: SkipReason, board: Option<Board>, from_round: Option<u8>) -> String {
    match r {
        SkipReason::NoUncoveredSpace => format!(
            "jedes Machtaktionsfeld {} ist abgedeckt",
            if board == Some(Board::Merchants) {
                "von Die Händler"
            } else {
                "auf dem Hauptspielplan"
            }
        ),
        SkipReason::ZeroVp => "ihr Punktwert ist in dieser Runde 0".into(),
        SkipReason::EveryTrackAtTen => {
            "auf jeder Kultskala steht ein Markierungsstein auf 10".into()
        }
        SkipReason::BeforeRoundFive => "Gunstplättchen nimmt sie nur in den Runden 5 und 6".into(),
        SkipReason::NoFavorTile => {
            "auf keiner offenen Skala liegt noch ein Gunstplättchen mit +3".into()
        }
        SkipReason::NothingToUpgrade => "sie hat kein Gebäude, das sie aufwerten kann".into(),
        SkipReason::TooEarlyToTrade => format!(
            "diese Karte handelt erst ab Runde {}",
            from_round.unwrap_or(1)
        ),
        SkipReason::NoTradeMarker => "sie hat keinen Handelsmarker mehr".into(),
        SkipReason::NoTradeOption => {
            "kein Gebäude der Menschen liegt an einem Fluss ohne ihren Handelsmarker".into()
        }
        SkipReason::NoCubeCell => {
            "kein freies Landschaftsfeld grenzt an ein Gebäude der Menschen".into()
        }
        SkipReason::NoFallowLand => "es gibt kein Brachland mehr".into(),
    }
}

/// "C3 mit 2 Schritten", "D4 ohne Weg"; `unit` in the dative.
fn cell_values_de(v: &[CellValue], unit: (&str, &str)) -> String {
    join_list(
        &v.iter()
            .map(|x| match x.value {
                Some(n) => format!("{} mit {}", x.cell, count(n, unit.0, unit.1)),
                None => format!("{} ohne Weg", x.cell),
            })
            .collect::<Vec<_>>(),
        Lang::De,
    )
}

fn selection_de(s: &Selection) -> String {
    let after = choices_de(&s.after);
    let kept = |what: String| {
        if s.skipped {
            format!("{what}: Keine Option passt, also entfällt die Methode und alle bleiben.")
        } else {
            format!("{what}: {after}.")
        }
    };
    match &s.method {
        Method::Merging { joined: true, .. } => {
            "Zusammenführen: Ein markiertes Gebäude von ihr ist schon in Reichweite eines nicht markierten, es gibt also nichts zusammenzuführen.".into()
        }
        Method::Merging { gap, .. } => {
            let g = match gap {
                Some(n) => format!(
                    "Der Abstand zwischen ihren markierten und nicht markierten Gebäuden beträgt {}",
                    count(*n, "Schritt", "Schritte")
                ),
                None => "Zwischen ihren markierten und nicht markierten Gebäuden gibt es keinen Weg".into(),
            };
            if s.skipped {
                format!("Zusammenführen: {g}; kein Feld verkürzt ihn, also bleiben alle.")
            } else {
                format!("Zusammenführen: {g}; die Felder, die ihn verkürzen: {after}.")
            }
        }
        Method::TerrainPriority {
            card,
            row,
            terrains,
            first,
            ..
        } => {
            let whose = match card {
                AtpCard::Automa => "ihrer LTP-Karte",
                AtpCard::Human => "deiner LTP-Karte",
                AtpCard::Youth => "der Karte Symbionten-Nachwuchs",
            };
            let row = match row {
                AtpRow::A => "A",
                AtpRow::B => "B",
            };
            let list = terrains
                .iter()
                .map(|t| terrain_de(*t))
                .collect::<Vec<_>>()
                .join(", ");
            kept(format!(
                "Landschaftspriorität, Reihe {row} {whose} ({list}): zuerst kommt {}",
                first.map(terrain_de).unwrap_or("keine Landschaft")
            ))
        }
        Method::ClosestToHumans { distances } => kept(format!(
            "Am nächsten an den Gebäuden der Menschen ({})",
            cell_values_de(distances, ("Schritt", "Schritten"))
        )),
        Method::FurthestFromAutoma { distances } => kept(format!(
            "Am weitesten von ihren eigenen Gebäuden entfernt ({})",
            cell_values_de(distances, ("Schritt", "Schritten"))
        )),
        Method::AdjacentToHumans => kept(
            "Sie hat ein Handelshaus im Vorrat, also ihre Wohnhäuser direkt neben einem Gebäude der Menschen"
                .into(),
        ),
        Method::LeastPower { power } => kept(format!(
            "Am wenigsten Macht für die Menschen ({})",
            cell_values_de(power, ("Macht", "Macht"))
        )),
        Method::MostPower { power } => kept(format!(
            "Am meisten Macht für die Menschen ({})",
            cell_values_de(power, ("Macht", "Macht"))
        )),
        Method::HighestPowerValue { power } => kept(format!(
            "Die Gebäude der Menschen mit dem höchsten Machtwert ({})",
            cell_values_de(power, ("Macht", "Macht"))
        )),
        Method::ScoringTile { tile_cult } => match (tile_cult, s.skipped) {
            (Some(c), false) => format!(
                "Das Automa-Symbol auf dem Wertungsplättchen dieser Runde ist {}: Sie wählt {}.",
                cult_de(*c),
                cult_de(*c)
            ),
            (Some(c), true) => format!(
                "Das Automa-Symbol auf dem Wertungsplättchen dieser Runde ist {}, das keine Option ist: Stattdessen holt sie auf.",
                cult_de(*c)
            ),
            (None, _) => "Das Wertungsplättchen dieser Runde zeigt keine Automa-Farbe: Stattdessen holt sie auf.".into(),
        },
        Method::CatchUpZero { .. } => {
            kept("Aufholen I, die Skalen, auf denen sie auf 0 steht".into())
        }
        Method::CatchUpNearest { tracks } => {
            let parts: Vec<String> = tracks
                .iter()
                .map(|t| {
                    format!(
                        "{} {} (sie steht auf {}, der Mensch auf {})",
                        cult_de(t.track),
                        t.distance,
                        t.automa,
                        t.human
                    )
                })
                .collect();
            kept(format!(
                "Aufholen II, die Skalen, auf denen sie dem Markierungsstein des Menschen am nächsten ist ({})",
                join_list(&parts, Lang::De)
            ))
        }
    }
}

fn de(e: &Event, cx: &TextCx<'_>) -> String {
    match e {
        Event::TableSetUp {
            automa_faction,
            automa_home,
            difficulty,
            map,
            chance_source,
            bonus_row,
            scoring_tiles,
        } => format!(
            "Terra Mystica mit Automa: {} mit der Heimatlandschaft {}, Stufe {}, Spielplan: {}. Auslage der Rundenbonuskarten: {}. Wertungsplättchen der Runden 1 bis 6: {}.{}",
            faction_de(*automa_faction),
            terrain_de(*automa_home),
            difficulty.name(),
            map_name(*map, Lang::De),
            join_list(&bonus_row.iter().map(|b| b.to_string()).collect::<Vec<_>>(), Lang::De),
            join_list(&scoring_tiles.iter().map(|b| b.to_string()).collect::<Vec<_>>(), Lang::De),
            if *chance_source == super::options::ChanceSource::Table {
                " Tischmodus: Die Spieler geben jede Automakarte ein, die sie aufdecken."
            } else {
                ""
            }
        ),
        Event::InitialDwelling { seat, cell } => {
            format!("{} setzt ein erstes Wohnhaus auf {cell}.", name_de(cx, *seat))
        }
        Event::InitialDwellingCard { card, letters } => format!(
            "Automa deckt für ihre ersten Wohnhäuser die Karte {card} auf: Buchstaben {} und {}.",
            letters[0], letters[1]
        ),
        Event::AutomaDwellingPlaced {
            cell,
            letter,
            letter_cell,
            marked,
        } => {
            let m = if *marked { "ein markiertes" } else { "ein nicht markiertes" };
            if cell == letter_cell {
                format!("Automa setzt {m} Wohnhaus auf {cell} (Buchstabe {letter}).")
            } else {
                format!("Automa setzt {m} Wohnhaus auf {cell}: Buchstabe {letter} bezeichnet {letter_cell}, das schon besetzt ist, also nimmt sie das nächste freie Feld ihrer Landschaft.")
            }
        }
        Event::BonusCardTaken { seat, card } => {
            if is_bot(cx, *seat) {
                format!("Automa nimmt die Rundenbonuskarte ganz links, {card}.")
            } else {
                format!("{} nimmt die Rundenbonuskarte {card}.", name_de(cx, *seat))
            }
        }
        Event::RoundStarted {
            round,
            start_player,
        } => format!(
            "Runde {round} beginnt; {} ist zuerst am Zug.",
            name_de(cx, *start_player)
        ),
        Event::AutomaCards {
            round,
            first_of_round,
            action_card,
            support_card,
            action_rotated,
            cards_left,
            ..
        } => {
            let rot = if *action_rotated { " (gedreht)" } else { "" };
            let left = count(*cards_left as i64, "Karte", "Karten");
            if *first_of_round {
                format!(
                    "Automas erster Zug in Runde {round}: Sie deckt {support_card} als ihre Unterstützungskarte auf, dann {action_card}{rot} als ihre Aktionskarte; ihr Stapel hat noch {left}."
                )
            } else {
                format!(
                    "Automa deckt {action_card}{rot} als ihre Aktionskarte auf; {support_card} ist jetzt ihre Unterstützungskarte; ihr Stapel hat noch {left}."
                )
            }
        }
        Event::DeckEmpty => "Automas Stapel ist leer: Sie passt.".into(),
        Event::PassSymbol { card } => format!(
            "Karte {card} ist gedreht und zeigt das Passen-Symbol: Automa passt und ignoriert den Rest der Karte."
        ),
        Event::FactionAction { faction } => format!(
            "Die Aktionskarte zeigt die Völkeraktion: {} führen die Aktionen ihrer Völkerkarte aus.",
            capital(faction_de(*faction))
        ),
        Event::ActionSkipped {
            action: a,
            reason,
            board,
            from_round,
        } => format!(
            "{}: {}, also führt Automa diese Aktion nicht aus.",
            action_de(*a),
            skip_reason_de(*reason, *board, *from_round)
        ),
        Event::Options {
            action: a,
            candidates,
            shipping,
            range_of,
        } => {
            let list = choices_de(candidates);
            match a {
                AutomaAction::TransformAndBuild => {
                    let whose = match range_of {
                        Some(RangeOf::Marked) => "in Reichweite ihrer markierten Gebäude",
                        Some(RangeOf::Unmarked) => "in Reichweite ihrer nicht markierten Gebäude",
                        _ => "irgendwo auf dem Spielplan (Wanderer)",
                    };
                    let n = count(candidates.len() as i64, "leeres Feld", "leere Felder");
                    if candidates.is_empty() {
                        format!(
                            "Umwandeln und Bauen mit Schifffahrtswert {}: kein leeres Feld {whose}.",
                            shipping.unwrap_or(0)
                        )
                    } else {
                        format!(
                            "Umwandeln und Bauen mit Schifffahrtswert {}: {n} {whose}: {list}.",
                            shipping.unwrap_or(0)
                        )
                    }
                }
                AutomaAction::BlockPowerAction => {
                    format!("Machtaktion blockieren: Die freien Felder sind {list}.")
                }
                AutomaAction::AdvanceCult => {
                    format!("Auf einer Kultskala aufsteigen: Sie kann auf {list} aufsteigen.")
                }
                AutomaAction::Upgrade => {
                    format!("Aufwerten: Sie kann ihre Gebäude auf {list} aufwerten.")
                }
                AutomaAction::TakeFavorTile => {
                    format!("Gunstplättchen nehmen: Sie kann {list} nehmen.")
                }
                AutomaAction::Trade => format!(
                    "Handeln: Die Gebäude der Menschen an einem Fluss ohne ihren Handelsmarker stehen auf {list}."
                ),
                AutomaAction::PlaceCube => format!(
                    "Der Arbeiter der Symbionten: Die freien Felder neben einem Gebäude der Menschen sind {list}."
                ),
                other => format!("{}: Die Optionen sind {list}.", action_de(*other)),
            }
        }
        Event::Selection(s) => selection_de(s),
        Event::Directional {
            direction,
            count: n,
            ordered,
            chosen,
        } => format!(
            "Richtungsauswahl {}{n} über {}: {}.",
            arrow(*direction),
            choices_de(ordered),
            choice_de(chosen)
        ),
        Event::PowerActionBlocked { space, .. } => {
            format!("Automa deckt die Machtaktion {space} ab; sie erhält nichts.")
        }
        Event::VpGained {
            amount,
            source,
            total,
        } => format!(
            "Automa erhält {} ({}); sie hat jetzt {}.",
            punkte(*amount),
            match source {
                VpSource::Card => "die Zahl auf ihrer Aktionskarte",
                VpSource::Difficulty => "X der Schwierigkeitsstufenkarte in dieser Runde",
                VpSource::FactionCard => "ihre Völkerkarte",
            },
            punkte(*total)
        ),
        Event::AutomaCultAdvanced {
            track,
            from,
            to,
            priest_space,
            cause,
        } => {
            let moved = if from == to {
                format!("sie bleibt auf {from}, weil 10 besetzt ist")
            } else {
                format!("von {from} auf {to}")
            };
            let t = on_track(*track);
            match (cause, priest_space) {
                (CultCause::CardAction, Some(v)) => format!(
                    "Automa setzt einen Priester auf das {v}er-Feld der Kultskala {} und steigt auf: {moved}.",
                    cult_de(*track)
                ),
                (CultCause::CardAction, None) => {
                    format!("Automa steigt ohne Priester {t} um 1 Stufe auf: {moved}.")
                }
                (CultCause::Druids, _) => {
                    format!("Die Druiden steigen ohne Priester {t} um 2 Stufen auf: {moved}.")
                }
                (CultCause::Powermongers, _) => format!(
                    "Ein Mensch erhält 2 oder mehr Macht von ihr, also steigen die Machthändler {t} um 1 Stufe auf: {moved}."
                ),
            }
        }
        Event::FavorTaken {
            seat,
            tile,
            track,
            from,
            to,
        } => format!(
            "{} nimmt das Gunstplättchen {tile} und steigt {} von {from} auf {to} auf.",
            name_de(cx, *seat),
            on_track(*track)
        ),
        Event::Fallback { reason } => match reason {
            FallbackReason::NoDwelling => {
                "Automa hat kein Wohnhaus mehr, also wertet sie stattdessen auf."
            }
            FallbackReason::NoOption => {
                "Automa hat kein Feld zum Bauen, also wertet sie stattdessen auf."
            }
        }
        .into(),
        Event::AutomaUpgraded {
            cell,
            from,
            to,
            marked,
        } => format!(
            "Automa wertet {} auf {cell} {} auf ({}).",
            ihr_acc(*from),
            zu_einem(*to),
            if *marked { "markiert" } else { "nicht markiert" }
        ),
        Event::AutomaBuilt {
            cell,
            terrain_before,
            terrain_after,
            marked,
            dist_marked,
            dist_unmarked,
        } => {
            let tf = match terrain_before {
                Some(b) if b != terrain_after => format!(
                    ", umgewandelt von {} in {}",
                    terrain_de(*b),
                    terrain_de(*terrain_after)
                ),
                _ => String::new(),
            };
            let near = |d: Option<u32>| match d {
                Some(_) => format!("ist {} entfernt", steps_de(d)),
                None => "ist auf keinem Weg erreichbar".into(),
            };
            format!(
                "Automa baut {} Wohnhaus auf {cell}{tf}: Ihr nächstes markiertes Gebäude {}, das nächste nicht markierte {}.",
                if *marked { "ein markiertes" } else { "ein nicht markiertes" },
                near(*dist_marked),
                near(*dist_unmarked)
            )
        }
        Event::PowerOffered {
            seat,
            amount,
            cell,
            builder,
        } => {
            let p = count(*amount, "Macht", "Macht");
            if is_bot(cx, *seat) {
                format!(
                    "Automa werden {p} vom Gebäude von {} auf {cell} angeboten; sie nimmt nie Macht.",
                    name_de(cx, *builder)
                )
            } else if is_bot(cx, *builder) {
                format!(
                    "{} darf {p} von Automas Gebäude auf {cell} erhalten (am Tisch).",
                    name_de(cx, *seat)
                )
            } else {
                format!(
                    "{} darf {p} vom Gebäude von {} auf {cell} erhalten (am Tisch).",
                    name_de(cx, *seat),
                    name_de(cx, *builder)
                )
            }
        }
        Event::Trade { cell, owner, vp } => format!(
            "Automa handelt mit dem Gebäude von {} auf {cell} und erhält {}; {} darf dafür am Tisch Macht erhalten.",
            name_de(cx, *owner),
            punkte(*vp),
            name_de(cx, *owner)
        ),
        Event::CubePlaced { cell } => {
            format!("Die Symbionten setzen einen Arbeiter auf {cell}.")
        }
        Event::BlightPlaced { cell } => {
            format!("Die Verwüster machen {cell} zu verwüstetem Land.")
        }
        Event::Achievement { token, vp } => format!(
            "Die Gognome erfüllen das Aufgabenplättchen {} und erhalten {}.",
            roman(*token),
            punkte(*vp)
        ),
        Event::NoAction => {
            "Keine Aktion der Karte war ausführbar; Automas Zug endet.".into()
        }
        Event::AutomaWaits { seats } => format!(
            "Automas Zug wartet, bis {} die von ihr erhaltene Macht {}.",
            names_de(cx, seats),
            if seats.len() == 1 { "meldet" } else { "melden" }
        ),
        Event::AutomaPassed {
            reason,
            round,
            vp,
            racelings_bonus_vp,
            bonus_taken,
            position,
            coins_returned,
            bonus_returned,
            reserve_card_added,
            mots_card_added,
            next_deck_size,
            start_player_next_round,
        } => {
            let mut parts = vec![format!(
                "Automa passt ({}) und erhält {} vom Wertungsplättchen der Runde {round}",
                match reason {
                    PassReason::DeckEmpty => "ihr Stapel ist leer",
                    PassReason::PassSymbol => "Passen-Symbol",
                },
                punkte(*vp)
            )];
            if *racelings_bonus_vp > 0 {
                parts[0].push_str(&format!(
                    " und als Sprinter, die als Erste passen, noch {} dazu",
                    punkte(*racelings_bonus_vp)
                ));
            }
            if let Some(card) = bonus_taken {
                let pos = match position {
                    Some(RowPosition::Left) => "die linke",
                    Some(RowPosition::Middle) => "die mittlere",
                    _ => "die rechte",
                };
                let mut s = format!("sie nimmt die Rundenbonuskarte {card}, {pos} der Reihe");
                if *coins_returned > 0 {
                    s.push_str(&format!(
                        ", und legt {} darauf zurück in den Vorrat",
                        count(*coins_returned, "Münze", "Münzen")
                    ));
                }
                if let Some(old) = bonus_returned {
                    s.push_str(&format!("; {old} kommt an ihren Platz"));
                }
                parts.push(s);
            }
            if *reserve_card_added {
                parts.push(
                    "eine Karte ihres Reservestapels kommt ungesehen in ihren nächsten Stapel"
                        .into(),
                );
            }
            if let Some(m) = mots_card_added {
                parts.push(format!("die Karte {m} kommt in ihren nächsten Stapel"));
            }
            if let Some(n) = next_deck_size {
                parts.push(format!(
                    "ihr Stapel für die nächste Runde hat {}",
                    count(*n as i64, "Karte", "Karten")
                ));
            }
            if *start_player_next_round {
                parts.push("sie hat als Erste gepasst und beginnt die nächste Runde".into());
            }
            format!("{}.", parts.join("; "))
        }
        Event::Transformed {
            seat,
            cell,
            from,
            to,
            blight_removed,
        } => format!(
            "{} wandelt {cell}{} in {} um{}.",
            name_de(cx, *seat),
            from.map(|f| format!(" von {}", terrain_de(f)))
                .unwrap_or_default(),
            terrain_de(*to),
            if *blight_removed {
                " (es war verwüstet: Die Marke geht, und das Umwandeln kostet einen zusätzlichen Spaten)"
            } else {
                ""
            }
        ),
        Event::Built { seat, cell } => {
            format!("{} baut ein Wohnhaus auf {cell}.", name_de(cx, *seat))
        }
        Event::Upgraded {
            seat,
            cell,
            from,
            to,
        } => format!(
            "{} wertet {} auf {cell} {} auf.",
            name_de(cx, *seat),
            der_acc(*from),
            zu_einem(*to)
        ),
        Event::ShapeshiftersPower { seat, cell } => format!(
            "Die Gestaltwandler haben auf {cell} neben Automa gebaut: {} erhält am Tisch 1 Macht statt eines Machtsteins.",
            name_de(cx, *seat)
        ),
        Event::BridgePlaced { seat, a, b } => format!(
            "{} baut eine Brücke zwischen {a} und {b}.",
            name_de(cx, *seat)
        ),
        Event::PriestSent {
            seat,
            track,
            value,
            from,
            to,
        } => {
            if *value == 1 {
                format!(
                    "{} schickt einen Priester {} für 1 Stufe: von {from} auf {to}.",
                    name_de(cx, *seat),
                    on_track(*track)
                )
            } else {
                format!(
                    "{} setzt einen Priester auf das {value}er-Feld der Kultskala {}: von {from} auf {to}.",
                    name_de(cx, *seat),
                    cult_de(*track)
                )
            }
        }
        Event::CultAdvanced {
            seat,
            track,
            steps: n,
            from,
            to,
        } => format!(
            "{} steigt {} um {} auf: von {from} auf {to}.",
            name_de(cx, *seat),
            on_track(*track),
            count(*n, "Stufe", "Stufen")
        ),
        Event::PowerActionTaken { seat, space } => {
            format!("{} nutzt die Machtaktion {space}.", name_de(cx, *seat))
        }
        Event::TownTaken { seat, tile } => format!(
            "{} nimmt die Stadtmarke {tile} und einen Stadtschlüssel{}.",
            name_de(cx, *seat),
            if *tile == TownTile::Tw5 {
                " und steigt auf jeder Kultskala um 1 Stufe auf"
            } else {
                ""
            }
        ),
        Event::ReachSet { seat, reach } => match reach {
            Reach::Shipping { level } => format!(
                "Der Schifffahrtswert von {} ist jetzt {level}.",
                name_de(cx, *seat)
            ),
            Reach::Teleport { range } => format!(
                "Die Teleport-Reichweite von {} ist jetzt {range}.",
                name_de(cx, *seat)
            ),
        },
        Event::VpReported {
            seat,
            delta,
            reason: r,
        } => format!(
            "{} meldet {} ({}).",
            name_de(cx, *seat),
            signed_punkte(*delta),
            reason_de(*r)
        ),
        Event::CultistDraw { seat, card, vp } => match (card, vp) {
            (Some(c), Some(v)) => format!(
                "Die Kultisten von {} ziehen die Automakarte {c} von ihrem Reservestapel: Ihre Aktion Punkte erhalten gibt ihnen {}.",
                name_de(cx, *seat),
                punkte(*v)
            ),
            (Some(c), None) => format!(
                "Die Kultisten von {} ziehen die Automakarte {c} von ihrem Reservestapel: Sie zeigt keine Punkte, also dürfen sie auf einer Kultskala um 1 Stufe aufsteigen.",
                name_de(cx, *seat)
            ),
            (None, _) => format!(
                "Automas Reservestapel ist leer, also ziehen die Kultisten von {} keine Karte und dürfen auf einer Kultskala um 1 Stufe aufsteigen.",
                name_de(cx, *seat)
            ),
        },
        Event::CultStepDeclined { seat } => {
            format!("{} verzichtet auf den Kultschritt.", name_de(cx, *seat))
        }
        Event::PowerGainReported {
            seat,
            gained,
            offered,
        } => format!(
            "{} hat {gained} der angebotenen {} erhalten.",
            name_de(cx, *seat),
            count(*offered, "Macht", "Macht")
        ),
        Event::TurnEnded { seat, steps: n } => format!(
            "{} beendet den Zug nach {}.",
            name_de(cx, *seat),
            count(*n, "Schritt", "Schritten")
        ),
        Event::TransformsDone { seat } => format!(
            "{} beendet das Umwandeln am Rundenende.",
            name_de(cx, *seat)
        ),
        Event::HumanPassed {
            seat,
            round,
            bonus_card,
            coins,
            returned,
            start_player_next_round,
        } => {
            let who = name_de(cx, *seat);
            let mut s = match bonus_card {
                Some(c) => format!(
                    "{who} passt in Runde {round} und nimmt die Rundenbonuskarte {c} mit {} darauf",
                    count(*coins, "Münze", "Münzen")
                ),
                None => format!("{who} passt in Runde {round}"),
            };
            if let Some(old) = returned {
                s.push_str(&format!("; {old} kommt an ihren Platz in der Reihe"));
            }
            if *start_player_next_round {
                s.push_str(&format!(
                    "; {who} hat zuerst gepasst und beginnt die nächste Runde"
                ));
            }
            format!("{s}.")
        }
        Event::AutomaVpReported {
            seat,
            delta,
            reason: r,
        } => format!(
            "{} meldet {} für Automa ({}).",
            name_de(cx, *seat),
            signed_punkte(*delta),
            reason_de(*r)
        ),
        Event::RoundEnded {
            round,
            tile,
            next_round,
            start_player,
            cult_bonus,
        } => format!(
            "Runde {round} endet: Die Machtaktionen werden aufgedeckt, auf jede Rundenbonuskarte der Reihe kommt 1 Münze, und das Wertungsplättchen {tile} verlässt das Spiel. Runde {next_round} beginnt mit {}.{}",
            name_de(cx, *start_player),
            if cult_bonus.is_empty() {
                String::new()
            } else {
                format!(
                    " Zuerst {} {} die Umwandlungen des Kultbonus am Rundenende.",
                    if cult_bonus.len() == 1 { "macht" } else { "machen" },
                    names_de(cx, cult_bonus)
                )
            }
        ),
        Event::LastRoundOver => {
            "Runde 6 ist vorbei (es gibt keinen Kultbonus): Jeder Mensch gibt jetzt eine Schlussmeldung ab.".into()
        }
        Event::FinalReport { seat, vp_delta } => format!(
            "{} meldet bei Spielende {}.",
            name_de(cx, *seat),
            signed_punkte(*vp_delta)
        ),
        Event::FinalScoring { scores, winners } => {
            let lines: Vec<String> = scores
                .iter()
                .map(|s| {
                    let mut parts = vec![
                        format!("{} vor dem Spielende", s.before_end),
                        format!("Gebiet {}", s.area),
                        format!("Kulte {}", s.cults),
                    ];
                    if s.final_tile != 0 {
                        parts.push(format!("Endwertungsplättchen {}", s.final_tile));
                    }
                    if s.faction != 0 {
                        parts.push(format!("Volk {}", s.faction));
                    }
                    format!(
                        "{} {} ({})",
                        name_de(cx, s.seat),
                        punkte(s.total),
                        parts.join(", ")
                    )
                })
                .collect();
            format!(
                "Endstand: {}. {}",
                lines.join("; "),
                if winners.len() == 1 {
                    format!("{} gewinnt.", name_de(cx, winners[0]))
                } else {
                    format!("{} teilen sich den Sieg.", names_de(cx, winners))
                }
            )
        }
    }
}

fn decision_de(d: &Decision, cx: &TextCx<'_>) -> String {
    match d {
        Decision::PlaceInitialDwelling {
            seat,
            terrain,
            number,
            of,
        } => format!(
            "{}: Setze dein {} Wohnhaus auf ein leeres Feld der Landschaft {}.",
            name_de(cx, *seat),
            if *of == 1 { "erstes" } else { ordinal_de(*number) },
            terrain_de(*terrain)
        ),
        Decision::AutomaInitialDwellings { card_from_table } => {
            if *card_from_table {
                "Automa setzt ihre beiden ersten Wohnhäuser: Decke eine zufällige Automakarte auf und gib sie für ihre Buchstaben ein.".into()
            } else {
                "Automa setzt ihre beiden ersten Wohnhäuser: Fordere ihren Zug an.".into()
            }
        }
        Decision::AutomaBonusCard => {
            "Automa nimmt die Rundenbonuskarte ganz links: Fordere ihren Zug an.".into()
        }
        Decision::ChooseBonusCard { seat } => format!(
            "{}: Wähle eine Rundenbonuskarte aus der Auslage.",
            name_de(cx, *seat)
        ),
        Decision::TakeTurn {
            seat,
            round,
            steps_taken,
        } => {
            let who = name_de(cx, *seat);
            if *steps_taken == 0 {
                format!(
                    "{who}, Runde {round}: Mach deinen Zug (gib seine Schritte ein, etwa Bauen, Umwandeln oder Aufwerten, und beende dann deinen Zug) oder passe{}.",
                    if *round < 6 { " und nimm eine Rundenbonuskarte" } else { "" }
                )
            } else {
                format!(
                    "{who}, Runde {round}: Setze deinen Zug fort (bisher {}) oder beende ihn.",
                    count(*steps_taken, "Schritt", "Schritte")
                )
            }
        }
        Decision::AutomaTurn {
            round,
            resumes,
            turn_over,
            card_from_table,
            ..
        } => {
            if *resumes {
                return "Automas Zug geht nach den Machtmeldungen weiter: Fordere ihren Zug an."
                    .into();
            }
            match (card_from_table, turn_over.len()) {
                (_, 0) => format!(
                    "Automas Zug in Runde {round}: Ihr Stapel hat zu wenige Karten, also passt sie. Fordere ihren Zug an (keine Karte einzugeben)."
                ),
                (true, 2) => format!(
                    "Automas erster Zug in Runde {round}: Decke zwei Karten von ihrem Stapel auf und gib sie in dieser Reihenfolge ein: zuerst die Unterstützungskarte, dann die Aktionskarte."
                ),
                (true, _) => format!(
                    "Automas Zug in Runde {round}: Decke die oberste Karte ihres Stapels auf, ihre neue Aktionskarte, und gib sie ein."
                ),
                (false, _) => format!("Automas Zug in Runde {round}: Fordere ihren Zug an."),
            }
        }
        Decision::CultistCultStep { seat, .. } => format!(
            "{}: Die Karte der Kultisten zeigt keine Punkte: Steige auf einer Kultskala deiner Wahl um 1 Stufe auf oder verzichte.",
            name_de(cx, *seat)
        ),
        Decision::PowerGainReport { seat, offered } => format!(
            "{}: Automas Gebäude hat dir {} angeboten. Wie viel hast du erhalten (0 bis {offered})?",
            name_de(cx, *seat),
            count(*offered, "Macht", "Macht")
        ),
        Decision::CultBonusTransforms {
            seat,
            round,
            spades,
        } => match spades {
            Some(n) => format!(
                "{}: Der Kultbonus von Runde {round} gibt dir {}: Wandle damit Felder um und beende dann dein Umwandeln.",
                name_de(cx, *seat),
                count(*n, "Spaten", "Spaten")
            ),
            None => format!(
                "{}: Nutze die Spaten aus dem Kultbonus von Runde {round} (den Bonus des Händler-Plättchens), um Felder umzuwandeln, und beende dann dein Umwandeln.",
                name_de(cx, *seat)
            ),
        },
        Decision::FinalReports { seats } => format!(
            "Runde 6 ist vorbei: {} {} die Schlussmeldung ab (Ressourcenwertung und alle noch nicht gemeldeten Punkte).",
            names_de(cx, seats),
            if seats.len() == 1 { "gibt" } else { "geben" }
        ),
        Decision::GameOver { winners, vp } => {
            if winners.len() == 1 {
                format!(
                    "{} gewinnt mit {}.",
                    name_de(cx, winners[0]),
                    count(*vp, "Punkt", "Punkten")
                )
            } else {
                format!(
                    "{} teilen sich den Sieg mit {}.",
                    names_de(cx, winners),
                    count(*vp, "Punkt", "Punkten")
                )
            }
        }
    }
}

fn label_de(mv: &Move, free: &[&str]) -> String {
    let open = |f: &str| free.contains(&f);
    match mv {
        Move::PlaceInitialDwelling { cell } => format!("Ein Wohnhaus auf {cell} setzen"),
        Move::ChooseBonusCard { card } => {
            format!("Rundenbonuskarte nehmen: {}", bonus_effect(card, Lang::De))
        }
        Move::Transform { cell, terrain } => match (open("cell"), open("terrain")) {
            (true, true) => "Ein Feld umwandeln".into(),
            (true, false) => format!("Ein Feld in {} umwandeln", terrain_de(*terrain)),
            (false, true) => format!("{cell} umwandeln"),
            (false, false) => format!("{cell} in {} umwandeln", terrain_de(*terrain)),
        },
        Move::Build { cell } => format!("Ein Wohnhaus auf {cell} bauen"),
        Move::Upgrade { cell, to } => format!("{cell} {} aufwerten", zu_einem(*to)),
        Move::PlaceBridge { a, b } => format!("Brücke zwischen {a} und {b}"),
        Move::SendPriest { track: t, value } => {
            if *value == 1 {
                format!("Einen Priester {} für 1 Stufe schicken", on_track(*t))
            } else {
                format!(
                    "Einen Priester auf das {value}er-Feld der Kultskala {} setzen",
                    cult_de(*t)
                )
            }
        }
        Move::AdvanceCult { track: t, steps } => format!(
            "{} um {} aufsteigen",
            capital(&on_track(*t)),
            count(*steps, "Stufe", "Stufen")
        ),
        Move::TakePowerAction { space } => {
            format!("Machtaktion nutzen: {}", power_effect(*space, Lang::De))
        }
        Move::TakeFavorTile { tile } => {
            format!("Gunstplättchen nehmen: {}", favor_effect(*tile, Lang::De))
        }
        Move::TakeTownTile { tile } => {
            format!("Stadtmarke nehmen: {}", town_effect(*tile, Lang::De))
        }
        Move::SetReach { reach } => match reach {
            Reach::Shipping { level } => format!("Schifffahrtswert {level}"),
            Reach::Teleport { range } => format!("Teleport-Reichweite {range}"),
        },
        Move::EndTurn => "Deinen Zug beenden".into(),
        Move::Pass { bonus_card } => match bonus_card {
            Some(c) => format!(
                "Passen und Rundenbonuskarte nehmen: {}",
                bonus_effect(c, Lang::De)
            ),
            None => "Passen".into(),
        },
        Move::ReportVp { delta, .. } => {
            if open("delta") {
                "Punkte melden".into()
            } else {
                format!("{} melden", signed_punkte(*delta))
            }
        }
        Move::CultistCultStep { track: t } => match t {
            Some(t) => format!("{} um 1 Stufe aufsteigen", capital(&on_track(*t))),
            None => "Auf den Kultschritt verzichten".into(),
        },
        Move::PowerGainReport { gained } => {
            if open("gained") {
                "Die erhaltene Macht melden".into()
            } else {
                format!("{} erhalten", count(*gained, "Macht", "Macht"))
            }
        }
        Move::EndTransforms => "Dein Umwandeln beenden".into(),
        Move::CultBonusTransforms { transforms } => format!(
            "{} umwandeln",
            count(transforms.len() as i64, "Feld", "Felder")
        ),
        Move::Turn { steps } => format!(
            "Einen Zug mit {} machen",
            count(steps.len() as i64, "Schritt", "Schritten")
        ),
        Move::FinalReport { vp_delta } => {
            if open("vp_delta") {
                "Deine Schlussmeldung abgeben".into()
            } else {
                format!("Schlussmeldung: {}", signed_punkte(*vp_delta))
            }
        }
        Move::ReportAutomaVp { delta, .. } => {
            if open("delta") {
                "Automas Punkte melden".into()
            } else {
                format!("{} für Automa melden", signed_punkte(*delta))
            }
        }
    }
}

/// The name of a value a free field of a legal template may take: a map space by
/// its printed coordinate and terrain ("E7, Mountains"), a terrain or a reason by its word.
pub fn value_label(
    st: &super::state::State,
    field: &str,
    value: &serde_json::Value,
    lang: Lang,
) -> String {
    let terrain = |t: Terrain| match lang {
        Lang::De => terrain_de(t).to_string(),
        _ => t.name().to_string(),
    };
    let named = match field {
        "cell" => value.as_str().and_then(|name| {
            let g = super::board::geo(st.options.map);
            let here = g
                .cell(name)
                .and_then(|c| st.terrain.get(c).copied().flatten());
            here.map(|t| format!("{name}, {}", terrain(t)))
        }),
        "terrain" => serde_json::from_value::<Terrain>(value.clone())
            .ok()
            .map(terrain),
        "reason" => serde_json::from_value::<VpReason>(value.clone())
            .ok()
            .map(|r| {
                capital(if lang == Lang::De {
                    reason_de(r)
                } else {
                    reason(r)
                })
            }),
        _ => None,
    };
    named.unwrap_or_else(|| value.to_string())
}

/// The question a free field asks.
pub fn param_label(field: &str, lang: Lang) -> Option<String> {
    let (en, de) = match field {
        "cell" => ("Which space?", "Welches Feld?"),
        "terrain" => ("Into which terrain?", "In welche Landschaft?"),
        "reason" => ("What for?", "Wofür?"),
        "delta" | "vp_delta" => (
            "How many victory points (+ or −)?",
            "Wie viele Siegpunkte (+ oder −)?",
        ),
        "gained" => (
            "How much power did you gain?",
            "Wie viel Macht hast du erhalten?",
        ),
        _ => return None,
    };
    Some(if lang == Lang::De { de } else { en }.to_string())
}

// ---------------------------------------------------------------------------
// Tiles and cards by what they give: their printed effects, as no
// id is printed on them.

/// A round bonus card by its printed effect: "+1 worker, +3 power".
pub fn bonus_effect(card: &super::ids::BonusCard, lang: Lang) -> String {
    let de = lang == Lang::De;
    let t = |en: &str, de_: &str| if de { de_ } else { en }.to_string();
    match card.as_str() {
        "BON1" => t("spade action, +2 coins", "Spatenaktion, +2 Münzen"),
        "BON2" => t("cult action, +4 coins", "Kultaktion, +4 Münzen"),
        "BON3" => t("+6 coins", "+6 Münzen"),
        "BON4" => t("+1 shipping, +3 power", "+1 Schifffahrt, +3 Macht"),
        "BON5" => t("+1 worker, +3 power", "+1 Arbeiter, +3 Macht"),
        "BON6" => t(
            "+2 workers, 4 VP per stronghold and sanctuary when passing",
            "+2 Arbeiter, beim Passen 4 Siegpunkte je Festung und Heiligtum",
        ),
        "BON7" => t(
            "+1 worker, 2 VP per trading house when passing",
            "+1 Arbeiter, beim Passen 2 Siegpunkte je Handelshaus",
        ),
        "BON8" => t("+1 priest", "+1 Priester"),
        "BON9" => t(
            "+2 coins, 1 VP per dwelling when passing",
            "+2 Münzen, beim Passen 1 Siegpunkt je Wohnhaus",
        ),
        "BON10" => t(
            "+3 power, 3 VP per shipping level when passing",
            "+3 Macht, beim Passen 3 Siegpunkte je Schifffahrtsstufe",
        ),
        other => {
            // Merchants of the Seas cards: named by their place in that set.
            let n = other.trim_start_matches(|c: char| !c.is_ascii_digit());
            match lang {
                Lang::De => format!("Bonuskarte {n} der Händler der Meere"),
                _ => format!("Merchants of the Seas bonus {n}"),
            }
        }
    }
}

/// A favor tile by its printed effect: "Earth +2, income +1 worker and +1 power".
pub fn favor_effect(tile: super::ids::FavorTile, lang: Lang) -> String {
    let de = lang == Lang::De;
    let track = if de {
        cult_de(tile.track()).to_string()
    } else {
        tile.track().name().to_string()
    };
    let t = |en: &str, de_: &str| if de { de_ } else { en }.to_string();
    let extra = match tile as usize {
        0..=3 => None,
        4 => Some(t("a town with 6 power", "Stadt schon ab 6 Macht")),
        5 => Some(t("cult action", "Kultaktion")),
        6 => Some(t(
            "income +1 worker, +1 power",
            "Einkommen +1 Arbeiter, +1 Macht",
        )),
        7 => Some(t("income +4 power", "Einkommen +4 Macht")),
        8 => Some(t("income +3 coins", "Einkommen +3 Münzen")),
        9 => Some(t(
            "3 VP per trading house built",
            "3 Siegpunkte je gebautem Handelshaus",
        )),
        10 => Some(t(
            "2 VP per dwelling built",
            "2 Siegpunkte je gebautem Wohnhaus",
        )),
        _ => Some(t(
            "when passing 2, 3, 3 or 4 VP for 1, 2, 3 or 4 trading houses",
            "beim Passen 2, 3, 3 oder 4 Siegpunkte für 1, 2, 3 oder 4 Handelshäuser",
        )),
    };
    let steps = format!("{track} +{}", tile.steps());
    match extra {
        Some(x) => format!("{steps}, {x}"),
        None => steps,
    }
}

/// A town tile by its printed effect: "7 VP, +2 workers".
pub fn town_effect(tile: TownTile, lang: Lang) -> String {
    let de = lang == Lang::De;
    let t = |en: &str, de_: &str| if de { de_ } else { en }.to_string();
    match tile {
        TownTile::Tw1 => t("5 VP, +6 coins", "5 Siegpunkte, +6 Münzen"),
        TownTile::Tw2 => t("7 VP, +2 workers", "7 Siegpunkte, +2 Arbeiter"),
        TownTile::Tw3 => t("9 VP, +1 priest", "9 Siegpunkte, +1 Priester"),
        TownTile::Tw4 => t("6 VP, +8 power", "6 Siegpunkte, +8 Macht"),
        TownTile::Tw5 => t(
            "8 VP, 1 step on every cult track",
            "8 Siegpunkte, 1 Stufe auf jeder Kultskala",
        ),
    }
}

/// A power action by what it gives: "7 coins (4 power)".
pub fn power_effect(space: super::ids::PowerSpace, lang: Lang) -> String {
    use super::ids::PowerSpace as P;
    let de = lang == Lang::De;
    let t = |en: &str, de_: &str| if de { de_ } else { en }.to_string();
    match space {
        P::Act1 => t("a bridge (3 power)", "eine Brücke (3 Macht)"),
        P::Act2 => t("1 priest (3 power)", "1 Priester (3 Macht)"),
        P::Act3 => t("2 workers (4 power)", "2 Arbeiter (4 Macht)"),
        P::Act4 => t("7 coins (4 power)", "7 Münzen (4 Macht)"),
        P::Act5 => t("1 spade (4 power)", "1 Spaten (4 Macht)"),
        P::Act6 => t("2 spades (6 power)", "2 Spaten (6 Macht)"),
        other => {
            let n = other as usize - 5;
            match lang {
                Lang::De => format!("Machtaktion {n} der Händler der Meere"),
                _ => format!("Merchants of the Seas power action {n}"),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::ids::Cell;
    use super::*;
    use crate::engine::SeatInfo;

    fn cell(s: &str) -> Cell {
        Cell::from(s.to_string())
    }

    #[test]
    fn german_sentences_read_as_checked_by_hand() {
        let seats = vec![
            SeatInfo::human("human0", "Human 1", "Spieler 1"),
            SeatInfo::human("human1", "Human 2", "Spieler 2"),
            SeatInfo::bot("automa", "Automa", "Automa"),
        ];
        let cx = TextCx::new(Lang::De, &seats);
        assert_eq!(
            Event::AutomaUpgraded {
                cell: cell("C3"),
                from: Kind::Temple,
                to: Kind::Sanctuary,
                marked: true,
            }
            .describe(&cx),
            "Automa wertet ihren Tempel auf C3 zu einem Heiligtum auf (markiert)."
        );
        assert_eq!(
            Event::Upgraded {
                seat: Seat(1),
                cell: cell("E4"),
                from: Kind::TradingHouse,
                to: Kind::Stronghold,
            }
            .describe(&cx),
            "Spieler 2 wertet das Handelshaus auf E4 zu einer Festung auf."
        );
        assert_eq!(
            Event::CultAdvanced {
                seat: Seat(0),
                track: Cult::Water,
                steps: 2,
                from: 3,
                to: 5,
            }
            .describe(&cx),
            "Spieler 1 steigt auf der Kultskala Wasser um 2 Stufen auf: von 3 auf 5."
        );
        assert_eq!(
            Decision::PowerGainReport {
                seat: Seat(0),
                offered: 3,
            }
            .describe(&cx),
            "Spieler 1: Automas Gebäude hat dir 3 Macht angeboten. Wie viel hast du erhalten (0 bis 3)?"
        );
        assert_eq!(
            label(
                &Move::Upgrade {
                    cell: cell("C3"),
                    to: Kind::Stronghold
                },
                &[],
                &cx
            ),
            "C3 zu einer Festung aufwerten"
        );
        assert_eq!(
            label(
                &Move::ReportVp {
                    delta: 1,
                    reason: VpReason::Town
                },
                &[],
                &cx
            ),
            "+1 Punkt melden"
        );
    }
}

/// An Automa card the table turns over, by the pile it comes from and what
/// it is for (TMA-SET-13, TMA-BOT-2, TMA-BOT-3, TMA-HF-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableCard {
    /// Any card of the box, read only for its letters (TMA-SET-13).
    InitialDwellings,
    /// The first card of her turn: her support card (TMA-BOT-2).
    Support,
    /// Her action card, from the top of her deck (TMA-BOT-2, TMA-BOT-3).
    Action,
    /// The top card of her reserve, turned face up for the Cultists (TMA-HF-1).
    Reserve,
}

/// An action printed on an Automa card, in `lang`.
fn card_act(a: super::data::Act, lang: Lang) -> &'static str {
    use super::data::Act;
    match (a, lang) {
        (Act::Upgrade, Lang::De) => "Aufwerten",
        (Act::TakeFavor, Lang::De) => "Gunstplättchen nehmen",
        (Act::GainVp, Lang::De) => "Punkte erhalten",
        (Act::BlockPower, Lang::De) => "Machtaktion blockieren",
        (Act::AdvanceCult, Lang::De) => "Auf einer Kultskala aufsteigen",
        (Act::TransformBuild, Lang::De) => "Umwandeln und Bauen",
        (Act::FactionAction, Lang::De) => "Aktion des Volkes",
        (Act::Trade, Lang::De) => "Handeln",
        (Act::Upgrade, _) => "Upgrade",
        (Act::TakeFavor, _) => "Take a favor tile",
        (Act::GainVp, _) => "Gain VP",
        (Act::BlockPower, _) => "Block a power action",
        (Act::AdvanceCult, _) => "Advance on a cult track",
        (Act::TransformBuild, _) => "Transform and build",
        (Act::FactionAction, _) => "Faction action",
        (Act::Trade, _) => "Trade",
    }
}

/// An Automa card as printed: its number (a starter card with its star,
/// a Merchants of the Seas card with the expansion's name) and its actions,
/// top to bottom: "★1 · Upgrade, Take a favor tile, Gain VP".
pub fn automa_card_label(id: super::ids::CardId, lang: Lang) -> String {
    use super::ids::CardId;
    let de = lang == Lang::De;
    let mots = if de {
        "Händler der Meere"
    } else {
        "Merchants of the Seas"
    };
    let number = match id {
        CardId::S2Mots => format!("★2 ({mots})"),
        CardId::S4Mots => format!("★4 ({mots})"),
        CardId::MotsSpecial if de => format!("Sonderkarte der {mots}"),
        CardId::MotsSpecial => format!("{mots} special card"),
        c => c.as_str().replace('*', "★"),
    };
    let acts: Vec<&str> = super::data::card(id)
        .actions
        .iter()
        .map(|a| card_act(*a, lang))
        .collect();
    format!("{number} · {}", acts.join(", "))
}

impl crate::engine::NeedText for TableCard {
    fn label(&self, cx: &TextCx<'_>) -> String {
        match (self, cx.lang) {
            (TableCard::InitialDwellings, Lang::De) => {
                "Automakarte für ihre ersten Wohnhäuser (eine beliebige der 16; nur ihre Buchstaben zählen)".into()
            }
            (TableCard::InitialDwellings, _) => {
                "Automa card for her initial dwellings (any of the 16; only its letters count)".into()
            }
            (TableCard::Support, Lang::De) => {
                "Unterstützungskarte von Automa, die oberste Karte ihres Stapels".into()
            }
            (TableCard::Support, _) => "Automa's support card, the top card of her deck".into(),
            (TableCard::Action, Lang::De) => {
                "Aktionskarte von Automa, die oberste Karte ihres Stapels".into()
            }
            (TableCard::Action, _) => "Automa's action card, the top card of her deck".into(),
            (TableCard::Reserve, Lang::De) => {
                "Oberste Karte von Automas Reservestapel, für die Kultisten aufgedeckt".into()
            }
            (TableCard::Reserve, _) => {
                "Top card of Automa's reserve, turned face up for the Cultists".into()
            }
        }
    }

    fn value_label(&self, value: &str, cx: &TextCx<'_>) -> Option<String> {
        Some(automa_card_label(
            super::ids::CardId::parse(value)?,
            cx.lang,
        ))
    }
}
