"""Generating one clip: frames, the encoded file, the truth file, and the QR readability check."""
import os
import sys

import numpy as np
import zxingcpp

from . import clips as catalogue
from .output import encoder, truth_json, yuv420
from .scene import render

TOOL = "tools/make-eval-clips"


def by_name(name):
    """The clip's catalogue index."""
    names = list(catalogue.ALL)
    if name not in names:
        raise SystemExit(f"make-eval-clips: no clip named {name!r}; the clips are " + ", ".join(names))
    return names.index(name)


def build(index, seed, src):
    """The clip with catalogue index `index`, drawn from its own stream of the seed (so --only gives the same
    clip as a full run)."""
    name, builder = list(catalogue.ALL.items())[index]
    clip = builder(np.random.default_rng([seed, index, 0]), src)
    assert clip.name == name, f"{builder.__name__} makes {clip.name}, listed as {name}"
    return clip


def frames(clip, seed, index, check_qr=True):
    """Yields (yuv420 bytes, truth objects) per frame; with check_qr, fails unless every QR code that is fully
    visible in a sharp frame reads back with its message (zxing-cpp on the final 8-bit RGB)."""
    rng = np.random.default_rng([seed, index, 1])
    for i in range(clip.frames):
        _check_view(clip, i)
        rgb, objects = render(clip, i)
        if clip.finish:
            rgb = clip.finish(i, rgb, rng)
        rgb = np.clip(rgb, 0, 255)
        if check_qr and clip.sharp(i):
            wanted = {o["message"] for o in objects if o["type"] == "qr" and o["visibility"] >= 0.999}
            if wanted:
                got = {r.text for r in zxingcpp.read_barcodes(np.round(rgb).astype(np.uint8),
                                                              formats=zxingcpp.BarcodeFormat.QRCode)}
                if wanted - got:
                    raise SystemExit(f"make-eval-clips: {clip.name} frame {i}: zxing-cpp cannot read "
                                     f"{sorted(wanted - got)} (read {sorted(got)})")
        yield yuv420(rgb), objects


def _check_view(clip, i):
    """Fails unless the whole picture of frame i shows the world picture: no edge of the desk or wall (which
    would be a rectangle nobody annotated), no horizon."""
    ww, wh = clip.world.size
    inv = np.linalg.inv(clip.camera(i))
    for x, y in ((0, 0), (clip.width, 0), (clip.width, clip.height), (0, clip.height)):
        u, v, w = inv @ np.array([x, y, 1.0])
        if w <= 0 or not (0 <= u / w <= ww and 0 <= v / w <= wh):
            raise SystemExit(f"make-eval-clips: {clip.name} frame {i}: the picture's corner ({x}, {y}) sees past "
                             f"the {ww}×{wh} world picture")


def write(index, seed, src, out_dir, raw=None, encode=True, check_qr=True):
    """Writes the clip and its truth into out_dir (or, with raw, the raw frames there instead of encoding)."""
    clip = build(index, seed, src)
    path = os.path.join(out_dir, clip.file)
    sink = open(raw, "wb") if raw else None
    enc = encoder(clip, path) if encode and not raw else None
    truth = []
    for data, objects in frames(clip, seed, index, check_qr):
        truth.append(objects)
        if sink:
            sink.write(data)
        if enc:
            enc.stdin.write(data)
    if sink:
        sink.close()
    if enc:
        enc.stdin.close()
        if enc.wait() != 0:
            raise SystemExit(f"make-eval-clips: ffmpeg failed on {path} ({enc.returncode})")
    text = truth_json(clip.file, clip.width, clip.height, clip.fps, truth, {"tool": TOOL, "seed": seed}, clip.covers)
    with open(os.path.join(out_dir, clip.name + ".truth.json"), "w") as f:
        f.write(text)
    return clip, truth
