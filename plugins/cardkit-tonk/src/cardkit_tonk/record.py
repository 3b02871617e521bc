"""What a Tonk hand leaves on record: the full state as data, and the hand's result."""

from __future__ import annotations

from typing import Any

from cardkit import CardSet, GameResult, InvalidState
from cardkit_tonk.actions import spread_cards
from cardkit_tonk.fields import PHASES
from cardkit_tonk.payouts import net_of
from cardkit_tonk.protocols import TonkLike
from cardkit_tonk.spreads import TableSpread

__all__ = ["snapshot_of", "tonk_result"]


def snapshot_of(state: TonkLike) -> dict[str, Any]:
    """The full state (hidden cards included) as JSON-ready data."""
    f = state.f
    turn, x, end, n = f.turn, f.extra, f.end, state.players
    return {
        "phase": PHASES[f.phase],
        "seat": f.seat,
        "hands": [CardSet.from_mask(h).codes for h in f.hands],
        "stock": [c.code for c in state.setup.deck.cards[f.stock :]],
        "discard": [c.code for c in f.pile],
        "spreads": [_spread_json(s) for s in f.table.spreads],
        "retired": [_spread_json(s) for s in f.table.retired],
        "next_spread_id": f.table.next_id,
        "drop_locks": list(f.locks),
        "turn": {
            "cards_used": turn.used,
            "hits": turn.hits,
            "bonus_discards": turn.bonus,
            "taken": turn.taken.code if turn.taken else None,
            "touched": list(turn.touched),
        },
        "pending49": [j for j in range(n) if x.pending49 >> j & 1],
        "dealt_counts": list(x.dealt_counts) if x.dealt_counts is not None else None,
        "shown": [j for j in range(n) if x.shown >> j & 1],
        "spades": {
            "answered": list(x.spades_answered),
            "joined": list(x.spades_joined),
            "shown": [[p, c.code if c else None] for p, c in x.spades_shown],
            "winner": x.spades_winner,
            "settled": x.spades_settled,
        },
        "ending": None
        if end is None
        else {
            "reason": end.reason,
            "winners": list(end.winners),
            "counts": list(end.counts) if end.counts is not None else None,
            "dropper": end.dropper,
            "tonker": end.tonker,
            "responder": end.responder,
            "claim": end.claim,
            "full_tonk": end.full_tonk,
        },
    }


def _spread_json(s: TableSpread) -> dict[str, Any]:
    return {
        "id": s.id,
        "owner": s.owner,
        "kind": s.kind,
        "cards": [c.code for c in spread_cards(s.mask)],
    }


def tonk_result(state: TonkLike) -> GameResult:
    """How the hand of `state` ended: reason, winners, transfers (side pot included), details.

    Raises:
        InvalidState: the hand is not over.
    """
    end = state.ending
    if end is None:
        raise InvalidState("the hand is not over yet; play on until is_over")
    main = state.main_payments()
    side = state.spades_payments()
    losers = [end.dropper] if end.reason == "drop_caught" and end.dropper is not None else []
    details: dict[str, object] = {
        "ending": end.reason,
        "counts": list(end.counts) if end.counts is not None else None,
        "dropper": end.dropper,
        "tonker": end.tonker,
        "responder": end.responder,
        "claim": end.claim,
        "main_net": net_of(main, end.players),
        "dealer": state.setup.dealer,
    }
    if state.rules.six_card_tonk and end.reason == "tonk_out":
        details["full_tonk"] = end.full_tonk
    x = state.f.extra
    if x.spades_settled:
        details["spades"] = {
            "joined": list(x.spades_joined),
            "shown": {str(p): (c.code if c else None) for p, c in x.spades_shown},
            "winner": x.spades_winner,
            "net": net_of(side, end.players),
        }
    return GameResult(
        reason=end.reason,
        players=end.players,
        winners=list(end.winners),
        losers=losers,
        payments=[*main, *side],
        actions=state.action_count,
        details=details,
    )
