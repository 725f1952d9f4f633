import XCTest
import IrisCore

/// Buffers sized by a picture or a plan: asked for through the failable path, refused with a typed error
/// naming what and how much; pictures over a stated `PixelLimit` refused before anything is allocated.
final class PixelBufferAllocationTests: XCTestCase {
    func testACheckedBufferIsTheSameAsAPlainOne() throws {
        let checked = try PixelBuffer(checkedWidth: 33, height: 17, format: .nv12, for: "a test buffer")
        XCTAssertEqual(checked, PixelBuffer(width: 33, height: 17, format: .nv12))
        let unfilled = try PixelBuffer(checkedWidth: 8, height: 4, format: .rgba8, zeroed: false, for: "a test buffer")
        XCTAssertEqual(unfilled.planes.map(\.bytes.count), [8 * 4 * 4])
        XCTAssertEqual(PixelBuffer.packedByteCount(width: 33, height: 17, format: .nv12), 33 * 17 + 34 * 9)
    }

    func testMemoryTheSystemCannotGiveIsATypedErrorNotATrap() {
        // 2^62 bytes: past any address space, refused by malloc everywhere.
        XCTAssertThrowsError(
            try PixelBuffer(checkedWidth: 1 << 30, height: 1 << 30, format: .rgba8, for: "the 2^30×2^30 render output")
        ) { error in
            XCTAssertEqual(error as? AllocationError, .outOfMemory(what: "the 2^30×2^30 render output", bytes: 1 << 62))
            XCTAssertEqual(
                "\(error)",
                "cannot allocate 4398046511104 MiB for the 2^30×2^30 render output: the system refused it "
                    + "(out of memory, or an address-space limit such as ulimit -v); lower --max-pixels or --max-memory, or free memory"
            )
        }
        XCTAssertFalse(MemoryCheck.canAllocate(1 << 62))
        XCTAssertTrue(MemoryCheck.canAllocate(1 << 20))
    }

    func testASizeWhoseByteCountOverflowsIsRefused() {
        XCTAssertNil(PixelBuffer.packedByteCount(width: 1 << 40, height: 1 << 40, format: .rgba8))
        XCTAssertThrowsError(try PixelBuffer(checkedWidth: 1 << 40, height: 1 << 40, format: .rgba8, for: "x")) {
            error in
            XCTAssertEqual(error as? AllocationError, .sizeOverflows(what: "x", width: 1 << 40, height: 1 << 40))
        }
    }

    func testThePixelLimitReadsAsRenderMaxPixelsDoes() {
        // The same default and unit as RenderLimits (iris render --max-pixels).
        XCTAssertEqual(PixelLimit(megapixels: nil).maximumPixels, RenderLimits().maximumOutputPixels)
        XCTAssertEqual(
            PixelLimit(megapixels: 200).maximumPixels, RenderLimits(megapixels: 200, mebibytes: nil).maximumOutputPixels
        )
        let limit = PixelLimit()
        XCTAssertTrue(limit.allows(width: 8000, height: 8000))  // exactly 64 Mpx
        XCTAssertFalse(limit.allows(width: 8000, height: 8001))
        XCTAssertFalse(limit.allows(width: Int.max, height: 2))  // no overflow
        XCTAssertFalse(limit.allows(width: 0, height: 10))
        XCTAssertThrowsError(try limit.check(width: 16000, height: 16000, source: "big.png")) { error in
            XCTAssertEqual(
                "\(error)", "big.png: 16000×16000 is 256 Mpx, over the limit of 64 Mpx (raise it with --max-pixels)")
        }
    }
}
