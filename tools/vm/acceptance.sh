#!/usr/bin/env bash
# The default guest command of tools/vm-test: runs in the guest (host root, read-only) against the real
# vivid driver. `iris devices` lists what the guest has; iris-guest-checks captures NV12, NV21, YU12 and
# YUYV and checks vivid's colour bars, timestamps, controls, dmabuf export, busy and unplug handling.
# At the end, the libcamera source on vimc: listing, capture, controls, iris run, libcamerify, unplug.
set -u
BIN=${IRIS_BIN:?IRIS_BIN not set}
# Each iris run is bounded: a hang is a FAIL naming the run, with the end of its output (tools/vm/bounded.sh).
. "$(dirname "$0")/bounded.sh"
rc=0
echo "== iris devices"
"${bounded[@]}" "$BIN/iris" devices --streamable-only; st=$?
timed_out "iris devices" $st
[ $st -eq 0 ] || rc=1
# The live path first (iris-guest-checks unbinds vivid at its end to test unplugging).
camera=/dev/$(basename "$(dirname "$(grep -l vid-cap /sys/class/video4linux/*/name | head -1)")")
# The live path: vivid camera → filters → detectors → vkms preview + recording + events, all at once.
echo "== iris run: camera → filters → preview + recording + events"
out=$("${bounded[@]}" "$BIN/iris" run --source $camera --size 320x180 --filter 'CISepiaTone inputIntensity=0.6' --detect qr,rect \
      --detect-every 5 --preview auto --preview-mode 640x480 --record /tmp/live.mkv --codec ffv1 --events /tmp/live.jsonl \
      --metrics /tmp/live-metrics.json --frames 20 --renderer cpu --quiet 2>&1); st=$?
echo "$out"
timed_out "iris run on vivid + vkms" $st - <<<"$out" && rc=1
check=$(/usr/bin/python3 - <<'PY'
import json, subprocess
m = json.load(open("/tmp/live-metrics.json"))["metrics"]
d = m["drops"]
probed = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                         "stream=nb_read_frames", "-of", "csv=p=0", "/tmp/live.mkv"], capture_output=True, text=True).stdout.strip()
events = sum(1 for _ in open("/tmp/live.jsonl"))
# Camera frames are read in place in vivid's buffers; only those copied out (every spare buffer held) count
# bytes at capture: 320×180 NV12 is 86,400 bytes.
inplace = m["framesReadInPlace"]
copied = m.get("bytes", {}).get("capture", {}).get("cpuCopied", 0)
# 320×180 frames on a 640×480 mode: vkms has an overlay plane (enable_overlay=1) but does not scale, so
# the preview is refused plane scaling and fits every frame on the CPU.
ok = (m["framesIn"] == 20 and m["framesRecorded"] == m["framesIn"] - d["capture"] - d["recorder"]
      and int(probed) == m["framesRecorded"] and events == m["framesDetected"] and m["framesShown"] > 0
      and m["framesScaledOnPlane"] == 0 and inplace > 0 and copied == (m["framesIn"] - inplace) * 86400)
print(("OK" if ok else "BAD"), "in", m["framesIn"], "recorded", m["framesRecorded"], "probed", probed, "shown", m["framesShown"],
      "scaled on a plane", m["framesScaledOnPlane"], "events", events, "detected", m["framesDetected"], "drops", d,
      "read in place", inplace, "capture bytes copied", copied)
PY
)
echo "$check"
if [ $st -eq 0 ] && echo "$out" | grep -q "preview: /dev/dri/card" && echo "$check" | grep -q "^OK"; then
    echo "PASS iris run on vivid + vkms: recorded = frames in - drops, ffprobe agrees, one event line per detected frame, frames read in place in vivid's buffers, vkms's refusal to scale on its overlay plane falls back to the CPU"
else echo "FAIL iris run on vivid + vkms (exit $st)"; rc=1; fi

# The same camera on the GLES renderer (llvmpipe): frames read in place, their planes uploaded from the mapped
# buffers, and the metrics saying why they were not imported.
echo "== iris run --renderer gles on the camera: how the planes reach the GPU"
out=$(LP_NATIVE_VECTOR_WIDTH=128 "${bounded[@]}" "$BIN/iris" run --source $camera --size 320x180 --renderer gles --preview none \
      --filter 'CIVignette inputIntensity=0.5' \
      --record /tmp/gles-camera.mkv --codec ffv1 --frames 5 --metrics /tmp/gles-camera.json --quiet 2>&1); st=$?
timed_out "iris run --renderer gles on vivid" $st - <<<"$out" && rc=1
check=$(/usr/bin/python3 -c '
import json; m = json.load(open("/tmp/gles-camera.json"))["metrics"]
ok = m["framesReadInPlace"] > 0 and "software rasteriser" in (m.get("planeImport") or "") and m["bytes"]["render"]["gpuUploaded"] > 0
print("OK" if ok else "BAD", "read in place", m["framesReadInPlace"], "of", m["framesIn"], "|", m.get("planeImport"))' 2>&1)
echo "$check"
if [ $st -eq 0 ] && echo "$check" | grep -q "^OK"; then
    echo "PASS iris run --renderer gles on vivid: frames read in place, planes uploaded from the mapped buffers, the metrics say why they were not imported"
else echo "FAIL iris run --renderer gles on vivid (exit $st): $out"; rc=1; fi

# An unfiltered camera recording: vivid's NV12 frames go to the recorder as they are (no render bytes), the
# recorder lays their chroma out as I420, and the file holds every frame not dropped.
echo "== iris run on the camera with no filter: frames recorded without a render"
out=$("${bounded[@]}" "$BIN/iris" run --source $camera --size 320x180 --renderer cpu --preview none \
      --record /tmp/unfiltered.mkv --codec ffv1 --frames 10 --metrics /tmp/unfiltered.json --quiet 2>&1); st=$?
timed_out "iris run with no filter on vivid" $st - <<<"$out" && rc=1
check=$(/usr/bin/python3 -c '
import json, subprocess; m = json.load(open("/tmp/unfiltered.json"))["metrics"]
probed = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                         "stream=nb_read_frames", "-of", "csv=p=0", "/tmp/unfiltered.mkv"], capture_output=True, text=True).stdout.strip()
render, record = m["bytes"].get("render", {}), m["bytes"]["record"]
frame = 320 * 180 * 3 // 2
ok = (sum(render.values()) == 0 and m["framesRecorded"] > 0 and int(probed) == m["framesRecorded"]
      and record["cpuConverted"] == m["framesRecorded"] * frame)
print("OK" if ok else "BAD", "recorded", m["framesRecorded"], "probed", probed, "render bytes", render, "record bytes", record)' 2>&1)
echo "$check"
if [ $st -eq 0 ] && echo "$check" | grep -q "^OK"; then
    echo "PASS iris run with no filter on vivid: NV12 frames recorded without a render (0 render bytes), laid out as I420 by the recorder"
else echo "FAIL iris run with no filter on vivid (exit $st): $out"; rc=1; fi

# Packed BGR24 frames with a control set from the command line, and a control the camera lacks refused by name.
echo "== iris run --format bgr8 --control"
out=$("${bounded[@]}" "$BIN/iris" run --source $camera --size 320x180 --format bgr8 --control brightness=200 --preview none \
      --record /tmp/bgr.mkv --codec ffv1 --frames 3 --renderer cpu --quiet 2>&1); st=$?
echo "$out"
timed_out "iris run --format bgr8 --control brightness=200" $st - <<<"$out" && rc=1
bad=$("${bounded[@]}" "$BIN/iris" run --source $camera --size 320x180 --control shutter_speed=5 --preview none --frames 1 --quiet 2>&1)
badst=$?
echo "$bad"
timed_out "iris run --control shutter_speed=5" $badst - <<<"$bad" && rc=1
if [ $st -eq 0 ] && [ $badst -ne 0 ] && echo "$bad" | grep -q "shutter_speed" && echo "$bad" | grep -q "$camera"; then
    echo "PASS iris run --format bgr8 --control brightness=200; an unknown control is refused naming it and the camera"
else echo "FAIL --format bgr8 / --control (exit $st, $badst)"; rc=1; fi

# SIGTERM mid-run finishes the recording: the MP4 plays, with as many frames as the run reported.
echo "== iris run, SIGTERM mid-recording"
"${bounded[@]}" "$BIN/iris" run --source $camera --size 320x180 --preview auto --record /tmp/term.mp4 --renderer cpu \
    >/tmp/term.out 2>&1 &
pid=$!
# Signal once frames come in (the status line, once a second, counts them), then a little later: on a loaded
# host a fixed 6 s once came before iris had started (killed by the SIGTERM, status 143, nothing printed;
# iris catches it from the first line of main).
for _ in $(seq 120); do grep -qa "frames [1-9]" /tmp/term.out && break; sleep 0.5; done
sleep 3
stop_bounded $pid; wait $pid; st=$?
cat /tmp/term.out
timed_out "iris run stopped by SIGTERM" $st /tmp/term.out && rc=1
reported=$(sed -n 's/^recording: .*: \([0-9]*\) frames.*/\1/p' /tmp/term.out)
probed=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 /tmp/term.mp4 2>/dev/null)
if [ $st -eq 0 ] && grep -q "stopped by SIGTERM" /tmp/term.out && [ -n "$reported" ] && [ "$reported" -gt 0 ] && [ "$probed" = "$reported" ]; then
    echo "PASS SIGTERM: /tmp/term.mp4 plays, $probed frames, as reported"
else echo "FAIL SIGTERM mid-run (exit $st, reported '$reported', probed '$probed')"; rc=1; fi
# Overlays on the real display: a still with a QR code (a frame of the bundled demo) previewed live with QR
# detection on every frame; another client grabs the screen (GETFB2) while it runs, and the QR's outline must
# be on screen where the events say the code is.
echo "== overlays on vkms"
"${bounded[@]}" "$BIN/iris" render Recordings/demo-640x480.mp4 /tmp/qr-still.png --frame 0 --renderer cpu \
    --filter 'CIAffineTransform inputTransform=[0.5 0 0 0.5 0 0]' >/dev/null
timed_out "iris render of the QR still" $? && rc=1
"${bounded[@]}" "$BIN/iris" run --source /tmp/qr-still.png --fps 5 --detect qr --detect-every 1 --preview auto --preview-mode 640x480 \
    --renderer cpu --events /tmp/still.jsonl --duration 120 --quiet >/tmp/still.out 2>&1 &
pid=$!
# Under emulation a frame takes a while: wait for three detections, then for a picture on screen (the
# CPU's letterbox step to the 640x480 mode alone takes seconds a frame here, and a fixed wait grabbed the
# black screen before the first frame was shown), then for frames drawn after it.
# The events file is moved into place when the run ends; while it runs, its lines are in the partial beside it.
for _ in $(seq 120); do [ "$(cat /tmp/.still.partial-*.jsonl 2>/dev/null | wc -l)" -ge 3 ] && break; sleep 0.5; done
for _ in $(seq 60); do
    "${bounded[@]}" "$BIN/iris-guest-checks" --grab-screen /tmp/grab.png --size 640x480 >/dev/null
    /usr/bin/python3 -c 'from PIL import Image; import sys; sys.exit(0 if Image.open("/tmp/grab.png").convert("L").getextrema()[1] > 0 else 1)' && break
    sleep 1
done
sleep 5
"${bounded[@]}" "$BIN/iris-guest-checks" --grab-screen /tmp/grab.png --size 640x480
timed_out "the screen grab of the overlays (iris-guest-checks --grab-screen)" $? && rc=1
stop_bounded $pid; wait $pid; st=$?
timed_out "iris run --detect qr --preview auto (the overlays on vkms)" $st /tmp/still.out && rc=1
check=$(/usr/bin/python3 - <<'PY'
import json
from PIL import Image
event = next(json.loads(l) for l in open("/tmp/still.jsonl") if json.loads(l)["features"])
c = event["features"][0]["corners"]
img = Image.open("/tmp/grab.png").convert("RGB")
h = img.height
k = img.width / event["width"]  # the 320x240 still is scaled 2x to fill the 640x480 mode
def at(p): return (int(p[0] * k), int(h - p[1] * k))
def green(p): r, g, b = img.getpixel(at(p)); return g > r + 80 and g > b + 60
edges = [((c["topLeft"][0] + c["topRight"][0]) / 2, (c["topLeft"][1] + c["topRight"][1]) / 2),
         ((c["bottomLeft"][0] + c["bottomRight"][0]) / 2, (c["bottomLeft"][1] + c["bottomRight"][1]) / 2)]
centre = (sum(c[k][0] for k in c) / 4, sum(c[k][1] for k in c) / 4)
ok = all(green(p) for p in edges) and not green(centre)
print("OK" if ok else "BAD", "edges", [img.getpixel(at(p)) for p in edges], "centre", img.getpixel(at(centre)))
PY
)
echo "$check"
if [ $st -eq 0 ] && echo "$check" | grep -q "^OK"; then
    echo "PASS overlays on vkms: the QR outline is on screen where the events put the code"
else echo "FAIL overlays on vkms (exit $st)"; cat /tmp/still.out; rc=1; fi

# A camera lost mid-run: the run ends with an error naming it, and the recording is finished and playable.
echo "== iris run, camera unplugged mid-recording"
rm -f /tmp/lost.mkv
"${bounded[@]}" "$BIN/iris" run --source $camera --size 320x180 --preview none --record /tmp/lost.mkv --codec ffv1 --renderer cpu --quiet \
    >/tmp/lost.out 2>&1 &
pid=$!
# Under emulation the start alone can take seconds: unplug only once frames reach the file.
# (the recorder writes to .lost.partial-PID.mkv until it finishes, then renames it into place)
for _ in $(seq 120); do [ "$(cat /tmp/.lost.partial-*.mkv 2>/dev/null | wc -c)" -gt 100000 ] && break; sleep 0.5; done
echo vivid.0 > /sys/bus/platform/drivers/vivid/unbind
wait $pid; st=$?
cat /tmp/lost.out
timed_out "iris run with the camera unplugged mid-recording" $st /tmp/lost.out && rc=1
reported=$(sed -n 's/^recording: .*: \([0-9]*\) frames.*/\1/p' /tmp/lost.out)
probed=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 /tmp/lost.mkv 2>/dev/null)
if [ $st -ne 0 ] && grep -q "source $camera failed" /tmp/lost.out && [ -n "$reported" ] && [ "$probed" = "$reported" ]; then
    echo "PASS camera lost: error names $camera, /tmp/lost.mkv plays with its $probed frames"
