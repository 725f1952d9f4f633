import ArgumentParser
import IrisVideo

/// `iris devices`: libcamera's cameras (formats, controls) and the V4L2 capture devices with their inputs, formats,
/// frame sizes, frame rates and controls; raw Bayer sensor nodes are named as libcamera's, not listed as cameras.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract:
            "List cameras (libcamera's and V4L2 capture devices: formats, sizes, rates, controls) and DRM cards (connectors, modes, planes)."
    )

    @Option(help: "Only this device (e.g. /dev/video0, libcamera:0).") var device: String?
    @Flag(help: "Leave out the controls.") var noControls = false
    @Flag(help: "Leave out the frame rates (each size costs one query per rate).") var noRates = false
    @Flag(help: "Only the formats Iris streams (NV12, NV21, YU12, YUYV, packed RGB, MJPEG).") var streamableOnly = false

    func run() throws {
        defer { if device == nil { DisplayListing.printCards() } }  // DisplayListing.swift: DRM cards
        if let device, let selector = LibcameraSelector(sourcePath: device) {
            try LibcameraListing.print(only: selector, controls: !noControls)
            return
        }
        if device == nil { try LibcameraListing.print(only: nil, controls: !noControls) }
        let paths = device.map { [$0] } ?? VideoDevice.nodePaths()
        if paths.isEmpty {
            print("no V4L2 video devices (/dev/video*)")
            return
        }
        for path in paths {
            let dev: VideoDevice
            do { dev = try VideoDevice(path: path) } catch {
                // Listing all nodes: metadata and output nodes are expected; an explicit --device is an error.
                if device != nil { throw CLIError.message("\(error)") }
                print("\(path): skipped (\(error))")
                continue
            }
            print("\(path): \(dev.card) (driver \(dev.driver), \(dev.busInfo))")
            let offered = dev.formats()
            if !offered.isEmpty, offered.allSatisfy(\.isRawBayer), device == nil {
                print(
                    "  raw Bayer sensor output (\(offered.map(\.fourCC.description).joined(separator: ", "))): "
                        + "not a camera for Iris; libcamera drives it (see the libcamera cameras above)")
                continue
            }
            let inputs = dev.inputs()
            if !inputs.isEmpty {
                let current = (try? dev.currentInput()) ?? -1
                print(
                    "  inputs: "
                        + inputs.enumerated().map {
                            "\($0.offset)=\($0.element)\($0.offset == current ? " (current)" : "")"
                        }.joined(separator: ", "))
            }
            if let f = try? dev.currentFormat() { print("  current: \(f)") }
            print("  formats:")
            for format in dev.formats() where !streamableOnly || format.captureFormat != nil {
                let mark = format.captureFormat != nil ? "*" : " "
                print("   \(mark) \(format.fourCC) \(format.name)\(format.compressed ? " (compressed)" : "")")
                switch format.sizes {
                case .discrete(let sizes) where !noRates:
                    for s in sizes {
                        print("       \(s): \(dev.frameRates(code: format.code, width: s.width, height: s.height))")
                    }
                default:
                    print("       \(format.sizes)")
                }
            }
            if !noControls {
                let controls = dev.controls()
                print("  controls (\(controls.count)):")
                for c in controls { print("     \(c)") }
            }
        }
    }
}
