"""The clips. Each builder takes a numpy Generator (for what it draws) and the source photos, and returns a
Clip. Frame counts are small on purpose: CI runs every detector on every frame of every clip."""
import math

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from . import geometry as g
from . import material as m
from .scene import Clip, Item, Truth


def lerp(a, b, t):
    return a + (b - a) * t


def smooth(t):
    t = min(1.0, max(0.0, t))
    return t * t * (3 - 2 * t)


def ortho(W, x0, y0, w):
    """A camera looking straight at the plane: world rectangle (x0, y0, w wide) fills the picture W wide."""
    s = W / w
    return np.array([[s, 0, -x0 * s], [0, s, -y0 * s], [0, 0, 1.0]])


def still(quad):
    return lambda i: quad


def qr_item(id, message, quad, px=8):
    """A card carrying a QR code: the symbol is a qr (ID id) and the card a rect (ID id + 100), for a card is
    what a rectangle detector should find there."""
    card, symbol = m.qr_card(message, px)
    return Item(card, still(quad), truth=[Truth(id, "qr", symbol, message), Truth(id + 100, "rect", g.corners(*card.size))])


def rect_item(id, image, quad):
    return Item(image, still(quad), truth=[Truth(id, "rect", g.corners(*image.size))])


def print_item(id, astronaut, quad, mirrored=False):
    img, alpha, pts = m.portrait(astronaut, mirrored)
    return Item(img, still(quad), alpha=alpha, truth=[Truth(id, "face", pts)], shadow=False)


def portrait_quad(cx, cy, w, angle=0.0):
    x0, y0, x1, y1 = m.PORTRAIT_CROP
    return g.placed(cx, cy, w, w * (y1 - y0) / (x1 - x0), angle)


def noise(rng, rgb, sigma, shot=0.0):
    """Sensor noise: a floor of sigma plus shot noise growing with the signal (variance shot · value)."""
    sd = np.sqrt(sigma * sigma + shot * np.clip(rgb, 0, None))
    return rgb + rng.normal(0.0, 1.0, rgb.shape) * sd


def motion_blur(rgb, dx, dy):
    """Averages the picture along the segment (−dx/2, −dy/2)…(dx/2, dy/2): the camera moving while the shutter is open."""
    n = int(math.ceil(math.hypot(dx, dy))) + 1
    if n <= 1:
        return rgb
    pad = int(math.ceil(max(abs(dx), abs(dy)) / 2)) + 1
    p = np.pad(rgb, ((pad, pad), (pad, pad), (0, 0)), mode="edge")
    h, w = rgb.shape[:2]
    acc = np.zeros_like(rgb)
    for k in range(n):
        t = k / (n - 1) - 0.5
        ox, oy = int(round(t * dx)), int(round(t * dy))
        acc += p[pad + oy:pad + oy + h, pad + ox:pad + ox + w]
    return acc / n


def defocus(rgb, radius):
    if radius <= 0:
        return rgb
    img = Image.fromarray(np.clip(np.round(rgb), 0, 255).astype(np.uint8)).filter(ImageFilter.GaussianBlur(radius))
    return np.asarray(img, dtype=np.float64)


# --- the clips ---------------------------------------------------------------------------------------------

def faces_crowd(rng, src):
    """Five prints of the astronaut portrait (two mirrored) at sizes from about 70 to 230 px, on a wall; the
    camera pans right and zooms in a little, so prints leave on the left and enter on the right."""
    W, H, N = 1280, 720, 90
    A = m.load(src, "astronaut.png")
    items = [print_item(1, A, portrait_quad(300, 560, 130, -5)),
             print_item(2, A, portrait_quad(640, 520, 200, 4), mirrored=True),
             print_item(3, A, portrait_quad(1010, 570, 290, -3)),
             print_item(4, A, portrait_quad(1500, 560, 410, 6), mirrored=True),
             print_item(5, A, portrait_quad(1930, 470, 170, 0))]
    def camera(i):
        t = i / (N - 1)
        w = lerp(1280, 1180, t)
        return ortho(W, lerp(0, 940, t), lerp(200, 230, t), w)
    return Clip("faces-crowd-1280x720", W, H, 15, N, "h264",
                ["several objects", "camera motion", "entering and leaving", "faces at several sizes", "mirrored faces"],
                "Five prints of the astronaut portrait (two mirrored), faces about 70–240 px, on a plaster wall; the "
                "camera pans right (about 11 px a frame) with a slight zoom, so prints leave on the left and enter on the right.",
                m.plaster(rng, 2300, 1100), camera, items,
                finish=lambda i, rgb, r: noise(r, rgb, 2.0, 0.05), crf=27)


