"""From rendered frames to files: BT.601 limited-range yuv420p, the encoders, and the truth JSON."""
import json
import subprocess

import numpy as np

TAGS = ["-colorspace", "smpte170m", "-color_primaries", "smpte170m", "-color_trc", "smpte170m", "-color_range", "tv"]


def yuv420(rgb):
    """RGB floats in 0…255 → BT.601 limited-range Y'CbCr 4:2:0 planes, as tools/make-demo-recording does."""
    rgb = rgb / 255.0
    kr, kb = 0.299, 0.114
    r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    y = kr * r + (1 - kr - kb) * g + kb * b
    cb = (b - y) / (2 * (1 - kb))
    cr = (r - y) / (2 * (1 - kr))
    def sub(c):
        c = 0.25 * (c[0::2, 0::2] + c[1::2, 0::2] + c[0::2, 1::2] + c[1::2, 1::2])
        return np.clip(np.round(128 + 224 * c), 0, 255).astype(np.uint8)
    Y = np.clip(np.round(16 + 219 * y), 0, 255).astype(np.uint8)
    return Y.tobytes() + sub(cb).tobytes() + sub(cr).tobytes()


def encoder(clip, path):
    """An ffmpeg process reading raw yuv420p frames on stdin: x264 on one thread (a byte-identical MP4 from the
    same frames and the same ffmpeg build) or FFV1 (lossless); bit-exact muxing, no metadata."""
    if clip.codec == "ffv1":
        codec = ["-c:v", "ffv1", "-level", "3", "-g", "1", "-slices", "4", "-slicecrc", "1", "-threads", "1"]
    else:
        codec = ["-c:v", "libx264", "-preset", "slow", "-crf", str(clip.crf), "-g", str(clip.fps), "-threads", "1",
                 "-movflags", "+faststart"]
    cmd = ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y",
           "-f", "rawvideo", "-pix_fmt", "yuv420p", "-s", f"{clip.width}x{clip.height}", "-framerate", str(clip.fps),
           *TAGS, "-i", "-", *codec, "-pix_fmt", "yuv420p", *TAGS, "-map_metadata", "-1",
           "-fflags", "+bitexact", "-flags:v", "+bitexact", path]
    return subprocess.Popen(cmd, stdin=subprocess.PIPE)


def _r(v):
    v = round(float(v), 2)
    return 0.0 if v == 0 else v


def _obj(o):
    out = {"id": o["id"], "type": o["type"]}
    if "bounds" in o:
        out["bounds"] = [_r(v) for v in o["bounds"]]
    if "corners" in o:
        out["corners"] = {k: [_r(o["corners"][k][0]), _r(o["corners"][k][1])]
                          for k in ("topLeft", "topRight", "bottomRight", "bottomLeft")}
    for k in ("leftEye", "rightEye", "mouth"):
        if k in o:
            out[k] = [_r(o[k][0]), _r(o[k][1])]
    if "message" in o:
        out["message"] = o["message"]
    if o.get("visibility", 1) < 1:
        out["visibility"] = _r(o["visibility"])
    return out


def truth_json(clip_file, width, height, fps, frames, generator, covers):
    """The truth file's text: the header pretty-printed, then one line per frame (diffs stay readable).
    frames: one list of objects per frame, top-left coordinates. Points to 0.01 px; visibility to 0.01, left
    out when 1."""
    head = {"format": "iris-truth", "version": 1, "clip": clip_file, "width": width, "height": height,
            "frameRate": fps, "frameCount": len(frames), "coordinates": "top-left", "generator": generator,
            "covers": covers}
    lines = [json.dumps({"frame": i, "objects": [_obj(o) for o in objs]}, ensure_ascii=False, separators=(", ", ": "))
             for i, objs in enumerate(frames)]
    text = json.dumps(head, indent=2, ensure_ascii=False)[:-2] + ',\n  "frames": [\n    ' + ",\n    ".join(lines) + "\n  ]\n}\n"
    json.loads(text)
    return text
