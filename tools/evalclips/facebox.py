"""The face box every truth file gives: dlib's frontal-face convention (a square from about the eyebrows to the
chin), computed from the eye centres and the mouth centre by one fixed rule:

    e      = midpoint of the two eye centres
    centre = e + CENTRE_ALONG · (mouth − e)
    side   = SIDE_PER_EYE_DISTANCE · |right eye − left eye| + SIDE_PER_EYE_MOUTH · |mouth − e|

The three constants are a least-squares fit on independent data, dlib's own 18 training boxes with 68 iBUG
landmarks (examples/faces/training_with_face_landmarks.xml in dlib's source), taking the eye centres as the
means of points 36–41 and 42–47 and the mouth as the mean of points 48–67. Run this module on that file to
redo the fit:  python3 -m evalclips.facebox training_with_face_landmarks.xml   (from tools/)."""
import math
import sys

CENTRE_ALONG = 0.455
SIDE_PER_EYE_DISTANCE = 0.823
SIDE_PER_EYE_MOUTH = 1.548


def face_box(left_eye, right_eye, mouth):
    """(x, y, side): the face box's top-left corner and side, in the points' own coordinates (y down)."""
    ex, ey = (left_eye[0] + right_eye[0]) / 2, (left_eye[1] + right_eye[1]) / 2
    cx, cy = ex + CENTRE_ALONG * (mouth[0] - ex), ey + CENTRE_ALONG * (mouth[1] - ey)
    side = (SIDE_PER_EYE_DISTANCE * math.dist(left_eye, right_eye) +
            SIDE_PER_EYE_MOUTH * math.dist(mouth, (ex, ey)))
    return cx - side / 2, cy - side / 2, side


def _iou(a, b):
    ix = max(0.0, min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1]))
    inter = ix * iy
    return inter / (a[2] * a[3] + b[2] * b[3] - inter)


def fit(xml_path):
    """Fits the rule's constants on a dlib landmark file; prints them, the median IoU of the rule's boxes with
    dlib's (with the constants above and with the fitted ones) and the leave-one-out median."""
    import xml.etree.ElementTree as ET
    import numpy as np
    samples = []
    for box in ET.parse(xml_path).getroot().iter("box"):
        parts = {int(p.get("name")): (float(p.get("x")), float(p.get("y"))) for p in box.iter("part")}
        if len(parts) < 68:
            continue
        P = np.array([parts[i] for i in range(68)])
        samples.append((P[36:42].mean(0), P[42:48].mean(0), P[48:68].mean(0),
                        tuple(float(box.get(k)) for k in ("left", "top", "width", "height"))))
    def solve(rows):
        E = np.array([(l + r) / 2 for l, r, _, _ in rows]); M = np.array([m for _, _, m, _ in rows])
        B = np.array([b for *_, b in rows]); C = B[:, :2] + B[:, 2:] / 2; u = M - E
        along = float((u * (C - E)).sum() / (u * u).sum())
        X = np.stack([[np.linalg.norm(r - l) for l, r, _, _ in rows], np.linalg.norm(u, axis=1)], 1)
        k, *_ = np.linalg.lstsq(X, B[:, 2], rcond=None)
        return along, float(k[0]), float(k[1])
    def box(sample, along, kd, km):
        l, r, m, _ = sample
        e = (l + r) / 2
        c = e + along * (m - e)
        s = kd * np.linalg.norm(r - l) + km * np.linalg.norm(m - e)
        return (c[0] - s / 2, c[1] - s / 2, s, s)
    fitted = solve(samples)
    print(f"{len(samples)} faces; fitted CENTRE_ALONG {fitted[0]:.3f}, SIDE_PER_EYE_DISTANCE {fitted[1]:.3f}, "
          f"SIDE_PER_EYE_MOUTH {fitted[2]:.3f}")
    used = (CENTRE_ALONG, SIDE_PER_EYE_DISTANCE, SIDE_PER_EYE_MOUTH)
    ious = [_iou(box(s, *used), s[3]) for s in samples]
    loo = [_iou(box(s, *solve(samples[:i] + samples[i + 1:])), s[3]) for i, s in enumerate(samples)]
    print(f"IoU with dlib's boxes, constants as used: median {np.median(ious):.3f}, min {min(ious):.3f}; "
          f"leave-one-out: median {np.median(loo):.3f}, min {min(loo):.3f}")


if __name__ == "__main__":
    fit(sys.argv[1])
