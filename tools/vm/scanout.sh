#!/usr/bin/env bash
# The GLES preview drawn straight into GBM scanout buffers on vkms (tools/vm/acceptance.sh runs it; alone:
# `tools/vm-test tools/vm/scanout.sh`). A 320x240 still (a frame of the bundled demo) through a colour filter,
# previewed on a 640x480 mode and recorded, on llvmpipe: the summary must say the preview is in scanout
# buffers, the metrics must count 0 bytes copied for the display, another client's grab of the screen must be
# the recording's picture scaled 2x (compared box-averaged to 80x60: mean ≤ 2.5, worst ≤ 24 code values; measured 1.78 and 19), and
# the run must upload no more than the same GLES recording without a preview (the chain runs once a frame:
# the scanout buffer is drawn from the recording's output), and
# the GLES recording's Y'CbCr planes must equal the CPU renderer's (worst ≤ 6, mean ≤ 0.5; measured 5 and
# 0.20: the renderers' RGBA agrees within 2/255, and the GLES cube atlas differs near black).
set -u
BIN=${IRIS_BIN:?IRIS_BIN not set}
# Each iris run is bounded: a hang is a FAIL naming the run, with the end of its output (tools/vm/bounded.sh).
. "$(dirname "$0")/bounded.sh"
# llvmpipe's 256-bit code reads textures with AVX2 gathers; under QEMU's emulation (-cpu max) those crashed
# now and then at a garbage address (lanes a real CPU leaves masked off, we think). 128-bit vectors have
# no gathers: Iris's GLES runs in the guest crashed three times in five without this, never with it.
export LP_NATIVE_VECTOR_WIDTH=128
rc=0
echo "== GLES preview into GBM scanout buffers on vkms"
if [ ! -f /tmp/qr-still.png ]; then
    "${bounded[@]}" "$BIN/iris" render Recordings/demo-640x480.mp4 /tmp/qr-still.png --frame 0 --renderer cpu \
        --filter 'CIAffineTransform inputTransform=[0.5 0 0 0.5 0 0]' >/tmp/scanout-still.out 2>&1
    st=$?
    timed_out "iris render of the still" $st /tmp/scanout-still.out && rc=1
fi
chain=(--filter 'CIColorControls inputSaturation=1.4 inputContrast=1.1')
rm -f /tmp/scanout.mkv /tmp/scanout-cpu.mkv /tmp/scanout-gles-only.mkv /tmp/scanout-record-only.json /tmp/scanout-grab.png /tmp/scanout.fifo
ffmpeg -v error -y -loop 1 -i /tmp/qr-still.png -frames:v 3 -pix_fmt yuv420p /tmp/scanout-still.y4m
# The frames come through a pipe that stays open after them, so iris has shown its last frame and waits
# while another client grabs the screen: the grab is of a known frame.
mkfifo /tmp/scanout.fifo
# (bounded, the FIFO's writer below cannot block for good either: a run killed at its limit closes the FIFO.)
"${bounded[@]}" "$BIN/iris" run --source - --preview auto --preview-mode 640x480 "${chain[@]}" \
    --renderer gles --record /tmp/scanout.mkv --codec ffv1 --metrics /tmp/scanout-metrics.json \
    </tmp/scanout.fifo >/tmp/scanout.out 2>&1 &
pid=$!
exec 7>/tmp/scanout.fifo
cat /tmp/scanout-still.y4m >&7
# Another client must not open the card before iris has it (the first to open becomes DRM master): wait
# for the metrics' frames shown, through the recording's partial file, then a little for the last flip.
for _ in $(seq 240); do ls /tmp/.scanout.partial-*.mkv >/dev/null 2>&1 && break; sleep 0.5; done
sleep 20
"${bounded[@]}" "$BIN/iris-guest-checks" --grab-screen /tmp/scanout-grab.png --size 640x480 >/tmp/scanout-grab.out 2>&1
grabst=$?
cat /tmp/scanout-grab.out
timed_out "the screen grab (iris-guest-checks --grab-screen)" $grabst /tmp/scanout-grab.out && rc=1
exec 7>&-
wait $pid; st=$?
cat /tmp/scanout.out
timed_out "the previewed GLES run (iris run --source - --preview auto --renderer gles --record)" $st /tmp/scanout.out && rc=1
"${bounded[@]}" "$BIN/iris" run --source /tmp/scanout-still.y4m "${chain[@]}" --preview none --renderer cpu --record /tmp/scanout-cpu.mkv \
    --codec ffv1 --quiet >/tmp/scanout-cpu.out 2>&1
