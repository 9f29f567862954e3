import Foundation
import ModelForm
import ModelFormHTML
import ModelFormMarkdown
import ModelFormServer

/// `modelform export TYPES --database DB`: a document for every record of every type the
/// database serves (`Employee-7.html`, and one per related record in it), each lookup a link
/// to its record's document, and an index of them all by type and title; all or nothing.
struct RecordExport {
    let workspace: RecordWorkspace
    let format: OutputKind
    /// How many records are read at once.
    static let batch = 200

    /// Writes every document, the index and `extras` into `folder`; the file names written.
    func write(to folder: URL, extras: [(name: String, text: String)], progress: ((Int) -> Void)?) throws -> [String] {
        let project = workspace.project
        let server = workspace.server
        let fileExtension = format.fileExtension
        let served = Set(server.tables.map(\.typeName))
        var links = LookupLinks { typeName, id in
            served.contains(typeName)
                ? FormExport.recordFileName(typeName, id: id, fileExtension: fileExtension) : nil
        }
        var entries: [(title: String, file: String, depth: Int)] = []
        return try ExportTransaction.writing(to: folder) { transaction in
            for table in server.tables {
                let typeName = table.typeName
                let typeTitle = server.typeTitle(typeName)
                var offset = 0
                while true {
                    let from = offset
                    let batch = try workspace.run {
                        try await server.records(of: typeName, offset: from, limit: Self.batch)
                    }
                    for (record, title) in batch.records {
                        if let problem = record.problem {
                            // Not a document of what was not read: in its place, one that says
                            // why (a lookup links to it), and a line on standard error.
                            CLIEnvironment.current.complain(
                                "modelform export: \(problem)\nso \(typeTitle) #\(record.id) has no document\n")
                            let file = FormExport.recordFileName(typeName, id: record.id, fileExtension: fileExtension)
                            let heading = "\(typeTitle) #\(record.id) cannot be read"
                            try transaction.stage(
                                file,
                                Renderers.notice(
                                    title: heading, text: problem, index: "index." + fileExtension, as: format,
                                    theme: project.theme))
                            entries.append((heading, file, 0))
                            continue
                        }
                        var export = FormExport(
                            configs: batch.configs, typeName: typeName, values: record.values,
                            fileExtension: fileExtension)
                        export.recordID = record.id
                        export.rootTitle = "\(typeTitle): \(title)"
                        for var page in export.pages(
                            transformers: project.form.environment.transformers, theme: project.theme)
                        {
                            page.tree = links.rewriteForm(page.tree)
                            let file = export.fileName(page.document.typeName, page.document.path)
                            try transaction.stage(
                                file,
                                Renderers.page(
                                    page, as: format, editable: false, templates: project.templates,
                                    theme: project.theme))
                            entries.append((page.title, file, page.breadcrumbs.count - 1))
                        }
                        progress?(entries.count)
                    }
                    guard batch.records.count == Self.batch else { break }
                    offset += Self.batch
                }
            }
            let title = "\(project.configs[project.typeName]?.title ?? project.typeName) records"
            let index =
                format == .markdown
                ? MarkdownRenderer.index(title: title, entries: entries)
                : HTMLRenderer(theme: project.theme).index(title: title, entries: entries)
            try transaction.stage("index." + fileExtension, index)
            for extra in extras { try transaction.stage(extra.name, extra.text) }
        }
    }
}
