/// Named points of MediaPipe's 468-point face mesh (the canonical face model's numbering). "Right" and
/// "left" are the person's: on an unmirrored picture the person's right eye is on the picture's left.
enum FaceMeshIndex {
    static let rightEyeOuter = 33, rightEyeInner = 133
    static let leftEyeOuter = 263, leftEyeInner = 362
    /// Upper and lower lid points facing each other across each eye's opening, outer to inner.
    static let rightEyeLids: [(upper: Int, lower: Int)] = [(160, 144), (159, 145), (158, 153)]
    static let leftEyeLids: [(upper: Int, lower: Int)] = [(387, 373), (386, 374), (385, 380)]
    /// Each eye's contour, the outline of its opening.
    static let rightEyeContour = [33, 7, 163, 144, 145, 153, 154, 155, 133, 173, 157, 158, 159, 160, 161, 246]
    static let leftEyeContour = [263, 249, 390, 373, 374, 380, 381, 382, 362, 398, 384, 385, 386, 387, 388, 466]
    /// Mouth corners, and the inner lips' middle (upper lip's lower edge, lower lip's upper edge).
    static let mouthRight = 61, mouthLeft = 291
    static let upperLipInner = 13, lowerLipInner = 14
    static let upperLipOuter = 0, lowerLipOuter = 17
    /// The lips' outer outline.
    static let outerLips = [61, 146, 91, 181, 84, 17, 314, 405, 321, 375, 291, 409, 270, 269, 267, 0, 37, 39, 40, 185]
    static let noseTip = 1
}
