"""The cards layer: cards, card sets, decks, seeds, orders and melds.

Plain immutable values and the finders and validators games compose:
[`card`][cardkit.cards.card] (cards, ranks, suits), [`cardset`][cardkit.cards.cardset]
(bit-mask sets of cards), [`deck`][cardkit.cards.deck] (ordered, seeded decks),
[`seeds`][cardkit.cards.seeds], [`orders`][cardkit.cards.orders] (rank and suit orders,
card values), [`tricks`][cardkit.cards.tricks] (a trick, its winner, follow-suit
legality) and [`melds`][cardkit.cards.melds] (kinds, runs, sequences, deadwood).

May import: nothing of cardkit but [`cardkit.errors`][cardkit.errors]. Every other layer
may import it.
"""
