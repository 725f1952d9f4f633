import CEGL
import IrisCore

/// Builds the renderer's typed error for an EGL step, naming the step and EGL's error code.
func eglFailure(_ step: String) -> RenderError {
    let code = eglGetError()
    return .deviceUnavailable(renderer: "gles", reason: "\(step) failed (EGL error 0x\(String(code, radix: 16)))")
}

/// The names in a space-separated extension string, so that lookups match whole names, never prefixes.
func extensionList(_ string: UnsafePointer<CChar>?) -> Set<Substring> {
    guard let string else { return [] }
    return Set(String(cString: string).split(separator: " "))
}
