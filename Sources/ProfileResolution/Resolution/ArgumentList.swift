import ProfileModel
import ProfileRuntime

/// The argument list being built while a chain of profiles is applied: items (single arguments or groups) in
/// the author's order, which later profiles append to, drop from or replace in place.
struct ArgumentList {
    private(set) var items: [[Located<String>]] = []
    /// Whether each item is enabled (`enabled: false` items are not applied by `run`; Xcode exports write them
    /// unchecked).
    private(set) var enabled: [Bool] = []

    /// Applies one operation; returns a diagnostic when a drop or replace matched nothing inherited.
    mutating func apply(_ operation: ArgumentOperation) -> Diagnostic? {
        switch operation {
        case .append(let group, let isEnabled):
            items.append(group)
            enabled.append(isEnabled)
            return nil
        case .drop(let target):
            let before = items.count
            var kept: [Bool] = []
            for (index, item) in items.enumerated() where item.first?.value != target.value {
                kept.append(enabled[index])
            }
            items.removeAll { $0.first?.value == target.value }
            enabled = kept
            return items.count == before ? unmatched("drop", target) : nil
        case .replace(let target, let replacement, let isEnabled):
            var matched = false
            var result: [[Located<String>]] = []
            var resultEnabled: [Bool] = []
            for (index, item) in items.enumerated() {
                if item.first?.value == target.value {
                    if !matched {
                        result.append(replacement)
                        resultEnabled.append(isEnabled)
                    }
                    matched = true
                } else {
                    result.append(item)
                    resultEnabled.append(enabled[index])
                }
            }
            items = result
            enabled = resultEnabled
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
