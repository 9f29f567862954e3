import PropertyBased
import Testing

@testable import ModelForm

/// A key as name rules match it, by bytes for ASCII: the same as lowering the key, dropping
/// `_` and `-` and comparing `String`s.
@Suite struct MatchKeyTests {
    private static func reference(_ key: String) -> String {
        String(key.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" })
    }

    private static let suffixes = ["email", "emailaddress", "name", "time", "datetime", "é", "", "x"]

    @Test(arguments: [
        "email_Address", "E-MAIL", "userName", "ÉmailAddress", "startTime", "", "_", "Straße", "nameé", "NAME",
        "ZIP_Code", "N_a-me", "x", "É",
    ])
    func matchesAsStringsDo(key: String) {
        let match = MatchKey(key)
        #expect(match.lowered == Self.reference(key))
        for suffix in Self.suffixes {
            #expect(match.hasSuffix(suffix) == Self.reference(key).hasSuffix(suffix), "\(key) \(suffix)")
            #expect(match.is(suffix) == (Self.reference(key) == suffix), "\(key) \(suffix)")
        }
    }

    @Test func generatedKeysMatchAsStringsDo() async {
        let alphabet = Array("aAeEmMiIlLzZ_-xXé@[`{")
        await propertyCheck(count: 1000, input: Gen.int(in: 0..<alphabet.count).array(of: 0...8)) { picks in
            let key = String(picks.map { alphabet[$0] })
            #expect(MatchKey(key).lowered == Self.reference(key), "\(key)")
            for suffix in Self.suffixes {
                #expect(MatchKey(key).hasSuffix(suffix) == Self.reference(key).hasSuffix(suffix), "\(key) \(suffix)")
            }
        }
    }
}
