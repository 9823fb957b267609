"""Helpers shared by the renderer tests."""

from __future__ import annotations

import ast
import io
import json
import re
from pathlib import Path
from types import ModuleType

from PIL import Image

from i18n import LANGUAGES, catalogue

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def decode(png: bytes) -> Image.Image:
    """The image a PNG holds, after checking it is one."""
    assert png.startswith(PNG_MAGIC)
    im = Image.open(io.BytesIO(png))
    im.load()
    return im


# -- the renderers' words ---------------------------------------------------------------------

LOCALES = Path(__file__).resolve().parents[2] / "bot" / "i18n" / "locales"


def literal_words(module: ModuleType, call: str = "ui") -> set[str]:
    """Every key a renderer's source passes literally to ``call(key, lang, ...)``: a string,
    or either string of ``"a" if cond else "b"`` (keys built at run time are the caller's)."""
    tree = ast.parse(Path(str(module.__file__)).read_text(encoding="utf-8"))
    keys: set[str] = set()
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == call and node.args):
            continue
        first = node.args[0]
        branches = [first.body, first.orelse] if isinstance(first, ast.IfExp) else [first]
        keys |= {b.value for b in branches
                 if isinstance(b, ast.Constant) and isinstance(b.value, str)}
    return keys


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"{(\w+)}", text))


def check_render_words(game: str, words: set[str]) -> None:
    """``<game>.render.<word>`` for exactly ``words`` in every language's ``<game>.json``
    (none missing, none left over), with the English placeholders, and in the merged
    catalogue the renderer reads."""
    prefix = f"{game}.render."
    files = {
        lang: json.loads((LOCALES / lang / f"{game}.json").read_text(encoding="utf-8"))
        for lang in LANGUAGES
    }
    wanted = {prefix + w for w in words}
    en = files["en"]
    for lang, own in files.items():
        render = {k for k in own if k.startswith(prefix)}
        assert sorted(wanted - render) == [], (lang, "missing")
        assert sorted(render - wanted) == [], (lang, "not used by the renderer")
        for key in wanted:
            assert placeholders(own[key]) == placeholders(en[key]), (lang, key)
            assert own[key].strip(), (lang, key)
            assert catalogue(lang)[key] == own[key], (lang, key)
