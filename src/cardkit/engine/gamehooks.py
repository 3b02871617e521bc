"""A game's hook callers: how a game calls the hooks it publishes.

A game publishes hook specifications for its variation points (through
`cardkit_add_hookspecs`) and calls them through
[`Game.hooks`][cardkit.engine.game.Game.hooks], the
[`GameHooks`][cardkit.engine.gamehooks.GameHooks] of the registry that registered
the game:

- `game.hooks.<name>(...)` is pluggy's own `HookCaller`;
- `game.hooks.answer("<name>", default, ...)` gives `default` when no plugin answers;
- `game.hooks.call("<name>")` is a [`HookCall`][cardkit.engine.gamehooks.HookCall]:
  the hook's implementations resolved once, called without pluggy's
  dispatch, for a hook a game asks often (every deal, every move). It is
  falsy when nobody implements the hook, so a game can keep its fast
  default path: `if call: ...`;
- `game.hooks.resolved(key, build)` keeps what a game derives from its
  hooks (and its rules) once, such as the functions a deal calls per move.

Each registry has one `GameHooks`, and its caches last until a plugin (or a
hook specification) is registered or unregistered through the registry:
then the next call resolves the hooks again, so a house rule registered
after the first game takes effect at the next one.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Protocol, TypeVar, cast

import pluggy

__all__ = ["GameHooks", "HookCall", "HookSource"]

T = TypeVar("T")

#: How many derived values `GameHooks.resolved` keeps before it starts again.
_RESOLVED_LIMIT = 256


class HookSource(Protocol):
    """What a `GameHooks` watches: a counter bumped whenever plugins change.

    [`Registry`][cardkit.plugins.registry.Registry] is one (its `generation`).
    """

    @property
    def generation(self) -> int:
        """Bumped whenever a plugin or a hook specification is added or removed."""
        ...


def _argnames(function: Callable[..., Any]) -> tuple[str, ...]:
    """The arguments a plain function takes, as pluggy reads them: named, without defaults."""
    kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    return tuple(
        p.name
        for p in inspect.signature(function).parameters.values()
        if p.kind in kinds and p.default is inspect.Parameter.empty
    )


class HookCall:
    """One hook's implementations, resolved once: a fast caller.

    Calling it gives what pluggy's call gives (for hooks without wrappers):
    with `firstresult`, the first answer that is not `None` (or `None`);
    otherwise every answer that is not `None`, in pluggy's call order (the
    newest registered first, `tryfirst`/`trylast` respected). Each
    implementation gets only the arguments it names. A hook with wrapper
    implementations is called through pluggy.

    Attributes:
        name: the hook's name.
        functions: the implementations' functions, in call order.
        firstresult: whether the hook stops at its first answer.
    """

    __slots__ = ("_calls", "_pluggy", "firstresult", "functions", "name")

    def __init__(
        self,
        name: str,
        functions: Sequence[Callable[..., Any]] = (),
        *,
        firstresult: bool = False,
        argnames: Sequence[tuple[str, ...]] | None = None,
        pluggy_caller: pluggy.HookCaller | None = None,
    ) -> None:
        """A caller of `functions` (in call order) for the hook `name`.

        Args:
            name: the hook's name, for error messages.
            functions: the implementations, in the order they are asked.
            firstresult: stop at the first answer that is not `None`.
            argnames: each function's argument names (default: read from
                its signature, as pluggy reads them).
            pluggy_caller: call through this pluggy caller instead (hooks
                with wrappers).
        """
        self.name = name
        self.functions = tuple(functions)
        self.firstresult = firstresult
        names = argnames if argnames is not None else [_argnames(f) for f in self.functions]
        self._calls = tuple(zip(self.functions, names, strict=True))
        self._pluggy = pluggy_caller

    @classmethod
    def of(cls, caller: pluggy.HookCaller | None, name: str) -> HookCall:
        """The implementations registered now with pluggy's `caller` (`None`: none)."""
        if caller is None:
            return cls(name)
        impls = list(reversed(caller.get_hookimpls()))  # pluggy asks the last one first
        spec = caller.spec
        first = bool(spec is not None and spec.opts.get("firstresult"))
        wrapped = any(i.hookwrapper or i.wrapper for i in impls)
        return cls(
            name,
            [i.function for i in impls],
            firstresult=first,
            argnames=[i.argnames for i in impls],
            pluggy_caller=caller if wrapped else None,
        )

    def __bool__(self) -> bool:
        """Whether any implementation answers this hook."""
        return bool(self._calls)

    def __len__(self) -> int:
        """How many implementations there are."""
        return len(self._calls)

    def __call__(self, **kwargs: Any) -> Any:
        """Ask the implementations, in call order, as pluggy would.

        Raises:
            pluggy.HookCallError: an implementation takes an argument not given.
        """
        if self._pluggy is not None:
            return self._pluggy(**kwargs)
        answers: list[Any] = []
        for function, names in self._calls:
            try:
                args = [kwargs[n] for n in names]
            except KeyError as exc:
                raise pluggy.HookCallError(
                    f"hook call of {self.name} must provide argument {exc.args[0]!r}"
                ) from None
            answer = function(*args)
            if answer is not None:
                if self.firstresult:
                    return answer
                answers.append(answer)
        return None if self.firstresult else answers

    def first(self, default: T, **kwargs: Any) -> T:
        """The first answer that is not `None`, or `default` when none answers."""
        if not self._calls:
            return default
        result = self(**kwargs)
        if not self.firstresult:  # a list of answers; a firstresult answer may be a list itself
            result = next((r for r in result if r is not None), None)
        return default if result is None else cast(T, result)

    def __repr__(self) -> str:
        return f"<HookCall {self.name} ({len(self._calls)} implementations)>"


