import ProfileRuntime

/// The argument list being built while a chain of profiles is applied: items (single arguments or groups) in
/// the author's order, which later profiles append to, drop from or replace in place.
struct ArgumentList {
    private(set) var items: [[Located<String>]] = []

    /// Applies one operation; returns a diagnostic when a drop or replace matched nothing inherited.
    mutating func apply(_ operation: ArgumentOperation) -> Diagnostic? {
        switch operation {
        case .append(let group):
            items.append(group)
            return nil
        case .drop(let target):
            let before = items.count
            items.removeAll { $0.first?.value == target.value }
            return items.count == before ? unmatched("drop", target) : nil
        case .replace(let target, let replacement):
            var matched = false
            var result: [[Located<String>]] = []
            for item in items {
                if item.first?.value == target.value {
                    if !matched { result.append(replacement) }
                    matched = true
                } else {
                    result.append(item)
                }
            }
            items = result
            return matched ? nil : unmatched("replace", target)
        }
    }

    private func unmatched(_ verb: String, _ target: Located<String>) -> Diagnostic {
        let firsts = items.compactMap { $0.first?.value }
        let inherited =
            firsts.isEmpty ? "nothing is inherited" : "inherited: " + firsts.map { "`\($0)`" }.joined(separator: ", ")
        return .error(
            "nothing to \(verb): no inherited argument starts with `\(target.value)` (\(inherited))",
            at: target.location, length: target.length, suggestion: NearMiss.suggestion(for: target.value, in: firsts))
    }
}
