#!/usr/bin/env python3
"""Rewrite Rust paths of items that moved to another module, splitting grouped imports.

Usage: .ci/repath.py FILE...   (rewrites in place; run `cargo fmt` afterwards)

MOVES maps an old module path to {item: new module path}. For every file it rewrites
  use crate::OLD::{A, B, C};        -> keeps the items that stayed, adds `use crate::NEW::{..};`
  use crate::OLD::A;  / A as X;     -> use crate::NEW::A;
  crate::OLD::A (inline, in code)   -> crate::NEW::A
with `crate` or `lantern` (tests, examples, benches) as the root. Written for the `layers` branch:
`Command`'s application, undo and the open document moved from `model` up to `edit`.
"""
import re
import sys

MOVES = {
    "model": {"Document": "edit", "History": "edit", "apply": "edit"},
}

ROOTS = ("crate", "lantern")


def split_items(body):
    items, depth, cur = [], 0, ""
    for ch in body:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        if ch == "," and depth == 0:
            items.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        items.append(cur.strip())
    return items


def head(item):
    return re.split(r"[\s:{]", item, maxsplit=1)[0]


def rewrite(text):
    for old, names in MOVES.items():
        for root in ROOTS:
            prefix = f"{root}::{old}::"
            group = re.compile(
                r"^(?P<indent>[ \t]*)(?P<vis>pub(\([^)]*\))? )?use "
                + re.escape(prefix)
                + r"\{(?P<body>[^;]*)\};",
                re.M,
            )

            def fix_group(m):
                items = split_items(m.group("body"))
                stay = [i for i in items if head(i) not in names]
                moved = {}
                for i in items:
                    if head(i) in names:
                        moved.setdefault(names[head(i)], []).append(i)
                if not moved:
                    return m.group(0)
                ind, vis = m.group("indent"), m.group("vis") or ""
                out = []
                if stay:
                    if len(stay) == 1:
                        out.append(f"{ind}{vis}use {prefix}{stay[0]};")
                    else:
                        out.append(f"{ind}{vis}use {prefix}{{{', '.join(stay)}}};")
                for new, its in moved.items():
                    if len(its) == 1:
                        out.append(f"{ind}{vis}use {root}::{new}::{its[0]};")
                    else:
                        out.append(f"{ind}{vis}use {root}::{new}::{{{', '.join(its)}}};")
                return "\n".join(out)

            text = group.sub(fix_group, text)
            for name, new in names.items():
                text = re.sub(
                    r"\b" + re.escape(prefix) + re.escape(name) + r"\b",
                    f"{root}::{new}::{name}",
                    text,
                )
    return text


for path in sys.argv[1:]:
    with open(path) as f:
        before = f.read()
    after = rewrite(before)
    if after != before:
        with open(path, "w") as f:
            f.write(after)
        print(path)
