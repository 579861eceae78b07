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

/// A fresh one-time invite code of 128 random bits (SESSION-SEAT-2): it
/// travels in a link, so it is shorter than a token, and only its hash is
/// stored.
pub fn new_invite() -> String {
    let mut bytes = [0u8; 16];
    OsRng
        .try_fill_bytes(&mut bytes)
        .expect("the OS random source failed");
    format!("gsi_{}", hex::encode(bytes))
}

/// Hex SHA-256 of a token, as stored. Every request with a token hashes
/// it, so the digits go through a buffer (`hex::encode` collects `char`s,
/// which cost more than the hash itself).
pub fn hash_token(token: &str) -> String {
    let mut digits = [0u8; 64];
    hex::encode_to_slice(Sha256::digest(token.as_bytes()), &mut digits)
        .expect("32 bytes are 64 hex digits");
    String::from_utf8(digits.to_vec()).expect("hex digits are ASCII")
}

/// Who a request speaks for: the SHA-256 of the token it carried, taken
/// where the token arrives, so the token itself goes no further into the
/// server. A stream ticket stands for the same hash (the ticket's row
/// holds the hash, never the token), which works on any replica and stops
/// working when the seat's token is rotated.
#[derive(Clone, PartialEq, Eq)]
pub struct Credential(String);

impl Credential {
    /// The credential a token presented in a request stands for.
    pub fn from_token(token: &str) -> Credential {
        Credential(hash_token(token))
    }
    /// A credential from a token hash the server stored itself (a
    /// redeemed stream ticket); never from anything a client sent.
    pub(crate) fn from_stored_hash(hash: String) -> Credential {
        Credential(hash)
    }
    /// The token's hex SHA-256, as stored.
    pub fn hash(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Credential {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Credential(..)")
    }
}

/// The seat whose stored hash matches the credential, checking every seat
/// in constant time so timing reveals neither which seat nor how much
/// matched.
pub fn seat_of(credential: &Credential, hashes: &[String]) -> Option<Seat> {
    let h = credential.hash();
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
        let c = |t: &str| Credential::from_token(t);
        assert_eq!(seat_of(&c(&a), &hashes), Some(Seat(0)));
        assert_eq!(seat_of(&c(&b), &hashes), Some(Seat(2)));
        assert_eq!(seat_of(&c("gst_nope"), &hashes), None);
        assert_eq!(seat_of(&c(""), &hashes), None);
        // A stored hash stands for its token; the hash is not a token.
        assert_eq!(
            seat_of(&Credential::from_stored_hash(hash_token(&b)), &hashes),
            Some(Seat(2))
        );
        assert_eq!(seat_of(&c(&hashes[0]), &hashes), None);
    }

    /// Stored hashes are lower-case hex SHA-256: every database written so
    /// far holds them in this form (the FIPS 180-2 vector for "abc").
    #[test]
    fn a_token_hash_is_lower_case_hex_sha256() {
        assert_eq!(
            hash_token("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(hash_token("gst_x"), hex::encode(Sha256::digest(b"gst_x")));
    }
}
