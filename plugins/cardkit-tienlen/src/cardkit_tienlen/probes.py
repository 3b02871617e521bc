"""Probe house rules for the contract suite: nothing beats anything, or everything does.

A fast listing that skips the house rules' decision for some case (a single
below the 2s, say) lists what `apply` refuses, or misses what it accepts;
the house rules shipped may never decide about that case. These two rules
decide about every case, the two extreme ways, so the contract suite's
listing check (`cardkit.testing.houserules.check_house_rules`) catches such
a listing whatever it skips. They are test aids: register them for the
duration of a check (`GameContract.house_rule_plugins = (BeatProbes(),)`),
never in a plugin's entry point.
"""

from __future__ import annotations

from cardkit import hookimpl
from cardkit.authoring import Register
from cardkit_tienlen.beating import BeatsRule
from cardkit_tienlen.combos import Play
from cardkit_tienlen.rules import TienLenRules

__all__ = ["EVERYTHING_BEATS", "NOTHING_BEATS", "BeatProbes"]

#: The probe rule under which no combination beats another: followers may only pass.
NOTHING_BEATS = "probe-nothing-beats"
#: The probe rule under which every combination beats any other.
EVERYTHING_BEATS = "probe-everything-beats"


def _nothing(play: Play, current: Play) -> bool:
    return False


def _everything(play: Play, current: Play) -> bool:
    return True


class BeatProbes:
    """A plugin object declaring the two probe rules on Tiến lên's ``tienlen_beats`` hook."""

    @hookimpl
    def cardkit_register(self, register: Register) -> None:
        """Declare ``probe-nothing-beats`` and ``probe-everything-beats``."""
        register.add_house_rule("tienlen", NOTHING_BEATS, "Probe: no combination beats another.")
        register.add_house_rule(
            "tienlen", EVERYTHING_BEATS, "Probe: every combination beats any other."
        )

    @hookimpl
    def tienlen_beats(self, rules: TienLenRules) -> BeatsRule | None:
        """Refuse every beat, or allow every beat, when the probe is named."""
        if NOTHING_BEATS in rules.house_rules:
            return _nothing
        if EVERYTHING_BEATS in rules.house_rules:
            return _everything
        return None
