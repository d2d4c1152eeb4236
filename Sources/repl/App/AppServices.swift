import Domain

/// The repositories the composition root wired, and the use cases over them.
///
/// Use cases are stateless values made on demand: a new one needs no line here, a command makes
/// it from the repository (`PinDocumentUseCase(repository: context.services.documents)`).
struct AppServices {
    /// Documents.
    let documents: any DocumentRepositoryProtocol
    /// User profiles.
    let users: any UserRepositoryProtocol
    /// The sync engine: status, outbox and conflicts.
    let sync: any SyncRepositoryProtocol
    /// The signed-in session.
    let sessions: any SessionRepositoryProtocol
    /// Where the device's push token is registered.
    let devices: any DeviceRegistrationRepositoryProtocol
    /// Files attached to documents, and the uploads queued on this device.
    let attachments: any AttachmentRepositoryProtocol

    /// Lists documents.
    var listDocuments: ListDocumentsUseCase { ListDocumentsUseCase(repository: documents) }
    /// Reads one document.
    var fetchDocument: FetchDocumentUseCase { FetchDocumentUseCase(repository: documents) }
    /// Creates a document.
    var createDocument: CreateDocumentUseCase { CreateDocumentUseCase(repository: documents) }
    var importDocuments: ImportDocumentsUseCase { ImportDocumentsUseCase(repository: documents) }
    /// Changes a document.
    var updateDocument: UpdateDocumentUseCase { UpdateDocumentUseCase(repository: documents) }
    /// Deletes a document.
    var deleteDocument: DeleteDocumentUseCase { DeleteDocumentUseCase(repository: documents) }
    /// Searches documents.
    var searchDocuments: SearchDocumentsUseCase { SearchDocumentsUseCase(repository: documents) }
    /// Reads a user profile.
    var fetchUser: FetchUserUseCase { FetchUserUseCase(repository: users) }
    /// Pushes the outbox and pulls the server's changes.
    var syncNow: SyncUseCase { SyncUseCase(repository: sync) }
    /// Settles a conflict by hand.
    var resolveConflict: ResolveConflictUseCase { ResolveConflictUseCase(repository: sync) }
    /// Signs in.
    var signIn: SignInUseCase { SignInUseCase(repository: sessions) }
    /// Signs out.
    var signOut: SignOutUseCase { SignOutUseCase(repository: sessions) }
    /// Registers the device's push token.
    var registerDevice: RegisterDeviceUseCase { RegisterDeviceUseCase(repository: devices) }
    /// Removes the push token from the server at sign-out.
    var deregisterDevice: DeregisterDeviceUseCase { DeregisterDeviceUseCase(repository: devices) }
    /// Finds a document's conflict, for the editor.
    var findConflict: FindConflictUseCase { FindConflictUseCase(repository: sync) }
}
