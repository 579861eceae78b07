//! Rule errors: what a request did wrong, in words a player understands.

use std::fmt;
use std::sync::Arc;

use serde::{Serialize, Serializer};

use super::chance::{Need, TableChoice};
use super::text::{count, Describe, Lang, TextCx};

/// Why the engine refused a request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum RuleErrorKind {
    /// The move breaks a rule (HTTP 422).
    Illegal,
    /// Not this seat's turn, or not the bot's turn (HTTP 409).
    OutOfTurn,
    /// The game is over; nothing more can be played (HTTP 409).
    GameOver,
    /// The session's log is as long as a session may be; only resigning
    /// is left (HTTP 409, SESSION-CAP-1).
    CommandCap,
    /// A session option is invalid (HTTP 422 at creation); `option` names it
    /// (a dotted path such as `map_letters.A7`).
    BadOptions { option: Option<String> },
    /// Table mode: the command needs more from the table (HTTP 422). `needed`
    /// is everything the command needs so far, in order; `sent` how many
    /// items the request brought.
    TableInputNeeded { needed: Vec<Need>, sent: usize },
    /// Table input the command did not use (HTTP 422).
    TableInputUnused { unused: usize },
    /// Table input where the options say the server rolls and deals (HTTP 422).
    TableInputNotAllowed,
}

impl RuleErrorKind {
    /// How many table items a [`RuleErrorKind::TableInputNeeded`] asks for.
    pub fn table_needed(&self) -> Option<usize> {
        match self {
            RuleErrorKind::TableInputNeeded { needed, sent } => {
                Some(needed.len().saturating_sub(*sent).max(1))
            }
            _ => None,
        }
    }
}

/// What a refusal says to a player: a message with typed
/// parameters, rendered in the answer's language when the answer is written,
/// like an event's sentence. A plain string is a sentence already written
/// (in English where a game has not moved its refusals onto messages, or in
/// the answer's language once [`Detail::localized`] rendered it).
#[derive(Clone)]
pub struct Detail(Repr);

#[derive(Clone)]
enum Repr {
    Text(String),
    Message(Arc<dyn Message>),
}

/// A refusal message: a typed value (an enum per game, usually
/// `Refusal` in the game's `text.rs`) that reads as a sentence in each
/// language.
pub trait Message: Describe + fmt::Debug + Send + Sync + 'static {}
impl<T: Describe + fmt::Debug + Send + Sync + 'static> Message for T {}

impl Detail {
    /// The sentence in the context's language.
    pub fn render(&self, cx: &TextCx<'_>) -> String {
        match &self.0 {
            Repr::Text(t) => t.clone(),
            Repr::Message(m) => m.describe(cx),
        }
    }

    /// Whether the detail is a message (reads in every language), not a
    /// sentence written in one.
    pub fn is_message(&self) -> bool {
        matches!(self.0, Repr::Message(_))
    }

    /// The detail rendered once for an answer in `cx`'s language.
    pub fn localized(&self, cx: &TextCx<'_>) -> Detail {
        Detail(Repr::Text(self.render(cx)))
    }

    /// Whether the English sentence contains `needle` (tests).
    pub fn contains(&self, needle: &str) -> bool {
        self.to_string().contains(needle)
    }
}

impl<M: Message> From<M> for Detail {
    fn from(m: M) -> Self {
        Detail(Repr::Message(Arc::new(m)))
    }
}
impl From<String> for Detail {
    fn from(s: String) -> Self {
        Detail(Repr::Text(s))
    }
}
impl From<&str> for Detail {
    fn from(s: &str) -> Self {
        Detail(Repr::Text(s.to_string()))
    }
}

