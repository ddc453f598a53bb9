import ProfileModel
import ProfilePlatform
import ProfileResolution

/// The `json` format: `{"arguments": [...], "environment": {"NAME": "value", "GONE": null}}`, pretty-printed with
/// two-space indentation. Arguments keep their order; environment variables keep the profile's order (unset ones
/// as `null`), `PROFILE_PAYLOAD` last.
enum JSONExport {
    static func render(_ content: ExportContent) -> String {
        let environment: [(String, JSONWriter.Value)] = content.environment.map { variable in
            (variable.name, variable.value.map { .string($0) } ?? .null)
        }
        let root = JSONWriter.Value.object([
            ("arguments", .array(content.arguments.map { .string($0) })),
            ("environment", .object(environment)),
        ])
        return JSONWriter.render(root) + "\n"
    }
}

/// `json`: the launch arguments and the environment as one JSON object.
package struct JSONFormat: ExportFormat {
    package let name = "json"
    package let summary = "`{\"arguments\": [...], \"environment\": {\"NAME\": \"value\"...}}`"
    package let writesExactValues = true
    package init() {}

    package func render(_ profile: ResolvedProfile, reveal: Bool) throws(Diagnostic) -> ExportOutput {
        let content = ExportContent(profile, for: self, reveal: reveal)
        return ExportOutput(text: JSONExport.render(content), warnings: content.referenceWarnings)
    }
}
