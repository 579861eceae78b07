//! Setup (TMA-SET-*, TMA-DECK-2..5): tiles, bonus row, deck, pieces, and the
//! order of the setup steps. Options are validated before (options.rs).

use std::collections::BTreeMap;

use crate::engine::{Chance, GameOptions, PerSeat, RuleError, Seat, Turn};

use super::super::board::geo;
use super::super::data::{house_tile_cult, Difficulty, HumanFaction, POWER_ACTIONS};
use super::super::events::Event;
use super::super::ids::{CardId, FavorTile, PowerSpace, TownTile};
use super::super::options::{Options, TableSetup};
use super::super::state::*;

/// Builds the table (TMA-SET-1..16, TMA-DECK-2..5). Chance is drawn in a
/// fixed order (bonus row, scoring tiles, deck) so a seed replays the same
/// table.
pub fn start(o: &Options, t: &mut Turn<'_, Event>) -> Result<State, RuleError> {
    o.validate()?;
    let ts = o.table_setup.clone().unwrap_or_default();
    let n = usize::from(o.humans);
    let (humans, cult) = seat_humans(o);
    let bonus_row = bonus_row(o, &ts, t.chance);
    let scoring_tiles = scoring_tiles(o, &ts, t.chance);
    let automa = automa(o, &ts, t.chance);
    let humans: PerSeat<Human> = humans.into();
    let setup = setup_steps(&humans, n);
    let g = geo(o.map);
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
        power_actions: power_actions(o),
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
    emit_table_set_up(o, &st, t);
    Ok(st)
}

