"""Canonical layout of a `.touti` file, rendered from its parsed model.

The layout: comments of the header, then `touti N`; one blank line between blocks; two
spaces of indent; `key: value` with single spaces; a list that does not fit in WIDTH
columns is broken after every comma, continuation lines indented four spaces; a trailing
comment follows its statement after two spaces.  Sections and rules keep the order they
were written in (reordering would change the model).  Comments are kept where the parser
attaches them: above the file, above a block, above or after a rule, at the end.

fmt is idempotent and parse(fmt(x)) == parse(x): `format_text` re-parses its own output
and refuses (E030) to return text whose model differs from the input's.
"""

from __future__ import annotations

from . import model as m
from .errors import Diagnostic, ToutiError
from .parser import parse_text

WIDTH = 100
INDENT = "  "
CONTINUATION = "    "


def format_text(text: str, file: str = "<string>") -> str:
    """The canonical text of a spec; ToutiError when it does not parse."""
    spec_file = parse_text(text, file)
    formatted = format_spec_file(spec_file)
    # Text that is already canonical needs no second parse: it is the input (half the cost of `fmt --check`).
    if formatted != text and parse_text(formatted, file, limit_size=False) != spec_file:
        raise ToutiError(Diagnostic("E030", "the formatter would change the meaning of this file; it was left "
                                            "unchanged (please report this as a bug)", m.Loc(file, 1, 1)))
    return formatted


def format_spec_file(spec_file: m.SpecFile) -> str:
    """Render a parsed (or built) SpecFile in the canonical layout."""
    lines = [*_comment_lines(spec_file.header_comments, ""), f"touti {spec_file.version}"]
    section_comments = list(spec_file.section_comments)
    previous_tag = None
    for block in spec_file.layout or derive_layout(spec_file):
        if not (block.tag == "drop" and previous_tag == "drop"):
            lines.append("")
        lines += _render_block(spec_file, block, section_comments)
        previous_tag = block.tag
    if spec_file.footer_comments:
        lines += ["", *_comment_lines(spec_file.footer_comments, "")]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- blocks


def _render_block(spec_file: m.SpecFile, block: m.Block, section_comments: list) -> list[str]:
    lines = _comment_lines(_take_section_comments(block, section_comments), "")
    if block.tag == "drop":
        removal = spec_file.removals[block.members[0][1]]
        keyword = "remove call" if removal.kind == "call" else "remove"
        return lines + _comment_lines(removal.comments, "") + [f"{keyword} {removal.target}"]
    if block.tag == "players":
        return lines + render_seat_rules(spec_file.seat_rules[block.members[0][1]])
    lines.append(_opener(spec_file, block))
    for tag, index in block.members:
        if tag == "rule":
            lines += _render_rule(spec_file.rules[index])
        else:
            removal = spec_file.removals[index]
            items = "" if removal.items is None else ": " + ", ".join(render_items(removal.items))
            lines += _comment_lines(removal.comments, INDENT) + [f"{INDENT}remove {removal.key}{items}"]
    return lines + ["}"]


def render_seat_rules(block: m.SeatRules) -> list[str]:
    """`with N players {`, then its rules in sections (consecutive rules of a section form one; the removals of a
    section after its rules), indented once more, then the sections and calls it takes away whole (`remove SECTION`,
    once however many rules it stands for)."""
    lines = [f"with {block.players} players {{"]
    section = None
    members = [(rule.section, rule) for rule in block.rules]
    whole = {removal.as_written: removal for removal in reversed(block.removed) if removal.key is None or removal.whole}
    for removal in (removal for removal in block.removed if removal.key is not None and not removal.whole):
        at = max((i + 1 for i, (name, _) in enumerate(members) if name == removal.section), default=len(members))
        members.insert(at, (removal.section, removal))
    for name, member in members:
        if name != section:
            if section is not None:
                lines.append(INDENT + "}")
            lines.append(f"{INDENT}{name} {{")
            section = name
        if isinstance(member, m.Removal):
            items = "" if member.items is None else ": " + ", ".join(render_items(member.items))
            lines += [INDENT + line for line in _comment_lines(member.comments, INDENT)]
            lines.append(f"{INDENT * 2}remove {member.key}{items}")
        else:
            lines += [INDENT + line for line in _render_rule(member)]
    if section is not None:
        lines.append(INDENT + "}")
    for written, removal in reversed(whole.items()):
        lines += _comment_lines(removal.comments, INDENT) + [INDENT + written]
    return lines + ["}"]


