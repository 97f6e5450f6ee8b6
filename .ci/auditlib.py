# Shared helpers for the audit scripts (.ci/traceability, .ci/trap-sites, .ci/audit-facts).
# Python 3 standard library only. Not a general Swift parser: a lexer good enough to separate code
# from comments and string literals, and a brace tracker that names the enclosing declaration.

import difflib
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
AUDIT_DOC = os.path.join(ROOT, "Docs", "AUDIT.md")

# The trusted code: library targets, lowest layer first (GUIDE: a strict DAG).
# The signing product (PureReceiptSigning) is held to the same checks, with its own line budget.
LIBRARY_MODULES = ["PureDER", "PureJSON", "PureCrypto", "PureX509", "PureReceipt", "PureReceiptSigning"]
LIBRARY_TESTS = [
    "PureDERTests", "PureJSONTests", "PureCryptoTests", "PureX509Tests", "PureReceiptTests", "PureReceiptSigningTests",
]


def rel(path):
    return os.path.relpath(path, ROOT)


def swift_files(*folders):
    """Every .swift file under the given folders (relative to ROOT), sorted, as relative paths."""
    out = []
    for folder in folders:
        base = os.path.join(ROOT, folder)
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames.sort()
            for name in sorted(filenames):
                if name.endswith(".swift"):
                    out.append(rel(os.path.join(dirpath, name)))
    return sorted(out)


