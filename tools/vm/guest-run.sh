#!/bin/sh
# Runs inside the guest (busybox sh, as /share/guest-run.sh): enters the host's read-only root with the
# guest's /dev, /proc, /sys, a fresh /tmp and the guest's /run (holding a udev database for the cameras),
# then runs /share/command.sh with the host's bash, in the repository's folder. Files written to
# $IRIS_VM_OUT come back to the host.
for d in dev proc sys; do mount --bind /$d /host/$d || exit 90; done
# A fresh, writable /tmp; a checkout that lives under the host's /tmp (CI clones often do) is bound
# back into it so the command can still cd there.
mkdir -p /hosttmp && mount --bind /host/tmp /hosttmp || exit 90
mount -t tmpfs tmp /host/tmp || exit 90
repo=$(cat /share/repo-path 2>/dev/null)
case "$repo" in
    /tmp/*) mkdir -p "/host$repo" && mount --bind "/hosttmp${repo#/tmp}" "/host$repo" || exit 90 ;;
esac
mkdir -p /host/tmp/vm-share /share/out && mount --bind /share /host/tmp/vm-share || exit 90
# The guest's own /run (a tmpfs) over the host's, with a udev database for the cameras: libudev enumerates
# only the devices udevd has recorded in /run/udev/data (libcamera asks for initialized media and
# video4linux devices), and the guest runs no udevd, so each gets an entry without properties. No udevd
# also means no hotplug events for libudev listeners.
mkdir -p /run/udev/data || exit 90
for d in /sys/bus/media/devices/* /sys/class/video4linux/*; do
    [ -f "$d/dev" ] && echo "I:1" > "/run/udev/data/c$(cat "$d/dev")"
done
mount --bind /run /host/run || exit 90
exec chroot /host /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin:/usr/local/sbin:/usr/sbin:/sbin \
    HOME=/tmp TERM=dumb IRIS_IN_VM=1 IRIS_VM_OUT=/tmp/vm-share/out "$(cat /share/bin-env)" \
    /bin/bash /tmp/vm-share/command.sh
