//! A session's life: creating it (seats, tokens, seed), claiming and
//! rotating seats, deleting and expiring it.

use super::*;

/// How a new session's human seats are handed out: a token for each seat
/// its creator holds, an invite code for each other human seat, and the
/// credentials to store (a token's hash, or an invite's hash after
/// [`INVITE`]; empty for bots).
pub(super) struct Minted {
    pub(super) seating: Seating,
    pub(super) tokens: Vec<Option<String>>,
    pub(super) invites: Vec<Option<String>>,
    pub(super) hashes: Vec<String>,
}

/// Marks a stored credential as a seat's unclaimed invite: no token hash
/// can equal it, so an invite code never works as a token (SESSION-SEAT-1).
pub(super) const INVITE: &str = "i:";

/// The seats' credentials: the creator's seat (`creator`, or the first
/// human seat) gets a token; with `invite` seating every other human seat
/// gets a one-time code; with pass-and-play, and in a solo game, every
/// human seat gets a token.
pub(super) fn mint_seats(
    seats: &[SeatInfo],
    choice: Option<SeatingChoice>,
    creator: Option<&str>,
) -> Result<Minted, SessionError> {
    let humans: Vec<usize> = human_seats(seats).map(|(i, _)| i).collect();
    let own = match creator {
        Some(id) => *humans
            .iter()
            .find(|&&i| seats[i].id == id)
            .ok_or_else(|| SessionError::UnknownSeat(id.to_string()))?,
        None => humans.first().copied().unwrap_or(0),
    };
    let seating = match (humans.len(), choice) {
        (0 | 1, _) => Seating::Solo,
        (_, Some(SeatingChoice::PassAndPlay)) => Seating::PassAndPlay,
        (_, Some(SeatingChoice::Invite) | None) => Seating::Invite,
    };
    let mut m = Minted {
        seating,
        tokens: vec![None; seats.len()],
        invites: vec![None; seats.len()],
        hashes: vec![String::new(); seats.len()],
    };
    for i in humans {
        if seating == Seating::Invite && i != own {
            let code = new_invite();
            m.hashes[i] = format!("{INVITE}{}", hash_token(&code));
            m.invites[i] = Some(code);
        } else {
            let t = new_token();
            m.hashes[i] = hash_token(&t);
            m.tokens[i] = Some(t);
        }
    }
    Ok(m)
}

/// Whether the tokens and invite codes of a create answer are still the
/// session's stored credentials (no seat claimed, no token rotated).
pub(super) fn credentials_unchanged(answer: &Value, stored: &[String]) -> bool {
    let Some(seats) = answer["seats"].as_array() else {
        return false;
    };
    seats.len() == stored.len()
        && seats.iter().zip(stored).all(|(s, h)| {
            match (s["token"].as_str(), s["invite"].as_str()) {
                (Some(t), _) => hash_token(t) == *h,
                (None, Some(code)) => invite_matches(h, code),
                (None, None) => h.is_empty(),
            }
        })
}

/// Whether `code` is the invite whose credential `stored` holds, compared in
/// constant time.
pub(super) fn invite_matches(stored: &str, code: &str) -> bool {
    stored.strip_prefix(INVITE).is_some_and(|h| {
        bool::from(subtle::ConstantTimeEq::ct_eq(
            h.as_bytes(),
            hash_token(code).as_bytes(),
        ))
    })
}

/// What a create asks of its seats: invites or pass-and-play, and which
/// seat the creator takes.
#[derive(Debug, Clone, Default)]
pub struct SeatingRequest {
    pub choice: Option<SeatingChoice>,
    pub creator: Option<String>,
}

/// A session about to be written: its row, and its description (without
/// tokens).
pub(super) struct Fresh {
    pub(super) row: SessionRow,
    pub(super) doc: CreatedDoc,
}

impl Fresh {
    /// The answer to the creator: the description with the tokens and
    /// invite codes.
    pub(super) fn with_tokens(mut self, minted: Minted) -> Created {
        self.doc.seating = minted.seating;
        for ((s, t), i) in self
            .doc
            .seats
            .iter_mut()
            .zip(minted.tokens)
            .zip(minted.invites)
        {
            s.token = t;
            s.invite = i;
        }
        Created {
            status: 201,
            id: self.doc.id.clone(),
            version: self.doc.version,
            body: to_json(&self.doc),
        }
    }
}

/// How a session's seed came about.
pub(super) struct Seeding {
    pub(super) seed: u64,
    pub(super) salt: Option<String>,
    pub(super) public_seed: bool,
}

