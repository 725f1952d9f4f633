import ArgumentParser
import Foundation
import IrisCore
import IrisGallery
import IrisPipeline
import IrisVideo

/// `iris gallery OUTDIR [--source PHOTO] [--renderer gles|cpu]`: every filter on one photo.
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Render every filter on a photo: one PNG per filter, a contact sheet and an index.html.",
        discussion: """
            The photo is frame 0 of the bundled recording unless --source names a still (PNG, JPEG) or a \
            recording; a later frame of the same source fills the other image inputs (backgrounds, masks, \
            targets). Each filter runs at its defaults.
            """)

    @Argument(help: "The folder to write (created if missing).") var outputDir: String
    @Option(help: "A still (PNG, JPEG) or a recording (Y4M, MP4, MKV, AVI); default: the bundled recording.")
    var source: String?
    @Option(help: "Width of each contact-sheet cell in pixels.") var cellWidth: Int = 200
    @OptionGroup var render: RenderOptions

    func run() throws {
        guard (16...2048).contains(cellWidth) else {
            throw ValidationError("--cell-width must be 16…2048, got \(cellWidth)")
        }
        do {
            let path = try source ?? BundledRecording.path()
            let photo = try InputLoader.image(from: SourceRequest(path: path), frame: 0)
            let isStill = ["png", "jpg", "jpeg"].contains((path as NSString).pathExtension.lowercased())
            let background =
                isStill ? photo.oriented(.down) : try InputLoader.image(from: SourceRequest(path: path), frame: 45)
            let context = try render.makeContext()
            let report = try FilterGallery.write(
                photo: photo, background: background, to: outputDir, context: context,
                cellWidth: cellWidth
            ) { entry in
                if let failure = entry.failure { StandardError.write("\(entry.descriptor.name): \(failure)\n") }
            }
            print(
                "\(outputDir): \(report.entries.count - report.failures.count) of \(report.entries.count) filters rendered on \(context.renderer.name)"
            )
            print("contact sheet: \(report.contactSheet)")
            print("index: \(report.index)")
            if !report.failures.isEmpty { throw ExitCode(1) }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            throw CLIError(error)
        }
    }
}
