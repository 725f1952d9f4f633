/// The web previews' stage: takes the newest rendered frame (one slot, the oldest dropped, like the display's)
/// and hands it to the `LiveView`, which encodes it once for every viewer while someone watches. Its own
/// thread, so JPEG encoding never holds up the render stage, the display or the recorder.
enum LiveViewStage {
    static func run(_ state: RunState, view: LiveView) {
        while let rendered = state.liveQueue.pop() {
            view.offer(rendered.picture, index: rendered.index, arrival: rendered.arrival)
        }
    }
}
