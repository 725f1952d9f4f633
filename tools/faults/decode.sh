# Issue 34's decode and recording-input cases. The seeded flipped-byte corpus (tools/make-flipped-corpus:
# 320x240, 30 frames; H.264 in MP4 and MKV, FFV1 in MKV; 50 bytes flipped, seeds 1-5): wherever
# `ffmpeg -v error` reports errors, iris must either count decode errors (the summary's "decode errors: N",
# metrics.json's decodeErrors) or refuse the file with a message naming it, and `iris eval` must flag the
# damaged clip (exit 1 naming it and its count; --allow-damaged scores it with a warning). Then: --size and
# --format refused on containers and Y4M, and one without the other on raw frames; a Y4M with a header and
# no frames; a Y4M at F1000000000:1 records every frame; a mid-stream size change keeps all 60 first-size
# frames. Run by tools/io-faults. About 20 s.
TOOLS=$(cd "$(dirname "$0")/.." && pwd)
. "$(dirname "$0")/lib.sh"

# truth CLIP N: Iris JSON truth with N empty 320x240 frames beside CLIP.
truth() {
    python3 - "$1" "$2" >"${1%.*}.truth.json" <<'PY'
import json, sys, os
clip, n = os.path.basename(sys.argv[1]), int(sys.argv[2])
print(json.dumps({"format": "iris-truth", "version": 1, "clip": clip, "width": 320, "height": 240, "frameRate": 30,
                  "frameCount": n, "coordinates": "top-left", "frames": [{"frame": i, "objects": []} for i in range(n)]}))
PY
}
# ffmpeg_errors FILE: how many lines `ffmpeg -v error` prints decoding FILE.
ffmpeg_errors() { ffmpeg -v error -i "$1" -f null - 2>&1 | grep -c .; }

section "the flipped-byte corpus: decode errors counted wherever ffmpeg reports them"
"$TOOLS/make-flipped-corpus" corpus --seeds 1,2,3,4,5 >/dev/null || { fail "make-flipped-corpus failed"; finish; }
for clean in corpus/clean-*; do
    n=$(ffmpeg_errors "$clean")
    [ "$n" = 0 ] || fail "$clean: ffmpeg reports $n errors on the undamaged clip"
    if "$IRIS" record "$clean" clean.y4m --raw >out.txt 2>err.txt && ! grep -q "decode errors" err.txt; then
        pass "$clean: clean, no decode errors reported"
    else fail "$clean: $(tail -c 300 err.txt)"; fi
    rm -f clean.y4m
done
damaged=()
for file in corpus/*-seed*; do
    n=$(ffmpeg_errors "$file")
    [ "$n" -gt 0 ] || { skip "$file: ffmpeg reports no error"; continue; }
    rm -f copy.y4m
    "$IRIS" record "$file" copy.y4m --raw >out.txt 2>err.txt; rc=$?
    counted=$(sed -n 's/^  decode errors: \([0-9]*\).*/\1/p' err.txt)
    if [ "$rc" -ge 128 ]; then fail "$file: killed by signal $((rc - 128))"
    elif [ -n "$counted" ] && [ "$counted" -gt 0 ]; then pass "$file: ffmpeg $n errors, iris counts $counted (exit $rc)"; damaged+=("$file")
    elif [ "$rc" != 0 ] && grep -qF "$file" err.txt; then pass "$file: ffmpeg $n errors, iris refuses it: $(grep -F "$file" err.txt | head -1 | cut -c1-120)"
    else fail "$file: ffmpeg reports $n errors, iris says nothing (exit $rc): $(tail -c 300 err.txt)"; fi
done
[ "${#damaged[@]}" -ge 10 ] && pass "${#damaged[@]} damaged clips decode with a count" || fail "only ${#damaged[@]} damaged clips decoded"

section "metrics.json holds decodeErrors"
first=${damaged[0]:-corpus/h264-mkv-seed1.mkv}
run 0 "run --metrics on $first" "decode errors:" -- "$IRIS" run --source "$first" --preview none --metrics m.json --frames 5
if python3 -c 'import json,sys; m=json.load(open("m.json")); m=m.get("metrics", m); sys.exit(0 if m["decodeErrors"] > 0 else 1)'; then
    pass "metrics.json: decodeErrors $(python3 -c 'import json; m=json.load(open("m.json")); print(m.get("metrics", m)["decodeErrors"])')"
else fail "metrics.json: no non-zero decodeErrors: $(grep -o '"decodeErrors" *: *[0-9]*' m.json)"; fi

