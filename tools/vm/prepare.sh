#!/usr/bin/env bash
# prepare.sh CACHE — builds (once) what the guest boots, from Debian packages, into CACHE:
#   CACHE/<kver>/kernel/        Debian's linux-image deb unpacked (kernel + modules; nothing is installed)
#   CACHE/<kver>/kernel/lib/modules/<kver>/extra/vkms.ko   vkms built out of tree (Debian's kernel lacks it)
#   CACHE/<kver>/kernel/lib/modules/<kver>/extra/vimc.ko   vimc built out of tree (likewise)
#   CACHE/<kver>/vmlinux        the uncompressed kernel, booted through QEMU's PVH entry (skips SeaBIOS and
#                               the in-guest xz decompression: ~6 s faster under TCG)
#   CACHE/initramfs.cpio        busybox + guest-init.sh + the modules' closure (rebuilt every run: 0.3 s)
# Prints the kernel version. Needs tools/setup's packages (linux-headers-amd64, linux-source-6.1, ...).
set -euo pipefail
mkdir -p "$1"; CACHE=$(cd "$1" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
log() { echo "[vm-test] $*" >&2; }
need() { command -v "$1" >/dev/null 2>&1 || [ -x "/usr/sbin/$1" ] || { log "missing $1: run tools/setup"; exit 3; }; }
for c in qemu-system-x86_64 busybox cpio depmod modprobe xz make gcc patch apt-get dpkg-deb; do need "$c"; done

# The kernel ABI that Debian's headers meta package points at (e.g. 6.1.0-56-amd64).
KVER=$(dpkg-query -W -f='${Depends}' linux-headers-amd64 2>/dev/null | grep -o 'linux-headers-[0-9][^ ,]*' | head -1 | sed 's/^linux-headers-//')
[ -n "$KVER" ] && [ -d "/usr/src/linux-headers-$KVER" ] || { log "linux-headers-amd64 not installed: run tools/setup"; exit 3; }
SRC_TAR=$(ls /usr/src/linux-source-*.tar.xz 2>/dev/null | head -1)
[ -n "$SRC_TAR" ] || { log "linux-source-6.1 not installed: run tools/setup"; exit 3; }
K=$CACHE/$KVER
mkdir -p "$K"

# 1. Debian's kernel image package, unpacked.
if [ ! -f "$K/kernel/boot/vmlinuz-$KVER" ]; then
    log "downloading linux-image-$KVER (first run only, ~70 MB)"
    rm -rf "$K/deb" "$K/kernel"; mkdir -p "$K/deb" "$K/kernel"
    if ! (cd "$K/deb" && apt-get download "linux-image-$KVER" 2>&1 | grep -v 'unsandboxed' >&2); then
        log "apt-get download linux-image-$KVER failed (apt lists out of date? run: apt-get update)"; exit 3
    fi
    dpkg-deb -x "$K"/deb/linux-image-*.deb "$K/kernel"
    rm -rf "$K/deb"
fi

# 2. Out-of-tree modules from the matching linux-source (Debian's kernel config leaves them out), each built
#    into extra/ once, and again when its patches change (their digest is kept beside it, NAME.ko.patches):
#    build_module NAME SOURCE-DIR CONFIG [PATCH…].
built=0
build_module() {
    local name=$1 dir=$2 config=$3; shift 3
    local ko=$K/kernel/lib/modules/$KVER/extra/$name.ko digest=""
    [ $# -eq 0 ] || digest=$(cat "$@" | sha256sum | cut -d' ' -f1)
    [ -f "$ko" ] && [ "$(cat "$ko.patches" 2>/dev/null)" = "$digest" ] && return 0
    log "building $name.ko out of tree from $(basename "$SRC_TAR") (first run, or its patches changed)"
    local B=$K/$name-build SRCDIR
    SRCDIR=$(basename "$SRC_TAR" .tar.xz)
    rm -rf "$B"; mkdir -p "$B"
    tar -C "$B" -xJf "$SRC_TAR" "$SRCDIR/$dir"
    local patchfile
    for patchfile in "$@"; do patch -s -d "$B/$SRCDIR" -p1 < "$patchfile" || { log "$(basename "$patchfile") does not apply"; exit 3; }; done
    make -s -C "/usr/src/linux-headers-$KVER" M="$B/$SRCDIR/$dir" "$config=m" modules 2>&1 \
        | grep -v 'Skipping BTF' >&2 || true
    [ -f "$B/$SRCDIR/$dir/$name.ko" ] || { log "$name build failed"; exit 3; }
    mkdir -p "$(dirname "$ko")"
    cp "$B/$SRCDIR/$dir/$name.ko" "$ko"
    echo "$digest" > "$ko.patches"
    rm -rf "$B"
    built=1
}
#    vkms (a virtual KMS display), with the writeback clone patch (Virtual-1 and Writeback-1 may share the
#    CRTC, so a test can read back what an app displays) and the vblank deadlock fix: 6.1's vkms waits in
#    hrtimer_cancel for its vblank timer's callback while the DRM core holds a lock that callback is spinning
#    on (the event or vblank-time lock): both vCPUs spun for good, now and then, when a CRTC was switched
#    off or its vblank disabled. The fix cancels with hrtimer_try_to_cancel (as a fix posted for upstream's
#    stable trees does), a callback that finds vblank disabled does not restart, and the timer is set up once
#    instead of on every enable, when its callback may still be running.
build_module vkms drivers/gpu/drm/vkms CONFIG_DRM_VKMS "$HERE/vkms-writeback-clone.patch" "$HERE/vkms-vblank-deadlock.patch"
#    vimc (a virtual media-controller camera: sensors, debayer, scaler, capture nodes; what libcamera's
#    simple/vimc pipeline handler drives). Its dependencies (videodev, mc, v4l2-tpg, videobuf2-vmalloc,
#    videobuf2-dma-contig) are in Debian's kernel.
build_module vimc drivers/media/test-drivers/vimc CONFIG_VIDEO_VIMC
[ $built = 0 ] || /usr/sbin/depmod -b "$K/kernel" "$KVER"

# 3. The uncompressed kernel (Debian's bzImage carries an xz payload).
if [ ! -f "$K/vmlinux" ]; then
    off=$(LC_ALL=C grep -obUaP '\xfd7zXZ\x00' "$K/kernel/boot/vmlinuz-$KVER" | head -1 | cut -d: -f1)
    tail -c +$((off + 1)) "$K/kernel/boot/vmlinuz-$KVER" | xz -dc --single-stream > "$K/vmlinux.tmp" 2>/dev/null || true
    [ -s "$K/vmlinux.tmp" ] && mv "$K/vmlinux.tmp" "$K/vmlinux" || { rm -f "$K/vmlinux.tmp"; log "no vmlinux; booting the bzImage"; }
fi

# 4. The initramfs: busybox, /init, and the modules it may load with their dependencies.
R=$CACHE/rootfs.$$; rm -rf "$R"
mkdir -p "$R"/{bin,dev,proc,sys,tmp,run,etc,share,host}
cp "$(command -v busybox)" "$R/bin/busybox"
cp "$HERE/guest-init.sh" "$R/init"; chmod 755 "$R/init"
for m in vivid vkms vimc vgem virtio_pci virtio_blk virtio_console 9pnet_virtio 9p; do
    /usr/sbin/modprobe -d "$K/kernel" -S "$KVER" --show-depends "$m" | awk '$1=="insmod"{print $2}'
done | sort -u | while read -r ko; do
    rel=${ko#"$K/kernel/"}; mkdir -p "$R/$(dirname "$rel")"; cp "$ko" "$R/$rel"
done
KM=$K/kernel/lib/modules/$KVER
cp "$KM"/modules.order "$KM"/modules.builtin "$KM"/modules.builtin.modinfo "$R/lib/modules/$KVER/"
/usr/sbin/depmod -b "$R" "$KVER"
# Written aside and renamed, so that two runs at once never boot a half-written image.
(cd "$R" && find . -print0 | cpio --null -o -H newc --quiet) > "$CACHE/initramfs.cpio.$$"
mv "$CACHE/initramfs.cpio.$$" "$CACHE/initramfs.cpio"
rm -rf "$R"
echo "$KVER"
