# Issue 34, "signals that do not stop": SIGINT, SIGTERM, SIGHUP and SIGQUIT (which Iris handles like
# SIGTERM) sent at random points of 160x120 recordings — a third of them in the first 50 ms, before main
# or while the pipeline is built — and to runs blocked on a FIFO source with no writer, a source that
# stalls after 10 frames (standard input and a FIFO), an output FIFO that nobody reads or whose reader
# stops reading, and `iris detect` on a FIFO. Every run must end within 2 s of the signal; a recording
# must decode cleanly with the frame count its summary line prints, the stderr summary's `recorded N`
# and (for `iris run`) metrics.json's framesRecorded; a run the signal ended before Iris's main (the
# default action, as from a terminal) must leave no file at all. A SIGKILL 1.2 s into the stalled-stdin
# MKV, MP4 and Y4M runs must leave a partial holding the 10 frames. SIGNALS_RUNS (default 100) runs per
# signal, SIGNALS_SEED (default 34) seeds the random points, SIGNALS_LANES (default 4) run side by side.
# Run by tools/io-faults. About two and a half minutes on 2 cores.
. "$(dirname "$0")/lib.sh"
ulimit -c 0
SEED=${SIGNALS_SEED:-34}
RUNS=${SIGNALS_RUNS:-100}
LANES=${SIGNALS_LANES:-4}
SIGNALS=(INT TERM HUP QUIT)
# A script's background jobs start with SIGINT and SIGQUIT ignored, and a signal that comes before
# Iris's main meets the disposition it was started with: each run below is started as from a terminal,
# `( trap - INT QUIT; exec env --default-signal=INT,QUIT "$IRIS" … ) &`. `trap -` alone cannot undo what
# was ignored when this script started (a suite launched as a background job: they would stay ignored, and
# a signal before main would be lost); env's --default-signal can.

ffmpeg -v error -f lavfi -i testsrc=size=160x120:rate=30 -frames:v 30 -pix_fmt yuv420p in.y4m
TEN=$(( $(head -1 in.y4m | wc -c) + 10 * (6 + 160 * 120 * 3 / 2) ))
now_ms() { date +%s%3N; }

# ends_within PID MS: waits up to MS ms for PID to end (then kills it); prints the ms it took.
ends_within() {
    local pid=$1 limit=$2 start; start=$(now_ms)
    while kill -0 "$pid" 2>/dev/null; do
        if [ $(( $(now_ms) - start )) -gt "$limit" ]; then kill -KILL "$pid" 2>/dev/null; echo "over $limit"; return 1; fi
        sleep 0.01
    done
    echo $(( $(now_ms) - start ))
}

# check_recording LABEL OUT STDOUT STDERR [METRICS]: OUT decodes cleanly with the frames STDOUT's line
# prints, STDERR's "recorded N" and METRICS' framesRecorded say; no temporary or lock file is left.
# Prints nothing when all holds, else why.
check_recording() {
    local label=$1 out=$2 o=$3 e=$4 m=${5:-} printed recorded metric n stem dir
    printed=$(sed -n "s|^\(recording: \)\{0,1\}$out: \([0-9]*\) frames.*|\2|p" "$o")
    recorded=$(sed -n 's/.*rendered [0-9]*, shown [0-9]*, recorded \([0-9]*\),.*/\1/p' "$e")
    dir=$(dirname "$out"); stem=$(basename "$out"); stem=${stem%.*}
    if ls -a "$dir" | grep -q "^\.$stem\.\(partial\|.*lock\)"; then echo "$label: left $(ls -a "$dir" | grep "^\.$stem\." | tr '\n' ' ')"; return; fi
    if [ -n "$m" ]; then
        [ -s "$m" ] || { echo "$label: no metrics file $m"; return; }
        metric=$(grep -o '"framesRecorded" *: *[0-9]*' "$m" | grep -o '[0-9]*$')
        [ "$metric" = "${recorded:-none}" ] || { echo "$label: metrics framesRecorded ${metric:-none}, summary recorded ${recorded:-none}"; return; }
    fi
    if [ -z "$printed" ]; then
        # Stopped before the first frame: no file, nothing recorded.
        [ -e "$out" ] && { echo "$label: $out exists but no frames line: $(tail -c 200 "$o")"; return; }
        [ "${recorded:-0}" = 0 ] || echo "$label: no recording line, yet recorded $recorded"
        return
    fi
    [ "$printed" = "$recorded" ] || { echo "$label: prints $printed frames, summary says recorded ${recorded:-none}"; return; }
    n=$(frames "$out")
    [ -n "$n" ] || { echo "$label: $out does not decode cleanly: $(head -c 200 decode.txt)"; return; }
    [ "$n" = "$printed" ] || echo "$label: $out holds $n frames, prints $printed"
}

