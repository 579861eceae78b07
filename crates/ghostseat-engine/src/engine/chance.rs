//! One chance source for every game: the session's seeded [`Dice`] stream,
//! or dice and cards entered at the table.
//!
//! A request carries table input in one ordered field, `table`:
//! `[{"die": 5}, {"die": 2}, {"card": "alchemist"}]`. A game asks for what
//! it needs, in the order the table resolves it ([`Chance::roll`],
//! [`Chance::card`]); the engine checks kinds and faces, answers a request
//! that brings too few with everything the command needs so far
//! ([`RuleErrorKind::TableInputNeeded`]), refuses leftovers, and refuses
//! table input where the options say the server rolls and deals
//! ([`TableMode`]). No game handles this by hand.
//!
//! The chance record also tells the undo rule whether the command drew from
//! the server's stream (then taking it back would let a player re-roll).

use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::VecDeque;
use std::fmt;
use std::sync::Arc;

use super::dice::Dice;
use super::error::{RuleError, RuleErrorKind, SessionRefusal};
use super::seat::Seat;
use super::text::{Lang, TextCx};

/// One die or card entered at the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TableItem {
    /// A die as rolled at the table: its face (1 to its number of sides).
    Die(u8),
    /// A card turned over or drawn at the table: its id (the game's card
    /// ids, e.g. `alchemist`, `knight`, `automa_7`).
    Card(String),
}

/// What a command still needs from the table: one item of a kind, with the
/// game's words for the player who rolls or turns it over.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Need {
    /// A die with this many sides.
    Die {
        sides: u8,
        #[serde(flatten)]
        words: NeedWords,
    },
    /// A card from this deck (the game's deck name); `candidates` are the
    /// card ids that can be drawn now.
    Card {
        deck: String,
        candidates: Vec<String>,
        #[serde(flatten)]
        words: NeedWords,
    },
}

impl Need {
    /// A die with `sides` faces and no words of its game.
    pub fn die(sides: u8) -> Need {
        Need::Die {
            sides,
            words: NeedWords::default(),
        }
    }

    /// A card of `deck`, one of `candidates`, with no words of its game.
    pub fn card(deck: &str, candidates: &[String]) -> Need {
        Need::Card {
            deck: deck.to_string(),
            candidates: candidates.to_vec(),
            words: NeedWords::default(),
        }
    }

    /// The game's words for this need.
    pub fn words(&self) -> &NeedWords {
        match self {
            Need::Die { words, .. } | Need::Card { words, .. } => words,
        }
    }

    /// The values the table may answer: a die's faces, a card's candidates.
    pub fn values(&self) -> Vec<String> {
        match self {
            Need::Die { sides, .. } => (1..=*sides).map(|f| f.to_string()).collect(),
            Need::Card { candidates, .. } => candidates.clone(),
        }
    }

    /// The question the player answers, in `cx`'s language: the game's own
    /// ("PERSS.KI's action die") or a plain one ("a d6").
    pub fn question(&self, cx: &TextCx<'_>) -> String {
        if let Some(l) = self.words().label(cx) {
            return l;
        }
        match (self, cx.lang) {
            (Need::Die { sides, .. }, Lang::En) => format!("a d{sides}"),
            (Need::Die { sides, .. }, Lang::De) => format!("ein W{sides}"),
            (Need::Card { deck, .. }, Lang::En) => {
                format!("a card from the {} deck", deck.replace('_', " "))
            }
            (Need::Card { .. }, Lang::De) => "eine Karte".into(),
        }
    }

    /// What `value` is called at the table (a card's printed name and
    /// number), if the game says.
    pub fn value_label(&self, value: &str, cx: &TextCx<'_>) -> Option<String> {
        self.words().value_label(value, cx)
    }

    /// The need with its words written out in `cx`'s language (for an answer).
    pub fn localized(&self, cx: &TextCx<'_>) -> Need {
        let words = self.words().render(cx, &self.values());
        match self {
            Need::Die { sides, .. } => Need::Die {
                sides: *sides,
                words,
            },
            Need::Card {
                deck, candidates, ..
            } => Need::Card {
                deck: deck.clone(),
                candidates: candidates.clone(),
                words,
            },
        }
    }
}