/// Describes a new session at `version` and its row.
#[allow(clippy::too_many_arguments)]
pub(super) fn fresh_session(
    game: &Arc<dyn DynGame>,
    options: Value,
    seeding: Seeding,
    version: u64,
    state: &AnyState,
    rng_pos: u64,
    events: Option<&crate::engine::AnyEvents>,
    hashes: Vec<String>,
    lang: Lang,
) -> Result<Fresh, SessionError> {
    let seats = game.seats(&options).map_err(engine_error)?;
    let next = game.next(state).map_err(engine_error)?;
    let id = uuid::Uuid::new_v4().to_string();
    let cx = crate::engine::TextCx::new(lang, &seats);
    let finished = next == NextKind::Finished;
    let doc = CreatedDoc {
        id: id.clone(),
        game: GameIdPart(game.id()),
        options: OptionsPart::of(&options),
        fairness: fairness::describe(
            seeding.seed,
            seeding.salt.as_deref(),
            seeding.public_seed,
            finished,
        ),
        version,
        status: status_of(&next),
        seating: Seating::Solo,
        seats: seat_docs(&seats, lang),
        next: NextPart::raw(game.next_json(state, &cx).map_err(engine_error)?),
        events: match events {
            Some(ev) => EventsPart::raw(game.events_json(ev, &cx, None).map_err(engine_error)?),
            None => EventsPart::of(&Vec::<()>::new()),
        },
        view: ViewPart::raw(game.view_json(state, None).map_err(engine_error)?),
    };
    let row = SessionRow {
        id,
        game: game.id().to_string(),
        options,
        seed: seeding.seed,
        version,
        status: match status_of(&next) {
            Status::Active => "active".into(),
            Status::Finished => "finished".into(),
        },
        snapshot: game.snapshot(state).map_err(engine_error)?,
        rng_pos,
        token_hashes: hashes,
        snapshot_version: version,
        snapshot_rng_pos: rng_pos,
        salt: seeding.salt,
        public_seed: seeding.public_seed,
        state_version: game.state_version(),
        resigned: None,
    };
    Ok(Fresh { row, doc })
}

/// The fixed facts of a stored session (without its rematch links).
pub(super) fn meta_of(game: Arc<dyn DynGame>, row: &SessionRow) -> Result<Meta, SessionError> {
    let mode = game.table_mode(&row.options).map_err(engine_error)?;
    let seats = game.seats(&row.options).map_err(engine_error)?;
    Ok(Meta {
        id: row.id.clone(),
        // Old sessions' options in today's fields (what the schema
        // documents); replay keeps reading the stored ones.
        options_json: OptionsPart::of(
            &game
                .options_doc(&row.options)
                .unwrap_or_else(|_| row.options.clone()),
        ),
        game,
        options: row.options.clone(),
        seed: row.seed,
        salt: row.salt.clone(),
        public_seed: row.public_seed,
        seats,
        token_hashes: row.token_hashes.clone(),
        table_mode: mode,
        renders: Arc::default(),
        rematch_of: None,
        rematch: None,
    })
}

