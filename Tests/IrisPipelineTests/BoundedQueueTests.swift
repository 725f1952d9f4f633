import Foundation
import Synchronization
import IrisPipeline
import Testing

/// The three full-queue policies, closing and draining, and the counts of what passed and what was dropped.
@Suite struct BoundedQueueTests {
    /// An item holding a buffer (a scanout buffer, a camera buffer) that tells when it is let go.
    final class Held: Sendable {
        let released: @Sendable () -> Void
        init(released: @escaping @Sendable () -> Void) { self.released = released }
        deinit { released() }
    }

    @Test func droppedAndTakenItemsAreLetGoAtOnce() {
        let count = Mutex(0)
        let queue = BoundedQueue<Held>(name: "display", capacity: 1, policy: .dropOldest)
        queue.push(Held { count.withLock { $0 += 1 } })
        queue.push(Held { count.withLock { $0 += 1 } })
        // The first was dropped for the second: its buffer must go back now, not when the queue compacts.
        #expect(count.withLock { $0 } == 1)
        do {
            let taken = queue.pop()
            #expect(taken != nil && count.withLock { $0 } == 1)
        }
        #expect(count.withLock { $0 } == 2, "the consumer's item is released when the consumer lets go")
    }

    @Test func dropOldestKeepsTheNewestAndCountsTheRest() {
        let queue = BoundedQueue<Int>(name: "display", capacity: 2, policy: .dropOldest)
        for i in 1...5 { #expect(queue.push(i)) }
        queue.close()
        var out: [Int] = []
        while let i = queue.pop() { out.append(i) }
        #expect(out == [4, 5])
        #expect(queue.statistics.dropped == 3)
        #expect(queue.statistics.pushed == 5 && queue.statistics.popped == 2)
    }

    @Test func dropNewestKeepsWhatIsQueued() {
        let queue = BoundedQueue<Int>(name: "detect", capacity: 1, policy: .dropNewest)
        #expect(queue.push(1))
        #expect(!queue.push(2))
        #expect(!queue.push(3))
        #expect(queue.pop() == 1)
        #expect(queue.push(4))
        #expect(queue.statistics.dropped == 2)
    }

    @Test func blockWaitsForRoomAndLosesNothing() {
        let queue = BoundedQueue<Int>(name: "record", capacity: 2, policy: .block)
        let produced = 200
        let producer = Thread {
            for i in 0..<produced { queue.push(i) }
            queue.close()
        }
        producer.start()
        var received: [Int] = []
        while let i = queue.pop() {
            received.append(i)
            if i % 50 == 0 { Thread.sleep(forTimeInterval: 0.01) }  // a slow consumer: the producer must wait
        }
        #expect(received == Array(0..<produced))
        #expect(queue.statistics.dropped == 0)
        #expect(queue.statistics.maximumDepth == 2)
    }

    @Test func closingWakesAWaitingConsumerAndRefusesPushes() {
        let queue = BoundedQueue<Int>(name: "render", capacity: 1, policy: .block)
        let done = DispatchSemaphore(value: 0)
        Thread {
            #expect(queue.pop() == nil)
            done.signal()
        }.start()
        Thread.sleep(forTimeInterval: 0.05)
        queue.close()
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(!queue.push(1))
    }

    @Test func discardAllCountsWhatItThrowsAway() {
        let queue = BoundedQueue<Int>(name: "render", capacity: 4, policy: .block)
        for i in 0..<3 { queue.push(i) }
        queue.discardAll()
        #expect(queue.count == 0)
        #expect(queue.statistics.dropped == 3)
    }
}
