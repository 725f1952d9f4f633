# Shared by every tools/faults/*.sh suite (sourced, not run): a work folder, pass/fail counting and the
# checks each suite asserts with. A suite sources this, runs its cases and ends with `finish`.
set -uo pipefail
IRIS=${IRIS:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/.build/debug/iris}
SUITE=$(basename "$0" .sh)
[ -x "$IRIS" ] || { echo "$SUITE: $IRIS is not built (swift build --product iris)" >&2; exit 2; }
command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null || { echo "$SUITE: needs ffmpeg and ffprobe" >&2; exit 2; }

WORK=$(mktemp -d "/tmp/iris-faults-$SUITE.XXXXXX")
CLEANUPS=()
cleanup() { local c; for c in "${CLEANUPS[@]}"; do eval "$c" 2>/dev/null; done; rm -rf "$WORK"; }
trap cleanup EXIT
cd "$WORK"
failures=0
pass() { echo "ok   $*"; }
fail() { echo "FAIL $*"; failures=$((failures + 1)); }
skip() { echo "skip $*"; }
section() { echo "== $*"; }
is_root() { [ "$(id -u)" = 0 ]; }

# run WANT NAME PATTERN -- command…: runs it with stdout in out.txt and stderr in err.txt, checks the exit
# status (never a signal) and that stdout+stderr mention PATTERN (empty: anything); never libav's own log.
run() {
    local want=$1 name=$2 pattern=$3; shift 4
    "$@" >out.txt 2>err.txt; local rc=$?
    if [ "$rc" -ge 128 ]; then fail "$name: killed by signal $((rc - 128))"; return 1; fi
    if [ "$rc" != "$want" ]; then fail "$name: exit $rc, expected $want: $(tail -c 300 err.txt)"; return 1; fi
    if [ -n "$pattern" ] && ! grep -qF -- "$pattern" out.txt err.txt; then fail "$name: no '$pattern' in: $(tail -c 300 err.txt)"; return 1; fi
    if grep -qE '^\[[a-z0-9_,]+ @ 0x' err.txt; then fail "$name: libav's own log lines on stderr"; return 1; fi
    pass "$name (exit $rc)"
}
# says NAME PATTERN: the last run's stdout+stderr do not mention PATTERN (a dump, a file's contents).
never_says() {
    if grep -qF -- "$2" out.txt err.txt; then fail "$1: said '$2': $(grep -hF -- "$2" out.txt err.txt | head -c 200)"; else pass "$1: does not say '$2'"; fi
}
# frames FILE: how many frames decode, empty when the file does not decode cleanly.
frames() {
    ffmpeg -v error -i "$1" -f null - 2>decode.txt || return 0
    [ -s decode.txt ] && return 0
    ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 "$1" 2>/dev/null
}
plays() {  # plays NAME FILE [MIN]
    local n; n=$(frames "$2")
    if [ -z "$n" ]; then fail "$1: $2 does not decode cleanly: $(head -c 200 decode.txt)"; return 1; fi
    if [ -n "${3:-}" ] && [ "$n" -lt "$3" ]; then fail "$1: $2 holds $n frames, expected at least $3"; return 1; fi
    pass "$1: $2 plays, $n frames${3:+ (at least $3)}"
}
# fingerprint PATH: node type, and the bytes' hash for a regular file (what "kept as it was" compares).
fingerprint() {
    if [ -L "$1" ]; then echo "link:$(readlink "$1")"
    elif [ -p "$1" ]; then echo fifo
    elif [ -c "$1" ]; then echo "char:$(stat -c %t:%T "$1")"
    elif [ -b "$1" ]; then echo "block:$(stat -c %t:%T "$1")"
    elif [ -d "$1" ]; then echo dir
    elif [ -f "$1" ]; then echo "file:$(sha256sum "$1" | cut -d' ' -f1)"
    else echo missing; fi
}
# unchanged NAME PATH BEFORE: PATH's fingerprint is still BEFORE.
unchanged() {
    local now; now=$(fingerprint "$2")
    if [ "$now" = "$3" ]; then pass "$1: $2 kept as it was"; else fail "$1: $2 changed: was $3, now $now"; fi
}
finish() {
    echo
    if [ "$failures" -gt 0 ]; then echo "$SUITE: $failures failure(s)"; exit 1; fi
    echo "$SUITE: all passed"
}
