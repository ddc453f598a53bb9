#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// Where plain environment variables come from: the process environment (read through libc on demand, never
/// copied whole) or a fixed dictionary (tests, UI-test runners).
enum ProcessEnvironment: Sendable {
    /// The live process environment, read with `getenv` when a key is looked up.
    case process
    /// A fixed set of variables.
    case fixed([String: String])

    /// The value of the variable `name`, if set.
    func value(_ name: String) -> String? {
        switch self {
        case .fixed(let variables):
            return variables[name]
        case .process:
            #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
            guard let pointer = getenv(name) else { return nil }
            return String(cString: pointer)
            #else
            return nil
            #endif
        }
    }

    /// Whether any variable name starts with `prefix` (used to tell whether a nested settings struct has values).
    func containsName(withPrefix prefix: String) -> Bool {
        switch self {
        case .fixed(let variables):
            return variables.keys.contains { $0.utf8.starts(with: prefix.utf8) }
        case .process:
            #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
            #if canImport(Darwin)
            let table: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = _NSGetEnviron().pointee
            #else
            let table: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
            #endif
            guard let pointers = table else { return false }
            let prefixBytes = Array(prefix.utf8)
            var index = 0
            while let entry = pointers[index] {
                var matched = true
                for offset in 0..<prefixBytes.count where UInt8(bitPattern: entry[offset]) != prefixBytes[offset] {
                    matched = false  // stops at the entry's NUL too: NUL never equals a prefix byte
                    break
                }
                if matched { return true }
                index += 1
            }
            return false
            #else
            return false
            #endif
        }
    }
}
