//! The checks that stand in for a missing `match` arm now that sentences are data: every
//! catalogue parses; every message, attribute and term is in every language; a translation
//! uses no argument English does not; every term, message and function referred to exists;
//! every argument the Rust side passes is one a message uses, and every one it uses is
//! passed; no message is an orphan; and a pseudo-locale generated from English (`en-XA`:
//! accented and lengthened) renders every message, so a new language is a folder of `.ftl`
//! files and no Rust.

use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::ast::{
    CallArguments, Entry, Expression, InlineExpression, Pattern, PatternElement,
};
use ghostseat_engine::engine::testing::games;
use ghostseat_engine::engine::{Args, Catalogue, Lang, TextCx};

/// What a pattern refers to.
#[derive(Default, Debug)]
struct Refs {
    variables: BTreeSet<String>,
    /// Variables a selector or `NUMBER` reads as a number (the rest are texts).
    selectors: BTreeMap<String, Vec<String>>,
    terms: BTreeSet<String>,
    messages: BTreeSet<String>,
    functions: BTreeSet<String>,
}

fn inline(e: &InlineExpression<&str>, r: &mut Refs) {
    match e {
        InlineExpression::VariableReference { id } => {
            r.variables.insert(id.name.to_string());
        }
        InlineExpression::TermReference { id, arguments, .. } => {
            r.terms.insert(id.name.to_string());
            if let Some(a) = arguments {
                call(a, r);
            }
        }
        InlineExpression::MessageReference { id, .. } => {
            r.messages.insert(id.name.to_string());
        }
        InlineExpression::FunctionReference { id, arguments } => {
            r.functions.insert(id.name.to_string());
            call(arguments, r);
        }
        InlineExpression::Placeable { expression } => expr(expression, r),
        InlineExpression::StringLiteral { .. } | InlineExpression::NumberLiteral { .. } => {}
    }
}

fn call(a: &CallArguments<&str>, r: &mut Refs) {
    a.positional.iter().for_each(|p| inline(p, r));
    a.named.iter().for_each(|n| inline(&n.value, r));
}

fn expr(e: &Expression<&str>, r: &mut Refs) {
    match e {
        Expression::Inline(i) => inline(i, r),
        Expression::Select { selector, variants } => {
            if let InlineExpression::VariableReference { id } = selector {
                let keys = r.selectors.entry(id.name.to_string()).or_default();
                for v in variants {
                    if let fluent_syntax::ast::VariantKey::Identifier { name } = &v.key {
                        keys.push(name.to_string());
                    }
                }
            }
            inline(selector, r);
            variants.iter().for_each(|v| pattern(&v.value, r));
        }
    }
}

fn pattern(p: &Pattern<&str>, r: &mut Refs) {
    for el in &p.elements {
        if let PatternElement::Placeable { expression } = el {
            expr(expression, r);
        }
    }
}

/// Every message (`id`, `id.attr`) and term (`-id`, `-id.attr`) of a source, with what it
/// refers to.
fn entries(source: &str) -> BTreeMap<String, Refs> {
    let resource = fluent_syntax::parser::parse(source).unwrap_or_else(|(r, _)| r);
    let mut out = BTreeMap::new();
    for e in &resource.body {
        let (prefix, id, value, attributes) = match e {
            Entry::Message(m) => ("", m.id.name, m.value.as_ref(), &m.attributes),
            Entry::Term(t) => ("-", t.id.name, Some(&t.value), &t.attributes),
            _ => continue,
        };
        if let Some(v) = value {
            let mut r = Refs::default();
            pattern(v, &mut r);
            out.insert(format!("{prefix}{id}"), r);
        }
        for a in attributes {
            let mut r = Refs::default();
            pattern(&a.value, &mut r);
            out.insert(format!("{prefix}{id}.{}", a.id.name), r);
        }
    }
    out
}

/// The shared grammar and the game's file of one language, as one bundle sees them.
fn all_entries(catalogue: &Catalogue, lang: Lang) -> BTreeMap<String, Refs> {
    let source = catalogue.source(lang).expect("the language is there");
    entries(&source)
}

const FUNCTIONS: [&str; 4] = ["LIST", "OR_LIST", "CAP", "NUMBER"];

fn catalogues() -> Vec<&'static Catalogue> {
    games().iter().filter_map(|g| g.catalogue()).collect()
}

