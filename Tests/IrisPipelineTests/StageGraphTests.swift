import Foundation
import IrisCore
import Synchronization
import Testing

@testable import IrisPipeline

/// The stage graph on its own: ports connect only where their buffer kinds fit, a producer's output fans out
/// to consumers with their own policies, closing flows downstream, the queues show in the metrics, and a
/// stage that cannot open ends the stages started before it without a frame read.
@Suite struct StageGraphTests {
    /// Sends 1…`count` (or nothing, once the stop is requested), one a millisecond apart when `paced`.
    struct Counter: PipelineStage {
        static let numbers = PortDeclaration<Int>("the counter", carries: [.hostMemory])
        let count: Int
        let services: StageServices
        let numbers: OutputPort<Int>
        let opened = StageOutcome<Bool>()

        var name: String { "test.counter" }
        var outputs: [any ClosableOutput] { [numbers] }

        func open() throws(PipelineError) -> (device: Void, opened: Void) {
            opened.set(true)
            return ((), ())
        }

        func run(_: Void) {
            for n in 1...count where services.stop.requested == nil { numbers.push(n) }
        }
    }

    /// Adds what it reads, slowly when `delay` is set, and can refuse to open.
    struct Adder: PipelineStage {
        static let numbers = PortDeclaration<Int>("the adder", carries: BufferKind.readable)
        let numbers: InputPort<Int>
        var delay: Duration = .zero
        var refusal: PipelineError?
        let total = StageOutcome<(sum: Int, items: Int)>()

        var name: String { "test.adder" }
        var outputs: [any ClosableOutput] { [] }

        func open() throws(PipelineError) -> (device: Void, opened: String) {
            if let refusal { throw refusal }
            return ((), "adder open")
        }

        func run(_: Void) {
            var sum = 0, items = 0
            while let n = numbers.pop() {
                if delay > .zero { Thread.sleep(forTimeInterval: Double(delay.components.attoseconds) / 1e18) }
                sum += n
                items += 1
            }
            total.set((sum, items))
        }
    }

    @Test func anOutputMayNotSendAKindItsInputCannotTake() throws {
        let graph = StageGraph(services: StageServices(stop: StopRequest()))
        let pixelsOnly = PortDeclaration<PreviewFrame>("a viewer of pixels", carries: [.hostMemory])
        #expect {
            _ = try graph.connect(
                RenderStage.preview, to: pixelsOnly, queue: "viewer", capacity: 1, policy: .dropOldest)
        } throws: { error in
            guard case let .configuration(field, reason) = error as? PipelineError else { return false }
            return field == "viewer" && reason.contains("scanout buffer") && reason.contains("a viewer of pixels")
        }
        // The pipeline's own edges fit.
        _ = try graph.connect(
            RenderStage.preview, to: DisplayStage.frames, queue: "display", capacity: 1, policy: .dropOldest)
        _ = try graph.connect(
            RenderStage.pictures, to: LiveViewStage.pictures, queue: "web", capacity: 1, policy: .dropOldest)
        _ = try graph.connect(
            RenderStage.recording, to: RecordStage.pictures, queue: "record", capacity: 8, policy: .block)
        _ = try graph.connect(CaptureStage.frames, to: RenderStage.frames, queue: "render", capacity: 4, policy: .block)
        _ = try graph.connect(CaptureStage.frames, to: DetectStage.frames, queue: "detect", capacity: 3, policy: .block)
        // …and none of them may carry a scanout buffer except the preview.
        #expect(throws: PipelineError.self) {
            _ = try graph.connect(
                RenderStage.preview, to: PortDeclaration<PreviewFrame>("a recorder", carries: BufferKind.readable),
                queue: "x", capacity: 1, policy: .block)
        }
    }

    @Test func anOutputFansOutAndItsCloseEndsEveryConsumer() throws {
        let services = StageServices(stop: StopRequest())
        let graph = StageGraph(services: services)
        let everything = try graph.connect(
            Counter.numbers, to: Adder.numbers, queue: "all", capacity: 4, policy: .block)
        let newest = try graph.connect(
            Counter.numbers, to: Adder.numbers, queue: "newest", capacity: 1, policy: .dropOldest)
        let complete = Adder(numbers: InputPort(everything))
        let sampled = Adder(numbers: InputPort(newest), delay: .milliseconds(5))
        #expect(try graph.start(complete) == "adder open")
        try graph.start(sampled)
        let counter = Counter(count: 1000, services: services, numbers: OutputPort([everything, newest]))
        try graph.start(counter)
        graph.release()
        graph.join()

        #expect(complete.total.value?.sum == 1000 * 1001 / 2)
        #expect(complete.total.value?.items == 1000)
        let kept = try #require(sampled.total.value?.items)
        let queues = services.snapshot(expectedFrames: nil).queues
        #expect(queues["all"]?.pushed == 1000 && queues["all"]?.dropped == 0)
        // The slow consumer's one slot dropped what it could not take; the producer never waited for it.
        #expect(queues["newest"]?.pushed == 1000)
        #expect(kept < 1000 && kept + (queues["newest"]?.dropped ?? 0) == 1000)
    }

    @Test func aStageThatCannotOpenEndsTheRunBeforeAnyItem() throws {
        let stop = StopRequest()
        let services = StageServices(stop: stop)
        let graph = StageGraph(services: services)
        let edge = try graph.connect(Counter.numbers, to: Adder.numbers, queue: "numbers", capacity: 2, policy: .block)
        let counter = Counter(count: 100, services: services, numbers: OutputPort([edge]))
        try graph.start(counter)
        let refusing = Adder(
            numbers: InputPort(edge), refusal: .configuration(field: "adder", reason: "refuses to open"))
        #expect {
            try graph.start(refusing)
        } throws: { error in
            guard case let .configuration(field, _) = error as? PipelineError else { return false }
            return field == "adder"
        }
        // The counter opened, then ended without sending, once the failure stopped the run.
        graph.join()
        #expect(counter.opened.value == true)
        #expect(stop.requested == "start-up error")
        #expect(services.snapshot(expectedFrames: nil).queues["numbers"]?.pushed == 0)
        #expect(refusing.total.value == nil)
    }

    @Test func aBufferSaysWhereItsPixelsLive() throws {
        let host = PixelBuffer(width: 4, height: 2, format: .rgba8)
        #expect(BufferKind.of(host) == .hostMemory)
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 32, alignment: 16)
        defer { memory.deallocate() }
        func lent(_ dmabuf: DMABuf?) throws -> PixelBuffer {
            let borrowed = BorrowedMemory(base: memory, count: 32, lender: "test", dmabuf: dmabuf) {}
            return try PixelBuffer(
                width: 4, height: 2, format: .rgba8,
                planes: [PixelBuffer.Plane(borrowing: borrowed, offset: 0, count: 32, bytesPerRow: 16)])
        }
        #expect(try BufferKind.of(lent(nil)) == .deviceMemory)
        let exported = DMABuf(
            width: 4, height: 2, fourCC: "AB24", planes: [DMABuf.Plane(fd: 3, offset: 0, bytesPerRow: 16)],
            modifier: DMABuf.linearModifier)
        #expect(try BufferKind.of(lent(exported)) == .dmabuf)
    }
}
