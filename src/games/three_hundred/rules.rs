//! The human's moves (the Greeks): checking and carrying them out (T300 §5).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::collections::BTreeMap;

use super::battle;
use super::data::{card_name, is_reaction_card, City, Side, CITIES};
use super::flow;
use super::state::{BattleKind, Ctx, Pending, Phase, State};
use crate::engine::legacy::{Dice, Event, RuleError};

/// A Greek move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Move {
    /// Preparation: buy cards first (T300-GPR-2).
    BuyCards { count: u32 },
    /// Preparation: raise armies and fleets with the talents left (T300-GPR-3, T300-GPR-4).
    Raise {
        #[serde(default)]
        armies: BTreeMap<City, u32>,
        #[serde(default)]
        fleets: BTreeMap<City, u32>,
    },
    /// Play a card for one land movement (T300-MOV-2); `miltiades` plays card 4 as well when attacking.
    MoveLand {
        card: u8,
        from: City,
        to: City,
        armies: u32,
        #[serde(default)]
        path: Option<Vec<City>>,
        #[serde(default)]
        miltiades: bool,
        #[serde(default)]
        pay_from: Option<City>,
    },
    /// Play a card for one naval movement (T300-MOV-3).
    MoveNaval {
        card: u8,
        from: City,
        to: City,
        fleets: u32,
        #[serde(default)]
        armies: u32,
    },
    /// Play a card for its Greek event (T300-EVT). Parameters by card: 2 `city`; 3 `port`;
    /// 8 `from`,`to`,`path?`,`pay_from?`; 10 `from`,`to`,`armies`,`path?`; 13 `from`,`to`,`fleets` (a
    /// number); 14 `fleets` {port: n}; 16 `city`.
    PlayEvent {
        card: u8,
        #[serde(default)]
        city: Option<City>,
        #[serde(default)]
        from: Option<City>,
        #[serde(default)]
        to: Option<City>,
        #[serde(default)]
        armies: Option<u32>,
        #[serde(default)]
        port: Option<City>,
        #[serde(default)]
        fleets: Option<FleetsArg>,
        #[serde(default)]
        path: Option<Vec<City>>,
        #[serde(default)]
        pay_from: Option<City>,
    },
    /// Triremes: the optional second naval movement (T300-EVT-8).
    TriremesSecond {
        #[serde(default)]
        from: Option<City>,
        #[serde(default)]
        to: Option<City>,
        #[serde(default)]
        fleets: Option<u32>,
        #[serde(default)]
        skip: bool,
    },
    /// Pass the operations turn (T300-SEQ-3).
    Pass,
    /// Answer a reaction window: card 4, 15 or 9, or `null` to decline (T300-EVT-11).
    React {
        card: Option<u8>,
        #[serde(default)]
        pay_from: Option<City>,
    },
    /// Retreat to a city, or `null` to fight on (T300-BAT-5).
    BattleChoice { retreat_to: Option<City> },
    /// Destroy the pontoon bridge or not (T300-MOV-4).
    DestroyBridge { destroy: bool },
    /// Discard a card after PERSS.KI destroyed an army (T300-AI-9).
    Discard { card: u8 },
    /// Supply: the 4 cards to keep (T300-SUP-3).
    KeepCards { cards: Vec<u8> },
    /// Supply: armies to remove for the Greek excess (T300-SUP-6).
    RemoveArmies { from: BTreeMap<City, u32> },
    /// `deck = "table"`: the Greek cards just drawn (T300-SEQ-5).
    ReportDraw { cards: Vec<u8> },
    /// `deck = "table"`: the card PERSS.KI just discarded, for the log (T300-AI-12).
    ReportPersianDiscard { card: u8 },
}

/// Sum of a placement map; absurd counts are refused instead of overflowing.
fn sum(m: &BTreeMap<City, u32>) -> Result<u32, RuleError> {
    let t: u64 = m.values().map(|&n| u64::from(n)).sum();
    u32::try_from(t).ok().filter(|&t| t <= 100).ok_or_else(|| {
        illegal(
            "T300-GPR-3",
            "those numbers are far beyond the units of the game",
        )
    })
}

/// `fleets` of `play_event`: a count (Triremes) or a placement by port (Support from Syracuse).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum FleetsArg {
    Count(u32),
    Ports(BTreeMap<City, u32>),
}

fn illegal(rule: &str, detail: impl Into<String>) -> RuleError {
    RuleError::illegal(rule, detail)
}

fn take_card(st: &mut State, card: u8, rule: &str) -> Result<(), RuleError> {
    let Some(i) = st.hand_greeks.iter().position(|&c| c == card) else {
        return Err(illegal(rule, format!("card {card} is not in your hand")));
    };
    st.hand_greeks.remove(i);
    st.discard.push(card);
    Ok(())
}

