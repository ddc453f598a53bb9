#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
import MachO.dyld
#endif

/// Replaces the current process with a command, looking it up in `PATH` the way `env` and `execvp` do.
package enum Launcher {
    /// Why a command could not be started, with the exit status `env` uses for it.
    package struct Failure: Error, Sendable {
        /// The command as given.
        package var command: String
        /// The errno of the failed exec.
        package var code: Int32

        package init(command: String, code: Int32) {
            self.command = command
            self.code = code
        }
        /// `ExitStatus.notFound` (127) when the command was not found, `ExitStatus.cannotExecute` (126) when it was
        /// found but could not be run.
        package var exitStatus: Int32 {
            code == ENOENT || code == ENOTDIR ? ExitStatus.notFound : ExitStatus.cannotExecute
        }
        /// `cannot run `x`: No such file or directory`.
        package var message: String {
            "cannot run `\(command)`: \(FileSystem.errorString(code))"
                + (code == ENOENT && !command.contains("/") ? " (not found in PATH)" : "")
        }
    }

    /// The search path used when the environment has no `PATH`, as `execvp` uses.
    package static let defaultSearchPath = "/usr/local/bin:/usr/bin:/bin"

    /// Executes `arguments[0]` with `arguments` as its argv and exactly `environment` as its environment. Only
    /// returns on failure. The command is searched in the `PATH` of `environment`, like `env NAME=VALUE cmd`.
    package static func exec(arguments: [String], environment: EnvironmentTable) -> Failure {
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

    /// Executes the file at `path` (found already: ``lookup(_:environment:)``) with `arguments` as its argv and
    /// exactly `environment`, falling back to `/bin/sh` for a script without `#!` as `exec(arguments:environment:)`
    /// does. Only returns on failure.
    package static func exec(path: String, arguments: [String], environment: EnvironmentTable) -> Failure {
        execute(path, CStringArray(arguments), CStringArray(environment: environment), arguments: arguments)
        return Failure(command: arguments.first ?? path, code: errno)
    }

    /// The path of this process's own executable, for starting it again (nil when the system does not say). Linux:
    /// `/proc/self/exe`, which `execve` takes as it is. Darwin: `_NSGetExecutablePath` (<mach-o/dyld.h>; 0 and the
    /// path when the buffer is large enough, else -1 and the size it needs in `bufsize`), as swift-foundation's
    /// `Platform.getFullExecutablePath` calls it (`import MachO.dyld`).
    package static func ownExecutable() -> String? {
        #if canImport(Darwin)
        var size: UInt32 = 1024
        var buffer = [CChar](repeating: 0, count: Int(size))
        if _NSGetExecutablePath(&buffer, &size) != 0 {
            buffer = [CChar](repeating: 0, count: Int(size))
            guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        #else
        return "/proc/self/exe"
        #endif
    }

    /// The file `exec(arguments:environment:)` would execute for `command`, found the way it searches: a command
    /// holding `/` is taken as it is; otherwise the first file of that name in the `PATH` of `environment` that is a
    /// regular file this process may execute (a directory or a file without execute permission is skipped, and is
    /// the reason given, 126, when nothing else is found). For `run --dry-run` and `run --each`, which must say the
    /// same as `run`.
    package static func lookup(_ command: String, environment: EnvironmentTable) -> Result<String, Failure> {
        if command.isEmpty { return .failure(Failure(command: command, code: ENOENT)) }
        if command.contains("/") {
            switch check(command) {
            case 0: return .success(command)
            case let code: return .failure(Failure(command: command, code: code))
            }
        }
        let searchPath = environment["PATH"] ?? defaultSearchPath
        var sawAccessError = false
        for directory in searchPath.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = directory.isEmpty ? command : "\(directory)/\(command)"
            switch check(candidate) {
            case 0: return .success(candidate)
            case EACCES: sawAccessError = true
            default: continue
            }
        }
        return .failure(Failure(command: command, code: sawAccessError ? EACCES : ENOENT))
    }

    /// 0 when `path` is a regular file this process may execute, else the errno execve would give (ENOENT when it
    /// does not exist, EACCES for a directory or a file without execute permission).
    private static func check(_ path: String) -> Int32 {
        var info = stat()
        guard stat(path, &info) == 0 else { return errno }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return EACCES }
        return access(path, X_OK) == 0 ? 0 : errno
    }

    /// execve, falling back to `/bin/sh` for a script without a `#!` line (ENOEXEC), as execvp does.
    private static func execute(_ path: String, _ argv: CStringArray, _ envp: CStringArray, arguments: [String]) {
        errno = fallingBackToShell(path, arguments: arguments, argv: argv) { path, argv in
            execve(path, argv.pointer, envp.pointer)
            return errno
        }
    }

    /// `start(path, argv)` (an exec or a spawn: 0 or an errno), then, for a script without a `#!` line (ENOEXEC), the
    /// same with `/bin/sh PATH ARGS…`, as `execvp` does; ENOEXEC when that fails too. `argv` is `arguments`, made.
    package static func fallingBackToShell(
        _ path: String, arguments: [String], argv: CStringArray? = nil, _ start: (String, CStringArray) -> Int32
    ) -> Int32 {
        let code = start(path, argv ?? CStringArray(arguments))
        guard code == ENOEXEC else { return code }
        return start("/bin/sh", CStringArray(["/bin/sh", path] + arguments.dropFirst())) == 0 ? 0 : ENOEXEC
    }
}

