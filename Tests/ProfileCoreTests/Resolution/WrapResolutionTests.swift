import ProfilePlatform
import ProfileResolution
import ProfileRuntime
import Testing

/// The merge rules of wrapping a command (README, "Merge rules" 15 and 16): `appendArguments`, and a profile
/// applied on top of the outer one an enclosing `profile shell` or `profile run` applied.
@Suite struct WrapResolutionTests {
    /// Resolves `names` on top of `outer` (a payload, as the invoking environment would hold it).
    func resolve(
        _ profiles: TemporaryProfiles, _ names: [String], outer: ProfilePayload? = nil,
        environment: [(String, String)] = []
    ) throws -> (ResolvedProfile?, String) {
        let repository = try profiles.repository()
        let source = CommandLineSource(arguments: ["run"] + names)
        let located = names.enumerated().map { source.located($0.element, argument: $0.offset + 1) }
        let resolved = Resolver(repository: repository).resolve(
            located, environment: EnvironmentTable(environment), purpose: .run, outer: outer.map(OuterProfile.init))
        return (resolved, profiles.render(repository.diagnostics))
    }

    // Rule 15: `appendArguments: false` is inherited; the last file of the chain that sets it wins.
    @Test func appendArgumentsIsInheritedAndTheLastSettingWins() throws {
        let profiles = try TemporaryProfiles([
            "uitest.yml": "arguments: [-UITests]\n",
            "tools.yml": "extends: uitest\nappendArguments: false\n",
            "toolsChild.yml": "extends: tools\n",
            "appAgain.yml": "extends: tools\nappendArguments: yes\n",
            "tools.local.yml": "values: {mine: 1}\n",
        ])
        let (uitest, _) = try resolve(profiles, ["uitest"])
        #expect(uitest?.appendsArguments == true)
        #expect(uitest?.argv(command: ["app"]) == ["app", "-UITests"])
        let (tools, diagnostics) = try resolve(profiles, ["tools"])
        #expect(diagnostics == "")
        #expect(tools?.appendsArguments == false)
        #expect(tools?.argv(command: ["swift", "test"]) == ["swift", "test"])
        #expect(tools?.payload.arguments == ["-UITests"])
        #expect(tools?.appendArgumentsOrigin?.shortDescription.hasSuffix("tools.yml:2") == true)
        #expect(try resolve(profiles, ["toolsChild"]).0?.appendsArguments == false)
        #expect(try resolve(profiles, ["appAgain"]).0?.appendsArguments == true)
        // Several profiles on the command line: like a profile extending them, the later one decides.
        #expect(try resolve(profiles, ["tools", "uitest"]).0?.appendsArguments == false)
        #expect(try resolve(profiles, ["tools", "appAgain"]).0?.appendsArguments == true)
    }

    @Test func appendArgumentsTakesABoolean() throws {
        let profiles = try TemporaryProfiles(["p.yml": "appendArguments: sometimes\nnoArguments: true\n"])
        let (resolved, diagnostics) = try resolve(profiles, ["p"])
        #expect(resolved == nil)
        #expect(
            diagnostics.contains("`appendArguments` takes `true` or `false`; this is `sometimes`"), "\(diagnostics)")
        #expect(diagnostics.contains("did you mean `appendArguments`?"), "\(diagnostics)")
    }

    // Rule 16: on top of an outer profile, its typed layer and arguments are the starting point.
    @Test func anOuterProfileIsTheStartingPoint() throws {
        let profiles = try TemporaryProfiles([
            "offline.yml": """
            env: {NET: off}
            arguments: [-offline, {drop: -AppleLanguages}]
            flags: {analytics: false}
            mocks: {network: offline}
            values: {pageSize: 3}
            """
        ])
        let outer = ProfilePayload(
            profiles: ["uitest"], flags: ["analytics": true, "skipOnboarding": true], mocks: ["network": "stub"],
            values: ["pageSize": "5", "greeting": "${not interpolated}", "name": "True"],
            arguments: ["-UITests", "-AppleLanguages", "(en)"], environmentKeys: ["LOG_LEVEL", "NET"])
        let (resolved, diagnostics) = try resolve(profiles, ["offline"], outer: outer)
        #expect(diagnostics == "")
        let profile = try #require(resolved)
        #expect(profile.names == ["offline"])
        #expect(profile.allNames == ["uitest", "offline"])
        #expect(profile.activeName == "uitest+offline")
        #expect(profile.flagSummary == ["analytics=off", "skipOnboarding=on"])
        #expect(profile.mocks.map { "\($0.key)=\($0.value)" } == ["network=offline"])
        #expect(
            profile.values.map { "\($0.key)=\($0.value.text) (\($0.value.typeName))" } == [
                "greeting=${not interpolated} (string)", "name=True (string)", "pageSize=3 (int)",
            ])
        // The drop removes the outer `-AppleLanguages (en)` pair, as the runtime reads it.
        #expect(profile.argv(command: ["app"]) == ["app", "-UITests", "-offline"])
        // Entries from the outer profile point at it; its values are hidden unless revealed.
        #expect(profile.flags[1].origin.description == "$PROFILE_PAYLOAD")
        #expect(profile.values[0].display == OuterProfile.hiddenValue)
        #expect(profile.values[0].isSecret)
        // The payload names both, and hands on the outer variables the inner one leaves alone.
        #expect(profile.payload.profiles == ["uitest", "offline"])
        #expect(profile.payload.environmentKeys == ["LOG_LEVEL", "NET"])
    }

    @Test func anUnreadableOuterPayloadIsAnError() throws {
        let truncated = EnvironmentTable([("PROFILE_PAYLOAD", "profile/1;flag.a=1")])
        guard case .failure(let problem) = OuterProfile.read(from: truncated) else {
            Issue.record("a truncated payload was read")
            return
        }
        #expect(problem.message.hasPrefix("cannot apply the profile on top of the outer one: truncated payload"))
        guard case .success(let none) = OuterProfile.read(from: EnvironmentTable([("PROFILE_PAYLOAD", "")])) else {
            Issue.record("an empty payload is an error")
            return
        }
        #expect(none == nil)
    }

    @Test func profileActiveIsReserved() throws {
        let profiles = try TemporaryProfiles(["p.yml": "env: {PROFILE_ACTIVE: mine}\n"])
        let (resolved, diagnostics) = try resolve(profiles, ["p"])
        #expect(resolved == nil)
        #expect(diagnostics.contains("`PROFILE_ACTIVE` is reserved"), "\(diagnostics)")
    }
}
