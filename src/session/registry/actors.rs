//! The registry's actors: finding, loading and spawning a session's single
//! writer, asking it, and retiring it when it is idle or another process
//! moved the session on.

use super::*;

/// A session being loaded: by how many requests, and the newest version a
/// peer announced while no actor of it was live here (0: none).
#[derive(Default)]
pub(super) struct Loading {
    loaders: usize,
    announced: u64,
}

/// One request's load of a session, counted in [`Registry::loading`] for as
/// long as it lasts.
pub(super) struct LoadingGuard<'a> {
    loading: &'a Mutex<HashMap<String, Loading>>,
    id: &'a str,
}

impl<'a> LoadingGuard<'a> {
    pub(super) fn new(loading: &'a Mutex<HashMap<String, Loading>>, id: &'a str) -> Self {
        lock(loading).entry(id.to_string()).or_default().loaders += 1;
        LoadingGuard { loading, id }
    }
}

impl Drop for LoadingGuard<'_> {
    fn drop(&mut self) {
        let mut loading = lock(self.loading);
        if let Some(l) = loading.get_mut(self.id) {
            l.loaders -= 1;
            if l.loaders == 0 {
                loading.remove(self.id);
            }
        }
    }
}

impl Registry {
    /// Live actors (for metrics and tests); forgets the handles of retired ones.
    pub async fn live_actors(&self) -> usize {
        let mut actors = self.lock_actors();
        actors.retain(|_, h| !h.tx.is_closed());
        actors.len()
    }

    /// Retires every live actor that another process on the same database
    /// has overtaken (a replica committed a command of its session): its
    /// next read then loads what the store holds, and its streams
    /// resubscribe and catch up from the log, so a phone watching through
    /// this process sees a move made through another. Returns
    /// how many actors were behind. One indexed read per 500 live sessions.
    pub async fn retire_overtaken(&self) -> Result<usize, SessionError> {
        let live: Vec<String> = {
            let mut actors = self.lock_actors();
            actors.retain(|_, h| !h.tx.is_closed());
            actors.keys().cloned().collect()
        };
        let mut behind = 0;
        for chunk in live.chunks(500) {
            for head in self.store.heads(chunk.to_vec()).await? {
                behind += usize::from(
                    self.credentials_moved(&head).await || self.store_moved(&head.id, head.version),
                );
            }
        }
        Ok(behind)
    }

    /// Retires the live actor of `head`'s session if its seat credentials
    /// are not the stored ones (a seat claimed or a token rotated through
    /// another process, SESSION-SEAT-1): the next request loads the new
    /// ones, so an old token stops working here too, and the actor's
    /// streams end when they resubscribe with it. Whether one retired.
    pub(super) async fn credentials_moved(&self, head: &crate::store::Head) -> bool {
        let stale = self
            .lock_actors()
            .get(&head.id)
            .is_some_and(|h| !h.tx.is_closed() && h.credentials[..] != head.token_hashes[..]);
        if stale {
            self.retire(&head.id).await;
        }
        stale
    }

    /// The store holds `version` of session `id` (a peer's commit, seen by
    /// polling or announced by the database): a live actor behind it
    /// retires. Whether one did.
    ///
    /// With no live actor, a load of `id` in flight here may have read the
    /// store before that commit: the announcement is kept for it, and the
    /// actor it makes retires at once if it is behind ([`Registry::handle`]).
    pub fn store_moved(&self, id: &str, version: u64) -> bool {
        let actors = self.lock_actors();
        match actors.get(id) {
            Some(h) if !h.tx.is_closed() => {
                // A full mailbox has requests queued; the next look retries.
                h.version.load(Ordering::Relaxed) < version
                    && h.tx.try_send(Msg::StoreAt(version)).is_ok()
            }
            _ => {
                if let Some(l) = lock(&self.loading).get_mut(id) {
                    l.announced = l.announced.max(version);
                }
                false
            }
        }
    }

    /// How many renderings the live actor of `id` made since it loaded
    /// (None when it is not live here).
    pub fn render_counts(&self, id: &str) -> Option<crate::session::RenderTally> {
        self.lock_actors()
            .get(id)
            .filter(|h| !h.tx.is_closed())
            .map(|h| h.renders.tally())
    }

    /// Whether session `id` is live in this process (routing tests).
    pub fn is_live(&self, id: &str) -> bool {
        self.lock_actors()
            .get(id)
            .is_some_and(|h| !h.tx.is_closed())
    }

    /// Makes a session live (loads it if it is not): for warming up and for
    /// timing the load alone (`ghostseat-bench --idle-sessions`).
    pub async fn preload(&self, id: &str) -> Result<(), SessionError> {
        self.handle(id).await.map(|_| ())
    }

