import Foundation
import ProfileGeneration
import TestSupport
import Testing

/// The generator's whole output, compared with the expected text here or with a golden file (`Golden`: regenerate
/// them with `PROFILE_UPDATE_GOLDEN=1 swift test --filter SwiftGeneratorTests`).
@Suite struct SwiftGeneratorTests {
    /// Where this suite's golden files are.
    static let golden = "Tests/ProfileCoreTests/Fixtures/Generated"

    /// Every golden file is one a test below compares with.
    @Test func everyGoldenFileIsCompared() {
        #expect(Golden.unused(in: Self.golden, names: ["public-access", "catalog-order", "safe-names"]) == [])
    }

    static let catalog = """
        flags:
          skipOnboarding: Skip the onboarding
        mocks:
          countries:
            description: Where countries come from
            variants: {live: The API, local-mock: Bundled}
        values:
          pageSize: {type: int, default: 20, minimum: 1, description: Per page}
          theme: {type: enum, cases: [light, dark], default: dark}
          token: {type: string}

        """

    static let files = [
        "_catalog.yml": catalog,
        "base.yml": "abstract: true\nenv: {LOG: info}\nvalues: {pageSize: 10}\n",
        "uitest.yml": """
        description: UI tests
        extends: base
        env: {HOME_COPY: "${HOME:-none}", LOG: null}
        arguments: [-UITests]
        flags: {skipOnboarding: true}
        mocks: {countries: local-mock}

        """,
        "plain.yml": "values: {theme: light}\n",
    ]

    static func generate(_ files: [String: String], access: SwiftGenerator.AccessLevel = .internal) throws
        -> (String?, String)
    {
        let profiles = try TemporaryProfiles(files)
        let repository = try profiles.repository()
        let generator = SwiftGenerator.forRepository(repository, options: GenerationOptions(access: access))
        return (generator?.render(), profiles.render(repository.diagnostics))
    }

    @Test func writesTheWholeShape() throws {
        let (output, diagnostics) = try Self.generate(Self.files)
        #expect(diagnostics == "")
        #expect(output == Self.expected)
    }

