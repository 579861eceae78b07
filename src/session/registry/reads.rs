//! Reads: the view and legal moves of a seat, streams and their tickets,
//! the log and its byte-exact verification.

use super::*;

/// The logged payload as `viewer` may read it.
pub(super) fn payload_doc(
    payload: &Value,
    viewer: Option<Seat>,
    mover: Option<Seat>,
    secret_fields: &[&str],
) -> PayloadDoc {
    let mut p = payload.clone();
    redact_table(&mut p, viewer);
    // Cards a seat entered inside its move are for that seat's eyes only.
    if viewer.is_none() || viewer != mover {
        if let Some(mv) = p.get_mut("move").and_then(Value::as_object_mut) {
            for f in secret_fields {
                mv.remove(*f);
            }
        }
    }
    let table: Vec<LoggedItem> = match p.get("table") {
        Some(t) => serde_json::from_value(t.clone()).unwrap_or_default(),
        None => replay::table_input(&p)
            .unwrap_or_default()
            .into_iter()
            .map(LoggedItem::Item)
            .collect(),
    };
    PayloadDoc {
        mv: p.get("move").map(MovePart::of),
        table,
        undoes: p.get("undoes").and_then(Value::as_u64),
    }
}

/// Log rows as `viewer` reads them.
pub(super) fn render_log(
    game: &Arc<dyn DynGame>,
    seats: &[SeatInfo],
    commands: Vec<CommandRow>,
    viewer: Option<Seat>,
    lang: Lang,
) -> Result<Vec<LogEntryDoc>, SessionError> {
    let cx = crate::engine::TextCx::new(lang, seats);
    commands
        .into_iter()
        .map(|c| {
            Ok(LogEntryDoc {
                seq: c.seq,
                kind: CommandKind::parse(&c.kind).ok_or_else(|| {
                    SessionError::Internal(format!("unknown command kind {}", c.kind))
                })?,
                seat: c.seat,
                payload: payload_doc(
                    &c.payload,
                    viewer,
                    c.seat.map(Seat),
                    game.secret_move_fields(),
                ),
                events: EventsPart::raw(
                    game.stored_events_json(&c.events, &cx, viewer)
                        .map_err(engine_error)?,
                ),
                created_at: c.created_at,
            })
        })
        .collect()
}

impl Registry {
    pub async fn view(
        &self,
        id: &str,
        token: Option<Credential>,
        lang: Lang,
    ) -> Result<(String, u64), SessionError> {
        let at_least = self.stored_head(id).await?;
        self.view_at_least(id, token, lang, at_least).await
    }

    /// The version a read must show at least: with replicas, the store's
    /// (a command another process acknowledged is there, whatever this
    /// process heard of it yet; one indexed read); alone, none (this
    /// process made every command its actor holds).
    ///
    /// The same read brings the seats' credentials: a live copy whose
    /// credentials another process changed retires first (SESSION-SEAT-1).
    pub(super) async fn stored_head(&self, id: &str) -> Result<u64, SessionError> {
        if !self.cfg.peers {
            return Ok(0);
        }
        let Some(head) = self.store.heads(vec![id.to_string()]).await?.pop() else {
            return Ok(0);
        };
        self.credentials_moved(&head).await;
        Ok(head.version)
    }

    /// The session document at `version` or later: a stream that read
    /// `version` from the log asks for it, and a live copy that another
    /// process overtook is reloaded first instead of answering older.
    pub async fn view_at_least(
        &self,
        id: &str,
        token: Option<Credential>,
        lang: Lang,
        version: u64,
    ) -> Result<(String, u64), SessionError> {
        self.ask_current(id, token.as_ref(), |tx| {
            Msg::View(token.clone(), lang, version, tx)
        })
        .await
    }

    pub async fn legal_moves(
        &self,
        id: &str,
        token: Option<Credential>,
        lang: Lang,
    ) -> Result<String, SessionError> {
        let at_least = self.stored_head(id).await?;
        self.ask_current(id, token.as_ref(), |tx| {
            Msg::LegalMoves(token.clone(), lang, at_least, tx)
        })
        .await
    }

