"""The translation catalogs: ``game/locale/<language>/*.po`` files kept in the source, read and
compiled to gettext's binary form in memory the first time a language is chosen (no build step
and no dependency beyond the standard library's :mod:`gettext`).

A language may keep its messages in several ``.po`` files (one per part of the program); they
are merged, and a message id must not be translated two different ways (:func:`entries` raises).
"""

from __future__ import annotations

import ast
import gettext
import io
import struct
from dataclasses import dataclass
from pathlib import Path

LOCALE = Path(__file__).resolve().parent.parent / "locale"
"""Where the catalogs are: ``game/locale`` (in a bundle, beside the frozen ``game`` package)."""


class CatalogError(ValueError):
    """A ``.po`` file that cannot be read, with the file and line."""


@dataclass(frozen=True)
class Entry:
    """One message of a catalog: its id (and plural id), its translations, where it was read."""

    msgid: str
    msgstr: tuple[str, ...]
    plural: str | None = None
    context: str | None = None
    where: str = ""

    @property
    def key(self) -> str:
        """The id as gettext looks it up (``context\\x04msgid``)."""
        return self.msgid if self.context is None else f"{self.context}\x04{self.msgid}"


def parse(text: str, where: str = "") -> list[Entry]:
    """The entries of one ``.po`` file's text (the header, msgid "", included). Raises
    :class:`CatalogError` for a line that is not ``.po``."""
    entries: list[Entry] = []
    fields: dict[str, str] = {}
    current: str | None = None
    start = 0

    def flush() -> None:
        if "msgid" in fields:
            n = sorted(k for k in fields if k.startswith("msgstr["))
            strs = tuple(fields[k] for k in n) if n else (fields.get("msgstr", ""),)
            entries.append(Entry(fields["msgid"], strs, fields.get("msgid_plural"),
                                 fields.get("msgctxt"), f"{where}:{start}"))
        fields.clear()

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            if not line and fields:
                flush()
                current = None
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            keyword, rest = "", line
        try:
            value = ast.literal_eval(rest) if rest.startswith('"') else None
        except (ValueError, SyntaxError):
            value = None
        if not isinstance(value, str):
            raise CatalogError(f"{where}:{number}: not a .po line: {raw!r}")
        if keyword == "":
            if current is None:
                raise CatalogError(f"{where}:{number}: a continued string with nothing before")
            fields[current] += value
            continue
        if keyword in ("msgctxt", "msgid") and ("msgstr" in fields or "msgstr[0]" in fields):
            flush()
        if keyword == "msgid" or (keyword == "msgctxt" and not fields):
            start = number
        if keyword not in ("msgctxt", "msgid", "msgid_plural", "msgstr") and not (
                keyword.startswith("msgstr[") and keyword.endswith("]")):
            raise CatalogError(f"{where}:{number}: unknown keyword {keyword!r}")
        fields[keyword] = value
        current = keyword
    flush()
    return entries


def files(language: str) -> list[Path]:
    """The ``.po`` files of ``language``, in name order (none for English, the source)."""
    folder = LOCALE / language
    return sorted(folder.glob("*.po")) if folder.is_dir() else []


def entries(language: str) -> dict[str, Entry]:
    """Every translated message of ``language`` by :attr:`Entry.key` (headers left out).
    Raises :class:`CatalogError` for a file that cannot be read or a message translated two
    ways."""
    merged: dict[str, Entry] = {}
    for path in files(language):
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            raise CatalogError(f"{path.name}: cannot be read: {err}") from None
        for entry in parse(text, path.name):
            if entry.msgid == "":
                continue
            before = merged.get(entry.key)
            if before is not None and before.msgstr != entry.msgstr:
                raise CatalogError(f"{entry.where}: {entry.msgid!r} is translated otherwise "
                                   f"at {before.where}")
            merged[entry.key] = entry
    return merged


PLURAL_FORMS = {"fr": "nplurals=2; plural=(n > 1);"}
"""Each language's plural rule, in gettext's header form (French: 0 and 1 are singular)."""


def compiled(language: str) -> bytes:
    """``language``'s catalog in gettext's ``.mo`` form (GNU layout, little-endian); messages
    with an empty translation are left out, so they show in English rather than blank."""
    header = (f"Content-Type: text/plain; charset=UTF-8\nPlural-Forms: "
              f"{PLURAL_FORMS.get(language, 'nplurals=2; plural=(n != 1);')}\n")
    pairs = {"": header}
    for entry in entries(language).values():
        if not all(entry.msgstr):
            continue
        key = entry.key if entry.plural is None else f"{entry.key}\x00{entry.plural}"
        pairs[key] = "\x00".join(entry.msgstr)
    keys = sorted(pairs)
    ids = [k.encode() for k in keys]
    strs = [pairs[k].encode() for k in keys]
    count = len(keys)
    ids_table = 7 * 4
    strs_table = ids_table + count * 8
    data = strs_table + count * 8
    table = b""
    blob = b""
    for chunk in ids:
        table += struct.pack("<2I", len(chunk), data + len(blob))
        blob += chunk + b"\x00"
    str_table = b""
    for chunk in strs:
        str_table += struct.pack("<2I", len(chunk), data + len(blob))
        blob += chunk + b"\x00"
    head = struct.pack("<7I", 0x950412DE, 0, count, ids_table, strs_table, 0, 0)
    return head + table + str_table + blob


def translations(language: str) -> gettext.NullTranslations:
    """The gettext translations of ``language`` (English, or a language without catalogs: the
    source text as it is)."""
    if not files(language):
        return gettext.NullTranslations()
    return gettext.GNUTranslations(io.BytesIO(compiled(language)))
