import ProfileModel
import Testing

@Suite struct ProfileDecoderTests {
    func decode(_ text: String, isOverlay: Bool = false) throws -> (ProfileDefinition, String) {
        let document = try YAMLParser.parse(SourceFile(path: "p.yml", bytes: Array(text.utf8)))
        let (definition, diagnostics) = ProfileDecoder.decode(document, name: "p", isOverlay: isOverlay)
        return (definition, DiagnosticRenderer().render(diagnostics))
    }

    func headlines(_ text: String, isOverlay: Bool = false) throws -> [String] {
        try decode(text, isOverlay: isOverlay).1.split(separator: "\n").filter { $0.contains(": error: ") }.map(
            String.init)
    }

    @Test func decodesEveryKey() throws {
        let (definition, diagnostics) = try decode(
            """
            description: Demo
            abstract: false
            extends: [base, other]
            env: {A: yes, B: 0777, C: 1.0, D: ~, E: ''}
            arguments: [-x, [-k, v], {drop: -y}, {replace: -z, with: -w}]
            flags: {on: true, off: no}
            mocks: {net: stub}
            values: {i: 5, d: 2.5, b: true, s: 'text', n: ~, h: 0x1F, y: yes}
            """)
        #expect(diagnostics == "")
        #expect(definition.description?.value == "Demo")
        #expect(definition.extends.map(\.value) == ["base", "other"])
        #expect(definition.environment.map { $0.value?.value } == ["yes", "0777", "1.0", nil, ""])
        #expect(definition.arguments.count == 4)
        #expect(definition.flags.map { "\($0.key.value)=\($0.value.value)" } == ["on=true", "off=false"])
        #expect(definition.mocks.map(\.value.value) == ["stub"])
        #expect(
            definition.values.map { $0.value.value } == [
                .int(5, text: "5"), .double(2.5, text: "2.5"), .bool(true), .string("text"), nil,
                .int(31, text: "31"),
                .string("yes"),
            ])
    }

    @Test func unknownKeysSuggestTheNearMiss() throws {
        #expect(
            try decode("descripton: x\n").1 == """
                p.yml:1:1: error: unknown key `descripton` in a profile; did you mean `description`?
                descripton: x
                ^~~~~~~~~~

                """)
    }

    @Test func wrongTypesForEveryKey() throws {
        #expect(
            try headlines(
                """
                description: [a]
                abstract: maybe
                extends: {a: b}
                env: [A]
                arguments: text
                flags: {a: sometimes}
                mocks: {net: [a, b]}
                values: {list: [1, 2]}
                """) == [
                    "p.yml:1:14: error: `description` takes a string; this is a list",
                    "p.yml:2:11: error: `abstract` takes `true` or `false`; this is `maybe`",
                    "p.yml:3:10: error: `extends` takes a profile name or a list of names; this is a mapping",
                    "p.yml:4:6: error: `env` takes a mapping of names to values; this is a list",
                    "p.yml:5:12: error: `arguments` takes a list (arguments, groups, `drop:` and `replace:` items); this is a scalar",
                    "p.yml:6:12: error: flag `a` takes `true` or `false`; this is `sometimes`",
                    "p.yml:7:14: error: mock point `net` takes the name of one variant; this is a list",
                    "p.yml:8:16: error: value `list` must be a scalar (string, int, double or bool); lists are not supported",
                ])
    }

    @Test func badNames() throws {
        #expect(
            try headlines("extends: 'bad name'\nenv: {A=B: a}\nflags: {'-x': true}\nmocks: {net: 'a b'}\n") == [
                "p.yml:1:10: error: `bad name` is not a valid profile name: a profile name has letters, digits, `-` "
                    + "and `_`, and starts with a letter or digit",
                "p.yml:2:7: error: `A=B` is not a valid environment variable name: a name holds no `=`",
                "p.yml:3:9: error: `-x` is not a valid flag name (words of letters, digits and `_`, joined by `.` or `-`)",
                "p.yml:4:14: error: `a b` is not a valid variant name (no spaces, `,`, `;` or `=`)",
            ])
    }

    @Test func theFileMustBeAMapping() throws {
        #expect(
            try headlines("- a\n- b\n") == [
                "p.yml:1:1: error: a profile is a mapping with keys such as `description`, `env` and `flags`; this file holds a list"
            ])
        #expect(
            try headlines("just text\n") == [
                "p.yml:1:1: error: a profile is a mapping with keys such as `description`, `env` and `flags`; this file holds a scalar"
            ])
        #expect(
            try headlines("") == [
                "p.yml:1:1: error: `p.yml` is empty; a profile is a mapping with keys such as `description`, `env` and `flags`"
            ])
    }

    @Test func overlaysCannotChangeWhatAProfileIs() throws {
        #expect(
            try headlines("extends: x\nabstract: true\n", isOverlay: true) == [
                "p.yml:1:1: error: `extends` cannot be set in a `.local` overlay; set it in the profile itself",
                "p.yml:2:1: error: `abstract` cannot be set in a `.local` overlay; set it in the profile itself",
            ])
    }

    @Test func aCommentedOutOverlayIsEmptyNotWrong() throws {
        #expect(try headlines("# env:\n#   A: 1\n", isOverlay: true) == [])
        #expect(try headlines("", isOverlay: true) == [])
    }

    @Test func quotedBooleansAreStringsWithAHint() throws {
        #expect(
            try headlines("abstract: \"true\"\nflags:\n  a: 'no'\n  b: !!str yes\n") == [
                "p.yml:1:11: error: `abstract` takes `true` or `false`; this is the string `true` (write `true` without quotes or `!!str`)",
                "p.yml:3:6: error: flag `a` takes `true` or `false`; this is the string `no` (write `no` without quotes or `!!str`)",
                "p.yml:4:6: error: flag `b` takes `true` or `false`; this is the string `yes` (write `yes` without quotes or `!!str`)",
            ])
    }

    @Test func aValueWrittenDottedAndNestedIsSetTwice() throws {
        #expect(
            try headlines("values:\n  http.timeout: 1\n  http:\n    timeout: 2\n    timeout: 3\n") == [
                // The same key twice in one mapping is reported once, by the parser.
                "p.yml:5:5: error: duplicate key `timeout`",
                "p.yml:4:5: error: value `http.timeout` is set twice",
            ])
    }

    @Test func keysOtherToolsUseAreSuggested() throws {
        #expect(
            try headlines("args: [-v]\ninherits: base\n") == [
                "p.yml:1:1: error: unknown key `args` in a profile; did you mean `arguments`?",
                "p.yml:2:1: error: unknown key `inherits` in a profile; did you mean `extends`?",
            ])
    }

    @Test func longTextIsCutShortInMessages() throws {
        let long = String(repeating: "b", count: 10_000)
        #expect(
            try headlines("flags:\n  x: \(long)\n") == [
                "p.yml:2:6: error: flag `x` takes `true` or `false`; this is `\(String(repeating: "b", count: 60))…`"
            ])
    }

    @Test func argumentItemMistakes() throws {
        #expect(
            try headlines(
                "arguments:\n  - {drop: -a, with: b}\n  - {replace: -a}\n  - {with: -b}\n  - {dorp: -a}\n  -\n") == [
                    "p.yml:2:5: error: an `arguments` item either drops or replaces, not both",
                    "p.yml:3:5: error: `replace: -a` needs `with:` (an argument or a group of arguments)",
                    "p.yml:4:5: error: `with` needs `replace:` naming the inherited argument it replaces",
                    "p.yml:5:6: error: unknown key `dorp` in an `arguments` item (`drop`, `replace` with `with`, or `argument` with `enabled`); did you mean `drop`?",
                    "p.yml:6:4: error: this argument is empty; write `\"\"` for an empty argument",
                ])
    }

    @Test func disabledEntries() throws {
        let (definition, diagnostics) = try decode(
            """
            arguments:
              - -a
              - {argument: -verbose, enabled: false}
              - {argument: [-pageSize, "5"], enabled: no}
              - {argument: -b, enabled: true}
              - replace: -a
                with: {argument: -a, enabled: false}
            env:
              A: {value: one, enabled: false}
              B: two
            """)
        #expect(diagnostics.isEmpty)
        let items = definition.arguments.map { operation -> String in
            switch operation {
            case .append(let group, let isEnabled):
                return group.map(\.value).joined(separator: " ") + (isEnabled ? "" : " (off)")
            case .replace(let target, let group, let isEnabled):
                return "replace \(target.value): " + group.map(\.value).joined(separator: " ")
                    + (isEnabled ? "" : " (off)")
            case .drop(let target): return "drop " + target.value
            }
        }
        #expect(items == ["-a", "-verbose (off)", "-pageSize 5 (off)", "-b", "replace -a: -a (off)"])
        #expect(
            definition.environment.map { "\($0.name.value)=\($0.value?.value ?? "") \($0.isEnabled)" } == [
                "A=one false", "B=two true",
            ])
    }

    @Test func disabledEntryMistakes() throws {
        #expect(
            try headlines(
                """
                arguments:
                  - {argument: -v, enabled: maybe}
                  - {argument: -v, enabeld: false}
                  - {enabled: false}
                  - {argument: {a: b}}
                env:
                  A: {value: x, enabled: "no"}
                  B: {valeu: x}
                  C: {value: null, enabled: false}
                  D: {enabled: false}
                """) == [
                    "p.yml:2:29: error: `enabled` takes `true` or `false`; this is `maybe`",
                    "p.yml:3:20: error: unknown key `enabeld` in an `arguments` item (`argument` with `enabled`, `drop`, or `replace` with `with`); did you mean `enabled`?",
                    "p.yml:4:5: error: `enabled` needs `argument:` (an argument or a group of arguments)",
                    "p.yml:5:16: error: `argument` takes an argument or a group of arguments; this is a mapping",
                    "p.yml:7:26: error: `enabled` takes `true` or `false`; this is the string `no` (write `no` without quotes or `!!str`)",
                    "p.yml:8:7: error: unknown key `valeu` in the entry of `B` (`value`, and `enabled: false` to write it unchecked); did you mean `value`?",
                    "p.yml:9:14: error: `value` of `C` must be a scalar (text as written); this is null (a disabled entry cannot unset: leave it out)",
                    "p.yml:10:6: error: the entry of `D` needs `value:` (the text the variable is set to)",
                ])
    }

    @Test func anchorsAndMergeKeysWorkInProfiles() throws {
        let (definition, diagnostics) = try decode(
            """
            env: &common
              A: "1"
              B: "2"
            values:
              <<: {x: 1, y: 2}
              y: 3
            """)
        #expect(diagnostics == "")
        #expect(definition.environment.map(\.name.value) == ["A", "B"])
        #expect(definition.values.map { "\($0.key.value)=\($0.value.value!.text)" } == ["x=1", "y=3"])
    }
}
