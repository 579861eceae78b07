//! Export and import: a session as a document of its options, seed and
//! commands, replayed command by command on the way in.

use super::*;

/// Tag of the export document.
pub(super) const EXPORT_FORMAT: &str = "ghostseat-session/2";

/// The tag of exports written before seed commitments (still importable).
pub(super) const EXPORT_FORMAT_V1: &str = "ghostseat-session/1";

impl Registry {
    /// Exports a session: options, seed and command log, enough for
    /// [`Registry::import`] on another server to rebuild it exactly.
    /// During play only the operator may export (the log holds secret
    /// table input and the seed foresees every coming draw); once the game
    /// is over, any seat may.
    pub async fn export(
        &self,
        id: &str,
        token: Option<Credential>,
    ) -> Result<ExportDoc, SessionError> {
        let row = if self.is_operator(&token) {
            self.store
                .load_session(id)
                .await?
                .ok_or_else(|| SessionError::NotFound(id.to_string()))?
        } else {
            let (row, _) = self.authorised_row(id, &token).await?;
            if row.status != "finished" {
                return Err(SessionError::OperatorOnly(
                    "while the game runs only the operator may export it (the export holds the seed and every hidden card); any seat may once it is over".into(),
                ));
            }
            row
        };
        let commands = self.store.commands(id, 0, u64::MAX).await?;
        Ok(ExportDoc {
            format: EXPORT_FORMAT.into(),
            game: row.game,
            options: row.options,
            seed: row.seed.to_string(),
            salt: row.salt,
            public_seed: row.public_seed,
            version: row.version,
            commands: commands
                .into_iter()
                .filter_map(|c| {
                    Some(ExportCommand {
                        seq: c.seq,
                        kind: CommandKind::parse(&c.kind)?,
                        seat: c.seat,
                        payload: c.payload,
                    })
                })
                .collect(),
        })
    }

