//! Titles and plain descriptions of a game's options, for a new-game form.
//!
//! The options struct documents each field for API clients (its doc comment
//! is the OpenAPI schema's `description`, with option names and rule ids); a
//! game lists here, per top-level property and in the order a form shows
//! them, a short title and one or two sentences for a player, in English and
//! German, whether the option is one of the few basic choices, and the
//! names of its fixed values. `GET /v1/games` sends the options schema in
//! the request's language with these in place ([`localize_options_schema`]):
//! `title`, `description`, and the extensions `x-order` (the form's order),
//! `x-basic` (shown before "More options") and `x-values` (`[{value, title}]`).

use serde_json::{json, Value};

use super::Lang;

/// The texts of one top-level options property.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptionText {
    /// The property's name in the options JSON.
    pub name: &'static str,
    /// A short title: English, German.
    pub title: [&'static str; 2],
    /// What the option means for the game, in sentences for a player (no
    /// option names, JSON values or rule ids): English, German.
    pub text: [&'static str; 2],
    /// One of the few choices a new-game form shows first.
    pub basic: bool,
    /// The names of the option's fixed values, where it has some: the value
    /// as JSON text (`"roll"`), its name in English and German.
    pub values: &'static [(&'static str, [&'static str; 2])],
}

impl OptionText {
    /// The title in `lang`.
    pub fn title(&self, lang: Lang) -> &'static str {
        pick(self.title, lang)
    }

    /// The description in `lang`.
    pub fn text(&self, lang: Lang) -> &'static str {
        pick(self.text, lang)
    }
}