# exec_started PID: returns once PID runs iris (not the shell that forks it), or after about 2 s.
IRIS_REAL=$(readlink -f "$IRIS")
exec_started() {
    local n
    for n in $(seq 2000); do [ "$(readlink "/proc/$1/exe" 2>/dev/null)" = "$IRIS_REAL" ] && return; sleep 0.001; done
}

# One run at a random point: `record` (stderr summary) or `run` (also --metrics), stopped by SIG.
random_run() {
    local sig=$1 i=$2 delay_ms=$3 tool=$4 dir=$5 out m pid took rc why
    cd "$dir" || return
    out=r$i.mkv; m=""
    # Swift's runtime installs a crash handler for SIGQUIT before main that prints nothing and carries on
    # (its backtracer): a SIGQUIT in those few milliseconds is lost whatever Iris does. The QUIT runs
    # turn it off, as SWIFT_BACKTRACE=enable=no does for a service that wants SIGQUIT honoured from exec.
    local backtrace=yes; [ "$sig" = QUIT ] && backtrace=no
    if [ "$tool" = record ]; then
        ( trap - INT QUIT; export SWIFT_BACKTRACE=enable=$backtrace; exec env --default-signal=INT,QUIT "$IRIS" record ../in.y4m "$out" --raw --loop --realtime --frames 150 ) >o$i.txt 2>e$i.txt & pid=$!
    else
        m=m$i.json
        ( trap - INT QUIT; export SWIFT_BACKTRACE=enable=$backtrace; exec env --default-signal=INT,QUIT "$IRIS" run --source ../in.y4m --loop --realtime --frames 150 --record "$out" --metrics "$m" \
            --preview none --renderer cpu ) >o$i.txt 2>e$i.txt & pid=$!
    fi
    # The delay counts from the exec: until then the process is still the shell, which ignores SIGINT and
    # SIGQUIT in a background child (or runs its own handler) until `trap -` is done, so a signal sent in
    # that window would be lost by the shell, not by Iris.
    exec_started "$pid"
    sleep "$(printf '0.%03d' "$delay_ms")"
    kill -"$sig" "$pid"
    if ! took=$(ends_within "$pid" 2000); then wait "$pid" 2>/dev/null; echo "FAIL SIG$sig run $i ($tool at $delay_ms ms): still running 2 s after the signal"; return; fi
    wait "$pid"; rc=$?
    if [ "$rc" -ge 128 ]; then
        # The default action before main: only acceptable with nothing written.
        [ "$rc" = $((128 + $(kill -l "$sig"))) ] || { echo "FAIL SIG$sig run $i ($tool at $delay_ms ms): exit $rc"; return; }
        if [ -s "o$i.txt" ] || ls -a | grep -q "^\.\?r$i\."; then echo "FAIL SIG$sig run $i: died by the signal after writing: $(ls -a | grep "r$i\.")"; return; fi
        echo "early SIG$sig run $i ($delay_ms ms)"; return
    fi
    if [ "$rc" != 0 ]; then echo "FAIL SIG$sig run $i ($tool at $delay_ms ms): exit $rc: $(tail -c 300 e$i.txt)"; return; fi
    if [ -s "o$i.txt" ] && ! grep -q "stopped by SIG$sig" "o$i.txt"; then echo "FAIL SIG$sig run $i ($tool at $delay_ms ms): not stopped by the signal: $(head -c 300 o$i.txt)"; return; fi
    why=$(check_recording "SIG$sig run $i ($tool at $delay_ms ms)" "$out" "o$i.txt" "e$i.txt" "$m")
    if [ -n "$why" ]; then echo "FAIL $why"; return; fi
    echo "ok SIG$sig run $i $took ms"
    rm -f "$out" "o$i.txt" "e$i.txt" "$m"
}

