import ProfileModel
import ProfilePlatform
import ProfileResolution
import Testing

/// `lint` checks each profile without building its resolved form (``Linter`` skips what cannot report anything);
/// what it reports must be exactly what resolving every profile for `.lint` reports.
@Suite struct LintEquivalenceTests {
    /// The diagnostics of resolving every profile for `.lint`, as the linter reports them (sorted, without repeats).
    func reference(_ profiles: TemporaryProfiles) throws -> String {
        let repository = try profiles.repository()
        repository.reportDirectoryProblems()
        _ = repository.catalog
        for name in repository.directory.names {
            let located = Located(
                name,
                at: SourceLocation(
                    file: SourceFile(path: repository.directory.entries[name]!.path, bytes: []),
                    mark: Mark(line: 0, column: 0)))
            _ = Resolver(repository: repository).resolve([located], environment: EnvironmentTable(), purpose: .lint)
        }
        return profiles.render(Linter.unique(repository.diagnostics).sortedByLocation())
    }

    /// What the linter reports, without its code-injection warnings (which no resolution reports).
    func linted(_ profiles: TemporaryProfiles) async throws -> String {
        let diagnostics = await Linter(repository: try profiles.repository()).run()
        return profiles.render(diagnostics.filter { !$0.message.contains("makes the dynamic loader inject code") })
    }

    static let sets: [[String: String]] = [
        // A clean chain, with interpolation everywhere.
        [
            "base.yml":
                "abstract: true\nenv: {A: '${HOME:-/h}/x', B: plain}\narguments: [-v, [-k, '${A}']]\nvalues: {s: '${B}-1', n: 2}\n",
            "mid.yml":
                "extends: base\nenv: {B: null, C: '$$5'}\narguments: [{drop: -v}, {replace: -k, with: [-k, '${C}']}]\n",
            "leaf.yml": "extends: [mid, base]\nvalues: {s: 'done', t: '${A}'}\nflags: [a]\nmocks: {m: x}\n",
        ],
        // A parent's broken interpolation (env, argument, value), inherited, dropped and overridden by children.
        [
            "base.yml":
                "env: {A: '${A', B: '${1}'}\narguments: [-v, '-x${', [-g, '${B:-}']]\nvalues: {s: 'a${', t: '${Z?}'}\n",
            "drops.yml": "extends: base\narguments: [{drop: '-x${'}, {drop: -nothing}]\nvalues: {s: fixed}\n",
            "keeps.yml": "extends: base\nenv: {A: fine}\n",
            "reserved.yml": "extends: keeps\nenv: {PROFILE_PAYLOAD: x, D: '${D:?required}'}\n",
        ],
        // Cycles, unknown parents, a drop and a replace with nothing inherited, an overlay with mistakes.
        [
            "a.yml": "extends: b\n",
            "b.yml": "extends: [a, c]\n",
            "c.yml": "extends: missing\narguments: [{replace: -q, with: -r}]\n",
            "d.yml": "env: {X: '1'}\narguments: [-d]\n",
            "d.local.yml": "env: {X: '${X}${'}\narguments: [{drop: -e}, '${X']\n",
        ],
        // With a catalog, interpolated values are checked against their declared types.
        [
            "_catalog.yml": "values:\n  port: {type: int}\n  name: {type: string}\n",
            "base.yml": "env: {PORT: '80', NAME: n}\nvalues: {port: '${PORT}', name: '${NAME}'}\n",
            "child.yml": "extends: base\nenv: {PORT: eighty}\n",
            "other.yml": "extends: base\nvalues: {port: 8080}\n",
        ],
        // A flag and a value (or a mock point) with one key: in one file, across `extends`, under two spellings.
        [
            "base.yml": "flags: [k, pageSize]\nvalues: {v: 1}\n",
            "same.yml": "flags: {x: true}\nmocks: {x: y}\n",
            "child.yml": "extends: base\nvalues: {page_size: 2}\n",
            "grandchild.yml": "extends: child\nmocks: {K: m}\n",
            "fine.yml": "extends: base\nvalues: {w: 1}\nmocks: {z: m}\n",
        ],
        // A key set in two ways in the directory, by chains that never meet (no problem), and by chains that meet only
        // at a diamond's leaf, at an overlay, or through a second parent (one problem each); a key spelled one way
        // everywhere, set again by every child (the usual override).
        [
            "a.yml": "abstract: true\nvalues: {pageSize: 1, retries: 2}\nflags: [dark_mode]\n",
            "b.yml": "abstract: true\nvalues: {page_size: 1, retries: 3}\n",
            "a-child.yml": "extends: a\nvalues: {pageSize: 2, retries: 4}\n",
            "b-child.yml": "extends: b\nvalues: {page_size: 2}\nmocks: {darkMode: off}\n",
            "diamond.yml": "extends: [a-child, b-child]\n",
            "left.yml": "extends: a\nflags: {dark_mode: false}\n",
            "left.local.yml": "values: {PageSize: 9}\n",
            "right.yml": "extends: [b, a]\nvalues: {retries: 5}\n",
            "alone.yml": "values: {retries: 1}\nflags: [dark_mode]\n",
        ],
    ]

