import ProfileCore

/// What `profile run` was asked to do, however its command line was parsed.
struct RunRequest {
    /// `--profiles-dir`, when given.
    var profilesDirectory: String?
    /// The profiles to apply, in order.
    var names: [Located<String>] = []
    /// Per-run changes.
    var overrides = Overrides()
    /// The command and its arguments, after `--`.
    var command: [String] = []
    /// Problems in the override options themselves (`--mock x` without `=`).
    var problems: [Diagnostic] = []
}

/// The override options shared by `run`, `show` and `export`, parsed from their raw text.
enum OverrideSyntax {
    /// The options that take a value, and what kind of override each makes.
    static let valueOptions: Set<String> = [
        "--profiles-dir", "--enable", "--disable", "--mock", "--value", "--env", "--unset",
    ]

    /// What each option takes, for messages.
    static let valueNames = [
        "--profiles-dir": "a directory", "--enable": "a flag name", "--disable": "a flag name", "--mock": "POINT=VARIANT",
        "--value": "KEY=VALUE", "--env": "NAME=VALUE", "--unset": "a variable name",
    ]

    /// Adds the override for `option` with `text` (found at argument `index`, `offset` characters in).
    static func add(
        option: String, text: String, index: Int, offset: Int, source: CommandLineSource, to request: inout RunRequest
    ) {
        let whole = source.located(text, argument: index, offset: offset)
        func pair(_ what: String) -> (Located<String>, Located<String>)? {
            guard let equals = text.firstIndex(of: "=") else {
                request.problems.append(
                    .error("`\(option)` takes \(what), with `=`", at: whole.location, length: whole.length))
                return nil
            }
            let key = String(text[..<equals])
            if key.isEmpty {
                request.problems.append(
                    .error("`\(option)` takes \(what): the name before `=` is missing", at: whole.location, length: whole.length))
                return nil
            }
            let value = String(text[text.index(after: equals)...])
            return (
                source.located(key, argument: index, offset: offset),
                source.located(value, argument: index, offset: offset + key.count + 1)
            )
        }
        func checkKey(_ key: Located<String>, _ what: String) -> Bool {
            guard Names.isValidKey(key.value) else {
                request.problems.append(
                    .error(
                        "`\(key.value)` is not a valid \(what) name (words of letters, digits and `_`, joined by `.` or `-`)",
                        at: key.location, length: key.length))
                return false
            }
            return true
        }
        func checkEnvironmentName(_ name: Located<String>) -> Bool {
            if name.value == "PROFILE_PAYLOAD" {
                request.problems.append(
                    .error("`PROFILE_PAYLOAD` is reserved: `profile` writes it for the runtime library",
                           at: name.location, length: name.length))
                return false
            }
            guard Names.isValidEnvironmentName(name.value) else {
                request.problems.append(
                    .error("`\(name.value)` is not a valid environment variable name", at: name.location, length: name.length))
                return false
            }
            return true
        }
        switch option {
        case "--profiles-dir":
            request.profilesDirectory = text
        case "--enable":
            if checkKey(whole, "flag") { request.overrides.items.append(.enable(whole)) }
        case "--disable":
            if checkKey(whole, "flag") { request.overrides.items.append(.disable(whole)) }
        case "--mock":
            if let (key, variant) = pair("POINT=VARIANT"), checkKey(key, "mock point") {
                if Names.isValidVariant(variant.value) {
                    request.overrides.items.append(.mock(key, variant))
                } else {
                    request.problems.append(
                        .error("`\(variant.value)` is not a valid variant name", at: variant.location, length: variant.length))
                }
            }
        case "--value":
            if let (key, value) = pair("KEY=VALUE"), checkKey(key, "value") {
                request.overrides.items.append(.value(key, value))
            }
        case "--env":
            if let (name, value) = pair("NAME=VALUE"), checkEnvironmentName(name) {
                request.overrides.items.append(.setEnvironment(name, value))
            }
        case "--unset":
            if checkEnvironmentName(whole) { request.overrides.items.append(.unsetEnvironment(whole)) }
        default:
            break
        }
    }

    /// Parses `run`'s arguments (everything after `run`) by hand, for the launch path where every millisecond
    /// counts. Returns nil for anything it does not handle (help, unknown options), which then goes to
    /// swift-argument-parser for the real usage message. `firstIndex` is the index of the first of `arguments`
    /// among the program's arguments (for carets).
    static func parseRun(_ arguments: ArraySlice<String>, source: CommandLineSource, firstIndex: Int) -> RunRequest? {
        var request = RunRequest()
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            let position = index - arguments.startIndex + firstIndex
            if argument == "--" {
                request.command = Array(arguments[(index + 1)...])
                return request
            }
            if argument.hasPrefix("-") {
                if let equals = argument.firstIndex(of: "="), valueOptions.contains(String(argument[..<equals])) {
                    let option = String(argument[..<equals])
                    add(option: option, text: String(argument[argument.index(after: equals)...]), index: position,
                        offset: option.count + 1, source: source, to: &request)
                } else if valueOptions.contains(argument), index + 1 < arguments.endIndex {
                    if arguments[index + 1] == "--" {
                        let located = source.located(argument, argument: position)
                        request.problems.append(
                            .error("`\(argument)` needs \(valueNames[argument] ?? "a value") before `--`",
                                   at: located.location, length: located.length))
                        index += 1
                        continue
                    }
                    add(option: argument, text: arguments[index + 1], index: position + 1, offset: 0, source: source,
                        to: &request)
                    index += 1
                } else {
                    return nil
                }
            } else {
                request.names.append(source.located(argument, argument: position))
            }
            index += 1
        }
        return request
    }
}

extension OverrideSyntax {
    /// Collects, in order and with their places, the override options (and `--profiles-dir`) among a command's
    /// raw arguments (after the program name), which swift-argument-parser has already validated; profile names
    /// are the arguments that do not start with `-`, up to `--`. `skipping` lists the command's other options
    /// that take a value.
    static func scan(_ arguments: [String], from start: Int, skipping: Set<String> = []) -> RunRequest {
        let source = CommandLineSource(arguments: arguments)
        var request = RunRequest()
        var index = start
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                request.command = Array(arguments[(index + 1)...])
                break
            }
            if argument.hasPrefix("-") {
                let option = argument.firstIndex(of: "=").map { String(argument[..<$0]) } ?? argument
                if valueOptions.contains(option) {
                    if option != argument {
                        add(option: option, text: String(argument.dropFirst(option.count + 1)), index: index,
                            offset: option.count + 1, source: source, to: &request)
                    } else if index + 1 < arguments.count {
                        add(option: option, text: arguments[index + 1], index: index + 1, offset: 0, source: source,
                            to: &request)
                        index += 1
                    }
                } else if skipping.contains(argument) {
                    index += 1
                }
            } else {
                request.names.append(source.located(argument, argument: index))
            }
            index += 1
        }
        return request
    }
}
