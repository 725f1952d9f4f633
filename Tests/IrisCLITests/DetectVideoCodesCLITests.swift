import Foundation
import Testing

/// `iris detect` on a recording reads QR codes as a live run does (`VideoDetectors`): the bundled hand-held
/// clip's code, blurred by the motion, is read in more frames with the memory than frame by frame, keeps one
/// `trackingID`, and `--no-remember-codes` turns that off.
@Suite(.enabled(if: IrisExecutable.path != nil, "the iris executable is not built"))
struct DetectVideoCodesCLITests {
    static let clip = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Recordings/qr-handheld-1-19-640x480.mp4").path
    /// ZXing's expected text for the photo the clip was made from (qrcode-1/19.txt); the code holds CRLF line ends.
    static let text = "Sean Owen\r\nsrowen@google.com\r\n917-364-2918\r\nhttp://awesome-thoughts.com"

    /// Each frame's QR codes: (message, trackingID).
    static func codes(_ extra: [String]) throws -> [[(message: String, id: Int?)]] {
        let result = try IrisExecutable.run(
            ["detect", clip, "--detect", "qr", "--accuracy", "low", "--max-frames", "45", "--json"] + extra,
            in: NSTemporaryDirectory())
        #expect(result.status == 0, "\(result.stderr)")
        return try result.stdoutLines.map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let features = try #require(object["features"] as? [[String: Any]])
            return features.map { ($0["message"] as? String ?? "", $0["trackingID"] as? Int) }
        }
    }

    @Test func aRecordingsCodeIsRememberedAndKeepsItsID() throws {
        let remembered = try Self.codes([]), alone = try Self.codes(["--no-remember-codes"])
        #expect(remembered.count == 45 && alone.count == 45)
        let readRemembered = remembered.filter { $0.contains { $0.message == Self.text } }.count
        let readAlone = alone.filter { $0.contains { $0.message == Self.text } }.count
        #expect(readRemembered > readAlone, "remembered \(readRemembered), alone \(readAlone)")
        #expect(Set(remembered.flatMap { $0 }.map(\.id)) == [1])
        #expect(alone.flatMap { $0 }.allSatisfy { $0.id == nil })
        #expect(remembered.flatMap { $0 }.allSatisfy { $0.message == Self.text })
    }
}
