import ModelForm
import ModelFormTesting

/// Describes the bundled RegistrationForm model and prints its inferred forms.
do {
    let model = try ModelDescription(type: RegistrationForm.self)
    print(ConfigDictionary(model).outline())
} catch {
    print("error: \(error)")
}
