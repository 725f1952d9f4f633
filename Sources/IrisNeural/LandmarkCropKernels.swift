import Foundation

/// MediaPipe's three custom operators (version 2) in its attention face model, which zoom into the eyes
/// and lips: a crop matrix from a subset of landmarks (Landmarks2TransformMatrix), a feature map
/// resampled through that matrix (TransformTensorBilinear), and landmarks taken back through it
/// (TransformLandmarks). Arithmetic follows MediaPipe's CPU kernels step for step, in the same
/// precisions, so the outputs agree with its runtime to float rounding.
enum LandmarkCropKernels {
    /// Landmarks2TransformMatrix v2: the 4×4 matrix (row-major) that maps an `outputWidth` × `outputHeight`
    /// grid onto the box around `subset`, turned so the line from the left to the right landmark lies at
    /// `targetRotation`, and scaled by `scaleX`/`scaleY`.
    struct CropMatrix: Sendable {
        let subset: [Int]
        let leftIndex: Int
        let rightIndex: Int
        let targetRotation: Float
        let outputWidth: Int
        let outputHeight: Int
        let scaleX: Float
        let scaleY: Float

        init(_ options: FlexBufferMap, landmarkCount: Int, label: String) throws(TFLiteError) {
            subset = try options.ints("subset_idxs")
            leftIndex = try options.int("left_rotation_idx")
            rightIndex = try options.int("right_rotation_idx")
            targetRotation = try options.float("target_rotation_radians")
            outputWidth = try options.int("output_width")
            outputHeight = try options.int("output_height")
            scaleX = try options.float("scale_x")
            scaleY = try options.float("scale_y")
            let indices = subset + [leftIndex, rightIndex]
            guard !subset.isEmpty, indices.allSatisfy({ $0 >= 0 && $0 < landmarkCount }) else {
                throw .malformed("\(label): landmark indices must lie in 0..<\(landmarkCount)")
            }
            guard outputWidth > 0, outputHeight > 0, scaleX > 0, scaleY > 0 else {
                throw .malformed("\(label): output size and scales must be positive")
            }
        }

