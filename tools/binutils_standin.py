"""Stand-ins for the two binutils commands PyInstaller runs on Linux, so that the bundle builds on
a machine without binutils (``tools/build_bundle.py`` puts them on PATH only then):

* ``objdump -a FILE`` — PyInstaller only asks whether FILE is an ELF binary: exit 0 when it is,
  1 when it is not;
* ``objcopy --add-section NAME=DATA TARGET`` — adds a section named NAME holding the bytes of
  the file DATA to the ELF file TARGET, in place. PyInstaller's bootloader finds its archive
  (or, for a one-folder bundle, its side-load signature) by that section's name.

Only 64-bit little-endian ELF is handled (x86-64 and arm64 Linux); anything else exits 1 with
one line saying so. ``strip`` has no stand-in: without binutils nothing is stripped.
"""

from __future__ import annotations

import struct
import sys
from collections.abc import Sequence
from pathlib import Path

ELF_HEADER = struct.Struct("<16sHHIQQQIHHHHHH")
"""e_ident, type, machine, version, entry, phoff, shoff, flags, ehsize, phentsize, phnum,
shentsize, shnum, shstrndx."""
SECTION_HEADER = struct.Struct("<IIQQQQIIQQ")
"""name, type, flags, addr, offset, size, link, info, addralign, entsize."""
SHT_PROGBITS = 1
SHOFF, SHENTSIZE, SHNUM, SHSTRNDX = 6, 11, 12, 13
OFFSET, SIZE = 4, 5


def is_elf(path: Path) -> bool:
    """True when ``path`` starts with the ELF signature."""
    try:
        with open(path, "rb") as f:
            return f.read(4) == b"\x7fELF"
    except OSError:
        return False


def add_section(target: Path, name: str, data: bytes) -> None:
    """Add a non-loaded section ``name`` holding ``data`` to the ELF file ``target``.

    The new section names, the data and a new section header table are appended at the end of
    the file and the ELF header points at the new table; the program headers (what the loader
    reads) and every existing byte they cover stay as they were. Raises ``ValueError`` for a
    file this cannot handle."""
    blob = bytearray(target.read_bytes())
    if len(blob) < ELF_HEADER.size:
        raise ValueError(f"{target} is not an ELF file")
    header = list(ELF_HEADER.unpack_from(blob))
    ident = header[0]
    if ident[:4] != b"\x7fELF" or ident[4] != 2 or ident[5] != 1:
        raise ValueError(f"{target}: only 64-bit little-endian ELF files are handled")
    count, strings_index = header[SHNUM], header[SHSTRNDX]
    if header[SHENTSIZE] != SECTION_HEADER.size or not 0 < strings_index < count:
        raise ValueError(f"{target} has no usable section header table")
    sections = [list(SECTION_HEADER.unpack_from(blob, header[SHOFF] + i * SECTION_HEADER.size))
                for i in range(count)]
    strings = sections[strings_index]
    names = bytes(blob[strings[OFFSET]:strings[OFFSET] + strings[SIZE]])
    name_at = len(names)
    names += name.encode("ascii") + b"\0"

    def append(chunk: bytes, align: int = 1) -> int:
        blob.extend(b"\0" * (-len(blob) % align))
        at = len(blob)
        blob.extend(chunk)
        return at

    strings[OFFSET], strings[SIZE] = append(names), len(names)
    sections.append([name_at, SHT_PROGBITS, 0, 0, append(data), len(data), 0, 0, 1, 0])
    header[SHOFF] = append(b"".join(SECTION_HEADER.pack(*s) for s in sections), 8)
    header[SHNUM] = len(sections)
    ELF_HEADER.pack_into(blob, 0, *header)
    target.write_bytes(blob)


def section(path: Path, name: str) -> bytes | None:
    """The bytes of the section ``name`` in the ELF file ``path``, or ``None`` (for tests and
    checks: what ``objcopy --dump-section`` would give)."""
    blob = path.read_bytes()
    header = ELF_HEADER.unpack_from(blob)
    heads = [SECTION_HEADER.unpack_from(blob, header[SHOFF] + i * SECTION_HEADER.size)
             for i in range(header[SHNUM])]
    strings = heads[header[SHSTRNDX]]
    table = blob[strings[OFFSET]:strings[OFFSET] + strings[SIZE]]
    for head in heads:
        end = table.index(b"\0", head[0])
        if table[head[0]:end] == name.encode("ascii"):
            return blob[head[OFFSET]:head[OFFSET] + head[SIZE]]
    return None


def main(argv: Sequence[str]) -> int:
    """``objdump -a FILE`` or ``objcopy --add-section NAME=DATA TARGET``; returns the status."""
    match list(argv):
        case ["objdump", "-a", file]:
            return 0 if is_elf(Path(file)) else 1
        case ["objcopy", "--add-section", spec, target] if "=" in spec:
            name, data = spec.split("=", 1)
            try:
                add_section(Path(target), name, Path(data).read_bytes())
            except (OSError, ValueError) as err:
                print(f"objcopy (stand-in): {err}", file=sys.stderr)
                return 1
            return 0
    print(f"binutils stand-in: unsupported command {' '.join(argv)!r}", file=sys.stderr)
    return 1


def install(folder: Path, python: str = sys.executable) -> Path:
    """Write ``objdump`` and ``objcopy`` commands into ``folder`` that run this module; returns
    ``folder`` (to put first on PATH)."""
    folder.mkdir(parents=True, exist_ok=True)
    here = str(Path(__file__).resolve().parent)
    for command in ("objdump", "objcopy"):
        tool = folder / command
        tool.write_text(f"#!{python}\nimport sys\nsys.path.insert(0, {here!r})\n"
                        f"import binutils_standin\n"
                        f"sys.exit(binutils_standin.main([{command!r}, *sys.argv[1:]]))\n",
                        encoding="utf-8")
        tool.chmod(0o755)
    return folder


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
