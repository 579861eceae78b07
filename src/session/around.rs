//! Around a game rather than in it: the session at a past version (replay
//! step by step), watch tokens, and your-turn notices.
//!
//! A past version costs one checkpoint and at most [`CHECKPOINT_EVERY`]
//! commands replayed: the checkpoints of a session (its replay stack every
//! `CHECKPOINT_EVERY` commands) are made once, by the first read that needs
//! them, and kept in memory for the [`CHECKPOINTS_KEPT`] sessions read
//! last. The log never changes under them (an undo is a command of its
//! own), so they never go stale.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::replay::{self, Frame, Replay, ReplayError};
use crate::engine::{AnyEvents, AnyState, DynGame, TableMode};
use crate::store::CommandRow;

/// Commands between two checkpoints: the most a past version replays.
pub const CHECKPOINT_EVERY: u64 = 16;
/// Sessions whose checkpoints are kept (the ones read last).
pub const CHECKPOINTS_KEPT: usize = 64;

/// The replay stack after `version` commands, from its last floor up: what
/// an undo after it can still take back.
#[derive(Clone)]
struct Mark {
    version: u64,
    start: AnyState,
    start_rng_pos: u64,
    frames: Vec<Frame>,
}

impl Mark {
    /// The part of `r` (after `version` commands) a later replay needs: a
    /// command that can never be taken back is a floor, nothing under it
    /// is undone again.
    fn of(r: &Replay, version: u64) -> Mark {
        match r.frames.iter().rposition(|f| !f.undoable) {
            Some(i) => Mark {
                version,
                start: r.frames[i].state.clone(),
                start_rng_pos: r.frames[i].rng_pos,
                frames: r.frames[i + 1..].to_vec(),
            },
            None => Mark {
                version,
                start: r.start.clone(),
                start_rng_pos: r.start_rng_pos,
                frames: r.frames.clone(),
            },
        }
    }

    fn replay(&self) -> Replay {
        let mut r = Replay::from(self.start.clone(), self.start_rng_pos);
        r.frames = self.frames.clone();
        r
    }
}

/// One session's checkpoints: `marks[i]` is after `i * CHECKPOINT_EVERY`
/// commands.
#[derive(Default)]
pub struct Checkpoints {
    marks: Vec<Mark>,
}

/// A session at one version, rebuilt.
pub struct PastVersion {
    pub state: AnyState,
    /// The events of the command that made this version (the setup's at 0).
    pub events: AnyEvents,
    /// Commands replayed for it (at most [`CHECKPOINT_EVERY`]).
    pub replayed: usize,
}

/// What a game needs to replay.
pub struct ReplayInput<'a> {
    pub game: &'a Arc<dyn DynGame>,
    pub options: &'a Value,
    pub seed: u64,
    pub mode: TableMode,
}

impl Checkpoints {
    /// The version of the newest checkpoint.
    pub fn upto(&self) -> Option<u64> {
        self.marks.last().map(|m| m.version)
    }

    /// The newest checkpoint before `version` that is needed for it
    /// (`version - 1` rounded down to a multiple of the interval).
    pub fn base_of(version: u64) -> u64 {
        version.saturating_sub(1) / CHECKPOINT_EVERY * CHECKPOINT_EVERY
    }

    /// Extends the checkpoints with `commands` (the log right after the
    /// newest checkpoint, in order), one every `CHECKPOINT_EVERY`.
    pub fn extend(
        &mut self,
        g: &ReplayInput<'_>,
        commands: &[CommandRow],
    ) -> Result<(), ReplayError> {
        if self.marks.is_empty() {
            let (start, pos, _) =
                replay::start(g.game, g.options, g.seed).map_err(ReplayError::Start)?;
            self.marks.push(Mark::of(&Replay::from(start, pos), 0));
        }
        let last = self.marks.last().expect("a checkpoint at 0");
        let mut r = last.replay();
        let mut at = last.version;
        for c in commands {
            if c.seq != at + 1 {
                return Err(ReplayError::Log {
                    seq: c.seq,
                    why: format!("expected command {}", at + 1),
                });
            }
            r.apply(g.game, g.mode, g.seed, c)?;
            r.events.clear();
            at = c.seq;
            if at % CHECKPOINT_EVERY == 0 {
                let m = Mark::of(&r, at);
                r = m.replay();
                self.marks.push(m);
            }
        }
        Ok(())
    }

