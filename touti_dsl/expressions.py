"""Type-checking one expression: known terms, in their contexts, with the right arguments and types.

An expression is a truth or a number.  Each term of vocabulary.py says which it is,
where it may be used and which arguments it takes; `and / or / not` join truths,
comparisons turn two numbers into a truth, `+ - *` and `-x` make numbers, and
`A if C else B` chooses between two values of one type.  `expression_problems` returns
every located problem of one expression; checks.py decides where each expression of a
spec is evaluated and what type it must have.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from . import model as m
from .errors import Diagnostic, did_you_mean
from .vocabulary import (AT_ONCE_SIDES, CONTEXT_NAMES, CONTRACT_SIDES, DEALER_SIDES, DECLARATION_KINDS, PREDICATES,
                         RESULT_SIDES, SEAT_SIDES)

TRUTH, NUMBER = "truth", "number"
TYPE_WORDS = {TRUTH: "a condition (true or false)", NUMBER: "a number"}


@dataclass(frozen=True)
class SpecNames:
    """The names of one spec an argument may refer to."""

    suits: tuple[str, ...]
    ranks: tuple[int, ...]
    calls: tuple[str, ...]
    kinds: tuple[str, ...] = ()  # the names of ghna.kinds
    values: tuple[str, ...] = ()  # the values of the call whose requirement is checked (`calling(las)`)

    @cached_property
    def call_set(self) -> frozenset[str]:
        """The calls for membership tests: a spec may hold thousands, each naming others."""
        return frozenset(self.calls)


def _diag(code: str, message: str, node, hint: str | None = None) -> Diagnostic:
    return Diagnostic(code, message, getattr(node, "loc", m.NOWHERE), hint)


def expression_problems(expr: m.Expr, context: str, wanted: str, names: SpecNames, where: str) -> list[Diagnostic]:
    """Every problem of `expr` used in `context`, where a value of type `wanted` is expected (`where` names the rule)."""
    problems: list[Diagnostic] = []
    found = _type_of(expr, context, names, where, problems)
    if found is not None and found != wanted and not problems:
        problems.append(_diag("E410", f"{where} needs {TYPE_WORDS[wanted]}, but this is {TYPE_WORDS[found]}", expr,
                              _conversion_hint(wanted)))
    return problems


def _conversion_hint(wanted: str) -> str:
    if wanted == TRUTH:
        return "compare the number with another, like `tricks_won(team) >= 1`"
    return "choose a number with `A if CONDITION else B`"


def _type_of(expr, context, names, where, problems) -> str | None:
    """The type of `expr`, appending problems; None when it cannot be known."""
    if isinstance(expr, m.Num):
        return NUMBER
    if isinstance(expr, m.Pred):
        return _term_type(expr, context, names, where, problems)
    if isinstance(expr, (m.Not, m.All, m.Any_)):
        operands = (expr.operand,) if isinstance(expr, m.Not) else expr.operands
        for operand in operands:
            _expect(operand, TRUTH, "`and`, `or` and `not` join conditions", context, names, where, problems)
        return TRUTH
    if isinstance(expr, (m.Compare, m.Arith)):
        why = f"`{expr.op}` works on numbers"
        _expect(expr.left, NUMBER, why, context, names, where, problems)
        _expect(expr.right, NUMBER, why, context, names, where, problems)
        return TRUTH if isinstance(expr, m.Compare) else NUMBER
    if isinstance(expr, m.Neg):
        _expect(expr.operand, NUMBER, "`-` works on a number", context, names, where, problems)
        return NUMBER
    if isinstance(expr, m.IfElse):
        _expect(expr.condition, TRUTH, "`if` takes a condition", context, names, where, problems)
        then = _type_of(expr.then, context, names, where, problems)
        if then is not None:
            _expect(expr.otherwise, then, "both branches of `if … else` must be of one type", context, names, where,
                    problems)
        return then
    raise TypeError(f"not an expression: {type(expr).__name__}")


def _expect(expr, wanted: str, why: str, context, names, where, problems) -> None:
    found = _type_of(expr, context, names, where, problems)
    if found is not None and found != wanted:
        problems.append(_diag("E410", f"{why}: this is {TYPE_WORDS[found]} in {where}", expr))


def _term_type(pred: m.Pred, context: str, names: SpecNames, where: str, problems: list) -> str | None:
    info = PREDICATES.get(pred.name)
    if info is None:
        usable = [p.name for p in PREDICATES.values() if context in p.contexts]
        hint = did_you_mean(pred.name, usable) or did_you_mean(pred.name, PREDICATES)
        problems.append(_diag("E400", f"unknown term {pred.name!r} in {where}", pred,
                              hint or f"in {CONTEXT_NAMES[context]} you may use " + ", ".join(usable)))
        return None
    if context not in info.contexts:
        places = ", ".join(CONTEXT_NAMES[c] for c in sorted(info.contexts))
        problems.append(_diag("E403", f"{pred.name} cannot be used in {CONTEXT_NAMES[context]} ({where}); "
                                      f"it is meaningful in {places}", pred))
        return info.result
    problems.extend(_argument_problems(pred, info, context, names))
    return info.result


def _argument_problems(pred: m.Pred, info, context: str, names: SpecNames) -> list[Diagnostic]:
    if not info.args and pred.args:
        return [_diag("E401", f"{pred.name} takes no argument", pred, f"write `{pred.name}`")]
    if len(pred.args) < info.required:
        example = _example_args(info, names)
        return [_diag("E401", f"{pred.name} needs {_kinds_text(info.args)}, like `{pred.name}({example})`", pred)]
    seen: set[str] = set()
    for arg in pred.args:
        kind = _kind_of(arg, info.args, context, names)
        if kind is None:
            return [_unknown_argument(pred, info, arg, context, names)]
        if kind in seen:
            return [_diag("E401", f"{pred.name} takes at most one {kind} ({arg!r} is a second one)", pred)]
        seen.add(kind)
    if {"suit", "card_group"} <= seen:  # `holds(oros, trump)`: a card cannot be of two suits named two ways
        return [_diag("E401", f"{pred.name} names a suit and {'trumps' if 'trump' in pred.args else 'the led suit'} "
                              "at once; name one of them", pred, f"for example `{pred.name}(trump, "
                              f"{(names.ranks or (1,))[0]})`")]
    return []


def context_sides(context: str) -> tuple[str, ...]:
    """The sides an argument may name in a context: a result's in scoring and after the round (who deals next, with
    the dealer's side), the side judged in match.at_once (the claimant's in claim.holds)."""
    if context == "round":
        return RESULT_SIDES + CONTRACT_SIDES
    if context == "next_round":  # and the dealer's side (the first speaker's, without a dealer), and the others
        return RESULT_SIDES + CONTRACT_SIDES + DEALER_SIDES
    if context in ("at_once", "claimed", "standing"):
        return AT_ONCE_SIDES + CONTRACT_SIDES
    return SEAT_SIDES + CONTRACT_SIDES


def _kind_of(arg, accepted: tuple[str, ...], context: str, names: SpecNames) -> str | None:
    """The kind of argument `arg` is, among those accepted, or None."""
    sides = context_sides(context)
    candidates = (
        ("side", arg in sides),
        ("card_group", arg in ("trump", "led")),
        ("kind", arg in DECLARATION_KINDS or arg in names.kinds),
        ("suit", arg in names.suits),
        ("rank", isinstance(arg, int) and arg in names.ranks),
        ("call", arg in names.call_set),
        ("value", str(arg) in names.values),
    )
    return next((kind for kind, fits in candidates if fits and kind in accepted), None)


def _unknown_argument(pred: m.Pred, info, arg, context: str, names: SpecNames) -> Diagnostic:
    if info.args == ("value",):
        hint = (did_you_mean(str(arg), names.values) or "the values are " + ", ".join(names.values)) if names.values \
            else "this call takes no value: remove the condition"
        return _diag("E402", f"{pred.name}({arg}): {arg!r} is not a value of this call", pred, hint)
    if info.args == ("call",):
        hint = did_you_mean(str(arg), names.calls) or ("the calls are " + ", ".join(names.calls) if names.calls else None)
        return _diag("E402", f"{pred.name}({arg}): {arg!r} is not a call of this spec", pred, hint)
    wrong_side = arg in SEAT_SIDES + RESULT_SIDES + CONTRACT_SIDES and "side" in info.args
    if wrong_side:
        allowed = context_sides(context)
        return _diag("E401", f"{pred.name}({arg}): {arg!r} is not a side in {CONTEXT_NAMES[context]}", pred,
                     "the sides here are " + ", ".join(allowed))
    return _diag("E401", f"{pred.name}({arg}): {arg!r} is not {_kinds_text(info.args)}", pred,
                 f"for example `{pred.name}({_example_args(info, names)})`")


def _kinds_text(kinds: tuple[str, ...]) -> str:
    from .vocabulary import ARG_KINDS

    return " or ".join(ARG_KINDS[k] for k in kinds)


def _example_args(info, names: SpecNames) -> str:
    examples = {"side": "team", "kind": "plain", "suit": (names.suits or ("oros",))[0],
                "rank": (names.ranks or (1,))[0], "call": (names.calls or ("signal",))[0], "card_group": "trump",
                "value": (names.values or ("las",))[0]}
    return str(examples[info.args[0]])
