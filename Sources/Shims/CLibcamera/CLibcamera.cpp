// libcamera behind CLibcamera.h. Built against Debian 12's libcamera 0.0.3; the version checks below keep it
// building against later releases (Raspberry Pi OS ships 0.4 and newer), whose ControlId knows its array size and
// enumerator names.
#include "CLibcamera.h"

#include <libcamera/camera.h>
#include <libcamera/camera_manager.h>
#include <libcamera/control_ids.h>
#include <libcamera/controls.h>
#include <libcamera/formats.h>
#include <libcamera/framebuffer.h>
#include <libcamera/framebuffer_allocator.h>
#include <libcamera/logging.h>
#include <libcamera/property_ids.h>
#include <libcamera/request.h>
#include <libcamera/stream.h>
#include <libcamera/version.h>

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#define CLC_LIBCAMERA_AT_LEAST(major, minor)                                                                           \
    (LIBCAMERA_VERSION_MAJOR > (major) || (LIBCAMERA_VERSION_MAJOR == (major) && LIBCAMERA_VERSION_MINOR >= (minor)))

using namespace libcamera;

namespace {

void copyText(char *out, int capacity, const std::string &text) {
    if (!out || capacity <= 0) return;
    std::snprintf(out, static_cast<size_t>(capacity), "%s", text.c_str());
}

std::mutex managerMutex;
// A raw pointer, not a unique_ptr: after an abandoned camera the manager must never be destroyed, not even by a
// static destructor at exit (libcamera would stop the stalled pipeline and abort on its own assertion).
CameraManager *manager = nullptr;
int managerUsers = 0;
bool managerAbandoned = false;

std::shared_ptr<Camera> findCamera(const char *id) {
    std::lock_guard<std::mutex> lock(managerMutex);
    if (!manager || !id) return nullptr;
    return manager->get(id);
}

std::unique_ptr<CameraConfiguration> videoConfiguration(Camera &camera) {
    // VideoRecording is the role rpicam-vid uses (YUV420 on a Pi); a pipeline without it gets the viewfinder's.
    for (StreamRole role : {StreamRole::VideoRecording, StreamRole::Viewfinder}) {
        std::vector<StreamRole> roles{role};
        auto configuration = camera.generateConfiguration(roles);
        if (configuration && configuration->size() == 1) return configuration;
    }
    return nullptr;
}

double number(const ControlValue &value) {
    if (value.isArray() || value.numElements() == 0) return 0;
    switch (value.type()) {
    case ControlTypeBool: return value.get<bool>() ? 1 : 0;
    case ControlTypeByte: return value.get<uint8_t>();
    case ControlTypeInteger32: return value.get<int32_t>();
    case ControlTypeInteger64: return static_cast<double>(value.get<int64_t>());
    case ControlTypeFloat: return value.get<float>();
    default: return 0;
    }
}

bool isNumber(const ControlValue &value) {
    if (value.isArray() || value.numElements() == 0) return false;
    switch (value.type()) {
    case ControlTypeBool:
    case ControlTypeByte:
    case ControlTypeInteger32:
    case ControlTypeInteger64:
    case ControlTypeFloat: return true;
    default: return false;
    }
}

int shimType(ControlType type) {
    switch (type) {
    case ControlTypeBool: return CLC_CONTROL_BOOL;
    case ControlTypeInteger32: return CLC_CONTROL_INT32;
    case ControlTypeInteger64: return CLC_CONTROL_INT64;
    case ControlTypeFloat: return CLC_CONTROL_FLOAT;
    default: return CLC_CONTROL_OTHER;
    }
}

int elementCount(const ControlId &id) {
#if CLC_LIBCAMERA_AT_LEAST(0, 4)
    if (!id.isArray()) return 0;
    return id.size() > 64 ? -1 : static_cast<int>(id.size());  // -1: an array of any length
#else
    // 0.0.3's ControlId does not know; these are the fixed-size arrays of its control_ids.h.
    static const std::map<std::string, int> sizes = {
        {"ColourGains", 2}, {"FrameDurationLimits", 2}, {"SensorBlackLevels", 4}, {"ColourCorrectionMatrix", 9}};
    auto found = sizes.find(id.name());
    return found == sizes.end() ? 0 : found->second;
#endif
}

std::string enumeratorName(const ControlId &id, int32_t value) {
#if CLC_LIBCAMERA_AT_LEAST(0, 4)
    auto found = id.enumerators().find(value);
    return found == id.enumerators().end() ? std::string() : found->second;
#else
    // The enumerators of 0.0.3's control_ids.h for the controls a user sets.
    static const std::map<std::string, std::vector<std::string>> names = {
        {"AeMeteringMode", {"MeteringCentreWeighted", "MeteringSpot", "MeteringMatrix", "MeteringCustom"}},
        {"AeConstraintMode", {"ConstraintNormal", "ConstraintHighlight", "ConstraintShadows", "ConstraintCustom"}},
        {"AeExposureMode", {"ExposureNormal", "ExposureShort", "ExposureLong", "ExposureCustom"}},
        {"AwbMode",
         {"AwbAuto", "AwbIncandescent", "AwbTungsten", "AwbFluorescent", "AwbIndoor", "AwbDaylight", "AwbCloudy",
          "AwbCustom"}},
        {"AfMode", {"AfModeManual", "AfModeAuto", "AfModeContinuous"}},
        {"AfRange", {"AfRangeNormal", "AfRangeMacro", "AfRangeFull"}},
        {"AfSpeed", {"AfSpeedNormal", "AfSpeedFast"}},
        {"AfMetering", {"AfMeteringAuto", "AfMeteringWindows"}},
        {"AfTrigger", {"AfTriggerStart", "AfTriggerCancel"}},
        {"AfPause", {"AfPauseImmediate", "AfPauseDeferred", "AfPauseResume"}},
        {"NoiseReductionMode",
         {"NoiseReductionModeOff", "NoiseReductionModeFast", "NoiseReductionModeHighQuality",
          "NoiseReductionModeMinimal", "NoiseReductionModeZSL"}},
        {"TestPatternMode",
         {"TestPatternModeOff", "TestPatternModeSolidColor", "TestPatternModeColorBars",
          "TestPatternModeColorBarsFadeToGray", "TestPatternModePn9"}},
    };
    auto found = names.find(id.name());
    if (found == names.end() || value < 0 || value >= static_cast<int32_t>(found->second.size())) return {};
    return found->second[static_cast<size_t>(value)];
#endif
}

/// One number, or an array of `count` (a control with `elements` > 0), as libcamera's ControlValue of T.
template <typename T> ControlValue controlValue(const double *values, int count, int elements) {
    if (elements == 0) return ControlValue(static_cast<T>(values[0]));
    std::vector<T> list;
    for (int i = 0; i < count; i++) list.push_back(static_cast<T>(values[i]));
    return ControlValue(Span<const T>(list));
}

struct Mapping {
    void *address;
    size_t length;
};

}  // namespace

