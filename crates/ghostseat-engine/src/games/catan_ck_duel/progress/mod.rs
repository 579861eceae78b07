//! Progress cards (CCK-PROG-5, -11..-30) and their follow-up decisions.

use super::actions::{self, ex, hx, vx};
use super::board::{adjacent, Edge, EdgeId, Hex, HexId, Vertex, VertexId};
use super::data::*;
use super::events::{corner_place, path_place, Ev, Event, NoEffect, Took};
use super::moves::Move;
use super::refusals::{Answer, Field, Refusal};
use super::rules::*;
use super::state::*;
use crate::engine::{Chance, Emit, RuleError};
use crate::games::catan::data::Terrain as CoreTerrain;
use crate::games::catan::place::Place;

/// The level the Deserter's player may place, if any (CCK-PROG-19).
pub fn deserter_level(s: &State, seat: Seat, level: u8) -> Option<u8> {
    let st = &s.players[seat].knights_left;
    if st[(level as usize).clamp(1, 3) - 1] > 0 {
        Some(level)
    } else if st[0] > 0 {
        Some(1)
    } else {
        None
    }
}

/// An open road of any colour: an end touching no other piece of its colour (CCK-PROG-20).
pub fn is_open_road(s: &State, e: EdgeId) -> bool {
    let Some(c) = s.road(e) else { return false };
    e.ends().iter().any(|&v| {
        piece_colour(s, v) != Some(c)
            && !adjacent(v).any(|(_, oe)| oe != e && s.road(oe) == Some(c))
    })
}

/// Knights of the opponent or neutrals at an end of `seat`'s roads (CCK-PROG-21).
pub fn intrigue_targets(s: &State, seat: Seat) -> Vec<VertexId> {
    let c = colour_of(seat);
    VertexId::all()
        .filter(|v| matches!(s.knight(*v), Some(k) if k.colour != c) && touches_road(s, *v, c))
        .collect()
}

/// The fields a play of `card` takes besides `card` (CCK-PROG-5); the Deserter's `knight`
/// only against a neutral colour (against the opponent, the opponent picks).
pub fn fields_taken(card: ProgressKind) -> &'static [&'static str] {
    use ProgressKind::*;
    match card {
        Alchemist => &["white", "red"],
        Engineer | Medicine => &["vertex"],
        Inventor => &["hexes"],
        RoadBuilding => &["edges"],
        Smith => &["knights"],
        Bishop | Merchant => &["hex"],
        Deserter => &["target", "knight"],
        Diplomat => &["edge"],
        Intrigue => &["knight"],
        CommercialHarbor => &["give"],
        MerchantFleet => &["kind"],
        TradeMonopoly => &["commodity"],
        ResourceMonopoly => &["resource"],
        Crane | Irrigation | Mining | Printer | Saboteur | Spy | Warlord | Wedding
        | Constitution | MasterMerchant => &[],
    }
}

/// Refuses a progress play that names a field its card does not take (CCK-PROG-5): what
/// `play` accepts is exactly what the legal moves list. `stolen` and `drawn` are table
/// input of old sessions and checked where they are used.
pub fn no_stray_field(mv: &Move) -> R<()> {
    let Move::PlayProgress {
        card,
        target,
        knight,
        ..
    } = mv
    else {
        return Ok(());
    };
    let v = serde_json::to_value(mv).unwrap_or_default();
    let taken = fields_taken(*card);
    let stray = v.as_object().and_then(|o| {
        o.keys()
            .find(|k| {
                !matches!(k.as_str(), "type" | "card" | "stolen" | "drawn")
                    && !taken.contains(&k.as_str())
            })
            .cloned()
    });
    let field = match stray {
        Some(k) => taken_name(&k),
        None if knight.is_some() && target.is_some_and(|t| t.seat().is_some()) => "knight",
        None => return Ok(()),
    };
    Err(RuleError::illegal(
        "CCK-PROG-5",
        Refusal::FieldNotTaken { card: *card, field },
    ))
}

/// A field name of `Move::PlayProgress` as a static string.
fn taken_name(k: &str) -> &'static str {
    const ALL: [&str; 14] = [
        "white",
        "red",
        "vertex",
        "hexes",
        "edges",
        "knights",
        "hex",
        "target",
        "knight",
        "edge",
        "give",
        "kind",
        "commodity",
        "resource",
    ];
    ALL.iter().find(|f| **f == k).copied().unwrap_or("?")
}

fn name(field: Field) -> Refusal {
    Refusal::Name { field }
}