def _take_section_comments(block: m.Block, section_comments: list) -> tuple[str, ...]:
    if not block.commented:
        return ()
    for index, (name, comments) in enumerate(section_comments):
        if name == block.name:
            del section_comments[index]
            return comments
    return ()


def _opener(spec_file: m.SpecFile, block: m.Block) -> str:
    if block.name == "system" and block.tag == "block":
        base = f" extends {quote(spec_file.extends)}" if spec_file.extends is not None else ""
        return f"system {quote(spec_file.system)}{base} {{"
    add = "add " if block.tag == "add" else ""
    call = "call " if block.kind == "call" else ""
    return f"{add}{call}{block.name} {{"


def derive_layout(spec_file: m.SpecFile) -> tuple[m.Block, ...]:
    """A block layout for a SpecFile built without one: consecutive rules of a section form a block."""
    blocks: list[list] = []  # [name, kind, tag, members]
    if spec_file.system:
        blocks.append(["system", "section", "block", []])
    for index, rule in enumerate(spec_file.rules):
        _place(blocks, rule.section, rule.kind, spec_file.added, ("rule", index))
    for index, removal in enumerate(spec_file.removals):
        if removal.key is None:
            blocks.append([removal.section, removal.kind, "drop", [("remove", index)]])
        else:
            _place(blocks, removal.section, removal.kind, spec_file.added, ("remove", index), join_any=True)
    for name in spec_file.added:
        if not any(b[0] == name and b[2] == "add" for b in blocks):
            blocks.append([name, "section", "add", []])
    for index, seat_rules in enumerate(spec_file.seat_rules):
        blocks.append([f"with {seat_rules.players} players", "players", "players", [("players", index)]])
    commented = [name for name, _ in spec_file.section_comments]
    return tuple(_as_block(b, commented) for b in blocks)


def _place(blocks: list[list], section: str, kind: str, added, member, join_any: bool = False) -> None:
    candidates = blocks if join_any else blocks[-1:]
    for block in reversed(candidates):
        if block[0] == section and block[1] == kind and block[2] != "drop":
            block[3].append(member)
            return
    tag = "add" if section in added else "block"
    blocks.append([section, kind, tag, [member]])


def _as_block(block: list, commented: list[str]) -> m.Block:
    name, kind, tag, members = block
    has_comments = name in commented and name != "system"
    if has_comments:
        commented.remove(name)
    return m.Block(name, kind, tag, tuple(members), has_comments)


# ---------------------------------------------------------------- rules


def _render_rule(rule: m.Rule) -> list[str]:
    head, items = _statement(rule)
    lines = _comment_lines(rule.comments, INDENT)
    single = INDENT + head + ", ".join(items)
    if isinstance(rule.value, m.Text) and len(single) > WIDTH and rule.value.translations:
        body = [INDENT + head + quote(rule.value.value)]  # each translation on a line of its own
        body += [CONTINUATION + f"{lang} {quote(text)}" for lang, text in rule.value.translations]
    elif len(single) <= WIDTH or len(items) < 2:
        body = [single]
    else:
        body = [INDENT + head + items[0] + ","]
        body += [CONTINUATION + item + "," for item in items[1:-1]]
        body.append(CONTINUATION + items[-1])
    if rule.trailing is not None:
        body[-1] += "  #" + (" " + rule.trailing if rule.trailing else "")
    return lines + body


def _statement(rule: m.Rule) -> tuple[str, list[str]]:
    """The head (`key: ` or `require key: `) and the comma-separated items of a rule's value."""
    value = rule.value
    if isinstance(value, m.Requirement):
        return f"require {rule.key}: ", [render_expr(value.condition) + render_scopes(value)]
    return f"{'add ' if rule.adds else ''}{rule.key}: ", render_items(value)


def render_items(value: m.Value) -> list[str]:
    """A value as its comma-separated items (one item for values that are not lists)."""
    if isinstance(value, m.WordList):
        return list(value.words)
    if isinstance(value, m.Numbers):
        return [str(n) for n in value.values]
    if isinstance(value, m.Cards):
        return list(value.cards)
    if isinstance(value, m.Table):
        return [_entry(e) for e in value.entries]
    if isinstance(value, m.Decls):
        return [_decl(d) for d in value.items]
    return [render_value(value)]


