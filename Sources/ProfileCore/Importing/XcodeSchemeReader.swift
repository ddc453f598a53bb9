import ProfileRuntime

/// Reads the `<CommandLineArguments>` and `<EnvironmentVariables>` of one action of an `.xcscheme`, in order, with
/// their checkboxes.
enum XcodeSchemeReader {
    static func read(
        _ bytes: [UInt8], path: String, action: XcodeImportAction
    ) throws(Diagnostic) -> ImportedEntries {
        func location(_ offset: Int) -> SourceLocation { InPlaceEditing.location(of: offset, in: bytes, path: path) }
        let root: XMLScanner.Element
        do {
            root = try XMLScanner.scan(bytes)
        } catch {
            throw .error("`\(path)` is not well-formed XML: \(error.message)", at: location(error.offset))
        }
        guard root.name == "Scheme" else {
            throw .error(
                "`\(path)` is not an Xcode scheme: its root element is `<\(root.name)>`, not `<Scheme>`",
                at: location(root.start), length: root.name.count + 1)
        }
        guard let element = root.child(action.elementName) else {
            let present = XcodeImportAction.allCases.filter { root.child($0.elementName) != nil }
            let others =
                present.isEmpty
                ? "it has no action with arguments"
                : "it has " + present.map { "`--action \($0.rawValue)`" }.joined(separator: ", ")
            throw .error(
                "`\(path)` has no `<\(action.elementName)>` to import (\(others))", at: location(root.start),
                length: root.name.count + 1)
        }
        var entries = ImportedEntries(origin: "\(path) (\(action.elementName))")

        if action != .launch, let attribute = element.attribute("shouldUseLaunchSchemeArgsEnv"),
            XMLScanner.decode(attribute, in: bytes) == "YES"
        {
            entries.notes.append(
                .warning(
                    "this action uses the Run action's arguments and environment (`shouldUseLaunchSchemeArgsEnv = "
                        + "\"YES\"`): its own entries, imported here, are not what Xcode passes; "
                        + "`--action launch` imports what it passes",
                    at: location(attribute.valueStart), length: 3))
        }
        if action == .test, let plans = element.child("TestPlans") {
            entries.notes.append(
                .warning(
                    "this scheme's tests run from test plans, whose own arguments and environment apply: import the "
                        + "`.xctestplan` (`profile import xctestplan <file> --name <name>`)",
                    at: location(plans.start), length: 10))
        }

        for child in element.child("CommandLineArguments")?.children ?? [] where child.name == "CommandLineArgument" {
            guard let attribute = child.attribute("argument") else {
                entries.notes.append(
                    .warning(
                        "a `<CommandLineArgument>` without `argument`: skipped", at: location(child.start),
                        length: child.name.count + 1))
                continue
            }
            entries.arguments.append(
                .init(
                    text: XMLScanner.decode(attribute, in: bytes),
                    isEnabled: child.value("isEnabled", in: bytes) != "NO",
                    location: location(attribute.valueStart)))
        }
        for child in element.child("EnvironmentVariables")?.children ?? [] where child.name == "EnvironmentVariable" {
            guard let key = child.attribute("key") else {
                entries.notes.append(
                    .warning(
                        "an `<EnvironmentVariable>` without `key`: skipped", at: location(child.start),
                        length: child.name.count + 1))
                continue
            }
            let name = XMLScanner.decode(key, in: bytes)
            let value = child.value("value", in: bytes) ?? ""
            let isEnabled = child.value("isEnabled", in: bytes) != "NO"
            if name == WireFormat.environmentVariable {
                let valueAttribute = child.attribute("value")
                let start = valueAttribute?.valueStart ?? key.valueStart
                if entries.payload == nil || (isEnabled && entries.payload?.isEnabled == false) {
                    entries.payload = try ImportedEntries.payload(
                        value, isEnabled: isEnabled, at: location(start),
                        length: valueAttribute.map { $0.valueEnd - $0.valueStart } ?? name.count)
                }
                continue
            }
            entries.variables.append(
                .init(name: name, value: value, isEnabled: isEnabled, location: location(key.valueStart)))
        }
        return entries
    }
}
