"""The packages build as real wheels, and a plugin installs, works and uninstalls cleanly.

This builds every wheel of the workspace, makes a fresh virtual environment,
installs the core alone, and then one game plugin from its wheel, checking
what ``cardkit games`` lists at each step.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

#: Every test here starts processes.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
SEED_GAMES = ("tienlen", "palace", "tonk")


def _uv() -> str:
    uv = shutil.which("uv")
    if uv is None:
        pytest.fail("the packaging test needs `uv` on PATH (pip install uv)")
    return uv


def _run(*args: str | Path, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(
        [str(a) for a in args], cwd=cwd, capture_output=True, text=True, timeout=600, check=False
    )
    if proc.returncode != 0:
        pytest.fail(f"{' '.join(map(str, args))} failed:\n{proc.stdout}\n{proc.stderr}")
    return proc


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    _run(_uv(), "build", "--all-packages", "--out-dir", out)
    return out


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("venv") / "env"
    _run(_uv(), "venv", "--quiet", "--python", sys.executable, path)
    return path


def _wheel(dist: Path, distribution: str) -> Path:
    name = distribution.replace("-", "_")
    (wheel,) = dist.glob(f"{name}-*.whl")
    return wheel


def _metadata(wheel: Path) -> tuple[dict[str, list[str]], list[str]]:
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        msg = Parser().parsestr(zf.read(meta_name).decode())
    fields: dict[str, list[str]] = {}
    for key, value in msg.items():
        fields.setdefault(key, []).append(value)
    return fields, names


@pytest.mark.parametrize(
    ("distribution", "module"),
    [
        ("cardkit-tienlen", "cardkit_tienlen"),
        ("cardkit-palace", "cardkit_palace"),
        ("cardkit-tonk", "cardkit_tonk"),
        ("cardkit-crazyeights", "cardkit_crazyeights"),
    ],
)
def test_plugin_wheels_have_real_metadata(dist: Path, distribution: str, module: str) -> None:
    fields, names = _metadata(_wheel(dist, distribution))
    requires = fields.get("Requires-Dist", [])
    core = [
        r.replace(" ", "")
        for r in requires
        if r.replace(" ", "").startswith("cardkit<") or r.replace(" ", "").startswith("cardkit>")
    ]
    assert core, requires
    assert ">=0.1" in core[0], core
    assert "<0.2" in core[0], core
    assert f"{module}/py.typed" in names
    assert any(n.endswith(".dist-info/entry_points.txt") for n in names)
    assert any("licenses/LICENSE" in n for n in names), names
    assert fields.get("Description-Content-Type") == ["text/markdown"]
    with zipfile.ZipFile(_wheel(dist, distribution)) as zf:
        ep_name = next(n for n in zf.namelist() if n.endswith("entry_points.txt"))
        assert "[cardkit]" in zf.read(ep_name).decode()
    (sdist,) = dist.glob(f"{distribution.replace('-', '_')}-*.tar.gz")
    assert sdist.stat().st_size > 0


def test_core_wheel_ships_types_and_cli(dist: Path) -> None:
    fields, names = _metadata(_wheel(dist, "cardkit"))
    assert "cardkit/py.typed" in names
    assert fields["Requires-Python"] == [">=3.11"]
    assert any(n.endswith("entry_points.txt") for n in names)


def _games(venv: Path) -> list[str]:
    code = "import cardkit, json; print(json.dumps(cardkit.available_games()))"
    out = _run(venv / "bin" / "python", "-c", code).stdout
    games: list[str] = json.loads(out.strip().splitlines()[-1])
    listed = _run(venv / "bin" / "cardkit", "games").stdout
    for game in SEED_GAMES:
        assert (game in games) == (game in listed), (game, games, listed)
    return games


def test_install_core_alone_then_one_plugin_then_uninstall(dist: Path, venv: Path) -> None:
    python = venv / "bin" / "python"
    _run(_uv(), "pip", "install", "--quiet", "--python", python, _wheel(dist, "cardkit"))
    assert not set(_games(venv)) & set(SEED_GAMES)

    _run(_uv(), "pip", "install", "--quiet", "--python", python, _wheel(dist, "cardkit-tienlen"))
    assert "tienlen" in _games(venv)
    _run(python, "-c", "import cardkit_tienlen, cardkit; cardkit.load_game('thirteen')")
    demo = _run(venv / "bin" / "cardkit", "demo", "tienlen", "--seed", "3")
    assert "tienlen" in demo.stdout.lower() or "tiến lên" in demo.stdout.lower()
    plugins = json.loads(_run(venv / "bin" / "cardkit", "plugins", "--json").stdout)
    assert any(p["name"] == "tienlen" and p["version"] == "0.1.0" for p in plugins["plugins"])

    _run(_uv(), "pip", "uninstall", "--quiet", "--python", python, "cardkit-tienlen")
    assert "tienlen" not in _games(venv)


# -- the wheels with plain pip, and the example plugin outside the repository ---------------------

ALL_GAMES = (*SEED_GAMES, "crazyeights")


@pytest.fixture(scope="module")
def pip_venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment made by the standard library, with its own pip."""
    path = tmp_path_factory.mktemp("pip-venv") / "env"
    _run(sys.executable, "-m", "venv", path)
    return path


def test_the_wheels_install_with_plain_pip_and_every_game_plays(
    dist: Path, pip_venv: Path, tmp_path: Path
) -> None:
    """The route of the install page: `uv build --all-packages`, then `pip install` the wheels.

    The example plugin is installed from a copy of its directory outside the
    repository, with `uv pip install`, as the plugin tutorial quotes its
    pyproject.toml (a `[tool.uv.sources]` workspace entry there broke it).
    """
    pip = pip_venv / "bin" / "pip"
    wheels = [_wheel(dist, d) for d in ("cardkit", "cardkit-tienlen", "cardkit-palace")]
    _run(pip, "install", "--quiet", *wheels, _wheel(dist, "cardkit-tonk"))
    example = tmp_path / "cardkit-crazyeights"
    shutil.copytree(
        ROOT / "examples" / "cardkit-crazyeights",
        example,
        ignore=shutil.ignore_patterns(".venv", "__pycache__", "tests"),
    )
    _run(_uv(), "pip", "install", "--quiet", "--python", pip_venv / "bin" / "python", example)
    cardkit = pip_venv / "bin" / "cardkit"
    games = {g["name"] for g in json.loads(_run(cardkit, "games", "--json").stdout)}
    assert set(ALL_GAMES) <= games, games
    for game in ALL_GAMES:
        demo = _run(cardkit, "demo", game, "--seed", "1", "--delay", "0")
        assert "Same game again: cardkit demo " + game in demo.stdout, demo.stdout[-400:]
    shown = _run(pip_venv / "bin" / "python", "-c", "import cardkit; print(cardkit.__file__)")
    assert str(ROOT) not in shown.stdout  # the wheel, not the workspace


def test_no_member_pyproject_points_at_the_workspace() -> None:
    """`[tool.uv.sources]` workspace entries belong in the root pyproject.toml only.

    A plugin's pyproject.toml is what its authors copy; with `cardkit = {
    workspace = true }` in it, `uv pip install` outside this repository fails
    ("references a workspace in tool.uv.sources ... but is not a workspace member").
    """
    members = sorted(ROOT.glob("plugins/*/pyproject.toml")) + sorted(
        ROOT.glob("examples/*/pyproject.toml")
    )
    assert members
    found = [str(p.relative_to(ROOT)) for p in members if "[tool.uv.sources]" in p.read_text()]
    assert found == []
