//! Text catalogues: every sentence and name a game writes lives in a Fluent file per game and
//! language (`src/games/<game>/text/<lang>.ftl`), beside the shared grammar
//! (`src/engine/text/<lang>.ftl`). The typed values (events, refusals) stay; each maps to a
//! message id and its fields to arguments. The files are compiled in: a catalogue does no I/O.
//!
//! A broken file never panics: what parses is kept and the errors are listed
//! ([`Catalogue::errors`]); the catalogue checks (`fluent_checks` in the tests) fail on any.

use std::borrow::Cow;
use std::collections::BTreeMap;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::types::FluentType;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

use super::text::Lang;

/// The shared grammar, per language.
pub const SHARED: &[(Lang, &str)] = &[
    (Lang::En, include_str!("text/en.ftl")),
    (Lang::De, include_str!("text/de.ftl")),
];

/// One game's catalogue in every language it has.
pub struct Catalogue {
    game: &'static str,
    entries: Vec<Entry>,
}

struct Entry {
    lang: Lang,
    /// A file shared by a family of games (Catan's core), before the game's own.
    base: &'static str,
    source: &'static str,
    bundle: FluentBundle<FluentResource>,
    errors: Vec<String>,
}

/// Items of a list argument ([`Args::list`]), joined by `LIST` or `OR_LIST`.
#[derive(Debug, Clone, PartialEq)]
struct Items(Vec<String>);

impl Items {
    fn join(&self, last: &str) -> String {
        let mut out = String::new();
        for (i, item) in self.0.iter().enumerate() {
            match i {
                0 => {}
                _ if i + 1 == self.0.len() => {
                    out.push(' ');
                    out.push_str(last);
                    out.push(' ');
                }
                _ => out.push_str(", "),
            }
            out.push_str(item);
        }
        out
    }
}

impl FluentType for Items {
    fn duplicate(&self) -> Box<dyn FluentType + Send> {
        Box::new(self.clone())
    }
    // A list placed without LIST or OR_LIST: commas only.
    fn as_string(&self, _: &intl_memoizer::IntlLangMemoizer) -> Cow<'static, str> {
        self.0.join(", ").into()
    }
    fn as_string_threadsafe(
        &self,
        _: &intl_memoizer::concurrent::IntlLangMemoizer,
    ) -> Cow<'static, str> {
        self.0.join(", ").into()
    }
}

/// The arguments of one message.
#[derive(Default)]
pub struct Args<'a>(FluentArgs<'a>);

impl<'a> Args<'a> {
    pub fn new() -> Self {
        Args(FluentArgs::new())
    }
    /// A text or a number.
    pub fn set(mut self, name: &'static str, value: impl Into<FluentValue<'a>>) -> Self {
        self.0.set(name, value);
        self
    }
    /// A list, for `LIST($name)` or `OR_LIST($name)`.
    pub fn list(mut self, name: &'static str, items: Vec<String>) -> Self {
        self.0
            .set(name, FluentValue::Custom(Box::new(Items(items))));
        self
    }
}

/// The text of a function's first argument.
fn text_of(v: Option<&FluentValue<'_>>) -> String {
    match v {
        Some(FluentValue::String(s)) => s.to_string(),
        Some(FluentValue::Number(n)) => n.as_string().to_string(),
        Some(FluentValue::Custom(c)) => match c.as_any().downcast_ref::<Items>() {
            Some(items) => items.0.join(", "),
            None => String::new(),
        },
        _ => String::new(),
    }
}

fn list_function(
    last: String,
) -> impl for<'v> Fn(&[FluentValue<'v>], &FluentArgs) -> FluentValue<'v> + Send + Sync + 'static {
    move |positional, _| match positional.first() {
        Some(FluentValue::Custom(c)) => match c.as_any().downcast_ref::<Items>() {
            Some(items) => FluentValue::String(items.join(&last).into()),
            None => FluentValue::Error,
        },
        other => FluentValue::String(text_of(other).into()),
    }
}

