//! Request parsing: JSON bodies with our own limits and errors, and the
//! parts every handler reads from the head of a request as extractors: the
//! seat credential ([`Seat`]), the language ([`AcceptLanguage`]), a
//! write's `If-Match`, `Prefer` and `Idempotency-Key` ([`CommandHead`]) and
//! the session id ([`SessionId`]). A bad header is refused with its own problem code before
//! the handler runs.

use std::convert::Infallible;

use axum::body::Bytes;
use axum::extract::{FromRequestParts, RawPathParams};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use serde::de::DeserializeOwned;
use sha2::{Digest, Sha256};

use super::error::ApiError;

/// Longest accepted string value in a JSON body.
pub const MAX_STRING: usize = 8 * 1024;
/// Deepest accepted nesting of a JSON body.
pub const MAX_DEPTH: usize = 32;

/// Parses a JSON body (empty body = `{}`), refusing unknown fields (the DTOs
/// say `deny_unknown_fields`), deep nesting and overlong strings.
pub fn json_body<T: DeserializeOwned>(headers: &HeaderMap, body: &Bytes) -> Result<T, ApiError> {
    parse_json(headers.get(header::CONTENT_TYPE), body)
}

/// [`json_body`] with the request's `Content-Type`.
pub fn parse_json<T: DeserializeOwned>(
    content_type: Option<&HeaderValue>,
    body: &Bytes,
) -> Result<T, ApiError> {
    let body: &[u8] = if body.iter().all(u8::is_ascii_whitespace) {
        b"{}"
    } else {
        body
    };
    if body != b"{}" {
        let ct = content_type.and_then(|v| v.to_str().ok()).unwrap_or("");
        let mime = ct.split(';').next().unwrap_or("").trim();
        if !(mime == "application/json"
            || (mime.starts_with("application/") && mime.ends_with("+json")))
        {
            return Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "unsupported_media_type",
                "send the body as application/json",
            )
            .de("Sende den Anfragekörper als `application/json`."));
        }
    }
    // Most bodies are small and plainly within the limits: then one parse
    // straight into `T`. Anything else (or any error) takes the exact path
    // below, which alone words the refusals.
    if within_limits(body) {
        if let Ok(t) = serde_json::from_slice(body) {
            return Ok(t);
        }
    }
    let v: serde_json::Value = serde_json::from_slice(body).map_err(|e| {
        let (line, column) = (e.line(), e.column());
        ApiError::bad_request("invalid_json", format!("the body is not valid JSON: {e}")).de(
            format!("Der Anfragekörper ist kein gültiges JSON: Das Lesen brach in Zeile {line}, Spalte {column} ab."),
        )
    })?;
    check_shape(&v, 0)?;
    serde_json::from_value(v).map_err(|e| {
        ApiError::bad_request(
            "invalid_body",
            format!("the body does not have the expected fields: {e}"),
        )
    })
}

/// Whether the raw text proves the body within [`MAX_DEPTH`] and
/// [`MAX_STRING`]: no more than `MAX_DEPTH` containers open at once (so no
/// value lies deeper) and no string, escapes included, longer than
/// `MAX_STRING` bytes (decoding only shortens a string). `false` proves
/// nothing; [`check_shape`] then decides on the parsed value.
fn within_limits(body: &[u8]) -> bool {
    let (mut open, mut in_string, mut escaped, mut len) = (0usize, false, false, 0usize);
    for &b in body {
        if in_string {
            len += 1;
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
            }
            if len > MAX_STRING + 1 {
                return false;
            }
            continue;
        }
        match b {
            b'"' => (in_string, len) = (true, 0),
            b'[' | b'{' => {
                open += 1;
                if open > MAX_DEPTH {
                    return false;
                }
            }
            b']' | b'}' => open = open.saturating_sub(1),
            _ => {}
        }
    }
    true
}

fn check_shape(v: &serde_json::Value, depth: usize) -> Result<(), ApiError> {
    if depth > MAX_DEPTH {
        return Err(ApiError::bad_request(
            "json_too_deep",
            format!("JSON nested deeper than {MAX_DEPTH} levels"),
        )
        .de(format!(
            "Das JSON ist tiefer als {MAX_DEPTH} Ebenen verschachtelt."
        )));
    }
    match v {
        serde_json::Value::String(s) if s.len() > MAX_STRING => Err(ApiError::bad_request(
            "string_too_long",
            format!("a string is longer than {MAX_STRING} bytes"),
        )
        .de(format!(
            "Eine Zeichenkette ist länger als {MAX_STRING} Bytes."
        ))),
        serde_json::Value::Array(a) => a.iter().try_for_each(|x| check_shape(x, depth + 1)),
        serde_json::Value::Object(o) => o.iter().try_for_each(|(k, x)| {
            if k.len() > MAX_STRING {
                return Err(
                    ApiError::bad_request("string_too_long", "a key is too long")
                        .de(format!("Ein Schlüssel ist länger als {MAX_STRING} Bytes.")),
                );
            }
            check_shape(x, depth + 1)
        }),
        _ => Ok(()),
    }
}

