"""The table logic, storage, timer and CLI of the server, in process (no server started)."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")

from typer.testing import CliRunner

from cardkit import catalog, load_game
from cardkit.cli import app
from cardkit.engine.state import GameState
from cardkit.errors import IllegalAction, InvalidRules, TableError
from cardkit.play.match import derive_seed
from cardkit.server import (
    MemoryStorage,
    SQLiteStorage,
    Table,
    TableServer,
    client_schema,
    create_app,
    server_schema,
    websocket_schema,
)
from cardkit.server._models import CreateTable
from cardkit.server._record import RecordWriter, TableRecord
from cardkit.server._shown import named_recent
from cardkit.server._storage import SQLITE_STEPS

DOCS = Path(__file__).resolve().parents[2] / "docs" / "server"
SCHEMA = DOCS / "messages.schema.json"


def _people(game: str = "tienlen", **options: object) -> Table:
    return Table.create(
        "t1", CreateTable.model_validate({"game": game, "seed": 7_300_000_000_123, **options})
    )


def test_seats_tokens_and_refusals() -> None:
    table = _people(players=2)
    assert table.free_seats() == [0, 1]
    seat, token = table.join(None, "Ann")
    assert (seat, table.seat_of(token)) == (0, 0)
    with pytest.raises(TableError, match="seat 1 is taken; free seats: 2") as taken:
        table.join(0, "Bob")
    assert taken.value.code == "seat_taken"
    with pytest.raises(TableError) as bad:
        table.seat_of("guess")
    assert bad.value.code == "bad_token"
    state = table.state
    assert state is not None
    other = 1 - (state.to_act or 0)
    with pytest.raises(IllegalAction) as refused:
        table.act(other, str(state.legal_actions()[0]))
    assert refused.value.code == "not_your_turn"
    assert table.state is state
    assert table.version == 0
    assert table.leave(token) == 0
    with pytest.raises(TableError):
        table.seat_of(token)
    assert table.free_seats() == [0, 1]


def test_bad_settings_are_refused() -> None:
    with pytest.raises(InvalidRules, match="no bot 'hal'"):
        _people(seats=[{"bot": "hal"}])
    with pytest.raises(InvalidRules, match="3 seats were described for 2 players"):
        _people(players=2, seats=[{}, {}, {}])
    with pytest.raises(InvalidRules, match="no rule that ends a match"):
        _people("palace", deals=None)
    with pytest.raises(InvalidRules, match="unknown option"):
        _people(rules={"nope": 1})


def test_a_match_with_bots_and_its_record_round_trip() -> None:
    bots = [{"bot": "greedy"}, {"bot": "random"}, {"bot": "heuristic"}, {"bot": "greedy"}]
    table = _people(seats=bots, deals=2)
    records = []
    while table.status != "over":
        if table.status == "between_deals":
            table.next_deal()
        else:
            seat = table.bot_seat()
            assert seat is not None
            table.play_bot(seat)
        records.append(table.record().model_dump_json())
        # What is stored: the same text, its finished deals and past actions kept as text.
        assert table.record_json() == records[-1]
    standings = table.standings()
    assert standings.over
    assert standings.deal == 2
    assert len(table.match.deals) == 2
    assert standings.totals == [sum(d.scores[s] for d in table.match.deals) for s in range(4)]
    for text in random.Random(3).sample(records, 12):
        again = Table(TableRecord.model_validate_json(text))
        assert again.record().model_dump_json() == text
    message = table.message(None, (), [0] * 4).model_dump_json()
    assert str(table.seed) not in message
    assert all(str(d.seed) not in message for d in table.match.deals)


@pytest.mark.parametrize("game", ["tienlen", "palace", "tonk", "crazyeights"])
def test_the_record_writer_writes_each_state_as_to_json_does(game: str) -> None:
    """Forward, back to an earlier state, on a branch of it, and on another deal's state:
    the kept text of a deal's setup and actions is reused only where it still holds."""
    state = load_game(game).start(seed=7)
    rng = random.Random(5)
    states = [state]
    while not state.is_over and len(states) < 40:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    # A branch as long as the state written before it: another action at the last choice.
    fork = max(n for n in range(len(states) - 1) if len(states[n].legal_actions()) > 1)
    taken = states[fork + 1].history[-1]
    branch = states[fork].apply(next(a for a in states[fork].legal_actions() if a != taken))
    other = load_game(game).start(seed=6)
    writer = RecordWriter()
    table = Table.create("t", CreateTable(game=game, players=state.players, seed=7, deals=2))
    head = (table.id, table.settings, table.seed, table.seats)

    def record(each: GameState | None) -> str:
        """The record's text with ``each`` in it (its state JSON escaped in a string)."""
        text, _ = writer.parts(
            head, table.match, state=each, version=3, created=1.5, versions=[3] * 5, deadline=None
        )
        return text

    def dumped(each: GameState | None) -> str:
        found = TableRecord(
            id=table.id,
            settings=table.settings,
            seed=table.seed,
            seats=table.seats,
            state=None if each is None else each.to_json(),
            version=3,
            created=1.5,
            versions=[3] * 5,
            deadline=None,
            deals=[],
        )
        return found.model_dump_json()

    # The state's text, and its text escaped in the record, each in turn: both kept.
    order = [*states, states[2], states[fork + 1], branch, states[0], other, states[-1]]
    for number, each in enumerate(order):
        if number % 3:
            assert writer.state_json(each) == each.to_json()
        assert record(each) == dumped(each)
    assert writer.state_json(None) is None
    assert record(None) == dumped(None)