    /// What a UI test cannot be handed as generated is left out, named in the profile's comment, and warned about
    /// where it is written: a catalog secret (it was `<secret>`), and what takes a variable of the environment of the
    /// run without a default (`${HOME}/.cache` was `/.cache`), directly or through a variable built from one, an
    /// option with it. A `${VAR:-default}` keeps its default.
    @Test func leavesOutWhatATestCannotBeHandedAsGenerated() throws {
        let files = [
            "_catalog.yml": """
            values:
              apiToken: {type: string, secret: true}
              cacheDir: {type: string}
              apiURL: {type: url}
            env:
              SIGNING: {secret: true}

            """,
            "uitest.yml": """
            env:
              CACHE: ${HOME}/.cache
              LOGS: ${CACHE}/logs
              LOG: debug
              REGION: ${REGION:-eu}
              TOKEN: ${API_TOKEN:?set API_TOKEN}
              SIGNING: abc
              ESCAPED: $${HOME}
            arguments: [-UITests, --cache, '${HOME}/.cache', -v, --mode, '${MODE}']
            values:
              apiToken: literal-token
              cacheDir: ${HOME}/.cache
              apiURL: ${API_URL:-http://localhost:8080}

            """,
        ]
        let profiles = try TemporaryProfiles(files)
        let repository = try profiles.repository()
        let generator = try #require(SwiftGenerator.forRepository(repository))
        #expect(profiles.render(repository.diagnostics) == "")
        let output = generator.render()
        let start = try #require(output.range(of: "enum LaunchProfiles {"))
        let launchProfiles = String(output[start.lowerBound...])
        #expect(
            launchProfiles == #"""
                enum LaunchProfiles {
                    /// The profile `uitest`.
                    ///
                    /// Left out (secret, or taking the environment of the run; set them in the test): value `apiToken`, value
                    /// `cacheDir`, environment variable `CACHE`, environment variable `LOGS`, environment variable `TOKEN`, environment
                    /// variable `SIGNING`, arguments `--cache ${HOME}/.cache`, arguments `--mode ${MODE}`.
                    static let uitest = LaunchConfiguration(
                        name: "uitest",
                        launchArguments: [
                            "-UITests",
                            "-v",
                            "-apiURL",
                            "http://localhost:8080",
                        ],
                        launchEnvironment: [
                            "ESCAPED": "${HOME}",
                            "LOG": "debug",
                            "PROFILE_PAYLOAD": "profile/1;profile=uitest;value.apiURL=http://localhost:8080;argument=-UITests;"
                                + "argument=-v;env=LOG;env=REGION;env=ESCAPED;end",
                            "REGION": "eu",
                        ]
                    )

                    /// Every profile above, sorted by name.
                    static let all: [LaunchConfiguration] = [uitest]
                }

                """#)
        let rendered = profiles.render(generator.warnings)
        let warnings: [String] = rendered.split(separator: "\n").map(String.init).filter { $0.contains("warning:") }
        #expect(
            warnings == [
                "profiles/uitest.yml:2:3: warning: `LaunchProfiles.uitest` leaves out environment variable `CACHE`: it takes the environment of the run (`${HOME}/.cache`), "
                    + "which a generated file cannot hold; a UI test sets it with `.settingEnvironment(\"CACHE\", to: …)`",
                "profiles/uitest.yml:3:3: warning: `LaunchProfiles.uitest` leaves out environment variable `LOGS`: it takes the environment of the run (`${HOME}/.cache/logs`), "
                    + "which a generated file cannot hold; a UI test sets it with `.settingEnvironment(\"LOGS\", to: …)`",
                "profiles/uitest.yml:6:3: warning: `LaunchProfiles.uitest` leaves out environment variable `TOKEN`: it takes the environment of the run (`${API_TOKEN}`), "
                    + "which a generated file cannot hold; a UI test sets it with `.settingEnvironment(\"TOKEN\", to: …)`",
                "profiles/uitest.yml:7:3: warning: `LaunchProfiles.uitest` leaves out environment variable `SIGNING`: it is secret, "
                    + "which a generated file cannot hold; a UI test sets it with `.settingEnvironment(\"SIGNING\", to: …)`",
                "profiles/uitest.yml:9:23: warning: `LaunchProfiles.uitest` leaves out arguments `--cache ${HOME}/.cache`: it takes the environment of the run, "
                    + "which a generated file cannot hold; a UI test adds what it needs to `launchArguments` itself",
                "profiles/uitest.yml:9:54: warning: `LaunchProfiles.uitest` leaves out arguments `--mode ${MODE}`: it takes the environment of the run, "
                    + "which a generated file cannot hold; a UI test adds what it needs to `launchArguments` itself",
                "profiles/uitest.yml:11:3: warning: `LaunchProfiles.uitest` leaves out value `apiToken`: it is secret, "
                    + "which a generated file cannot hold; a UI test sets it with `.setting(\"apiToken\", to: …)`",
                "profiles/uitest.yml:12:3: warning: `LaunchProfiles.uitest` leaves out value `cacheDir`: it takes the environment of the run (`${HOME}/.cache`), "
                    + "which a generated file cannot hold; a UI test sets it with `.setting(\"cacheDir\", to: …)`",
            ])
    }

    /// A word is the value of the option before it as the runtime reads argv (`LaunchArguments.items`): not after
    /// `--`, where `-x` is an argument of its own and stays when the word after it is left out.
    @Test func afterDoubleDashALeftOutWordTakesNoOptionWithIt() throws {
        let profiles = try TemporaryProfiles([
            "_catalog.yml": "values:\n  a: {type: string}\n",
            "p.yml": "arguments: [--mode, '${MODE}', --, -x, '${MODE}']\n",
        ])
        let generator = try #require(SwiftGenerator.forRepository(try profiles.repository()))
        let warnings = profiles.render(generator.warnings).split(separator: "\n").filter { $0.contains("warning:") }
        #expect(
            warnings == [
                "profiles/p.yml:1:13: warning: `LaunchProfiles.p` leaves out arguments `--mode ${MODE}`: it takes the environment of the run, "
                    + "which a generated file cannot hold; a UI test adds what it needs to `launchArguments` itself",
                "profiles/p.yml:1:40: warning: `LaunchProfiles.p` leaves out argument `${MODE}`: it takes the environment of the run, "
                    + "which a generated file cannot hold; a UI test adds what it needs to `launchArguments` itself",
            ])
        let output = generator.render()
        let start = try #require(output.range(of: "enum LaunchProfiles {\n    /// The profile"))
        #expect(
            output[start.lowerBound...] == #"""
                enum LaunchProfiles {
                    /// The profile `p`.
                    ///
                    /// Left out (secret, or taking the environment of the run; set them in the test): arguments `--mode ${MODE}`,
                    /// argument `${MODE}`.
                    static let p = LaunchConfiguration(
                        name: "p",
                        launchArguments: [
                            "--",
                            "-x",
                        ],
                        launchEnvironment: [
                            "PROFILE_PAYLOAD": "profile/1;profile=p;argument=--;argument=-x;end",
                        ]
                    )

                    /// Every profile above, sorted by name.
                    static let all: [LaunchConfiguration] = [p]
                }

                """#)
    }

    @Test func runningTwiceGivesTheSameBytes() throws {
        let (first, _) = try Self.generate(Self.files)
        let (second, _) = try Self.generate(Self.files)
        #expect(first != nil)
        #expect(first == second)
    }

    /// `${HOME:-none}` is `none` although the test process has HOME set: the output never depends on the machine.
    @Test func profilesResolveAgainstAnEmptyEnvironment() throws {
        #expect(ProcessInfo.processInfo.environment["HOME"] != nil)
        let (output, _) = try Self.generate(Self.files)
        // The whole output: `"HOME_COPY": "none"`, and no `LOG` (the profile unsets it).
        #expect(output == Self.expected)
    }

    @Test func publicAccessMarksEveryDeclaration() throws {
        let (output, _) = try Self.generate(Self.files, access: .public)
        let text = try #require(output)
        #expect(text == Golden.text("public-access", in: Self.golden, writing: text))
        #expect(!text.contains("public case"))
        // Every declaration line (not cases, not comments, not continuation lines) is public.
        let declarations = text.split(separator: "\n").filter {
            let line = $0.drop { $0 == " " }
            return line.hasPrefix("enum ") || line.hasPrefix("static ")
        }
        #expect(declarations.isEmpty)
    }

    @Test func withoutACatalogThereIsNothingToGenerate() throws {
        let (output, diagnostics) = try Self.generate(["uitest.yml": "flags: {a: true}\n"])
        #expect(output == nil)
        #expect(diagnostics == "")
    }

    @Test func catalogErrorsStopGeneration() throws {
        let (output, diagnostics) = try Self.generate(["_catalog.yml": "values:\n  pageSize: {type: integer}\n"])
        #expect(output == nil)
        #expect(diagnostics.contains("unknown type `integer`"))
    }

    @Test func profileErrorsStopGeneration() throws {
        var files = Self.files
        files["broken.yml"] = "mocks: {countries: remote}\n"
        let (output, diagnostics) = try Self.generate(files)
        #expect(output == nil)
        #expect(diagnostics.contains("remote"))
    }

    @Test func catalogOrderIsKeptAndProfilesAreSorted() throws {
        let (output, _) = try Self.generate([
            "_catalog.yml": "flags: {zeta: z, alpha: a, mid: m}\n",
            "b.yml": "{}\n", "a.yml": "{}\n", "c.yml": "{}\n",
        ])
        let text = try #require(output)
        // `zeta`, `alpha`, `mid` as the catalog has them; `all` is `[a, b, c]`.
        #expect(text == Golden.text("catalog-order", in: Self.golden, writing: text))
    }

    @Test func namesAreMadeSafeAndUnique() throws {
        let (output, diagnostics) = try Self.generate([
            "_catalog.yml": """
            flags: {default: keyword, oauth2-token: first, oauth2Token: second}
            mocks:
              string: {variants: [none, self, mockKey, 2x], default: none}
              profile-flags: [x]
            values:
              names: {type: enum, cases: [a], default: a}
              count: {type: int}

            """,
            "all.yml": "{}\n",
        ])
        #expect(diagnostics == "")
        let text = try #require(output)
        // `default` quoted, `oauth2Token` and `oauth2Token2`, `StringMock` and `ProfileFlagsMock`, `Self.none`, the cases
        // `self`, `mockKey_` and `_2x`, `NamesValue`, `all_`.
        #expect(text == Golden.text("safe-names", in: Self.golden, writing: text))
    }

    @Test func theHeaderNamesTheCatalogTheSameFromAnyWorkingDirectory() throws {
        let profiles = try TemporaryProfiles(["_catalog.yml": "{}\n"])
        let absolute = profiles.directory + "/_catalog.yml"
        #expect(SwiftGenerator.displayPath(of: absolute) == "profiles/_catalog.yml")
        #expect(SwiftGenerator.displayPath(of: profiles.directory + "/./_catalog.yml") == "profiles/_catalog.yml")
        #expect(
            SwiftGenerator.displayPath(of: profiles.directory + "/../profiles/_catalog.yml") == "profiles/_catalog.yml")
        // Relative to the working directory (tests run in parallel: it is read, never changed).
        let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
        let relative = String(repeating: "../", count: depth) + absolute.dropFirst()
        #expect(SwiftGenerator.displayPath(of: relative) == "profiles/_catalog.yml")
    }

    /// watchOS's `Int` is 32 bits: a catalog `int` whose default, minimum or maximum does not fit is an `Int64` key
    /// (`ValueKey<Int>("fileLimit", default: 5_000_000_000)` would not compile there), read without a default through
    /// `value(Int64.self, forKey:)`; the others stay `Int`, the 32-bit bounds included.
    @Test func integersBeyond32BitsAreInt64Keys() throws {
        let catalog = """
            values:
              pageSize: {type: int, default: 20, minimum: -2147483648, maximum: 2147483647}
              fileLimit: {type: int, default: 5000000000, description: Largest upload in bytes}
              retries: {type: int, default: 3, maximum: 3000000000}
              floor: {type: int, default: 0, minimum: -2147483649}
              shift: {type: int, minimum: -3000000000}
              count: {type: int}

            """
        let (output, diagnostics) = try Self.generate(["_catalog.yml": catalog])
        #expect(diagnostics == "")
        #expect(output == Self.wideIntegers)
    }

    static let wideIntegers = """
        // Generated by `profile generate swift` from profiles/_catalog.yml. Do not edit.

        import ProfileRuntime

        /// The flags the catalog declares: `ActiveProfile.current.isEnabled(ProfileFlags.skipOnboarding)`.
        enum ProfileFlags {
        }

        /// The values the catalog declares: `ActiveProfile.current.value(ProfileValues.pageSize)`.
        enum ProfileValues {
            /// The value `pageSize`.
            ///
            /// From -2147483648 to 2147483647.
            static let pageSize = ValueKey<Int>("pageSize", default: 20)
            /// Largest upload in bytes
            static let fileLimit = ValueKey<Int64>("fileLimit", default: 5_000_000_000)
            /// The value `retries`.
            ///
            /// At most 3000000000.
            static let retries = ValueKey<Int64>("retries", default: 3)
            /// The value `floor`.
            ///
            /// At least -2147483649.
            static let floor = ValueKey<Int64>("floor", default: 0)

            /// The keys of the values declared without a default, which a `ValueKey` cannot express. Read them
            /// with the optional reads, `nil` when unset: `ActiveProfile.current.string(forKey: ProfileValues.Names.token)`.
            enum Names {
                /// The value `shift`.
                ///
                /// At least -3000000000.
                ///
                /// Read with `value(Int64.self, forKey:)`.
                static let shift = "shift"
                /// The value `count`.
                ///
                /// Read with `int(forKey:)`.
                static let count = "count"
            }

            /// The catalog's defaults, the runtime's lowest source once registered:
            /// `let profile = ActiveProfile.current.registering(defaults: ProfileValues.defaults)`;
            /// then typed reads and `decode` see them where nothing else sets the key.
            static let defaults: [String: String] = [
                "pageSize": "20",
                "fileLimit": "5000000000",
                "retries": "3",
                "floor": "0",
            ]
        }

        /// The runnable profiles as a launched app receives them, for UI tests that launch the app themselves:
        /// `app.launchArguments = LaunchProfiles.uitest.launchArguments` and
        /// `app.launchEnvironment = LaunchProfiles.uitest.launchEnvironment`.
        ///
        /// Resolved when this file was generated, as if no environment variable were set, so the file is the same on
        /// every machine: `${VAR:-default}` is its default. Variables a profile unsets are left out, and so are the
        /// entries a generated file cannot hold (each profile's comment names them): secrets, and what takes a
        /// variable of the environment of the run without a default (`${HOME}/.cache`); set those in the test, with
        /// `setting(_:to:)` and `settingEnvironment(_:to:)`.
        enum LaunchProfiles {
            /// Every profile above, sorted by name.
            static let all: [LaunchConfiguration] = []
        }

        """

    static let expected = """
        // Generated by `profile generate swift` from profiles/_catalog.yml. Do not edit.

        import ProfileRuntime

        /// Where countries come from
        enum Countries: String, MockPoint, CaseIterable, Sendable {
            static let mockKey = "countries"
            static let defaultVariant: Self? = .live

            /// The API
            case live
            /// Bundled
            case localMock = "local-mock"
        }

        /// The flags the catalog declares: `ActiveProfile.current.isEnabled(ProfileFlags.skipOnboarding)`.
        enum ProfileFlags {
            /// Skip the onboarding
            static let skipOnboarding = FlagKey("skipOnboarding", default: false)
        }

        /// The values the catalog declares: `ActiveProfile.current.value(ProfileValues.pageSize)`.
        enum ProfileValues {
            /// Per page
            ///
            /// At least 1.
            static let pageSize = ValueKey<Int>("pageSize", default: 20)

            /// The cases of `theme`.
            enum Theme: String, CaseIterable, Sendable {
                case light
                case dark
            }

            /// The value `theme`.
            static let theme = ValueKey<Theme>("theme", default: .dark)

            /// The keys of the values declared without a default, which a `ValueKey` cannot express. Read them
            /// with the optional reads, `nil` when unset: `ActiveProfile.current.string(forKey: ProfileValues.Names.token)`.
            enum Names {
                /// The value `token`.
                ///
                /// Read with `string(forKey:)`.
                static let token = "token"
            }

            /// The catalog's defaults, the runtime's lowest source once registered:
            /// `let profile = ActiveProfile.current.registering(defaults: ProfileValues.defaults)`;
            /// then typed reads and `decode` see them where nothing else sets the key.
            static let defaults: [String: String] = [
                "pageSize": "20",
                "theme": "dark",
            ]
        }

        /// The runnable profiles as a launched app receives them, for UI tests that launch the app themselves:
        /// `app.launchArguments = LaunchProfiles.uitest.launchArguments` and
        /// `app.launchEnvironment = LaunchProfiles.uitest.launchEnvironment`.
        ///
        /// Resolved when this file was generated, as if no environment variable were set, so the file is the same on
        /// every machine: `${VAR:-default}` is its default. Variables a profile unsets are left out, and so are the
        /// entries a generated file cannot hold (each profile's comment names them): secrets, and what takes a
        /// variable of the environment of the run without a default (`${HOME}/.cache`); set those in the test, with
        /// `setting(_:to:)` and `settingEnvironment(_:to:)`.
        enum LaunchProfiles {
            /// The profile `plain`.
            static let plain = LaunchConfiguration(
                name: "plain",
                launchArguments: [
                    "-theme",
                    "light",
                ],
                launchEnvironment: [
                    "PROFILE_PAYLOAD": "profile/1;profile=plain;value.theme=light;end",
                ]
            )

            /// UI tests
            static let uitest = LaunchConfiguration(
                name: "uitest",
                launchArguments: [
                    "-UITests",
                    "-skipOnboarding",
                    "YES",
                    "-countries",
                    "local-mock",
                    "-pageSize",
                    "10",
                ],
                launchEnvironment: [
                    "HOME_COPY": "none",
                    "PROFILE_PAYLOAD": "profile/1;profile=uitest;flag.skipOnboarding=1;mock.countries=local-mock;"
                        + "value.pageSize=10;argument=-UITests;env=HOME_COPY;end",
                ]
            )

            /// Every profile above, sorted by name.
            static let all: [LaunchConfiguration] = [plain, uitest]
        }

        """
}
