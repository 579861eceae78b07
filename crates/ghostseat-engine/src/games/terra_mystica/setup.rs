//! Setup (TMA-SET-*, TMA-DECK-2..5): tiles, bonus row, deck, pieces, and the
//! order of the setup steps. Options are validated before (options.rs).

use std::collections::BTreeMap;

use crate::engine::{GameOptions, PerSeat, RuleError, Seat, Turn};

use super::board::geo;
use super::data::{house_tile_cult, Difficulty, HumanFaction, POWER_ACTIONS};
use super::events::Event;
use super::ids::{CardId, FavorTile, PowerSpace, TownTile};
use super::options::Options;
use super::state::*;

/// Builds the table (TMA-SET-1..16, TMA-DECK-2..5).
pub fn start(o: &Options, t: &mut Turn<'_, Event>) -> Result<State, RuleError> {
    o.validate()?;
    let table = o.is_table();
    let ts = o.table_setup.clone().unwrap_or_default();
    let g = geo(o.map);
    let n = usize::from(o.humans);
    let homes = o.homes();
    let automa_home = o.automa_home();
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

    // Bonus row (TMA-SET-15): players (humans + Automa) + 3 cards.
    let mut bonus_row = Vec::new();
    if table {
        bonus_row = ts
            .bonus_row
            .iter()
            .map(|c| RowCard {
                card: c.clone(),
                coins: 0,
            })
            .collect();
    } else {
        let mut pool = o.bonus_pool();
        for _ in 0..n + 1 + 3 {
            if pool.is_empty() {
                break;
            }
            let i = t.chance.pick_index(pool.len());
            bonus_row.push(RowCard {
                card: pool.remove(i),
                coins: 0,
            });
        }
    }
    // Scoring tiles (TMA-SET-2..4).
    let mut scoring_tiles = Vec::new();
    if table {
        scoring_tiles = ts
            .scoring_tiles
            .iter()
            .map(|x| ScoringTile {
                id: x.id.clone(),
                automa_pass_vp: x.automa_pass_vp,
                automa_cult: x.automa_cult,
            })
            .collect();
    } else {
        let mut tpool = o.tile_pool();
        for round in 1..=6 {
            let allowed: Vec<usize> = (0..tpool.len())
                .filter(|i| round < 5 || tpool[*i] != "SCORE1")
                .collect();
            let k = allowed[t.chance.pick_index(allowed.len())];
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
    }
    // Deck (TMA-DECK-2..5).
    let mots = o.merchants_of_the_seas;
    let mut starters: Vec<CardId> = if mots {
        vec![
            CardId::S1,
            CardId::S2Mots,
            CardId::S3,
            CardId::S4Mots,
            CardId::S5,
        ]
    } else {
        vec![CardId::S1, CardId::S2, CardId::S3, CardId::S4, CardId::S5]
    };
    let mut reserve: Vec<CardId> = CardId::ADVANCED.to_vec();
    let mut reserve_top = Vec::new();
    if table {
        // TMA-GEN-12: the table names the extra starters; the piles become
        // sets of possible ids.
        for c in &ts.extra_starter_cards {
            reserve.retain(|x| x != c);
            starters.push(*c);
        }
        if o.difficulty == Difficulty::Automalein {
            starters.retain(|c| *c != CardId::S3);
            reserve_top.push(CardId::S3);
        }
        starters.sort();
        reserve.sort();
    } else {
        t.chance.shuffle(&mut reserve);
        match o.difficulty {
            Difficulty::Automalein => {
                starters.retain(|c| *c != CardId::S3);
                reserve.insert(0, CardId::S3);
            }
            Difficulty::Automa => {}
            Difficulty::Automaechtig | Difficulty::Ultoma => {
                let i = t.chance.pick_index(reserve.len());
                starters.push(reserve.remove(i));
            }
            Difficulty::Alptrauma => {
                for _ in 0..2 {
                    let i = t.chance.pick_index(reserve.len());
                    starters.push(reserve.remove(i));
                }
            }
        }
        t.chance.shuffle(&mut starters);
    }
    let rotated = if table {
        vec![]
    } else {
        starters[starters.len().saturating_sub(2)..].to_vec()
    };
    let reserve_unknown = if table { reserve.len() } else { 0 };
    let box_: Vec<CardId> = if mots {
        vec![CardId::S2, CardId::S4]
    } else {
        vec![CardId::S2Mots, CardId::S4Mots, CardId::MotsSpecial]
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
        mots_set_aside: mots.then_some(CardId::MotsSpecial),
        cultist_aside: vec![],
        achievements: vec![],
        drew_this_round: false,
        deck_unknown: 0,
        reserve_unknown,
        reserve_top,
        suspended: None,
    };
    // Setup steps (TMA-SET-12, TMA-SET-15, TMA-HF-5).
    let humans: PerSeat<Human> = humans.into();
    let chaos = |s: Seat| humans[s].faction == HumanFaction::ChaosMagicians;
    let seats = || (0..n as u8).map(Seat);
    let mut setup = Vec::new();
    for s in seats().filter(|s| !chaos(*s)) {
        setup.push(SetupStep::HumanDwelling { seat: s });
    }
    setup.push(SetupStep::AutomaDwellings);
    for s in seats().rev() {
        if !chaos(s) && humans[s].initial_dwellings >= 2 {
            setup.push(SetupStep::HumanDwelling { seat: s });
        }
    }
    // Third dwellings go in seat order, after everyone's second.
    for s in seats() {
        if !chaos(s) && humans[s].initial_dwellings >= 3 {
            setup.push(SetupStep::HumanDwelling { seat: s });
        }
    }
    for s in seats().filter(|s| chaos(*s)) {
        setup.push(SetupStep::HumanDwelling { seat: s });
    }
    setup.push(SetupStep::AutomaBonus);
    for s in seats().rev() {
        setup.push(SetupStep::HumanBonus { seat: s });
    }
    let mut power_actions: Vec<(PowerSpace, Option<Seat>)> =
        POWER_ACTIONS.iter().map(|s| (*s, None)).collect();
    if mots {
        power_actions.extend(
            PowerSpace::ALL[6..6 + usize::from(o.mots_power_action_spaces)]
                .iter()
                .map(|s| (*s, None)),
        );
    }
    let cells = g.cells.len();
    let st = State {
        options: o.clone(),
        phase: Phase::Setup,
        setup,
        round: 0,
        n_humans: n,
        start_player: Seat(0),
        to_move: Seat(0),
        turn_steps: 0,
        passed: vec![],
        terrain: g.cells.iter().map(|c| c.terrain).collect(),
        buildings: vec![None; cells],
        trade_marker: vec![false; cells],
        cube: vec![false; cells],
        blight: vec![false; cells],
        bridges: vec![],
        cult: cult.into(),
        priest_spaces: [[None; 4]; 4],
        power_actions,
        favor_supply: FavorTile::ALL.iter().map(|f| (*f, f.copies())).collect(),
        town_supply: TownTile::ALL
            .iter()
            .map(|t| (*t, 2u8))
            .collect::<BTreeMap<_, _>>(),
        bonus_row,
        scoring_tiles,
        humans,
        automa,
        pending: vec![],
        final_scores: vec![],
    };
    let row: Vec<_> = st.bonus_row.iter().map(|r| r.card.clone()).collect();
    t.emit(
        "TMA-SET-1",
        Event::TableSetUp {
            automa_faction: o.automa_faction,
            automa_home,
            difficulty: o.difficulty,
            map: o.map,
            chance_source: if o.is_table() {
                super::options::ChanceSource::Table
            } else {
                super::options::ChanceSource::Server
            },
            bonus_row: row.clone(),
            scoring_tiles: st.scoring_tiles.iter().map(|x| x.id.clone()).collect(),
        },
    )
    .cards(&row);
    Ok(st)
}
