## Catan core, English: the words both Catan variants share.
