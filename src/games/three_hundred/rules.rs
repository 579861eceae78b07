//! The human's moves (the Greeks): checking and carrying them out (T300 §5).

use std::collections::BTreeMap;

use super::battle;
use super::cards;
use super::data::{Card, City, Side, CITIES};
use super::events::{Event, Purpose, Tx};
use super::flow;
use super::moves::{Counts, FleetsArg, Move};
use super::state::{BattleKind, Ctx, Pending, Phase, State};
use crate::engine::RuleError;

fn illegal(rule: &str, detail: impl Into<crate::engine::Detail>) -> RuleError {
    RuleError::illegal(rule, detail)
}

/// Takes a card from the Greek hand onto the discard pile.
fn take_card(st: &mut State, card: Card, rule: &str) -> Result<(), RuleError> {
    let Some(i) = st.hand_greeks.iter().position(|&c| c == card) else {
        return Err(illegal(
            rule,
            format!("{} is not in your hand", card.name()),
        ));
    };
    st.hand_greeks.remove(i);
    st.discard.push(card);
    Ok(())
}

/// Whether Greek armies may pass through `c` (T300-MOV-2).
fn passable(st: &State, c: City) -> bool {
    st.u(c).ga > 0 || st.controls(Side::Greeks, c)
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
    let Some(full) = path else {
        return greek_reach(st, from).remove(&to).ok_or_else(|| {
            illegal(
                "T300-MOV-2",
                format!(
                    "Greek armies cannot reach {} from {}",
                    to.name(),
                    from.name()
                ),
            )
        });
    };
    if full.first() != Some(&from) || full.last() != Some(&to) || full.len() < 2 {
        return Err(illegal(
            "T300-MOV-2",
            format!(
                "the path lists the cities of the march from {} to {}, both included",
                from.name(),
                to.name()
            ),
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
                    if matches!(
                        (w[0], w[1]),
                        (City::Abydos, City::Pella) | (City::Pella, City::Abydos)
                    ) {
                        " (the Hellespont needs the bridge)"
                    } else {
                        ""
                    }
                ),
            ));
        }
    }
    for &c in &full[1..full.len() - 1] {
        if !passable(st, c) {
            return Err(illegal(
                "T300-MOV-2",
                format!(
                    "the armies must stop in {}: it is neither held nor controlled by the Greeks",
                    c.name()
                ),
            ));
        }
    }
    let mut seen = full.clone();
    seen.sort();
    seen.dedup();
    if seen.len() != full.len() {
        return Err(illegal("T300-MOV-2", "the path visits a city twice"));
    }
    Ok(full.clone())
}

