"""The standalone bundle's pieces that can be checked without building it: asset lookup from the
source tree and from a frozen layout, the icon files, the version in the metadata, the build's
facts per platform, the set-up stamp and the binutils stand-ins."""

from __future__ import annotations

import importlib.machinery
import json
import shutil
import struct
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import game
from game import engine_choice, storage
from game.ui import assets

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "build"))
import binutils_standin  # noqa: E402
import bootstrap  # noqa: E402
import build_bundle  # noqa: E402
import build_engine  # noqa: E402
import bundle_meta  # noqa: E402
import make_icon  # noqa: E402
import measure_bundle  # noqa: E402

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    assert data[:8] == PNG_SIGNATURE
    return struct.unpack(">II", data[16:24])


# -- assets -----------------------------------------------------------------------------------


def test_assets_are_found_in_the_source_tree():
    assert assets.missing() == []
    font = assets.path("fonts", "DejaVuSans.ttf")
    assert font.is_file() and font.parent.parent == ROOT / "assets"
    assert assets.root() == ROOT / "assets"


def test_a_missing_asset_is_named():
    with pytest.raises(FileNotFoundError, match=r"no-such\.ttf"):
        assets.path("fonts", "no-such.ttf")


FROZEN_PROBE = """
import sys
meipass = sys.argv[1]
sys.frozen = True
sys._MEIPASS = meipass
sys.path.insert(0, meipass)
from game.ui import assets
print(assets.__file__)
print(assets.path("fonts", "DejaVuSans.ttf"))
print(assets.path("icon.png"))
print(assets.missing())
"""


MODULES = ("game/__init__.py", "game/ui/__init__.py", "game/ui/assets.py")
"""What the lookup needs of the package, copied into the layouts below."""


def copy_modules(into: Path) -> None:
    """Copy :data:`MODULES` into the folder ``into`` (as a bundle or an install holds them)."""
    for module in MODULES:
        (into / module).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / module, into / module)


