/// The web previews' stage: takes the newest rendered frame (one slot, the oldest dropped, like the display's)
/// and hands it to the `LiveView`, which encodes it once for every viewer while someone watches. Its own
/// thread, so JPEG encoding never holds up the render stage, the display or the recorder.
struct LiveViewStage: PipelineStage {
    /// Pictures the JPEG encoder reads.
    static let pictures = PortDeclaration<RenderedFrame>("the web previews", carries: BufferKind.readable)

    let view: LiveView
    let pictures: InputPort<RenderedFrame>

    var name: String { "iris.web" }
    var outputs: [any ClosableOutput] { [] }

    func run(_: Void) {
        while let rendered = pictures.pop() {
            view.offer(rendered.picture, index: rendered.index, arrival: rendered.arrival)
        }
    }
}