/// English, with seats named by their index.
impl fmt::Display for Detail {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(&TextCx::new(Lang::En, &[])))
    }
}
impl fmt::Debug for Detail {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.to_string())
    }
}
impl PartialEq for Detail {
    fn eq(&self, other: &Self) -> bool {
        self.to_string() == other.to_string()
    }
}
impl Eq for Detail {}
impl Serialize for Detail {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

/// The refusals of the rules every game shares (the session's turn, table
/// input): the engine's own messages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SessionRefusal {
    /// SESSION-TURN-2.
    GameOver,
    /// SESSION-RESIGN-1.
    Resigned,
    /// SESSION-TURN-2: a resignation after the end.
    NothingToResign,
    /// SESSION-UNDO-3: an undo after the end.
    FinishedStaysFinished,
    /// SESSION-CAP-1: the log holds as many commands as a session may.
    CommandCap { cap: u64 },
    /// SESSION-TURN-1: a human seat moves while another decides.
    NotYourTurn,
    /// SESSION-TURN-1: a bot turn asked while a human must move.
    NotTheBotsTurn,
    /// SESSION-TURN-1: a human move while the bot is to play.
    BotsTurn,
    /// SESSION-OPT-1: an option does not parse; `detail` is the parser's.
    BadOption { path: String, detail: String },
    /// SESSION-TABLE-1: table input where the server supplies it.
    TableNotAllowed { cards: bool },
    /// A card where a die is needed.
    CardForDie {
        position: usize,
        card: String,
        die: Need,
    },
    /// A die face out of range.
    DieOutOfRange { value: u8, die: Need },
    /// A die where a card is needed.
    DieForCard {
        position: usize,
        value: u8,
        card: Need,
    },
    /// A card id that cannot be drawn for that need now.
    NotInDeck { card: String, need: Need },
    /// Too few items from the table.
    TableNeeded { needed: Vec<Need>, sent: usize },
    /// Too many items from the table.
    TableUnused {
        unused: usize,
        sent: usize,
        needed: usize,
    },
    /// SESSION-IMPORT-1: an imported log does not replay.
    ImportDoesNotReplay { why: String },
    /// SESSION-TABLE-3: a `table_mode` the game does not offer.
    TableModeNotOffered {
        value: TableChoice,
        offered: Vec<TableChoice>,
    },
    /// SESSION-TABLE-3: an option `table_mode` replaced, in a new session.
    OptionReplaced {
        option: String,
        offered: Vec<TableChoice>,
    },
}

/// `server`, `dice` or `all` as a list of the values offered.
fn table_values(offered: &[TableChoice], lang: Lang) -> String {
    let ids: Vec<String> = offered.iter().map(|v| format!("\"{}\"", v.id())).collect();
    match ids.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => {
            let or = if lang == Lang::De { "oder" } else { "or" };
            format!("{} {or} {last}", rest.join(", "))
        }
    }
}

/// The table's answers are counted from 1 as a player counts them.
fn nth(position: usize, lang: Lang) -> String {
    match lang {
        Lang::De => format!("{position}."),
        Lang::En => match (position % 10, position % 100) {
            (1, n) if n != 11 => format!("{position}st"),
            (2, n) if n != 12 => format!("{position}nd"),
            (3, n) if n != 13 => format!("{position}rd"),
            _ => format!("{position}th"),
        },
    }
}

/// Up to eight of a card need's candidates by their names at the table.
fn candidates_text(need: &Need, cx: &TextCx<'_>) -> String {
    let Need::Card { candidates, .. } = need else {
        return String::new();
    };
    let mut names: Vec<String> = candidates
        .iter()
        .take(8)
        .map(|c| {
            need.value_label(c, cx)
                .unwrap_or_else(|| c.replace('_', " "))
        })
        .collect();
    if candidates.len() > 8 {
        names.push("…".into());
    }
    super::text::join_list(&names, cx.lang)
}

