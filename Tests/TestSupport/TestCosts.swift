import Foundation

#if canImport(Testing)
import Testing
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the tests' children cost, for the summary of a run (`Scripts/test-summary.py --costs`): with
/// `PROFILE_TEST_COSTS` set to a file (`.ci/run` sets it), every child the tests wait for through
/// ``Subprocess/reap(_:_:test:)`` appends one line to it: the CPU it used (user and system, its own waited-for
/// children included, from `wait4`), the time it took on the clock, the test that ran it and the program; so does each
/// run of a ``PythonServer`` (the CPU the interpreter used meanwhile, on Linux).
///
/// CPU is what a test costs the machine whatever runs beside it: Swift Testing's own durations count the time a test
/// waits for a thread while the other tests run (two at a time on two cores), so they rank tests by where they fell
/// in the run. The test process's own CPU is not in the file.
package enum TestCosts {
    /// The file named by `PROFILE_TEST_COSTS`, open for appending; nil without it. Opening it also arranges for the
    /// test process's own line when it exits (``recordTheTestProcess()``).
    private static let descriptor: Int32? = {
        guard let path = ProcessInfo.processInfo.environment["PROFILE_TEST_COSTS"], !path.isEmpty else { return nil }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
        _ = started
        atexit { TestCosts.recordTheTestProcess() }
        return descriptor
    }()

    /// What the test process's own line says instead of a test: the CPU the tests used in it, which no child's line
    /// holds (code tested in process, and what the tests do around their children).
    package static let testProcess = "(the test process)"

    /// Appends the test process's own CPU (user and system, its children not included), once, as it exits; where
    /// ``cpu(of:)`` tells it (Linux).
    private static func recordTheTestProcess() {
        guard let cpu = cpu(of: getpid()) else { return }
        record(
            executable: CommandLine.arguments.first ?? "xctest", test: testProcess, cpu: cpu,
            wall: ContinuousClock.now - started)
    }

    /// When the costs file was opened: about when the tests began.
    private static let started = ContinuousClock.now

    /// The running test, as `Module.Suite/test()` (the suites nested as Swift names them), or `(no test)`.
    package static var currentTest: String {
        #if canImport(Testing)
        if let test = Test.current {
            let components = test.id.nameComponents
            let suite = components.dropLast().joined(separator: ".")
            return "\(test.id.moduleName).\(suite)/\(components.last ?? test.name)"
        }
        #endif
        return "(no test)"
    }

    /// Appends the line of a child of `test` that used `usage` and took `wall`.
    package static func record(executable: String, test: String, usage: rusage, wall: Duration) {
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        record(executable: executable, test: test, cpu: seconds(usage.ru_utime) + seconds(usage.ru_stime), wall: wall)
    }

    /// Appends the line of a child of `test` that used `cpu` seconds and took `wall` (one `write` of a line: lines of
    /// concurrent tests do not mix).
    package static func record(executable: String, test: String, cpu: Double, wall: Duration) {
        guard let descriptor else { return }
        let clock = Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18
        let program = (executable as NSString).lastPathComponent
        let line = String(format: "%.4f\t%.4f\t", cpu, clock) + "\(test)\t\(program)\n"
        let bytes = Array(line.utf8)
        _ = bytes.withUnsafeBytes { buffer in
            #if canImport(Glibc)
            Glibc.write(descriptor, buffer.baseAddress, buffer.count)
            #else
            Darwin.write(descriptor, buffer.baseAddress, buffer.count)
            #endif
        }
    }

    /// The CPU a running process has used so far (user and system, its reaped children not included), where the
    /// system tells it cheaply: Linux's `/proc/PID/stat` (fields 14 and 15, in clock ticks); nil elsewhere.
    package static func cpu(of pid: pid_t) -> Double? {
        #if os(Linux)
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // After the command's closing parenthesis: field 3 (the state) onwards.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
        #else
        return nil
        #endif
    }
}
