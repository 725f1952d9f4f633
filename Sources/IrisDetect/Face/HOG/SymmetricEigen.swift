/// Eigenvalues and eigenvectors of a small symmetric matrix by cyclic Jacobi rotations: exact to double
/// precision for the 10×10 Gram matrices of HOG templates, which is all it is used for.
///
///     let (values, vectors) = SymmetricEigen.decompose([2, 1, 1, 2], size: 2)   // values 3 and 1
enum SymmetricEigen {
    /// `matrix` is row-major `size × size` and symmetric. Returns eigenvalues (unsorted) and the matching
    /// unit eigenvectors as columns of a row-major matrix.
    static func decompose(_ matrix: [Double], size n: Int) -> (values: [Double], vectors: [Double]) {
        var a = matrix
        var v = [Double](repeating: 0, count: n * n)
        for i in 0..<n { v[i * n + i] = 1 }
        for _ in 0..<100 {
            var offDiagonal = 0.0
            for p in 0..<n { for q in (p + 1)..<max(n, p + 1) { offDiagonal += a[p * n + q] * a[p * n + q] } }
            if offDiagonal < 1e-30 { break }
            for p in 0..<n {
                for q in (p + 1)..<max(n, p + 1) where a[p * n + q] != 0 {
                    // The rotation that zeroes a[p][q] (Golub & Van Loan's symmetric Schur step).
                    let theta = (a[q * n + q] - a[p * n + p]) / (2 * a[p * n + q])
                    let t = (theta >= 0 ? 1.0 : -1.0) / (abs(theta) + (theta * theta + 1).squareRoot())
                    let c = 1 / (t * t + 1).squareRoot(), s = t * c
                    for k in 0..<n {
                        let akp = a[k * n + p], akq = a[k * n + q]
                        a[k * n + p] = c * akp - s * akq
                        a[k * n + q] = s * akp + c * akq
                    }
                    for k in 0..<n {
                        let apk = a[p * n + k], aqk = a[q * n + k]
                        a[p * n + k] = c * apk - s * aqk
                        a[q * n + k] = s * apk + c * aqk
                    }
                    for k in 0..<n {
                        let vkp = v[k * n + p], vkq = v[k * n + q]
                        v[k * n + p] = c * vkp - s * vkq
                        v[k * n + q] = s * vkp + c * vkq
                    }
                }
            }
        }
        return ((0..<n).map { a[$0 * n + $0] }, v)
    }
}
