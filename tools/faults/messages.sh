# Acceptance for issue 34's "silent where it should speak" (options and pipeline files) and "errors that say
# too little or too much": each trigger is run and its exit status and message asserted; a refusal must come
# before any work (no demo run, no output folder), never echo a file's contents, and a huge filter name must
# be refused in well under a second with a short message. Small inputs (a 64x48 Y4M); about 10 s.
REPO=$(cd "$(dirname "$0")/../.." && pwd)
. "$(dirname "$0")/lib.sh"

ffmpeg -v error -f lavfi -i testsrc=size=64x48:rate=30 -frames:v 6 -pix_fmt yuv420p tiny.y4m
SECRET=SECRETHASH
printf 'root:$y$j9T$%s:19000:0:99999:7:::\n' "$SECRET" > secret
ONE=(--preview none --renderer cpu --quiet)

section "a pipeline file with no source (or an empty one) is refused, not given the bundled demo"
printf '{"source": {"path": ""}, "frames": 2}' > empty-source.json
run 1 "empty source.path" "source.path: missing or empty" -- "$IRIS" run --config empty-source.json "${ONE[@]}"
[ ! -e iris-run ] && pass "empty source.path: the demo did not run (no iris-run/)" || fail "empty source.path: the demo ran"
printf '{"frames": 2}' > no-source.json
run 1 "no source" "source.path: missing or empty" -- "$IRIS" run --config no-source.json "${ONE[@]}"
run 0 "no source in the file, --source given" "" -- "$IRIS" run --config no-source.json --source tiny.y4m "${ONE[@]}"

section "strict JSON: trailing commas, duplicate keys and syntax errors give line and column"
printf '{"source": {"path": "tiny.y4m"},\n "frames": 2,\n}' > trailing.json
run 1 "trailing comma" "trailing.json: not valid JSON: line 2, column 13: trailing comma before '}'" -- "$IRIS" run --config trailing.json "${ONE[@]}"
printf '["CISepiaTone", "CIVibrance",]' > trailing-chain.json
run 1 "trailing comma in a chain" "line 1, column 29: trailing comma before ']'" -- "$IRIS" run --source tiny.y4m --chain trailing-chain.json "${ONE[@]}"
printf '{"source": {"path": "tiny.y4m"},\n "frames": 2,\n "frames": 3}' > duplicate.json
run 1 "duplicate key" "line 3, column 2: key \"frames\" is given twice in this object" -- "$IRIS" run --config duplicate.json "${ONE[@]}"
printf '{"source": {"path": "tiny.y4m"}\n "frames": 2}' > missing-comma.json
run 1 "missing comma" "line 2, column 2: expected ',' or '}' after a value in an object" -- "$IRIS" run --config missing-comma.json "${ONE[@]}"
printf '{"clips": {"tiny.mp4": {"qr": {"recall": ">= 0.9"}},}}' > trailing-thresholds.json
run 1 "trailing comma in thresholds" "line 1, column 52: trailing comma before '}'" -- "$IRIS" eval tiny.y4m --thresholds trailing-thresholds.json

section "a NUL in a path is refused, never cut short (which played another file)"
printf '{"source": {"path": "tiny.y4m\\u0000.mkv"}, "frames": 2}' > nul-source.json
run 1 "NUL in source.path" "source.path: holds a NUL character" -- "$IRIS" run --config nul-source.json "${ONE[@]}"
printf '["CIColorCube inputCubeFile=secret\\u0000.cube"]' > nul-chain.json
run 1 "NUL in a filter's file name" "nul-chain.json[0]: holds a NUL character" -- "$IRIS" run --source tiny.y4m --chain nul-chain.json "${ONE[@]}"

section "--thresholds naming a clip that was not evaluated fails, naming it"
cp "$REPO/Recordings/empty-640x480.mp4" "$REPO/Recordings/empty-640x480.truth.json" .
printf '{"clips": {"demo-640x480.mp4": {"qr": {"recall": ">= 0.9"}}}}' > other-clip.json
run 1 "a clip not evaluated" "demo-640x480.mp4: named in the thresholds but not evaluated" -- \
    "$IRIS" eval empty-640x480.mp4 --detect qr --max-frames 1 --thresholds other-clip.json
printf '{"clips": {"empty-640x480.mp4": {"face": {"recall": ">= 0.9"}}}}' > other-detector.json
run 1 "a detector that did not run" "empty-640x480.mp4 face: has limits but the detector did not run" -- \
    "$IRIS" eval empty-640x480.mp4 --detect qr --max-frames 1 --thresholds other-detector.json

section "a pipeline file that is a device, a folder or a FIFO says so (and does not block)"
run 1 "--config /dev/zero" "/dev/zero: is a character device, not a regular file" -- timeout 10 "$IRIS" run --config /dev/zero "${ONE[@]}"
never_says "--config /dev/zero" "permission"
mkfifo config.fifo
run 1 "--config FIFO" "config.fifo: is a FIFO, not a regular file" -- timeout 10 "$IRIS" run --config config.fifo "${ONE[@]}"
run 1 "--config folder" ".: is a folder, not a regular file" -- "$IRIS" run --config . "${ONE[@]}"
run 1 "--chain /dev/zero" "/dev/zero: is a character device" -- timeout 10 "$IRIS" run --source tiny.y4m --chain /dev/zero "${ONE[@]}"
run 1 "--thresholds /dev/zero" "/dev/zero: is a character device" -- timeout 10 "$IRIS" eval tiny.y4m --thresholds /dev/zero
head -c 5000000 /dev/zero | tr '\0' ' ' > huge.json
run 1 "--config over 4 MiB" "huge.json: larger than 4194304 bytes" -- "$IRIS" run --config huge.json "${ONE[@]}"

