"""The Palace game: its metadata, the deal, and the match rules (its presets are its rules' own).

The state and its transitions are in `cardkit_palace.state` and the modules
of each phase; the game resolves Palace's hooks (`cardkit_palace.hookspecs`)
once per rules and set of plugins into the tables every move reads.
"""

from __future__ import annotations

from typing import ClassVar

from cardkit import Event, Game, GameResult, Setup, registry
from cardkit.authoring import (
    CardOrder,
    KeyedActionSpace,
    MatchPolicy,
    Players,
    RankOrder,
    Registry,
    SuitOrder,
)
from cardkit_palace.actionspace import ACTION_SPACE
from cardkit_palace.config import Config
from cardkit_palace.effects import PalaceTables, build_tables
from cardkit_palace.fields import EXCHANGE, PHASES, Fields, stock_bits
from cardkit_palace.rules import (
    BurnRule,
    EndCondition,
    FirstPlayerRule,
    NextDealer,
    PalaceRules,
)
from cardkit_palace.state import PalaceState
from cardkit_palace.views import PalaceView

__all__ = ["PHASES", "PalaceGame", "PalaceState", "PalaceView"]


class PalaceMatch(MatchPolicy[PalaceRules]):
    """Palace's matches count losses; the deal passes left or to the loser."""

    def deal_score(self, result: GameResult) -> list[int]:
        """Minus one for the loser of the game, zero for everyone else.

        A match counts losses: a seat's match total is minus its number of
        losses, so that the core's "highest total leads" standings and
        winners (the fewest losses) hold. A ``first_out_wins`` game has no
        loser: it scores one for its winner instead. Capped games score
        nothing (the match runner skips them).
        """
        if not result.losers:
            return [1 if seat in result.winners else 0 for seat in range(result.players)]
        return [-1 if seat in result.losers else 0 for seat in range(result.players)]

    def next_dealer(self, rules: PalaceRules, dealer: int, result: GameResult) -> int:
        """One seat left (``rotate_left``), or the loser (``next_dealer = loser``).

        A capped game has no loser; the deal then passes left.
        """
        if rules.next_dealer == NextDealer.LOSER and result.losers:
            return result.losers[0]
        return (dealer + 1) % result.players


class PalaceGame(Game[PalaceRules, PalaceState]):
    """Palace (Shithead, Karma): the shedding game where the last player holding cards loses."""

    name: ClassVar[str] = "palace"
    title: ClassVar[str] = "Palace"
    summary: ClassVar[str] = (
        "Shedding game: play equal or higher, 2 resets, 10 burns; the last player "
        "holding cards loses."
    )
    players: ClassVar[Players] = Players(2, 5, default=4)
    match: ClassVar[MatchPolicy[PalaceRules]] = PalaceMatch()
    rules_model: ClassVar[type[PalaceRules]] = PalaceRules
    #: 2 (reset) and 10 (burn) sort after the ace: they are played apart from the ranking.
    hand_order: ClassVar[CardOrder] = CardOrder(
        RankOrder.parse("3 4 5 6 7 8 9 J Q K A 2 T"), SuitOrder.parse("C D H S")
    )

    def __init__(self) -> None:
        """Create the game."""
        super().__init__()
        self._tables: dict[PalaceRules, PalaceTables] = {}
        #: (registry, its generation) that the tables were resolved from.
        self._hooks_of: tuple[Registry, int] | None = None

    def resolve_tables(self, rules: PalaceRules) -> PalaceTables:
        """The effect and follow tables for ``rules``, from the hooks as registered now.

        Palace's hooks are called through `Game.hooks` (pluggy's callers), once
        per rank; the tables are cached per rules until the registry's plugins
        change (its ``generation``), so a plugin registered or removed takes
        effect at the next start.
        """
        reg = self._registry if self._registry is not None else registry()
        hooks_of = (reg, reg.generation)
        if self._hooks_of != hooks_of:
            self._tables.clear()
            self._hooks_of = hooks_of
        found = self._tables.get(rules)
        if found is not None:
            return found
        if len(self._tables) > 64:
            self._tables.clear()
        # Both hooks are firstresult: pluggy's caller gives the one answer (or None).
        hooks = self.hooks
        tables = self._tables[rules] = build_tables(
            rules, hooks.palace_card_effect, hooks.palace_follow_ranks
        )
        return tables

    def action_space(self, rules: PalaceRules, players: int) -> KeyedActionSpace:
        """The fixed action space: 438 ids (see `cardkit_palace.actionspace`)."""
        return ACTION_SPACE

    def deal(self, setup: Setup[PalaceRules]) -> PalaceState:
        """Deal face-down, face-up and hand cards, one at a time from the dealer's left."""
        rules = setup.rules
        players = setup.players
        zone = rules.zone_size
        first = setup.left_of_dealer
        cards = setup.deck.cards
        downs: list[list[int]] = [[] for _ in range(players)]
        ups = [0] * players
        hands = [0] * players
        i = 0
        for stage in range(3):
            for _ in range(zone):
                for k in range(players):
                    seat = (first + k) % players
                    card = cards[i]
                    i += 1
                    if stage == 0:
                        downs[seat].append(card.index)
                    elif stage == 1:
                        ups[seat] |= card.bit
                    else:
                        hands[seat] |= card.bit
        cfg = self._config(setup)
        fields = Fields(
            EXCHANGE,
            first,
            tuple(hands),
            tuple(ups),
            tuple(tuple(d) for d in downs),
            i,
            None,
            0,
            0,
            0,
            0,
            (),
            (1 << players) - 1,
            -1,
            0,
            False,
            0,
            0,
            0,
            0,
            -1,
            0,
            0,
            1,
            cfg,
        )
        note = f"deals {zone} face down, {zone} face up and {zone} in hand to each"
        return PalaceState.first(self, setup, fields, (Event("deal", setup.dealer, note=note),))

    def _config(self, setup: Setup[PalaceRules]) -> Config:
        """The deal's constant configuration: its options as plain values, and the tables."""
        rules = setup.rules
        tables = self.resolve_tables(rules)
        bits = tuple(card.bit for card in setup.deck.cards)
        return Config(
            players=setup.players,
            dealer=setup.dealer,
            zone=rules.zone_size,
            bits=bits,
            stock_bits=stock_bits(bits),
            tables=tables,
            legal=tables.legal_cards,
            burn=tables.burn,
            again=tables.again,
            skip=tables.skip,
            reverses=tables.reverses,
            across=rules.four_of_a_kind_across_plays,
            completion=rules.out_of_turn_completion and rules.four_of_a_kind_across_plays,
            add_on=rules.add_drawn_match,
            burn_next=rules.burn_rule == BurnRule.NEXT_PLAYER,
            voluntary=rules.allow_voluntary_pickup,
            mixed=rules.allow_mixed_source_play,
            first_out=rules.end_condition == EndCondition.FIRST_OUT_WINS,
            must_lowest=rules.first_play_must_include_lowest
            and rules.first_player_rule == FirstPlayerRule.LOWEST_IN_HAND,
            first_player=rules.first_player_rule,
        )