    @Test(arguments: 0..<LintEquivalenceTests.sets.count)
    func lintReportsWhatResolvingReports(set index: Int) async throws {
        let profiles = try TemporaryProfiles(Self.sets[index])
        let expected = try reference(profiles)
        #expect(try await linted(profiles) == expected)
        if index > 0 { #expect(expected.contains("error:")) }
    }

    /// Enough profiles that `lint` checks them on several threads: long chains with drops and replaces (some
    /// matching nothing), diamonds, overlays, an unknown parent, a cycle, a broken file and broken interpolation mixed
    /// in among clean profiles.
    @Test func aLargeSetCheckedOnEveryProcessorReportsWhatResolvingReports() async throws {
        var files: [String: String] = [
            "root.yml": "abstract: true\narguments: [-v, [-k, '1'], -q]\nenv: {A: '${HOME:-/h}'}\n",
            "cycle-a.yml": "extends: cycle-b\n", "cycle-b.yml": "extends: cycle-a\n",
            "orphan.yml": "extends: nowhere\narguments: [{drop: -v}]\n",
            "broken.yml": "env: [not, a, mapping]\n",
            "bad-env.yml": "extends: root\nenv: {B: '${B'}\n",
            // One key under two spellings, in neighbouring files (loaded by one thread) and far apart.
            "k-a.yml": "values: {pageSize: 1}\n", "k-b.yml": "extends: k-a\nvalues: {page_size: 2}\n",
            "p5.local.yml": "values: {retries: 1}\n",
        ]
        for index in 0..<150 {
            let parent = index < 10 ? "root" : "p\(index / 10 - 1)"
            var text = "extends: \(index % 7 == 3 ? "[\(parent), root]" : parent)\narguments:\n"
            switch index % 5 {
            case 0: text += "  - drop: -v\n"
            case 1: text += "  - replace: -k\n    with: [-k, '2']\n"
            case 2: text += "  - drop: -nothing-\(index)\n"
            case 3: text += "  - replace: -absent\n    with: -x\n"
            default: text += "  - -plain\n"
            }
            if index == 65 { text += "values: {Retries: 2}\n" }
            files["p\(index).yml"] = text
            if index % 11 == 0 { files["p\(index).local.yml"] = "arguments: [{drop: -q}]\n" }
        }
        let profiles = try TemporaryProfiles(files)
        let expected = try reference(profiles)
        #expect(expected.contains("nothing to drop"))
        #expect(expected.contains("cycle in `extends`"))
        #expect(expected.contains("are one key to the app"))
        #expect(try await linted(profiles) == expected)
    }

    /// A second `values` mapping (a duplicate key) is checked against the names of the first.
    @Test func aSecondValuesMappingIsCheckedAgainstTheFirst() throws {
        let text = "values:\n  a: 1\n  b.c: 2\nvalues:\n  a: 2\n  b:\n    c: 3\n"
        let document = try YAMLParser.parse(SourceFile(path: "p.yml", bytes: Array(text.utf8)))
        let (_, diagnostics) = ProfileDecoder.decode(document, name: "p", isOverlay: false)
        #expect(
            diagnostics.map { "\($0.location!.mark.line):\($0.location!.mark.column) \($0.message)" } == [
                "4:1 duplicate key `values`", "5:3 value `a` is set twice", "7:5 value `b.c` is set twice",
            ])
    }
}
