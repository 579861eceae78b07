//! Titles and German descriptions of a game's options (issue 18).
//!
//! The options struct documents each field in English (its doc comment is
//! the schema's `description`); a game lists here, per top-level property,
//! a short title in English and German and the German description, and
//! `GET /v1/games` sends the options schema in the request's language
//! ([`localize_options_schema`]).

use serde_json::Value;

use super::Lang;

/// The texts of one top-level options property.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptionText {
    /// The property's name in the options JSON.
    pub name: &'static str,
    /// A short title: English, German.
    pub title: [&'static str; 2],
    /// What the English doc comment says, in German.
    pub description_de: &'static str,
}

impl OptionText {
    /// The title in `lang`.
    pub fn title(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.title[0],
            Lang::De => self.title[1],
        }
    }
}

/// `schema` (an options schema) with every top-level property that `texts`
/// names given its `title` in `lang` and, in German, its German
/// `description`. A property that is a `$ref` keeps it and gets both beside
/// it, as schemars puts the English description there.
pub fn localize_options_schema(mut schema: Value, texts: &[OptionText], lang: Lang) -> Value {
    if let Some(props) = schema.get_mut("properties").and_then(Value::as_object_mut) {
        for t in texts {
            if let Some(Value::Object(p)) = props.get_mut(t.name) {
                p.insert("title".into(), Value::from(t.title(lang)));
                if lang == Lang::De {
                    p.insert("description".into(), Value::from(t.description_de));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::testing::{check_german, check_text};
    use serde_json::json;

    const TEXTS: &[OptionText] = &[
        OptionText {
            name: "dice",
            title: ["Dice", "Würfel"],
            description_de: "Woher die Würfel kommen.",
        },
        OptionText {
            name: "mode",
            title: ["Mode", "Modus"],
            description_de: "Der Modus.",
        },
    ];

    #[test]
    fn titles_and_german_descriptions_go_on_the_top_level_properties() {
        let schema = json!({
            "type": "object",
            "description": "Options.",
            "properties": {
                "dice": {"type": "boolean", "description": "Where the dice come from."},
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
        assert_eq!(en["properties"]["mode"]["title"], "Mode");
        assert_eq!(en["properties"]["mode"]["$ref"], "#/$defs/Mode");
        assert_eq!(en["description"], "Options.");
        let de = localize_options_schema(schema, TEXTS, Lang::De);
        assert_eq!(de["properties"]["dice"]["title"], "Würfel");
        assert_eq!(
            de["properties"]["dice"]["description"],
            "Woher die Würfel kommen."
        );
        assert_eq!(de["properties"]["mode"]["$ref"], "#/$defs/Mode");
        assert_eq!(de["properties"]["mode"]["default"], "a");
        assert_eq!(de["properties"]["mode"]["description"], "Der Modus.");
        assert_eq!(de["properties"]["other"], json!({"type": "integer"}));
        assert_eq!(de["$defs"]["Mode"]["description"], "A mode.");
    }

    /// Every game: one text per top-level option, none for a property that
    /// does not exist, titles and German descriptions written, the German
    /// reads German.
    #[test]
    fn every_option_of_every_game_has_titles_and_a_german_description() {
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
            for t in texts {
                let what = format!("{id} option {}", t.name);
                assert!(
                    names.iter().any(|n| n == t.name),
                    "{what}: a text for an option that does not exist"
                );
                for s in [t.title[0], t.title[1], t.description_de] {
                    check_text(&what, s).unwrap();
                    assert_eq!(s.trim(), s, "{what}: spaces around {s:?}");
                }
                let words = t.title[0].split_whitespace().count();
                assert!(words <= 5, "{what}: a long title {:?}", t.title[0]);
                check_german(&what, t.title[1]).unwrap();
                check_german(&what, t.description_de).unwrap();
            }
            // The schema in each language carries them.
            for lang in Lang::ALL {
                let s = game.options_schema_in(lang);
                for t in texts {
                    let p = &s["properties"][t.name];
                    assert_eq!(p["title"], t.title(lang), "{id} {}", t.name);
                    if lang == Lang::De {
                        assert_eq!(p["description"], t.description_de, "{id} {}", t.name);
                    } else {
                        assert_eq!(
                            p["description"], schema["properties"][t.name]["description"],
                            "{id} {}",
                            t.name
                        );
                    }
                }
            }
        }
    }
}