/// Greek land path check (T300-MOV-2): returns the path (from … to).
pub fn land_path(
    st: &State,
    from: City,
    to: City,
    path: Option<&Vec<City>>,
) -> Result<Vec<City>, RuleError> {
    if from == to {
        return Err(illegal(
            "T300-MOV-2",
            "the armies must move to another city",
        ));
    }
    let passable = |c: City| st.u(c).ga > 0 || st.controls(Side::Greeks, c);
    match path {
        Some(p) => {
            let mut full = p.clone();
            if full.first() != Some(&from) {
                full.insert(0, from);
            }
            if full.last() != Some(&to) {
                return Err(illegal(
                    "T300-MOV-2",
                    "the path must end in the destination city",
                ));
            }
            for w in full.windows(2) {
                if !w[0].roads(st.bridge).contains(&w[1]) {
                    return Err(illegal(
                        "T300-MOV-2",
                        format!(
                            "no road leads from {} to {}{}",
                            w[0].name(),
                            w[1].name(),
                            if w[0] == City::Abydos || w[0] == City::Pella {
                                " (the Hellespont needs the bridge)"
                            } else {
                                ""
                            }
                        ),
                    ));
                }
            }
            for &c in &full[1..full.len() - 1] {
                if !passable(c) {
                    return Err(illegal(
                        "T300-MOV-2",
                        format!("the armies must stop in {}: it is neither held nor controlled by the Greeks", c.name()),
                    ));
                }
            }
            let mut seen = full.clone();
            seen.sort();
            seen.dedup();
            if seen.len() != full.len() {
                return Err(illegal("T300-MOV-2", "the path visits a city twice"));
            }
            Ok(full)
        }
        None => greek_reach(st, from).remove(&to).ok_or_else(|| {
            illegal(
                "T300-MOV-2",
                format!(
                    "Greek armies cannot reach {} from {}",
                    to.name(),
                    from.name()
                ),
            )
        }),
    }
}

/// Every city Greek armies can reach from `from` with a shortest path (T300-MOV-2).
pub fn greek_reach(st: &State, from: City) -> BTreeMap<City, Vec<City>> {
    let mut out: BTreeMap<City, Vec<City>> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::new();
    out.insert(from, vec![from]);
    queue.push_back(from);
    while let Some(c) = queue.pop_front() {
        if c != from && !(st.u(c).ga > 0 || st.controls(Side::Greeks, c)) {
            continue;
        }
        let path = out.get(&c).cloned().unwrap_or_default();
        for n in c.roads(st.bridge) {
            if out.contains_key(&n) {
                continue;
            }
            let mut p = path.clone();
            p.push(n);
            out.insert(n, p);
            queue.push_back(n);
        }
    }
    out.remove(&from);
    out
}

/// Options of a Greek land movement.
struct LandOpts {
    evangelion: bool,
    leonidas: bool,
    miltiades: bool,
    pay_from: Option<City>,
}

/// Carries out a Greek land movement, and the battle if it attacks (T300-MOV-2, T300-BAT-1).
#[allow(clippy::too_many_arguments)]
fn do_land(
    st: &mut State,
    from: City,
    to: City,
    armies: u32,
    path: Option<&Vec<City>>,
    o: LandOpts,
    ev: &mut Vec<Event>,
    dice: &mut Dice,
) -> Result<(), RuleError> {
    if armies == 0 {
        return Err(illegal("T300-MOV-1", "at least one army must move"));
    }
    if st.u(from).ga < armies {
        return Err(illegal(
            "T300-MOV-2",
            format!("{} holds only {} Greek armies", from.name(), st.u(from).ga),
        ));
    }
    let full = land_path(st, from, to, path)?;
    let attack = st.u(to).pa > 0;
    if o.miltiades {
        if !attack {
            return Err(illegal(
                "T300-EVT-11",
                "Miltiades can only be played when the move attacks Persian armies",
            ));
        }
        if !st.hand_greeks.contains(&4) || st.portraits.miltiades {
            return Err(illegal(
                "T300-EVT-11",
                "Miltiades (card 4) is not in your hand or was used already",
            ));
        }
        if o.leonidas {
            return Err(illegal(
                "T300-EVT-11",
                "at most one of Miltiades, 300 Spartans and Leonidas applies to a battle",
            ));
        }
    }
    st.um(from).ga -= armies;
    st.um(to).ga += armies;
    st.bridge_check |= to == City::Abydos;
    ev.push(
        Event::new(
            "greek_move",
            "T300-MOV-2",
            format!(
                "{armies} Greek armies march from {} to {} along {:?}.",
                from.name(),
                to.name(),
                full
            ),
        )
        .data(json!({"from": from, "to": to, "armies": armies, "path": full})),
    );
    if !attack {
        return flow::after_action(st, Ctx::GreekTurn, ev, dice);
    }
    let mut b = battle::new_battle(BattleKind::Land, to, Side::Greeks, Ctx::GreekTurn);
    b.origin = full.get(full.len().saturating_sub(2)).copied(); // T300-BAT-6
    b.evangelion = o.evangelion;
    if o.leonidas {
        b.greek_dice = Some(2);
        b.reaction_used = true;
    }
    if o.miltiades {
        let how = battle::pay_army(st, o.pay_from, Some(to), "T300-EVT-11")?;
        take_card(st, 4, "T300-EVT-11")?;
        st.portraits.miltiades = true;
        b.greek_dice = Some(3);
        b.reaction_used = true;
        ev.push(
            Event::new(
                "reaction",
                "T300-EVT-11",
                format!(
                    "Miltiades: {how} covers the portrait; the Greeks roll 3 dice in this battle."
                ),
            )
            .cards(&[4])
            .data(json!({"card": 4})),
        );
    }
    battle::start(st, b, ev, dice)
}

