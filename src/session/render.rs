//! One session version and its renderings, each made at most once (issue
//! 19): the command answer, `GET /v1/sessions/{id}`, `GET …/legal-moves`
//! and every live stream entry of that version share them.
//!
//! A [`Renders`] belongs to exactly one version: the actor makes a new,
//! empty one for every version it commits (and for the version it loads),
//! so nothing of an older version (before an undo, a resign, or another
//! replica's commit) is ever served. Each rendering is keyed by exactly
//! the inputs of the game's renderer: the view by seat (the game writes it
//! without texts: `view_json` takes no language), the legal moves and
//! events by seat and language, `next` (the same for every seat) by
//! language. A seat never gets another seat's view, legal moves or events,
//! and a language never another's texts.
//!
//! Memory stays bounded: only the actor's newest version is kept (a log
//! entry in a stream's queue holds its own until every subscriber read it),
//! and an actor that hears nothing for [`RENDERS_KEPT`] drops its
//! renderings, so idle sessions hold none.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::actor::{engine_error, status_of, Meta};
use super::SessionError;
use crate::engine::{AnyEvents, AnyState, Json, Lang, Seat, WireNext};
use crate::telemetry::Handles;
use crate::wire::{
    EventsPart, GameIdPart, LegalMovesPart, NextPart, SeatRef, SessionDoc, SharedJson, Status,
    ViewPart, WatchDoc,
};

/// How long an actor with no requests keeps its renderings.
pub const RENDERS_KEPT: Duration = Duration::from_secs(10);

/// What a rendering is of, with every input that changes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Key {
    /// The game's `next` (who acts, the decision and its sentence).
    Next(Lang),
    /// The table as the seat sees it (hidden information differs by seat).
    View(Seat),
    /// The seat's legal moves with their labels.
    Legal(Seat, Lang),
    /// The events of the command that made this version, as the seat reads them.
    Events(Seat, Lang),
    /// The table as a reader with no seat sees it.
    PublicView,
    /// The events as a reader with no seat reads them.
    PublicEvents(Lang),
}

impl Key {
    fn part(self) -> Part {
        match self {
            Key::Next(_) => Part::Next,
            Key::View(_) => Part::View,
            Key::Legal(..) => Part::Legal,
            Key::Events(..) | Key::PublicEvents(_) => Part::Events,
            Key::PublicView => Part::View,
        }
    }
}

/// The parts a game renders.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Part {
    Next,
    View,
    Legal,
    Events,
}

impl Part {
    pub fn as_str(self) -> &'static str {
        match self {
            Part::Next => "next",
            Part::View => "view",
            Part::Legal => "legal_moves",
            Part::Events => "events",
        }
    }
}

/// How many renderings a session's actor made, by part (also counted in
/// `ghostseat_renders_total{part}`). Tests read it through
/// [`super::Registry::render_counts`]; a reloaded actor starts at zero.
#[derive(Debug, Default)]
pub struct RenderCounts([AtomicU64; 4]);

/// A reading of [`RenderCounts`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RenderTally {
    pub next: u64,
    pub view: u64,
    pub legal_moves: u64,
    pub events: u64,
}

impl RenderCounts {
    fn count(&self, part: Part) {
        self.0[part as usize].fetch_add(1, Ordering::Relaxed);
        static EXPORTED: Handles<Part, metrics::Counter> = Handles::new();
        EXPORTED
            .get(
                part,
                |p| metrics::counter!("ghostseat_renders_total", "part" => p.as_str()),
            )
            .increment(1);
    }

    pub fn tally(&self) -> RenderTally {
        let n = |p: Part| self.0[p as usize].load(Ordering::Relaxed);
        RenderTally {
            next: n(Part::Next),
            view: n(Part::View),
            legal_moves: n(Part::Legal),
            events: n(Part::Events),
        }
    }
}

