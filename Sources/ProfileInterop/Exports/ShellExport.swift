import ProfileModel
import ProfilePlatform
import ProfileResolution

/// The `shell` format: lines for a POSIX shell to `eval` (`eval "$(profile export shell uitest)"`).
///
/// Each variable set is `export NAME='value'`, the value always in single quotes, a `'` inside written `'\''`:
/// nothing else is special inside single quotes, so spaces, `"`, `$`, `` ` ``, backslashes, tabs, line breaks and
/// any Unicode text come through byte for byte, in `sh` (dash), `bash`, `zsh` and `ksh` alike. Each variable unset
/// is `unset NAME`. `PROFILE_PAYLOAD` comes last. Evaluated in the environment `profile` was run from, the result is
/// exactly the environment `profile run` gives its child.
enum ShellExport {
    static func render(_ content: ExportContent) -> String {
        var out = ""
        for variable in content.environment {
            if let value = variable.value {
                out += "export \(variable.name)=" + quote(value) + "\n"
            } else {
                out += "unset \(variable.name)\n"
            }
        }
        return out
    }

    /// `text` in single quotes, each `'` written as `'\''`.
    static func quote(_ text: String) -> String { ShellQuoting.singleQuoted(text) }
}

/// `shell`: `export`/`unset` lines for `eval`.
package struct ShellFormat: ExportFormat {
    package let name = "shell"
    package let summary = "`export NAME='value'` and `unset NAME` lines, for `eval`"
    package let writesExactValues = true
    package let options: ExportOptions = .prefix
    package init() {}

    package func render(_ profile: ResolvedProfile, reveal: Bool) throws(Diagnostic) -> ExportOutput {
        try FormatNames.checkShell(profile)
        let content = ExportContent(profile, for: self, reveal: reveal)
        return ExportOutput(text: ShellExport.render(content), warnings: content.referenceWarnings)
    }
}
