//! Names the components of `openapi.json` for the handlers' annotations.
//! The schemas themselves are generated from the wire types
//! ([`crate::wire`]) with schemars and put into the document by
//! [`super::openapi`]; these markers only make utoipa write `$ref`s to them.

use std::borrow::Cow;
use utoipa::openapi::{Ref, RefOr, Schema};

macro_rules! refs {
    ($($marker:ident => $name:literal),* $(,)?) => {
        $(
            #[doc = concat!("`#/components/schemas/", $name, "`")]
            pub struct $marker;
            impl utoipa::PartialSchema for $marker {
                fn schema() -> RefOr<Schema> {
                    RefOr::Ref(Ref::from_schema_name($name))
                }
            }
            impl utoipa::ToSchema for $marker {
                fn name() -> Cow<'static, str> {
                    $name.into()
                }
            }
        )*
        /// Every component the annotations name (checked by a test).
        #[cfg(test)]
        pub const NAMES: &[&str] = &[$($name),*];
    };
}

refs! {
    CreateSession => "CreateSession",
    MoveRequest => "MoveRequest",
    BotTurnRequest => "BotTurnRequest",
    UndoRequest => "UndoRequest",
    CreatedDoc => "CreatedDoc",
    SessionDoc => "SessionDoc",
    CommandDoc => "CommandDoc",
    LegalMovesDoc => "LegalMovesDoc",
    LogDoc => "LogDoc",
    VerifyDoc => "VerifyDoc",
    ExportDoc => "ExportDoc",
    StreamTicketDoc => "StreamTicketDoc",
    DeleteDoc => "DeleteDoc",
    LanguagePinRequest => "LanguagePinRequest",
    LanguagePinDoc => "LanguagePinDoc",
    ClaimRequest => "ClaimRequest",
    SeatTokenDoc => "SeatTokenDoc",
    StreamEntryDoc => "StreamEntryDoc",
    GamesDoc => "GamesDoc",
    RulesDoc => "RulesDoc",
    RuleDoc => "RuleDoc",
    TextDoc => "TextDoc",
    HealthDoc => "HealthDoc",
    SessionAtDoc => "SessionAtDoc",
    RematchDoc => "RematchDoc",
    WatcherDoc => "WatcherDoc",
    WatchDoc => "WatchDoc",
    WatchEntryDoc => "WatchEntryDoc",
    NotifyRequest => "NotifyRequest",
    NotifyDoc => "NotifyDoc",
    Problem => "Problem",
}
