//! Complete legal-move lists: every move a seat may send, listed or as a
//! template whose free fields list their whole domain. The shared builders
//! here serve every Catan game; [`Table::legal_moves`] lists Part A.

use serde::Serialize;
use serde_json::Value;

use super::board::*;
use super::cards::{Bundle, CardKind};
use super::data::*;
use super::geometry::*;
use super::moves::{CoreMove, DevMove};
use super::steps;
use super::table::*;
use crate::engine::{Domain, Legal, Param, Seat};

/// A domain of the listed values.
pub fn one_of<T: Serialize>(xs: &[T]) -> Domain {
    Domain::OneOf(
        xs.iter()
            .map(|x| serde_json::to_value(x).unwrap_or(Value::Null))
            .collect(),
    )
}

/// A template with one free field listing `values` (None when empty).
pub fn pick<M, T: Serialize>(base: M, field: &'static str, values: &[T]) -> Option<Legal<M>> {
    (!values.is_empty()).then(|| Legal::Template {
        base,
        params: vec![Param::new(field, one_of(values))],
    })
}

/// Maps the moves of a list into a game's move type.
pub fn map_legal<A, B>(list: Vec<Legal<A>>, f: impl Fn(A) -> B) -> Vec<Legal<B>> {
    list.into_iter()
        .map(|l| match l {
            Legal::Move(m) => Legal::Move(f(m)),
            Legal::Template { base, params } => Legal::Template {
                base: f(base),
                params,
            },
        })
        .collect()
}

/// A bundle of exactly `count` cards of `hand` (a discard, a gift).
pub fn bundle_template<M, K: CardKind>(
    base: M,
    field: &'static str,
    hand: &Bundle<K>,
    count: u32,
) -> Option<Legal<M>> {
    (hand.total() >= count).then(|| Legal::Template {
        base,
        params: vec![Param::new(
            field,
            Domain::Multiset {
                of: hand.domain(),
                count,
            },
        )],
    })
}

/// Maritime trades (CAT-TRADE-1): per card given, the cards it can buy and
/// how often, grouped by that maximum. `rate(k)` is the seat's rate for `k`.
pub fn maritime_templates<K: CardKind>(
    hand: &Bundle<K>,
    bank: &Bundle<K>,
    rate: impl Fn(K) -> u32,
) -> Vec<Legal<CoreMove<K>>> {
    let mut out = Vec::new();
    for &give in K::ALL {
        let r = rate(give);
        let mut groups: Vec<(u32, Vec<K>)> = Vec::new();
        for &get in K::ALL {
            let m = steps::maritime_max(hand, bank, give, get, r);
            if m == 0 {
                continue;
            }
            match groups.iter_mut().find(|(x, _)| *x == m) {
                Some((_, g)) => g.push(get),
                None => groups.push((m, vec![get])),
            }
        }
        for (max, gets) in groups {
            out.push(Legal::Template {
                base: CoreMove::MaritimeTrade {
                    give,
                    get: gets[0],
                    times: 1,
                },
                params: vec![
                    Param::new("get", one_of(&gets)),
                    Param::new(
                        "times",
                        Domain::Integer {
                            min: 1,
                            max: Some(i64::from(max)),
                        },
                    ),
                ],
            });
        }
    }
    out
}

/// A domestic offer (CAT-TRADE-2): give any non-empty part of the hand, ask
/// for any non-empty bundle of other kinds.
pub fn offer_template<K: CardKind>(hand: &Bundle<K>) -> Option<Legal<CoreMove<K>>> {
    if hand.is_empty() {
        return None;
    }
    let want = steps::want_domain::<K>();
    let want_max: u32 = want.values().sum();
    Some(Legal::Template {
        base: CoreMove::OfferTrade {
            give: Bundle::empty(),
            want: Bundle::empty(),
        },
        params: vec![
            Param::new(
                "give",
                Domain::Bundle {
                    of: hand.domain(),
                    min: 1,
                    max: hand.total(),
                    apart_from: None,
                },
            ),
            Param::new(
                "want",
                Domain::Bundle {
                    of: want,
                    min: 1,
                    max: want_max,
                    apart_from: Some("give".into()),
                },
            ),
        ],
    })
}

