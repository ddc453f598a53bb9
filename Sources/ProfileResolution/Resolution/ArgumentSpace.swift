import ProfileModel
import ProfilePlatform
import ProfileRuntime

/// The room `execve` gives a program's argv and environment together (`ARG_MAX`), counted as the kernel counts it, so
/// that `run` refuses a launch that cannot fit with a message naming what takes the room, before anything starts,
/// instead of an `E2BIG` ("Argument list too long") from the kernel. The per-string rule
/// (``Interpolator/maximumLength``, Linux's `MAX_ARG_STRLEN`) bounds each text the profile makes; this bounds them all,
/// with the inherited environment and the typed command.
///
/// - Linux (`fs/exec.c`): `bprm_stack_limits()` allows a quarter of the stack's soft limit (`RLIMIT_STACK`), at most
///   3/4 of `_STK_LIM` (6 MiB) and at least `ARG_MAX` (32 pages, 128 KiB), minus one pointer per argument and variable
///   (`(max(argc, 1) + envc) * sizeof(void *)`); `copy_strings()` and `copy_string_kernel()` then charge every string
///   with its final NUL: the executable's path, each variable (`NAME=value`) and each argument. glibc's
///   `sysconf(_SC_ARG_MAX)` gives the quarter of the stack limit, at least 128 KiB, without the 6 MiB cap.
/// - Darwin (xnu `bsd/kern/kern_exec.c`, `exec_extract_strings()`): `NCARGS` bytes (`ARG_MAX`, 1 MiB on macOS:
///   `bsd/sys/syslimits.h`, `bsd/sys/param.h`; `kern.argmax` is that constant, read-only) hold each argument and
///   variable with its NUL (`exec_add_user_string()`), a pointer for each and one to end each list, and the padding
///   that aligns the end of the strings to a pointer. The executable's path is not charged (`exec_save_path()` takes
///   it from the separate page above `NCARGS`).
package struct ArgumentSpace: Sendable {
    /// How a kernel charges a launch.
    package enum Kernel: Sendable {
        case linux
        case darwin
    }

    /// Whose rules count.
    package var kernel: Kernel
    /// The bytes a launch may take.
    package var limit: Int

    package init(kernel: Kernel, limit: Int) {
        self.kernel = kernel
        self.limit = limit
    }

    /// Linux's floor: `ARG_MAX` in `include/uapi/linux/limits.h`, 32 pages of 4 KiB.
    static let linuxFloor = 131_072
    /// Linux's ceiling: 3/4 of `_STK_LIM` (8 MiB, `include/uapi/linux/resource.h`).
    static let linuxCeiling = 6_291_456
    /// macOS's `ARG_MAX` (`<sys/syslimits.h>`: `1024 * 1024` when building for macOS).
    static let darwinLimit = 1_048_576

    /// This system's room, read once (the stack limit a launch inherits is this process's).
    package static let current: ArgumentSpace = {
        #if canImport(Darwin)
        return ArgumentSpace(kernel: .darwin, limit: darwinLimit)
        #else
        let quarter = ArgumentMax.reported()
        return ArgumentSpace(kernel: .linux, limit: max(linuxFloor, min(quarter, linuxCeiling)))
        #endif
    }()

    /// The bytes `execve(path, argv, environment)` takes of ``limit``, for a path of `pathLength` bytes.
    package func bytes(pathLength: Int, argv: [String], environment: EnvironmentTable) -> Int {
        var strings = 0
        for argument in argv { strings += argument.utf8.count + 1 }
        for index in environment.names.indices {
            strings += environment.names[index].utf8.count + environment.values[index].utf8.count + 2
        }
        switch kernel {
        case .linux:
            return pathLength + 1 + strings + 8 * (max(argv.count, 1) + environment.count)
        case .darwin:
            return (strings + 7) / 8 * 8 + 8 * (argv.count + 1 + environment.count + 1)
        }
    }

    /// Why `profile` cannot be launched as `argv` (the command as typed, `command`, with the profile's arguments) with
    /// `environment` (``ResolvedProfile/childEnvironment``), or nil when it fits. `path` is the file `execve` gets,
    /// nil for a `PATH` search, which is made only when the longest candidate path would not fit.
    package func problem(
        _ profile: ResolvedProfile, command: [String], argv: [String], environment: EnvironmentTable,
        path: String? = nil
    ) -> Diagnostic? {
        let pathLength: Int
        if let path {
            pathLength = path.utf8.count
        } else if kernel == .darwin || command[0].contains("/") {
            pathLength = command[0].utf8.count
        } else {
            // The longest the search can make it; the path found, only when that does not fit.
            let longest =
                (environment["PATH"] ?? Launcher.defaultSearchPath).split(
                    separator: ":", omittingEmptySubsequences: false
                ).map { $0.utf8.count + 1 }.max() ?? 0
            guard bytes(pathLength: longest + command[0].utf8.count, argv: argv, environment: environment) > limit,
                case .success(let found) = Launcher.lookup(command[0], environment: environment)
            else { return nil }
            pathLength = found.utf8.count
        }
        let total = bytes(pathLength: pathLength, argv: argv, environment: environment)
        guard total > limit else { return nil }
        return Diagnostic.error(
            description(profile, total: total, command: command, argv: argv, environment: environment))
    }

    /// What takes the room, largest first: the inherited environment, the profile's variables, its payload, the
    /// command as typed and the profile's arguments (each with its count, its bytes and its largest entry).
    private func description(
        _ profile: ResolvedProfile, total: Int, command: [String], argv: [String], environment: EnvironmentTable
    ) -> String {
        struct Part {
            var what: String
            var unit: String
            var count = 0
            var bytes = 0
            var largest: (name: String, bytes: Int)?

            mutating func add(_ name: String, _ bytes: Int) {
                count += 1
                self.bytes += bytes
                if bytes > largest?.bytes ?? -1 { largest = (name, bytes) }
            }
        }
        var inherited = Part(what: "the inherited environment", unit: "variable")
        var own = Part(what: "the profile's environment", unit: "variable")
        var payload = Part(what: "the profile's payload", unit: "variable")
        let setByProfile = Set(profile.launchChanges(payload: "").map(\.name))
        let payloadName = WireFormat.environmentVariable
        for index in environment.names.indices {
            let name = environment.names[index]
            let bytes = name.utf8.count + environment.values[index].utf8.count + 2
            if name == payloadName || name == (profile.delivery.prefix ?? "") + payloadName {
                payload.add(name, bytes)
            } else if setByProfile.contains(name) {
                own.add(name, bytes)
            } else {
                inherited.add(name, bytes)
            }
        }
        var typed = Part(what: "the command as typed", unit: "argument")
        for (index, argument) in command.enumerated() { typed.add("its argument \(index)", argument.utf8.count + 1) }
        // What argv holds beyond the command as typed: the profile's arguments (and a `--` before them, for a tool).
        var arguments = Part(what: "the profile's arguments", unit: "argument")
        if argv.count > command.count {
            for (index, argument) in profile.arguments.enumerated() {
                arguments.add("its argument \(index + 1)", argument.value.utf8.count + 1)
            }
            arguments.count = argv.count - command.count
            arguments.bytes = argv.reduce(0) { $0 + $1.utf8.count + 1 } - typed.bytes
        }
        let parts = [inherited, own, payload, typed, arguments].filter { $0.count > 0 }.sorted { $0.bytes > $1.bytes }
        let shown = parts.map { part -> String in
            var text = "\(part.what) \(part.bytes) bytes in \(part.count) \(part.unit)\(part.count == 1 ? "" : "s")"
            if part.count > 1, let largest = part.largest {
                let name = part.unit == "variable" ? "`\(largest.name)`" : largest.name
                text += " (the largest: \(name), \(largest.bytes))"
            }
            return text
        }
        let counted =
            kernel == .linux
            ? "each string with its final NUL byte, the path of the command and a pointer for each string"
            : "each string with its final NUL byte, a pointer for each and one to end each list"
        return
            "cannot run `\(command[0])` with `\(profile.activeName)`: its arguments and environment together would take \(total) bytes, more than "
            + "the \(limit) this system allows (ARG_MAX; counting \(counted)); "
            + shown.joined(separator: ", ") + "; nothing was launched"
    }
}
