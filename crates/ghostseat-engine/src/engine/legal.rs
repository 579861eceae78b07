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
    /// The value the move takes when it leaves the field out (or sends
    /// null), if it may. That value is listed once in `domain`, never as
    /// null beside it: every value of a domain has one meaning.
    pub left_out: Option<Value>,
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
    /// A bundle of `min` to `max` items (an object of item → number) taken
    /// from `of` (at most `of[item]` of each item). With `apart_from`, it
    /// shares no item with the bundle in that other field of the same move
    /// (the two sides of a trade); a value of that field which leaves this
    /// side no bundle is in no legal combination.
    Bundle {
        of: BTreeMap<String, u32>,
        min: u32,
        max: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        apart_from: Option<String>,
    },
}

/// The items of a bundle value with a non-zero count.
fn bundle_items(v: Option<&Value>) -> Vec<String> {
    v.and_then(Value::as_object)
        .map(|o| {
            o.iter()
                .filter(|(_, n)| n.as_u64().is_some_and(|n| n > 0))
                .map(|(k, _)| k.clone())
                .collect()
        })
        .unwrap_or_default()
}

/// Whether `v` is a bundle of `min..=max` items from `of`.
fn bundle_contains(of: &BTreeMap<String, u32>, min: u64, max: u64, v: &Value) -> bool {
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
    (min..=max).contains(&total)
}

/// A bundle of `count` items from `of` without the items `except`, picked by
/// `pick`; None when `of` holds fewer than `count` such items.
fn sample_bundle(
    of: &BTreeMap<String, u32>,
    count: u32,
    except: &[String],
    pick: &mut dyn FnMut(usize) -> usize,
) -> Option<Value> {
    let mut left: Vec<(String, u32)> = of
        .iter()
        .filter(|(k, n)| **n > 0 && !except.contains(k))
        .map(|(k, n)| (k.clone(), *n))
        .collect();
    let mut out: BTreeMap<String, u32> = BTreeMap::new();
    for _ in 0..count {
        let avail: Vec<usize> = (0..left.len()).filter(|&i| left[i].1 > 0).collect();
        if avail.is_empty() {
            return None;
        }
        let i = avail[pick(avail.len())];
        left[i].1 -= 1;
        *out.entry(left[i].0.clone()).or_default() += 1;
    }
    serde_json::to_value(out).ok()
}

impl Domain {
    /// The field this domain must share no item with (a bundle's `apart_from`).
    pub fn apart_from(&self) -> Option<&str> {
        match self {
            Domain::Bundle { apart_from, .. } => apart_from.as_deref(),
            _ => None,
        }
    }

    /// Whether `v`, the value of this field in the move `mv`, is in the
    /// domain, cross-field constraints (`apart_from`) included.
    pub fn contains_in(&self, v: &Value, mv: &Map<String, Value>) -> bool {
        self.contains(v)
            && self.apart_from().is_none_or(|other| {
                let theirs = bundle_items(mv.get(other));
                bundle_items(Some(v)).iter().all(|k| !theirs.contains(k))
            })
    }

    /// Whether `v` is in the domain, leaving cross-field constraints aside.
    pub fn contains(&self, v: &Value) -> bool {
        match self {
            Domain::OneOf(vs) => vs.contains(v),
            Domain::Integer { min, max } => v
                .as_i64()
                .is_some_and(|n| n >= *min && max.is_none_or(|m| n <= m)),
            Domain::Multiset { of, count } => {
                bundle_contains(of, u64::from(*count), u64::from(*count), v)
            }
            Domain::Bundle { of, min, max, .. } => {
                bundle_contains(of, u64::from(*min), u64::from(*max), v)
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
                sample_bundle(of, *count, &[], pick).unwrap_or(Value::Null)
            }
            Domain::Bundle { .. } => self.sample_except(&[], pick).unwrap_or(Value::Null),
        }
    }

