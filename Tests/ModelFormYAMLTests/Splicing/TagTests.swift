import ModelForm
import Testing

@testable import ModelFormYAML

/// A YAML file with tags (a CloudFormation template's `!Ref` and `!Sub`) is edited in place
/// with every tag kept: a tagged value changed keeps its tag before it, a tagged list gains
/// items after it, a moved key takes it along. A change that could only be written whole, which would drop the tags
/// (the values hold none), is refused where the first tag is, and nothing is written.
struct TagTests {
    static let file = """
        Resources:
          Bucket:
            Type: AWS::S3::Bucket  # store
            Properties:
              BucketName: !Sub '${AWS::StackName}-data'
              Tags: !Sequence [a, b]
        Outputs:
          Name:
            Value: !Ref Bucket
            Flag: !!str yes
        Defaults:
          <<: {Region: eu}

        """

    static func edit(_ changes: [(String, FormValue?)]) throws -> (text: String, inPlace: Bool) {
        let format = try AnchorTests.format()
        var values = try format.read(text: Self.file, file: "t.yaml")
        for (path, value) in changes {
            if let value {
                try values.set(value, at: FormPath(parsing: "value." + path))
            } else {
                values = reordered(values)
            }
        }
        return try format.edited(values, syntax: .yaml, editing: Self.file)
    }

    /// The document's keys in the other order.
    static func reordered(_ values: FormValue) -> FormValue {
        guard case .record(let root) = values, case .record(let document)? = root["value"] else { return values }
        let swapped = FormRecord(Array(zip(document.keys, document.values).reversed()))
        return .record(["value": .record(swapped)])
    }

    /// Keys moved keep their bytes, their tags with them.
    @Test func keysMovedKeepTheirTags() throws {
        let (text, inPlace) = try Self.edit([("", nil)])
        #expect(inPlace)
        #expect(text.contains("Value: !Ref Bucket") && text.contains("BucketName: !Sub '${AWS::StackName}-data'"))
        #expect(text.hasPrefix("Defaults:\n  <<: {Region: eu}\n"), "\(text)")
    }

    /// A value merged from a mapping written after `<<:` is changed where that mapping writes it.
    @Test func aValueMergedFromAMappingIsChangedThere() throws {
        let (text, inPlace) = try Self.edit([("Defaults.Region", .string("us"))])
        #expect(inPlace)
        #expect(text == Self.file.replacingOccurrences(of: "{Region: eu}", with: "{Region: us}"))
    }

    @Test func aTaggedValueChangedKeepsItsTag() throws {
        let (text, inPlace) = try Self.edit([
            ("Outputs.Name.Value", .string("Logs")),
            ("Resources.Bucket.Properties.BucketName", .string("${AWS::Region}")),
            ("Outputs.Name.Flag", .string("no")),
        ])
        #expect(inPlace)
        #expect(
            text
                == Self.file.replacingOccurrences(of: "!Ref Bucket", with: "!Ref Logs")
                .replacingOccurrences(of: "'${AWS::StackName}-data'", with: "'${AWS::Region}'")
                .replacingOccurrences(of: "!!str yes", with: "!!str \"no\""))
    }

    @Test func aTaggedFlowListGainsAnItemAfterItsTag() throws {
        let (text, inPlace) = try Self.edit([
            ("Resources.Bucket.Properties.Tags", .list([.string("a"), .string("b"), .string("c")]))
        ])
        #expect(inPlace)
        #expect(text == Self.file.replacingOccurrences(of: "!Sequence [a, b]", with: "!Sequence [a, b, c]"))
    }

    @Test func aChangeThatWouldDropTheTagsIsRefusedWhereTheFirstIs() throws {
        // A mapping with a merge key does not gain keys in place.
        let refusal = try #require(throws: ValuesEditRefusal.self) {
            try Self.edit([("Defaults.Zone", .string("a"))])
        }
        #expect(refusal.line == 5 && refusal.column == 19, "\(refusal)")
        #expect(refusal.description.contains("the tag !Sub (and 3 more)"), "\(refusal)")
        #expect(try refusal.path == FormPath(parsing: "Resources.Bucket.Properties.BucketName"))
    }
}
