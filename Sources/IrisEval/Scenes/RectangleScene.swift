import IrisCore
import IrisDetect

/// A generated test photo for the rectangle detector: a card or document under perspective on a
/// textured background, with blur, noise and uneven light, and its true corners. Deterministic per seed.
///
///     let scene = RectangleScene(seed: 3, width: 640, height: 480)   // scene.corners is the ground truth
public struct RectangleScene: Sendable {
    public let buffer: PixelBuffer
    /// The card's corners in image coordinates (bottom-left origin), or nil for a scene without one.
    public let corners: Quadrilateral?
    /// What was applied, for reports: "card 1.59 blur 1 noise 6.2 light 0.35".
    public let summary: String

    /// Aspect ratios of things people point cameras at: ID-1 card, ISO A paper, Letter, 16:9 screen, square.
    static let aspects: [Double] = [1.586, 1.414, 1.294, 1.778, 1.6, 1.0]

    public init(seed: UInt64, width: Int = 640, height: Int = 480, containsRectangle: Bool = true) {
        var random = SeededRandom(seed: seed)
        let background = Background(random: &random, seed: seed)
        var card: Card?
        if containsRectangle { card = Card(random: &random, width: width, height: height, background: background) }
        var pixels = [SIMD3<Double>](repeating: .zero, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let centre = SIMD2(Double(x) + 0.5, Double(y) + 0.5)
                var colour = background.colour(at: centre)
                if let card { colour = card.composite(over: colour, pixel: centre) }
                pixels[y * width + x] = colour
            }
        }
        let look = Look(random: &random)
        look.apply(to: &pixels, width: width, height: height, random: &random)
        var buffer = PixelBuffer(width: width, height: height, format: .rgba8)
        for i in 0..<(width * height) {
            let c = pixels[i]
            buffer.planes[0].bytes[i * 4] = UInt8(min(max(c.x.rounded(), 0), 255))
            buffer.planes[0].bytes[i * 4 + 1] = UInt8(min(max(c.y.rounded(), 0), 255))
            buffer.planes[0].bytes[i * 4 + 2] = UInt8(min(max(c.z.rounded(), 0), 255))
            buffer.planes[0].bytes[i * 4 + 3] = 255
        }
        self.buffer = buffer
        corners = card.map { c in
            // Top-left continuous coordinates → Core Image's bottom-left ones.
            c.corners.map { Point(x: $0.x, y: Double(height) - $0.y) }
        }.map { Quadrilateral(topLeft: $0[0], topRight: $0[1], bottomLeft: $0[3], bottomRight: $0[2]) }
        summary = (card.map { String(format3($0.aspect)) + " card " } ?? "no card ") + look.summary
    }
}

/// Textured surface: two colours mixed by value noise, and a few soft blobs.
private struct Background {
    let noise: ValueNoise
    let base: SIMD3<Double>, other: SIMD3<Double>
    let period: Double
    let blobs: [(centre: SIMD2<Double>, radius: Double, colour: SIMD3<Double>)]

    init(random: inout SeededRandom, seed: UInt64) {
        noise = ValueNoise(seed: seed &* 31 &+ 7)
        let level = random.uniform(40, 190)
        base = SIMD3(
            level * random.uniform(0.8, 1.2), level * random.uniform(0.8, 1.2), level * random.uniform(0.8, 1.2))
        // Strong, fine texture is the hard case: it makes many short edges in every direction.
        other = base + SIMD3(repeating: random.uniform(30, 90) * (random.uniform(0, 1) < 0.5 ? -1 : 1))
        period = random.uniform(6, 60)
        var blobs: [(SIMD2<Double>, Double, SIMD3<Double>)] = []
        for _ in 0..<Int(random.uniform(0, 10)) {
            blobs.append(
                (
                    SIMD2(random.uniform(0, 640), random.uniform(0, 480)), random.uniform(8, 40),
                    SIMD3(repeating: random.uniform(20, 235))
                ))
        }
        self.blobs = blobs
    }

    func colour(at p: SIMD2<Double>) -> SIMD3<Double> {
        let t = 0.5 + 0.5 * noise.value(p.x, p.y, period: period, octaves: 3)
        var c = base * (1 - t) + other * t
        for blob in blobs {
            let d = ((p - blob.centre) * (p - blob.centre)).sum().squareRoot()
            let a = min(max((blob.radius - d) / 3, 0), 1)
            c = c * (1 - a) + blob.colour * a
        }
        return c
    }
}

/// A card or page: a light or dark face with printed-looking bars, warped by a homography.
private struct Card {
    let corners: [SIMD2<Double>]
    let toCard: Homography
    let aspect: Double
    let face: SIMD3<Double>
    let ink: SIMD3<Double>
    let bars: [(x0: Double, y0: Double, x1: Double, y1: Double)]

