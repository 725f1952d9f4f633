import Foundation
import IrisCPU
import IrisCore
@testable import IrisFilters
import IrisGallery
import IrisVideo
import Testing

/// `iris gallery`'s library: a PNG per filter holding that filter's result, a contact sheet, an index.
@Suite struct FilterGalleryTests {
    @Test func everyFilterIsWrittenAndReadsBackAsItsResult() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("iris-gallery-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var buffer = PixelBuffer(width: 48, height: 32, format: .rgba8)
        for row in 0..<32 {
            for x in 0..<48 {
                let o = row * buffer.planes[0].bytesPerRow + x * 4
                buffer.planes[0].bytes[o] = UInt8(x * 5)
                buffer.planes[0].bytes[o + 1] = UInt8(row * 7)
                buffer.planes[0].bytes[o + 2] = 90
                buffer.planes[0].bytes[o + 3] = 255
            }
        }
        let photo = Image(buffer: buffer)
        let context = Context(renderer: CPURenderer())
        let report = try FilterGallery.write(
            photo: photo, background: photo.oriented(.down), to: directory, context: context, cellWidth: 60)

        #expect(report.entries.count == FilterRegistry.builtIn.all.count)
        #expect(report.failures.map(\.descriptor.name) == [])
        let index = try String(contentsOfFile: report.index, encoding: .utf8)
        for entry in report.entries {
            #expect(index.contains("<h2>\(entry.descriptor.name)</h2>"))
            #expect(FileManager.default.fileExists(atPath: directory + "/" + entry.descriptor.name + ".png"))
        }
        // The invert's PNG is the photo inverted in linear light (Core Image's working space), read back from the file.
        let inverted = try PNGCodec.read(contentsOf: directory + "/CIColorInvert.png")
        #expect(inverted.width == 48 && inverted.height == 32)
        let o = 5 * inverted.planes[0].bytesPerRow + 7 * 4
        for (channel, value) in [35.0, 35, 90].enumerated() {
            let expected = (Self.encode(1 - Self.decode(value / 255)) * 255).rounded()
            #expect(abs(Double(inverted.planes[0].bytes[o + channel]) - expected) <= 1, "channel \(channel)")
        }
        // Eight cells a row of 60 pixels (+ 4-pixel gaps); as many rows as the filters need.
        let sheet = try PNGCodec.read(contentsOf: report.contactSheet)
        #expect(sheet.width == 8 * 64 + 4)
        #expect(sheet.height > ((report.entries.count + 7) / 8) * 40)
    }

    @Test func anUnwritableFolderIsATypedError() throws {
        let photo = Image(buffer: PixelBuffer(width: 8, height: 8, format: .rgba8))
        #expect(throws: GalleryError.self) {
            try FilterGallery.write(
                photo: photo, background: photo, to: "/proc/iris-gallery", context: Context(renderer: CPURenderer()))
        }
    }

    static func decode(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
    static func encode(_ v: Double) -> Double { v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055 }
}
