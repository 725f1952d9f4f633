import Foundation
import IrisCore
import IrisNeural

/// Reads a face's expression with the bundled emotion model (`EmotionModel`): the face cut out as a square
/// around its eyes and mouth, turned so the eyes are level, scaled to 64×64 grey. The square matches the
/// crops the model was trained on (a frontal face detector's box with a margin): 3 eye distances wide,
/// centred 0.42 of the way from the eyes' midpoint to the mouth, which on dlib's photos is where Iris's
/// HOG boxes sit (2.5 eye distances, median) widened by a fifth. Immutable and shareable.
///
///     let happy = try EmotionClassifier.bundled().probabilities(of: mesh, in: plane)?[EmotionModel.happy]
struct EmotionClassifier: Sendable {
    let model: TFLiteModel

    static let sideInEyeDistances = 3.0
    static let centreTowardsMouth = 0.42

    static func bundled() throws(DetectorError) -> EmotionClassifier {
        EmotionClassifier(model: try bundledModel.get())
    }

    private static let bundledModel = Result { () throws(DetectorError) in try BundledModel.ferEmotion.interpreter() }

    /// The window the model reads for a face with these landmarks (the plane's top-left coordinates).
    static func region(of mesh: FaceMesh) -> FaceMeshRegion {
        let a = mesh.pictureLeftEye, b = mesh.pictureRightEye, mouth = mesh.mouth
        let eyes = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        let distance = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        let centre = Point(
            x: eyes.x + (mouth.x - eyes.x) * centreTowardsMouth, y: eyes.y + (mouth.y - eyes.y) * centreTowardsMouth)
        return FaceMeshRegion(centre: centre, side: distance * sideInEyeDistances, angle: atan2(b.y - a.y, b.x - a.x))
    }

    /// The seven probabilities of `EmotionModel.labels`, nil when the model cannot run.
    func probabilities(of mesh: FaceMesh, in plane: LumaPlane) -> [Double]? {
        let grey = plane.greyWindow(Self.region(of: mesh), side: EmotionModel.inputSide)
        guard let outputs = try? model.run([grey.map { ($0 - 0.5) * 2 }]), let probabilities = outputs.first,
            probabilities.count == EmotionModel.labels.count
        else { return nil }
        return probabilities.map(Double.init)
    }
}