    /// The session at `base + commands.len()`, from the checkpoint at
    /// `base` (which must exist) and the commands after it.
    pub fn at(
        &self,
        g: &ReplayInput<'_>,
        base: u64,
        commands: &[CommandRow],
    ) -> Result<PastVersion, ReplayError> {
        if commands.is_empty() {
            let (state, _, events) =
                replay::start(g.game, g.options, g.seed).map_err(ReplayError::Start)?;
            return Ok(PastVersion {
                state,
                events,
                replayed: 0,
            });
        }
        let mark = self
            .marks
            .get((base / CHECKPOINT_EVERY) as usize)
            .filter(|m| m.version == base)
            .ok_or_else(|| ReplayError::Log {
                seq: base,
                why: "no checkpoint there".into(),
            })?;
        let mut r = mark.replay();
        for c in commands {
            r.apply(g.game, g.mode, g.seed, c)?;
        }
        let events = r.events.pop().ok_or_else(|| ReplayError::Log {
            seq: base,
            why: "nothing replayed".into(),
        })?;
        let (state, _) = r.into_head();
        Ok(PastVersion {
            state,
            events,
            replayed: commands.len(),
        })
    }
}

/// One session's checkpoints, locked while a read extends them.
pub type SharedCheckpoints = Arc<tokio::sync::Mutex<Checkpoints>>;

/// The checkpoints of the sessions read last.
#[derive(Default)]
pub struct CheckpointCache {
    /// By session: when last read (a tick), and the checkpoints.
    map: Mutex<HashMap<String, (u64, SharedCheckpoints)>>,
    tick: AtomicU64,
}

impl CheckpointCache {
    /// The checkpoints of `id` (empty when new here); the least recently
    /// read session's are dropped beyond [`CHECKPOINTS_KEPT`].
    pub fn of(&self, id: &str) -> SharedCheckpoints {
        let now = self.tick.fetch_add(1, Ordering::Relaxed);
        let mut map = self.map.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((used, cp)) = map.get_mut(id) {
            *used = now;
            return cp.clone();
        }
        if map.len() >= CHECKPOINTS_KEPT {
            if let Some(oldest) = map
                .iter()
                .min_by_key(|(_, (u, _))| *u)
                .map(|(k, _)| k.clone())
            {
                map.remove(&oldest);
            }
        }
        let cp = Arc::new(tokio::sync::Mutex::new(Checkpoints::default()));
        map.insert(id.to_string(), (now, cp.clone()));
        cp
    }

    /// Forgets a deleted session's checkpoints.
    pub fn forget(&self, id: &str) {
        self.map
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(id);
    }
}

// ------------------------------------------------------------------ notices

/// Least time between two notices to one seat of one session.
pub const NOTICE_GAP: Duration = Duration::from_secs(10);
/// Attempts of one notice (the first and its retries, 1, 2, 4 and 8 s apart).
pub const NOTICE_ATTEMPTS: u32 = 5;
/// How long one attempt may take.
pub const NOTICE_TIMEOUT: Duration = Duration::from_secs(5);
/// Notices being delivered at once, at most (more are dropped).
pub const NOTICES_IN_FLIGHT: usize = 256;
/// Longest notice target URL.
pub const MAX_NOTICE_URL: usize = 512;

/// How a notice is written for its receiver.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum NoticeFormat {
    /// An ntfy topic URL (`https://ntfy.example/topic`): the sentence as
    /// the message, the link as its click action.
    Ntfy,
    /// A Discord webhook: `{"content": …}`.
    Discord,
    /// A Slack incoming webhook: `{"text": …}`.
    Slack,
    /// `{"event": "your_turn", "session", "game", "seat", "version", "text", "link"}`.
    Json,
}

/// A seat's notice target, as stored.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct NoticeTarget {
    pub url: String,
    pub format: NoticeFormat,
}

/// What became of a seat's notices (kept in memory, per process).
#[derive(Debug, Clone, Default)]
pub struct NoticeStatus {
    /// Unix ms of the last delivered notice.
    pub last_sent_ms: Option<i64>,
    /// The last delivery that failed for good, in words.
    pub last_error: Option<String>,
}

