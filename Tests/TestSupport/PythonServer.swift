import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One python3 that runs Python scripts as many times as the tests ask, each run as `python3 SCRIPT ARGUMENTS...`
/// would (the script as `__main__`, `sys.argv`, its standard input given, its output and exit status captured): the
/// interpreter and the modules the scripts import (`jsonschema`, `json5`) start once per test run, not once per
/// check, which took a third of a second of CPU each time. Runs are one at a time (a lock); the scripts keep no state
/// between runs beyond the modules they import.
package final class PythonServer: @unchecked Sendable {
    /// What runs each request: reads one JSON object a line, `{"arguments": [SCRIPT, ...], "stdin": TEXT}`, and
    /// answers one line, `{"status": N, "stdout": TEXT, "stderr": TEXT}` (ASCII: JSON escapes).
    static let loop = """
        import contextlib, io, json, runpy, sys, traceback
        requests, answers = sys.stdin.buffer, sys.stdout
        for line in requests:
            request = json.loads(line)
            out, err, status = io.StringIO(), io.StringIO(), 0
            sys.argv, sys.stdin = list(request["arguments"]), io.StringIO(request["stdin"])
            try:
                with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                    runpy.run_path(sys.argv[0], run_name="__main__")
            except SystemExit as end:
                if end.code is None or isinstance(end.code, int):
                    status = end.code or 0
                else:
                    err.write(f"{end.code}\\n")
                    status = 1
            except BaseException:
                err.write(traceback.format_exc())
                status = 1
            answers.write(json.dumps({"status": status, "stdout": out.getvalue(), "stderr": err.getvalue()}) + "\\n")
            answers.flush()

        """

    /// The reasons a run fails (the test fails with it): the interpreter ended, or answered what it should not.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    private let lock = NSLock()
    private let socket: Int32
    private let pid: pid_t
    private let errors: TemporaryDirectory
    private var pending: [UInt8] = []

    /// Starts `python` (an interpreter's path) with `environment`; its own errors go to a file, shown in a failure.
    package init(python: String, environment: [String: String]) throws {
        var ends: [Int32] = [-1, -1]
        #if canImport(Glibc)
        let stream = Int32(SOCK_STREAM.rawValue)
        #else
        let stream = SOCK_STREAM
        #endif
        guard socketpair(AF_UNIX, stream, 0, &ends) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        #if canImport(Darwin)
        // No SIGPIPE for a write to a server that ended, as swift-nio sets on Darwin (F_SETNOSIGPIPE:
        // Sources/NIOPosix/SocketProtocols.swift, 2.101.3, line 113); Linux's `send` takes MSG_NOSIGNAL instead.
        _ = fcntl(ends[0], F_SETNOSIGPIPE, 1)
        #endif
        errors = try TemporaryDirectory(prefix: "python-server")
        var env = environment
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        do {
            pid = try Subprocess.spawn(
                python, ["-c", Self.loop], in: nil, environment: env,
                streams: [.duplicate(ends[1]), .duplicate(ends[1]), .open(errors.path("stderr"), O_WRONLY | O_CREAT)])
        } catch {
            close(ends[0])
            close(ends[1])
            throw error
        }
        close(ends[1])
        socket = ends[0]
    }

    deinit {
        close(socket)
        _ = Subprocess.reap(pid, "python3")
    }

    /// Runs `arguments` (a script's path first) with `stdin` as its standard input, as `python3 arguments...` would.
    package func run(_ arguments: [String], stdin: String = "") throws -> ProcessResult {
        let request = try JSONSerialization.data(withJSONObject: ["arguments": arguments, "stdin": stdin])
        lock.lock()
        defer { lock.unlock() }
        // What the run cost goes to the running test, as a child's would (``TestCosts``).
        let started = ContinuousClock.now
        let before = TestCosts.cpu(of: pid)
        try send(Array(request) + [UInt8(ascii: "\n")])
        let line = try receiveLine()
        if let before, let after = TestCosts.cpu(of: pid) {
            TestCosts.record(
                executable: "python3 " + ((arguments.first ?? "") as NSString).lastPathComponent,
                test: TestCosts.currentTest, cpu: after - before, wall: ContinuousClock.now - started)
        }
        guard let answer = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
            let status = answer["status"] as? Int, let stdout = answer["stdout"] as? String,
            let stderr = answer["stderr"] as? String
        else { throw Failure(description: "python3 answered: \(String(decoding: line, as: UTF8.self))") }
        return ProcessResult(status: Int32(status), stdout: stdout, stderr: stderr, pid: pid)
    }

    private func ended() -> Failure {
        let errors = (try? String(contentsOfFile: errors.path("stderr"), encoding: .utf8)) ?? ""
        return Failure(description: "python3 ended: \(errors)")
    }

    private func send(_ bytes: [UInt8]) throws {
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Self.send(socket, $0.baseAddress, $0.count, flags) }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { throw ended() }
            offset += sent
        }
    }

    private static func send(_ socket: Int32, _ bytes: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
        #if canImport(Glibc)
        Glibc.send(socket, bytes, count, flags)
        #else
        Darwin.send(socket, bytes, count, flags)
        #endif
    }

    private func receiveLine() throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                return line
            }
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw ended() }
            pending += buffer[..<count]
        }
    }
}
