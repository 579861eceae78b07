//! Drivers for tests, fuzzers and the load generator: whole games through
//! the erased contract, exactly as the session layer plays them (turn gate,
//! table input, templates), with no game named.

use serde_json::Value;
use std::sync::Arc;

use super::{
    AdapterError, AnyState, Chance, Detail, Dice, DynGame, Need, NextKind, RuleErrorKind, Seat,
    SeatInfo, TableItem,
};
use super::{Lang, TextCx};

mod rules;
pub use rules::{event_of, kinds_of, ReadEvent, Rules, Stepped};

/// One command of a driven game.
#[derive(Debug, Clone, PartialEq)]
pub enum Cmd {
    Move {
        seat: Seat,
        mv: Value,
        table: Vec<TableItem>,
    },
    Bot {
        table: Vec<TableItem>,
    },
}

/// A driven game: where it ended and how it got there.
pub struct Played {
    pub state: AnyState,
    /// Table input the setup used.
    pub setup_table: Vec<TableItem>,
    pub rng_pos: u64,
    pub log: Vec<Cmd>,
    pub finished: bool,
    /// Every die and card the table was asked for, in order.
    pub needs: Vec<Need>,
}

/// Random choices of a driver (its own seeded stream, apart from the game's).
pub struct Picker(Dice);

impl Picker {
    pub fn new(seed: u64) -> Self {
        Picker(Dice::new(seed ^ 0x9e37_79b9_7f4a_7c15))
    }
    pub fn pick(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            self.0.pick_index(n)
        }
    }
}

/// Table items for everything a "needed" answer lists.
fn supply(needed: &[Need], picker: &mut Picker) -> Vec<TableItem> {
    needed
        .iter()
        .map(|n| match n {
            Need::Die { sides, .. } => TableItem::Die(1 + picker.pick(usize::from(*sides)) as u8),
            Need::Card { candidates, .. } => {
                TableItem::Card(candidates[picker.pick(candidates.len())].clone())
            }
        })
        .collect()
}

/// Runs a command, supplying table input as long as the engine asks for
/// more (what it needs depends on what it was sent). Returns the step and
/// the table input used.
pub fn run_with_table(
    game: &dyn DynGame,
    options: &Value,
    seed: u64,
    pos: u64,
    picker: &mut Picker,
    run: impl FnMut(Chance) -> Result<super::DynStep, AdapterError>,
) -> Result<(super::DynStep, Vec<TableItem>), AdapterError> {
    run_with_table_seen(game, options, seed, pos, picker, &mut Vec::new(), run)
}

/// [`run_with_table`], keeping in `seen` every need the table was asked for
/// (with the game's words).
fn run_with_table_seen(
    game: &dyn DynGame,
    options: &Value,
    seed: u64,
    pos: u64,
    picker: &mut Picker,
    seen: &mut Vec<Need>,
    mut run: impl FnMut(Chance) -> Result<super::DynStep, AdapterError>,
) -> Result<(super::DynStep, Vec<TableItem>), AdapterError> {
    let mode = game.table_mode(options)?;
    let mut table: Vec<TableItem> = Vec::new();
    for _ in 0..64 {
        let chance = Chance::new(Dice::at(seed, pos), mode, table.clone())?;
        match run(chance) {
            Ok(step) => return Ok((step, table)),
            Err(AdapterError::Rule(e)) => match &e.kind {
                RuleErrorKind::TableInputNeeded { needed, sent } if needed.len() > *sent => {
                    seen.extend(needed[table.len()..].iter().cloned());
                    let mut more = supply(&needed[table.len()..], picker);
                    table.append(&mut more);
                }
                _ => return Err(AdapterError::Rule(e)),
            },
            Err(e) => return Err(e),
        }
    }
    Err(AdapterError::Malformed(
        "table input never satisfied the engine".into(),
    ))
}

/// Plays a whole game with random legal moves (templates sampled), the bot
/// whenever due and table input on demand, for at most `max_steps` commands.
/// Every listed move must be accepted.
pub fn random_game(
    game: &dyn DynGame,
    options: &Value,
    seed: u64,
    max_steps: usize,
) -> Result<Played, String> {
    let mut picker = Picker::new(seed);
    let mut needs = Vec::new();
    let options = game.options(options).map_err(|e| e.to_string())?;
    let (start, setup_table) =
        run_with_table_seen(game, &options, seed, 0, &mut picker, &mut needs, |c| {
            game.start(&options, c)
        })
        .map_err(|e| format!("start: {e}"))?;
    let mut state = start.state;
    let mut pos = start.chance.position;
    let mut log = Vec::new();
    for step in 0..max_steps {
        let next = game.next(&state).map_err(|e| e.to_string())?;
        let (cmd, s) = match next {
            NextKind::Finished => {
                return Ok(Played {
                    state,
                    setup_table,
                    rng_pos: pos,
                    log,
                    finished: true,
                    needs,
                })
            }
            NextKind::Bot => {
                let (s, table) =
                    run_with_table_seen(game, &options, seed, pos, &mut picker, &mut needs, |c| {
                        game.bot_turn(&state, c)
                    })
                    .map_err(|e| format!("step {step}: bot turn refused: {e}"))?;
                (Cmd::Bot { table }, s)
            }
            NextKind::Human(seats) => {
                let seat = seats[picker.pick(seats.len())];
                let moves = game
                    .sample_moves(&state, seat, &mut |n| picker.pick(n))
                    .map_err(|e| e.to_string())?;
                if moves.is_empty() {
                    return Err(format!(
                        "step {step}: seat {} must move but has no legal move",
                        seat.0
                    ));
                }
                let mv = moves[picker.pick(moves.len())].clone();
                let (s, table) =
                    run_with_table_seen(game, &options, seed, pos, &mut picker, &mut needs, |c| {
                        game.play(&state, seat, &mv, c)
                    })
                    .map_err(|e| format!("step {step}: listed move {mv} refused: {e}"))?;
                (Cmd::Move { seat, mv, table }, s)
            }
        };
        state = s.state;
        pos = s.chance.position;
        log.push(cmd);
    }
    Ok(Played {
        state,
        setup_table,
        rng_pos: pos,
        log,
        finished: false,
        needs,
    })
}

