## Die gemeinsame Grammatik aller Spiele. Die Funktionen der Engine lesen diese Wörter:
## LIST($items) verbindet „a, b und c“, OR_LIST($items) „a, b oder c“; CAP($text) beginnt
## groß.

# Das letzte Bindewort von LIST.
grammar-and = und
# Das letzte Bindewort von OR_LIST.
grammar-or = oder
