//! The human's moves (the Greeks): checking and carrying them out (T300 §5).

use std::collections::{BTreeMap, BTreeSet};

use super::battle;
use super::cards;
use super::data::{Card, City, Side, CITIES};
use super::events::{Event, Purpose, Tx};
use super::flow;
use super::moves::{Counts, FleetsArg, Move};
use super::refusals::{Field, Refusal};
use super::state::{BattleKind, Ctx, Pending, Phase, State};
use crate::engine::RuleError;

fn illegal(rule: &str, detail: impl Into<crate::engine::Detail>) -> RuleError {
    RuleError::illegal(rule, detail)
}

/// Takes a card from the Greek hand onto the discard pile.
fn take_card(st: &mut State, card: Card, rule: &str) -> Result<(), RuleError> {
    let Some(i) = st.hand_greeks.iter().position(|&c| c == card) else {
        return Err(illegal(rule, Refusal::NotInHand { card }));
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
        return Err(illegal("T300-MOV-2", Refusal::SameCity));
    }
    let Some(full) = path else {
        return greek_reach(st, from)
            .remove(&to)
            .ok_or_else(|| illegal("T300-MOV-2", Refusal::Unreachable { from, to }));
    };
    if full.first() != Some(&from) || full.last() != Some(&to) || full.len() < 2 {
        return Err(illegal("T300-MOV-2", Refusal::PathEnds { from, to }));
    }
    for w in full.windows(2) {
        if !w[0].roads(st.bridge).contains(&w[1]) {
            return Err(illegal(
                "T300-MOV-2",
                Refusal::NoRoad {
                    from: w[0],
                    to: w[1],
                    hellespont: matches!(
                        (w[0], w[1]),
                        (City::Abydos, City::Pella) | (City::Pella, City::Abydos)
                    ),
                },
            ));
        }
    }
    for &c in &full[1..full.len() - 1] {
        if !passable(st, c) {
            return Err(illegal("T300-MOV-2", Refusal::MustStop { city: c }));
        }
    }
    let mut seen = full.clone();
    seen.sort();
    seen.dedup();
    if seen.len() != full.len() {
        return Err(illegal("T300-MOV-2", Refusal::PathRepeats));
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
        return Err(illegal("T300-MOV-1", Refusal::NoArmy));
    }
    if st.u(from).ga < armies {
        return Err(illegal(
            "T300-MOV-2",
            Refusal::TooFewArmies {
                city: from,
                has: st.u(from).ga,
            },
        ));
    }
    let full = land_path(st, from, to, path)?;
    let attack = st.u(to).pa > 0;
    if o.miltiades {
        if !attack {
            return Err(illegal("T300-EVT-11", Refusal::MiltiadesNoAttack));
        }
        if !st.hand_greeks.contains(&Card::Miltiades) || st.portraits.miltiades {
            return Err(illegal("T300-EVT-11", Refusal::MiltiadesUnavailable));
        }
    } else if let Some(c) = o.pay_from {
        return Err(illegal(
            "T300-EVT-11",
            Refusal::PayWithoutMiltiades { city: c },
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
        return Err(illegal("T300-MOV-3", Refusal::NotPorts));
    }
    if from == to {
        return Err(illegal("T300-MOV-3", Refusal::SamePort));
    }
    if fleets == 0 || st.u(from).gf < fleets {
        return Err(illegal(
            "T300-MOV-3",
            Refusal::FleetCount {
                city: from,
                has: st.u(from).gf,
            },
        ));
    }
    if armies > fleets.min(3) || armies > st.u(from).ga {
        return Err(illegal("T300-MOV-3", Refusal::TooManyCarried));
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
            _ => Err(RuleError::out_of_turn("T300-GPR-2", Refusal::BuyFirst)),
        },
        Phase::GreekRaise => match mv {
            Move::Raise { armies, fleets } => raise(st, armies, fleets, t),
            _ => Err(RuleError::out_of_turn("T300-GPR-2", Refusal::RaiseNow)),
        },
        Phase::Operations if st.to_act == Side::Greeks => operations(st, mv, t),
        _ => Err(RuleError::out_of_turn("T300-SEQ-3", Refusal::NotGreeksTurn)),
    }
}

fn buy(st: &mut State, count: u32, t: &mut Tx<'_>) -> Result<(), RuleError> {
    let rule = if st.mines { "T300-EVT-1" } else { "T300-GPR-2" };
    let max = flow::max_cards(st);
    if count > max {
        return Err(illegal(rule, Refusal::TooManyCards { max }));
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
    let far = || illegal("T300-GPR-3", Refusal::FarBeyond);
    let na = armies.total().ok_or_else(far)?;
    let nf = fleets.total().ok_or_else(far)?;
    if na + nf > st.talents {
        return Err(illegal(
            "T300-GPR-3",
            Refusal::TooExpensive {
                cost: na + nf,
                talents: st.talents,
            },
        ));
    }
    if na > st.greek_stock_armies {
        return Err(illegal(
            "T300-GPR-3",
            Refusal::ArmyStock {
                left: st.greek_stock_armies,
            },
        ));
    }
    if nf > st.greek_stock_fleets {
        return Err(illegal(
            "T300-GPR-4",
            Refusal::FleetStock {
                left: st.greek_stock_fleets,
            },
        ));
    }
    if !st.mines && st.fleets_raised + nf > 2 {
        return Err(illegal("T300-GPR-4", Refusal::TwoFleets));
    }
    let aspots = army_spots(st);
    for c in armies.0.keys() {
        if !aspots.contains(c) {
            return Err(illegal(
                "T300-GPR-3",
                Refusal::ArmyNotControlled { city: *c },
            ));
        }
    }
    let fspots = fleet_spots(st);
    for c in fleets.0.keys() {
        if !fspots.contains(c) {
            return Err(illegal("T300-GPR-4", Refusal::FleetSpot { city: *c }));
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
        _ => Err(RuleError::out_of_turn("T300-SEQ-3", Refusal::PlayOrPass)),
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
fn event_fields(card: Card) -> &'static [Field] {
    use Field as F;
    match card {
        Card::IonianRevolt | Card::Desertion => &[F::City],
        Card::WrathOfPoseidon => &[F::Port],
        Card::Leonidas => &[F::From, F::To, F::Path, F::PayFrom],
        Card::Evangelion => &[F::From, F::To, F::Armies, F::Path, F::Miltiades, F::PayFrom],
        Card::Triremes => &[F::From, F::To, F::Fleets],
        Card::SupportFromSyracuse => &[F::Fleets],
        _ => &[],
    }
}

fn need<T: Copy>(v: Option<T>, rule: &str, field: Field, card: Card) -> Result<T, RuleError> {
    v.ok_or_else(|| illegal(rule, Refusal::NeedsField { card, field }))
}

/// The parameters of a `play_event` move, borrowed from it.
struct EventArgs<'m> {
    city: Option<City>,
    from: Option<City>,
    to: Option<City>,
    armies: Option<u32>,
    port: Option<City>,
    fleets: Option<&'m FleetsArg>,
    path: Option<&'m Vec<City>>,
    miltiades: bool,
    pay_from: Option<City>,
}

impl<'m> EventArgs<'m> {
    fn of(mv: &'m Move) -> Option<EventArgs<'m>> {
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
            return None;
        };
        Some(EventArgs {
            city: *city,
            from: *from,
            to: *to,
            armies: *armies,
            port: *port,
            fleets: fleets.as_ref(),
            path: path.as_ref(),
            miltiades: *miltiades,
            pay_from: *pay_from,
        })
    }

    /// Which parameters the move names, in the order refusals report them.
    fn given(&self) -> [(Field, bool); 9] {
        [
            (Field::City, self.city.is_some()),
            (Field::From, self.from.is_some()),
            (Field::To, self.to.is_some()),
            (Field::Armies, self.armies.is_some()),
            (Field::Port, self.port.is_some()),
            (Field::Fleets, self.fleets.is_some()),
            (Field::Path, self.path.is_some()),
            (Field::Miltiades, self.miltiades),
            (Field::PayFrom, self.pay_from.is_some()),
        ]
    }
}

/// A card may be played for its event only from the hand, never a reaction card, and with
/// exactly the parameters the card takes (T300-MOV-1, T300 §5).
fn check_event(st: &State, card: Card, a: &EventArgs<'_>) -> Result<(), RuleError> {
    let rule = rule_of(card);
    if !st.hand_greeks.contains(&card) {
        return Err(illegal("T300-MOV-1", Refusal::NotInHand { card }));
    }
    if card.is_reaction() {
        return Err(illegal(rule, Refusal::ReactionAsEvent { card }));
    }
    if let Some(&(field, _)) = a
        .given()
        .iter()
        .find(|(f, g)| *g && !event_fields(card).contains(f))
    {
        return Err(illegal(rule, Refusal::TakesNoField { card, field }));
    }
    Ok(())
}

/// The Greek events (T300-EVT-1..10, T300-EVT-14).
fn event(st: &mut State, card: Card, mv: &Move, t: &mut Tx<'_>) -> Result<(), RuleError> {
    let Some(a) = EventArgs::of(mv) else {
        return Err(illegal("T300-SEQ-3", Refusal::NotAnEvent));
    };
    check_event(st, card, &a)?;
    match card {
        Card::MinesOfLaurion => mines_of_laurion(st, t),
        Card::IonianRevolt => ionian_revolt(st, &a, t),
        Card::WrathOfPoseidon => wrath_of_poseidon(st, &a, t),
        Card::OracleOfDelphi => oracle_of_delphi(st, t),
        Card::Leonidas => leonidas(st, &a, t),
        Card::Evangelion => evangelion(st, &a, t),
        Card::MelasZomos => melas_zomos(st, t),
        Card::Triremes => triremes(st, &a, t),
        Card::SupportFromSyracuse => support_from_syracuse(st, &a, t),
        Card::Desertion => desertion(st, &a, t),
        _ => Err(illegal(rule_of(card), Refusal::NoEvent { card })),
    }
}

/// Mines of Laurion: an extra preparation with 3 talents, without the two-fleet limit
/// (T300-EVT-1).
fn mines_of_laurion(st: &mut State, t: &mut Tx<'_>) -> Result<(), RuleError> {
    let (card, rule) = (Card::MinesOfLaurion, "T300-EVT-1");
    take_card(st, card, rule)?;
    t.emit(rule, Event::MinesOfLaurion).cards(&[card]);
    st.mines = true;
    st.talents = 3;
    st.phase = Phase::GreekBuy;
    Ok(())
}

/// Ionian Revolt: one Persian army leaves Abydos or Ephesos (T300-EVT-2).
fn ionian_revolt(st: &mut State, a: &EventArgs<'_>, t: &mut Tx<'_>) -> Result<(), RuleError> {
    let (card, rule) = (Card::IonianRevolt, "T300-EVT-2");
    let c = need(a.city, rule, Field::City, card)?;
    if !matches!(c, City::Abydos | City::Ephesos) || st.u(c).pa == 0 {
        return Err(illegal(rule, Refusal::IonianCity));
    }
    take_card(st, card, rule)?;
    st.um(c).pa -= 1;
    t.emit(rule, Event::IonianRevolt { city: c }).cards(&[card]);
    flow::after_action(st, Ctx::GreekTurn, t)
}

/// Wrath of Poseidon: one Persian fleet leaves the named port (T300-EVT-3).
fn wrath_of_poseidon(st: &mut State, a: &EventArgs<'_>, t: &mut Tx<'_>) -> Result<(), RuleError> {
    let (card, rule) = (Card::WrathOfPoseidon, "T300-EVT-3");
    let c = need(a.port, rule, Field::Port, card)?;
    if st.u(c).pf == 0 {
        return Err(illegal(rule, Refusal::NoPersianFleet { port: c }));
    }
    take_card(st, card, rule)?;
    st.um(c).pf -= 1;
    t.emit(rule, Event::WrathOfPoseidon { port: c })
        .cards(&[card]);
    flow::after_action(st, Ctx::GreekTurn, t)
}

/// Oracle of Delphi: the rest of the hand is discarded and one card more than that is drawn
/// (T300-EVT-4).
fn oracle_of_delphi(st: &mut State, t: &mut Tx<'_>) -> Result<(), RuleError> {
    let (card, rule) = (Card::OracleOfDelphi, "T300-EVT-4");
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

/// Leonidas, once a game: an army covers his portrait, then exactly one army marches and
/// fights with 2 dice (T300-EVT-5, T300-EVT-14).
fn leonidas(st: &mut State, a: &EventArgs<'_>, t: &mut Tx<'_>) -> Result<(), RuleError> {
    let (card, rule) = (Card::Leonidas, "T300-EVT-5");
    if st.portraits.leonidas {
        return Err(illegal("T300-EVT-14", Refusal::LeonidasUsed));
    }
    let from = need(a.from, rule, Field::From, card)?;
    let to = need(a.to, rule, Field::To, card)?;
    if st.u(from).ga == 0 {
        return Err(illegal(rule, Refusal::NoGreekArmy { city: from }));
    }
    take_card(st, card, rule)?;
    let army_from = battle::pay_army(st, a.pay_from, None, rule)?;
    if st.u(from).ga == 0 {
        return Err(illegal(rule, Refusal::NoArmyLeft));
    }
    st.portraits.leonidas = true;
    t.emit(rule, Event::Leonidas { army_from }).cards(&[card]);
    do_land(
        st,
        from,
        to,
        1,
        a.path,
        LandOpts {
            leonidas: true,
            ..LandOpts::default()
        },
        t,
    )
}

/// Evangelion: a land march whose battle moves the score when it ends (T300-EVT-6).
fn evangelion(st: &mut State, a: &EventArgs<'_>, t: &mut Tx<'_>) -> Result<(), RuleError> {
    let (card, rule) = (Card::Evangelion, "T300-EVT-6");
    let from = need(a.from, rule, Field::From, card)?;
    let to = need(a.to, rule, Field::To, card)?;
    let n = need(a.armies, rule, Field::Armies, card)?;
    take_card(st, card, rule)?;
    t.emit(rule, Event::Evangelion).cards(&[card]);
    do_land(
        st,
        from,
        to,
        n,
        a.path,
        LandOpts {
            evangelion: true,
            miltiades: a.miltiades,
            pay_from: a.pay_from,
            ..LandOpts::default()
        },
        t,
    )
}

/// Melas Zomos: one army from the stock to Sparta while the Greeks control it (T300-EVT-7).
fn melas_zomos(st: &mut State, t: &mut Tx<'_>) -> Result<(), RuleError> {
    let (card, rule) = (Card::MelasZomos, "T300-EVT-7");
    if !st.controls(Side::Greeks, City::Sparta) || st.greek_stock_armies == 0 {
        return Err(illegal(rule, Refusal::MelasZomos));
    }
    take_card(st, card, rule)?;
    st.greek_stock_armies -= 1;
    st.um(City::Sparta).ga += 1;
    t.emit(rule, Event::MelasZomos).cards(&[card]);
    flow::after_action(st, Ctx::GreekTurn, t)
}

/// Triremes: a first naval movement without armies; the optional second is asked for after
/// it (T300-EVT-8).
fn triremes(st: &mut State, a: &EventArgs<'_>, t: &mut Tx<'_>) -> Result<(), RuleError> {
    let (card, rule) = (Card::Triremes, "T300-EVT-8");
    let from = need(a.from, rule, Field::From, card)?;
    let to = need(a.to, rule, Field::To, card)?;
    let Some(FleetsArg::Count(f)) = a.fleets else {
        return Err(illegal(rule, Refusal::TriremesFleets));
    };
    take_card(st, card, rule)?;
    t.emit(rule, Event::Triremes).cards(&[card]);
    do_naval(st, (from, to), *f, 0, Ctx::Triremes1, t)
}

/// Support from Syracuse: the whole fleet stock into Greek ports without a Persian fleet
/// (T300-EVT-9).
fn support_from_syracuse(
    st: &mut State,
    a: &EventArgs<'_>,
    t: &mut Tx<'_>,
) -> Result<(), RuleError> {
    let (card, rule) = (Card::SupportFromSyracuse, "T300-EVT-9");
    let Some(FleetsArg::Ports(placed)) = a.fleets else {
        return Err(illegal(rule, Refusal::SyracuseFleets));
    };
    let spots = fleet_spots(st);
    let total = placed.total().unwrap_or(u32::MAX);
    if st.greek_stock_fleets == 0 || spots.is_empty() {
        return Err(illegal(rule, Refusal::SyracuseNoSpot));
    }
    if total != st.greek_stock_fleets {
        return Err(illegal(
            rule,
            Refusal::SyracuseAll {
                stock: st.greek_stock_fleets,
            },
        ));
    }
    if let Some(c) = placed.0.keys().find(|c| !spots.contains(c)) {
        return Err(illegal(rule, Refusal::SyracusePort { city: *c }));
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

/// Desertion: one Persian army leaves any city (T300-EVT-10).
fn desertion(st: &mut State, a: &EventArgs<'_>, t: &mut Tx<'_>) -> Result<(), RuleError> {
    let (card, rule) = (Card::Desertion, "T300-EVT-10");
    let c = need(a.city, rule, Field::City, card)?;
    if st.u(c).pa == 0 {
        return Err(illegal(rule, Refusal::NoPersianArmy { city: c }));
    }
    take_card(st, card, rule)?;
    st.um(c).pa -= 1;
    t.emit(rule, Event::Desertion { city: c }).cards(&[card]);
    flow::after_action(st, Ctx::GreekTurn, t)
}

/// Answers the decision the rules asked for; any other move is refused with its rule.
fn apply_pending(st: &mut State, p: Pending, mv: &Move, t: &mut Tx<'_>) -> Result<(), RuleError> {
    let city = st.battle.as_ref().map_or(City::Athenai, |b| b.city);
    match (&p, mv) {
        (Pending::React { cards }, Move::React { card, pay_from }) => {
            react(st, cards, *card, *pay_from, city, t)
        }
        (Pending::Artemisia, Move::React { card, pay_from }) => {
            artemisia(st, *card, *pay_from, city, t)
        }
        (Pending::BattleChoice { .. }, Move::BattleChoice { retreat_to }) => {
            battle_choice(st, *retreat_to, t)
        }
        (Pending::DestroyBridge, Move::DestroyBridge { destroy }) => {
            destroy_bridge(st, *destroy, t)
        }
        (Pending::Discard, Move::Discard { card }) => discard(st, *card, t),
        (Pending::KeepCards, Move::KeepCards { cards: keep }) => keep_cards(st, keep, t),
        (Pending::RemoveArmies { count }, Move::RemoveArmies { from }) => {
            remove_armies(st, *count, from, t)
        }
        (
            Pending::TriremesSecond,
            Move::TriremesSecond {
                from,
                to,
                fleets,
                skip,
            },
        ) => triremes_second(st, (*from, *to, *fleets), *skip, t),
        _ => Err(RuleError::out_of_turn(
            pending_rule(&p),
            Refusal::OtherDecision,
        )),
    }
}

/// Before a land battle: Miltiades or 300 Spartans from `offered`, or none; then round 1
/// (T300-EVT-11).
fn react(
    st: &mut State,
    offered: &[Card],
    card: Option<Card>,
    pay_from: Option<City>,
    city: City,
    t: &mut Tx<'_>,
) -> Result<(), RuleError> {
    match card {
        None => {
            if pay_from.is_some() {
                return Err(illegal("T300-EVT-11", Refusal::NoReactionNoPay));
            }
            t.emit("T300-EVT-11", Event::ReactionDeclined { city });
        }
        Some(c) if offered.contains(&c) => play_reaction(st, c, pay_from, city, t)?,
        Some(c) => return Err(illegal("T300-EVT-11", Refusal::NotNow { card: c })),
    }
    st.pending = None;
    battle::fight(st, t)
}

/// Plays a battle-bonus reaction; only Miltiades covers a portrait with an army
/// (T300-EVT-11).
fn play_reaction(
    st: &mut State,
    c: Card,
    pay_from: Option<City>,
    city: City,
    t: &mut Tx<'_>,
) -> Result<(), RuleError> {
    let mut army_from = None;
    if c == Card::Miltiades {
        army_from = Some(battle::pay_army(st, pay_from, Some(city), "T300-EVT-11")?);
        st.portraits.miltiades = true;
    } else if pay_from.is_some() {
        return Err(illegal("T300-EVT-11", Refusal::NoPortraitArmy { card: c }));
    }
    take_card(st, c, "T300-EVT-11")?;
    if let Some(b) = st.battle.as_mut() {
        b.bonus = Some(battle::bonus(c));
    }
    t.emit(
        "T300-EVT-11",
        Event::Reaction {
            card: c,
            city,
            army_from,
        },
    )
    .cards(&[c]);
    Ok(())
}

/// After a naval round: Artemisia I takes one more Persian fleet, or is declined; then the
/// battle goes on (T300-EVT-11).
fn artemisia(
    st: &mut State,
    card: Option<Card>,
    pay_from: Option<City>,
    city: City,
    t: &mut Tx<'_>,
) -> Result<(), RuleError> {
    if pay_from.is_some() {
        return Err(illegal(
            "T300-EVT-11",
            Refusal::NoPortraitArmy {
                card: Card::Artemisia,
            },
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
        Some(c) => return Err(illegal("T300-EVT-11", Refusal::OnlyArtemisia { card: c })),
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

/// Retreat to a city, or fight another round (T300-BAT-4, T300-BAT-5).
fn battle_choice(
    st: &mut State,
    retreat_to: Option<City>,
    t: &mut Tx<'_>,
) -> Result<(), RuleError> {
    st.pending = None;
    match retreat_to {
        Some(c) => battle::retreat(st, c, t),
        None => {
            t.emit("T300-BAT-4", Event::FightOn);
            battle::fight(st, t)
        }
    }
}

/// Greek armies hold Abydos: the bridge is destroyed or kept, and the turn ends
/// (T300-MOV-4).
fn destroy_bridge(st: &mut State, destroy: bool, t: &mut Tx<'_>) -> Result<(), RuleError> {
    st.pending = None;
    if destroy {
        st.bridge = false;
        t.emit("T300-MOV-4", Event::BridgeDestroyed);
    } else {
        t.emit("T300-MOV-4", Event::BridgeKept);
    }
    flow::end_turn(st, Side::Greeks, false, t)
}

/// PERSS.KI destroyed a Greek army: the Greeks discard a card of their choice (T300-AI-9).
fn discard(st: &mut State, card: Card, t: &mut Tx<'_>) -> Result<(), RuleError> {
    take_card(st, card, "T300-AI-9")?;
    st.pending = None;
    t.emit("T300-AI-9", Event::GreekDiscard { card })
        .cards(&[card]);
    flow::after_action(st, Ctx::PersianTurn, t)
}

/// Supply: the Greeks keep exactly 4 cards and discard the rest (T300-SUP-3).
fn keep_cards(st: &mut State, keep: &BTreeSet<Card>, t: &mut Tx<'_>) -> Result<(), RuleError> {
    if keep.len() != 4 {
        return Err(illegal("T300-SUP-3", Refusal::KeepFour));
    }
    if let Some(c) = keep.iter().find(|c| !st.hand_greeks.contains(c)) {
        return Err(illegal("T300-SUP-3", Refusal::NotInHand { card: *c }));
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

/// Supply: the Greeks choose which `count` armies their amphorae cannot keep (T300-SUP-6).
fn remove_armies(
    st: &mut State,
    count: u32,
    from: &Counts,
    t: &mut Tx<'_>,
) -> Result<(), RuleError> {
    let total = from.total().unwrap_or(u32::MAX);
    if total != count {
        return Err(illegal("T300-SUP-6", Refusal::RemoveExactly { count }));
    }
    if let Some((c, _)) = from.0.iter().find(|(c, n)| st.u(**c).ga < **n) {
        return Err(illegal(
            "T300-SUP-6",
            Refusal::TooFewArmies {
                city: *c,
                has: st.u(*c).ga,
            },
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

/// Triremes: the optional second naval movement, without armies, or a skip (T300-EVT-8).
fn triremes_second(
    st: &mut State,
    named: (Option<City>, Option<City>, Option<u32>),
    skip: bool,
    t: &mut Tx<'_>,
) -> Result<(), RuleError> {
    st.pending = None;
    let (from, to, fleets) = named;
    if skip {
        if from.is_some() || to.is_some() || fleets.is_some() {
            return Err(illegal("T300-EVT-8", Refusal::SkipOrName));
        }
        t.emit("T300-EVT-8", Event::TriremesSkipped);
        return flow::after_action(st, Ctx::GreekTurn, t);
    }
    let (Some(from), Some(to), Some(f)) = (from, to, fleets) else {
        return Err(illegal("T300-EVT-8", Refusal::NameOrSkip));
    };
    do_naval(st, (from, to), f, 0, Ctx::GreekTurn, t)
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