/// Carries out a Greek naval movement (T300-MOV-3).
#[allow(clippy::too_many_arguments)]
fn do_naval(
    st: &mut State,
    from: City,
    to: City,
    fleets: u32,
    armies: u32,
    ctx: Ctx,
    ev: &mut Vec<Event>,
    dice: &mut Dice,
) -> Result<(), RuleError> {
    if !from.has_port() || !to.has_port() {
        return Err(illegal("T300-MOV-3", "fleets move only between ports"));
    }
    if from == to {
        return Err(illegal(
            "T300-MOV-3",
            "the fleets must sail to another port",
        ));
    }
    if fleets == 0 || st.u(from).gf < fleets {
        return Err(illegal(
            "T300-MOV-3",
            format!(
                "the port of {} holds {} Greek fleets; move at least one",
                from.name(),
                st.u(from).gf
            ),
        ));
    }
    if armies > fleets.min(3) || armies > st.u(from).ga {
        return Err(illegal(
            "T300-MOV-3",
            "each fleet carries at most one army from its city, at most 3 in all",
        ));
    }
    st.um(from).gf -= fleets;
    st.um(from).ga -= armies;
    st.um(to).gf += fleets;
    st.bridge_check |= to == City::Abydos && armies > 0;
    ev.push(
        Event::new(
            "greek_naval_move",
            "T300-MOV-3",
            format!(
                "{fleets} Greek fleets sail from {} to {} carrying {armies} armies.",
                from.name(),
                to.name()
            ),
        )
        .data(json!({"from": from, "to": to, "fleets": fleets, "armies": armies})),
    );
    if st.u(to).pf > 0 {
        let mut b = battle::new_battle(BattleKind::Naval, to, Side::Greeks, ctx);
        b.origin = Some(from);
        b.carried = armies;
        return battle::start(st, b, ev, dice);
    }
    if armies > 0 {
        st.um(to).ga += armies;
        if st.u(to).pa > 0 {
            let mut b = battle::new_battle(BattleKind::Land, to, Side::Greeks, ctx);
            b.origin = Some(from);
            b.sea_fleets = fleets;
            return battle::start(st, b, ev, dice);
        }
    }
    flow::after_action(st, ctx, ev, dice)
}

/// Cities where new Greek armies may go (T300-GPR-3).
pub fn army_spots(st: &State) -> Vec<City> {
    CITIES
        .iter()
        .copied()
        .filter(|&c| st.controls(Side::Greeks, c))
        .collect()
}

/// Ports where new Greek fleets may go (T300-GPR-4, T300-EVT-9).
pub fn fleet_spots(st: &State) -> Vec<City> {
    CITIES
        .iter()
        .copied()
        .filter(|&c| c.has_port() && st.controls(Side::Greeks, c) && st.u(c).pf == 0)
        .collect()
}

/// Applies a Greek move (state already cloned by the caller).
pub fn apply(
    st: &mut State,
    mv: &Move,
    ev: &mut Vec<Event>,
    dice: &mut Dice,
) -> Result<(), RuleError> {
    if let Move::ReportPersianDiscard { card } = mv {
        return report_persian_discard(st, *card, ev);
    }
    if let Some(p) = st.pending.clone() {
        return apply_pending(st, p, mv, ev, dice);
    }
    match st.phase {
        Phase::GreekBuy => match mv {
            Move::BuyCards { count } => buy(st, *count, ev, dice),
            _ => Err(RuleError::out_of_turn(
                "T300-GPR-2",
                "the Greek preparation starts with buying cards (buy_cards)",
            )),
        },
        Phase::GreekRaise => match mv {
            Move::Raise { armies, fleets } => raise(st, armies, fleets, ev, dice),
            _ => Err(RuleError::out_of_turn(
                "T300-GPR-2",
                "the Greeks now raise units (raise)",
            )),
        },
        Phase::Operations if st.to_act == Side::Greeks => operations(st, mv, ev, dice),
        _ => Err(RuleError::out_of_turn(
            "T300-SEQ-3",
            "it is not the Greeks' turn",
        )),
    }
}

fn report_persian_discard(st: &mut State, card: u8, ev: &mut Vec<Event>) -> Result<(), RuleError> {
    if !st.table_deck() || !st.persian_discard_unknown {
        return Err(illegal(
            "T300-AI-12",
            "there is no untyped PERSS.KI discard to report",
        ));
    }
    if !(1..=16).contains(&card) || st.known_cards().contains(&card) {
        return Err(illegal(
            "T300-AI-12",
            format!("card {card} cannot be the card PERSS.KI discarded"),
        ));
    }
    if let Some(i) = st.discard.iter().rposition(|&c| c == super::state::UNKNOWN) {
        st.discard[i] = card;
    }
    st.persian_discard_unknown = false;
    ev.push(
        Event::new(
            "persian_discard_reported",
            "T300-AI-12",
            format!("PERSS.KI's discard was card {card} ({}).", card_name(card)),
        )
        .cards(&[card])
        .data(json!({"card": card})),
    );
    Ok(())
}

