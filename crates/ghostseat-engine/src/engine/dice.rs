//! Seeded, replayable chance.
//!
//! Every die and shuffle of a session comes from one ChaCha20 keystream whose
//! key is derived from the session seed, or from dice the table rolled by hand
//! and sent with the request ("table dice"). We read raw 32-bit words from the
//! stream and do all sampling ourselves (rejection sampling, Fisher–Yates), so
//! a crate upgrade can never change a game: the golden tests below pin the
//! outcomes of fixed seeds.
//!
//! The stream position (words consumed) is saved with the session; restoring
//! `(seed, position)` continues the stream exactly where it stopped.

use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::VecDeque;

use super::error::RuleError;

/// Where a die value came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DieSource {
    /// The session's seeded stream.
    Server,
    /// Rolled at the table and sent with the request.
    Table,
}

/// One die used by the engine, recorded for the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DieRoll {
    pub sides: u8,
    pub value: u8,
    pub source: DieSource,
}

/// The session's dice: a seeded stream plus, for one request, table dice.
#[derive(Debug, Clone)]
pub struct Dice {
    seed: u64,
    rng: ChaCha20Rng,
    table: VecDeque<u8>,
    table_only: bool,
    rolls: Vec<DieRoll>,
}

/// Domain separation for the key derivation; bump only with a migration.
const KEY_CONTEXT: &[u8] = b"ghostseat/dice/v1";

impl Dice {
    /// A fresh stream for `seed`, at position 0.
    pub fn new(seed: u64) -> Self {
        Self::at(seed, 0)
    }

    /// The stream for `seed`, continued at `position` (32-bit words consumed).
    pub fn at(seed: u64, position: u64) -> Self {
        let mut hasher = Sha256::new();
        hasher.update(KEY_CONTEXT);
        hasher.update(seed.to_le_bytes());
        let key: [u8; 32] = hasher.finalize().into();
        let mut rng = ChaCha20Rng::from_seed(key);
        rng.set_word_pos(u128::from(position));
        Dice {
            seed,
            rng,
            table: VecDeque::new(),
            table_only: false,
            rolls: Vec::new(),
        }
    }

    /// The session seed this stream was derived from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Words consumed so far; save it with the session.
    pub fn position(&self) -> u64 {
        // A session would need 2^64 words (~7e10 GiB) to overflow.
        u64::try_from(self.rng.get_word_pos()).unwrap_or(u64::MAX)
    }

    /// Dice rolled at the table for this request; they are used, in order,
    /// before the stream.
    pub fn with_table(mut self, values: &[u8]) -> Self {
        self.table = values.iter().copied().collect();
        self
    }

    /// In table mode a game must not fall back to the stream for dice:
    /// [`Dice::roll`] then fails with [`RuleError::need_dice`] when the table
    /// dice run out.
    pub fn set_table_only(&mut self, on: bool) {
        self.table_only = on;
    }

    /// Table dice still unused.
    pub fn table_left(&self) -> usize {
        self.table.len()
    }

    /// Every die used since the dice were made (or since [`Dice::take_rolls`]).
    pub fn rolls(&self) -> &[DieRoll] {
        &self.rolls
    }

    /// Takes the record of dice used so far.
    pub fn take_rolls(&mut self) -> Vec<DieRoll> {
        std::mem::take(&mut self.rolls)
    }

    /// The next raw 32-bit word of the stream.
    pub fn next_word(&mut self) -> u32 {
        self.rng.next_u32()
    }

    /// A uniform integer in `0..n` from the stream (rejection sampling: words
    /// below `2^32 mod n` are discarded, so every value is equally likely).
    /// `n == 0` yields 0 without consuming the stream.
    pub fn below(&mut self, n: u32) -> u32 {
        if n <= 1 {
            return 0;
        }
        let threshold = n.wrapping_neg() % n; // 2^32 mod n
        loop {
            let x = self.next_word();
            if x >= threshold {
                return x % n;
            }
        }
    }

