import ModelForm
import PropertyBased
import Testing

@Suite struct TitleInferenceTests {
    /// An ASCII key is cut into words by its bytes: exactly where its characters cut it.
    @Test func asciiKeysAreCutAsCharactersCutThem() async {
        let alphabet = Array("aAbBzZ09 _-.$/")
        await propertyCheck(count: 1000, input: Gen.int(in: 0..<alphabet.count).array(of: 0...12)) { picks in
            let key = String(picks.map { alphabet[$0] })
            #expect(TitleInference.words(key) == TitleInference.characterWords(key), "\(key)")
        }
    }

    /// An ASCII word is capitalised by its bytes: exactly as by its characters (acronyms,
    /// `iPhone`, digits, punctuation).
    @Test func asciiWordsAreCapitalisedAsCharactersAre() async {
        let alphabet = Array("iIdDuUrRlLpPhH09$.")
        await propertyCheck(count: 1000, input: Gen.int(in: 0..<alphabet.count).array(of: 0...5)) { picks in
            let word = String(picks.map { alphabet[$0] })
            #expect(TitleInference.capitalised(word) == TitleInference.characterCapitalised(word), "\(word)")
        }
        for word in ["url", "Url", "id", "iPhone", "eBay", "name", "Name", "x", "", "2fa", "uRL", "https"] {
            #expect(TitleInference.capitalised(word) == TitleInference.characterCapitalised(word), "\(word)")
        }
    }

    @Test(arguments: [
        ("rememberMe", "Remember Me"),
        ("dateOfBirth", "Date Of Birth"),
        ("homeURL", "Home URL"),
        ("profilePhotoURL", "Profile Photo URL"),
        ("URLString", "URL String"),
        ("iPhoneModel", "iPhone Model"),
        ("iOSVersion", "iOS Version"),
        ("first_name", "First Name"),
        ("user-id", "User ID"),
        ("url", "URL"),
        ("userId", "User ID"),
        ("api_key", "API Key"),
        ("idea", "Idea"),
        ("identity", "Identity"),
        ("userID", "User ID"),
        ("HTTPSProxy", "HTTPS Proxy"),
        ("address2", "Address 2"),
        ("line2Street", "Line 2 Street"),
        ("email", "Email"),
        ("x", "X"),
        ("URL", "URL"),
        ("", ""),
    ])
    func titleFromKey(key: String, title: String) {
        #expect(TitleInference.title(forKey: key) == title)
    }

    @Test(arguments: [
        ("notSpecified", "Not Specified"), ("male", "Male"), ("United States", "United States"),
        ("backstage.io/v1alpha1", "backstage.io/v1alpha1"), ("1.2", "1.2"), ("text/html", "text/html"),
        ("git@host", "git@host"), ("http://x", "http://x"), ("snake_case", "Snake Case"),
    ])
    func titleFromCase(name: String, title: String) {
        #expect(TitleInference.title(forCase: name) == title)
    }
}
