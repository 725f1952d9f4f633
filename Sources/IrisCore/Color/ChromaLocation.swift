/// Where a 4:2:0 chroma sample sits against its 2×2 block of luma samples, as a file states it.
///
///     let siting = EncoderPlanes.chromaLocation   // .center: each Cb, Cr is its block's mean
public enum ChromaLocation: String, Sendable, Hashable, Codable, CaseIterable {
    /// At the block's centre (JPEG, MPEG-1, Y4M's C420): what Iris's RGB → Y'CbCr conversion makes.
    case center
    /// Beside the block's left column, between its rows (MPEG-2, H.264's default when a file says nothing).
    case left
}