/// Whether `ip` is loopback, private, link-local or otherwise not on the
/// public internet.
pub fn is_private(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            let o = v4.octets();
            v4.is_loopback()
                || v4.is_private()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_broadcast()
                || v4.is_documentation()
                || v4.is_multicast()
                || o[0] == 0
                // 100.64.0.0/10, shared address space (carrier NAT)
                || (o[0] == 100 && (o[1] & 0xc0) == 64)
                // 198.18.0.0/15, benchmarking
                || (o[0] == 198 && (o[1] & 0xfe) == 18)
        }
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return is_private(IpAddr::V4(v4));
            }
            let s = v6.segments();
            v6.is_loopback()
                || v6.is_unspecified()
                || v6.is_multicast()
                // fc00::/7 unique local, fe80::/10 link-local
                || (s[0] & 0xfe00) == 0xfc00
                || (s[0] & 0xffc0) == 0xfe80
        }
    }
}

/// Why a notice target is refused, in English and German.
#[derive(Debug, Clone)]
pub struct TargetRefused {
    pub en: String,
    pub de: String,
}

fn refused(en: impl Into<String>, de: impl Into<String>) -> TargetRefused {
    TargetRefused {
        en: en.into(),
        de: de.into(),
    }
}

/// Checks a target URL and resolves its host: http or https, a host, and
/// (unless `allow_private`) only public addresses. Answers the URL and the
/// addresses to connect to (the ones checked, so a second lookup cannot
/// point the delivery elsewhere).
pub async fn check_target(
    url: &str,
    allow_private: bool,
) -> Result<(reqwest::Url, Vec<std::net::SocketAddr>), TargetRefused> {
    if url.len() > MAX_NOTICE_URL {
        return Err(refused(
            format!("a notice URL has at most {MAX_NOTICE_URL} characters"),
            format!("Eine Benachrichtigungs-URL hat höchstens {MAX_NOTICE_URL} Zeichen."),
        ));
    }
    let parsed = reqwest::Url::parse(url)
        .map_err(|e| refused(format!("not a URL: {e}"), format!("Das ist keine URL: {e}")))?;
    if !matches!(parsed.scheme(), "http" | "https") {
        return Err(refused(
            "a notice URL starts with http:// or https://",
            "Eine Benachrichtigungs-URL beginnt mit http:// oder https://.",
        ));
    }
    if !parsed.username().is_empty() || parsed.password().is_some() {
        return Err(refused(
            "a notice URL carries no user name or password (ntfy and the webhooks put their secret in the path)",
            "Eine Benachrichtigungs-URL enthält keinen Benutzernamen und kein Passwort (ntfy und die Webhooks tragen ihr Geheimnis im Pfad).",
        ));
    }
    let Some(host) = parsed.host_str() else {
        return Err(refused(
            "a notice URL names a host",
            "Eine Benachrichtigungs-URL nennt einen Host.",
        ));
    };
    let host = host
        .trim_start_matches('[')
        .trim_end_matches(']')
        .to_string();
    let port = parsed.port_or_known_default().unwrap_or(80);
    let addrs: Vec<std::net::SocketAddr> = tokio::time::timeout(
        NOTICE_TIMEOUT,
        tokio::net::lookup_host((host.as_str(), port)),
    )
    .await
    .map_err(|_| {
        refused(
            format!("looking up {host} took too long"),
            format!("Das Nachschlagen von {host} dauerte zu lange."),
        )
    })?
    .map_err(|e| {
        refused(
            format!("{host} cannot be looked up: {e}"),
            format!("{host} lässt sich nicht nachschlagen: {e}"),
        )
    })?
    .collect();
    if addrs.is_empty() {
        return Err(refused(
            format!("{host} has no address"),
            format!("{host} hat keine Adresse."),
        ));
    }
    if !allow_private && addrs.iter().any(|a| is_private(a.ip())) {
        return Err(refused(
            format!("{host} is a loopback, private or link-local address; this server sends notices only to public ones (the operator can allow others with --notify-allow-private)"),
            format!("{host} ist eine Loopback-, private oder Link-Local-Adresse; dieser Server schickt Benachrichtigungen nur an öffentliche (der Betreiber kann andere mit --notify-allow-private erlauben)."),
        ));
    }
    Ok((parsed, addrs))
}

