"""Where a click's time goes, hop by hop: latency.py's run with every hop stamped.

    python benchmarks/latency_hops.py                   # counter and Stoeptegel, 40 moves each
    python benchmarks/latency_hops.py --moves 60 tripeaks
    python benchmarks/latency_hops.py --moves 30 --each # also every move's row, slowest last

It runs :mod:`latency`'s nodelay benchmark unchanged (the same subjects, moves and report) and
stamps each timed move at every hop, all on this machine's wall clock:

- the page: the click (latency.py's own stamp), each kernel-websocket frame the page sends and
  receives (``WebSocket`` wrapped by an init script, before JupyterLab loads), and the moment
  the move is on screen;
- jupyter_server: each frame it receives from the page and writes to it
  (``KernelWebsocketHandler.on_message`` / ``write_message``, in the server's config);
- the kernel: the widget's comm handler (start and end), each iopub message queued by it and
  sent by ipykernel's IOPub thread (a first cell, run before the subject's own).

The columns, in ms (medians / p90 over the label's moves):

========== ===========================================================================
up         click → the page sends the intent → the server has it → the kernel's handler starts
handler    the kernel's handler, start → the reply queued (``reply``) → its end (``handler``)
io         the reply queued → the IOPub thread sends it
server     the IOPub thread → the server writes the reply to the page's websocket
down       the server's write → the page's ``message`` event
draw       the page's ``message`` event → the move on screen (JupyterLab's work and the table's)
========== ===========================================================================

The warm-up moves are counted here too. Nothing is asserted; it prints figures (and changes
nothing in the product or in latency.py).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import latency  # benchmarks/latency.py

SERVER_STAMPS = """
import json as _json, struct as _struct, time as _time
from jupyter_server.services.kernels.websocket import KernelWebsocketHandler as _Handler

_stamps = open({path!r}, "a", buffering=1)


def _parent(message):
    # The reply's parent msg_id, from a JSON frame or a v1.kernel.websocket.jupyter.org frame.
    try:
        if isinstance(message, str):
            parsed = _json.loads(message)
            header, parent = parsed["header"], parsed["parent_header"]
        else:
            n = _struct.unpack_from("<Q", message, 0)[0]
            offsets = _struct.unpack_from(f"<{{n}}Q", message, 8)
            header = _json.loads(bytes(message[offsets[1] : offsets[2]]))
            parent = _json.loads(bytes(message[offsets[2] : offsets[3]]))
        return f"{{header['msg_type']}}:{{parent.get('msg_id')}}"
    except Exception:
        return "?"


_on_message, _write_message = _Handler.on_message, _Handler.write_message


def _stamped_on_message(self, message):
    _stamps.write(f"in {{_time.time() * 1000:.3f}} -\\n")
    return _on_message(self, message)


def _stamped_write_message(self, message, binary=False):
    _stamps.write(f"out {{_time.time() * 1000:.3f}} {{_parent(message)}}\\n")
    return _write_message(self, message, binary=binary)


_Handler.on_message, _Handler.write_message = _stamped_on_message, _stamped_write_message
"""

KERNEL_STAMPS = """
import json as _json, time as _time
import ipywidgets as _widgets
from ipykernel.iostream import IOPubThread as _IOPub

_stamps = open({path!r}, "a", buffering=1)


def _stamp_handler(cls):
    handle = cls._handle_msg

    def stamped(self, msg):
        start = _time.time() * 1000
        try:
            return handle(self, msg)
        finally:
            end = _time.time() * 1000
            _stamps.write(f"handler {{start:.3f}} {{msg['header']['msg_id']}} {{end:.3f}}\\n")

    cls._handle_msg = stamped


_stamp_handler(_widgets.Widget)
try:
    from cardtable.widgets.base import TableWidget as _Table
    _stamp_handler(_Table)
except ImportError:
    pass


def _parent(parts):
    try:
        at = parts.index(b"<IDS|MSG>")
        header, parent = _json.loads(parts[at + 2]), _json.loads(parts[at + 3])
        return f"{{header['msg_type']}}:{{parent.get('msg_id')}}"
    except Exception:
        return "?"


_queue, _send = _IOPub.send_multipart, _IOPub._really_send