#[test]
fn every_catalogue_parses_and_has_the_same_messages_in_every_language() {
    let all = catalogues();
    assert!(!all.is_empty(), "no game has a catalogue yet");
    for c in all {
        assert_eq!(c.errors(), Vec::<String>::new(), "{}", c.game());
        let langs: Vec<Lang> = c.languages().collect();
        assert_eq!(langs, Lang::ALL, "{}: a file per language", c.game());
        let en = all_entries(c, Lang::En);
        for lang in &langs[1..] {
            let other = all_entries(c, *lang);
            let (a, b): (BTreeSet<_>, BTreeSet<_>) = (en.keys().collect(), other.keys().collect());
            assert_eq!(
                a.difference(&b).collect::<Vec<_>>(),
                Vec::<&&String>::new(),
                "{}: missing in {lang:?}",
                c.game()
            );
            assert_eq!(
                b.difference(&a).collect::<Vec<_>>(),
                Vec::<&&String>::new(),
                "{}: in {lang:?} only",
                c.game()
            );
            for (id, refs) in &other {
                let extra: Vec<_> = refs.variables.difference(&en[id].variables).collect();
                assert!(
                    extra.is_empty(),
                    "{} {lang:?} {id}: arguments English does not have: {extra:?}",
                    c.game()
                );
            }
        }
    }
}

#[test]
fn every_term_message_and_function_referred_to_exists_and_no_term_is_an_orphan() {
    for c in catalogues() {
        for lang in c.languages() {
            let entries = all_entries(c, lang);
            let mut used_terms = BTreeSet::new();
            for (id, refs) in &entries {
                for t in &refs.terms {
                    assert!(
                        entries.contains_key(&format!("-{t}")),
                        "{} {lang:?} {id}: no term -{t}",
                        c.game()
                    );
                    used_terms.insert(format!("-{t}"));
                }
                for m in &refs.messages {
                    assert!(
                        entries.contains_key(m),
                        "{} {lang:?} {id}: no {m}",
                        c.game()
                    );
                }
                for f in &refs.functions {
                    assert!(
                        FUNCTIONS.contains(&f.as_str()),
                        "{} {id}: no function {f}",
                        c.game()
                    );
                }
            }
            for id in entries
                .keys()
                .filter(|k| k.starts_with('-') && !k.contains('.'))
            {
                assert!(
                    used_terms.contains(id),
                    "{} {lang:?}: term {id} is used nowhere",
                    c.game()
                );
            }
        }
    }
}

/// Pseudo-localised text: every letter accented, every text a third longer, so that a
/// sentence still written in Rust, or a layout that fits English only, shows.
fn pseudo(text: &str) -> String {
    const FROM: &str = "aceinosuyACEINOSUY";
    const TO: [char; 18] = [
        'á', 'ç', 'é', 'ï', 'ñ', 'ö', 'š', 'ü', 'ý', 'Á', 'Ç', 'É', 'Ï', 'Ñ', 'Ö', 'Š', 'Ü', 'Ý',
    ];
    let mut out: String = text
        .chars()
        .map(|c| FROM.find(c).map_or(c, |i| TO[FROM[..i].chars().count()]))
        .collect();
    let extra = text.chars().filter(|c| c.is_alphabetic()).count() / 3;
    if extra > 0 {
        out.push_str(&"~".repeat(extra));
    }
    out
}

fn pseudo_pattern(p: &mut Pattern<String>) {
    for el in &mut p.elements {
        match el {
            PatternElement::TextElement { value } => *value = pseudo(value),
            PatternElement::Placeable { expression } => {
                if let Expression::Select { variants, .. } = expression {
                    variants
                        .iter_mut()
                        .for_each(|v| pseudo_pattern(&mut v.value));
                }
            }
        }
    }
}

/// `en-XA` from an English file.
fn pseudo_source(english: &str) -> String {
    let mut resource = fluent_syntax::parser::parse(english.to_string()).unwrap_or_else(|(r, _)| r);
    for e in &mut resource.body {
        match e {
            Entry::Message(m) => {
                m.value.iter_mut().for_each(pseudo_pattern);
                m.attributes
                    .iter_mut()
                    .for_each(|a| pseudo_pattern(&mut a.value));
            }
            Entry::Term(t) => {
                pseudo_pattern(&mut t.value);
                t.attributes
                    .iter_mut()
                    .for_each(|a| pseudo_pattern(&mut a.value));
            }
            _ => {}
        }
    }
    fluent_syntax::serializer::serialize(&resource)
}

