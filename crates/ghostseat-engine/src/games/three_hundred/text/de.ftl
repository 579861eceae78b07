## 300: Erde & Wasser, Deutsch, mit den Begriffen der deutschen Ausgabe (wie rulebook.toml).
## Die Namen der Karten und Städte und warum ein Zug der Griechen abgelehnt wird
## (`refusal-*`, eine Nachricht je Variante von `Refusal` in refusals.rs).

## Städte.

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

## Karten, nach dem Namen ihrer griechischen Hälfte.

card-mines_of_laurion = Die Minen von Laurion
card-ionian_revolt = Ionischer Aufstand
card-wrath_of_poseidon = Zorn des Poseidon
card-miltiades = Miltiades
card-themistocles = Themistokles
card-pausanias = Pausanias
card-oracle_of_delphi = Orakel von Delphi
card-leonidas = Leonidas
card-artemisia = Artemisia I.
card-evangelion = Evangelion
card-melas_zomos = Melas Zomos
card-molon_labe = Molon Labe
card-triremes = Triremen
card-support_from_syracuse = Unterstützung aus Syrakus
card-three_hundred_spartans = 300 Spartaner
card-desertion = Desertion griechischer Soldaten

## Was eine Karte braucht (Akkusativ) oder nicht annimmt (`.none`), ohne den englischen
## Feldnamen.

field-city = eine Stadt
    .none = keine Stadt
field-from = eine Startstadt
    .none = keine Startstadt
field-to = eine Zielstadt
    .none = keine Zielstadt
field-armies = eine Zahl von Armeen
    .none = keine Zahl von Armeen
field-port = einen Hafen
    .none = keinen Hafen
field-fleets = Flotten
    .none = keine Flotten
field-path = einen Weg
    .none = keinen Weg
field-miltiades = Miltiades
    .none = nicht Miltiades
field-pay_from = eine Stadt, die eine Armee für das Porträt stellt
    .none = keine Stadt, die eine Armee für das Porträt stellt

## Ablehnungen.

refusal-not-in-hand = Du hast { $card } nicht auf der Hand.
refusal-same-city = Die Armeen müssen in eine andere Stadt ziehen.
refusal-unreachable = Griechische Armeen können { $to } von { $from } aus nicht erreichen.
refusal-path-ends = Der Weg nennt die Städte des Zuges von { $from } nach { $to }, beide eingeschlossen.
refusal-no-road = Keine Straße führt von { $from } nach { $to }{ $hellespont ->
        [yes] {" "}(über den Hellespont nur mit der Schwimmbrücke)
       *[no] {""}
    }.
refusal-must-stop = Die Armeen müssen in { $city } anhalten: Dort stehen keine griechischen Armeen, und die Griechen kontrollieren die Stadt nicht.
refusal-path-repeats = Der Weg führt zweimal durch dieselbe Stadt.
refusal-no-army = Mindestens eine Armee muss ziehen.
refusal-too-few-armies = In { $city } { $has ->
        [one] steht nur { $has } griechische Armee
       *[other] stehen nur { $has } griechische Armeen
    }.
refusal-miltiades-no-attack = Miltiades kann nur gespielt werden, wenn der Zug persische Armeen angreift.
refusal-miltiades-unavailable = Du hast Miltiades nicht auf der Hand, oder er wurde schon eingesetzt.
refusal-pay-without-miltiades = Eine Armee aus { $city } würde für Miltiades bezahlen, doch dieser Zug spielt Miltiades nicht.
refusal-not-ports = Flotten fahren nur zwischen Häfen.
refusal-same-port = Die Flotten müssen in einen anderen Hafen fahren.
refusal-fleet-count = Im Hafen von { $city } { $has ->
        [one] liegt { $has } griechische Flotte
       *[other] liegen { $has } griechische Flotten
    }; bewege mindestens eine und nicht mehr.
refusal-too-many-carried = Jede Flotte bringt höchstens eine Armee aus ihrer Stadt mit, insgesamt höchstens 3.
refusal-buy-first = Die Vorbereitung der Griechen beginnt mit dem Kauf von Karten.
refusal-raise-now = Die Griechen setzen jetzt Einheiten ein.
refusal-not-greeks-turn = Die Griechen sind nicht am Zug.
refusal-play-or-pass = In deinem Zug der Feldzugphase spielst du eine Karte (für eine Landbewegung, eine Seebewegung oder ihr Ereignis), oder du passt.
refusal-other-decision = Die Partie wartet auf eine andere Entscheidung.
refusal-not-bots-turn = { $bot } ist nicht am Zug.
refusal-too-many-cards = Du kannst jetzt höchstens { $max } { $max ->
        [one] Karte
       *[other] Karten
    } kaufen.