    /// A bundle of the domain without the items `except` (None when no
    /// such bundle exists); other domains as [`Domain::sample`].
    fn sample_except(
        &self,
        except: &[String],
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> Option<Value> {
        match self {
            Domain::Bundle { of, min, max, .. } => {
                let avail: u32 = of
                    .iter()
                    .filter(|(k, _)| !except.contains(k))
                    .map(|(_, n)| *n)
                    .sum();
                let top = (*max).min(avail);
                if top < *min {
                    return None;
                }
                let count = min + pick((top - min) as usize + 1) as u32;
                sample_bundle(of, count, except, pick)
            }
            _ => Some(self.sample(pick)),
        }
    }

    /// The smallest value of the domain (a bundle of `min` items).
    fn sample_smallest(&self, pick: &mut dyn FnMut(usize) -> usize) -> Value {
        match self {
            Domain::Bundle { of, min, .. } => {
                sample_bundle(of, *min, &[], pick).unwrap_or(Value::Null)
            }
            _ => self.sample(pick),
        }
    }
}

/// Values for the free fields of a template, picked by `pick`, so that the
/// move is legal: fields with an `apart_from` constraint are filled after
/// the field they depend on, without its items (when that field took every
/// item they could use, it is filled again with its smallest bundle).
pub fn fill_params(
    params: &[(&str, &Domain)],
    pick: &mut dyn FnMut(usize) -> usize,
) -> Map<String, Value> {
    let mut out = Map::new();
    for (f, d) in params.iter().filter(|(_, d)| d.apart_from().is_none()) {
        out.insert(f.to_string(), d.sample(pick));
    }
    for (f, d) in params.iter().filter(|(_, d)| d.apart_from().is_some()) {
        let other = d.apart_from().unwrap_or_default().to_string();
        let mut v = d.sample_except(&bundle_items(out.get(&other)), pick);
        if v.is_none() {
            if let Some((_, od)) = params.iter().find(|(n, _)| *n == other) {
                out.insert(other.clone(), od.sample_smallest(pick));
                v = d.sample_except(&bundle_items(out.get(&other)), pick);
            }
        }
        out.insert(f.to_string(), v.unwrap_or(Value::Null));
    }
    out
}

/// A concrete move from one item of a wire legal-move list: the listed move,
/// or the template with every parameter picked from its domain.
pub fn instantiate(item: &Value, pick: &mut dyn FnMut(usize) -> usize) -> Option<Value> {
    if let Some(m) = item.get("move") {
        return Some(m.clone());
    }
    let mut t = item.get("template")?.as_object()?.clone();
    let mut params: Vec<(String, Domain)> = Vec::new();
    for (field, param) in item.get("params")?.as_object()? {
        // The domain is the param without its words.
        let mut domain = param.as_object()?.clone();
        domain.remove("label");
        domain.remove("value_labels");
        params.push((
            field.clone(),
            serde_json::from_value(Value::Object(domain)).ok()?,
        ));
    }
    let refs: Vec<(&str, &Domain)> = params.iter().map(|(f, d)| (f.as_str(), d)).collect();
    t.extend(fill_params(&refs, pick));
    Some(Value::Object(t))
}

impl Param {
    pub fn new(field: &'static str, domain: Domain) -> Self {
        Param {
            field,
            domain,
            left_out: None,
        }
    }

    /// A field the move may also leave out, meaning `value` (one of
    /// `domain`'s).
    pub fn or_left_out(mut self, value: Value) -> Self {
        self.left_out = Some(value);
        self
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
    #[schemars(with = "Option<Map<String, Value>>")]
    pub template: Option<Template<'a, M>>,
    /// The free fields: each its domain, the question it asks and the name
    /// of every value it may take.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub params: Option<BTreeMap<&'static str, WireParam<'a>>>,
}

/// A free field on the wire: its domain (`{"one_of": […]}`, …) with, beside
/// it, the question the field asks (`label`) and the name of each value in
/// the request's language (`value_labels`).
#[derive(Debug, Serialize)]
pub struct WireParam<'a> {
    #[serde(flatten)]
    pub domain: &'a Domain,
    /// The question the field asks ("Which corner?"), when the game words one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// One entry per value of a `one_of` domain (in its order) or per item
    /// of a `multiset`/`bundle` (in the order of `of`); none for an integer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_labels: Option<Vec<ValueLabel<'a>>>,
}

/// A value a free field may take and its name for a player.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ValueLabel<'a> {
    /// The value as the move takes it (`one_of`), or the item key (a bundle).
    #[schemars(with = "Value")]
    pub value: LabelledValue<'a>,
    /// Its name in the request's language ("Carpenter", "the corner of
    /// fields (6), mountains (8) and the sea"): never an id.
    pub label: String,
}