/// Replays a driven game from the seed (the table input as logged).
pub fn replay(
    game: &dyn DynGame,
    options: &Value,
    seed: u64,
    played: &Played,
) -> Result<(AnyState, u64), AdapterError> {
    let options = game.options(options)?;
    let mode = game.table_mode(&options)?;
    let log = &played.log;
    let start = game.start(
        &options,
        Chance::new(Dice::new(seed), mode, played.setup_table.clone())?,
    )?;
    let mut state = start.state;
    let mut pos = start.chance.position;
    for c in log {
        let step = match c {
            Cmd::Move { seat, mv, table } => game.play(
                &state,
                *seat,
                mv,
                Chance::new(Dice::at(seed, pos), mode, table.clone())?,
            )?,
            Cmd::Bot { table } => game.bot_turn(
                &state,
                Chance::new(Dice::at(seed, pos), mode, table.clone())?,
            )?,
        };
        state = step.state;
        pos = step.chance.position;
    }
    Ok((state, pos))
}

/// A turn refusal the session makes (the [`super::SessionCase`]s of the turn gate), met over a
/// driven game: the case, the state it was refused in and the refusal.
pub struct TurnRefusal {
    pub case: super::SessionCase,
    pub state: AnyState,
    pub error: super::RuleError,
}

/// Replays `played` and, before every command, sends what the turn gate must refuse: a bot
/// turn while humans decide, a human move (the game's first) from every human seat `next`
/// does not name. Every refusal is returned with its case; anything accepted is an error.
pub fn turn_refusals(
    game: &dyn DynGame,
    options: &Value,
    seed: u64,
    played: &Played,
) -> Result<Vec<TurnRefusal>, String> {
    use super::SessionCase as C;
    let options = game.options(options).map_err(|e| e.to_string())?;
    let mode = game.table_mode(&options).map_err(|e| e.to_string())?;
    let humans: Vec<Seat> = game
        .seats(&options)
        .map_err(|e| e.to_string())?
        .iter()
        .enumerate()
        .filter(|(_, s)| s.kind == super::SeatKind::Human)
        .map(|(i, _)| Seat(i as u8))
        .collect();
    let Some(first_move) = played.log.iter().find_map(|c| match c {
        Cmd::Move { mv, .. } => Some(mv.clone()),
        Cmd::Bot { .. } => None,
    }) else {
        return Err("the game has no human move".into());
    };
    let start = game
        .start(
            &options,
            Chance::new(Dice::new(seed), mode, played.setup_table.clone())
                .map_err(|e| e.to_string())?,
        )
        .map_err(|e| e.to_string())?;
    let (mut state, mut pos) = (start.state, start.chance.position);
    let mut out = Vec::new();
    for (i, c) in played.log.iter().enumerate() {
        let chance = || Chance::new(Dice::at(seed, pos), mode, Vec::new()).unwrap();
        let mut refused = |case: C, r: Result<super::DynStep, AdapterError>| match r {
            Err(AdapterError::Rule(error)) => {
                out.push(TurnRefusal {
                    case,
                    state: state.clone(),
                    error,
                });
                Ok(())
            }
            Err(e) => Err(format!("command {i}: {case:?}: {e}")),
            Ok(_) => Err(format!("command {i}: {case:?} accepted")),
        };
        match game.next(&state).map_err(|e| e.to_string())? {
            NextKind::Human(seats) => {
                refused(C::NotTheBotsTurn, game.bot_turn(&state, chance()))?;
                for s in humans.iter().filter(|s| !seats.contains(s)) {
                    refused(C::NotYourTurn, game.play(&state, *s, &first_move, chance()))?;
                }
            }
            NextKind::Bot => {
                for s in &humans {
                    refused(C::BotsTurn, game.play(&state, *s, &first_move, chance()))?;
                }
            }
            NextKind::Finished => {}
        }
        let step = match c {
            Cmd::Move { seat, mv, table } => game.play(
                &state,
                *seat,
                mv,
                Chance::new(Dice::at(seed, pos), mode, table.clone()).map_err(|e| e.to_string())?,
            ),
            Cmd::Bot { table } => game.bot_turn(
                &state,
                Chance::new(Dice::at(seed, pos), mode, table.clone()).map_err(|e| e.to_string())?,
            ),
        }
        .map_err(|e| format!("command {i}: {e}"))?;
        state = step.state;
        pos = step.chance.position;
    }
    Ok(out)
}

/// The catalogue as `&dyn DynGame`s.
pub fn games() -> Vec<Arc<dyn DynGame>> {
    crate::games::catalog()
}

/// Words that betray Rust debug formatting or an unfilled placeholder in a
/// text a player reads.
pub const DEBUG_MARKS: [&str; 7] = ["Some(", "None", "{ ", "::", "{}", "Ok(", "Err("];

/// Checks a text a player reads: not empty, no debug formatting.
pub fn check_text(what: &str, text: &str) -> Result<(), String> {
    if text.trim().is_empty() {
        return Err(format!("{what}: empty text"));
    }
    for m in DEBUG_MARKS {
        if text.contains(m) {
            return Err(format!("{what}: {m:?} in {text:?}"));
        }
    }
    Ok(())
}

