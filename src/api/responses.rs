//! The problem answers many routes share, declared once for the OpenAPI
//! document: a route lists the sets it meets and then only what it says
//! differently (a later entry for the same status replaces the set's).

use std::collections::BTreeMap;

use utoipa::openapi::{ContentBuilder, Ref, RefOr, ResponseBuilder};

type Responses = BTreeMap<String, RefOr<utoipa::openapi::response::Response>>;

/// `application/problem+json` answers with these statuses and descriptions.
fn problems(list: &[(u16, &str)]) -> Responses {
    list.iter()
        .map(|&(status, description)| {
            let content = ContentBuilder::new()
                .schema(Some(Ref::from_schema_name("Problem")))
                .build();
            let response = ResponseBuilder::new()
                .description(description)
                .content("application/problem+json", content)
                .build();
            (status.to_string(), RefOr::T(response))
        })
        .collect()
}

macro_rules! problem_set {
    ($(#[$doc:meta])* $name:ident = [$($status:literal => $description:literal),* $(,)?] $(+ $more:ident)*) => {
        $(#[$doc])*
        pub struct $name;

        impl utoipa::IntoResponses for $name {
            fn responses() -> Responses {
                let mut all = Responses::new();
                $(all.extend(<$more as utoipa::IntoResponses>::responses());)*
                all.extend(problems(&[$(($status, $description)),*]));
                all
            }
        }
    };
}

problem_set!(
    /// Every route behind the edge's rate limit.
    EdgeProblems = [429 => "Too many requests"]
);

problem_set!(
    /// A route with a JSON body.
    BodyProblems = [413 => "Body too large", 415 => "Body is not JSON"]
);

problem_set!(
    /// A request about one session with a token (a seat's or a watcher's).
    SessionProblems = [
        400 => "Not a session id",
        401 => "No token",
        404 => "Unknown session",
        503 => "Storage unavailable; retry",
    ] + EdgeProblems
);

problem_set!(
    /// A request that takes a seat's token.
    SeatProblems = [403 => "Token of another session"] + SessionProblems
);

problem_set!(
    /// A command: a seat's write with `If-Match` and `Idempotency-Key`.
    CommandProblems = [
        400 => "Malformed body or header",
        412 => "If-Match failed",
        422 => "A reused Idempotency-Key",
        503 => "Busy, shutting down or storage unavailable; retry",
    ] + SeatProblems + BodyProblems
);
