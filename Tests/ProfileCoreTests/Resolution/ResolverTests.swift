import ProfileModel
import ProfileResolution
import Testing

/// One test per merge rule written in the README ("Merge rules").
@Suite struct ResolverTests {
    // Rule 1: parents apply in the order listed (later wins), the profile itself last.
    @Test func extendsAppliesParentsInOrderLaterWins() throws {
        let profiles = try TemporaryProfiles([
            "a.yml": "values: {who: a, onlyA: 1}\n",
            "b.yml": "values: {who: b}\n",
            "child.yml": "extends: [a, b]\nvalues: {mine: 1}\n",
        ])
        let (resolved, diagnostics) = try profiles.resolve(["child"])
        #expect(diagnostics == "")
        #expect(resolved?.chain == ["a", "b", "child"])
        #expect(resolved?.values.map { "\($0.key)=\($0.value.text)" } == ["mine=1", "onlyA=1", "who=b"])
    }

    // Rule 2: a shared ancestor (a diamond) applies once, at its first place.
    @Test func diamondAppliesTheSharedAncestorOnce() throws {
        let profiles = try TemporaryProfiles([
            "base.yml": "env: {PATH: '${PATH}:/base'}\n",
            "left.yml": "extends: base\n",
            "right.yml": "extends: base\n",
            "child.yml": "extends: [left, right]\n",
        ])
        let (resolved, diagnostics) = try profiles.resolve(["child"], environment: [("PATH", "/bin")])
        #expect(diagnostics == "")
        #expect(resolved?.chain == ["base", "left", "right", "child"])
        #expect(resolved?.environmentSummary == ["PATH=/bin:/base"])
    }

    // Rule 3: the `.local` overlay applies right after its profile, so children of the profile see it too.
    @Test func overlayAppliesRightAfterItsProfile() throws {
        let profiles = try TemporaryProfiles([
            "base.yml": "values: {server: shared, port: 80}\n",
            "base.local.yml": "values: {server: mine}\n",
            "child.yml": "extends: base\nvalues: {port: 8080}\n",
        ])
        let (resolved, _) = try profiles.resolve(["child"])
        #expect(resolved?.chain == ["base", "base.local", "child"])
        #expect(resolved?.values.map { "\($0.key)=\($0.value.text)" } == ["port=8080", "server=mine"])
    }

    // Rule 4: several profiles on the command line apply like a profile extending them in that order.
    @Test func severalProfilesApplyInTheOrderGiven() throws {
        let profiles = try TemporaryProfiles([
            "uitest.yml": "flags: {skipOnboarding: true}\nmocks: {network: stub}\n",
            "offline.yml": "mocks: {network: offline}\n",
        ])
        let (resolved, _) = try profiles.resolve(["uitest", "offline"])
        #expect(resolved?.names == ["uitest", "offline"])
        #expect(resolved?.mocks.map(\.value) == ["offline"])
        let (reversed, _) = try profiles.resolve(["offline", "uitest"])
        #expect(reversed?.mocks.map(\.value) == ["stub"])
    }

