import Foundation

/// ``PythonServer``s for one suite, as many as its tests ask at once: a run takes an idle one, or starts another when
/// every one is busy, and gives it back after. A test that needs python3 while another test's run is under way does not
/// wait for it: with a single server it waited in a lock, holding one of the cooperative pool's two threads idle while
/// python3 ran on the other core. At most as many servers start as tests ask at the same time (two on two cores, the
/// pool's width), each importing the suite's modules once.
package final class PythonServers: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [PythonServer] = []
    private let start: @Sendable () throws -> PythonServer

    /// Servers made by `start` when needed (``Tools/pythonServer()``).
    package init(_ start: @escaping @Sendable () throws -> PythonServer) {
        self.start = start
    }

    /// Runs `arguments` (a script's path first) with `stdin` as its standard input on an idle server, as
    /// ``PythonServer/run(_:stdin:)`` does; a server that cannot start throws its failure.
    package func run(_ arguments: [String], stdin: String = "") throws -> ProcessResult {
        lock.lock()
        let server = idle.popLast()
        lock.unlock()
        let chosen = try server ?? start()
        defer {
            lock.lock()
            idle.append(chosen)
            lock.unlock()
        }
        return try chosen.run(arguments, stdin: stdin)
    }
}