/// A session at one version, and what has been rendered of it.
pub struct Renders {
    version: u64,
    /// The actor's state at this version: the actor holds it here only, so
    /// a version costs no copy of it (an emptied `Renders` shares it).
    state: Arc<AnyState>,
    resigned: Option<Seat>,
    /// The events of the command that made this version (none after a load).
    events: Option<AnyEvents>,
    done: Mutex<Vec<(Key, SharedJson)>>,
}

impl Renders {
    pub fn new(
        version: u64,
        state: AnyState,
        resigned: Option<Seat>,
        events: Option<AnyEvents>,
    ) -> Arc<Renders> {
        Renders::sharing(version, Arc::new(state), resigned, events)
    }

    fn sharing(
        version: u64,
        state: Arc<AnyState>,
        resigned: Option<Seat>,
        events: Option<AnyEvents>,
    ) -> Arc<Renders> {
        Arc::new(Renders {
            version,
            state,
            resigned,
            events,
            done: Mutex::new(Vec::new()),
        })
    }

    /// The same version with nothing rendered (and without its events,
    /// which only the command's answer and its stream entries show).
    pub fn emptied(&self) -> Arc<Renders> {
        Renders::sharing(self.version, self.state.clone(), self.resigned, None)
    }

    pub fn version(&self) -> u64 {
        self.version
    }

    pub fn state(&self) -> &AnyState {
        &self.state
    }

    pub fn resigned(&self) -> Option<Seat> {
        self.resigned
    }