/// English words that never belong in a German sentence: a
/// German text that holds one was not translated, or only half. Names
/// (Automa, VIM, PERSS.KI) are not on the list.
pub const ENGLISH_WORDS: [&str; 24] = [
    "the", "and", "you", "your", "of", "to", "with", "from", "takes", "gets", "player", "turn",
    "round", "move", "build", "builds", "place", "places", "card", "cards", "pays", "choose",
    "wins", "points",
];

/// Checks that a text a player reads names no raw id: no
/// snake_case id (`oracle_of_delphi`), no coordinates (`[-1,2`, `1,-2`), no
/// upper-case id with digits (`FAV7`, `BON9`), no lower-case one (`n1`,
/// `f2`), no JSON brackets or braces,
/// no backticks. Rule ids (`CAT-TURN-3`) and printed map coordinates of one
/// letter (`E7`) are names a player looks up, not ids.
pub fn check_no_raw_id(what: &str, text: &str) -> Result<(), String> {
    let bad = |why: &str| Err(format!("{what}: {why} in {text:?}"));
    if let Some(c) = text.chars().find(|c| "{}[]`".contains(*c)) {
        return bad(&format!("{c:?}"));
    }
    // "1,-2" or "1,2": two numbers joined by a comma without a space.
    let b = text.as_bytes();
    for i in 1..b.len() {
        let next = |k: usize| b.get(i + k).copied().unwrap_or(b' ');
        if b[i] == b','
            && b[i - 1].is_ascii_digit()
            && (next(1).is_ascii_digit() || (next(1) == b'-' && next(2).is_ascii_digit()))
        {
            return bad("coordinates");
        }
    }
    for token in text.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-')) {
        let token = token.trim_matches('-');
        if token.contains('_') && token.chars().any(char::is_alphabetic) {
            return bad(&format!("the id {token:?}"));
        }
        let letters = token.chars().take_while(char::is_ascii_uppercase).count();
        let rest = &token[letters..];
        if letters >= 2 && !rest.is_empty() && rest.chars().all(|c| c.is_ascii_digit()) {
            return bad(&format!("the id {token:?}"));
        }
        // A lower-case id with a number: a colour (`n1`, `f2`), a field
        // (`f1`). A die's name (`d6`) is a word players use.
        let lower = token.chars().take_while(char::is_ascii_lowercase).count();
        let digits = &token[lower..];
        let die = token.starts_with('d') && ["4", "6", "8", "10", "12", "20"].contains(&digits);
        if (1..=2).contains(&lower)
            && !digits.is_empty()
            && digits.chars().all(|c| c.is_ascii_digit())
            && !die
        {
            return bad(&format!("the id {token:?}"));
        }
    }
    Ok(())
}

/// Checks that a text a player reads (an event, a prompt, a move's label)
/// does not carry a rule id in its prose ("roll the dice (CCK-DICE-2)"):
/// the rule is one tap away, from the `rule` the event or refusal carries.
pub fn check_no_rule_in_prose(what: &str, text: &str) -> Result<(), String> {
    let r = text
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .find(|w| {
            let parts: Vec<&str> = w.split('-').collect();
            parts.len() == 3
                && parts[0].len() >= 2
                && parts[1].len() >= 2
                && parts[..2].iter().all(|p| {
                    p.chars()
                        .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
                })
                && !parts[2].is_empty()
                && parts[2].chars().all(|c| c.is_ascii_digit())
        });
    match r {
        Some(id) => Err(format!("{what}: the rule id {id:?} in {text:?}")),
        None => Ok(()),
    }
}

/// Count nouns whose plural after "1" betrays a missing singular ("1 cards",
/// "1 Karten"), in English and German.
/// ("moves", "turns" and "points" are left out: "marker 1 moves" is a verb.)
const PLURALS: [&str; 41] = [
    "cards",
    "coins",
    "workers",
    "priests",
    "armies",
    "fleets",
    "roads",
    "knights",
    "steps",
    "spades",
    "buildings",
    "dwellings",
    "tokens",
    "resources",
    "talents",
    "rounds",
    "commodities",
    "settlements",
    "cities",
    "players",
    "bridges",
    "towns",
    "units",
    "houses",
    "Karten",
    "Punkte",
    "Siegpunkte",
    "Münzen",
    "Armeen",
    "Flotten",
    "Straßen",
    "Stufen",
    "Rohstoffe",
    "Talente",
    "Runden",
    "Züge",
    "Städte",
    "Siedlungen",
    "Brücken",
    "Handelswaren",
    "Befehle",
];

/// Checks that a count of one reads in the singular: "1 card", not "1 cards".
pub fn check_plural(what: &str, text: &str) -> Result<(), String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    for pair in words.windows(2) {
        let noun = pair[1].trim_end_matches(|c: char| !c.is_alphanumeric());
        if pair[0] == "1" && PLURALS.contains(&noun) {
            return Err(format!("{what}: \"1 {noun}\" in {text:?}"));
        }
    }
    Ok(())
}

/// The games whose refusals of any request (also of junk a client made up,
/// which a refusal may quote: "Intersection S(0,-2) is not playable") name
/// no raw id. The table page sends only listed moves.
pub const REFUSALS_ID_FREE: &[&str] = &["arler-erde"];

