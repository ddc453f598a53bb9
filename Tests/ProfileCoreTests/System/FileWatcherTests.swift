import Testing

@testable import ProfilePlatform

@Suite struct FileWatcherTests {
    /// Darwin's `dev_t` is a signed 32-bit integer: a device number with its high bit set is negative there, and the
    /// signature takes it by bit pattern instead of trapping (`UInt64(Int32(-1))` does). Distinct numbers stay distinct.
    @Test func aNegativeDeviceNumberIsTakenByBitPattern() {
        let numbers: [Int32] = [.min, -2, -1, 0, 1, .max]
        let converted = numbers.map { FileWatcher.Signature.number($0) }
        #expect(converted == [0xFFFF_FFFF_8000_0000, 0xFFFF_FFFF_FFFF_FFFE, .max, 0, 1, 0x7FFF_FFFF])
        #expect(Set(converted).count == numbers.count)
        #expect(FileWatcher.Signature.number(UInt64.max) == .max)
    }
}
