# The output policy (issue 34), for every file Iris writes: the recording, --events, --metrics, render's
# output, detect --annotate's files, eval --json, bench-filters --output. Each case asserts the exit status,
# the message, and the node type and bytes of every file involved before and after: nothing is destroyed.
# Device nodes, FIFOs, links and sticky folders are made in the suite's temporary folder; cases that need
# root (mknod, chattr, another user) are skipped with the reason elsewhere. Run by tools/io-faults; about 40 s.
REPO=$(cd "$(dirname "$0")/../.." && pwd)
. "$(dirname "$0")/lib.sh"

ffmpeg -v error -f lavfi -i testsrc=size=160x120:rate=30 -frames:v 10 -pix_fmt yuv420p in.y4m
ffmpeg -v error -f lavfi -i testsrc=size=160x120 -frames:v 1 a.png
cp "$REPO/Recordings/empty-640x480.mp4" c.mp4; cp "$REPO/Recordings/empty-640x480.truth.json" c.truth.json
RUN=(run --source in.y4m --preview none --quiet)

section "character devices and FIFOs are written in place, never replaced"
if is_root; then
    mknod full c 1 7; mknod null c 1 3; before=$(fingerprint full)
    run 1 "--metrics on a full device" "full: the disk is full" -- "$IRIS" "${RUN[@]}" --metrics full
    unchanged "--metrics on a full device" full "$before"
    before=$(fingerprint null)
    run 0 "eval --json on a null device" "" -- "$IRIS" eval c.mp4 --detect qr --max-frames 2 --json null
    unchanged "eval --json on a null device" null "$before"
else
    skip "device nodes: mknod needs root"
fi
mkfifo metrics.fifo; ( timeout 20 cat metrics.fifo >metrics-read.json ) & reader=$!
run 0 "--metrics into a FIFO" "" -- "$IRIS" "${RUN[@]}" --metrics metrics.fifo
wait "$reader"
grep -q '"framesRendered"' metrics-read.json && pass "the FIFO's reader got the metrics" || fail "the FIFO's reader got: $(head -c 200 metrics-read.json)"
[ -p metrics.fifo ] && pass "metrics.fifo is still a FIFO" || fail "metrics.fifo was replaced: $(fingerprint metrics.fifo)"
mkfifo recfifo.y4m; ( timeout 20 cat recfifo.y4m >rec-read.y4m ) & reader=$!
run 0 "--record into a FIFO" "" -- "$IRIS" record in.y4m recfifo.y4m --raw --quiet --frames 5
wait "$reader"
[ -p recfifo.y4m ] && pass "recfifo.y4m is still a FIFO" || fail "recfifo.y4m was replaced: $(fingerprint recfifo.y4m)"
ln -s /dev/stdout stdout-link; before=$(fingerprint stdout-link)
"$IRIS" "${RUN[@]}" --detect qr --events stdout-link >events-out.txt 2>err.txt; rc=$?
[ "$rc" = 0 ] && grep -q '"frame"' events-out.txt && pass "--events through a link to /dev/stdout lands on standard output" \
    || fail "--events to stdout-link: exit $rc: $(head -c 200 events-out.txt) $(tail -c 200 err.txt)"
unchanged "--events through a link to /dev/stdout" stdout-link "$before"

section "nodes that are never written"
mkdir adir; before=$(fingerprint adir)
run 1 "--metrics on a directory" "adir: is a directory" -- "$IRIS" "${RUN[@]}" --metrics adir
unchanged "--metrics on a directory" adir "$before"
python3 -c "import socket; s = socket.socket(socket.AF_UNIX); s.bind('sock')"
run 1 "--events on a socket" "sock: is a socket" -- "$IRIS" "${RUN[@]}" --detect qr --events sock
[ -S sock ] && pass "sock is still a socket" || fail "sock was replaced: $(fingerprint sock)"
if is_root; then
    mknod disk b 7 200; before=$(fingerprint disk)
    run 1 "--metrics on a block device" "disk: is a block device" -- "$IRIS" "${RUN[@]}" --metrics disk
    unchanged "--metrics on a block device" disk "$before"
else
    skip "block device: mknod needs root"
