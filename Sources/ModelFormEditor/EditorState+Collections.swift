import ModelForm

extension EditorState {
    /// `a` adds an item (focused; Enter opens it), `d` asks to remove the focused one,
    /// `K` / `J` move it up / down when the collection is sortable. On an entity's page, `a`
    /// on a collection's row opens the collection with a new item focused, and on a map's
    /// row opens the map asking for the new entry's key. A map's page has keys of its own
    /// (``handleMap(_:map:field:)``).
    mutating func handleCollection(_ key: Key) {
        message = nil
        if case .entries(let map) = page.content {
            handleMap(key, map: map.path, field: map.field)
            return
        }
        if case .entity = page.content, let path = trail.last, let tuple = try? form.field(at: path),
            case .positions = tuple.shape
        {
            handleTuple(key, at: path, field: tuple)
            return
        }
        guard case .collection(let collection) = page.content else {
            guard key == .character("a"), let path = focusedPath, let field = focusedField else { return }
            switch field.shape {
            case .records, .items:
                trail.append(path)
                refresh(keeping: nil)
                add(to: path)
            case .entries:
                trail.append(path)
                refresh(keeping: nil)
                handleMap(key, map: path, field: field)
            case .record, .single, .alternatives, .positions: break  // nothing to add to (a tuple's are fixed)
            }
            return
        }
        guard !collection.field.readOnly else {
            message = "\(collection.field.title) cannot be changed here"
            return
        }
        switch key {
        case .character("a"):
            add(to: collection.path)
        case .character("d"):
            guard let path = focusedPath, case .index(let index) = path.last else { return }
            let summary = collection.items.first { $0.index == index }?.summary ?? ""
            let name = summary.isEmpty ? "item \(index + 1)" : "item \(index + 1) (\(summary))"
            mode = .confirming(Confirmation(question: "Remove \(name)? (y/N)", action: .removeItem(path)))
        case .character("K"), .character("J"):
            guard let path = focusedPath, case .index(let index) = path.last else { return }
            guard collection.field.sortable else {
                message = "\(collection.field.title) keeps its order (it is not sortable)"
                return
            }
            let destination = key == .character("K") ? index - 1 : index + 1
            guard collection.items.indices.contains(destination) else { return }
            do {
                try form.moveItem(at: path, to: destination)
                moveInvalidInput(in: collection.path) { $0 == index ? destination : $0 == destination ? index : $0 }
            } catch {
                message = "\(error)"
            }
            refresh(keeping: collection.path.appending(.index(destination)))
        default: break
        }
    }

    /// Keeps text the fields did not take with its item when items move: `position` maps an
    /// old index to the new one (`nil`: the item is gone, and so is its text).
    mutating func moveInvalidInput(in collection: FormPath, _ position: (Int) -> Int?) {
        moveInvalidInput(in: collection) { component in
            guard case .index(let old) = component else { return component }
            return position(old).map { .index($0) }
        }
    }

    /// Keeps text the fields did not take with its item or entry when items move or entries
    /// are renamed: `move` maps the component below `container` (an item's index, an entry's
    /// key) to its new one (`nil`: the item or entry is gone, and so is its text).
    mutating func moveInvalidInput(in container: FormPath, _ move: (FormPath.Component) -> FormPath.Component?) {
        let depth = container.components.count
        var moved: [FormPath: InvalidInput] = [:]
        for (path, input) in invalidInput {
            guard path.hasPrefix(container), path.components.count > depth else {
                moved[path] = input
                continue
            }
            guard let new = move(path.components[depth]) else { continue }
            var components = path.components
            components[depth] = new
            moved[FormPath(components)] = input
        }
        invalidInput = moved
    }

    /// On a tuple's page: `a` adds an item after the positions, `d` asks to remove the
    /// focused one of those; a position stays.
    private mutating func handleTuple(_ key: Key, at path: FormPath, field: Field) {
        switch key {
        case .character("a"), .character("d"):
            guard !field.readOnly else {
                message = "\(field.title) cannot be changed here"
                return
            }
        default: return
        }
        guard field.template != nil else {
            message = "\(field.title) holds \(field.positions.count) positions and nothing after them"
            return
        }
        if key == .character("a") {
            add(to: path)
            return
        }
        guard let item = focusedPath, case .index(let index) = item.last, item.parent == path else { return }
        guard index >= field.positions.count else {
            message = "\(field.positions[index].title) is a position of \(field.title): it stays"
            return
        }
        mode = .confirming(
            Confirmation(question: "Remove \(field.itemTitle(at: index))? (y/N)", action: .removeItem(item)))
    }

    private mutating func add(to collection: FormPath) {
        do {
            let path = try form.addItem(to: collection)
            refresh(keeping: path)
        } catch {
            message = "\(error)"
        }
    }
}
