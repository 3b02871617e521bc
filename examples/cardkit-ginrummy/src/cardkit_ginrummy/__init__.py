"""cardkit_ginrummy: two-player Gin Rummy, the rummy-family example of the cardkit tutorials.

>>> import cardkit
>>> game = cardkit.load_game("ginrummy")
>>> state = game.start(players=2, seed=1)
>>> len(state.view(0).hand), state.view(0).phase, state.legal_actions()
(10, 'offer', (Take(), Pass()))
"""
