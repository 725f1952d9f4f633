"""What the clips are made of: two photos from scikit-image's data folder, and cards, papers, prints and
textures drawn here. Everything is drawn from a numpy Generator, so a seed fixes it."""
import hashlib
import os
import shutil
import subprocess
import tempfile

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont
import zxingcpp

# scikit-image's sample photos, as Debian 12's python3-skimage 0.19.3 and the scikit-image wheels ship them
# (the same bytes). astronaut.png: Eileen Collins, NASA, public domain. chelsea.png: a cat, CC0 by the
# photographer, Stefan van der Walt.
SOURCES = {
    "astronaut.png": "88431cd9653ccd539741b555fb0a46b61558b301d4110412b5bc28b5e3ea6cb5",
    "chelsea.png": "596aa1e7cb875eb79f437e310381d26b338a81c2da23439704a73c4651e8c4bb",
}
SKIMAGE_DATA = "usr/lib/python3/dist-packages/skimage/data"

# Hand-annotated in astronaut.png (512×512), by eye on 8–10× enlargements: the centres of the eye openings
# (midway between the corners, midway between the lids: the mean of iBUG points 36–41 / 42–47) and the mouth
# centre (the mean of the lip contours, iBUG 48–67: the corners sit at y ≈ 140.5, the upper lip's top at
# ≈ 138, the lower lip's bottom at ≈ 153). Continuous coordinates (pixel i spans [i, i+1)), y down.
ASTRONAUT_LEFT_EYE = (203.0, 101.0)   # on the picture's left (her right eye)
ASTRONAUT_RIGHT_EYE = (246.5, 102.5)
ASTRONAUT_MOUTH = (224.5, 144.0)


