#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finding a byte in memory with the C library's `memchr` (vectorised; a Swift loop over the bytes is several times
/// slower where a whole profile set is scanned: completion over 5,000 files, the interpolation pre-check of every
/// text: Benchmarks/README.md).
package enum ByteSearch {
    /// The index of the first `byte` in `bytes[start...]`, or nil.
    @inline(__always)
    package static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        guard let base = bytes.baseAddress, start < bytes.count else { return nil }
        guard let found = memchr(base + start, Int32(byte), bytes.count - start) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// Whether `bytes` hold `byte`.
    @inline(__always)
    package static func contains(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        firstIndex(of: byte, in: bytes) != nil
    }
}