pub fn play(s: &mut State, seat: Seat, mv: &Move, dice: &mut Chance, ev: &mut Vec<Ev>) -> R<()> {
    let Move::PlayProgress {
        card,
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
        return Err(RuleError::illegal("CCK-PROG-5", Refusal::NotAProgressCard));
    };
    no_stray_field(mv)?;
    let idx = s.players[seat]
        .progress
        .iter()
        .position(|c| c.kind == *card)
        .ok_or_else(|| RuleError::illegal("CCK-PROG-5", Refusal::NoProgressCard { card: *card }))?;
    let me = colour_of(seat);
    let opp = other(seat);
    let need = |o: bool, rule: &str, why: Refusal| {
        if o {
            Ok(())
        } else {
            Err(RuleError::illegal(rule, why))
        }
    };
    let mut took = None;
    let rule: &str;
    // The card's effects follow its `progress_played` (inserted here once the play stands).
    let played_at = ev.len();
    match card {
        ProgressKind::Alchemist => {
            return Err(RuleError::illegal(
                "CCK-PROG-10",
                Refusal::AlchemistOnlyFirstRoll,
            ))
        }
        ProgressKind::Crane => {
            return Err(RuleError::illegal(
                "CCK-PROG-11",
                Refusal::CraneWithImprovement,
            ))
        }
        ProgressKind::Printer | ProgressKind::Constitution => {
            return Err(RuleError::illegal(
                "CCK-PROG-3",
                Refusal::PointCardsNotPlayed,
            ))
        }
        ProgressKind::Engineer => {
            rule = "CCK-PROG-12";
            let v = vx(
                vertex.ok_or_else(|| RuleError::illegal(rule, name(Field::CityVertex)))?,
                rule,
            )?;
            actions::build_wall(s, seat, v, false)?;
            ev.emit(
                rule,
                Event::WallBuilt {
                    seat,
                    vertex: Vertex::of(v),
                    place: corner_place(s, v),
                },
            );
        }
        ProgressKind::Inventor => {
            rule = "CCK-PROG-13";
            let hs = hexes
                .as_ref()
                .filter(|h| h.len() == 2)
                .ok_or_else(|| RuleError::illegal(rule, name(Field::TwoHexes)))?;
            let a = hx(hs[0], rule)?;
            let b = hx(hs[1], rule)?;
            let ok = |t: u8| t != 0 && ![2, 12, 6, 8].contains(&t);
            need(
                a != b && ok(s.token(a)) && ok(s.token(b)),
                rule,
                Refusal::InventorTokens,
            )?;
            let (ta, tb) = (s.tile(a).token, s.tile(b).token);
            let places = [Place::hex(&s.board, a), Place::hex(&s.board, b)];
            let numbers = [s.token(a), s.token(b)];
            s.board.tile_mut(a).token = tb;
            s.board.tile_mut(b).token = ta;
            ev.emit(
                rule,
                Event::TokensSwapped {
                    seat,
                    hexes: [Hex::of(a), Hex::of(b)],
                    numbers,
                    places,
                },
            );
        }
        ProgressKind::Irrigation | ProgressKind::Mining => {
            rule = "CCK-PROG-14";
            let (terr, res) = if *card == ProgressKind::Irrigation {
                (CoreTerrain::Fields, Card::Grain)
            } else {
                (CoreTerrain::Mountains, Card::Ore)
            };
            let n = HexId::all()
                .filter(|h| {
                    s.tile(*h).terrain == terr
                        && h.corners()
                            .iter()
                            .any(|v| matches!(s.building(*v), Some(b) if b.colour == me))
                })
                .count() as u32;
            let take = (2 * n).min(s.bank.get(res));
            s.bank.0[res.idx()] -= take;
            s.players[seat].hand.0[res.idx()] += take;
            took = Some(Took {
                count: take,
                card: res,
            });
        }
        ProgressKind::Medicine => {
            rule = "CCK-PROG-15";
            let v = vx(
                vertex.ok_or_else(|| RuleError::illegal(rule, name(Field::SettlementVertex)))?,
                rule,
            )?;
            actions::upgrade_city(s, seat, v, &COST_MEDICINE, rule)?;
            ev.emit(
                rule,
                Event::CityBuilt {
                    seat,
                    vertex: Vertex::of(v),
                    place: corner_place(s, v),
                },
            );
        }
        ProgressKind::RoadBuilding => {
            rule = "CCK-PROG-16";
            let es = edges
                .as_ref()
                .filter(|e| (1..=2).contains(&e.len()))
                .ok_or_else(|| RuleError::illegal(rule, name(Field::Paths)))?;
            let mut placed = 0;
            for e in es {
                let e = ex(*e, rule)?;
                need(
                    s.players[seat].roads_left > 0 && can_road(s, e, me),
                    "CAT-BUILD-5",
                    Refusal::RoadsLegal,
                )?;
                s.set_road(e, Some(me));
                s.players[seat].roads_left -= 1;
                placed += 1;
                ev.emit(
                    rule,
                    Event::RoadBuilt {
                        seat,
                        edge: Edge::of(e),
                        place: path_place(s, e),
                    },
                );
            }
            if es.len() == 1 {
                // one road only when a second is impossible
                let more =
                    s.players[seat].roads_left > 0 && EdgeId::all().any(|e| can_road(s, e, me));
                need(!more, rule, Refusal::SecondRoadPossible)?;
            }
            for _ in 0..placed {
                s.pending.push(Pending::Neutral {
                    task: NeutralTask::Road,
                    trigger: "CCK-PROG-16".into(),
                });
            }
            s.built_this_turn = true;
        }
        ProgressKind::Smith => {
            rule = "CCK-PROG-17";
            let ks = knights
                .as_ref()
                .filter(|k| (1..=2).contains(&k.len()))
                .ok_or_else(|| RuleError::illegal(rule, name(Field::Knights)))?;
            let mut lv = Vec::new();
            for k in ks {
                let v = vx(*k, rule)?;
                let nl = actions::promote_check(s, seat, v, true)?;
                actions::promote_apply(s, seat, v);
                ev.emit(
                    rule,
                    Event::KnightPromoted {
                        seat,
                        vertex: Vertex::of(v),
                        level: nl,
                        smith: true,
                        place: corner_place(s, v),
                    },
                );
                lv.push(nl);
            }
            for nl in lv {
                actions::neutral_promotion(s, nl, "CCK-PROG-17", ev);
            }
        }
        ProgressKind::Bishop => {
            rule = "CCK-PROG-18";
            let h = hx(
                hex.ok_or_else(|| RuleError::illegal(rule, name(Field::Hex)))?,
                rule,
            )?;
            actions::move_robber(s, seat, h, dice, ev, rule)?;
        }
        ProgressKind::Deserter => {
            rule = "CCK-PROG-19";
            let t = target.ok_or_else(|| RuleError::illegal(rule, name(Field::TargetColour)))?;
            if t == me {
                return Err(RuleError::illegal(rule, Refusal::NotYourself));
            }
            if t.seat().is_some() {
                need(
                    s.knights().any(|k| k.colour == t),
                    rule,
                    Refusal::OpponentNoKnight,
                )?;
                s.pending.push(Pending::DeserterPick { seat: opp });
            } else {
                let theirs: Vec<VertexId> = VertexId::all()
                    .filter(|v| matches!(s.knight(*v), Some(k) if k.colour == t))
                    .collect();
                need(!theirs.is_empty(), rule, Refusal::NeutralNoKnight)?;
                let min = theirs
                    .iter()
                    .filter_map(|v| s.knight(*v).map(|k| k.level))
                    .min()
                    .unwrap_or(1);
                let weakest: Vec<VertexId> = theirs
                    .into_iter()
                    .filter(|v| s.knight(*v).map(|k| k.level) == Some(min))
                    .collect();
                let v = match knight {
                    Some(k) => vx(*k, rule)?,
                    None if weakest.len() == 1 => weakest[0],
                    None => return Err(RuleError::illegal(rule, Refusal::SeveralWeakest)),
                };
                need(weakest.contains(&v), rule, Refusal::WeakestNeutral)?;
                let k = s.take_knight(v);
                if let (Some(k), Some(ni)) = (k, t.neutral_index()) {
                    s.neutrals[ni].knights_left[k.level as usize - 1] += 1;
                    ev.emit(
                        rule,
                        Event::DeserterTook {
                            seat,
                            colour: t,
                            level: k.level,
                            vertex: Vertex::of(v),
                            place: Place::corner(&s.board, v),
                        },
                    );
                    s.pending.push(Pending::DeserterPlace {
                        seat,
                        level: k.level,
                        active: false,
                    });
                }
            }
        }
        ProgressKind::Diplomat => {
            rule = "CCK-PROG-20";
            let e = ex(
                edge.ok_or_else(|| RuleError::illegal(rule, name(Field::RoadEdge)))?,
                rule,
            )?;
            need(is_open_road(s, e), rule, Refusal::OpenRoadOnly)?;
            let c = s.take_road(e);
            if let Some(colour) = c {
                ev.emit(
                    rule,
                    Event::RoadRemoved {
                        seat,
                        colour,
                        edge: Edge::of(e),
                        place: Place::path(&s.board, e),
                    },
                );
            }
            match c {
                Some(c) if c == me => {
                    s.players[seat].roads_left += 1;
                    s.pending.push(Pending::DiplomatReplace { seat });
                }
                Some(c) => match seat_of(c) {
                    Some(o) => s.players[o].roads_left += 1,
                    None => {
                        if let Some(ni) = c.neutral_index() {
                            s.neutrals[ni].roads_left += 1
                        }
                    }
                },
                None => {}
            }
        }
        ProgressKind::Intrigue => {
            rule = "CCK-PROG-21";
            let v = vx(
                knight.ok_or_else(|| RuleError::illegal(rule, name(Field::Knight)))?,
                rule,
            )?;
            need(
                intrigue_targets(s, seat).contains(&v),
                rule,
                Refusal::IntrigueTarget,
            )?;
            actions::displace(s, v, ev, rule);
        }
        ProgressKind::Saboteur => {
            rule = "CCK-PROG-22";
            if vp(s, opp) >= vp(s, seat) {
                let n = s.players[opp].hand.total() / 2;
                s.pending.push(Pending::SaboteurDiscard {
                    seat: opp,
                    count: n,
                });
            } else {
                no_effect(ev, rule, seat, *card, NoEffect::NotAhead);
            }
        }
        ProgressKind::Spy => {
            rule = "CCK-PROG-23";
            s.pending.push(Pending::SpyPick { seat });
        }
        ProgressKind::Warlord => {
            rule = "CCK-PROG-24";
            let turn = s.turn;
            let asleep: Vec<VertexId> = VertexId::all()
                .filter(|v| matches!(s.knight(*v), Some(k) if k.colour == me && !k.active))
                .collect();
            for k in s.knights_mut() {
                if k.colour == me && !k.active {
                    k.active = true;
                    k.activated_turn = turn;
                }
            }
            ev.emit(
                rule,
                Event::KnightsActivated {
                    seat,
                    knights: asleep.iter().map(|v| Vertex::of(*v)).collect(),
                    places: asleep.iter().map(|v| Place::corner(&s.board, *v)).collect(),
                },
            );
        }
        ProgressKind::Wedding => {
            rule = "CCK-PROG-25";
            if vp(s, opp) > vp(s, seat) {
                let n = s.players[opp].hand.total().min(2);
                s.pending.push(Pending::WeddingGive {
                    seat: opp,
                    count: n,
                });
            } else {
                no_effect(ev, rule, seat, *card, NoEffect::NotAhead);
            }
        }
        ProgressKind::Merchant => {
            rule = "CCK-PROG-26";
            let h = hx(
                hex.ok_or_else(|| RuleError::illegal(rule, name(Field::Hex)))?,
                rule,
            )?;
            need(
                h.corners()
                    .iter()
                    .any(|v| matches!(s.building(*v), Some(b) if b.colour == me)),
                rule,
                Refusal::MerchantHex,
            )?;
            s.merchant = Some((h, seat));
            ev.emit(
                rule,
                Event::MerchantPlaced {
                    seat,
                    hex: Hex::of(h),
                    place: Place::hex(&s.board, h),
                    card: terrain_resource(s.tile(h).terrain),
                },
            );
        }
        ProgressKind::CommercialHarbor => {
            rule = "CCK-PROG-27";
            let r = give.ok_or_else(|| RuleError::illegal(rule, name(Field::Give)))?;
            need(
                !r.is_commodity() && s.players[seat].hand.get(r) > 0,
                rule,
                Refusal::OfferHeldResource,
            )?;
            if s.players[opp].hand.commodities() > 0 {
                s.players[seat].hand.0[r.idx()] -= 1;
                s.players[opp].hand.0[r.idx()] += 1;
                s.pending.push(Pending::CommercialHarborGive { seat: opp });
            } else {
                // (I): no commodity to give, the resource stays with the player.
                no_effect(ev, rule, seat, *card, NoEffect::NothingHeld);
            }
        }
        ProgressKind::MerchantFleet => {
            rule = "CCK-PROG-28";
            let k = kind.ok_or_else(|| RuleError::illegal(rule, name(Field::CardKind)))?;
            s.players[seat].merchant_fleet = Some(k);
            ev.emit(rule, Event::MerchantFleet { seat, card: k });
        }
        ProgressKind::MasterMerchant => {
            rule = "CCK-PROG-29";
            need(vp(s, opp) > vp(s, seat), rule, Refusal::OpponentAhead)?;
            let n = s.players[opp].hand.total().min(2);
            s.pending
                .push(Pending::MasterMerchantPick { seat, count: n });
        }
        ProgressKind::TradeMonopoly => {
            rule = "CCK-PROG-30";
            let c = commodity.ok_or_else(|| RuleError::illegal(rule, name(Field::Commodity)))?;
            need(c.is_commodity(), rule, name(Field::Commodity))?;
            let n = s.players[opp].hand.get(c).min(1);
            s.players[opp].hand.0[c.idx()] -= n;
            s.players[seat].hand.0[c.idx()] += n;
            monopoly(ev, rule, seat, c, n);
        }
        ProgressKind::ResourceMonopoly => {
            rule = "CCK-PROG-30";
            let c = resource.ok_or_else(|| RuleError::illegal(rule, name(Field::Resource)))?;
            need(!c.is_commodity(), rule, name(Field::Resource))?;
            let n = s.players[opp].hand.get(c).min(2);
            s.players[opp].hand.0[c.idx()] -= n;
            s.players[seat].hand.0[c.idx()] += n;
            monopoly(ev, rule, seat, c, n);
        }
    }
    let pc = s.players[seat].progress.remove(idx);
    s.decks[pc.kind.deck().idx()].insert(0, pc.kind);
    let mut played = Ev::new(
        rule,
        Event::ProgressPlayed {
            seat,
            card: *card,
            took,
            rule_play: "CCK-PROG-5".into(),
        },
    );
    played.cards(&[card.name()]);
    ev.insert(played_at, played);
    Ok(())
}

