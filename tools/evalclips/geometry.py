"""Plane geometry in continuous pixel coordinates: pixel (i, j) covers [i, i+1) × [j, j+1), origin top-left,
y down — Pillow's convention for transforms, so a point mapped here lands where Pillow draws it."""
import math

import numpy as np


def homography(src, dst):
    """The 3×3 projective map taking the 4 points src to the 4 points dst."""
    A, b = [], []
    for (x, y), (u, v) in zip(src, dst):
        A.append([x, y, 1, 0, 0, 0, -u * x, -u * y]); b.append(u)
        A.append([0, 0, 0, x, y, 1, -v * x, -v * y]); b.append(v)
    h = np.linalg.solve(np.array(A, dtype=np.float64), np.array(b, dtype=np.float64))
    return np.append(h, 1.0).reshape(3, 3)


def apply(H, pts):
    """Maps points through H."""
    out = []
    for x, y in pts:
        u, v, w = H @ np.array([x, y, 1.0])
        out.append((u / w, v / w))
    return out


def pil_coeffs(H_out_to_in):
    """Pillow's 8 PERSPECTIVE coefficients for a map from output pixels to input pixels."""
    H = H_out_to_in / H_out_to_in[2, 2]
    return tuple(H.flatten()[:8])


def scale(s):
    return np.diag([s, s, 1.0])


def corners(w, h):
    """An image's corners, clockwise from its top-left: the order every quad here uses."""
    return [(0.0, 0.0), (float(w), 0.0), (float(w), float(h)), (0.0, float(h))]


def placed(cx, cy, w, h, angle=0.0):
    """A w×h rectangle centred on (cx, cy), turned angle degrees clockwise on screen."""
    a = math.radians(angle)
    c, s = math.cos(a), math.sin(a)
    return [(cx + x * c - y * s, cy + x * s + y * c) for x, y in
            ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2))]


def area(poly):
    """A simple polygon's area (shoelace)."""
    n = len(poly)
    return abs(sum(poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1] for i in range(n))) / 2


def pinhole(width, height, focal, eye, target, roll=0.0):
    """The homography from the world plane z = 0 (x right, y down, in world pixels) to the picture of a
    pinhole camera at eye (x, y, z with z < 0: in front of the plane) looking at target (a point on the plane),
    rolled roll degrees about its line of sight (positive roll turns the picture anticlockwise), with focal
    length focal in picture pixels. Looking straight at the plane from
    distance d, one world pixel spans focal / d picture pixels."""
    eye, target = np.asarray(eye, dtype=np.float64), np.asarray(target, dtype=np.float64)
    f = target - eye
    f /= np.linalg.norm(f)
    r = np.cross([0.0, 1.0, 0.0], f)
    r /= np.linalg.norm(r)
    d = np.cross(f, r)
    a = math.radians(roll)
    r, d = math.cos(a) * r + math.sin(a) * d, -math.sin(a) * r + math.cos(a) * d
    R = np.stack([r, d, f])
    t = -R @ eye
    K = np.array([[focal, 0, width / 2], [0, focal, height / 2], [0, 0, 1.0]])
    return K @ np.column_stack([R[:, 0], R[:, 1], t])


def named_corners(pts):
    """The 4 corners of a convex quad named by where they appear in the picture: topLeft is the one nearest
    the picture's top-left corner (least x + y), the rest follow clockwise on screen."""
    cx, cy = sum(p[0] for p in pts) / 4, sum(p[1] for p in pts) / 4
    ring = sorted(pts, key=lambda p: math.atan2(p[1] - cy, p[0] - cx))  # clockwise on screen (y down)
    start = min(range(4), key=lambda i: ring[i][0] + ring[i][1])
    ring = ring[start:] + ring[:start]
    return dict(zip(("topLeft", "topRight", "bottomRight", "bottomLeft"), ring))


def clip_to(poly, W, H):
    """The part of a convex polygon inside the picture [0, W] × [0, H] (Sutherland–Hodgman)."""
    def cut(pts, inside, cross):
        out = []
        for k in range(len(pts)):
            a, b = pts[k - 1], pts[k]
            if inside(b):
                if not inside(a):
                    out.append(cross(a, b))
                out.append(b)
            elif inside(a):
                out.append(cross(a, b))
        return out
    def at_x(x):
        return lambda a, b: (x, a[1] + (b[1] - a[1]) * (x - a[0]) / (b[0] - a[0]))
    def at_y(y):
        return lambda a, b: (a[0] + (b[0] - a[0]) * (y - a[1]) / (b[1] - a[1]), y)
    pts = list(poly)
    for inside, cross in ((lambda p: p[0] >= 0, at_x(0)), (lambda p: p[0] <= W, at_x(W)),
                          (lambda p: p[1] >= 0, at_y(0)), (lambda p: p[1] <= H, at_y(H))):
        pts = cut(pts, inside, cross)
        if not pts:
            break
    return pts
