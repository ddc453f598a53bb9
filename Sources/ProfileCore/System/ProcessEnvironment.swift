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
        guard let start else { return table }
        var count = 0
        while start[count] != nil { count += 1 }
        table.names.reserveCapacity(count)
        table.values.reserveCapacity(count)
        for index in 0..<count {
            // `NAME=value`, split on the first `=` by bytes; an entry without `=` is skipped, a repeated name keeps
            // its first value (as `getenv` does).
            let entry = UnsafeRawPointer(start[index]!).assumingMemoryBound(to: UInt8.self)
            let length = strlen(start[index]!)
            guard let equals = memchr(entry, Int32(UInt8(ascii: "=")), length) else { continue }
            let nameLength = UnsafeRawPointer(equals) - UnsafeRawPointer(entry)
            let name = String(decoding: UnsafeBufferPointer(start: entry, count: nameLength), as: UTF8.self)
            guard table.values[name] == nil else { continue }
            table.names.append(name)
            table.values[name] = String(
                decoding: UnsafeBufferPointer(start: entry + nameLength + 1, count: length - nameLength - 1), as: UTF8.self)
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