/// Arguments for every variable of `refs`: numbers for selectors over plural categories,
/// the variant keys for other selectors, lists for LIST and OR_LIST, texts otherwise.
fn sample_args(refs: &Refs, variant: usize) -> Args<'static> {
    let mut args = Args::new();
    for v in &refs.variables {
        let name: &'static str = Box::leak(v.clone().into_boxed_str());
        args = match refs.selectors.get(v) {
            Some(keys) if keys.iter().any(|k| k == "one" || k == "other") => {
                args.set(name, [1u32, 2, 0][variant % 3])
            }
            Some(keys) if !keys.is_empty() => args.set(name, keys[variant % keys.len()].clone()),
            _ if refs.functions.contains("LIST") || refs.functions.contains("OR_LIST") => {
                args.list(name, vec!["Alpha".into(), "Beta".into(), "Gamma".into()])
            }
            _ => args.set(name, "Xyz"),
        };
    }
    args
}

#[test]
fn a_pseudo_locale_generated_from_english_renders_every_message() {
    for c in catalogues() {
        let english = c.source_of(Lang::En).expect("English");
        let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
        let base = match c.base_of(Lang::En) {
            "" => vec![],
            base => vec![(Lang::En, leak(pseudo_source(base)))],
        };
        let xa = Catalogue::with_base(c.game(), &base, &[(Lang::En, leak(pseudo_source(english)))]);
        assert_eq!(xa.errors(), Vec::<String>::new(), "{} en-XA", c.game());
        for (id, refs) in entries(english) {
            if id.starts_with('-') {
                continue;
            }
            for variant in 0..3 {
                let args = sample_args(&refs, variant);
                let out = xa
                    .checked(Lang::En, &id, &args)
                    .unwrap_or_else(|e| panic!("{} en-XA {id}: {e:?}", c.game()));
                let plain = c.checked(Lang::En, &id, &args).unwrap();
                assert!(
                    out != plain || !plain.chars().any(|ch| "aceinosuy".contains(ch)),
                    "{} {id}: en-XA reads as English: {out}",
                    c.game()
                );
            }
        }
    }
}

/// Every name in `names` reads without arguments, every message `messages` gives in a
/// language renders with exactly the arguments English uses, and together they use every
/// message of the catalogue (none is an orphan).
fn passes_every_argument_and_leaves_no_orphan<F>(
    text: &Catalogue,
    names: &BTreeSet<String>,
    messages: F,
) where
    F: Fn(Lang) -> Vec<(String, &'static str, Args<'static>)>,
{
    for lang in Lang::ALL {
        let entries = all_entries(text, lang);
        let mut used = names.clone();
        for id in names {
            text.checked(lang, id, &Args::new())
                .unwrap_or_else(|e| panic!("{e:?}"));
        }
        for (what, id, args) in messages(lang) {
            text.checked(lang, id, &args)
                .unwrap_or_else(|e| panic!("{what}: {e:?}"));
            let passed: BTreeSet<String> = Catalogue::arg_names(&args).map(String::from).collect();
            assert_eq!(
                passed,
                all_entries(text, Lang::En)[id].variables,
                "{what}: the arguments passed and those English uses"
            );
            assert!(entries.contains_key(id));
            used.insert(id.to_string());
        }
        let orphans: Vec<_> = entries
            .keys()
            .filter(|k| !k.starts_with('-') && !used.contains(*k))
            .collect();
        assert!(
            orphans.is_empty(),
            "{lang:?}: messages nothing uses: {orphans:?}"
        );
    }
}

/// 300: every refusal renders in every language with exactly the arguments its messages
/// use, and the refusals and names together use every message of the catalogue.
#[test]
fn three_hundred_passes_every_argument_and_leaves_no_orphan() {
    use ghostseat_engine::games::three_hundred::catalogue::{city_id, TEXT};
    use ghostseat_engine::games::three_hundred::data::{CARDS, CITIES};
    use ghostseat_engine::games::three_hundred::refusals::{Refusal, FIELDS};
    let mut names: BTreeSet<String> = ["grammar-and", "grammar-or"].map(String::from).into();
    names.extend(CARDS.iter().map(|c| format!("card-{}", c.id())));
    names.extend(CITIES.iter().map(|c| format!("city-{}", city_id(*c))));
    names.extend(FIELDS.iter().flat_map(|f| {
        [
            format!("field-{}", f.name()),
            format!("field-{}.none", f.name()),
        ]
    }));
    passes_every_argument_and_leaves_no_orphan(&TEXT, &names, |lang| {
        let cx = TextCx::new(lang, &[]);
        Refusal::examples()
            .iter()
            .map(|r| {
                let (id, args) = r.message(&cx);
                (format!("{r:?}"), id, args)
            })
            .collect()
    });
}

