"""The Tonk game: its metadata, the hand constants cached per rules, and the deal.

>>> import cardkit
>>> game = cardkit.load_game("tonk")
>>> state = game.start(players=2, seed=1)
>>> [str(a) for a in state.legal_actions()]
['drop', 'draw', 'take']
"""

from __future__ import annotations

from typing import ClassVar, Final

from cardkit import CardValues, Deck, Game, GameResult, Setup, registry
from cardkit.authoring import (
    ACE_LOW,
    CardOrder,
    KeyedActionSpace,
    MatchPolicy,
    Players,
    Registry,
    SuitOrder,
)
from cardkit_tonk import moves
from cardkit_tonk.actionspace import ACTION_SPACE
from cardkit_tonk.config import Config, default_card_values
from cardkit_tonk.fields import NO_EXTRA, PHASES
from cardkit_tonk.rules import TonkRules
from cardkit_tonk.state import TonkState

__all__ = ["PHASES", "TonkGame", "TonkState", "default_card_values"]

_STANDARD_DECK: Final = Deck.standard()


class TonkMatch(MatchPolicy[TonkRules]):
    """Tonk's matches: each hand adds its net money; the deal passes left."""

    def deal_score(self, result: GameResult) -> list[int]:
        """A hand adds each seat's net money (side pot included) to its match balance."""
        return result.net

    def next_dealer(self, rules: TonkRules, dealer: int, result: GameResult) -> int:
        """The deal passes one seat to the left after every hand, void hands included."""
        return (dealer + 1) % result.players


class TonkGame(Game[TonkRules, TonkState]):
    """Tonk (Tunk): a rummy game played for stakes, with drops, hits and tonk outs."""

    name: ClassVar[str] = "tonk"
    title: ClassVar[str] = "Tonk"
    summary: ClassVar[str] = (
        "Rummy for stakes: spread books and runs, hit, drop with the lowest count, or tonk out."
    )
    players: ClassVar[Players] = Players(2, 6, default=3)
    match: ClassVar[MatchPolicy[TonkRules]] = TonkMatch()
    rules_model: ClassVar[type[TonkRules]] = TonkRules
    hand_order: ClassVar[CardOrder] = CardOrder(ACE_LOW, SuitOrder.parse("C D H S"))

    def action_space(self, rules: TonkRules, players: int) -> KeyedActionSpace:
        """The fixed action space: 1,363 ids (see `cardkit_tonk.actionspace`)."""
        return ACTION_SPACE

    def __init__(self) -> None:
        """Create the game."""
        super().__init__()
        self._configs: dict[tuple[TonkRules, int], Config] = {}
        #: The last rules object seen, and its configs by players: `start()` with the same
        #: rules object skips even hashing them.
        self._last_rules: TonkRules | None = None
        self._last_configs: dict[int, Config] = {}
        #: The registry, and its generation, that the hooks of the configs were resolved from.
        self._hooks_registry: Registry | None = None
        self._hooks_generation = -1

    def config(self, rules: TonkRules, players: int) -> Config:
        """The constants of a hand under `rules`, cached per rules (by value) and players.

        The card values come from the hook ``tonk_card_values`` (see
        `cardkit_tonk.hookspecs`), resolved again whenever the registry's plugins
        change (its ``generation``), so a plugin registered or removed takes effect at
        the next deal.

        Raises:
            TypeError: a ``tonk_card_values`` implementation returned no `CardValues`.
        """
        reg: Registry | None = self._registry
        if reg is None:
            reg = registry()
        if reg is not self._hooks_registry or reg.generation != self._hooks_generation:
            self._configs.clear()
            self._last_rules, self._last_configs = None, {}
            self._hooks_registry, self._hooks_generation = reg, reg.generation
        by_players = self._last_configs
        if self._last_rules is rules:
            found = by_players.get(players)
            if found is not None:
                return found
        else:
            by_players = {}
            self._last_rules, self._last_configs = rules, by_players
        key = (rules, players)
        found = self._configs.get(key)
        if found is None:
            nobody: object = None  # an answer is checked below, whatever its type
            values = self.hooks.answer("tonk_card_values", nobody, rules=rules)
            if values is None:
                values = default_card_values(rules)
            if not isinstance(values, CardValues):
                raise TypeError(
                    f"tonk_card_values must return a cardkit.CardValues, got {values!r}"
                )
            if len(self._configs) > 64:
                self._configs.clear()
            found = self._configs[key] = Config(rules, players, values)
        by_players[players] = found
        return found

    def new_deck(self, rules: TonkRules) -> Deck:
        """The standard 52 cards, no jokers (one shared immutable deck)."""
        return _STANDARD_DECK

    def deal(self, setup: Setup[TonkRules]) -> TonkState:
        """Deal a hand: cards one at a time from the left of the dealer, then the upcard;
        then the Spades side pot, the deal-time claims and the drop window, where the rules
        have them (`TonkState.after_spades`)."""
        c = self.config(setup.rules, setup.players)
        fields, events = moves.dealt(setup, c)
        state = TonkState.first(self, setup, fields, events)
        if c.plain_start or c.rules.spades_side_pot:
            return state
        phase, seat, x, end, more = state.after_spades(NO_EXTRA)
        fields = fields._replace(phase=phase, seat=seat, extra=x, end=end)
        return TonkState.first(self, setup, fields, (*events, *more))

    def payment_bound(self, rules: TonkRules, players: int) -> float:
        """The most one seat can win or lose in one hand under `rules` (built-in payouts).

        A seat is paid by, or pays, each other seat at most the largest
        ending's stakes (4 for a double-double, 3 for a low deal, the 49 and
        50 multipliers, 2 for a tonk or a catch), plus the Spades side pot's
        stake when it is played. Front ends that need a range of returns
        (the OpenSpiel adapter, [cardkit.openspiel][]) read it.
        """
        most = max(4, 3, 2, rules.deal_50_multiplier, rules.deal_49_multiplier) * rules.stake
        side = rules.side_stake if rules.spades_side_pot else 0
        return float((players - 1) * (most + side))
