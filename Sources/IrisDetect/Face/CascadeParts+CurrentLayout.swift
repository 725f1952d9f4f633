import Foundation

extension CascadeParts {
    /// The `opencv-cascade-classifier` layout (what opencv_traincascade writes and Debian's files use):
    /// stages of weak classifiers as node tables (`internalNodes`, `leafValues`) and one shared feature list.
    static func fromCurrentLayout(_ cascade: CascadeXMLElement) throws -> CascadeParts {
        var parts = CascadeParts()
        let featureType =
            cascade.child("featureType")?.text.trimmingCharacters(in: .whitespacesAndNewlines).uppercased() ?? ""
        switch featureType {
        case "HAAR": parts.kind = .haar
        case "LBP": parts.kind = .lbp
        default: throw Problem("<featureType> is neither HAAR nor LBP (the two Iris reads)")
        }
        guard let width = cascade.child("width")?.numbers.first, let height = cascade.child("height")?.numbers.first
        else {
            throw Problem("no <width>/<height>")
        }
        parts.windowWidth = try whole(width)
        parts.windowHeight = try whole(height)
        // LBP splits on a category: each node carries a 256-bit subset after left, right and feature.
        let categories = try whole(cascade.child("featureParams")?.child("maxCatCount")?.numbers.first ?? 0)
        let subsetWords = categories > 0 ? (categories + 31) / 32 : 0
        let nodeSize = subsetWords > 0 ? 3 + subsetWords : 4
        guard let stages = cascade.child("stages")?.children, !stages.isEmpty else { throw Problem("no <stages>") }
        for stage in stages {
            guard let threshold = stage.child("stageThreshold")?.numbers.first,
                let weak = stage.child("weakClassifiers")?.children
            else { throw Problem("a stage without threshold or classifiers") }
            parts.stages.append(
                .init(
                    threshold: Float(threshold) - CascadeModel.thresholdEpsilon,
                    firstTree: parts.trees.count, treeCount: weak.count))
            for classifier in weak {
                guard let table = classifier.child("internalNodes")?.numbers,
                    let leafValues = classifier.child("leafValues")?.numbers,
                    !table.isEmpty, table.count % nodeSize == 0
                else { throw Problem("a weak classifier's node table is malformed") }
                let count = table.count / nodeSize
                guard leafValues.count == count + 1 else {
                    throw Problem("a tree of \(count) nodes needs \(count + 1) leaves")
                }
                parts.trees.append(.init(firstNode: parts.nodes.count, nodeCount: count, firstLeaf: parts.leaves.count))
                for n in 0..<count {
                    let row = table[(n * nodeSize)..<((n + 1) * nodeSize)].map { $0 }
                    let threshold = subsetWords > 0 ? 0 : Float(row[3])
                    parts.nodes.append(
                        .init(
                            feature: try whole(row[2]), threshold: threshold, left: try whole(row[0]),
                            right: try whole(row[1])))
                    // Subset words are signed 32-bit values written in decimal.
                    if subsetWords > 0 {
                        for word in row[3...] {
                            guard let exact = Int64(exactly: word) else {
                                throw Problem("an LBP subset word is not a whole number")
                            }
                            parts.subsets.append(Int32(truncatingIfNeeded: exact))
                        }
                    }
                }
                parts.leaves += leafValues.map { Float($0) }
            }
        }
        guard let features = cascade.child("features")?.children else { throw Problem("no <features>") }
        for feature in features {
            switch parts.kind {
            case .haar:
                guard let rects = feature.child("rects")?.children, (1...3).contains(rects.count) else {
                    throw Problem("a Haar feature needs one to three rectangles")
                }
                let tilted = (feature.child("tilted")?.numbers.first ?? 0) != 0
                parts.haarFeatures.append(.init(rects: try rects.map(weightedRect), tilted: tilted))
            case .lbp:
                guard let r = feature.child("rect")?.numbers, r.count == 4 else {
                    throw Problem("an LBP feature needs x y width height")
                }
                parts.lbpCells.append(
                    .init(x: try whole(r[0]), y: try whole(r[1]), width: try whole(r[2]), height: try whole(r[3])))
            }
        }
        return parts
    }

    /// A count, index or coordinate from the file: a whole number of a sensible size, or the file is corrupt.
    static func whole(_ value: Double) throws -> Int {
        guard value.isFinite, value == value.rounded(), abs(value) <= 16_777_216 else {
            throw Problem("'\(value)' is not a whole number of a sensible size")
        }
        return Int(value)
    }

    static func weightedRect(_ element: CascadeXMLElement) throws -> CascadeModel.WeightedRect {
        let v = element.numbers
        guard v.count == 5 else { throw Problem("a feature rectangle needs x y width height weight") }
        return .init(
            x: try whole(v[0]), y: try whole(v[1]), width: try whole(v[2]), height: try whole(v[3]), weight: Float(v[4])
        )
    }
}