class GameHooks:
    """The hook callers of one registry's plugin manager, with caches that follow it."""

    __slots__ = ("_calls", "_generation", "_pm", "_resolved", "_source")

    def __init__(self, pm: pluggy.PluginManager, source: HookSource | None = None) -> None:
        """Hook callers of `pm`; their caches last while `source.generation` stays the same.

        Without a `source`, the caches last until
        [`clear`][cardkit.engine.gamehooks.GameHooks.clear].
        """
        self._pm = pm
        self._source = source
        self._generation = source.generation if source is not None else 0
        self._calls: dict[str, HookCall] = {}
        self._resolved: dict[Hashable, Any] = {}

    def __getattr__(self, name: str) -> pluggy.HookCaller:
        """Pluggy's caller of the hook `name`.

        Raises:
            AttributeError: no plugin published a hook of that name.
        """
        if name.startswith("_"):
            raise AttributeError(name)
        caller: pluggy.HookCaller | None = getattr(self._pm.hook, name, None)
        if caller is None:
            raise AttributeError(f"no hook named {name!r} is published; check its hookspecs")
        return caller

    def _check(self) -> None:
        source = self._source
        if source is not None and source.generation != self._generation:
            self.clear()
            self._generation = source.generation

    def clear(self) -> None:
        """Forget every resolved hook and derived value (done when plugins change)."""
        self._calls.clear()
        self._resolved.clear()

    def call(self, name: str) -> HookCall:
        """The hook `name`'s fast caller, resolved once until plugins change.

        A hook nobody implements (or nobody published) gives an empty,
        falsy caller, whose call answers nothing.
        """
        self._check()
        found = self._calls.get(name)
        if found is None:
            found = self._calls[name] = HookCall.of(getattr(self._pm.hook, name, None), name)
        return found

    def functions(self, name: str) -> tuple[Callable[..., Any], ...]:
        """The implementations of the hook `name`, in call order (resolved once)."""
        return self.call(name).functions

    def resolved(self, key: Hashable, build: Callable[[], T]) -> T:
        """What `build()` gives, built once per `key` until plugins change.

        For what a game derives from its hooks, such as the decisions a
        deal asks per move under some rules: key it by the game's name and
        the rules (`("tienlen.beating", rules)`).
        """
        self._check()
        cache = self._resolved
        try:
            found: T = cache[key]
        except KeyError:
            found = build()
            if len(cache) >= _RESOLVED_LIMIT:
                cache.clear()
            cache[key] = found
        return found

    def answers(self, name: str) -> bool:
        """Whether any plugin implements the hook `name`."""
        return bool(self.call(name))

    def answer(self, name: str, default: T, **kwargs: Any) -> T:
        """The first non-`None` answer of the hook `name`, or `default` when none answers.

        A hook published with `firstresult=True` gives its one answer; other
        hooks give their answers in pluggy's call order, and the first one
        that is not `None` is taken. Cheap when nobody answers.
        """
        return self.call(name).first(default, **kwargs)