def qr_walk(rng, src):
    """A QR card and a business card on a desk; the camera walks in from about 2 m to 0.5 m while swinging
    round the card (up to about 35° off its axis) and rolling."""
    W, H, N = 640, 480, 120
    cx, cy = 1500, 1700   # the desk is large enough to fill every view
    items = [qr_item(1, "https://example.org/iris/qr-walk", g.placed(cx, cy, 220, 220, 8), px=10),
             rect_item(2, m.plain_card(rng, 340, 200, (224, 228, 236), (40, 60, 120)), g.placed(cx + 270, cy + 90, 170, 100, -12))]
    def camera(i):
        t = i / (N - 1)
        dist = lerp(1300, 430, smooth(t))
        swing = math.radians(35 * math.sin(2 * math.pi * t * 0.9))
        lift = math.radians(20 * math.sin(2 * math.pi * t * 0.6 + 0.8))
        eye = (cx + 20 + dist * math.sin(swing), cy + 10 + dist * math.sin(lift), -dist * math.cos(swing) * math.cos(lift))
        return g.pinhole(W, H, 600, eye, (cx + 20 + 30 * math.sin(3 * t), cy + 10, 0), roll=12 * math.sin(2 * math.pi * t * 0.7))
    return Clip("qr-walk-640x480", W, H, 30, N, "h264",
                ["scale change", "perspective", "camera motion"],
                "A QR card (its symbol about 60 → 220 px across) and a business card on a desk; the camera walks in from 3× the "
                "closest distance while swinging up to 35° round the card, tilting up to 20° and rolling up to 12°.",
                m.wood(rng, 2800, 2500), camera, items,
                finish=lambda i, rgb, r: noise(r, rgb, 2.0, 0.05), crf=22)


def qr_multi(rng, src):
    """Five QR codes with different messages and a plain card on a flat board, the camera panning fast across
    them: two or three in view at once, each entering and leaving. Lossless (FFV1), noise-free."""
    W, H, N = 640, 480, 45
    spots = [(230, 250, 170, -6, 7), (500, 210, 150, 10, 6), (760, 300, 200, -2, 8), (1030, 220, 140, 15, 6),
             (1290, 280, 180, 4, 7)]
    items = [qr_item(k + 1, f"IRIS-QR-{k + 1}:" + "".join(chr(65 + int(c)) for c in rng.integers(0, 26, 6)),
                     g.placed(x, y, s, s, a), px=px) for k, (x, y, s, a, px) in enumerate(spots)]
    items.append(rect_item(6, m.plain_card(rng, 300, 180, (250, 222, 140), (90, 60, 20)), g.placed(960, 415, 150, 90, 7)))
    def camera(i):
        return ortho(W, lerp(0, 1060, i / (N - 1)), 20, 640)
    return Clip("qr-multi-640x480", W, H, 15, N, "ffv1",
                ["several objects", "entering and leaving", "camera motion", "lossless"],
                "Five QR codes (each its own message, symbols 95–135 px) and a yellow card on a plain board; the camera pans "
                "fast (about 24 px a frame), one to three codes in view at once, each entering and leaving. No noise: "
                "FFV1 keeps the pixels exact.",
                Image.new("RGB", (1800, 700), (176, 190, 204)), camera, items, fill=(176, 190, 204))


def blur_noise(rng, src):
    """The astronaut photo with a QR card and a paper sheet, filmed handheld: shake with motion blur in frames
    15–55, then the focus drifts off and back (frames 65–105); heavy sensor noise throughout."""
    W, H, N = 640, 480, 120
    A = m.load(src, "astronaut.png")
    items = [rect_item(2, m.paper(rng, 780, 504), g.placed(212, 252, 130, 84, -4)),
             qr_item(3, "https://example.org/iris/blur?frame=shake", g.placed(352, 196, 96, 96, 5), px=12)]
    shaky = lambda i: 15 <= i <= 55
    def centre(t):
        i = t
        sx = sy = 0.0
        if 15 <= i <= 55:
            env = math.sin(math.pi * (i - 15) / 40)
            sx = env * (7 * math.sin(i * 0.9) + 4 * math.sin(i * 2.3 + 1))
            sy = env * (5 * math.sin(i * 1.3 + 2) + 3 * math.sin(i * 2.9))
        return lerp(40, 120, t / (N - 1)) + sx, lerp(28, 36, t / (N - 1)) + sy
    def camera(i):
        x0, y0 = centre(i)
        return ortho(W, x0, y0, 370)
    def blur_radius(i):
        return 3.5 * max(0.0, 1 - abs(i - 85) / 20) if 65 <= i <= 105 else 0.0
    def finish(i, rgb, r):
        if shaky(i):
            (ax, ay), (bx, by) = centre(i - 0.5), centre(i + 0.5)
            s = W / 370
            rgb = motion_blur(rgb, (ax - bx) * s, (ay - by) * s)
        rgb = defocus(rgb, blur_radius(i))
        return noise(r, rgb, 5.0, 0.3)
    def sharp(i):
        if blur_radius(i) > 0:
            return False
        if shaky(i):
            (ax, ay), (bx, by) = centre(i - 0.5), centre(i + 0.5)
            return math.hypot(ax - bx, ay - by) * W / 370 < 1
        return True
    return Clip("blur-noise-640x480", W, H, 30, N, "h264",
                ["motion blur", "defocus blur", "sensor noise", "camera motion"],
                "The astronaut photo (her face box ≈ 175 px) with a paper sheet and a QR card, filmed handheld: a slow pan, "
                "shake with matching motion blur (streaks up to about 25 px) in frames 15–55, defocus (Gaussian, "
                "σ up to 3.5 px) rising and falling over frames 65–105, and heavy sensor noise (σ ≈ 5–10 levels) throughout. zxing-cpp reads the QR code in the 40 sharp frames.",
                A, camera, items, world_truth=[Truth(1, "face", [m.ASTRONAUT_LEFT_EYE, m.ASTRONAUT_RIGHT_EYE, m.ASTRONAUT_MOUTH])],
                finish=finish, sharp=sharp, crf=26, fill=(120, 120, 130))


