## Catan-Kern, Deutsch: die Wörter, die beide Catan-Varianten teilen.

## Die fünf Rohstoffe, wie eine Karte jedes Rohstoffs heißt.

resource-brick = Lehm
resource-lumber = Holz
resource-wool = Wolle
resource-grain = Getreide
resource-ore = Erz

## Die Waren von Städte & Ritter, die auch die Handelsschritte des Kerns nennen.

commodity-cloth = Tuch
commodity-coin = Münze
commodity-paper = Papier

## Die Figuren im Vorrat eines Spielers (CAT-BUILD-2); alle drei sind weiblich
## („keine Straße“).

piece-road = Straße
piece-settlement = Siedlung
piece-city = Stadt

## Was mit Karten gekauft wird (CAT-BUILD-1), mit unbestimmtem Artikel im Nominativ.

purchase-road = eine Straße
purchase-settlement = eine Siedlung
purchase-city = eine Stadt
purchase-development-card = eine Entwicklungskarte

## Die Entwicklungskarten (CAT-DEV-1), ohne Artikel; alle sind weiblich („keine …“).

dev-card-knight = Ritterkarte
dev-card-victory-point = Siegpunktkarte
dev-card-road-building = Straßenbaukarte
dev-card-year-of-plenty = Erfindungskarte
dev-card-monopoly = Monopolkarte

## Warum der Kern einen Zug oder eine Option ablehnt (`catan-refusal-*`), in den Begriffen
## der deutschen Ausgaben (Kreuzung, Weg, Abstandsregel, Gründungsphase, Stapel der
## Entwicklungskarten, Handelschip, Zwangshandel, Tauschangebot, Seehandel), mit „du“.

catan-refusal-vertex-not-playable = Die Kreuzung { $vertex } ist in dieser Partie nicht bebaubar.
catan-refusal-vertex-taken = Die Kreuzung { $vertex } ist schon besetzt.
catan-refusal-distance-rule = Abstandsregel: Auf einer Nachbarkreuzung von { $vertex } steht schon eine Siedlung oder Stadt.
catan-refusal-path-not-playable = Der Weg { $edge } ist in dieser Partie nicht bebaubar.
catan-refusal-path-taken = Auf dem Weg { $edge } liegt schon eine Straße.
catan-refusal-road-not-connected = Eine Straße muss an eine eigene Siedlung, Stadt oder Straße anschließen (und darf nicht durch eine Figur einer anderen Farbe weiterführen).
catan-refusal-cost-not-held = { CAP($what) } kostet { $cost }, und das hast du nicht.
catan-refusal-answer-first = Erledige zuerst die offene Entscheidung.
catan-refusal-roll-first = Würfle zuerst.
catan-refusal-not-now = Das ist jetzt nicht möglich.
catan-refusal-setup-road-first = Setze zuerst die Straße an die eben gesetzte Siedlung.
catan-refusal-setup-settlement-first = Setze zuerst die Siedlung, dann ihre Straße.
catan-refusal-setup-road-spot = Die Straße der Gründungsphase kommt auf einen freien Weg, der an die eben gesetzte Siedlung grenzt.
catan-refusal-none-left = Du hast keine { $piece } mehr in deinem Vorrat.
catan-refusal-settlement-needs-road = Eine neue Siedlung muss an eine deiner Straßen grenzen.
catan-refusal-city-on-own-settlement = Eine Stadt ersetzt immer eine deiner eigenen Siedlungen.
catan-refusal-dev-deck-empty = Der Stapel der Entwicklungskarten ist leer.
catan-refusal-no-trade-after-build = Nach dem ersten Bau oder Kauf in diesem Zug darfst du nicht mehr handeln.
catan-refusal-dev-not-now = Entwicklungskarten spielst du in deinem eigenen Zug aus, wenn nichts mehr offen ist.
catan-refusal-victory-point-never-played = Siegpunktkarten werden nie ausgespielt (CAT-DEV-7).
catan-refusal-one-dev-per-turn = Pro Zug darfst du nur eine Entwicklungskarte ausspielen.
catan-refusal-no-such-dev = Du hast keine { $card }.
catan-refusal-bought-this-turn = Eine Karte, die du in diesem Zug gekauft hast, darfst du erst in einem späteren Zug ausspielen.
catan-refusal-no-road-for-road-building = Für den Straßenbau gibt es keinen erlaubten Weg.
catan-refusal-road-building-count = Mit dem Straßenbau baust du 1 oder 2 Straßen.
catan-refusal-one-road-piece-left = Du hast nur noch eine Straße in deinem Vorrat.
catan-refusal-place-two-roads = Es passen zwei Straßen, also baue zwei.
catan-refusal-name-resources = { $count ->
        [one] Nenne genau { $count } Rohstoff, den du aus der Bank nimmst.
       *[other] Nenne genau { $count } Rohstoffe, die du aus der Bank nimmst.
    }
catan-refusal-bank-lacks-resources = Diese Rohstoffe hat die Bank nicht.
catan-refusal-robber-must-move = Der Räuber muss das Feld verlassen, auf dem er steht.
catan-refusal-robber-not-on-removed = Der Räuber darf hier nicht auf das entfernte Feld { $hex }.
catan-refusal-game-over = Das Spiel ist zu Ende.
catan-refusal-setup-only-placements = In der Gründungsphase werden nur Siedlungen und Straßen gesetzt.
catan-refusal-setup-over = Die Gründungsphase ist vorbei.
catan-refusal-rolled-already = Gewürfelt wird einmal pro Zug.
catan-refusal-no-robber-to-move = Der Räuber ist jetzt nicht zu versetzen.
catan-refusal-no-discard-owed = Niemand muss jetzt abwerfen.
catan-refusal-no-open-offer = Es gibt kein offenes Tauschangebot.
catan-refusal-want-not-held = Die verlangten Karten hast du nicht.
catan-refusal-not-a-dev-card = „{ $id }“ ist keine Entwicklungskarte.
catan-refusal-dev-not-in-deck = Im Stapel der Entwicklungskarten ist keine { $card } mehr.
catan-refusal-discard-exactly = Wirf genau { $count ->
        [one] { $count } Karte
       *[other] { $count } Karten
    } ab.