/// Table deck: the drawn cards are typed in before play goes on.
fn ask_draw(st: &mut State, count: usize, then: Option<Ctx>) -> bool {
    if st.table_deck() && count > 0 {
        st.pending = Some(Pending::ReportDraw {
            count: count as u32,
            then,
        });
        return true;
    }
    false
}

fn buy(st: &mut State, count: u32, ev: &mut Vec<Event>, dice: &mut Dice) -> Result<(), RuleError> {
    let rule = if st.mines { "T300-EVT-1" } else { "T300-GPR-2" };
    let max = 6.min(st.talents).min(st.drawable() as u32);
    if count > max {
        return Err(illegal(
            rule,
            format!("you can buy at most {max} cards now"),
        ));
    }
    let mut got = Vec::new();
    for _ in 0..count {
        if let Some(c) = st.draw(dice, ev) {
            got.push(c);
            if c != super::state::UNKNOWN {
                st.hand_greeks.push(c);
            }
        }
    }
    st.talents -= got.len() as u32;
    ev.push(
        Event::new(
            "greek_cards_drawn",
            rule,
            format!(
                "The Greeks buy {} cards; {} talents left.",
                got.len(),
                st.talents
            ),
        )
        .data(json!({"count": got.len(), "talents_left": st.talents})),
    );
    st.phase = Phase::GreekRaise;
    ask_draw(st, got.len(), None);
    Ok(())
}

fn raise(
    st: &mut State,
    armies: &BTreeMap<City, u32>,
    fleets: &BTreeMap<City, u32>,
    ev: &mut Vec<Event>,
    dice: &mut Dice,
) -> Result<(), RuleError> {
    let na = sum(armies)?;
    let nf = sum(fleets)?;
    if na + nf > st.talents {
        return Err(illegal(
            "T300-GPR-3",
            format!("that costs {} talents; you have {}", na + nf, st.talents),
        ));
    }
    if na > st.greek_stock_armies {
        return Err(illegal(
            "T300-GPR-3",
            format!("only {} Greek armies are in stock", st.greek_stock_armies),
        ));
    }
    if nf > st.greek_stock_fleets {
        return Err(illegal(
            "T300-GPR-4",
            format!("only {} Greek fleets are in stock", st.greek_stock_fleets),
        ));
    }
    if !st.mines && st.fleets_raised + nf > 2 {
        return Err(illegal("T300-GPR-4", "at most 2 fleets per preparation"));
    }
    let aspots = army_spots(st);
    for (c, n) in armies {
        if *n > 0 && !aspots.contains(c) {
            return Err(illegal(
                "T300-GPR-3",
                format!(
                    "new armies go only into Greek-controlled cities; {} is not",
                    c.name()
                ),
            ));
        }
    }
    let fspots = fleet_spots(st);
    for (c, n) in fleets {
        if *n > 0 && !fspots.contains(c) {
            return Err(illegal("T300-GPR-4", format!("a new fleet cannot go to {}: it needs a Greek-controlled port city without a Persian fleet", c.name())));
        }
    }
    for (c, n) in armies {
        st.um(*c).ga += n;
    }
    for (c, n) in fleets {
        st.um(*c).gf += n;
    }
    st.greek_stock_armies -= na;
    st.greek_stock_fleets -= nf;
    st.fleets_raised += nf;
    let lost = st.talents - na - nf;
    st.talents = 0;
    ev.push(
        Event::new(
            "greek_raised",
            if st.mines { "T300-EVT-1" } else { "T300-GPR-3" },
            format!("The Greeks raise {na} armies and {nf} fleets; {lost} talents are lost."),
        )
        .data(json!({"armies": armies, "fleets": fleets, "talents_lost": lost})),
    );
    st.phase = Phase::Operations;
    if st.mines {
        st.mines = false;
        return flow::after_action(st, Ctx::GreekTurn, ev, dice);
    }
    st.to_act = Side::Persians;
    st.last_pass = None;
    st.persian_done = false;
    ev.push(
        Event::new(
            "operations_started",
            "T300-SEQ-3",
            "Operations begin; PERSS.KI takes the first turn.",
        )
        .data(json!({"campaign": st.campaign})),
    );
    Ok(())
}

