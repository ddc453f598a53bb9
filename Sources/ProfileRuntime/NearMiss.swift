/// "Did you mean …?": the one place that decides which name a misspelled one was probably meant to be, for the
/// runtime's errors (an unknown mock variant) and for every diagnostic of the `profile` tool alike, so both suggest
/// the same name for the same mistake.
package enum NearMiss {
    /// The candidate `name` was probably meant to be, or nil when nothing is close enough or two are equally close:
    /// - a candidate equal to it but for letter case and separators (`LocalMock`, `local_mock` for `local-mock`);
    /// - else the unique nearest within a Damerau–Levenshtein distance (over Unicode scalars, ignoring case) of a third
    ///   of its length, at least 1 and at most 2, and shorter than either word (`z` is not a typo of `x`);
    /// - else a candidate one of them is a prefix of, three letters or more (`int` for `integer`, `local-mock` for
    ///   `local`).
    package static func suggestion<S: Sequence>(for name: String, in candidates: S) -> String?
    where S.Element == String {
        let target = Array(name.lowercased().unicodeScalars)
        guard !target.isEmpty else { return nil }
        let canonical = ProfileKey.canonical(name)
        let limit = min(2, max(1, target.count / 3))
        var best: (name: String, distance: Int)?
        var tie = false
        var prefixMatch: String?
        for candidate in candidates where candidate != name {
            if ProfileKey.canonical(candidate) == canonical { return candidate }
            let lowered = Array(candidate.lowercased().unicodeScalars)
            if min(lowered.count, target.count) >= 3, lowered.starts(with: target) || target.starts(with: lowered),
                prefixMatch == nil
            {
                prefixMatch = candidate
            }
            if abs(lowered.count - target.count) > limit { continue }
            let distance = editDistance(target, lowered, limit: limit)
            guard distance <= limit, distance < min(target.count, lowered.count) else { continue }
            if let current = best, current.distance == distance {
                tie = tie || current.name != candidate
            } else if best == nil || distance < best!.distance {
                best = (candidate, distance)
                tie = false
            }
        }
        if let best { return tie ? nil : best.name }
        return prefixMatch
    }

    /// The Damerau–Levenshtein (optimal string alignment) distance between two texts, over Unicode scalars.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        return editDistance(a, b, limit: max(a.count, b.count))
    }

    /// The same, cut short (returning `limit + 1`) as soon as it exceeds `limit`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