/// The seat token from `Authorization: Bearer …`.
pub fn bearer(headers: &HeaderMap) -> Option<String> {
    let v = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = v.split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| token.trim().to_string())
        .filter(|t| !t.is_empty())
}

/// The credential of the request's bearer token (its hash; the token
/// itself stops here).
pub fn credential(headers: &HeaderMap) -> Option<crate::session::Credential> {
    bearer(headers).map(|t| crate::session::Credential::from_token(&t))
}

/// `If-Match: "7"` (also `W/"7"` or `7`) → 7.
pub fn if_match(headers: &HeaderMap) -> Result<Option<u64>, ApiError> {
    let Some(v) = headers.get(header::IF_MATCH) else {
        return Ok(None);
    };
    let s = v.to_str().unwrap_or("").trim();
    let s = s.strip_prefix("W/").unwrap_or(s).trim_matches('"');
    s.parse::<u64>().map(Some).map_err(|_| {
        ApiError::bad_request(
            "invalid_if_match",
            "If-Match must be the session's ETag, e.g. \"7\"",
        )
        .de("`If-Match` muss das `ETag` der Sitzung sein, z. B. \"7\".")
    })
}

/// `Idempotency-Key`: 1 to 255 visible ASCII characters.
pub fn idempotency_key(headers: &HeaderMap) -> Result<Option<String>, ApiError> {
    let Some(v) = headers.get("idempotency-key") else {
        return Ok(None);
    };
    let s = v.to_str().map_err(|_| {
        ApiError::bad_request(
            "invalid_idempotency_key",
            "Idempotency-Key must be visible ASCII",
        )
        .de("`Idempotency-Key` muss aus sichtbaren ASCII-Zeichen bestehen.")
    })?;
    if s.is_empty() || s.len() > 255 || !s.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(ApiError::bad_request(
            "invalid_idempotency_key",
            "Idempotency-Key must be 1 to 255 visible ASCII characters",
        )
        .de("`Idempotency-Key` muss aus 1 bis 255 sichtbaren ASCII-Zeichen bestehen."));
    }
    Ok(Some(s.to_string()))
}

/// A session id must be a UUID.
pub fn session_id(raw: &str) -> Result<String, ApiError> {
    uuid::Uuid::parse_str(raw)
        .map(|u| u.hyphenated().to_string())
        .map_err(|_| {
            let shown = raw.chars().take(64).collect::<String>();
            ApiError::bad_request(
                "invalid_id",
                format!("'{shown}' is not a session id (a UUID)"),
            )
            .de(format!("'{shown}' ist keine Sitzungs-ID (eine UUID)."))
        })
}

/// Fingerprint of a request for idempotency checks: method, path, the seat
/// token (a key reused by another seat is another request, and its stored
/// answer, events included, was shaped for the first seat) and the body.
fn hash_request(bearer: &str, method: &Method, path: &str, body: &Bytes) -> String {
    let mut h = Sha256::new();
    h.update(bearer.as_bytes());
    h.update(b"\n");
    h.update(method.as_str().as_bytes());
    h.update(b" ");
    h.update(path.as_bytes());
    h.update(b"\n");
    h.update(body);
    hex::encode(h.finalize())
}

/// The language of the answer's texts: `Accept-Language` (RFC 9110), or a
/// `lang` query parameter where a client cannot set headers (EventSource).
pub fn lang(headers: &HeaderMap) -> crate::engine::Lang {
    headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .map(crate::engine::Lang::negotiate)
        .unwrap_or_default()
}

/// `Prefer: return=minimal` (RFC 7240): the client redraws from the
/// stream and wants no view in the answer.
pub fn prefers_minimal(headers: &HeaderMap) -> bool {
    headers
        .get_all("prefer")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|p| p.trim().eq_ignore_ascii_case("return=minimal"))
}

/// The seat credential of `Authorization: Bearer …`, if the request has one
/// (its hash: the token itself goes no further).
pub struct Seat(pub Option<crate::session::Credential>);

impl<S: Send + Sync> FromRequestParts<S> for Seat {
    type Rejection = Infallible;
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Infallible> {
        Ok(Seat(credential(&parts.headers)))
    }
}

/// The language `Accept-Language` asks for (English when it names none the
/// server writes).
pub struct AcceptLanguage(pub crate::engine::Lang);

impl<S: Send + Sync> FromRequestParts<S> for AcceptLanguage {
    type Rejection = Infallible;
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Infallible> {
        Ok(AcceptLanguage(lang(&parts.headers)))
    }
}

/// What a write reads from the head of its request: the seat, the language,
/// `If-Match`, `Prefer` and `Idempotency-Key` (with what of the head a
/// retry must repeat: method, path and token).
pub struct CommandHead {
    pub seat: Option<crate::session::Credential>,
    pub lang: crate::engine::Lang,
    pub if_match: Option<u64>,
    pub minimal: bool,
    /// The key with what of the head a retry must repeat; only a request
    /// with a key keeps it.
    retry: Option<Retry>,
}