    init?(random: inout SeededRandom, width: Int, height: Int, background: Background) {
        let w = Double(width), h = Double(height), shorter = min(w, h)
        aspect =
            RectangleScene.aspects[
                Int(random.uniform(0, Double(RectangleScene.aspects.count))) % RectangleScene.aspects.count]
        for _ in 0..<50 {
            let long = random.uniform(0.45, 0.95) * shorter
            let short = long / aspect
            let angle = random.uniform(0, 2 * .pi)
            let centre = SIMD2(random.uniform(0.3, 0.7) * w, random.uniform(0.3, 0.7) * h)
            let (c, s) = (cos(angle), sin(angle))
            let local = [
                SIMD2(-long / 2, -short / 2), SIMD2(long / 2, -short / 2), SIMD2(long / 2, short / 2),
                SIMD2(-long / 2, short / 2)
            ]
            // Perspective: each corner pulled toward or away from the centre, and shifted a little.
            let jitter = random.uniform(0, 0.15)
            let corners = local.map { v -> SIMD2<Double> in
                let pull = 1 + random.uniform(-jitter, jitter)
                let rotated = SIMD2(v.x * c - v.y * s, v.x * s + v.y * c) * pull
                return centre + rotated + SIMD2(random.uniform(-1, 1), random.uniform(-1, 1)) * jitter * short * 0.3
            }
            guard corners.allSatisfy({ $0.x > 6 && $0.y > 6 && $0.x < w - 6 && $0.y < h - 6 }),
                let forward = Homography(unitSquareTo: corners), let inverse = forward.inverted
            else { continue }
            self.corners = corners
            toCard = inverse
            // The face must stand out from the surface around it, as paper on a desk does.
            let around = background.colour(at: centre)
            let surface = (around.x + around.y + around.z) / 3
            let level =
                surface < 128 ? random.uniform(min(surface + 35, 250), 250) : random.uniform(5, max(surface - 35, 6))
            face = SIMD3(
                level * random.uniform(0.9, 1.1), level * random.uniform(0.9, 1.1), level * random.uniform(0.9, 1.1))
            ink = level > 128 ? SIMD3(repeating: random.uniform(10, 80)) : SIMD3(repeating: random.uniform(170, 240))
            var bars: [(Double, Double, Double, Double)] = []
            for _ in 0..<Int(random.uniform(0, 9)) {
                let y0 = random.uniform(0.1, 0.85), x0 = random.uniform(0.08, 0.5)
                bars.append((x0, y0, min(x0 + random.uniform(0.1, 0.45), 0.92), y0 + random.uniform(0.02, 0.07)))
            }
            self.bars = bars
            return
        }
        return nil
    }

    /// 4×4 supersampling of the card's outline, so edges are anti-aliased as a lens would.
    func composite(over colour: SIMD3<Double>, pixel centre: SIMD2<Double>) -> SIMD3<Double> {
        var sum = SIMD3<Double>.zero, inside = 0
        for j in 0..<4 {
            for i in 0..<4 {
                let p = centre + SIMD2((Double(i) - 1.5) / 4, (Double(j) - 1.5) / 4)
                let uv = toCard.apply(p)
                guard uv.x >= 0, uv.x <= 1, uv.y >= 0, uv.y <= 1 else { continue }
                inside += 1
                sum += bars.contains { uv.x >= $0.x0 && uv.x <= $0.x1 && uv.y >= $0.y0 && uv.y <= $0.y1 } ? ink : face
            }
        }
        if inside == 0 { return colour }
        return (sum + colour * Double(16 - inside)) / 16
    }
}

/// Camera and light: an illumination gradient, lens blur and sensor noise.
private struct Look {
    let lightSlope: Double, lightAngle: Double
    let blurRadius: Int
    let noise: Double
    var summary: String { "blur \(blurRadius) noise \(format3(noise)) light \(format3(lightSlope))" }

    init(random: inout SeededRandom) {
        lightSlope = random.uniform(0, 0.7)
        lightAngle = random.uniform(0, 2 * .pi)
        blurRadius = Int(random.uniform(0, 3.99))
        noise = random.uniform(0, 10)
    }

    func apply(to pixels: inout [SIMD3<Double>], width: Int, height: Int, random: inout SeededRandom) {
        let diagonal = Double(width + height)
        let (c, s) = (cos(lightAngle), sin(lightAngle))
        for y in 0..<height {
            for x in 0..<width {
                let t = ((Double(x) - Double(width) / 2) * c + (Double(y) - Double(height) / 2) * s) / diagonal * 2
                pixels[y * width + x] *= max(1 + lightSlope * t, 0.2)
            }
        }
        if blurRadius > 0 { boxBlur(&pixels, width: width, height: height) }
        for i in pixels.indices { pixels[i] += SIMD3(repeating: random.gaussian() * noise) }
    }

    private func boxBlur(_ pixels: inout [SIMD3<Double>], width: Int, height: Int) {
        let r = blurRadius, n = Double(2 * r + 1)
        var tmp = pixels
        for y in 0..<height {
            for x in 0..<width {
                var s = SIMD3<Double>.zero
                for k in -r...r { s += pixels[y * width + min(max(x + k, 0), width - 1)] }
                tmp[y * width + x] = s / n
            }
        }
        for y in 0..<height {
            for x in 0..<width {
                var s = SIMD3<Double>.zero
                for k in -r...r { s += tmp[min(max(y + k, 0), height - 1) * width + x] }
                pixels[y * width + x] = s / n
            }
        }
    }
}

private func format3(_ v: Double) -> String { String(Double(Int((v * 100).rounded())) / 100) }

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
