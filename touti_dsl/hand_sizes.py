"""The spec of one hand size: `table.hand_size` written as a setting (`hand_size: 8 (7, 8)`) fixed at one choice.

Like `table_sizes.for_players`, this runs before the engine (`Game.from_spec(spec, hand_size=7)`) and the checks
of each choice: they see an ordinary spec whose hand size is a number, located at the setting.
"""

from __future__ import annotations

from dataclasses import replace

from . import model as m


def hand_size_setting(spec: m.Spec) -> m.Setting | None:
    """`table.hand_size` when the table chooses it, else None."""
    value = spec.value("table.hand_size")
    return value if isinstance(value, m.Setting) else None


def for_hand_size(spec: m.Spec, size: int | None = None) -> m.Spec:
    """The spec dealing `size` cards to each player (the setting's default when None); a fixed hand size is kept."""
    setting = hand_size_setting(spec)
    if setting is None:
        return spec
    number = m.Number(setting.default if size is None else size, loc=setting.loc)
    rules = tuple(replace(rule, value=number) if rule.id == "table.hand_size" else rule for rule in spec.rules)
    return replace(spec, rules=rules)
