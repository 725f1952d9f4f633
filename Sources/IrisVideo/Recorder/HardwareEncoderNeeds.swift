/// What a hardware encoder needs from the machine, said when it will not open: libavcodec answers only
/// "Invalid argument" or "Operation not permitted", which names neither the device nor the fix.
///
///     HardwareEncoderNeeds.explanation(for: "h264_v4l2m2m", videoDevicePresent: false)
enum HardwareEncoderNeeds {
    static func explanation(for encoder: String, videoDevicePresent: Bool) -> String? {
        if encoder.hasSuffix("_v4l2m2m") {
            return videoDevicePresent
                ? "it needs a V4L2 memory-to-memory encoder device, and no /dev/video* here is one that takes this size and format"
                : "it needs a V4L2 memory-to-memory encoder device (a board's hardware codec, such as the Raspberry "
                    + "Pi 4's /dev/video11), and there is no /dev/video* here"
        }
        if encoder.hasSuffix("_vaapi") { return "it takes VA-API GPU surfaces, which the recorder does not upload to" }
        if encoder.hasSuffix("_nvenc") { return "it needs an NVIDIA GPU with its driver's libnvidia-encode" }
        if encoder.hasSuffix("_qsv") { return "it needs Intel Quick Sync Video and its media driver" }
        if encoder.hasSuffix("_omx") { return "it needs the OpenMAX IL libraries of older Raspberry Pi firmware" }
        return nil
    }
}
