//! Language pins: the language each seat asked for, cached for the
//! streams and notices that answer it.

use super::*;

/// A session's language pins as read at `read`.
pub(super) struct CachedPins {
    read: std::time::Instant,
    pins: SeatLanguages,
}

/// How long a read of a session's language pins is trusted when another
/// process writes the same database. Without replicas a read is trusted
/// until this process changes the pins: a TTL there made every command of
/// a table that thinks 5 s or more read the pins from the store again
/// (4 % of the server's CPU at 10,000 thinking tables).
pub const PEER_PIN_TTL: Duration = Duration::from_secs(5);

/// Most sessions whose pins are cached (the cache is emptied beyond).
pub(super) const MAX_CACHED_PINS: usize = 100_000;

impl Registry {
    /// The language of the answers to `token`'s seat: the
    /// language the seat pinned, else `asked` (the request's
    /// `Accept-Language`). A request the session will refuse (no token, an
    /// unknown session) keeps `asked`; the refusal is the request's own.
    pub async fn answer_lang(&self, id: &str, token: Option<&Credential>, asked: Lang) -> Lang {
        let Some(token) = token else {
            return asked;
        };
        let pick = |p: &SeatLanguages| -> Lang {
            if p.pins.is_empty() {
                return asked;
            }
            seat_of(token, &p.token_hashes)
                .and_then(|seat| p.pins.iter().find(|(s, _)| *s == seat.0))
                .map_or(asked, |(_, l)| *l)
        };
        if let Some(c) = lock(&self.pins).get(id) {
            if self.cfg.pin_ttl.is_none_or(|ttl| c.read.elapsed() < ttl) {
                return pick(&c.pins);
            }
        }
        let writes = self.pin_writes.load(Ordering::SeqCst);
        let Ok(Some(pins)) = self.store.seat_languages(id).await else {
            return asked;
        };
        let lang = pick(&pins);
        if self.pin_writes.load(Ordering::SeqCst) == writes {
            self.remember_pins(id, pins);
        }
        lang
    }

    /// Keeps `pins` as the session's pins as of now.
    pub(super) fn remember_pins(&self, id: &str, pins: SeatLanguages) {
        let mut cache = lock(&self.pins);
        if cache.len() >= MAX_CACHED_PINS {
            cache.clear();
        }
        cache.insert(
            id.to_string(),
            CachedPins {
                read: std::time::Instant::now(),
                pins,
            },
        );
    }

    /// The language `token`'s seat pinned, if any, with the seat.
    pub async fn language_pin(
        &self,
        id: &str,
        token: Option<Credential>,
    ) -> Result<(SeatRef, Option<Lang>), SessionError> {
        let (row, seat) = self.authorised_row(id, &token).await?;
        let seat_ref = self.seat_ref(&row, seat)?;
        let pins = self.store.seat_languages(id).await?.unwrap_or_default();
        let pin = pins
            .pins
            .iter()
            .find(|(s, _)| *s == seat.0)
            .map(|(_, l)| *l);
        Ok((seat_ref, pin))
    }

    /// Pins the language of `token`'s seat (None clears the pin).
    pub async fn pin_language(
        &self,
        id: &str,
        token: Option<Credential>,
        lang: Option<Lang>,
    ) -> Result<SeatRef, SessionError> {
        let (row, seat) = self.authorised_row(id, &token).await?;
        let seat_ref = self.seat_ref(&row, seat)?;
        self.store.pin_language(id, seat.0, lang).await?;
        // After the write: a read that began before it is not kept.
        self.pin_writes.fetch_add(1, Ordering::SeqCst);
        lock(&self.pins).remove(id);
        Ok(seat_ref)
    }
}