/// An `Idempotency-Key` and the parts of the head its hash covers.
struct Retry {
    key: String,
    method: Method,
    path: String,
    bearer: String,
}

impl CommandHead {
    /// The request's `Idempotency-Key` with the hash of the request that
    /// carries it (a retry must be the same request).
    pub fn idempotency(&self, body: &Bytes) -> Option<crate::session::IdempotencyKey> {
        let r = self.retry.as_ref()?;
        Some(crate::session::IdempotencyKey {
            request_hash: hash_request(&r.bearer, &r.method, &r.path, body),
            key: r.key.clone(),
        })
    }
}

impl<S: Send + Sync> FromRequestParts<S> for CommandHead {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        let h = &parts.headers;
        let token = bearer(h);
        let if_match = if_match(h)?;
        let retry = idempotency_key(h)?.map(|key| Retry {
            key,
            method: parts.method.clone(),
            path: parts.uri.path().to_string(),
            bearer: token.clone().unwrap_or_default(),
        });
        Ok(CommandHead {
            seat: token.map(|t| crate::session::Credential::from_token(&t)),
            lang: lang(h),
            if_match,
            minimal: prefers_minimal(h),
            retry,
        })
    }
}

/// The route's `{id}`, checked to be a session id and written the one way
/// the store keys it (`invalid_id`).
pub struct SessionId(pub String);

impl<S: Send + Sync> FromRequestParts<S> for SessionId {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let params = RawPathParams::from_request_parts(parts, state)
            .await
            .map_err(|_| ApiError::bad_request("invalid_id", "the route has no session id"))?;
        let raw = params
            .iter()
            .find_map(|(name, value)| (name == "id").then_some(value))
            .unwrap_or_default();
        session_id(raw).map(SessionId)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nested(depth: usize) -> String {
        format!("{}1{}", "[".repeat(depth), "]".repeat(depth))
    }

    #[test]
    fn the_quick_check_accepts_only_what_the_exact_check_accepts() {
        for body in [
            nested(MAX_DEPTH),
            nested(MAX_DEPTH + 1),
            format!(r#"{{"a":"{}"}}"#, "x".repeat(MAX_STRING)),
            format!(r#"{{"a":"{}"}}"#, "x".repeat(MAX_STRING + 1)),
            format!(r#"{{"{}":1}}"#, "k".repeat(MAX_STRING + 1)),
            // Escapes count raw: 8,192 decoded bytes written as 16,384.
            format!(r#"{{"a":"{}"}}"#, r"\n".repeat(MAX_STRING)),
            // Brackets inside strings are not nesting.
            format!(r#"{{"a":"{}"}}"#, "[".repeat(MAX_DEPTH + 5)),
            r#"{"a":"quote \" then [[["}"#.to_string(),
        ] {
            let v: serde_json::Value = serde_json::from_str(&body).unwrap();
            let exact = check_shape(&v, 0).is_ok();
            if within_limits(body.as_bytes()) {
                assert!(
                    exact,
                    "quick check passed a body the exact check refuses: {body:.60}"
                );
            }
        }
        assert!(within_limits(nested(MAX_DEPTH).as_bytes()));
        assert!(!within_limits(nested(MAX_DEPTH + 1).as_bytes()));
        let long = format!(r#"{{"a":"{}"}}"#, "x".repeat(MAX_STRING));
        assert!(within_limits(long.as_bytes()));
        let longer = format!(r#"{{"a":"{}"}}"#, "x".repeat(MAX_STRING + 1));
        assert!(!within_limits(longer.as_bytes()));
        assert!(within_limits(br#"{"a":"quote \" then [[["}"#));
    }

    #[test]
    fn one_parse_and_two_parses_agree() {
        #[derive(serde::Deserialize, Debug, PartialEq)]
        #[serde(deny_unknown_fields)]
        struct Req {
            n: u32,
            #[serde(default)]
            s: Option<String>,
        }
        let mut headers = HeaderMap::new();
        headers.insert(header::CONTENT_TYPE, "application/json".parse().unwrap());
        let ok = |b: &'static str| json_body::<Req>(&headers, &Bytes::from_static(b.as_bytes()));
        assert_eq!(
            ok(r#"{"n": 1, "s": "a\"b"}"#).unwrap(),
            Req {
                n: 1,
                s: Some("a\"b".into())
            }
        );
        // A duplicate key: the value kept last wins, as before.
        assert_eq!(ok(r#"{"n": 1, "n": 2}"#).unwrap(), Req { n: 2, s: None });
        assert_eq!(
            ok(r#"{"n": 1, "x": 2}"#).unwrap_err().problem.code,
            "invalid_body"
        );
        assert_eq!(ok(r#"{"n": 1,"#).unwrap_err().problem.code, "invalid_json");
        let deep = Bytes::from(format!(r#"{{"n":1,"s":{}}}"#, nested(MAX_DEPTH + 1)));
        assert_eq!(
            json_body::<Req>(&headers, &deep).unwrap_err().problem.code,
            "json_too_deep"
        );
    }
}
