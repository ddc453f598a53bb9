#if canImport(Darwin)
import Darwin

// The environment block on Apple platforms (macOS, iOS and its Simulator, Mac Catalyst, tvOS, watchOS, visionOS).
// Apple's SDK headers do not declare `environ` (POSIX leaves it to the program); `<crt_externs.h>` declares
// `extern char ***_NSGetEnviron(void);`, and Apple's own packages read the block through it: swift-subprocess 1.0.2
// `Sources/_SubprocessCShims/process_shims.c:54-55` (`#include <crt_externs.h>`) and `:1339-1341`
// (`return *_NSGetEnviron();`), swift-foundation `Sources/_FoundationCShims/platform_shims.c:15-16, 43-44` (the same),
// swift-testing `Sources/Testing/Support/Environment.swift:103-104` (`_NSGetEnviron()?.pointee`, its C module
// including `<crt_externs.h>` at `Sources/_TestingInternals/include/Includes.h:114-115`). This module has no C module
// to include the header from (it has no dependencies at all), so it names the C symbol itself, as the Swift project's
// own test does on every Apple platform it runs on (swiftlang/swift
// `test/Interpreter/SDK/archiving_generic_swift_class.swift:37-42`: `@_silgen_name("_NSGetEnviron")`, "environ should
// be in the Darwin overlay too"). The header gives no nullability: every level is optional here, read as
// swift-testing reads it (`?.pointee`). A declaration of this module shadows one the Darwin module may also export,
// so the call below means this one either way.
@_silgen_name("_NSGetEnviron")
private func _NSGetEnviron() -> UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
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
///
/// Thread safety: the runtime never writes the environment. A variable is read with `getenv` and copied at once, as
/// swift-nio (`Sources/NIOCore/GlobalSingletons.swift:190`), swift-argument-parser
/// (`Sources/ArgumentParser/Utilities/Platform.swift:65`) and swift-testing off Apple platforms
/// (`Sources/Testing/Support/Environment.swift:197`) read theirs; the block is walked without a lock, as swift-subprocess
/// and swift-foundation do when `<libc_private.h>` (`environ_lock_np`) is not available
/// (`process_shims.c:1325-1337`, `platform_shims.c:28-39`: their lock is a no-op then). An app that calls `setenv` on
/// one thread while another reads is racing with libc itself (POSIX does not make `getenv` safe against `setenv`).
package enum ProcessEnvironment: Sendable {
    /// The live process environment, read with `getenv` when a key is looked up.
    case process
    /// A fixed set of variables.
    case fixed([String: String])

    /// The value of the variable `name`, if set. A name no environment variable can have (empty, or holding `=` or a
    /// NUL byte) is never set: `getenv` would otherwise look up a different variable (`A` for `A\0B`, or `A` with
    /// its value's start for `A=B`).
    func value(_ name: String) -> String? {
        guard Self.isVariableName(name) else { return nil }
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
    /// A prefix holding `=` or a NUL byte matches no name.
    func containsName(withPrefix prefix: String) -> Bool {
        switch self {
        case .fixed(let variables):
            return variables.keys.contains { Self.isVariableName($0) && $0.utf8.starts(with: prefix.utf8) }
        case .process:
            #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
            guard let table = Self.table else { return false }
            return Self.containsName(withPrefix: prefix, in: table)
            #else
            return false
            #endif
        }
    }

    /// Whether `name` can be an environment variable's name: not empty, without `=` and without a NUL byte.
    package static func isVariableName(_ name: String) -> Bool {
        !name.isEmpty && !name.utf8.contains(where: { $0 == UInt8(ascii: "=") || $0 == 0 })
    }

    /// Whether a name in `table` (an `environ`-shaped, NULL-terminated array of `NAME=value` C strings) starts with
    /// `prefix`. Each entry is measured before it is compared, so a prefix longer than an entry, or holding a NUL,
    /// never reads past the entry's terminator.
    static func containsName(
        withPrefix prefix: String, in table: UnsafePointer<UnsafeMutablePointer<CChar>?>
    ) -> Bool {
        let prefixBytes = Array(prefix.utf8)
        var found = false
        forEachEntry(in: table) { name, _ in
            found = name.count >= prefixBytes.count && name.starts(with: prefixBytes)
            return !found
        }
        return found
    }

    #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
    /// This process's `environ`.
    @usableFromInline static var table: UnsafePointer<UnsafeMutablePointer<CChar>?>? {
        #if canImport(Darwin)
        let table: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = _NSGetEnviron()?.pointee
        #else
        let table: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        #endif
        return table.map { UnsafePointer($0) }
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
        guard let table else { return }
        forEachEntry(in: table, body)
        #endif
    }

    /// ``forEachEntry(_:)`` over `table`, an `environ`-shaped, NULL-terminated array of C strings.
    @usableFromInline static func forEachEntry(
        in table: UnsafePointer<UnsafeMutablePointer<CChar>?>,
        _ body: (_ name: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>) -> Bool
    ) {
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
        var index = 0
        while let entry = table[index] {
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
