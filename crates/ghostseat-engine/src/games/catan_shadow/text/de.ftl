## Catan für zwei: Schattenwirtschaft, Deutsch. Warum ein Zug oder eine Option abgelehnt
## wird (`refusal-*`), in den Begriffen der deutschen Regel (fiktiver Spielzug,
## Versteigerung, Angebot, Entfernen der Landfelder), mit „du“.

refusal-vote-first = Stimme zuerst über das Entfernen der Landfelder ab (removal_vote).
refusal-removal-being-rolled = Das Entfernen der Landfelder wird gerade ausgewürfelt: Fordere den Zug des Bots an.
refusal-removal-decided = Über das Entfernen der Landfelder wurde schon beim Aufbau entschieden.
refusal-no-trade-with-fictive = Die Versteigerung gehört zu einem fiktiven Spielzug; in deinem eigenen Zug gibt es keinen Handel mit den fiktiven Spielern.
refusal-fictive-only = Während eines fiktiven Spielzuges sind nur Abwerfen, das Versetzen des Räubers und die Versteigerung möglich.
refusal-entry-round-over = Der Einstieg in die Versteigerung ist vorbei.
# „kein“ im Akkusativ nach dem Geschlecht des Rohstoffs.
refusal-none-to-bid = Du hast { $card ->
        [brick] keinen { resource-brick }
        [lumber] kein { resource-lumber }
        [wool] keine { resource-wool }
        [grain] kein { resource-grain }
       *[ore] kein { resource-ore }
    }.
refusal-raise-not-yet = Erhöhen ist erst möglich, wenn beide Spieler in die Versteigerung eingestiegen sind.
refusal-raise-empty = Wer erhöht, legt mindestens eine weitere Karte aus.
refusal-raise-not-held = Diese Karten hast du neben den schon angebotenen nicht.
refusal-raise-too-low = Dein Angebot muss mehr als { $theirs ->
        [one] { $theirs } Karte
       *[other] { $theirs } Karten
    } umfassen.
refusal-stand-not-yet = Stehen bleiben ist erst möglich, wenn beide Spieler in die Versteigerung eingestiegen sind.
refusal-voting = Die Spieler stimmen gerade über das Entfernen der Landfelder ab.
refusal-no-fictive-turn = Es steht kein fiktiver Spielzug an.
refusal-out-of-range = Die Option { $option } muss zwischen { $min } und { $max } liegen.
refusal-reroll-limit-with-never = Mit reroll_policy „never“ wird das Entfernen nie neu ausgewürfelt, eine Höchstzahl neuer Würfe ist daher sinnlos.
refusal-resource-die-each-once = Die Option resource_die muss jeden Rohstoff genau einmal nennen.
refusal-side-numbering-each-once = Die Option side_numbering muss jede Seite genau einmal nennen.
