//! Cards in hands and in the bank: a [`CardKind`] (the five resources of the
//! base game, or the eight cards of Cities & Knights) and a [`Bundle`] of
//! them, JSON `{"brick": 1, "ore": 2}`.

use schemars::JsonSchema;
use serde::de::{DeserializeOwned, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt::Debug;
use std::marker::PhantomData;

use super::data::Resource;

/// The most card kinds a game has (Cities & Knights: 5 resources and 3 commodities).
pub const MAX_KINDS: usize = 8;

/// A kind of card a hand can hold, in the canonical order of CAT-RNG-4.
pub trait CardKind:
    Copy + Eq + Ord + Debug + Serialize + DeserializeOwned + JsonSchema + Send + Sync + 'static
{
    /// Every kind, in canonical order; `ALL[k.index()] == k`.
    const ALL: &'static [Self];
    /// The schema name of a bundle of this kind.
    const BUNDLE: &'static str;
    /// The position in [`CardKind::ALL`].
    fn index(self) -> usize;
    /// The JSON name (`brick`).
    fn id(self) -> &'static str;
    /// The resource it is, if it is one.
    fn resource(self) -> Option<Resource>;
    /// The kind of a resource card.
    fn from_resource(r: Resource) -> Self;
    /// How many cards of this kind the game has (19 of each resource).
    fn in_game(self) -> u32;
    /// The kind named `id`.
    fn from_id(id: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|k| k.id() == id)
    }
}

/// So many cards of each kind: a hand, the bank, a discard, an offer.
pub struct Bundle<K> {
    counts: [u32; MAX_KINDS],
    kind: PhantomData<fn() -> K>,
}

impl<K> Clone for Bundle<K> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<K> Copy for Bundle<K> {}
impl<K> PartialEq for Bundle<K> {
    fn eq(&self, o: &Self) -> bool {
        self.counts == o.counts
    }
}
impl<K> Eq for Bundle<K> {}
impl<K> Default for Bundle<K> {
    fn default() -> Self {
        Bundle {
            counts: [0; MAX_KINDS],
            kind: PhantomData,
        }
    }
}

impl<K: CardKind> Debug for Bundle<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map()
            .entries(self.iter().map(|(k, n)| (k.id(), n)))
            .finish()
    }
}

impl<K: CardKind> Bundle<K> {
    /// No cards.
    pub fn empty() -> Self {
        Self::default()
    }
    /// One card of `k`.
    pub fn one(k: K) -> Self {
        Self::of(&[(k, 1)])
    }
    /// From (kind, count) pairs.
    pub fn of(items: &[(K, u32)]) -> Self {
        let mut b = Self::default();
        for (k, n) in items {
            b.add(*k, *n);
        }
        b
    }
    /// `n` of every kind.
    pub fn each(n: u32) -> Self {
        let mut b = Self::default();
        for k in K::ALL {
            b.set(*k, n);
        }
        b
    }
    pub fn get(&self, k: K) -> u32 {
        self.counts[k.index()]
    }
    pub fn set(&mut self, k: K, n: u32) {
        self.counts[k.index()] = n;
    }
    pub fn add(&mut self, k: K, n: u32) {
        let s = &mut self.counts[k.index()];
        *s = s.saturating_add(n);
    }
    /// Removes `n` of `k`; false (and no change) when fewer are held.
    pub fn take(&mut self, k: K, n: u32) -> bool {
        let s = &mut self.counts[k.index()];
        if *s < n {
            return false;
        }
        *s -= n;
        true
    }
    pub fn total(&self) -> u32 {
        self.counts.iter().fold(0u32, |a, b| a.saturating_add(*b))
    }
    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }
    pub fn contains(&self, other: &Self) -> bool {
        self.counts.iter().zip(&other.counts).all(|(a, b)| a >= b)
    }
    pub fn plus(&self, other: &Self) -> Self {
        let mut c = *self;
        for (a, b) in c.counts.iter_mut().zip(&other.counts) {
            *a = a.saturating_add(*b);
        }
        c
    }
    /// `self - other`; None when `other` is not contained.
    pub fn minus(&self, other: &Self) -> Option<Self> {
        if !self.contains(other) {
            return None;
        }
        let mut c = *self;
        for (a, b) in c.counts.iter_mut().zip(&other.counts) {
            *a -= *b;
        }
        Some(c)
    }
    /// The kinds with a non-zero count and their counts, in canonical order.
    pub fn iter(&self) -> impl Iterator<Item = (K, u32)> + '_ {
        K::ALL
            .iter()
            .map(|k| (*k, self.get(*k)))
            .filter(|(_, n)| *n > 0)
    }
    /// The kinds with a non-zero count.
    pub fn kinds(&self) -> Vec<K> {
        self.iter().map(|(k, _)| k).collect()
    }
    /// The cards one by one in canonical order (CAT-RNG-4).
    pub fn listed(&self) -> Vec<K> {
        self.iter()
            .flat_map(|(k, n)| std::iter::repeat_n(k, n as usize))
            .collect()
    }
    /// Only the kinds `keep` accepts.
    pub fn only(&self, keep: impl Fn(K) -> bool) -> Self {
        let mut b = Self::default();
        for (k, n) in self.iter().filter(|(k, _)| keep(*k)) {
            b.set(k, n);
        }
        b
    }
    /// Whether some kind is in both bundles.
    pub fn overlaps(&self, other: &Self) -> bool {
        self.iter().any(|(k, _)| other.get(k) > 0)
    }
    /// As an item → number map for a legal-move domain (kinds with a count).
    pub fn domain(&self) -> BTreeMap<String, u32> {
        self.iter().map(|(k, n)| (k.id().to_string(), n)).collect()
    }
}

impl Bundle<Resource> {
    /// Brick, lumber, wool, grain, ore.
    pub const fn new(brick: u32, lumber: u32, wool: u32, grain: u32, ore: u32) -> Self {
        Bundle {
            counts: [brick, lumber, wool, grain, ore, 0, 0, 0],
            kind: PhantomData,
        }
    }
}

impl<K: CardKind> Serialize for Bundle<K> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(K::ALL.len()))?;
        for k in K::ALL {
            m.serialize_entry(k.id(), &self.get(*k))?;
        }
        m.end()
    }
}

impl<'de, K: CardKind> Deserialize<'de> for Bundle<K> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<K>(PhantomData<K>);
        impl<'de, K: CardKind> Visitor<'de> for V<K> {
            type Value = Bundle<K>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object of card kinds and counts, such as {\"brick\": 1}")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Bundle<K>, A::Error> {
                let mut b = Bundle::default();
                while let Some((k, n)) = m.next_entry::<K, u32>()? {
                    b.add(k, n);
                }
                Ok(b)
            }
        }
        d.deserialize_map(V(PhantomData))
    }
}

impl<K: CardKind> JsonSchema for Bundle<K> {
    fn schema_name() -> Cow<'static, str> {
        K::BUNDLE.into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let props: serde_json::Map<String, serde_json::Value> = K::ALL
            .iter()
            .map(|k| {
                (
                    k.id().to_string(),
                    serde_json::json!({"type": "integer", "minimum": 0}),
                )
            })
            .collect();
        schemars::json_schema!({
            "type": "object",
            "description": "Cards by kind (a missing kind is 0).",
            "properties": props,
            "additionalProperties": false
        })
    }
}