impl Registry {
    /// Creates a session. Without a client seed the server draws one from
    /// OS entropy and publishes only a commitment; a chosen seed makes the
    /// game's chance public, which a game between two people only allows
    /// for the operator (tests). With an idempotency key, a retry gets the
    /// first answer again, tokens included (sealed under the key), and a
    /// concurrent duplicate waits for the first.
    #[allow(clippy::too_many_arguments)]
    pub async fn create(
        &self,
        game_id: &str,
        options: &Value,
        seed: Option<u64>,
        seating: SeatingRequest,
        idem: Option<IdempotencyKey>,
        lang: Lang,
        caller: Option<Credential>,
    ) -> Result<Created, SessionError> {
        let game = self.game(game_id)?.clone();
        let Some(IdempotencyKey {
            key,
            request_hash: hash,
        }) = idem
        else {
            return self
                .create_now(&game, options, seed, &seating, None, lang, &caller)
                .await;
        };
        let file = sealed::file_name(&key);
        let lock = self
            .creating
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .entry(file.clone())
            .or_default()
            .clone();
        let _held = lock.lock().await;
        let out = match self.store.idempotent_reply("create", &file).await? {
            Some(prev) => self.replay_create(&game, &key, &hash, prev).await,
            None => {
                let r = self
                    .create_now(
                        &game,
                        options,
                        seed,
                        &seating,
                        Some((&key, &file, &hash)),
                        lang,
                        &caller,
                    )
                    .await;
                match r {
                    // Another process of the same database created it first.
                    Err(SessionError::Store(_)) => {
                        match self.store.idempotent_reply("create", &file).await? {
                            Some(prev) => self.replay_create(&game, &key, &hash, prev).await,
                            None => r,
                        }
                    }
                    r => r,
                }
            }
        };
        drop(_held);
        let mut creating = self.creating.lock().unwrap_or_else(|p| p.into_inner());
        if creating
            .get(&file)
            .is_some_and(|l| Arc::strong_count(l) == 1)
        {
            creating.remove(&file);
        }
        out
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) async fn create_now(
        &self,
        game: &Arc<dyn DynGame>,
        options: &Value,
        seed: Option<u64>,
        seating: &SeatingRequest,
        idem: Option<(&str, &str, &str)>,
        lang: Lang,
        caller: &Option<Credential>,
    ) -> Result<Created, SessionError> {
        let options = game.options(options).map_err(engine_error)?;
        let seats = game.seats(&options).map_err(engine_error)?;
        if seed.is_some() && human_seats(&seats).count() > 1 && !self.is_operator(caller) {
            return Err(SessionError::SeedNotAllowed);
        }
        let seeding = match seed {
            Some(seed) => Seeding {
                seed,
                salt: None,
                public_seed: true,
            },
            None => {
                let (seed, salt) = fairness::draw().map_err(SessionError::Internal)?;
                Seeding {
                    seed,
                    salt: Some(hex::encode(salt)),
                    public_seed: false,
                }
            }
        };
        let (state, rng_pos, events) =
            replay::start(game, &options, seeding.seed).map_err(engine_error)?;
        let minted = mint_seats(&seats, seating.choice, seating.creator.as_deref())?;
        let fresh = fresh_session(
            game,
            options,
            seeding,
            0,
            &state,
            rng_pos,
            Some(&events),
            minted.hashes.clone(),
            lang,
        )?;
        let row = fresh.row.clone();
        let created = fresh.with_tokens(minted);
        let record = match idem {
            Some((key, file, request_hash)) => Some(IdempotencyRecord {
                key: file.to_string(),
                request_hash: request_hash.to_string(),
                status: 201,
                body: sealed::seal(key, &created.body).map_err(SessionError::Internal)?,
            }),
            None => None,
        };
        self.store.create_session(&row, record).await?;
        // No seat can have pinned a language yet: the table's first
        // requests need not read the pins.
        self.remember_pins(
            &row.id,
            SeatLanguages {
                token_hashes: row.token_hashes.clone(),
                pins: Vec::new(),
            },
        );
        // The table's first request finds the session live: its state is at
        // hand, so no load from the store (which, for a group of tables
        // created at once, queued behind each other on the readers). The
        // session is stored either way; without an actor here, the first
        // request loads it.
        let id = row.id.clone();
        if let Ok(actor) = self.actor(game.clone(), row, state, rng_pos, 0, (None, None)) {
            let h = self.spawn(actor);
            self.lock_actors().insert(id, h);
        }
        Ok(created)
    }

    /// Claims `seat` of `id` with its invite code (SESSION-SEAT-2): the
    /// code's credential is swapped for a fresh token's, once; the answer
    /// is that token. Not a game command: the log and version stay.
    pub async fn claim(
        &self,
        id: &str,
        seat: &str,
        code: &str,
    ) -> Result<(SeatRef, String), SessionError> {
        let row = self.row(id).await?;
        let index = self.human_seat(&row, seat)?;
        let stored = &row.token_hashes[index];
        if !stored.starts_with(INVITE) {
            return Err(SessionError::InviteClaimed);
        }
        if !invite_matches(stored, code) {
            return Err(SessionError::InviteInvalid);
        }
        // None: another claim of the same seat (or a rotation) came first.
        self.fresh_token(id, &row, Seat(index as u8))
            .await?
            .ok_or(SessionError::InviteClaimed)
    }

    /// Gives `token`'s seat a fresh token; the old one stops working
    /// (SESSION-SEAT-1).
    pub async fn rotate_token(
        &self,
        id: &str,
        token: Option<Credential>,
    ) -> Result<(SeatRef, String), SessionError> {
        for _ in 0..STALE_RETRIES {
            let (row, seat) = self.authorised_row(id, &token).await?;
            if let Some(done) = self.fresh_token(id, &row, seat).await? {
                return Ok(done);
            }
        }
        Err(SessionError::Busy)
    }

    /// Gives `seat` a new token if the stored credentials are still `row`'s;
    /// `None` when another claim or rotation came first.
    pub(super) async fn fresh_token(
        &self,
        id: &str,
        row: &SessionRow,
        seat: Seat,
    ) -> Result<Option<(SeatRef, String)>, SessionError> {
        let token = new_token();
        let mut hashes = row.token_hashes.clone();
        hashes[seat.index()] = hash_token(&token);
        if !self
            .swap_credentials(id, &row.token_hashes, &hashes)
            .await?
        {
            return Ok(None);
        }
        Ok(Some((self.seat_ref(row, seat)?, token)))
    }