    /// Imports an exported session under a new id with new seat tokens. The
    /// log is replayed from the seed first; a log that does not replay is
    /// refused and nothing is written.
    /// Only the operator may import (an import mints tokens for every seat).
    pub async fn import(
        &self,
        doc: &Value,
        lang: Lang,
        caller: Option<Credential>,
    ) -> Result<Created, SessionError> {
        if caller.is_none() {
            return Err(SessionError::MissingToken);
        }
        if !self.is_operator(&caller) {
            return Err(SessionError::OperatorOnly(
                "only the operator may import a session".into(),
            ));
        }
        let bad = |why: String| SessionError::Malformed(format!("import: {why}"));
        if doc["commands"]
            .as_array()
            .is_some_and(|c| c.len() > MAX_IMPORT_COMMANDS)
        {
            return Err(bad(format!(
                "an import holds at most {MAX_IMPORT_COMMANDS} commands"
            )));
        }
        let format = doc["format"].as_str().unwrap_or_default();
        if format != EXPORT_FORMAT && format != EXPORT_FORMAT_V1 {
            return Err(bad(format!("format must be \"{EXPORT_FORMAT}\"")));
        }
        let game = self.game(doc["game"].as_str().unwrap_or_default())?.clone();
        let options = game
            .imported_options(&doc["options"])
            .map_err(engine_error)?;
        let seed: u64 = match &doc["seed"] {
            Value::String(s) => s
                .parse()
                .map_err(|_| bad("seed is not a 64-bit integer".into()))?,
            v => v.as_u64().ok_or_else(|| bad("seed is missing".into()))?,
        };
        let salt = doc["salt"].as_str().map(str::to_string);
        if salt.as_deref().is_some_and(|s| hex::decode(s).is_err()) {
            return Err(bad("salt must be hex".into()));
        }
        let public_seed = doc["public_seed"].as_bool().unwrap_or(salt.is_none());
        let mut commands = Vec::new();
        for (i, c) in doc["commands"]
            .as_array()
            .ok_or_else(|| bad("commands must be a list".into()))?
            .iter()
            .enumerate()
        {
            let seq = c["seq"].as_u64().unwrap_or(0);
            if seq != i as u64 + 1 {
                return Err(bad(format!(
                    "command {} has seq {seq}; commands must be numbered 1, 2, 3, …",
                    i + 1
                )));
            }
            let kind = c["kind"].as_str().unwrap_or_default();
            if CommandKind::parse(kind).is_none() {
                return Err(bad(format!("command {seq} has unknown kind '{kind}'")));
            }
            commands.push(CommandRow {
                seq,
                kind: kind.to_string(),
                seat: c["seat"].as_u64().map(|s| s.min(255) as u8),
                payload: c["payload"].clone(),
                events: String::new(),
                idempotency_key: None,
                created_at: String::new(),
            });
        }
        let (g, o, cmds) = (game.clone(), options.clone(), commands.clone());
        let replayed = tokio::task::spawn_blocking(move || replay::replay(&g, &o, seed, &cmds))
            .await
            .map_err(|e| SessionError::Internal(e.to_string()))?
            .map_err(|e| {
                SessionError::Rule(crate::engine::RuleError::illegal(
                    "SESSION-IMPORT-1",
                    crate::engine::SessionRefusal::ImportDoesNotReplay { why: e.to_string() },
                ))
            })?;
        for (c, events) in commands.iter_mut().zip(&replayed.events) {
            c.events = game.events_stored(events).map_err(engine_error)?;
        }
        let (state, rng_pos) = replayed.head();
        let seats = game.seats(&options).map_err(engine_error)?;
        // The operator imports for a table that plays on: every seat's token.
        let minted = mint_seats(&seats, Some(SeatingChoice::PassAndPlay), None)?;
        let fresh = fresh_session(
            &game,
            options,
            Seeding {
                seed,
                salt,
                public_seed,
            },
            commands.len() as u64,
            state,
            rng_pos,
            None,
            minted.hashes.clone(),
            lang,
        )?;
        self.store
            .import_session(fresh.row.clone(), commands)
            .await?;
        Ok(fresh.with_tokens(minted))
    }

    /// The first answer to a create with this Idempotency-Key, as it was
    /// (the same session, the same tokens; nothing is minted or revoked).
    pub(super) async fn replay_create(
        &self,
        game: &Arc<dyn DynGame>,
        key: &str,
        request_hash: &str,
        prev: crate::store::IdempotentReply,
    ) -> Result<Created, SessionError> {
        if prev.request_hash != request_hash {
            return Err(SessionError::IdempotencyKeyReused);
        }
        let Some(body) = sealed::open(key, &prev.body) else {
            // Records from before sealed answers hold no tokens; they are
            // kept a day and answered as "created, tokens not shown again".
            let _ = game;
            return Err(SessionError::NothingToUndo(
                "this session was created by an earlier request with the same Idempotency-Key; its tokens are not shown again".into(),
            ));
        };
        let v: Value =
            serde_json::from_str(&body).map_err(|e| SessionError::Internal(e.to_string()))?;
        let id = v["id"].as_str().unwrap_or_default().to_string();
        // The session may have been played (or deleted) since.
        let row = self
            .store
            .load_session(&id)
            .await?
            .ok_or_else(|| SessionError::NotFound(id.clone()))?;
        let version = v["version"].as_u64().unwrap_or(0);
        let body = if row.version == 0 && credentials_unchanged(&v, &row.token_hashes) {
            body
        } else {
            // Played, claimed or rotated since: the key no longer hands out
            // seats, whoever holds it.
            let mut v = v;
            if let Some(seats) = v["seats"].as_array_mut() {
                for s in seats.iter_mut().filter_map(Value::as_object_mut) {
                    s.remove("token");
                    s.remove("invite");
                }
            }
            v.to_string()
        };
        Ok(Created {
            status: prev.status,
            id,
            version,
            body,
        })
    }
}
