"""cardkit_crazyeights: Crazy Eights, the example game plugin of the cardkit tutorial.

>>> import cardkit
>>> game = cardkit.load_game("eights")
>>> state = game.start(players=2, seed=1)
>>> len(state.view(0).hand)
7
"""
