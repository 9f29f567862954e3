/// "Did you mean ...?" suggestions by edit distance (adjacent swaps count as one edit).
package enum Suggestion {
    /// The candidate closest to `word` (case-insensitive edit distance at most a third of
    /// its length, at least 1), if any.
    package static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let limit = max(1, word.count / 3)
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(word.lowercased(), candidate.lowercased())
            if distance <= limit, distance < (best?.1 ?? .max) { best = (candidate, distance) }
        }
        return best?.0
    }

    /// `; did you mean 'x'?` or nothing.
    package static func hint(for word: String, in candidates: some Sequence<String>) -> String {
        closest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        // Optimal string alignment: insertions, deletions, substitutions and adjacent swaps.
        var rows = [Array(0...b.count)]
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(
                    rows[i - 1][j] + 1, current[j - 1] + 1, rows[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], rows[i - 2][j - 2] + 1)
                }
            }
            rows.append(current)
        }
        return rows[a.count][b.count]
    }
}