fi
cp "$IRIS" prog; before=$(fingerprint prog)
run 1 "--metrics on an executable" "prog: is an executable program" -- "$IRIS" "${RUN[@]}" --metrics prog
unchanged "--metrics on an executable" prog "$before"
cp "$IRIS" running; before=$(fingerprint running)
run 1 "--metrics on the running iris" "running: is an executable program" -- ./running "${RUN[@]}" --metrics running
unchanged "--metrics on the running iris" running "$before"
cp prog prog.y4m; chmod +x prog.y4m; before=$(fingerprint prog.y4m)
run 1 "--record over an executable .y4m" "is an executable program" -- "$IRIS" record in.y4m prog.y4m --raw --quiet --frames 2
unchanged "--record over an executable .y4m" prog.y4m "$before"

section "no output replaces an input or another output"
for spec in "c.mp4 c.mp4" "c.truth.json c.truth.json"; do
    set -- $spec; before=$(fingerprint "$2")
    run 1 "eval --json $1" "same file as the input" -- "$IRIS" eval c.mp4 --detect qr --max-frames 2 --json "$1"
    unchanged "eval --json $1" "$2" "$before"
done
before=$(fingerprint a.png)
run 1 "render a.png a.png" "a.png: is the same file as the input" -- "$IRIS" render a.png a.png --renderer cpu
unchanged "render a.png a.png" a.png "$before"
run 1 "render a.png ./a.png" "is the same file as the input" -- "$IRIS" render a.png ./a.png --renderer cpu
unchanged "render a.png ./a.png" a.png "$before"
run 1 "detect a.png --annotate ." "is the same file as the input" -- "$IRIS" detect a.png --detect rect --annotate .
unchanged "detect a.png --annotate ." a.png "$before"
echo '{"source": {"path": "in.y4m"}, "preview": "none"}' >p.json; before=$(fingerprint p.json)
run 1 "--metrics = --config" "same file as the input p.json" -- "$IRIS" run --config p.json --metrics ./p.json --quiet
unchanged "--metrics = --config" p.json "$before"
run 1 "--events = --metrics" "also the" -- "$IRIS" "${RUN[@]}" --detect qr --events same.json --metrics ./same.json
[ -e same.json ] && fail "a refused run created same.json" || pass "a refused run created nothing"

section "two runs with one events file"
"$IRIS" run --source in.y4m --loop --realtime --preview none --quiet --detect qr --events ev.jsonl --duration 3 >first.txt 2>&1 & first=$!
for _ in $(seq 100); do ls .ev.partial-*.jsonl >/dev/null 2>&1 && break; sleep 0.05; done
run 1 "a second run on the same --events" "another run is writing it" -- "$IRIS" "${RUN[@]}" --detect qr --events ev.jsonl
wait "$first"; rc=$?
counted=$(sed -n 's/.*events: ev.jsonl (\([0-9]*\) detected frames.*/\1/p' first.txt)
lines=$(wc -l <ev.jsonl)
[ "$rc" = 0 ] && [ -n "$counted" ] && [ "$counted" = "$lines" ] && pass "the first run's summary counts the $lines lines in ev.jsonl" \
    || fail "first run: exit $rc, summary '$counted', file $lines lines: $(tail -c 200 first.txt)"

section "lock and temporary names are never followed"
echo "precious" >victim; before=$(fingerprint victim)
ln -s victim .cam.mkv.lock
run 1 "a planted lock link" "lock file" -- "$IRIS" record in.y4m cam.mkv --raw --quiet --frames 2
unchanged "a planted lock link" victim "$before"
[ -L .cam.mkv.lock ] && pass "the planted link is left for its owner to see" || fail "the planted link was removed"
rm .cam.mkv.lock; ln -s made-by-iris .cam.mkv.lock
run 1 "a dangling lock link" "lock file" -- "$IRIS" record in.y4m cam.mkv --raw --quiet --frames 2
[ -e made-by-iris ] && fail "a dangling lock link made iris create its target" || pass "the dangling link's target was not created"
rm .cam.mkv.lock
ln -s victim .ev2.partial-$$.jsonl
run 0 "a planted partial name is skipped" "" -- "$IRIS" "${RUN[@]}" --detect qr --events ev2.jsonl
unchanged "a planted partial name" victim "$before"
if is_root; then
    mkdir -m 1777 shared; ln -s ../victim shared/m.json; chown -h nobody shared/m.json
    run 1 "another user's link in a sticky folder" "owned by another user" -- "$IRIS" "${RUN[@]}" --metrics shared/m.json
    unchanged "another user's link in a sticky folder" victim "$before"
