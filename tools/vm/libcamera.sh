#!/usr/bin/env bash
# The libcamera source's acceptance checks in the guest (tools/vm/acceptance.sh runs them last; alone:
# `tools/vm-test tools/vm/libcamera.sh`), on vimc driven by libcamera's vimc pipeline handler.
set -u
BIN=${IRIS_BIN:?IRIS_BIN not set}
# Each iris run is bounded: a hang is a FAIL naming the run, with the end of its output (tools/vm/bounded.sh).
. "$(dirname "$0")/bounded.sh"
rc=0
# libcamera on vimc (libcamera's vimc pipeline handler): the listing, the source's own checks, iris run through
# libcamera to a recording with detectors, --source auto, libcamerify, and the camera unbound mid-run.
# (vimc's raw capture nodes enumerate every vimc format, RGB too, so they are not recognisable as raw Bayer nodes.)
echo "== libcamera (vimc): iris devices"
devices=$("${bounded[@]}" "$BIN/iris" devices --no-controls --no-rates 2>&1)
timed_out "iris devices (libcamera)" $? - <<<"$devices" && rc=1
echo "$devices" | grep -E "^libcamera|raw Bayer|^/dev/video"
if echo "$devices" | grep -q "^libcamera:0: platform/vimc.0 Sensor B"; then
    echo "PASS iris devices lists libcamera:0 (vimc)"
else echo "FAIL iris devices: no libcamera:0"; rc=1; fi
echo "== iris-guest-checks --libcamera"
"${bounded[@]}" "$BIN/iris-guest-checks" --libcamera --out "${IRIS_VM_OUT:-/tmp}"; st=$?
timed_out "iris-guest-checks --libcamera" $st
[ $st -eq 0 ] || rc=1

echo "== iris run --source libcamera:0"
out=$("${bounded[@]}" "$BIN/iris" run --source libcamera:0 --size 480x360 --format rgb8 --control Brightness=0.2 \
      --detect qr,face,rect --record /tmp/lc.mkv --codec ffv1 --events /tmp/lc.jsonl --metrics /tmp/lc.json --frames 12 \
      --renderer cpu --preview none --quiet 2>&1); st=$?
echo "$out"
timed_out "iris run --source libcamera:0 (recording with detectors)" $st - <<<"$out" && rc=1
check=$(/usr/bin/python3 - <<'PY'
import json, subprocess
m = json.load(open("/tmp/lc.json"))["metrics"]
d = m["drops"]
probed = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                         "stream=nb_read_frames,width,height", "-of", "csv=p=0", "/tmp/lc.mkv"], capture_output=True, text=True).stdout.strip()
w, h, n = probed.split(",")
# Each frame is copied out of libcamera's buffer once: 480×360 RGB888, 3 bytes a pixel.
copied = m["bytesPerFrame"]["capture"]["cpuCopied"]
ok = (m["framesIn"] == 12 and int(n) == m["framesRecorded"] == 12 - d["capture"] - d["recorder"] and (w, h) == ("480", "360")
      and copied == 480 * 360 * 3)
print(("OK" if ok else "BAD"), "in", m["framesIn"], "recorded", m["framesRecorded"], "probed", probed, "detected", m["framesDetected"],
      "copied a frame", copied)
PY
)
echo "$check"
if [ $st -eq 0 ] && [ "${check%% *}" = OK ]; then
    echo "PASS iris run --source libcamera:0: 12 frames through libcamera, recorded at 480x360 (ffprobe agrees), detectors ran, 518,400 bytes copied out a frame"
else echo "FAIL iris run --source libcamera:0 (exit $st)"; rc=1; fi

out=$("${bounded[@]}" "$BIN/iris" run --source libcamera:0 --size 320x240 --frames 2 --preview none --renderer cpu 2>&1); st=$?
timed_out "iris run --source libcamera:0 --size 320x240" $st - <<<"$out" && rc=1
echo "$out" | grep -E "^(warning|source)"
if [ $st -eq 0 ] && echo "$out" | grep -q "^warning: libcamera:platform/vimc.0 Sensor B: libcamera adjusted the size 320x240 -> 318x240"; then
    echo "PASS a size libcamera adjusts is reported: 320x240 -> 318x240"
else echo "FAIL adjusted size not reported (exit $st)"; echo "$out"; rc=1; fi

out=$("${bounded[@]}" "$BIN/iris" run --source auto --frames 2 --preview none --renderer cpu 2>&1); st=$?
timed_out "iris run --source auto" $st - <<<"$out" && rc=1
echo "$out" | grep "^source:"
if [ $st -eq 0 ] && echo "$out" | grep -q "^source: libcamera:platform/vimc.0 Sensor B"; then
    echo "PASS --source auto takes the libcamera camera"
