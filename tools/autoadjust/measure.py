"""Shared measures of tools/red-eye-accuracy and tools/enhance-accuracy: CIEDE2000 through scikit-image, and running
iris render with its chosen filters parsed from --print-filters."""
import re, subprocess, time
import numpy as np
from skimage.color import rgb2lab, deltaE_ciede2000


def delta_e(a, b, mask=None):
    """Per-pixel CIEDE2000 between two sRGB uint8 pictures (skimage's rgb2lab: sRGB, D65; deltaE_ciede2000 with
    kL = kC = kH = 1), the mean over mask (or the whole picture)."""
    d = deltaE_ciede2000(rgb2lab(a), rgb2lab(b))
    return float(d[mask].mean() if mask is not None else d.mean())


def iris_render(iris, source, target, flags):
    """Runs `iris render SOURCE TARGET --auto-enhance --print-filters FLAGS`; the filters it printed (lines starting
    with "CI") and its wall time in seconds (one process: start, decode, analysis, render, PNG encode)."""
    start = time.perf_counter()
    run = subprocess.run([iris, "render", source, target, "--auto-enhance", "--print-filters", *flags],
                         capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if run.returncode != 0:
        raise RuntimeError(f"iris render {source}: exit {run.returncode}: {run.stderr.strip()[-500:]}")
    return [l.strip() for l in run.stdout.splitlines() if l.startswith("CI")], elapsed


def red_eye_pupils(filters, height):
    """CIRedEyeCorrection's inputCorrectionInfo (x y radius redness per eye, bottom-left origin) as top-left
    (x, y, r)."""
    triples = []
    for line in filters:
        if not line.startswith("CIRedEyeCorrection"): continue
        m = re.search(r"inputCorrectionInfo=\[([^\]]*)\]", line)
        if not m: continue
        v = [float(t) for t in m.group(1).replace(",", " ").split()]
        triples += [(v[i], height - v[i + 1], v[i + 2]) for i in range(0, len(v) - 3, 4)]
    return triples
