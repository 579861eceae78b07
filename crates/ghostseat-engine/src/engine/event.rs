//! Events: what happened, which rule made it happen, and why.
//!
//! An event is typed data: the game's event enum (its `kind` and `data`),
//! the rule id, and the dice and cards that drove it. Its sentence is
//! rendered per request ([`super::text`]). Hidden information lives only in
//! the `secret` part, which names the seats that may see it; every read
//! (answer, log, stream, export) drops it for everyone else. That is the
//! whole redaction rule, declared by the type instead of a JSON habit.

use schemars::JsonSchema;
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use std::borrow::Cow;

use super::seat::Seat;
use super::text::{Describe, TextCx};

/// One thing that happened during a command. `E` is the game's event enum,
/// serialized as `{"kind": "...", "data": {...}}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(bound(serialize = "E: Serialize", deserialize = "E: DeserializeOwned"))]
pub struct Event<E> {
    #[serde(flatten)]
    pub what: E,
    /// The rule id that produced it (`ARLE-VIM-1`).
    pub rule: Cow<'static, str>,
    /// Dice values that drove it, in the order rolled.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dice: Vec<u8>,
    /// Cards or tiles that drove it, by id (public ones only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<String>,
    /// What only some seats may see.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret: Option<Secret<E>>,
}

/// The hidden part of an event: its own kind and data (e.g. "you drew a
/// Knight" beside the public "b drew a development card").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(bound(serialize = "E: Serialize", deserialize = "E: DeserializeOwned"))]
pub struct Secret<E> {
    pub visible_to: Vec<Seat>,
    #[serde(flatten)]
    pub what: E,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<String>,
}

impl<E> Event<E> {
    pub fn new(rule: impl Into<Cow<'static, str>>, what: E) -> Self {
        Event {
            what,
            rule: rule.into(),
            dice: Vec::new(),
            cards: Vec::new(),
            secret: None,
        }
    }
    /// The dice that drove it.
    pub fn dice(&mut self, dice: &[u8]) -> &mut Self {
        self.dice = dice.to_vec();
        self
    }
    /// The public cards that drove it.
    pub fn cards<S: ToString>(&mut self, cards: &[S]) -> &mut Self {
        self.cards = cards.iter().map(|c| c.to_string()).collect();
        self
    }
    /// A hidden part only `visible_to` may see.
    pub fn secret(&mut self, visible_to: Vec<Seat>, what: E, cards: Vec<String>) -> &mut Self {
        self.secret = Some(Secret {
            visible_to,
            what,
            cards,
        });
        self
    }
    /// Whether `viewer` may see the hidden part.
    pub fn shows_secret_to(&self, viewer: Option<Seat>) -> bool {
        match (&self.secret, viewer) {
            (Some(s), Some(v)) => s.visible_to.contains(&v),
            _ => false,
        }
    }
}

/// Where a command's events go: the engine's [`Turn`](super::Turn), or a plain buffer a game
/// keeps when its events must be ordered before they reach the turn. The returned reference
/// adds dice, cards or a secret part.
pub trait Emit<E> {
    fn emit(&mut self, rule: impl Into<Cow<'static, str>>, what: E) -> &mut Event<E>;
}

impl<E> Emit<E> for Vec<Event<E>> {
    fn emit(&mut self, rule: impl Into<Cow<'static, str>>, what: E) -> &mut Event<E> {
        self.push(Event::new(rule, what));
        self.last_mut().expect("just pushed")
    }
}

/// An event as a seat reads it: with its sentence, and with its hidden part
/// only when the seat may see it.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(bound = "E: JsonSchema", rename = "Wire{E}")]
pub struct WireEvent<'a, E> {
    #[serde(flatten)]
    pub what: &'a E,
    /// The rule id that produced it; `GET /v1/games/{game}/rules` explains it.
    pub rule: &'a str,
    /// The sentence for the table, in the answer's language.
    pub text: String,
    /// Dice that drove it, in the order rolled.
    #[serde(skip_serializing_if = "<[u8]>::is_empty")]
    #[schemars(default)]
    pub dice: &'a [u8],
    /// Cards or tiles that drove it, by id.
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    #[schemars(default)]
    pub cards: &'a [String],
    /// The hidden part, present only for the seats it names.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub secret: Option<WireSecret<'a, E>>,
}

/// The hidden part of an event, for a seat that may see it.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(bound = "E: JsonSchema", rename = "WireSecret{E}")]
pub struct WireSecret<'a, E> {
    /// Seat ids that see this part.
    pub visible_to: Vec<String>,
    #[serde(flatten)]
    pub what: &'a E,
    pub text: String,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    #[schemars(default)]
    pub cards: &'a [String],
}

