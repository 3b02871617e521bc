"""The double-double response (spec section 4.6, two players): after a tonk out, the other
player may go out too by spreading and hitting every card, one hit on the tonker's runs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

from cardkit import Action, Event, IllegalAction
from cardkit.authoring import Refusal, Refused, split_action_text
from cardkit_tonk.actions import Hit, Pass, Respond, Spread, hit_action, spread_action, spread_cards
from cardkit_tonk.events import over
from cardkit_tonk.fields import OVER, RESPONSE, Table
from cardkit_tonk.payouts import Ending
from cardkit_tonk.play import MainTurn
from cardkit_tonk.spreads import BOOK, TableSpread, accepts_mask, response_plans

__all__ = ["Responses", "bit_list"]


def bit_list(mask: int) -> list[int]:
    """The single-card masks of `mask`, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


class Responses(MainTurn):
    """The response to a tonk out: pass, or a plan that uses every card."""

    __slots__ = ()

    def response_actions(self) -> list[Respond]:
        """Every response plan of the seat to act (in the response phase)."""
        f = self.f
        c = f.c
        spreads = f.table.spreads
        touched = frozenset(
            sid for sid in f.turn.touched for s in spreads if s.id == sid and not s.book
        )
        out = []
        for melds, hits in response_plans(f.hands[f.seat], spreads, touched, c.run, c.runs_only):
            steps: list[Spread | Hit] = [spread_action(m) for m in melds]
            steps.extend(hit_action(bit.bit_length() - 1, sid) for bit, sid in hits)
            out.append(Respond(tuple(steps)))
        return out

    def check_respond(self, action: Respond) -> Refusal | None:
        """A response uses every card of the hand in spreads and hits, one on the tonker's run."""
        if self.f.phase != RESPONSE:
            return self.not_allowed(action)
        if action not in self.response_actions():
            return self.not_allowed(action)
        return None

    # -- reading a response ------------------------------------------------------------

    def parse_respond(self, text: str) -> Respond:
        """Read ``respond spread 4C 4D 4S; hit 8H 1`` (steps in any order).

        Raises:
            IllegalAction: the text is not a response (code ``"unparsable"``).
        """
        body = text.strip()[len("respond") :]
        parts = [p.strip() for p in body.split(";") if p.strip()]
        if not parts:
            raise IllegalAction(
                Refused.UNPARSABLE,
                f"{text!r}: a response lists spreads and hits, such as "
                "'respond spread 4C 4D 4S; hit 8H 1'",
                action=text,
            )
        steps: list[Spread | Hit] = []
        for part in parts:
            verb, _ = split_action_text(part)
            step = None if verb == "respond" else self.grammar.parse(part, self.game.title)
            if not isinstance(step, Spread | Hit):
                raise IllegalAction(
                    Refused.UNPARSABLE,
                    f"{text!r}: a response holds only 'spread ...' and 'hit CARD ID' steps",
                    action=text,
                )
            steps.append(step)
        return self.canonical_response(steps)

    def canonical_response(self, steps: Sequence[Spread | Hit]) -> Respond:
        """The canonical form of a plan (its steps in any order); checks nothing else."""
        melds = sorted(s.cards.mask for s in steps if isinstance(s, Spread))
        per: dict[int, int] = {}
        for s in steps:
            if isinstance(s, Hit):
                per[s.spread] = per.get(s.spread, 0) | s.card.bit
        ordered: list[Spread | Hit] = [spread_action(m) for m in melds]
        by_id = {s.id: s for s in self.f.table.spreads}
        table_order = [s.id for s in self.f.table.spreads if s.id in per]
        for sid in table_order + sorted(i for i in per if i not in by_id):
            spread = by_id.get(sid)
            if spread is None:
                ordered.extend(hit_action(b.bit_length() - 1, sid) for b in bit_list(per[sid]))
                continue
            ordered.extend(self._hit_order(spread, per[sid]))
        return Respond(tuple(ordered))

    def _hit_order(self, spread: TableSpread, extra: int) -> list[Hit]:
        """Hits of `extra` onto `spread`, each valid after the ones before (as far as can be)."""
        kind = BOOK if spread.book else self.f.c.run
        current, rest = spread.mask, extra
        out: list[Hit] = []
        while rest:
            for b in bit_list(rest):
                if kind.is_valid_mask(current | b):
                    break
            else:
                out.extend(hit_action(b.bit_length() - 1, spread.id) for b in bit_list(rest))
                break
            out.append(hit_action(b.bit_length() - 1, spread.id))
            current |= b
            rest ^= b
        return out

    # -- transitions -------------------------------------------------------------------

    def pass_response(self, action: Pass) -> Self:
        """Let the tonk out stand."""
        end = self.f.end
        assert end is not None
        events = (Event("pass", self.f.seat), over("tonks out", end.tonker))
        return self.evolve(action, events, phase=OVER)

    def do_respond(self, action: Respond) -> Self:
        """Lay and hit every card: a double-double, won as `double_double` says."""
        f = self.f
        c, seat, end = f.c, f.seat, f.end
        assert end is not None
        assert end.tonker is not None
        spreads, retired = list(f.table.spreads), list(f.table.retired)
        next_id = f.table.next_id
        events: list[Event] = []
        for step in action.steps:
            if isinstance(step, Spread):
                mask = step.cards.mask
                spread = c.new_spread(next_id, seat, mask)
                events.append(
                    Event(
                        "spread",
                        seat,
                        tuple(spread_cards(mask)),
                        note=f"{spread.kind} #{next_id}",
                        data={"spread": next_id, "kind": spread.kind},
                    )
                )
                (retired if spread.book and mask.bit_count() == 4 else spreads).append(spread)
                next_id += 1
                continue
            i = next(k for k, s in enumerate(spreads) if s.id == step.spread)
            old = spreads[i]
            mask = old.mask | step.card.bit
            events.append(
                Event(
                    "hit",
                    seat,
                    (step.card,),
                    note=f"on #{old.id}",
                    data={"spread": old.id, "owner": old.owner},
                )
            )
            if old.book and mask.bit_count() == 4:
                del spreads[i]
                retired.append(old._replace(mask=mask, accepts=0))
            else:
                kind = BOOK if old.book else c.run
                spreads[i] = old._replace(mask=mask, accepts=accepts_mask(kind, mask, old.book))
        tonker = end.tonker
        winner = tonker if c.rules.double_double == "tonker_wins" else seat
        new_end = Ending(
            "double_double",
            end.players,
            (winner,),
            tonker=tonker,
            responder=seat,
            full_tonk=end.full_tonk,
        )
        note = "tonks out on the tonker's run: a double-double"
        events.append(Event("double_double", seat, note=note))
        events.append(over("wins the double-double", winner))
        hands = (*f.hands[:seat], 0, *f.hands[seat + 1 :])
        table = Table(tuple(spreads), tuple(retired), next_id)
        return self.evolve(action, events, phase=OVER, hands=hands, table=table, end=new_end)

    def response_candidates(self) -> list[Action]:
        """The responses the reference listing tries: the plans found for the hand."""
        return list(self.response_actions())
