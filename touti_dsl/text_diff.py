"""A unified diff of two texts whose cost and length are bounded, whatever their size.

`difflib.unified_diff` on whole files is quadratic on large, repetitive inputs (a 1 MB
spec took minutes), and its output is as long as the files.  Here the lines both texts
share at the start and at the end are skipped first (a linear scan); the rest is
compared at most WINDOW_LINES lines at a time, and at most MAX_DIFF_LINES lines of diff
are printed, then a line saying that the diff was cut.  A diff that fits in both bounds
is a complete unified diff (it may pair repeated lines differently from difflib on the
whole files: both are right).
"""

from __future__ import annotations

import difflib

MAX_DIFF_LINES = 500
WINDOW_LINES = 2_000
CONTEXT = 3


def bounded_diff(before: list[str], after: list[str], name: str, new_name: str) -> list[str]:
    """The unified diff of two lists of lines (no line ends), cut when it would be too long to print."""
    prefix = _common_prefix(before, after)
    suffix = _common_prefix(before[prefix:][::-1], after[prefix:][::-1])
    if prefix == len(before) == len(after):
        return []
    start = max(prefix - CONTEXT, 0)
    old_end, new_end = len(before) - suffix + CONTEXT, len(after) - suffix + CONTEXT
    windowed = max(old_end, new_end) - start > WINDOW_LINES
    old = before[start : min(old_end, start + WINDOW_LINES)]
    new = after[start : min(new_end, start + WINDOW_LINES)]
    hunks = list(difflib.SequenceMatcher(None, old, new).get_grouped_opcodes(CONTEXT))
    if windowed and len(hunks) > 1 and _touches_end(hunks[-1], len(old), len(new)):
        hunks.pop()  # the window cut the texts out of step: its last hunk may be an artefact of the cut
    lines = [f"--- {name}", f"+++ {new_name}"]
    for hunk in hunks:
        lines += _hunk_lines(hunk, old, new, start)
    if windowed or len(lines) > MAX_DIFF_LINES + 2:
        return lines[: MAX_DIFF_LINES + 2] + [f"... the diff is cut after {MAX_DIFF_LINES} lines: more changes follow"]
    return lines


def _common_prefix(one: list[str], other: list[str]) -> int:
    count = 0
    for left, right in zip(one, other):
        if left != right:
            break
        count += 1
    return count


def _touches_end(hunk: list[tuple], old_size: int, new_size: int) -> bool:
    _, _, old_stop, _, new_stop = hunk[-1]
    return old_stop >= old_size - CONTEXT or new_stop >= new_size - CONTEXT


def _hunk_lines(hunk: list[tuple], old: list[str], new: list[str], offset: int) -> list[str]:
    """One hunk as difflib writes it, its line numbers counted in the whole texts."""
    first, last = hunk[0], hunk[-1]
    lines = [f"@@ -{_range(first[1] + offset, last[2] + offset)} +{_range(first[3] + offset, last[4] + offset)} @@"]
    for tag, old_start, old_stop, new_start, new_stop in hunk:
        if tag == "equal":
            lines += [" " + line for line in old[old_start:old_stop]]
            continue
        lines += ["-" + line for line in old[old_start:old_stop]] if tag in ("replace", "delete") else []
        lines += ["+" + line for line in new[new_start:new_stop]] if tag in ("replace", "insert") else []
    return lines


def _range(start: int, stop: int) -> str:
    """A hunk's range as difflib writes it: `line,count` (1-based; a count of one left out, an empty range at line before)."""
    length = stop - start
    if length == 1:
        return f"{start + 1}"
    return f"{start + 1 if length else start},{length}"
