import TestSupport
import Testing

@testable import ProfileModel

@Suite struct InterpolationTests {
    let variables: [String: Interpolator.Variable] = [
        "HOME": .init(value: "/home/me", display: nil),
        "EMPTY": .init(value: "", display: nil),
        "MINE": .init(value: "set-by-profile", display: "set-by-profile"),
    ]

    func value(_ text: String) throws(Interpolator.Failure) -> String {
        try Interpolator { variables[$0] }.interpolate(text).value
    }

    func failure(_ text: String, for destination: Interpolator.Destination = .value) -> Interpolator.Failure? {
        do {
            _ = try Interpolator { variables[$0] }.interpolate(text, for: destination)
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
        #expect(
            failure("ab${NOPE:?is required}") == .init(message: "`NOPE` is not set: is required", offset: 2, length: 20)
        )
        #expect(failure("${EMPTY:?}") == .init(message: "`EMPTY` is empty", offset: 0, length: 10))
        #expect(
            failure("x${HOME")
                == .init(
                    message: "unterminated `${`: add the closing `}` (or write `$$` for a literal `$`)", offset: 1,
                    length: 2))
        #expect(
            failure("${1X}")
                == .init(
                    message: "`1X` is not a variable name (letters, digits and `_`, not starting with a digit)",
                    offset: 2, length: 2))
        #expect(failure("${A B}")?.message.hasPrefix("unexpected ` ` in `${A...}`") == true)
        #expect(
            failure("${}")
                == .init(
                    message: "`${}` names no variable: write `${NAME}`, or `$$` for a literal `$`", offset: 0, length: 3
                ))
    }

    @Test func displayHidesInheritedValues() throws {
        let output = try Interpolator { variables[$0] }.interpolate("${HOME}:${MINE}:${NOPE:-d}")
        #expect(output.value == "/home/me:set-by-profile:d")
        #expect(output.display == "${HOME}:set-by-profile:d")
        #expect(output.usesInvokingEnvironment)
    }

    // MARK: Only the branch a shell would take is evaluated

    @Test func defaultsAndAlternativesAreEvaluatedOnlyWhenUsed() throws {
        // `:?` inside a default fires only when the default is used.
        #expect(try value("${HOME:-${NOPE:?needed}}") == "/home/me")
        #expect(failure("${NOPE:-${MISSING:?needed}}")?.message == "`MISSING` is not set: needed")
        #expect(failure("${EMPTY:-${MISSING:?needed}}")?.message == "`MISSING` is not set: needed")
        #expect(try value("${EMPTY-${NOPE:?needed}}") == "")  // without a colon: set is enough
        // `:+` evaluates its word only when the variable is set and not empty; `+` when it is set.
        #expect(try value("${NOPE:+${MISSING:?}}") == "")
        #expect(try value("${EMPTY:+${MISSING:?}}") == "")
        #expect(failure("${HOME:+${MISSING:?}}")?.message == "`MISSING` is not set")
        #expect(failure("${EMPTY+${MISSING?}}")?.message == "`MISSING` is not set")
        #expect(try value("${NOPE+${MISSING?}}") == "")
        // `?` evaluates its message only when it fails.
        #expect(try value("${HOME:?${MISSING:?}}") == "/home/me")
        // The message is shown as displayed: a value from the invoking environment by its reference, never in clear.
        #expect(failure("${NOPE:?need ${HOME} set}")?.message == "`NOPE` is not set: need ${HOME} set")
        // The display follows the branch taken.
        let output = try Interpolator { variables[$0] }.interpolate("${NOPE:-${HOME}}|${MINE:-${HOME}}|$$")
        #expect(
            output
                == .init(
                    value: "/home/me|set-by-profile|$", display: "${HOME}|set-by-profile|$$",
                    usesInvokingEnvironment: true, isSecret: true))
        let untaken = try Interpolator { variables[$0] }.interpolate("${MINE:-${HOME}}")
        #expect(!untaken.usesInvokingEnvironment)
    }

    @Test func syntaxErrorsCountInBranchesNotTaken() {
        // Unlike a shell (which never expands them), so that `lint` finds them whatever the environment holds.
        #expect(failure("${HOME:-${}}")?.message == Interpolator.emptyReference)
        #expect(failure("${HOME:+${1X}}")?.offset == 10)
        #expect(failure("${HOME:?${A B}}")?.message.hasPrefix("unexpected ` `") == true)
    }

    @Test func lintDoesNotEnforceRequiredVariables() throws {
        let lint = Interpolator(enforcesRequired: false) { variables[$0] }
        #expect(try lint.interpolate("a${NOPE:?needed}b${EMPTY:?}c").value == "abc")
        #expect(try lint.interpolate("a${NOPE:?needed}b").display == "ab")
        // `show` prints what is missing as the reference that would provide it, a secret like the environment's.
        let show = Interpolator(enforcesRequired: false, marksMissing: true) { variables[$0] }
        #expect(
            try show.interpolate("a${NOPE:?needed}b${EMPTY:?}c")
                == .init(value: "abc", display: "a${NOPE}b${EMPTY}c", usesInvokingEnvironment: true, isSecret: true))
        #expect(throws: Interpolator.Failure.self) { try lint.interpolate("${NOPE:?${}}") }
    }

    // MARK: Any text: offsets in Unicode scalars

    @Test func unicodeTextIsLiteralAndOffsetsCountScalars() throws {
        #expect(try value("é${HOME}ü 日本$HOME語 🎉") == "é/home/meü 日本/home/me語 🎉")
        #expect(try value("${NOPE:-é}") == "é")
        #expect(try value("$é $日本") == "$é $日本")  // names are ASCII: `$` before anything else is itself
        // `é` precomposed is one scalar; `e` and a combining acute accent are two (libyaml counts columns so).
        #expect(failure("é${NOPE:?x}")?.offset == 1)
        #expect(failure("e\u{301}${NOPE:?x}")?.offset == 2)
        #expect(failure("日本${NOPE:?x}") == .init(message: "`NOPE` is not set: x", offset: 2, length: 10))
        #expect(
            failure("🎉${A é}")
                == .init(
                    message: "unexpected ` ` in `${A...}`; use `${A}`, `${A:-default}`, `${A-default}` or "
                        + "`${A:?message}`", offset: 4, length: 1))
        #expect(failure("${Aé}")?.message.hasPrefix("unexpected `é` in `${A...}`") == true)
        #expect(failure("${Aé}")?.length == 1)
        #expect(
            failure("${é}")
                == .init(
                    message: "`é` is not a variable name (letters, digits and `_`, not starting with a digit)",
                    offset: 2, length: 1))
        #expect(failure("ü${NOPE:-x") == .init(message: Interpolator.unterminatedWord, offset: 1, length: 2))
    }

    @Test func carriageReturnsAreTextButEndAReference() throws {
        #expect(try value("a\r\n${HOME}\r") == "a\r\n/home/me\r")
        #expect(try value("${NOPE:-x\r\ny}") == "x\r\ny")
        // CR LF is two scalars (one Character): the offset after it counts both.
        #expect(failure("\r\n${NOPE:?}")?.offset == 2)
        #expect(failure("x${HOME\r\n}") == .init(message: Interpolator.unterminated, offset: 1, length: 2))
        #expect(failure("x${HOME\n}") == .init(message: Interpolator.unterminated, offset: 1, length: 2))
    }

    // MARK: What can reach a program

    @Test func aNULByteIsAnErrorWhereItWouldCutAValueShort() throws {
        #expect(
            failure("a\0b", for: .environment(name: "A"))
                == .init(
                    message: "`A` holds a NUL byte (`\\0`): an environment variable ends at the first NUL, so the "
                        + "program would receive it cut short", offset: 1, length: 1))
        #expect(failure("é${HOME}\0", for: .argument)?.offset == 8)
        #expect(failure("${HOME:+a\0}", for: .argument)?.offset == 9)  // a branch not taken too: it is in the text
        // A typed value travels escaped in the payload: a NUL is fine there.
        #expect(try Interpolator { variables[$0] }.interpolate("a\0${HOME}", for: .value).value == "a\0/home/me")
    }

    @Test func theSizeGuardCountsWhatIsProduced() throws {
        let big = String(repeating: "x", count: 100_000)
        let interpolator = Interpolator { name in
            name == "BIG" ? .init(value: big, display: big) : variables[name]
        }
        // 131072 bytes with `A=` and the final NUL: the value may have 131069 bytes.
        #expect(Interpolator.Destination.environment(name: "A").limit == 131_069)
        #expect(Interpolator.Destination.argument.limit == 131_071)
        let fits = try interpolator.interpolate(
            "${BIG}" + String(repeating: "y", count: 31_069), for: .environment(name: "A"))
        #expect(fits.value.utf8.count == 131_069)
        let over = try #require(throws: Interpolator.Failure.self) {
            try interpolator.interpolate("${BIG}" + String(repeating: "y", count: 31_070), for: .environment(name: "A"))
        }
        #expect(over.isTooLong)
        #expect(
            over.message
                == "`A` would be more than 131069 bytes long once interpolated; an environment variable can take at "
                + "most 131072 bytes, counting `A=` and the final NUL byte (Linux's MAX_ARG_STRLEN)")
        // The branch not taken does not count: `${BIG}` twice would be too long, but only one is produced.
        let once = try interpolator.interpolate("${BIG}${HOME:-${BIG}}${NOPE:+${BIG}}", for: .argument)
        #expect(once.value.utf8.count == 100_008)
        #expect(throws: Interpolator.Failure.self) {
            try interpolator.interpolate("${BIG}${NOPE:-${BIG}}", for: .argument)
        }
        // A literal text: its exact length.
        let literal = try #require(throws: Interpolator.Failure.self) {
            try interpolator.interpolate(String(repeating: "z", count: 131_072), for: .argument)
        }
        #expect(literal.isTooLong)
        #expect(
            literal.message.hasPrefix("this argument is 131072 bytes long; an argument can take at most 131072 bytes"))
    }

    @Test func theDisplayIsBoundedToo() throws {
        // Empty inherited variables make an empty value but a display that doubles at every step.
        var environment: [String: Interpolator.Variable] = ["E": .init(value: "", display: nil)]
        let interpolator = Interpolator { environment[$0] }
        var previous = "E"
        var failedAt: Int?
        for step in 0..<20 {
            do {
                let output = try interpolator.interpolate("${\(previous)}${\(previous)}")
                environment["D\(step)"] = .init(value: output.value, display: output.display)
                previous = "D\(step)"
            } catch {
                #expect(
                    error.message.contains("would be shown as more than \(Interpolator.maximumDisplayLength) bytes"))
                failedAt = step
                break
            }
        }
        #expect(failedAt == 17)  // `${E}` is 4 bytes: 4 × 2^18 > 4 × 131072
    }

    @Test func nestingIsBounded() throws {
        let depth = Interpolator.maximumNesting
        let fine = String(repeating: "${NOPE:-", count: depth) + "x" + String(repeating: "}", count: depth)
        #expect(try value(fine) == "x")
        let deep = String(repeating: "${NOPE:-", count: 200_000) + "x" + String(repeating: "}", count: 200_000)
        #expect(failure(deep)?.message == "`${` nested more than 100 levels deep: write this value more simply")
        #expect(failure(deep)?.offset == 8 * depth)
        #expect(!Interpolator.isWellFormed(deep))
    }

    // MARK: One grammar for interpolation and the syntax-only check

    /// `isWellFormed` is the same parser producing nothing: on any text short enough, it says whether `lint`'s
    /// interpolation (required variables not enforced) succeeds, whatever the variables hold.
    @Test(arguments: [
        Interpolator.Destination.value, .argument, .environment(name: "X"),
    ]) func theSyntaxCheckAgreesWithInterpolation(destination: Interpolator.Destination) {
        let environments: [[String: Interpolator.Variable]] = [
            [:],
            variables.merging([
                "A": .init(value: "1", display: "1"),
                "MIXED": .init(value: "a${b}", display: "${HOME}/x", usesInvokingEnvironment: true),
            ]) { $1 },
        ]
        let alphabet: [String] = [
            "$", "$", "{", "}", ":", "-", "?", "+", "A", "HOME", "EMPTY", "MINE", "MIXED", "NOPE", "1", "_", "x", " ",
            "/", "$$", "${", "${A}", ":-", "\n", "\r", "\r\n", "\t", "é", "e\u{301}", "日本", "🎉", "\0",
        ]
        var generator = SeededRandom(seed: 42)
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<Int(generator.next() % 10) { text += generator.pick(alphabet) }
            let wellFormed = Interpolator.isWellFormed(text, for: destination)
            for environment in environments {
                let lint = Interpolator(enforcesRequired: false) { environment[$0] }
                let succeeds: Bool
                do {
                    _ = try lint.interpolate(text, for: destination)
                    succeeds = true
                } catch {
                    succeeds = false
                    // Every offset lands inside the text, in scalars.
                    #expect(
                        error.offset >= 0 && error.offset + error.length <= max(1, text.unicodeScalars.count),
                        "\(text.debugDescription)")
                }
                if succeeds != wellFormed {
                    Issue.record("\(text.debugDescription): isWellFormed \(wellFormed), interpolation \(succeeds)")
                    return
                }
            }
        }
    }
}