def _stamped_queue(self, parts, *args, **kwargs):
    _stamps.write(f"queued {{_time.time() * 1000:.3f}} {{_parent(parts)}}\\n")
    return _queue(self, parts, *args, **kwargs)


def _stamped_send(self, parts, *args, **kwargs):
    _stamps.write(f"sent {{_time.time() * 1000:.3f}} {{_parent(parts)}}\\n")
    return _send(self, parts, *args, **kwargs)


_IOPub.send_multipart, _IOPub._really_send = _stamped_queue, _stamped_send
"""

PAGE_STAMPS = r"""
(() => {
  window.__ctFrames = [];
  const now = () => performance.timeOrigin + performance.now();
  const text = new TextDecoder();
  // [msg_type, msg_id, parent msg_id] of a JSON or v1.kernel.websocket.jupyter.org frame.
  const ids = (data) => {
    try {
      if (typeof data === "string") {
        const m = JSON.parse(data);
        return [m.header.msg_type, m.header.msg_id, (m.parent_header || {}).msg_id];
      }
      const buffer = data instanceof ArrayBuffer ? data
        : data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
      const view = new DataView(buffer);
      const n = Number(view.getBigUint64(0, true));
      if (n < 4) return ["?", null, null];
      const at = (i) => Number(view.getBigUint64(8 * (i + 1), true));
      const part = (i) => JSON.parse(text.decode(new Uint8Array(buffer, at(i), at(i + 1) - at(i))));
      const header = part(1), parent = part(2);
      return [header.msg_type, header.msg_id, parent.msg_id];
    } catch (error) {
      return ["?", null, null];
    }
  };
  const Native = window.WebSocket;
  const send = Native.prototype.send;
  Native.prototype.send = function (data) {
    if (this.url.includes("/channels")) window.__ctFrames.push(["sent", now(), ...ids(data)]);
    return send.call(this, data);
  };
  window.WebSocket = function (...args) {
    const socket = new Native(...args);
    if (String(args[0]).includes("/channels"))
      socket.addEventListener("message",
        (e) => window.__ctFrames.push(["received", now(), ...ids(e.data)]));
    return socket;
  };
  window.WebSocket.prototype = Native.prototype;
  Object.assign(window.WebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
})();
"""

HOPS = ("up", "reply", "handler", "io", "server", "down", "draw", "total")


@dataclasses.dataclass
class Stamped:
    """One timed move's page stamps (epoch ms)."""

    label: str
    click: float
    shown: float
    frames: list[list[Any]]


def read_stamps(path: Path) -> list[list[str]]:
    return [line.split() for line in path.read_text().splitlines() if line.strip()]


def hops_of(move: Stamped, server: list[list[str]], kernel: list[list[str]]) -> dict[str, float]:
    """The move's hops in ms (a hop whose stamps are missing is left out)."""
    sent = [f for f in move.frames if f[0] == "sent" and f[2] == "comm_msg" and f[1] >= move.click]
    if not sent:
        return {}
    intent = sent[0][3]
    hops: dict[str, float] = {"total": move.shown - move.click}
    handler = next((row for row in kernel if row[0] == "handler" and row[2] == intent), None)
    replies = [
        f for f in move.frames if f[0] == "received" and f[2] == "comm_msg" and f[4] == intent
    ]
    if handler is None or not replies:
        return hops
    start, end = float(handler[1]), float(handler[3])
    key = f"comm_msg:{intent}"
    queued = next((float(r[1]) for r in kernel if r[0] == "queued" and r[2] == key), None)
    out = next((float(r[1]) for r in kernel if r[0] == "sent" and r[2] == key), None)
    written = next((float(r[1]) for r in server if r[0] == "out" and r[2] == key), None)
    received = replies[0][1]
    hops.update(up=start - move.click, handler=end - start, draw=move.shown - received)
    if queued is not None and out is not None and written is not None:
        hops.update(reply=queued - start, io=out - queued, server=written - out,
                    down=received - written)  # fmt: skip
    return hops


def stamped_run(names: list[str], moves: int, warmup: int, folder: Path) -> list[Stamped]:
    """latency.py's nodelay run of ``names``, each timed move's page stamps kept."""
    server_log, kernel_log = folder / "server.log", folder / "kernel.log"
    config = latency.NODELAY_CONFIG + SERVER_STAMPS.format(path=str(server_log))
    first_cell = KERNEL_STAMPS.format(path=str(kernel_log))
    for log in (server_log, kernel_log):
        log.touch()
    recorded: list[Stamped] = []
    make_page, play_move, subjects = latency.harness.new_page, latency.play_move, latency.SUBJECTS
    plain_config = latency.NODELAY_CONFIG

    def new_page(browser: Any, **kwargs: Any) -> Any:
        page = make_page(browser, **kwargs)
        page.add_init_script(PAGE_STAMPS)
        return page

    def stamped_move(page: Any, move: Any, traffic: Any, **how: Any) -> Any:
        sample = play_move(page, move, traffic, **how)
        if move.measure:
            click, shown, frames = page.evaluate(
                """() => { const b = window.__ctBench, frames = window.__ctFrames;
                  const at = (t) => performance.timeOrigin + t;
                  window.__ctFrames = [];
                  return [at(b.t0), at(b.t1), frames]; }"""
            )
            recorded.append(Stamped(sample.label, click, shown, frames))
        return sample

    def with_first_cell(make: Callable[[], Any]) -> Callable[[], Any]:
        def subject() -> Any:
            made = make()
            return dataclasses.replace(made, cells=lambda: [first_cell, *made.cells()])

        return subject

    latency.harness.new_page, latency.play_move = new_page, stamped_move
    latency.SUBJECTS = {name: with_first_cell(make) for name, make in subjects.items()}
    latency.NODELAY_CONFIG = config
    try:
        latency.run(names, kind="lab", moves=moves, warmup=warmup, transport="nodelay")
    finally:
        latency.harness.new_page, latency.play_move = make_page, play_move
        latency.SUBJECTS, latency.NODELAY_CONFIG = subjects, plain_config
    return recorded


def report(recorded: list[Stamped], server: list[list[str]], kernel: list[list[str]],
           each: bool) -> None:  # fmt: skip
    rows: dict[str, list[dict[str, float]]] = {}
    for move in recorded:
        rows.setdefault(move.label, []).append(hops_of(move, server, kernel))
    print("\nwhere a move's time goes, ms (median / p90; see the module docstring)")
    print(f"{'move':<8}{'n':>4}  " + "".join(f"{hop:>13}" for hop in HOPS))
    for label, found in rows.items():
        cells = []
        for hop in HOPS:
            values = sorted(f[hop] for f in found if hop in f)
            cells.append(
                f"{statistics.median(values):6.2f}/{latency.percentile(values, 90):<6.2f}"
                if values else f"{'-':>13}"
            )  # fmt: skip
        print(f"{label:<8}{len(found):>4}  " + "".join(f"{c:>13}" for c in cells))
    if each:
        for label, found in rows.items():
            print(f"\n{label}, every move, slowest last")
            for hops in sorted(found, key=lambda f: f.get("total", 0.0)):
                print("  " + "  ".join(f"{hop} {hops[hop]:5.2f}" for hop in HOPS if hop in hops))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    known = ", ".join(latency.SUBJECTS)
    parser.add_argument(
        "subjects", nargs="*", default=["stoeptegel"], help=f"any of {known} (and the counter)"
    )
    parser.add_argument("--moves", type=int, default=40, help="timed primary moves per subject")
    parser.add_argument("--warmup", type=int, default=5, help="untimed primary moves first")
    parser.add_argument("--each", action="store_true", help="also print every move's hops")
    parser.add_argument("--dump", type=Path, help="also write every stamp to this JSON file")
    args = parser.parse_args(argv)
    reason = latency.harness.chromium_missing_reason()
    if reason:
        sys.exit(f"cannot run: {reason}")
    with tempfile.TemporaryDirectory(prefix="ct-hops-") as folder:
        where = Path(folder)
        recorded = stamped_run(args.subjects, args.moves, args.warmup, where)
        server, kernel = read_stamps(where / "server.log"), read_stamps(where / "kernel.log")
    report(recorded, server, kernel, args.each)
    if args.dump:
        moves = [dataclasses.asdict(move) for move in recorded]
        args.dump.write_text(json.dumps({"moves": moves, "server": server, "kernel": kernel}))


if __name__ == "__main__":
    main()
