/// "Did you mean …?" suggestions for unknown variants.
enum NearMiss {
    /// The candidate closest to `text`: one that differs only in letter case or separators, else the unique
    /// nearest within an edit distance of 2 (at most a third of the text's length). `nil` when nothing is close.
    static func suggestion(for text: String, among candidates: [String]) -> String? {
        let canonical = ProfileKey.canonical(text)
        if let same = candidates.first(where: { ProfileKey.canonical($0) == canonical }) {
            return same
        }
        let limit = min(2, max(1, text.count / 3))
        var best: (name: String, distance: Int)?
        var tie = false
        for candidate in candidates {
            let distance = editDistance(text.lowercased(), candidate.lowercased())
            guard distance <= limit else { continue }
            if let current = best, current.distance == distance {
                tie = true
            } else if best == nil || distance < best!.distance {
                best = (candidate, distance)
                tie = false
            }
        }
        return tie ? nil : best?.name
    }

    /// Levenshtein distance over characters.
    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs)
        let b = Array(rhs)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
