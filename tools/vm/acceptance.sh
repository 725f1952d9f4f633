#!/usr/bin/env bash
# The default guest command of tools/vm-test: runs in the guest (host root, read-only) against the real
# vivid driver. `iris devices` lists what the guest has; iris-guest-checks captures NV12, NV21, YU12 and
# YUYV and checks vivid's colour bars, timestamps, controls, dmabuf export, busy and unplug handling.
set -u
BIN=${IRIS_BIN:?IRIS_BIN not set}
rc=0
echo "== iris devices"
"$BIN/iris" devices --streamable-only || rc=1
echo "== iris-guest-checks"
"$BIN/iris-guest-checks" --out "${IRIS_VM_OUT:-/tmp}" || rc=1

# Render once, show and record: iris record --preview on vkms. Then a full disk (a 16 KiB tmpfs) must stop
# only the recording, with a typed error naming the file, while the preview shows every frame.
clip=Recordings/astronaut-pan-320x240.y4m
echo "== iris record --preview"
out=$("$BIN/iris" record "$clip" /tmp/preview-record.mkv --codec ffv1 --frames 2 --preview auto --preview-mode 640x480 --renderer cpu --quiet 2>&1); st=$?
echo "$out"
if [ $st -eq 0 ] && echo "$out" | grep -q "2 frames" && echo "$out" | grep -q "640×480"; then
    echo "PASS iris record --preview: 2 frames shown on vkms and recorded at the display's 640×480"
else echo "FAIL iris record --preview (exit $st)"; rc=1; fi
mkdir -p /tmp/full && mount -t tmpfs -o size=16k tmpfs /tmp/full
out=$("$BIN/iris" record "$clip" /tmp/full/x.mkv --codec ffv1 --frames 1 --preview auto --preview-mode 640x480 --renderer cpu --quiet 2>&1); st=$?
echo "$out"
if [ $st -ne 0 ] && echo "$out" | grep -q "recording stopped" && echo "$out" | grep -q "/tmp/full/x.mkv"; then
    echo "PASS full disk: the recording stopped with an error naming the file; the preview went on"
else echo "FAIL full disk with --preview (exit $st)"; rc=1; fi
umount /tmp/full
exit $rc
