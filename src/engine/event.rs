//! Events: what happened, which rule made it happen, and why.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One thing that happened during a command. Bot decisions carry the dice or
/// cards that drove them and a sentence a player can follow at the table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// Machine name, snake_case (`vim_dice_rolled`).
    pub kind: String,
    /// The rule id that produced it (`ARLE-VIM-1`).
    pub rule: String,
    /// English sentence for the table.
    pub text: String,
    /// Dice values that drove it, in the order rolled.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dice: Vec<u8>,
    /// Cards or tiles that drove it, by id.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<String>,
    /// Structured detail for front ends (candidates, walks, …).
    #[serde(default, skip_serializing_if = "Value::is_null")]
    pub data: Value,
}

impl Event {
    pub fn new(kind: &str, rule: &str, text: impl Into<String>) -> Self {
        Event {
            kind: kind.to_string(),
            rule: rule.to_string(),
            text: text.into(),
            dice: Vec::new(),
            cards: Vec::new(),
            data: Value::Null,
        }
    }
    pub fn dice(mut self, dice: &[u8]) -> Self {
        self.dice = dice.to_vec();
        self
    }
    pub fn cards<S: ToString>(mut self, cards: &[S]) -> Self {
        self.cards = cards.iter().map(|c| c.to_string()).collect();
        self
    }
    pub fn data(mut self, data: Value) -> Self {
        self.data = data;
        self
    }
}

/// Hidden information in events: an event whose `data.visible_to` lists seat
/// ids (a card drawn, a card stolen) shows its `cards` and the `card`/`cards`
/// fields of `data` only to those seats. Everyone else, and the log they
/// read, gets the event without them; the sentence never names the secret.
pub fn redact_events(events: &mut serde_json::Value, viewer: Option<&str>) {
    let Some(list) = events.as_array_mut() else {
        return;
    };
    for e in list {
        if !e.get("data").is_some_and(|d| hidden_from(d, viewer)) {
            continue;
        }
        if let Some(o) = e.as_object_mut() {
            o.remove("cards");
            if let Some(d) = o.get_mut("data").and_then(Value::as_object_mut) {
                d.remove("card");
                d.remove("cards");
                d.insert("redacted".into(), Value::Bool(true));
            }
        }
    }
}

/// Whether an event with this `data` hides its cards from `viewer`.
fn hidden_from(data: &Value, viewer: Option<&str>) -> bool {
    match data.get("visible_to").and_then(Value::as_array) {
        Some(seats) => !seats
            .iter()
            .any(|s| viewer.is_some() && s.as_str() == viewer),
        None => false,
    }
}

/// Whether [`redact_events`] would change `events` for `viewer`; when not
/// (the common case), the events can be serialized straight for them.
pub fn any_hidden(events: &[Event], viewer: Option<&str>) -> bool {
    events.iter().any(|e| hidden_from(&e.data, viewer))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn secret_cards_are_shown_only_to_the_seats_named() {
        let ev = Event::new(
            "theft",
            "X-1",
            "A random card of seat red goes to seat blue.",
        )
        .cards(&["ore"])
        .data(json!({"victim": "red", "visible_to": ["red", "blue"], "card": "ore"}));
        let all = serde_json::to_value(vec![
            ev,
            Event::new("roll", "X-2", "Rolled 8.").dice(&[3, 5]),
        ])
        .unwrap();
        let mut for_blue = all.clone();
        redact_events(&mut for_blue, Some("blue"));
        assert_eq!(for_blue, all);
        for viewer in [Some("white"), None] {
            let mut v = all.clone();
            redact_events(&mut v, viewer);
            assert!(v[0].get("cards").is_none());
            assert!(v[0]["data"].get("card").is_none());
            assert_eq!(v[0]["data"]["redacted"], true);
            assert_eq!(v[0]["data"]["victim"], "red");
            assert_eq!(v[1], all[1]);
        }
    }

    #[test]
    fn any_hidden_tells_when_redaction_changes_the_events() {
        let events = vec![
            Event::new("draw", "X-1", "Seat red draws a card.")
                .cards(&["knight"])
                .data(json!({"visible_to": ["red"], "card": "knight"})),
            Event::new("roll", "X-2", "Rolled 8.").dice(&[3, 5]),
        ];
        for viewer in [Some("red"), Some("blue"), None] {
            let tree = serde_json::to_value(&events).unwrap();
            let mut redacted = tree.clone();
            redact_events(&mut redacted, viewer);
            assert_eq!(any_hidden(&events, viewer), redacted != tree, "{viewer:?}");
        }
        assert!(!any_hidden(&events[1..], None));
    }
}
