"""The authoring API: everything a game or house-rule author imports, in one module.

A game plugin or a house rule imports only `cardkit`, `cardkit.authoring` and
`cardkit.testing`; the core's submodules (`cardkit.engine.generic`,
`cardkit.cards.cardset`...) are its own to reorganise. What is named here is
public and stable: a name moves inside the core without a plugin noticing.
An import-linter contract in cardkit's `pyproject.toml` holds the bundled
plugins and examples to it.

```python
from cardkit.authoring import Form, GenericState, Grammar, Refusal, Seen, Zone
```

Each name is the core's own object, re-exported (the API reference's page on
the authoring API says what each is, a line each, with a link to its reference):

- cards, orders and melds: `Card`, `Rank`, `Suit`, `SUIT_WORDS`, `CardSet`, `parse_cards`,
  `Deck`, `CardsLike`, `SeatsCards`, `cards_of_mask`, `MaskDecoder`, `rank_mask`,
  `suit_mask`, `ranks_present`, `RankOrder`, `SuitOrder`, `CardOrder`, `ACE_HIGH`,
  `ACE_LOW`, `CardValues`, `MeldKind`, `NOfAKind`, `Run`, `Sequence`,
  `DoubleSequence`, `KeySpace`, `MeldSolver`, `solver_for`, `lay_off`, `Trick`, `legal_plays`;
- rules, the game object and its state: `Rules`, `Preset`, `Variant`, `HouseRule`, `Game`,
  `Players`, `MatchPolicy`,
  `Setup`, `GameState`, `GenericState`, `Log`, `SimultaneousChoices`, `Sealed`,
  `PrivateWindows`,
  `ChosenAs`, `Zone`, `Seen`, `TableRole`, `Shown`, `View`, `ZoneView`, `TrickView`,
  `TrickStep`,
  `trick_zones`,
  `trick_entries`, `TRICK_WORDS`, `broken_words`, `play_to_trick`, `play_from_hand`,
  `trick_refusal`, `draw_cards`,
  `draw_to_hand`, `draw_zones`,
  `deck_from`, `kept`, `kept_by`, `GameResult`, `Payment`, `low_hand_result`, `Event`;
- actions and their grammar: `Action`, `Form`, `Grammar`, `Verb`, `CardVerb`, `CardWord`,
  `NumberVerb`, `grammar_of`, `Arg`, `IntArg`,
  `RankArg`, `SeatArg`, `Refusal`, `Refused`, `split_action_text`,
  `parse_card_args`, `codes_text`, `new_action`, `ActionSpace`,
  `EnumeratedActionSpace`, `KeyedActionSpace`, `ActionBlock`;
- words and the table: `Phrase`, `PhraseLike`, `EventLike`, `Wording`, `Words`,
  `card_text`, `cards_text`, `count_text`, `seat_text`, `seats_text`, `sealed_words`,
  `team_words`, `payments_text`, `words_text`, `TableHint`, `Spot`;
- a bidding trick game's contracts: `ContractFields`, `ContractView`, `seal_bid`,
  `blind_bid_entries`, `bid_text`, `contract_text`, `contract_words`;
- bots and plugins: `Bot`, `BotFactory`, `GameBot`, `RandomBot`, `Turn`, `hookimpl`,
  `hookspec`, `Register`, `game_plugin`, `Registry`, `Catalog`, `catalog`, `HookCall`;
- phases (when an action kind applies): `Phase`;
- a shedding game's turn (a matching play, the draw, the pass): `match_refusal`,
  `play_to_pile`, `draw_refusal`, `draw_turn`, `pass_refusal`, `pass_turn`,
  `matching_legal`, `playable_mask`, `SheddingFields`, `SheddingView`;
- a knock rummy game's discard (its check, the deadwood each discard leaves, the
  discards and knocks listed from one solve) and view: `discard_refusal`,
  `deadwood_after_discards`, `knock_legal`, `RummyFields`, `RummyView`, `knocker_revealed`;
- errors: `IllegalAction`, `InvalidRules`, `InvalidState`, `InvalidCard`,
  `InvalidDeck`, `PluginError`.

Three names differ from the core module they come from: `CardsLike` and
`SeatsCards` are `cardkit.cards.deck`'s `Cards` and `Zone` (a stacked deck's
arguments, not the engine's `Zone`), and `codes_text` is
`cardkit.engine.actions.cards_text` (card codes for an action's text, not the
view words' `cards_text`).
"""

