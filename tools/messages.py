"""The messages a player reads, as marked in the source, against the translation catalogs.

    python tools/messages.py check          # every message translated, placeholders kept (exit 1
                                            # with the list otherwise), no obsolete entry
    python tools/messages.py todo [PATH...] # .po entries, empty, for the messages of PATH (files
                                            # or folders under game/) that fr has not translated

A message is marked where it is written (see :func:`extract`): ``_("…")``, ``N_("…")``,
``pgettext("ctx", "…")``, ``ngettext("one", "many", n)``, ``Message("…", you="…")``,
``counted("one", "many", n=…)``, ``Word("…")``, and every string given to the rules'
``Section(…)`` and ``OptionText(…)``; and every text of a guided hand's script
(``game/lessons/*.script.json``: its title, summary, closing and the steps' words), whose
``[QS]`` card tokens a translation keeps as they are.
"""

from __future__ import annotations

import ast
import json
import string
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.i18n import catalog  # noqa: E402
from game.lessons.script import CARD_TOKEN  # noqa: E402

SINGLE = {"_", "N_", "Word"}
PLURAL = {"ngettext", "counted"}
CONTEXT = {"pgettext"}
EVERY_STRING = {"Section", "OptionText"}


@dataclass
class Source:
    """A message id found in the source, and where."""

    msgid: str
    plural: str | None = None
    context: str | None = None
    places: list[str] = field(default_factory=list)

    @property
    def key(self) -> str:
        return self.msgid if self.context is None else f"{self.context}\x04{self.msgid}"


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _text(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _strings(node: ast.expr) -> Iterator[str]:
    text = _text(node)
    if text is not None:
        yield text
    elif isinstance(node, ast.Tuple | ast.List):
        for item in node.elts:
            yield from _strings(item)


def _found(tree: ast.AST) -> Iterator[tuple[int, str, str | None, str | None]]:
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        args = node.args
        texts = [_text(a) for a in args]
        if name in SINGLE or (name == "Message" and args):
            if texts and texts[0]:
                yield node.lineno, texts[0], None, None
            if name == "Message":
                for kw in node.keywords:
                    if kw.arg == "you" and kw.value is not None:
                        you = _text(kw.value)
                        if you:
                            yield node.lineno, you, None, None
        elif name in PLURAL and len(texts) >= 2 and texts[0] and texts[1]:
            yield node.lineno, texts[0], texts[1], None
        elif name in CONTEXT and len(texts) >= 2 and texts[0] and texts[1]:
            yield node.lineno, texts[1], None, texts[0]
        elif name in EVERY_STRING:
            for arg in args:
                for text in _strings(arg):
                    if text:
                        yield node.lineno, text, None, None


def extract(paths: Iterable[Path] = (ROOT / "game",)) -> dict[str, Source]:
    """Every message marked in the Python files under ``paths``, by its catalog key."""
    found: dict[str, Source] = {}
    for base in paths:
        for path in sorted([base] if base.is_file() else base.rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
            for line, msgid, plural, context in _found(tree):
                source = Source(msgid, plural, context)
                source = found.setdefault(source.key, source)
                source.plural = source.plural or plural
                source.places.append(f"{path.relative_to(ROOT)}:{line}")
        for path in sorted([] if base.is_file() else base.rglob("*.script.json")):
            for where, msgid in _script_texts(path):
                source = found.setdefault(msgid, Source(msgid))
                source.places.append(f"{path.relative_to(ROOT)}:{where}")
    return found


def _script_texts(path: Path) -> Iterator[tuple[str, str]]:
    """(where, text) for every text of a lesson's script: title, summary, closing, and each
    step's words."""
    script = json.loads(path.read_text(encoding="utf-8"))
    for key in ("title", "summary", "closing"):
        if script.get(key):
            yield key, script[key]
    for step in script.get("steps", []):
        for key in ("say", "wrong"):
            if step.get(key):
                yield f"step {step['at']} {key}", step[key]


def fields(text: str) -> set[str]:
    """The names of the ``{placeholders}`` of ``text`` (``ValueError`` for a broken one)."""
    return {name.split(".")[0].split("[")[0]
            for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def problems(language: str = "fr") -> list[str]:
    """What is wrong with ``language``'s catalog against the source: missing or empty
    translations, placeholders that differ from the original's, obsolete entries."""
    sources = extract()
    entries = catalog.entries(language)
    out: list[str] = []
    for key, source in sorted(sources.items()):
        entry = entries.get(key)
        where = source.places[0]
        if entry is None or not all(entry.msgstr):
            out.append(f"{where}: not translated: {source.msgid!r}")
            continue
        if source.plural is not None and entry.plural is None:
            out.append(f"{entry.where}: needs plural forms: {source.msgid!r}")
            continue
        tokens = sorted(CARD_TOKEN.findall(source.msgid))
        if any(sorted(CARD_TOKEN.findall(text)) != tokens for text in entry.msgstr):
            out.append(f"{entry.where}: cards {tokens} not kept: {source.msgid!r}")
        try:
            want = fields(source.msgid) | fields(source.plural or "")
            for text in entry.msgstr:
                have = fields(text)
                if have != want and not (source.plural and have == want - {"n"}):
                    out.append(f"{entry.where}: placeholders {sorted(have)} instead of "
                               f"{sorted(want)}: {source.msgid!r}")
        except ValueError as err:
            out.append(f"{entry.where}: broken placeholder ({err}): {source.msgid!r}")
    for key, entry in sorted(entries.items()):
        if key not in sources:
            out.append(f"{entry.where}: obsolete (not in the source): {entry.msgid!r}")
    return out


def _po_string(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def todo(paths: Iterable[Path], language: str = "fr") -> str:
    """Empty ``.po`` entries for the messages under ``paths`` not yet in ``language``'s
    catalogs."""
    entries = catalog.entries(language)
    chunks = []
    for key, source in extract(paths).items():
        if key in entries and all(entries[key].msgstr):
            continue
        lines = [f"#: {' '.join(source.places[:3])}"]
        if source.context is not None:
            lines.append(f"msgctxt {_po_string(source.context)}")
        lines.append(f"msgid {_po_string(source.msgid)}")
        if source.plural is not None:
            lines += [f"msgid_plural {_po_string(source.plural)}", 'msgstr[0] ""',
                      'msgstr[1] ""']
        else:
            lines.append('msgstr ""')
        chunks.append("\n".join(lines))
    return "\n\n".join(chunks) + ("\n" if chunks else "")


def main(argv: list[str]) -> int:
    if argv[:1] == ["check"]:
        found = problems()
        for line in found:
            print(line)
        print(f"{len(extract())} messages, {len(found)} problems")
        return 1 if found else 0
    if argv[:1] == ["todo"]:
        paths = [Path(p).resolve() for p in argv[1:]] or [ROOT / "game"]
        sys.stdout.write(todo(paths))
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