/// Checks the free fields of a legal list as `legal_json` writes it (issue
/// 50): every value of a `one_of` (in order) and every item of a bundle has
/// a `value_labels` entry with that value and a non-empty label, no two
/// values of a field the same label (one meaning per value: a form never
/// offers two answers that mean the same); an integer has none.
pub fn check_value_labels(what: &str, legal: &Value) -> Result<usize, String> {
    let mut n = 0;
    for item in legal.as_array().into_iter().flatten() {
        let Some(params) = item.get("params").and_then(Value::as_object) else {
            continue;
        };
        for (field, p) in params {
            let values: Vec<Value> = if let Some(vs) = p.get("one_of").and_then(Value::as_array) {
                vs.clone()
            } else if let Some(of) = ["multiset", "bundle"].iter().find_map(|k| {
                p.get(*k)
                    .and_then(|d| d.get("of"))
                    .and_then(Value::as_object)
            }) {
                of.keys().map(|k| Value::String(k.clone())).collect()
            } else {
                if p.get("value_labels").is_some() {
                    return Err(format!("{what}: {field}: an integer with value labels"));
                }
                continue;
            };
            let labels = p
                .get("value_labels")
                .and_then(Value::as_array)
                .ok_or_else(|| format!("{what}: {field}: no value_labels in {p}"))?;
            if labels.len() != values.len() {
                return Err(format!(
                    "{what}: {field}: {} labels for {} values",
                    labels.len(),
                    values.len()
                ));
            }
            let mut seen: Vec<&str> = Vec::new();
            for (v, l) in values.iter().zip(labels) {
                if l.get("value") != Some(v) {
                    return Err(format!("{what}: {field}: label {l} is not for {v}"));
                }
                let text = l.get("label").and_then(Value::as_str).unwrap_or("");
                if text.trim().is_empty() {
                    return Err(format!("{what}: {field}: no label for {v}"));
                }
                if seen.contains(&text) {
                    return Err(format!("{what}: {field}: two values read {text:?}"));
                }
                seen.push(text);
                n += 1;
            }
        }
    }
    Ok(n)
}

/// Checks a German text for English words ([`ENGLISH_WORDS`], whole words,
/// any case). Spans in backticks (option names, JSON values such as
/// `fire_and_ice`) are names, not words, and are skipped.
pub fn check_german(what: &str, text: &str) -> Result<(), String> {
    let words = text
        .split('`')
        .step_by(2)
        .flat_map(str::split_whitespace)
        .filter(|token| !is_rule_id(token))
        .flat_map(|token| token.split(|c: char| !c.is_alphanumeric()));
    for word in words {
        if let Some(w) = ENGLISH_WORDS.iter().find(|w| w.eq_ignore_ascii_case(word)) {
            return Err(format!(
                "{what}: the English word {w:?} in German: {text:?}"
            ));
        }
    }
    Ok(())
}

/// A rule id such as `CAT-TURN-3` (with trailing punctuation): names, not
/// words, so the German scan skips them.
fn is_rule_id(token: &str) -> bool {
    let id = token.trim_matches(|c: char| !c.is_alphanumeric());
    id.contains('-')
        && id
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '-')
}

/// Checks a refusal's detail: a sentence without debug marks
/// in every language. Once a game declares German, its refusals must be
/// messages ([`Detail::is_message`]) whose German reads German; a detail
/// written as one English string is refused.
pub fn check_refusal(
    game: &dyn DynGame,
    seats: &[SeatInfo],
    detail: &Detail,
) -> Result<(), String> {
    let what = format!("{} refusal", game.id());
    check_text(&what, &detail.to_string())?;
    if REFUSALS_ID_FREE.contains(&game.id()) {
        check_no_raw_id(&what, &detail.render(&TextCx::new(Lang::En, seats)))?;
        check_no_raw_id(&what, &detail.render(&TextCx::new(Lang::De, seats)))?;
    }
    if game.refusal_languages().contains(&Lang::De) {
        if !detail.is_message() {
            return Err(format!("{what}: written in English only: {detail}"));
        }
        let de = detail.render(&TextCx::new(Lang::De, seats));
        check_text(&what, &de)?;
        check_german(&what, &de)?;
    }
    Ok(())
}