cpust=$?
if [ $cpust -ne 0 ]; then
    timed_out "the CPU renderer's recording (iris run --renderer cpu)" $cpust /tmp/scanout-cpu.out \
        || { echo "FAIL the CPU renderer's recording (exit $cpust)"; tail -n 40 /tmp/scanout-cpu.out; }
    rc=1
fi
# The same recording on GLES without a preview: the previewed run must upload no more than it (the chain
# runs once a frame, the scanout buffer drawn from the recording's output).
"${bounded[@]}" "$BIN/iris" run --source /tmp/scanout-still.y4m "${chain[@]}" --preview none --renderer gles \
    --record /tmp/scanout-gles-only.mkv --codec ffv1 --metrics /tmp/scanout-record-only.json --quiet >/tmp/scanout-gles-only.out 2>&1
glesst=$?
if [ $glesst -ne 0 ]; then
    timed_out "the GLES recording without a preview (iris run --renderer gles --preview none)" $glesst /tmp/scanout-gles-only.out \
        || { echo "FAIL the GLES recording without a preview (exit $glesst)"; tail -n 40 /tmp/scanout-gles-only.out; }
    rc=1
fi
check=$(OUT="${IRIS_VM_OUT:-/tmp}" /usr/bin/python3 - <<'PY'
import json, os, subprocess
from PIL import Image
m = json.load(open("/tmp/scanout-metrics.json"))["metrics"]
display = m["bytes"].get("display", {})
copied = sum(display.values())
def first_frame(path, fmt, size):
    return subprocess.run(["ffmpeg", "-v", "error", "-i", path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", fmt, "-"],
                          capture_output=True).stdout[:size]
# The recordings' own Y'CbCr planes: the GLES encoder passes against the CPU renderer's rows.
gles_planes = first_frame("/tmp/scanout.mkv", "yuv420p", 320 * 240 * 3 // 2)
cpu_planes = first_frame("/tmp/scanout-cpu.mkv", "yuv420p", 320 * 240 * 3 // 2)
plane_diffs = [abs(a - b) for a, b in zip(gles_planes, cpu_planes)]
plane_worst, plane_mean = max(plane_diffs), sum(plane_diffs) / len(plane_diffs)
# The screen shows the picture scaled 2x (the letterbox's own filter) and the recording has 4:2:0 chroma:
# both are box-averaged to 80x60, where neither difference shows, and compared (red and blue swapped, or the
# picture upside down, gave a mean of 40).
gles = Image.frombytes("RGB", (320, 240), first_frame("/tmp/scanout.mkv", "rgb24", 320 * 240 * 3))
grab = Image.open("/tmp/scanout-grab.png").convert("RGB")
small_screen, small_recording = grab.resize((80, 60), Image.BOX), gles.resize((80, 60), Image.BOX)
diffs = [abs(p - q) for x in range(80) for y in range(60)
         for p, q in zip(small_screen.getpixel((x, y)), small_recording.getpixel((x, y)))]
screen_worst, screen_mean = max(diffs), sum(diffs) / len(diffs)
gles.save(os.path.join(os.environ["OUT"], "scanout-recorded.png"))
grab.save(os.path.join(os.environ["OUT"], "scanout-screen.png"))
uploaded = m["bytes"]["render"]["gpuUploaded"]
uploaded_alone = json.load(open("/tmp/scanout-record-only.json"))["metrics"]["bytes"]["render"]["gpuUploaded"]
ok = (m["framesShown"] == 3 and m["framesRecorded"] == 3 and copied == 0 and plane_worst <= 6 and plane_mean <= 0.5
      and screen_mean <= 2.5 and screen_worst <= 24 and uploaded == uploaded_alone)
print("OK" if ok else "BAD", "shown", m["framesShown"], "display bytes", display,
      "render uploaded %d bytes (%d recording alone)" % (uploaded, uploaded_alone),
      "GLES vs CPU recording planes worst %d mean %.2f" % (plane_worst, plane_mean),
      "screen vs recording mean %.2f worst %d" % (screen_mean, screen_worst))
PY
)
echo "$check"
if [ $st -eq 0 ] && grep -q "GBM scanout buffers" /tmp/scanout.out && echo "$check" | grep -q "^OK"; then
    echo "PASS GLES preview in GBM scanout buffers: 0 bytes copied for the display, one render a frame (uploads as without a preview), the screen shows the recorded picture, the GLES recording equals the CPU renderer's"
else echo "FAIL GLES preview in GBM scanout buffers (exit $st)"; rc=1; fi
exit $rc
