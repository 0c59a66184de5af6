"""Issue 28: with no window (``--autoplay``, ``--selftest``: both drive the app with
:class:`~game.ui.autoplay.Autoplay`), a save that fails is said on stderr once, so a full disk
is never silent; the log has it too, and the game goes on."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest
from ui_driver import SyncExecutor

from game import storage
from game.data import files
from game.lessons import LESSONS
from game.ui import persist
from game.ui.app import App
from game.ui.autoplay import Autoplay


@pytest.mark.parametrize("err", [errno.ENOSPC, errno.EROFS])
def test_a_failed_save_is_said_on_stderr_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str],
                                              err: int) -> None:
    monkeypatch.setattr(persist, "RETRY_AFTER", (0.001,))

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(err, "the disk refuses")
    monkeypatch.setattr(files, "atomic_write_text", full)
    monkeypatch.setattr(files, "append_bytes", full)
    paths = storage.resolve_paths(tmp_path)
    app = App((1280, 720), workers=SyncExecutor(), paths=paths)
    app.session.settings.lessons_offered = list(LESSONS)
    auto = Autoplay(app, "turup", 1, "random")
    for _ in range(20000):
        if not app.running:
            break
        app.step(1 / 60)
    app.close()
    assert auto.done == 1                                    # the game went on
    lines = capsys.readouterr().err.splitlines()
    wanted = "the disk is full" if err == errno.ENOSPC else "the disk is read-only"
    assert len(lines) == 1 and lines[0].startswith("Not saved: " + wanted), lines
    assert str(paths.data) in lines[0]
    assert not paths.saved_game.exists()                     # nothing reached the disk
