//! Legal moves, complete: every move a seat may send now, either listed
//! itself or as a template whose free parameters list their whole domain.
//! Never a sample, never a placeholder. What the engine accepts is exactly
//! what this list covers; [`covers`] decides it and the property tests of
//! every game check it both ways.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// A legal move, or a family of them.
#[derive(Debug, Clone, PartialEq)]
pub enum Legal<M> {
    /// Exactly this move.
    Move(M),
    /// `base` with each of `params` free within its domain: every
    /// combination of values is legal. The values `base` holds in the free
    /// fields are ignored (they never reach the wire).
    Template { base: M, params: Vec<Param> },
}

/// A free field of a template and the values it may take.
#[derive(Debug, Clone, PartialEq)]
pub struct Param {
    /// The move's field (top level of the move object).
    pub field: &'static str,
    pub domain: Domain,
}

/// The values a free field may take.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Domain {
    /// One of these values.
    OneOf(Vec<Value>),
    /// An integer in `min..=max` (no upper bound when `max` is absent).
    Integer {
        min: i64,
        #[serde(skip_serializing_if = "Option::is_none")]
        max: Option<i64>,
    },
    /// A bundle of exactly `count` items (an object of item → number) taken
    /// from `of` (at most `of[item]` of each item).
    Multiset {
        of: BTreeMap<String, u32>,
        count: u32,
    },
}

impl Domain {
    /// Whether `v` is in the domain.
    pub fn contains(&self, v: &Value) -> bool {
        match self {
            Domain::OneOf(vs) => vs.contains(v),
            Domain::Integer { min, max } => v
                .as_i64()
                .is_some_and(|n| n >= *min && max.is_none_or(|m| n <= m)),
            Domain::Multiset { of, count } => {
                let Some(o) = v.as_object() else {
                    return false;
                };
                let mut total = 0u64;
                for (k, n) in o {
                    let Some(n) = n.as_u64() else { return false };
                    if n > u64::from(of.get(k).copied().unwrap_or(0)) {
                        return false;
                    }
                    total += n;
                }
                total == u64::from(*count)
            }
        }
    }
}

impl Domain {
    /// A value of the domain picked by `pick(n) -> 0..n` (test drivers and
    /// the load generator fill templates with it). An unbounded integer is
    /// picked from its first 50 values.
    pub fn sample(&self, pick: &mut dyn FnMut(usize) -> usize) -> Value {
        match self {
            Domain::OneOf(vs) if !vs.is_empty() => vs[pick(vs.len())].clone(),
            Domain::OneOf(_) => Value::Null,
            Domain::Integer { min, max } => {
                let span = max.map_or(50, |m| (m - min).clamp(0, 1_000_000) as usize + 1);
                Value::from(min + pick(span) as i64)
            }
            Domain::Multiset { of, count } => {
                let mut left: Vec<(String, u32)> =
                    of.iter().map(|(k, n)| (k.clone(), *n)).collect();
                let mut out: BTreeMap<String, u32> = BTreeMap::new();
                for _ in 0..*count {
                    let avail: Vec<usize> = (0..left.len()).filter(|&i| left[i].1 > 0).collect();
                    if avail.is_empty() {
                        break;
                    }
                    let i = avail[pick(avail.len())];
                    left[i].1 -= 1;
                    *out.entry(left[i].0.clone()).or_default() += 1;
                }
                serde_json::to_value(out).unwrap_or(Value::Null)
            }
        }
    }
}

/// A concrete move from one item of a wire legal-move list: the listed move,
/// or the template with every parameter picked from its domain.
pub fn instantiate(item: &Value, pick: &mut dyn FnMut(usize) -> usize) -> Option<Value> {
    if let Some(m) = item.get("move") {
        return Some(m.clone());
    }
    let mut t = item.get("template")?.as_object()?.clone();
    for (field, domain) in item.get("params")?.as_object()? {
        let d: Domain = serde_json::from_value(domain.clone()).ok()?;
        t.insert(field.clone(), d.sample(pick));
    }
    Some(Value::Object(t))
}

impl Param {
    pub fn new(field: &'static str, domain: Domain) -> Self {
        Param { field, domain }
    }
}

/// A legal move on the wire: `{"label": …, "move": {…}}` or
/// `{"label": …, "template": {…}, "params": {"field": domain}}`.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(bound = "M: JsonSchema", rename = "Legal{M}")]
pub struct WireLegal<'a, M> {
    /// A short label a player understands ("Place a worker on summer Fisherman").
    pub label: String,
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    pub mv: Option<&'a M>,
    /// The move without its free fields (a template: fill in `params`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub template: Option<Map<String, Value>>,
    /// The free fields and their domains.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub params: Option<BTreeMap<&'static str, &'a Domain>>,
}

