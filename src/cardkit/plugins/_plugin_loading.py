"""Loading plugins: installed entry points and a directory of single-file plugins.

[Registry][cardkit.plugins.registry.Registry] derives from `PluginLoader`; the loader
imports each selected plugin inside the guards of `cardkit.plugins._plugin_guard`,
runs its hooks, and has the registry add what they register, kind by kind.
"""

from __future__ import annotations

import importlib.util
from abc import ABC, abstractmethod
from importlib import metadata
from pathlib import Path

from cardkit.plugins._plugin_guard import contained, exc_text, import_text
from cardkit.plugins._plugin_records import (
    API_VERSION,
    ENTRY_POINT_GROUP,
    PluginInfo,
    api_compatible,
)

__all__ = ["PluginLoader"]


class PluginLoader(ABC):
    """The loading half of the registry (the registry supplies the members declared here)."""

    plugins: dict[str, PluginInfo]
    skipped: dict[str, str]
    only: set[str] | None
    disable: set[str]
    plugins_dir: Path | None

    @abstractmethod
    def _problem(self, plugin: str, stage: str, message: str) -> None:
        """Record (or, in strict mode, raise) a problem of ``plugin`` at ``stage``."""

    @abstractmethod
    def _add(self, plugin: object, info: PluginInfo) -> bool:
        """Register ``plugin`` with pluggy; whether it was added."""

    @abstractmethod
    def _run_hooks(self, loaded: list[tuple[object, PluginInfo]]) -> None:
        """Run the hooks of the plugins ``loaded`` and add what they register."""

    def _selected(self, name: str) -> bool:
        if self.only is not None and name not in self.only:
            self.skipped[name] = "not in CARDKIT_LOAD_PLUGINS"
            return False
        if name in self.disable:
            self.skipped[name] = "in CARDKIT_DISABLE_PLUGINS"
            return False
        return True

    def _load_all(self) -> None:
        loaded: list[tuple[object, PluginInfo]] = []
        for ep in sorted(metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
            if ep.name in self.plugins or not self._selected(ep.name):
                continue
            dist = getattr(ep, "dist", None)
            info = PluginInfo(
                ep.name,
                distribution=dist.name if dist is not None else None,
                version=dist.version if dist is not None else None,
                source="entry point",
            )
            try:
                with contained():
                    plugin = ep.load()
            except Exception as exc:
                self._problem(ep.name, "import", import_text(exc))
                continue
            if self._check_api(plugin, info, required=True) and self._add(plugin, info):
                loaded.append((plugin, info))
        loaded.extend(self._load_plugins_dir())
        self._run_hooks(loaded)

    def _load_plugins_dir(self) -> list[tuple[object, PluginInfo]]:
        loaded: list[tuple[object, PluginInfo]] = []
        if self.plugins_dir is None:
            return loaded
        if not self.plugins_dir.is_dir():
            self._problem(str(self.plugins_dir), "import", "the plugins directory does not exist")
            return loaded
        for path in sorted(self.plugins_dir.glob("*.py")):
            name = path.stem
            if name.startswith("_") or name in self.plugins or not self._selected(name):
                continue
            info = PluginInfo(name, source="plugins dir", distribution=str(path))
            try:
                spec = importlib.util.spec_from_file_location(f"cardkit_local_plugins.{name}", path)
                if spec is None or spec.loader is None:
                    raise ImportError(f"cannot import {path}")
                module = importlib.util.module_from_spec(spec)
                with contained():
                    spec.loader.exec_module(module)
            except Exception as exc:
                self._problem(name, "import", import_text(exc))
                continue
            if self._check_api(module, info, required=False) and self._add(module, info):
                loaded.append((module, info))
        return loaded

    def _check_api(self, plugin: object, info: PluginInfo, *, required: bool) -> bool:
        try:
            with contained():
                declared = getattr(plugin, "CARDKIT_API_VERSION", None)
                declared = None if declared is None else str(declared)
        except Exception as exc:
            self._problem(info.name, "import", exc_text(exc))
            return False
        info.api_version = None if declared is None else str(declared)
        if declared is None:
            if required:
                self._problem(
                    info.name,
                    "import",
                    "the plugin declares no CARDKIT_API_VERSION; this core offers plugin API "
                    f"{API_VERSION} (add CARDKIT_API_VERSION = {API_VERSION!r} "
                    "to its plugin module)",
                )
                return False
            return True
        if not api_compatible(str(declared)):
            self._problem(
                info.name,
                "import",
                f"built for cardkit plugin API {declared}, but this core offers API {API_VERSION}; "
                "skipped",
            )
            return False
        return True
