import Foundation

extension CascadeModel {
    /// Reads an OpenCV cascade XML file. A missing file and a file that is not a cascade are distinct,
    /// typed errors that name the path.
    public init(contentsOf path: String) throws(DetectorError) {
        guard let data = FileManager.default.contents(atPath: path) else { throw .cascadeMissing(path: path) }
        try self.init(xml: data, path: path)
    }

    /// Reads cascade XML already in memory; `path` only names it in errors.
    public init(xml data: Data, path: String = "<memory>") throws(DetectorError) {
        let root: CascadeXMLElement
        switch CascadeXMLElement.parse(data) {
        case .success(let element): root = element
        case .failure(let failure): throw .cascadeMalformed(path: path, reason: "not XML: \(failure.reason)")
        }
        // opencv_storage holds one top-level node: the cascade, in either layout.
        guard root.name == "opencv_storage", let top = root.children.first else {
            throw .cascadeMalformed(path: path, reason: "no <opencv_storage> with a cascade inside")
        }
        do {
            if top.child("stageType") != nil {
                self = try CascadeParts.fromCurrentLayout(top).model()
            } else if top.child("size") != nil {
                self = try CascadeParts.fromOldLayout(top).model()
            } else {
                throw CascadeParts.Problem("neither an opencv-cascade-classifier nor an opencv-haar-classifier")
            }
        } catch let problem as CascadeParts.Problem {
            throw .cascadeMalformed(path: path, reason: problem.reason)
        } catch {
            throw .cascadeMalformed(path: path, reason: "\(error)")
        }
    }

    init(parts: CascadeParts) {
        kind = parts.kind
        windowWidth = parts.windowWidth
        windowHeight = parts.windowHeight
        stages = parts.stages
        trees = parts.trees
        nodes = parts.nodes
        leaves = parts.leaves
        subsets = parts.subsets
        haarFeatures = parts.haarFeatures
        lbpCells = parts.lbpCells
    }
}

/// The tables of a cascade while it is being read, checked for consistency before becoming a model.
struct CascadeParts {
    struct Problem: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    var kind = CascadeModel.FeatureKind.haar
    var windowWidth = 0, windowHeight = 0
    var stages: [CascadeModel.Stage] = []
    var trees: [CascadeModel.Tree] = []
    var nodes: [CascadeModel.Node] = []
    var leaves: [Float] = []
    var subsets: [Int32] = []
    var haarFeatures: [CascadeModel.HaarFeature] = []
    var lbpCells: [CascadeModel.LBPCell] = []

    /// Every index points inside its table, so evaluation needs no bounds checks.
    func model() throws -> CascadeModel {
        guard windowWidth > 0, windowHeight > 0 else { throw Problem("window size \(windowWidth)×\(windowHeight)") }
        guard !stages.isEmpty else { throw Problem("no stages") }
        let featureCount = kind == .haar ? haarFeatures.count : lbpCells.count
        for tree in trees {
            guard tree.nodeCount > 0, tree.firstNode + tree.nodeCount <= nodes.count,
                tree.firstLeaf + tree.nodeCount + 1 <= leaves.count
            else { throw Problem("a tree's nodes or leaves are missing") }
            for node in nodes[tree.firstNode..<tree.firstNode + tree.nodeCount] {
                guard node.feature >= 0, node.feature < featureCount else {
                    throw Problem("node uses feature \(node.feature) of \(featureCount)")
                }
                for next in [node.left, node.right] where next >= tree.nodeCount || -next > tree.nodeCount {
                    throw Problem("node points to \(next) in a tree of \(tree.nodeCount) nodes")
                }
            }
        }
        for feature in haarFeatures {
            for r in feature.rects {
                let fits =
                    feature.tilted
                    ? r.x - r.height >= 0 && r.x + r.width <= windowWidth && r.y + r.width + r.height <= windowHeight
                        && r.y >= 0
                    : r.x >= 0 && r.y >= 0 && r.x + r.width <= windowWidth && r.y + r.height <= windowHeight
                guard fits, r.width >= 0, r.height >= 0 else {
                    throw Problem("feature rectangle \(r) leaves the \(windowWidth)×\(windowHeight) window")
                }
            }
        }
        for c in lbpCells
        where c.x < 0 || c.y < 0 || c.width <= 0 || c.height <= 0
            || c.x + 3 * c.width > windowWidth || c.y + 3 * c.height > windowHeight
        {
            throw Problem("LBP cell \(c) leaves the \(windowWidth)×\(windowHeight) window")
        }
        if kind == .lbp {
            guard subsets.count == nodes.count * 8 else { throw Problem("LBP category subsets missing") }
        }
        return CascadeModel(parts: self)
    }
}
