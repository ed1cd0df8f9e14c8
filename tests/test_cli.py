"""``cardtable tutorial``: the notebooks are copied out, a notebook of the user's is never
overwritten without asking, and ``--help`` says what the command does."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.cli import NOTEBOOKS, copy_notebooks, main, notebooks_folder


def test_copy_only_writes_the_notebooks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tutorial", "--copy-only", "--dir", str(tmp_path / "games")]) == 0
    for name in NOTEBOOKS:
        assert (tmp_path / "games" / name).read_bytes() == (notebooks_folder() / name).read_bytes()
    assert "tutorial.ipynb" in capsys.readouterr().out


def test_a_notebook_of_the_users_is_kept_unless_they_say_so(tmp_path: Path) -> None:
    mine = tmp_path / "tutorial.ipynb"
    mine.write_text("my notes", encoding="utf-8")
    copy_notebooks(tmp_path)  # nobody to ask (not a terminal): kept
    assert mine.read_text(encoding="utf-8") == "my notes"
    copy_notebooks(tmp_path, ask=lambda name: False)
    assert mine.read_text(encoding="utf-8") == "my notes"
    copy_notebooks(tmp_path, ask=lambda name: name == "tutorial.ipynb")
    assert mine.read_bytes() == (notebooks_folder() / "tutorial.ipynb").read_bytes()
    mine.write_text("my notes", encoding="utf-8")
    assert main(["tutorial", "--copy-only", "--force", "--dir", str(tmp_path)]) == 0
    assert mine.read_bytes() == (notebooks_folder() / "tutorial.ipynb").read_bytes()


def test_help_lists_what_it_can_do(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    assert "tutorial" in capsys.readouterr().out
    assert main([]) == 0  # no command: the help again
    assert "tutorial" in capsys.readouterr().out
    assert main(["tutorial", "--help"]) == 0
    out = capsys.readouterr().out
    assert "--copy-only" in out and "--no-browser" in out and "--dir" in out
    assert main(["bogus"]) == 2  # a usage error, not a traceback


@pytest.mark.parametrize("entry", ["three=strong", "3", "3=genius", "=expert"])
def test_a_bad_bots_value_is_a_usage_error(entry: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--bots", entry]) == 2  # argparse's parser.error: usage, exit 2
    err = capsys.readouterr().err
    assert err.startswith("usage: cardtable serve") and "SEAT=STRENGTH" in err and entry in err


def test_without_jupyterlab_the_tutorial_names_the_lab_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from cardtable import cli

    monkeypatch.setattr(cli.shutil, "which", lambda name: None)
    monkeypatch.setattr(cli, "_has_module", lambda name: False)
    assert main(["tutorial", "--dir", str(tmp_path)]) == 1
    assert 'pip install "cardtable[lab]"' in capsys.readouterr().out
