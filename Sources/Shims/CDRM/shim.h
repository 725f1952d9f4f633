// libdrm for IrisVideo's DRM/KMS display (Sources/IrisVideo/Display). Function-like macros such as
// DRM_FORMAT_XRGB8888 (fourcc_code) do not import into Swift; Iris computes FourCCs itself.
#include <stdint.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>
