//! Provably fair seeds: the server draws each session's seed from OS
//! entropy and publishes only a commitment, `SHA-256("ghostseat/commit/v1"
//! ‖ seed (8 bytes LE) ‖ salt (16 bytes))`. Seed and salt are revealed when
//! the game ends; anyone can then check the commitment and replay the log.

use rand_core::{OsRng, TryRngCore};
use sha2::{Digest, Sha256};

use crate::wire::Fairness;

const CONTEXT: &[u8] = b"ghostseat/commit/v1";

/// A fresh seed and salt from the OS.
pub fn draw() -> Result<(u64, [u8; 16]), String> {
    let seed = OsRng.try_next_u64().map_err(|e| e.to_string())?;
    let mut salt = [0u8; 16];
    OsRng.try_fill_bytes(&mut salt).map_err(|e| e.to_string())?;
    Ok((seed, salt))
}

/// The commitment to `seed` under `salt` (hex).
pub fn commitment(seed: u64, salt: &[u8]) -> String {
    let mut h = Sha256::new();
    h.update(CONTEXT);
    h.update(seed.to_le_bytes());
    h.update(salt);
    hex::encode(h.finalize())
}

/// The fairness block of a session: the commitment always; the seed and
/// salt once revealed (a public seed, or the game is over).
pub fn describe(seed: u64, salt: Option<&str>, public_seed: bool, finished: bool) -> Fairness {
    let salt_bytes = salt.and_then(|s| hex::decode(s).ok()).unwrap_or_default();
    let reveal = public_seed || finished;
    Fairness {
        commitment: commitment(seed, &salt_bytes),
        public_seed,
        seed: reveal.then(|| seed.to_string()),
        salt: reveal.then(|| hex::encode(&salt_bytes)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commitment_binds_seed_and_salt_and_reveals_only_at_the_end() {
        let (seed, salt) = draw().unwrap();
        let c = commitment(seed, &salt);
        assert_eq!(c.len(), 64);
        assert_ne!(c, commitment(seed ^ 1, &salt));
        let mut other = salt;
        other[0] ^= 1;
        assert_ne!(c, commitment(seed, &other));
        let hidden = describe(seed, Some(&hex::encode(salt)), false, false);
        assert_eq!(hidden.commitment, c);
        assert!(hidden.seed.is_none() && hidden.salt.is_none());
        let shown = describe(seed, Some(&hex::encode(salt)), false, true);
        assert_eq!(shown.seed, Some(seed.to_string()));
        assert_eq!(shown.salt, Some(hex::encode(salt)));
        // Golden (computed independently with Python's hashlib): the scheme
        // never changes under a stored session.
        assert_eq!(
            commitment(42, &[7u8; 16]),
            "27135d3261a1faca25e827efc7231f25335498d447a822057c168480db098872"
        );
    }
}
