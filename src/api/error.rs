//! Every error leaves as RFC 9457 `application/problem+json` with a stable
//! `code`, a `detail` a player understands and, for rule violations, the
//! `rule` id, in the request's language: `title` and `detail` in
//! English or German, the rest the same in both.
//!
//! A handler builds the English answer; [`ApiError`] carries a German
//! `detail` beside it where its site wrote one ([`ApiError::de`]), and
//! otherwise the code's German meaning from the catalogue stands in. The
//! answer leaves with its German body in a response extension
//! ([`GermanProblem`]); `middleware::problem_language`, which knows the
//! request's language, sends that body instead of the English one and sets
//! `Content-Language`. Handlers stay as they are: only rule refusals need
//! the request's language where they are rendered, and they already have it.

use axum::body::Bytes;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use schemars::JsonSchema;
use serde::Serialize;

use crate::engine::{Lang, Need, RuleErrorKind, TextCx};
use crate::session::SessionError;

/// The problem document (RFC 9457), with ghostseat's extension members.
#[derive(Debug, Clone, Default, Serialize, JsonSchema)]
pub struct Problem {
    /// `/problems/{code}`: a page that explains the problem.
    #[serde(rename = "type")]
    pub type_: String,
    /// The problem's short name in the answer's language (`Content-Language`),
    /// the same for every answer with this `code`: "Unknown session",
    /// "Unbekannte Sitzung".
    pub title: String,
    pub status: u16,
    /// What is wrong, in words a player understands, in the answer's
    /// language (`Content-Language`).
    pub detail: String,
    /// Stable machine code (`illegal_move`, `not_your_turn`, …).
    pub code: String,
    /// The rule id the request breaks, for rule errors.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// The invalid option (a dotted path), for `invalid_options`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub option: Option<String>,
    /// The session's version now, for version conflicts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<u64>,
    /// Everything the command needs from the table, in order, for
    /// `dice_needed` (send all of it again, not only the missing part).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub needed: Option<Vec<Need>>,
    /// How many table items the request brought, for `dice_needed`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sent: Option<usize>,
}

/// An error on its way out.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub problem: Box<Problem>,
    pub retry_after: Option<u64>,
    /// The German `detail`, where the site wrote one.
    pub detail_de: Option<String>,
    /// `detail` is in the request's language already (a refusal its handler
    /// rendered): a German answer keeps it.
    pub localized: bool,
    /// The language of the answer where the handler decided it (a seat's
    /// pinned language wins over `Accept-Language`).
    pub lang: Option<Lang>,
}

/// The language an answer is in, as its handler decided (a response
/// extension for the layer that writes problems in the request's language).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnswerLang(pub Lang);

/// The German body of a problem answer, as a response extension: the
/// layer that knows the request's language sends it for German requests.
#[derive(Debug, Clone)]
pub struct GermanProblem(pub Bytes);

impl ApiError {
    /// `code` must be in the catalogue (`super::problems`) with this status:
    /// its `type`, `/problems/{code}`, serves that entry's page.
    pub fn new(status: StatusCode, code: &str, detail: impl Into<String>) -> Self {
        debug_assert!(
            super::problems::find(code).is_some_and(|p| p.status == status.as_u16()),
            "problem code {code} ({status}) is not in src/api/problems.rs"
        );
        let title = super::problems::find(code)
            .map(|p| p.title)
            .or(status.canonical_reason())
            .unwrap_or("Error");
        ApiError {
            status,
            problem: Box::new(Problem {
                type_: format!("/problems/{code}"),
                title: title.to_string(),
                status: status.as_u16(),
                detail: detail.into(),
                code: code.to_string(),
                ..Problem::default()
            }),
            retry_after: None,
            detail_de: None,
            localized: false,
            lang: None,
        }
    }
    /// The German `detail` of this answer (the English one says the same);
    /// without one a German answer gives the code's German meaning.
    pub fn de(mut self, detail: impl Into<String>) -> Self {
        self.detail_de = Some(detail.into());
        self
    }
    /// `detail` was rendered in the request's language already.
    pub fn localized(mut self) -> Self {
        self.localized = true;
        self
    }
    /// The problem as a German answer says it: the German title, and the
    /// German detail of the site, the detail already rendered in German, or
    /// the code's German meaning. Never an English sentence.
    pub fn german(&self) -> Problem {
        let mut p = (*self.problem).clone();
        if let Some(kind) = super::problems::find(&p.code) {
            p.title = kind.title_de.to_string();
            match &self.detail_de {
                Some(d) => p.detail = d.clone(),
                None if self.localized => {}
                None => p.detail = kind.meaning_de.to_string(),
            }
        }
        p
    }
    pub fn rule(mut self, rule: &str) -> Self {
        self.problem.rule = Some(rule.to_string());
        self
    }
    pub fn version(mut self, v: u64) -> Self {
        self.problem.version = Some(v);
        self
    }
    pub fn retry_after(mut self, secs: u64) -> Self {
        self.retry_after = Some(secs);
        self
    }
    /// The answer is for a reader of `lang` (the seat's pin, else the
    /// request's language); `localized`: `detail` is in that language
    /// already.
    pub fn answer_lang(mut self, lang: Lang, localized: bool) -> Self {
        self.lang = Some(lang);
        self.localized |= localized;
        self
    }
    pub fn bad_request(code: &str, detail: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code, detail)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::to_vec(&*self.problem).unwrap_or_default();
        let german = serde_json::to_vec(&self.german()).unwrap_or_default();
        let mut res = (self.status, body).into_response();
        res.extensions_mut()
            .insert(GermanProblem(Bytes::from(german)));
        let h = res.headers_mut();
        h.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/problem+json"),
        );
        if let Some(s) = self.retry_after {
            h.insert(header::RETRY_AFTER, HeaderValue::from(s));
        }
        if self.status == StatusCode::UNAUTHORIZED {
            h.insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
        }
        if let Some(lang) = self.lang {
            res.extensions_mut().insert(AnswerLang(lang));
        }
        res
    }
}