/// Whose die or card a need is and what it decides, in the game's words
/// (an enum of the game's `text.rs`): rendered in the answer's language
/// when the answer is written, like an event's sentence.
pub trait NeedText: fmt::Debug + Send + Sync + 'static {
    /// Whose die or card it is and what it decides, as a noun phrase that
    /// also reads inside a sentence: "PERSS.KI's action die", "Setup die
    /// for marker 1 (which summer space)".
    fn label(&self, cx: &TextCx<'_>) -> String;
    /// What one value means at the table: a card's printed number and
    /// name, what a face of the die does. None: the value speaks for itself.
    fn value_label(&self, _value: &str, _cx: &TextCx<'_>) -> Option<String> {
        None
    }
}

/// One value of a need with its name at the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct NeedValueLabel {
    /// The value as sent back: a die's face (`"4"`), a card's id.
    pub value: String,
    /// What it is called or does at the table: "4 · Miltiades", "2: move armies".
    pub label: String,
}

/// A need's words as an answer carries them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct NeedWordsWire {
    /// Whose die or card this is and what it decides, in the answer's
    /// language: "PERSS.KI's action die", "Greek battle die 1 of 2". Absent
    /// where the game names nothing beyond the kind.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// The name of each value the table may answer, where it is more than
    /// the value itself: a card's printed number and name, a face's effect.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub value_labels: Vec<NeedValueLabel>,
}

/// The game's words for a need: typed until an answer renders them.
/// Words never make two needs different: a need is what the table must
/// supply; its words are how it is asked.
#[derive(Clone, Default)]
pub struct NeedWords(Option<WordsRepr>);

#[derive(Clone)]
enum WordsRepr {
    Typed(Arc<dyn NeedText>),
    Rendered(NeedWordsWire),
}

impl NeedWords {
    /// The game's words.
    pub fn new(text: impl NeedText) -> Self {
        NeedWords(Some(WordsRepr::Typed(Arc::new(text))))
    }

    /// The label in `cx`'s language, if the game gave one.
    pub fn label(&self, cx: &TextCx<'_>) -> Option<String> {
        match &self.0 {
            None => None,
            Some(WordsRepr::Typed(t)) => Some(t.label(cx)),
            Some(WordsRepr::Rendered(w)) => w.label.clone(),
        }
    }

    /// A value's name in `cx`'s language, if the game gave one.
    pub fn value_label(&self, value: &str, cx: &TextCx<'_>) -> Option<String> {
        match &self.0 {
            None => None,
            Some(WordsRepr::Typed(t)) => t.value_label(value, cx),
            Some(WordsRepr::Rendered(w)) => w
                .value_labels
                .iter()
                .find(|l| l.value == value)
                .map(|l| l.label.clone()),
        }
    }

    /// The words written out for `values`, in `cx`'s language.
    pub fn render(&self, cx: &TextCx<'_>, values: &[String]) -> NeedWords {
        if self.0.is_none() {
            return NeedWords(None);
        }
        NeedWords(Some(WordsRepr::Rendered(self.wire(cx, values))))
    }

    fn wire(&self, cx: &TextCx<'_>, values: &[String]) -> NeedWordsWire {
        NeedWordsWire {
            label: self.label(cx),
            value_labels: values
                .iter()
                .filter_map(|v| {
                    self.value_label(v, cx).map(|label| NeedValueLabel {
                        value: v.clone(),
                        label,
                    })
                })
                .collect(),
        }
    }
}

impl fmt::Debug for NeedWords {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            None => f.write_str("NeedWords(none)"),
            Some(WordsRepr::Typed(t)) => write!(f, "NeedWords({t:?})"),
            Some(WordsRepr::Rendered(w)) => write!(f, "NeedWords({:?})", w.label),
        }
    }
}

