"""How many served tables one core carries: N tables × 4 seats in one server process pinned to
one core, their players in another process pinned to the other (``os.sched_setaffinity``), all
on loopback. Each player acts from its own state only: on its turn (or while it must choose),
after a human's pause (``--think``), it sends a legal move (a random one, or a pass); bots sit
at seat 3 of every other table, thinking as served bots do (rule B23's 0.6–1.6 s).

    python benchmarks/serve_load.py [--tables 1,10,50,100,200,400] [--seconds 15]
    python benchmarks/serve_load.py --quick                  # 1,10,50,200 tables, 6 s each
    python benchmarks/serve_load.py --tables 200 --profile   # where the server's time goes
    python benchmarks/serve_load.py --quick --against /tmp/old/src   # side by side

Printed per N, as the README's table rows: intents/s, intent-to-frame latency (from sending an
intent until that player's socket receives the next frame) p50/p95/p99, the server's CPU
(share of its one core), the CPU time one intent costs the server (judged, and its frames built
and written to every seat: the figure the machine's other load changes least), how late a
10 ms timer fires on the server's loop (p95), its memory per table, and the errors: refusals,
unexpected closes, the sockets the server still holds once every player has left (a leak if not
0) and the warnings it logged (all four should be 0). The server's bots think in a worker
process, as ``cardtable.serve``'s do, pinned to the server's core. ``--against SRC`` runs each N
also with the package in another source tree (an earlier commit's ``src``), one after the
other, and prints the ratio of CPU per intent. Nothing here is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import multiprocessing
import os
import random
import statistics
import sys
import time
from typing import Any

SERVER_CORE, CLIENT_CORE = 0, 1


def _pin(core: int) -> None:
    if hasattr(os, "sched_setaffinity") and core < (os.cpu_count() or 1):
        os.sched_setaffinity(0, {core})


def _rss() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


class _Count(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.records += 1


def server(conn: Any, tables: int, profile: bool) -> None:
    """The server process: ``tables`` hubs on one tornado server, pinned to one core."""
    _pin(SERVER_CORE)
    logged = _Count()
    logging.getLogger().addHandler(logged)

    async def main() -> None:
        from tornado.netutil import bind_sockets

        from cardtable.server.app import TableServer, allowed_names, application
        from cardtable.server.hub import TableHub
        from cardtable.server.limits import ConnectionCap

        costs: list[float] = []
        handle = TableHub.intent

        def timed(hub: TableHub, *args: Any) -> None:
            """An intent's CPU time in this thread: judged, and its frames built and written
            to every seat (whatever else runs on the machine)."""
            before = time.thread_time()
            handle(hub, *args)
            costs.append(time.thread_time() - before)

        TableHub.intent = timed  # type: ignore[method-assign]
        base = _rss()
        hubs = {}
        for n in range(tables):
            hub = TableHub(4, bots={3: "greedy"} if n % 2 else None, seed=n, target=30)
            hubs[hub.id] = hub
        cap = ConnectionCap(per_address=10**6)  # every player comes from 127.0.0.1 here
        web = TableServer(application(hubs, allowed_names("127.0.0.1")), cap=cap)
        sockets = bind_sockets(0, address="127.0.0.1")
        web.add_sockets(sockets)
        conn.send((sockets[0].getsockname()[1], {i: h.tokens for i, h in hubs.items()}))
        loop = asyncio.get_running_loop()
        profiler = None
        lags: list[float] = []

        async def lag() -> None:
            """How late a 10 ms timer fires: the time the loop was busy (or not scheduled)."""
            while True:
                before = loop.time()
                await asyncio.sleep(0.01)
                lags.append(loop.time() - before - 0.01)

        ticker = asyncio.ensure_future(lag())
        while True:
            command = await loop.run_in_executor(None, conn.recv)
            if command == "start":
                if profile:
                    import cProfile

                    profiler = cProfile.Profile()
                    profiler.enable()
                started, cpu = time.perf_counter(), time.process_time()
                lags.clear()
                costs.clear()
                conn.send(None)
            elif command == "stop":
                wall, used = time.perf_counter() - started, time.process_time() - cpu
                if profiler is not None:
                    profiler.disable()
                lagged = sorted(lags) or [0.0]
                conn.send({"cpu": used / wall, "per_table": (_rss() - base) / tables,
                           "lag95": lagged[int(0.95 * (len(lagged) - 1))],
                           "cost": statistics.median(costs) if costs else 0.0})  # fmt: skip
            elif command == "left":
                await asyncio.sleep(1.0)
                held = sum(len(s) for h in hubs.values() for s in h._sockets.values())
                conn.send({"held": held, "logged": logged.records})
                break
        ticker.cancel()
        web.stop()
        for hub in hubs.values():
            hub.close()
        if profiler is not None:
            import pstats

            pstats.Stats(profiler).sort_stats("cumulative").print_stats(30)
            pstats.Stats(profiler).sort_stats("tottime").print_stats(25)

    asyncio.run(main())
    from cardtable.stoeptegel import thinking

    close = getattr(thinking, "close_pools", None) or thinking._close_pools  # an older tree's
    close()  # else this process waits for its bot worker when it ends


def clients(conn: Any, port: int, tokens: dict[str, dict[int, str]], think: float,
            warm: float, seconds: float) -> None:  # fmt: skip
    """The players' process, pinned to the other core: every human seat of every table."""
    _pin(CLIENT_CORE)
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import WebSocketClosedError, websocket_connect

    latencies: list[float] = []
    counts: dict[str, float] = {"intents": 0, "refusals": 0, "closed": 0}
    measuring = False
    rng = random.Random(1)
    reasons: set[str] = set()

    async def seat(table: str, number: int, token: str) -> Any:
        url = f"ws://127.0.0.1:{port}/t/{table}/ws"
        request = HTTPRequest(url, headers={"Origin": f"http://127.0.0.1:{port}"})
        ws = await websocket_connect(request)
        hello = {"type": "hello", "protocol": 1, "seat": number, "token": token}
        await ws.write_message(json.dumps(hello))
        return ws

    async def play(ws: Any, number: int, first: bool) -> None:
        sent_at: float | None = None
        pending: asyncio.TimerHandle | None = None
        acted: Any = None  # the turn this seat last acted on (see turn())

        def turn(view: dict[str, Any]) -> Any:
            """Which decision a view asks for: a frame sent before this seat's intent was
            handled asks for the same one again, and is not answered twice."""
            told = view["events_from"] + len(view["events"])  # the round's events so far
            return view["round"], view["phase"], told if view["phase"] == "play" else 0

        def act(view: dict[str, Any], key: Any) -> None:
            nonlocal sent_at, pending, acted
            pending = None
            if view["phase"] == "choose":
                intent: dict[str, Any] = {"action": "choose", "card": rng.choice(view["hand"])}
            elif view["phase"] == "over":
                intent = {"action": "new"}
            elif view["legal"]:
                card, row = rng.choice(view["legal"])
                intent = {"action": "play", "card": card, "row": row}
            else:
                intent = {"action": "pass"}
            acted, sent_at = key, time.perf_counter()
            try:
                ws.write_message(json.dumps({"type": "intent", "intent": intent}))
            except WebSocketClosedError:  # the run is over
                return
            if measuring:
                counts["intents"] += 1

        while True:
            frame = await ws.read_message()
            if frame is None:
                if measuring:
                    counts["closed"] += 1
                return
            if sent_at is not None:
                if measuring:
                    latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            state = json.loads(frame)["state"]
            if state["message"].get("kind") == "error" and measuring:
                counts["refusals"] += 1
                reasons.add(state["message"]["text"])
            view = state["view"]
            mine = (view["phase"] == "choose" and not view["chosen"]) or (
                view["phase"] == "play" and view["to_move"] == number
            ) or (view["phase"] == "over" and first)
            if mine and pending is None and acted != turn(view):
                pause = think * rng.uniform(0.5, 1.5)
                pending = asyncio.get_running_loop().call_later(pause, act, view, turn(view))
            elif not mine and pending is not None:
                pending.cancel()
                pending = None

    async def main() -> None:
        nonlocal measuring
        sockets = []
        for table, seats in tokens.items():
            for number, token in seats.items():
                sockets.append((await seat(table, number, token), number, number == min(seats)))
        tasks = [asyncio.ensure_future(play(ws, n, first)) for ws, n, first in sockets]
        await asyncio.sleep(warm)
        conn.send("start")
        conn.recv()
        measuring = True
        started, cpu = time.perf_counter(), time.process_time()
        await asyncio.sleep(seconds)
        measuring = False
        wall = time.perf_counter() - started
        counts["client_cpu"] = (time.process_time() - cpu) / wall
        conn.send("stop")
        conn.recv()
        for ws, _, _ in sockets:
            ws.close()
        await asyncio.sleep(0.2)
        for task in tasks:
            task.cancel()
        conn.send({"latencies": latencies, "wall": wall, **counts, "sockets": len(sockets),
                   "reasons": sorted(reasons)})  # fmt: skip

    asyncio.run(main())