from cardkit.cards.card import SUIT_WORDS, Card, Rank, Suit
from cardkit.cards.cardset import (
    CardSet,
    parse_cards,
    rank_mask,
    ranks_present,
    suit_mask,
)
from cardkit.cards.deck import Cards as CardsLike
from cardkit.cards.deck import Deck
from cardkit.cards.deck import Zone as SeatsCards
from cardkit.cards.maskdecoder import MaskDecoder, cards_of_mask
from cardkit.cards.melds import (
    DoubleSequence,
    KeySpace,
    MeldKind,
    MeldSolver,
    NOfAKind,
    Run,
    Sequence,
    lay_off,
    solver_for,
)
from cardkit.cards.orders import ACE_HIGH, ACE_LOW, CardOrder, CardValues, RankOrder, SuitOrder
from cardkit.cards.tricks import Trick, legal_plays
from cardkit.engine.actions import Action, new_action, parse_card_args, split_action_text
from cardkit.engine.actions import cards_text as codes_text
from cardkit.engine.actionspace import (
    ActionBlock,
    ActionSpace,
    EnumeratedActionSpace,
    KeyedActionSpace,
)
from cardkit.engine.arguments import Arg, IntArg, RankArg, SeatArg
from cardkit.engine.bots import Bot, BotFactory, GameBot, RandomBot, Turn
from cardkit.engine.cardverb import CardVerb, CardWord, NumberVerb, Verb, grammar_of
from cardkit.engine.catalog import Catalog, catalog
from cardkit.engine.contracts import (
    ContractFields,
    ContractView,
    bid_text,
    blind_bid_entries,
    contract_text,
    contract_words,
    seal_bid,
)
from cardkit.engine.drawing import draw_cards, draw_to_hand, draw_zones
from cardkit.engine.events import Event
from cardkit.engine.game import Game
from cardkit.engine.gamehooks import HookCall
from cardkit.engine.generic import GenericState
from cardkit.engine.grammar import Form, Grammar
from cardkit.engine.matchpolicy import MatchPolicy, Players
from cardkit.engine.phases import Phase
from cardkit.engine.results import GameResult, Payment, low_hand_result
from cardkit.engine.rules import HouseRule, Preset, Rules, Variant
from cardkit.engine.rummy import deadwood_after_discards, discard_refusal, knock_legal
from cardkit.engine.rummyfields import RummyFields, RummyView, knocker_revealed
from cardkit.engine.setup import Setup
from cardkit.engine.shedding import (
    draw_refusal,
    draw_turn,
    match_refusal,
    matching_legal,
    pass_refusal,
    pass_turn,
    play_to_pile,
    playable_mask,
)
from cardkit.engine.sheddingfields import SheddingFields, SheddingView
from cardkit.engine.shown import Shown
from cardkit.engine.simultaneous import ChosenAs, Sealed, SimultaneousChoices
from cardkit.engine.state import GameState, Log
from cardkit.engine.tablelayout import Spot, TableHint
from cardkit.engine.trickplay import play_from_hand, trick_refusal
from cardkit.engine.tricktaking import (
    TRICK_WORDS,
    TrickStep,
    TrickView,
    broken_words,
    play_to_trick,
    trick_entries,
    trick_zones,
)
from cardkit.engine.views import View, ZoneView
from cardkit.engine.viewwords import (
    Words,
    card_text,
    cards_text,
    count_text,
    payments_text,
    sealed_words,
    seat_text,
    seats_text,
    team_words,
    words_text,
)
from cardkit.engine.windows import PrivateWindows
from cardkit.engine.zonecache import deck_from, kept, kept_by
from cardkit.engine.zones import Seen, TableRole, Zone
from cardkit.errors import (
    IllegalAction,
    InvalidCard,
    InvalidDeck,
    InvalidRules,
    InvalidState,
    PluginError,
    Refusal,
    Refused,
)
from cardkit.plugins.gameplugin import game_plugin
from cardkit.plugins.hookspecs import hookimpl, hookspec
from cardkit.plugins.register import Register
from cardkit.plugins.registry import Registry
from cardkit.words.wording import EventLike, Phrase, PhraseLike, Wording

