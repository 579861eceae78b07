//! Around a game: past versions, rematches, watchers and your-turn
//! notices.

use super::*;

/// Marks a stored credential as a rematch seat waiting for its player: the
/// SHA-256 of the seat's token in the finished game follows. No token hash
/// can equal it, so only a claim with that old token opens the seat.
pub(super) const REMATCH_CLAIM: &str = "r:";

/// Watchers one session may have at once.
pub const MAX_WATCHERS: usize = 8;

/// Whether `a` equals `b`, in constant time.
pub(super) fn same_hash(a: &str, b: &str) -> bool {
    bool::from(subtle::ConstantTimeEq::ct_eq(a.as_bytes(), b.as_bytes()))
}

impl Registry {
    /// The session as the token's seat saw it after `version` commands
    /// (or, once the game is over, as `viewpoint`, any seat's id, saw it),
    /// with that version's events. Costs one checkpoint and at most
    /// [`around::CHECKPOINT_EVERY`] commands replayed; the first read of a
    /// session makes its checkpoints (one replay of the log so far).
    pub async fn at(
        &self,
        id: &str,
        token: Option<Credential>,
        version: u64,
        viewpoint: Option<&str>,
        lang: Lang,
    ) -> Result<String, SessionError> {
        let (row, seat) = self.authorised_row(id, &token).await?;
        if version > row.version {
            return Err(SessionError::UnknownVersion {
                version,
                head: row.version,
            });
        }
        let game = self.game(&row.game)?.clone();
        let seats = game.seats(&row.options).map_err(engine_error)?;
        let viewer = match viewpoint {
            None => seat,
            Some(v) => {
                let i = seats
                    .iter()
                    .position(|s| s.id == v)
                    .ok_or_else(|| SessionError::UnknownSeat(v.to_string()))?;
                // SESSION-AT-2: another seat's view only after the end.
                if i != seat.index() && row.status != "finished" {
                    return Err(SessionError::ViewpointHidden);
                }
                Seat(i as u8)
            }
        };
        let mode = game.table_mode(&row.options).map_err(engine_error)?;
        let mut cp = self.checkpoints.of(id).lock_owned().await;
        let base = around::Checkpoints::base_of(version);
        let from = cp.upto();
        let missing = if from.is_none_or(|u| u < base) {
            let from = from.unwrap_or(0);
            self.store.commands(id, from, base - from).await?
        } else {
            Vec::new()
        };
        let tail = match version {
            0 => Vec::new(),
            _ => self.store.commands(id, base, version - base).await?,
        };
        if tail.len() as u64 != version - base.min(version) {
            return Err(SessionError::Internal(format!(
                "session {id}: the log has no command {version}"
            )));
        }
        let (kind, by) = match tail.last() {
            Some(c) => (CommandKind::parse(&c.kind), c.seat),
            None => (None, None),
        };
        let resigned = (version == row.version).then_some(row.resigned).flatten();
        let meta = meta_of(game.clone(), &row)?;
        let head = row.version;
        tokio::task::spawn_blocking(move || {
            let input = around::ReplayInput {
                game: &game,
                options: &row.options,
                seed: row.seed,
                mode,
            };
            let corrupt =
                |e: replay::ReplayError| SessionError::Internal(format!("session {}: {e}", row.id));
            if !missing.is_empty() || cp.upto().is_none() {
                cp.extend(&input, &missing).map_err(corrupt)?;
            }
            let past = cp.at(&input, base, &tail).map_err(corrupt)?;
            drop(cp);
            let renders = crate::session::Renders::new(
                version,
                past.state,
                resigned.map(Seat),
                Some(past.events),
            );
            let doc = crate::wire::SessionAtDoc {
                session: renders.session_doc(&meta, viewer, lang)?,
                events: renders.events(&meta, viewer, lang)?,
                kind,
                by: by.filter(|_| kind != Some(CommandKind::BotTurn)),
                head,
                replayed: past.replayed as u64,
            };
            Ok(to_json(&doc))
        })
        .await
        .map_err(|e| SessionError::Internal(e.to_string()))?
    }

