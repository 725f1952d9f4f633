import IrisCore

/// The gallery's index.html: every filter with its picture, categories, summary and inputs (type,
/// default, range), from the same descriptors as `iris filters`.
enum GalleryIndex {
    static func html(_ entries: [FilterGallery.Entry]) -> String {
        var out = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>Iris filter gallery</title>
            <style>
            body { font-family: sans-serif; background: #202020; color: #eee; margin: 2em; }
            section { display: inline-block; vertical-align: top; width: 340px; margin: 0 1em 2em 0; }
            img { max-width: 320px; max-height: 240px; image-rendering: pixelated; background: #303030; }
            table { font-size: 12px; border-collapse: collapse; } td, th { padding: 1px 6px; text-align: left; }
            .failed { color: #f77; } .categories { color: #aaa; font-size: 12px; }
            </style></head><body>
            <h1>Iris filter gallery</h1>
            <p>\(entries.count) filters, each at its defaults on the same photo (<a href="contact-sheet.png">contact sheet</a>).</p>

            """
        for entry in entries {
            let d = entry.descriptor
            out += "<section id=\"\(escape(d.name))\"><h2>\(escape(d.name))</h2>\n"
            if let file = entry.file {
                out += "<img src=\"\(escape(file))\" alt=\"\(escape(d.name))\"><br>\n"
                out +=
                    "<small>\(entry.width)×\(entry.height), \(String(format: "%.1f", entry.milliseconds)) ms</small>\n"
            } else if let failure = entry.failure {
                out += "<p class=\"failed\">Did not render: \(escape(failure))</p>\n"
            }
            out +=
                "<p>\(escape(d.summary))</p><p class=\"categories\">\(escape(d.categories.joined(separator: ", ")))</p>\n"
            let inputs = d.inputs.filter { $0.key != "inputImage" }
            if !inputs.isEmpty {
                out += "<table><tr><th>input</th><th>type</th><th>default</th><th>range</th></tr>\n"
                for input in inputs {
                    let range = input.range.map { "\($0.lowerBound)…\($0.upperBound)" } ?? ""
                    let defaultValue = escape(input.defaultValue?.description ?? "")
                    out += "<tr><td>\(escape(input.key))</td><td>\(input.type.rawValue)</td><td>\(defaultValue)</td>"
                    out += "<td>\(escape(range))</td></tr>\n"
                }
                out += "</table>\n"
            }
            out += "</section>\n"
        }
        return out + "</body></html>\n"
    }

    static func escape(_ s: String) -> String {
        s.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;").replacing(
            "\"", with: "&quot;")
    }
}