/// A `one_of` value or a bundle's item key.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum LabelledValue<'a> {
    Value(&'a Value),
    Item(&'a str),
}

impl JsonSchema for WireParam<'_> {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "LegalParam".into()
    }
    /// The domain's schema, each of its forms with `label` and
    /// `value_labels` beside its one key.
    fn json_schema(g: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let label = serde_json::json!({
            "type": "string",
            "description": "The question the field asks, in the request's language."
        });
        let values =
            serde_json::to_value(g.subschema_for::<Vec<ValueLabel<'static>>>()).unwrap_or_default();
        let mut schema = serde_json::to_value(Domain::json_schema(g)).unwrap_or_default();
        if let Some(forms) = schema.get_mut("oneOf").and_then(Value::as_array_mut) {
            for form in forms {
                if let Some(props) = form.get_mut("properties").and_then(Value::as_object_mut) {
                    props.insert("label".into(), label.clone());
                    // An integer's values are numbers: it names none.
                    if !props.contains_key("integer") {
                        props.insert("value_labels".into(), values.clone());
                    }
                }
            }
        }
        if let Some(o) = schema.as_object_mut() {
            o.insert(
                "description".into(),
                "A free field: its domain, the question it asks (`label`) and the name of each \
                 value (`value_labels`: one per `one_of` value in order, or per bundle item; \
                 none for an integer)."
                    .into(),
            );
        }
        schemars::Schema::try_from(schema).unwrap_or_default()
    }
}

/// The words of a template's free fields, as the game names them.
pub trait ParamWords {
    /// The question `field` asks.
    fn question(&self, field: &str) -> Option<String>;
    /// The name of `value`, a value (or bundle item key) of `field`.
    fn value(&self, field: &str, value: &Value) -> String;
}

/// A template's base move without its free fields, written straight from
/// the move: the move's own `Serialize`, with the free fields of its object
/// left out. (It went through a `serde_json::Value` and a sorted map
/// before, 3 % of a command's instructions; its keys now come in the
/// move's own order, `type` first, as in a listed `move`.)
#[derive(Debug)]
pub struct Template<'a, M> {
    base: &'a M,
    params: &'a [Param],
}

impl<M: Serialize> Serialize for Template<'_, M> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[cfg(debug_assertions)]
        self.check();
        self.base.serialize(WithoutFree {
            inner: s,
            params: self.params,
        })
    }
}

impl<M: Serialize> Template<'_, M> {
    /// Debug builds (every test): the template holds exactly the move's
    /// fields but the free ones. Moves are internally tagged enums, objects
    /// written with `serialize_struct`, the one shape `WithoutFree` filters.
    #[cfg(debug_assertions)]
    fn check(&self) {
        let Ok(Value::Object(mut expected)) = serde_json::to_value(self.base) else {
            panic!("a template's base move is a JSON object");
        };
        for p in self.params {
            expected.remove(p.field);
        }
        let written = self
            .base
            .serialize(WithoutFree {
                inner: serde_json::value::Serializer,
                params: self.params,
            })
            .ok();
        assert_eq!(
            written,
            Some(Value::Object(expected)),
            "a template kept a free field"
        );
    }
}

/// A serializer that writes what `inner` writes, except the free fields of
/// the outermost object.
struct WithoutFree<'a, S> {
    inner: S,
    params: &'a [Param],
}

/// Leaves out the free fields of a struct being written.
struct FieldsWithoutFree<'a, T> {
    inner: T,
    params: &'a [Param],
}

impl<T: serde::ser::SerializeStruct> serde::ser::SerializeStruct for FieldsWithoutFree<'_, T> {
    type Ok = T::Ok;
    type Error = T::Error;
    fn serialize_field<V: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &V,
    ) -> Result<(), T::Error> {
        if self.params.iter().any(|p| p.field == key) {
            return self.inner.skip_field(key);
        }
        self.inner.serialize_field(key, value)
    }
    fn end(self) -> Result<T::Ok, T::Error> {
        self.inner.end()
    }
}

/// `Serializer` methods that hand their value to `inner` as they are.
macro_rules! forward {
    ($($method:ident ($($arg:ident: $t:ty),*) -> $ret:ty;)*) => {$(
        fn $method(self, $($arg: $t),*) -> Result<$ret, S::Error> {
            self.inner.$method($($arg),*)
        }
    )*};
}

impl<'a, S: serde::Serializer> serde::Serializer for WithoutFree<'a, S> {
    type Ok = S::Ok;
    type Error = S::Error;
    type SerializeSeq = S::SerializeSeq;
    type SerializeTuple = S::SerializeTuple;
    type SerializeTupleStruct = S::SerializeTupleStruct;
    type SerializeTupleVariant = S::SerializeTupleVariant;
    type SerializeMap = S::SerializeMap;
    type SerializeStruct = FieldsWithoutFree<'a, S::SerializeStruct>;
    type SerializeStructVariant = S::SerializeStructVariant;