    pub(super) fn lock_actors(&self) -> std::sync::MutexGuard<'_, HashMap<String, Handle>> {
        lock(&self.actors)
    }

    pub(super) async fn retire(&self, id: &str) {
        self.lock_actors().remove(id);
        lock(&self.pins).remove(id);
    }

    /// The live actor of `id`, loading it from the store if needed. The map
    /// is locked only to look up and to insert, never across the load, so a
    /// cold session does not hold up the others.
    pub(super) async fn handle(&self, id: &str) -> Result<Handle, SessionError> {
        loop {
            let seen = match self.lock_actors().get(id) {
                Some(h) if !h.tx.is_closed() => return Ok(h.clone()),
                Some(h) => Some(h.stopped.clone()),
                None => None,
            };
            // A retiring actor may still be draining commands: load after it.
            if let Some(mut stopped) = seen.clone() {
                let _ = stopped.wait_for(|s| *s).await;
            }
            let started = std::time::Instant::now();
            let loading = LoadingGuard::new(&self.loading, id);
            let actor = self.load(id).await?;
            metrics::histogram!("ghostseat_session_load_seconds")
                .record(started.elapsed().as_secs_f64());
            let mut actors = self.lock_actors();
            match (actors.get(id), &seen) {
                (Some(h), _) if !h.tx.is_closed() => return Ok(h.clone()), // loaded meanwhile
                (None, None) => {}
                (Some(h), Some(s)) if h.stopped.same_channel(s) => {}
                // Another actor came and went while we loaded: ours may be stale.
                _ => continue,
            }
            let h = self.spawn(actor);
            actors.insert(id.to_string(), h.clone());
            // A peer's commit announced while we loaded: if our read came
            // before it, the actor is behind and retires at once, so its
            // streams catch up from the log.
            let announced = lock(&self.loading).get(id).map_or(0, |l| l.announced);
            drop(loading);
            if announced > h.version.load(Ordering::Relaxed) {
                let _ = h.tx.try_send(Msg::StoreAt(announced));
            }
            return Ok(h);
        }
    }

    /// Starts `actor`'s task; the caller makes it findable.
    pub(super) fn spawn(&self, actor: Actor) -> Handle {
        let (tx, rx) = mpsc::channel(self.cfg.mailbox);
        let (done, stopped) = watch::channel(false);
        let idle = self.cfg.idle_timeout;
        let version = actor.published.clone();
        let renders = actor.meta.renders.clone();
        let credentials: Arc<[String]> = actor.meta.token_hashes.clone().into();
        tokio::spawn(async move {
            actor.run(rx, idle).await;
            done.send_replace(true);
        });
        Handle {
            tx,
            stopped,
            version,
            renders,
            credentials,
        }
    }

    /// Builds an actor from the store: the last snapshot, then the commands
    /// after it replayed (fewer than `SNAPSHOT_EVERY`). A snapshot in an
    /// older state format is rebuilt by replaying the whole log, and stored
    /// again in the current format.
    pub(super) async fn load(&self, id: &str) -> Result<Actor, SessionError> {
        let row = self
            .store
            .load_session(id)
            .await?
            .ok_or_else(|| SessionError::NotFound(id.to_string()))?;
        let game = self.game(&row.game)?.clone();
        let mode = game.table_mode(&row.options).map_err(engine_error)?;
        let corrupt = |why: String| SessionError::Internal(format!("session {id}: {why}"));
        let (state, rng_pos, snapshot_version) = if row.state_version != game.state_version() {
            let commands = self.store.commands(id, 0, row.version).await?;
            let (g, o, seed) = (game.clone(), row.options.clone(), row.seed);
            let r = tokio::task::spawn_blocking(move || replay::replay(&g, &o, seed, &commands))
                .await
                .map_err(|e| SessionError::Internal(e.to_string()))?
                .map_err(|e| SessionError::Legacy(format!(
                    "this session was played under an earlier version of the {} rules and its log no longer replays ({e}); its log and export can still be read",
                    row.game
                )))?;
            let (state, pos) = r.into_head();
            if pos != row.rng_pos {
                return Err(corrupt(
                    "the rebuilt state ends at another dice position".into(),
                ));
            }
            let snapshot = game.snapshot(&state).map_err(engine_error)?;
            self.store
                .resnapshot(id, row.version, snapshot, pos, game.state_version())
                .await?;
            (state, pos, row.version)
        } else {
            let mut state = game.restore(&row.snapshot).map_err(engine_error)?;
            let mut rng_pos = row.snapshot_rng_pos;
            if row.snapshot_version < row.version {
                // Commands up to `row.version` never change, whatever commits
                // after the row was read.
                let tail = self
                    .store
                    .commands(id, row.snapshot_version, row.version - row.snapshot_version)
                    .await?;
                if tail.len() as u64 != row.version - row.snapshot_version {
                    return Err(corrupt(format!(
                        "the log after the snapshot has {} commands, not {}",
                        tail.len(),
                        row.version - row.snapshot_version
                    )));
                }
                let mut r = replay::Replay::from(state, rng_pos);
                for c in &tail {
                    r.apply(&game, mode, row.seed, c).map_err(|e| {
                        corrupt(format!("the log after the snapshot does not replay: {e}"))
                    })?;
                }
                (state, rng_pos) = r.into_head();
                if rng_pos != row.rng_pos {
                    return Err(corrupt("the log ends at another dice position".into()));
                }
            }
            (state, rng_pos, row.snapshot_version)
        };
        let rematch = self.rematch_links(id).await?;
        self.actor(game, row, state, rng_pos, snapshot_version, rematch)
    }

    /// The session `id` is the rematch of, and its own rematch.
    pub(super) async fn rematch_links(
        &self,
        id: &str,
    ) -> Result<(Option<String>, Option<String>), SessionError> {
        let rows = self.store.extras(id, around::REMATCH).await?;
        let find = |k: &str| {
            rows.iter()
                .find(|(key, _)| key == k)
                .map(|(_, v)| v.clone())
        };
        Ok((find("of"), find("next")))
    }

    /// The actor of a session whose current state is at hand: `row` as
    /// stored, `state` at `row.version`, the last snapshot at
    /// `snapshot_version`.
    pub(super) fn actor(
        &self,
        game: Arc<dyn DynGame>,
        row: SessionRow,
        state: AnyState,
        rng_pos: u64,
        snapshot_version: u64,
        rematch: (Option<String>, Option<String>),
    ) -> Result<Actor, SessionError> {
        let (events, _) = broadcast::channel(256);
        let mut meta = meta_of(game, &row)?;
        meta.rematch_of = rematch.0;
        meta.rematch = rematch.1;
        Ok(Actor {
            meta: Arc::new(meta),
            // A loaded actor starts with nothing rendered.
            renders: crate::session::Renders::new(row.version, state, row.resigned.map(Seat), None),
            rng_pos,
            snapshot_version,
            must_reload: false,
            touched: None,
            store: self.store.clone(),
            events,
            published: Arc::new(std::sync::atomic::AtomicU64::new(row.version)),
            // A session at its start has nothing to take back; a loaded
            // one learns its top at its first undo.
            undo_top: if row.version == 0 {
                crate::session::actor::UndoTop::at_start()
            } else {
                crate::session::actor::UndoTop::default()
            },
            max_commands: self.cfg.max_commands,
            notifier: self.notifier.clone(),
        })
    }

    /// Sends `msg` to the session's actor; a full mailbox is 503, a retired
    /// actor is reloaded once.
    pub(super) async fn ask<T>(
        &self,
        id: &str,
        token: Option<&Credential>,
        make: impl Fn(oneshot::Sender<Result<T, SessionError>>) -> Msg,
    ) -> Result<T, SessionError> {
        let mut reloaded = false;
        for _ in 0..3 {
            let h = self.handle(id).await?;
            let (tx, rx) = oneshot::channel();
            match h.tx.try_send(make(tx)) {
                Ok(()) => match rx.await {
                    // A seat claimed (or a token rotated) through another
                    // process since this actor loaded: the store has the
                    // token, so this actor's copy is stale.
                    Ok(Err(SessionError::WrongToken)) if !reloaded => {
                        let Some(t) = token else {
                            return Err(SessionError::WrongToken);
                        };
                        let row = self.row(id).await?;
                        if seat_of(t, &row.token_hashes).is_none() {
                            return Err(SessionError::WrongToken);
                        }
                        reloaded = true;
                        self.retire(id).await;
                    }
                    Ok(r) => return r,
                    Err(_) => {
                        return Err(SessionError::Internal("the session actor stopped".into()))
                    }
                },
                Err(mpsc::error::TrySendError::Full(_)) => return Err(SessionError::Busy),
                Err(mpsc::error::TrySendError::Closed(_)) => continue,
            }
        }
        Err(SessionError::Busy)
    }

    /// `ask` for a read: when another process moved the session on since
    /// this actor loaded it, the stale actor retires and the read is asked
    /// again of the session as stored.
    pub(super) async fn ask_current<T>(
        &self,
        id: &str,
        token: Option<&Credential>,
        make: impl Fn(oneshot::Sender<Result<T, SessionError>>) -> Msg,
    ) -> Result<T, SessionError> {
        let mut retries = 0;
        loop {
            match self.ask(id, token, &make).await {
                Err(SessionError::Store(StoreError::Stale { .. })) if retries < STALE_RETRIES => {
                    retries += 1
                }
                r => return r,
            }
        }
    }
}