impl<M: Serialize> Legal<M> {
    /// The wire form with its label.
    pub fn wire(&self, label: String) -> WireLegal<'_, M> {
        match self {
            Legal::Move(m) => WireLegal {
                label,
                mv: Some(m),
                template: None,
                params: None,
            },
            Legal::Template { base, params } => {
                let mut obj = match serde_json::to_value(base) {
                    Ok(Value::Object(o)) => o,
                    _ => Map::new(),
                };
                for p in params {
                    obj.remove(p.field);
                }
                WireLegal {
                    label,
                    mv: None,
                    template: Some(obj),
                    params: Some(params.iter().map(|p| (p.field, &p.domain)).collect()),
                }
            }
        }
    }

    /// The move itself (`Move`) or the template's base.
    pub fn base(&self) -> &M {
        match self {
            Legal::Move(m) | Legal::Template { base: m, .. } => m,
        }
    }

    /// The free field names (empty for a listed move).
    pub fn free_fields(&self) -> Vec<&'static str> {
        match self {
            Legal::Move(_) => Vec::new(),
            Legal::Template { params, .. } => params.iter().map(|p| p.field).collect(),
        }
    }
}

/// Whether `mv` (as JSON, normalised by a round trip through the move type)
/// is one of `legal`.
pub fn covers<M: Serialize + PartialEq>(legal: &[Legal<M>], mv: &M) -> bool {
    let mut as_json: Option<Value> = None;
    legal.iter().any(|l| match l {
        Legal::Move(m) => m == mv,
        Legal::Template { base, params } => {
            let mv_json =
                as_json.get_or_insert_with(|| serde_json::to_value(mv).unwrap_or(Value::Null));
            let (Some(m), Ok(Value::Object(b))) = (mv_json.as_object(), serde_json::to_value(base))
            else {
                return false;
            };
            let free = |k: &str| params.iter().any(|p| p.field == k);
            // Fixed fields agree (a field absent on one side and null on the
            // other agrees: both are "not given").
            let fixed_agree = b
                .iter()
                .chain(m.iter())
                .filter(|(k, _)| !free(k))
                .all(|(k, _)| b.get(k).unwrap_or(&Value::Null) == m.get(k).unwrap_or(&Value::Null));
            fixed_agree
                && params
                    .iter()
                    .all(|p| p.domain.contains(m.get(p.field).unwrap_or(&Value::Null)))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use serde_json::json;

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    #[serde(tag = "type", rename_all = "snake_case")]
    enum M {
        Place { space: String },
        Score { points: i64 },
        Discard { cards: BTreeMap<String, u32> },
    }

    #[test]
    fn listed_moves_and_templates_cover_exactly_their_domain() {
        let legal = vec![
            Legal::Move(M::Place { space: "x".into() }),
            Legal::Template {
                base: M::Score { points: 0 },
                params: vec![Param::new("points", Domain::Integer { min: 0, max: None })],
            },
            Legal::Template {
                base: M::Discard {
                    cards: BTreeMap::new(),
                },
                params: vec![Param::new(
                    "cards",
                    Domain::Multiset {
                        of: [("wood".to_string(), 2), ("ore".to_string(), 1)].into(),
                        count: 2,
                    },
                )],
            },
        ];
        assert!(covers(&legal, &M::Place { space: "x".into() }));
        assert!(!covers(&legal, &M::Place { space: "y".into() }));
        assert!(covers(&legal, &M::Score { points: 57 }));
        assert!(!covers(&legal, &M::Score { points: -1 }));
        let bundle = |w: u32, o: u32| M::Discard {
            cards: [("wood".to_string(), w), ("ore".to_string(), o)].into(),
        };
        assert!(covers(&legal, &bundle(1, 1)));
        assert!(covers(&legal, &bundle(2, 0)));
        assert!(!covers(&legal, &bundle(0, 2)));
        assert!(!covers(&legal, &bundle(2, 1)));
    }

    #[test]
    fn templates_go_on_the_wire_without_their_free_fields() {
        let l = Legal::Template {
            base: M::Score { points: 0 },
            params: vec![Param::new(
                "points",
                Domain::Integer {
                    min: 0,
                    max: Some(200),
                },
            )],
        };
        let v = serde_json::to_value(l.wire("Report your score".into())).unwrap();
        assert_eq!(
            v,
            json!({"label": "Report your score", "template": {"type": "score"},
                   "params": {"points": {"integer": {"min": 0, "max": 200}}}})
        );
        let m = Legal::Move(M::Place { space: "x".into() });
        let v = serde_json::to_value(m.wire("Place".into())).unwrap();
        assert_eq!(
            v,
            json!({"label": "Place", "move": {"type": "place", "space": "x"}})
        );
    }
}