def read_lines(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as handle:
        return handle.read().split("\n")


class Line:
    """One source line split into its code (strings blanked to "") and its comment text."""

    __slots__ = ("number", "text", "code", "comment", "comment_style")

    def __init__(self, number, text):
        self.number = number
        self.text = text
        self.code = ""
        self.comment = None  # text after the // (or inside /* */), None when the line has none
        self.comment_style = None  # "//", "///" or "/*"


def lex(lines):
    """Splits Swift source into per-line code and comment text.

    String literal contents (including interpolations and multi-line literals) are replaced by an
    empty literal in `code`, so nothing inside a string is ever mistaken for code.
    """
    out = []
    state = "code"  # code | block | string | mstring
    block_depth = 0
    for index, text in enumerate(lines):
        line = Line(index + 1, text)
        code = []
        i = 0
        n = len(text)
        while i < n:
            c = text[i]
            if state == "code":
                if text.startswith("///", i):
                    line.comment = text[i + 3:]
                    line.comment_style = "///"
                    break
                if text.startswith("//", i):
                    line.comment = text[i + 2:]
                    line.comment_style = "//"
                    break
                if text.startswith("/*", i):
                    state = "block"
                    block_depth = 1
                    line.comment = (line.comment or "") + text[i + 2:]
                    line.comment_style = "/*"
                    i += 2
                    continue
                if text.startswith('"""', i):
                    state = "mstring"
                    code.append('""')
                    i += 3
                    continue
                if c == '"':
                    state = "string"
                    code.append('""')
                    i += 1
                    continue
                code.append(c)
                i += 1
            elif state == "block":
                if text.startswith("/*", i):
                    block_depth += 1
                    i += 2
                elif text.startswith("*/", i):
                    block_depth -= 1
                    i += 2
                    if block_depth == 0:
                        state = "code"
                else:
                    i += 1
                if line.comment is None:
                    line.comment = text
                    line.comment_style = "/*"
            elif state == "string":
                if c == "\\":
                    i += 2
                elif c == '"':
                    state = "code"
                    i += 1
                else:
                    i += 1
            else:  # mstring
                if text.startswith('"""', i):
                    state = "code"
                    i += 3
                elif c == "\\":
                    i += 2
                else:
                    i += 1
        if state == "string":  # an unterminated single-line string ends at the line end
            state = "code"
        line.code = "".join(code)
        out.append(line)
    return out


DECL = re.compile(
    r"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*"
    r"(?:(?:public|package|private|fileprivate|internal|open|static|class|final|mutating|nonmutating|"
    r"override|convenience|required|nonisolated|consuming|borrowing|lazy|indirect|unsafe)(?:\([a-z]+\))?\s+)*"
    r"(?P<kind>func|init|deinit|subscript|var|let|struct|enum|class|extension|protocol|actor|case|"
    r"get|set|willSet|didSet)\b\s*(?P<rest>.*)$",
    re.S,
)
TYPE_KINDS = {"struct", "enum", "class", "extension", "protocol", "actor"}
FUNC_KINDS = {"func", "init", "deinit", "subscript", "var", "let", "get", "set", "willSet", "didSet"}


def decl_name(kind, rest):
    if kind in ("init", "deinit", "subscript"):
        return kind
    if kind in ("get", "set", "willSet", "didSet"):
        return None  # accessor: the property above names it
    m = re.match(r"([A-Za-z_][A-Za-z0-9_.]*|`[^`]+`|[^\s(<]+)", rest)
    return m.group(1) if m else kind


def classify(header):
    """(kind, name) of the declaration a `{` opens, or ("block", None)."""
    m = DECL.match(header)
    if not m:
        return ("block", None)
    kind = m.group("kind")
    if kind == "case":
        return ("block", None)
    if kind in TYPE_KINDS:
        return ("type", decl_name(kind, m.group("rest")))
    if kind in ("get", "set", "willSet", "didSet"):
        return ("accessor", None)
    if kind in ("let", "var") and "=" in m.group("rest"):
        return ("closure", decl_name(kind, m.group("rest")))  # `let x: T = { ... }()`
    return ("func", decl_name(kind, m.group("rest")))


def scopes(lexed):
    """For each line (1-based index into the returned list), the stack of (kind, name) scopes
    enclosing the start of that line."""
    stack = []
    result = [None]
    logical = ""  # the statement text since the last brace, joined across continuation lines
    for line in lexed:
        result.append(list(stack))
        code = line.code
        stripped = code.strip()
        # A new line starts a new statement unless the text so far leaves a bracket open or the
        # line continues a signature.
        if logical and not re.match(r"^\s*(\)|->|throws|rethrows|where|async|\.|:|,|&&|\|\|)", code):
            depth = logical.count("(") - logical.count(")") + logical.count("[") - logical.count("]")
            if depth <= 0 and not logical.rstrip().endswith((",", "(", "[", "=", "->")):
                logical = ""
        for c in code:
            if c == "{":
                stack.append(classify(logical))
                logical = ""
            elif c == "}":
                if stack:
                    stack.pop()
                logical = ""
            else:
                logical += c
        if stripped:
            logical += " "
    return result


def enclosing_name(stack):
    """'Type.function' for the innermost function-like scope, or None when not inside one."""
    func = None
    type_name = None
    owner = None
    for kind, name in stack:
        if kind == "type":
            type_name = name
        elif kind in ("func", "closure"):
            func = name
            owner = type_name
    if func is None:
        return None
    return f"{owner}.{func}" if owner else func


def innermost_type(stack):
    for kind, name in reversed(stack):
        if kind == "type":
            return name
    return None


def next_declaration(lexed, start, stack_at):
    """Name of the first declaration at or after line `start` (1-based), qualified by its type."""
    for line in lexed[start - 1:]:
        if not line.code.strip():
            continue
        m = DECL.match(line.code)
        if m and m.group("kind") not in ("case", "get", "set", "willSet", "didSet"):
            name = decl_name(m.group("kind"), m.group("rest"))
            kind = m.group("kind")
            if kind in TYPE_KINDS:
                return name
            owner = innermost_type(stack_at[line.number] or [])
            return f"{owner}.{name}" if owner else name
    return None


def where(lexed, stack_at, number):
    """The function enclosing line `number`, else the declaration that follows it."""
    name = enclosing_name(stack_at[number])
    if name:
        return name
    following = next_declaration(lexed, number, stack_at)
    return following or "(file)"


# --- generated sections in Docs/AUDIT.md ---------------------------------------------------------


def markers(name):
    return f"<!-- {name}:begin -->", f"<!-- {name}:end -->"


def read_section(name, path=AUDIT_DOC):
    begin, end = markers(name)
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    if begin not in text or end not in text:
        raise SystemExit(f"{rel(path)}: markers {begin} / {end} not found")
    return text, text.index(begin) + len(begin), text.index(end)


def emit(name, content, check, path=AUDIT_DOC):
    """Writes `content` between the markers, or with check=True compares and returns 1 on a diff."""
    text, start, stop = read_section(name, path)
    new_inner = "\n" + content.rstrip("\n") + "\n"
    old_inner = text[start:stop]
    if check:
        if old_inner == new_inner:
            print(f"{name}: {rel(path)} is up to date")
            return 0
        sys.stdout.writelines(
            difflib.unified_diff(
                old_inner.splitlines(True), new_inner.splitlines(True),
                f"{rel(path)} (committed {name})", f"{name} (regenerated)",
            )
        )
        print(f"\n{name}: {rel(path)} is out of date; regenerate with: python3 .ci/{script_for(name)}")
        return 1
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text[:start] + new_inner + text[stop:])
    print(f"{name}: wrote {rel(path)}")
    return 0


def script_for(name):
    return {"traceability": "traceability", "trap-sites": "trap-sites"}.get(name, "audit-facts")


def md(text):
    return text.replace("|", "\\|")
