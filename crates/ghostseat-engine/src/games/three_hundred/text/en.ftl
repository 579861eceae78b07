## 300: Erde & Wasser, English. The names of the cards and cities, and why a Greek move is
## refused (`refusal-*`, one message per `Refusal` variant of refusals.rs).

## Cities.

city-abydos = Abydos
city-ephesos = Ephesos
city-pella = Pella
city-larissa = Larissa
city-delphi = Delphi
city-thebai = Thebai
city-athenai = Athenai
city-korinthos = Korinthos
city-sparta = Sparta
city-eretria = Eretria
city-naxos = Naxos

## Cards, by the name of their Greek half.

card-mines_of_laurion = Mines of Laurion
card-ionian_revolt = Ionian Revolt
card-wrath_of_poseidon = Wrath of Poseidon
card-miltiades = Miltiades
card-themistocles = Themistocles
card-pausanias = Pausanias
card-oracle_of_delphi = Oracle of Delphi
card-leonidas = Leonidas
card-artemisia = Artemisia I
card-evangelion = Evangelion
card-melas_zomos = Melas Zomos
card-molon_labe = Molon Labe
card-triremes = Triremes
card-support_from_syracuse = Support from Syracuse
card-three_hundred_spartans = 300 Spartans
card-desertion = Desertion of Greek Soldiers

## A parameter of `play_event` a card needs (the value) or does not take (`.none`): English
## names it as the request does.

field-city = `city`
    .none = no `city`
field-from = `from`
    .none = no `from`
field-to = `to`
    .none = no `to`
field-armies = `armies`
    .none = no `armies`
field-port = `port`
    .none = no `port`
field-fleets = `fleets`
    .none = no `fleets`
field-path = `path`
    .none = no `path`
field-miltiades = `miltiades`
    .none = no `miltiades`
field-pay_from = `pay_from`
    .none = no `pay_from`

## Refusals.

refusal-not-in-hand = { $card } is not in your hand.
refusal-same-city = The armies must move to another city.
refusal-unreachable = Greek armies cannot reach { $to } from { $from }.
refusal-path-ends = The path lists the cities of the march from { $from } to { $to }, both included.
refusal-no-road = No road leads from { $from } to { $to }{ $hellespont ->
        [yes] {" "}(the Hellespont needs the bridge)
       *[no] {""}
    }.
refusal-must-stop = The armies must stop in { $city }: it is neither held nor controlled by the Greeks.
refusal-path-repeats = The path visits a city twice.
refusal-no-army = At least one army must move.
refusal-too-few-armies = { $city } holds only { $has } { $has ->
        [one] Greek army
       *[other] Greek armies
    }.
refusal-miltiades-no-attack = Miltiades can only be played when the march attacks Persian armies.
refusal-miltiades-unavailable = Miltiades is not in your hand, or was used already.
refusal-pay-without-miltiades = An army from { $city } would pay for Miltiades, which this march does not play.
refusal-not-ports = Fleets move only between ports.
refusal-same-port = The fleets must sail to another port.
refusal-fleet-count = The port of { $city } holds { $has } { $has ->
        [one] Greek fleet
       *[other] Greek fleets
    }; move at least one and no more.
refusal-too-many-carried = Each fleet carries at most one army from its city, at most 3 in all.
refusal-buy-first = The Greek preparation starts with buying cards.
refusal-raise-now = The Greeks now raise units.
refusal-not-greeks-turn = It is not the Greeks' turn.
refusal-play-or-pass = On a Greek operations turn play a card (a march, a sailing or an event) or pass.
refusal-other-decision = The game waits for another decision.
refusal-not-bots-turn = It is not the turn of { $bot }.
refusal-too-many-cards = You can buy at most { $max } { $max ->
        [one] card
       *[other] cards
    } now.
refusal-far-beyond = Those numbers are far beyond the units of the game.
refusal-too-expensive = That costs { $cost } talents; you have { $talents }.
refusal-army-stock = Only { $left } { $left ->
        [one] Greek army
       *[other] Greek armies
    } are in stock.
refusal-fleet-stock = Only { $left } { $left ->
        [one] Greek fleet
       *[other] Greek fleets
    } are in stock.
refusal-two-fleets = At most 2 fleets can be raised per preparation.
refusal-army-not-controlled = New armies go only into Greek-controlled cities; { $city } is not one.
refusal-fleet-spot = A new fleet cannot go to { $city }: it needs a Greek-controlled port city without a Persian fleet.
refusal-needs-field = { $card } needs { $field }.
refusal-takes-no-field = { $card } takes { $field }.
refusal-not-an-event = This is not an event.
refusal-reaction-as-event = { $card } is a reaction; on your turn it can only be played for movement.
refusal-ionian-city = Ionian Revolt removes a Persian army from Abydos or Ephesos; name one that holds one.
refusal-no-persian-fleet = No Persian fleet lies in the port of { $port }.
refusal-leonidas-used = Leonidas was used already; the card serves only for movement now.
refusal-no-greek-army = There is no Greek army in { $city }.
refusal-no-persian-army = There is no Persian army in { $city }.
refusal-no-army-left = No army would be left in the starting city to march.
refusal-melas-zomos = Melas Zomos needs a Greek-controlled Sparta and an army in stock.
refusal-triremes-fleets = Triremes needs `fleets`: the number of fleets that sail.
refusal-syracuse-fleets = Support from Syracuse needs `fleets`: the fleets placed, by port.
refusal-syracuse-no-spot = There is no Greek fleet in stock, or no Greek-controlled port without a Persian fleet.
refusal-syracuse-all = Place every fleet in stock ({ $stock }), no more and no less.
refusal-syracuse-port = { $city } is not a Greek-controlled port without a Persian fleet.
refusal-no-event = { $card } has no event the Greeks can play.
refusal-no-reaction-no-pay = No reaction is played, so no army pays for one.
refusal-no-portrait-army = { $card } needs no army for a portrait.
refusal-not-now = { $card } cannot be played now.
refusal-only-artemisia = Only Artemisia I can be played now, not { $card }.
refusal-keep-four = Keep exactly 4 different cards.
refusal-remove-exactly = Remove exactly { $count } { $count ->
        [one] army
       *[other] armies
    }.
refusal-skip-or-name = Skip the second movement, or name it (from, to, fleets), not both.
refusal-name-or-skip = Name the second movement (from, to, fleets) or skip it.
refusal-pay-from-stock = The army for the portrait comes from the Greek stock while it has one, not from { $city }.
refusal-stock-empty = The Greek stock is empty: name the city (pay_from) whose army covers the portrait.
refusal-cannot-pay = { $city } cannot give an army for the portrait (it needs a Greek army that is not the last one in the battle).
refusal-cannot-retreat = The Greeks cannot retreat to { $to }; they may retreat to { LIST($allowed) }.
refusal-no-battle = No battle is running.
refusal-not-a-card = '{ $id }' is not a card.
refusal-no-such-bot-card = There is no such card in the hand of { $bot }.