impl Describe for SessionRefusal {
    fn describe(&self, cx: &TextCx<'_>) -> String {
        use SessionRefusal as R;
        let de = cx.lang == Lang::De;
        match self {
            R::GameOver if de => "Die Partie ist vorbei; es kann nichts mehr gespielt werden.".into(),
            R::GameOver => "The game is over; nothing more can be played.".into(),
            R::Resigned if de => "Ein Platz hat aufgegeben: Die Partie ist vorbei, es kann nichts mehr gespielt werden.".into(),
            R::Resigned => "A seat resigned: the game is over and nothing more can be played.".into(),
            R::NothingToResign if de => "Die Partie ist schon vorbei; es gibt nichts aufzugeben.".into(),
            R::NothingToResign => "The game is over; there is nothing to resign from.".into(),
            R::FinishedStaysFinished if de => "Die Partie ist vorbei und hat alles aufgedeckt; ihr letzter Zug bleibt, nichts lässt sich mehr zurücknehmen.".into(),
            R::FinishedStaysFinished => "The game is over and has shown everything; its last move stands and nothing can be taken back.".into(),
            R::CommandCap { cap } if de => format!("Diese Partie hat {cap} Befehle erreicht, so viele, wie eine Partie haben darf; es bleibt nur noch Aufgeben (POST …/resign)."),
            R::CommandCap { cap } => format!("This session has reached {cap} commands, as many as a session may hold; only resigning (POST …/resign) is left."),
            R::NotYourTurn if de => "Du bist nicht am Zug: Ein anderer Platz entscheidet gerade.".into(),
            R::NotYourTurn => "It is not your turn: another seat decides now.".into(),
            R::NotTheBotsTurn if de => "Der Bot ist nicht am Zug: Zuerst muss ein Mensch ziehen.".into(),
            R::NotTheBotsTurn => "It is not the bot's turn: a human seat must move first.".into(),
            R::BotsTurn if de => "Der Bot ist am Zug: Fordere erst seinen Zug an.".into(),
            R::BotsTurn => "It is the bot's turn: ask for it with bot-turn.".into(),
            R::BadOption { path, detail } if de => {
                format!("Die Option „{path}“ ist ungültig ({detail}).")
            }
            R::BadOption { path, detail } => format!("The option '{path}' is invalid: {detail}."),
            R::TableNotAllowed { cards } => match (de, cards) {
                (true, false) => "In dieser Partie würfelt der Server; eine Anfrage darf keine eigenen Würfel mitbringen.".into(),
                (true, true) => "Hier wird keine Karte vom Tisch gebraucht: Gib nur die Würfel ein, die am Tisch gefallen sind.".into(),
                (false, false) => "This session's options say the server supplies the dice: a request may not bring its own.".into(),
                (false, true) => "No card from the table is wanted here: enter only the dice the table rolled.".into(),
            },
            // A wrong answer names the die or card by the game's words and
            // counts answers as a player does; no field names.
            R::CardForDie { position, die, .. } if de => format!(
                "Die {} Eingabe vom Tisch ist eine Karte; dort wird aber ein Würfel gebraucht: {}.",
                nth(*position, Lang::De),
                die.question(cx)
            ),
            R::CardForDie { position, die, .. } => format!(
                "The {} answer from the table is a card, but a die is needed there: {}.",
                nth(*position, Lang::En),
                die.question(cx)
            ),
            R::DieOutOfRange { value, die } => {
                let sides = match die {
                    Need::Die { sides, .. } => *sides,
                    Need::Card { .. } => 6,
                };
                if de {
                    format!(
                        "{} zeigt 1 bis {sides}, nicht {value}.",
                        super::text::capitalise(&die.question(cx))
                    )
                } else {
                    format!(
                        "{} shows 1 to {sides}, not {value}.",
                        super::text::capitalise(&die.question(cx))
                    )
                }
            }
            R::DieForCard { position, card, .. } if de => format!(
                "Die {} Eingabe vom Tisch ist ein Würfel; dort wird aber eine Karte gebraucht: {}.",
                nth(*position, Lang::De),
                card.question(cx)
            ),
            R::DieForCard { position, card, .. } => format!(
                "The {} answer from the table is a die, but a card is needed there: {}.",
                nth(*position, Lang::En),
                card.question(cx)
            ),
            R::NotInDeck { need, .. } if de => format!(
                "Diese Karte kann jetzt nicht gezogen werden ({}); möglich sind {}.",
                need.question(cx),
                candidates_text(need, cx)
            ),
            R::NotInDeck { need, .. } => format!(
                "That card cannot be drawn now ({}); it can be {}.",
                need.question(cx),
                candidates_text(need, cx)
            ),
            R::TableNeeded { needed, sent } => {
                let list: Vec<String> = needed.iter().map(|n| n.question(cx)).collect();
                let list = list.join(", ");
                if de {
                    format!(
                        "Dieser Schritt braucht {} vom Tisch ({list}); die Anfrage brachte {sent}.",
                        count(needed.len() as i64, "Eingabe", "Eingaben")
                    )
                } else {
                    format!(
                        "This step needs {} from the table ({list}); the request brought {sent}.",
                        needed.len()
                    )
                }
            }
            R::TableUnused { unused, sent, needed } if de => format!(
                "{unused} der {sent} Eingaben vom Tisch braucht dieser Schritt nicht; er braucht genau {needed}."
            ),
            R::TableUnused { unused, sent, needed } => format!(
                "{unused} of the {sent} answers from the table were not needed: this step needs exactly {needed}."
            ),
            R::ImportDoesNotReplay { why } if de => {
                format!("Das Protokoll lässt sich nicht nachspielen: {why}")
            }
            R::ImportDoesNotReplay { why } => format!("The log does not replay: {why}"),
            R::TableModeNotOffered { value, offered } if de => format!(
                "Diese Partie bietet table_mode \"{}\" nicht an; möglich ist {}.",
                value.id(),
                table_values(offered, Lang::De)
            ),
            R::TableModeNotOffered { value, offered } => format!(
                "This game does not offer table_mode \"{}\"; it offers {}.",
                value.id(),
                table_values(offered, Lang::En)
            ),
            R::OptionReplaced { option, offered } if de => format!(
                "Die Option {option} wurde durch table_mode ersetzt ({}); nur Partien von früher lesen sie noch.",
                table_values(offered, Lang::De)
            ),
            R::OptionReplaced { option, offered } => format!(
                "The option {option} was replaced by table_mode ({}); only sessions created before it still read it.",
                table_values(offered, Lang::En)
            ),
        }
    }
}

