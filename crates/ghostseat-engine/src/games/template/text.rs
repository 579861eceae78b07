//! The sentences: each event, decision, label and refusal is one message of `text/<lang>.ftl`,
//! its fields the message's arguments. A language is one more `.ftl` file.

use std::sync::LazyLock;

use serde_json::Value;

use super::events::{Decision, Event};
use super::moves::Move;
use super::options::STONES;
use crate::engine::{Args, Catalogue, Describe, Lang, NeedText, TextCx};

/// The catalogue, parsed once.
pub static TEXT: LazyLock<Catalogue> = LazyLock::new(|| {
    Catalogue::new(
        "pile",
        &[
            (Lang::En, include_str!("text/en.ftl")),
            (Lang::De, include_str!("text/de.ftl")),
        ],
    )
});

/// Why a move or an option is refused.
#[derive(Debug, Clone, PartialEq)]
pub enum Refusal {
    /// PILE-TURN-1.
    TakeCount { stones: u32, most: u32 },
    /// PILE-SETUP-1.
    PileSize { stones: u32 },
}

impl Describe for Event {
    fn describe(&self, cx: &TextCx<'_>) -> String {
        let (id, args) = match self {
            Event::PileLaid { stones } => ("event-pile-laid", Args::new().set("stones", *stones)),
            Event::Took { seat, stones, left } => (
                "event-took",
                Args::new()
                    .set("seat", cx.seat_name(*seat))
                    .set("stones", *stones)
                    .set("left", *left),
            ),
            Event::BotRolled { face, stones } => (
                "event-bot-rolled",
                Args::new().set("face", *face).set("stones", *stones),
            ),
            Event::GameOver { winner } => (
                "event-game-over",
                Args::new().set("winner", cx.seat_name(*winner)),
            ),
        };
        TEXT.text(cx.lang, id, &args)
    }
}

impl Describe for Decision {
    fn describe(&self, cx: &TextCx<'_>) -> String {
        let (id, args) = match self {
            Decision::Take { stones, most } => (
                "prompt-take",
                Args::new().set("stones", *stones).set("most", *most),
            ),
            Decision::BotTurn { stones } => ("prompt-bot-turn", Args::new().set("stones", *stones)),
            Decision::Finished { winner } => (
                "prompt-finished",
                Args::new().set("winner", cx.seat_name(*winner)),
            ),
        };
        TEXT.text(cx.lang, id, &args)
    }
}

impl Describe for Refusal {
    fn describe(&self, cx: &TextCx<'_>) -> String {
        let (id, args) = match self {
            Refusal::TakeCount { stones, most } => (
                "refusal-take-count",
                Args::new().set("stones", *stones).set("most", *most),
            ),
            Refusal::PileSize { stones } => (
                "refusal-pile-size",
                Args::new()
                    .set("stones", *stones)
                    .set("fewest", *STONES.start())
                    .set("most", *STONES.end()),
            ),
        };
        TEXT.text(cx.lang, id, &args)
    }
}

/// The bot's die, as the table is asked for it: whose it is and what each face does (PILE-BOT-2).
#[derive(Debug)]
pub struct BotDie;

impl NeedText for BotDie {
    fn label(&self, cx: &TextCx<'_>) -> String {
        TEXT.text(cx.lang, "need-bot-die", &Args::new())
    }
    fn value_label(&self, value: &str, cx: &TextCx<'_>) -> Option<String> {
        let face: u32 = value.parse().ok()?;
        let args = Args::new()
            .set("face", face)
            .set("stones", face.div_ceil(2));
        Some(TEXT.text(cx.lang, "need-bot-die-face", &args))
    }
}

/// A legal move's label; a free field reads as a question in its own label.
pub fn label(mv: &Move, free: &[&str], cx: &TextCx<'_>) -> String {
    match mv {
        Move::Take { .. } if free.contains(&"stones") => {
            TEXT.text(cx.lang, "label-take", &Args::new())
        }
        Move::Take { stones } => TEXT.text(
            cx.lang,
            "label-take-stones",
            &Args::new().set("stones", *stones),
        ),
    }
}

/// The name of a value a free field may take ("2 stones").
pub fn value_label(_: &Move, field: &str, value: &Value, cx: &TextCx<'_>) -> String {
    match (field, value.as_u64()) {
        ("stones", Some(n)) => TEXT.text(cx.lang, "value-stones", &Args::new().set("stones", n)),
        _ => value.to_string(),
    }
}

/// The question a free field asks.
pub fn param_label(_: &Move, field: &str, cx: &TextCx<'_>) -> Option<String> {
    (field == "stones").then(|| TEXT.text(cx.lang, "question-stones", &Args::new()))
}