fn pick(texts: [&'static str; 2], lang: Lang) -> &'static str {
    match lang {
        Lang::En => texts[0],
        Lang::De => texts[1],
    }
}

/// `schema` (an options schema) with every top-level property that `texts`
/// names given its `title` and `description` in `lang`, its place in the
/// form (`x-order`), `x-basic` and, for fixed values, `x-values`. A property
/// that is a `$ref` keeps it and gets these beside it.
pub fn localize_options_schema(mut schema: Value, texts: &[OptionText], lang: Lang) -> Value {
    if let Some(props) = schema.get_mut("properties").and_then(Value::as_object_mut) {
        for (order, t) in texts.iter().enumerate() {
            if let Some(Value::Object(p)) = props.get_mut(t.name) {
                p.insert("title".into(), Value::from(t.title(lang)));
                p.insert("description".into(), Value::from(t.text(lang)));
                p.insert("x-order".into(), Value::from(order));
                p.insert("x-basic".into(), Value::from(t.basic));
                if !t.values.is_empty() {
                    let values: Vec<Value> = t
                        .values
                        .iter()
                        .map(|(v, names)| {
                            let value: Value =
                                serde_json::from_str(v).unwrap_or_else(|_| Value::from(*v));
                            json!({"value": value, "title": pick(*names, lang)})
                        })
                        .collect();
                    p.insert("x-values".into(), Value::from(values));
                }
            }
        }
    }
    schema
}

/// The names of an options schema's top-level properties.
pub fn property_names(schema: &Value) -> Vec<String> {
    schema
        .get("properties")
        .and_then(Value::as_object)
        .map(|p| p.keys().cloned().collect())
        .unwrap_or_default()
}

/// Why `text` is not a sentence for a player, if it is not: API marks
/// (backticks, bold, `null`, `true`/`false`), section signs, rule ids.
pub fn check_plain(what: &str, text: &str) -> Result<(), String> {
    for mark in [
        "`",
        "**",
        "§",
        "null",
        "true",
        "false",
        "house default",
        "House default",
    ] {
        if text.contains(mark) {
            return Err(format!("{what}: {mark:?} in {text:?}"));
        }
    }
    if let Some(id) = text.split_whitespace().find(|w| {
        let id = w.trim_matches(|c: char| !c.is_alphanumeric());
        id.matches('-').count() >= 1
            && id.chars().any(|c| c.is_ascii_digit())
            && id
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '-')
    }) {
        return Err(format!("{what}: the rule id {id:?} in {text:?}"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::testing::{check_german, check_text};
    use serde_json::json;

    const TEXTS: &[OptionText] = &[
        OptionText {
            name: "mode",
            title: ["Mode", "Modus"],
            text: ["The mode.", "Der Modus."],
            basic: true,
            values: &[("\"a\"", ["First", "Erster"])],
        },
        OptionText {
            name: "dice",
            title: ["Dice", "Würfel"],
            text: ["Where the dice come from.", "Woher die Würfel kommen."],
            basic: false,
            values: &[],
        },
    ];

    #[test]
    fn titles_texts_order_and_value_names_go_on_the_top_level_properties() {
        let schema = json!({
            "type": "object",
            "description": "Options.",
            "properties": {
                "dice": {"type": "boolean", "description": "Where the `dice` come from (X-1)."},
                "mode": {"$ref": "#/$defs/Mode", "default": "a", "description": "The mode."},
                "other": {"type": "integer"}
            },
            "$defs": {"Mode": {"type": "string", "description": "A mode."}}
        });
        let en = localize_options_schema(schema.clone(), TEXTS, Lang::En);
        assert_eq!(en["properties"]["dice"]["title"], "Dice");
        assert_eq!(
            en["properties"]["dice"]["description"],
            "Where the dice come from."
        );
        assert_eq!(en["properties"]["mode"]["x-order"], 0);
        assert_eq!(en["properties"]["dice"]["x-order"], 1);
        assert_eq!(en["properties"]["mode"]["x-basic"], true);
        assert_eq!(en["properties"]["dice"]["x-basic"], false);
        assert_eq!(
            en["properties"]["mode"]["x-values"],
            json!([{"value": "a", "title": "First"}])
        );
        assert_eq!(en["properties"]["dice"].get("x-values"), None);
        assert_eq!(en["properties"]["mode"]["$ref"], "#/$defs/Mode");
        assert_eq!(en["description"], "Options.");
        let de = localize_options_schema(schema, TEXTS, Lang::De);
        assert_eq!(de["properties"]["dice"]["title"], "Würfel");
        assert_eq!(
            de["properties"]["dice"]["description"],
            "Woher die Würfel kommen."
        );
        assert_eq!(de["properties"]["mode"]["x-values"][0]["title"], "Erster");
        assert_eq!(de["properties"]["mode"]["default"], "a");
        assert_eq!(de["properties"]["other"], json!({"type": "integer"}));
        assert_eq!(de["$defs"]["Mode"]["description"], "A mode.");
    }

    #[test]
    fn plain_text_refuses_api_marks_and_rule_ids() {
        assert!(check_plain("t", "Who rolls the dice.").is_ok());
        assert!(check_plain("t", "Fire & Ice, side 1 (revised).").is_ok());
        for bad in [
            "Needs `fire_and_ice`.",
            "**House default** (3).",
            "The house rule of §9.",
            "Shuffled (CAT-BOARD-12).",
            "Null means the server rolls: null.",
        ] {
            assert!(check_plain("t", bad).is_err(), "{bad}");
        }
    }

    /// The fixed values of a property (consts and enums, through `$ref`
    /// and `anyOf`), as JSON text.
    fn fixed_values(root: &Value, p: &Value) -> Vec<String> {
        let resolve = |s: &Value| -> Value {
            let mut cur = s.clone();
            while let Some(r) = cur.get("$ref").and_then(Value::as_str) {
                let name = r.rsplit('/').next().unwrap_or_default();
                cur = root["$defs"][name].clone();
            }
            cur
        };
        let mut cands = vec![resolve(p)];
        if let Some(alts) = p.get("anyOf").and_then(Value::as_array) {
            cands.extend(alts.iter().map(resolve));
        }
        let mut out = Vec::new();
        for c in cands {
            for a in c
                .get("oneOf")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                if let Some(v) = a.get("const") {
                    out.push(v.to_string());
                }
                for v in a
                    .get("enum")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                {
                    out.push(v.to_string());
                }
            }
            for v in c
                .get("enum")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                out.push(v.to_string());
            }
        }
        out.dedup();
        out
    }

    /// Every game: one text per top-level option, none for a property that
    /// does not exist, titles and texts in both languages written for a
    /// player (no API marks, no rule ids, whole sentences), the German reads
    /// German, and every fixed value of an option has a name.
    #[test]
    fn every_option_of_every_game_has_plain_texts_and_named_values() {
        for game in crate::games::catalog() {
            let id = game.id();
            let schema = game.options_schema();
            let names = property_names(&schema);
            assert!(
                !names.is_empty(),
                "{id}: an options schema with no properties"
            );
            let texts = game.option_texts();
            for name in &names {
                let n = texts.iter().filter(|t| t.name == name).count();
                assert_eq!(n, 1, "{id}: option {name} has {n} texts, not one");
            }
            assert!(texts.iter().any(|t| t.basic), "{id}: no basic option");
            for t in texts {
                let what = format!("{id} option {}", t.name);
                assert!(
                    names.iter().any(|n| n == t.name),
                    "{what}: a text for an option that does not exist"
                );
                for s in t.title.iter().chain(t.text.iter()) {
                    check_text(&what, s).unwrap();
                    check_plain(&what, s).unwrap();
                    assert_eq!(s.trim(), *s, "{what}: spaces around {s:?}");
                }
                for s in t.text {
                    assert!(s.ends_with('.'), "{what}: not a whole sentence: {s:?}");
                }
                let words = t.title[0].split_whitespace().count();
                assert!(words <= 5, "{what}: a long title {:?}", t.title[0]);
                check_german(&what, t.title[1]).unwrap();
                check_german(&what, t.text[1]).unwrap();
                let fixed = fixed_values(&schema, &schema["properties"][t.name]);
                for v in &fixed {
                    assert!(
                        t.values.iter().any(|(k, _)| k == v),
                        "{what}: the value {v} has no name"
                    );
                }
                for (v, names) in t.values {
                    assert!(
                        fixed.contains(&v.to_string()),
                        "{what}: a name for {v}, no such value"
                    );
                    check_plain(&what, names[0]).unwrap();
                    check_plain(&what, names[1]).unwrap();
                    check_german(&what, names[1]).unwrap();
                }
            }
            // The schema in each language carries them.
            for lang in Lang::ALL {
                let s = game.options_schema_in(lang);
                for (i, t) in texts.iter().enumerate() {
                    let p = &s["properties"][t.name];
                    assert_eq!(p["title"], t.title(lang), "{id} {}", t.name);
                    assert_eq!(p["description"], t.text(lang), "{id} {}", t.name);
                    assert_eq!(p["x-order"], i, "{id} {}", t.name);
                }
            }
        }
    }
}