impl Catalogue {
    /// The catalogue of `game` from its files, one per language (the shared grammar is added
    /// to each).
    pub fn new(game: &'static str, sources: &[(Lang, &'static str)]) -> Catalogue {
        Catalogue::with_base(game, &[], sources)
    }

    /// The catalogue of `game` whose files build on a family's `base` files (one per
    /// language, loaded after the shared grammar and before the game's own).
    pub fn with_base(
        game: &'static str,
        base: &[(Lang, &'static str)],
        sources: &[(Lang, &'static str)],
    ) -> Catalogue {
        let entries = sources
            .iter()
            .map(|&(lang, source)| {
                let base = base
                    .iter()
                    .find(|(l, _)| *l == lang)
                    .map_or("", |(_, s)| *s);
                let mut errors = Vec::new();
                let tag: LanguageIdentifier = lang.tag().parse().unwrap_or_default();
                let mut bundle = FluentBundle::new_concurrent(vec![tag]);
                // Plain text out: no Unicode isolation marks around arguments.
                bundle.set_use_isolating(false);
                let shared = SHARED
                    .iter()
                    .find(|(l, _)| *l == lang)
                    .map_or("", |(_, s)| *s);
                for (file, text) in [("shared", shared), ("base", base), (game, source)] {
                    let resource = match FluentResource::try_new(text.to_string()) {
                        Ok(r) => r,
                        Err((r, errs)) => {
                            errors.extend(errs.iter().map(|e| format!("{file} {lang:?}: {e:?}")));
                            r
                        }
                    };
                    if let Err(errs) = bundle.add_resource(resource) {
                        errors.extend(errs.iter().map(|e| format!("{file} {lang:?}: {e}")));
                    }
                }
                let word = |id: &str| {
                    let mut errs = Vec::new();
                    bundle
                        .get_message(id)
                        .and_then(|m| m.value())
                        .map(|p| bundle.format_pattern(p, None, &mut errs).to_string())
                        .unwrap_or_default()
                };
                let (and, or) = (word("grammar-and"), word("grammar-or"));
                for (name, r) in [
                    ("LIST", bundle.add_function("LIST", list_function(and))),
                    ("OR_LIST", bundle.add_function("OR_LIST", list_function(or))),
                    (
                        "CAP",
                        bundle.add_function("CAP", |positional, _| {
                            FluentValue::String(
                                super::text::capitalise(&text_of(positional.first())).into(),
                            )
                        }),
                    ),
                ] {
                    if let Err(e) = r {
                        errors.push(format!("{name}: {e}"));
                    }
                }
                Entry {
                    lang,
                    base,
                    source,
                    bundle,
                    errors,
                }
            })
            .collect();
        Catalogue { game, entries }
    }

    /// The game id.
    pub fn game(&self) -> &'static str {
        self.game
    }

    /// The languages the catalogue has.
    pub fn languages(&self) -> impl Iterator<Item = Lang> + '_ {
        self.entries.iter().map(|e| e.lang)
    }

    /// The entry of `lang`, English where the catalogue has no such language.
    fn entry(&self, lang: Lang) -> Option<&Entry> {
        self.entries
            .iter()
            .find(|e| e.lang == lang)
            .or_else(|| self.entries.first())
    }

    /// Message `id` (or `id.attribute`) in `lang` with `args`. A missing message reads as
    /// its id, a missing argument as `{$name}` (the checks make both impossible).
    pub fn text(&self, lang: Lang, id: &str, args: &Args<'_>) -> String {
        let Some(e) = self.entry(lang) else {
            return id.to_string();
        };
        let (msg, attr) = match id.split_once('.') {
            Some((m, a)) => (m, Some(a)),
            None => (id, None),
        };
        let pattern = e.bundle.get_message(msg).and_then(|m| match attr {
            Some(a) => m.get_attribute(a).map(|a| a.value()),
            None => m.value(),
        });
        let Some(pattern) = pattern else {
            return id.to_string();
        };
        let mut errors = Vec::new();
        e.bundle
            .format_pattern(pattern, Some(&args.0), &mut errors)
            .into_owned()
    }

    /// Message `id` with `args` as [`Catalogue::text`] formats it, or what went wrong: a
    /// missing message, argument, term or function (the checks).
    pub fn checked(&self, lang: Lang, id: &str, args: &Args<'_>) -> Result<String, Vec<String>> {
        let e = self
            .entries
            .iter()
            .find(|e| e.lang == lang)
            .ok_or_else(|| vec![format!("no {lang:?} catalogue")])?;
        let (msg, attr) = match id.split_once('.') {
            Some((m, a)) => (m, Some(a)),
            None => (id, None),
        };
        let pattern = e.bundle.get_message(msg).and_then(|m| match attr {
            Some(a) => m.get_attribute(a).map(|a| a.value()),
            None => m.value(),
        });
        let pattern = pattern.ok_or_else(|| vec![format!("{lang:?}: no message {id}")])?;
        let mut errors = Vec::new();
        let out = e.bundle.format_pattern(pattern, Some(&args.0), &mut errors);
        if errors.is_empty() {
            Ok(out.into_owned())
        } else {
            Err(errors
                .iter()
                .map(|x| format!("{lang:?} {id}: {x}"))
                .collect())
        }
    }

    /// The names of the arguments passed.
    pub fn arg_names<'a>(args: &'a Args<'_>) -> impl Iterator<Item = &'a str> + 'a {
        args.0.iter().map(|(k, _)| k)
    }

    /// A name or sentence without arguments.
    pub fn name(&self, lang: Lang, id: &str) -> String {
        self.text(lang, id, &Args::new())
    }

    /// The game's file in `lang` with the shared grammar before it, as a front end loads it
    /// into its own Fluent bundle.
    pub fn source(&self, lang: Lang) -> Option<String> {
        let e = self.entries.iter().find(|e| e.lang == lang)?;
        let shared = SHARED
            .iter()
            .find(|(l, _)| *l == lang)
            .map_or("", |(_, s)| *s);
        Some(match e.base {
            "" => format!("{shared}\n{}", e.source),
            base => format!("{shared}\n{base}\n{}", e.source),
        })
    }

    /// Every message and attribute (`id.attribute`) that reads without arguments, formatted:
    /// the names a front end shows. Sentences with arguments are in [`Catalogue::source`].
    pub fn names(&self, lang: Lang) -> BTreeMap<String, String> {
        let mut out = BTreeMap::new();
        let Some(e) = self.entries.iter().find(|e| e.lang == lang) else {
            return out;
        };
        let shared = SHARED
            .iter()
            .find(|(l, _)| *l == lang)
            .map_or("", |(_, s)| *s);
        for text in [shared, e.base, e.source] {
            let Ok(resource) = FluentResource::try_new(text.to_string()) else {
                continue;
            };
            for entry in resource.entries() {
                let fluent_syntax::ast::Entry::Message(m) = entry else {
                    continue;
                };
                let Some(msg) = e.bundle.get_message(m.id.name) else {
                    continue;
                };
                let mut parts: Vec<(String, _)> = Vec::new();
                if let Some(v) = msg.value() {
                    parts.push((m.id.name.to_string(), v));
                }
                for a in msg.attributes() {
                    parts.push((format!("{}.{}", m.id.name, a.id()), a.value()));
                }
                for (id, pattern) in parts {
                    let mut errors = Vec::new();
                    let s = e.bundle.format_pattern(pattern, None, &mut errors);
                    if errors.is_empty() {
                        out.insert(id, s.into_owned());
                    }
                }
            }
        }
        out
    }

    /// The game's own file in `lang` (without the shared grammar).
    pub fn source_of(&self, lang: Lang) -> Option<&'static str> {
        self.entries
            .iter()
            .find(|e| e.lang == lang)
            .map(|e| e.source)
    }

    /// The family's file beneath the game's in `lang` (empty for a game on its own).
    pub fn base_of(&self, lang: Lang) -> &'static str {
        self.entries
            .iter()
            .find(|e| e.lang == lang)
            .map_or("", |e| e.base)
    }

    /// Parse and load errors (none in a good catalogue).
    pub fn errors(&self) -> Vec<String> {
        self.entries.iter().flat_map(|e| e.errors.clone()).collect()
    }

    /// The sources per language (the checks read their syntax trees).
    pub fn sources(&self) -> impl Iterator<Item = (Lang, &'static str)> + '_ {
        self.entries.iter().map(|e| (e.lang, e.source))
    }
}