def run(tables: int, think: float, warm: float, seconds: float, profile: bool,
        src: str | None = None) -> dict[str, Any]:  # fmt: skip
    spawn = multiprocessing.get_context("spawn")
    to_server, server_end = spawn.Pipe()
    to_clients, clients_end = spawn.Pipe()
    serving = spawn.Process(target=server, args=(server_end, tables, profile))
    path = list(sys.path)
    if src is not None:  # a spawned process starts from this one's sys.path
        sys.path.insert(0, src)
    try:
        serving.start()
    finally:
        sys.path[:] = path
    port, tokens = to_server.recv()
    playing = spawn.Process(target=clients, args=(clients_end, port, tokens, think, warm, seconds))
    playing.start()
    assert to_clients.recv() == "start"
    to_server.send("start")
    to_server.recv()
    to_clients.send(None)
    assert to_clients.recv() == "stop"
    to_server.send("stop")
    measured = to_server.recv()
    to_clients.send(None)
    out = to_clients.recv()
    to_server.send("left")
    out.update(measured, **to_server.recv())
    playing.join(10)
    serving.join(30)
    return out


COLUMNS = ("tables", "seats", "intents/s", "p50 ms", "p95 ms", "p99 ms", "server CPU",
           "CPU per intent", "loop lag p95", "KiB/table", "refused/closed/held/logged")  # fmt: skip


