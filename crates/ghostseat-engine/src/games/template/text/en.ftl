## Pile, English: one message per event, decision, label and refusal of text.rs.

## Events.

event-pile-laid = A pile of { $stones } stones is laid out.
event-took = { $seat } takes { $stones ->
        [one] one stone
       *[other] { $stones } stones
    }, { $left ->
        [one] one is left
       *[other] { $left } are left
    }.
event-bot-rolled = The bot rolls { $face } and so takes { $stones ->
        [one] one stone
       *[other] { $stones } stones
    }.
event-game-over = { $winner } took the last stone and wins.

## Prompts.

prompt-take = Take one to { $most } stones from the pile of { $stones }.
prompt-bot-turn = The bot takes from the pile of { $stones }.
prompt-finished = The game is over: { $winner } wins.

## Moves.

label-take = Take stones
label-take-stones = Take { $stones ->
        [one] one stone
       *[other] { $stones } stones
    }
question-stones = How many stones?
value-stones = { $stones ->
        [one] one stone
       *[other] { $stones } stones
    }

## What the table is asked for.

need-bot-die = The bot's die (how many stones it takes)
need-bot-die-face = { $face }: take { $stones ->
        [one] one stone
       *[other] { $stones } stones
    }

## Refusals.

refusal-take-count = You may take one to { $most } stones, not { $stones }.
refusal-pile-size = A pile has { $fewest } to { $most } stones, not { $stones }.
