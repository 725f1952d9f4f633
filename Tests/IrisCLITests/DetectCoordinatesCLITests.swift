import Foundation
import IrisCore
import IrisVideo
import Testing

/// `iris detect --json --coordinates top-left` against the default bottom-left run on the same still.
@Suite struct DetectCoordinatesCLITests {
    /// The first feature's corners and the line's "coordinates" and "height", from one JSON line.
    private func firstCode(_ result: IrisExecutable.Result) throws -> (
        coordinates: String, height: Double, corners: [String: [Double]]
    ) {
        #expect(result.status == 0, "\(result.stderr)")
        let line = try #require(result.stdoutLines.first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let feature = try #require((object["features"] as? [[String: Any]])?.first)
        let corners = try #require(feature["corners"] as? [String: [Double]])
        return (
            try #require(object["coordinates"] as? String), try #require((object["height"] as? NSNumber)?.doubleValue),
            corners
        )
    }

    @Test(.enabled(if: IrisExecutable.path != nil, "the iris executable is not built"))
    func topLeftYIsTheHeightMinusBottomLeftY() throws {
        let folder = try TemporaryFolder()
        try folder.write(try StillImage.encode(QRPictures.luma("corner check").rgbaBuffer, as: .png), to: "code.png")
        let bottomLeft = try firstCode(try IrisExecutable.run(["detect", "code.png", "--json"], in: folder.path))
        let topLeft = try firstCode(
            try IrisExecutable.run(["detect", "code.png", "--json", "--coordinates", "top-left"], in: folder.path))
        #expect(bottomLeft.coordinates == "bottom-left" && topLeft.coordinates == "top-left")
        #expect(bottomLeft.height == Double(QRPictures.size) && topLeft.height == Double(QRPictures.size))
        for name in ["topLeft", "topRight", "bottomRight", "bottomLeft"] {
            let bl = try #require(bottomLeft.corners[name]), tl = try #require(topLeft.corners[name])
            // Same x; y_tl = height − y_bl (200 − y), to the hundredth the JSON rounds to.
            #expect(tl[0] == bl[0], "\(name)")
            #expect(abs(tl[1] - (200 - bl[1])) < 0.011, "\(name): \(tl[1]) vs 200 − \(bl[1])")
        }
        // The code is drawn centred with its top edge in the picture's upper half: a small y from the top.
        #expect(try #require(topLeft.corners["topLeft"])[1] < 100)
    }
}
