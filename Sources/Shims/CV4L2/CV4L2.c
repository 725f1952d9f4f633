#include "CV4L2.h"
#include <errno.h>
#include <stdio.h>
#include <sys/ioctl.h>

int iris_v4l2_ioctl(int fd, unsigned long request, void *arg) {
    int r;
    do { r = ioctl(fd, request, arg); } while (r == -1 && errno == EINTR);
    return r == -1 ? -errno : r;
}

void iris_v4l2_querymenu_label(const struct v4l2_querymenu *m, int integerMenu, char *out, unsigned long size) {
    if (size == 0) return;
    if (integerMenu) snprintf(out, size, "%lld", (long long)m->value);
    else snprintf(out, size, "%.*s", (int)sizeof(m->name), (const char *)m->name);
}
