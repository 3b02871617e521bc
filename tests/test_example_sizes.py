"""The example games' modules stay within their code lines: a game as short to write as the
issues that set the goal asked (issues 24 and 37). Spades counts all but its rules, bots,
plugin and ``__init__``; Crazy Eights and Gin Rummy count their whole package.

Code lines are counted as that issue counts them: no blank lines, no comments, no
docstrings; and an import statement is one line, however the formatter wraps its names
(importing the authoring API one name a line is not code an author writes). Crazy Eights
is the plugin tutorial's example, Spades the trick-taking one.
"""

from __future__ import annotations

import ast
import io
import tokenize
from pathlib import Path

import cardkit_crazyeights
import cardkit_ginrummy
import cardkit_spades
import pytest

NOT_COUNTED = {"rules.py", "bots.py", "plugin.py", "__init__.py"}

#: Each example's package, the modules counted and their most code lines.
EXAMPLES = {
    # Crazy Eights: 182 with no `__all__`, its `rules_model` from its base, no ClassVar
    # annotations the bases already make and no `from __future__` (issue 37).
    # Verbs named by their class, `CardWord` for its play, the dealer in every view, plain
    # string refusal codes and `GameBot` took it to 155 (the whole package: 274 -> 236).
    # The core's defaults saying "plays 8♦ and names clubs", the reshuffle and the blocked
    # game took its narration module: 145 (the whole package: 235 -> 227).
    # `draw_zones`, the name, title and summary from the class and `CardWord[Suit]`'s
    # suit words: 136 (the whole package: 227 -> 219).
    # Counted whole from here on, as issue 37 counts (bots, rules and plugin too): 211, its
    # target 150. The view model in the state's module, 5 (with the bot's import and its
    # isinstance); the scoring tables as `CardValues` (`with_rank` for the wild 8), 6; the
    # core's `with_seat` for the seat's new hand, 3; `next_seat`, 2;
    # `setup.deal_and_turn_up`, 3; `draw_to_hand`, 5; `Play.event`, 4; the bot named and
    # described from its class, 2; one import line from `cardkit.authoring` a module, 2;
    # `hand_size` as `cards_each or ...`, 2; the discard's top read as `f.discard[-1]`, 2: 174.
    # The core refusing `result()` before the end (an assert says so to mypy), 1: 173.
    # The suit and the draw flag declared `shown` (the core derives the view's entries), no
    # `view_extra`: 172.
    # The core's shedding part (`cardkit.engine.shedding`): the matching play's, the draw's
    # and the pass's checks and transitions, each called in one line (the wild rank a
    # property of 3 lines), 41; the plays listed on the hand's card mask, its draw and its
    # pass, +3; its fields and view model (`SheddingFields`, `SheddingView`), 13: 121.
    "crazyeights": (
        cardkit_crazyeights,
        {"__init__.py", "bots.py", "game.py", "plugin.py", "rules.py", "state.py"},
        121,
    ),
    # Spades' table words (bids, partnerships: issue 39) took it from 197 to 248 lines; the
    # core now derives its zones' view fields, its trick spots and leaders, its grammar from
    # the action classes, no `__all__`, `rules_model`, ClassVar or `__future__` (issue 37): 209.
    # Issue 37's target for the whole package is 180. Verbs named by their class, the dealer
    # in every view, plain string refusal codes and `NumberVerb` for its bid: 198 (the whole
    # package: 301 -> 279). The core's trick view, its entries and table words, the sealed
    # bids' entries and words, the name, title and summary from the class: 185 (the whole
    # package: 279 -> 265, with its presets in the rules class).
    # Its phases declared (`Phase`, `current_phase`: the checks lose their phase tests), the
    # core refusing `result()` before the end, `final_result = spades_result` and no
    # `check_players` (the core's seat count refuses first): 179 (the whole package: 254 -> 245).
    # The partnerships' words from the core's `team_words` (Spades says only what follows a
    # team's names), the bags from `setup.carried`: 171 (the whole package: 245 -> 237).
    # A trick's cards and count to its winner by `TrickStep.tally`: 169 (the whole package: 235).
    # The trick entries from the trick zones, the bids' from `sealed_field` and `broken`
    # declared `shown` (the core derives them; `view_extra` keeps the blind nil seats and the
    # unlooked hand): 166 (the whole package: 232).
    # The bids' noun declared (`sealed_noun = "bid"`), not guessed from the field's
    # spelling: 167 (the whole package: 233).
    # A play's check and transition from the core's trick layer (`trick_refusal`: in hand,
    # follow suit, spades not broken; `play_from_hand`: the card to the trick, a complete
    # trick to its winner), 16: 151 (the whole package: 217).
    # A bidding trick game's contracts from the core (`cardkit.engine.contracts`: the bids'
    # and the partnerships' words, `seal_bid`, `blind_bid_entries`, `ContractView`) and
    # `broken_words`, 33; the two-line view model in the state's module, as Gin's, 3; one
    # import line from `cardkit.authoring` in the game's module, 1: 108 (the whole package:
    # 172, its bot's module one import line less too).
    # Its phases declared (`phases = (BIDDING, PLAYING)`), its grammar derived from them, 0;
    # its fields the core's `ContractFields` (made by `ContractFields.dealt`), 12; no table
    # hint (the trick zones lay the tricks out), 1: 95 (the whole package: 159).
    "spades": (cardkit_spades, {"game.py", "scoring.py", "state.py"}, 95),
    # Gin Rummy counts its whole package, as issue 37 counts: bots, rules and plugin too.
    # The target is 200; it stands at 217 (derived views, one-call registration and
    # CardVerb took 17 lines of plumbing; an __init__ that exports nothing, 6; grammar_of, 4;
    # no `__all__`, 5; `rules_model` from `Game[GinRules, GinState]`, 1; `presets`
    # without its ClassVar annotation, 1; the shared `Refused.NOT_NOW`, 1). Then 198: verbs
    # named by their class, 7; the dealer in every view, 2; plain string refusal codes, 6;
    # `GameBot`, 2; presets in the rules class, 1; two transitions written plainly, 1.
    # From 197 to 190: `draw_zones`, 4; the name, title and summary from the class, 3.
    # Its preset declared as a nested `Preset` class (words in its docstring): 189.
    # The core's `with_seat` for the seat's new hand, 2; `setup.deal_and_turn_up`, 1; the
    # bot named and described from its class, 1: 185. The core refusing `result()` before
    # the end (an assert says so to mypy), 1: 184.
    # Its phases declared by name (`phases`, the field `phase` naming the current one): the
    # checks of take, pass, draw and done, which said only their phase, and the phase
    # helper gone, 6; the view model in the state's module, 3; one import line from
    # `cardkit.authoring` a module, 2: 172. The core's `lay_off` for a lay-off, 2: 170.
    # The phase, the knocker and the melds `shown`, not written out in `view_extra`: 169.
    # The core's knock rummy part: its fields (`RummyFields`), 10; its view model's base
    # (`RummyView`), 3; the knocker's hand revealed (`knocker_revealed`), 3; the discard's
    # check (`discard_refusal`), 4; its listing from one solve of the hand (`knock_legal`,
    # a method of two lines more): 151. Its grammar derived from its phases: 150.
    "ginrummy": (
        cardkit_ginrummy,
        {"__init__.py", "bots.py", "game.py", "plugin.py", "rules.py", "state.py"},
        150,
    ),
}


