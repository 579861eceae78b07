## Catan core, English: the words both Catan variants share.

## The five resources, as a card of each is named.

resource-brick = brick
resource-lumber = lumber
resource-wool = wool
resource-grain = grain
resource-ore = ore

## The commodities of Cities & Knights, which the core's trade steps name too.

commodity-cloth = cloth
commodity-coin = coin
commodity-paper = paper

## The pieces of a player's supply (CAT-BUILD-2).

piece-road = road
piece-settlement = settlement
piece-city = city

## What is bought with cards (CAT-BUILD-1), with its indefinite article.

purchase-road = a road
purchase-settlement = a settlement
purchase-city = a city
purchase-development-card = a development card

## The development cards (CAT-DEV-1), as "you hold no …" names them.

dev-card-knight = knight
dev-card-victory-point = victory point card
dev-card-road-building = road building card
dev-card-year-of-plenty = year of plenty card
dev-card-monopoly = monopoly card

## Why the core refuses a move or an option (`catan-refusal-*`), addressing the player.
## Places are named by their ids ($vertex, $edge, $hex); $spot is "intersection …" or
## "path …"; $card, $piece, $what are names from above.

catan-refusal-vertex-not-playable = Intersection { $vertex } is not playable in this game.
catan-refusal-vertex-taken = Intersection { $vertex } is already taken.
catan-refusal-distance-rule = Distance rule: an intersection next to { $vertex } already holds a settlement or city.
catan-refusal-path-not-playable = Path { $edge } is not playable in this game.
catan-refusal-path-taken = Path { $edge } already holds a road.
catan-refusal-road-not-connected = A road must join your own settlement, city or road (and cannot continue through another colour's piece).
catan-refusal-cost-not-held = { CAP($what) } costs { $cost }, which you do not hold.
catan-refusal-answer-first = Answer the open decision first.
catan-refusal-roll-first = Roll the dice first.
catan-refusal-not-now = That is not possible now.
catan-refusal-setup-road-first = Place the road of this placement first.
catan-refusal-setup-settlement-first = Place the settlement of this placement first.
catan-refusal-setup-road-spot = The set-up road goes on a free path touching the settlement just placed.
catan-refusal-none-left = You have no { $piece } left in your supply.
catan-refusal-settlement-needs-road = A new settlement must touch one of your roads.
catan-refusal-city-on-own-settlement = A city replaces one of your own settlements.
catan-refusal-dev-deck-empty = The development deck is empty.
catan-refusal-no-trade-after-build = No trading after the first build or purchase of the turn.
catan-refusal-dev-not-now = Development cards are played in your own turn with nothing pending.
catan-refusal-victory-point-never-played = Victory point cards are never played (CAT-DEV-7).
catan-refusal-one-dev-per-turn = Only one development card is played per turn.
catan-refusal-no-such-dev = You hold no { $card }.
catan-refusal-bought-this-turn = A card bought this turn cannot be played this turn.
catan-refusal-no-road-for-road-building = No legal road exists for road building.
catan-refusal-road-building-count = Road building places 1 or 2 roads.
catan-refusal-one-road-piece-left = You have only one road piece left.
catan-refusal-place-two-roads = Two roads can be placed, so place two.
catan-refusal-name-resources = Name { $count ->
        [one] { $count } resource
       *[other] { $count } resources
    } to take from the bank.
catan-refusal-bank-lacks-resources = The bank does not hold those resources.
catan-refusal-robber-must-move = The robber must leave the hex it stands on.
catan-refusal-robber-not-on-removed = The robber may not go on the removed hex { $hex } here.
catan-refusal-game-over = The game is over.
catan-refusal-setup-only-placements = During set-up only settlements and roads are placed.
catan-refusal-setup-over = Set-up is over.
catan-refusal-rolled-already = The dice are rolled once per turn.
catan-refusal-no-robber-to-move = There is no robber to move.
catan-refusal-no-discard-owed = No discard is owed.
catan-refusal-no-open-offer = There is no open offer.
catan-refusal-want-not-held = You do not hold the cards asked for.
catan-refusal-not-a-dev-card = '{ $id }' is not a development card.
catan-refusal-dev-not-in-deck = The development deck holds no { $card }.
catan-refusal-discard-exactly = Discard exactly { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }.
catan-refusal-cards-not-held = You do not hold those cards.
catan-refusal-no-card-to-take = There is no card to take.
catan-refusal-not-a-card-kind = '{ $id }' is not a card kind.
catan-refusal-trade-at-least-once = Trade at least once (times ≥ 1).
catan-refusal-same-kind-both-ways = Give and get must be different cards.
catan-refusal-maritime-short = At your rate of { $rate }:1 this costs { $pay } { $card }, and you hold { $held }.
catan-refusal-bank-short = The bank does not hold { $times } { $card }.
catan-refusal-no-gifts = Both sides of a trade need at least one card (no gifts).
catan-refusal-kind-on-both-sides = No kind of card may be on both sides.
catan-refusal-offer-not-held = You do not hold what you offer.
catan-refusal-more-than-in-game = The game has only { $in-game } { $card } cards.
catan-refusal-neutral-not-legal = A piece for neutral party { $party } at { $spot-kind ->
        [vertex] intersection
       *[edge] path
    } { $spot } is not among the legal choices.
catan-refusal-one-token-action = Only one token action is allowed per turn.
catan-refusal-tokens-short = This action costs { $cost ->
        [one] { $cost } trade token
       *[other] { $cost } trade tokens
    }, and you have { $held }.
catan-refusal-knight-returned-already = A knight card can be returned once per turn.
catan-refusal-no-face-up-knight = You have no face-up knight card.
catan-refusal-neutral-start-distance = The two neutral start settlements must obey the distance rule.
catan-refusal-rethrow-capped = 100 throws repeated the first sum.
catan-refusal-cannot-give-back-two = You could not give back 2 cards after this forced trade.
catan-refusal-give-back-two = Give back exactly 2 cards.
catan-refusal-only-resources-back = Only resources are given back after a forced trade of resources.
catan-refusal-no-desert = There is no desert.
catan-refusal-robber-on-desert = The robber already stands on the desert.
catan-refusal-hexes-without-manual = The option board.hexes is only read with layout "manual".
catan-refusal-harbours-without-manual = The option board.harbours is only read with harbours "manual".
catan-refusal-numbers-only-random = The options numbers and spiral_start apply to layout "random" only.
catan-refusal-spiral-start-only-spiral = The option spiral_start applies to numbers "spiral" only.
catan-refusal-manual-hexes-missing = Layout "manual" needs board.hexes with the 19 land hexes.
catan-refusal-hex-count = The option board.hexes must list exactly 19 land hexes, not { $given }.
catan-refusal-not-a-land-hex = { $hex } is not a land hex.
catan-refusal-hex-twice = Hex { $hex } is listed twice.
catan-refusal-desert-token = The desert never has a number token.
catan-refusal-token-missing = Hex { $hex } needs a number token.
catan-refusal-not-a-token = { $token } is not a number token (2 to 12 without 7).
catan-refusal-terrain-mix = The terrains must be 4 forest, 4 pasture, 4 fields, 3 hills, 3 mountains and 1 desert.
catan-refusal-token-mix = The tokens must be one each of 2 and 12 and two each of 3, 4, 5, 6, 8, 9, 10 and 11.
catan-refusal-manual-harbours-missing = Harbours "manual" needs board.harbours with 9 kinds.
catan-refusal-harbour-count = The option board.harbours must list 9 kinds, not { $given }.
catan-refusal-harbour-mix = The harbours must be 4 generic and one each of { resource-brick }, { resource-lumber }, { resource-wool }, { resource-grain } and { resource-ore }.
catan-refusal-dice-replaced = The option dice was replaced by table_mode ("server", "dice" or "all").
catan-refusal-physical-table-replaced = The option physical_table was replaced by table_mode ("all": dice and hidden cards from the table).
catan-refusal-unknown-colour = This game has the colours { $colours }.
catan-refusal-empty-colour-label = A colour label must not be empty.
