# Acceptance for issue 15's recording and CLI parts: repeats the failures that used to lose recordings or
# crash, with small inputs (a 320x240 PNG, a 640x480 Y4M), and asserts that each ends with exit status 1
# (or 64 for usage) and a message naming the culprit, never in a signal, and that no file that existed
# before a run is lost. SIGKILL after 3 s of recording 640x480 to MP4 (H.264), MKV (H.264, FFV1) and Y4M
# must leave a file that decodes cleanly and holds at least the frames written up to 1 s before the kill.
# Run by tools/io-faults. About a minute and a half.
. "$(dirname "$0")/lib.sh"
SMALL=""
CLEANUPS+=('[ -n "$SMALL" ] && umount "$SMALL"')

ffmpeg -v error -f lavfi -i testsrc=size=320x240 -frames:v 1 a.png
ffmpeg -v error -f lavfi -i testsrc=size=640x480:rate=30 -frames:v 30 -pix_fmt yuv420p in.y4m
sha_in=$(sha256sum in.y4m | cut -d' ' -f1)
RAW=(--raw --quiet)

echo "== progress output that fails never takes a recording down"
run 0 "stderr closed" "" -- sh -c "'$IRIS' record in.y4m closed.mp4 --raw --loop --frames 60 2>&-"
plays "stderr closed" closed.mp4 60
run 0 "stderr full" "" -- sh -c "'$IRIS' record in.y4m full.mkv --raw --loop --frames 60 2>/dev/full"
plays "stderr full" full.mkv 60
"$IRIS" record in.y4m piped.mp4 --raw --loop --frames 60 2>&1 >/dev/null | head -c 20 >/dev/null
rc=${PIPESTATUS[0]}; [ "$rc" = 0 ] && pass "stderr into a closed pipe (exit 0)" || fail "stderr into a closed pipe: exit $rc"
plays "stderr into a closed pipe" piped.mp4 60
run 0 "rendered still, stderr closed" "" -- sh -c "'$IRIS' record a.png still.mkv --frames 3 --renderer cpu 2>&-"
plays "rendered still, stderr closed" still.mkv 3

echo "== SIGINT, SIGTERM and SIGHUP finish the file"
for sig in INT TERM HUP; do
    "$IRIS" record in.y4m "sig-$sig.mkv" --raw --loop --realtime --quiet >out.txt 2>err.txt & pid=$!
    sleep 2; kill -"$sig" "$pid"; wait "$pid"; rc=$?
    printed=$(sed -n 's/.*: \([0-9]*\) frames,.*/\1/p' out.txt)
    if [ "$rc" = 0 ] && grep -q "stopped by SIG$sig" out.txt; then pass "SIG$sig (exit 0)"; else fail "SIG$sig: exit $rc: $(cat out.txt err.txt | tail -c 300)"; fi
    plays "SIG$sig" "sig-$sig.mkv" "${printed:-1}"
    ls -a | grep -q "^\.sig-$sig" && fail "SIG$sig left a temporary or lock file: $(ls -a | grep "^\.sig-")"
done