/// A NULL-terminated `char *[]` that lives as long as the value. Its strings are copied byte for byte into one
/// allocation (no intermediate C strings, one `malloc` rather than one per string: this is the launch path).
package final class CStringArray {
    package let pointer: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    /// The one allocation holding every string.
    private let block: UnsafeMutableRawPointer

    init(_ strings: [String]) {
        pointer = .allocate(capacity: strings.count + 1)
        var size = 0
        for string in strings { size += string.utf8.count + 1 }
        block = malloc(max(1, size))!
        var offset = 0
        for (index, string) in strings.enumerated() {
            pointer[index] = Self.copy(string, nil, to: block, at: &offset)
        }
        pointer[strings.count] = nil
    }

    /// `NAME=value` for every variable of `environment`, in order.
    package init(environment: EnvironmentTable) {
        let names = environment.names
        let values = environment.values
        pointer = .allocate(capacity: names.count + 1)
        var size = 0
        for index in names.indices { size += names[index].utf8.count + values[index].utf8.count + 2 }
        block = malloc(max(1, size))!
        var offset = 0
        for index in names.indices {
            pointer[index] = Self.copy(names[index], values[index], to: block, at: &offset)
        }
        pointer[names.count] = nil
    }

    /// Copies `first` (then `=` and `second`, if given) and a NUL into `block` at `offset`, which it advances.
    private static func copy(
        _ first: String, _ second: String?, to block: UnsafeMutableRawPointer, at offset: inout Int
    ) -> UnsafeMutablePointer<CChar> {
        let entry = block + offset
        var first = first
        first.withUTF8 { bytes in
            if let base = bytes.baseAddress { entry.copyMemory(from: base, byteCount: bytes.count) }
            offset += bytes.count
        }
        if var second {
            block.storeBytes(of: UInt8(ascii: "="), toByteOffset: offset, as: UInt8.self)
            offset += 1
            second.withUTF8 { bytes in
                if let base = bytes.baseAddress { (block + offset).copyMemory(from: base, byteCount: bytes.count) }
                offset += bytes.count
            }
        }
        block.storeBytes(of: 0, toByteOffset: offset, as: UInt8.self)
        offset += 1
        return entry.assumingMemoryBound(to: CChar.self)
    }

    deinit {
        free(block)
        pointer.deallocate()
    }
}