def code_lines(path: Path) -> int:
    """The lines of `path` that hold code: not blank, not only a comment, not in a docstring."""
    source = path.read_text(encoding="utf-8")
    not_counted: set[int] = set()  # docstrings, and the wrapped lines of imports
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import | ast.ImportFrom) and node.end_lineno:
            not_counted.update(range(node.lineno + 1, node.end_lineno + 1))  # counted once
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                not_counted.update(range(body[0].lineno, (body[0].end_lineno or 0) + 1))
    lines: set[int] = set()
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type not in (
            tokenize.COMMENT,
            tokenize.NL,
            tokenize.NEWLINE,
            tokenize.INDENT,
            tokenize.DEDENT,
            tokenize.ENDMARKER,
        ):
            lines.update(range(token.start[0], token.end[0] + 1))
    return len(lines - not_counted)


@pytest.mark.parametrize("example", sorted(EXAMPLES))
def test_the_game_modules_fit_in_200_code_lines(example: str) -> None:
    package, modules, limit = EXAMPLES[example]
    folder = Path(package.__file__).parent
    counted = {
        p.name: code_lines(p)
        for p in sorted(folder.glob("*.py"))
        if p.name in modules or p.name not in NOT_COUNTED
    }
    assert set(counted) == modules
    assert sum(counted.values()) <= limit, counted