impl PartialEq for NeedWords {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl Eq for NeedWords {}

/// Typed words not yet rendered serialize in English; a typed game's
/// value names need the values, which only [`Need::localized`] knows, so
/// an unrendered need carries its label alone.
impl Serialize for NeedWords {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match &self.0 {
            Some(WordsRepr::Rendered(w)) => w.serialize(s),
            _ => NeedWordsWire {
                label: self.label(&TextCx::new(Lang::En, &[])),
                value_labels: Vec::new(),
            }
            .serialize(s),
        }
    }
}
impl<'de> Deserialize<'de> for NeedWords {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let w = NeedWordsWire::deserialize(d)?;
        Ok(if w == NeedWordsWire::default() {
            NeedWords(None)
        } else {
            NeedWords(Some(WordsRepr::Rendered(w)))
        })
    }
}
impl JsonSchema for NeedWords {
    fn inline_schema() -> bool {
        true
    }
    fn schema_name() -> std::borrow::Cow<'static, str> {
        NeedWordsWire::schema_name()
    }
    fn json_schema(g: &mut schemars::SchemaGenerator) -> schemars::Schema {
        // Flattened into a need: the need's own description stands.
        let mut s = NeedWordsWire::json_schema(g);
        s.remove("description");
        s
    }
}

/// Which chance the table supplies, as the session's options say.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
pub struct TableMode {
    /// Dice are rolled at the table and sent; the server rolls none.
    pub dice: bool,
    /// Cards are drawn at the table and sent by id; the server deals none.
    pub cards: bool,
}

impl TableMode {
    /// The server rolls and deals everything.
    pub const SERVER: TableMode = TableMode {
        dice: false,
        cards: false,
    };
    /// The table rolls and deals everything.
    pub const TABLE: TableMode = TableMode {
        dice: true,
        cards: true,
    };
}

/// What the table supplies: the option `table_mode` of every game
/// (SESSION-TABLE-3). A game offers only the values that mean something
/// for it ([`TableChoice::schema`], [`TableChoice::check`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TableChoice {
    /// The server rolls every die and deals every card.
    #[default]
    Server,
    /// Only the dice come from the table, sent with each request
    /// (`table`); the server still deals the hidden cards. Offered only by
    /// games that have both dice and hidden cards.
    Dice,
    /// Every die and every card comes from the table, sent with the
    /// requests (`table`; a card by its id).
    All,
}

impl TableChoice {
    /// The chance the table supplies under this choice.
    pub fn mode(self) -> TableMode {
        match self {
            TableChoice::Server => TableMode::SERVER,
            TableChoice::Dice => TableMode {
                dice: true,
                cards: false,
            },
            TableChoice::All => TableMode::TABLE,
        }
    }

    /// The option value (`server`, `dice`, `all`).
    pub fn id(self) -> &'static str {
        match self {
            TableChoice::Server => "server",
            TableChoice::Dice => "dice",
            TableChoice::All => "all",
        }
    }

    /// The JSON Schema of a game's `table_mode`: exactly the values the
    /// game offers, each with what it means in that game (for
    /// `#[schemars(schema_with = ..)]`).
    pub fn schema(values: &[(TableChoice, &str)]) -> schemars::Schema {
        let one_of: Vec<serde_json::Value> = values
            .iter()
            .map(|(v, d)| serde_json::json!({"type": "string", "const": v.id(), "description": d}))
            .collect();
        let mut s = schemars::Schema::default();
        s.insert("type".into(), "string".into());
        s.insert(
            "enum".into(),
            values
                .iter()
                .map(|(v, _)| v.id())
                .collect::<Vec<_>>()
                .into(),
        );
        s.insert("oneOf".into(), one_of.into());
        s
    }

    /// Refuses a value the game does not offer (SESSION-TABLE-3).
    pub fn check(self, offered: &[TableChoice]) -> Result<(), RuleError> {
        if offered.contains(&self) {
            return Ok(());
        }
        Err(RuleError::bad_option(
            "SESSION-TABLE-3",
            "table_mode",
            SessionRefusal::TableModeNotOffered {
                value: self,
                offered: offered.to_vec(),
            },
        ))
    }

    /// Refuses, in a new session, an option that `table_mode` replaced
    /// (`option` names it; old sessions still load with it).
    pub fn refuse_replaced(option: &str, offered: &[TableChoice]) -> RuleError {
        RuleError::bad_option(
            "SESSION-TABLE-3",
            option,
            SessionRefusal::OptionReplaced {
                option: option.to_string(),
                offered: offered.to_vec(),
            },
        )
    }
}

