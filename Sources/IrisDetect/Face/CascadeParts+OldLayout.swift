extension CascadeParts {
    /// The old `opencv-haar-classifier` layout (OpenCV 1.x haartraining): every tree node carries its own
    /// feature, and children are `left_node`/`right_node` (indices in the tree) or `left_val`/`right_val`
    /// (leaves). It becomes the same tables as the current layout. Stage trees (`parent`/`next`) are read
    /// as a plain chain, as OpenCV 4 does.
    static func fromOldLayout(_ cascade: CascadeXMLElement) throws -> CascadeParts {
        var parts = CascadeParts()
        parts.kind = .haar
        guard let size = cascade.child("size")?.numbers, size.count == 2 else { throw Problem("no <size>W H</size>") }
        parts.windowWidth = try whole(size[0])
        parts.windowHeight = try whole(size[1])
        guard let stages = cascade.child("stages")?.children, !stages.isEmpty else { throw Problem("no <stages>") }
        for stage in stages {
            guard let threshold = stage.child("stage_threshold")?.numbers.first,
                let trees = stage.child("trees")?.children
            else { throw Problem("a stage without trees or stage_threshold") }
            parts.stages.append(
                .init(
                    threshold: Float(threshold) - CascadeModel.thresholdEpsilon,
                    firstTree: parts.trees.count, treeCount: trees.count))
            for tree in trees {
                let treeNodes = tree.children
                guard !treeNodes.isEmpty else { throw Problem("an empty tree") }
                parts.trees.append(
                    .init(firstNode: parts.nodes.count, nodeCount: treeNodes.count, firstLeaf: parts.leaves.count))
                var treeLeaves: [Float] = []
                // Leaves are numbered in the order they appear; leaf k is written -k, as the current layout does.
                func branch(_ node: CascadeXMLElement, _ side: String) throws -> Int {
                    if let index = node.child("\(side)_node")?.numbers.first { return try whole(index) }
                    guard let value = node.child("\(side)_val")?.numbers.first else {
                        throw Problem("a node without \(side)_val or \(side)_node")
                    }
                    treeLeaves.append(Float(value))
                    return -(treeLeaves.count - 1)
                }
                for node in treeNodes {
                    guard let feature = node.child("feature"), let rects = feature.child("rects")?.children,
                        (1...3).contains(rects.count), let threshold = node.child("threshold")?.numbers.first
                    else {
                        throw Problem("a tree node without feature rectangles or threshold")
                    }
                    let tilted = (feature.child("tilted")?.numbers.first ?? 0) != 0
                    parts.haarFeatures.append(.init(rects: try rects.map(weightedRect), tilted: tilted))
                    let left = try branch(node, "left"), right = try branch(node, "right")
                    parts.nodes.append(
                        .init(
                            feature: parts.haarFeatures.count - 1, threshold: Float(threshold), left: left, right: right
                        ))
                }
                guard treeLeaves.count == treeNodes.count + 1 else {
                    throw Problem("a tree of \(treeNodes.count) nodes has \(treeLeaves.count) leaves")
                }
                parts.leaves += treeLeaves
            }
        }
        return parts
    }
}
