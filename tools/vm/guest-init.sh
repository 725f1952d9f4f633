#!/bin/busybox sh
# /init of the tools/vm-test guest (busybox only; nothing from the host is needed to get here).
#  1. mounts proc, sys, devtmpfs, tmpfs; loads virtio + 9p; mounts the 9p share (rw) at /share and the
#     host's root (read-only) at /host
#  2. loads the modules listed in /share/vm-modules ("name [param=value ...]" per line: vivid, vimc, vkms, vgem)
#  3. runs /share/guest-run.sh, its output to the console and /share/guest-run.log, its exit status to
#     /share/guest-run.rc; then powers off. With "vmshell" on the kernel command line: a shell instead.
/bin/busybox --install -s /bin
export PATH=/bin:/sbin:/usr/bin:/usr/sbin
mkdir -p /proc /sys /dev /tmp /run /share /host
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mount -t tmpfs tmp /tmp
mount -t tmpfs run /run
up() { cut -d' ' -f1 /proc/uptime; }
echo "[init] up $(up)s, kernel $(uname -r)"
for m in virtio_pci virtio_blk virtio_console 9pnet_virtio 9p; do modprobe "$m" || echo "[init] modprobe $m FAILED"; done
mount -t 9p -o trans=virtio,version=9p2000.L,msize=512000,cache=none share /share || echo "[init] no 9p share"
mount -t 9p -o trans=virtio,version=9p2000.L,msize=512000,ro,cache=loose hostroot /host || echo "[init] no host root"

if [ -f /share/vm-modules ]; then
    while read -r m args; do
        case "$m" in ''|\#*) continue;; esac
        modprobe "$m" $args || echo "[init] modprobe $m FAILED"
    done < /share/vm-modules
fi
echo "[init] modules loaded at up $(up)s: $(cut -d' ' -f1 /proc/modules | grep -E '^(vivid|vimc|vkms|vgem)$' | tr '\n' ' ')"

if [ -x /share/guest-run.sh ] && ! grep -qw vmshell /proc/cmdline; then
    set -o pipefail
    /share/guest-run.sh 2>&1 | tee /share/guest-run.log
    rc=$?
    echo "$rc" > /share/guest-run.rc
    sync
    echo "[init] guest command done rc=$rc at up $(up)s; powering off"
else
    echo "[init] shell (exit to power off)"
    setsid cttyhack sh
fi
sync
poweroff -f