    /// Rolls one die with `sides` faces (1..=sides). Table dice are used first;
    /// a table value outside 1..=sides is an error naming `rule`.
    pub fn roll(&mut self, sides: u8, rule: &str) -> Result<u8, RuleError> {
        if let Some(v) = self.table.pop_front() {
            if v == 0 || v > sides {
                return Err(RuleError::illegal(
                    rule,
                    format!("a table die showed {v}, but a d{sides} only has faces 1 to {sides}"),
                ));
            }
            self.rolls.push(DieRoll {
                sides,
                value: v,
                source: DieSource::Table,
            });
            return Ok(v);
        }
        if self.table_only {
            return Err(RuleError::need_dice(
                rule,
                1,
                format!("this game takes its dice from the table: roll a d{sides} and send it"),
            ));
        }
        let v = self.below(u32::from(sides)) as u8 + 1;
        self.rolls.push(DieRoll {
            sides,
            value: v,
            source: DieSource::Server,
        });
        Ok(v)
    }

    /// Rolls `count` dice with `sides` faces.
    pub fn roll_many(&mut self, count: usize, sides: u8, rule: &str) -> Result<Vec<u8>, RuleError> {
        if self.table_only && self.table.len() < count {
            return Err(RuleError::need_dice(
                rule,
                count - self.table.len(),
                format!("this step needs {count} dice from the table"),
            ));
        }
        (0..count).map(|_| self.roll(sides, rule)).collect()
    }

    /// Six-sided convenience.
    pub fn d6(&mut self, rule: &str) -> Result<u8, RuleError> {
        self.roll(6, rule)
    }

    /// Shuffles in place with Fisher–Yates over [`Dice::below`]; always from
    /// the stream (a physically shuffled deck is entered as a game option).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }

    /// A uniform index into a slice of `len` items (`len > 0`).
    pub fn pick_index(&mut self, len: usize) -> usize {
        self.below(len as u32) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Golden values: if these change, every stored game changes. Never
    /// "fix" this test by updating the numbers.
    #[test]
    fn golden_d6_for_fixed_seeds() {
        let mut d = Dice::new(42);
        let rolls: Vec<u8> = (0..12).map(|_| d.d6("T").unwrap()).collect();
        assert_eq!(rolls, GOLDEN_42);
        let mut d = Dice::new(0);
        let rolls: Vec<u8> = (0..12).map(|_| d.d6("T").unwrap()).collect();
        assert_eq!(rolls, GOLDEN_0);
    }

    const GOLDEN_42: [u8; 12] = [6, 2, 3, 4, 1, 2, 5, 4, 5, 6, 6, 3];
    const GOLDEN_0: [u8; 12] = [2, 6, 6, 4, 4, 2, 6, 4, 4, 2, 3, 1];

    #[test]
    fn golden_shuffle() {
        let mut d = Dice::new(7);
        let mut v: Vec<u8> = (1..=10).collect();
        d.shuffle(&mut v);
        assert_eq!(v, GOLDEN_SHUFFLE_7);
    }
    const GOLDEN_SHUFFLE_7: [u8; 10] = [3, 6, 4, 8, 2, 9, 10, 5, 7, 1];

    #[test]
    fn position_resumes_the_stream() {
        let mut a = Dice::new(99);
        for _ in 0..17 {
            a.d6("T").unwrap();
        }
        let pos = a.position();
        let mut b = Dice::at(99, pos);
        for _ in 0..50 {
            assert_eq!(a.d6("T").unwrap(), b.d6("T").unwrap());
        }
    }

    #[test]
    fn table_dice_come_first_and_are_checked() {
        let mut d = Dice::new(1).with_table(&[3, 5]);
        assert_eq!(d.d6("T").unwrap(), 3);
        assert_eq!(d.d6("T").unwrap(), 5);
        assert_eq!(d.rolls()[0].source, DieSource::Table);
        let _ = d.d6("T").unwrap(); // falls back to the stream
        assert_eq!(d.rolls()[2].source, DieSource::Server);
        let mut bad = Dice::new(1).with_table(&[7]);
        assert!(bad.d6("X-1").is_err());
        let mut strict = Dice::new(1);
        strict.set_table_only(true);
        let e = strict.d6("X-2").unwrap_err();
        assert!(matches!(
            e.kind,
            crate::engine::RuleErrorKind::TableInputNeeded { ref needed, .. } if needed.len() == 1
        ));
    }

    #[test]
    fn below_is_roughly_uniform() {
        let mut d = Dice::new(5);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[d.below(6) as usize] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
    }
}
