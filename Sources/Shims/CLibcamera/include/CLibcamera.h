// A thin C interface over libcamera's C++ API (Debian 12's libcamera 0.0.3 up to Raspberry Pi OS's 0.7), so Swift
// never sees C++ types. One process-wide CameraManager is shared by every caller (libcamera allows one), started
// by the first clc_manager_acquire and stopped by the last clc_manager_release.
// Strings are copied into the caller's fixed-size fields, NUL-terminated and cut at the field's size.
#ifndef CLIBCAMERA_H
#define CLIBCAMERA_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What a call returned, beside a count or a handle.
enum {
    CLC_OK = 0,
    CLC_FAILED = -1,      ///< libcamera refused; the error text says what and why
    CLC_NO_CAMERA = -2,   ///< no camera with that id (or index)
    CLC_BUSY = -3,        ///< the camera is in use (acquired by this or another process)
    CLC_INVALID = -4,     ///< libcamera rejected the configuration
    CLC_GONE = -5,        ///< the camera was unplugged (or its driver unbound) while in use
    CLC_TIMEOUT = -6,     ///< no frame within the wait
    CLC_STOPPED = -7,     ///< the camera was stopped
};

/// A control's value type, the shim's own numbering (libcamera's grows between versions).
enum {
    CLC_CONTROL_OTHER = 0,
    CLC_CONTROL_BOOL = 1,
    CLC_CONTROL_INT32 = 2,
    CLC_CONTROL_INT64 = 3,
    CLC_CONTROL_FLOAT = 4,
};

#define CLC_TEXT 256
#define CLC_MAX_ENUM_VALUES 24
#define CLC_MAX_PLANES 3

/// Starts the shared CameraManager (or counts one more user of it). Returns CLC_OK or CLC_FAILED with the reason
/// in error. libcamera's own log is kept to errors unless LIBCAMERA_LOG_LEVELS says otherwise.
int clc_manager_acquire(char *error, int error_capacity);
/// One user fewer; the last one stops the manager.
void clc_manager_release(void);
/// libcamera's version ("v0.0.3"), copied into out.
void clc_version(char *out, int capacity);
/// The version the shim was compiled against, as major*10000 + minor*100 + patch.
int clc_header_version(void);

typedef struct clc_camera_info {
    char id[CLC_TEXT];      ///< libcamera's camera id ("platform/vimc.0 Sensor B")
    char model[CLC_TEXT];   ///< properties::Model, "" when absent
    int location;           ///< properties::Location: 0 front, 1 back, 2 external; -1 when absent
    int pixel_array_width;  ///< properties::PixelArraySize, 0 when absent
    int pixel_array_height;
} clc_camera_info;

/// The cameras the manager knows, at most capacity of them; returns how many there are (may exceed capacity).
int clc_cameras(clc_camera_info *out, int capacity);

typedef struct clc_stream_format {
    uint32_t fourcc;       ///< the DRM FourCC of libcamera's PixelFormat
    uint64_t modifier;
    int min_width, min_height, max_width, max_height;
    int width_step, height_step;  ///< 0 when the stream lists discrete sizes only
    int discrete_size_count;
} clc_stream_format;

/// The formats the camera's video stream offers (StreamRole::VideoRecording), at most capacity; returns the count,
/// or a CLC_ error. Needs no exclusive access to the camera.
int clc_stream_formats(const char *camera_id, clc_stream_format *out, int capacity, char *error, int error_capacity);

typedef struct clc_control_info {
    uint32_t id;
    char name[64];           ///< libcamera's name ("ExposureTime", "AwbMode")
    int type;                ///< CLC_CONTROL_*
    int element_count;       ///< 0 for one value; 2 for ColourGains and FrameDurationLimits
    double minimum, maximum, default_value;
    int has_range;           ///< minimum and maximum are meaningful
    int has_default;
    int enum_count;          ///< the listed values of an enumerated control (AwbMode), with their names
    int32_t enum_values[CLC_MAX_ENUM_VALUES];
    char enum_names[CLC_MAX_ENUM_VALUES][48];  ///< libcamera's enumerator names ("AwbAuto"), "" when unknown
} clc_control_info;