impl Table {
    /// Every legal Part A move of `seat` (empty when the table waits for
    /// somebody else): setup placements, else the answer to the first
    /// pending decision, else the turn's cards, roll, builds and trades.
    pub fn legal_moves<M: From<CoreMove<Resource>> + From<DevMove>>(
        &self,
        seat: Seat,
        hooks: &Hooks,
    ) -> Vec<Legal<M>> {
        if self.expected_seat() != Some(seat) {
            return Vec::new();
        }
        if self.phase == Phase::Setup {
            return self.setup_legal();
        }
        if let Some(pending) = self.pending.first() {
            return self.answer_legal(seat, pending, hooks);
        }
        let mut out = self.dev_legal(seat);
        match self.phase {
            Phase::PreRoll => out.push(Legal::Move(CoreMove::Roll.into())),
            Phase::Main => {
                out.push(Legal::Move(CoreMove::EndTurn.into()));
                out.extend(self.build_legal(seat));
                out.extend(self.trade_legal(seat));
            }
            _ => {}
        }
        out
    }

    /// The setup settlement, or the road next to the settlement just placed
    /// (CAT-SETUP-5).
    fn setup_legal<M: From<CoreMove<Resource>>>(&self) -> Vec<Legal<M>> {
        match self.setup_settlement {
            None => {
                let vs: Vec<VertexId> = VertexId::all()
                    .filter(|v| self.check_setup_settlement(*v).is_ok())
                    .collect();
                let Some(&v0) = vs.first() else {
                    return Vec::new();
                };
                let base = CoreMove::PlaceSetupSettlement { vertex: v0 };
                pick(M::from(base), "vertex", &vs).into_iter().collect()
            }
            Some(_) => {
                let es: Vec<EdgeId> = EdgeId::all()
                    .filter(|e| self.check_setup_road(*e).is_ok())
                    .collect();
                let Some(&e0) = es.first() else {
                    return Vec::new();
                };
                let base = CoreMove::PlaceSetupRoad { edge: e0 };
                pick(M::from(base), "edge", &es).into_iter().collect()
            }
        }
    }

    /// The answers to a pending decision (CAT-TURN-1): the discard
    /// (CAT-SEVEN-2), the robber's hex under its cause's policy (CAT-ROB-1),
    /// or accepting (when the wanted cards are held) or declining a trade
    /// (CAT-TRADE-3).
    fn answer_legal<M: From<CoreMove<Resource>>>(
        &self,
        seat: Seat,
        pending: &Pending,
        hooks: &Hooks,
    ) -> Vec<Legal<M>> {
        let core = |m: CoreMove<Resource>| M::from(m);
        let hand = &self.player(seat).hand;
        let mut out = Vec::new();
        match pending {
            Pending::Discard { count, .. } => out.extend(bundle_template(
                core(CoreMove::Discard {
                    cards: Cards::empty(),
                }),
                "cards",
                hand,
                *count,
            )),
            Pending::Robber { cause, .. } => {
                let policy = hooks.robber(*cause);
                let hs: Vec<HexId> = HexId::all()
                    .filter(|h| self.check_robber(*h, &policy).is_ok())
                    .collect();
                if let Some(&h0) = hs.first() {
                    out.extend(pick(core(CoreMove::MoveRobber { hex: h0 }), "hex", &hs));
                }
            }
            Pending::TradeResponse { .. } => {
                if let Some(o) = &self.offer {
                    if hand.contains(&o.want) {
                        out.push(Legal::Move(core(CoreMove::RespondTrade { accept: true })));
                    }
                }
                out.push(Legal::Move(core(CoreMove::RespondTrade { accept: false })));
            }
        }
        out
    }

    /// The development cards playable now, before or after the roll
    /// (CAT-DEV-2..6).
    fn dev_legal<M: From<DevMove>>(&self, seat: Seat) -> Vec<Legal<M>> {
        let mut out = Vec::new();
        if self.check_dev_playable(seat, DevCard::Knight).is_ok() {
            out.push(Legal::Move(DevMove::PlayKnight.into()));
        }
        let rb = self.road_building_options(seat);
        if let Some(first) = rb.first() {
            out.extend(pick(
                M::from(DevMove::PlayRoadBuilding {
                    edges: first.clone(),
                }),
                "edges",
                &rb,
            ));
        }
        out.extend(self.year_of_plenty_legal(seat));
        if self.check_dev_playable(seat, DevCard::Monopoly).is_ok() {
            out.extend(pick(
                M::from(DevMove::PlayMonopoly {
                    resource: Resource::Brick,
                }),
                "resource",
                &Resource::ALL,
            ));
        }
        out
    }

