"""The expression language: conditions and formulas, parsed, written back, type-checked where they stand.

Every condition (`require`, `when`, `unless`) and every formula (`scoring.made: 2 * contract`)
is one node family; these tests read as the rules of the language reference.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from touti_dsl import model as m
from touti_dsl.formatter import format_text, render_expr
from touti_dsl.parser import parse_text

from .snippets import MINI, edit, only, where


def value_of(text: str) -> m.Value:
    """The value of the one rule `scoring.made` written as `text` in MINI."""
    spec = parse_text(edit("  round: contract", f"  round: contract\n  made: {text}"))
    return next(r.value for r in spec.rules if r.id == "scoring.made")


def condition_of(text: str) -> m.Expr:
    spec = parse_text(edit("  same_suit: once", f"  same_suit: once\n  require x: {text}"))
    return next(r.value for r in spec.rules if r.id == "ghna.x").condition


# ---------------------------------------------------------------- parsing


def test_a_lone_number_or_word_stays_a_number_or_a_word():
    assert value_of("120") == m.Number(120)
    assert value_of("contract") == m.Word("contract")


def test_multiplication_binds_tighter_than_addition_and_both_lean_left():
    assert value_of("2 * contract + 10 - 5") == m.Formula(
        m.Arith("-", m.Arith("+", m.Arith("*", m.Num(2), m.Pred("contract")), m.Num(10)), m.Num(5)))


def test_a_choice_between_two_numbers():
    assert value_of("2 * contract if capote(bidders) else contract") == m.Formula(
        m.IfElse(m.Pred("capote", ("bidders",)), m.Arith("*", m.Num(2), m.Pred("contract")), m.Pred("contract")))


def test_a_negated_quantity():
    assert value_of("-contract") == m.Formula(m.Neg(m.Pred("contract")))


def test_comparisons_bind_tighter_than_and_or_not():
    assert condition_of("not tricks_won(team) >= 1 or declarations(team, plain) == 0") == m.Any_((
        m.Not(m.Compare(">=", m.Pred("tricks_won", ("team",)), m.Num(1))),
        m.Compare("==", m.Pred("declarations", ("team", "plain")), m.Num(0)),
    ))


def test_terms_take_names_and_numbers_as_arguments():
    assert condition_of("holds(12) and holds(oros)") == m.All((m.Pred("holds", (12,)), m.Pred("holds", ("oros",))))


def test_an_order_of_ranks_is_still_an_order():
    spec = parse_text(MINI)
    assert isinstance(next(r.value for r in spec.rules if r.id == "deck.order"), m.Order)


def test_a_requirement_may_be_scoped_with_when_and_unless():
    spec = parse_text(edit("  same_suit: once", "  same_suit: once\n  require x: trick_number <= 3 when declaring(tute) "
                                               "unless first_trick"))
    req = next(r.value for r in spec.rules if r.id == "ghna.x")
    assert req.when == m.Pred("declaring", ("tute",))
    assert req.unless == m.Pred("first_trick")


def test_chained_comparisons_are_a_located_error():
    text = edit("  same_suit: once", "  same_suit: once\n  require x: 1 < trick_number < 4")
    problem = only(text)
    assert problem.code == "E008"
    assert (problem.loc.line, problem.loc.column) == where(text, "1 < trick")


# ---------------------------------------------------------------- writing back

FORMULAS = [
    "2 * contract if capote(bidders) else contract",
    "(contract + 10) * 2",
    "contract - (10 - card_points(bidders))",
    "-contract",
    "-(contract + 10)",
    "3 if capote(winner) else 2 if points(winner) >= 101 else 1",
    "(3 if capote(winner) else 2) * 2",
]


@pytest.mark.parametrize("formula", FORMULAS)
def test_the_formatter_writes_a_formula_back_to_the_same_tree(formula):
    text = edit("  round: contract", f"  round: contract\n  made: {formula}")
    formatted = format_text(text)
    assert f"  made: {formula}\n" in formatted
    assert format_text(formatted) == formatted
    assert parse_text(formatted) == parse_text(text)


NAMES = st.sampled_from(["contract", "trick_number", "cards_left"])
NUMBERS = st.one_of(st.integers(0, 300).map(m.Num), NAMES.map(m.Pred))
number_exprs = st.recursive(
    NUMBERS,
    lambda inner: st.one_of(
        st.tuples(st.sampled_from("+-*"), inner, inner).map(lambda t: m.Arith(*t)),
        inner.map(m.Neg),
    ),
    max_leaves=6,
)
truths = st.recursive(
    st.tuples(st.sampled_from([">=", ">", "<=", "<", "==", "!="]), number_exprs, number_exprs).map(lambda t: m.Compare(*t)),
    lambda inner: st.one_of(inner.map(m.Not), st.lists(inner, min_size=2, max_size=3).map(lambda xs: m.All(tuple(xs))),
                            st.lists(inner, min_size=2, max_size=3).map(lambda xs: m.Any_(tuple(xs)))),
    max_leaves=5,
)


@given(truths)
def test_any_condition_is_written_so_that_it_reads_back_the_same(expr):
    assert condition_of(render_expr(expr)) == expr


@given(st.tuples(truths, number_exprs, number_exprs).map(lambda t: m.IfElse(*t)))
def test_any_formula_is_written_so_that_it_reads_back_the_same(expr):
    assert value_of(render_expr(expr)) == m.Formula(expr)


# ---------------------------------------------------------------- type checks, each located

BAD = [
    # (case, fragment, replacement, code, pointed-at fragment)
    ("unknown-term", "  same_suit: once", "  same_suit: once\n  require x: tricks_wn(team) == 1", "E400", "tricks_wn"),
    ("scoring-term-in-a-duty", "must beat_led unless trick_trumped", "must beat_led unless capote(bidders)", "E403",
     "capote("),
    ("declaring-in-a-call", "require new_level: not made_at_level(signal)", "require new_level: not declaring(tute)",
     "E403", "declaring("),
    ("missing-argument", "  same_suit: once", "  same_suit: once\n  require x: tricks_won == 1", "E401", "tricks_won"),
    ("seat-side-in-scoring", "  round: contract", "  round: contract\n  made: points(team)", "E401", "points("),
    ("result-side-at-the-table", "  same_suit: once", "  same_suit: once\n  require x: tricks_won(winner) > 0",
     "E401", "tricks_won("),
    ("unknown-suit", "  same_suit: once", "  same_suit: once\n  require x: declaring(copa)", "E401", "declaring("),
    ("two-sides", "  same_suit: once", "  same_suit: once\n  require x: declarations(team, self) == 0", "E401",
     "declarations("),
    ("no-argument-taken", "  same_suit: once", "  same_suit: once\n  require x: first_trick(team)", "E401",
     "first_trick"),
    ("number-as-condition", "  same_suit: once", "  same_suit: once\n  require x: contract", "E410", "contract\n"),
    ("condition-as-number", "  round: contract", "  round: contract\n  made: capote(bidders)", "E410", "capote("),
    ("adding-a-condition", "  round: contract", "  round: contract\n  made: contract + capote(bidders)", "E410",
     "capote("),
    ("and-of-numbers", "  same_suit: once", "  same_suit: once\n  require x: contract and first_trick", "E410",
     "contract and"),
    ("branches-of-two-types", "  round: contract", "  round: contract\n  made: 1 if capote(bidders) else conceded",
     "E410", "conceded"),
    ("require-in-deck", "  last_trick: 10", "  last_trick: 10\n  require x: first_trick", "E101", "require x"),
    ("play-order-unknown", "  free_discard: any", "  free_discard: any\n  order: follow_suit, overtak", "E411",
     "overtak\n"),
    ("play-order-missing", "  free_discard: any", "  free_discard: any\n  order: follow_suit, overtake", "E411",
     "follow_suit, overtake\n"),
]


@pytest.mark.parametrize("case, old, new, code, fragment", BAD, ids=[c[0] for c in BAD])
def test_each_mistake_is_reported_once_where_it_is_written(case, old, new, code, fragment):
    text = edit(old, new)
    problem = only(text)
    assert problem.code == code, problem.message
    assert (problem.loc.line, problem.loc.column) == where(text, fragment)


GOOD = [
    "  require forty_first: declaring(trump) or not holds_pair(trump)",
    "  require tute_early: tricks_won(team) == 1 and declarations(team) == 0 when declaring(tute)",
    "  require bidder_only: bid_winner",
    "  require once_each: window_declarations(self) == 0",
    "  require no_oros_twenty: not declaring(oros) unless contract >= 100",
]


@pytest.mark.parametrize("line", GOOD)
def test_declaration_requirements_that_real_tables_play_are_valid(line):
    assert_valid(edit("  same_suit: once", "  same_suit: once\n" + line))


@pytest.mark.parametrize("rule", [
    "made: 2 * contract if capote(bidders) else contract",
    "failed: -contract",
    "failed_defenders: contract + 10",
    "contract_made: points(bidders) >= contract and tricks_won(bidders) > 0",
])
def test_scoring_formulas_that_real_tables_play_are_valid(rule):
    assert_valid(edit("  round: contract", "  round: contract\n  " + rule))


def assert_valid(text: str) -> None:
    from .snippets import diagnostics

    assert diagnostics(text) == []