section "iris eval flags a damaged clip"
cp corpus/clean-h264-mp4.mp4 clean.mp4 && truth clean.mp4 30
run 0 "eval, clean clip" "clean.mp4" -- "$IRIS" eval clean.mp4 --detect qr --detect-every 30
# The detectors run on frame 0 only (--detect-every 30): the whole clip is still decoded, and fast.
for file in "${damaged[@]}"; do
    name=$(basename "$file"); cp "$file" "$name"; truth "$name" 30
    run 1 "eval $name" "$name: did not decode cleanly (" -- "$IRIS" eval "$name" --detect qr --detect-every 30 --json "$name.json"
    grep -q '"decodeErrors" : [1-9]' "$name.json" && pass "eval $name: --json says decodeErrors" || fail "eval $name: --json lacks decodeErrors"
done
name=$(basename "$first")
run 0 "eval --allow-damaged $name" "warning: $name: did not decode cleanly" -- "$IRIS" eval "$name" --detect qr --detect-every 30 --allow-damaged

section "--size and --format: only for raw frames, and both"
ffmpeg -v error -i corpus/clean-h264-mp4.mp4 -f rawvideo -pix_fmt yuv420p c.yuv
ffmpeg -v error -i corpus/clean-h264-mp4.mp4 c.y4m
run 1 "MP4 with --size --format" "--size and --format: clean.mp4 is an MP4/MOV recording" -- "$IRIS" record clean.mp4 o1.mkv --raw --size 320x240 --format i420
[ -e o1.mkv ] && fail "MP4 with --size --format: o1.mkv written" || pass "MP4 with --size --format: nothing written"
run 1 "MP4 with --size alone" "--size: clean.mp4 is an MP4/MOV recording" -- "$IRIS" record clean.mp4 o2.mkv --raw --size 320x240
run 1 "MP4 with --format alone" "--format: clean.mp4 is an MP4/MOV recording" -- "$IRIS" record clean.mp4 o3.mkv --raw --format nv12
run 1 "Y4M with --size --format" "c.y4m is a Y4M recording" -- "$IRIS" record c.y4m o4.mkv --raw --size 320x240 --format i420
run 1 "MP4 on stdin with --size --format" "standard input is an MP4/MOV recording" -- sh -c "'$IRIS' record - o5.mkv --raw --size 320x240 --format i420 <clean.mp4"
run 1 "raw with --size alone" "--size: raw frames from c.yuv need a pixel format too: add --format" -- "$IRIS" record c.yuv o6.mkv --raw --size 320x240
run 1 "raw with --format alone" "--format: raw frames from c.yuv need a frame size too: add --size" -- "$IRIS" record c.yuv o7.mkv --raw --format i420
run 0 "raw with both" "" -- "$IRIS" record c.yuv o8.y4m --raw --size 320x240 --format i420
plays "raw with both" o8.y4m 30

section "a Y4M with a header and no frames"
printf 'YUV4MPEG2 W320 H240 F30:1 C420jpeg\n' >empty.y4m
run 1 "record an empty Y4M" "empty.y4m: holds no frames" -- "$IRIS" record empty.y4m empty-out.mkv --raw
run 1 "detect an empty Y4M" "empty.y4m: holds no frames" -- "$IRIS" detect empty.y4m

section "a Y4M at F1000000000:1 keeps every frame"
ffmpeg -v error -f lavfi -i testsrc=size=320x240:rate=30 -frames:v 5 -pix_fmt yuv420p five.y4m
sed '1s/F30:1/F1000000000:1/' five.y4m >fast.y4m
for out in fast.mkv fast.mp4; do
    run 0 "record $out from F1000000000:1" "$out: 5 frames" -- "$IRIS" record fast.y4m "$out" --quiet
    plays "record $out from F1000000000:1" "$out" 5
done

section "a mid-stream size change keeps every first-size frame"
ffmpeg -v error -f lavfi -i testsrc=size=320x240:rate=30 -frames:v 60 -c:v libx264 -preset ultrafast -pix_fmt yuv420p a.ts
ffmpeg -v error -f lavfi -i testsrc=size=160x120:rate=30 -frames:v 60 -c:v libx264 -preset ultrafast -pix_fmt yuv420p b.ts
cat a.ts b.ts >sizes.ts
n=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 sizes.ts | grep -m1 .)
[ "$n" = 120 ] && pass "ffmpeg decodes all 120 frames of sizes.ts" || fail "ffmpeg decodes $n frames of sizes.ts"
run 1 "record across a size change" "frame 60 skipped (160×120, the recording is 320×240)" -- "$IRIS" record sizes.ts sizes.mkv --raw --quiet
plays "record across a size change" sizes.mkv 60
run 0 "render across a size change" "" -- "$IRIS" run --source sizes.ts --preview none --renderer cpu --frames 70 --quiet
finish
