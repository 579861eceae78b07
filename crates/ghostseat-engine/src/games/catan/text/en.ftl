## Catan core, English: the words both Catan variants share.

## The five resources, as a card of each is named.

resource-brick = brick
resource-lumber = lumber
resource-wool = wool
resource-grain = grain
resource-ore = ore
