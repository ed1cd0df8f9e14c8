"""Stars and progress that lasts: a star for an exercise solved at the first try; what was
solved survives a new interpreter (a kernel restart), in ``progress.json`` in the data
directory; a corrupt, foreign or unwritable file costs one line of warning, never an error,
and is kept aside, never written over; in JupyterLite without ``/drive`` the browser keeps the
progress, and what it sends back is checked like any input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import platformdirs
import pytest

from cardtable import userdata
from cardtable.lessons import TASKS, Course
from cardtable.lessons.course import FORMAT, VERSION

from ..widgets.test_untrusted_browser import JUNK, custom

SRC = Path(__file__).resolve().parents[2] / "src"


def saved(folder: Path) -> dict[str, object]:
    return json.loads((folder / "progress.json").read_text())


def test_a_star_for_the_first_try_only() -> None:
    course = Course()
    right = course.exercise("tp-wrap")
    assert right.attempt(24).solved
    again = course.exercise("tp-run")
    assert not again.attempt(19).solved  # a wrong first try: no star, whatever comes after
    again.reset()
    assert again.attempt(18).solved
    assert course.stars == {"tp-wrap"} and course.solved == {"tp-wrap", "tp-run"}
    assert course.progress == f"2 of {len(TASKS)} solved · 1 ★"
    assert right.exercise["progress"] == again.exercise["progress"] == course.progress
    assert right.exercise["star"] and not again.exercise["star"]
    hinted = course.exercise("st-ace")  # a hint is no try: the star stays to be won
    hinted.show_hint()
    hinted.attempt("AD", 2)
    assert "st-ace" in course.stars


def test_progress_survives_a_new_course_and_reset_forgets(_own_data_dir: Path) -> None:
    first = Course()
    first.exercise("st-four").attempt("4C", 1)
    first.exercise("tp-run").attempt(19)
    assert saved(_own_data_dir) == {
        "format": FORMAT, "version": VERSION,
        "solved": ["st-four"], "stars": ["st-four"], "tried": ["st-four", "tp-run"],
    }  # fmt: skip
    later = Course()
    assert later.solved == {"st-four"} and later.stars == {"st-four"} and not later.warning
    assert later.exercise("tp-run").attempt(18).solved and "tp-run" not in later.stars
    later.reset()
    assert later.solved == later.stars == set() and later.progress.startswith("0 of")
    assert Course().solved == set() and saved(_own_data_dir)["tried"] == []


def test_progress_survives_a_new_interpreter(_own_data_dir: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(SRC), "CARDTABLE_DATA_DIR": str(_own_data_dir)}

    def python(code: str) -> str:
        done = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()

    python(
        "from cardtable.lessons import Course\n"
        "c = Course(); c.exercise('tp-wrap').attempt(24); c.exercise('st-pass').attempt('pass')"
    )
    line = python("from cardtable.lessons import Course; print(Course().progress)")
    assert line == f"2 of {len(TASKS)} solved · 2 ★"


def test_the_data_directory_is_the_platforms_unless_the_environment_says(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("CARDTABLE_DATA_DIR")
    assert userdata.data_dir() == Path(platformdirs.user_data_dir("cardtable", appauthor=False))
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    assert userdata.path("progress") == tmp_path / "progress.json"
    with pytest.raises(ValueError):
        userdata.path("../escape")


BAD = {
    "not JSON": "{solved: tp-wrap",
    "not UTF-8": b"\xff\xfe\x00garbage",
    "foreign JSON": json.dumps({"theme": "dark"}),
    "a list": "[1, 2, 3]",
    "another version": json.dumps({"format": FORMAT, "version": 99, "solved": []}),
    "ids that are not text": json.dumps(
        {"format": FORMAT, "version": VERSION, "solved": [1], "stars": [], "tried": []}
    ),
    "stars never solved": json.dumps(
        {"format": FORMAT, "version": VERSION, "solved": [], "stars": ["tp-wrap"],
         "tried": ["tp-wrap"]}
    ),
    "too deep": "[" * 100_000 + "]" * 100_000,
}


@pytest.mark.parametrize("kind", list(BAD))
def test_a_bad_progress_file_is_kept_aside_and_the_course_starts_afresh(
    kind: str, _own_data_dir: Path
) -> None:
    _own_data_dir.mkdir()
    content = BAD[kind]
    file = _own_data_dir / "progress.json"
    (file.write_bytes if isinstance(content, bytes) else file.write_text)(content)  # type: ignore[operator]
    course = Course()
    assert course.solved == set() and course.warning.count("\n") == 0
    assert "could not be read" in course.warning and "progress.json.bad" in course.warning
    table = course.exercise("tp-wrap")
    assert table.exercise["warning"] == course.warning  # the one line, on the table
    table.attempt(24)
    aside = _own_data_dir / "progress.json.bad"
    raw = aside.read_bytes()
    assert raw == (content if isinstance(content, bytes) else content.encode())
    assert saved(_own_data_dir)["solved"] == ["tp-wrap"]
    file.write_text("again not JSON")  # a second bad file never overwrites the first one
    Course()
    assert aside.read_bytes() == raw and (_own_data_dir / "progress.json.bad-2").exists()


def test_a_bad_file_that_cannot_be_moved_aside_is_never_written_over(
    _own_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _own_data_dir.mkdir()
    (_own_data_dir / "progress.json").write_text("not JSON")
    monkeypatch.setattr(userdata, "_set_aside", lambda file: None)
    course = Course()
    assert "not written over" in course.warning
    course.exercise("tp-wrap").attempt(24)
    course.reset()
    assert (_own_data_dir / "progress.json").read_text() == "not JSON"
    assert course.solved == set() and "not written over" in course.warning


def test_an_unwritable_data_directory_costs_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(blocker / "inside"))  # under a file: no dir
    course = Course()
    assert not course.warning
    table = course.exercise("tp-wrap")
    assert table.attempt(24).solved and course.solved == {"tp-wrap"}
    assert course.warning.startswith("Your progress is not saved") and "\n" not in course.warning
    assert table.exercise["warning"] == course.warning


def test_in_jupyterlite_without_drive_the_browser_keeps_the_progress(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(userdata, "data_dir", lambda: None)
    course = Course()
    assert course.storage == "browser"
    table = course.exercise("st-ace")
    table.attempt("AD", 2)
    kept = table.exercise["stored"]
    assert json.loads(kept)["stars"] == ["st-ace"]
    later = Course()  # a new kernel: empty until the table passes on what the browser kept
    other = later.exercise("tp-wrap")
    custom(other, {"action": "restore", "stored": kept, "version": other.version})
    assert later.stars == {"st-ace"} and other.exercise["progress"].startswith("1 of")
    for junk in [*JUNK, "[]", "x" * 200_000, json.dumps({"format": FORMAT, "version": 1})]:
        custom(other, {"action": "restore", "stored": junk, "version": other.version})
        assert later.stars == {"st-ace"}  # checked like any input: nothing taken, nothing raised
    assert "could not be read" in later.warning


def test_in_jupyterlite_a_drive_that_cannot_be_written_hands_over_to_the_browser(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "drive"
    blocker.write_text("")  # mounted, but nothing can be written below it
    monkeypatch.setattr(userdata, "data_dir", lambda: blocker / "cardtable")
    monkeypatch.setattr(userdata, "in_browser", lambda: True)
    course = Course()
    table = course.exercise("tp-wrap")
    table.attempt(24)
    assert course.storage == "browser" and not course.warning
    assert json.loads(table.exercise["stored"])["solved"] == ["tp-wrap"]


def test_a_file_course_ignores_what_a_browser_sends(_own_data_dir: Path) -> None:
    course = Course()
    table = course.exercise("tp-wrap")
    stored = json.dumps(
        {"format": FORMAT, "version": VERSION, "solved": ["st-ace"], "stars": ["st-ace"],
         "tried": ["st-ace"]}
    )  # fmt: skip
    custom(table, {"action": "restore", "stored": stored, "version": table.version})
    assert course.solved == set() and table.exercise["stored"] == ""


def test_ids_of_exercises_since_removed_are_dropped(_own_data_dir: Path) -> None:
    _own_data_dir.mkdir()
    (_own_data_dir / "progress.json").write_text(
        json.dumps({"format": FORMAT, "version": VERSION, "solved": ["tp-wrap", "tp-gone"],
                    "stars": ["tp-gone"], "tried": ["tp-wrap", "tp-gone"]})
    )  # fmt: skip
    course = Course()
    assert course.solved == {"tp-wrap"} and course.stars == set() and not course.warning


def test_a_solved_stoeptegel_table_says_nobody_is_to_move() -> None:
    table = Course().exercise("st-standard")
    assert table.view["texts"]["prompt"]["idle"]
    table.attempt("KC", 1)
    assert table.view["texts"]["prompt"] == {"idle": "", "picked": ""}
    assert table.view["to_move"] is None  # no seat is marked "to move" either
    assert "is to move" not in json.dumps(table.view["texts"])
