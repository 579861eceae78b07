## Catan-Kern, Deutsch: die Wörter, die beide Catan-Varianten teilen.

## Die fünf Rohstoffe, wie eine Karte jedes Rohstoffs heißt.

resource-brick = Lehm
resource-lumber = Holz
resource-wool = Wolle
resource-grain = Getreide
resource-ore = Erz