section "--bitrate below what the encoders take is refused up front"
run 64 "--bitrate 1" "--bitrate '1' is below 1000 bits/s (1k), the least the encoders take" -- "$IRIS" record tiny.y4m low.mp4 --bitrate 1
[ ! -e low.mp4 ] && pass "--bitrate 1: no file" || fail "--bitrate 1: left low.mp4"
run 64 "--bitrate 999 on run" "--bitrate '999' is below 1000" -- "$IRIS" run --source tiny.y4m --record low.mkv --codec mjpeg --bitrate 999 "${ONE[@]}"
printf '{"source": {"path": "tiny.y4m"}, "record": {"path": "low.mp4", "bitrate": 1}}' > low-bitrate.json
run 1 "record.bitrate 1" "record.bitrate: 1 is below 1000 bits/s" -- "$IRIS" run --config low-bitrate.json "${ONE[@]}"
run 0 "--bitrate 1k records" "" -- "$IRIS" record tiny.y4m ok.mp4 --bitrate 1k --quiet
plays "--bitrate 1k" ok.mp4 6

section "non-finite filter numbers are refused naming the filter and the key"
run 1 "nan in a transform" "CIAffineTransform inputTransform: nan is not a finite number" -- \
    "$IRIS" run --source tiny.y4m --filter 'CIAffineTransform inputTransform=[nan 0 0 1 0 0]' "${ONE[@]}"
never_says "nan in a transform" "extent is empty"
run 1 "inf in a transform (render)" "CIAffineTransform inputTransform: inf is not a finite number" -- \
    "$IRIS" render tiny.y4m out.png --filter 'CIAffineTransform inputTransform=[1 0 0 1 inf 0]'
run 1 "nan in a number" "CISepiaTone inputIntensity: nan is not a finite number" -- \
    "$IRIS" run --source tiny.y4m --filter 'CISepiaTone inputIntensity=nan' "${ONE[@]}"

section "an error never echoes the contents of a file it could not parse"
run 1 "a secret as a .cube file" "secret:1: not a .cube line" -- \
    "$IRIS" run --source tiny.y4m --filter "CIColorCube inputCubeFile=$PWD/secret" "${ONE[@]}"
never_says "a secret as a .cube file" "$SECRET"
cp secret secret.json
run 1 "a secret as a pipeline file" "secret.json: not valid JSON: line 1, column 1" -- "$IRIS" run --config secret.json "${ONE[@]}"
never_says "a secret as a pipeline file" "$SECRET"
run 1 "a secret as a cascade" "is not a usable OpenCV cascade" -- "$IRIS" detect tiny.y4m --detect face --cascade "$PWD/secret"
never_says "a secret as a cascade" "$SECRET"
printf '<?xml version="1.0"?>\n<opencv_storage %s><x/></opencv_storage>\n' "$SECRET" > cascade.xml
run 1 "a secret in a cascade's attribute" "an attribute has no value at line 2" -- "$IRIS" detect tiny.y4m --detect face --cascade "$PWD/cascade.xml"
never_says "a secret in a cascade's attribute" "$SECRET"
printf 'YUV4MPEG2 W64 H%s F30:1\nFRAME\n' "$SECRET" > header.y4m
run 1 "a secret in a Y4M header" "bad height (field H)" -- "$IRIS" run --source header.y4m "${ONE[@]}"
never_says "a secret in a Y4M header" "$SECRET"
printf 'YUV4MPEG2 W64 H48 F30:1 C%s\nFRAME\n' "$SECRET" > colorspace.y4m
run 1 "a secret as a Y4M colourspace" "cannot decode Y4M C(unrecognised) video" -- "$IRIS" run --source colorspace.y4m "${ONE[@]}"
never_says "a secret as a Y4M colourspace" "$SECRET"

section "a filter name of a million characters is refused at once, in a short message"
python3 -c "import json; print(json.dumps(['A' * 1000000 + ' inputIntensity=1']))" > long-name.json
start=$(date +%s%N)
run 1 "1M-character filter name" "(1000000 characters; filter names are at most 100)" -- "$IRIS" run --source tiny.y4m --chain long-name.json "${ONE[@]}"
ms=$(( ($(date +%s%N) - start) / 1000000 ))
[ "$ms" -lt 1000 ] && pass "1M-character filter name: $ms ms" || fail "1M-character filter name: took $ms ms"
bytes=$(cat out.txt err.txt | wc -c)
[ "$bytes" -lt 400 ] && pass "1M-character filter name: $bytes bytes of message" || fail "1M-character filter name: $bytes bytes of message"
python3 -c "print('A' * 100000)" > long-arg.txt
run 1 "100k-character name on the command line" "(100000 characters" -- "$IRIS" run --source tiny.y4m --filter "$(cat long-arg.txt)" "${ONE[@]}"
run 1 "a near miss still gets its suggestion" "did you mean 'CISepiaTone'" -- "$IRIS" run --source tiny.y4m --filter CISepiaTon "${ONE[@]}"

finish