section "each signal at $RUNS random points (seed $SEED), a third in the first 50 ms, $LANES runs side by side"
RANDOM=$SEED
plan=()
for sig in "${SIGNALS[@]}"; do
    for i in $(seq 1 "$RUNS"); do
        if [ $((i % 3)) = 0 ]; then delay=$((RANDOM % 50)); else delay=$((50 + RANDOM % 900)); fi
        tool=record; [ $((i % 2)) = 0 ] && tool=run
        plan+=("$sig $i $delay $tool")
    done
done
for lane in $(seq 0 $((LANES - 1))); do
    mkdir -p "lane$lane"
    (
        for k in $(seq "$lane" "$LANES" $(( ${#plan[@]} - 1 ))); do
            set -- ${plan[$k]}; random_run "$1" "$1-$2" "$3" "$4" "$WORK/lane$lane"
        done >"$WORK/lane$lane.log" 2>&1
    ) &
done
wait
cat lane*.log >random.log
for sig in "${SIGNALS[@]}"; do
    total=$(grep -c "SIG$sig run" random.log); early=$(grep -c "^early SIG$sig " random.log)
    bad=$(grep "^FAIL SIG$sig " random.log)
    slowest=$(sed -n "s/^ok SIG$sig run .* \([0-9]*\) ms$/\1/p" random.log | sort -n | tail -1)
    if [ -z "$bad" ] && [ "$total" = "$RUNS" ]; then
        pass "SIG$sig: $total runs ended within 2 s (slowest ${slowest:-?} ms after the signal), recordings play with the frames summary and metrics say; $early ended by the signal before main with no file"
    else
        fail "SIG$sig: $total of $RUNS runs reported; $(echo "$bad" | head -5)"
    fi
done
grep -q "^FAIL" random.log && grep "^FAIL" random.log | head -20

section "runs blocked on a FIFO, a stalled source or an unread output FIFO"
mkfifo src.fifo hold.fifo
# blocked LABEL SIG WANT_RC PATTERN -- command…: started as from a terminal, SIG after 0.7 s; it must end
# within 2 s with WANT_RC and PATTERN on stdout or stderr.
blocked() {
    local label=$1 sig=$2 want=$3 pattern=$4; shift 5
    ( trap - INT QUIT; exec env --default-signal=INT,QUIT "$@" ) >o.txt 2>e.txt & local pid=$!
    sleep 0.7; kill -"$sig" "$pid"
    local took; if ! took=$(ends_within "$pid" 2000); then wait "$pid" 2>/dev/null; fail "$label: still running 2 s after SIG$sig"; return 1; fi
    wait "$pid"; local rc=$?
    if [ "$rc" != "$want" ]; then fail "$label: exit $rc, expected $want: $(tail -c 300 e.txt)"; return 1; fi
    if [ -n "$pattern" ] && ! grep -qF -- "$pattern" o.txt e.txt; then fail "$label: no '$pattern' in: $(tail -c 300 o.txt e.txt)"; return 1; fi
    pass "$label: SIG$sig ended it in $took ms (exit $rc)"
}
for sig in "${SIGNALS[@]}"; do
    signo=$(kill -l "$sig")
    blocked "FIFO source with no writer" "$sig" 1 "stopped by SIG$sig while waiting for data" -- "$IRIS" record src.fifo nw.mkv --raw
    # (A source that fails to open must give the recording's claim up: Pipeline.run's start-up failure path.)
    [ -e nw.mkv ] || ls -a | grep -q '^\.nw\.' && fail "FIFO source with no writer: the failed start left $(ls -a | grep nw | tr '\n' ' ')"
    rm -f .nw.*
    want=$((128 + signo)); [ "$sig" = QUIT ] && want=131
    blocked "iris detect on a FIFO with no writer" "$sig" "$want" "" -- "$IRIS" detect src.fifo

    # A producer that stalls after 10 frames: the stop finishes the file with them.
    for ext in mkv mp4 y4m; do
        # The producer's `cat` holds the pipe open, idle, until the script closes its end of hold.fifo (fd 9).
        exec 9<>hold.fifo
        ( exec 9>&-; head -c "$TEN" in.y4m; cat hold.fifo >/dev/null ) | ( trap - INT QUIT; exec 9>&-; exec env --default-signal=INT,QUIT "$IRIS" run --source - \
            --record "st.$ext" --metrics st.json --preview none --renderer cpu ) >o.txt 2>e.txt & pid=$!
        sleep 0.8; kill -"$sig" "$pid"
        # (Bash's wait for one process of a pipeline waits for the whole pipeline: end the producer first.)
        if took=$(ends_within "$pid" 2000); then
            exec 9>&-; wait "$pid"; rc=$?
            why=$(check_recording "stalled stdin $ext" "st.$ext" o.txt e.txt st.json)
            printed=$(sed -n "s/^recording: st.$ext: \([0-9]*\) frames.*/\1/p" o.txt)
            if [ "$rc" = 0 ] && [ -z "$why" ] && [ "$printed" = 10 ] && grep -q "stopped by SIG$sig" o.txt; then
                pass "standard input stalled after 10 frames, $ext: SIG$sig ended it in $took ms with the 10 frames in the file, summary and metrics"
            else
                fail "standard input stalled after 10 frames, $ext, SIG$sig: exit $rc, ${printed:-no} frames printed; $why $(tail -c 200 e.txt)"
            fi
        else
            exec 9>&-; wait "$pid" 2>/dev/null; fail "standard input stalled after 10 frames, $ext: still running 2 s after SIG$sig"
        fi
        exec 9>&-; rm -f "st.$ext" st.json
    done

    # A FIFO source whose writer stalls after 10 frames.
    exec 8<>src.fifo; ( head -c "$TEN" in.y4m >&8 ) &
    blocked "FIFO source stalled after 10 frames" "$sig" 0 "sf.mkv: 10 frames" -- "$IRIS" record src.fifo sf.mkv --raw
    plays "FIFO source stalled after 10 frames" sf.mkv 10; exec 8>&-; rm -f sf.mkv

    # An output FIFO nobody opens, and one whose reader stops reading after 20 kB.
    rm -f out.mkv out.y4m; mkfifo out.mkv out.y4m
    blocked "output FIFO with no reader" "$sig" 1 "no process opened the FIFO for reading before the stop (SIG$sig)" -- \
        "$IRIS" record in.y4m out.mkv --raw --loop
    ( head -c 20000 >/dev/null; exec 7<&0; sleep 4 ) <out.y4m & reader=$!
    blocked "output FIFO whose reader stopped reading" "$sig" 1 "its reader took no more data before the stop (SIG$sig)" -- \
        "$IRIS" record in.y4m out.y4m --raw --loop
    kill "$reader" 2>/dev/null; wait "$reader" 2>/dev/null
done

section "repeated SIGINT, a stop without the terminal's dispositions, and a FIFO that is read"
( head -c 20000 >/dev/null; sleep 4 ) <out.y4m & reader=$!
"$IRIS" record in.y4m out.y4m --raw --loop >o.txt 2>e.txt & pid=$!
sleep 0.7; kill -INT "$pid"; sleep 0.05; kill -INT "$pid"
took=$(ends_within "$pid" 500) && pass "a second SIGINT ends the wait for a stalled reader at once ($took ms)" || fail "a second SIGINT did not end the wait within 0.5 s"
wait "$pid" 2>/dev/null; kill "$reader" 2>/dev/null; wait "$reader" 2>/dev/null
# A plain background job of a script starts with SIGINT ignored; once Iris runs it stops on it all the same.
"$IRIS" record in.y4m bg.mkv --raw --loop --realtime >o.txt 2>e.txt & pid=$!
sleep 0.7; kill -INT "$pid"
if took=$(ends_within "$pid" 2000); then
    wait "$pid"; rc=$?; why=$(check_recording "background job" bg.mkv o.txt e.txt)
    [ "$rc" = 0 ] && [ -z "$why" ] && grep -q "stopped by SIGINT" o.txt && pass "SIGINT to a script's background job ($took ms)" || fail "background job: exit $rc $why"
else wait "$pid" 2>/dev/null; fail "background job: SIGINT ignored"; fi
cat out.y4m >copy.y4m & reader=$!
"$IRIS" record in.y4m out.y4m --raw --loop --realtime >o.txt 2>e.txt & pid=$!
sleep 0.7; kill -TERM "$pid"; ends_within "$pid" 2000 >/dev/null; wait "$pid"; rc=$?; wait "$reader"
printed=$(sed -n 's/^out.y4m: \([0-9]*\) frames.*/\1/p' o.txt)
[ "$rc" = 0 ] && [ "$(frames copy.y4m)" = "$printed" ] && pass "an output FIFO that is read gets every frame the summary counts ($printed)" \
    || fail "read output FIFO: exit $rc, printed ${printed:-none}, the reader got $(frames copy.y4m)"

section "SIGKILL while the source is stalled keeps the 10 frames (flushed without a further frame)"
for ext in mkv mp4 y4m; do
    exec 9<>hold.fifo
    ( exec 9>&-; head -c "$TEN" in.y4m; cat hold.fifo >/dev/null ) | "$IRIS" record - "k.$ext" --raw >/dev/null 2>&1 9>&- & pid=$!
    sleep 1.2; kill -KILL "$pid"; exec 9>&-; wait "$pid" 2>/dev/null
    partial=$(ls .k.partial-*."$ext" 2>/dev/null | head -1)
    if [ -z "$partial" ]; then fail "SIGKILL $ext: no partial file"; continue; fi
    n=$(frames "$partial")
    [ "$n" = 10 ] && pass "SIGKILL $ext: $partial plays with the 10 frames" || fail "SIGKILL $ext: $partial holds ${n:-no decodable} frames, expected 10"
done

section "after a full disk the metrics count what the file holds"
mkdir small
if is_root && mount -t tmpfs -o size=1m tmpfs small 2>/dev/null; then
    CLEANUPS+=("umount '$WORK/small'")
    # Noise does not compress: the 1 MB fills after a few dozen frames, mid-fragment.
    ffmpeg -v error -f lavfi -i "nullsrc=s=160x120:r=30,geq=lum='random(1)*255':cb=128:cr=128" -frames:v 30 -pix_fmt yuv420p noise.y4m
    for spec in "small/f.mkv ffv1" "small/f.mp4 mjpeg" "small/f.y4m h264"; do
        set -- $spec
        run 1 "full disk $1 (iris run --metrics)" "the disk is full" -- "$IRIS" run --source noise.y4m --loop --frames 300 --record "$1" \
            --codec "$2" --metrics full.json --preview none --renderer cpu
        why=$(check_recording "full disk $1" "$1" out.txt err.txt full.json)
        [ -z "$why" ] && pass "full disk $1: file, summary line, stderr summary and metrics.json agree ($(sed -n 's/.*: \([0-9]*\) frames.*/\1/p' out.txt) frames)" || fail "$why"
        rm -f small/* small/.[!.]* full.json
    done
else
    skip "full disk: needs root to mount a 1 MB tmpfs"
fi

finish
