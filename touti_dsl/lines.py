"""What a line of spec text is: the one definition that every component uses.

A line of a `.touti` file ends at a line feed (`\\n`); a carriage return right before it
(`\\r\\n`) belongs to that line end.  Nothing else ends a line: form feed, vertical tab,
the file/group/record separators, NEL (U+0085), U+2028, U+2029 and a carriage return on
its own are ordinary characters inside a comment, and refused (E001, at the character)
anywhere else, a string included: a string is one line of text.  The lexer, the comment
collector, error excerpts, the formatter and the docs all split with `split_lines`, so
they always agree on which line is which.
"""

from __future__ import annotations

import re
import unicodedata

# Every character str.splitlines() breaks at, except the line feed itself.
OTHER_LINE_BREAKS = re.compile("[\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")
_BREAK_NAMES = {
    "\r": "a carriage return not followed by a line feed",
    "\x0b": "a vertical tab (U+000B)",
    "\x0c": "a form feed (U+000C)",
    "\x85": "a next-line character (U+0085)",
    "\u2028": "a line separator (U+2028)",
    "\u2029": "a paragraph separator (U+2029)",
}


def split_lines(text: str) -> list[str]:
    """The lines of `text` as a spec sees them: split at `\\n` only, the `\\r` of `\\r\\n` dropped."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


def normalize_line_ends(text: str) -> str:
    """`\\r\\n` becomes `\\n`; every other character is kept as it is."""
    return text.replace("\r\n", "\n")


def break_name(char: str) -> str:
    """A line-breaking character other than `\\n`, in plain words."""
    return _BREAK_NAMES.get(char, f"a separator character (U+{ord(char):04X})")


def visible(line: str) -> str:
    """A source line safe to print in a terminal: each control character becomes one visible symbol.

    One character stays one character, so a caret under the line still points at the
    right column.
    """
    return "".join(_visible_char(char) for char in line)


def _visible_char(char: str) -> str:
    code = ord(char)
    if char == "\t" or (code >= 0x20 and code != 0x7F and not 0x80 <= code < 0xA0 and char not in "\u2028\u2029"):
        return char
    return chr(0x2400 + code) if code < 0x20 else "\N{REPLACEMENT CHARACTER}"


_QUOTES = "\u201c\u201d\u201e\u00ab\u00bb\u2018\u2019"


def unusual_name(char: str) -> str:
    """A character outside ASCII in plain words, with its code point: `a no-break space (U+00A0)`."""
    name = unicodedata.name(char, "").lower()
    return f"{'a ' + name if name else 'a character'} (U+{ord(char):04X})"


def unusual_hint(char: str) -> str:
    """How to write what a character outside ASCII most likely stands for, where a spec reads it as syntax."""
    if char in _QUOTES:
        return 'strings use straight double quotes ("...")'
    if unicodedata.category(char) in ("Zs", "Cf"):
        return "write a plain space, or nothing: an editor or a web page may have put this one there"
    return "names and words of a spec are ASCII, lower_case (strings in double quotes and comments may hold any text)"
