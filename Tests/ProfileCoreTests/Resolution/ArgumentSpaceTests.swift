import Testing

@testable import ProfilePlatform
@testable import ProfileResolution

/// How each kernel charges a launch against `ARG_MAX` (the end-to-end test finds Linux's line with the kernel itself).
@Suite struct ArgumentSpaceTests {
    let argv = ["/bin/true", "-x"]
    let environment = EnvironmentTable([("A", "1"), ("PATH", "/usr/bin")])

    /// Linux (`fs/exec.c`): the path and every string with its NUL, and a pointer per string (at least one for argv),
    /// no terminators, no padding.
    @Test func linuxCountsThePathTheStringsAndAPointerEach() {
        let space = ArgumentSpace(kernel: .linux, limit: 131_072)
        // "/bin/true\0" 10, "/bin/true\0" 10 + "-x\0" 3, "A=1\0" 4 + "PATH=/usr/bin\0" 14, 4 pointers.
        #expect(space.bytes(pathLength: 9, argv: argv, environment: environment) == 10 + 13 + 18 + 32)
        // An empty argv is charged one pointer: the kernel adds an argument.
        #expect(space.bytes(pathLength: 9, argv: [], environment: EnvironmentTable()) == 10 + 8)
    }

    /// Darwin (xnu `exec_extract_strings()`): every string with its NUL, the strings padded to a pointer, a pointer per
    /// string and one to end each list; not the path.
    @Test func darwinCountsTheStringsPaddedAndAPointerEachWithTerminators() {
        let space = ArgumentSpace(kernel: .darwin, limit: 1_048_576)
        // 13 + 18 = 31 bytes of strings, padded to 32; 4 pointers and 2 terminators.
        #expect(space.bytes(pathLength: 9, argv: argv, environment: environment) == 32 + 48)
        #expect(space.bytes(pathLength: 100, argv: argv, environment: environment) == 32 + 48)
        #expect(space.bytes(pathLength: 9, argv: [], environment: EnvironmentTable()) == 16)
    }

    /// Linux's room follows the stack limit within its floor and ceiling; macOS's is `ARG_MAX`.
    @Test func thisSystemsRoom() {
        #if canImport(Darwin)
        #expect(ArgumentSpace.current.kernel == .darwin && ArgumentSpace.current.limit == 1_048_576)
        #else
        #expect(ArgumentSpace.current.kernel == .linux)
        #expect((131_072...6_291_456).contains(ArgumentSpace.current.limit))
        #endif
    }
}
