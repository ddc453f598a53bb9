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
/// copied whole) or a fixed dictionary (tests, UI-test runners). The one reader of `environ`, for the runtime and the
/// `profile` tool alike.
package enum ProcessEnvironment: Sendable {
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
            let prefixBytes = Array(prefix.utf8)
            var found = false
            Self.forEachEntry { name, _ in
                found = name.starts(with: prefixBytes)
                return !found
            }
            return found
        }
    }

    #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
    /// This process's environment table (`environ`), read anew each time (`setenv` may move it).
    @usableFromInline static var table: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        #if canImport(Darwin)
        _NSGetEnviron().pointee
        #else
        environ
        #endif
    }
    #endif

    /// The number of entries in this process's environment (`environ`), to reserve room before ``forEachEntry(_:)``.
    @inlinable package static var entryCount: Int {
        var count = 0
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
        guard let pointers = table else { return 0 }
        while pointers[count] != nil { count += 1 }
        #endif
        return count
    }

    /// Calls `body` with each `NAME=value` entry of this process's environment (`environ`), in order, split at its
    /// first `=` (an entry without one is skipped), until `body` returns false. Each entry is measured before it is
    /// compared, so no read goes past its terminating NUL.
    @inlinable package static func forEachEntry(
        _ body: (_ name: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>) -> Bool
    ) {
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
        guard let pointers = table else { return }
        var index = 0
        while let entry = pointers[index] {
            index += 1
            let bytes = UnsafeRawPointer(entry).assumingMemoryBound(to: UInt8.self)
            let length = strlen(entry)
            guard let equals = memchr(bytes, Int32(UInt8(ascii: "=")), length) else { continue }
            let nameLength = UnsafeRawPointer(equals) - UnsafeRawPointer(bytes)
            let name = UnsafeBufferPointer(start: bytes, count: nameLength)
            let value = UnsafeBufferPointer(start: bytes + nameLength + 1, count: length - nameLength - 1)
            if !body(name, value) { return }
        }
        #endif
    }
}