def low_light(rng, src):
    """A portrait print, a QR card and a document on a wall under a lamp from the left: the right side lies in
    shadow (down to 30%), and the light fades to 18% of full over frames 20–80; noise grows as it darkens."""
    W, H, N = 640, 480, 120
    A = m.load(src, "astronaut.png")
    items = [print_item(1, A, portrait_quad(240, 330, 230, -3)),
             qr_item(2, "https://example.org/iris/low-light", g.placed(560, 250, 160, 160, -6), px=9),
             rect_item(3, m.paper(rng, 600, 420), g.placed(600, 500, 210, 147, 5))]
    def camera(i):
        t = i / (N - 1)
        return ortho(W, lerp(30, 70, t), lerp(60, 80, t), lerp(800, 760, t))
    x = np.linspace(0, 1, W)[None, :, None]
    y = np.linspace(0, 1, H)[:, None, None]
    shade = 1 - 0.7 * np.clip(1.1 * x + 0.25 * y - 0.2, 0, 1) ** 1.5
    def gain(i):
        return lerp(1.0, 0.18, smooth((i - 20) / 60))
    def finish(i, rgb, r):
        return noise(r, rgb * shade * gain(i), 2.5, 0.4)
    return Clip("low-light-640x480", W, H, 30, N, "h264",
                ["low light", "uneven light", "sensor noise", "camera motion"],
                "A portrait print (face ≈ 100 px), a QR card and a document on a wall lit from the left: a shadow "
                "gradient takes the right side down to 30%, and over frames 20–80 the light fades to 18% of full; "
                "sensor noise with a shot-noise term, so the dark frames are grainy. A slow drift and zoom. zxing-cpp reads the QR code while the light is above 50%.",
                m.plaster(rng, 1000, 800), camera, items, finish=finish, sharp=lambda i: gain(i) > 0.5, crf=23)


def occlusion(rng, src):
    """A portrait print, a QR card and a document on a wall; an arm reaches down from the top and sweeps across
    all three while the camera pans left, bringing the print in at the left and pushing the document out right."""
    W, H, N = 1280, 720, 90
    A = m.load(src, "astronaut.png")
    items = [print_item(1, A, portrait_quad(380, 430, 300, 2)),
             qr_item(2, "https://example.org/iris/occlusion", g.placed(820, 400, 220, 220, 4), px=10),
             rect_item(3, m.paper(rng, 600, 420), g.placed(1330, 440, 300, 210, -3))]
    arm = Image.new("RGB", (180, 1000), (44, 52, 84))
    ImageDraw.Draw(arm).ellipse([8, 840, 172, 1000], fill=(198, 160, 132))   # the hand
    ImageDraw.Draw(arm).rectangle([8, 700, 172, 920], fill=(198, 160, 132))
    alpha = Image.new("L", arm.size, 0)
    ImageDraw.Draw(alpha).rounded_rectangle([4, -100, 176, 996], radius=86, fill=255)
    alpha = alpha.filter(ImageFilter.GaussianBlur(2))
    def reach(i):
        t = i / (N - 1)
        x = lerp(-220, 1400, t)
        tip = lerp(380, 470, math.sin(math.pi * t))   # how far down the picture the fingertips reach
        return g.placed(x, tip - 500, 180, 1000, lerp(8, -6, t))
    items.append(Item(arm, reach, alpha=alpha, space="frame"))
    def camera(i):
        return ortho(W, lerp(260, 0, i / (N - 1)), 80, 1280)
    return Clip("occlusion-1280x720", W, H, 15, N, "h264",
                ["partial occlusion", "entering and leaving", "camera motion"],
                "A portrait print (face ≈ 165 px), a QR card and a document on a wall; an arm reaching down from the "
                "top sweeps across all three (about 18 px a frame), covering each in turn, while the camera pans left: "
                "the print comes in at the left edge and the document goes out at the right.",
                m.plaster(rng, 1800, 900, (196, 204, 196)), camera, items,
                finish=lambda i, rgb, r: noise(r, rgb, 2.0, 0.05), crf=27)