@pytest.mark.parametrize("game", ["tienlen", "palace", "tonk"])
def test_a_bot_reads_its_seats_view_without_recent_not_the_one_sent(game: str) -> None:
    """A bot's turn shows it its own seat's view with an empty ``recent``, built for the
    bot: never the view the table keeps for its seat's clients (`test_bot_view` checks
    what it reaches and the clients' messages)."""
    settings = {"game": game, "players": 3, "seats": [{"bot": "random"}] * 3, "seed": 5}
    table = Table.create("t", CreateTable.model_validate({**settings, "deals": 50}))
    seen: list[Any] = []

    class Looking:
        def choose(self, turn: Any) -> Any:
            seen.append(turn.view)
            return turn.legal[0]

    table._bots = [Looking()] * 3
    while len(seen) < 30 and table.status != "over":
        if table.status == "between_deals":
            table.next_deal()
            continue
        state, seat = table.state, table.bot_seat()
        assert state is not None
        assert seat is not None
        table.message(seat, (), [0] * 3)  # a client of the seat: its view is built and kept
        sent = table.audiences.view(state, seat)
        table.play_bot(seat)
        assert seen[-1] is not sent
        assert seen[-1] == sent.model_copy(update={"recent": []})
        assert sent == state.view(seat)
    assert len(seen) == 30


def test_a_bot_draws_from_the_generator_its_move_is_seeded_with() -> None:
    """A bot's turn makes its generator when the bot first reads it, seeded as every move
    is: from the table's seed, the deal's number and the table's version (so a replay
    draws the same); a bot that reads it twice in a move gets the one generator.
    Planted the seed taken one version later: the draws differ, and this fails."""
    settings = {"game": "tonk", "players": 3, "seats": [{"bot": "random"}] * 3, "seed": 5}
    table = Table.create("t", CreateTable.model_validate({**settings, "deals": 50}))
    drawn: list[float] = []

    class Drawing:
        def choose(self, turn: Any) -> Any:
            assert turn.rng is turn.rng
            drawn.append(turn.rng.random())
            return turn.legal[0]

    table._bots = [Drawing()] * 3
    expected: list[float] = []
    while len(drawn) < 30 and table.status != "over":
        if table.status == "between_deals":
            table.next_deal()
            continue
        made = derive_seed(table.seed, "bot", table.match.next_number, table.version)
        expected.append(random.Random(made).random())
        table.play_bot(table.bot_seat())
    assert drawn == expected
    assert len(drawn) == 30


