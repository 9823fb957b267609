"""Helpers shared by the renderer tests."""

from __future__ import annotations

import io

from PIL import Image

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def decode(png: bytes) -> Image.Image:
    """The image a PNG holds, after checking it is one."""
    assert png.startswith(PNG_MAGIC)
    im = Image.open(io.BytesIO(png))
    im.load()
    return im