    /// Year of Plenty (CAT-DEV-5): every pick of up to two resources the
    /// bank can give, two when it holds two cards.
    fn year_of_plenty_legal<M: From<DevMove>>(&self, seat: Seat) -> Option<Legal<M>> {
        if self
            .check_dev_playable(seat, DevCard::YearOfPlenty)
            .is_err()
        {
            return None;
        }
        let n = self.bank.resources.total().min(2) as usize;
        let mut choices: Vec<Vec<Resource>> = vec![Vec::new()];
        for _ in 0..n {
            choices = choices
                .into_iter()
                .flat_map(|c| {
                    Resource::ALL.iter().map(move |r| {
                        let mut c = c.clone();
                        c.push(*r);
                        c
                    })
                })
                .collect();
        }
        choices.retain(|c| self.check_year_of_plenty(seat, c).is_ok());
        let first = choices.first()?;
        pick(
            M::from(DevMove::PlayYearOfPlenty {
                resources: first.clone(),
            }),
            "resources",
            &choices,
        )
    }

    /// Roads, settlements and cities on every spot that passes the full
    /// check, and a development card to buy (CAT-BUILD-3..6, CAT-DEV-1).
    fn build_legal<M: From<CoreMove<Resource>> + From<DevMove>>(
        &self,
        seat: Seat,
    ) -> Vec<Legal<M>> {
        let core = |m: CoreMove<Resource>| M::from(m);
        let p = self.player(seat);
        let mut out = Vec::new();
        // A build is checked spot by spot only when the parts of its check
        // that name no spot pass (phase, piece left, cost): otherwise every
        // spot would be refused, each with a refusal built and dropped. The
        // full check still decides each spot.
        let main = self.require_main("CAT-TURN-2").is_ok();
        let may_build = |left: u32, cost: &Cards| main && left > 0 && p.hand.contains(cost);
        let es: Vec<EdgeId> = EdgeId::all()
            .filter(|_| may_build(p.roads_left, &ROAD_COST))
            .filter(|e| self.check_build_road(seat, *e).is_ok())
            .collect();
        if let Some(&e0) = es.first() {
            out.extend(pick(core(CoreMove::BuildRoad { edge: e0 }), "edge", &es));
        }
        let vs: Vec<VertexId> = VertexId::all()
            .filter(|_| may_build(p.settlements_left, &SETTLEMENT_COST))
            .filter(|v| self.check_build_settlement(seat, *v).is_ok())
            .collect();
        if let Some(&v0) = vs.first() {
            out.extend(pick(
                core(CoreMove::BuildSettlement { vertex: v0 }),
                "vertex",
                &vs,
            ));
        }
        let cs: Vec<VertexId> = VertexId::all()
            .filter(|_| may_build(p.cities_left, &CITY_COST))
            .filter(|v| self.check_build_city(seat, *v).is_ok())
            .collect();
        if let Some(&v0) = cs.first() {
            out.extend(pick(
                core(CoreMove::BuildCity { vertex: v0 }),
                "vertex",
                &cs,
            ));
        }
        if self.check_buy_dev(seat).is_ok() {
            out.push(Legal::Move(DevMove::BuyDevelopmentCard.into()));
        }
        out
    }

    /// Maritime trades and an offer to the other player, unless the rules
    /// keep trading before building and the seat has built (CAT-TRADE-1,
    /// CAT-TRADE-2).
    fn trade_legal<M: From<CoreMove<Resource>>>(&self, seat: Seat) -> Vec<Legal<M>> {
        let core = |m: CoreMove<Resource>| M::from(m);
        let mut out = Vec::new();
        if self.require_main("CAT-TURN-2").is_ok()
            && (self.opts.combined_trade_build || !self.built_this_turn)
        {
            let hand = &self.player(seat).hand;
            let colour = Colour::of_seat(seat);
            out.extend(map_legal(
                maritime_templates(hand, &self.bank.resources, |k| {
                    self.board.harbour_rate(colour, k)
                }),
                core,
            ));
            out.extend(map_legal(offer_template(hand).into_iter().collect(), core));
        }
        out
    }
}