impl From<SessionError> for ApiError {
    fn from(e: SessionError) -> Self {
        use SessionError as E;
        let detail = e.to_string();
        match e {
            E::UnknownGame(id) => ApiError::new(StatusCode::NOT_FOUND, "unknown_game", detail)
                .de(format!("Kein Spiel hat die ID '{id}'.")),
            E::NotFound(id) => ApiError::new(StatusCode::NOT_FOUND, "unknown_session", detail)
                .de(format!("Keine Sitzung hat die ID '{id}'.")),
            E::MissingToken => ApiError::new(StatusCode::UNAUTHORIZED, "missing_token", detail)
                .de("Diese Anfrage braucht das Token eines Platzes (`Authorization: Bearer …`)."),
            E::WrongToken => ApiError::new(StatusCode::FORBIDDEN, "wrong_token", detail)
                .de("Das Token gehört nicht zu dieser Sitzung."),
            E::Malformed(m) => ApiError::bad_request("malformed", m),
            E::BadTicket => ApiError::new(StatusCode::UNAUTHORIZED, "invalid_ticket", detail).de(
                "Das Stream-Ticket ist unbekannt, schon benutzt oder abgelaufen; hol ein neues mit POST …/stream-tickets.",
            ),
            E::SeedNotAllowed => {
                ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "seed_not_allowed", detail)
                    .rule("SESSION-SEED-1")
                    .de("Ein gewählter Startwert ließe einen Spieler die Karten und Würfel der anderen vorhersehen; in einer Partie zwischen Menschen zieht der Server den Startwert (nur der Betreiber darf einen wählen, für Tests).")
            }
            E::InviteClaimed => ApiError::new(StatusCode::CONFLICT, "invite_claimed", detail)
                .rule("SESSION-SEAT-2")
                .de("Dieser Platz ist schon vergeben; frag seinen Spieler oder lass dir eine neue Partie anlegen."),
            E::InviteInvalid => ApiError::new(StatusCode::FORBIDDEN, "invite_invalid", detail)
                .rule("SESSION-SEAT-2")
                .de("Dieser Einladungscode gehört nicht zu diesem Platz."),
            E::UnknownSeat(seat) => {
                let shown: String = seat.chars().take(32).collect();
                ApiError::new(StatusCode::NOT_FOUND, "unknown_seat", detail)
                    .de(format!("Die Sitzung hat keinen Platz '{shown}', den ein Mensch einnehmen kann."))
            }
            E::OperatorOnly(_) => ApiError::new(StatusCode::FORBIDDEN, "operator_only", detail),
            E::TooManyStreams(m) => {
                let a = ApiError::new(StatusCode::TOO_MANY_REQUESTS, "too_many_streams", detail)
                    .retry_after(30);
                match streams_de(&m) {
                    Some(de) => a.de(de),
                    None => a,
                }
            }
            E::Rule(r) => refusal(r),
            E::VersionConflict { current, expected } => {
                ApiError::new(StatusCode::CONFLICT, "version_conflict", detail)
                    .version(current)
                    .de(format!(
                        "Die Sitzung ist bei Version {current}, die Anfrage erwartete {expected}."
                    ))
            }
            E::PreconditionFailed { current, expected } => ApiError::new(
                StatusCode::PRECONDITION_FAILED,
                "precondition_failed",
                detail,
            )
            .version(current)
            .de(format!(
                "`If-Match` nennt Version {expected}, die Sitzung ist bei Version {current}."
            )),
            E::NothingToUndo(m) => {
                let a = ApiError::new(StatusCode::CONFLICT, "nothing_to_undo", detail);
                if m.contains("Idempotency-Key") {
                    // The registry's answer to a create retried after the
                    // tokens were no longer kept.
                    a.de("Diese Sitzung wurde von einer früheren Anfrage mit demselben `Idempotency-Key` angelegt; ihre Token werden nicht noch einmal gezeigt.")
                } else {
                    // The session's undo refusals are written in the
                    // request's language.
                    a.localized()
                }
            }
            E::NotUndoable(_) => ApiError::new(StatusCode::CONFLICT, "not_undoable", detail)
                .rule("SESSION-UNDO-2")
                .localized(),
            E::Legacy(_) => ApiError::new(StatusCode::CONFLICT, "legacy_session", detail),
            E::IdempotencyKeyReused => ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "idempotency_key_reused",
                detail,
            )
            .de("Dieser `Idempotency-Key` wurde für eine andere Anfrage benutzt."),
            E::UnknownVersion { head, .. } => {
                ApiError::new(StatusCode::NOT_FOUND, "unknown_version", detail)
                    .rule("SESSION-AT-1")
                    .version(head)
                    .de(format!("Die Sitzung hat diese Version nicht; sie ist bei Version {head}."))
            }
            E::ViewpointHidden => ApiError::new(StatusCode::FORBIDDEN, "viewpoint_hidden", detail)
                .rule("SESSION-AT-2")
                .de("Die Sicht eines anderen Platzes wird erst nach dem Ende der Partie gezeigt."),
            E::NotFinished => ApiError::new(StatusCode::CONFLICT, "game_not_finished", detail)
                .rule("SESSION-REMATCH-1")
                .de("Eine Revanche beginnt nach dem Ende einer Partie; diese wird noch gespielt."),
            E::WatchTokenInvalid => {
                ApiError::new(StatusCode::UNAUTHORIZED, "invalid_watch_token", detail)
                    .rule("SESSION-WATCH-2")
                    .de("Dieses Zuschauer-Token ist unbekannt oder wurde widerrufen.")
            }
            E::UnknownWatcher => ApiError::new(StatusCode::NOT_FOUND, "unknown_watcher", detail)
                .de("Die Sitzung hat keinen solchen Zuschauer."),
            E::TooManyWatchers => ApiError::new(StatusCode::CONFLICT, "too_many_watchers", detail)
                .de("Die Sitzung hat schon die meisten Zuschauer; widerrufe erst einen."),
            E::NotifyRefused(why) => {
                ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "notify_target_refused", detail)
                    .rule("SESSION-NOTIFY-1")
                    .de(why.de)
            }
            E::Busy => ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "busy", detail)
                .retry_after(1)
                .de("Die Sitzung ist ausgelastet; versuche es gleich noch einmal."),
            E::ShuttingDown => {
                ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "shutting_down", detail)
                    .retry_after(5)
                    .de("Der Server fährt herunter.")
            }
            E::Store(err) => {
                tracing::error!(error = %err, "store error");
                ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "storage_unavailable",
                    "the database refused the write; nothing was applied, retry later",
                )
                .retry_after(5)
                .de("Die Datenbank hat das Schreiben abgelehnt; nichts wurde ausgeführt, versuche es später erneut.")
            }
            E::Internal(m) => {
                tracing::error!(error = %m, "internal error");
                ApiError::new(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "internal",
                    "an internal error occurred; nothing was applied",
                )
                .de("Ein interner Fehler ist aufgetreten; nichts wurde ausgeführt.")
            }
        }
    }
}

