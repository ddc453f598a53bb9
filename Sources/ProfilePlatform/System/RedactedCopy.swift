#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Copies a descriptor to another through a ``StreamRedactor`` until the input ends (`profile redact`): large reads
/// (1 MiB), one write per read.
package enum RedactedCopy {
    /// Copies `input` to `output`, redacted; returns false when reading failed (errno is kept).
    package static func copy(from input: Int32, to output: Int32, redactor: StreamRedactor) -> Bool {
        var redactor = redactor
        let size = 1 << 20
        var buffer = [UInt8](repeating: 0, count: size)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glue.read(input, $0.baseAddress!, size) }
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            if count == 0 {
                redactor.finish { _ = Glue.writeAll(output, $0) }
                return true
            }
            buffer.withUnsafeBytes {
                redactor.process(UnsafeRawBufferPointer(rebasing: $0[..<count])) { _ = Glue.writeAll(output, $0) }
            }
        }
    }
}