def test_assets_are_found_in_a_frozen_layout(tmp_path):
    """The bundle keeps the package tree under ``sys._MEIPASS`` (``_internal/``) and, beside it,
    the ``assets`` folder the spec collects. Loaded from there, the lookup answers with that
    folder, not the source tree."""
    internal = tmp_path / "four-trumps" / "_internal"
    copy_modules(internal)
    shutil.copytree(ROOT / "assets", internal / "assets")
    done = subprocess.run([sys.executable, "-I", "-c", FROZEN_PROBE, str(internal)],
                          capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert done.returncode == 0, done.stderr
    module, font, icon, missing = done.stdout.splitlines()
    assert Path(module).is_relative_to(internal)
    assert Path(font) == internal / "assets" / "fonts" / "DejaVuSans.ttf"
    assert Path(icon) == internal / "assets" / "icon.png"
    assert missing == "[]"


INSTALLED_PROBE = """
import sys
sys.path.insert(0, sys.argv[1])
from game.ui import assets
print(assets.__file__)
print(assets.root())
print(assets.missing())
"""


def test_assets_are_found_in_an_installed_layout(tmp_path):
    """An installed wheel puts the package in site-packages and the folder under the prefix's
    ``share/four-trumps/assets`` (pyproject's data files), listed in the distribution's
    RECORD: the lookup finds it there (``pip wheel`` + ``pip install`` do the same for
    real)."""
    prefix = tmp_path / "prefix"
    site = prefix / "lib" / "site-packages"
    copy_modules(site)
    shutil.copytree(ROOT / "assets", prefix / "share" / "four-trumps" / "assets")
    info = site / "four_trumps-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: four-trumps\n"
                                   "Version: 0.1.0\n")
    listed = [*MODULES, *(f"../../share/four-trumps/assets/{'/'.join(parts)}"
                          for parts in assets.BUNDLED)]
    (info / "RECORD").write_text("".join(f"{name},,\n" for name in listed))
    done = subprocess.run([sys.executable, "-I", "-c", INSTALLED_PROBE, str(site)],
                          capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert done.returncode == 0, done.stderr
    module, root, missing = done.stdout.splitlines()
    assert Path(module).is_relative_to(site)
    assert Path(root) == (prefix / "share" / "four-trumps" / "assets").resolve()
    assert missing == "[]"


# -- the icon ---------------------------------------------------------------------------------


def test_the_ico_holds_a_png_of_each_size():
    data = (ROOT / "build" / "icon" / "four-trumps.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind, count) == (0, 1, len(make_icon.ICO_SIZES))
    for i, size in enumerate(make_icon.ICO_SIZES):
        w, h, _, _, planes, bits, length, offset = struct.unpack_from("<BBBBHHII", data,
                                                                      6 + 16 * i)
        assert (w or 256, h or 256, planes, bits) == (size, size, 1, 32)
        assert png_size(data[offset:offset + length]) == (size, size)


def test_the_icns_holds_a_png_of_each_type():
    data = (ROOT / "build" / "icon" / "four-trumps.icns").read_bytes()
    magic, total = struct.unpack_from(">4sI", data)
    assert (magic, total) == (b"icns", len(data))
    found: dict[bytes, int] = {}
    at = 8
    while at < len(data):
        kind, length = struct.unpack_from(">4sI", data, at)
        found[kind] = png_size(data[at + 8:at + length])[0]
        at += length
    assert found == make_icon.ICNS_TYPES


@pytest.mark.parametrize("sizes", [[16], [16, 256], [24, 48, 128]])
def test_ico_writer_round_trip(sizes):
    pngs = {n: PNG_SIGNATURE + bytes([n % 256]) * n for n in sizes}
    data = make_icon.ico_bytes(pngs)
    for i, n in enumerate(sorted(sizes)):
        length, offset = struct.unpack_from("<II", data, 6 + 16 * i + 8)
        assert data[offset:offset + length] == pngs[n]


def test_ico_refuses_a_size_over_256():
    with pytest.raises(ValueError, match="512"):
        make_icon.ico_bytes({512: b""})


def test_the_window_icon_is_a_square_png():
    assert png_size(assets.path("icon.png").read_bytes()) == (make_icon.WINDOW_ICON,) * 2


# -- version and platform facts ----------------------------------------------------------------


def test_one_version_everywhere():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["version"] == game.__version__ == bundle_meta.version()
    assert bundle_meta.info_plist(game.__version__)["CFBundleShortVersionString"] == (
        game.__version__)


@pytest.mark.parametrize(("text", "numbers"), [
    ("0.1.0", (0, 1, 0, 0)), ("1.2.3.4.5", (1, 2, 3, 4)), ("2.0rc1", (2, 0, 0, 0)),
    ("3", (3, 0, 0, 0)),
])
def test_windows_version_numbers(text, numbers):
    assert bundle_meta.version_tuple(text) == numbers


@pytest.mark.parametrize(("platform", "key", "program", "shipped", "icon"), [
    ("linux", "linux", "four-trumps/four-trumps", "four-trumps", "four-trumps.ico"),
    ("win32", "windows", "four-trumps/four-trumps.exe", "four-trumps", "four-trumps.ico"),
    ("darwin", "macos", "Four Trumps.app/Contents/MacOS/four-trumps", "Four Trumps.app",
     "four-trumps.icns"),
])
def test_where_each_platform_puts_things(platform, key, program, shipped, icon):
    dist = Path("dist")
    assert bundle_meta.platform_key(platform) == key
    assert bundle_meta.executable(dist, platform) == dist / program
    assert bundle_meta.shipped(dist, platform) == dist / shipped
    assert bundle_meta.icon(platform).name == icon and bundle_meta.icon(platform).is_file()
    assert bundle_meta.strip_binaries(platform) == (key == "linux" and bool(shutil.which("strip")))


def test_the_tools_use_the_game_s_names():
    """The build and measure tools run outside the environment (no pygame), so they repeat
    two names of the game's: the self-test's report file and the start-up probe's."""
    from game.ui import probe, selftest

    assert build_bundle.SELFTEST_REPORT == selftest.REPORT_NAME
    assert build_bundle.DATA_DIR_ENV == storage.ENV_DATA_DIR
    assert (measure_bundle.PROBE_ENV, measure_bundle.PREFIX) == (probe.ENV, probe.PREFIX)


def test_the_self_test_report_is_read_where_the_self_test_writes_it(tmp_path, monkeypatch):
    """Issue 28: the self-test writes its report into the game's log folder; the builder
    gives the bundle a data folder and reads the report there."""
    from game.ui import selftest

    monkeypatch.setenv(storage.ENV_DATA_DIR, str(tmp_path))
    assert build_bundle.selftest_report(tmp_path) == selftest.report_path()


@pytest.mark.skipif(sys.platform == "win32", reason="a script as the program needs a shebang")
@pytest.mark.parametrize(("status", "report"), [(0, "selftest passed: 4 games"),
                                                (1, "selftest FAILED: turup")])
def test_a_silent_windowed_self_test_is_shown_from_its_report(tmp_path, capsys, status,
                                                                 report):
    """A windowed program prints nothing: what it wrote in its report is shown instead."""
    program = tmp_path / "Four Trumps"
    program.write_text(
        f"#!{sys.executable}\n"
        "import os, pathlib, sys\n"
        f"logs = pathlib.Path(os.environ[{build_bundle.DATA_DIR_ENV!r}]) / 'logs'\n"
        "logs.mkdir(parents=True)\n"
        f"(logs / {build_bundle.SELFTEST_REPORT!r}).write_text({report!r})\n"
        f"sys.exit({status})\n")
    program.chmod(0o755)
    assert build_bundle.run_selftest(program) == status
    out = capsys.readouterr().out
    assert report in out and "left no report" not in out


# -- the compiled engine ----------------------------------------------------------------------

SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


@pytest.mark.parametrize(("path", "name"), [
    (f"game/engine/cards{SUFFIX}", "game.engine.cards"),
    (f"game/engine/ai/hard{SUFFIX}", "game.engine.ai.hard"),
    (f"game/engine/__init__{SUFFIX}", "game.engine"),
    (f"{engine_choice.GROUP}{SUFFIX}", engine_choice.GROUP),
    ("game/engine/cards.py", None),
    ("game/engine/cards.c", None),
])
def test_extension_modules_are_named_from_their_place(path, name):
    assert bundle_meta.extension_module(Path("native") / path, Path("native")) == name


def fake_build(native: Path, sources: str) -> None:
    """A build folder as ``tools/build_engine.py`` leaves it (empty files), made from
    ``sources`` (a digest)."""
    for path in (f"{engine_choice.GROUP}{SUFFIX}", f"game/engine/__init__{SUFFIX}",
                 f"game/engine/cards{SUFFIX}", "game/engine/cards.py", "game/engine/message.py",
                 f"game/engine/ai/hard{SUFFIX}", "game/engine/ai/hard.py"):
        (native / path).parent.mkdir(parents=True, exist_ok=True)
        (native / path).write_bytes(b"")
    (native / engine_choice.STAMP).write_text(json.dumps({"sources": sources}))


def test_the_compiled_engine_takes_the_place_of_its_sources(tmp_path):
    """Each compiled module goes where the bundle's ``game`` package has it, the shared code
    at the top level; its ``.py`` leaves the archive, the interpreted ``message`` stays."""
    fake_build(tmp_path, engine_choice.sources_digest())
    engine = bundle_meta.compiled_engine(tmp_path)
    at = {name: entry[0] for name, entry in engine.items()}
    assert at == {engine_choice.GROUP: f"{engine_choice.GROUP}{SUFFIX}",
                  "game.engine": str(Path(f"game/engine/__init__{SUFFIX}")),
                  "game.engine.cards": str(Path(f"game/engine/cards{SUFFIX}")),
                  "game.engine.ai.hard": str(Path(f"game/engine/ai/hard{SUFFIX}"))}
    assert all(src == str(tmp_path / dest) and kind == "EXTENSION"
               for dest, src, kind in engine.values())
    pure = [(name, f"{name}.py", "PYMODULE") for name in (
        "game", "game.engine", "game.engine.cards", "game.engine.message", "game.engine.ai",
        "game.engine.ai.hard", "random")]
    library = (f"pygame/base{SUFFIX}", "base.so", "EXTENSION")
    kept, binaries = bundle_meta.with_compiled_engine(pure, [library], engine)
    assert [entry[0] for entry in kept] == ["game", "game.engine.message", "game.engine.ai",
                                            "random"]
    assert binaries == [library, *engine.values()]
    with pytest.raises(ValueError, match="already among the binaries"):
        bundle_meta.with_compiled_engine(pure, binaries, engine)


@pytest.mark.parametrize(("sources", "reason"), [
    (None, "the compiled engine is not built"),
    ("0" * 64, "built from other sources"),
])
def test_no_bundle_without_an_engine_compiled_from_these_sources(tmp_path, sources, reason):
    if sources is not None:
        fake_build(tmp_path, sources)
    with pytest.raises(bundle_meta.EngineNotCompiled, match=reason):
        bundle_meta.compiled_engine(tmp_path)


def test_the_bundle_takes_every_compiled_module_of_the_engine():
    """The real build (when there is one here): every engine module but those left
    interpreted is shipped compiled."""
    if engine_choice.usable(bundle_meta.NATIVE):
        pytest.skip(f"no compiled engine here: {engine_choice.usable(bundle_meta.NATIVE)}")
    names = set(bundle_meta.compiled_engine())
    sources = {path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
               for path in build_engine.engine_sources(ROOT)}
    assert names == {*sources, engine_choice.GROUP}


def test_no_bundle_when_the_engine_cannot_be_compiled(monkeypatch, capsys):
    """The engine's build fails (no C compiler, say): one line says so and PyInstaller is
    never run."""
    ran: list[list[str]] = []

    def run(python, args, env=None):  # stands in for bootstrap.run
        ran.append(args)
        return 1

    monkeypatch.setattr(bootstrap, "ensure", lambda extras: Path(sys.executable))
    monkeypatch.setattr(bootstrap, "run", run)
    assert build_bundle.main([]) == 1
    assert ran == [[str(ROOT / "tools" / "build_engine.py")]]
    assert build_bundle.ENGINE_MISSING in capsys.readouterr().out


# -- set-up stamp ------------------------------------------------------------------------------


@pytest.mark.parametrize(("stamp", "wanted", "ready"), [
    (None, "", False),
    ("HASH\ntest\n", "test", True),
    ("HASH\nbuild,test\n", "test", True),
    ("HASH\nbuild,test\n", "", True),
    ("HASH\ntest\n", "build", False),
    ("HASH\ntest\n", "test,build", False),
    ("OLD\ntest\n", "test", False),
    ("HASH\n", "", False),  # the one-line stamp of the older set-up
])
def test_the_stamp_says_when_the_environment_is_ready(tmp_path, monkeypatch, stamp, wanted,
                                                      ready):
    import hashlib

    (tmp_path / "pyproject.toml").write_text("[project]\n")
    digest = hashlib.sha256(b"[project]\n").hexdigest()
    venv = tmp_path / ".venv"
    python = venv / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text("")
    if stamp is not None:
        (venv / ".four-trumps-stamp").write_text(stamp.replace("HASH", digest))
    monkeypatch.setattr(bootstrap, "ROOT", tmp_path)
    monkeypatch.setattr(bootstrap, "VENV", venv)
    monkeypatch.setattr(bootstrap, "venv_python", lambda: python)
    installs: list[str] = []

    def pip(cmd, cwd):  # stands in for subprocess.run of pip
        installs.append(cmd[-1])
        return subprocess.CompletedProcess(cmd, 0)

    monkeypatch.setattr(bootstrap.subprocess, "run", pip)
    monkeypatch.setattr(bootstrap.venv.EnvBuilder, "create", lambda self, path: None)
    assert bootstrap.ensure(wanted) == python
    assert (installs == []) == ready
    if not ready:  # installed: the stamp now covers what was there and what was asked for
        before = bootstrap._read_stamp(venv / ".four-trumps-stamp")
        assert before[0] == digest and bootstrap._wanted(wanted) <= before[1]
        assert installs[0].startswith(".")


# -- binutils stand-ins ------------------------------------------------------------------------

needs_elf = pytest.mark.skipif(not binutils_standin.is_elf(Path(sys.executable).resolve()),
                               reason="needs an ELF interpreter (Linux)")


@needs_elf
def test_objcopy_stand_in_adds_a_section_and_the_program_still_runs(tmp_path):
    program = tmp_path / "python"
    shutil.copy(Path(sys.executable).resolve(), program)
    data = tmp_path / "payload"
    data.write_bytes(b"MEI\x0c\x0b\x0a\x0b\x0e payload")
    assert binutils_standin.main(["objcopy", "--add-section", f"pydata={data}",
                                  str(program)]) == 0
    assert binutils_standin.section(program, "pydata") == data.read_bytes()
    done = subprocess.run([str(program), "-c", "print(6 * 7)"], capture_output=True, text=True,
                          timeout=60)
    assert done.stdout.strip() == "42"
    if shutil.which("objdump"):  # the real tool reads the result too
        listing = subprocess.run(["objdump", "-h", str(program)], capture_output=True,
                                 text=True, timeout=60).stdout
        assert "pydata" in listing


@needs_elf
def test_the_stand_in_commands_on_path(tmp_path):
    folder = binutils_standin.install(tmp_path / "bin")
    text = tmp_path / "text"
    text.write_text("not a program")
    objdump = str(folder / "objdump")
    assert subprocess.run([objdump, "-a", sys.executable], timeout=60).returncode == 0
    assert subprocess.run([objdump, "-a", str(text)], timeout=60).returncode == 1
    bad = subprocess.run([str(folder / "objcopy"), "--add-section", f"x={text}", str(text)],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 1 and "is not an ELF file" in bad.stderr


@pytest.mark.parametrize(("head", "reason"), [
    (b"short", "not an ELF file"),
    (b"\x7fELF\x01\x01" + bytes(80), "only 64-bit little-endian"),
    (b"\x7fELF\x02\x02" + bytes(80), "only 64-bit little-endian"),
    (b"\x7fELF\x02\x01" + bytes(80), "no usable section header table"),
])
def test_objcopy_stand_in_refuses_what_it_cannot_handle(tmp_path, head, reason):
    target = tmp_path / "target"
    target.write_bytes(head)
    with pytest.raises(ValueError, match=reason):
        binutils_standin.add_section(target, "pydata", b"x")
    assert target.read_bytes() == head


def test_unknown_binutils_commands_are_refused(capsys):
    assert binutils_standin.main(["strip", "x"]) == 1
    assert "unsupported" in capsys.readouterr().err
