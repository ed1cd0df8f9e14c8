"""The ``cardtable`` command: copy the packaged notebooks out and open the tutorial.

    cardtable tutorial                 # copy the notebooks here, open tutorial.ipynb in JupyterLab
    cardtable tutorial --dir games     # … into ./games
    cardtable tutorial --copy-only     # copy, do not start JupyterLab (scripts, CI)
    cardtable serve --players 4 --bots 3=strong   # a table for friends: one link per seat
    python -m cardtable --help

A notebook already in the folder is never overwritten without asking (``--force`` does).

>>> main(["--version"])  # doctest: +ELLIPSIS
cardtable ...
0
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from importlib import resources
from pathlib import Path

from . import __version__
from .i18n import LANGS

NOTEBOOKS = (
    "tutorial.ipynb",
    "tripeaks-analysis.ipynb",
    "stoeptegel-bots.ipynb",
    "environments.ipynb",
)


def notebooks_folder() -> Path:
    """Where the notebooks are: inside the installed package (a wheel carries them as
    ``cardtable/notebooks``), else in the source checkout (an editable install)."""
    packaged = Path(str(resources.files("cardtable"))) / "notebooks"
    if (packaged / NOTEBOOKS[0]).is_file():
        return packaged
    checkout = Path(__file__).resolve().parents[2] / "notebooks"
    if (checkout / NOTEBOOKS[0]).is_file():
        return checkout
    raise FileNotFoundError("the cardtable notebooks are missing from this installation")


def copy_notebooks(
    folder: Path, *, force: bool = False, ask: Callable[[str], bool] | None = None
) -> list[Path]:
    """Copy the notebooks into ``folder`` (made if missing); return the notebooks there. A
    different file of the same name is replaced only with ``force`` or when ``ask(name)``
    says yes; otherwise it is kept."""
    source = notebooks_folder()
    folder.mkdir(parents=True, exist_ok=True)
    placed = []
    for name in NOTEBOOKS:
        target = folder / name
        fresh = (source / name).read_bytes()
        differs = target.exists() and target.read_bytes() != fresh
        if differs and not (force or (ask is not None and ask(name))):
            print(f"kept your {target} (use --force to replace it)")
            placed.append(target)
            continue
        target.write_bytes(fresh)
        placed.append(target)
    return placed


def _ask_on_terminal(name: str) -> bool:
    if not sys.stdin.isatty():
        return False
    answer = input(f"{name} is already here and differs from cardtable's. Replace it? [y/N] ")
    return answer.strip().lower() in ("y", "yes")


def _open_lab(notebook: Path, no_browser: bool) -> int:
    if shutil.which("jupyter-lab") is None and not _has_module("jupyterlab"):
        print('JupyterLab is not installed: pip install "cardtable[lab]", then run this again.')
        return 1
    command = [sys.executable, "-m", "jupyterlab", str(notebook.name)]
    if no_browser:
        command.append("--no-browser")
    return subprocess.call(command, cwd=notebook.parent)


def _has_module(name: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(name) is not None


def _tutorial(args: argparse.Namespace) -> int:
    folder = Path(args.dir).expanduser().resolve()
    placed = copy_notebooks(folder, force=args.force, ask=_ask_on_terminal)
    print(f"the notebooks are in {folder}: {', '.join(p.name for p in placed)}")
    if args.copy_only:
        return 0
    return _open_lab(folder / "tutorial.ipynb", args.no_browser)


def _serve(args: argparse.Namespace) -> int:
    from .server import serve

    bots = dict(args.bots)
    from .stoeptegel.rules import Rules

    try:
        rules = Rules.parse(args.rule)
    except (TypeError, ValueError) as error:
        print(f"--rule: {error}")
        return 2
    table = serve(players=args.players, bots=bots, host=args.host, port=args.port,
                  target=args.target, rules=rules, allowed_hosts=args.allowed_host,
                  behind_proxy=args.behind_proxy, lang=args.lang)  # fmt: skip
    print(table)
    try:
        import time

        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        table.stop()
    return 0


def _bot_entry(entry: str) -> tuple[int, str]:
    """``--bots`` takes SEAT=STRENGTH; anything else is a usage error (argparse exits 2)."""
    from .stoeptegel.session import STRENGTHS

    seat, _, strength = entry.partition("=")
    if not seat.isdigit() or strength not in STRENGTHS:
        known = ", ".join(STRENGTHS)
        raise argparse.ArgumentTypeError(
            f"takes SEAT=STRENGTH, e.g. 3=strong (strengths: {known}); not {entry!r}"
        )
    return int(seat), strength


def parser() -> argparse.ArgumentParser:
    """The command line: ``cardtable tutorial`` and its options."""
    top = argparse.ArgumentParser(
        prog="cardtable",
        description="Tri-Peaks and Stoeptegel, live in a Jupyter notebook.",
    )
    top.add_argument("--version", action="version", version=f"cardtable {__version__}")
    commands = top.add_subparsers(dest="command", metavar="command")
    tutorial = commands.add_parser(
        "tutorial",
        help="copy the notebooks into a folder and open the tutorial in JupyterLab",
        description="Copy cardtable's notebooks (the tutorial, the Tri-Peaks analysis, the "
        "Stoeptegel bots) into a folder and open tutorial.ipynb in JupyterLab.",
    )
    tutorial.add_argument("--dir", default=".", help="the folder (default: the current one)")
    tutorial.add_argument(
        "--copy-only", action="store_true", help="copy the notebooks, do not start JupyterLab"
    )
    tutorial.add_argument(
        "--no-browser", action="store_true", help="start JupyterLab without opening a browser"
    )
    tutorial.add_argument(
        "--force", action="store_true", help="replace notebooks of the same name without asking"
    )
    tutorial.set_defaults(run=_tutorial)
    serve = commands.add_parser(
        "serve",
        help="serve a Stoeptegel table: one private link per player, one seat per screen",
        description="Serve one Stoeptegel table. Every seat not given to a bot is a human's, "
        "with its own private link; the table runs until you press Ctrl+C.",
    )
    serve.add_argument("--players", type=int, default=4, help="2 to 6 (default 4)")
    serve.add_argument(
        "--bots", nargs="*", default=[], metavar="SEAT=STRENGTH", type=_bot_entry,
        help="bots by seat, e.g. 3=strong 2=expert (random, greedy, strong, expert)",
    )  # fmt: skip
    serve.add_argument("--host", default="127.0.0.1", help="0.0.0.0 to let other machines join")
    serve.add_argument("--port", type=int, default=0, help="default: any free port")
    serve.add_argument(
        "--allowed-host", action="append", default=[], metavar="NAME",
        help="a further host name to answer to (repeatable), e.g. a reverse proxy's public "
        "name; the server answers only to --host, localhost and 127.0.0.1 otherwise",
    )  # fmt: skip
    serve.add_argument(
        "--behind-proxy", action="store_true",
        help="every connection comes from a reverse proxy, which names the client in "
        "X-Real-IP and caps its connections (the server's cap of 64 per address is off)",
    )  # fmt: skip
    serve.add_argument("--target", type=int, default=30, help="points to win (default 30)")
    serve.add_argument(
        "--rule", action="append", default=[], metavar="NAME[=on|off]",
        help="a house rule (repeatable), e.g. --rule ten_on_ten --rule odd_opposite=skip; "
        "see cardtable.stoeptegel.Rules",
    )  # fmt: skip
    serve.add_argument(
        "--lang", choices=LANGS, default=None,
        help="the seats' language (default: each seat's browser's; a link given &lang=nl "
        "reads Dutch whatever the table's)",
    )  # fmt: skip
    serve.set_defaults(run=_serve)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    top = parser()
    try:
        args = top.parse_args(argv)
    except SystemExit as done:  # --help, --version, or a usage error
        return int(done.code or 0)
    if args.command is None:
        top.print_help()
        return 0
    return int(args.run(args))