/// Every city Greek armies can reach from `from`, with a shortest path (T300-MOV-2).
pub fn greek_reach(st: &State, from: City) -> BTreeMap<City, Vec<City>> {
    let mut out: BTreeMap<City, Vec<City>> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::new();
    out.insert(from, vec![from]);
    queue.push_back(from);
    while let Some(c) = queue.pop_front() {
        if c != from && !passable(st, c) {
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

/// Every legal path of a Greek land march from `from` to `to` (T300-MOV-2).
pub fn greek_paths(st: &State, from: City, to: City) -> Vec<Vec<City>> {
    fn walk(st: &State, path: &mut Vec<City>, to: City, out: &mut Vec<Vec<City>>) {
        let Some(&here) = path.last() else { return };
        for n in here.roads(st.bridge) {
            if path.contains(&n) {
                continue;
            }
            path.push(n);
            if n == to {
                out.push(path.clone());
            } else if passable(st, n) {
                walk(st, path, to, out);
            }
            path.pop();
        }
    }
    let mut out = Vec::new();
    if from != to {
        walk(st, &mut vec![from], to, &mut out);
    }
    out
}

/// How a Greek land march is made.
#[derive(Default)]
struct LandOpts {
    evangelion: bool,
    leonidas: bool,
    miltiades: bool,
    pay_from: Option<City>,
}

/// Carries out a Greek land movement, and the battle if it attacks (T300-MOV-2, T300-BAT-1).
fn do_land(
    st: &mut State,
    from: City,
    to: City,
    armies: u32,
    path: Option<&Vec<City>>,
    o: LandOpts,
    t: &mut Tx<'_>,
) -> Result<(), RuleError> {
    if armies == 0 {
        return Err(illegal("T300-MOV-1", "at least one army must move"));
    }
    if st.u(from).ga < armies {
        return Err(illegal(
            "T300-MOV-2",
            format!(
                "{} holds only {} Greek {}",
                from.name(),
                st.u(from).ga,
                if st.u(from).ga == 1 { "army" } else { "armies" }
            ),
        ));
    }
    let full = land_path(st, from, to, path)?;
    let attack = st.u(to).pa > 0;
    if o.miltiades {
        if !attack {
            return Err(illegal(
                "T300-EVT-11",
                "Miltiades can only be played when the march attacks Persian armies",
            ));
        }
        if !st.hand_greeks.contains(&Card::Miltiades) || st.portraits.miltiades {
            return Err(illegal(
                "T300-EVT-11",
                "Miltiades is not in your hand, or was used already",
            ));
        }
    } else if let Some(c) = o.pay_from {
        return Err(illegal(
            "T300-EVT-11",
            format!(
                "an army from {} would pay for Miltiades, which this march does not play",
                c.name()
            ),
        ));
    }
    st.um(from).ga -= armies;
    st.um(to).ga += armies;
    st.bridge_check |= to == City::Abydos;
    t.emit(
        "T300-MOV-2",
        Event::GreekMove {
            from,
            to,
            armies,
            path: full.clone(),
        },
    );
    if !attack {
        return flow::after_action(st, Ctx::GreekTurn, t);
    }
    let mut b = battle::new_battle(BattleKind::Land, to, Side::Greeks, Ctx::GreekTurn);
    b.origin = full.get(full.len().saturating_sub(2)).copied(); // T300-BAT-6
    b.evangelion = o.evangelion;
    if o.leonidas {
        b.bonus = Some(battle::bonus(Card::Leonidas));
    }
    if o.miltiades {
        let army_from = battle::pay_army(st, o.pay_from, Some(to), "T300-EVT-11")?;
        take_card(st, Card::Miltiades, "T300-EVT-11")?;
        st.portraits.miltiades = true;
        b.bonus = Some(battle::bonus(Card::Miltiades));
        t.emit(
            "T300-EVT-11",
            Event::Reaction {
                card: Card::Miltiades,
                city: to,
                army_from: Some(army_from),
            },
        )
        .cards(&[Card::Miltiades]);
    }
    battle::start(st, b, t)
}

/// Carries out a Greek naval movement (T300-MOV-3).
fn do_naval(
    st: &mut State,
    (from, to): (City, City),
    fleets: u32,
    armies: u32,
    ctx: Ctx,
    t: &mut Tx<'_>,
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
                "the port of {} holds {} Greek {}; move at least one and no more",
                from.name(),
                st.u(from).gf,
                if st.u(from).gf == 1 {
                    "fleet"
                } else {
                    "fleets"
                }
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
    t.emit(
        "T300-MOV-3",
        Event::GreekNavalMove {
            from,
            to,
            fleets,
            armies,
        },
    );
    if st.u(to).pf > 0 {
        let mut b = battle::new_battle(BattleKind::Naval, to, Side::Greeks, ctx);
        b.origin = Some(from);
        b.carried = armies;
        return battle::start(st, b, t);
    }
    if armies > 0 {
        st.um(to).ga += armies;
        if st.u(to).pa > 0 {
            let mut b = battle::new_battle(BattleKind::Land, to, Side::Greeks, ctx);
            b.origin = Some(from);
            b.sea_fleets = fleets;
            return battle::start(st, b, t);
        }
    }
    flow::after_action(st, ctx, t)
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

/// Applies a Greek move (the engine has checked that the Greeks decide now).
pub fn apply(st: &mut State, mv: &Move, t: &mut Tx<'_>) -> Result<(), RuleError> {
    if let Some(p) = st.pending.clone() {
        return apply_pending(st, p, mv, t);
    }
    match st.phase {
        Phase::GreekBuy => match mv {
            Move::BuyCards { count } => buy(st, *count, t),
            _ => Err(RuleError::out_of_turn(
                "T300-GPR-2",
                "the Greek preparation starts with buying cards (buy_cards)",
            )),
        },
        Phase::GreekRaise => match mv {
            Move::Raise { armies, fleets } => raise(st, armies, fleets, t),
            _ => Err(RuleError::out_of_turn(
                "T300-GPR-2",
                "the Greeks now raise units (raise)",
            )),
        },
        Phase::Operations if st.to_act == Side::Greeks => operations(st, mv, t),
        _ => Err(RuleError::out_of_turn(
            "T300-SEQ-3",
            "it is not the Greeks' turn",
        )),
    }
}

fn buy(st: &mut State, count: u32, t: &mut Tx<'_>) -> Result<(), RuleError> {
    let rule = if st.mines { "T300-EVT-1" } else { "T300-GPR-2" };
    let max = flow::max_cards(st);
    if count > max {
        return Err(illegal(
            rule,
            format!(
                "you can buy at most {max} {} now",
                if max == 1 { "card" } else { "cards" }
            ),
        ));
    }
    let mut got = Vec::new();
    for _ in 0..count {
        if let Some(c) = cards::draw_greek(st, t, rule)? {
            got.push(c);
        }
    }
    st.talents -= got.len() as u32;
    t.emit(
        rule,
        Event::GreekCardsBought {
            count: got.len() as u32,
            talents_left: st.talents,
            mines: st.mines,
        },
    )
    .secret(
        vec![cards::GREEKS],
        Event::GreekCardsDrawn { cards: got.clone() },
        got.iter().map(|c| c.id().to_string()).collect(),
    );
    st.phase = Phase::GreekRaise;
    Ok(())
}

fn raise(
    st: &mut State,
    armies: &Counts,
    fleets: &Counts,
    t: &mut Tx<'_>,
) -> Result<(), RuleError> {
    let far = || {
        illegal(
            "T300-GPR-3",
            "those numbers are far beyond the units of the game",
        )
    };
    let na = armies.total().ok_or_else(far)?;
    let nf = fleets.total().ok_or_else(far)?;
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
    for c in armies.0.keys() {
        if !aspots.contains(c) {
            return Err(illegal(
                "T300-GPR-3",
                format!(
                    "new armies go only into Greek-controlled cities; {} is not one",
                    c.name()
                ),
            ));
        }
    }
    let fspots = fleet_spots(st);
    for c in fleets.0.keys() {
        if !fspots.contains(c) {
            return Err(illegal(
                "T300-GPR-4",
                format!(
                    "a new fleet cannot go to {}: it needs a Greek-controlled port city without a Persian fleet",
                    c.name()
                ),
            ));
        }
    }
    for (c, n) in &armies.0 {
        st.um(*c).ga += n;
    }
    for (c, n) in &fleets.0 {
        st.um(*c).gf += n;
    }
    st.greek_stock_armies -= na;
    st.greek_stock_fleets -= nf;
    st.fleets_raised += nf;
    let lost = st.talents - na - nf;
    st.talents = 0;
    t.emit(
        if st.mines { "T300-EVT-1" } else { "T300-GPR-3" },
        Event::GreekRaised {
            armies: armies.0.clone(),
            fleets: fleets.0.clone(),
            talents_lost: lost,
        },
    );
    st.phase = Phase::Operations;
    if st.mines {
        st.mines = false;
        return flow::after_action(st, Ctx::GreekTurn, t);
    }
    st.to_act = Side::Persians;
    st.last_pass = None;
    st.persian_done = false;
    t.emit(
        "T300-SEQ-3",
        Event::OperationsStarted {
            campaign: st.campaign,
        },
    );
    Ok(())
}

fn operations(st: &mut State, mv: &Move, t: &mut Tx<'_>) -> Result<(), RuleError> {
    match mv {
        Move::Pass => {
            t.emit("T300-SEQ-4", Event::GreekPass);
            flow::end_turn(st, Side::Greeks, true, t)
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
            t.emit(
                "T300-MOV-1",
                Event::GreekCardPlayed {
                    card: *card,
                    purpose: Purpose::LandMovement,
                },
            )
            .cards(&[*card]);
            do_land(
                st,
                *from,
                *to,
                *armies,
                path.as_ref(),
                LandOpts {
                    miltiades: *miltiades,
                    pay_from: *pay_from,
                    ..LandOpts::default()
                },
                t,
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
            t.emit(
                "T300-MOV-1",
                Event::GreekCardPlayed {
                    card: *card,
                    purpose: Purpose::NavalMovement,
                },
            )
            .cards(&[*card]);
            do_naval(st, (*from, *to), *fleets, *armies, Ctx::GreekTurn, t)
        }
        Move::PlayEvent { card, .. } => event(st, *card, mv, t),
        _ => Err(RuleError::out_of_turn(
            "T300-SEQ-3",
            "on a Greek operations turn play a card (move_land, move_naval, play_event) or pass",
        )),
    }
}

/// The rule of a card's Greek event.
pub fn rule_of(card: Card) -> &'static str {
    match card {
        Card::MinesOfLaurion => "T300-EVT-1",
        Card::IonianRevolt => "T300-EVT-2",
        Card::WrathOfPoseidon => "T300-EVT-3",
        Card::OracleOfDelphi => "T300-EVT-4",
        Card::Leonidas => "T300-EVT-5",
        Card::Evangelion => "T300-EVT-6",
        Card::MelasZomos => "T300-EVT-7",
        Card::Triremes => "T300-EVT-8",
        Card::SupportFromSyracuse => "T300-EVT-9",
        Card::Desertion => "T300-EVT-10",
        Card::Themistocles | Card::Pausanias | Card::MolonLabe => "T300-EVT-12",
        Card::Miltiades | Card::Artemisia | Card::ThreeHundredSpartans => "T300-EVT-11",
    }
}

/// The parameters of `play_event` that `card` takes; the others must be absent.
fn event_fields(card: Card) -> &'static [&'static str] {
    match card {
        Card::IonianRevolt | Card::Desertion => &["city"],
        Card::WrathOfPoseidon => &["port"],
        Card::Leonidas => &["from", "to", "path", "pay_from"],
        Card::Evangelion => &["from", "to", "armies", "path", "miltiades", "pay_from"],
        Card::Triremes => &["from", "to", "fleets"],
        Card::SupportFromSyracuse => &["fleets"],
        _ => &[],
    }
}

fn need<T: Copy>(v: Option<T>, rule: &str, what: &str, card: Card) -> Result<T, RuleError> {
    v.ok_or_else(|| illegal(rule, format!("{} needs `{what}`", card.name())))
}

/// The Greek events (T300-EVT-1..10, T300-EVT-14).
fn event(st: &mut State, card: Card, mv: &Move, t: &mut Tx<'_>) -> Result<(), RuleError> {
    let Move::PlayEvent {
        city,
        from,
        to,
        armies,
        port,
        fleets,
        path,
        miltiades,
        pay_from,
        ..
    } = mv
    else {
        return Err(illegal("T300-SEQ-3", "not an event"));
    };
    let rule = rule_of(card);
    if !st.hand_greeks.contains(&card) {
        return Err(illegal(
            "T300-MOV-1",
            format!("{} is not in your hand", card.name()),
        ));
    }
    if card.is_reaction() {
        return Err(illegal(
            rule,
            format!(
                "{} is a reaction; on your turn it can only be played for movement",
                card.name()
            ),
        ));
    }
    // Exactly the parameters the card takes (T300 §5).
    let given = [
        ("city", city.is_some()),
        ("from", from.is_some()),
        ("to", to.is_some()),
        ("armies", armies.is_some()),
        ("port", port.is_some()),
        ("fleets", fleets.is_some()),
        ("path", path.is_some()),
        ("miltiades", *miltiades),
        ("pay_from", pay_from.is_some()),
    ];
    if let Some((f, _)) = given
        .iter()
        .find(|(f, g)| *g && !event_fields(card).contains(f))
    {
        return Err(illegal(rule, format!("{} takes no `{f}`", card.name())));
    }
    match card {
        Card::MinesOfLaurion => {
            take_card(st, card, rule)?;
            t.emit(rule, Event::MinesOfLaurion).cards(&[card]);
            st.mines = true;
            st.talents = 3;
            st.phase = Phase::GreekBuy;
            Ok(())
        }
        Card::IonianRevolt => {
            let c = need(*city, rule, "city", card)?;
            if !matches!(c, City::Abydos | City::Ephesos) || st.u(c).pa == 0 {
                return Err(illegal(
                    rule,
                    "Ionian Revolt removes a Persian army from Abydos or Ephesos; name one that holds one",
                ));
            }
            take_card(st, card, rule)?;
            st.um(c).pa -= 1;
            t.emit(rule, Event::IonianRevolt { city: c }).cards(&[card]);
            flow::after_action(st, Ctx::GreekTurn, t)
        }
        Card::WrathOfPoseidon => {
            let c = need(*port, rule, "port", card)?;
            if st.u(c).pf == 0 {
                return Err(illegal(
                    rule,
                    format!("no Persian fleet lies in the port of {}", c.name()),
                ));
            }
            take_card(st, card, rule)?;
            st.um(c).pf -= 1;
            t.emit(rule, Event::WrathOfPoseidon { port: c })
                .cards(&[card]);
            flow::after_action(st, Ctx::GreekTurn, t)
        }
        Card::OracleOfDelphi => {
            take_card(st, card, rule)?;
            let rest = std::mem::take(&mut st.hand_greeks);
            let n = rest.len();
            st.discard.extend(rest.iter().copied());
            let mut got = Vec::new();
            for _ in 0..n + 1 {
                if let Some(c) = cards::draw_greek(st, t, rule)? {
                    got.push(c);
                }
            }
            t.emit(
                rule,
                Event::OracleOfDelphi {
                    discarded: rest.clone(),
                    drawn: got.len() as u32,
                },
            )
            .cards(&[card])
            .secret(
                vec![cards::GREEKS],
                Event::GreekCardsDrawn { cards: got.clone() },
                got.iter().map(|c| c.id().to_string()).collect(),
            );
            flow::after_action(st, Ctx::GreekTurn, t)
        }
        Card::Leonidas => {
            if st.portraits.leonidas {
                return Err(illegal(
                    "T300-EVT-14",
                    "Leonidas was used already; the card serves only for movement now",
                ));
            }
            let from = need(*from, rule, "from", card)?;
            let to = need(*to, rule, "to", card)?;
            if st.u(from).ga == 0 {
                return Err(illegal(rule, format!("no Greek army in {}", from.name())));
            }
            take_card(st, card, rule)?;
            let army_from = battle::pay_army(st, *pay_from, None, rule)?;
            if st.u(from).ga == 0 {
                return Err(illegal(
                    rule,
                    "no army would be left in the starting city to march",
                ));
            }
            st.portraits.leonidas = true;
            t.emit(rule, Event::Leonidas { army_from }).cards(&[card]);
            do_land(
                st,
                from,
                to,
                1,
                path.as_ref(),
                LandOpts {
                    leonidas: true,
                    ..LandOpts::default()
                },
                t,
            )
        }
        Card::Evangelion => {
            let from = need(*from, rule, "from", card)?;
            let to = need(*to, rule, "to", card)?;
            let n = need(*armies, rule, "armies", card)?;
            take_card(st, card, rule)?;
            t.emit(rule, Event::Evangelion).cards(&[card]);
            do_land(
                st,
                from,
                to,
                n,
                path.as_ref(),
                LandOpts {
                    evangelion: true,
                    miltiades: *miltiades,
                    pay_from: *pay_from,
                    ..LandOpts::default()
                },
                t,
            )
        }
        Card::MelasZomos => {
            if !st.controls(Side::Greeks, City::Sparta) || st.greek_stock_armies == 0 {
                return Err(illegal(
                    rule,
                    "Melas Zomos needs a Greek-controlled Sparta and an army in stock",
                ));
            }
            take_card(st, card, rule)?;
            st.greek_stock_armies -= 1;
            st.um(City::Sparta).ga += 1;
            t.emit(rule, Event::MelasZomos).cards(&[card]);
            flow::after_action(st, Ctx::GreekTurn, t)
        }
        Card::Triremes => {
            let from = need(*from, rule, "from", card)?;
            let to = need(*to, rule, "to", card)?;
            let Some(FleetsArg::Count(f)) = fleets else {
                return Err(illegal(
                    rule,
                    "Triremes needs `fleets`: the number of fleets that sail",
                ));
            };
            take_card(st, card, rule)?;
            t.emit(rule, Event::Triremes).cards(&[card]);
            do_naval(st, (from, to), *f, 0, Ctx::Triremes1, t)
        }
        Card::SupportFromSyracuse => {
            let Some(FleetsArg::Ports(placed)) = fleets else {
                return Err(illegal(
                    rule,
                    "Support from Syracuse needs `fleets`: the fleets placed, by port",
                ));
            };
            let spots = fleet_spots(st);
            let total = placed.total().unwrap_or(u32::MAX);
            if st.greek_stock_fleets == 0 || spots.is_empty() {
                return Err(illegal(
                    rule,
                    "no Greek fleet in stock, or no Greek-controlled port without a Persian fleet",
                ));
            }
            if total != st.greek_stock_fleets {
                return Err(illegal(
                    rule,
                    format!(
                        "place every fleet in stock ({}), no more and no less",
                        st.greek_stock_fleets
                    ),
                ));
            }
            if let Some(c) = placed.0.keys().find(|c| !spots.contains(c)) {
                return Err(illegal(
                    rule,
                    format!(
                        "{} is not a Greek-controlled port without a Persian fleet",
                        c.name()
                    ),
                ));
            }
            take_card(st, card, rule)?;
            for (c, n) in &placed.0 {
                st.um(*c).gf += n;
            }
            st.greek_stock_fleets = 0;
            t.emit(
                rule,
                Event::SupportFromSyracuse {
                    fleets: placed.0.clone(),
                },
            )
            .cards(&[card]);
            flow::after_action(st, Ctx::GreekTurn, t)
        }
        Card::Desertion => {
            let c = need(*city, rule, "city", card)?;
            if st.u(c).pa == 0 {
                return Err(illegal(rule, format!("no Persian army in {}", c.name())));
            }
            take_card(st, card, rule)?;
            st.um(c).pa -= 1;
            t.emit(rule, Event::Desertion { city: c }).cards(&[card]);
            flow::after_action(st, Ctx::GreekTurn, t)
        }
        _ => Err(illegal(
            rule,
            format!("{} has no event the Greeks can play", card.name()),
        )),
    }
}

fn apply_pending(st: &mut State, p: Pending, mv: &Move, t: &mut Tx<'_>) -> Result<(), RuleError> {
    let city = st.battle.as_ref().map_or(City::Athenai, |b| b.city);
    match (&p, mv) {
        (Pending::React { cards }, Move::React { card, pay_from }) => {
            match card {
                None => {
                    if pay_from.is_some() {
                        return Err(illegal(
                            "T300-EVT-11",
                            "no reaction is played, so no army pays for one",
                        ));
                    }
                    t.emit("T300-EVT-11", Event::ReactionDeclined { city });
                }
                Some(c) if cards.contains(c) => {
                    let mut army_from = None;
                    if *c == Card::Miltiades {
                        army_from =
                            Some(battle::pay_army(st, *pay_from, Some(city), "T300-EVT-11")?);
                        st.portraits.miltiades = true;
                    } else if pay_from.is_some() {
                        return Err(illegal(
                            "T300-EVT-11",
                            format!("{} needs no army for a portrait", c.name()),
                        ));
                    }
                    take_card(st, *c, "T300-EVT-11")?;
                    if let Some(b) = st.battle.as_mut() {
                        b.bonus = Some(battle::bonus(*c));
                    }
                    t.emit(
                        "T300-EVT-11",
                        super::events::Event::Reaction {
                            card: *c,
                            city,
                            army_from,
                        },
                    )
                    .cards(&[*c]);
                }
                Some(c) => {
                    return Err(illegal(
                        "T300-EVT-11",
                        format!("{} cannot be played now", c.name()),
                    ))
                }
            }
            st.pending = None;
            battle::fight(st, t)
        }
        (Pending::Artemisia, Move::React { card, pay_from }) => {
            if pay_from.is_some() {
                return Err(illegal(
                    "T300-EVT-11",
                    "Artemisia I needs no army for a portrait",
                ));
            }
            match card {
                None => {
                    t.emit("T300-EVT-11", Event::ReactionDeclined { city });
                }
                Some(Card::Artemisia) => {
                    take_card(st, Card::Artemisia, "T300-EVT-11")?;
                    st.portraits.artemisia = true;
                    st.um(city).pf -= 1;
                    t.emit(
                        "T300-EVT-11",
                        Event::Reaction {
                            card: Card::Artemisia,
                            city,
                            army_from: None,
                        },
                    )
                    .cards(&[Card::Artemisia]);
                }
                Some(c) => {
                    return Err(illegal(
                        "T300-EVT-11",
                        format!("only Artemisia I can be played now, not {}", c.name()),
                    ))
                }
            }
            st.pending = None;
            if battle::over(st) {
                return battle::end(st, t);
            }
            if battle::pause_after_round(st, true) {
                return Ok(());
            }
            battle::fight(st, t)
        }
        (Pending::BattleChoice { .. }, Move::BattleChoice { retreat_to }) => match retreat_to {
            Some(c) => {
                st.pending = None;
                battle::retreat(st, *c, t)
            }
            None => {
                st.pending = None;
                t.emit("T300-BAT-4", Event::FightOn);
                battle::fight(st, t)
            }
        },
        (Pending::DestroyBridge, Move::DestroyBridge { destroy }) => {
            st.pending = None;
            if *destroy {
                st.bridge = false;
                t.emit("T300-MOV-4", Event::BridgeDestroyed);
            } else {
                t.emit("T300-MOV-4", Event::BridgeKept);
            }
            flow::end_turn(st, Side::Greeks, false, t)
        }
        (Pending::Discard, Move::Discard { card }) => {
            take_card(st, *card, "T300-AI-9")?;
            st.pending = None;
            t.emit("T300-AI-9", Event::GreekDiscard { card: *card })
                .cards(&[*card]);
            flow::after_action(st, Ctx::PersianTurn, t)
        }
        (Pending::KeepCards, Move::KeepCards { cards: keep }) => {
            if keep.len() != 4 {
                return Err(illegal("T300-SUP-3", "keep exactly 4 different cards"));
            }
            if let Some(c) = keep.iter().find(|c| !st.hand_greeks.contains(c)) {
                return Err(illegal(
                    "T300-SUP-3",
                    format!("{} is not in your hand", c.name()),
                ));
            }
            let discarded: Vec<Card> = st
                .hand_greeks
                .iter()
                .copied()
                .filter(|c| !keep.contains(c))
                .collect();
            st.discard.extend(discarded.iter().copied());
            st.hand_greeks.retain(|c| keep.contains(c));
            st.pending = None;
            t.emit(
                "T300-SUP-3",
                Event::GreekCardsKept {
                    kept: 4,
                    discarded: discarded.clone(),
                },
            )
            .cards(&discarded)
            .secret(
                vec![cards::GREEKS],
                Event::GreekHand {
                    cards: st.hand_greeks.clone(),
                },
                vec![],
            );
            flow::greek_attrition(st, t)
        }
        (Pending::RemoveArmies { count }, Move::RemoveArmies { from }) => {
            let total = from.total().unwrap_or(u32::MAX);
            if total != *count {
                return Err(illegal(
                    "T300-SUP-6",
                    format!(
                        "remove exactly {count} {}",
                        if *count == 1 { "army" } else { "armies" }
                    ),
                ));
            }
            if let Some((c, _)) = from.0.iter().find(|(c, n)| st.u(**c).ga < **n) {
                return Err(illegal(
                    "T300-SUP-6",
                    format!(
                        "{} holds only {} Greek {}",
                        c.name(),
                        st.u(*c).ga,
                        if st.u(*c).ga == 1 { "army" } else { "armies" }
                    ),
                ));
            }
            for (c, n) in &from.0 {
                st.um(*c).ga -= n;
                st.greek_stock_armies += n;
            }
            st.pending = None;
            t.emit(
                "T300-SUP-6",
                Event::GreekArmiesRemoved {
                    from: from.0.clone(),
                    total,
                },
            );
            flow::greek_loc_and_score(st, t)
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
                if from.is_some() || to.is_some() || fleets.is_some() {
                    return Err(illegal(
                        "T300-EVT-8",
                        "skip the second movement, or name it (from, to, fleets), not both",
                    ));
                }
                t.emit("T300-EVT-8", Event::TriremesSkipped);
                return flow::after_action(st, Ctx::GreekTurn, t);
            }
            let (Some(from), Some(to), Some(f)) = (from, to, fleets) else {
                return Err(illegal(
                    "T300-EVT-8",
                    "name the second movement (from, to, fleets) or skip it",
                ));
            };
            do_naval(st, (*from, *to), *f, 0, Ctx::GreekTurn, t)
        }
        _ => Err(RuleError::out_of_turn(
            pending_rule(&p),
            "the game waits for another decision (see next.decision)",
        )),
    }
}

/// The rule of a pending decision.
pub fn pending_rule(p: &Pending) -> &'static str {
    match p {
        Pending::React { .. } | Pending::Artemisia => "T300-EVT-11",
        Pending::BattleChoice { .. } => "T300-BAT-5",
        Pending::DestroyBridge => "T300-MOV-4",
        Pending::Discard => "T300-AI-9",
        Pending::KeepCards => "T300-SUP-3",
        Pending::RemoveArmies { .. } => "T300-SUP-6",
        Pending::TriremesSecond => "T300-EVT-8",
    }
}
