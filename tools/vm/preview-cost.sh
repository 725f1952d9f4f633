#!/bin/bash
# The GLES preview's cost while recording, two builds side by side, in the guest (vkms, llvmpipe):
#   tools/vm-test --no-build tools/vm/preview-cost.sh BIN_A BIN_B [FRAMES] [PAIRS]
# BIN_A and BIN_B are bin folders of two release builds (paths on the host, which the guest mounts as they
# are). Each pair runs A then B: `iris run --renderer gles` of FRAMES (default 20) frames of the bundled
# 640x480 demo through the vignette chain, to an FFV1 recording and a 640x480 preview in GBM scanout buffers,
# and prints the wall time, the render stage's p50 and the bytes uploaded and read back. llvmpipe under
# software emulation is slow (about 5 s a frame), so only the ratios mean anything. docs/benchmarks.md
# ("The pipeline") gives what it measured for the one-render preview.
set -u
VM_RUN_TIMEOUT=${VM_RUN_TIMEOUT:-900}  # a run of 20 frames takes about 110 s here
. "$(dirname "$0")/bounded.sh"
a=${1:?usage: preview-cost.sh BIN_A BIN_B [FRAMES] [PAIRS]} b=${2:?usage: preview-cost.sh BIN_A BIN_B [FRAMES] [PAIRS]}
frames=${3:-20} pairs=${4:-3}
ffmpeg -v error -y -i Recordings/demo-640x480.mp4 -frames:v "$frames" -pix_fmt yuv420p /tmp/preview-cost.y4m || exit 1
rc=0
for pair in $(seq "$pairs"); do
    for bin in "$a" "$b"; do
        start=$(date +%s.%N)
        "${bounded[@]}" "$bin/iris" run --source /tmp/preview-cost.y4m --preview auto --preview-mode 640x480 \
            --filter 'CIColorControls inputSaturation=1.15 inputContrast=1.05' --filter 'CIVibrance inputAmount=0.3' \
            --filter 'CIVignette inputIntensity=0.6 inputRadius=1.2' --renderer gles \
            --record /tmp/preview-cost.mkv --codec ffv1 --metrics /tmp/preview-cost.json --quiet >/tmp/preview-cost.out 2>&1
        st=$?
        end=$(date +%s.%N)
        if [ $st -ne 0 ]; then
            timed_out "iris run with $bin" $st /tmp/preview-cost.out \
                || { echo "FAIL iris run with $bin (exit $st)"; tail -n 20 /tmp/preview-cost.out; }
            rc=1
            continue
        fi
        /usr/bin/python3 - "$pair" "$bin" "$start" "$end" <<'PY'
import json, sys
pair, binary, start, end = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
m = json.load(open("/tmp/preview-cost.json"))["metrics"]
render = m["bytes"]["render"]
print(f"pair {pair} {binary}: wall {end - start:.1f} s, render p50 {m['render']['p50'] / 1000:.2f} s, "
      f"shown {m['framesShown']}, recorded {m['framesRecorded']}, uploaded {render['gpuUploaded']} B, "
      f"read back {render['gpuReadBack']} B")
PY
    done
done
exit $rc