        /// `landmarks`: x, y, z per landmark.
        func run(_ landmarks: UnsafeBufferPointer<Float>, into out: UnsafeMutableBufferPointer<Float>) {
            func point(_ i: Int) -> (x: Float, y: Float) { (landmarks[3 * i], landmarks[3 * i + 1]) }
            let left = point(leftIndex), right = point(rightIndex)
            let rotation = targetRotation - atan2(right.y - left.y, right.x - left.x)
            let c = cos(rotation), s = sin(rotation)
            var low = (x: Float.infinity, y: Float.infinity), high = (x: -Float.infinity, y: -Float.infinity)
            for index in subset {
                let p = point(index)
                let x = c * p.x + -s * p.y, y = s * p.x + c * p.y
                low = (min(low.x, x), min(low.y, y))
                high = (max(high.x, x), max(high.y, y))
            }
            let middle = (x: (low.x + high.x) / 2, y: (low.y + high.y) / 2)
            let ci = cos(-rotation), si = sin(-rotation)
            let centre = (x: ci * middle.x + -si * middle.y, y: si * middle.x + ci * middle.y)
            let r = -rotation
            let scaleX = self.scaleX * (high.x - low.x) / Float(outputWidth)
            let scaleY = self.scaleY * (high.y - low.y) / Float(outputHeight)
            var matrix = Matrix4(translateX: centre.x, y: centre.y)
            matrix = matrix * Matrix4([cos(r), -sin(r), 0, 0, sin(r), cos(r), 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
            matrix = matrix * Matrix4([scaleX, 0, 0, 0, 0, scaleY, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
            matrix =
                matrix
                * Matrix4(
                    translateX: Float(-1.0 * (Double(outputWidth) / 2)), y: Float(-1.0 * (Double(outputHeight) / 2)))
            for i in 0..<16 { out[i] = matrix.values[i] }
        }
    }

    /// TransformTensorBilinear v2: each output cell (x, y) samples `source` bilinearly at the matrix's
    /// image of its centre; samples outside the map are zero.
    static func transformBilinear(
        _ source: UnsafeBufferPointer<Float>, input: FeatureMap, matrix m: UnsafeBufferPointer<Float>,
        output: FeatureMap, into out: UnsafeMutableBufferPointer<Float>
    ) {
        // The half-pixel shifts in and out, folded into the translation (in double, as MediaPipe's kernel).
        func shifted(_ a: Float, _ b: Float, _ t: Float) -> Float {
            let shift: Double = Double(a) * 0.5 + Double(b) * 0.5 - 0.5
            return Float(Double(t) + shift)
        }
        func dot(_ a: Float, _ b: Float, _ c: Float, _ d: Float, _ x: Float, _ y: Float) -> Float {
            let ax: Float = a * x, by: Float = b * y, cz: Float = c * 0
            return ax + by + cz + d * 1
        }
        // MediaPipe mixes double constants into float sums here; each step rounds where its kernel does.
        func blend(_ weight: Float, _ first: Float, _ second: Float) -> Float {
            let kept: Double = (1.0 - Double(weight)) * Double(first)
            let taken: Float = weight * second
            return Float(kept + Double(taken))
        }
        let xShift = shifted(m[0], m[1], m[3]), yShift = shifted(m[4], m[5], m[7])
        let channels = input.channels
        func read(_ y: Int, _ x: Int, _ c: Int) -> Float {
            y < 0 || x < 0 || y >= input.height || x >= input.width ? 0 : source[(y * input.width + x) * channels + c]
        }
        for oy in 0..<output.height {
            for ox in 0..<output.width {
                let fx = Float(ox), fy = Float(oy)
                let tx = dot(m[0], m[1], m[2], xShift, fx, fy), ty = dot(m[4], m[5], m[6], yShift, fx, fy)
                let base = (oy * output.width + ox) * channels
                guard tx >= 0, tx <= Float(input.width - 1), ty >= 0, ty <= Float(input.height - 1) else {
                    for c in 0..<channels { out[base + c] = 0 }
                    continue
                }
                let left: Float = tx.rounded(.down), top: Float = ty.rounded(.down)
                let x0 = Int(left), y0 = Int(top)
                let right: Float = tx - left, below: Float = ty - top
                for c in 0..<channels {
                    let upper = blend(right, read(y0, x0, c), read(y0, x0 + 1, c))
                    let lower = blend(right, read(y0 + 1, x0, c), read(y0 + 1, x0 + 1, c))
                    out[base + c] = blend(below, upper, lower)
                }
            }
        }
    }

    /// TransformLandmarks v2: x and y of each landmark through the matrix's first two rows (z, when there
    /// is one, as it is).
    static func transformLandmarks(
        _ landmarks: UnsafeBufferPointer<Float>, dimensions: Int, matrix m: UnsafeBufferPointer<Float>,
        into out: UnsafeMutableBufferPointer<Float>
    ) {
        for at in stride(from: 0, to: out.count - dimensions + 1, by: dimensions) {
            let x = landmarks[at], y = landmarks[at + 1]
            let xx: Float = m[0] * x, xy: Float = m[1] * y, yx: Float = m[4] * x, yy: Float = m[5] * y
            out[at] = xx + xy + m[2] * 0 + m[3]
            out[at + 1] = yx + yy + m[6] * 0 + m[7]
            if dimensions == 3 { out[at + 2] = landmarks[at + 2] }
        }
    }
}

/// A 4×4 float matrix, row-major, multiplied as MediaPipe's kernel does (each entry summed in order).
struct Matrix4 {
    var values: [Float]

    init(_ values: [Float]) { self.values = values }
    init(translateX x: Float, y: Float) { values = [1, 0, 0, x, 0, 1, 0, y, 0, 0, 1, 0, 0, 0, 0, 1] }

    static func * (a: Matrix4, b: Matrix4) -> Matrix4 {
        var result = [Float](repeating: 0, count: 16)
        for r in 0..<4 {
            for c in 0..<4 {
                var sum: Float = 0
                for k in 0..<4 { sum += a.values[r * 4 + k] * b.values[k * 4 + c] }
                result[r * 4 + c] = sum
            }
        }
        return Matrix4(result)
    }
}
