import Testing

@testable import IrisPipeline

/// When the render stage yields cores to a lagging encoder: from three quarters of the recorder's queue
/// up, until it is down to a quarter.
@Suite struct EncoderBacklogTests {
    @Test("yields from three quarters full and resumes at a quarter, holding between the two")
    func hysteresis() {
        var backlog = EncoderBacklog()
        let fills: [Double] = [0, 0.5, 0.625, 0.75, 1, 0.5, 0.375, 0.25, 0.5, 0.625, 0.875, 0.125]
        let yielded = fills.map { backlog.update(fill: $0) }
        #expect(yielded == [false, false, false, true, true, true, true, false, false, false, true, false])
    }

    @Test("an output's fullest queue gives the fill; an unconnected output reads 0")
    func fillOfTheFullestQueue() {
        let short = BoundedQueue<Int>(name: "short", capacity: 2, policy: .block)
        let long = BoundedQueue<Int>(name: "long", capacity: 8, policy: .block)
        let port = OutputPort([short, long])
        #expect(port.fullestFill == 0)
        port.push(1)
        #expect(port.fullestFill == 0.5)
        port.push(2)
        #expect(port.fullestFill == 1)
        _ = short.pop()
        _ = short.pop()
        #expect(port.fullestFill == 0.25)
        #expect(OutputPort<Int>.unconnected.fullestFill == 0)
    }
}