    pub async fn subscribe(
        &self,
        id: &str,
        token: Option<Credential>,
    ) -> Result<Subscription, SessionError> {
        self.stored_head(id).await?;
        self.ask(id, token.as_ref(), |tx| Msg::Subscribe(token.clone(), tx))
            .await
    }

    /// A short-lived, single-use ticket that opens the session's stream
    /// for the token's seat (`GET …/stream?ticket=…`). The token itself
    /// never goes into a URL. The ticket is kept in the store as a hash,
    /// with the hash of the token it stands for, so any replica redeems it.
    pub async fn issue_ticket(
        &self,
        id: &str,
        token: Option<Credential>,
    ) -> Result<String, SessionError> {
        self.authorised_row(id, &token).await?;
        let Some(token) = token else {
            return Err(SessionError::MissingToken);
        };
        let mut bytes = [0u8; 24];
        rand_core::TryRngCore::try_fill_bytes(&mut rand_core::OsRng, &mut bytes)
            .map_err(|e| SessionError::Internal(e.to_string()))?;
        let ticket = format!("gtk_{}", hex::encode(bytes));
        let now_ms = unix_ms();
        let kept = self
            .store
            .issue_ticket(crate::store::NewTicket {
                ticket_hash: &hash_token(&ticket),
                session: id,
                token_hash: token.hash(),
                expires_ms: now_ms + TICKET_TTL.as_millis() as i64,
                now_ms,
                max: MAX_TICKETS_PER_SESSION,
                max_per_seat: MAX_TICKETS_PER_SEAT,
            })
            .await?;
        if !kept {
            return Err(SessionError::Busy);
        }
        Ok(ticket)
    }

    /// Redeems a stream ticket (once, on any replica) for the credential
    /// it stands for. A ticket whose seat token was rotated since opens
    /// nothing: the credential no longer matches a seat.
    pub async fn redeem_ticket(&self, id: &str, ticket: &str) -> Result<Credential, SessionError> {
        self.store
            .redeem_ticket(&hash_token(ticket), id, unix_ms())
            .await?
            .map(Credential::from_stored_hash)
            .ok_or(SessionError::BadTicket)
    }

    /// Commands after `after` (at most `limit`) as the token's seat reads
    /// them: events rendered in `lang`, hidden parts and secret table input
    /// of other seats removed. Also the session's version now.
    pub async fn log(
        &self,
        id: &str,
        token: Option<Credential>,
        after: u64,
        limit: u64,
        lang: Lang,
    ) -> Result<(u64, Vec<LogEntryDoc>, &'static str), SessionError> {
        let (row, seat) = self.authorised_row(id, &token).await?;
        let game = self.game(&row.game)?.clone();
        let seats = game.seats(&row.options).map_err(engine_error)?;
        let commands = self.store.commands(id, after, limit.min(LOG_PAGE)).await?;
        // Rendering a page is CPU work: off the async workers.
        let entries = tokio::task::spawn_blocking(move || {
            render_log(&game, &seats, commands, Some(seat), lang)
        })
        .await
        .map_err(|e| SessionError::Internal(e.to_string()))??;
        let game = self.game(&row.game)?.clone();
        Ok((row.version, entries, game.id()))
    }

