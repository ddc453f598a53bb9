#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An environment as a process sees it: names in their original order, and their values.
///
/// Setting a name keeps its place; a new name goes to the end. Removing a name removes it, as `unset` does.
public struct EnvironmentTable: Sendable, Equatable {
    private(set) var names: [String] = []
    private(set) var values: [String: String] = [:]

    /// An empty environment.
    public init() {}

    /// An environment with these variables, in this order.
    public init(_ pairs: [(String, String)]) {
        for (name, value) in pairs { self[name] = value }
    }

    /// The environment of this process (`environ`).
    public static func current() -> EnvironmentTable {
        var table = EnvironmentTable()
        #if canImport(Darwin)
        let start: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = _NSGetEnviron().pointee
        #else
        let start: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        #endif
        guard var pointer = start else { return table }
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(text[..<equals])
                if table.values[name] == nil {
                    table.names.append(name)
                    table.values[name] = String(text[text.index(after: equals)...])
                }
            }
            pointer += 1
        }
        return table
    }

    /// The value of a variable, nil when it is unset. Setting nil unsets it.
    public subscript(name: String) -> String? {
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
    public var pairs: [(name: String, value: String)] { names.map { ($0, values[$0]!) } }

    /// The number of variables.
    public var count: Int { names.count }

    /// As a dictionary.
    public var dictionary: [String: String] { values }

    public static func == (lhs: EnvironmentTable, rhs: EnvironmentTable) -> Bool { lhs.values == rhs.values }
}
