//! The readers: a few read-only `rusqlite` connections, used on the
//! blocking pool. In WAL mode a reader never waits for the writer, and a
//! point read is tens of microseconds, so a plain connection per read beats
//! an async driver's hop to a worker thread (issue 8: cold loads).

use rusqlite::{Connection, OpenFlags};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::StoreError;

/// Idle read connections kept open.
const KEEP: usize = 4;

#[derive(Clone)]
pub(super) struct Readers {
    path: PathBuf,
    idle: Arc<Mutex<Vec<Connection>>>,
}

impl Readers {
    pub fn new(path: &Path) -> Readers {
        Readers {
            path: path.to_path_buf(),
            idle: Arc::new(Mutex::new(Vec::new())),
        }
    }

    fn open(&self) -> Result<Connection, StoreError> {
        let conn = Connection::open_with_flags(
            &self.path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        conn.busy_timeout(Duration::from_secs(5))?;
        conn.set_prepared_statement_cache_capacity(16);
        Ok(conn)
    }

    /// Runs `f` on an idle connection (or a new one) off the async threads.
    pub async fn with<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> Result<T, rusqlite::Error> + Send + 'static,
    ) -> Result<T, StoreError> {
        let me = self.clone();
        tokio::task::spawn_blocking(move || {
            let taken = me.idle.lock().unwrap_or_else(|p| p.into_inner()).pop();
            let conn = match taken {
                Some(c) => c,
                None => me.open()?,
            };
            let r = f(&conn).map_err(StoreError::from);
            let mut idle = me.idle.lock().unwrap_or_else(|p| p.into_inner());
            if idle.len() < KEEP {
                idle.push(conn);
            }
            r
        })
        .await
        .map_err(|e| StoreError::Failed(format!("read task: {e}")))?
    }

    /// Closes the idle connections.
    pub fn close(&self) {
        self.idle.lock().unwrap_or_else(|p| p.into_inner()).clear();
    }
}