    /// Replays the stored log from the seed and compares with the stored
    /// snapshot (the state after `snapshot_version` commands) and with the
    /// stored head (version and dice position).
    pub async fn verify(
        &self,
        id: &str,
        token: Option<Credential>,
    ) -> Result<VerifyDoc, SessionError> {
        self.authorised_row(id, &token).await?;
        // Loading brings a snapshot of an older state format up to date.
        self.handle(id).await?;
        let (row, _) = self.authorised_row(id, &token).await?;
        let game = self.game(&row.game)?.clone();
        // The log up to the row's version: a command committed after the
        // row was read (the session is live) is not what the row describes.
        let commands = self.store.commands(id, 0, row.version).await?;
        let digest = |b: &[u8]| hex::encode(<sha2::Sha256 as sha2::Digest>::digest(b));
        let stored = digest(&row.snapshot);
        // A digest of the state is a digest of hidden cards: shown only once
        // nothing is hidden any more (the game is over, or the seed public).
        let reveal = row.status == "finished" || row.public_seed;
        let (options, seed, at) = (row.options.clone(), row.seed, row.snapshot_version);
        let mode = game.table_mode(&options).map_err(engine_error)?;
        let result = tokio::task::spawn_blocking(move || {
            // The log is numbered 1, 2, 3, …: the first `at` commands lead
            // to the snapshot, the rest to the head.
            let split = commands.iter().take_while(|c| c.seq <= at).count();
            let mut r = replay::replay(&game, &options, seed, &commands[..split])?;
            let at_snapshot = (split as u64 == at).then(|| game.snapshot(r.head().0));
            for c in &commands[split..] {
                r.apply(&game, mode, seed, c)?;
            }
            let pos = r.head().1;
            Ok::<_, replay::ReplayError>((at_snapshot, pos, commands.len()))
        })
        .await
        .map_err(|e| SessionError::Internal(e.to_string()))?;
        let base = VerifyDoc {
            ok: false,
            version: row.version,
            commands_replayed: None,
            snapshot_version: Some(row.snapshot_version),
            stored_snapshot_sha256: Some(stored.clone()),
            replayed_snapshot_sha256: None,
            stored_rng_pos: Some(row.rng_pos),
            replayed_rng_pos: None,
            fairness: None,
            detail: String::new(),
        };
        let doc = match result {
            Ok((Some(Ok(bytes)), pos, n)) => {
                let replayed = digest(&bytes);
                let ok = replayed == stored && pos == row.rng_pos && n as u64 == row.version;
                VerifyDoc {
                    ok,
                    commands_replayed: Some(n as u64),
                    replayed_snapshot_sha256: Some(replayed),
                    replayed_rng_pos: Some(pos),
                    detail: if ok {
                        "replaying the log from the seed reproduces the stored snapshot byte for byte and ends at the stored version and dice position".into()
                    } else {
                        "the stored snapshot or dice position differs from the replay of the log"
                            .into()
                    },
                    ..base
                }
            }
            Ok((Some(Err(e)), _, _)) => VerifyDoc {
                detail: e.to_string(),
                ..base
            },
            Ok((None, _, n)) => VerifyDoc {
                commands_replayed: Some(n as u64),
                detail: format!(
                    "the log has no command {} where the snapshot was taken",
                    row.snapshot_version
                ),
                ..base
            },
            Err(e) => VerifyDoc {
                detail: format!("the log does not replay: {e}"),
                ..base
            },
        };
        Ok(if reveal {
            VerifyDoc {
                fairness: Some(fairness::describe(
                    row.seed,
                    row.salt.as_deref(),
                    row.public_seed,
                    true,
                )),
                ..doc
            }
        } else {
            VerifyDoc {
                stored_snapshot_sha256: None,
                replayed_snapshot_sha256: None,
                stored_rng_pos: None,
                replayed_rng_pos: None,
                ..doc
            }
        })
    }

    /// Takes a place for a live stream of `seat` of session `id` from
    /// `address`, within the caps.
    pub fn open_stream(
        &self,
        id: &str,
        seat: Seat,
        address: &str,
    ) -> Result<StreamGuard, SessionError> {
        let keys = [
            (
                format!("s:{id}"),
                self.cfg.streams_per_session,
                "this session",
            ),
            (
                format!("p:{id}:{}", seat.0),
                self.cfg.streams_per_seat,
                "this seat",
            ),
            (
                format!("a:{address}"),
                self.cfg.streams_per_address,
                "your address",
            ),
        ];
        let mut counts = self.streams.lock().unwrap_or_else(|p| p.into_inner());
        for (k, cap, what) in &keys {
            if counts.get(k).copied().unwrap_or(0) >= *cap {
                return Err(SessionError::TooManyStreams(format!(
                    "{what} already has {cap} live streams; close one first"
                )));
            }
        }
        for (k, _, _) in &keys {
            *counts.entry(k.clone()).or_default() += 1;
        }
        Ok(StreamGuard {
            counts: self.streams.clone(),
            keys: keys.into_iter().map(|(k, _, _)| k).collect(),
        })
    }
}