    /// Whether nothing has been rendered.
    pub fn is_empty(&self) -> bool {
        self.lock().is_empty()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<(Key, SharedJson)>> {
        self.done.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn find(&self, key: Key) -> Option<SharedJson> {
        self.lock()
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.clone())
    }

    /// The rendering of `key`, made now if nobody made it yet. The lock is
    /// not held while rendering (a stream task renders beside the actor);
    /// when two render the same key at once, both keep the first stored.
    fn get_or(
        &self,
        meta: &Meta,
        key: Key,
        render: impl FnOnce() -> Result<Json, SessionError>,
    ) -> Result<SharedJson, SessionError> {
        if let Some(v) = self.find(key) {
            return Ok(v);
        }
        let fresh: SharedJson = Arc::new(render()?);
        meta.renders.count(key.part());
        let mut done = self.lock();
        if let Some((_, v)) = done.iter().find(|(k, _)| *k == key) {
            return Ok(v.clone());
        }
        done.push((key, fresh.clone()));
        Ok(fresh)
    }

    /// `next` on the wire: the game's, or the resignation that ended it.
    pub fn next(&self, meta: &Meta, lang: Lang) -> Result<NextPart, SessionError> {
        let cx = meta.cx(lang);
        Ok(match self.resigned {
            Some(seat) => NextPart::of(&WireNext::resigned(seat, &cx)),
            None => NextPart::shared(self.get_or(meta, Key::Next(lang), || {
                meta.game.next_json(&self.state, &cx).map_err(engine_error)
            })?),
        })
    }

    /// The table as `seat` sees it.
    pub fn view(&self, meta: &Meta, seat: Seat) -> Result<ViewPart, SessionError> {
        Ok(ViewPart::shared(self.get_or(
            meta,
            Key::View(seat),
            || {
                meta.game
                    .view_json(&self.state, Some(seat))
                    .map_err(engine_error)
            },
        )?))
    }

    /// The game's legal moves of `seat` (`GET …/legal-moves`, which
    /// answers them even after a resignation).
    pub fn game_legal(
        &self,
        meta: &Meta,
        seat: Seat,
        lang: Lang,
    ) -> Result<LegalMovesPart, SessionError> {
        Ok(LegalMovesPart::shared(self.get_or(
            meta,
            Key::Legal(seat, lang),
            || {
                meta.game
                    .legal_json(&self.state, seat, &meta.cx(lang))
                    .map_err(engine_error)
            },
        )?))
    }

    /// What `seat` may do now as the session documents list it: nothing
    /// once a seat resigned.
    pub fn legal(
        &self,
        meta: &Meta,
        seat: Seat,
        lang: Lang,
    ) -> Result<LegalMovesPart, SessionError> {
        match self.resigned {
            Some(_) => Ok(LegalMovesPart::of(&Vec::<()>::new())),
            None => self.game_legal(meta, seat, lang),
        }
    }

    /// The events of the command that made this version, as `seat` reads
    /// them (redacted for it).
    pub fn events(&self, meta: &Meta, seat: Seat, lang: Lang) -> Result<EventsPart, SessionError> {
        let Some(events) = &self.events else {
            return Err(SessionError::Internal(format!(
                "the events of version {} are not at hand",
                self.version
            )));
        };
        Ok(EventsPart::shared(self.get_or(
            meta,
            Key::Events(seat, lang),
            || {
                meta.game
                    .events_json(events, &meta.cx(lang), Some(seat))
                    .map_err(engine_error)
            },
        )?))
    }

    /// Whether the session is over: the game ended, or a seat resigned.
    pub fn status(&self, meta: &Meta) -> Result<Status, SessionError> {
        Ok(match self.resigned {
            Some(_) => Status::Finished,
            None => status_of(&meta.game.next(&self.state).map_err(engine_error)?),
        })
    }

    /// The session document of `seat`: what `GET /sessions/{id}` answers
    /// and what every live stream entry carries.
    pub fn session_doc(
        &self,
        meta: &Meta,
        seat: Seat,
        lang: Lang,
    ) -> Result<SessionDoc, SessionError> {
        let status = self.status(meta)?;
        Ok(SessionDoc {
            id: meta.id.clone(),
            game: GameIdPart(meta.game.id()),
            options: meta.options_json.clone(),
            fairness: meta.fairness(status == Status::Finished),
            version: self.version,
            status,
            seat: SeatRef {
                index: seat.0,
                id: meta.seat_id(seat).to_string(),
            },
            seats: meta.seat_docs(lang),
            next: self.next(meta, lang)?,
            view: self.view(meta, seat)?,
            legal_moves: self.legal(meta, seat, lang)?,
            rematch_of: meta.rematch_of.clone(),
            rematch: meta.rematch.clone(),
        })
    }

    /// The session as an onlooker sees it: the public view, no legal
    /// moves, the events as a reader with no seat reads them.
    pub fn watch_doc(&self, meta: &Meta, lang: Lang) -> Result<WatchDoc, SessionError> {
        let status = self.status(meta)?;
        let view = self.get_or(meta, Key::PublicView, || {
            meta.game.view_json(&self.state, None).map_err(engine_error)
        })?;
        let events = match &self.events {
            Some(events) => {
                EventsPart::shared(self.get_or(meta, Key::PublicEvents(lang), || {
                    meta.game
                        .events_json(events, &meta.cx(lang), None)
                        .map_err(engine_error)
                })?)
            }
            None => EventsPart::of(&Vec::<()>::new()),
        };
        Ok(WatchDoc {
            id: meta.id.clone(),
            game: GameIdPart(meta.game.id()),
            fairness: meta.fairness(status == Status::Finished),
            version: self.version,
            status,
            seats: meta.seat_docs(lang),
            next: self.next(meta, lang)?,
            view: ViewPart::shared(view),
            events,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{DynGame, TableMode};
    use serde_json::json;

    /// A fresh catan-ck-duel (two humans, hidden hands) with its start events.
    fn duel() -> (Meta, Arc<Renders>, Arc<dyn DynGame>) {
        let game = crate::games::catalog()
            .into_iter()
            .find(|g| g.id() == "catan-ck-duel")
            .unwrap();
        let options = game.options(&json!({})).unwrap();
        let (state, _, events) = crate::session::replay::start(&game, &options, 4).unwrap();
        let meta = Meta {
            id: "s".into(),
            game: game.clone(),
            options_json: crate::wire::OptionsPart::of(&options),
            seats: game.seats(&options).unwrap(),
            options,
            seed: 4,
            salt: None,
            public_seed: true,
            token_hashes: vec![String::new(); 2],
            table_mode: TableMode::SERVER,
            renders: Arc::default(),
            rematch_of: None,
            rematch: None,
        };
        (meta, Renders::new(1, state, None, Some(events)), game)
    }

    /// Each seat and language gets exactly what the game renders for it
    /// now, however the reads interleave; each rendering is made once.
    #[test]
    fn every_seat_and_language_reads_its_own_rendering_once() {
        let (meta, r, game) = duel();
        let state = r.state().clone();
        let (a, b) = (Seat(0), Seat(1));
        let seats = [a, b, a, b];
        for (round, seat) in seats.into_iter().enumerate() {
            for lang in [Lang::En, Lang::De] {
                let cx = meta.cx(lang);
                assert_eq!(
                    r.view(&meta, seat).unwrap().get(),
                    game.view_json(&state, Some(seat)).unwrap().get(),
                    "round {round}"
                );
                assert_eq!(
                    r.game_legal(&meta, seat, lang).unwrap().get(),
                    game.legal_json(&state, seat, &cx).unwrap().get()
                );
                assert_eq!(
                    r.next(&meta, lang).unwrap().get(),
                    game.next_json(&state, &cx).unwrap().get()
                );
                let (_, _, events) =
                    crate::session::replay::start(&game, &meta.options, 4).unwrap();
                assert_eq!(
                    r.events(&meta, seat, lang).unwrap().get(),
                    game.events_json(&events, &cx, Some(seat)).unwrap().get()
                );
            }
        }
        // CCK: the seats' views differ (a hand is hidden from the other).
        assert_ne!(
            r.view(&meta, a).unwrap().get(),
            r.view(&meta, b).unwrap().get()
        );
        // Texts differ by language.
        assert_ne!(
            r.next(&meta, Lang::En).unwrap().get(),
            r.next(&meta, Lang::De).unwrap().get()
        );
        assert_eq!(
            meta.renders.tally(),
            RenderTally {
                next: 2,
                view: 2,
                legal_moves: 4,
                events: 4
            }
        );
    }

    /// SESSION-RESIGN-1: after a resignation the documents list no legal
    /// moves and `next` names the resignation, while `GET …/legal-moves`
    /// keeps the game's list; an emptied version renders again.
    #[test]
    fn a_resigned_version_and_an_emptied_one() {
        let (meta, r, game) = duel();
        let resigned = Renders::new(2, r.state().clone(), Some(Seat(1)), None);
        assert_eq!(
            resigned.legal(&meta, Seat(0), Lang::En).unwrap().get(),
            "[]"
        );
        assert_eq!(
            resigned.game_legal(&meta, Seat(0), Lang::En).unwrap().get(),
            game.legal_json(r.state(), Seat(0), &meta.cx(Lang::En))
                .unwrap()
                .get()
        );
        assert_eq!(resigned.status(&meta).unwrap(), Status::Finished);
        let next: serde_json::Value =
            serde_json::from_str(resigned.next(&meta, Lang::En).unwrap().get()).unwrap();
        assert_eq!(
            next,
            serde_json::to_value(WireNext::resigned(Seat(1), &meta.cx(Lang::En))).unwrap()
        );
        assert!(
            resigned.events(&meta, Seat(0), Lang::En).is_err(),
            "no events at hand"
        );

        r.view(&meta, Seat(0)).unwrap();
        assert!(!r.is_empty());
        let emptied = r.emptied();
        assert!(emptied.is_empty());
        assert_eq!(emptied.version(), r.version());
        let before = meta.renders.tally().view;
        emptied.view(&meta, Seat(0)).unwrap();
        assert_eq!(meta.renders.tally().view, before + 1, "rendered again");
    }
}