fn operations(
    st: &mut State,
    mv: &Move,
    ev: &mut Vec<Event>,
    dice: &mut Dice,
) -> Result<(), RuleError> {
    match mv {
        Move::Pass => {
            ev.push(Event::new("greek_pass", "T300-SEQ-4", "The Greeks pass.").data(json!({})));
            flow::end_turn(st, Side::Greeks, true, ev, dice)
        }
        Move::MoveLand {
            card,
            from,
            to,
            armies,
            path,
            miltiades,
            pay_from,
        } => {
            take_card(st, *card, "T300-MOV-1")?;
            ev.push(card_event(*card, "for a land movement"));
            do_land(
                st,
                *from,
                *to,
                *armies,
                path.as_ref(),
                LandOpts {
                    evangelion: false,
                    leonidas: false,
                    miltiades: *miltiades,
                    pay_from: *pay_from,
                },
                ev,
                dice,
            )
        }
        Move::MoveNaval {
            card,
            from,
            to,
            fleets,
            armies,
        } => {
            take_card(st, *card, "T300-MOV-1")?;
            ev.push(card_event(*card, "for a naval movement"));
            do_naval(st, *from, *to, *fleets, *armies, Ctx::GreekTurn, ev, dice)
        }
        Move::PlayEvent {
            card,
            city,
            from,
            to,
            armies,
            port,
            fleets,
            path,
            pay_from,
        } => event(
            st,
            *card,
            EvArgs {
                city: port.or(*city),
                from: *from,
                to: *to,
                armies: *armies,
                fleets: match fleets {
                    Some(FleetsArg::Count(n)) => Some(*n),
                    _ => None,
                },
                path: path.clone(),
                pay_from: *pay_from,
                placements: match fleets {
                    Some(FleetsArg::Ports(m)) => m.clone(),
                    _ => BTreeMap::new(),
                },
            },
            ev,
            dice,
        ),
        _ => Err(RuleError::out_of_turn(
            "T300-SEQ-3",
            "on a Greek operations turn play a card (move_land, move_naval, play_event) or pass",
        )),
    }
}

fn card_event(card: u8, what: &str) -> Event {
    Event::new(
        "greek_card_played",
        "T300-MOV-1",
        format!("The Greeks play card {card} ({}) {what}.", card_name(card)),
    )
    .cards(&[card])
    .data(json!({"card": card}))
}

struct EvArgs {
    city: Option<City>,
    from: Option<City>,
    to: Option<City>,
    armies: Option<u32>,
    fleets: Option<u32>,
    path: Option<Vec<City>>,
    pay_from: Option<City>,
    placements: BTreeMap<City, u32>,
}

fn need<T: Copy>(v: Option<T>, rule: &str, what: &str) -> Result<T, RuleError> {
    v.ok_or_else(|| illegal(rule, format!("this event needs `{what}`")))
}