    // Rule 5: env entries apply in order, parents' first; each reference sees the environment built so far.
    @Test func environmentAppliesInOrderLikeAShell() throws {
        let profiles = try TemporaryProfiles([
            "base.yml": "env:\n  HOST: base.example\n  URL: https://${HOST}/api\n",
            "child.yml": "extends: base\nenv:\n  HOST: child.example\n  PATH: ${PATH}:/opt/tools/bin\n  SEEN: ${URL}\n",
        ])
        let (resolved, diagnostics) = try profiles.resolve(["child"], environment: [("PATH", "/usr/bin")])
        #expect(diagnostics == "")
        // URL was built when HOST was still base.example: later entries do not re-evaluate earlier ones.
        #expect(
            resolved?.environmentSummary == [
                "HOST=child.example", "URL=https://base.example/api", "PATH=/usr/bin:/opt/tools/bin",
                "SEEN=https://base.example/api",
            ])
        #expect(resolved?.childEnvironment["PATH"] == "/usr/bin:/opt/tools/bin")
    }

    // Rule 6: `null` unsets a variable, inherited or set by a parent; a later entry can set it again.
    @Test func nullUnsetsInheritedAndParentVariables() throws {
        let profiles = try TemporaryProfiles([
            "base.yml": "env: {API_URL: https://example.com, HOME: null}\n",
            "child.yml": "extends: base\nenv: {API_URL: ~}\n",
        ])
        let (resolved, _) = try profiles.resolve(["child"], environment: [("HOME", "/root"), ("KEEP", "1")])
        #expect(resolved?.environmentSummary == ["-API_URL", "-HOME"])
        #expect(resolved?.childEnvironment["HOME"] == nil)
        #expect(resolved?.childEnvironment["API_URL"] == nil)
        #expect(resolved?.childEnvironment["KEEP"] == "1")
    }

    // Rule 7a: arguments append in order, parents' first, groups intact.
    @Test func argumentsAppendInOrder() throws {
        let profiles = try TemporaryProfiles([
            "base.yml": "arguments: [-b1, [-AppleLanguages, '(en)'], -b2]\n",
            "child.yml": "extends: base\narguments: [-c1]\n",
        ])
        let (resolved, _) = try profiles.resolve(["child"])
        #expect(resolved?.arguments.map(\.value) == ["-b1", "-AppleLanguages", "(en)", "-b2", "-c1"])
    }

    // Rule 7b: `drop: X` removes every inherited item whose first argument is X (a group goes whole).
    @Test func dropRemovesInheritedItems() throws {
        let profiles = try TemporaryProfiles([
            "base.yml": "arguments: [-verbose, [-AppleLanguages, '(en)'], -keep]\n",
            "child.yml": "extends: base\narguments:\n  - drop: -AppleLanguages\n  - drop: -verbose\n",
        ])
        let (resolved, _) = try profiles.resolve(["child"])
        #expect(resolved?.arguments.map(\.value) == ["-keep"])
    }

    // Rule 7c: `replace: X` with `with:` replaces the inherited item in place, keeping the author's order.
    @Test func replaceKeepsThePlace() throws {
        let profiles = try TemporaryProfiles([
            "base.yml": "arguments: [-first, [-AppleLanguages, '(en)'], -last]\n",
            "child.yml":
                "extends: base\narguments:\n  - replace: -AppleLanguages\n    with: [-AppleLanguages, '(fr)']\n",
        ])
        let (resolved, _) = try profiles.resolve(["child"])
        #expect(resolved?.arguments.map(\.value) == ["-first", "-AppleLanguages", "(fr)", "-last"])
    }

    // Rule 7d: a drop or replace that matches nothing inherited is an error (a typo would otherwise pass).
    @Test func dropOfNothingIsAnError() throws {
        let profiles = try TemporaryProfiles([
            "base.yml": "arguments: [-verbose]\n",
            "child.yml": "extends: base\narguments:\n  - drop: -verbos\n",
        ])
        let (resolved, diagnostics) = try profiles.resolve(["child"])
        #expect(resolved == nil)
        #expect(
            diagnostics == """
                profiles/child.yml:3:11: error: nothing to drop: no inherited argument starts with `-verbos` (inherited: `-verbose`); did you mean `-verbose`?
                  - drop: -verbos
                          ^~~~~~~

                """)
    }

    // Rule 8: flags: the last setting wins, so a child can switch an inherited flag off; a list switches on.
    @Test func childCanSwitchAnInheritedFlagOff() throws {
        let profiles = try TemporaryProfiles([
            "base.yml": "flags: [analytics, skipOnboarding]\n",
            "child.yml": "extends: base\nflags: {analytics: false}\n",
        ])
        let (resolved, _) = try profiles.resolve(["child"])
        #expect(resolved?.flagSummary == ["analytics=off", "skipOnboarding=on"])
        #expect(resolved?.payload.flags == ["analytics": false, "skipOnboarding": true])
    }

    // Rule 9: mocks: one variant per mock point, the last setting wins.
    @Test func mocksLastWins() throws {
        let profiles = try TemporaryProfiles([
            "base.yml": "mocks: {countries: live, clock: system}\n",
            "child.yml": "extends: base\nmocks: {countries: local-mock}\n",
        ])
        let (resolved, _) = try profiles.resolve(["child"])
        #expect(resolved?.mocks.map { "\($0.key)=\($0.value)" } == ["clock=system", "countries=local-mock"])
    }

    // Rule 10: values: last wins, `null` removes an inherited value, nested mappings become dotted keys.
    @Test func valuesLastWinsNullRemovesNestedFlatten() throws {
        let profiles = try TemporaryProfiles([
            "base.yml": "values:\n  http:\n    timeout: 5\n    retries: 3\n  banner: hi\n",
            "child.yml": "extends: base\nvalues:\n  http.timeout: 2.5\n  banner: null\n",
        ])
        let (resolved, _) = try profiles.resolve(["child"])
        #expect(
            resolved?.values.map { "\($0.key)=\($0.value.text):\($0.value.typeName)" } == [
                "http.retries=3:int", "http.timeout=2.5:double",
            ])
    }

    // Rule 11: `description` and `abstract` belong to their file; they are not inherited.
    @Test func abstractIsNotInherited() throws {
        let profiles = try TemporaryProfiles([
            "base.yml": "description: base\nabstract: true\n",
            "child.yml": "extends: base\n",
        ])
        let (resolved, diagnostics) = try profiles.resolve(["child"])
        #expect(diagnostics == "")
        #expect(resolved?.description == nil)
        let (_, refused) = try profiles.resolve(["base"])
        #expect(
            refused == """
                command line:1:13: error: profile `base` is abstract: it can be extended, not run
                profile run base
                            ^~~~
                profiles/base.yml:2:1: note: declared abstract here
                abstract: true
                ^~~~~~~~

                """)
    }

    // Rule 12: command-line overrides apply after every profile and overlay, in the order given.
    @Test func overridesApplyLastInOrder() throws {
        let profiles = try TemporaryProfiles([
            "app.yml": "flags: {a: true}\nmocks: {net: live}\nvalues: {n: 1}\nenv: {X: file, Y: keep}\n",
            "app.local.yml": "values: {n: 2}\n",
        ])
        let source = CommandLineSource(arguments: [])
        func at(_ text: String) -> Located<String> { source.located(text, argument: 0) }
        let overrides = Overrides(items: [
            .disable(at("a")), .enable(at("b")), .enable(at("a")), .mock(at("net"), at("stub")),
            .value(at("n"), at("3")), .setEnvironment(at("X"), at("${literal}")), .unsetEnvironment(at("Y")),
        ])
        let (resolved, _) = try profiles.resolve(["app"], overrides: overrides, environment: [("Y", "inherited")])
        #expect(resolved?.flagSummary == ["a=on", "b=on"])
        #expect(resolved?.mocks.map(\.value) == ["stub"])
        #expect(resolved?.values.map(\.value.text) == ["3"])
        #expect(resolved?.environmentSummary == ["X=${literal}", "-Y"])
    }

    // Rule 13: arguments and string values may refer to the final environment.
    @Test func argumentsAndValuesSeeTheFinalEnvironment() throws {
        let profiles = try TemporaryProfiles([
            "app.yml": "env: {PORT: '8080'}\narguments: ['--port=${PORT}']\nvalues: {url: 'http://localhost:${PORT}'}\n"
        ])
        let (resolved, _) = try profiles.resolve(["app"])
        #expect(resolved?.arguments.map(\.value) == ["--port=8080"])
        #expect(resolved?.values.first?.value == .string("http://localhost:8080"))
    }

    @Test func cyclesAreErrorsNamingTheChain() throws {
        let profiles = try TemporaryProfiles([
            "a.yml": "extends: b\n",
            "b.yml": "extends: c\n",
            "c.yml": "extends: a\n",
        ])
        let (resolved, diagnostics) = try profiles.resolve(["a"])
        #expect(resolved == nil)
        #expect(
            diagnostics == """
                profiles/c.yml:1:10: error: cycle in `extends`: `a` → `b` → `c` → `a`
                extends: a
                         ^

                """)
    }

    @Test func selfExtensionIsACycle() throws {
        let profiles = try TemporaryProfiles(["a.yml": "extends: a\n"])
        let (_, diagnostics) = try profiles.resolve(["a"])
        #expect(diagnostics.hasPrefix("profiles/a.yml:1:10: error: cycle in `extends`: `a` → `a`"))
    }

    @Test func unknownParentAndProfileSuggestNearMisses() throws {
        let profiles = try TemporaryProfiles([
            "uitest.yml": "extends: bsae\n",
            "base.yml": "{}\n",
        ])
        let (_, diagnostics) = try profiles.resolve(["uitset"])
        #expect(
            diagnostics == """
                command line:1:13: error: unknown profile `uitset`; did you mean `uitest`?
                profile run uitset
                            ^~~~~~

                """)
        let (_, parent) = try profiles.resolve(["uitest"])
        #expect(
            parent == """
                profiles/uitest.yml:1:10: error: unknown profile `bsae`; did you mean `base`?
                extends: bsae
                         ^~~~

                """)
    }

    @Test func allProblemsAreReportedAtOnce() throws {
        let profiles = try TemporaryProfiles([
            "a.yml": "extends: [missing, b]\nenv: {X: '${NOPE:?is required}'}\nflgs: {}\n",
            "b.yml": "env: {Y: '${unterminated'}\n",
        ])
        let (resolved, diagnostics) = try profiles.resolve(["a"])
        #expect(resolved == nil)
        let headlines = diagnostics.split(separator: "\n").filter { $0.contains("error:") }
        #expect(
            headlines == [
                "profiles/a.yml:1:11: error: unknown profile `missing`",
                "profiles/a.yml:2:11: error: `NOPE` is not set: is required",
                "profiles/a.yml:3:1: error: unknown key `flgs` in a profile; did you mean `flags`?",
                "profiles/b.yml:1:11: error: unterminated `${`: add the closing `}` (or write `$$` for a literal `$`)",
            ])
    }

    @Test func lintDoesNotRequireVariablesToBeSet() throws {
        let profiles = try TemporaryProfiles(["a.yml": "env: {TOKEN: '${API_TOKEN:?set it}'}\n"])
        let (resolved, diagnostics) = try profiles.resolve(["a"], purpose: .lint)
        #expect(diagnostics == "")
        #expect(resolved != nil)
    }

    // Rule 14: the profile's arguments go before the command's own first `--`, else after its arguments.
    @Test func argumentsGoBeforeTheCommandsOwnSeparator() throws {
        let profiles = try TemporaryProfiles(["app.yml": "arguments: [-UITests, [-pageSize, '5']]\n"])
        let (resolved, _) = try profiles.resolve(["app"])
        let profile = try #require(resolved)
        #expect(profile.argv(command: ["cmd", "-v"]) == ["cmd", "-v", "-UITests", "-pageSize", "5"])
        #expect(
            profile.argv(command: ["cmd", "-v", "--", "file.txt", "--"])
                == ["cmd", "-v", "-UITests", "-pageSize", "5", "--", "file.txt", "--"])
        #expect(profile.argv(command: ["cmd", "--"]) == ["cmd", "-UITests", "-pageSize", "5", "--"])
        #expect(profile.argv(command: ["--", "x"]) == ["--", "x", "-UITests", "-pageSize", "5"])
        let (plain, _) = try TemporaryProfiles(["p.yml": "flags: [a]\n"]).resolve(["p"])
        #expect(plain?.argv(command: ["cmd", "--", "f"]) == ["cmd", "--", "f"])
    }

    @Test func payloadIsWrittenForTheChild() throws {
        let profiles = try TemporaryProfiles([
            "app.yml": "flags: [fast]\nmocks: {net: stub}\nvalues: {n: 5}\narguments: [-x]\nenv: {A: '1'}\n"
        ])
        let (resolved, _) = try profiles.resolve(["app"])
        #expect(
            resolved?.childEnvironment["PROFILE_PAYLOAD"]
                == "profile/1;profile=app;flag.fast=1;mock.net=stub;value.n=5;argument=-x;env=A;end")
    }

    @Test func thePayloadVariableIsReserved() throws {
        let profiles = try TemporaryProfiles(["app.yml": "env: {PROFILE_PAYLOAD: x}\n"])
        let (_, diagnostics) = try profiles.resolve(["app"])
        #expect(diagnostics.hasPrefix("profiles/app.yml:1:7: error: `PROFILE_PAYLOAD` is reserved"))
    }

    @Test func inheritedValuesAreDisplayedAsReferences() throws {
        let profiles = try TemporaryProfiles([
            "app.yml": "env:\n  TOKEN: ${API_TOKEN}\n  AUTH: Bearer ${TOKEN}\n  PLAIN: text\n"
        ])
        let (resolved, _) = try profiles.resolve(["app"], environment: [("API_TOKEN", "s3cret")])
        let changes = try #require(resolved?.environment)
        #expect(changes.map(\.value) == ["s3cret", "Bearer s3cret", "text"])
        #expect(changes.map(\.display) == ["${API_TOKEN}", "Bearer ${API_TOKEN}", "text"])
        #expect(changes.map(\.usesInvokingEnvironment) == [true, true, false])
    }
}
