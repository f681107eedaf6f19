"""A whole game as one animated GIF: one frame per step that changed the picture.

Boards are flat colours, so GIF's 256-colour frames lose nothing when they use
the board's own fixed palette (``render.palette``), and frames that differ
little from the previous one compress well. A replay must fit Discord's
upload limit: when it does not, the frames are scaled down step by step.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Iterable

from PIL import Image

UPLOAD_LIMIT = 10 * 1024 * 1024
"""Discord's attachment limit for bots (10 MiB)."""
FRAME_MS = 900
LAST_FRAME_MS = 4000
SCALES = (1.0, 0.75, 0.6, 0.5, 0.4, 0.3)


def distinct_frames(images: Iterable[Image.Image]) -> list[Image.Image]:
    """The frames with consecutive duplicates dropped (a step that changed nothing visible)."""
    kept: list[Image.Image] = []
    last = b""
    for image in images:
        digest = hashlib.blake2b(image.tobytes(), digest_size=16).digest()
        if digest != last:
            kept.append(image)
            last = digest
    return kept


def same_size(frames: list[Image.Image]) -> list[Image.Image]:
    """The frames on canvases of the largest one's size (a GIF shows every frame in the first
    frame's box: a taller board later in the game would lose its bottom). A board grows at the
    bottom, so the room added below it takes the colour of its bottom-left pixel."""
    width, height = max(f.width for f in frames), max(f.height for f in frames)
    padded = []
    for frame in frames:
        if frame.size == (width, height):
            padded.append(frame)
            continue
        rgb = frame.convert("RGB")
        canvas = Image.new("RGB", (width, height), rgb.getpixel((0, rgb.height - 1)))
        canvas.paste(rgb, (0, 0))
        padded.append(canvas)
    return padded


def _encode(frames: list[Image.Image], palette: Image.Image | None, scale: float) -> bytes:
    indexed = []
    for frame in frames:
        rgb = frame.convert("RGB")
        if scale != 1.0:
            rgb = rgb.resize(
                (max(1, round(rgb.width * scale)), max(1, round(rgb.height * scale))), Image.Resampling.BOX
            )
        if palette is not None:
            indexed.append(rgb.quantize(palette=palette, dither=Image.Dither.NONE))
        else:
            indexed.append(rgb.quantize(colors=256, method=Image.Quantize.FASTOCTREE))
    durations = [FRAME_MS] * (len(indexed) - 1) + [LAST_FRAME_MS]
    buffer = io.BytesIO()
    indexed[0].save(
        buffer,
        format="GIF",
        save_all=True,
        append_images=indexed[1:],
        duration=durations,
        loop=0,
        optimize=False,
        disposal=1,
    )
    return buffer.getvalue()


def animate(images: Iterable[Image.Image], palette: Image.Image | None = None, limit: int = UPLOAD_LIMIT) -> bytes:
    """GIF bytes of the distinct frames, scaled down until they fit ``limit``."""
    frames = distinct_frames(images)
    if not frames:
        raise ValueError("a replay needs at least one frame")
    frames = same_size(frames)
    for scale in SCALES:
        data = _encode(frames, palette, scale)
        if len(data) <= limit:
            return data
    raise ValueError(f"{len(frames)} frames do not fit in {limit} bytes even at {SCALES[-1]:.0%} size")