else echo "FAIL --source auto (exit $st)"; echo "$out"; rc=1; fi

# Another process holding the camera (libcamera in a second process cannot set up a camera another streams
# from, so it lists none: the locked media device says why), and a format the camera's stream does not offer.
"$BIN/iris" run --source libcamera:0 --size 480x360 --preview none --renderer cpu --quiet >/tmp/lc-holder.out 2>&1 &
holder=$!
busy=""
for _ in $(seq 40); do
    busy=$(timeout 60 "$BIN/iris" run --source libcamera:0 --size 480x360 --frames 1 --preview none --quiet 2>&1)
    echo "$busy" | grep -q "camera busy" && break
    sleep 0.5
done
kill -TERM $holder; timeout 60 tail --pid=$holder -f /dev/null; kill -KILL $holder 2>/dev/null; wait $holder
nv12=$(timeout 60 "$BIN/iris" run --source libcamera:0 --format nv12 --frames 1 --preview none --quiet 2>&1); st=$?
echo "$busy"; echo "$nv12"
if echo "$busy" | grep -q "libcamera:0: camera busy: /dev/media[0-9]* is locked by another process using a camera" && [ $st -ne 0 ] \
    && echo "$nv12" | grep -q "platform/vimc.0 Sensor B: none of the formats nv12 is offered"; then
    echo "PASS a camera another process holds is busy; NV12, which vimc's stream lacks, is refused naming the offered formats"
else echo "FAIL busy / unsupported format"; rc=1; fi

echo "== libcamerify iris run (libcamera's V4L2 compatibility layer)"
node=/dev/$(basename "$(dirname "$(grep -l "RGB/YUV Capture" /sys/class/video4linux/*/name | head -1)")")
out=$("${bounded[@]}" libcamerify "$BIN/iris" run --source "$node" --size 480x360 --frames 5 --record /tmp/lcify.mkv --codec ffv1 \
      --preview none --renderer cpu --quiet 2>&1); st=$?
timed_out "libcamerify iris run" $st - <<<"$out" && rc=1
echo "$out" | grep -E "^(source|recording):"
probed=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 /tmp/lcify.mkv 2>/dev/null)
reported=$(echo "$out" | sed -n 's/^recording: .*: \([0-9]*\) frames.*/\1/p')
if [ $st -eq 0 ] && echo "$out" | grep -q "^source: $node" && [ -n "$probed" ] && [ "$probed" -gt 0 ] && [ "$probed" = "$reported" ]; then
    echo "PASS libcamerify iris run --source $node: frames through the V4L2 compatibility layer, $probed recorded (the rest dropped live)"
else echo "FAIL libcamerify (exit $st, probed '$probed')"; echo "$out"; rc=1; fi

echo "== iris run --source libcamera:0, vimc unbound mid-recording"
rm -f /tmp/lc-lost.mkv
"${bounded[@]}" "$BIN/iris" run --source libcamera:0 --size 480x360 --preview none --record /tmp/lc-lost.mkv --codec ffv1 --renderer cpu \
    --quiet >/tmp/lc-lost.out 2>&1 &
pid=$!
# (the recorder writes to .lc-lost.partial-PID.mkv until it finishes, then renames it into place)
for _ in $(seq 120); do [ "$(cat /tmp/.lc-lost.partial-*.mkv 2>/dev/null | wc -c)" -gt 100000 ] && break; sleep 0.5; done
echo vimc.0 > /sys/bus/platform/drivers/vimc/unbind
wait $pid; st=$?
cat /tmp/lc-lost.out
timed_out "iris run --source libcamera:0 with vimc unbound mid-recording" $st /tmp/lc-lost.out && rc=1
reported=$(sed -n 's/^recording: .*: \([0-9]*\) frames.*/\1/p' /tmp/lc-lost.out)
probed=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 /tmp/lc-lost.mkv 2>/dev/null)
if [ $st -ne 0 ] && grep -q "source libcamera:platform/vimc.0 Sensor B failed" /tmp/lc-lost.out && [ -n "$reported" ] && [ "$probed" = "$reported" ]; then
    echo "PASS libcamera camera lost: the error names it, /tmp/lc-lost.mkv plays with its $probed frames"
else echo "FAIL libcamera camera lost mid-run (exit $st, reported '$reported', probed '$probed')"; rc=1; fi
echo vimc.0 > /sys/bus/platform/drivers/vimc/bind

exit $rc
