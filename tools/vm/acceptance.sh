#!/usr/bin/env bash
# The default guest command of tools/vm-test: runs in the guest (host root, read-only) against the real
# vivid driver. `iris devices` lists what the guest has; iris-guest-checks captures NV12, NV21, YU12 and
# YUYV and checks vivid's colour bars, timestamps, controls, dmabuf export, busy and unplug handling.
set -u
BIN=${IRIS_BIN:?IRIS_BIN not set}
rc=0
echo "== iris devices"
"$BIN/iris" devices --streamable-only || rc=1
# The live path first (iris-guest-checks unbinds vivid at its end to test unplugging).
camera=/dev/$(basename "$(dirname "$(grep -l vid-cap /sys/class/video4linux/*/name | head -1)")")
# The live path: vivid camera → filters → detectors → vkms preview + recording + events, all at once.
echo "== iris run: camera → filters → preview + recording + events"
out=$("$BIN/iris" run --source $camera --size 320x180 --filter 'CISepiaTone inputIntensity=0.6' --detect qr,rect --detect-every 5 \
      --preview auto --preview-mode 640x480 --record /tmp/live.mkv --codec ffv1 --events /tmp/live.jsonl \
      --metrics /tmp/live-metrics.json --frames 20 --renderer cpu --quiet 2>&1); st=$?
echo "$out"
check=$(/usr/bin/python3 - <<'PY'
import json, subprocess
m = json.load(open("/tmp/live-metrics.json"))["metrics"]
d = m["drops"]
probed = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                         "stream=nb_read_frames", "-of", "csv=p=0", "/tmp/live.mkv"], capture_output=True, text=True).stdout.strip()
events = sum(1 for _ in open("/tmp/live.jsonl"))
ok = (m["framesIn"] == 20 and m["framesRecorded"] == m["framesIn"] - d["capture"] - d["recorder"]
      and int(probed) == m["framesRecorded"] and events == m["framesDetected"] and m["framesShown"] > 0)
print(("OK" if ok else "BAD"), "in", m["framesIn"], "recorded", m["framesRecorded"], "probed", probed, "shown", m["framesShown"],
      "events", events, "detected", m["framesDetected"], "drops", d)
PY
)
echo "$check"
if [ $st -eq 0 ] && echo "$out" | grep -q "preview: /dev/dri/card" && echo "$check" | grep -q "^OK"; then
    echo "PASS iris run on vivid + vkms: recorded = frames in - drops, ffprobe agrees, one event line per detected frame"
else echo "FAIL iris run on vivid + vkms (exit $st)"; rc=1; fi

# SIGTERM mid-run finishes the recording: the MP4 plays, with as many frames as the run reported.
echo "== iris run, SIGTERM mid-recording"
"$BIN/iris" run --source $camera --size 320x180 --preview auto --record /tmp/term.mp4 --renderer cpu --quiet >/tmp/term.out 2>&1 &
pid=$!
sleep 6
kill -TERM $pid; wait $pid; st=$?
cat /tmp/term.out
reported=$(sed -n 's/^recording: .*: \([0-9]*\) frames.*/\1/p' /tmp/term.out)
probed=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 /tmp/term.mp4 2>/dev/null)
if [ $st -eq 0 ] && grep -q "stopped by SIGTERM" /tmp/term.out && [ -n "$reported" ] && [ "$reported" -gt 0 ] && [ "$probed" = "$reported" ]; then
    echo "PASS SIGTERM: /tmp/term.mp4 plays, $probed frames, as reported"
else echo "FAIL SIGTERM mid-run (exit $st, reported '$reported', probed '$probed')"; rc=1; fi
echo "== iris-guest-checks"
"$BIN/iris-guest-checks" --out "${IRIS_VM_OUT:-/tmp}" || rc=1

# Render once, show and record: iris record --preview on vkms (the recording keeps the clip's 320×240; the
# preview fits it to the display). Then a full disk (a 16 KiB tmpfs) must stop only the recording, with a
# typed error naming the file, while the preview shows every frame.
clip=Recordings/astronaut-pan-320x240.y4m
echo "== iris record --preview"
out=$("$BIN/iris" record "$clip" /tmp/preview-record.mkv --codec ffv1 --frames 2 --preview auto --preview-mode 640x480 --renderer cpu --quiet 2>&1); st=$?
echo "$out"
if [ $st -eq 0 ] && echo "$out" | grep -q "2 frames" && echo "$out" | grep -q "320×240" && echo "$out" | grep -q "preview: /dev/dri/card"; then
    echo "PASS iris record --preview: 2 frames shown on vkms (640×480) and recorded at the clip's own 320×240"
else echo "FAIL iris record --preview (exit $st)"; rc=1; fi
mkdir -p /tmp/full && mount -t tmpfs -o size=16k tmpfs /tmp/full
out=$("$BIN/iris" record "$clip" /tmp/full/x.mkv --codec ffv1 --frames 1 --preview auto --preview-mode 640x480 --renderer cpu --quiet 2>&1); st=$?
echo "$out"
if [ $st -ne 0 ] && echo "$out" | grep -q "recording stopped" && echo "$out" | grep -q "/tmp/full/x.mkv"; then
    echo "PASS full disk: the recording stopped with an error naming the file; the preview went on"
else echo "FAIL full disk with --preview (exit $st)"; rc=1; fi
umount /tmp/full

exit $rc
