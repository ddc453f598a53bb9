import ProfileModel
import Testing

@Suite struct YAMLParserTests {
    func parse(_ text: String, path: String = "test.yml") throws -> YAMLDocument {
        try YAMLParser.parse(SourceFile(path: path, bytes: Array(text.utf8)))
    }

    func error(_ text: String, limits: YAMLParser.Limits = .init()) -> String {
        do {
            _ = try YAMLParser.parse(SourceFile(path: "test.yml", bytes: Array(text.utf8)), limits: limits)
            return "no error"
        } catch {
            return DiagnosticRenderer().render(error)
        }
    }

    @Test func everyNodeCarriesItsOneBasedLineAndColumn() throws {
        let document = try parse("a: 1\nlist:\n  - x\n  - {k: v}\n")
        let pairs = try #require(document.root?.mapping)
        #expect(document.root?.mark == Mark(line: 1, column: 1))
        #expect(pairs[0].key.mark == Mark(line: 1, column: 1))
        #expect(pairs[0].value.mark == Mark(line: 1, column: 4))
        let items = try #require(pairs[1].value.sequence)
        #expect(items[0].mark == Mark(line: 3, column: 5))
        #expect(items[1].mark == Mark(line: 4, column: 5))
        #expect(items[1].mapping?[0].value.mark == Mark(line: 4, column: 9))
    }

    @Test func scalarsKeepTheirTextAndStyle() throws {
        let document = try parse("a: yes\nb: 0777\nc: 1.0\nd: 'quoted'\ne: \"tab\\there\"\nf: |\n  line\ng: ~\nh:\n")
        let values = try #require(document.root?.mapping).map(\.value)
        #expect(values[0].scalar == YAMLScalar("yes"))
        #expect(values[1].scalar == YAMLScalar("0777"))
        #expect(values[2].scalar == YAMLScalar("1.0"))
        #expect(values[3].scalar == YAMLScalar("quoted", style: .singleQuoted))
        #expect(values[4].scalar == YAMLScalar("tab\there", style: .doubleQuoted))
        #expect(values[5].scalar == YAMLScalar("line\n", style: .literal))
        #expect(values[6].isNull)
        #expect(values[7].isNull)
        #expect(!values[3].isNull)
    }

    @Test func quotedNullIsNotNull() throws {
        let document = try parse("a: 'null'\nb: !!str ~\n")
        let values = try #require(document.root?.mapping).map(\.value)
        #expect(!values[0].isNull)
        #expect(!values[1].isNull)
    }

    @Test func aliasesExpandToTheAnchoredNode() throws {
        let document = try parse("base: &b {x: 1}\ncopy: *b\nlist: [&s hello, *s]\n")
        let pairs = try #require(document.root?.mapping)
        #expect(pairs[1].value.mapping?.first?.value.scalar?.text == "1")
        #expect(pairs[2].value.sequence?.map { $0.scalar?.text } == ["hello", "hello"])
    }

    @Test func mergeKeysMergeAndExplicitKeysWin() throws {
        let document = try parse(
            """
            base: &base
              A: 1
              B: 2
            other: &other
              B: 20
              C: 30
            child:
              <<: [*base, *other]
              A: 10
            """)
        let child = try #require(document.root?.mapping?[2].value.mapping)
        let pairs = child.map { "\($0.key.scalar!.text)=\($0.value.scalar!.text)" }
        // Explicit keys win over merged ones; among merged mappings the earlier wins.
        #expect(pairs == ["B=2", "C=30", "A=10"])
        #expect(document.diagnostics.isEmpty)
    }

