# Issue 37, the web preview's doors and its end: an address other than loopback without a token, a token
# too short, a token with no web preview, and a busy port are refused at start with a message naming the
# culprit and no file written; `--preview-token auto` prints a URL whose token lets a client in (and none
# or a wrong one gets 401); SIGTERM and SIGINT with a reading viewer, a viewer that stopped reading and a
# recording end the run within 3 s with exit 0, the reading viewer's stream ends cleanly (curl exits 0)
# after the "no signal" part, and the recording plays with the frames its summary says. About 30 s.
. "$(dirname "$0")/lib.sh"

ffmpeg -v error -f lavfi -i testsrc=size=160x120:rate=15 -frames:v 30 -pix_fmt yuv420p in.y4m
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
now_ms() { date +%s%3N; }
status_of() { curl -s -o /dev/null -w '%{http_code}' "$@"; }

section "refused at start"
P=$(free_port)
run 1 "0.0.0.0 without a token" "--preview-token" -- "$IRIS" run --source in.y4m --preview "http://0.0.0.0:$P" --record open.mp4
[ ! -e open.mp4 ] && ! ls .open.* >/dev/null 2>&1 && pass "0.0.0.0 without a token: no recording started" || fail "0.0.0.0 without a token: a file was written"
run 1 "a token too short" "at least 16 characters" -- "$IRIS" run --source in.y4m --preview "http://0.0.0.0:$P" --preview-token abc
run 64 "a token without a web preview" "--preview-token needs a web preview" -- "$IRIS" run --source in.y4m --preview-token 0123456789abcdef
run 64 "a bad URL" "--preview http://127.0.0.1:80x" -- "$IRIS" run --source in.y4m --preview http://127.0.0.1:80x
python3 -c 'import socket, sys, time; s = socket.socket(); s.bind(("127.0.0.1", int(sys.argv[1]))); s.listen(); time.sleep(30)' "$P" &
HOLDER=$!; CLEANUPS+=("kill $HOLDER")
sleep 0.3
run 1 "a busy port" "in use" -- "$IRIS" run --source in.y4m --preview "http://127.0.0.1:$P" --record busy.mp4
[ ! -e busy.mp4 ] && ! ls .busy.* >/dev/null 2>&1 && pass "a busy port: no recording left" || fail "a busy port: a file was left: $(ls -a)"
kill "$HOLDER" 2>/dev/null; wait "$HOLDER" 2>/dev/null

section "tokens"
P=$(free_port)
( exec "$IRIS" run --source in.y4m --loop --realtime --renderer cpu --preview "http://0.0.0.0:$P" --preview-token auto --quiet >auto.out 2>auto.err ) &
PID=$!; CLEANUPS+=("kill -KILL $PID")
for _ in $(seq 100); do grep -q "web preview:" auto.err && break; sleep 0.05; done
URL=$(grep -o 'http://[^ ]*token=[0-9a-f]*' auto.err | head -1)
TOKEN=${URL##*token=}
if [ ${#TOKEN} = 32 ]; then pass "auto token: the URL carries 32 hex digits"; else fail "auto token: no token in: $(cat auto.err)"; fi
for _ in $(seq 100); do [ "$(status_of "http://127.0.0.1:$P/snapshot.jpg?token=$TOKEN")" = 200 ] && break; sleep 0.1; done
for path in / /stream.mjpg "/?action=stream" /snapshot.jpg /metrics /events /api/chain; do
    code=$(status_of --max-time 2 "http://127.0.0.1:$P$path")
    [ "$code" = 401 ] && pass "no token: $path → 401" || fail "no token: $path → $code"
done
code=$(status_of -H "Authorization: Bearer ${TOKEN}0" "http://127.0.0.1:$P/metrics")
[ "$code" = 401 ] && pass "a wrong token → 401" || fail "a wrong token → $code"
code=$(status_of "http://127.0.0.1:$P/metrics?token=$TOKEN")
[ "$code" = 200 ] && pass "the printed token → 200" || fail "the printed token → $code"
kill -TERM "$PID"; wait "$PID"; rc=$?
[ "$rc" = 0 ] && pass "tokens: SIGTERM ends the run with exit 0" || fail "tokens: exit $rc after SIGTERM"

for SIG in TERM INT; do
    section "SIG$SIG with viewers and a recording"
    P=$(free_port); OUT=rec-$SIG.mp4
    ( trap - INT; exec "$IRIS" run --source in.y4m --loop --realtime --renderer cpu --preview "http://127.0.0.1:$P" --record "$OUT" --metrics "m-$SIG.json" --quiet >"run-$SIG.out" 2>"run-$SIG.err" ) &
    PID=$!; CLEANUPS+=("kill -KILL $PID")
    for _ in $(seq 100); do [ "$(status_of "http://127.0.0.1:$P/snapshot.jpg")" = 200 ] && break; sleep 0.1; done
    curl -sN "http://127.0.0.1:$P/stream.mjpg" -o "stream-$SIG.mjpg" & VIEWER=$!
    # A viewer that asks for the stream and never reads a byte of it.
    python3 -c 'import socket, sys, time
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024); s.connect(("127.0.0.1", int(sys.argv[1])))
s.sendall(b"GET /stream.mjpg HTTP/1.1\r\nHost: x\r\n\r\n"); time.sleep(20)' "$P" & STALLED=$!
    CLEANUPS+=("kill $STALLED")
    sleep 1.5
    start=$(now_ms); kill -"$SIG" "$PID"; wait "$PID"; rc=$?; took=$(( $(now_ms) - start ))
    [ "$rc" = 0 ] && [ "$took" -lt 3000 ] && pass "SIG$SIG: exit 0 in $took ms" || fail "SIG$SIG: exit $rc after $took ms: $(tail -c 300 "run-$SIG.err")"
    if wait "$VIEWER"; then pass "SIG$SIG: the viewer's stream ended cleanly"; else fail "SIG$SIG: curl's stream ended with an error"; fi
    parts=$(grep -ac -- '--irisframe' "stream-$SIG.mjpg")
    [ "$parts" -ge 2 ] && pass "SIG$SIG: the viewer got $parts frames" || fail "SIG$SIG: the viewer got $parts frames"
    printed=$(grep -o "$OUT: [0-9]* frames" "run-$SIG.out" | grep -o '[0-9]* frames' | cut -d' ' -f1)
    plays "SIG$SIG: the recording" "$OUT" "${printed:-1}"
    [ "$(frames "$OUT")" = "$printed" ] && pass "SIG$SIG: the recording holds the $printed frames the summary says" || fail "SIG$SIG: summary $printed, file $(frames "$OUT")"
    kill "$STALLED" 2>/dev/null
done

finish
