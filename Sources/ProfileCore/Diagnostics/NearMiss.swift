/// Finds the candidate a misspelled name was probably meant to be ("did you mean `uitest`?").
public enum NearMiss {
    /// The closest candidate within a distance proportional to the name's length, or nil.
    public static func suggestion<S: Sequence>(for name: String, in candidates: S) -> String?
    where S.Element == String {
        let target = Array(name.lowercased().unicodeScalars)
        guard !target.isEmpty else { return nil }
        let limit = max(1, min(3, target.count / 3 + 1))
        var best: (String, Int)?
        var prefixMatch: String?
        for candidate in candidates where candidate != name {
            let lowered = Array(candidate.lowercased().unicodeScalars)
            if lowered == target { return candidate }
            // `integer` for `int`, `local` for `local-mock`: one is a prefix of the other, three letters or more.
            if min(lowered.count, target.count) >= 3, lowered.starts(with: target) || target.starts(with: lowered),
                prefixMatch == nil
            {
                prefixMatch = candidate
            }
            if abs(lowered.count - target.count) > limit { continue }
            let distance = editDistance(target, lowered, limit: limit)
            // A distance as long as the name itself is a different word, not a typo (`z` is not a typo of `x`).
            if distance <= limit, distance < min(target.count, lowered.count), best == nil || distance < best!.1 {
                best = (candidate, distance)
            }
        }
        return best?.0 ?? prefixMatch
    }

    /// Damerau–Levenshtein (optimal string alignment) distance, cut short past `limit`.
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