/// A rule's refusal: its status and code by kind, the rule id, the sentence
/// in the request's language, and the fields its kind carries. The pairs are
/// written out in full: `problems.rs`'s catalogue test reads them.
fn refusal(r: crate::engine::RuleError) -> ApiError {
    let (status, code) = match &r.kind {
        RuleErrorKind::Illegal => (StatusCode::UNPROCESSABLE_ENTITY, "illegal_move"),
        RuleErrorKind::OutOfTurn => (StatusCode::CONFLICT, "not_your_turn"),
        RuleErrorKind::GameOver => (StatusCode::CONFLICT, "game_over"),
        RuleErrorKind::CommandCap => (StatusCode::CONFLICT, "command_cap_reached"),
        RuleErrorKind::BadOptions { .. } => (StatusCode::UNPROCESSABLE_ENTITY, "invalid_options"),
        RuleErrorKind::TableInputNeeded { .. } => (StatusCode::UNPROCESSABLE_ENTITY, "dice_needed"),
        RuleErrorKind::TableInputUnused { .. } => {
            (StatusCode::UNPROCESSABLE_ENTITY, "unused_table_input")
        }
        RuleErrorKind::TableInputNotAllowed => {
            (StatusCode::UNPROCESSABLE_ENTITY, "table_input_not_allowed")
        }
    };
    let mut a = ApiError::new(status, code, r.detail.to_string()).rule(&r.rule);
    // A refusal still a message reads in German here; one its
    // handler rendered is in the request's language already.
    a = if r.detail.is_message() {
        a.de(r.detail.render(&TextCx::new(Lang::De, &[])))
    } else {
        a.localized()
    };
    match r.kind {
        RuleErrorKind::BadOptions { option } => a.problem.option = option,
        RuleErrorKind::TableInputNeeded { needed, sent } => {
            a.problem.needed = Some(needed);
            a.problem.sent = Some(sent);
        }
        _ => {}
    }
    a
}

