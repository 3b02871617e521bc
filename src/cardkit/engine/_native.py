"""What a class compiled by mypyc (a native class) needs done in Python after its definition."""

from __future__ import annotations

import abc

__all__ = ["own_abc_caches"]


def own_abc_caches(cls: type) -> None:
    """Give ``cls`` the isinstance caches of an abstract class of its own.

    mypyc builds a native class without running ``ABCMeta.__new__``, so a native
    subclass of an abstract class (``GameState``, ``collections.abc.Sequence``) reads
    and writes its base's caches: ``isinstance(x, Listing)`` being false for a list
    would be remembered as ``isinstance(x, Sequence)`` being false, everywhere in the
    process. A class of the pure build has caches of its own and is left alone.
    """
    if isinstance(cls, abc.ABCMeta) and "_abc_impl" not in vars(cls):
        init = vars(abc)["_abc_init"]  # what ABCMeta.__new__ calls (CPython's _abc)
        init(cls)