/// The Greek events (T300-EVT-1..10, T300-EVT-14).
fn event(
    st: &mut State,
    card: u8,
    a: EvArgs,
    ev: &mut Vec<Event>,
    dice: &mut Dice,
) -> Result<(), RuleError> {
    if !st.hand_greeks.contains(&card) {
        return Err(illegal(
            "T300-MOV-1",
            format!("card {card} is not in your hand"),
        ));
    }
    if is_reaction_card(card) {
        return Err(illegal(
            if matches!(card, 5 | 6 | 12) {
                "T300-EVT-12"
            } else {
                "T300-EVT-11"
            },
            format!(
                "{} is a reaction; on your turn it can only be played for movement",
                card_name(card)
            ),
        ));
    }
    let played = |ev: &mut Vec<Event>, text: String| {
        ev.push(
            Event::new("greek_event", rule_of(card), text)
                .cards(&[card])
                .data(json!({"card": card})),
        );
    };
    match card {
        1 => {
            take_card(st, card, "T300-EVT-1")?;
            played(
                ev,
                "Mines of Laurion: an extra Greek preparation with 3 talents.".into(),
            );
            st.mines = true;
            st.talents = 3;
            st.phase = Phase::GreekBuy;
            Ok(())
        }
        2 => {
            let c = need(a.city, "T300-EVT-2", "city")?;
            if !matches!(c, City::Abydos | City::Ephesos) || st.u(c).pa == 0 {
                return Err(illegal("T300-EVT-2", "Ionian Revolt removes a Persian army from Abydos or Ephesos; name one that holds one"));
            }
            take_card(st, card, "T300-EVT-2")?;
            st.um(c).pa -= 1;
            played(
                ev,
                format!(
                    "Ionian Revolt: a Persian army is removed from {}.",
                    c.name()
                ),
            );
            flow::after_action(st, Ctx::GreekTurn, ev, dice)
        }
        3 => {
            let c = need(a.city, "T300-EVT-3", "city")?;
            if st.u(c).pf == 0 {
                return Err(illegal(
                    "T300-EVT-3",
                    format!("no Persian fleet lies in the port of {}", c.name()),
                ));
            }
            take_card(st, card, "T300-EVT-3")?;
            st.um(c).pf -= 1;
            played(
                ev,
                format!("Wrath of Poseidon: a Persian fleet sinks at {}.", c.name()),
            );
            flow::after_action(st, Ctx::GreekTurn, ev, dice)
        }
        7 => {
            take_card(st, card, "T300-EVT-4")?;
            let rest = std::mem::take(&mut st.hand_greeks);
            let n = rest.len();
            st.discard.extend(rest);
            let mut got = 0;
            for _ in 0..n + 1 {
                if let Some(c) = st.draw(dice, ev) {
                    if c != super::state::UNKNOWN {
                        st.hand_greeks.push(c);
                    }
                    got += 1;
                }
            }
            played(
                ev,
                format!("Oracle of Delphi: {n} cards discarded, {got} drawn."),
            );
            if ask_draw(st, got, Some(Ctx::GreekTurn)) {
                return Ok(());
            }
            flow::after_action(st, Ctx::GreekTurn, ev, dice)
        }
        8 => {
            if st.portraits.leonidas {
                return Err(illegal(
                    "T300-EVT-14",
                    "Leonidas was used already; the card serves only for movement now",
                ));
            }
            let from = need(a.from, "T300-EVT-5", "from")?;
            let to = need(a.to, "T300-EVT-5", "to")?;
            if st.u(from).ga == 0 {
                return Err(illegal(
                    "T300-EVT-5",
                    format!("no Greek army in {}", from.name()),
                ));
            }
            land_path(st, from, to, a.path.as_ref())?;
            let mut trial = st.clone();
            let how = battle::pay_army(&mut trial, a.pay_from, None, "T300-EVT-5")?;
            if trial.u(from).ga == 0 {
                return Err(illegal(
                    "T300-EVT-5",
                    "no army would be left in the starting city to move",
                ));
            }
            *st = trial;
            take_card(st, card, "T300-EVT-5")?;
            st.portraits.leonidas = true;
            played(
                ev,
                format!(
                    "Leonidas: {how} covers the portrait; one army marches with 2 battle dice."
                ),
            );
            do_land(
                st,
                from,
                to,
                1,
                a.path.as_ref(),
                LandOpts {
                    evangelion: false,
                    leonidas: true,
                    miltiades: false,
                    pay_from: None,
                },
                ev,
                dice,
            )
        }
        10 => {
            let from = need(a.from, "T300-EVT-6", "from")?;
            let to = need(a.to, "T300-EVT-6", "to")?;
            let n = need(a.armies, "T300-EVT-6", "armies")?;
            let mut trial = st.clone();
            let mut tev = Vec::new();
            take_card(&mut trial, card, "T300-EVT-6")?;
            do_land(
                &mut trial,
                from,
                to,
                n,
                a.path.as_ref(),
                LandOpts {
                    evangelion: true,
                    leonidas: false,
                    miltiades: false,
                    pay_from: None,
                },
                &mut tev,
                dice,
            )?;
            *st = trial;
            played(
                ev,
                "Evangelion: a land movement whose battle moves the score.".into(),
            );
            ev.extend(tev);
            Ok(())
        }
        11 => {
            if !st.controls(Side::Greeks, City::Sparta) || st.greek_stock_armies == 0 {
                return Err(illegal(
                    "T300-EVT-7",
                    "Melas Zomos needs a Greek-controlled Sparta and an army in stock",
                ));
            }
            take_card(st, card, "T300-EVT-7")?;
            st.greek_stock_armies -= 1;
            st.um(City::Sparta).ga += 1;
            played(
                ev,
                "Melas Zomos: a Greek army from stock enters Sparta.".into(),
            );
            flow::after_action(st, Ctx::GreekTurn, ev, dice)
        }
        13 => {
            let from = need(a.from, "T300-EVT-8", "from")?;
            let to = need(a.to, "T300-EVT-8", "to")?;
            let f = need(a.fleets, "T300-EVT-8", "fleets")?;
            let mut trial = st.clone();
            let mut tev = Vec::new();
            take_card(&mut trial, card, "T300-EVT-8")?;
            do_naval(&mut trial, from, to, f, 0, Ctx::Triremes1, &mut tev, dice)?;
            *st = trial;
            played(
                ev,
                "Triremes: up to two naval movements without armies.".into(),
            );
            ev.extend(tev);
            Ok(())
        }
        14 => {
            let spots = fleet_spots(st);
            let total = sum(&a.placements)?;
            if st.greek_stock_fleets == 0 || spots.is_empty() {
                return Err(illegal(
                    "T300-EVT-9",
                    "no Greek fleet in stock or no Greek-controlled port without a Persian fleet",
                ));
            }
            if total != st.greek_stock_fleets {
                return Err(illegal(
                    "T300-EVT-9",
                    format!(
                        "place every fleet in stock ({}), not {total}",
                        st.greek_stock_fleets
                    ),
                ));
            }
            for (c, n) in &a.placements {
                if *n > 0 && !spots.contains(c) {
                    return Err(illegal(
                        "T300-EVT-9",
                        format!(
                            "{} is not a Greek-controlled port without a Persian fleet",
                            c.name()
                        ),
                    ));
                }
            }
            take_card(st, card, "T300-EVT-9")?;
            for (c, n) in &a.placements {
                st.um(*c).gf += n;
            }
            st.greek_stock_fleets = 0;
            played(
                ev,
                format!("Support from Syracuse: {total} Greek fleets are placed."),
            );
            flow::after_action(st, Ctx::GreekTurn, ev, dice)
        }
        16 => {
            let c = need(a.city, "T300-EVT-10", "city")?;
            if st.u(c).pa == 0 {
                return Err(illegal(
                    "T300-EVT-10",
                    format!("no Persian army in {}", c.name()),
                ));
            }
            take_card(st, card, "T300-EVT-10")?;
            st.um(c).pa -= 1;
            played(
                ev,
                format!(
                    "Desertion of Greek Soldiers: a Persian army leaves {}.",
                    c.name()
                ),
            );
            flow::after_action(st, Ctx::GreekTurn, ev, dice)
        }
        _ => Err(illegal("T300-MOV-1", format!("card {card} does not exist"))),
    }
}

