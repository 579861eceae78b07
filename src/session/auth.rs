//! Seat tokens: 256 random bits from the OS, handed out once; only their
//! SHA-256 is stored, and they are compared in constant time.

use rand_core::{OsRng, TryRngCore};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use crate::engine::Seat;

/// Prefix that makes tokens recognisable in config files and leak scanners.
const PREFIX: &str = "gst_";

/// A fresh token of 256 random bits.
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    OsRng
        .try_fill_bytes(&mut bytes)
        .expect("the OS random source failed");
    format!("{PREFIX}{}", hex::encode(bytes))
}

/// Hex SHA-256 of a token, as stored.
pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// The seat whose stored hash matches `token`, checking every seat in
/// constant time so timing reveals neither which seat nor how much matched.
pub fn seat_of(token: &str, hashes: &[String]) -> Option<Seat> {
    let h = hash_token(token);
    let mut found = None;
    for (i, stored) in hashes.iter().enumerate() {
        if !stored.is_empty() && bool::from(h.as_bytes().ct_eq(stored.as_bytes())) {
            found = Some(Seat(i as u8));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_256_bit_and_match_only_their_hash() {
        let a = new_token();
        let b = new_token();
        assert_ne!(a, b);
        assert_eq!(a.len(), PREFIX.len() + 64);
        let hashes = vec![hash_token(&a), String::new(), hash_token(&b)];
        assert_eq!(seat_of(&a, &hashes), Some(Seat(0)));
        assert_eq!(seat_of(&b, &hashes), Some(Seat(2)));
        assert_eq!(seat_of("gst_nope", &hashes), None);
        assert_eq!(seat_of("", &hashes), None);
    }
}