struct clc_camera {
    std::shared_ptr<Camera> camera;
    std::unique_ptr<CameraConfiguration> configuration;
    std::unique_ptr<FrameBufferAllocator> allocator;
    Stream *stream = nullptr;
    std::vector<std::unique_ptr<Request>> requests;
    std::vector<std::vector<const uint8_t *>> planeData;  // per request, per plane
    std::vector<Mapping> mappings;
    bool acquired = false;
    bool configured = false;
    bool started = false;

    std::mutex mutex;
    std::condition_variable frameReady;
    std::deque<Request *> completed;
    ControlList startControls;
    ControlList pendingControls;
    bool gone = false;
    bool stopped = false;
    int dropped = 0;

    void requeue(Request *request) {  // mutex held
        request->reuse(Request::ReuseBuffers);
        for (const auto &entry : pendingControls) request->controls().set(entry.first, entry.second);
        pendingControls.clear();
        camera->queueRequest(request);
    }

    void requestCompleted(Request *request) {
        if (request->status() == Request::RequestCancelled) return;
        std::lock_guard<std::mutex> lock(mutex);
        if (stopped) return;
        completed.push_back(request);
        // The newest frame waits for the reader; an older one unread goes straight back to libcamera, so a slow
        // reader never leaves the pipeline without requests.
        while (completed.size() > 1) {
            Request *old = completed.front();
            completed.pop_front();
            dropped += 1;
            requeue(old);
        }
        frameReady.notify_all();
    }

    void disconnected() {
        std::lock_guard<std::mutex> lock(mutex);
        gone = true;
        frameReady.notify_all();
    }