fn rule_of(card: u8) -> &'static str {
    match card {
        1 => "T300-EVT-1",
        2 => "T300-EVT-2",
        3 => "T300-EVT-3",
        7 => "T300-EVT-4",
        8 => "T300-EVT-5",
        10 => "T300-EVT-6",
        11 => "T300-EVT-7",
        13 => "T300-EVT-8",
        14 => "T300-EVT-9",
        16 => "T300-EVT-10",
        _ => "T300-EVT-11",
    }
}

fn apply_pending(
    st: &mut State,
    p: Pending,
    mv: &Move,
    ev: &mut Vec<Event>,
    dice: &mut Dice,
) -> Result<(), RuleError> {
    match (&p, mv) {
        (Pending::React { cards }, Move::React { card, pay_from }) => {
            st.pending = None;
            match card {
                None => {
                    ev.push(
                        Event::new(
                            "reaction_declined",
                            "T300-EVT-11",
                            "The Greeks play no reaction.",
                        )
                        .data(json!({})),
                    );
                }
                Some(c) if cards.contains(c) => {
                    let city = st.battle.as_ref().map(|b| b.city);
                    let mut how = String::new();
                    if *c == 4 {
                        how = battle::pay_army(st, *pay_from, city, "T300-EVT-11")?;
                        st.portraits.miltiades = true;
                    }
                    take_card(st, *c, "T300-EVT-11")?;
                    if let Some(b) = st.battle.as_mut() {
                        b.greek_dice = Some(3);
                        b.reaction_used = true;
                    }
                    ev.push(
                        Event::new("reaction", "T300-EVT-11", format!("The Greeks play {}{}: they roll 3 dice every round of this battle.", card_name(*c), if how.is_empty() { String::new() } else { format!(" ({how} covers the portrait)") }))
                            .cards(&[*c])
                            .data(json!({"card": c})),
                    );
                }
                Some(c) => {
                    return Err(illegal(
                        "T300-EVT-11",
                        format!("card {c} cannot be played now; eligible: {cards:?}"),
                    ))
                }
            }
            battle::fight(st, ev, dice)
        }
        (Pending::Artemisia, Move::React { card, .. }) => {
            st.pending = None;
            match card {
                None => {}
                Some(9) => {
                    take_card(st, 9, "T300-EVT-11")?;
                    st.portraits.artemisia = true;
                    if let Some(b) = &st.battle {
                        let c = b.city;
                        st.um(c).pf -= 1;
                    }
                    ev.push(
                        Event::new(
                            "reaction",
                            "T300-EVT-11",
                            "Artemisia I: one more Persian fleet is removed onto her portrait.",
                        )
                        .cards(&[9])
                        .data(json!({"card": 9})),
                    );
                }
                Some(c) => {
                    return Err(illegal(
                        "T300-EVT-11",
                        format!("only Artemisia I (9) can be played now, not {c}"),
                    ))
                }
            }
            if battle::over(st) {
                return battle::end(st, ev, dice);
            }
            if battle::pause_after_round(st, true) {
                return Ok(());
            }
            battle::fight(st, ev, dice)
        }
        (Pending::BattleChoice { .. }, Move::BattleChoice { retreat_to }) => {
            st.pending = None;
            match retreat_to {
                Some(c) => battle::retreat(st, *c, ev, dice),
                None => {
                    ev.push(
                        Event::new("fight_on", "T300-BAT-4", "The Greeks fight on.")
                            .data(json!({})),
                    );
                    battle::fight(st, ev, dice)
                }
            }
        }
        (Pending::DestroyBridge { .. }, Move::DestroyBridge { destroy }) => {
            st.pending = None;
            if *destroy {
                st.bridge = false;
                ev.push(
                    Event::new(
                        "bridge_destroyed",
                        "T300-MOV-4",
                        "The Greeks destroy the pontoon bridge.",
                    )
                    .data(json!({})),
                );
            }
            flow::end_turn(st, Side::Greeks, false, ev, dice)
        }
        (Pending::Discard, Move::Discard { card }) => {
            take_card(st, *card, "T300-AI-9")?;
            st.pending = None;
            ev.push(
                Event::new(
                    "greek_discard",
                    "T300-AI-9",
                    format!("The Greeks discard card {card} ({}).", card_name(*card)),
                )
                .cards(&[*card])
                .data(json!({"card": card})),
            );
            flow::after_action(st, Ctx::PersianTurn, ev, dice)
        }
        (Pending::KeepCards, Move::KeepCards { cards }) => {
            if cards.len() != 4 {
                return Err(illegal("T300-SUP-3", "keep exactly 4 cards"));
            }
            let mut hand = st.hand_greeks.clone();
            for c in cards {
                let Some(i) = hand.iter().position(|x| x == c) else {
                    return Err(illegal(
                        "T300-SUP-3",
                        format!("card {c} is not in your hand (or named twice)"),
                    ));
                };
                hand.remove(i);
            }
            st.discard.extend(hand.iter().copied());
            st.hand_greeks = cards.clone();
            st.pending = None;
            ev.push(
                Event::new(
                    "greek_cards_kept",
                    "T300-SUP-3",
                    format!("The Greeks keep {cards:?} and discard {hand:?}."),
                )
                .data(json!({"kept": cards, "discarded": hand})),
            );
            flow::greek_attrition(st, ev, dice)
        }
        (Pending::RemoveArmies { count }, Move::RemoveArmies { from }) => {
            let total = sum(from)?;
            if total != *count {
                return Err(illegal(
                    "T300-SUP-6",
                    format!("remove exactly {count} armies, not {total}"),
                ));
            }
            for (c, n) in from {
                if st.u(*c).ga < *n {
                    return Err(illegal(
                        "T300-SUP-6",
                        format!("{} holds only {} Greek armies", c.name(), st.u(*c).ga),
                    ));
                }
            }
            for (c, n) in from {
                st.um(*c).ga -= n;
                st.greek_stock_armies += n;
            }
            st.pending = None;
            ev.push(
                Event::new(
                    "attrition_removed",
                    "T300-SUP-6",
                    format!("The Greeks remove {total} armies for supply."),
                )
                .data(json!({"from": from})),
            );
            flow::greek_loc_and_score(st, ev, dice)
        }
        (
            Pending::TriremesSecond,
            Move::TriremesSecond {
                from,
                to,
                fleets,
                skip,
            },
        ) => {
            st.pending = None;
            if *skip {
                ev.push(
                    Event::new(
                        "triremes_skipped",
                        "T300-EVT-8",
                        "The Greeks forgo the second Triremes movement.",
                    )
                    .data(json!({})),
                );
                return flow::after_action(st, Ctx::GreekTurn, ev, dice);
            }
            let from = need(*from, "T300-EVT-8", "from")?;
            let to = need(*to, "T300-EVT-8", "to")?;
            let f = need(*fleets, "T300-EVT-8", "fleets")?;
            do_naval(st, from, to, f, 0, Ctx::GreekTurn, ev, dice)
        }
        (Pending::ReportDraw { count, then }, Move::ReportDraw { cards }) => {
            if cards.len() != *count as usize {
                return Err(illegal(
                    "T300-SEQ-5",
                    format!("type in exactly the {count} cards drawn"),
                ));
            }
            let known = st.known_cards();
            let mut seen: Vec<u8> = Vec::new();
            for &c in cards {
                if !(1..=16).contains(&c) || known.contains(&c) || seen.contains(&c) {
                    return Err(illegal(
                        "T300-SEQ-5",
                        format!("card {c} cannot have been drawn (ids 1..16, not known elsewhere)"),
                    ));
                }
                seen.push(c);
            }
            st.hand_greeks.extend(cards.iter().copied());
            st.pending = None;
            ev.push(
                Event::new(
                    "greek_draw_reported",
                    "T300-SEQ-5",
                    format!("The Greeks drew {cards:?}."),
                )
                .data(json!({"cards": cards})),
            );
            match then {
                Some(ctx) => flow::after_action(st, *ctx, ev, dice),
                None => Ok(()),
            }
        }
        _ => Err(RuleError::out_of_turn(
            pending_rule(&p),
            format!(
                "the game waits for another decision: {}",
                pending_prompt(&p)
            ),
        )),
    }
}