@pytest.mark.parametrize("game", ["tienlen", "palace", "tonk", "crazyeights"])
def test_a_table_restored_to_a_later_point_of_its_deal_applies_only_the_new_actions(
    game: str,
) -> None:
    """Another worker's copy, read again after changes of the same deal, keeps the state
    it had and applies the new actions (its earlier actions stay the same objects); it
    becomes the table as stored, byte for byte, and a new deal or an earlier point is
    loaded whole."""
    settings = {"game": game, "players": 2, "seats": [{"bot": "random"}] * 2, "deals": 3, "seed": 4}
    playing = Table.create("t", CreateTable.model_validate(settings))
    copy = Table(TableRecord.model_validate_json(playing.record_json()))
    reloaded = 0
    while playing.status != "over" and reloaded < 40:
        if playing.status == "between_deals":
            playing.next_deal()
        for _ in range(random.Random(reloaded).randint(1, 3)):
            if playing.status == "playing":
                playing.play_bot()
        before = copy.state
        copy.restore(TableRecord.model_validate_json(playing.record_json()))
        reloaded += 1
        assert copy.record_json() == playing.record_json()
        assert before is not None
        assert copy.state is not None
        if before.setup.seed == copy.state.setup.seed:  # the same deal: new actions applied
            assert copy.state.setup is before.setup
            old = before.history
            assert all(a is b for a, b in zip(old, copy.state.history[: len(old)], strict=True))
    earlier = Table.create("t", CreateTable.model_validate(settings)).record()
    copy.restore(earlier)
    assert copy.record_json() == earlier.model_dump_json()


def test_messages_hold_only_the_seats_view() -> None:
    table = _people(players=3, game="tonk")
    _, token = table.join(1, "Ann")
    state = table.state
    assert state is not None
    for seat in (None, 0, 1, 2):
        message = table.message(seat, state.last_events, [0, 1, 0])
        names = [s.name + (" (bot)" if s.bot else "") for s in table.seats]
        seen = named_recent(state, state.view(seat).model_dump(mode="json"), seat, names)
        assert message.view == seen
        text = message.model_dump_json()
        assert token not in text
        assert state.to_json() not in text


def test_messages_narrate_the_events_for_each_seat_by_the_games_wording() -> None:
    table = _people(players=3, game="tonk")
    _, _ = table.join(1, "Ann")
    state = table.state
    assert state is not None
    (deal, *_) = state.last_events
    assert deal.kind == "deal"
    assert deal.seat is not None
    for seat in (None, 0, 1, 2):
        said = table.message(seat, state.last_events, [0, 1, 0]).said
        assert len(said) == len(state.last_events)
        mine = seat == deal.seat
        assert said[0].startswith("You deal ") == mine, said
    said = table.message(0, state.last_events, [0, 1, 0]).said
    name = "Ann" if deal.seat == 1 else f"Seat {deal.seat + 1}"
    assert said[0].startswith(f"{name} deals 5 cards each"), said


def test_sqlite_storage_survives_reopening(tmp_path: Path) -> None:
    async def run() -> dict[str, tuple[str, int]]:
        path = tmp_path / "t.sqlite3"
        store = SQLiteStorage(path)
        await store.create("a", '{"x": 1}')
        await store.create("b", '{"x": 2}')
        assert await store.save("a", '{"x": 3}', 1, active=True)
        assert not await store.save("a", '{"x": 4}', 1, active=True), "a stale revision"
        await store.delete("b")
        await store.close()
        again = SQLiteStorage(path)
        found = {k: (v.data, v.revision) for k, v in (await again.load_all()).items()}
        await again.close()
        return found

    assert asyncio.run(run()) == {"a": ('{"x": 3}', 2)}


def test_a_sqlite_file_of_an_older_server_is_upgraded(tmp_path: Path) -> None:
    """A file made before the schema had versions (one table, no revision) opens, upgraded."""
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as old:
        old.execute(SQLITE_STEPS[0])
        old.execute("INSERT INTO cardkit_tables (id, data) VALUES ('a', '{}')")
    store = SQLiteStorage(path)
    assert store.schema_version == len(SQLITE_STEPS)
    found = asyncio.run(store.load("a"))
    assert found is not None
    assert (found.data, found.revision) == ("{}", 1)
    assert asyncio.run(store.save("a", "[]", 1, active=False))
    asyncio.run(store.close())
    assert SQLiteStorage(path).schema_version == len(SQLITE_STEPS), "opened again: no step twice"


