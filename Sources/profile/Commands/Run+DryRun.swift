import ProfilePlatform
import ProfileResolution

extension ProfileCommand.Run {
    /// `run --dry-run`: prints what would be executed for each resolved profile (`LaunchPlan`), launches nothing, and
    /// ends: 0, or 127 / 126 (like `run`) when a command would not be found or could not be executed.
    static func dryRun(
        _ profiles: [ResolvedProfile], invocation: Invocation, modes: Modes, session: Session, headers: Bool
    ) throws(Exit) -> Never {
        let reveal = modes.reveal != nil
        let plans = profiles.map { LaunchPlan($0, command: invocation.wrapped, reveal: reveal) }
        if modes.json != nil {
            let objects = plans.map(json)
            Terminal.out(JSONWriter.render(headers ? .array(objects) : objects[0]) + "\n")
        } else {
            var out = ""
            for (index, plan) in plans.enumerated() {
                if headers {
                    if index > 0 { out += "\n" }
                    out += "==> \(plan.profiles.joined(separator: "+")) (\(index + 1) of \(plans.count))\n"
                }
                out += text(plan)
            }
            Terminal.out(out)
        }
        var status = ExitStatus.success
        for plan in plans {
            guard case .failure(let failure) = plan.executable else { continue }
            Terminal.report([.error(failure.message)], environment: session.environment)
            if status == ExitStatus.success { status = failure.exitStatus }
        }
        throw Exit(status: status)
    }

    /// ```
    /// executable: /usr/bin/swift
    /// argv: swift test --filter 'Login tests'
    /// environment:
    ///   LOG_LEVEL=debug
    ///   unset HOME
    ///   PROFILE_PAYLOAD='profile/1;profile=uitest;…;end'
    /// ```
    static func text(_ plan: LaunchPlan) -> String {
        var out = "executable: "
        switch plan.executable {
        case .success(let path): out += ShellQuoting.quote(path) + "\n"
        case .failure(let failure): out += "none (\(failure.message))\n"
        }
        out += "argv: " + plan.argv.map(ShellQuoting.quote).joined(separator: " ") + "\n"
        if !plan.appendsArguments {
            let tool = plan.delivery.arguments == .payloadOnly ? plan.delivery.tool.map { "\($0): " } ?? "" : ""
            out += "  (\(tool)the profile's arguments are not appended: they travel in the payload)\n"
        } else if let tool = plan.delivery.tool {
            switch plan.delivery.arguments {
            case .at where tool == "swift run":
                out += "  (swift run: the profile's arguments go after the executable's, which receives them)\n"
            case .at:
                out += "  (\(tool): the profile's arguments go after the app, which receives them)\n"
            case .afterTerminator:
                out += "  (\(tool): the profile's arguments go after the app behind `--`, which receives them)\n"
            case .standard, .payloadOnly: break
            }
        }
        if let prefix = plan.delivery.prefix {
            let tool = plan.delivery.tool.map { " for \($0)" } ?? ""
            out += "  (every variable also as \(prefix)NAME\(tool))\n"
        }
        out += "environment:\n"
        for change in plan.environment {
            if let value = change.value {
                out += "  \(change.name)=\(ShellQuoting.quote(value))\n"
            } else {
                out += "  unset \(change.name)\n"
            }
        }
        return out
    }

    /// `{"profiles": [...], "executable": "/usr/bin/swift" | null, "error": null | "...", "argv": [...],
    /// "appendArguments": true, "environment": [{"name", "value"}]}`.
    static func json(_ plan: LaunchPlan) -> JSONWriter.Value {
        typealias V = JSONWriter.Value
        var executable = V.null
        var error = V.null
        switch plan.executable {
        case .success(let path): executable = .string(path)
        case .failure(let failure): error = .string(failure.message)
        }
        return .object([
            ("version", .number("1")),
            ("profiles", .array(plan.profiles.map { .string($0) })),
            ("executable", executable),
            ("error", error),
            ("argv", .array(plan.argv.map { .string($0) })),
            ("appendArguments", .bool(plan.appendsArguments)),
            ("prefix", plan.delivery.prefix.map { .string($0) } ?? .null),
            ("tool", plan.delivery.tool.map { .string($0) } ?? .null),
            (
                "environment",
                .array(
                    plan.environment.map { change in
                        .object([("name", .string(change.name)), ("value", change.value.map { .string($0) } ?? .null)])
                    })
            ),
        ])
    }
}