/// One your-turn notice: what it says and where it points.
#[derive(Debug, Clone)]
pub struct Notice {
    pub session: String,
    pub game: &'static str,
    pub game_title: String,
    pub seat: u8,
    pub seat_id: String,
    pub version: u64,
    pub link: String,
}

impl Notice {
    /// The sentence, without any hidden information: the game and a link.
    pub fn text(&self) -> String {
        format!("Your turn in {}: {}", self.game_title, self.link)
    }

    /// The request body and its content type for `format`.
    pub fn body(&self, format: NoticeFormat) -> (String, &'static str) {
        let text = self.text();
        match format {
            NoticeFormat::Ntfy => (text, "text/plain; charset=utf-8"),
            NoticeFormat::Discord => (
                serde_json::json!({ "content": text }).to_string(),
                "application/json",
            ),
            NoticeFormat::Slack => (
                serde_json::json!({ "text": text }).to_string(),
                "application/json",
            ),
            NoticeFormat::Json => (
                serde_json::json!({
                    "event": "your_turn",
                    "session": self.session,
                    "game": self.game,
                    "seat": self.seat_id,
                    "version": self.version,
                    "text": text,
                    "link": self.link,
                })
                .to_string(),
                "application/json",
            ),
        }
    }
}

/// The kinds of `session_extras` rows.
pub const NOTIFY: &str = "notify";
pub const WATCHER: &str = "watcher";
pub const REMATCH: &str = "rematch";

/// The notice targets of a session from its `notify` rows (key: the seat).
pub fn parse_targets(rows: Vec<(String, String)>) -> Vec<(u8, NoticeTarget)> {
    rows.into_iter()
        .filter_map(|(k, v)| Some((k.parse().ok()?, serde_json::from_str(&v).ok()?)))
        .collect()
}

/// Sends a your-turn notice to every seat with a target that `state`
/// leaves the next move to, except the seat that just acted.
pub(super) fn your_turn(
    notifier: &Arc<Notifier>,
    meta: &super::Meta,
    state: &AnyState,
    version: u64,
    acted: Option<u8>,
    targets: &[(u8, NoticeTarget)],
) {
    let Ok(crate::engine::NextKind::Human(seats)) = meta.game.next(state) else {
        return;
    };
    for seat in seats {
        if Some(seat.0) == acted {
            continue;
        }
        let Some((_, target)) = targets.iter().find(|(s, _)| *s == seat.0) else {
            continue;
        };
        notifier.send(
            Notice {
                session: meta.id.clone(),
                game: meta.game.id(),
                game_title: meta.game.title(crate::engine::Lang::En).to_string(),
                seat: seat.0,
                seat_id: meta.seat_id(seat).to_string(),
                version,
                link: notifier.link(&meta.id, meta.seat_id(seat)),
            },
            target.clone(),
        );
    }
}

type SeatKey = (String, u8);
/// A session's notice targets by seat.
pub type SeatTargets = Arc<Vec<(u8, NoticeTarget)>>;

/// Sends your-turn notices: the targets by session (read from the store
/// once per process and session, then kept as they are set here), what
/// became of each seat's notices, and the per-seat gap.
pub struct Notifier {
    pub allow_private: bool,
    /// The page's address for the links (`--public-url`), if known.
    pub public_url: Option<String>,
    targets: Mutex<HashMap<String, SeatTargets>>,
    status: Mutex<HashMap<SeatKey, NoticeStatus>>,
    last: Mutex<HashMap<SeatKey, Instant>>,
    in_flight: Arc<tokio::sync::Semaphore>,
    /// Notices delivered, failed for good, dropped (gap or load): tests, metrics.
    pub sent: AtomicU64,
    pub failed: AtomicU64,
    pub dropped: AtomicU64,
}

