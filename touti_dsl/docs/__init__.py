"""Rules docs: pages rendered from the validated model, rule-by-rule diffs, catalogs, lexer.

`render.py` writes the generated pages (rules per system and language, the comparison,
the CLI reference, the error codes); `words.py` turns model nodes into sentences through
the translation catalogs of `catalog.py`; `diff.py` compares two specs rule by rule;
`lexer.py` highlights `.touti` code blocks.
"""
