import Foundation
import IrisCore
import IrisFilters
import IrisVideo

/// Every filter of a registry rendered on one photo, for people to look at: one PNG per filter, a contact
/// sheet (one labelled grid) and an index.html listing each filter with its inputs. `iris gallery` runs it.
///
///     let report = try FilterGallery.write(photo: photo, background: other, to: "gallery", context: Context(renderer: CPURenderer()))
public enum FilterGallery {
    /// What happened to one filter.
    public struct Entry: Sendable {
        public let descriptor: FilterDescriptor
        /// The PNG's file name inside the gallery folder, when it rendered.
        public let file: String?
        public let width: Int, height: Int
        public let milliseconds: Double
        /// Why it did not render (a typed error's text), if it did not.
        public let failure: String?
    }

    public struct Report: Sendable {
        public let entries: [Entry]
        public let contactSheet: String
        public let index: String
        public var failures: [Entry] { entries.filter { $0.failure != nil } }
    }

    /// Renders every filter of `registry` at its defaults on `photo` (`background` fills every other image
    /// input: backgrounds, masks, targets, gradients) and writes the gallery into `directory`. A filter that
    /// fails is listed with its error and the rest go on; only an unwritable folder stops the gallery.
    public static func write(
        photo: Image, background: Image, to directory: String, context: Context,
        registry: FilterRegistry = .builtIn, cellWidth: Int = 200,
        progress: (Entry) -> Void = { _ in }
    ) throws(GalleryError) -> Report {
        do throws(OutputError) { try OutputFolder.create(directory) } catch {
            throw .output(path: directory, reason: error.reason)
        }
        var entries: [Entry] = []
        var thumbnails: [PixelBuffer?] = []
        for descriptor in registry.all.sorted(by: { $0.name < $1.name }) {
            let start = DispatchTime.now().uptimeNanoseconds
            var entry: Entry
            var rendered: PixelBuffer?
            do {
                let buffer = try context.render(try recipe(descriptor, photo: photo, background: background))
                let file = descriptor.name + ".png"
                try PNGCodec.write(buffer, to: (directory as NSString).appendingPathComponent(file))
                rendered = buffer
                entry = Entry(
                    descriptor: descriptor, file: file, width: buffer.width, height: buffer.height,
                    milliseconds: milliseconds(since: start), failure: nil)
            } catch {
                entry = Entry(
                    descriptor: descriptor, file: nil, width: 0, height: 0, milliseconds: milliseconds(since: start),
                    failure: String(describing: error))
            }
            entries.append(entry)
            thumbnails.append(rendered)
            progress(entry)
        }
        let sheetPath = (directory as NSString).appendingPathComponent("contact-sheet.png")
        let sheet = ContactSheet.make(
            entries: entries, pictures: thumbnails, cellWidth: cellWidth,
            cellHeight: max(1, Int(Double(cellWidth) * photo.extent.height / max(photo.extent.width, 1))))
        do { try PNGCodec.write(sheet, to: sheetPath) } catch {
            throw .output(path: sheetPath, reason: error.description)
        }
        let indexPath = (directory as NSString).appendingPathComponent("index.html")
        do throws(OutputError) { try OutputFile.write(Array(GalleryIndex.html(entries).utf8), to: indexPath) } catch {
            throw .output(path: indexPath, reason: error.reason)
        }
        return Report(entries: entries, contactSheet: sheetPath, index: indexPath)
    }

    /// The filter at its defaults on the photo. Filters that read neighbours see the edges extended, and
    /// unbounded results are cut to the photo, as `iris render` does.
    public static func recipe(_ descriptor: FilterDescriptor, photo: Image, background: Image) throws -> Image {
        var filter = Filter(descriptor: descriptor)
        for input in descriptor.inputs where input.type == .image {
            let image =
                input.key == "inputImage"
                ? (descriptor.readsNeighbourhood ? photo.clampedToExtent() : photo) : background
            try filter.setValue(.image(image), forKey: input.key)
        }
        var output = try filter.outputImage()
        let e = output.extent
        if descriptor.readsNeighbourhood || e.isInfinite || e.width > 4096 || e.height > 4096 {
            output = output.cropped(to: photo.extent)
        }
        guard !output.extent.isEmpty else { throw FilterError.emptyExtent(filter: descriptor.name) }
        return output
    }

    private static func milliseconds(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }
}