    ~clc_camera() {
        if (started) {
            {
                std::lock_guard<std::mutex> lock(mutex);
                stopped = true;
                completed.clear();
            }
            camera->stop();
        }
        if (camera) {
            camera->requestCompleted.disconnect(this);
            camera->disconnected.disconnect(this);
        }
        requests.clear();
        for (const Mapping &m : mappings) munmap(m.address, m.length);
        if (allocator && stream) allocator->free(stream);
        allocator.reset();
        if (acquired) camera->release();
    }
};

extern "C" {

int clc_manager_acquire(char *error, int error_capacity) {
    std::lock_guard<std::mutex> lock(managerMutex);
    if (managerUsers > 0) {
        managerUsers += 1;
        return CLC_OK;
    }
    // libcamera logs at INFO to stderr by default; Iris reports failures itself, so the log is off unless the
    // user asks for it with libcamera's own variable.
    if (!std::getenv("LIBCAMERA_LOG_LEVELS")) logSetTarget(LoggingTargetNone);
    auto started = std::make_unique<CameraManager>();
    int ret = started->start();
    if (ret < 0) {
        copyText(error, error_capacity, std::string("CameraManager::start failed: ") + std::strerror(-ret));
        return CLC_FAILED;
    }
    manager = started.release();
    managerUsers = 1;
    return CLC_OK;
}

void clc_manager_release(void) {
    std::lock_guard<std::mutex> lock(managerMutex);
    if (managerUsers == 0) return;
    managerUsers -= 1;
    if (managerUsers == 0 && !managerAbandoned) {
        manager->stop();
        delete manager;
        manager = nullptr;
    }
}

void clc_version(char *out, int capacity) { copyText(out, capacity, CameraManager::version()); }

int clc_header_version(void) {
    return LIBCAMERA_VERSION_MAJOR * 10000 + LIBCAMERA_VERSION_MINOR * 100 + LIBCAMERA_VERSION_PATCH;
}

int clc_cameras(clc_camera_info *out, int capacity) {
    std::vector<std::shared_ptr<Camera>> cameras;
    {
        std::lock_guard<std::mutex> lock(managerMutex);
        if (!manager) return 0;
        cameras = manager->cameras();
    }
    for (size_t i = 0; i < cameras.size() && static_cast<int>(i) < capacity; i++) {
        clc_camera_info &info = out[i];
        std::memset(&info, 0, sizeof info);
        const Camera &camera = *cameras[i];
        copyText(info.id, CLC_TEXT, camera.id());
        const ControlList &properties = camera.properties();
        if (auto model = properties.get(properties::Model)) copyText(info.model, CLC_TEXT, *model);
        auto location = properties.get(properties::Location);
        info.location = location ? *location : -1;
        if (auto size = properties.get(properties::PixelArraySize)) {
            info.pixel_array_width = static_cast<int>(size->width);
            info.pixel_array_height = static_cast<int>(size->height);
        }
    }
    return static_cast<int>(cameras.size());
}

int clc_stream_formats(const char *camera_id, clc_stream_format *out, int capacity, char *error, int error_capacity) {
    auto camera = findCamera(camera_id);
    if (!camera) return CLC_NO_CAMERA;
    auto configuration = videoConfiguration(*camera);
    if (!configuration) {
        copyText(error, error_capacity, "the camera offers no video or viewfinder stream");
        return CLC_FAILED;
    }
    const StreamFormats &formats = configuration->at(0).formats();
    std::vector<PixelFormat> pixelFormats = formats.pixelformats();
    for (size_t i = 0; i < pixelFormats.size() && static_cast<int>(i) < capacity; i++) {
        clc_stream_format &f = out[i];
        std::memset(&f, 0, sizeof f);
        f.fourcc = pixelFormats[i].fourcc();
        f.modifier = pixelFormats[i].modifier();
        SizeRange range = formats.range(pixelFormats[i]);
        f.min_width = static_cast<int>(range.min.width);
        f.min_height = static_cast<int>(range.min.height);
        f.max_width = static_cast<int>(range.max.width);
        f.max_height = static_cast<int>(range.max.height);
        f.width_step = static_cast<int>(range.hStep);
        f.height_step = static_cast<int>(range.vStep);
        f.discrete_size_count = static_cast<int>(formats.sizes(pixelFormats[i]).size());
    }
    return static_cast<int>(pixelFormats.size());
}

int clc_controls(const char *camera_id, clc_control_info *out, int capacity, char *error, int error_capacity) {
    (void)error;
    (void)error_capacity;
    auto camera = findCamera(camera_id);
    if (!camera) return CLC_NO_CAMERA;
    const ControlInfoMap &controls = camera->controls();
    int count = 0;
    for (const auto &entry : controls) {
        if (count < capacity) {
            const ControlId &id = *entry.first;
            const ControlInfo &info = entry.second;
            clc_control_info &c = out[count];
            std::memset(&c, 0, sizeof c);
            c.id = id.id();
            copyText(c.name, sizeof c.name, id.name());
            c.type = shimType(id.type());
            c.element_count = elementCount(id);
            c.has_range = isNumber(info.min()) && isNumber(info.max());
            c.minimum = number(info.min());
            c.maximum = number(info.max());
            c.has_default = isNumber(info.def());
            c.default_value = number(info.def());
            for (const ControlValue &value : info.values()) {
                if (c.enum_count >= CLC_MAX_ENUM_VALUES || value.type() != ControlTypeInteger32 || value.isArray())
                    continue;
                int32_t v = value.get<int32_t>();
                c.enum_values[c.enum_count] = v;
                copyText(c.enum_names[c.enum_count], sizeof c.enum_names[0], enumeratorName(id, v));
                c.enum_count += 1;
            }
        }
        count += 1;
    }
    return count;
}

clc_camera *clc_camera_open(const char *camera_id, const clc_stream_request *request, clc_stream_config *config,
                            int *status, char *error, int error_capacity) {
    auto fail = [&](int code, const std::string &why) -> clc_camera * {
        *status = code;
        copyText(error, error_capacity, why);
        return nullptr;
    };
    auto found = findCamera(camera_id);
    if (!found) return fail(CLC_NO_CAMERA, "no such camera");
    auto handle = std::make_unique<clc_camera>();
    handle->camera = found;
    Camera &camera = *found;
    int ret = camera.acquire();
    if (ret == -EBUSY) return fail(CLC_BUSY, "the camera is in use by another process or by this one");
    if (ret < 0) return fail(CLC_FAILED, std::string("Camera::acquire: ") + std::strerror(-ret));
    handle->acquired = true;
    camera.disconnected.connect(handle.get(), &clc_camera::disconnected);

    handle->configuration = videoConfiguration(camera);
    if (!handle->configuration) return fail(CLC_INVALID, "the camera offers no video or viewfinder stream");
    StreamConfiguration &stream = handle->configuration->at(0);
    stream.pixelFormat = PixelFormat(request->fourcc);
    stream.size = Size(static_cast<unsigned>(request->width), static_cast<unsigned>(request->height));
    if (request->buffer_count > 0) stream.bufferCount = static_cast<unsigned>(request->buffer_count);
    switch (handle->configuration->validate()) {
    case CameraConfiguration::Invalid:
        return fail(CLC_INVALID, "libcamera rejected " + stream.toString());
    case CameraConfiguration::Adjusted:
    case CameraConfiguration::Valid:
        break;
    }
    std::string adjusted;
    if (stream.size.width != static_cast<unsigned>(request->width) ||
        stream.size.height != static_cast<unsigned>(request->height))
        adjusted += "size " + std::to_string(request->width) + "x" + std::to_string(request->height) + " -> " +
                    stream.size.toString();
    if (stream.pixelFormat.fourcc() != request->fourcc)
        adjusted += std::string(adjusted.empty() ? "" : ", ") + "pixel format " +
                    PixelFormat(request->fourcc).toString() + " -> " + stream.pixelFormat.toString();
    ret = camera.configure(handle->configuration.get());
    if (ret == -EBUSY) return fail(CLC_BUSY, "Camera::configure: the camera is busy");
    if (ret == -ENODEV) return fail(CLC_GONE, "Camera::configure: the camera is gone");
    if (ret < 0) return fail(CLC_INVALID, std::string("Camera::configure: ") + std::strerror(-ret));
    handle->configured = true;
    handle->stream = stream.stream();

    handle->allocator = std::make_unique<FrameBufferAllocator>(found);
    ret = handle->allocator->allocate(handle->stream);
    if (ret < 0) return fail(CLC_FAILED, std::string("FrameBufferAllocator::allocate: ") + std::strerror(-ret));
    const auto &buffers = handle->allocator->buffers(handle->stream);
    for (size_t index = 0; index < buffers.size(); index++) {
        FrameBuffer *buffer = buffers[index].get();
        std::unique_ptr<Request> created = camera.createRequest(index);
        if (!created) return fail(CLC_FAILED, "Camera::createRequest failed");
        if (created->addBuffer(handle->stream, buffer) < 0) return fail(CLC_FAILED, "Request::addBuffer failed");
        // Planes may share one dmabuf (a YUV420 frame in one allocation): each descriptor is mapped once, whole.
        std::map<int, size_t> extent;
        for (const FrameBuffer::Plane &plane : buffer->planes())
            extent[plane.fd.get()] = std::max(extent[plane.fd.get()], size_t(plane.offset) + plane.length);
        std::map<int, const uint8_t *> base;
        for (const auto &[fd, length] : extent) {
            void *address = mmap(nullptr, length, PROT_READ, MAP_SHARED, fd, 0);
            if (address == MAP_FAILED) return fail(CLC_FAILED, std::string("mmap: ") + std::strerror(errno));
            handle->mappings.push_back({address, length});
            base[fd] = static_cast<const uint8_t *>(address);
        }
        std::vector<const uint8_t *> planes;
        for (const FrameBuffer::Plane &plane : buffer->planes()) planes.push_back(base[plane.fd.get()] + plane.offset);
        handle->planeData.push_back(planes);
        handle->requests.push_back(std::move(created));
    }
    handle->startControls = ControlList(camera.controls());
    handle->pendingControls = ControlList(camera.controls());
    camera.requestCompleted.connect(handle.get(), &clc_camera::requestCompleted);

    std::memset(config, 0, sizeof *config);
    config->width = static_cast<int>(stream.size.width);
    config->height = static_cast<int>(stream.size.height);
    config->fourcc = stream.pixelFormat.fourcc();
    config->modifier = stream.pixelFormat.modifier();
    config->stride = static_cast<int>(stream.stride);
    config->frame_size = static_cast<int>(stream.frameSize);
    config->buffer_count = static_cast<int>(buffers.size());
    if (stream.colorSpace) {
        const ColorSpace &space = *stream.colorSpace;
        config->has_color_space = 1;
        config->primaries = static_cast<int>(space.primaries);
        config->transfer = static_cast<int>(space.transferFunction);
        config->ycbcr_encoding = static_cast<int>(space.ycbcrEncoding);
        config->full_range = space.range == ColorSpace::Range::Full;
    }
    copyText(config->adjusted, CLC_TEXT, adjusted);
    *status = CLC_OK;
    return handle.release();
}

int clc_camera_set_control(clc_camera *handle, uint32_t id, const double *values, int count, char *error,
                           int error_capacity) {
    const ControlIdMap &ids = handle->camera->controls().idmap();
    auto found = ids.find(id);
    if (found == ids.end()) {
        copyText(error, error_capacity, "the camera has no control " + std::to_string(id));
        return CLC_FAILED;
    }
    const ControlId &control = *found->second;
    int elements = elementCount(control);
    if ((elements == 0 && count != 1) || (elements > 0 && count != elements) || count < 1) {
        copyText(error, error_capacity,
                 control.name() + " takes " + std::to_string(elements == 0 ? 1 : elements) + " value(s)");
        return CLC_FAILED;
    }
    ControlValue value;
    switch (control.type()) {
    case ControlTypeBool: value = ControlValue(values[0] != 0); break;
    case ControlTypeInteger32: value = controlValue<int32_t>(values, count, elements); break;
    case ControlTypeInteger64: value = controlValue<int64_t>(values, count, elements); break;
    case ControlTypeFloat: value = controlValue<float>(values, count, elements); break;
    default:
        copyText(error, error_capacity, control.name() + " is not a number, a boolean or a list of numbers");
        return CLC_FAILED;
    }
    std::lock_guard<std::mutex> lock(handle->mutex);
    (handle->started ? handle->pendingControls : handle->startControls).set(id, value);
    return CLC_OK;
}

int clc_camera_start(clc_camera *handle, char *error, int error_capacity) {
    int ret = handle->camera->start(&handle->startControls);
    if (ret == -ENODEV) return CLC_GONE;
    if (ret < 0) {
        copyText(error, error_capacity, std::string("Camera::start: ") + std::strerror(-ret));
        return CLC_FAILED;
    }
    std::lock_guard<std::mutex> lock(handle->mutex);
    handle->started = true;
    // Some pipeline handlers (vimc's among them) ignore start()'s controls: the first request carries them too.
    if (!handle->requests.empty())
        for (const auto &entry : handle->startControls) handle->requests[0]->controls().set(entry.first, entry.second);
    for (auto &request : handle->requests) {
        ret = handle->camera->queueRequest(request.get());
        if (ret < 0) {
            copyText(error, error_capacity, std::string("Camera::queueRequest: ") + std::strerror(-ret));
            return ret == -ENODEV ? CLC_GONE : CLC_FAILED;
        }
    }
    return CLC_OK;
}

int clc_camera_wait_frame(clc_camera *handle, int timeout_ms, clc_frame *frame) {
    std::unique_lock<std::mutex> lock(handle->mutex);
    handle->frameReady.wait_for(lock, std::chrono::milliseconds(timeout_ms),
                                [&] { return !handle->completed.empty() || handle->gone || handle->stopped; });
    if (handle->completed.empty()) {
        if (handle->gone) return CLC_GONE;
        return handle->stopped ? CLC_STOPPED : CLC_TIMEOUT;
    }
    Request *request = handle->completed.front();
    handle->completed.pop_front();
    std::memset(frame, 0, sizeof *frame);
    size_t index = static_cast<size_t>(request->cookie());
    frame->request_index = static_cast<int>(index);
    FrameBuffer *buffer = request->findBuffer(handle->stream);
    const FrameMetadata &metadata = buffer->metadata();
    const auto &planes = buffer->planes();
    frame->plane_count = static_cast<int>(std::min<size_t>(planes.size(), CLC_MAX_PLANES));
    for (int i = 0; i < frame->plane_count; i++) {
        frame->data[i] = handle->planeData[index][static_cast<size_t>(i)];
        frame->bytes_used[i] = i < static_cast<int>(metadata.planes().size())
                                   ? static_cast<int>(metadata.planes()[static_cast<size_t>(i)].bytesused)
                                   : static_cast<int>(planes[static_cast<size_t>(i)].length);
        frame->fd[i] = planes[static_cast<size_t>(i)].fd.get();
        frame->offset[i] = static_cast<int>(planes[static_cast<size_t>(i)].offset);
        frame->length[i] = static_cast<int>(planes[static_cast<size_t>(i)].length);
    }
    auto sensorTime = request->metadata().get(controls::SensorTimestamp);
    frame->timestamp_ns = sensorTime ? *sensorTime : static_cast<int64_t>(metadata.timestamp);
    frame->sequence = metadata.sequence;
    frame->frame_error = metadata.status != FrameMetadata::FrameSuccess;
    return CLC_OK;
}

int clc_camera_buffer_planes(clc_camera *handle, int index, int *fds, int *offsets, int *lengths, int capacity) {
    const auto &buffers = handle->allocator->buffers(handle->stream);
    if (index < 0 || static_cast<size_t>(index) >= buffers.size()) return CLC_FAILED;
    const auto &planes = buffers[static_cast<size_t>(index)]->planes();
    std::map<int, int> duplicates;
    for (size_t i = 0; i < planes.size() && static_cast<int>(i) < capacity; i++) {
        int fd = planes[i].fd.get();
        if (!duplicates.count(fd)) {
            int copy = fcntl(fd, F_DUPFD_CLOEXEC, 0);
            if (copy < 0) {
                for (const auto &entry : duplicates) close(entry.second);
                return CLC_FAILED;
            }
            duplicates[fd] = copy;
        }
        fds[i] = duplicates[fd];
        offsets[i] = static_cast<int>(planes[i].offset);
        lengths[i] = static_cast<int>(planes[i].length);
    }
    return static_cast<int>(planes.size());
}

void clc_camera_requeue(clc_camera *handle, int request_index) {
    std::lock_guard<std::mutex> lock(handle->mutex);
    if (handle->stopped || handle->gone || request_index < 0 ||
        static_cast<size_t>(request_index) >= handle->requests.size())
        return;
    handle->requeue(handle->requests[static_cast<size_t>(request_index)].get());
}

int clc_camera_dropped(clc_camera *handle) {
    std::lock_guard<std::mutex> lock(handle->mutex);
    return handle->dropped;
}

void clc_camera_close(clc_camera *handle) { delete handle; }

void clc_camera_abandon(clc_camera *handle) {
    {
        std::lock_guard<std::mutex> lock(handle->mutex);
        handle->stopped = true;
        handle->completed.clear();
    }
    std::lock_guard<std::mutex> lock(managerMutex);
    managerAbandoned = true;
    // The handle, its requests and buffers stay allocated: the pipeline may still hold pointers to them.
}

}  // extern "C"
