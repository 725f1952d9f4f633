// CV4L2: the parts of linux/videodev2.h that Swift cannot import by itself.
// The VIDIOC_* request numbers are _IOWR(...) function-like macros and the pixel-format FourCCs are
// v4l2_fourcc(...) macros, so they are re-exported here as constants; ioctl(2) is variadic, so it is
// wrapped; the anonymous unions of v4l2_format / v4l2_buffer are reached through small accessors.
#ifndef IRIS_CV4L2_H
#define IRIS_CV4L2_H

#include <linux/videodev2.h>
#include <stdint.h>
#include <sys/types.h>

// ---- request numbers
static const unsigned long IRIS_VIDIOC_QUERYCAP = VIDIOC_QUERYCAP;
static const unsigned long IRIS_VIDIOC_ENUM_FMT = VIDIOC_ENUM_FMT;
static const unsigned long IRIS_VIDIOC_G_FMT = VIDIOC_G_FMT;
static const unsigned long IRIS_VIDIOC_S_FMT = VIDIOC_S_FMT;
static const unsigned long IRIS_VIDIOC_TRY_FMT = VIDIOC_TRY_FMT;
static const unsigned long IRIS_VIDIOC_REQBUFS = VIDIOC_REQBUFS;
static const unsigned long IRIS_VIDIOC_QUERYBUF = VIDIOC_QUERYBUF;
static const unsigned long IRIS_VIDIOC_QBUF = VIDIOC_QBUF;
static const unsigned long IRIS_VIDIOC_DQBUF = VIDIOC_DQBUF;
static const unsigned long IRIS_VIDIOC_EXPBUF = VIDIOC_EXPBUF;
static const unsigned long IRIS_VIDIOC_STREAMON = VIDIOC_STREAMON;
static const unsigned long IRIS_VIDIOC_STREAMOFF = VIDIOC_STREAMOFF;
static const unsigned long IRIS_VIDIOC_G_PARM = VIDIOC_G_PARM;
static const unsigned long IRIS_VIDIOC_S_PARM = VIDIOC_S_PARM;
static const unsigned long IRIS_VIDIOC_ENUMINPUT = VIDIOC_ENUMINPUT;
static const unsigned long IRIS_VIDIOC_G_INPUT = VIDIOC_G_INPUT;
static const unsigned long IRIS_VIDIOC_S_INPUT = VIDIOC_S_INPUT;
static const unsigned long IRIS_VIDIOC_G_CTRL = VIDIOC_G_CTRL;
static const unsigned long IRIS_VIDIOC_S_CTRL = VIDIOC_S_CTRL;
static const unsigned long IRIS_VIDIOC_QUERYCTRL = VIDIOC_QUERYCTRL;
static const unsigned long IRIS_VIDIOC_QUERYMENU = VIDIOC_QUERYMENU;
static const unsigned long IRIS_VIDIOC_ENUM_FRAMESIZES = VIDIOC_ENUM_FRAMESIZES;
static const unsigned long IRIS_VIDIOC_ENUM_FRAMEINTERVALS = VIDIOC_ENUM_FRAMEINTERVALS;

// ---- pixel formats Iris captures
static const uint32_t IRIS_V4L2_PIX_FMT_NV12 = V4L2_PIX_FMT_NV12;
static const uint32_t IRIS_V4L2_PIX_FMT_NV21 = V4L2_PIX_FMT_NV21;
static const uint32_t IRIS_V4L2_PIX_FMT_YUV420 = V4L2_PIX_FMT_YUV420;
static const uint32_t IRIS_V4L2_PIX_FMT_YUYV = V4L2_PIX_FMT_YUYV;
static const uint32_t IRIS_V4L2_PIX_FMT_MJPEG = V4L2_PIX_FMT_MJPEG;
static const uint32_t IRIS_V4L2_PIX_FMT_JPEG = V4L2_PIX_FMT_JPEG;
// The RGB layouts Iris renders (its pixel-format table names them by these codes too).
static const uint32_t IRIS_V4L2_PIX_FMT_RGBA32 = V4L2_PIX_FMT_RGBA32;
static const uint32_t IRIS_V4L2_PIX_FMT_ABGR32 = V4L2_PIX_FMT_ABGR32;
static const uint32_t IRIS_V4L2_PIX_FMT_RGB24 = V4L2_PIX_FMT_RGB24;
static const uint32_t IRIS_V4L2_PIX_FMT_BGR24 = V4L2_PIX_FMT_BGR24;
static const uint32_t IRIS_V4L2_PIX_FMT_XBGR32 = V4L2_PIX_FMT_XBGR32;

/// ioctl(2) retried on EINTR. Returns 0 or -errno (so Swift never reads a stale errno).
int iris_v4l2_ioctl(int fd, unsigned long request, void *arg);

// ---- union accessors
static inline struct v4l2_pix_format *iris_v4l2_format_pix(struct v4l2_format *f) { return &f->fmt.pix; }
static inline struct v4l2_captureparm *iris_v4l2_streamparm_capture(struct v4l2_streamparm *p) { return &p->parm.capture; }
static inline uint32_t iris_v4l2_buffer_offset(const struct v4l2_buffer *b) { return b->m.offset; }
static inline double iris_v4l2_buffer_seconds(const struct v4l2_buffer *b) {
    return (double)b->timestamp.tv_sec + (double)b->timestamp.tv_usec / 1e6;
}
static inline struct v4l2_frmsize_discrete iris_v4l2_frmsize_discrete(const struct v4l2_frmsizeenum *s) { return s->discrete; }
static inline struct v4l2_frmsize_stepwise iris_v4l2_frmsize_stepwise(const struct v4l2_frmsizeenum *s) { return s->stepwise; }
static inline struct v4l2_fract iris_v4l2_frmival_discrete(const struct v4l2_frmivalenum *i) { return i->discrete; }
static inline struct v4l2_frmival_stepwise iris_v4l2_frmival_stepwise(const struct v4l2_frmivalenum *i) { return i->stepwise; }
/// The menu entry's name (string menus) or its integer value (integer menus) as text.
void iris_v4l2_querymenu_label(const struct v4l2_querymenu *m, int integerMenu, char *out, unsigned long size);

#endif
