// libdrm for IrisVideo's DRM/KMS display (Sources/IrisVideo/Display). Function-like macros such as
// DRM_FORMAT_XRGB8888 (fourcc_code) do not import into Swift; Iris spells FourCCs with IrisCore's FourCC,
// and the constants below let tests check its pixel-format table against libdrm's header.
#include <stdint.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>

static const uint32_t IRIS_DRM_FORMAT_XRGB8888 = DRM_FORMAT_XRGB8888;
static const uint32_t IRIS_DRM_FORMAT_ARGB8888 = DRM_FORMAT_ARGB8888;
static const uint32_t IRIS_DRM_FORMAT_ABGR8888 = DRM_FORMAT_ABGR8888;
static const uint32_t IRIS_DRM_FORMAT_NV12 = DRM_FORMAT_NV12;
static const uint32_t IRIS_DRM_FORMAT_NV21 = DRM_FORMAT_NV21;
static const uint32_t IRIS_DRM_FORMAT_YUV420 = DRM_FORMAT_YUV420;
static const uint32_t IRIS_DRM_FORMAT_YUYV = DRM_FORMAT_YUYV;
static const uint32_t IRIS_DRM_FORMAT_BGR888 = DRM_FORMAT_BGR888;
static const uint32_t IRIS_DRM_FORMAT_RGB888 = DRM_FORMAT_RGB888;
