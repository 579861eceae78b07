//! The worked examples of the game's spec (here: the template's own).

use serde_json::json;

use super::kit::{at, bot, table, take};
use crate::engine::Lang;

/// From 12 the bot, with no winning take, rolls a 3 and takes two; the player takes two to leave
/// 8, and from then on every bot take is answered to a multiple of four.
#[test]
fn a_game_from_twelve() {
    let (s, ev) = bot(&at(12, true), table(&[3])).unwrap();
    assert_eq!(s.stones, 10);
    assert_eq!(ev[0].text, "The bot rolls 3 and so takes 2 stones.");
    let (s, _) = take(&s, json!({"type": "take", "stones": 2})).unwrap();
    assert_eq!(s.stones, 8);
    let (s, ev) = bot(&s, table(&[5])).unwrap();
    assert_eq!(s.stones, 5);
    assert_eq!(ev.last().unwrap().text, "Bot takes 3 stones, 5 are left.");
    let de = super::kit::rules()
        .in_lang(Lang::De)
        .bot(&at(12, true), &mut table(&[3]))
        .unwrap();
    assert_eq!(
        de.events[0].text,
        "Der Bot würfelt eine 3 und nimmt daher 2 Steine."
    );
}