def test_the_turn_timer_plays_with_the_timer_bot() -> None:
    async def run() -> tuple[int, int]:
        server = TableServer(MemoryStorage(), bot_delay=0, deal_pause=0)
        await server.start()
        table = await server.create(
            CreateTable(game="tienlen", players=2, seed=4, turn_timer=0.05, timer_bot="greedy")
        )
        await server.join(table.id, 0, "Ann")
        await asyncio.sleep(0.4)
        version = table.version
        stored = await server.storage.load(table.id)
        await server.stop()
        assert stored is not None
        return version, len(json.loads(stored.data)["seats"])

    version, seats = asyncio.run(run())
    assert version >= 2, "timed-out seats were played for"
    assert seats == 2


@pytest.mark.parametrize("name", ["tienlen", "palace", "tonk", "crazyeights", "spades"])
def test_the_default_timer_bot_is_the_games_best_bot_not_the_search(name: str) -> None:
    async def run() -> object:
        server = TableServer(MemoryStorage(), bot_delay=0, deal_pause=0)
        await server.start()
        table = await server.create(CreateTable(game=name, turn_timer=30))
        await server.stop()
        return table.timer_bot

    timer_bot = asyncio.run(run())
    game = load_game(name)
    expected = type(catalog(game).bots[catalog(game).best_bot](random.Random(0)))
    assert type(timer_bot) is expected, (type(timer_bot), expected)


REGENERATE = (
    'run `uv run python -c "import json; from cardkit.server import create_app, client_schema, '
    "server_schema, websocket_schema; w = lambda p, d: open(p, 'w').write(json.dumps(d, indent=2, "
    "ensure_ascii=False) + '\\n'); w('docs/server/openapi.json', create_app().openapi()); "
    "w('docs/server/messages.schema.json', websocket_schema()); "
    "w('docs/server/client-messages.schema.json', client_schema()); "
    "w('docs/server/server-messages.schema.json', server_schema())\"`"
)


@pytest.mark.parametrize(
    ("name", "make"),
    [
        ("messages.schema.json", websocket_schema),
        ("client-messages.schema.json", client_schema),
        ("server-messages.schema.json", server_schema),
        ("openapi.json", lambda: create_app().openapi()),
    ],
)
def test_the_published_schemas_are_up_to_date(name: str, make: Any) -> None:
    text = json.dumps(make(), indent=2, ensure_ascii=False) + "\n"
    assert (DOCS / name).read_text(encoding="utf-8") == text, f"docs/server/{name}: {REGENERATE}"


def test_serve_without_the_extra_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    result = CliRunner().invoke(app, ["serve"])
    assert result.exit_code == 2
    assert "pip install 'cardkit[server]'" in result.output.replace("\n", " ")


def _palace_window(seats: list[dict[str, object]]) -> tuple[Table, int, int]:
    """A two-player Palace table at a private window that asks seat 0; the seats asked
    and shown to act (the actions before it are random, bots' seats included)."""
    for seed in range(20261201, 20261401):
        settings = {"game": "palace", "players": 2, "seed": seed, "seats": seats}
        table = Table.create("w", CreateTable.model_validate(settings))
        rng = random.Random(seed)
        for _ in range(300):
            state = table.state
            assert state is not None
            if state.is_over:
                break
            if state.to_act == 0 and state.shown_to_act(None) == 1:
                asked, shown = state.to_act, state.shown_to_act(None)
                assert asked is not None
                assert shown is not None
                return table, asked, shown
            assert state.to_act is not None
            table.act(state.to_act, rng.choice([str(a) for a in state.legal_actions()]))
    raise AssertionError("no seed opens a private window that asks seat 0")


def test_a_declined_window_counts_only_for_the_seat_it_asked() -> None:
    table, asked, shown = _palace_window([{}, {}])
    before = list(table.audiences.versions)
    assert table.info([0, 0]).to_act == shown
    table.act(asked, "decline")
    after = table.audiences.versions
    assert after[asked] == before[asked] + 1
    assert after[shown] == before[shown]
    assert after[-1] == before[-1]


def test_a_bot_shown_to_act_plays_through_a_persons_window() -> None:
    table, _, shown = _palace_window([{}, {"bot": "random"}])
    assert table.bot_seat() == shown
    spectators = table.audiences.version(None)
    table.play_bot(shown)
    assert table.state is not None
    assert str(table.state.history[-2]) == "decline"
    assert table.audiences.version(None) == spectators + 1