impl<E: Describe> Event<E> {
    /// The event as `viewer` reads it (None: a reader with no seat).
    pub fn wire<'a>(&'a self, cx: &TextCx<'_>, viewer: Option<Seat>) -> WireEvent<'a, E> {
        let secret = match &self.secret {
            Some(s) if self.shows_secret_to(viewer) => Some(WireSecret {
                visible_to: s
                    .visible_to
                    .iter()
                    .map(|v| {
                        cx.seats
                            .get(v.index())
                            .map(|i| i.id.clone())
                            .unwrap_or_default()
                    })
                    .collect(),
                what: &s.what,
                text: s.what.describe(cx),
                cards: &s.cards,
            }),
            _ => None,
        };
        WireEvent {
            what: &self.what,
            rule: &self.rule,
            text: self.what.describe(cx),
            dice: &self.dice,
            cards: &self.cards,
            secret,
        }
    }
}

/// Legacy stored events (before typed events): an event whose
/// `data.visible_to` lists seat ids shows its `cards` and the `card`/`cards`
/// fields of `data` only to those seats. Used to read logs written by
/// earlier versions.
pub fn redact_legacy_events(events: &mut serde_json::Value, viewer: Option<&str>) {
    use serde_json::Value;
    let Some(list) = events.as_array_mut() else {
        return;
    };
    for e in list {
        let hidden = e
            .get("data")
            .and_then(|d| d.get("visible_to"))
            .and_then(Value::as_array)
            .is_some_and(|seats| {
                !seats
                    .iter()
                    .any(|s| viewer.is_some() && s.as_str() == viewer)
            });
        if let (true, Some(o)) = (hidden, e.as_object_mut()) {
            o.remove("cards");
            if let Some(d) = o.get_mut("data").and_then(Value::as_object_mut) {
                d.remove("card");
                d.remove("cards");
                d.insert("redacted".into(), Value::Bool(true));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::seat::SeatInfo;
    use crate::engine::text::Lang;
    use serde_json::json;

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
    #[serde(tag = "kind", content = "data", rename_all = "snake_case")]
    enum Ev {
        Drew { seat: Seat },
        DrewCard { card: String },
        Rolled,
    }
    impl Describe for Ev {
        fn describe(&self, cx: &TextCx<'_>) -> String {
            match self {
                Ev::Drew { seat } => format!("{} drew a card.", cx.seat_name(*seat)),
                Ev::DrewCard { card } => format!("You drew {card}."),
                Ev::Rolled => "Rolled.".into(),
            }
        }
    }

    #[test]
    fn secret_parts_show_only_to_the_seats_named_and_stored_form_round_trips() {
        let seats = [
            SeatInfo::human("a", "Player a", "Spieler a"),
            SeatInfo::human("b", "Player b", "Spieler b"),
        ];
        let cx = TextCx::new(Lang::En, &seats);
        let mut e = Event::new("X-1", Ev::Drew { seat: Seat(1) });
        e.secret(
            vec![Seat(1)],
            Ev::DrewCard {
                card: "knight".into(),
            },
            vec!["knight".into()],
        );
        let for_b = serde_json::to_value(e.wire(&cx, Some(Seat(1)))).unwrap();
        assert_eq!(for_b["kind"], "drew");
        assert_eq!(for_b["text"], "Player b drew a card.");
        assert_eq!(for_b["secret"]["kind"], "drew_card");
        assert_eq!(for_b["secret"]["visible_to"], json!(["b"]));
        assert_eq!(for_b["secret"]["text"], "You drew knight.");
        for viewer in [Some(Seat(0)), None] {
            let v = serde_json::to_value(e.wire(&cx, viewer)).unwrap();
            assert!(v.get("secret").is_none(), "{v}");
            assert!(!v.to_string().contains("knight"));
        }
        let stored = serde_json::to_string(&e).unwrap();
        let back: Event<Ev> = serde_json::from_str(&stored).unwrap();
        assert_eq!(back, e);
        let plain = Event::new("X-2", Ev::Rolled);
        let v = serde_json::to_value(plain.wire(&cx, None)).unwrap();
        assert_eq!(
            v,
            json!({"kind": "rolled", "rule": "X-2", "text": "Rolled."})
        );
    }

    #[test]
    fn legacy_events_redact_by_data_visible_to() {
        let mut v = json!([{"kind":"theft","rule":"X","text":"t","cards":["ore"],
            "data":{"visible_to":["a","b"],"card":"ore","victim":"a"}}]);
        let all = v.clone();
        redact_legacy_events(&mut v, Some("b"));
        assert_eq!(v, all);
        redact_legacy_events(&mut v, None);
        assert!(v[0].get("cards").is_none());
        assert_eq!(v[0]["data"]["redacted"], true);
        assert_eq!(v[0]["data"]["victim"], "a");
    }
}
