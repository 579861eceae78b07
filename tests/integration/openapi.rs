//! The committed OpenAPI document is the one the code generates.

#[test]
fn committed_openapi_matches_the_code() {
    let committed =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/openapi/openapi.json"))
            .expect("openapi/openapi.json exists");
    let generated = ghostseat::api::openapi::document();
    assert!(
        committed == generated,
        "openapi/openapi.json is stale: regenerate it with `cargo run -- openapi > openapi/openapi.json`"
    );
}