    /// Stores new seat credentials if they are still `old`, and retires the
    /// live actor, whose copy of them is out of date: the next request loads
    /// the session with the new ones.
    pub(super) async fn swap_credentials(
        &self,
        id: &str,
        old: &[String],
        new: &[String],
    ) -> Result<bool, SessionError> {
        let swapped = self.store.swap_token_hashes(id, old, new).await?;
        if swapped {
            // After the write: a read of the pins that began before it is
            // not kept (the pins carry the credentials).
            self.pin_writes.fetch_add(1, Ordering::SeqCst);
            self.retire(id).await;
        }
        Ok(swapped)
    }

    /// The session's stored row, or NotFound.
    pub(super) async fn row(&self, id: &str) -> Result<SessionRow, SessionError> {
        self.store
            .load_session(id)
            .await?
            .ok_or_else(|| SessionError::NotFound(id.to_string()))
    }

    /// The index of the human seat `seat` (its id) of the row's game.
    pub(super) fn human_seat(&self, row: &SessionRow, seat: &str) -> Result<usize, SessionError> {
        let game = self.game(&row.game)?;
        let seats = game.seats(&row.options).map_err(engine_error)?;
        let found = human_seats(&seats)
            .find(|(_, s)| s.id == seat)
            .map(|(i, _)| i)
            .filter(|&i| i < row.token_hashes.len());
        found.ok_or_else(|| SessionError::UnknownSeat(seat.to_string()))
    }

    pub(super) fn seat_ref(&self, row: &SessionRow, seat: Seat) -> Result<SeatRef, SessionError> {
        let game = self.game(&row.game)?;
        let seats = game.seats(&row.options).map_err(engine_error)?;
        Ok(SeatRef {
            index: seat.0,
            id: seats
                .get(seat.index())
                .map(|s| s.id.clone())
                .unwrap_or_default(),
        })
    }

    /// Loads the row and checks the token (for store-served reads).
    pub(super) async fn authorised_row(
        &self,
        id: &str,
        token: &Option<Credential>,
    ) -> Result<(SessionRow, Seat), SessionError> {
        let row = self
            .store
            .load_session(id)
            .await?
            .ok_or_else(|| SessionError::NotFound(id.to_string()))?;
        let token = token.as_ref().ok_or(SessionError::MissingToken)?;
        let seat = seat_of(token, &row.token_hashes).ok_or(SessionError::WrongToken)?;
        Ok((row, seat))
    }

    /// Deletes a session: at once for the operator; otherwise when every
    /// human seat has asked (solo: the one seat). A seat that asks again
    /// changes nothing.
    pub async fn delete(
        &self,
        id: &str,
        token: Option<Credential>,
    ) -> Result<Deleted, SessionError> {
        if self.is_operator(&token) {
            if !self.store.delete_session(id).await? {
                return Err(SessionError::NotFound(id.to_string()));
            }
            self.retire(id).await;
            return Ok(Deleted::Now);
        }
        let (row, seat) = self.authorised_row(id, &token).await?;
        let game = self.game(&row.game)?.clone();
        let seats = game.seats(&row.options).map_err(engine_error)?;
        let humans: Vec<u8> = human_seats(&seats).map(|(i, _)| i as u8).collect();
        if self
            .store
            .consent_to_delete(id, seat.0, humans.clone())
            .await?
        {
            self.retire(id).await;
            return Ok(Deleted::Now);
        }
        let consented = self.store.delete_consents(id).await?;
        let waiting_for = humans
            .into_iter()
            .filter(|h| !consented.contains(h))
            .collect();
        Ok(Deleted::Waiting {
            consented,
            waiting_for,
        })
    }

    /// The seat ids of a session, by index.
    pub async fn seat_ids(&self, id: &str) -> Result<Vec<String>, SessionError> {
        let row = self
            .store
            .load_session(id)
            .await?
            .ok_or_else(|| SessionError::NotFound(id.to_string()))?;
        let game = self.game(&row.game)?;
        Ok(game
            .seats(&row.options)
            .map_err(engine_error)?
            .into_iter()
            .map(|s| s.id)
            .collect())
    }

    /// Deletes expired sessions in small batches (each one short write
    /// among the commits), until none is left. Returns how many.
    pub async fn expire(&self) -> Result<u64, SessionError> {
        let mut total = 0;
        if self.cfg.expire_finished.is_none() && self.cfg.expire_abandoned.is_none() {
            return Ok(0);
        }
        loop {
            let n = self
                .store
                .expire(self.cfg.expire_finished, self.cfg.expire_abandoned, 100)
                .await?;
            total += n;
            if n < 100 {
                return Ok(total);
            }
            tokio::task::yield_now().await;
        }
    }
}
