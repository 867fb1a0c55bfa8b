"""A Pygments lexer for `.touti` specs, registered as `touti` through the `pygments.lexers` entry point.

It highlights by token shape only (keywords, section and rule names, numbers, strings,
language codes, comments with `Decision:` notes standing out); it never validates.
"""

from __future__ import annotations

from pygments.lexer import RegexLexer, bygroups, words
from pygments.token import Comment, Keyword, Name, Number, Operator, Punctuation, String, Text, Whitespace

from .. import schema

KEYWORDS = ("touti", "system", "extends", "call", "require", "add", "remove", "must", "when", "unless", "aka")
OPERATORS = ("not", "and", "or")


class ToutiLexer(RegexLexer):
    """Lexer for the `.touti` rule-spec language."""

    name = "Touti"
    aliases = ["touti"]
    filenames = ["*.touti"]
    mimetypes = ["text/x-touti"]

    tokens = {
        "root": [
            (r"[ \t]+", Whitespace),
            (r"\n", Whitespace),
            (r"#\s*Decision:.*$", Comment.Special),
            (r"#.*$", Comment.Single),
            (r'"(\\\\|\\"|[^"\n])*"', String.Double),
            (r"\b(fr|ar|es|en)(?=[ \t]+\")", Name.Attribute),
            (words(KEYWORDS, suffix=r"\b"), Keyword),
            (words(OPERATORS, suffix=r"\b"), Operator.Word),
            (words(schema.SECTIONS, suffix=r"(?=\s*\{)"), Name.Namespace),
            (r"\b([a-z_][a-z0-9_]*)(\s*)(:)", bygroups(Name.Tag, Whitespace, Punctuation)),
            (r"\b(yes|no|none)\b", Keyword.Constant),
            (r"-?\d+", Number.Integer),
            (r"[a-z_][a-z0-9_]*", Name),
            (r"[>|=/]", Operator),
            (r"[{}(),]", Punctuation),
            (r".", Text),
        ]
    }
