//! Pages for people rather than programs: `GET /` and the problem pages
//! that problem `type` URIs (`/problems/{code}`) point to.

use axum::extract::Path;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use super::error::ApiError;
use super::problems::{self, ProblemKind, CATALOGUE};

fn html(body: String) -> Response {
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

fn reason(status: u16) -> &'static str {
    StatusCode::from_u16(status)
        .ok()
        .and_then(|s| s.canonical_reason())
        .unwrap_or("Error")
}

fn layout(title: &str, main: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{t} · ghostseat</title>\n\
         <style>body{{font-family:system-ui,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem;line-height:1.5}}\
         code{{background:#eee;padding:0 .2em}}td,th{{text-align:left;padding:.2em .6em .2em 0;vertical-align:top}}</style>\n\
         </head>\n<body>\n{main}\n<p><a href=\"/problems\">All problems</a> · <a href=\"/docs\">API docs</a></p>\n</body>\n</html>\n",
        t = esc(title)
    )
}

fn problem_page(p: &ProblemKind) -> String {
    layout(
        p.code,
        &format!(
            "<h1><code>{code}</code></h1>\n<p><strong>HTTP {status} {reason}</strong></p>\n\
             <p>{meaning}</p>\n<h2>What to do</h2>\n<p>{remedy}</p>\n\
             <p>Answers with this problem are <code>application/problem+json</code> with \
             <code>\"type\": \"/problems/{code}\"</code> and <code>\"code\": \"{code}\"</code>; \
             <code>detail</code> says what happened to this request.</p>",
            code = esc(p.code),
            status = p.status,
            reason = reason(p.status),
            meaning = esc(p.meaning),
            remedy = esc(p.remedy),
        ),
    )
}

async fn problem(Path(code): Path<String>) -> Response {
    match problems::find(&code) {
        Some(p) => html(problem_page(p)),
        None => ApiError::new(
            StatusCode::NOT_FOUND,
            "no_route",
            "no problem has this code; see /problems",
        )
        .into_response(),
    }
}

async fn index() -> Response {
    let rows: String = CATALOGUE
        .iter()
        .map(|p| {
            format!(
                "<tr><td><a href=\"/problems/{c}\"><code>{c}</code></a></td><td>{s}</td><td>{m}</td></tr>\n",
                c = esc(p.code),
                s = p.status,
                m = esc(p.meaning)
            )
        })
        .collect();
    html(layout(
        "Problems",
        &format!(
            "<h1>Problems</h1>\n<p>Every error answer of the API is \
             <code>application/problem+json</code> with one of these codes.</p>\n\
             <table>\n<tr><th>code</th><th>status</th><th>meaning</th></tr>\n{rows}</table>"
        ),
    ))
}

/// `/problems` and `/problems/{code}` (`/` is the table page, `table.rs`).
pub fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route("/problems", get(index))
        .route("/problems/{code}", get(problem))
}