echo "== SIGKILL after 3 s keeps what was written up to 1 s before"
for spec in "kill-h264.mp4 h264" "kill-h264.mkv h264" "kill-ffv1.mkv ffv1" "kill.y4m h264"; do
    set -- $spec; out=$1; codec=$2; stem=${out%.*}; ext=${out##*.}
    rm -f stamped.txt
    "$IRIS" record in.y4m "$out" --raw --loop --realtime --codec "$codec" 2> >(while IFS= read -r line; do
        echo "$(date +%s.%N) $line"; done >stamped.txt) >/dev/null & pid=$!
    # The recording starts with its first frame, when the temporary file appears.
    for _ in $(seq 100); do ls .${stem}.partial-*."$ext" >/dev/null 2>&1 && break; sleep 0.05; done
    sleep 3; killed=$(date +%s.%N); kill -KILL "$pid"; wait "$pid" 2>/dev/null; sleep 0.2
    partial=$(ls .${stem}.partial-*."$ext" 2>/dev/null | head -1)
    [ -n "$partial" ] || { fail "SIGKILL $out: no temporary file"; continue; }
    # Frames read by the last status line at least 1 s before the kill, less what the queues held (12).
    read_then=$(awk -v k="$killed" '$1 <= k - 1 && match($0, /frames [0-9]+/) { n = substr($0, RSTART + 7, RLENGTH - 7) } END { print n + 0 }' stamped.txt)
    plays "SIGKILL $out ($codec)" "$partial" $((read_then > 12 ? read_then - 12 : 1))
done
run 0 "a later run names the leftover" ".kill-h264.partial-" -- "$IRIS" record in.y4m kill-h264.mp4 "${RAW[@]}" --frames 5
ls .kill-h264.partial-*.mp4 >/dev/null 2>&1 && pass "the leftover is kept" || fail "the leftover was removed"

echo "== no output overwrites an input"
ln -s in.y4m link.y4m; ln in.y4m hard.y4m
run 1 "output = input" "same file as the input" -- "$IRIS" record in.y4m in.y4m "${RAW[@]}" --frames 5
run 1 "output = ./input" "same file as the input" -- "$IRIS" record in.y4m ./in.y4m "${RAW[@]}" --frames 5
run 1 "output = symlink to input" "link.y4m" -- "$IRIS" record in.y4m link.y4m "${RAW[@]}" --frames 5
run 1 "output = hard link to input" "hard.y4m" -- "$IRIS" record in.y4m hard.y4m "${RAW[@]}" --codec ffv1 --frames 5
run 1 "output = standard input" "same file as the input" -- sh -c "'$IRIS' record - in.y4m --raw --quiet --frames 5 < in.y4m"
run 1 "events = input" "events output" -- "$IRIS" run --source in.y4m --events in.y4m --frames 2 --preview none --quiet
[ "$(sha256sum in.y4m | cut -d' ' -f1)" = "$sha_in" ] && pass "the input is intact" || fail "the input was changed"

echo "== a second writer to the same path is refused; the file it would replace survives failures"
cp closed.mp4 keep.mp4; sha_keep=$(sha256sum keep.mp4 | cut -d' ' -f1)
"$IRIS" record in.y4m keep.mp4 --raw --loop --realtime --quiet >first.txt 2>&1 & first=$!
for _ in $(seq 100); do ls .keep.partial-*.mp4 >/dev/null 2>&1 && break; sleep 0.05; done
run 1 "second writer" "another recording is writing it" -- "$IRIS" record in.y4m keep.mp4 "${RAW[@]}" --frames 5
[ "$(sha256sum keep.mp4 | cut -d' ' -f1)" = "$sha_keep" ] && pass "the existing file is untouched while recording" || fail "the existing file changed before the recording finished"
kill -KILL "$first"; wait "$first" 2>/dev/null
[ "$(sha256sum keep.mp4 | cut -d' ' -f1)" = "$sha_keep" ] && pass "SIGKILL leaves the existing file as it was" || fail "SIGKILL damaged the existing file"
run 64 "bad option leaves the existing file" "--gop" -- "$IRIS" record in.y4m keep.mp4 "${RAW[@]}" --gop -3
[ "$(sha256sum keep.mp4 | cut -d' ' -f1)" = "$sha_keep" ] && pass "the existing file is intact" || fail "the existing file changed"

echo "== option values"
run 64 "--bitrate 1e19" "--bitrate" -- "$IRIS" record in.y4m o.mp4 --bitrate 1e19
run 64 "--bitrate -5" "--bitrate" -- "$IRIS" record in.y4m o.mp4 --bitrate -5
run 64 "--bitrate nan" "--bitrate" -- "$IRIS" record in.y4m o.mp4 --bitrate nan
run 64 "--gop -3" "--gop must be at least 1 frame, got -3" -- "$IRIS" record in.y4m o.mp4 --gop -3
run 64 "--frames -1" "--frames must be at least 1, got -1" -- "$IRIS" record in.y4m o.mp4 --frames -1
run 64 "--duration nan" "--duration" -- "$IRIS" record in.y4m o.mp4 --duration nan
run 64 "--duration -2" "--duration" -- "$IRIS" run --source in.y4m --duration -2
run 64 "--min-size -1" "--min-size" -- "$IRIS" detect in.y4m --min-size -1
run 64 "--min-size inf" "--min-size" -- "$IRIS" detect in.y4m --min-size inf
run 64 "--encoder of another codec" "--encoder mjpeg" -- "$IRIS" record in.y4m o.mp4 --codec h264 --encoder mjpeg
run 64 "FFV1 in MP4" "--codec ffv1" -- "$IRIS" record in.y4m o.mp4 --codec ffv1
run 64 ".webm" "o.webm" -- "$IRIS" record in.y4m o.webm
run 64 "/dev/null" "/dev/null" -- "$IRIS" record in.y4m /dev/null
run 64 "--record .webm" "--record o.webm" -- "$IRIS" run --source in.y4m --record o.webm
ls o.* >/dev/null 2>&1 && fail "a refused run left a file: $(ls o.*)"

echo "== a full disk keeps what was written, up to the last whole fragment"
mkdir small
if mount -t tmpfs -o size=1m tmpfs small 2>/dev/null; then
    SMALL=$PWD/small
    for spec in "small/f.mp4 mjpeg" "small/f.mkv ffv1" "small/f.y4m h264"; do
        set -- $spec
        run 1 "full disk $1" "$1: the disk is full" -- "$IRIS" record in.y4m "$1" --raw --loop --frames 300 --codec "$2"
        kept=$(sed -n 's/.*: \([0-9]*\) frames,.*/\1/p' out.txt)
        plays "full disk $1" "$1" "${kept:-1}"
        rm -f small/* small/.[!.]*
    done
else
    ln -s /dev/full dev-full.mkv
    run 1 "full disk (/dev/full; tmpfs not mountable here)" "dev-full.mkv: the disk is full" -- "$IRIS" record in.y4m dev-full.mkv "${RAW[@]}" --frames 5 --codec ffv1
fi

echo "== truncated recordings say so"
"$IRIS" record in.y4m t-h264.mkv "${RAW[@]}" --loop --frames 60 >/dev/null 2>&1
"$IRIS" record in.y4m t-ffv1.mkv "${RAW[@]}" --codec ffv1 --frames 30 >/dev/null 2>&1
"$IRIS" record in.y4m t-h264.mp4 "${RAW[@]}" --loop --frames 60 >/dev/null 2>&1
# Reading every frame goes through `record --raw` into Y4M (fast); `render` asks for the last frame; `detect`
# reads a short cut (its QR search costs about a second a frame in a debug build).
for spec in "t-h264.mkv 60" "t-ffv1.mkv 30" "t-h264.mp4 60"; do
    set -- $spec; whole=$1; last=$(($2 - 1)); size=$(stat -c %s "$whole")
    for pct in 10 50 99; do
        cut="cut$pct-$whole"; head -c $((size * pct / 100)) "$whole" >"$cut"
        run 1 "read $cut" "$cut: truncated at frame" -- "$IRIS" record "$cut" read.y4m "${RAW[@]}"
        run 1 "render the last frame of $cut" "$cut: truncated" -- "$IRIS" render "$cut" last.png --frame "$last"
    done
    run 0 "read $whole whole" "" -- "$IRIS" record "$whole" read.y4m "${RAW[@]}"
    run 0 "render the last frame of $whole" "" -- "$IRIS" render "$whole" last.png --frame "$last"
done
run 1 "detect cut10-t-ffv1.mkv" "cut10-t-ffv1.mkv: truncated at frame" -- "$IRIS" detect cut10-t-ffv1.mkv --detect qr

finish