/// A table item as the command consumed it: which seats may see it. Cards
/// drawn in secret (a development card, a stolen card) are shown in the
/// log only to these seats.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Consumed {
    #[serde(flatten)]
    pub item: TableItem,
    /// `None`: everyone may see it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub visible_to: Option<Vec<Seat>>,
}

/// The chance of one command.
#[derive(Debug)]
pub struct Chance {
    stream: Dice,
    mode: TableMode,
    queue: VecDeque<TableItem>,
    sent: usize,
    /// What the command has taken so far, in order (for the "needed" list).
    needs: Vec<Need>,
    consumed: Vec<Consumed>,
    server_used: bool,
}

impl Chance {
    /// The chance of a command: the seeded stream at its position, the
    /// session's table mode, and the table input of the request.
    pub fn new(stream: Dice, mode: TableMode, table: Vec<TableItem>) -> Result<Self, RuleError> {
        for item in &table {
            let (allowed, cards) = match item {
                TableItem::Die(_) => (mode.dice, false),
                TableItem::Card(_) => (mode.cards, true),
            };
            if !allowed {
                return Err(RuleError::new(
                    "SESSION-TABLE-1",
                    SessionRefusal::TableNotAllowed { cards },
                    RuleErrorKind::TableInputNotAllowed,
                ));
            }
        }
        Ok(Chance {
            stream,
            mode,
            sent: table.len(),
            queue: table.into(),
            needs: Vec::new(),
            consumed: Vec::new(),
            server_used: false,
        })
    }

    /// The table mode of the session.
    pub fn mode(&self) -> TableMode {
        self.mode
    }

    /// Whether dice come from the table.
    pub fn table_dice(&self) -> bool {
        self.mode.dice
    }

    /// Whether cards come from the table.
    pub fn table_cards(&self) -> bool {
        self.mode.cards
    }

    /// The stream position after this command (saved with the session).
    pub fn position(&self) -> u64 {
        self.stream.position()
    }

    /// Whether the command drew from the server's seeded stream.
    pub fn server_used(&self) -> bool {
        self.server_used
    }

    /// Rolls `count` dice with `sides` faces, from the table in table mode
    /// (all of them, in the order sent) or from the stream.
    pub fn roll(&mut self, count: usize, sides: u8, rule: &str) -> Result<Vec<u8>, RuleError> {
        self.roll_as(sides, rule, vec![NeedWords::default(); count])
    }

    /// Rolls one die with `sides` faces per entry of `words`, each asked at
    /// the table with its words (whose die it is, what it decides).
    pub fn roll_as(
        &mut self,
        sides: u8,
        rule: &str,
        words: Vec<NeedWords>,
    ) -> Result<Vec<u8>, RuleError> {
        let count = words.len();
        if !self.mode.dice {
            self.server_used |= count > 0;
            return Ok((0..count)
                .map(|_| self.stream.below(u32::from(sides)) as u8 + 1)
                .collect());
        }
        let start = self.needs.len();
        self.needs
            .extend(words.into_iter().map(|words| Need::Die { sides, words }));
        let dice_ahead = self
            .queue
            .iter()
            .take(count)
            .take_while(|i| matches!(i, TableItem::Die(_)))
            .count();
        if dice_ahead < count {
            if let Some(TableItem::Card(c)) = self.queue.get(dice_ahead) {
                return Err(RuleError::illegal(
                    rule,
                    SessionRefusal::CardForDie {
                        position: start + dice_ahead + 1,
                        card: c.clone(),
                        die: self.needs[start + dice_ahead].clone(),
                    },
                ));
            }
            return Err(self.need_error(rule));
        }
        let mut out = Vec::with_capacity(count);
        for k in 0..count {
            let Some(TableItem::Die(v)) = self.queue.pop_front() else {
                unreachable!("counted above")
            };
            if v == 0 || v > sides {
                return Err(RuleError::illegal(
                    rule,
                    SessionRefusal::DieOutOfRange {
                        value: v,
                        die: self.needs[start + k].clone(),
                    },
                ));
            }
            self.consumed.push(Consumed {
                item: TableItem::Die(v),
                visible_to: None,
            });
            out.push(v);
        }
        Ok(out)
    }

