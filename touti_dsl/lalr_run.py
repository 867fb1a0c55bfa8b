"""Run a Lark LALR parser (its own tables and contextual lexer) in one loop, for input that parses.

Lark's driver spends most of a parse outside the tables: a generator and a line-counter
object per token, a hashed grammar-rule object per reduction.  `run` walks the same parse
table with the same per-state lexers (their compiled patterns, their keyword callbacks) and
makes the same tokens, so a successful run is the run Lark would make.  It never reports an
error itself: at the first token the lexer or the table refuses it returns None, and the
caller runs Lark's own parser, whose exception is then the one reported (errors keep every
word of Lark's messages; they cost a second run, which stops at the error).

Only the parts of Lark this needs are read (parse table, per-state lexers, their scanners);
`available` says whether this Lark version has them, and the caller uses Lark alone if not.
"""

from __future__ import annotations

from lark import Lark, Token
from lark.parsers.lalr_analysis import Shift

START = "start"


class Tables:
    """What one run needs from a Lark parser, read once per process."""

    def __init__(self, lark: Lark):
        frontend = lark.parser
        table = frontend.parser.parser.parse_table
        self.states = table.states
        self.start_state = table.start_states[START]
        self.end_state = table.end_states[START]
        self.rules = list({id(arg): arg for actions in table.states.values()
                           for action, arg in actions.values() if action is not Shift}.values())
        self.lexers = {}  # parser state -> (patterns, ignored types, types that may hold a newline, token callbacks)
        by_lexer = {}
        for state, lexer in frontend.lexer.lexers.items():
            if id(lexer) not in by_lexer:
                scanner = lexer.scanner  # builds the lexer's patterns and callbacks
                by_lexer[id(lexer)] = (tuple(scanner._mres), lexer.ignore_types, lexer.newline_types, lexer.callback)
            self.lexers[state] = by_lexer[id(lexer)]


def available(lark: Lark) -> Tables | None:
    """The tables of this Lark parser, or None when its internals are not the ones `run` reads."""
    try:
        return Tables(lark)
    except (AttributeError, KeyError, TypeError):
        return None


def run(tables: Tables, text: str, callbacks: dict):
    """The value of the start rule, reducing with `callbacks` (keyed by grammar rule); None at the first error."""
    reduce_with = {id(rule): (len(rule.expansion), rule.origin.name, callbacks[rule]) for rule in tables.rules}
    states, lexers = tables.states, tables.lexers
    state_stack, value_stack = [tables.start_state], []
    position, line, line_start, end = 0, 1, 0, len(text)
    token = None
    while True:
        if position < end:
            patterns, ignored, newlines, token_callbacks = lexers[state_stack[-1]]
            for pattern in patterns:
                found = pattern.match(text, position)
                if found:
                    break
            else:
                return None
            value, kind = found.group(0), found.lastgroup
            start, start_line, column = position, line, position - line_start + 1
            if kind in newlines:
                count = value.count("\n")
                if count:
                    line += count
                    line_start = position + value.rindex("\n") + 1
            position += len(value)
            if kind in ignored:
                continue
            token = Token(kind, value, start, start_line, column, line, position - line_start + 1, position)
            if kind in token_callbacks:
                token = token_callbacks[kind](token)
            at_end = False
        else:
            token = Token.new_borrow_pos("$END", "", token) if token is not None else Token("$END", "", 0, 1, 1)
            at_end = True
        while True:  # reduce as the table says, then shift the token (or accept at the end)
            action, argument = states[state_stack[-1]].get(token.type, (None, None))
            if action is None:
                return None
            if action is Shift:
                if at_end:
                    return None
                state_stack.append(argument)
                value_stack.append(token)
                break
            size, origin, callback = reduce_with[id(argument)]
            if size:
                children = value_stack[-size:]
                del state_stack[-size:]
                del value_stack[-size:]
            else:
                children = []
            value_stack.append(callback(children))
            state_stack.append(states[state_stack[-1]][origin][1])
            if at_end and state_stack[-1] == tables.end_state:
                return value_stack[-1]