pub fn pending_rule(p: &Pending) -> &'static str {
    match p {
        Pending::React { .. } | Pending::Artemisia => "T300-EVT-11",
        Pending::BattleChoice { .. } => "T300-BAT-5",
        Pending::DestroyBridge { .. } => "T300-MOV-4",
        Pending::Discard => "T300-AI-9",
        Pending::KeepCards => "T300-SUP-3",
        Pending::RemoveArmies { .. } => "T300-SUP-6",
        Pending::TriremesSecond => "T300-EVT-8",
        Pending::ReportDraw { .. } => "T300-SEQ-5",
    }
}

pub fn pending_prompt(p: &Pending) -> String {
    match p {
        Pending::React { cards } => format!(
            "a Persian land attack is about to start: play a reaction {cards:?} or none (react)"
        ),
        Pending::Artemisia => {
            "the Persians lost a fleet: play Artemisia I (9) or not (react)".into()
        }
        Pending::BattleChoice { allowed } => {
            format!("retreat to one of {allowed:?} or fight on (battle_choice)")
        }
        Pending::DestroyBridge { .. } => {
            "your armies hold Abydos: destroy the bridge? (destroy_bridge)".into()
        }
        Pending::Discard => "PERSS.KI destroyed an army: discard a card (discard)".into(),
        Pending::KeepCards => "supply: choose the 4 cards to keep (keep_cards)".into(),
        Pending::RemoveArmies { count } => {
            format!("supply: remove {count} Greek armies (remove_armies)")
        }
        Pending::TriremesSecond => {
            "Triremes: a second naval movement or skip (triremes_second)".into()
        }
        Pending::ReportDraw { count, .. } => {
            format!("type in the {count} cards you drew (report_draw)")
        }
    }
}
