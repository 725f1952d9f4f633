/// The one-to-one pairing of rows with columns that maximises the total weight: the Hungarian method
/// (Kuhn–Munkres, with potentials), O(n²·m) for n rows and m columns, n ≤ m.
///
/// Weights of 0 or less mean "may not pair": such a pair is never returned, so rows and columns may stay
/// unpaired. Every metric that matches (detections to truths per frame, truth to predicted trajectories for
/// IDF1) goes through here, so they all choose the same way.
///
///     let pairs = OptimalAssignment.pairs(weights: [[0.9, 0.6], [0.7, 0]])   // [(0, 1), (1, 0)]: 1.3 beats 0.9
public enum OptimalAssignment {
    public struct Pair: Sendable, Equatable {
        public var row: Int
        public var column: Int
        public init(row: Int, column: Int) {
            self.row = row
            self.column = column
        }
    }

    /// The pairs of the largest total weight, rows ascending. `weights[row][column]`; all rows the same length.
    public static func pairs(weights: [[Double]]) -> [Pair] {
        let rows = weights.count, columns = weights.first?.count ?? 0
        guard rows > 0, columns > 0 else { return [] }
        precondition(weights.allSatisfy { $0.count == columns }, "every row of the weights needs \(columns) columns")
        // The method below needs rows ≤ columns; solve the transpose otherwise.
        if rows > columns {
            let transposed = (0..<columns).map { c in (0..<rows).map { r in weights[r][c] } }
            return pairs(weights: transposed).map { Pair(row: $0.column, column: $0.row) }.sorted { $0.row < $1.row }
        }
        // Minimum cost with cost = −weight; a forbidden pair costs 0, the same as leaving both unpaired,
        // so padding the problem out to a full assignment changes nothing.
        let cost = weights.map { $0.map { $0 > 0 ? -$0 : 0 } }
        let assigned = minimumCostColumns(cost: cost, rows: rows, columns: columns)
        return assigned.enumerated().compactMap { row, column in
            weights[row][column] > 0 ? Pair(row: row, column: column) : nil
        }
    }

    /// For each row, its column in a minimum-cost assignment of every row (rows ≤ columns). The classic
    /// shortest-augmenting-path form with row and column potentials `u`, `v`; index 0 is a sentinel.
    private static func minimumCostColumns(cost: [[Double]], rows n: Int, columns m: Int) -> [Int] {
        var u = [Double](repeating: 0, count: n + 1), v = [Double](repeating: 0, count: m + 1)
        var rowOfColumn = [Int](repeating: 0, count: m + 1)  // 0: free
        var way = [Int](repeating: 0, count: m + 1)
        for row in 1...n {
            rowOfColumn[0] = row
            var column0 = 0
            var minimum = [Double](repeating: .infinity, count: m + 1)
            var used = [Bool](repeating: false, count: m + 1)
            repeat {
                used[column0] = true
                let row0 = rowOfColumn[column0]
                var delta = Double.infinity, column1 = 0
                for column in 1...m where !used[column] {
                    let reduced = cost[row0 - 1][column - 1] - u[row0] - v[column]
                    if reduced < minimum[column] {
                        minimum[column] = reduced
                        way[column] = column0
                    }
                    if minimum[column] < delta {
                        delta = minimum[column]
                        column1 = column
                    }
                }
                for column in 0...m {
                    if used[column] {
                        u[rowOfColumn[column]] += delta
                        v[column] -= delta
                    } else {
                        minimum[column] -= delta
                    }
                }
                column0 = column1
            } while rowOfColumn[column0] != 0
            repeat {
                let previous = way[column0]
                rowOfColumn[column0] = rowOfColumn[previous]
                column0 = previous
            } while column0 != 0
        }
        var columnOfRow = [Int](repeating: 0, count: n)
        for column in 1...m where rowOfColumn[column] != 0 { columnOfRow[rowOfColumn[column] - 1] = column - 1 }
        return columnOfRow
    }
}
