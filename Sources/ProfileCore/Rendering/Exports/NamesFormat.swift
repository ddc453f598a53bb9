/// `names` (a trial): the names of the variables the profile sets, one per line.
package struct NamesFormat: ExportFormat {
    package let name = "names"
    package let summary = "the names of the variables set, one per line"
    package let writesExactValues = true
    package init() {}

    package func render(_ profile: ResolvedProfile, reveal: Bool) throws(Diagnostic) -> ExportOutput {
        let content = ExportContent(profile, for: self, reveal: reveal)
        return ExportOutput(text: content.setVariables.map { $0.name + "\n" }.joined(), warnings: [])
    }
}