/// Sessions whose targets are kept in memory at most (emptied beyond).
const TARGETS_KEPT: usize = 100_000;

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Notifier {
    pub fn new(allow_private: bool, public_url: Option<String>) -> Notifier {
        Notifier {
            allow_private,
            public_url: public_url.map(|u| u.trim_end_matches('/').to_string()),
            targets: Mutex::default(),
            status: Mutex::default(),
            last: Mutex::default(),
            in_flight: Arc::new(tokio::sync::Semaphore::new(NOTICES_IN_FLIGHT)),
            sent: AtomicU64::new(0),
            failed: AtomicU64::new(0),
            dropped: AtomicU64::new(0),
        }
    }

    /// The targets of `id` if known here.
    pub fn known(&self, id: &str) -> Option<SeatTargets> {
        lock(&self.targets).get(id).cloned()
    }

    /// Keeps the targets of `id` as read from the store or just set.
    pub fn remember(&self, id: &str, targets: Vec<(u8, NoticeTarget)>) {
        let mut t = lock(&self.targets);
        if t.len() >= TARGETS_KEPT {
            t.clear();
        }
        t.insert(id.to_string(), Arc::new(targets));
    }

    pub fn forget(&self, id: &str) {
        lock(&self.targets).remove(id);
    }

    pub fn status(&self, id: &str, seat: u8) -> NoticeStatus {
        lock(&self.status)
            .get(&(id.to_string(), seat))
            .cloned()
            .unwrap_or_default()
    }

    /// Clears a seat's status (its target changed).
    pub fn reset(&self, id: &str, seat: u8) {
        let key = (id.to_string(), seat);
        lock(&self.status).remove(&key);
        lock(&self.last).remove(&key);
    }

    /// The link of a seat's notice (rule SESSION-NOTIFY-2): the session and
    /// the seat's public id, never a token. The page opens it with the token
    /// that seat's own device keeps for the session; anywhere else it opens
    /// nothing, so a forwarded or leaked notice shows no hand.
    pub fn link(&self, id: &str, seat_id: &str) -> String {
        // Seat ids are the game's short names; anything else is escaped.
        let seat: String = seat_id
            .bytes()
            .map(|b| match b {
                b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' | b'.' => {
                    char::from(b).to_string()
                }
                _ => format!("%{b:02X}"),
            })
            .collect();
        format!(
            "{}/#s={id}&seat={seat}",
            self.public_url.as_deref().unwrap_or("")
        )
    }

    /// Sends `notice` to `target` in the background, unless the seat had
    /// one within [`NOTICE_GAP`] or too many are on their way.
    pub fn send(self: &Arc<Self>, notice: Notice, target: NoticeTarget) {
        let key = (notice.session.clone(), notice.seat);
        {
            let mut last = lock(&self.last);
            if last.get(&key).is_some_and(|t| t.elapsed() < NOTICE_GAP) {
                self.dropped.fetch_add(1, Ordering::Relaxed);
                return;
            }
            if last.len() >= TARGETS_KEPT {
                last.retain(|_, t| t.elapsed() < NOTICE_GAP);
            }
            last.insert(key.clone(), Instant::now());
        }
        let Ok(permit) = self.in_flight.clone().try_acquire_owned() else {
            self.dropped.fetch_add(1, Ordering::Relaxed);
            return;
        };
        let me = self.clone();
        tokio::spawn(async move {
            let r = me.deliver(&notice, &target).await;
            drop(permit);
            let mut status = lock(&me.status);
            let s = status.entry(key).or_default();
            match r {
                Ok(()) => {
                    me.sent.fetch_add(1, Ordering::Relaxed);
                    s.last_sent_ms = Some(unix_ms());
                    s.last_error = None;
                }
                Err(e) => {
                    me.failed.fetch_add(1, Ordering::Relaxed);
                    tracing::info!(session = %notice.session, seat = notice.seat, error = %e, "a your-turn notice failed");
                    s.last_error = Some(e);
                }
            }
        });
    }

    /// Delivers with retries, 1, 2, 4, 8 s apart; the target is checked
    /// (and its host looked up) again before each attempt.
    async fn deliver(&self, notice: &Notice, target: &NoticeTarget) -> Result<(), String> {
        let (body, content_type) = notice.body(target.format);
        let mut wait = Duration::from_secs(1);
        let mut last_error = String::new();
        for attempt in 0..NOTICE_ATTEMPTS {
            if attempt > 0 {
                tokio::time::sleep(wait).await;
                wait *= 2;
            }
            let (url, addrs) = match check_target(&target.url, self.allow_private).await {
                Ok(x) => x,
                Err(e) => return Err(e.en),
            };
            let mut client = reqwest::Client::builder()
                .timeout(NOTICE_TIMEOUT)
                .redirect(reqwest::redirect::Policy::none());
            if let Some(host) = url
                .host_str()
                .filter(|h| h.parse::<IpAddr>().is_err() && !h.starts_with('['))
            {
                // Connect to the addresses just checked, not to a second
                // lookup's.
                client = client.resolve_to_addrs(host, &addrs);
            }
            let client = match client.build() {
                Ok(c) => c,
                Err(e) => return Err(e.to_string()),
            };
            let mut req = client
                .post(url)
                .header(reqwest::header::CONTENT_TYPE, content_type)
                .body(body.clone());
            if target.format == NoticeFormat::Ntfy {
                req = req
                    .header("Title", format!("ghostseat: {}", notice.game_title))
                    .header("Click", notice.link.clone())
                    .header("Tags", "game_die");
            }
            match req.send().await {
                Ok(r) if r.status().is_success() => return Ok(()),
                Ok(r) if r.status().is_client_error() && r.status() != 429 => {
                    // The receiver refuses this request; it will again.
                    return Err(format!("the receiver answered {}", r.status()));
                }
                Ok(r) => last_error = format!("the receiver answered {}", r.status()),
                Err(e) => last_error = error_chain(&e),
            }
        }
        Err(format!(
            "gave up after {NOTICE_ATTEMPTS} attempts: {last_error}"
        ))
    }
}

