/// The action of an Xcode scheme whose arguments and environment `profile export xcscheme --update` rewrites.
public enum XcodeSchemeAction: String, CaseIterable, Sendable {
    /// The Run action, `<LaunchAction>`.
    case launch
    /// The Test action, `<TestAction>`.
    case test

    /// The element's name in the `.xcscheme`.
    public var elementName: String {
        switch self {
        case .launch: return "LaunchAction"
        case .test: return "TestAction"
        }
    }
}

/// Rewrites the `<CommandLineArguments>` and `<EnvironmentVariables>` of one action of an existing `.xcscheme`,
/// leaving every other byte of the file as it was.
///
/// - An element that exists is replaced whole (the entries it held are dropped, so the action carries exactly the
///   profile's entries, in order), at its own indentation.
/// - An element that is absent is created where Xcode writes it: right after the action's runnable or testables
///   (`<BuildableProductRunnable>`, `<MacroExpansion>`, `<Testables>`...), `<EnvironmentVariables>` right after
///   `<CommandLineArguments>`; at the indentation of the action's children, in the file's line endings.
/// - An element with no entries to hold is removed, line and all.
/// - In `<TestAction>`, `shouldUseLaunchSchemeArgsEnv = "YES"` (Xcode's "Use the Run action's arguments and
///   environment variables") is switched to `"NO"`, since the entries written would be ignored otherwise; a note says
///   so. A warning says when the tests run from test plans, which carry their own entries.
///
/// Updating twice gives the same bytes.
enum XcodeSchemeUpdater {
    /// The children after which Xcode writes `<CommandLineArguments>`, per action.
    static func leaders(of action: XcodeSchemeAction) -> Set<String> {
        switch action {
        case .launch:
            return ["PreActions", "PostActions", "BuildableProductRunnable", "RemoteRunnable", "PathRunnable",
                    "MacroExpansion"]
        case .test:
            return ["PreActions", "PostActions", "TestPlans", "MacroExpansion", "Testables"]
        }
    }

    static func update(
        _ file: [UInt8], path: String, with content: ExportContent, action: XcodeSchemeAction
    ) throws(Diagnostic) -> (bytes: [UInt8], notes: [Diagnostic]) {
        var bytes = file
        let argumentLines = try XcodeSchemeExport.argumentsElement(content.arguments)
        let environmentLines = try XcodeSchemeExport.environmentElement(content.setVariables)
        let leaders = leaders(of: action)
        try set("CommandLineArguments", to: argumentLines, after: leaders, in: &bytes, path: path, action: action)
        try set(
            "EnvironmentVariables", to: environmentLines, after: leaders.union(["CommandLineArguments"]), in: &bytes,
            path: path, action: action)

        var notes: [Diagnostic] = []
        guard action == .test else { return (bytes, notes) }
        let element = try actionElement(in: bytes, path: path, action: action)
        if let attribute = element.attribute("shouldUseLaunchSchemeArgsEnv"),
            bytes[attribute.valueStart..<attribute.valueEnd].elementsEqual("YES".utf8)
        {
            let location = InPlaceEditing.location(of: attribute.valueStart, in: bytes, path: path)
            InPlaceEditing.replace(&bytes, attribute.valueStart..<attribute.valueEnd, with: "NO")
            notes.append(
                .note(
                    "switched `shouldUseLaunchSchemeArgsEnv` to \"NO\": the tests now use the Test action's own "
                        + "arguments and environment, not the Run action's", at: location, length: 3))
        }
        if let plans = element.child("TestPlans") {
            notes.append(
                .warning(
                    "this scheme's tests run from test plans, whose own arguments and environment apply: update the "
                        + "`.xctestplan` (`profile export xctestplan --update <file>`)",
                    at: InPlaceEditing.location(of: plans.start, in: bytes, path: path), length: 11))
        }
        return (bytes, notes)
    }

    /// Replaces, creates or removes the child `name` of the action.
    private static func set(
        _ name: String, to lines: [String]?, after leaders: Set<String>, in bytes: inout [UInt8], path: String,
        action: XcodeSchemeAction
    ) throws(Diagnostic) {
        let element = try actionElement(in: bytes, path: path, action: action)
        let newline = InPlaceEditing.newline(of: bytes)
        let existing = element.child(name)
        let indent =
            existing.flatMap { InPlaceEditing.indentation(before: $0.start, in: bytes) }
            ?? element.children.first.flatMap { InPlaceEditing.indentation(before: $0.start, in: bytes) }
            ?? InPlaceEditing.lineIndentation(at: element.start, in: bytes) + XcodeSchemeExport.step
        if let existing {
            if let lines {
                let text = InPlaceEditing.join(lines, indent: indent, newline: newline)
                InPlaceEditing.replace(&bytes, existing.start..<existing.end, with: text)
            } else {
                InPlaceEditing.replace(
                    &bytes, InPlaceEditing.removalStart(before: existing.start, in: bytes)..<existing.end, with: "")
            }
            return
        }
        guard let lines else { return }
        if element.isSelfClosing {
            throw .error(
                "cannot add entries to `<\(element.name) />`, an empty-element tag: open the scheme in Xcode and "
                    + "save it",
                at: InPlaceEditing.location(of: element.start, in: bytes, path: path), length: element.name.count + 1)
        }
        let offset = element.children.last { leaders.contains($0.name) }?.end ?? element.openEnd
        let text = newline + indent + InPlaceEditing.join(lines, indent: indent, newline: newline)
        InPlaceEditing.replace(&bytes, offset..<offset, with: text)
    }

    /// The action element, from a fresh scan of `bytes`.
    private static func actionElement(
        in bytes: [UInt8], path: String, action: XcodeSchemeAction
    ) throws(Diagnostic) -> XMLScanner.Element {
        let root: XMLScanner.Element
        do {
            root = try XMLScanner.scan(bytes)
        } catch {
            throw .error(
                "`\(path)` is not well-formed XML: \(error.message)",
                at: InPlaceEditing.location(of: error.offset, in: bytes, path: path))
        }
        guard root.name == "Scheme" else {
            throw .error(
                "`\(path)` is not an Xcode scheme: its root element is `<\(root.name)>`, not `<Scheme>`",
                at: InPlaceEditing.location(of: root.start, in: bytes, path: path), length: root.name.count + 1)
        }
        guard let element = root.child(action.elementName) else {
            throw .error(
                "`\(path)` has no `<\(action.elementName)>` to update",
                at: InPlaceEditing.location(of: root.start, in: bytes, path: path), length: root.name.count + 1)
        }
        return element
    }
}
