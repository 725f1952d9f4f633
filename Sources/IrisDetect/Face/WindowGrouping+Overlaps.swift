extension WindowGrouping {
    /// Non-maximum suppression over grouped boxes: strongest first (most neighbours; the earlier on a tie),
    /// a box overlapping a kept one by `overlap` IoU or more is the same face seen off-centre and is dropped.
    /// OpenCV's grouping only drops boxes lying inside stronger ones, so one face can give two boxes side by side.
    static func suppressingOverlaps(_ groups: [Group], overlap: Double = 0.3) -> [Group] {
        let order = groups.indices.sorted {
            groups[$0].neighbors != groups[$1].neighbors ? groups[$0].neighbors > groups[$1].neighbors : $0 < $1
        }
        var kept: [Int] = []
        for i in order where !kept.contains(where: { groups[$0].rect.overlap(groups[i].rect) >= overlap }) {
            kept.append(i)
        }
        // Back in the grouping's order, so results do not reshuffle between similar frames.
        return kept.sorted().map { groups[$0] }
    }
}
