import ProfileRuntime

/// Reads the `commandLineArgumentEntries` and `environmentVariableEntries` of an `.xctestplan`'s `defaultOptions`, or
/// of one configuration's `options`, in order, with their checkboxes (`"enabled" : false`).
enum XcodeTestPlanReader {
    static func read(_ bytes: [UInt8], path: String, configuration: String?) throws(Diagnostic) -> ImportedEntries {
        func location(_ offset: Int) -> SourceLocation { InPlaceEditing.location(of: offset, in: bytes, path: path) }
        let root: JSONScanner.Value
        do {
            root = try JSONScanner.scan(bytes)
        } catch {
            throw .error("`\(path)` is not valid JSON: \(error.message)", at: location(error.offset))
        }
        guard root.object != nil else {
            throw .error(
                "`\(path)` is not an Xcode test plan: its top level is not an object", at: location(root.start))
        }
        var options: JSONScanner.Value?
        var origin = "\(path) (defaultOptions)"
        if let configuration {
            let configurations = root.member("configurations")
            var names: [String] = []
            var found = false
            for element in configurations?.value.elements ?? [] {
                guard let name = element.member("name").flatMap({ JSONScanner.string($0.value, in: bytes) }) else {
                    continue
                }
                if name == configuration, !found {
                    found = true
                    options = element.member("options")?.value
                } else {
                    names.append(name)
                }
            }
            guard found else {
                let known = names.isEmpty ? "it has none" : "it has " + names.map { "`\($0)`" }.joined(separator: ", ")
                throw .error(
                    "`\(path)` has no configuration named `\(configuration)`: \(known)",
                    at: location(configurations?.value.start ?? root.start),
                    suggestion: NearMiss.suggestion(for: configuration, in: names))
            }
            origin = "\(path) (configuration \(configuration))"
        } else {
            options = root.member("defaultOptions")?.value
        }
        var entries = ImportedEntries(origin: origin)
        guard let options else { return entries }
        guard options.object != nil else {
            throw .error("the options in `\(path)` are not an object", at: location(options.start))
        }

        func list(_ key: String) throws(Diagnostic) -> [JSONScanner.Value] {
            guard let member = options.member(key) else { return [] }
            guard let elements = member.value.elements else {
                throw .error("`\(key)` in `\(path)` is not an array", at: location(member.value.start))
            }
            return elements
        }
        func string(_ element: JSONScanner.Value, _ key: String) -> (text: String, start: Int, length: Int)? {
            guard let member = element.member(key), let text = JSONScanner.string(member.value, in: bytes) else {
                return nil
            }
            return (text, member.value.start + 1, member.value.end - member.value.start - 2)
        }
        func isEnabled(_ element: JSONScanner.Value) -> Bool {
            element.member("enabled").flatMap { JSONScanner.bool($0.value, in: bytes) } ?? true
        }

        for element in try list(XcodeTestPlanExport.argumentsKey) {
            guard let argument = string(element, "argument") else {
                entries.notes.append(
                    .warning("an entry without a string `argument`: skipped", at: location(element.start)))
                continue
            }
            entries.arguments.append(
                .init(text: argument.text, isEnabled: isEnabled(element), location: location(argument.start)))
        }
        for element in try list(XcodeTestPlanExport.environmentKey) {
            guard let key = string(element, "key") else {
                entries.notes.append(.warning("an entry without a string `key`: skipped", at: location(element.start)))
                continue
            }
            let value = string(element, "value")
            if key.text == WireFormat.environmentVariable {
                if entries.payload == nil || (isEnabled(element) && entries.payload?.isEnabled == false) {
                    entries.payload = try ImportedEntries.payload(
                        value?.text ?? "", isEnabled: isEnabled(element), at: location(value?.start ?? key.start),
                        length: value?.length ?? key.length)
                }
                continue
            }
            entries.variables.append(
                .init(
                    name: key.text, value: value?.text ?? "", isEnabled: isEnabled(element),
                    location: location(key.start)))
        }
        return entries
    }
}
