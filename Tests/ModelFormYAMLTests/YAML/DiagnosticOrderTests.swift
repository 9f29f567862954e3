import ModelForm
import ModelFormTesting
import ModelFormYAML
import Testing

@Suite struct DiagnosticOrderTests {
    /// `excludedFields` is read after `overrides`, but its mistake comes first in the file:
    /// the report follows the file.
    @Test func diagnosticsAreInSourceOrder() throws {
        var configs = ConfigDictionary(try ModelDescription(type: RegistrationForm.self))
        let text = """
            RegistrationForm:
              excludedFields: [nmae]
              overrides:
                emial: {title: Mail}
            """
        do {
            try ConfigLoader().apply(text: text, file: "c.yaml", to: &configs)
            Issue.record("the file has two mistakes")
        } catch {
            #expect(error.diagnostics.map(\.mark.line) == [2, 4])
        }
    }
}
