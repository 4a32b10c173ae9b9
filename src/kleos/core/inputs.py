"""Untrusted input, handled in one place: quoting it in messages, splitting action text into
words, reading whole numbers, seats and integer ids, and reading files of bounded size.

Everything here refuses bad input with a `KleosError` whose message is short, whatever the
input: a megabyte of text, a 100,000-deep nested list or a 5,000-digit number.
"""

from __future__ import annotations

import json
import operator
import os
import reprlib
from pathlib import Path
from typing import Any

from kleos.core.errors import KleosError

ECHO_LIMIT = 60
"""At most this many characters of a user's input are quoted back in a message."""
PATH_LIMIT = 160
"""File paths are quoted whole up to this length, else by their end."""
MAX_ACTION_TEXT = 200
"""No action text of any game is longer; longer text is refused before it is parsed."""
_ACTION_CHARACTERS = frozenset(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 \t-_:.,"
)

_REPR = reprlib.Repr()
_REPR.maxlevel = 3
_REPR.maxstring = ECHO_LIMIT
_REPR.maxother = ECHO_LIMIT


def echo(value: object) -> str:
    """`value` as it may be quoted in an error message: at most `ECHO_LIMIT` characters.

    Printable strings are shown as typed, others with their control characters escaped (so
    no message can carry terminal escapes); anything else by a shallow repr that never recurses
    deeply (a repr that fails is replaced by the value's type).
    """
    if isinstance(value, str):
        text = value[: ECHO_LIMIT * 2]
        if not text.isprintable():
            text = repr(text)[1:-1]
    else:
        try:
            text = _REPR.repr(value)
        except Exception:  # a hostile __repr__ may raise anything, RecursionError included
            text = f"<{type(value).__name__}>"
    return text if len(text) <= ECHO_LIMIT else text[: ECHO_LIMIT - 1] + "…"


def printable(value: object, limit: int = 500) -> str:
    """Text from elsewhere (a server, a file) made safe to print on a terminal: control
    characters (escape sequences among them) escaped, at most `limit` characters."""
    text = value if isinstance(value, str) else echo(value)
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text[: limit * 2])
    return text if len(text) <= limit else text[: limit - 1] + "…"


def quoted(value: object) -> str:
    """`value` for a message that says what was given: text in quotes, anything else as
    `echo` shows it (so that '0' and 0 differ)."""
    return f"'{echo(value)}'" if isinstance(value, str) else echo(value)


def action_words(text: object, error: type[KleosError], game: str) -> list[str]:
    """The words of an action's text: ASCII letters, digits and `-_:.,` split at spaces/tabs.

    Anything else (a non-string, text over `MAX_ACTION_TEXT` characters, other characters —
    Arabic digits and non-breaking spaces included) raises `error`, naming the `game`.
    """
    if not isinstance(text, str):
        raise error(f"{game} action text must be a string, not {type(text).__name__}")
    if len(text) > MAX_ACTION_TEXT:
        raise error(
            f"'{echo(text)}' is not {game} action text: it is {len(text):,} characters long "
            f"(actions have at most {MAX_ACTION_TEXT})"
        )
    strange = sorted(set(text) - _ACTION_CHARACTERS)
    if strange:
        shown = ", ".join(repr(c) for c in strange[:3])
        raise error(
            f"'{echo(text)}' is not {game} action text: it contains {shown}; actions are written "
            "with plain letters, digits and spaces"
        )
    return text.split()


def whole_number(word: str) -> int | None:
    """The number an ASCII word of digits (at most 9) spells, or None for any other word."""
    if 0 < len(word) <= 9 and word.isascii() and word.isdigit():
        return int(word)
    return None


def as_index(value: object) -> int | None:
    """`value` as a Python int if it is an integer (any type with `__index__`, such as a numpy
    integer) and not a bool; else None."""
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return None
    if isinstance(value, int):
        return int(value)
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def read_bounded(path: object, limit: int, what: str, error: type[KleosError]) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; anything else raises `error`.

    Devices, FIFOs and directories are refused before they are opened, so no path can make
    Kleos read forever or wait for a writer.
    """
    if not isinstance(path, str | os.PathLike):
        raise error(f"a {what} is named by a file path, not {echo(path)}")
    name = echo_path(path)
    try:
        file = Path(path)
        regular, exists = file.is_file(), file.exists()
        if regular:
            with file.open("rb") as handle:
                data = handle.read(limit + 1)
    except (OSError, ValueError) as exc:  # ValueError: a path with a NUL byte
        reason = getattr(exc, "strerror", None) or str(exc)
        raise error(f"cannot read {what} {name}: {echo(reason)}") from None
    if not regular:
        reason = "not a regular file" if exists else "no such file"
        raise error(f"cannot read {what} {name}: {reason}")
    if len(data) > limit:
        raise error(f"{what} {name} is larger than {limit:,} bytes")
    return data


def echo_path(path: object) -> str:
    """A file path for a message: whole, or its last `PATH_LIMIT` characters."""
    raw = os.fspath(path) if isinstance(path, str | os.PathLike) else echo(path)
    text = raw if isinstance(raw, str) else repr(raw)
    if not text.isprintable():
        text = repr(text)[1:-1]
    return text if len(text) <= PATH_LIMIT else "…" + text[-PATH_LIMIT:]


def parse_json(data: str | bytes, what: str, error: type[KleosError]) -> Any:
    """JSON from text or UTF-8 bytes; anything invalid, nested too deeply or with numbers
    over 4,300 digits raises `error` (`what` names the source in its message)."""
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
        return json.loads(text)
    except UnicodeDecodeError:
        raise error(f"{what}: not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise error(f"{what}: not valid JSON ({exc.msg}, column {exc.colno})") from None
    except RecursionError:
        raise error(f"{what}: nested too deeply to be read") from None
    except ValueError as exc:  # a number of more than 4,300 digits
        raise error(f"{what}: cannot be read ({echo(str(exc))})") from None
