## Haufen, Deutsch: eine Nachricht je Ereignis, Entscheidung, Zug und Ablehnung aus text.rs.

## Ereignisse.

event-pile-laid = Ein Haufen aus { $stones } Steinen wird ausgelegt.
event-took = { $seat } nimmt { $stones ->
        [one] einen Stein
       *[other] { $stones } Steine
    }, { $left ->
        [one] einer bleibt
       *[other] { $left } bleiben
    } übrig.
event-bot-rolled = Der Bot würfelt eine { $face } und nimmt daher { $stones ->
        [one] einen Stein
       *[other] { $stones } Steine
    }.
event-game-over = { $winner } hat den letzten Stein genommen und gewinnt.

## Aufforderungen.

prompt-take = Nimm einen bis { $most } Steine vom Haufen aus { $stones }.
prompt-bot-turn = Der Bot nimmt vom Haufen aus { $stones }.
prompt-finished = Das Spiel ist vorbei: { $winner } gewinnt.

## Züge.

label-take = Steine nehmen
label-take-stones = { $stones ->
        [one] Einen Stein
       *[other] { $stones } Steine
    } nehmen
question-stones = Wie viele Steine?
value-stones = { $stones ->
        [one] ein Stein
       *[other] { $stones } Steine
    }

## Was die Runde gefragt wird.

need-bot-die = Der Würfel des Bots (wie viele Steine er nimmt)
need-bot-die-face = { $face }: { $stones ->
        [one] einen Stein
       *[other] { $stones } Steine
    } nehmen

## Ablehnungen.

refusal-take-count = Du darfst einen bis { $most } Steine nehmen, nicht { $stones }.
refusal-pile-size = Ein Haufen hat { $fewest } bis { $most } Steine, nicht { $stones }.
