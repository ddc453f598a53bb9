import ProfileResolution
import Testing

@Suite struct CatalogCheckerTests {
    let catalog = """
        flags: {skipOnboarding: Skip, analytics: Send}
        mocks:
          countries: {variants: [live, local-mock]}
        values:
          pageSize: {type: int, minimum: 1, maximum: 100}
          ratio: {type: double}
          name: {type: string}
          on: {type: bool}
          endpoint: {type: url}
          theme: {type: enum, cases: [light, dark, system]}
          token: {type: string, secret: true}
        env:
          API_TOKEN: {secret: true}
        """

    func check(_ profile: String, overrides: Overrides = Overrides()) throws -> (ResolvedProfile?, [String]) {
        let profiles = try TemporaryProfiles(["_catalog.yml": catalog, "p.yml": profile])
        let (resolved, rendered) = try profiles.resolve(
            ["p"], overrides: overrides, environment: [("TOKEN_SRC", "t0k")])
        return (resolved, rendered.split(separator: "\n").filter { $0.contains(": error: ") }.map(String.init))
    }

    @Test func theIssueBarFourMistakes() throws {
        let (resolved, problems) = try check(
            "extends: bsae\nflags: {skipOnbording: true}\nmocks: {countries: local-mok}\nvalues: {pageSize: many}\n")
        #expect(resolved == nil)
        #expect(
            problems == [
                "profiles/p.yml:1:10: error: unknown profile `bsae`",
                "profiles/p.yml:2:9: error: unknown flag `skipOnbording`: the catalog (profiles/_catalog.yml) does not declare it; did you mean `skipOnboarding`?",
                "profiles/p.yml:3:20: error: unknown variant `local-mok` for mock point `countries` (variants: `live`, `local-mock`); did you mean `local-mock`?",
                "profiles/p.yml:4:20: error: `pageSize` is an int; `many` is not",
            ])
    }

    @Test func valuesAreTypedByTheCatalog() throws {
        let (resolved, problems) = try check(
            "values: {pageSize: 5, ratio: 2, name: 42, on: true, endpoint: 'https://x.dev', theme: dark}\n")
        #expect(problems == [])
        #expect(
            resolved?.values.map { "\($0.key)=\($0.value.text):\($0.value.typeName)" } == [
                "endpoint=https://x.dev:string", "name=42:string", "on=true:bool", "pageSize=5:int", "ratio=2:double",
                "theme=dark:string",
            ])
    }

    @Test func wrongTypesAndRanges() throws {
        let (_, problems) = try check(
            "values: {pageSize: 0, ratio: fast, on: 'yes', endpoint: not a url, theme: drak, name: [x]}\n")
        #expect(
            problems == [
                "profiles/p.yml:1:20: error: `pageSize` must be at least 1; `0` is smaller",
                "profiles/p.yml:1:30: error: `ratio` is a double; `fast` is not",
                "profiles/p.yml:1:40: error: `on` is a bool (`true` or `false`); `yes` is not",
                "profiles/p.yml:1:57: error: `endpoint` is an absolute URL (`https://…`); `not a url` is not",
                "profiles/p.yml:1:75: error: `theme` is one of `light`, `dark`, `system`; `drak` is not; did you mean `dark`?",
                "profiles/p.yml:1:87: error: value `name` must be a scalar (string, int, double or bool); lists are not supported",
            ])
    }

    @Test func quotedNumbersAreNotInts() throws {
        let (_, problems) = try check("values: {pageSize: '5'}\n")
        #expect(
            problems == [
                "profiles/p.yml:1:20: error: `pageSize` is an int; `5` is quoted, which makes it a string: write it without quotes"
            ])
    }

    @Test func interpolatedValuesAreCheckedOnceInterpolated() throws {
        let (_, problems) = try check("env: {N: '7'}\nvalues: {pageSize: '${N}0000'}\n")
        #expect(problems == ["profiles/p.yml:2:10: error: `pageSize` must be at most 100; `70000` is larger"])
    }

    @Test func overridesAreChecked() throws {
        let source = CommandLineSource(arguments: [
            "run", "p", "--enable", "analytcs", "--mock", "countries=mock", "--value", "pageSize=x",
        ])
        let overrides = Overrides(items: [
            .enable(source.located("analytcs", argument: 3)),
            .mock(source.located("countries", argument: 5), source.located("mock", argument: 5, offset: 10)),
            .value(source.located("pageSize", argument: 7), source.located("x", argument: 7, offset: 9)),
        ])
        let (_, problems) = try check("{}\n", overrides: overrides)
        #expect(
            problems == [
                "command line:1:24: error: unknown flag `analytcs`: the catalog (profiles/_catalog.yml) does not declare it; did you mean `analytics`?",
                "command line:1:50: error: unknown variant `mock` for mock point `countries` (variants: `live`, `local-mock`)",
                "command line:1:72: error: `pageSize` is an int; `x` is not",
            ])
    }

    @Test func secretsAreHidden() throws {
        let (resolved, _) = try check("env: {API_TOKEN: literal-token}\nvalues: {token: abc}\n")
        #expect(resolved?.environment.first?.display == "<secret>")
        #expect(resolved?.environment.first?.isSecret == true)
        #expect(resolved?.environment.first?.value == "literal-token")
        #expect(resolved?.values.first?.display == "<secret>")
        let text = ShowRenderer().text(try #require(resolved))
        #expect(!text.contains("literal-token") && !text.contains("abc"))
        #expect(ShowRenderer(reveal: true).text(try #require(resolved)).contains("literal-token"))
    }

    @Test func withoutACatalogNothingIsChecked() throws {
        let profiles = try TemporaryProfiles(["p.yml": "flags: {anything: true}\nvalues: {pageSize: many}\n"])
        let (resolved, diagnostics) = try profiles.resolve(["p"])
        #expect(diagnostics == "")
        #expect(resolved?.values.first?.value == .string("many"))
    }
}
