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
exit $rc
