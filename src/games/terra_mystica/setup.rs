//! Setup (TMA-SET-*, TMA-DECK-2..5): option checks, tiles, bonus row, deck.

use std::collections::BTreeMap;

use crate::engine::legacy::{Dice, Event, RuleError};

use super::board::geo;
use super::data::{
    house_tile_cult, AutomaFaction, Difficulty, HumanFaction, Reach, Terrain, BONUS_BASE, FAVORS,
    POWER_ACTIONS, TOWNS, WHEEL,
};
use super::state::*;

fn bad(detail: impl Into<String>) -> RuleError {
    RuleError::bad_options("TMA-SET-1", detail)
}

/// Home terrain of a human seat (derived or chosen, §3).
pub fn human_home(hs: &HumanSeat) -> Result<Terrain, RuleError> {
    let (fixed, ..) = hs.faction.defaults();
    match (fixed, hs.home_terrain) {
        (Some(t), None) => Ok(t),
        (Some(t), Some(c)) if c == t => Ok(t),
        (Some(t), Some(c)) => Err(bad(format!(
            "{:?} live on {}, not on {}",
            hs.faction,
            t.name(),
            c.name()
        ))),
        (None, Some(c)) if c.wheel_index().is_some() => Ok(c),
        (None, _) => Err(bad(format!(
            "{:?} need a home_terrain: the colour the player picks (one of the seven map terrains)",
            hs.faction
        ))),
    }
}

/// Default Automa home terrain (§3): clockwise from 3 steps after human0's, unused by humans.
pub fn default_automa_home(homes: &[Terrain]) -> Terrain {
    let h0 = homes.first().and_then(|t| t.wheel_index()).unwrap_or(0);
    (0..7)
        .map(|k| WHEEL[(h0 + 3 + k) % 7])
        .find(|t| !homes.contains(t))
        .unwrap_or(Terrain::Desert)
}