catan-refusal-cards-not-held = Diese Karten hast du nicht.
catan-refusal-no-card-to-take = Es ist keine Karte zum Ziehen da.
catan-refusal-not-a-card-kind = „{ $id }“ ist keine Kartenart.
catan-refusal-trade-at-least-once = Tausche mindestens einmal (times ≥ 1).
catan-refusal-same-kind-both-ways = Was du gibst und was du bekommst, müssen verschiedene Kartenarten sein.
catan-refusal-maritime-short = Zu deinem Kurs von { $rate }:1 kostet das { $pay } { $card }, und du hast { $held }.
catan-refusal-bank-short = Die Bank hat weniger als { $times } { $card }.
catan-refusal-no-gifts = Beide Seiten eines Tauschs brauchen mindestens eine Karte (Verschenken ist nicht erlaubt).
catan-refusal-kind-on-both-sides = Keine Kartenart darf auf beiden Seiten stehen.
catan-refusal-offer-not-held = Was du anbietest, hast du nicht.
catan-refusal-more-than-in-game = Im Spiel gibt es nur { $in-game } Karten { $card }.
catan-refusal-neutral-not-legal = Eine Figur der neutralen Partei { $party } auf { $spot-kind ->
        [vertex] der Kreuzung
       *[edge] dem Weg
    } { $spot } gehört nicht zu den erlaubten Möglichkeiten.
catan-refusal-one-token-action = Pro Zug ist nur eine Handelschip-Aktion erlaubt.
catan-refusal-tokens-short = Diese Aktion kostet { $cost ->
        [one] { $cost } Handelschip
       *[other] { $cost } Handelschips
    }, und du hast { $held }.
catan-refusal-knight-returned-already = Eine Ritterkarte kann nur einmal pro Zug abgegeben werden.
catan-refusal-no-face-up-knight = Du hast keine offene Ritterkarte.
catan-refusal-neutral-start-distance = Die beiden neutralen Startsiedlungen müssen untereinander die Abstandsregel einhalten.
catan-refusal-rethrow-capped = 100 Würfe wiederholten die Summe des ersten Wurfs.
catan-refusal-cannot-give-back-two = Nach diesem Zwangshandel könntest du keine 2 Karten zurückgeben.
catan-refusal-give-back-two = Gib genau 2 Karten zurück.
catan-refusal-only-resources-back = Nach einem Zwangshandel um Rohstoffe gibst du nur Rohstoffe zurück.
catan-refusal-no-desert = Es gibt keine Wüste.
catan-refusal-robber-on-desert = Der Räuber steht schon in der Wüste.
catan-refusal-hexes-without-manual = Die Option board.hexes gilt nur mit layout „manual“.
catan-refusal-harbours-without-manual = Die Option board.harbours gilt nur mit harbours „manual“.
catan-refusal-numbers-only-random = Die Optionen numbers und spiral_start gelten nur mit layout „random“.
catan-refusal-spiral-start-only-spiral = Die Option spiral_start gilt nur mit numbers „spiral“.
catan-refusal-manual-hexes-missing = Mit layout „manual“ braucht es board.hexes mit den 19 Landfeldern.
catan-refusal-hex-count = Die Option board.hexes muss genau 19 Landfelder nennen, nicht { $given }.
catan-refusal-not-a-land-hex = { $hex } ist kein Landfeld.
catan-refusal-hex-twice = Das Feld { $hex } ist zweimal angegeben.
catan-refusal-desert-token = Die Wüste bekommt nie einen Zahlenchip.
catan-refusal-token-missing = Das Feld { $hex } braucht einen Zahlenchip.
catan-refusal-not-a-token = { $token } ist kein Zahlenchip (2 bis 12 ohne 7).
catan-refusal-terrain-mix = Die Landschaften müssen 4 Wald, 4 Weideland, 4 Ackerland, 3 Hügelland, 3 Gebirge und 1 Wüste sein.
catan-refusal-token-mix = Die Zahlenchips müssen je eine 2 und 12 und je zwei 3, 4, 5, 6, 8, 9, 10 und 11 sein.
catan-refusal-manual-harbours-missing = Mit harbours „manual“ braucht es board.harbours mit 9 Hafenarten.
catan-refusal-harbour-count = Die Option board.harbours muss 9 Hafenarten nennen, nicht { $given }.
catan-refusal-harbour-mix = Die Häfen müssen 4 Häfen 3:1 und je ein Spezialhafen 2:1 für { resource-brick }, { resource-lumber }, { resource-wool }, { resource-grain } und { resource-ore } sein.
catan-refusal-dice-replaced = Die Option dice wurde durch table_mode ersetzt („server“, „dice“ oder „all“).
catan-refusal-physical-table-replaced = Die Option physical_table wurde durch table_mode ersetzt („all“: Würfel und verdeckte Karten vom Tisch).
catan-refusal-unknown-colour = Diese Partie hat die Farben { $colours }.
catan-refusal-empty-colour-label = Der Name einer Farbe darf nicht leer sein.
