## Catan for two: Shadow Economy, English. Why a move or an option is refused (`refusal-*`,
## one message per `Refusal` variant of refusals.rs); the shared table's refusals are the
## core's.

refusal-vote-first = Vote on the removal first (removal_vote).
refusal-removal-being-rolled = The removal is being rolled: ask for the bot's turn.
refusal-removal-decided = The removal was decided in set-up.
refusal-no-trade-with-fictive = The auction is part of a fictive turn; in your own turn there is no trade with the fictive players.
refusal-fictive-only = During a fictive turn only discards, the robber move and the auction are possible.
refusal-entry-round-over = The entry round is over.
# $card: the resource's id.
refusal-none-to-bid = You hold no { $card ->
        [brick] { resource-brick }
        [lumber] { resource-lumber }
        [wool] { resource-wool }
        [grain] { resource-grain }
       *[ore] { resource-ore }
    }.
refusal-raise-not-yet = Raising is only possible once both players have entered.
refusal-raise-empty = A raise lays at least one more card.
refusal-raise-not-held = You do not hold those cards besides the ones already offered.
refusal-raise-too-low = Your offer must go strictly above { $theirs ->
        [one] { $theirs } card
       *[other] { $theirs } cards
    }.
refusal-stand-not-yet = Standing is only possible once both players have entered.
refusal-voting = The players are voting on the removal.
refusal-no-fictive-turn = No fictive turn is due.
# $option: the option as the request names it.
refusal-out-of-range = The option { $option } must be between { $min } and { $max }.
refusal-reroll-limit-with-never = With reroll_policy "never" the removal is never rolled again, so a re-roll limit means nothing.
refusal-resource-die-each-once = The option resource_die must name each resource once.
refusal-side-numbering-each-once = The option side_numbering must name each side once.