/// The German of the registry's stream cap sentence, "{who} already has
/// {cap} live streams; close one first", if it is one.
fn streams_de(m: &str) -> Option<String> {
    let (who, rest) = m.split_once(" already has ")?;
    let cap: u64 = rest
        .strip_suffix(" live streams; close one first")?
        .parse()
        .ok()?;
    let who = match who {
        "this session" => "Diese Sitzung",
        "this seat" => "Dieser Platz",
        "your address" => "Deine Adresse",
        _ => return None,
    };
    Some(format!(
        "{who} hat schon {cap} offene Streams; schließe zuerst einen."
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::testing::{check_german, check_text};
    use crate::engine::RuleError;

    fn de(e: SessionError) -> Problem {
        ApiError::from(e).german()
    }

    // Every session error reads in German, with the case's
    // parameters in the sentence, and the English answer keeps its own.
    #[test]
    fn every_session_error_reads_in_german() {
        let errors = || {
            vec![
                SessionError::UnknownGame("chess".into()),
                SessionError::NotFound("4b3c".into()),
                SessionError::MissingToken,
                SessionError::WrongToken,
                SessionError::Malformed("move: unknown variant `fly`".into()),
                SessionError::BadTicket,
                SessionError::SeedNotAllowed,
                SessionError::OperatorOnly("only the operator may import a session".into()),
                SessionError::TooManyStreams(
                    "this seat already has 4 live streams; close one first".into(),
                ),
                SessionError::TooManyStreams("a cap the registry words anew".into()),
                SessionError::VersionConflict {
                    current: 7,
                    expected: 5,
                },
                SessionError::PreconditionFailed {
                    current: 7,
                    expected: 3,
                },
                SessionError::NothingToUndo("Es gibt keinen Zug, den du zurücknehmen kannst.".into()),
                SessionError::NothingToUndo("this session was created by an earlier request with the same Idempotency-Key; its tokens are not shown again".into()),
                SessionError::NotUndoable("Der letzte Zug hat eine Karte gezogen.".into()),
                SessionError::Legacy("this session was played under an earlier version".into()),
                SessionError::IdempotencyKeyReused,
                SessionError::InviteClaimed,
                SessionError::InviteInvalid,
                SessionError::UnknownSeat("c".into()),
                SessionError::Busy,
                SessionError::ShuttingDown,
                SessionError::Internal("oops".into()),
                SessionError::Rule(RuleError::illegal("X-1", "Dieser Zug ist nicht erlaubt.")),
            ]
        };
        for (e, en) in errors().into_iter().zip(errors()) {
            let en = ApiError::from(en);
            let p = de(e);
            let kind = super::super::problems::find(&p.code).unwrap();
            assert_eq!(p.title, kind.title_de);
            assert_eq!(en.problem.title, kind.title);
            check_text(&p.code, &p.detail).unwrap();
            check_german(&p.code, &p.detail).unwrap();
            // Everything but the texts is the same in both languages.
            assert_eq!(
                (p.code.as_str(), p.status, &p.rule, p.version),
                (
                    en.problem.code.as_str(),
                    en.problem.status,
                    &en.problem.rule,
                    en.problem.version
                )
            );
        }
        assert_eq!(
            de(SessionError::VersionConflict {
                current: 7,
                expected: 5
            })
            .detail,
            "Die Sitzung ist bei Version 7, die Anfrage erwartete 5."
        );
        assert_eq!(
            de(SessionError::TooManyStreams(
                "this seat already has 4 live streams; close one first".into()
            ))
            .detail,
            "Dieser Platz hat schon 4 offene Streams; schließe zuerst einen."
        );
        // Without a German sentence of its own, the code's German meaning.
        assert_eq!(
            de(SessionError::Malformed("move: unknown variant".into())).detail,
            super::super::problems::find("malformed")
                .unwrap()
                .meaning_de
        );
    }
}