def documents(rng, src):
    """Four flat rectangles on a desk — a page, an index card, a dark book cover, a business card — with the
    camera orbiting: strong perspective, rolling, all four in view."""
    W, H, N = 1280, 720, 75
    book = m.plain_card(rng, 360, 480, (46, 70, 58), (214, 200, 160))
    ox, oy = 1200, 500   # the desk is large enough to fill every view
    items = [rect_item(1, m.paper(rng, 840, 1188), g.placed(ox + 600, oy + 600, 420, 594, -8)),
             rect_item(2, m.paper(rng, 600, 360, (250, 250, 246), (60, 60, 160)), g.placed(ox + 1100, oy + 420, 300, 180, 12)),
             rect_item(3, book, g.placed(ox + 1250, oy + 800, 360, 480, 4)),
             rect_item(4, m.plain_card(rng, 340, 200, (236, 236, 240), (170, 30, 30)), g.placed(ox + 950, oy + 900, 170, 100, -20))]
    def camera(i):
        t = i / (N - 1)
        yaw = math.radians(lerp(-26, 22, t))
        pitch = math.radians(18 * math.sin(math.pi * t) - 6)
        d = 1150
        eye = (ox + 910 + d * math.sin(yaw), oy + 650 + d * math.sin(pitch), -d * math.cos(yaw) * math.cos(pitch))
        return g.pinhole(W, H, 760, eye, (ox + 910, oy + 650, 0), roll=lerp(-10, 10, t))
    return Clip("documents-1280x720", W, H, 15, N, "h264",
                ["perspective", "several objects", "camera motion"],
                "Four rectangles on a desk (a printed page, an index card, a dark book cover, a business card); the "
                "camera orbits from 26° left to 22° right of overhead, pitching from −6° to 12° and rolling ±10°.",
                m.wood(rng, 4500, 2100, (120, 86, 60)), camera, items,
                finish=lambda i, rgb, r: noise(r, rgb, 2.0, 0.05), crf=27)


def empty_wall(rng, src):
    """Nothing to find: a plaster wall with painted text and a cat photo blended into it (no hard edges, so no
    rectangles), the camera panning. Every detection here is a false positive."""
    W, H, N = 640, 480, 90
    wall = m.plaster(rng, 1500, 700, (214, 206, 190))
    cat = m.load(src, "chelsea.png")
    fade = Image.new("L", cat.size, 0)
    ImageDraw.Draw(fade).ellipse([55, 45, cat.size[0] - 55, cat.size[1] - 45], fill=255)   # the blur stays inside
    wall.paste(cat, (560, 200), fade.filter(ImageFilter.GaussianBlur(18)))
    d = ImageDraw.Draw(wall)
    words = ["camera", "frame", "signal", "noise", "window", "light", "corner", "square", "circle", "paper",
             "motion", "shadow", "pixel", "lens", "focus", "blur"]
    for k in range(9):
        x, y = int(rng.integers(40, 420)) + (0 if k % 2 else 1040), 60 + 68 * k
        line = " ".join(words[int(j)] for j in rng.integers(0, len(words), 4))
        d.text((x, y), line, fill=(52, 48, 44), font=m.font(int(rng.integers(22, 40))))
    d.text((560, 540), "NO QR · NO FACE · NO CARD", fill=(120, 40, 30), font=m.font(34))
    def camera(i):
        t = i / (N - 1)
        return ortho(W, lerp(0, 760, t), lerp(110, 150, t), lerp(700, 660, t))
    return Clip("empty-640x480", W, H, 30, N, "h264", ["no objects", "camera motion"],
                "No faces, rectangles or QR codes: a plaster wall with painted words and a cat photo (chelsea.png) "
                "blended in with a feathered edge; the camera pans right with a slight zoom. Everything found is a false positive.",
                wall, camera, [], finish=lambda i, rgb, r: noise(r, rgb, 2.5, 0.05), crf=27)


# The clips by name, in catalogue order: a clip's index picks its random streams, so append new clips at the end.
ALL = {"faces-crowd-1280x720": faces_crowd, "qr-walk-640x480": qr_walk, "qr-multi-640x480": qr_multi,
       "blur-noise-640x480": blur_noise, "low-light-640x480": low_light, "occlusion-1280x720": occlusion,
       "documents-1280x720": documents, "empty-640x480": empty_wall}