def render_value(value: m.Value) -> str:
    """One value in spec syntax."""
    if isinstance(value, (m.Number, m.Word)):
        return str(value.value)
    if isinstance(value, m.Text):
        return quote(value.value) + "".join(f" {lang} {quote(text)}" for lang, text in value.translations)
    if isinstance(value, m.Order):
        return " > ".join(str(r) for r in value.ranks)
    if isinstance(value, m.Groups):
        return " | ".join(" ".join(str(s) for s in group) for group in value.groups)
    if isinstance(value, m.Setting):
        return f"{value.default} ({', '.join(str(c) for c in value.choices)})"
    if isinstance(value, m.Obligation):
        return _obligation(value)
    if isinstance(value, m.Formula):
        return render_expr(value.expr)
    if isinstance(value, (m.WordList, m.Numbers, m.Cards, m.Table, m.Decls)):
        return ", ".join(render_items(value))
    raise TypeError(f"the formatter does not know how to write {type(value).__name__}")


def _obligation(value: m.Obligation) -> str:
    return f"must {value.duty}" + render_scopes(value)


def render_scopes(value: m.Obligation | m.Requirement) -> str:
    """The ` when …` and ` unless …` of a duty or a requirement."""
    text = ""
    if value.when is not None:
        text += f" when {render_expr(value.when)}"
    if value.unless is not None:
        text += f" unless {render_expr(value.unless)}"
    return text


def _scalar(value) -> str:
    return "none" if value is None else str(value)


def _entry(entry: m.Entry) -> str:
    flags = "".join(f" {flag}" for flag in entry.flags)
    return f"{_scalar(entry.key)} = {_scalar(entry.value)}{flags}"


def _decl(decl: m.Decl) -> str:
    code = f"/{decl.code}" if decl.code is not None else ""
    aliases = f" aka {' '.join(decl.aliases)}" if decl.aliases else ""
    return f"{_scalar(decl.key)}{code} {_label(decl.label)}{aliases}"


def _label(label: m.Label) -> str:
    first, *rest = label.texts
    return quote(first[1]) + "".join(f" {lang} {quote(text)}" for lang, text in rest)


def quote(text: str) -> str:
    """A string literal: backslashes and double quotes escaped."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


# ---------------------------------------------------------------- conditions

# How tightly each node binds, loosest first; brackets are written only where the tree needs them.
IF_ELSE, ANY, ALL, NOT, COMPARE, SUM, PRODUCT, NEGATION, ATOM = range(9)


def _precedence(expr: m.Expr) -> int:
    if isinstance(expr, m.Arith):
        return PRODUCT if expr.op == "*" else SUM
    return _NODE_PRECEDENCE[type(expr)]


_NODE_PRECEDENCE = {m.IfElse: IF_ELSE, m.Any_: ANY, m.All: ALL, m.Not: NOT, m.Compare: COMPARE, m.Neg: NEGATION,
                    m.Pred: ATOM, m.Num: ATOM}


def render_expr(expr: m.Expr) -> str:
    """A condition or formula in spec syntax, bracketed only where the tree needs it."""
    if isinstance(expr, m.Pred):
        return expr.name if not expr.args else f"{expr.name}({', '.join(str(a) for a in expr.args)})"
    if isinstance(expr, m.Num):
        return str(expr.value)
    if isinstance(expr, m.Not):
        return "not " + _bracket(expr.operand, NOT)
    if isinstance(expr, m.Neg):
        if isinstance(expr.operand, m.Num):  # `-5` would read back as the number -5, not as its negation
            return f"-({expr.operand.value})"
        return "-" + _bracket(expr.operand, NEGATION)
    if isinstance(expr, (m.All, m.Any_)):
        joiner = " and " if isinstance(expr, m.All) else " or "
        return joiner.join(_bracket(op, _precedence(expr) + 1) for op in expr.operands)
    if isinstance(expr, (m.Compare, m.Arith)):
        own = _precedence(expr)
        left_floor = SUM if isinstance(expr, m.Compare) else own  # + - * are left-associative
        return f"{_bracket(expr.left, left_floor)} {expr.op} {_bracket(expr.right, max(own + 1, SUM))}"
    if isinstance(expr, m.IfElse):
        return (f"{_bracket(expr.then, ANY)} if {_bracket(expr.condition, ANY)} else "
                f"{_bracket(expr.otherwise, IF_ELSE)}")
    raise TypeError(f"the formatter does not know how to write {type(expr).__name__}")


def _bracket(expr: m.Expr, floor: int) -> str:
    """An operand, bracketed when it binds looser than `floor` allows."""
    text = render_expr(expr)
    return f"({text})" if _precedence(expr) < floor else text


# ---------------------------------------------------------------- comments


def _comment_lines(comments, indent: str) -> list[str]:
    return [indent + "#" + (" " + text if text else "") for text in comments]