    /// Six-sided dice.
    pub fn d6(&mut self, count: usize, rule: &str) -> Result<Vec<u8>, RuleError> {
        self.roll(count, 6, rule)
    }

    /// One six-sided die.
    pub fn d6_one(&mut self, rule: &str) -> Result<u8, RuleError> {
        Ok(self.roll(1, 6, rule)?[0])
    }

    /// The next card from the table, in table mode only: `deck` names the
    /// deck for the player, `candidates` are the ids that can be drawn now
    /// (sent back in a "needed" answer, so a front end can offer them),
    /// `visible_to` the seats that may see the card (None: everyone).
    pub fn card(
        &mut self,
        deck: &str,
        candidates: &[String],
        visible_to: Option<Vec<Seat>>,
        rule: &str,
    ) -> Result<String, RuleError> {
        self.card_as(deck, candidates, visible_to, rule, NeedWords::default())
    }

    /// [`Chance::card`], asked at the table with the game's words (whose
    /// card it is, each candidate's printed name and number).
    pub fn card_as(
        &mut self,
        deck: &str,
        candidates: &[String],
        visible_to: Option<Vec<Seat>>,
        rule: &str,
        words: NeedWords,
    ) -> Result<String, RuleError> {
        self.needs.push(Need::Card {
            deck: deck.to_string(),
            candidates: candidates.to_vec(),
            words,
        });
        let need = self.needs.last().expect("pushed").clone();
        match self.queue.front() {
            None => Err(self.need_error(rule)),
            Some(TableItem::Die(v)) => Err(RuleError::illegal(
                rule,
                SessionRefusal::DieForCard {
                    position: self.needs.len(),
                    value: *v,
                    card: need,
                },
            )),
            Some(TableItem::Card(id)) if !candidates.contains(id) => Err(RuleError::illegal(
                rule,
                SessionRefusal::NotInDeck {
                    card: id.clone(),
                    need,
                },
            )),
            Some(TableItem::Card(_)) => {
                let item = self.queue.pop_front().expect("front checked");
                let TableItem::Card(id) = &item else {
                    unreachable!("matched above")
                };
                let id = id.clone();
                self.consumed.push(Consumed { item, visible_to });
                Ok(id)
            }
        }
    }

    /// The "too few" refusal: everything this command needs so far.
    fn need_error(&self, rule: &str) -> RuleError {
        RuleError::new(
            rule,
            SessionRefusal::TableNeeded {
                needed: self.needs.clone(),
                sent: self.sent,
            },
            RuleErrorKind::TableInputNeeded {
                needed: self.needs.clone(),
                sent: self.sent,
            },
        )
    }

    /// A uniform integer in `0..n` from the seeded stream.
    pub fn below(&mut self, n: u32) -> u32 {
        self.server_used |= n > 1;
        self.stream.below(n)
    }

    /// A uniform index into a list of `len` items (`len > 0`).
    pub fn pick_index(&mut self, len: usize) -> usize {
        self.below(len as u32) as usize
    }

    /// Shuffles with the seeded stream (Fisher–Yates over [`Dice::below`]).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        self.server_used |= items.len() > 1;
        self.stream.shuffle(items)
    }

    /// Whether table input is left over that holds no card (only dice).
    pub fn only_dice_left(&self) -> bool {
        self.queue.iter().all(|i| matches!(i, TableItem::Die(_)))
    }

    /// Ends the command: table input it did not use is refused, so the log
    /// always records exactly what decided the game.
    pub fn finish(self) -> Result<ChanceRecord, RuleError> {
        if !self.queue.is_empty() {
            return Err(RuleError::new(
                "SESSION-TABLE-2",
                SessionRefusal::TableUnused {
                    unused: self.queue.len(),
                    sent: self.sent,
                    needed: self.needs.len(),
                },
                RuleErrorKind::TableInputUnused {
                    unused: self.queue.len(),
                },
            ));
        }
        Ok(ChanceRecord {
            position: self.stream.position(),
            server_used: self.server_used,
            consumed: self.consumed,
        })
    }
}

/// What a finished command drew.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChanceRecord {
    /// The stream position after the command.
    pub position: u64,
    /// The command drew from the seeded stream.
    pub server_used: bool,
    /// The table items, in order, with who may see them.
    pub consumed: Vec<Consumed>,
}

