import ProfileRuntime

/// An environment as a process sees it: names in their original order, and their values.
///
/// Setting a name keeps its place; a new name goes to the end. Removing a name removes it, as `unset` does.
package struct EnvironmentTable: Sendable, Equatable {
    private(set) var names: [String] = []
    private(set) var values: [String: String] = [:]

    /// An empty environment.
    package init() {}

    /// An environment with these variables, in this order.
    package init(_ pairs: [(String, String)]) {
        for (name, value) in pairs { self[name] = value }
    }

    /// The environment of this process (`environ`).
    package static func current() -> EnvironmentTable {
        var table = EnvironmentTable()
        let count = ProcessEnvironment.entryCount
        table.names.reserveCapacity(count)
        table.values.reserveCapacity(count)
        // A repeated name keeps its first value (as `getenv` does).
        ProcessEnvironment.forEachEntry { name, value in
            let name = String(decoding: name, as: UTF8.self)
            guard table.values[name] == nil else { return true }
            table.names.append(name)
            table.values[name] = String(decoding: value, as: UTF8.self)
            return true
        }
        return table
    }

    /// The value of a variable, nil when it is unset. Setting nil unsets it.
    package subscript(name: String) -> String? {
        get { values[name] }
        set {
            if let newValue {
                if values.updateValue(newValue, forKey: name) == nil { names.append(name) }
            } else if values.removeValue(forKey: name) != nil {
                names.removeAll { $0 == name }
            }
        }
    }

    /// The variables in order.
    package var pairs: [(name: String, value: String)] { names.map { ($0, values[$0]!) } }

    /// The number of variables.
    package var count: Int { names.count }

    /// As a dictionary.
    package var dictionary: [String: String] { values }

    package static func == (lhs: EnvironmentTable, rhs: EnvironmentTable) -> Bool { lhs.values == rhs.values }
}