refusal-far-beyond = Diese Zahlen übersteigen die Einheiten des Spiels bei Weitem.
refusal-too-expensive = Das kostet { $cost } Talent; du hast { $talents }.
refusal-army-stock = Im Vorrat { $left ->
        [one] ist nur { $left } griechische Armee
       *[other] sind nur { $left } griechische Armeen
    }.
refusal-fleet-stock = Im Vorrat { $left ->
        [one] ist nur { $left } griechische Flotte
       *[other] sind nur { $left } griechische Flotten
    }.
refusal-two-fleets = Pro Vorbereitung kannst du höchstens 2 Flotten einsetzen.
refusal-army-not-controlled = Neue Armeen kommen nur in griechisch kontrollierte Städte; { $city } ist keine.
refusal-fleet-spot = Eine neue Flotte kann nicht nach { $city }: Sie braucht eine griechisch kontrollierte Hafenstadt ohne persische Flotte.
refusal-needs-field = { $card } braucht { $field }.
refusal-takes-no-field = { $card } nimmt { $field } an.
refusal-not-an-event = Das ist kein Ereignis.
refusal-reaction-as-event = { $card } ist eine Reaktion; in deinem Zug kannst du die Karte nur für eine Bewegung spielen.
refusal-ionian-city = Ionischer Aufstand entfernt eine persische Armee aus Abydos oder Ephesos; nenne eine dieser Städte, in der eine steht.
refusal-no-persian-fleet = Im Hafen von { $port } liegt keine persische Flotte.
refusal-leonidas-used = Leonidas wurde schon eingesetzt; die Karte dient jetzt nur noch der Bewegung.
refusal-no-greek-army = In { $city } steht keine griechische Armee.
refusal-no-persian-army = In { $city } steht keine persische Armee.
refusal-no-army-left = In der Startstadt bliebe keine Armee, die ziehen könnte.
refusal-melas-zomos = Melas Zomos braucht ein griechisch kontrolliertes Sparta und eine Armee im Vorrat.
refusal-triremes-fleets = Triremen braucht die Zahl der Flotten, die fahren.
refusal-syracuse-fleets = Unterstützung aus Syrakus braucht die eingesetzten Flotten, nach Häfen.
refusal-syracuse-no-spot = Im Vorrat ist keine griechische Flotte, oder es gibt keinen griechisch kontrollierten Hafen ohne persische Flotte.
refusal-syracuse-all = Setze jede Flotte aus dem Vorrat ein ({ $stock }), nicht mehr und nicht weniger.
refusal-syracuse-port = { $city } ist kein griechisch kontrollierter Hafen ohne persische Flotte.
refusal-no-event = { $card } hat kein Ereignis, das die Griechen spielen können.
refusal-no-reaction-no-pay = Es wird keine Reaktion gespielt, also bezahlt auch keine Armee dafür.
refusal-no-portrait-army = { $card } braucht keine Armee auf dem Porträt.
refusal-not-now = { $card } kann jetzt nicht gespielt werden.
refusal-only-artemisia = Jetzt kann nur Artemisia I. gespielt werden, nicht { $card }.
refusal-keep-four = Behalte genau 4 verschiedene Karten.
refusal-remove-exactly = Entferne genau { $count } { $count ->
        [one] Armee
       *[other] Armeen
    }.
refusal-skip-or-name = Verzichte auf die zweite Seebewegung, oder nenne sie (Start, Ziel, Flotten), nicht beides.
refusal-name-or-skip = Nenne die zweite Seebewegung (Start, Ziel, Flotten), oder verzichte darauf.
refusal-pay-from-stock = Die Armee für das Porträt kommt aus dem griechischen Vorrat, solange er eine hat, nicht aus { $city }.
refusal-stock-empty = Der griechische Vorrat ist leer: Nenne die Stadt, deren Armee auf das Porträt kommt.
refusal-cannot-pay = { $city } kann keine Armee für das Porträt stellen (dafür braucht es eine griechische Armee, die nicht die letzte in der Schlacht ist).
refusal-cannot-retreat = Die Griechen können sich nicht nach { $to } zurückziehen; sie können sich nach { OR_LIST($allowed) } zurückziehen.
refusal-no-battle = Es läuft keine Schlacht.
refusal-not-a-card = „{ $id }“ ist keine Karte.
refusal-no-such-bot-card = { $bot } hat keine solche Karte auf der Hand.