/// Builds the table (TMA-SET-1..16, TMA-DECK-2..5).
#[allow(clippy::needless_range_loop)]
pub fn start(o: &Options, dice: &mut Dice) -> Result<(State, Vec<Event>), RuleError> {
    let table = o.chance_source == ChanceSource::Table;
    let ts = o.table_setup.clone().unwrap_or_default();
    if table && o.table_setup.is_none() {
        return Err(RuleError::bad_options(
            "TMA-GEN-12",
            "physical-table mode needs table_setup: the bonus row, the six scoring tiles and (levels 3–5) the extra starter cards",
        ));
    }
    if !table && o.table_setup.is_some() {
        return Err(RuleError::bad_options(
            "TMA-GEN-12",
            "table_setup is only used with chance_source = table",
        ));
    }
    if !(1..=2).contains(&o.humans) || o.human_seats.len() != usize::from(o.humans) {
        return Err(bad(
            "humans must be 1 or 2 and human_seats must list one entry per human",
        ));
    }
    if o.first_human >= o.humans {
        return Err(bad("first_human must name one of the humans (0 or 1)"));
    }
    let g = geo(&o.map).ok_or_else(|| bad(format!("unknown map '{}'", o.map)))?;
    if matches!(o.map.as_str(), "fire-ice-1" | "revised-base") && !o.fire_and_ice {
        return Err(bad("the Fire & Ice maps need fire_and_ice"));
    }
    if o.final_scoring_tile == FinalTile::MostTradeMarkers {
        return Err(bad(
            "the Merchants final scoring tile (most trade markers) cannot be used with Automa",
        ));
    }
    if o.final_scoring_tile != FinalTile::None && !o.fire_and_ice {
        return Err(bad("a final scoring tile needs fire_and_ice"));
    }
    if o.humans == 2 && o.automa_faction != AutomaFaction::Simpletons {
        return Err(bad(
            "with two humans Automa must play The Simpletons (TMA-TWO-4)",
        ));
    }
    if o.automa_faction == AutomaFaction::Blight
        && o.human_seats
            .iter()
            .any(|h| h.faction == HumanFaction::Giants)
    {
        return Err(bad(
            "Automa cannot be The Blight when a human plays the Giants (TMA-HF-7)",
        ));
    }
    if !(1..=3).contains(&o.mots_shipyard_power) || !(1..=6).contains(&o.mots_power_action_spaces) {
        return Err(bad(
            "mots_shipyard_power must be 1..3 and mots_power_action_spaces 1..6",
        ));
    }
    let mut homes = Vec::new();
    for hs in &o.human_seats {
        if hs.faction.is_fire_ice() && !o.fire_and_ice {
            return Err(bad(format!(
                "{:?} is a Fire & Ice faction: set fire_and_ice",
                hs.faction
            )));
        }
        if let Some(Reach::Teleport { range }) = hs.reach {
            if !(1..=4).contains(&range) {
                return Err(bad("teleport range must be 1..4"));
            }
        }
        if let Some(Reach::Shipping { level }) = hs.reach {
            if level > 5 {
                return Err(bad("shipping level must be 0..5"));
            }
        }
        if hs.start_cult.is_some_and(|c| c.iter().any(|v| *v > 10)) {
            return Err(bad("cult positions run from 0 to 10"));
        }
        if hs.initial_dwellings.is_some_and(|n| !(1..=3).contains(&n)) {
            return Err(bad("initial_dwellings must be 1..3"));
        }
        let home = human_home(hs)?;
        if homes.contains(&home) {
            return Err(bad("two humans cannot share a home terrain"));
        }
        homes.push(home);
    }
    let automa_home = o
        .automa_home_terrain
        .unwrap_or_else(|| default_automa_home(&homes));
    if homes.contains(&automa_home) || automa_home.wheel_index().is_none() {
        return Err(bad(
            "Automa's home terrain must be a map terrain no human uses (TMA-SET-8)",
        ));
    }
    for (t, rows) in &o.atp_cards {
        if rows.a.first() != Some(t)
            || rows.b.first() != Some(t)
            || rows.a.len() != 7
            || rows.b.len() != 7
        {
            return Err(RuleError::bad_options(
                "TMA-SET-1",
                "each ATP row lists the 7 terrains and starts with the card's own terrain (TMA-SEL-6)",
            ));
        }
    }
    let mut events = Vec::new();
    let n = usize::from(o.humans);
    // Seat order: starting human, other human, Automa (TMA-TWO-5).
    let order: Vec<usize> = if n == 2 {
        vec![usize::from(o.first_human), 1 - usize::from(o.first_human)]
    } else {
        vec![0]
    };
    let mut humans = Vec::new();
    let mut cult = Vec::new();
    for &oi in &order {
        let hs = &o.human_seats[oi];
        let (_, c, d, r) = hs.faction.defaults();
        humans.push(Human {
            opt: oi,
            faction: hs.faction,
            home: homes[oi],
            reach: hs.reach.unwrap_or(r),
            start_vp: hs.start_vp.unwrap_or(20),
            vp_reported: 0,
            vp_engine: 0,
            initial_dwellings: hs.initial_dwellings.unwrap_or(d),
            priests_placed: 0,
            bridges_placed: 0,
            keys: 0,
            favors: vec![],
            towns: vec![],
            bonus: None,
            final_reported: false,
        });
        cult.push(hs.start_cult.unwrap_or(c));
    }
    cult.push(o.automa_faction.start_cult());

    // Bonus row (TMA-SET-15).
    let mut pool: Vec<String> = BONUS_BASE.iter().map(|s| s.to_string()).collect();
    if o.shipping_bonus_card {
        pool.push("BON10".into());
    }
    if o.merchants_of_the_seas {
        pool.extend(o.mots_bonus_cards.iter().cloned());
    }
    let mut bonus_row = Vec::new();
    if table {
        let mut seen = Vec::new();
        for c in &ts.bonus_row {
            if !pool.contains(c) || seen.contains(c) {
                return Err(RuleError::bad_options(
                    "TMA-GEN-12",
                    format!("bonus card {c} is not in the pool (or listed twice)"),
                ));
            }
            seen.push(c.clone());
            bonus_row.push(RowCard {
                card: c.clone(),
                coins: 0,
            });
        }
        if bonus_row.len() != n + 4 {
            return Err(RuleError::bad_options(
                "TMA-SET-15",
                format!("the bonus row holds {} cards", n + 4),
            ));
        }
        pool.clear();
    }
    // Players (humans + Automa) + 3 cards: 5 solo, 6 in the variant (TMA-TWO-6).
    for _ in 0..n + 1 + 3 {
        if pool.is_empty() {
            break;
        }
        let i = dice.pick_index(pool.len());
        bonus_row.push(RowCard {
            card: pool.remove(i),
            coins: 0,
        });
    }
    // Scoring tiles (TMA-SET-2..4).
    let mut tpool: Vec<String> = if o.merchants_of_the_seas {
        (1..=12).map(|i| format!("MS{i}")).collect()
    } else {
        let mut v: Vec<String> = (1..=8).map(|i| format!("SCORE{i}")).collect();
        if o.promo_scoring_tile {
            v.push("SCORE9".into());
        }
        v
    };
    let mut scoring_tiles = Vec::new();
    if table {
        if ts.scoring_tiles.len() != 6 {
            return Err(RuleError::bad_options(
                "TMA-GEN-12",
                "table_setup lists the six scoring tiles of rounds 1–6",
            ));
        }
        for (i, t) in ts.scoring_tiles.iter().enumerate() {
            if !tpool.contains(&t.id) {
                return Err(RuleError::bad_options(
                    "TMA-GEN-12",
                    format!("scoring tile {} is not in the pool (or listed twice)", t.id),
                ));
            }
            if i >= 4 && t.id == "SCORE1" {
                return Err(RuleError::bad_options(
                    "TMA-SET-3",
                    "the spade tile SCORE1 may not lie on round 5 or 6",
                ));
            }
            tpool.retain(|x| *x != t.id);
            scoring_tiles.push(ScoringTile {
                id: t.id.clone(),
                automa_pass_vp: t.automa_pass_vp,
                automa_cult: t.automa_cult,
            });
        }
    }
    for round in (1..=6).filter(|_| !table) {
        let allowed: Vec<usize> = (0..tpool.len())
            .filter(|i| round < 5 || tpool[*i] != "SCORE1")
            .collect();
        let k = allowed[dice.pick_index(allowed.len())];
        let id = tpool.remove(k);
        let data = o.scoring_tile_data.get(&id);
        scoring_tiles.push(ScoringTile {
            automa_pass_vp: data.map(|d| d.automa_pass_vp).unwrap_or(5),
            automa_cult: match data {
                Some(d) => d.automa_cult,
                None => house_tile_cult(&id),
            },
            id,
        });
    }
    // Deck (TMA-DECK-2..5).
    let mots = o.merchants_of_the_seas;
    let mut starters: Vec<String> = if mots {
        vec!["*1", "*2-mots", "*3", "*4-mots", "*5"]
    } else {
        vec!["*1", "*2", "*3", "*4", "*5"]
    }
    .into_iter()
    .map(String::from)
    .collect();
    let mut reserve: Vec<String> = (6..=13).map(|i| i.to_string()).collect();
    let extras_needed = match o.difficulty {
        Difficulty::Automalein | Difficulty::Automa => 0,
        Difficulty::Automaechtig | Difficulty::Ultoma => 1,
        Difficulty::Alptrauma => 2,
    };
    let mut known_top = Vec::new();
    if table {
        // TMA-GEN-12: the table names the extra starters; the piles become sets of possible ids.
        if ts.extra_starter_cards.len() != extras_needed {
            return Err(RuleError::bad_options(
                "TMA-GEN-12",
                format!("this level adds {extras_needed} reserve card(s) to the starters: list them in extra_starter_cards"),
            ));
        }
        for c in &ts.extra_starter_cards {
            if !reserve.contains(c) {
                return Err(RuleError::bad_options(
                    "TMA-GEN-12",
                    format!("{c} is not an advanced card (6–13) still in the reserve"),
                ));
            }
            reserve.retain(|x| x != c);
            starters.push(c.clone());
        }
        if o.difficulty == Difficulty::Automalein {
            starters.retain(|c| c != "*3");
            reserve.push("*3".into());
            known_top.push("*3".to_string());
        }
        starters.sort();
        reserve.sort();
    }
    if !table {
        dice.shuffle(&mut reserve);
        match o.difficulty {
            Difficulty::Automalein => {
                starters.retain(|c| c != "*3");
                reserve.insert(0, "*3".into());
            }
            Difficulty::Automa => {}
            Difficulty::Automaechtig | Difficulty::Ultoma => {
                let i = dice.pick_index(reserve.len());
                starters.push(reserve.remove(i));
            }
            Difficulty::Alptrauma => {
                for _ in 0..2 {
                    let i = dice.pick_index(reserve.len());
                    starters.push(reserve.remove(i));
                }
            }
        }
        dice.shuffle(&mut starters);
    }
    let rotated = if table {
        vec![]
    } else {
        starters[starters.len().saturating_sub(2)..].to_vec()
    };
    let (deck_count, reserve_count) = (starters.len(), reserve.len());
    let box_: Vec<String> = if mots {
        vec!["*2".into(), "*4".into()]
    } else {
        vec!["*2-mots".into(), "*4-mots".into(), "mots-special".into()]
    };
    let mut supply = [6u8, 4, 3, 1, 1, 0];
    if mots {
        supply[1] = 2;
        supply[5] = 1;
    }
    let automa = Automa {
        faction: o.automa_faction,
        home: automa_home,
        vp: 20,
        supply,
        priests: 7,
        trade_markers: if mots { o.automa_trade_markers } else { 0 },
        favors: vec![],
        bonus: None,
        deck: starters,
        rotated,
        action_card: None,
        support_pile: vec![],
        reserve,
        box_,
        mots_set_aside: if mots {
            Some("mots-special".into())
        } else {
            None
        },
        cultist_aside: vec![],
        achievements: vec![],
        drew_this_round: false,
        deck_count,
        reserve_count,
        reserve_known_top: known_top,
    };
    // Setup steps (TMA-SET-12, TMA-SET-15, TMA-HF-5).
    let mut setup = Vec::new();
    for s in 0..n {
        if humans[s].faction != HumanFaction::ChaosMagicians {
            setup.push(SetupStep::HumanDwelling { seat: s });
        }
    }
    setup.push(SetupStep::AutomaDwellings);
    for s in (0..n).rev() {
        if humans[s].faction != HumanFaction::ChaosMagicians && humans[s].initial_dwellings >= 2 {
            setup.push(SetupStep::HumanDwelling { seat: s });
        }
    }
    for s in 0..n {
        if humans[s].faction != HumanFaction::ChaosMagicians && humans[s].initial_dwellings >= 3 {
            setup.push(SetupStep::HumanDwelling { seat: s });
        }
    }
    for s in 0..n {
        if humans[s].faction == HumanFaction::ChaosMagicians {
            setup.push(SetupStep::HumanDwelling { seat: s });
        }
    }
    setup.push(SetupStep::AutomaBonus);
    for s in (0..n).rev() {
        setup.push(SetupStep::HumanBonus { seat: s });
    }
    let mut power_ids: Vec<String> = POWER_ACTIONS.iter().map(|s| s.to_string()).collect();
    if mots {
        power_ids.extend((1..=o.mots_power_action_spaces).map(|i| format!("M{i}")));
    }
    let cells = g.cells.len();
    let st = State {
        options: o.clone(),
        phase: Phase::Setup,
        setup,
        round: 0,
        n_humans: n,
        start_player: 0,
        to_move: 0,
        passed: vec![],
        terrain: g.cells.iter().map(|c| c.terrain).collect(),
        buildings: vec![None; cells],
        trade_marker: vec![false; cells],
        cube: vec![false; cells],
        blight: vec![false; cells],
        bridges: vec![],
        cult,
        priest_spaces: [[None; 4]; 4],
        power_actions: vec![None; power_ids.len()],
        power_ids,
        favor_supply: FAVORS.iter().map(|f| (f.0.to_string(), f.3)).collect(),
        town_supply: TOWNS
            .iter()
            .map(|t| (t.to_string(), 2u8))
            .collect::<BTreeMap<_, _>>(),
        bonus_row,
        scoring_tiles,
        humans,
        automa,
        pending: vec![],
        final_scores: vec![],
    };
    events.push(
        Event::new(
            "setup",
            "TMA-SET-1",
            format!(
                "Terra Mystica with Automa ({:?}, home {}, level {:?}) on map {}. Bonus row: {}. Scoring tiles: {}.",
                o.automa_faction,
                automa_home.name(),
                o.difficulty,
                o.map,
                st.bonus_row.iter().map(|r| r.card.as_str()).collect::<Vec<_>>().join(", "),
                st.scoring_tiles.iter().map(|t| t.id.as_str()).collect::<Vec<_>>().join(", ")
            ),
        )
        .cards(&st.bonus_row.iter().map(|r| r.card.clone()).collect::<Vec<_>>()),
    );
    Ok((st, events))
}

/// House-default letter cell (TMA-SET-13): evenly spaced reading-order picks.
pub fn letter_cell(st: &State, terrain: Terrain, letter: char) -> Option<usize> {
    let g = geo(&st.options.map)?;
    if let Some(name) = st
        .options
        .map_letters
        .get(&st.options.map)
        .and_then(|m| m.get(&terrain))
        .and_then(|m| m.get(&letter.to_string()))
    {
        return g.cell(name);
    }
    let cells: Vec<usize> = g
        .land_cells()
        .filter(|c| g.cells[*c].terrain == Some(terrain))
        .collect();
    let n = cells.len();
    if n == 0 {
        return None;
    }
    let s = |k: usize| cells[k * (n - 1) / 5];
    Some(match letter {
        'A' => s(0),
        'E' => s(1),
        'F' => s(2),
        'B' => s(3),
        'C' => s(4),
        _ => s(5),
    })
}