/// The humans in seat order (starting human, other human, TMA-TWO-5) and the
/// cult tracks of every seat, Automa last (TMA-SET-10, TMA-SET-11).
fn seat_humans(o: &Options) -> (Vec<Human>, Vec<[u8; 4]>) {
    let homes = o.homes();
    let order: Vec<usize> = if o.humans == 2 {
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
    (humans, cult)
}

/// The bonus row (TMA-SET-15): one card per player (humans and Automa) plus
/// three, drawn from the pool or as the table laid it out.
fn bonus_row(o: &Options, ts: &TableSetup, chance: &mut Chance) -> Vec<RowCard> {
    let row_card = |card| RowCard { card, coins: 0 };
    if o.is_table() {
        return ts.bonus_row.iter().cloned().map(row_card).collect();
    }
    let mut pool = o.bonus_pool();
    let mut row = Vec::new();
    for _ in 0..usize::from(o.humans) + 1 + 3 {
        if pool.is_empty() {
            break;
        }
        let i = chance.pick_index(pool.len());
        row.push(row_card(pool.remove(i)));
    }
    row
}

/// The scoring tiles of rounds 1–6 (TMA-SET-2..4); the spade tile `SCORE1`
/// may not lie on round 5 or 6 (TMA-SET-3).
fn scoring_tiles(o: &Options, ts: &TableSetup, chance: &mut Chance) -> Vec<ScoringTile> {
    if o.is_table() {
        return ts
            .scoring_tiles
            .iter()
            .map(|x| ScoringTile {
                id: x.id.clone(),
                automa_pass_vp: x.automa_pass_vp,
                automa_cult: x.automa_cult,
            })
            .collect();
    }
    let mut tpool = o.tile_pool();
    let mut tiles = Vec::new();
    for round in 1..=6 {
        let allowed: Vec<usize> = (0..tpool.len())
            .filter(|i| round < 5 || tpool[*i] != "SCORE1")
            .collect();
        let k = allowed[chance.pick_index(allowed.len())];
        let id = tpool.remove(k);
        let data = o.scoring_tile_data.get(&id);
        tiles.push(ScoringTile {
            automa_pass_vp: data.map(|d| d.automa_pass_vp).unwrap_or(5),
            automa_cult: match data {
                Some(d) => d.automa_cult,
                None => house_tile_cult(&id),
            },
            id,
        });
    }
    tiles
}

/// Automa's deck piles as dealt (TMA-DECK-2..5).
struct Deck {
    starters: Vec<CardId>,
    reserve: Vec<CardId>,
    reserve_top: Vec<CardId>,
}

/// The five starter cards, with the Merchants of the Seas variants of S2 and
/// S4 when that expansion is in (TMA-DECK-2).
fn starter_cards(mots: bool) -> Vec<CardId> {
    if mots {
        vec![
            CardId::S1,
            CardId::S2Mots,
            CardId::S3,
            CardId::S4Mots,
            CardId::S5,
        ]
    } else {
        vec![CardId::S1, CardId::S2, CardId::S3, CardId::S4, CardId::S5]
    }
}

/// At the table the extra starters are named and the piles become sets of
/// possible ids, kept sorted (TMA-GEN-12); Automalein moves S3 to the
/// reserve's top (TMA-DECK-5).
fn table_deck(o: &Options, ts: &TableSetup) -> Deck {
    let mut starters = starter_cards(o.merchants_of_the_seas);
    let mut reserve: Vec<CardId> = CardId::ADVANCED.to_vec();
    let mut reserve_top = Vec::new();
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
    Deck {
        starters,
        reserve,
        reserve_top,
    }
}

/// The server shuffles the reserve, moves cards between starters and
/// reserve by difficulty, then shuffles the starters (TMA-DECK-3..5).
fn server_deck(o: &Options, chance: &mut Chance) -> Deck {
    let mut starters = starter_cards(o.merchants_of_the_seas);
    let mut reserve: Vec<CardId> = CardId::ADVANCED.to_vec();
    chance.shuffle(&mut reserve);
    match o.difficulty {
        Difficulty::Automalein => {
            starters.retain(|c| *c != CardId::S3);
            reserve.insert(0, CardId::S3);
        }
        Difficulty::Automa => {}
        Difficulty::Automaechtig | Difficulty::Ultoma => {
            let i = chance.pick_index(reserve.len());
            starters.push(reserve.remove(i));
        }
        Difficulty::Alptrauma => {
            for _ in 0..2 {
                let i = chance.pick_index(reserve.len());
                starters.push(reserve.remove(i));
            }
        }
    }
    chance.shuffle(&mut starters);
    Deck {
        starters,
        reserve,
        reserve_top: Vec::new(),
    }
}

/// Automa's pieces, deck and supply at the start (TMA-SET-9, TMA-SET-10,
/// TMA-DECK-2..5).
fn automa(o: &Options, ts: &TableSetup, chance: &mut Chance) -> Automa {
    let table = o.is_table();
    let mots = o.merchants_of_the_seas;
    let deck = if table {
        table_deck(o, ts)
    } else {
        server_deck(o, chance)
    };
    let rotated = if table {
        vec![]
    } else {
        deck.starters[deck.starters.len().saturating_sub(2)..].to_vec()
    };
    let reserve_unknown = if table { deck.reserve.len() } else { 0 };
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
    Automa {
        faction: o.automa_faction,
        home: o.automa_home(),
        vp: 20,
        supply,
        priests: 7,
        trade_markers: if mots { o.automa_trade_markers } else { 0 },
        favors: vec![],
        bonus: None,
        deck: deck.starters,
        rotated,
        action_card: None,
        support_pile: vec![],
        reserve: deck.reserve,
        box_,
        mots_set_aside: mots.then_some(CardId::MotsSpecial),
        cultist_aside: vec![],
        achievements: vec![],
        drew_this_round: false,
        deck_unknown: 0,
        reserve_unknown,
        reserve_top: deck.reserve_top,
        suspended: None,
    }
}

/// The order of the setup steps (TMA-SET-12, TMA-SET-15, TMA-HF-5): first
/// dwellings in seat order, Automa's, second dwellings in reverse, third
/// dwellings in seat order after everyone's second, the Chaos Magicians'
/// single dwelling last; then bonus cards, Automa first, humans in reverse.
fn setup_steps(humans: &PerSeat<Human>, n: usize) -> Vec<SetupStep> {
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
    setup
}

/// The power action spaces, all free; Merchants of the Seas adds its own
/// spaces after the six base ones.
fn power_actions(o: &Options) -> Vec<(PowerSpace, Option<Seat>)> {
    let mut spaces: Vec<(PowerSpace, Option<Seat>)> =
        POWER_ACTIONS.iter().map(|s| (*s, None)).collect();
    if o.merchants_of_the_seas {
        spaces.extend(
            PowerSpace::ALL[6..6 + usize::from(o.mots_power_action_spaces)]
                .iter()
                .map(|s| (*s, None)),
        );
    }
    spaces
}

/// Announces the table as dealt (TMA-SET-1), revealing the bonus row's cards.
fn emit_table_set_up(o: &Options, st: &State, t: &mut Turn<'_, Event>) {
    let row: Vec<_> = st.bonus_row.iter().map(|r| r.card.clone()).collect();
    t.emit(
        "TMA-SET-1",
        Event::TableSetUp {
            automa_faction: o.automa_faction,
            automa_home: o.automa_home(),
            difficulty: o.difficulty,
            map: o.map,
            chance_source: if o.is_table() {
                super::super::options::ChanceSource::Table
            } else {
                super::super::options::ChanceSource::Server
            },
            bonus_row: row.clone(),
            scoring_tiles: st.scoring_tiles.iter().map(|x| x.id.clone()).collect(),
        },
    )
    .cards(&row);
}
