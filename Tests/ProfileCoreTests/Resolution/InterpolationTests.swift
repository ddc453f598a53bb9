import ProfileCore
import Testing

@Suite struct InterpolationTests {
    let variables: [String: Interpolator.Variable] = [
        "HOME": .init(value: "/home/me", display: nil),
        "EMPTY": .init(value: "", display: nil),
        "MINE": .init(value: "set-by-profile", display: "set-by-profile"),
    ]

    func value(_ text: String) throws(Interpolator.Failure) -> String {
        try Interpolator { variables[$0] }.interpolate(text).value
    }

    func failure(_ text: String) -> Interpolator.Failure? {
        do {
            _ = try value(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func shellForms() throws {
        #expect(try value("${HOME}/bin") == "/home/me/bin")
        #expect(try value("$HOME/bin") == "/home/me/bin")
        #expect(try value("${NOPE:-fallback}") == "fallback")
        #expect(try value("${EMPTY:-fallback}") == "fallback")
        #expect(try value("${EMPTY-fallback}") == "")
        #expect(try value("${NOPE-fallback}") == "fallback")
        #expect(try value("${HOME:+alt}") == "alt")
        #expect(try value("${NOPE:+alt}") == "")
        #expect(try value("${HOME:?needed}") == "/home/me")
        #expect(try value("$$HOME costs $$5") == "$HOME costs $5")
        #expect(try value("${NOPE:-${HOME}/x}") == "/home/me/x")
        #expect(try value("${NOPE}") == "")
        #expect(try value("price: 5$") == "price: 5$")
        #expect(try value("$1 $-") == "$1 $-")
    }

    @Test func errorsCarryTheirOffset() {
        #expect(failure("ab${NOPE:?is required}") == .init(message: "`NOPE` is not set: is required", offset: 2, length: 20))
        #expect(failure("${EMPTY:?}") == .init(message: "`EMPTY` is empty", offset: 0, length: 10))
        #expect(failure("x${HOME") == .init(message: "unterminated `${`: add the closing `}` (or write `$$` for a literal `$`)", offset: 1, length: 2))
        #expect(failure("${1X}") == .init(message: "`1X` is not a variable name (letters, digits and `_`, not starting with a digit)", offset: 2, length: 2))
        #expect(failure("${A B}")?.message.hasPrefix("unexpected ` ` in `${A...}`") == true)
        #expect(failure("${}") == .init(message: "`${}` names no variable: write `${NAME}`, or `$$` for a literal `$`", offset: 0, length: 3))
    }

    @Test func displayHidesInheritedValues() throws {
        let output = try Interpolator { variables[$0] }.interpolate("${HOME}:${MINE}:${NOPE:-d}")
        #expect(output.value == "/home/me:set-by-profile:d")
        #expect(output.display == "${HOME}:set-by-profile:d")
        #expect(output.usesInvokingEnvironment)
    }
}