/// The Monopoly's cards from the opponent (CCK-PROG-30).
fn monopoly(ev: &mut Vec<Ev>, rule: &'static str, seat: Seat, card: Card, count: u32) {
    let from = other(seat);
    ev.emit(
        rule,
        Event::Monopoly {
            seat,
            from,
            card,
            count,
        },
    );
}

/// `seat`'s `card` does nothing, and the log says why.
pub fn no_effect(
    ev: &mut Vec<Ev>,
    rule: &'static str,
    seat: Seat,
    card: ProgressKind,
    reason: NoEffect,
) {
    ev.emit(rule, Event::ProgressNoEffect { seat, card, reason });
}

/// The cards `cards` of `seat`'s hand, exactly `count`; `me` names them.
fn exact(s: &State, seat: Seat, me: Seat, cards: &Cards, count: u32, rule: &str) -> R<Hand> {
    let h = Hand::from_cards(cards);
    if !s.players[seat].hand.contains(&h) || h.total() != count {
        return Err(RuleError::illegal(
            rule,
            Refusal::NameExactly {
                count,
                theirs: seat != me,
            },
        ));
    }
    Ok(h)
}

/// Answers to progress-card decisions.
pub fn answer(
    s: &mut State,
    seat: Seat,
    p: Pending,
    mv: &Move,
    _dice: &mut Chance,
    ev: &mut Vec<Ev>,
) -> R<()> {
    let opp = other(seat);
    match (p, mv) {
        (Pending::DeserterPick { .. }, Move::DeserterPick { vertex }) => {
            let v = vx(*vertex, "CCK-PROG-19")?;
            let k = match s.knight(v) {
                Some(k) if k.colour == colour_of(seat) => k,
                _ => return Err(RuleError::illegal("CCK-PROG-19", Refusal::RemoveOwnKnight)),
            };
            s.set_knight(v, None);
            s.players[seat].knights_left[k.level as usize - 1] += 1;
            s.pending.remove(0);
            s.pending.insert(
                0,
                Pending::DeserterPlace {
                    seat: opp,
                    level: k.level,
                    active: k.active,
                },
            );
            ev.emit(
                "CCK-PROG-19",
                Event::DeserterRemoved {
                    seat,
                    vertex: Vertex::of(v),
                    place: corner_place(s, v),
                },
            );
        }
        (Pending::DeserterPlace { level, active, .. }, Move::DeserterPlace { vertex }) => {
            if let Some(vv) = vertex {
                let v = vx(*vv, "CCK-PROG-19")?;
                let lv = deserter_level(s, seat, level)
                    .ok_or_else(|| RuleError::illegal("CCK-PROG-19", Refusal::NoKnightInStock))?;
                if !knight_spots(s, colour_of(seat)).contains(&v) {
                    return Err(RuleError::illegal("CCK-PROG-19", Refusal::DeserterSpot));
                }
                s.players[seat].knights_left[lv as usize - 1] -= 1;
                s.set_knight(v, Some(Knight::placed(colour_of(seat), lv, active)));
                ev.emit(
                    "CCK-PROG-19",
                    Event::DeserterPlaced {
                        seat,
                        level: lv,
                        vertex: Vertex::of(v),
                        place: corner_place(s, v),
                    },
                );
            }
            s.pending.remove(0);
        }
        (Pending::DiplomatReplace { .. }, Move::DiplomatReplace { edge }) => {
            if let Some(e) = edge {
                let e = ex(*e, "CCK-PROG-20")?;
                if !can_road(s, e, colour_of(seat)) {
                    return Err(RuleError::illegal("CAT-BUILD-5", Refusal::RoadNotLegal));
                }
                s.set_road(e, Some(colour_of(seat)));
                s.players[seat].roads_left -= 1;
                ev.emit(
                    "CCK-PROG-20",
                    Event::DiplomatReplaced {
                        seat,
                        edge: Edge::of(e),
                        place: path_place(s, e),
                    },
                );
            }
            s.pending.remove(0);
        }
        (Pending::WeddingGive { count, .. }, Move::WeddingGive { cards })
        | (Pending::SaboteurDiscard { count, .. }, Move::SaboteurDiscard { cards }) => {
            let wedding = matches!(mv, Move::WeddingGive { .. });
            let rule = if wedding {
                "CCK-PROG-25"
            } else {
                "CCK-PROG-22"
            };
            let h = exact(s, seat, seat, cards, count, rule)?;
            s.players[seat].hand.sub(&h);
            if wedding {
                s.players[opp].hand.add(&h);
            } else {
                s.bank.add(&h);
            }
            s.pending.remove(0);
            let who = seat;
            ev.emit(
                rule,
                if wedding {
                    Event::WeddingGift { seat: who, count }
                } else {
                    Event::Sabotaged { seat: who, count }
                },
            );
        }
        (Pending::CommercialHarborGive { .. }, Move::CommercialHarborGive { commodity }) => {
            if !commodity.is_commodity() || s.players[seat].hand.get(*commodity) == 0 {
                return Err(RuleError::illegal(
                    "CCK-PROG-27",
                    Refusal::GiveHeldCommodity,
                ));
            }
            s.players[seat].hand.0[commodity.idx()] -= 1;
            s.players[opp].hand.0[commodity.idx()] += 1;
            s.pending.remove(0);
            ev.emit("CCK-PROG-27", Event::CommercialHarbor { seat });
        }
        (Pending::SpyPick { .. }, Move::SpyPick { card }) => {
            let i = s.players[opp]
                .progress
                .iter()
                .position(|c| c.kind == *card)
                .ok_or_else(|| {
                    RuleError::illegal("CCK-PROG-23", Refusal::OpponentLacksCard { card: *card })
                })?;
            let mut c = s.players[opp].progress.remove(i);
            c.drawn_turn = s.turn;
            s.players[seat].progress.push(c);
            s.pending.remove(0);
            ev.emit("CCK-PROG-23", Event::Spy { seat, from: opp })
                .secret(
                    vec![seat, opp],
                    Event::SpyTook {
                        seat,
                        from: opp,
                        card: *card,
                    },
                    vec![card.name()],
                );
            if s.players[seat].progress.len() > 4 {
                push_front(s, vec![Pending::ProgressExcess { seat }]);
            }
        }
        (Pending::MasterMerchantPick { count, .. }, Move::MasterMerchantPick { cards }) => {
            let h = exact(s, opp, seat, cards, count, "CCK-PROG-29")?;
            s.players[opp].hand.sub(&h);
            s.players[seat].hand.add(&h);
            s.pending.remove(0);
            ev.emit(
                "CCK-PROG-29",
                Event::MasterMerchant {
                    seat,
                    from: opp,
                    count,
                },
            )
            .secret(
                vec![seat, opp],
                Event::CardsTaken {
                    seat,
                    from: opp,
                    cards: h.to_map(),
                },
                Vec::new(),
            );
        }
        (p, _) => {
            return Err(RuleError::illegal(
                "CAT-TURN-1",
                Refusal::AnswerFirst {
                    answer: Answer::of(&p),
                },
            ))
        }
    }
    Ok(())
}