    @Test func duplicateKeysAreReportedWithBothPlaces() throws {
        let document = try parse("env:\n  A: 1\n  B: 2\n  A: 3\n")
        let rendered = DiagnosticRenderer().render(document.diagnostics)
        #expect(
            rendered == """
                test.yml:4:3: error: duplicate key `A`
                  A: 3
                  ^
                test.yml:2:3: note: `A` is first set here
                  A: 1
                  ^

                """)
    }

    @Test func duplicateKeysInLargeMappingsAreFound() throws {
        var text = ""
        for index in 0..<40 { text += "k\(index): \(index)\n" }
        text += "k7: again\n"
        let document = try parse(text)
        #expect(document.diagnostics.map(\.message) == ["duplicate key `k7`"])
    }

    @Test func aliasBombIsRefused() {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            let previous = "*a\(level - 1)"
            text += "a\(level): &a\(level) [\(Array(repeating: previous, count: 10).joined(separator: ", "))]\n"
        }
        let message = error(text)
        #expect(message.hasPrefix("test.yml:6:45:"))
        #expect(
            message.contains(
                "error: aliases expand to more than 1000000 nodes (an alias bomb?); refusing to expand them"))
    }

    @Test func deepNestingIsRefused() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(
            error(text).hasPrefix(
                "test.yml:1:257: error: nesting is deeper than 256 levels; profiles are never that deep"))
    }

    /// The deepest nesting the limit admits is read whole, on the explicit stack: every level is there, in order.
    @Test func nestingAtTheLimitIsReadWhole() throws {
        for limit in [1, 2, 3, 256] {
            var limits = YAMLParser.Limits()
            limits.maxDepth = limit
            let text = String(repeating: "[", count: limit) + "x" + String(repeating: "]", count: limit)
            var node = try #require(
                try YAMLParser.parse(SourceFile(path: "test.yml", bytes: Array(text.utf8)), limits: limits).root)
            for level in 1...limit {
                #expect(node.mark == Mark(line: 1, column: level))
                let items = try #require(node.sequence)
                try #require(items.count == 1)
                node = items[0]
            }
            #expect(node.scalar?.text == "x")
            let deeper = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
            let message =
                "test.yml:1:\(limit + 1): error: nesting is deeper than \(limit) levels; profiles are never that deep\n"
            if limit < 10 {
                #expect(
                    error(deeper, limits: limits) == message + deeper + "\n" + String(repeating: " ", count: limit)
                        + "^\n")
            } else {
                #expect(error(deeper, limits: limits).hasPrefix(message))
            }
        }
    }

    /// An alias may not carry its node past the limit: the tree as built, aliases expanded, is never deeper than the
    /// limit (a chain of anchors each nesting the previous one would otherwise build any depth from a small file).
    @Test func anAliasCannotCarryItsNodePastTheLimit() throws {
        var limits = YAMLParser.Limits()
        limits.maxDepth = 4
        // `*x` holds 2 levels; under 2 collections it reaches 4 (admitted), under 3 it would reach 5.
        let admitted = try YAMLParser.parse(
            SourceFile(path: "test.yml", bytes: Array("a: &x [[1]]\nb: [*x]\n".utf8)), limits: limits)
        #expect(admitted.root?.mapping?[1].value.sequence?.first?.sequence?.first?.sequence?.first?.scalar?.text == "1")
        #expect(
            error("a: &x [[1]]\nb: [[*x]]\n", limits: limits) == """
                test.yml:2:6: error: nesting is deeper than 4 levels once `*x` is expanded (it holds 2 levels, under 3 \
                here); profiles are never that deep
                b: [[*x]]
                     ^~

                """)
        // A scalar's alias adds no level; a mapping anchored inside another counts from where it is used.
        #expect(error("a: &s 1\nb: [[[*s]]]\n", limits: limits) == "no error")
        #expect(error("a: [[&m {k: v}]]\nb: [[*m]]\n", limits: limits) == "no error")
        #expect(error("a: [[&m {k: v}]]\nb: [[[*m]]]\n", limits: limits).hasPrefix("test.yml:2:7: error:"))
        // The default limit against a chain of anchors, each nesting the one before 200 levels deeper.
        let nest = { (inner: String) in String(repeating: "[", count: 200) + inner + String(repeating: "]", count: 200)
        }
        let chain = "a: &a " + nest("1") + "\nb: &b " + nest("*a") + "\n"
        #expect(
            error(chain).hasPrefix("test.yml:2:207: error: nesting is deeper than 256 levels once `*a` is expanded"))
    }

    @Test func aSecondDocumentIsAnError() {
        #expect(
            error("a: 1\n---\nb: 2\n") == """
                test.yml:2:1: error: a profile file holds one YAML document; found a second one here
                ---
                ^~~

                """)
    }

    @Test func unknownAnchorSuggestsTheNearMiss() {
        #expect(
            error("base: &defaults {a: 1}\nchild: *defualts\n") == """
                test.yml:2:8: error: unknown anchor `defualts`; did you mean `defaults`?
                child: *defualts
                       ^~~~~~~~~

                """)
    }

    @Test func syntaxErrorsAreLocatedWithTheWholeMessage() {
        #expect(
            error("env:\n  A: 1\n B: 2\n") == """
                test.yml:3:2: error: did not find expected key while parsing a block mapping
                 B: 2
                 ^
                test.yml:1:1: note: the mapping starts here
                env:
                ^

                """)
    }

    @Test func anUnclosedBracketPointsBackAtItsOpening() {
        #expect(
            error("env:\n  A: [1, 2\nflags: {}\n") == """
                test.yml:3:6: error: did not find expected ',' or ']' while parsing a flow sequence
                flags: {}
                     ^
                test.yml:2:6: note: the `[` opens here
                  A: [1, 2
                     ^

                """)
    }

    @Test func anUnclosedQuotePointsBackAtItsOpening() {
        #expect(
            error("description: \"never closed\nenv: {}\n") == """
                test.yml:3:1: error: found unexpected end of stream while scanning a quoted scalar

                ^
                test.yml:1:14: note: the quoted string starts here
                description: "never closed
                             ^

                """)
    }

    @Test func characterProblemsShowTheCodePoint() {
        #expect(error("a: \u{FFFE}\n").hasPrefix("test.yml:1:4: error: control characters are not allowed (U+FFFE)"))
        #expect(error("a: x\u{01}\n").hasPrefix("test.yml:1:5: error: control characters are not allowed (U+0001)"))
    }

    @Test func aLatin1LetterIsShownAsTheSequenceItBreaks() {
        let bytes = Array("a: caf".utf8) + [0xE9] + Array(" au lait\n".utf8)
        do {
            _ = try YAMLParser.parse(SourceFile(path: "latin1.yml", bytes: bytes))
            Issue.record("expected an error")
        } catch {
            #expect(error.location?.mark == Mark(line: 1, column: 7))
            #expect(error.message == "invalid UTF-8 sequence (bytes 0xE9 0x20); profiles must be UTF-8 text")
        }
    }

    @Test func utf16IsRefused() {
        let bytes: [UInt8] = [0xFF, 0xFE] + Array("a: 1\n".utf8).flatMap { [$0, 0] }
        do {
            _ = try YAMLParser.parse(SourceFile(path: "wide.yml", bytes: bytes))
            Issue.record("expected an error")
        } catch {
            #expect(
                error.message
                    == "this file is UTF-16 (it starts with a UTF-16 byte order mark); profiles must be UTF-8 text")
        }
    }

    @Test func aByteOrderMarkDoesNotShiftColumns() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("env: {A: [}\n".utf8)
        do {
            _ = try YAMLParser.parse(SourceFile(path: "bom.yml", bytes: bytes))
            Issue.record("expected an error")
        } catch {
            #expect(error.location?.mark == Mark(line: 1, column: 11))
        }
    }

    @Test func aRecursiveAliasIsNamedAsSuch() {
        #expect(
            error("env: &e\n  A: *e\n").hasPrefix(
                "test.yml:2:6: error: alias `*e` refers to the node that contains it; recursive aliases are not supported"
            ))
    }

    @Test func tabsGetAHint() {
        #expect(
            error("env:\n\tA: 1\n") == """
                test.yml:2:1: error: found character that cannot start any token while scanning for the next token; YAML does not allow tabs for indentation, use spaces
                \tA: 1
                ^

                """)
    }

    @Test func invalidUTF8IsLocated() {
        var bytes = Array("a: 1\nb: ".utf8)
        bytes += [0xFF, 0x0A]
        do {
            _ = try YAMLParser.parse(SourceFile(path: "bad.yml", bytes: bytes))
            Issue.record("expected an error")
        } catch {
            #expect(error.location?.mark == Mark(line: 2, column: 4))
            #expect(error.message == "invalid leading UTF-8 octet (byte 0xFF); profiles must be UTF-8 text")
        }
    }

    @Test func emptyFileHasNoRoot() throws {
        #expect(try parse("").root == nil)
        #expect(try parse("# only a comment\n").root == nil)
    }

    @Test func byteOrderMarkIsAccepted() throws {
        let document = try YAMLParser.parse(
            SourceFile(path: "bom.yml", bytes: [0xEF, 0xBB, 0xBF] + Array("a: 1\n".utf8)))
        #expect(document.root?.mapping?.first?.key.scalar?.text == "a")
    }
}
