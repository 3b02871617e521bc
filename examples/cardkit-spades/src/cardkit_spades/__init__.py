"""cardkit_spades: partnership Spades, the trick-taking example plugin of the cardkit tutorials.

>>> import cardkit
>>> game = cardkit.load_game("spades")
>>> state = game.start(players=4, seed=1)
>>> len(state.view(0).hand), state.to_act
(13, 0)
"""
