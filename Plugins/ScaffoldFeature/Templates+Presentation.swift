/// The Presentation files of a feature: its list, pages, detail, editor, import (and search) view
/// models over the generic ones.
extension FeatureSpec {
    func presentationFiles() -> [(path: String, text: String)] {
        let folder = "Sources/Presentation/\(plural)"
        return [
            (
                "\(folder)/\(name)ListViewModel.swift",
                """
                public import Domain

                /// The \(lower) list: loads on appear, refreshes while keeping what is on screen.
                public typealias \(name)ListViewModel = ListViewModel<\(name)>

                /// What the \(lower) list shows.
                public typealias \(name)ListViewState = ListViewState<\(name)>

                extension ListViewModel where Item == \(name) {
                    /// The \(lower) list, read with `list\(plural)`.
                    public convenience init(list\(plural): List\(plural)UseCase) {
                        self.init(name: "\(name)ListViewModel") { policy in
                            await list\(plural).execute(policy: policy).mapError { ItemLoadFailure($0, cancelled: .cancelled) }
                        }
                    }
                }

                """
            ),
            (
                "\(folder)/\(name)DetailViewModel.swift",
                """
                public import Domain

                /// One \(lower), read by id.
                public typealias \(name)DetailViewModel = ItemViewModel<\(name)>

                /// What the \(lower) screen shows.
                public typealias \(name)DetailViewState = ItemViewState<\(name)>

                extension ItemViewModel where Item == \(name) {
                    /// The screen of \(lower) `id`.
                    public convenience init(id: \(name).ID, fetch\(name): Fetch\(name)UseCase) {
                        self.init(name: "\(name)DetailViewModel") { policy in
                            await fetch\(name).execute(id: id, policy: policy).mapError { ItemLoadFailure($0, cancelled: .cancelled) }
                        }
                    }
                }

                """
            ),
            (
                "\(folder)/\(name)PagesViewModel.swift",
                """
                public import Domain

                /// The \(lower) list read a page at a time, newest change first.
                public typealias \(name)PagesViewModel = PagesViewModel<\(name)>

                /// What the paged \(lower) list shows.
                public typealias \(name)PagesViewState = PagesViewState<\(name)>

                extension PagesViewModel where Item == \(name) {
                    /// Pages of `pageSize` \(lowerPlural), read with `list\(plural)`.
                    public convenience init(list\(plural): List\(plural)UseCase, pageSize: Int) {
                        self.init(name: "\(name)PagesViewModel", pageSize: pageSize) { request, policy in
                            await list\(plural).execute(page: request, policy: policy).mapError { ItemLoadFailure($0, cancelled: .cancelled) }
                        }
                    }
                }

                """
            ),
            ("\(folder)/\(name)EditorViewModel.swift", editorViewModel()),
            (
                "\(folder)/\(name)ImportViewModel.swift",
                """
                public import Domain

                /// Imports many \(lowerPlural), saving them a chunk at a time and sending them as they are saved.
                public typealias \(name)ImportViewModel = ImportViewModel<\(name)Draft>

                extension ImportViewModel where Draft == \(name)Draft {
                    /// The import of \(lowerPlural) with `import\(plural)`, 500 drafts saved together.
                    public convenience init(import\(plural): Import\(plural)UseCase) {
                        self.init(
                            name: "\(name)ImportViewModel", chunkSize: 500, validate: { draft throws(\(name)Error) in try \(name)Rules.validate(draft) },
                            save: { await import\(plural).save($0) }, send: { await import\(plural).send() }, cancelled: \(name)Error.cancelled)
                    }
                }

                """
            ),
        ] + (isSearchable ? [("\(folder)/\(name)SearchViewModel.swift", searchViewModel())] : [])
    }

    /// The editor of a new or existing item: the generic one over the feature's use cases.
    private func editorViewModel() -> String {
        """
        public import Domain

        /// Creates or changes one \(lower); a failed save keeps the draft.
        public typealias \(name)EditorViewModel = ItemEditorViewModel<\(name), \(name)Draft>

        /// What the \(lower) editor shows.
        public typealias \(name)EditorViewState = ItemEditorViewState<\(name), \(name)Draft>

        extension ItemEditorViewModel where Item == \(name), Draft == \(name)Draft {
            /// An editor of `\(lower)` (a new one when `nil`) showing `draft`; a save in conflict reads
            /// both versions with `findConflict`.
            public convenience init(
                editing \(lower): \(name)?, draft: \(name)Draft, create\(name): Create\(name)UseCase,
                update\(name): Update\(name)UseCase, findConflict: FindConflictUseCase
            ) {
                self.init(
                    name: "\(name)EditorViewModel", editing: \(lower), draft: draft, draftOf: { \(name)Draft($0) },
                    rebase: { $0.rebased(from: $1, onto: $2) },
                    findConflict: { await findConflict.execute(collection: "\(collection)", itemId: $0.id.rawValue) },
                    cancelled: \(name)Error.cancelled, save: Self.save(create\(name): create\(name), update\(name): update\(name)))
            }

            /// How a draft is saved: as a new \(lower) when nothing is saved yet, else over the saved one.
            public static func save(create\(name): Create\(name)UseCase, update\(name): Update\(name)UseCase) -> Save<\(name)Error> {
                { saved, draft in
                    guard let saved else { return await create\(name).execute(draft) }
                    return await update\(name).execute(draft.applied(to: saved))
                }
            }
        }

        """
    }

    /// The search as you type, when the feature has a search: the documents' view model.
    private func searchViewModel() -> String {
        """
        public import Domain

        /// Search as you type over the \(lowerPlural).
        public typealias \(name)SearchViewModel = SearchViewModel<\(name)>

        /// What the \(lower) search shows.
        public typealias \(name)SearchViewState = SearchViewState<\(name)>

        extension SearchViewModel where Item == \(name) {
            /// The \(lower) search, with `search\(plural)` under `policy`; searches wait for 300 ms of
            /// silence on `clock`.
            public convenience init(search\(plural): Search\(plural)UseCase, clock: any Clock<Duration>, policy: ReadPolicy) {
                self.init(name: "\(name)SearchViewModel", clock: clock, debounce: .milliseconds(300), policy: policy) { query, policy in
                    await search\(plural).execute(query: query, policy: policy).mapError { ItemLoadFailure($0, cancelled: .cancelled) }
                }
            }
        }

        """
    }
}
