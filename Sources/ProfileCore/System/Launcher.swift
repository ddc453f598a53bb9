#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces the current process with a command, looking it up in `PATH` the way `env` and `execvp` do.
public enum Launcher {
    /// Why a command could not be started, with the exit status `env` uses for it.
    public struct Failure: Error, Sendable {
        /// The command as given.
        public var command: String
        /// The errno of the failed exec.
        public var code: Int32
        /// 127 when the command was not found, 126 when it was found but could not be run.
        public var exitStatus: Int32 { code == ENOENT || code == ENOTDIR ? 127 : 126 }
        /// `cannot run `x`: No such file or directory`.
        public var message: String {
            "cannot run `\(command)`: \(FileSystem.errorString(code))"
                + (code == ENOENT && !command.contains("/") ? " (not found in PATH)" : "")
        }
    }

    /// The search path used when the environment has no `PATH`, as `execvp` uses.
    public static let defaultSearchPath = "/usr/local/bin:/usr/bin:/bin"

    /// Executes `arguments[0]` with `arguments` as its argv and exactly `environment` as its environment. Only
    /// returns on failure. The command is searched in the `PATH` of `environment`, like `env NAME=VALUE cmd`.
    public static func exec(arguments: [String], environment: EnvironmentTable) -> Failure {
        let command = arguments[0]
        let argv = CStringArray(arguments)
        let envp = CStringArray(environment: environment)
        if command.contains("/") {
            execute(command, argv, envp, arguments: arguments)
            return Failure(command: command, code: errno)
        }
        if command.isEmpty { return Failure(command: command, code: ENOENT) }
        let searchPath = environment["PATH"] ?? defaultSearchPath
        var sawAccessError = false
        var lastError = ENOENT
        for directory in searchPath.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = directory.isEmpty ? command : "\(directory)/\(command)"
            execute(candidate, argv, envp, arguments: arguments)
            let code = errno
            switch code {
            case EACCES: sawAccessError = true
            case ENOENT, ENOTDIR, ESTALE, ETIMEDOUT, ENODEV, ELOOP, ENAMETOOLONG: break
            default:
                lastError = code
                return Failure(command: command, code: code)
            }
        }
        return Failure(command: command, code: sawAccessError ? EACCES : lastError)
    }

    /// execve, falling back to `/bin/sh` for a script without a `#!` line (ENOEXEC), as execvp does.
    private static func execute(_ path: String, _ argv: CStringArray, _ envp: CStringArray, arguments: [String]) {
        execve(path, argv.pointer, envp.pointer)
        if errno == ENOEXEC {
            let shell = CStringArray(["/bin/sh", path] + arguments.dropFirst())
            execve("/bin/sh", shell.pointer, envp.pointer)
            errno = ENOEXEC
        }
    }
}

/// A NULL-terminated `char *[]` that lives as long as the value.
final class CStringArray {
    let pointer: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    private let count: Int

    init(_ strings: [String]) {
        count = strings.count
        pointer = .allocate(capacity: strings.count + 1)
        for (index, string) in strings.enumerated() { pointer[index] = strdup(string) }
        pointer[strings.count] = nil
    }

    /// `NAME=value` for every variable of `environment`, in order (copied byte for byte, no intermediate strings).
    init(environment: EnvironmentTable) {
        let names = environment.names
        count = names.count
        pointer = .allocate(capacity: names.count + 1)
        for (index, name) in names.enumerated() {
            var name = name
            var value = environment.values[name]!
            pointer[index] = name.withUTF8 { name in
                value.withUTF8 { value in
                    let entry = malloc(name.count + value.count + 2)!.assumingMemoryBound(to: CChar.self)
                    let bytes = UnsafeMutableRawPointer(entry)
                    if let base = name.baseAddress { bytes.copyMemory(from: base, byteCount: name.count) }
                    bytes.storeBytes(of: UInt8(ascii: "="), toByteOffset: name.count, as: UInt8.self)
                    if let base = value.baseAddress { (bytes + name.count + 1).copyMemory(from: base, byteCount: value.count) }
                    bytes.storeBytes(of: 0, toByteOffset: name.count + value.count + 1, as: UInt8.self)
                    return entry
                }
            }
        }
        pointer[names.count] = nil
    }

    deinit {
        for index in 0..<count { free(pointer[index]) }
        pointer.deallocate()
    }
}