else
    skip "another user's link: chown needs root"
fi

section "an output that cannot be replaced keeps the new file"
cp in.y4m out.y4m; before=$(fingerprint out.y4m)
if is_root && chattr +i out.y4m 2>/dev/null; then
    CLEANUPS+=("chattr -i '$WORK/out.y4m' '$WORK/late.mkv'")
    run 1 "an immutable output is refused up front" "immutable" -- "$IRIS" record in.y4m out.y4m --raw --quiet --frames 2
    unchanged "an immutable output" out.y4m "$before"
    ls .out.partial-* >/dev/null 2>&1 && fail "a refused run left a temporary file" || pass "no temporary file left"
    cp in.y4m late.mkv
    "$IRIS" record in.y4m late.mkv --raw --loop --realtime --codec ffv1 >late.txt 2>&1 & pid=$!
    for _ in $(seq 100); do ls .late.partial-*.mkv >/dev/null 2>&1 && break; sleep 0.05; done
    sleep 1.5; chattr +i late.mkv; kill -INT "$pid"; wait "$pid"; rc=$?
    partial=$(ls .late.partial-*.mkv 2>/dev/null | head -1)
    if [ "$rc" = 1 ] && [ -n "$partial" ] && grep -q "kept as .*$partial" late.txt; then pass "a failed rename keeps $partial and says so (exit 1)"
    else fail "a failed rename: exit $rc, partial '$partial': $(tail -c 300 late.txt)"; fi
    [ -n "$partial" ] && plays "the kept temporary file" "$partial" 10
    chattr -i late.mkv
    chmod 755 .; mkdir -m 1777 sticky; cp in.y4m sticky/theirs.y4m; chmod 644 sticky/theirs.y4m; before=$(fingerprint sticky/theirs.y4m)
    if command -v setpriv >/dev/null && setpriv --reuid=65534 --regid=65534 --clear-groups "$IRIS" --version >/dev/null 2>&1; then
        run 1 "another user's file in a sticky folder" "belongs to another user" -- \
            setpriv --reuid=65534 --regid=65534 --clear-groups "$IRIS" record in.y4m sticky/theirs.y4m --raw --quiet --frames 2
        unchanged "another user's file in a sticky folder" sticky/theirs.y4m "$before"
    else
        skip "another user's file: nobody cannot run $IRIS here"
    fi
else
    skip "immutable outputs: chattr +i needs root and a file system that has it"
fi

section "messages name the file and never dump a system error object"
touch plainfile
run 1 "--metrics under a file" "plainfile/m.json" -- "$IRIS" "${RUN[@]}" --metrics plainfile/m.json
never_says "--metrics under a file" "NSCocoaErrorDomain"
run 1 "--annotate under a file" "plainfile/ann" -- "$IRIS" detect a.png --detect rect --annotate plainfile/ann
never_says "--annotate under a file" "NSCocoaErrorDomain"
run 1 "eval --json into a missing folder" "nowhere/r.json" -- "$IRIS" eval c.mp4 --detect qr --max-frames 2 --json nowhere/r.json
never_says "eval --json into a missing folder" "NSCocoaErrorDomain"
mkdir ro
if is_root && mount -t tmpfs -o ro,size=64k tmpfs ro 2>/dev/null; then
    CLEANUPS+=("umount '$WORK/ro'")
    run 1 "--metrics on a read-only file system" "Read-only file system" -- "$IRIS" "${RUN[@]}" --metrics ro/m.json
    never_says "--metrics on a read-only file system" "NSCocoaErrorDomain"
    run 1 "gallery on a read-only file system" "Read-only file system" -- "$IRIS" gallery ro/g --renderer cpu
    never_says "gallery on a read-only file system" "NSCocoaErrorDomain"
else
    skip "read-only file system: mounting needs root"
fi
finish
