/// The order in which a montage's tiles are offered their frames, one tile later each turn. The
/// panes share the terminal (``PaneGroup``): a tile offered while another's frame is still being
/// written waits for it, so the tile offered first in a turn goes first. In a fixed order the
/// last tile lost most (`make bench-montage`, when such a frame was still dropped: 11–17 fps
/// while the first got 23.5); rotating shares the waiting.
///
/// ```swift
/// var rotation = TileRotation()
/// rotation.next(count: 4)   // [0, 1, 2, 3]
/// rotation.next(count: 4)   // [1, 2, 3, 0]
/// ```
public struct TileRotation: Sendable {
    private var turn = 0

    public init() {}

    /// The tiles `0..<count` in this turn's order.
    public mutating func next(count: Int) -> [Int] {
        guard count > 0 else { return [] }
        defer { turn &+= 1 }
        let first = turn % count
        return (0..<count).map { (first + $0) % count }
    }
}
