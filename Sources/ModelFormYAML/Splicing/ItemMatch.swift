/// How the items of a list in the file correspond to the items of its new value: the
/// longest run of equal items both share, in order (``kept``), then each new item outside
/// it that equals an old one outside it (``moved``: the item moved, written with its own
/// bytes and comments where it now goes), then, between two kept items, the old and new
/// items left paired in order where they are of one kind (kept too: the item changed where
/// it stands, its comments kept). What ``BlockItems``, JSON arrays and YAML flow lists are
/// reshaped by.
struct ItemMatch {
    /// Old and new positions of the items kept where they are, in order.
    private(set) var kept: [(old: Int, new: Int)]
    /// The old position of each moved item, by its new position.
    private(set) var moved: [Int: Int] = [:]

    /// The match of lists of `oldCount` and `newCount` items, where `matches(old, new)`
    /// says whether two are equal and `similar(old, new)` whether one may be edited into the
    /// other (`nil`: no item is changed where it stands).
    init(
        _ oldCount: Int, _ newCount: Int, matches: (Int, Int) -> Bool, similar: ((Int, Int) -> Bool)? = nil
    ) {
        kept = Self.commonRun(oldCount, newCount, matches: matches)
        let keptNew = Set(kept.map(\.new))
        let keptOld = Set(kept.map(\.old))
        var free = (0..<oldCount).filter { !keptOld.contains($0) }
        for new in 0..<newCount where !keptNew.contains(new) {
            if let at = free.firstIndex(where: { matches($0, new) }) { moved[new] = free.remove(at: at) }
        }
        guard let similar else { return }
        // Between two kept items (or an end), the items left on both sides, paired in order.
        let movedOld = Set(moved.values)
        var changed: [(old: Int, new: Int)] = []
        let anchors = [(old: -1, new: -1)] + kept + [(old: oldCount, new: newCount)]
        for (before, after) in zip(anchors, anchors.dropFirst()) {
            let olds = ((before.old + 1)..<after.old).filter { !movedOld.contains($0) }
            let news = ((before.new + 1)..<after.new).filter { moved[$0] == nil }
            changed += zip(olds, news).filter { similar($0, $1) }.map { (old: $0, new: $1) }
        }
        kept = (kept + changed).sorted { $0.new < $1.new }
    }

    /// Whether a list of `oldCount` items whose new value has `newCount` is edited position
    /// by position: as many items, and not better edited by moving them (more kept or moved
    /// than stay equal where they are, `[a, b, c]` to `[b, a, c]`, in lists of up to 1,000).
    static func itemByItem(_ oldCount: Int, _ newCount: Int, matches: (Int, Int) -> Bool) -> Bool {
        guard oldCount == newCount else { return false }
        guard oldCount <= 1_000 else { return true }
        let inPlace = (0..<oldCount).count { matches($0, $0) }
        guard inPlace < oldCount - 1 else { return true }
        let match = ItemMatch(oldCount, oldCount, matches: matches)
        return match.kept.count + match.moved.count <= inPlace
    }

    /// The keys of `old` that `new` has too and that stay where they are: the longest run of
    /// them in one order (the others moved).
    static func staying(_ old: [String], _ new: [String]) -> Set<String> {
        let oldKeys = Set(old)
        let newKeys = Set(new)
        let common = old.filter(newKeys.contains)
        let newCommon = new.filter(oldKeys.contains)
        return Set(commonRun(common.count, newCommon.count) { common[$0] == newCommon[$1] }.map { common[$0.old] })
    }

    /// The longest run of items two lists of `oldCount` and `newCount` items share, in order,
    /// where `matches(old, new)` says whether two are equal. The equal items at both ends are
    /// matched first, so that a local edit compares little.
    static func commonRun(_ oldCount: Int, _ newCount: Int, matches: (Int, Int) -> Bool) -> [(old: Int, new: Int)] {
        var head = 0
        while head < oldCount, head < newCount, matches(head, head) { head += 1 }
        var tail = 0
        while tail < oldCount - head, tail < newCount - head, matches(oldCount - 1 - tail, newCount - 1 - tail) {
            tail += 1
        }
        let middle = middleRun(head..<(oldCount - tail), head..<(newCount - tail), matches: matches)
        return (0..<head).map { ($0, $0) } + middle
            + (0..<tail).reversed().map { (oldCount - 1 - $0, newCount - 1 - $0) }
    }

    /// The longest common run of two ranges of items, by a table of lengths.
    private static func middleRun(_ old: Range<Int>, _ new: Range<Int>, matches: (Int, Int) -> Bool) -> [(
        old: Int, new: Int
    )] {
        let n = old.count
        let m = new.count
        func same(_ i: Int, _ j: Int) -> Bool { matches(old.lowerBound + i, new.lowerBound + j) }
        var lengths = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i][j] = same(i, j) ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var pairs: [(old: Int, new: Int)] = []
        var i = 0
        var j = 0
        while i < n, j < m {
            if same(i, j), lengths[i][j] == lengths[i + 1][j + 1] + 1 {
                pairs.append((old.lowerBound + i, new.lowerBound + j))
                i += 1
                j += 1
            } else if lengths[i + 1][j] >= lengths[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return pairs
    }
}
