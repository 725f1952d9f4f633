import IrisCore
import IrisDetect

/// A clip's ground truth: per frame, every face, rectangle and QR code in it, each with an ID that follows
/// the object from frame to frame. Held in Core Image's convention (pixels, origin bottom-left, y up)
/// whatever convention its file used. The file format is documented in Recordings/README.md.
///
///     let truth = try ClipTruth.read(contentsOf: "Recordings/demo-640x480.truth.json")
public struct ClipTruth: Sendable, Equatable {
    /// The recording it describes, as the file names it (relative to the truth file's folder).
    public var clip: String
    public var width: Int
    public var height: Int
    public var frameRate: Double
    /// One entry per decoded frame, frame 0 first.
    public var frames: [FrameTruth]
    /// How the clip was made, when a generator made it ("tools/make-eval-clips", seed 1).
    public var generator: GeneratorInfo?
    /// What the clip exercises: "camera motion", "blur", "partial occlusion"…
    public var covers: [String]

    public init(
        clip: String, width: Int, height: Int, frameRate: Double, frames: [FrameTruth],
        generator: GeneratorInfo? = nil, covers: [String] = []
    ) {
        self.clip = clip
        self.width = width
        self.height = height
        self.frameRate = frameRate
        self.frames = frames
        self.generator = generator
        self.covers = covers
    }

    /// The most frames a truth file may describe: 10,000,000 (over 92 hours at 30 fps). Frame numbers in
    /// MOT and CVAT files are checked against it before any per-frame storage is made (each frame costs
    /// 16 bytes even when empty, so this bounds an empty clip at 160 MB); a file past it is a
    /// `TruthFileError.frameOutOfRange` naming the line and the number.
    public static let maximumFrameCount = 10_000_000

    public struct GeneratorInfo: Sendable, Equatable, Codable {
        public var tool: String
        public var seed: Int
        public init(tool: String, seed: Int) {
            self.tool = tool
            self.seed = seed
        }
    }
}

/// The objects in one frame. Objects wholly outside the picture are absent.
public struct FrameTruth: Sendable, Equatable {
    public var frame: Int
    public var objects: [TruthObject]
    public init(frame: Int, objects: [TruthObject]) {
        self.frame = frame
        self.objects = objects
    }
}

/// One true object in one frame.
///
///     TruthObject(id: 1, kind: .qrCode, corners: quad, message: "hello")
public struct TruthObject: Sendable, Equatable {
    /// The same ID in every frame the object appears in: what tracking metrics follow.
    public var id: Int
    /// Which detector should find it: the detector types' names ("face", "rect", "qr").
    public var kind: DetectorType
    /// Faces: the face box (the detector's convention: brows to chin, ear to ear of the frontal face).
    public var bounds: Rect?
    /// Rectangles and QR codes: the four corners, named by where they appear in the picture.
    public var corners: Quadrilateral?
    /// Faces: the eye on the picture's left (Core Image's `leftEyePosition`), the other eye, the mouth centre.
    public var leftEye: Point?
    public var rightEye: Point?
    public var mouth: Point?
    /// QR codes: the encoded text.
    public var message: String?
    /// The fraction of the object in view and unoccluded, 0…1. Objects under 0.5 are "don't care" in
    /// scoring, as in the MOT benchmark: finding them is neither required nor a false positive.
    public var visibility: Double

    public init(
        id: Int, kind: DetectorType, bounds: Rect? = nil, corners: Quadrilateral? = nil,
        leftEye: Point? = nil, rightEye: Point? = nil, mouth: Point? = nil, message: String? = nil,
        visibility: Double = 1
    ) {
        self.id = id
        self.kind = kind
        self.bounds = bounds
        self.corners = corners
        self.leftEye = leftEye
        self.rightEye = rightEye
        self.mouth = mouth
        self.message = message
        self.visibility = visibility
    }

    /// The object's axis-aligned box: the face box, or the corners' bounds.
    public var box: Rect { bounds ?? corners?.bounds ?? Rect(x: 0, y: 0, width: 0, height: 0) }
}
