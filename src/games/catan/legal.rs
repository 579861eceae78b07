//! Legal move lists of the Part A table: concrete, representative moves
//! (every listed move is accepted by [`Table::apply`]).

use super::board::*;
use super::data::*;
use super::geometry::*;
use super::table::*;

impl Table {
    /// Representative legal Part A moves of `seat` (every one is accepted by [`Table::apply`]).
    pub fn legal_moves(&self, seat: usize, hooks: &Hooks) -> Vec<BaseMove> {
        let mut out = Vec::new();
        if self.expected_seat() != Some(seat) {
            return out;
        }
        let colour = Colour::of_seat(seat);
        let g = geo();
        if self.phase == Phase::Setup {
            match self.setup_settlement {
                None => {
                    for v in self.board.legal_settlements(colour, false) {
                        out.push(BaseMove::PlaceSetupSettlement {
                            vertex: g.vertices[v],
                        });
                    }
                }
                Some(v) => {
                    for &e in &g.vertex_edges[v] {
                        if self.board.roads[e].is_none() && self.board.edge_playable(e) {
                            out.push(BaseMove::PlaceSetupRoad { edge: g.edges[e] });
                        }
                    }
                }
            }
            return out;
        }
        if let Some(p) = self.pending.first() {
            match p {
                Pending::Discard { count, .. } => {
                    let list = self.players[seat].hand.listed();
                    let n = *count as usize;
                    for pick in [&list[..n], &list[list.len() - n..]] {
                        let mut c = Cards::default();
                        for r in pick {
                            c.add(*r, 1);
                        }
                        let m = BaseMove::Discard { cards: c };
                        if !out.contains(&m) {
                            out.push(m);
                        }
                    }
                }
                Pending::Robber { cause, .. } => {
                    let policy = hooks.robber(*cause);
                    for h in self.robber_hexes(&policy) {
                        let stolen = if self.opts.physical_table && !self.board.tiles[h].removed {
                            self.theft_victim(seat, h)
                                .and_then(|v| self.players[v].hand.listed().first().copied())
                        } else {
                            None
                        };
                        out.push(BaseMove::MoveRobber {
                            hex: g.hexes[h],
                            stolen,
                        });
                    }
                }
                Pending::TradeResponse { .. } => {
                    if let Some(o) = &self.offer {
                        if self.players[seat].hand.contains(&o.want) {
                            out.push(BaseMove::RespondTrade { accept: true });
                        }
                    }
                    out.push(BaseMove::RespondTrade { accept: false });
                }
                _ => {}
            }
            return out;
        }
        let p = &self.players[seat];
        // Development cards (before or after the roll).
        for kind in [
            DevCard::Knight,
            DevCard::RoadBuilding,
            DevCard::YearOfPlenty,
            DevCard::Monopoly,
        ] {
            if self.check_dev_playable(seat, kind).is_err() {
                continue;
            }
            match kind {
                DevCard::Knight => out.push(BaseMove::PlayKnight),
                DevCard::Monopoly => {
                    for r in Resource::ALL {
                        out.push(BaseMove::PlayMonopoly { resource: r });
                    }
                }
                DevCard::YearOfPlenty => {
                    let bank = self.bank.resources;
                    let n = bank.total().min(2);
                    if n == 0 {
                        out.push(BaseMove::PlayYearOfPlenty { resources: vec![] });
                    } else {
                        for r in bank.kinds() {
                            if n == 1 {
                                out.push(BaseMove::PlayYearOfPlenty { resources: vec![r] });
                            } else {
                                let second = if bank.get(r) >= 2 {
                                    Some(r)
                                } else {
                                    bank.kinds().into_iter().find(|x| *x != r)
                                };
                                if let Some(s) = second {
                                    out.push(BaseMove::PlayYearOfPlenty {
                                        resources: vec![r, s],
                                    });
                                }
                            }
                        }
                    }
                }
                DevCard::RoadBuilding => {
                    if p.roads_left == 0 {
                        continue;
                    }
                    let first = self.board.legal_roads(colour);
                    if let Some(&e1) = first.first() {
                        let mut trial = self.board.clone();
                        trial.roads[e1] = Some(colour);
                        let second = if p.roads_left >= 2 {
                            trial.legal_roads(colour).first().copied()
                        } else {
                            None
                        };
                        let mut edges = vec![g.edges[e1]];
                        if let Some(e2) = second {
                            edges.push(g.edges[e2]);
                        }
                        out.push(BaseMove::PlayRoadBuilding { edges });
                    }
                }
                DevCard::VictoryPoint => {}
            }
        }
        if self.phase == Phase::PreRoll {
            out.push(BaseMove::Roll);
            return out;
        }
        if self.phase != Phase::Main {
            return out;
        }
        out.push(BaseMove::EndTurn);
        if p.hand.contains(&ROAD_COST) && p.roads_left > 0 {
            for e in self.board.legal_roads(colour) {
                out.push(BaseMove::BuildRoad { edge: g.edges[e] });
            }
        }
        if p.hand.contains(&SETTLEMENT_COST) && p.settlements_left > 0 {
            for v in self.board.legal_settlements(colour, true) {
                out.push(BaseMove::BuildSettlement {
                    vertex: g.vertices[v],
                });
            }
        }
        if p.hand.contains(&CITY_COST) && p.cities_left > 0 {
            for v in 0..VERTEX_COUNT {
                if self.board.buildings[v]
                    == Some(Building {
                        colour,
                        kind: BuildingKind::Settlement,
                    })
                {
                    out.push(BaseMove::BuildCity {
                        vertex: g.vertices[v],
                    });
                }
            }
        }
        if p.hand.contains(&DEV_COST) && !self.bank.dev_deck.is_empty() {
            let drawn = if self.opts.physical_table {
                self.bank.dev_deck.first().copied()
            } else {
                None
            };
            out.push(BaseMove::BuyDevelopmentCard { drawn });
        }
        if self.opts.combined_trade_build || !self.built_this_turn {
            let rates = self.board.trade_rates(colour);
            for give in Resource::ALL {
                if p.hand.get(give) < rates.get(give) {
                    continue;
                }
                for get in Resource::ALL {
                    if get != give && self.bank.resources.get(get) > 0 {
                        out.push(BaseMove::MaritimeTrade {
                            give,
                            get,
                            times: None,
                        });
                    }
                }
            }
            if let Some(give) = p.hand.kinds().first().copied() {
                if let Some(want) = Resource::ALL.iter().copied().find(|r| *r != give) {
                    out.push(BaseMove::OfferTrade {
                        give: Cards::one(give),
                        want: Cards::one(want),
                    });
                }
            }
        }
        out
    }
}
