import IrisVideo

/// `iris devices`' libcamera part: each camera with its `libcamera:N` name, id, model, formats and controls.
enum LibcameraListing {
    static func print(only selector: LibcameraSelector?, controls: Bool) throws {
        let cameras: [LibcameraCameraDescription]
        do { cameras = try LibcameraCameraDescription.all() } catch {
            if selector != nil { throw CLIError.message("\(error)") }
            Swift.print("libcamera: \(error)")
            return
        }
        let versions = LibcameraCameraDescription.versions
        if cameras.isEmpty {
            if let selector {
                throw CLIError.message("\(LibcameraError.noCamera(requested: "\(selector)", available: []))")
            }
            let locked = LockedMediaDevices.paths()
            Swift.print(
                "no libcamera cameras (libcamera \(versions.runtime))"
                    + (locked.isEmpty
                        ? "" : "; \(locked.joined(separator: ", ")) locked by another process using a camera"))
            return
        }
        for (index, camera) in cameras.enumerated() {
            switch selector {
            case .index(let wanted) where wanted != index: continue
            case .id(let wanted) where wanted != camera.id: continue
            default: break
            }
            var facts = ["libcamera \(versions.runtime)", "location \(camera.location.rawValue)"]
            if !camera.model.isEmpty { facts.insert("model \(camera.model)", at: 0) }
            if let size = camera.pixelArraySize { facts.append("pixel array \(size.width)x\(size.height)") }
            Swift.print("libcamera:\(index): \(camera.id) (\(facts.joined(separator: ", ")))")
            Swift.print("  formats (* Iris reads it):")
            for format in camera.formats { Swift.print("   \(format.pixelFormat != nil ? "*" : " ") \(format)") }
            if controls {
                Swift.print("  controls (\(camera.controls.count)):")
                for control in camera.controls { Swift.print("     \(control)") }
            }
        }
    }
}