def source_dir(cache=None):
    """A folder holding astronaut.png and chelsea.png, checked against their SHA-256: Debian's installed
    python3-skimage if present, else the cache (default ~/.cache/iris-eval-clips), filled from the
    python3-skimage .deb that `apt-get download` fetches (no root needed, nothing installed)."""
    def good(folder):
        for name, digest in SOURCES.items():
            path = os.path.join(folder, name)
            if not os.path.exists(path):
                return False
            with open(path, "rb") as f:
                if hashlib.sha256(f.read()).hexdigest() != digest:
                    raise SystemExit(f"evalclips: {path} is not the scikit-image file it should be (SHA-256 differs)")
        return True
    installed = "/" + SKIMAGE_DATA
    if os.path.isdir(installed) and good(installed):
        return installed
    cache = cache or os.path.join(os.path.expanduser("~"), ".cache", "iris-eval-clips")
    if os.path.isdir(cache) and good(cache):
        return cache
    os.makedirs(cache, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        got = subprocess.run(["apt-get", "download", "python3-skimage"], cwd=tmp, capture_output=True, text=True)
        debs = [f for f in os.listdir(tmp) if f.endswith(".deb")]
        if got.returncode != 0 or not debs:
            raise SystemExit("evalclips: could not fetch python3-skimage with `apt-get download` "
                             f"(run apt-get update first?): {got.stderr.strip()}")
        members = [f"./{SKIMAGE_DATA}/{name}" for name in SOURCES]
        tar = subprocess.Popen(["dpkg-deb", "--fsys-tarfile", os.path.join(tmp, debs[0])], stdout=subprocess.PIPE)
        subprocess.run(["tar", "-x", "-C", tmp, *members], stdin=tar.stdout, check=True)
        tar.wait()
        for name in SOURCES:
            shutil.copyfile(os.path.join(tmp, SKIMAGE_DATA, name), os.path.join(cache, name))
    if not good(cache):
        raise SystemExit(f"evalclips: {cache} lacks the scikit-image photos after fetching them")
    return cache


def load(folder, name):
    return Image.open(os.path.join(folder, name)).convert("RGB")


def qr_card(message, px, margin=5, colour=(246, 246, 243)):
    """A card carrying a QR code of message, px card pixels a module, margin modules of card around the
    symbol (more than the 4-module quiet zone). Returns the card and the symbol's corners on it."""
    modules = zxingcpp.write_barcode(zxingcpp.BarcodeFormat.QRCode, message, 0, 0, 0)  # one pixel a module
    n = modules.shape[0]
    side = (n + 2 * margin) * px
    card = Image.new("RGB", (side, side), colour)
    card.paste(Image.fromarray(modules).resize((n * px, n * px), Image.NEAREST).convert("RGB"), (margin * px, margin * px))
    a, b = float(margin * px), float((margin + n) * px)
    return card, [(a, a), (b, a), (b, b), (a, b)]


def paper(rng, w, h, colour=(238, 234, 222), ink=(38, 40, 48)):
    """A sheet of w×h pixels with a heading and lines of word-blocks, as the demo's."""
    sheet = Image.new("RGB", (w, h), colour)
    d = ImageDraw.Draw(sheet)
    m, line = max(8, w // 16), max(6, h // 30)
    d.rectangle([m, m, m + int(rng.integers(w // 3, w // 2)), m + 2 * line], fill=ink)
    y = m + 4 * line
    while y < h - m - line:
        x, end = m, w - m - int(rng.integers(0, w // 4))
        while x < end:
            ww = int(rng.integers(w // 25, w // 7))
            d.rectangle([x, y, min(x + ww, end), y + line], fill=ink)
            x += ww + int(rng.integers(line, 2 * line))
        y += 2 * line + line // 2
    return sheet


def plain_card(rng, w, h, colour, ink):
    """A business card: a coloured card with a logo block and two short lines."""
    card = Image.new("RGB", (w, h), colour)
    d = ImageDraw.Draw(card)
    d.ellipse([w // 12, h // 6, w // 12 + h // 3, h // 6 + h // 3], fill=ink)
    for k in range(2):
        y = h // 2 + k * h // 6
        d.rectangle([w // 12, y, w // 12 + int(rng.integers(w // 3, 2 * w // 3)), y + h // 14], fill=ink)
    return card


# The portrait print: head and shoulders cut from astronaut.png, its edge feathered into the wall so that
# the print itself is no rectangle.
PORTRAIT_CROP = (132, 24, 318, 236)


def portrait(astronaut, mirrored=False):
    """The print, its alpha mask, and the eyes and mouth on it (picture-left eye first, before mirroring)."""
    x0, y0, x1, y1 = PORTRAIT_CROP
    img = astronaut.crop(PORTRAIT_CROP)
    w, h = img.size
    alpha = Image.new("L", (w, h), 0)
    ImageDraw.Draw(alpha).ellipse([8, 6, w - 8, h - 6], fill=255)
    alpha = alpha.filter(ImageFilter.GaussianBlur(5))
    pts = [(x - x0, y - y0) for x, y in (ASTRONAUT_LEFT_EYE, ASTRONAUT_RIGHT_EYE, ASTRONAUT_MOUTH)]
    if mirrored:
        img, alpha = img.transpose(Image.FLIP_LEFT_RIGHT), alpha.transpose(Image.FLIP_LEFT_RIGHT)
        pts = [(w - x, y) for x, y in pts]
    return img, alpha, pts


def smooth_noise(rng, w, h, cells):
    """Value noise in 0…1: a cells-wide random grid, bicubically enlarged to w×h."""
    grid = rng.random((max(2, cells * h // w), cells))
    img = Image.fromarray((grid * 255).astype(np.uint8)).resize((w, h), Image.BICUBIC)
    return np.asarray(img, dtype=np.float64) / 255


def plaster(rng, w, h, colour=(206, 198, 184)):
    """A wall: colour with blotches and grain."""
    v = 0.7 * smooth_noise(rng, w, h, 12) + 0.3 * smooth_noise(rng, w, h, 60) - 0.5
    grain = rng.normal(0, 1, (h, w))
    rgb = np.array(colour, dtype=np.float64)[None, None, :] * (1 + 0.10 * v[..., None]) + 1.5 * grain[..., None]
    return Image.fromarray(np.clip(rgb, 0, 255).astype(np.uint8))


def wood(rng, w, h, colour=(150, 104, 66)):
    """A desk top: wavy grain along x."""
    y = np.arange(h, dtype=np.float64)[:, None]
    x = np.arange(w, dtype=np.float64)[None, :]
    warp = 18 * smooth_noise(rng, w, h, 8)
    rings = 0.5 + 0.5 * np.sin((y + 3 * warp) / 16.0 + 0.002 * x)
    v = 0.75 * rings + 0.25 * smooth_noise(rng, w, h, 40)
    rgb = np.array(colour, dtype=np.float64)[None, None, :] * (0.8 + 0.3 * v[..., None])
    return Image.fromarray(np.clip(rgb, 0, 255).astype(np.uint8))


def flat(w, h, top, bottom):
    """A plain vertical gradient, for the lossless clip (flat areas keep FFV1 small)."""
    t = np.linspace(0, 1, h)[:, None, None]
    rgb = np.array(top)[None, None, :] * (1 - t) + np.array(bottom)[None, None, :] * t
    return Image.fromarray(np.repeat(np.round(rgb), w, axis=1).astype(np.uint8))


def font(size):
    return ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", size)
