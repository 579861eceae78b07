## The grammar every game shares. The engine's functions read these words:
## LIST($items) joins "a, b and c", OR_LIST($items) "a, b or c"; CAP($text) starts with a
## capital.

# The last joint of LIST.
grammar-and = and
# The last joint of OR_LIST.
grammar-or = or
