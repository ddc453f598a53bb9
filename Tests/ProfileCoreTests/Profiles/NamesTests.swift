import ProfileModel
import Testing

/// `Names.profileNameProblem`: the one statement of the profile-name rule, and each message says which part failed.
@Suite struct NamesTests {
    static let characters =
        "a profile name has letters, digits, `-` and `_`, and starts with a letter or digit"

    /// Every byte as the first and as a later character of a name, and every length around the limit.
    @Test func everyByteAndLength() {
        for byte in UInt8(0x20)...UInt8(0x7E) {
            let character = String(UnicodeScalar(byte))
            let allowed = character.first!.isASCII && (character.first!.isLetter || character.first!.isNumber)
            let inside = allowed || character == "-" || character == "_"
            #expect(Names.profileNameProblem(character + "x") == (allowed ? nil : Self.characters), "\(character)x")
            #expect(Names.profileNameProblem("x" + character) == (inside ? nil : Self.characters), "x\(character)")
        }
        #expect(Names.profileNameProblem("") == "it is empty")
        #expect(Names.profileNameProblem("é") == Self.characters)
        for length in [1, 127, 128] {
            #expect(Names.profileNameProblem(String(repeating: "a", count: length)) == nil)
        }
        for length in [129, 251, 300] {
            #expect(
                Names.profileNameProblem(String(repeating: "a", count: length))
                    == "it is \(length) bytes long; a profile name takes at most 128")
        }
        // A long name with a wrong character is refused for the character, the first problem a reader can fix.
        #expect(Names.profileNameProblem(String(repeating: "a", count: 200) + ".") == Self.characters)
        #expect(Names.isValidProfileName("ci-macos_2") && !Names.isValidProfileName("-x"))
    }
}
