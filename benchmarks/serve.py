"""A served table on loopback: how long from a player's intent until every seat has the new
state (4 human seats, each move answered by all four sockets), and how big the frames are.

    python benchmarks/serve.py [--moves 200]

Nothing here is asserted: it prints figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time

from tornado.httpclient import HTTPRequest
from tornado.websocket import websocket_connect

from cardtable import serve


async def run(moves: int) -> tuple[list[float], list[int]]:
    table = serve(players=4, process=False, think=None, seed=1, target=10**6)
    host = table.url.split("/")[2]
    sockets = {}
    for seat in range(4):
        ws = await websocket_connect(HTTPRequest(table.url.replace("http", "ws") + "ws",
                                                 headers={"Origin": f"http://{host}"}))  # fmt: skip
        await ws.write_message(json.dumps(
            {"type": "hello", "protocol": 1, "seat": seat, "token": table._tokens[seat]}
        ))  # fmt: skip
        await ws.read_message()
        sockets[seat] = ws
    game = table.game

    async def choose_from_python() -> None:
        """Everyone sets a card aside from Python: the timed moves are plays and passes."""
        for seat in range(4):
            game.choose(seat, game.hand(seat)[0])
        for ws in sockets.values():
            while True:
                try:
                    await asyncio.wait_for(ws.read_message(), 0.05)
                except asyncio.TimeoutError:
                    break

    times, sizes = [], []
    while len(times) < moves:
        if game.phase == "choose":
            await choose_from_python()
            continue
        seat = game.to_move
        legal = game.legal_plays(seat)
        intent = ({"action": "play", "card": legal[0][0].code, "row": legal[0][1]}
                  if legal else {"action": "pass"})  # fmt: skip
        started = time.perf_counter()
        await sockets[seat].write_message(json.dumps({"type": "intent", "intent": intent}))
        frames = await asyncio.gather(*(ws.read_message() for ws in sockets.values()))
        times.append(time.perf_counter() - started)
        sizes += [len(f) for f in frames]
    table.stop()
    return times, sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=200)
    moves = parser.parse_args().moves
    times, sizes = asyncio.run(run(moves))
    ordered = sorted(times)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    median, size = statistics.median(times) * 1000, statistics.median(sizes) / 1024
    print(f"intent to all 4 seats, {moves} moves: median {median:.1f} ms, "
          f"p95 {p95 * 1000:.1f} ms; state frames median {size:.1f} KiB")  # fmt: skip


if __name__ == "__main__":
    main()
