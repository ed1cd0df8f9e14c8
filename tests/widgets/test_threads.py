"""The test helpers themselves: a body that hangs fails its test instead of passing."""

from __future__ import annotations

import threading

import pytest

from .threads import in_own_thread


def test_a_hung_test_body_fails_instead_of_passing() -> None:
    release = threading.Event()
    with pytest.raises(TimeoutError):
        in_own_thread(release.wait, timeout=0.2)
    release.set()


def test_a_body_that_fails_fails_its_test() -> None:
    with pytest.raises(ZeroDivisionError):
        in_own_thread(lambda: 1 // 0)
