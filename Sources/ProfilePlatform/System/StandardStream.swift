#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output and standard error, written without Foundation.
package enum StandardStream: Sendable {
    /// File descriptor 1.
    case output
    /// File descriptor 2.
    case error

    var descriptor: Int32 {
        switch self {
        case .output: return 1
        case .error: return 2
        }
    }

    /// Writes all of `text` (retrying after signals and partial writes); gives up silently when the stream is
    /// closed, as a pipe whose reader left is.
    package func write(_ text: String) {
        var text = text
        _ = text.withUTF8 { Glue.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
    }

    /// Whether the stream is a terminal (`isatty`).
    package var isTerminal: Bool { isatty(descriptor) == 1 }
}
