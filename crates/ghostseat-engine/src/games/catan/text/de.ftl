## Catan-Kern, Deutsch: die Wörter, die beide Catan-Varianten teilen.
