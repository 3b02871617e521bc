"""`cardkit serve`'s connections send at once: Nagle's algorithm is off on every socket.

asyncio turns it off (``TCP_NODELAY``) only on sockets whose protocol is
``IPPROTO_TCP``; an accepted socket takes its protocol from the listening
one. With Nagle on, a message to a client that had not yet acknowledged the
previous one waited for its delayed ACK: about 40 ms, on every third action
of the benchmark's idle table.
"""

from __future__ import annotations

import asyncio
import socket

from cardkit.cli._serve import _bound


def test_the_servers_accepted_connections_have_nagle_off() -> None:
    async def run() -> int:
        listening = _bound("127.0.0.1", 0)
        listening.listen()
        found: asyncio.Future[int] = asyncio.get_running_loop().create_future()

        async def accepted(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            sock = writer.get_extra_info("socket")
            found.set_result(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            writer.close()

        server = await asyncio.start_server(accepted, sock=listening)
        async with server:
            _, writer = await asyncio.open_connection(*listening.getsockname())
            nodelay = await asyncio.wait_for(found, 5)
            writer.close()
        return nodelay

    assert asyncio.run(run()) != 0