impl ChanceRecord {
    /// Some table item is secret from somebody.
    pub fn has_secret(&self) -> bool {
        self.consumed.iter().any(|c| c.visible_to.is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    fn table(items: &[TableItem]) -> Chance {
        Chance::new(Dice::new(1), TableMode::TABLE, items.to_vec()).unwrap()
    }

    #[test]
    fn server_mode_refuses_table_input() {
        let e = Chance::new(Dice::new(1), TableMode::SERVER, vec![TableItem::Die(6)]).unwrap_err();
        assert_eq!(e.kind, RuleErrorKind::TableInputNotAllowed);
        let cards_only = TableMode {
            dice: false,
            cards: true,
        };
        assert!(Chance::new(Dice::new(1), cards_only, vec![TableItem::Card("x".into())]).is_ok());
        assert!(Chance::new(Dice::new(1), cards_only, vec![TableItem::Die(3)]).is_err());
    }

    #[test]
    fn server_rolls_follow_the_golden_stream() {
        let mut c = Chance::new(Dice::new(42), TableMode::SERVER, vec![]).unwrap();
        let mut d = Dice::new(42);
        let want: Vec<u8> = (0..5).map(|_| d.d6("T").unwrap()).collect();
        assert_eq!(c.d6(5, "T").unwrap(), want);
        let rec = c.finish().unwrap();
        assert!(rec.server_used);
        assert_eq!(rec.position, d.position());
    }

    #[test]
    fn too_few_names_everything_needed_so_far() {
        let mut c = table(&[TableItem::Die(3)]);
        let e = c.d6(3, "X-1").unwrap_err();
        assert_eq!(
            e.kind,
            RuleErrorKind::TableInputNeeded {
                needed: vec![Need::die(6); 3],
                sent: 1
            }
        );
        assert!(e.detail.contains("needs 3"), "{}", e.detail);
        // A later card after two dice: all three are named.
        let mut c = table(&[TableItem::Die(3), TableItem::Die(4)]);
        c.d6(2, "X").unwrap();
        let e = c
            .card("progress", &ids(&["alchemist"]), None, "X-2")
            .unwrap_err();
        match e.kind {
            RuleErrorKind::TableInputNeeded { needed, sent } => {
                assert_eq!(sent, 2);
                assert_eq!(needed.len(), 3);
                assert_eq!(needed[2], Need::card("progress", &ids(&["alchemist"])));
            }
            k => panic!("{k:?}"),
        }
    }

    #[test]
    fn kinds_faces_order_and_leftovers_are_checked() {
        let mut c = table(&[TableItem::Card("knight".into())]);
        assert_eq!(c.d6(1, "X").unwrap_err().kind, RuleErrorKind::Illegal);
        let mut c = table(&[TableItem::Die(7)]);
        assert_eq!(c.d6(1, "X").unwrap_err().kind, RuleErrorKind::Illegal);
        let mut c = table(&[TableItem::Die(2)]);
        assert!(c.card("dev", &ids(&["knight"]), None, "X").is_err());
        let mut c = table(&[TableItem::Card("bogus".into())]);
        assert!(c.card("dev", &ids(&["knight"]), None, "X").is_err());
        let mut c = table(&[TableItem::Die(2), TableItem::Die(5)]);
        assert_eq!(c.d6(1, "X").unwrap(), vec![2]);
        let e = c.finish().unwrap_err();
        assert_eq!(e.kind, RuleErrorKind::TableInputUnused { unused: 1 });
    }

    #[test]
    fn table_input_is_recorded_with_its_visibility() {
        let mut c = table(&[TableItem::Die(6), TableItem::Card("knight".into())]);
        assert_eq!(c.d6_one("X").unwrap(), 6);
        let card = c
            .card("development", &ids(&["knight"]), Some(vec![Seat(1)]), "X")
            .unwrap();
        assert_eq!(card, "knight");
        let rec = c.finish().unwrap();
        assert!(!rec.server_used);
        assert!(rec.has_secret());
        assert_eq!(rec.consumed[1].visible_to, Some(vec![Seat(1)]));
    }
}