/// A refused request: the rule it breaks and a sentence for the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{detail} [{rule}]")]
pub struct RuleError {
    /// Rule id from the spec, e.g. `ARLE-HUM-2`.
    pub rule: String,
    /// What is wrong, for a player, in every language.
    pub detail: Detail,
    pub kind: RuleErrorKind,
}

impl RuleError {
    pub fn illegal(rule: &str, detail: impl Into<Detail>) -> Self {
        Self::new(rule, detail, RuleErrorKind::Illegal)
    }
    pub fn out_of_turn(rule: &str, detail: impl Into<Detail>) -> Self {
        Self::new(rule, detail, RuleErrorKind::OutOfTurn)
    }
    /// An invalid option that is not one field (a combination).
    pub fn bad_options(rule: &str, detail: impl Into<Detail>) -> Self {
        Self::new(rule, detail, RuleErrorKind::BadOptions { option: None })
    }
    /// An invalid value of the option `option` (a dotted path).
    pub fn bad_option(rule: &str, option: &str, detail: impl Into<Detail>) -> Self {
        Self::new(
            rule,
            detail,
            RuleErrorKind::BadOptions {
                option: Some(option.to_string()),
            },
        )
    }
    /// Legacy: `count` more six-sided dice from the table.
    pub fn need_dice(rule: &str, count: usize, detail: impl Into<Detail>) -> Self {
        Self::new(
            rule,
            detail,
            RuleErrorKind::TableInputNeeded {
                needed: vec![Need::die(6); count],
                sent: 0,
            },
        )
    }
    pub fn new(rule: &str, detail: impl Into<Detail>, kind: RuleErrorKind) -> Self {
        RuleError {
            rule: rule.to_string(),
            detail: detail.into(),
            kind,
        }
    }

    /// The refusal with its detail, and the words of what it needs from
    /// the table, rendered for an answer in `cx`'s language.
    pub fn localized(mut self, cx: &TextCx<'_>) -> Self {
        self.detail = self.detail.localized(cx);
        if let RuleErrorKind::TableInputNeeded { needed, .. } = &mut self.kind {
            *needed = needed.iter().map(|n| n.localized(cx)).collect();
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // SESSION-TABLE-1, SESSION-TURN-1: the engine's refusals read in both
    // languages, and a game's string detail stays as written.
    #[test]
    fn a_message_reads_in_each_language_and_a_string_as_written() {
        let e = RuleError::new(
            "SESSION-TABLE-1",
            SessionRefusal::TableNeeded {
                needed: vec![Need::die(6), Need::die(6)],
                sent: 1,
            },
            RuleErrorKind::Illegal,
        );
        assert!(e.detail.is_message());
        let en = TextCx::new(Lang::En, &[]);
        let de = TextCx::new(Lang::De, &[]);
        assert_eq!(
            e.detail.render(&en),
            "This step needs 2 from the table (a d6, a d6); the request brought 1."
        );
        assert_eq!(
            e.detail.render(&de),
            "Dieser Schritt braucht 2 Eingaben vom Tisch (ein W6, ein W6); die Anfrage brachte 1."
        );
        assert_eq!(
            e.clone().localized(&de).detail.to_string(),
            e.detail.render(&de)
        );
        let plain = RuleError::illegal("X-1", "as written");
        assert!(!plain.detail.is_message());
        assert_eq!(plain.detail.render(&de), "as written");
        assert_eq!(
            SessionRefusal::NotYourTurn.describe(&de),
            "Du bist nicht am Zug: Ein anderer Platz entscheidet gerade."
        );
    }
}