/// The Catan core's words beneath a variant's catalogue, as names that read without
/// arguments.
fn catan_core_names() -> BTreeSet<String> {
    use ghostseat_engine::games::catan::refusals::CARD_KINDS;
    use ghostseat_engine::games::catan::{DevCard, Resource};
    let mut names: BTreeSet<String> = ["grammar-and", "grammar-or"].map(String::from).into();
    names.extend(Resource::ALL.map(|r| format!("resource-{}", r.name())));
    names.extend(
        CARD_KINDS
            .iter()
            .filter(|k| !Resource::ALL.iter().any(|r| r.name() == **k))
            .map(|k| format!("commodity-{k}")),
    );
    names.extend(["road", "settlement", "city"].map(|p| format!("piece-{p}")));
    names.extend(
        ["road", "settlement", "city", "development-card"].map(|p| format!("purchase-{p}")),
    );
    names.extend(DevCard::ALL.map(|c| format!("dev-card-{}", c.id().replace('_', "-"))));
    names
}

/// The Catan core's refusals in `lang`, as the checks take them.
fn catan_core_refusals(lang: Lang) -> Vec<(String, &'static str, Args<'static>)> {
    use ghostseat_engine::games::catan::refusals::Refusal;
    Refusal::examples()
        .iter()
        .map(|r| {
            let (id, args) = r.message(lang);
            (format!("{r:?}"), id, args)
        })
        .collect()
}

/// catan-shadow: likewise, with the Catan core's words and refusals beneath it.
#[test]
fn catan_shadow_passes_every_argument_and_leaves_no_orphan() {
    use ghostseat_engine::games::catan_shadow::catalogue::TEXT;
    use ghostseat_engine::games::catan_shadow::refusals::Refusal;
    passes_every_argument_and_leaves_no_orphan(&TEXT, &catan_core_names(), |lang| {
        let mut all = catan_core_refusals(lang);
        all.extend(Refusal::examples().iter().map(|r| {
            let (id, args) = r.message();
            (format!("{r:?}"), id, args)
        }));
        all
    });
}

/// The Catan core's catalogue on its own (what the core's refusals render with) passes
/// the same checks.
#[test]
fn catan_core_passes_every_argument_and_leaves_no_orphan() {
    use ghostseat_engine::games::catan::catalogue::CORE;
    passes_every_argument_and_leaves_no_orphan(&CORE, &catan_core_names(), catan_core_refusals);
}

/// The Catan core's names are the ones its Rust text still writes, until it moves too.
#[test]
fn catan_core_names_match_the_rust_text() {
    use ghostseat_engine::games::catan::catalogue::CORE;
    use ghostseat_engine::games::catan::refusals::CARD_KINDS;
    use ghostseat_engine::games::catan::text::{
        dev_card_name, dev_card_name_de, kind_id_name, kind_id_name_de, resource_name_de,
    };
    use ghostseat_engine::games::catan::{DevCard, Resource};
    use ghostseat_engine::games::catan_shadow::catalogue::resource;
    for r in Resource::ALL {
        assert_eq!(resource(Lang::En, r), r.name());
        assert_eq!(resource(Lang::De, r), resource_name_de(r));
    }
    for k in CARD_KINDS {
        let family = if Resource::ALL.iter().any(|r| r.name() == k) {
            "resource"
        } else {
            "commodity"
        };
        let id = format!("{family}-{k}");
        assert_eq!(CORE.name(Lang::En, &id), kind_id_name(k));
        assert_eq!(CORE.name(Lang::De, &id), kind_id_name_de(k));
    }
    for c in DevCard::ALL {
        let id = format!("dev-card-{}", c.id().replace('_', "-"));
        assert_eq!(CORE.name(Lang::En, &id), dev_card_name(c));
        assert_eq!(
            format!("eine {}", CORE.name(Lang::De, &id)),
            dev_card_name_de(c)
        );
    }
}

/// The names in the catalogue are the names the rest of 300's Rust text still writes, until
/// it moves too.
#[test]
fn three_hundred_names_match_the_rust_text() {
    use ghostseat_engine::games::three_hundred::catalogue::{card, city};
    use ghostseat_engine::games::three_hundred::data::{CARDS, CITIES};
    for c in CARDS {
        assert_eq!(card(Lang::En, c), c.name());
        assert_eq!(card(Lang::De, c), c.name_de());
    }
    for c in CITIES {
        assert_eq!(city(Lang::En, c), c.name());
        assert_eq!(city(Lang::De, c), c.name());
    }
}
