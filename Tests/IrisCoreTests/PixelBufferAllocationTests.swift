import Foundation
import IrisCore
import Testing

/// Buffers sized by a picture or a plan: asked for through the failable path, refused with a typed error
/// naming what and how much; pictures over a stated `PixelLimit` refused before anything is allocated.
@Suite(.serialized) struct PixelBufferAllocationTests {
    @Test func aCheckedBufferIsTheSameAsAPlainOne() throws {
        let checked = try PixelBuffer(checkedWidth: 33, height: 17, format: .nv12, for: "a test buffer")
        #expect(checked == PixelBuffer(width: 33, height: 17, format: .nv12))
        let unfilled = try PixelBuffer(checkedWidth: 8, height: 4, format: .rgba8, zeroed: false, for: "a test buffer")
        #expect(unfilled.planes.map(\.bytes.count) == [8 * 4 * 4])
        #expect(PixelBuffer.packedByteCount(width: 33, height: 17, format: .nv12) == (33 * 17 + 34 * 9))
    }

    @Test func memoryTheSystemCannotGiveIsATypedErrorNotATrap() {
        // 2^62 bytes: past any address space, refused by malloc everywhere.
        do {
            _ = try PixelBuffer(
                checkedWidth: 1 << 30, height: 1 << 30, format: .rgba8, for: "the 2^30×2^30 render output")
            Issue.record("expected an error")
        } catch {
            #expect((error as? AllocationError) == .outOfMemory(what: "the 2^30×2^30 render output", bytes: 1 << 62))
            #expect(
                "\(error)"
                    == ("cannot allocate 4398046511104 MiB for the 2^30×2^30 render output: the system refused it "
                        + "(out of memory, or an address-space limit such as ulimit -v); lower --max-pixels or --max-memory, or free memory")
            )
        }
        #expect(!MemoryCheck.canAllocate(1 << 62))
        #expect(MemoryCheck.canAllocate(1 << 20))
    }

    @Test func aSizeWhoseByteCountOverflowsIsRefused() {
        #expect(PixelBuffer.packedByteCount(width: 1 << 40, height: 1 << 40, format: .rgba8) == nil)
        do {
            _ = try PixelBuffer(checkedWidth: 1 << 40, height: 1 << 40, format: .rgba8, for: "x")
            Issue.record("expected an error")
        } catch {
            #expect((error as? AllocationError) == .sizeOverflows(what: "x", width: 1 << 40, height: 1 << 40))
        }
    }

    @Test func thePixelLimitReadsAsRenderMaxPixelsDoes() {
        // The same default and unit as RenderLimits (iris render --max-pixels).
        #expect(PixelLimit(megapixels: nil).maximumPixels == RenderLimits().maximumOutputPixels)
        #expect(
            PixelLimit(megapixels: 200).maximumPixels
                == RenderLimits(megapixels: 200, mebibytes: nil).maximumOutputPixels)
        let limit = PixelLimit()
        #expect(limit.allows(width: 8000, height: 8000))  // exactly 64 Mpx
        #expect(!limit.allows(width: 8000, height: 8001))
        #expect(!limit.allows(width: Int.max, height: 2))  // no overflow
        #expect(!limit.allows(width: 0, height: 10))
        do {
            _ = try limit.check(width: 16000, height: 16000, source: "big.png")
            Issue.record("expected an error")
        } catch {
            #expect(
                "\(error)" == "big.png: 16000×16000 is 256 Mpx, over the limit of 64 Mpx (raise it with --max-pixels)")
        }
    }
}
