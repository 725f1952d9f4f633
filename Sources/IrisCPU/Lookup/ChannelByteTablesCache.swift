import IrisCore
import Synchronization

/// The byte tables of the last few separable cubes. A live chain renders every frame through the same cube,
/// and building its tables (3 × 16,385 encodes) every frame cost a tenth of a 1280×720 frame on two cores;
/// now a chain builds them once, when it changes. A cube is recognised by its entries' storage
/// (`ColorCube.sharesStorage`), which the cache keeps alive while it holds the tables, as the GLES cube
/// textures are.
enum ChannelByteTablesCache {
    private struct Entry {
        let cube: ColorCube
        let encodesSRGB: Bool
        let tables: ChannelByteTables?
    }

    /// Cubes kept: a chain and the one it is changing to, on a few renderers at once.
    static let capacity = 4
    private static let entries = Mutex([Entry]())

    /// `ChannelByteTables(CubeInterpolator(cube), encode:)` with the sRGB byte encode when `encodesSRGB`,
    /// built on the first call for `cube` (nil too is remembered: a cube that is not separable).
    static func tables(for cube: ColorCube, encodesSRGB: Bool) -> ChannelByteTables? {
        if let hit = entries.withLock({ list in
            list.firstIndex { $0.encodesSRGB == encodesSRGB && $0.cube.sharesStorage(with: cube) }.map { list[$0] }
        }) {
            return hit.tables
        }
        let tables = ChannelByteTables(CubeInterpolator(cube), encode: encodesSRGB ? SRGBByteTable.shared : nil)
        entries.withLock { list in
            list.append(Entry(cube: cube, encodesSRGB: encodesSRGB, tables: tables))
            if list.count > capacity { list.removeFirst(list.count - capacity) }
        }
        return tables
    }
}
