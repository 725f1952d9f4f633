/// Named points of MediaPipe's 468-point face mesh (the canonical face model's numbering), and the 10 iris
/// points after them. "Right" and "left" are the person's: on an unmirrored picture the person's right eye
/// is on the picture's left.
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

    /// The iris points: centre first, then four around it (MediaPipe's numbering, 468–477).
    static let rightIris = 468, leftIris = 473

    /// Where the attention model's close-up outputs go in the mesh, point by point, as MediaPipe's
    /// tensors_to_face_landmarks_with_attention graph places them (the same lists the model crops by).
    static let lipsRefinement = [
        61, 146, 91, 181, 84, 17, 314, 405, 321, 375, 291, 185, 40, 39, 37, 0, 267, 269, 270, 409, 78, 95, 88, 178, 87,
        14, 317, 402,
        318, 324, 308, 191, 80, 81, 82, 13, 312, 311, 310, 415, 76, 77, 90, 180, 85, 16, 315, 404, 320, 307, 306, 184,
        74, 73, 72, 11,
        302, 303, 304, 408, 62, 96, 89, 179, 86, 15, 316, 403, 319, 325, 292, 183, 42, 41, 38, 12, 268, 271, 272, 407
    ]
    static let rightEyeRefinement = [
        33, 7, 163, 144, 145, 153, 154, 155, 133, 246, 161, 160, 159, 158, 157, 173, 130, 25, 110, 24, 23, 22, 26, 112,
        243, 247, 30, 29,
        27, 28, 56, 190, 226, 31, 228, 229, 230, 231, 232, 233, 244, 113, 225, 224, 223, 222, 221, 189, 35, 124, 46, 53,
        52, 65, 143, 111,
        117, 118, 119, 120, 121, 128, 245, 156, 70, 63, 105, 66, 107, 55, 193
    ]
    static let leftEyeRefinement = [
        263, 249, 390, 373, 374, 380, 381, 382, 362, 466, 388, 387, 386, 385, 384, 398, 359, 255, 339, 254, 253, 252,
        256, 341, 463, 467,
        260, 259, 257, 258, 286, 414, 446, 261, 448, 449, 450, 451, 452, 453, 464, 342, 445, 444, 443, 442, 441, 413,
        265, 353, 276, 283,
        282, 295, 372, 340, 346, 347, 348, 349, 350, 357, 465, 383, 300, 293, 334, 296, 336, 285, 417
    ]
}