fn error_chain(e: &dyn std::error::Error) -> String {
    let mut s = e.to_string();
    let mut src = e.source();
    while let Some(x) = src {
        s.push_str(": ");
        s.push_str(&x.to_string());
        src = x.source();
    }
    s
}

pub(super) fn unix_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn private_addresses_are_told_apart_from_public_ones() {
        for ip in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.10",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "::1",
            "fe80::1",
            "fd00::1",
            "::ffff:127.0.0.1",
        ] {
            assert!(is_private(ip.parse().unwrap()), "{ip}");
        }
        for ip in ["1.1.1.1", "8.8.8.8", "2606:4700::1111", "100.128.0.1"] {
            assert!(!is_private(ip.parse().unwrap()), "{ip}");
        }
    }

    #[tokio::test]
    async fn targets_are_checked() {
        for bad in [
            "ftp://example.com/x",
            "file:///etc/passwd",
            "http://user:pw@example.com/",
            "not a url",
            "http://127.0.0.1:9/x",
            "http://[::1]/x",
            "http://169.254.169.254/latest/meta-data",
            "http://localhost/x",
        ] {
            assert!(check_target(bad, false).await.is_err(), "{bad}");
        }
        assert!(check_target("http://127.0.0.1:9/x", true).await.is_ok());
        assert!(check_target("ftp://127.0.0.1/x", true).await.is_err());
    }

    #[test]
    fn a_notice_says_the_game_and_the_link_only() {
        let n = Notice {
            session: "s1".into(),
            game: "catan-ck-duel",
            game_title: "Catan duel".into(),
            seat: 1,
            seat_id: "b".into(),
            version: 7,
            link: Notifier::new(false, Some("https://t.example/".into())).link("s1", "b"),
        };
        let (b, ct) = n.body(NoticeFormat::Discord);
        assert_eq!(ct, "application/json");
        let v: Value = serde_json::from_str(&b).unwrap();
        assert_eq!(
            v["content"],
            "Your turn in Catan duel: https://t.example/#s=s1&seat=b"
        );
        let (b, _) = n.body(NoticeFormat::Json);
        let v: Value = serde_json::from_str(&b).unwrap();
        assert_eq!(v["event"], "your_turn");
        assert_eq!(v["seat"], "b");
        assert_eq!(n.body(NoticeFormat::Ntfy).1, "text/plain; charset=utf-8");
        let (b, _) = n.body(NoticeFormat::Slack);
        assert!(b.contains("\"text\""));
    }
}