    fn serialize_struct(
        self,
        name: &'static str,
        len: usize,
    ) -> Result<Self::SerializeStruct, S::Error> {
        Ok(FieldsWithoutFree {
            inner: self.inner.serialize_struct(name, len)?,
            params: self.params,
        })
    }
    fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Result<S::Ok, S::Error> {
        self.inner.serialize_some(v)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        v: &T,
    ) -> Result<S::Ok, S::Error> {
        self.inner.serialize_newtype_struct(name, v)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        v: &T,
    ) -> Result<S::Ok, S::Error> {
        self.inner
            .serialize_newtype_variant(name, index, variant, v)
    }
    forward! {
        serialize_bool(v: bool) -> S::Ok;
        serialize_i8(v: i8) -> S::Ok;
        serialize_i16(v: i16) -> S::Ok;
        serialize_i32(v: i32) -> S::Ok;
        serialize_i64(v: i64) -> S::Ok;
        serialize_u8(v: u8) -> S::Ok;
        serialize_u16(v: u16) -> S::Ok;
        serialize_u32(v: u32) -> S::Ok;
        serialize_u64(v: u64) -> S::Ok;
        serialize_f32(v: f32) -> S::Ok;
        serialize_f64(v: f64) -> S::Ok;
        serialize_char(v: char) -> S::Ok;
        serialize_str(v: &str) -> S::Ok;
        serialize_bytes(v: &[u8]) -> S::Ok;
        serialize_none() -> S::Ok;
        serialize_unit() -> S::Ok;
        serialize_unit_struct(name: &'static str) -> S::Ok;
        serialize_unit_variant(name: &'static str, index: u32, variant: &'static str) -> S::Ok;
        serialize_seq(len: Option<usize>) -> S::SerializeSeq;
        serialize_tuple(len: usize) -> S::SerializeTuple;
        serialize_tuple_struct(name: &'static str, len: usize) -> S::SerializeTupleStruct;
        serialize_tuple_variant(name: &'static str, index: u32, variant: &'static str, len: usize) -> S::SerializeTupleVariant;
        serialize_map(len: Option<usize>) -> S::SerializeMap;
        serialize_struct_variant(name: &'static str, index: u32, variant: &'static str, len: usize) -> S::SerializeStructVariant;
    }
}

impl Param {
    /// This field on the wire; with `words`, its question and the name of
    /// every value.
    pub fn wire<'a>(&'a self, words: Option<&dyn ParamWords>) -> WireParam<'a> {
        let Some(words) = words else {
            return WireParam {
                domain: &self.domain,
                label: None,
                value_labels: None,
            };
        };
        let item = |k: &'a String| ValueLabel {
            label: words.value(self.field, &Value::String(k.clone())),
            value: LabelledValue::Item(k),
        };
        let value_labels = match &self.domain {
            Domain::OneOf(vs) => Some(
                vs.iter()
                    .map(|v| ValueLabel {
                        label: words.value(self.field, v),
                        value: LabelledValue::Value(v),
                    })
                    .collect(),
            ),
            Domain::Integer { .. } => None,
            Domain::Multiset { of, .. } | Domain::Bundle { of, .. } => {
                Some(of.keys().map(item).collect())
            }
        };
        WireParam {
            domain: &self.domain,
            label: words.question(self.field),
            value_labels,
        }
    }
}

