//! Commands: a move, the bot's turn, undo or table input, sent to the
//! session's actor and retried when another process committed first.

use super::*;

impl Registry {
    pub async fn command(&self, id: &str, req: CommandRequest) -> Result<Reply, SessionError> {
        if self.closing.load(Ordering::SeqCst) {
            return Err(SessionError::ShuttingDown);
        }
        // With replicas, a token rotated through another one is refused
        // here at once (one indexed read; none on a single server).
        self.stored_head(id).await?;
        // Another process sharing the database may have moved the session
        // on since this one loaded it: the stale actor retires,
        // and the command is computed again on the session as stored,
        // instead of answering 503. If-Match and expected versions are then
        // checked against that version.
        let mut retries = 0;
        loop {
            match self
                .ask(id, req.token.as_ref(), |tx| Msg::Command(req.clone(), tx))
                .await
            {
                Err(SessionError::Store(StoreError::Stale { .. })) if retries < STALE_RETRIES => {
                    retries += 1;
                    metrics::counter!("ghostseat_stale_commands_total").increment(1);
                    // From the third on, a short growing pause, so two
                    // replicas racing for one session stop meeting head on.
                    if retries > 2 {
                        tokio::time::sleep(std::time::Duration::from_millis(retries as u64)).await;
                    }
                }
                // Other processes kept winning the race: nothing was
                // applied, the session moved on under this command, as
                // with a stale If-Match. The client reads and tries again;
                // the store is fine, so this is no 503.
                Err(SessionError::Store(StoreError::Stale { version, .. })) => {
                    let current = self.store.stored_version(id).await?.unwrap_or(version);
                    return Err(SessionError::VersionConflict {
                        current,
                        expected: version,
                    });
                }
                r => return r,
            }
        }
    }
}
