# Allocations sized by input (issue 34): each trigger that used to abort (SIGABRT, SIGSEGV) under an
# address-space limit like a small board's (ulimit -v 8000000, 8 GB) now ends with a typed error: exit
# status 1 or 64, never a signal, a message naming the culprit and the limit, and no output file written.
#   - a 27-byte MOT gt.txt naming frame 1,000,000,000 (16 GB of per-frame storage before) and CVAT XML naming
#     frame 10^12 or <size> 10^12: refused by line against ClipTruth.maximumFrameCount;
#   - detect on a valid 16000×16000 PNG (249 KB, 6.5 GB with face,rect before): refused from its header by
#     --max-pixels (default 64 Mpx, as render's); a recording's frames are held to the same limit;
#   - bench --sizes 99999x99999: refused by --max-pixels before anything is measured;
#   - render with a ×100 affine and --max-pixels 1e9 --max-memory 1e9 (12 GB of output): the allocation
#     fails under the ulimit and is a typed error naming the buffer and its size.
# Run by tools/io-faults; about 15 s (the debug build; making the PNG is 1 s of python3).
. "$(dirname "$0")/lib.sh"

# limited CMD…: CMD under the address-space limit, as on a board with 8 GB; exec keeps its exit status,
# a death by signal included (128 + N, which `run` reports as a failure).
limited() { (ulimit -v 8000000 && exec "$@"); }
# nothing_new NAME: no file appeared in the work folder besides the inputs listed in $INPUTS.
nothing_new() {
    local extra; extra=$(ls -A | grep -vxF -f inputs.txt | grep -vxE 'out.txt|err.txt|inputs.txt' || true)
    if [ -z "$extra" ]; then pass "$1: no file written"; else fail "$1: wrote $(echo "$extra" | tr '\n' ' ')"; fi
}

ffmpeg -v error -f lavfi -i testsrc=size=64x48:rate=30 -frames:v 3 -pix_fmt yuv420p c.y4m
ffmpeg -v error -f lavfi -i testsrc=size=640x480 -frames:v 1 p.png
printf '1000000000,1,10,20,30,40,1,1,1\n' > gt.txt
cat > frame.xml <<'EOF'
<annotations><meta><task><original_size><width>64</width><height>48</height></original_size></task></meta>
<track id="1" label="face"><box frame="1000000000000" outside="0" occluded="0" xtl="0" ytl="0" xbr="9" ybr="9"></box></track></annotations>
EOF
cat > size.xml <<'EOF'
<annotations><meta><task><size>1000000000000</size><original_size><width>64</width><height>48</height></original_size></task></meta></annotations>
EOF
# A valid 16000×16000 8-bit grey PNG: 256 MB of zero rows deflate to about 250 KB.
python3 - <<'EOF'
import struct, zlib
w = h = 16000
def chunk(kind, data): return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
packer = zlib.compressobj(9)
row = bytes(w + 1)
data = b"".join(packer.compress(row) for _ in range(h)) + packer.flush()
with open("big.png", "wb") as f:
    f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0)) + chunk(b"IDAT", data) + chunk(b"IEND", b""))
EOF
ls -A > inputs.txt

section "truth frame numbers are checked before per-frame storage is made"
run 1 "MOT frame 10^9 under ulimit -v" "gt.txt: line 1: frame 1000000000 is past the 10000000 frames a truth file may describe" -- \
    limited "$IRIS" eval c.y4m --truth gt.txt --json report.json
nothing_new "MOT frame 10^9"
run 1 "CVAT frame 10^12 under ulimit -v" "frame.xml: line 2: frame 1000000000000 is past the 10000000 frames a truth file may describe" -- \
    limited "$IRIS" eval c.y4m --truth frame.xml --json report.json
nothing_new "CVAT frame 10^12"
run 1 "CVAT <size> 10^12 under ulimit -v" "size.xml: line 1: frame 1000000000000 is past the 10000000 frames a truth file may describe" -- \
    limited "$IRIS" eval c.y4m --truth size.xml --json report.json
nothing_new "CVAT <size> 10^12"

section "detect and bench hold picture sizes to --max-pixels"
[ "$(stat -c %s big.png)" -lt 300000 ] && pass "big.png is a small file ($(stat -c %s big.png) bytes) declaring 16000×16000" \
    || fail "big.png is $(stat -c %s big.png) bytes"
run 1 "detect face,rect on a 16000×16000 PNG under ulimit -v" "big.png: 16000×16000 is 256 Mpx, over the limit of 64 Mpx (raise it with --max-pixels)" -- \
    limited "$IRIS" detect big.png --detect face,rect --annotate annotated
[ -z "$(ls -A annotated 2>/dev/null)" ] && pass "detect 16000×16000: nothing annotated" || fail "detect 16000×16000 annotated $(ls annotated)"
rm -rf annotated
nothing_new "detect 16000×16000"
run 1 "detect holds a recording's frames to --max-pixels" "c.y4m: 64×48 is 0.0031 Mpx, over the limit of 0.001 Mpx (raise it with --max-pixels)" -- \
    "$IRIS" detect c.y4m --max-pixels 0.001
run 64 "detect --max-pixels 0 is refused as render's is" "--max-pixels must be a positive number of megapixels, got 0.0" -- \
    "$IRIS" detect big.png --max-pixels 0
run 1 "bench --sizes 99999x99999 under ulimit -v" "--sizes 99999x99999: 99999×99999 is 10000 Mpx, over the limit of 64 Mpx (raise it with --max-pixels)" -- \
    limited "$IRIS" bench --no-gles --sizes 360p,99999x99999
[ -s out.txt ] && fail "bench measured before refusing: $(head -c 200 out.txt)" || pass "bench refused before measuring anything"
nothing_new "bench 99999x99999"

section "an allocation the system refuses is a typed error"
run 1 "render ×100 with raised limits under ulimit -v" "cannot allocate 11719 MiB for the 64000×48000 render output" -- \
    limited "$IRIS" render p.png o.png --renderer cpu --max-pixels 1e9 --max-memory 1e9 \
    --filter 'CIAffineTransform inputTransform=[100 0 0 100 0 0]'
never_says "render ×100" "Fatal error"
nothing_new "render ×100"
# The same plan within the default limits is refused by the planner, naming the filter, as before.
run 1 "render ×100 within the default limits" "CIAffineTransform makes the output 64000×48000: 3072 Mpx, over the limit of 64 Mpx (raise it with --max-pixels)" -- \
    "$IRIS" render p.png o.png --filter 'CIAffineTransform inputTransform=[100 0 0 100 0 0]'
nothing_new "render ×100 default limits"

finish
