//! The first answer to a create with an `Idempotency-Key` carries the seat
//! tokens, which the server otherwise never keeps. So a retry can get the
//! same answer without the tokens being stored readable, the answer is
//! sealed (ChaCha20-Poly1305) under a key derived from the Idempotency-Key,
//! and filed under another hash of it: the key itself is never stored, and
//! only a client that sends it again can open the answer.

use chacha20poly1305::aead::{Aead, KeyInit};
use chacha20poly1305::{ChaCha20Poly1305, Key, Nonce};
use rand_core::{OsRng, TryRngCore};
use sha2::{Digest, Sha256};

/// A sealed record's tag, so older plain records are recognised.
const PREFIX: &str = "sealed1:";

fn derive(context: &[u8], key: &str) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(context);
    h.update(key.as_bytes());
    h.finalize().into()
}

/// The name a record is filed under for `key` (hex).
pub fn file_name(key: &str) -> String {
    hex::encode(derive(b"ghostseat/idempotency/id/v1", key))
}

/// Seals `answer` for `key`.
pub fn seal(key: &str, answer: &str) -> Result<String, String> {
    let cipher = ChaCha20Poly1305::new(Key::from_slice(&derive(
        b"ghostseat/idempotency/seal/v1",
        key,
    )));
    let mut nonce = [0u8; 12];
    OsRng
        .try_fill_bytes(&mut nonce)
        .map_err(|e| e.to_string())?;
    let sealed = cipher
        .encrypt(Nonce::from_slice(&nonce), answer.as_bytes())
        .map_err(|e| e.to_string())?;
    Ok(format!(
        "{PREFIX}{}{}",
        hex::encode(nonce),
        hex::encode(sealed)
    ))
}

/// Opens a record sealed for `key`; None for a plain (older) record or a
/// record that does not open with this key.
pub fn open(key: &str, record: &str) -> Option<String> {
    let hexed = record.strip_prefix(PREFIX)?;
    let bytes = hex::decode(hexed).ok()?;
    if bytes.len() < 12 {
        return None;
    }
    let (nonce, sealed) = bytes.split_at(12);
    let cipher = ChaCha20Poly1305::new(Key::from_slice(&derive(
        b"ghostseat/idempotency/seal/v1",
        key,
    )));
    let plain = cipher.decrypt(Nonce::from_slice(nonce), sealed).ok()?;
    String::from_utf8(plain).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_same_key_opens_the_answer_and_the_key_is_not_stored() {
        let answer = r#"{"seats":[{"token":"gst_secret"}]}"#;
        let sealed = seal("key-1", answer).unwrap();
        assert!(!sealed.contains("gst_secret") && !sealed.contains("key-1"));
        assert_eq!(open("key-1", &sealed).as_deref(), Some(answer));
        assert_eq!(open("key-2", &sealed), None);
        assert_eq!(open("key-1", answer), None);
        assert_ne!(file_name("key-1"), "key-1");
        assert_eq!(file_name("key-1"), file_name("key-1"));
        assert_ne!(
            seal("key-1", answer).unwrap(),
            sealed,
            "a fresh nonce each time"
        );
    }
}
