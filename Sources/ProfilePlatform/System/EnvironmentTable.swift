import ProfileRuntime

/// An environment as a process sees it: names in their original order, and their values.
///
/// Setting a name keeps its place; a new name goes to the end. Removing a name removes it, as `unset` does.
package struct EnvironmentTable: Sendable, Equatable {
    /// The names in order, and their values at the same positions: listing the variables (for `execve`) looks
    /// nothing up.
    package private(set) var names: [String] = []
    package private(set) var values: [String] = []
    /// The position of each name.
    private var positions: [String: Int] = [:]

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
        // Room for what a launch adds (the profile's variables, the payload) without growing the table.
        table.positions.reserveCapacity(count + 16)
        // A repeated name keeps its first value (as `getenv` does). One hash per variable.
        ProcessEnvironment.forEachEntry { name, value in
            let name = String(decoding: name, as: UTF8.self)
            if let first = table.positions.updateValue(table.names.count, forKey: name) {
                table.positions[name] = first
                return true
            }
            table.names.append(name)
            table.values.append(String(decoding: value, as: UTF8.self))
            return true
        }
        return table
    }

    /// The value of a variable, nil when it is unset. Setting nil unsets it.
    package subscript(name: String) -> String? {
        get { positions[name].map { values[$0] } }
        set {
            if let newValue {
                if let position = positions.updateValue(names.count, forKey: name) {
                    positions[name] = position
                    values[position] = newValue
                } else {
                    names.append(name)
                    values.append(newValue)
                }
            } else if let position = positions.removeValue(forKey: name) {
                names.remove(at: position)
                values.remove(at: position)
                for index in position..<names.count { positions[names[index]] = index }
            }
        }
    }

    /// The variables in order.
    package var pairs: [(name: String, value: String)] { names.indices.map { (names[$0], values[$0]) } }

    /// The number of variables.
    package var count: Int { names.count }

    /// As a dictionary.
    package var dictionary: [String: String] {
        var result: [String: String] = [:]
        result.reserveCapacity(names.count)
        for index in names.indices { result[names[index]] = values[index] }
        return result
    }

    package static func == (lhs: EnvironmentTable, rhs: EnvironmentTable) -> Bool { lhs.dictionary == rhs.dictionary }
}
