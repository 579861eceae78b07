//! Pages for people rather than programs: `GET /` and the problem pages
//! that problem `type` URIs (`/problems/{code}`) point to.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use serde::Deserialize;

use super::error::ApiError;
use super::extract::lang;
use super::problems::{self, ProblemKind, CATALOGUE};
use crate::engine::Lang;

/// Words of the pages around the catalogue's texts.
struct Words {
    all_problems: &'static str,
    api_docs: &'static str,
    what_to_do: &'static str,
    problems: &'static str,
    intro: &'static str,
    code: &'static str,
    status: &'static str,
    meaning: &'static str,
    /// The paragraph after the remedy, around the code.
    answers: [&'static str; 2],
    /// The link to the page in the other language.
    other: (Lang, &'static str),
}

fn words(lang: Lang) -> Words {
    match lang {
        Lang::En => Words {
            all_problems: "All problems",
            api_docs: "API docs",
            what_to_do: "What to do",
            problems: "Problems",
            intro: "Every error answer of the API is <code>application/problem+json</code> with one of these codes.",
            code: "code",
            status: "status",
            meaning: "meaning",
            answers: [
                "Answers with this problem are <code>application/problem+json</code> with",
                "<code>detail</code> says what happened to this request.",
            ],
            other: (Lang::De, "Deutsch"),
        },
        Lang::De => Words {
            all_problems: "Alle Probleme",
            api_docs: "API-Dokumentation",
            what_to_do: "Was tun?",
            problems: "Probleme",
            intro: "Jede Fehlerantwort der API ist <code>application/problem+json</code> mit einem dieser Codes; <code>title</code> und <code>detail</code> folgen der Sprache der Anfrage (<code>Accept-Language</code>).",
            code: "Code",
            status: "Status",
            meaning: "Bedeutung",
            answers: [
                "Antworten mit diesem Problem sind <code>application/problem+json</code> mit",
                "<code>detail</code> sagt, was mit dieser Anfrage geschah.",
            ],
            other: (Lang::En, "English"),
        },
    }
}

/// The page's language: a `lang` query parameter (`?lang=de`, for links)
/// wins over `Accept-Language`.
fn page_lang(q: &Result<Query<PageQuery>, QueryRejection>, headers: &HeaderMap) -> Lang {
    q.as_ref()
        .ok()
        .and_then(|q| q.lang.as_deref())
        .and_then(Lang::from_tag)
        .unwrap_or_else(|| lang(headers))
}

#[derive(Debug, Default, Deserialize)]
struct PageQuery {
    lang: Option<String>,
}

fn html(body: String, lang: Lang) -> Response {
    let mut res = body.into_response();
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=3600"),
    );
    h.insert(
        header::CONTENT_LANGUAGE,
        HeaderValue::from_static(lang.tag()),
    );
    h.insert(header::VARY, HeaderValue::from_static("accept-language"));
    res
}

/// Escapes text for HTML (the catalogue is ours, but stays correct if it
/// ever holds `<` or `&`).
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Catalogue text for HTML: escaped, with `backticked` names as code.
fn text(s: &str) -> String {
    esc(s)
        .split('`')
        .enumerate()
        .map(|(i, part)| {
            if i % 2 == 1 {
                format!("<code>{part}</code>")
            } else {
                part.to_string()
            }
        })
        .collect()
}

fn reason(status: u16) -> &'static str {
    StatusCode::from_u16(status)
        .ok()
        .and_then(|s| s.canonical_reason())
        .unwrap_or("Error")
}

fn layout(lang: Lang, title: &str, here: &str, main: &str) -> String {
    let w = words(lang);
    let (other, other_name) = w.other;
    format!(
        "<!doctype html>\n<html lang=\"{tag}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{t} · ghostseat</title>\n\
         <style>body{{font-family:system-ui,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem;line-height:1.5}}\
         code{{background:#eee;padding:0 .2em}}td,th{{text-align:left;padding:.2em .6em .2em 0;vertical-align:top}}</style>\n\
         </head>\n<body>\n{main}\n<p><a href=\"/problems{q}\">{all}</a> · <a href=\"/docs\">{docs}</a> · \
         <a href=\"{here}?lang={other_tag}\" hreflang=\"{other_tag}\" lang=\"{other_tag}\">{other_name}</a></p>\n</body>\n</html>\n",
        tag = lang.tag(),
        t = esc(title),
        q = link_query(lang),
        all = w.all_problems,
        docs = w.api_docs,
        other_tag = other.tag(),
    )
}

/// The query that keeps a link in the page's language (English needs none).
fn link_query(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "",
        Lang::De => "?lang=de",
    }
}

fn problem_page(p: &ProblemKind, lang: Lang) -> String {
    let w = words(lang);
    let status = match lang {
        // The English page names the status by its reason phrase.
        Lang::En => format!("HTTP {} {}", p.status, reason(p.status)),
        Lang::De => format!("HTTP {}", p.status),
    };
    layout(
        lang,
        p.code,
        &format!("/problems/{}", p.code),
        &format!(
            "<h1><code>{code}</code></h1>\n<p><strong>{status}</strong> · {title}</p>\n\
             <p>{meaning}</p>\n<h2>{what_to_do}</h2>\n<p>{remedy}</p>\n\
             <p>{answers0} \
             <code>\"type\": \"/problems/{code}\"</code> {and} <code>\"code\": \"{code}\"</code>; \
             {answers1}</p>",
            code = esc(p.code),
            title = esc(p.title_in(lang)),
            meaning = text(p.meaning_in(lang)),
            remedy = text(p.remedy_in(lang)),
            what_to_do = w.what_to_do,
            answers0 = w.answers[0],
            answers1 = w.answers[1],
            and = match lang {
                Lang::En => "and",
                Lang::De => "und",
            },
        ),
    )
}

async fn problem(
    Path(code): Path<String>,
    headers: HeaderMap,
    q: Result<Query<PageQuery>, QueryRejection>,
) -> Response {
    let lang = page_lang(&q, &headers);
    match problems::find(&code) {
        Some(p) => html(problem_page(p, lang), lang),
        None => ApiError::new(
            StatusCode::NOT_FOUND,
            "no_route",
            "no problem has this code; see /problems",
        )
        .de("Kein Problem hat diesen Code; siehe /problems.")
        .into_response(),
    }
}

async fn index(headers: HeaderMap, q: Result<Query<PageQuery>, QueryRejection>) -> Response {
    let lang = page_lang(&q, &headers);
    let w = words(lang);
    let rows: String = CATALOGUE
        .iter()
        .map(|p| {
            format!(
                "<tr><td><a href=\"/problems/{c}{q}\"><code>{c}</code></a></td><td>{s}</td><td>{m}</td></tr>\n",
                c = esc(p.code),
                q = link_query(lang),
                s = p.status,
                m = text(p.meaning_in(lang))
            )
        })
        .collect();
    html(
        layout(
            lang,
            w.problems,
            "/problems",
            &format!(
                "<h1>{h}</h1>\n<p>{intro}</p>\n\
                 <table>\n<tr><th>{c}</th><th>{s}</th><th>{m}</th></tr>\n{rows}</table>",
                h = w.problems,
                intro = w.intro,
                c = w.code,
                s = w.status,
                m = w.meaning,
            ),
        ),
        lang,
    )
}

/// `/problems` and `/problems/{code}` (`/` is the table page, `table.rs`).
pub fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route("/problems", get(index))
        .route("/problems/{code}", get(problem))
}