__all__ = [
    "ACE_HIGH",
    "ACE_LOW",
    "SUIT_WORDS",
    "TRICK_WORDS",
    "Action",
    "ActionBlock",
    "ActionSpace",
    "Arg",
    "Bot",
    "BotFactory",
    "Card",
    "CardOrder",
    "CardSet",
    "CardValues",
    "CardVerb",
    "CardWord",
    "CardsLike",
    "Catalog",
    "ChosenAs",
    "ContractFields",
    "ContractView",
    "Deck",
    "DoubleSequence",
    "EnumeratedActionSpace",
    "Event",
    "EventLike",
    "Form",
    "Game",
    "GameBot",
    "GameResult",
    "GameState",
    "GenericState",
    "Grammar",
    "HookCall",
    "HouseRule",
    "IllegalAction",
    "IntArg",
    "InvalidCard",
    "InvalidDeck",
    "InvalidRules",
    "InvalidState",
    "KeySpace",
    "KeyedActionSpace",
    "Log",
    "MaskDecoder",
    "MatchPolicy",
    "MeldKind",
    "MeldSolver",
    "NOfAKind",
    "NumberVerb",
    "Payment",
    "Phase",
    "Phrase",
    "PhraseLike",
    "Players",
    "PluginError",
    "Preset",
    "PrivateWindows",
    "RandomBot",
    "Rank",
    "RankArg",
    "RankOrder",
    "Refusal",
    "Refused",
    "Register",
    "Registry",
    "Rules",
    "RummyFields",
    "RummyView",
    "Run",
    "Sealed",
    "SeatArg",
    "SeatsCards",
    "Seen",
    "Sequence",
    "Setup",
    "SheddingFields",
    "SheddingView",
    "Shown",
    "SimultaneousChoices",
    "Spot",
    "Suit",
    "SuitOrder",
    "TableHint",
    "TableRole",
    "Trick",
    "TrickStep",
    "TrickView",
    "Turn",
    "Variant",
    "Verb",
    "View",
    "Wording",
    "Words",
    "Zone",
    "ZoneView",
    "bid_text",
    "blind_bid_entries",
    "broken_words",
    "card_text",
    "cards_of_mask",
    "cards_text",
    "catalog",
    "codes_text",
    "contract_text",
    "contract_words",
    "count_text",
    "deadwood_after_discards",
    "deck_from",
    "discard_refusal",
    "draw_cards",
    "draw_refusal",
    "draw_to_hand",
    "draw_turn",
    "draw_zones",
    "game_plugin",
    "grammar_of",
    "hookimpl",
    "hookspec",
    "kept",
    "kept_by",
    "knock_legal",
    "knocker_revealed",
    "lay_off",
    "legal_plays",
    "low_hand_result",
    "match_refusal",
    "matching_legal",
    "new_action",
    "parse_card_args",
    "parse_cards",
    "pass_refusal",
    "pass_turn",
    "payments_text",
    "play_from_hand",
    "play_to_pile",
    "play_to_trick",
    "playable_mask",
    "rank_mask",
    "ranks_present",
    "seal_bid",
    "sealed_words",
    "seat_text",
    "seats_text",
    "solver_for",
    "split_action_text",
    "suit_mask",
    "team_words",
    "trick_entries",
    "trick_refusal",
    "trick_zones",
    "words_text",
]
