import ModelForm
import Testing

private struct Owner: Codable, Equatable {
    var name = ""
    var age: UInt8 = 0
    var tags: [String] = []
}

private struct Shop: Codable, Equatable {
    var name = ""
    var owner = Owner()
    var branches: [Owner] = []
}

/// A typed value set whole into a related record (or a list of them) is checked field by
/// field against the related form, numbers brought to their type, and a misfit named by
/// its own path: as a scalar set on its own is.
@Suite struct TypedRecordTests {
    @Test func aRecordSetWholeIsCheckedFieldByField() throws {
        var form = try Form(editing: Shop())
        try form.setValue(
            .record(["name": .string("Ada"), "age": .int(36), "tags": .list([.string("maths")])]), at: "owner")
        #expect(form.value(at: "owner.age") == .uint(36), "an Int brought to the UInt8's case")
        try form.setValue(
            .list([.record(["name": .string("Grace"), "age": .int(85), "tags": .list([])])]), at: "branches")
        let shop = try form.commit()
        #expect(shop.owner == Owner(name: "Ada", age: 36, tags: ["maths"]))
        #expect(shop.branches == [Owner(name: "Grace", age: 85)])
    }

    @Test(arguments: [
        ("owner", FormValue.record(["name": .int(5)]), "owner.name"),
        ("owner", .record(["age": .int(-1)]), "owner.age"),
        ("owner", .record(["tags": .string("maths")]), "owner.tags"),
        (
            "branches", .list([.record(["name": .string("Grace")]), .record(["age": .string("old")])]),
            "branches[1].age"
        ),
    ])
    func aMisfitIsNamedByItsPathAndChangesNothing(_ path: String, _ value: FormValue, _ misfit: String) throws {
        var form = try Form(editing: Shop())
        let before = form.values
        do {
            try form.setValue(value, at: try FormPath(parsing: path))
            Issue.record("\(value) was taken at \(path)")
        } catch {
            #expect(error.fieldErrors.map(\.path.description) == [misfit])
        }
        #expect(form.values == before)
    }
}
