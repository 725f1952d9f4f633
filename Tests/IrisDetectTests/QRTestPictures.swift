import IrisCore
import IrisDetect
import IrisEval

/// QR pictures made in the test itself with IrisCore's encoder (IrisEval's `QRCodePicture`), so no test reads a file.
enum QRTestPictures {
    /// A mid-grey plane with `texts` drawn left to right, and each code's outer corners (top-left pixel
    /// coordinates of its top-left and bottom-right module edges, quiet zone excluded).
    static func plane(
        width: Int = 320, height: Int = 240, texts: [String], moduleSize: Int = 3,
        origin: (x: Int, y: Int) = (12, 20)
    ) throws -> (plane: LumaPlane, boxes: [(x0: Int, y0: Int, x1: Int, y1: Int)]) {
        var plane = LumaPlane(width: width, height: height, value: 150)
        var boxes: [(Int, Int, Int, Int)] = []
        var x = origin.x
        for text in texts {
            let code = try QRCodePicture(text, margin: 2)
            code.draw(into: &plane, x: x, y: origin.y, moduleSize: moduleSize)
            let inner = code.symbol.size * moduleSize
            boxes.append(
                (
                    x + 2 * moduleSize, origin.y + 2 * moduleSize, x + 2 * moduleSize + inner,
                    origin.y + 2 * moduleSize + inner
                ))
            x += code.size * moduleSize + 8
        }
        return (plane, boxes)
    }

    static func mirrored(_ plane: LumaPlane) -> LumaPlane {
        plane.oriented(.upMirrored)
    }

    /// The stored plane that `orientation` turns into `upright`.
    static func stored(_ upright: LumaPlane, for orientation: Orientation) -> LumaPlane {
        for candidate in Orientation.allCases where upright.oriented(candidate).oriented(orientation) == upright {
            return upright.oriented(candidate)
        }
        return upright
    }
}