/// The controls the camera accepts, at most capacity; returns the count or a CLC_ error.
int clc_controls(const char *camera_id, clc_control_info *out, int capacity, char *error, int error_capacity);

typedef struct clc_camera clc_camera;

typedef struct clc_stream_request {
    int width, height;
    uint32_t fourcc;         ///< a DRM FourCC the stream offers
    int buffer_count;        ///< 0: libcamera's choice
} clc_stream_request;

typedef struct clc_stream_config {
    int width, height;
    uint32_t fourcc;
    uint64_t modifier;       ///< the DRM format modifier of the stream's PixelFormat (0: linear)
    int stride;              ///< bytes per row of the first plane
    int frame_size;          ///< bytes of one frame, all planes
    int buffer_count;
    int has_color_space;
    int primaries;           ///< 0 raw, 1 smpte170m, 2 rec709, 3 rec2020
    int transfer;            ///< 0 linear, 1 srgb, 2 rec709
    int ycbcr_encoding;      ///< 0 none, 1 rec601, 2 rec709, 3 rec2020
    int full_range;
    char adjusted[CLC_TEXT]; ///< what libcamera changed of the request ("size 641x480 -> 640x480"), "" for nothing
} clc_stream_config;

/// Acquires the camera, configures one stream, allocates and maps its buffers and makes one request per buffer.
/// Returns the camera, or NULL with *status a CLC_ error and the reason in error.
clc_camera *clc_camera_open(const char *camera_id, const clc_stream_request *request, clc_stream_config *config,
                            int *status, char *error, int error_capacity);

/// Sets a control for the start (before clc_camera_start) or for the next request queued (after): values holds
/// element_count numbers (one for a scalar). Returns CLC_OK or CLC_FAILED (no such control, wrong count).
int clc_camera_set_control(clc_camera *camera, uint32_t id, const double *values, int count, char *error,
                           int error_capacity);

/// Starts streaming with the controls set so far (given to start() and carried by the first request) and queues
/// every request.
int clc_camera_start(clc_camera *camera, char *error, int error_capacity);

typedef struct clc_frame {
    int request_index;                      ///< give it back with clc_camera_requeue
    int plane_count;
    const uint8_t *data[CLC_MAX_PLANES];    ///< mapped plane starts (read-only)
    int bytes_used[CLC_MAX_PLANES];
    int fd[CLC_MAX_PLANES];                 ///< dmabuf of each plane (owned by libcamera)
    int offset[CLC_MAX_PLANES];
    int length[CLC_MAX_PLANES];
    int64_t timestamp_ns;                   ///< SensorTimestamp when the pipeline reports it, else the buffer's
    uint32_t sequence;
    int frame_error;                        ///< the buffer's status was not success
} clc_frame;

/// Waits up to timeout_ms for the next completed request. Returns CLC_OK with the frame, CLC_TIMEOUT,
/// CLC_GONE (unplugged) or CLC_STOPPED.
int clc_camera_wait_frame(clc_camera *camera, int timeout_ms, clc_frame *frame);
/// Describes buffer `index`'s planes: a duplicate of each plane's dmabuf descriptor (the caller closes them; planes
/// sharing one dmabuf get one duplicate), its offset and length. Returns the plane count or a CLC_ error.
int clc_camera_buffer_planes(clc_camera *camera, int index, int *fds, int *offsets, int *lengths, int capacity);
/// Gives request_index back: it is queued again, carrying the controls set since the last one was queued.
void clc_camera_requeue(clc_camera *camera, int request_index);
/// Completed requests the reader never took because newer ones arrived (they were queued again at once, so
/// libcamera is never left without requests).
int clc_camera_dropped(clc_camera *camera);
/// Stops streaming, frees the buffers, releases the camera and frees the handle.
void clc_camera_close(clc_camera *camera);
/// Lets go of a camera that stopped delivering without libcamera noticing (its device vanished with no hotplug
/// event): stopping it would trip libcamera 0.0.3's assertion that every queued request has completed, which
/// aborts the process. The camera, its buffers and the CameraManager are left allocated until the process ends.
void clc_camera_abandon(clc_camera *camera);

#ifdef __cplusplus
}
#endif

#endif