def row(tables: int, out: dict[str, Any]) -> str:
    """One README table row for ``tables`` from a run's figures."""
    ordered = sorted(out["latencies"]) or [float("nan")]

    def ms(q: float) -> str:
        return f"{ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000:,.1f}"

    errors = "/".join(str(out[k]) for k in ("refusals", "closed", "held", "logged"))
    cells = [tables, out["sockets"], f"{out['intents'] / out['wall']:.1f}", ms(0.5), ms(0.95),
             ms(0.99), f"{out['cpu']:.0%}", f"{out['cost'] * 1000:.2f} ms",
             f"{out['lag95'] * 1000:.1f} ms", f"{out['per_table'] / 1024:.0f}", errors]  # fmt: skip
    return "| " + " | ".join(str(c) for c in cells) + " |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default=None, help="default 1,10,50,100,200,400")
    parser.add_argument("--seconds", type=float, default=None, help="measured, per N (15)")
    parser.add_argument("--warm", type=float, default=None, help="before measuring (4)")
    parser.add_argument("--think", type=float, default=1.0, help="a human's pause, seconds")
    parser.add_argument("--quick", action="store_true", help="1,10,50,200 tables, 6 s each")
    parser.add_argument("--against", metavar="SRC", help="also run another source tree")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    tables = args.tables or ("1,10,50,200" if args.quick else "1,10,50,100,200,400")
    seconds = args.seconds or (6.0 if args.quick else 15.0)
    warm = args.warm or (2.0 if args.quick else 4.0)
    _pin(CLIENT_CORE)
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start")
    print("| " + " | ".join(COLUMNS) + " |")
    print("|" + "---:|" * len(COLUMNS), flush=True)
    for n in [int(n) for n in tables.split(",")]:
        out = run(n, args.think, warm, seconds, args.profile)
        print(row(n, out), flush=True)
        if args.against:
            old = run(n, args.think, warm, seconds, args.profile, src=args.against)
            ratio = old["cost"] / out["cost"] if out["cost"] else float("nan")
            print(row(n, old), flush=True)
            print(f"  ({args.against} above; CPU per intent {ratio:.2f}x here)", flush=True)
        for reason in out["reasons"][:5]:
            print(f"       refused: {reason}")
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
