import Dispatch
import IrisVideo

/// The threads of one run and the queues between them. `connect` makes a queue between two declared ports
/// (refusing one whose buffer kinds do not fit), `start` opens a stage on its own thread and returns what it
/// opened, `release` lets every started stage's loop begin at once, and `join` waits for all of them.
/// A start-up failure is `abandon`ed: the stop is requested, every queue closed, and every thread joined.
///
///     let frames = try graph.connect(CaptureStage.frames, to: RenderStage.frames, queue: "render", capacity: 4, policy: .block)
///     let source = try graph.start(CaptureStage(…, frames: OutputPort([frames])))
///     …; graph.release(); graph.join()
final class StageGraph {
    let services: StageServices
    /// The started stages' threads, in the order they started.
    private(set) var threads: [StageThread] = []
    /// Held until `release`: no stage loops before every stage has opened its device.
    private let gate = DispatchGroup()
    private var released = false

    init(services: StageServices) {
        self.services = services
        gate.enter()
    }

    /// A queue from `output` to `input`, registered for the metrics under `queue`. Throws when the output
    /// may carry a kind of buffer the input cannot take.
    func connect<Item>(
        _ output: PortDeclaration<Item>, to input: PortDeclaration<Item>, queue: String, capacity: Int,
        policy: QueuePolicy
    ) throws(PipelineError) -> BoundedQueue<Item> {
        let refused = output.kinds.subtracting(input.kinds)
        guard refused.isEmpty else {
            throw .configuration(
                field: queue,
                reason: "\(output.name) may carry \(refused.sorted().map(\.rawValue).joined(separator: ", ")), "
                    + "which \(input.name) does not take")
        }
        let edge = BoundedQueue<Item>(name: queue, capacity: capacity, policy: policy)
        services.register(edge)
        return edge
    }

    /// Starts `stage` on its own thread (the run's stop latch bound there) and waits until it has opened;
    /// its loop waits for `release`. A stage that cannot open abandons the run and its error is thrown.
    @discardableResult
    func start<Stage: PipelineStage>(_ stage: Stage) throws(PipelineError) -> Stage.Opened {
        let startup = StageStartup<Stage.Opened>()
        let gate = self.gate, latch = services.stop.latch
        threads.append(
            StageThread(name: stage.name) {
                StopLatch.$current.withValue(latch) {
                    defer { stage.outputs.forEach { $0.close() } }
                    let device: Stage.Device
                    do throws(PipelineError) {
                        let opening = try stage.open()
                        device = opening.device
                        startup.succeed(opening.opened)
                    } catch {
                        startup.fail(error)
                        return
                    }
                    gate.wait()
                    stage.run(device)
                }
            })
        do { return try startup.wait() } catch { throw abandon(error) }
    }

    /// Lets every started stage's loop begin.
    func release() {
        guard !released else { return }
        released = true
        gate.leave()
    }

    /// Waits for every stage's thread to end.
    func join() { threads.forEach { $0.join() } }

    /// Stops a run that failed to start: every stage already started ends without reading a frame.
    func abandon(_ error: PipelineError) -> PipelineError {
        services.stop.request("start-up error")
        services.closeEveryEdge()
        release()
        join()
        return error
    }
}