impl<M: Serialize> Legal<M> {
    /// The wire form with its label (its free fields without words).
    pub fn wire(&self, label: String) -> WireLegal<'_, M> {
        self.wire_with(label, None)
    }

    /// The wire form with its label and, with `words`, the question of
    /// each free field and the name of each of its values.
    pub fn wire_with(&self, label: String, words: Option<&dyn ParamWords>) -> WireLegal<'_, M> {
        match self {
            Legal::Move(m) => WireLegal {
                label,
                mv: Some(m),
                template: None,
                params: None,
            },
            Legal::Template { base, params } => WireLegal {
                label,
                mv: None,
                template: Some(Template { base, params }),
                params: Some(params.iter().map(|p| (p.field, p.wire(words))).collect()),
            },
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
                && params.iter().all(|p| {
                    let given = m.get(p.field).filter(|v| !v.is_null());
                    let v = given.or(p.left_out.as_ref()).unwrap_or(&Value::Null);
                    p.domain.contains_in(v, m)
                })
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

    #[derive(Debug, Serialize)]
    #[serde(tag = "type", rename_all = "snake_case")]
    enum Wide {
        Trade {
            give: String,
            get: String,
            count: u32,
        },
    }

    /// A template is the move's object without its free fields, in the
    /// move's own key order, and reads the same through serde_json and
    /// our writer.
    #[test]
    fn a_template_is_its_move_without_the_free_fields() {
        let legal = Legal::Template {
            base: Wide::Trade {
                give: "wood".into(),
                get: "ore".into(),
                count: 0,
            },
            params: vec![
                Param::new("get", Domain::OneOf(vec![json!("ore"), json!("wool")])),
                Param::new(
                    "count",
                    Domain::Integer {
                        min: 1,
                        max: Some(3),
                    },
                ),
            ],
        };
        let wire = legal.wire("Trade wood".into());
        let text = serde_json::to_string(&wire).unwrap();
        assert_eq!(
            text,
            r#"{"label":"Trade wood","template":{"type":"trade","give":"wood"},"params":{"count":{"integer":{"min":1,"max":3}},"get":{"one_of":["ore","wool"]}}}"#
        );
        assert_eq!(crate::engine::Json::of(&wire).unwrap().get(), text);
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

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    #[serde(tag = "type", rename_all = "snake_case")]
    enum O {
        Go {
            to: String,
            #[serde(default, skip_serializing_if = "Option::is_none")]
            side: Option<String>,
        },
    }

    /// A field the move may leave out lists its meaning once: the wire
    /// domain has no null beside it, and the move without it is covered.
    #[test]
    fn a_field_left_out_means_its_one_listed_value() {
        let legal = vec![Legal::Template {
            base: O::Go {
                to: "x".into(),
                side: None,
            },
            params: vec![
                Param::new("side", Domain::OneOf(vec![json!("left")])).or_left_out(json!("left"))
            ],
        }];
        let go = |side: Option<&str>| O::Go {
            to: "x".into(),
            side: side.map(str::to_string),
        };
        assert!(covers(&legal, &go(None)));
        assert!(covers(&legal, &go(Some("left"))));
        assert!(!covers(&legal, &go(Some("right"))));
        let wire = serde_json::to_value(legal[0].wire("Go".into())).unwrap();
        assert_eq!(wire["params"]["side"], json!({"one_of": ["left"]}));
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    #[serde(tag = "type", rename_all = "snake_case")]
    enum T {
        Offer {
            give: BTreeMap<String, u32>,
            want: BTreeMap<String, u32>,
        },
    }

    #[test]
    fn bundles_range_over_sizes_and_stay_apart_from_their_other_side() {
        let of = |v: &[(&str, u32)]| -> BTreeMap<String, u32> {
            v.iter().map(|(k, n)| (k.to_string(), *n)).collect()
        };
        let legal = vec![Legal::Template {
            base: T::Offer {
                give: BTreeMap::new(),
                want: BTreeMap::new(),
            },
            params: vec![
                Param::new(
                    "give",
                    Domain::Bundle {
                        of: of(&[("wood", 2), ("ore", 1)]),
                        min: 1,
                        max: 3,
                        apart_from: None,
                    },
                ),
                Param::new(
                    "want",
                    Domain::Bundle {
                        of: of(&[("wood", 19), ("ore", 19), ("wool", 19)]),
                        min: 1,
                        max: 57,
                        apart_from: Some("give".into()),
                    },
                ),
            ],
        }];
        let offer = |g: &[(&str, u32)], w: &[(&str, u32)]| T::Offer {
            give: of(g),
            want: of(w),
        };
        assert!(covers(&legal, &offer(&[("wood", 2)], &[("ore", 3)])));
        assert!(covers(
            &legal,
            &offer(&[("wood", 1), ("ore", 1)], &[("wool", 1)])
        ));
        assert!(
            !covers(&legal, &offer(&[("wood", 1)], &[("wood", 1)])),
            "apart"
        );
        assert!(!covers(&legal, &offer(&[], &[("ore", 1)])), "at least 1");
        assert!(
            !covers(&legal, &offer(&[("ore", 2)], &[("wool", 1)])),
            "held"
        );
        // Filled templates are always legal, whatever the picks.
        let wire = serde_json::to_value(legal[0].wire("Offer".into())).unwrap();
        for seed in 0..200usize {
            let mut x = seed;
            let mv = instantiate(&wire, &mut |n| {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (x >> 33) % n.max(1)
            })
            .unwrap();
            let mv: T = serde_json::from_value(mv).unwrap();
            assert!(covers(&legal, &mv), "{mv:?}");
        }
        assert_eq!(
            serde_json::to_value(legal[0].wire("Offer".into()).params.unwrap()["want"].domain)
                .unwrap()["bundle"]["apart_from"],
            "give"
        );
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
