import BenchmarkSupport
import Foundation
import ModelForm
import ModelFormHTML
import ModelFormJSONSchema
import ModelFormTesting
import ModelFormYAML

/// Times ModelForm on the comparison workloads and prints one JSON object: the median
/// wall-clock time in seconds of each operation (release build; run by compare.py).
/// Binding starts from decoded form data, as WTForms and Django do.
///
/// Usage: ModelFormCompare [FIELDS] [REPEATS]
///
/// `MODELFORM_COMPARE_ONLY=render|bind|text|markdown|describe|rules` times one operation only;
/// `json` parses each file MODELFORM_COMPARE_FILES lists (one path a line: json_compare.py),
/// `validate` validates each instance it pairs with a schema (validate_compare.py)
/// (for instruction counts under callgrind); `save` times a one-field save of a FIELDS-field
/// values file in YAML, JSON and TOML, edited in place against written whole; `shapes` times a FIELDS-entry map against a
/// FIELDS-item collection (render and bind each), and a list of FIELDS union values (render,
/// and validate: each one's alternative found from its value).
let arguments = CommandLine.arguments
let fields = arguments.count > 1 ? Int(arguments[1]) ?? 1000 : 1000
let repeats = arguments.count > 2 ? Int(arguments[2]) ?? 101 : 101