    /// A new session of the finished game's game and options, with a fresh
    /// seed commitment (SESSION-REMATCH-1). Each human seat of the old game
    /// claims its seat in the new one with its old token; both sessions
    /// link to each other. A second rematch answers the same new session
    /// (status 200 instead of 201).
    pub async fn rematch(
        &self,
        id: &str,
        token: Option<Credential>,
        lang: Lang,
    ) -> Result<(u16, String), SessionError> {
        let (row, _) = self.authorised_row(id, &token).await?;
        if row.status != "finished" {
            return Err(SessionError::NotFinished);
        }
        let game = self.game(&row.game)?.clone();
        if let (_, Some(next)) = self.rematch_links(id).await? {
            return self.rematch_doc(&next, id, lang, 200).await;
        }
        let options = game
            .options(&row.options)
            .or_else(|_| game.imported_options(&row.options))
            .map_err(engine_error)?;
        let (seed, salt) = fairness::draw().map_err(SessionError::Internal)?;
        let seeding = Seeding {
            seed,
            salt: Some(hex::encode(salt)),
            public_seed: false,
        };
        let seats = game.seats(&options).map_err(engine_error)?;
        let mut hashes = vec![String::new(); seats.len()];
        for (i, _) in human_seats(&seats) {
            let old = row.token_hashes.get(i).cloned().unwrap_or_default();
            hashes[i] = if old.starts_with(INVITE) || old.is_empty() {
                // A seat nobody took: its invite code opens it again.
                old
            } else {
                format!("{REMATCH_CLAIM}{old}")
            };
        }
        let (state, rng_pos, events) =
            replay::start(&game, &options, seeding.seed).map_err(engine_error)?;
        let fresh = fresh_session(
            &game,
            options,
            seeding,
            0,
            &state,
            rng_pos,
            Some(&events),
            hashes,
            lang,
        )?;
        let new = fresh.row.id.clone();
        self.store.create_session(&fresh.row, None).await?;
        self.store
            .put_extra(&new, around::REMATCH, "of", id, true)
            .await?;
        if !self
            .store
            .put_extra(id, around::REMATCH, "next", &new, false)
            .await?
        {
            // Another seat's rematch came first: answer that one.
            self.store.delete_session(&new).await?;
            let (_, next) = self.rematch_links(id).await?;
            let next =
                next.ok_or_else(|| SessionError::Internal("a rematch link vanished".into()))?;
            return self.rematch_doc(&next, id, lang, 200).await;
        }
        // The old session's documents now link to the new one.
        self.retire(id).await;
        self.rematch_doc(&new, id, lang, 201).await
    }

    pub(super) async fn rematch_doc(
        &self,
        new: &str,
        old: &str,
        lang: Lang,
        status: u16,
    ) -> Result<(u16, String), SessionError> {
        let row = self.row(new).await?;
        let game = self.game(&row.game)?;
        let seats = game.seats(&row.options).map_err(engine_error)?;
        Ok((
            status,
            to_json(&crate::wire::RematchDoc {
                id: row.id.clone(),
                game: GameIdPart(game.id()),
                rematch_of: old.to_string(),
                fairness: fairness::describe(
                    row.seed,
                    row.salt.as_deref(),
                    row.public_seed,
                    row.status == "finished",
                ),
                seats: seat_docs(&seats, lang),
            }),
        ))
    }

    /// Claims `seat` of a rematch with the seat's token of the finished
    /// game (SESSION-REMATCH-2): swapped for a fresh token, once.
    pub async fn claim_with_token(
        &self,
        id: &str,
        seat: &str,
        token: &Credential,
    ) -> Result<(SeatRef, String), SessionError> {
        let row = self.row(id).await?;
        let index = self.human_seat(&row, seat)?;
        let stored = &row.token_hashes[index];
        let Some(old) = stored.strip_prefix(REMATCH_CLAIM) else {
            return Err(if stored.starts_with(INVITE) {
                SessionError::InviteInvalid
            } else {
                SessionError::InviteClaimed
            });
        };
        if !same_hash(old, token.hash()) {
            return Err(SessionError::InviteInvalid);
        }
        self.fresh_token(id, &row, Seat(index as u8))
            .await?
            .ok_or(SessionError::InviteClaimed)
    }

    /// A read-only token for the table's shared screen (SESSION-WATCH-1),
    /// made by any seat.
    pub async fn create_watcher(
        &self,
        id: &str,
        token: Option<Credential>,
    ) -> Result<crate::wire::WatcherDoc, SessionError> {
        self.authorised_row(id, &token).await?;
        if self.store.extras(id, around::WATCHER).await?.len() >= MAX_WATCHERS {
            return Err(SessionError::TooManyWatchers);
        }
        let mut bytes = [0u8; 8];
        rand_core::TryRngCore::try_fill_bytes(&mut rand_core::OsRng, &mut bytes)
            .map_err(|e| SessionError::Internal(e.to_string()))?;
        let watcher = format!("w{}", hex::encode(bytes));
        let secret = format!("gsw_{}", &new_token()[4..]);
        self.store
            .put_extra(id, around::WATCHER, &watcher, &hash_token(&secret), false)
            .await?;
        Ok(crate::wire::WatcherDoc {
            link: format!("/#w={id}&k={secret}"),
            id: watcher,
            token: secret,
        })
    }

    /// Revokes a watcher (any seat): its token opens nothing from now on,
    /// and its open stream ends.
    pub async fn revoke_watcher(
        &self,
        id: &str,
        token: Option<Credential>,
        watcher: &str,
    ) -> Result<(), SessionError> {
        self.authorised_row(id, &token).await?;
        if !self
            .store
            .delete_extra(id, around::WATCHER, watcher)
            .await?
        {
            return Err(SessionError::UnknownWatcher);
        }
        Ok(())
    }