/// Every text of a JSON answer part: `text`, `prompt`, `summary`, `label`,
/// at any depth.
fn texts_in(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(o) => {
            for (k, x) in o {
                match (k.as_str(), x) {
                    ("text" | "prompt" | "summary" | "label", Value::String(s)) => {
                        out.push(s.clone())
                    }
                    _ => texts_in(x, out),
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| texts_in(x, out)),
        _ => {}
    }
}

/// Every `rule` id in a JSON answer part (events, decisions), at any depth.
fn rules_in(v: &Value, out: &mut std::collections::BTreeSet<String>) {
    match v {
        Value::Object(o) => {
            for (k, x) in o {
                match (k.as_str(), x) {
                    ("rule", Value::String(s)) => {
                        out.insert(s.clone());
                    }
                    _ => rules_in(x, out),
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| rules_in(x, out)),
        _ => {}
    }
}

/// Checks that a player can look up every rule id a game named:
/// each is in the game's rulebook (`GET /v1/games/{id}/rules`), with a
/// title and a summary in both languages.
pub fn check_rules_named(
    game: &dyn DynGame,
    named: &std::collections::BTreeSet<String>,
) -> Result<(), String> {
    // A game of the catalogue has its rulebook parsed once (a whole-game check names a rule
    // for every refusal it meets); another (the template) is parsed from its files here.
    let parsed;
    let book = match crate::games::rulebooks::rulebook(game.id()) {
        Some(book) => book,
        None => {
            let files = crate::games::rulebooks::files(game.rulebook_files());
            parsed = super::rulebook::Rulebook::parse(&files)
                .map_err(|e| format!("{}: its rulebook does not parse: {e}", game.id()))?;
            &parsed
        }
    };
    for id in named {
        let rule = book.rule(id).ok_or_else(|| {
            format!(
                "{}: rule {id} was named but is not in the rulebook",
                game.id()
            )
        })?;
        for lang in Lang::ALL {
            let e = rule.entry(lang);
            if e.title.trim().is_empty() || e.summary.trim().is_empty() {
                return Err(format!(
                    "{}: rule {id} has no {lang:?} title or summary",
                    game.id()
                ));
            }
        }
    }
    Ok(())
}

/// Plays `games` random games of `game` under `options` and checks every
/// text a player reads on the way, in every language: event sentences (for
/// every seat), prompts, legal-move labels, and the details of refusals of
/// junk moves. A game that declares German ([`Game::LANGUAGES`]) may have no
/// English word in its German texts ([`check_german`]). Every rule id an
/// event, a decision or a refusal names must be in the game's rulebook in
/// both languages ([`check_rules_named`]). Returns how many texts were
/// checked.
///
/// [`Game::LANGUAGES`]: super::Game::LANGUAGES
pub fn scan_texts(
    game: &dyn DynGame,
    options: &Value,
    seeds: std::ops::Range<u64>,
    max_steps: usize,
) -> Result<usize, String> {
    let options = game.options(options).map_err(|e| e.to_string())?;
    let seats = game.seats(&options).map_err(|e| e.to_string())?;
    let mode = game.table_mode(&options).map_err(|e| e.to_string())?;
    let mut n = 0;
    let mut named = std::collections::BTreeSet::new();
    for seed in seeds {
        let mut picker = Picker::new(seed);
        let (start, _) = run_with_table(game, &options, seed, 0, &mut picker, |c| {
            game.start(&options, c)
        })
        .map_err(|e| e.to_string())?;
        let (mut state, mut pos) = (start.state, start.chance.position);
        let mut events = vec![start.events];
        for step in 0..max_steps {
            for lang in Lang::ALL {
                let cx = TextCx::new(lang, &seats);
                let mut texts = Vec::new();
                let next: Value = serde_json::from_str(
                    game.next_json(&state, &cx)
                        .map_err(|e| e.to_string())?
                        .get(),
                )
                .unwrap_or_default();
                texts_in(&next, &mut texts);
                rules_in(&next, &mut named);
                for (i, _) in seats.iter().enumerate() {
                    let seat = Seat(i as u8);
                    let legal: Value = serde_json::from_str(
                        game.legal_json(&state, seat, &cx)
                            .map_err(|e| e.to_string())?
                            .get(),
                    )
                    .unwrap_or_default();
                    let what = format!("{} seed {seed} step {step} {lang:?}", game.id());
                    check_value_labels(&what, &legal)?;
                    let mut labels = Vec::new();
                    texts_in(&legal, &mut labels);
                    for t in &labels {
                        check_no_raw_id(&what, t)?;
                    }
                    texts.extend(labels);
                    for ev in &events {
                        let v: Value = serde_json::from_str(
                            game.events_json(ev, &cx, Some(seat))
                                .map_err(|e| e.to_string())?
                                .get(),
                        )
                        .unwrap_or_default();
                        texts_in(&v, &mut texts);
                        rules_in(&v, &mut named);
                    }
                }
                let german = lang == Lang::De && game.languages().contains(&Lang::De);
                for t in &texts {
                    let what = format!("{} seed {seed} step {step}", game.id());
                    check_text(&what, t)?;
                    check_plural(&what, t)?;
                    // Every game's every text: no raw id, no rule id in the prose.
                    check_no_raw_id(&what, t)?;
                    check_no_rule_in_prose(&what, t)?;
                    if german {
                        check_german(&what, t)?;
                    }
                }
                n += texts.len();
            }
            // A refusal's detail is a sentence too.
            for (i, _) in seats.iter().enumerate() {
                let junk = serde_json::json!({"type": "pass"});
                if let Ok(c) = Chance::new(Dice::at(seed, pos), mode, vec![]) {
                    if let Err(AdapterError::Rule(e)) = game.play(&state, Seat(i as u8), &junk, c) {
                        check_refusal(game, &seats, &e.detail)?;
                        named.insert(e.rule.clone());
                        n += 1;
                    }
                }
            }
            let step = match game.next(&state).map_err(|e| e.to_string())? {
                NextKind::Finished => break,
                NextKind::Bot => {
                    run_with_table(game, &options, seed, pos, &mut picker, |c| {
                        game.bot_turn(&state, c)
                    })
                    .map_err(|e| e.to_string())?
                    .0
                }
                NextKind::Human(seats) => {
                    let seat = seats[picker.pick(seats.len())];
                    let moves = game
                        .sample_moves(&state, seat, &mut |k| picker.pick(k))
                        .map_err(|e| e.to_string())?;
                    let mv = moves
                        .get(picker.pick(moves.len()))
                        .cloned()
                        .ok_or_else(|| format!("{}: no legal move", game.id()))?;
                    run_with_table(game, &options, seed, pos, &mut picker, |c| {
                        game.play(&state, seat, &mv, c)
                    })
                    .map_err(|e| format!("listed move {mv} refused: {e}"))?
                    .0
                }
            };
            state = step.state;
            pos = step.chance.position;
            events = vec![step.events];
        }
    }
    if named.is_empty() {
        return Err(format!("{}: the games named no rule", game.id()));
    }
    check_rules_named(game, &named)?;
    Ok(n)
}

/// Plausible moves to try at a decision: given the seat's view, the listed
/// moves tried, and a picker, moves the engine may or may not accept.
pub type Candidates<'a> = dyn FnMut(&Value, &[Value], &mut Picker) -> Vec<Value> + 'a;

/// Checks that the legal moves of every decision in `games` random games are
/// complete and exact: every listed move (templates sampled `samples`
/// times) is accepted, and every move among `candidates(state_json_view,
/// listed, pick)` that the engine accepts is covered by the list. Returns
/// (listed moves tried, candidates accepted).
pub fn check_legal_moves(
    game: &dyn DynGame,
    options: &Value,
    seeds: std::ops::Range<u64>,
    max_steps: usize,
    samples: usize,
    candidates: &mut Candidates<'_>,
) -> Result<(usize, usize), String> {
    let options = game.options(options).map_err(|e| e.to_string())?;
    let seat_infos = game.seats(&options).map_err(|e| e.to_string())?;
    let (mut listed, mut accepted) = (0, 0);
    for seed in seeds {
        let mut picker = Picker::new(seed ^ 0xc0ffee);
        let (start, _) = run_with_table(game, &options, seed, 0, &mut picker, |c| {
            game.start(&options, c)
        })
        .map_err(|e| e.to_string())?;
        let (mut state, mut pos) = (start.state, start.chance.position);
        for step in 0..max_steps {
            let next = game.next(&state).map_err(|e| e.to_string())?;
            let step_result = match next {
                NextKind::Finished => break,
                NextKind::Bot => {
                    run_with_table(game, &options, seed, pos, &mut picker, |c| {
                        game.bot_turn(&state, c)
                    })
                    .map_err(|e| format!("seed {seed} step {step}: bot: {e}"))?
                    .0
                }
                NextKind::Human(seats) => {
                    for &seat in &seats {
                        let mut tried: Vec<Value> = Vec::new();
                        for round in 0..samples.max(1) {
                            let moves = game
                                .sample_moves(&state, seat, &mut |k| picker.pick(k))
                                .map_err(|e| e.to_string())?;
                            for mv in moves {
                                if round > 0 && tried.contains(&mv) {
                                    continue;
                                }
                                run_with_table(game, &options, seed, pos, &mut picker, |c| {
                                    game.play(&state, seat, &mv, c)
                                })
                                .map_err(|e| {
                                    format!("seed {seed} step {step}: listed move {mv} of seat {} refused: {e}", seat.0)
                                })?;
                                listed += 1;
                                tried.push(mv);
                            }
                        }
                        let view = game.view(&state, Some(seat)).map_err(|e| e.to_string())?;
                        for c in candidates(&view, &tried, &mut picker) {
                            let r = run_with_table(game, &options, seed, pos, &mut picker, |ch| {
                                game.play(&state, seat, &c, ch)
                            });
                            if let Err(AdapterError::Rule(e)) = &r {
                                check_refusal(game, &seat_infos, &e.detail)
                                    .and_then(|()| {
                                        check_rules_named(game, &[e.rule.clone()].into())
                                    })
                                    .map_err(|m| format!("seed {seed} step {step}: {c}: {m}"))?;
                            }
                            if r.is_ok() {
                                accepted += 1;
                                if !game.covers(&state, seat, &c).unwrap_or(false) {
                                    return Err(format!(
                                        "seed {seed} step {step}: seat {} may play {c}, but the legal moves do not list it",
                                        seat.0
                                    ));
                                }
                            }
                        }
                    }
                    let seat = seats[picker.pick(seats.len())];
                    let moves = game
                        .sample_moves(&state, seat, &mut |k| picker.pick(k))
                        .map_err(|e| e.to_string())?;
                    let mv = moves
                        .get(picker.pick(moves.len()))
                        .cloned()
                        .ok_or_else(|| format!("seed {seed} step {step}: no legal move"))?;
                    run_with_table(game, &options, seed, pos, &mut picker, |c| {
                        game.play(&state, seat, &mv, c)
                    })
                    .map_err(|e| e.to_string())?
                    .0
                }
            };
            state = step_result.state;
            pos = step_result.chance.position;
        }
    }
    Ok((listed, accepted))
}

/// The labels a legal list (as `legal_json` writes it) repeats, each with
/// the moves that share it.
pub fn repeated_labels_in(legal: &Value) -> Vec<(String, Vec<Value>)> {
    let mut by_label: std::collections::BTreeMap<&str, Vec<Value>> = Default::default();
    for item in legal.as_array().into_iter().flatten() {
        let label = item.get("label").and_then(Value::as_str).unwrap_or("");
        let mv = item
            .get("move")
            .or_else(|| item.get("template"))
            .cloned()
            .unwrap_or_else(|| item.clone());
        by_label.entry(label).or_default().push(mv);
    }
    by_label
        .into_iter()
        .filter(|(_, moves)| moves.len() > 1)
        .map(|(l, moves)| (l.to_string(), moves))
        .collect()
}

/// Plays `seeds` random games (as [`random_game`] does, so a seed plays the
/// same game as there) and reads every seat's legal list after every
/// command in every language: returns how many non-empty lists were read
/// and, for each list that repeats a label, where and which (a
/// player reading a text-only list must tell its items apart).
pub fn repeated_labels(
    game: &dyn DynGame,
    options: &Value,
    seeds: std::ops::Range<u64>,
    max_steps: usize,
) -> Result<(usize, Vec<String>), String> {
    let options = game.options(options).map_err(|e| e.to_string())?;
    let seats = game.seats(&options).map_err(|e| e.to_string())?;
    let mode = game.table_mode(&options).map_err(|e| e.to_string())?;
    let (mut lists, mut found) = (0, Vec::new());
    for seed in seeds {
        let played = random_game(game, &options, seed, max_steps)?;
        let chance = Chance::new(Dice::new(seed), mode, played.setup_table.clone())
            .map_err(|e| e.to_string())?;
        let start = game.start(&options, chance).map_err(|e| e.to_string())?;
        let (mut state, mut pos) = (start.state, start.chance.position);
        for step in 0..=played.log.len() {
            for lang in Lang::ALL {
                let cx = TextCx::new(lang, &seats);
                for i in 0..seats.len() {
                    let raw = game
                        .legal_json(&state, Seat(i as u8), &cx)
                        .map_err(|e| e.to_string())?;
                    let legal: Value = serde_json::from_str(raw.get()).unwrap_or_default();
                    if legal.as_array().is_some_and(|a| !a.is_empty()) {
                        lists += 1;
                    }
                    for (label, moves) in repeated_labels_in(&legal) {
                        let moves: Vec<String> = moves.iter().map(Value::to_string).collect();
                        found.push(format!(
                            "{} seed {seed} step {step} {lang:?} seat {i}: {label:?} x{}: {}",
                            game.id(),
                            moves.len(),
                            moves.join(" | ")
                        ));
                    }
                }
            }
            let Some(cmd) = played.log.get(step) else {
                break;
            };
            let run = match cmd {
                Cmd::Move { seat, mv, table } => {
                    Chance::new(Dice::at(seed, pos), mode, table.clone())
                        .map_err(AdapterError::from)
                        .and_then(|c| game.play(&state, *seat, mv, c))
                }
                Cmd::Bot { table } => Chance::new(Dice::at(seed, pos), mode, table.clone())
                    .map_err(AdapterError::from)
                    .and_then(|c| game.bot_turn(&state, c)),
            }
            .map_err(|e| format!("{} seed {seed} step {step}: replay: {e}", game.id()))?;
            state = run.state;
            pos = run.chance.position;
        }
    }
    Ok((lists, found))
}

/// Checks the game's words on a die or card the table is asked for, in
/// every language: a label that says whose it is and what it decides (not
/// the plain "a d6"), and for a card a printed name for every candidate;
/// none of them a raw id, a rule id in prose, or (in German) English.
pub fn check_need_words(what: &str, need: &Need, seats: &[SeatInfo]) -> Result<(), String> {
    for lang in Lang::ALL {
        let cx = TextCx::new(lang, seats);
        let what = format!("{what} {lang:?}");
        let Some(label) = need.words().label(&cx) else {
            return Err(format!("{what}: a need without words: {need:?}"));
        };
        let mut texts = vec![label];
        match need {
            Need::Card { candidates, .. } => {
                for c in candidates {
                    let l = need
                        .value_label(c, &cx)
                        .ok_or_else(|| format!("{what}: the card {c:?} has no name: {need:?}"))?;
                    texts.push(l);
                }
            }
            // A face speaks for itself unless the game says what it does.
            Need::Die { .. } => texts.extend(
                need.values()
                    .iter()
                    .filter_map(|v| need.value_label(v, &cx)),
            ),
        }
        // The words as the answer carries them, value names included.
        let wire = need.localized(&cx);
        if wire.words().label(&cx).as_deref() != Some(texts[0].as_str()) {
            return Err(format!("{what}: the rendered label differs: {wire:?}"));
        }
        for t in &texts {
            check_text(&what, t)?;
            check_no_raw_id(&what, t)?;
            check_no_rule_in_prose(&what, t)?;
            check_plural(&what, t)?;
            if lang == Lang::De {
                check_german(&what, t)?;
            }
        }
    }
    Ok(())
}

/// Plays whole games in physical-table mode (`options` switch it on):
/// every command after setup takes its dice and cards from the table and
/// none from the server's stream, and the log replays to the same state.
pub fn check_physical_table(
    game: &dyn DynGame,
    options: &Value,
    seeds: std::ops::Range<u64>,
    max_steps: usize,
) -> Result<usize, String> {
    let opts = game.options(options).map_err(|e| e.to_string())?;
    let mode = game.table_mode(&opts).map_err(|e| e.to_string())?;
    if mode != super::TableMode::TABLE {
        return Err(format!(
            "{}: these options are not full table mode: {mode:?}",
            game.id()
        ));
    }
    let seats = game.seats(&opts).map_err(|e| e.to_string())?;
    let mut finished = 0;
    for seed in seeds {
        let played = random_game(game, options, seed, max_steps)?;
        if played.needs.is_empty() {
            return Err(format!(
                "{} seed {seed}: the table was never asked",
                game.id()
            ));
        }
        for (i, need) in played.needs.iter().enumerate() {
            check_need_words(&format!("{} seed {seed} need {i}", game.id()), need, &seats)?;
        }
        // Replay, and check no command after setup drew from the stream.
        let (mut state, mut pos) = {
            let s = game
                .start(
                    &opts,
                    Chance::new(Dice::new(seed), mode, played.setup_table.clone())
                        .map_err(|e| e.to_string())?,
                )
                .map_err(|e| e.to_string())?;
            (s.state, s.chance.position)
        };
        for (i, c) in played.log.iter().enumerate() {
            let step = match c {
                Cmd::Move { seat, mv, table } => game.play(
                    &state,
                    *seat,
                    mv,
                    Chance::new(Dice::at(seed, pos), mode, table.clone())
                        .map_err(|e| e.to_string())?,
                ),
                Cmd::Bot { table } => game.bot_turn(
                    &state,
                    Chance::new(Dice::at(seed, pos), mode, table.clone())
                        .map_err(|e| e.to_string())?,
                ),
            }
            .map_err(|e| format!("replay of command {i}: {e}"))?;
            if step.chance.server_used {
                return Err(format!(
                    "{} seed {seed}: command {i} drew from the server's dice in table mode: {c:?}",
                    game.id()
                ));
            }
            state = step.state;
            pos = step.chance.position;
        }
        if game.snapshot(&state).map_err(|e| e.to_string())?
            != game.snapshot(&played.state).map_err(|e| e.to_string())?
        {
            return Err(format!(
                "{} seed {seed}: the replay ends elsewhere",
                game.id()
            ));
        }
        finished += usize::from(played.finished);
    }
    Ok(finished)
}

#[cfg(test)]
mod tests {
    use super::check_german;

    #[test]
    fn the_german_scan_skips_rule_ids_but_not_words() {
        assert!(check_german("t", "Du bist nicht am Zug (CAT-TURN-3).").is_ok());
        assert!(check_german("t", "Regel ARLE-VIM-4: die VIM blockiert.").is_ok());
        assert!(check_german("t", "Dein turn ist vorbei.").is_err());
        assert!(check_german("t", "Dein TURN ist vorbei.").is_err());
    }

    /// The raw ids players saw on the table page are all found;
    /// player words, rule ids, printed coordinates and numbers are not.
    #[test]
    fn the_raw_id_scan_finds_the_ids_players_saw() {
        use super::check_no_raw_id as check;
        for seen in [
            "robber on 1,-2",
            "hex [-1,-1]",
            r#"[-1,-2,"S"]"#,
            "Take power action ACT4",
            "Take favor tile FAV7",
            "Pass and take BON9",
            "oracle_of_delphi",
            "`season`",
            "{\"a\": 1}",
            "a corner at 3,4",
            "builds a road for white (n1)",
            "fictive player f1 offers 1 brick",
        ] {
            assert!(check("t", seen).is_err(), "{seen}");
        }
        for fine in [
            "Move the robber to the forest (6)",
            "You are not on turn (CAT-TURN-3).",
            "E7, Mountains",
            "Report −3 VP, 1, 2 and 3",
            "Miltiades (card 4)",
            "PERSS.KI rolls 2, 5",
            "the north-west corner",
            "neutral party 1 (white)",
            "Die 1 (d6)",
        ] {
            assert!(check("t", fine).is_ok(), "{fine}");
        }
    }

    /// A rule id in a sentence is found (the rule is one tap away, not in
    /// the prose); printed coordinates, numbers and names are not.
    #[test]
    fn the_rule_scan_finds_rule_ids_in_prose() {
        use super::check_no_rule_in_prose as check;
        for seen in [
            "Player B: roll the dice for your second roll (CCK-DICE-2).",
            "as CAT-DUO-6 requires",
            "Spielende nach den Regeln (T300-END-1).",
        ] {
            assert!(check("t", seen).is_err(), "{seen}");
        }
        for fine in [
            "Player B: roll the dice for your second roll.",
            "E7, Mountains",
            "the north-west corner",
            "PERSS.KI rolls 2, 5",
            "Fire & Ice, side 1",
        ] {
            assert!(check("t", fine).is_ok(), "{fine}");
        }
    }

    /// "1 cards" is found, "1 card", "11 cards" and "+1 cards" are not.
    #[test]
    fn the_plural_scan_finds_a_count_of_one_in_the_plural() {
        use super::check_plural as check;
        assert!(check("t", "Player A takes 1 cards.").is_err());
        assert!(check("t", "Spieler A wirft 1 Karten ab.").is_err());
        for fine in [
            "Player A takes 1 card.",
            "Player A takes 11 cards.",
            "2 cards",
            "1 of 4 cards",
        ] {
            assert!(check("t", fine).is_ok(), "{fine}");
        }
    }

    /// The rulebook check fails for a rule a game names but its book lacks.
    #[test]
    fn a_named_rule_missing_from_the_rulebook_is_found() {
        let game = crate::games::catalog()
            .into_iter()
            .find(|g| g.id() == "arler-erde")
            .unwrap();
        let known: std::collections::BTreeSet<String> =
            ["ARLE-VIM-4".to_string(), "SESSION-TURN-1".to_string()].into();
        assert_eq!(super::check_rules_named(game.as_ref(), &known), Ok(()));
        // Built, not written as a literal: the scan of the code for rule ids
        // (`games::rulebooks`) would rightly flag it.
        let missing = format!("ARLE-VIM-{}", 99);
        let unknown: std::collections::BTreeSet<String> = [missing.clone()].into();
        let err = super::check_rules_named(game.as_ref(), &unknown).unwrap_err();
        assert!(err.contains(&missing), "{err}");
    }

    /// Every legal list of every game in the catalogue names each item by a
    /// label of its own, in both languages: random games with the default
    /// options and with the physical-table options.
    #[test]
    fn no_legal_list_repeats_a_label() {
        let (mut lists, mut found) = (0, Vec::new());
        for game in crate::games::catalog() {
            let mut sets = vec![game.default_options()];
            sets.extend(game.physical_table_options());
            for options in &sets {
                let (n, f) = super::repeated_labels(game.as_ref(), options, 0..6, 400)
                    .unwrap_or_else(|e| panic!("{}: {e}", game.id()));
                lists += n;
                found.extend(f);
            }
        }
        assert!(lists > 1000, "only {lists} lists read");
        assert!(
            found.is_empty(),
            "{} of {lists} lists repeat a label:\n{}",
            found.len(),
            found
                .iter()
                .take(60)
                .cloned()
                .collect::<Vec<_>>()
                .join("\n")
        );
    }

    /// The check finds a repeated label (and only that).
    #[test]
    fn a_repeated_label_is_found() {
        let legal = serde_json::json!([
            {"label": "Build a road", "move": {"type": "road", "edge": 1}},
            {"label": "Build a road", "move": {"type": "road", "edge": 2}},
            {"label": "Pass", "move": {"type": "pass"}},
        ]);
        let r = super::repeated_labels_in(&legal);
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].0, "Build a road");
        assert_eq!(r[0].1.len(), 2);
        assert!(super::repeated_labels_in(&serde_json::json!([legal[2].clone()])).is_empty());
    }

    #[test]
    fn the_german_scan_skips_backticked_names() {
        assert!(check_german("t", "Setze `fire_and_ice` und `atp_cards`.").is_ok());
        assert!(check_german("t", "Setze `fire_and_ice` and mehr.").is_err());
        assert!(check_german("t", "Mit `atp_cards` und `first_player`.").is_ok());
        assert!(check_german("t", "Mit `atp_cards` und cards.").is_err());
    }
}