func median(_ body: () throws -> Void) rethrows -> Double {
    var times: [Double] = []
    for _ in 0..<repeats {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return times.sorted()[times.count / 2]
}

if ProcessInfo.processInfo.environment["MODELFORM_COMPARE_ONLY"] == "describe" {
    let text = WideForm.typeDefinitionYAML(fields: fields)
    let time = try median { _ = try Workloads.describeAndConfigure(text) }
    print("{\"describe\": \(time)}")
    exit(0)
}
var sink = 0
if ProcessInfo.processInfo.environment["MODELFORM_COMPARE_ONLY"] == "json" {
    // The files named one a line in MODELFORM_COMPARE_FILES, each parsed REPEATS times: the
    // median parse of each, in seconds, in their order.
    let list = try String(
        contentsOfFile: ProcessInfo.processInfo.environment["MODELFORM_COMPARE_FILES"] ?? "", encoding: .utf8)
    var times: [Double] = []
    for path in list.split(separator: "\n") {
        let text = try String(contentsOfFile: String(path), encoding: .utf8)
        times.append(
            try median {
                if case .object = try JSONParser.parse(text, file: String(path)).value { sink &+= 1 }
            })
    }
    print("{\"json_parse\": [\(times.map { String($0) }.joined(separator: ", "))], \"sink\": \(sink % 2)}")
    exit(0)
}
if ProcessInfo.processInfo.environment["MODELFORM_COMPARE_ONLY"] == "validate" {
    // Pairs `SCHEMA<TAB>INSTANCE` one a line in MODELFORM_COMPARE_FILES: each schema's
    // validator made once, then the median of REPEATS validations of its instance.
    let list = try String(
        contentsOfFile: ProcessInfo.processInfo.environment["MODELFORM_COMPARE_FILES"] ?? "", encoding: .utf8)
    var times: [Double] = []
    for line in list.split(separator: "\n") {
        let paths = line.split(separator: "\t").map(String.init)
        let schema = try JSONParser.parse(try String(contentsOfFile: paths[0], encoding: .utf8), file: paths[0]).value
        let instance = try JSONParser.parse(try String(contentsOfFile: paths[1], encoding: .utf8), file: paths[1]).value
        let validator = JSONSchemaValidator(schema: schema)
        times.append(median { sink &+= validator.validate(instance).count })
    }
    print("{\"validate\": [\(times.map { String($0) }.joined(separator: ", "))], \"sink\": \(sink % 2)}")
    exit(0)
}
if ProcessInfo.processInfo.environment["MODELFORM_COMPARE_ONLY"] == "save" {
    let saves = try SaveWorkloads(fields: fields)
    defer { saves.remove() }
    var parts: [String] = []
    for syntax in [ValuesSyntax.yaml, .json, .toml] {
        var count = 0
        let edited = try median {
            count += 1
            sink &+= try saves.edited(syntax, count: count)
        }
        let whole = try median {
            count += 1
            sink &+= try saves.whole(syntax, count: count)
        }
        parts.append("\"\(syntax)_edited\": \(edited), \"\(syntax)_whole\": \(whole)")
    }
    print("{\"fields\": \(fields), " + parts.joined(separator: ", ") + ", \"sink\": \(sink % 2)}")
    exit(0)
}
if ProcessInfo.processInfo.environment["MODELFORM_COMPARE_ONLY"] == "shapes" {
    let shapes = try ShapeWorkloads(count: fields)
    let collectionRender = median { sink &+= shapes.html(map: false).utf8.count }
    let mapRender = median { sink &+= shapes.html(map: true).utf8.count }
    let collectionBind = try median { sink &+= try shapes.bind(map: false) }
    let mapBind = try median { sink &+= try shapes.bind(map: true) }
    let unionRender = median { sink &+= shapes.unionHTML().utf8.count }
    let unionValidate = median { sink &+= shapes.validateUnions() }
    print(
        "{\"count\": \(fields), \"collection_render\": \(collectionRender), \"map_render\": \(mapRender), \"collection_bind\": \(collectionBind), \"map_bind\": \(mapBind), \"union_render\": \(unionRender), \"union_validate\": \(unionValidate), \"sink\": \(sink % 2)}"
    )
    exit(0)
}
let workloads = Workloads(fields: fields)
if ProcessInfo.processInfo.environment["MODELFORM_COMPARE_ONLY"] == "rules" {
    // After one edit, the rules that read the edited field run again (and, for comparison,
    // every rule of the form).
    var form = workloads.ruledForm()
    var flag = 3
    let edit = try median {
        flag = (flag + 5) % fields
        sink &+= try Workloads.editAndReevaluate(&form, flag: flag - (flag % 5) + 3)
    }
    let tree = form.configs["Wide"]?.fields ?? []
    let all = median {
        for field in tree
        where field.conditions.visibleIf != nil || field.conditions.enabledIf != nil
            || field.conditions.requiredIf != nil
        {
            sink &+= form.fieldState(at: FormPath([.key(field.key ?? "")])).isVisible ? 1 : 0
        }
    }
    print("{\"edit_and_reevaluate\": \(edit), \"reevaluate_all\": \(all), \"sink\": \(sink % 2)}")
    exit(0)
}
let only = ProcessInfo.processInfo.environment["MODELFORM_COMPARE_ONLY"]
let render =
    only == "bind" || only == "text" || only == "markdown" ? 0 : median { sink &+= workloads.html().utf8.count }
let text = only == nil || only == "text" ? median { sink &+= workloads.text().utf8.count } : 0
let markdown = only == nil || only == "markdown" ? median { sink &+= workloads.markdown().utf8.count } : 0
let bind =
    only != nil && only != "bind"
    ? 0
    : try median {
        let errors = try workloads.bindAndValidateDecoded()
        precondition(errors == 0, "the submission should be valid, found \(errors) errors")
    }
// The floor the issue measures the render against: the page's pieces (each tag, each run of
// text between tags) appended to a string with no logic at all.
let pieces: [String] = only == nil ? pageParts(workloads.html()) : []
let appendPieces =
    only == nil
    ? median {
        var page = String()
        for piece in pieces { page += piece }
        sink &+= page.utf8.count
    } : 0
if ProcessInfo.processInfo.environment["MODELFORM_COMPARE_PHASES"] != nil {
    let tree = workloads.tree()
    let build = median { sink &+= workloads.tree().sections.count }
    let draw = median { sink &+= HTMLRenderer().render(tree).utf8.count }
    FileHandle.standardError.write(Data("tree \(build * 1000) ms, html \(draw * 1000) ms\n".utf8))
}
print(
    "{\"fields\": \(fields), \"render_html\": \(render), \"bind_validate\": \(bind), \"render_text\": \(text), \"render_markdown\": \(markdown), \"html_bytes\": \(workloads.html().utf8.count), \"append_pieces\": \(appendPieces), \"pieces\": \(pieces.count), \"sink\": \(sink % 2)}"
)

/// A page cut before each `<`: its tags, each with the text after it.
func pageParts(_ page: String) -> [String] {
    var parts: [String] = []
    var current = Substring(page)
    while let next = current.dropFirst().firstIndex(of: "<") {
        parts.append(String(current[..<next]))
        current = current[next...]
    }
    parts.append(String(current))
    return parts
}
