#!/usr/bin/env python3
"""The imports and exports of a WebAssembly module, read from its binary (WebAssembly Core
Specification 2.0, §5.5: the import section has id 2, the export section id 7).

    python3 Vectors/wasm-hosts/wasm_sections.py MODULE.wasm [--no-imports] [--exports NAME,...]

Prints both lists. --no-imports: exit 1 when the module imports anything (a function, table,
memory or global from the host). --exports: exit 1 unless each NAME is exported.
"""

import argparse
import sys

KINDS = {0: "func", 1: "table", 2: "memory", 3: "global", 4: "tag"}


def leb(data, at):
    """An unsigned LEB128 value at `at`: (value, next offset)."""
    value, shift = 0, 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def name(data, at):
    length, at = leb(data, at)
    return data[at:at + length].decode("utf-8"), at + length


def limits(data, at):
    flags, at = leb(data, at)
    _, at = leb(data, at)
    if flags & 1:
        _, at = leb(data, at)
    return at


def sections(data):
    if data[:8] != b"\0asm\x01\0\0\0":
        raise SystemExit("not a WebAssembly 1.0 binary")
    at = 8
    while at < len(data):
        section_id = data[at]
        size, at = leb(data, at + 1)
        yield section_id, data[at:at + size]
        at += size


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("module")
    parser.add_argument("--no-imports", action="store_true")
    parser.add_argument("--exports", default="")
    args = parser.parse_args()
    data = open(args.module, "rb").read()
    imports, exports = [], []
    for section_id, body in sections(data):
        if section_id == 2:
            count, at = leb(body, 0)
            for _ in range(count):
                module, at = name(body, at)
                field, at = name(body, at)
                kind = body[at]
                at += 1
                if kind == 0:
                    _, at = leb(body, at)
                elif kind == 1:
                    at = limits(body, at + 1)
                elif kind == 2:
                    at = limits(body, at)
                elif kind == 3:
                    at += 2
                else:
                    _, at = leb(body, at + 1)
                imports.append(f"{module}.{field} ({KINDS.get(kind, kind)})")
        elif section_id == 7:
            count, at = leb(body, 0)
            for _ in range(count):
                field, at = name(body, at)
                kind = body[at]
                _, at = leb(body, at + 1)
                exports.append(f"{field} ({KINDS.get(kind, kind)})")
    print(f"imports: {', '.join(imports) if imports else 'none'}")
    print(f"exports: {', '.join(exports)}")
    failed = False
    if args.no_imports and imports:
        print(f"FAIL: {args.module} imports {len(imports)} item(s) from the host")
        failed = True
    for wanted in filter(None, args.exports.split(",")):
        if not any(e.startswith(wanted + " ") for e in exports):
            print(f"FAIL: {args.module} does not export {wanted}")
            failed = True
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