    /// Checks a watch token (SESSION-WATCH-2): one of the session's live
    /// watchers. A seat's token is no watch token.
    pub async fn check_watcher(
        &self,
        id: &str,
        token: &Option<Credential>,
    ) -> Result<(), SessionError> {
        let token = token.as_ref().ok_or(SessionError::MissingToken)?;
        let watchers = self.store.extras(id, around::WATCHER).await?;
        let mut found = false;
        for (_, hash) in &watchers {
            found |= same_hash(hash, token.hash());
        }
        if found {
            return Ok(());
        }
        if self.store.stored_version(id).await?.is_none() {
            return Err(SessionError::NotFound(id.to_string()));
        }
        Err(SessionError::WatchTokenInvalid)
    }

    /// The session as an onlooker sees it (the watch token checked).
    pub async fn watch(
        &self,
        id: &str,
        token: Option<Credential>,
        lang: Lang,
    ) -> Result<(String, u64), SessionError> {
        self.check_watcher(id, &token).await?;
        self.watch_at_least(id, lang, self.stored_head(id).await?)
            .await
    }

    /// The onlooker's document at `version` or later (the token checked).
    pub async fn watch_at_least(
        &self,
        id: &str,
        lang: Lang,
        version: u64,
    ) -> Result<(String, u64), SessionError> {
        self.ask_current(id, None, |tx| Msg::Watch(lang, version, tx))
            .await
    }

    /// A live feed for an onlooker (the watch token checked).
    pub async fn watch_subscribe(
        &self,
        id: &str,
        token: &Option<Credential>,
    ) -> Result<Subscription, SessionError> {
        self.check_watcher(id, token).await?;
        self.ask(id, None, Msg::SubscribePublic).await
    }

    /// Sets where the token's seat hears that it is its turn
    /// (SESSION-NOTIFY-1): the target is checked first.
    pub async fn set_notify(
        &self,
        id: &str,
        token: Option<Credential>,
        req: crate::wire::NotifyRequest,
    ) -> Result<crate::wire::NotifyDoc, SessionError> {
        let (row, seat) = self.authorised_row(id, &token).await?;
        around::check_target(&req.url, self.cfg.notify_allow_private)
            .await
            .map_err(SessionError::NotifyRefused)?;
        let target = around::NoticeTarget {
            url: req.url,
            format: req.format,
        };
        let value =
            serde_json::to_string(&target).map_err(|e| SessionError::Internal(e.to_string()))?;
        self.store
            .put_extra(id, around::NOTIFY, &seat.0.to_string(), &value, true)
            .await?;
        self.notifier.reset(id, seat.0);
        self.reload_targets(id).await?;
        self.notify_doc(&row, seat)
    }

    /// Removes the token's seat's notice target.
    pub async fn clear_notify(
        &self,
        id: &str,
        token: Option<Credential>,
    ) -> Result<crate::wire::NotifyDoc, SessionError> {
        let (row, seat) = self.authorised_row(id, &token).await?;
        self.store
            .delete_extra(id, around::NOTIFY, &seat.0.to_string())
            .await?;
        self.notifier.reset(id, seat.0);
        self.reload_targets(id).await?;
        self.notify_doc(&row, seat)
    }

    /// The token's seat's notice target and what became of its notices.
    pub async fn get_notify(
        &self,
        id: &str,
        token: Option<Credential>,
    ) -> Result<crate::wire::NotifyDoc, SessionError> {
        let (row, seat) = self.authorised_row(id, &token).await?;
        self.reload_targets(id).await?;
        self.notify_doc(&row, seat)
    }

    pub(super) async fn reload_targets(&self, id: &str) -> Result<(), SessionError> {
        let rows = self.store.extras(id, around::NOTIFY).await?;
        self.notifier.remember(id, around::parse_targets(rows));
        Ok(())
    }

    pub(super) fn notify_doc(
        &self,
        row: &SessionRow,
        seat: Seat,
    ) -> Result<crate::wire::NotifyDoc, SessionError> {
        let target = self
            .notifier
            .known(&row.id)
            .and_then(|t| t.iter().find(|(s, _)| *s == seat.0).map(|(_, t)| t.clone()));
        let status = self.notifier.status(&row.id, seat.0);
        Ok(crate::wire::NotifyDoc {
            seat: self.seat_ref(row, seat)?,
            url: target.as_ref().map(|t| t.url.clone()),
            format: target.map(|t| t.format),
            last_sent_ms: status.last_sent_ms,
            last_error: status.last_error,
        })
    }

    /// The notifier (tests read its counters).
    pub fn notifier(&self) -> &Arc<crate::session::Notifier> {
        &self.notifier
    }
}
