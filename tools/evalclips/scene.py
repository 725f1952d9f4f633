"""A clip's scene: a world plane (the background picture) seen by a moving camera, with items lying on it
(cards, prints, occluders), and what the picture does after the lens (blur, light, noise). Frames are drawn at
SS× and box-filtered down, which antialiases edges; the truth comes from the same homographies."""
import math
from dataclasses import dataclass, field
from typing import Callable, Optional

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from . import geometry as g
from .facebox import face_box

SS = 2


@dataclass
class Truth:
    """A true object on an item, in the item image's pixels: a qr (symbol corners + message), a rect (corners)
    or a face (picture-left eye, other eye, mouth)."""
    id: int
    kind: str
    points: list
    message: Optional[str] = None


@dataclass
class Item:
    """An image lying on the world plane (space "world") or stuck to the picture (space "frame", for
    occluders that move with the camera). place(i) gives where its corners go in frame i (clockwise from its
    top-left), or None when it is not there."""
    image: Image.Image
    place: Callable
    alpha: Optional[Image.Image] = None
    truth: list = field(default_factory=list)
    shadow: bool = True
    space: str = "world"


@dataclass
class Clip:
    """One clip: its size, rate, length and codec, what it covers, its world, camera, items and finish."""
    name: str
    width: int
    height: int
    fps: int
    frames: int
    codec: str                # "h264" (MP4) or "ffv1" (MKV)
    covers: list
    about: str
    world: Image.Image        # the background: world pixels are its pixels
    camera: Callable          # i → the 3×3 homography world → picture (1× pixels)
    items: list = field(default_factory=list)
    world_truth: list = field(default_factory=list)   # objects printed on the background itself
    finish: Optional[Callable] = None   # (i, rgb float array, rng) → rgb: blur, light, noise
    sharp: Callable = lambda i: True    # frames where every fully visible QR code must read
    crf: int = 23
    fill: tuple = (128, 128, 128)   # beyond the world picture; make.py refuses frames that would show it

    @property
    def file(self):
        return f"{self.name}.{'mkv' if self.codec == 'ffv1' else 'mp4'}"


def _to_frame(clip, item, i, quad):
    """The homography item pixels → picture pixels (1×) in frame i."""
    H = g.homography(g.corners(*item.image.size), quad)
    return H if item.space == "frame" else clip.camera(i) @ H


def _warp(img, H, size, resample):
    return img.transform(size, Image.PERSPECTIVE, g.pil_coeffs(np.linalg.inv(H)), resample)


def render(clip, i):
    """Frame i: the RGB picture (float array, before finish) and its truth objects (dicts, top-left origin)."""
    W, H = clip.width, clip.height
    size = (W * SS, H * SS)
    S = g.scale(SS)
    frame = clip.world.transform(size, Image.PERSPECTIVE, g.pil_coeffs(np.linalg.inv(S @ clip.camera(i))),
                                 Image.BICUBIC, fillcolor=clip.fill)
    layers = [(clip.camera(i), clip.world_truth, None)]   # (item → picture, truth, coverage mask at SS×)
    pad = 14 * SS   # room for the shadow's blur and offset
    for item in clip.items:
        quad = item.place(i)
        if quad is None:
            continue
        M = _to_frame(clip, item, i, quad)
        pts = g.apply(S @ M, g.corners(*item.image.size))
        x0 = max(0, int(math.floor(min(p[0] for p in pts))) - pad)
        y0 = max(0, int(math.floor(min(p[1] for p in pts))) - pad)
        x1 = min(size[0], int(math.ceil(max(p[0] for p in pts))) + pad)
        y1 = min(size[1], int(math.ceil(max(p[1] for p in pts))) + pad)
        if x1 <= x0 or y1 <= y0:
            continue   # wholly outside: nothing to draw, nothing of it to annotate
        # Only the item's bounding box is warped and composited: the same pixels as a whole-frame warp.
        box, T = (x0, y0, x1, y1), np.array([[1.0, 0, -x0], [0, 1, -y0], [0, 0, 1]])
        bsize = (x1 - x0, y1 - y0)
        warped = _warp(item.image, T @ S @ M, bsize, Image.BICUBIC)
        alpha = item.alpha or Image.new("L", item.image.size, 255)
        mask = _warp(alpha, T @ S @ M, bsize, Image.BILINEAR)
        region = frame.crop(box)
        if item.shadow:
            shadow = mask.filter(ImageFilter.GaussianBlur(3 * SS)).transform(
                bsize, Image.AFFINE, (1, 0, -3 * SS, 0, 1, -4 * SS), Image.BILINEAR)
            dark = Image.eval(shadow, lambda v: 255 - v * 45 // 100)
            region = Image.fromarray((np.asarray(region, dtype=np.uint16) * np.asarray(dark, dtype=np.uint16)[..., None]
                                      // 255).astype(np.uint8))
        frame.paste(Image.composite(warped, region, mask), box)
        full = Image.new("L", size, 0)
        full.paste(mask, box)
        layers.append((M, item.truth, full))
    objects = _truth(layers, W, H)
    return np.asarray(frame.reduce(SS), dtype=np.float64), objects


def _truth(layers, W, H):
    covered = [np.asarray(m) >= 128 if m is not None else None for _, _, m in layers]
    objects = []
    for k, (M, truths, _) in enumerate(layers):
        above = None
        for c in covered[k + 1:]:
            above = c if above is None else (above | c)
        for t in truths:
            pts = g.apply(M, t.points)
            if t.kind == "face":
                (left, right), mouth = sorted(pts[:2]), pts[2]   # picture-left eye first, whatever the mirroring
                x, y, s = face_box(left, right, mouth)
                poly = [(x, y), (x + s, y), (x + s, y + s), (x, y + s)]
                obj = {"id": t.id, "type": "face", "bounds": [x, y, s, s], "leftEye": left, "rightEye": right,
                       "mouth": mouth}
            else:
                poly = pts
                obj = {"id": t.id, "type": t.kind, "corners": g.named_corners(pts)}
                if t.message is not None:
                    obj["message"] = t.message
            vis = _visibility(poly, above, W, H)
            if vis is None:
                continue
            obj["visibility"] = vis
            objects.append(obj)
    return objects


def _visibility(poly, above, W, H):
    """The fraction of poly's area inside the picture and not under a later layer; None when wholly outside.
    The part inside the picture is exact (polygon clipping); the covered share of it is counted on the SS×
    masks, so an object with nothing over it and nothing outside gets exactly 1."""
    inside = g.clip_to(poly, W, H)
    if len(inside) < 3 or g.area(inside) <= 0:
        return None
    share = g.area(inside) / g.area(poly)
    if above is None or not above.any():
        return min(1.0, share)
    mask = Image.new("1", (W * SS, H * SS), 0)
    ImageDraw.Draw(mask).polygon([(x * SS, y * SS) for x, y in inside], fill=1)
    pixels = np.asarray(mask)
    n = int(pixels.sum())
    if n == 0:
        return min(1.0, share)
    return min(1.0, share * float((pixels & ~above).sum()) / n)