else echo "FAIL camera lost mid-run (exit $st, reported '$reported', probed '$probed')"; rc=1; fi
echo vivid.0 > /sys/bus/platform/drivers/vivid/bind
sleep 1

echo "== iris-guest-checks"
"${bounded[@]}" "$BIN/iris-guest-checks" --out "${IRIS_VM_OUT:-/tmp}"; st=$?
timed_out "iris-guest-checks" $st
[ $st -eq 0 ] || rc=1

# Render once, show and record: iris record --preview on vkms (the recording keeps the clip's 320×240; the
# preview fits it to the display). Then a full disk (a 16 KiB tmpfs) must stop only the recording, with a
# typed error naming the file, while the preview shows every frame.
clip=Recordings/astronaut-pan-320x240.y4m
echo "== iris record --preview"
out=$("${bounded[@]}" "$BIN/iris" record "$clip" /tmp/preview-record.mkv --codec ffv1 --frames 2 --preview auto --preview-mode 640x480 \
      --renderer cpu --quiet 2>&1); st=$?
echo "$out"
timed_out "iris record --preview" $st - <<<"$out" && rc=1
if [ $st -eq 0 ] && echo "$out" | grep -q "2 frames" && echo "$out" | grep -q "320×240" && echo "$out" | grep -q "preview: /dev/dri/card"; then
    echo "PASS iris record --preview: 2 frames shown on vkms (640×480) and recorded at the clip's own 320×240"
else echo "FAIL iris record --preview (exit $st)"; rc=1; fi
mkdir -p /tmp/full && mount -t tmpfs -o size=16k tmpfs /tmp/full
out=$("${bounded[@]}" "$BIN/iris" record "$clip" /tmp/full/x.mkv --codec ffv1 --frames 1 --preview auto --preview-mode 640x480 \
      --renderer cpu --quiet 2>&1); st=$?
echo "$out"
timed_out "iris record --preview to a full disk" $st - <<<"$out" && rc=1
if [ $st -ne 0 ] && echo "$out" | grep -q "recording stopped" && echo "$out" | grep -q "/tmp/full/x.mkv"; then
    echo "PASS full disk: the recording stopped with an error naming the file; the preview went on"
else echo "FAIL full disk with --preview (exit $st)"; rc=1; fi
umount /tmp/full

# The GLES preview in GBM scanout buffers: tools/vm/scanout.sh.
tools/vm/scanout.sh || rc=1

# libcamera on vimc: tools/vm/libcamera.sh.
echo "== libcamera (vimc)"
tools/vm/libcamera.sh || rc=1

exit $rc
