public import Foundation

/// Where attachments are uploaded, listed and downloaded.
public protocol AttachmentRepositoryProtocol: Sendable {
    /// Copies `file` into the upload queue as `name` of `document`, then sends it.
    ///
    /// Once this returns without throwing, the file is the device's to deliver: it is either on
    /// the server or queued, and a queued upload is sent at the next launch, once.
    func attach(file: URL, as name: String, to document: Document.ID) async throws(AttachmentError) -> AttachOutcome

    /// The attachments of `document`, by name.
    func attachments(of document: Document.ID) async throws(AttachmentError) -> [DocumentAttachment]

    /// Fetches the attachment `name` of `document` into a new temporary file, which the caller
    /// moves where the user keeps files (the platform picks a name no file there has) or removes.
    func download(_ name: String, of document: Document.ID) async throws(AttachmentError) -> URL

    /// The uploads waiting on this device, oldest first.
    func pendingUploads() throws(AttachmentError) -> [PendingUpload]

    /// Sends every queued upload again (each with the key it was first sent with, so the server
    /// stores none twice).
    func resumeUploads() async -> UploadResumption
}

/// Attaches a file to a document.
public struct AttachFileUseCase: Sendable {
    private let repository: any AttachmentRepositoryProtocol

    /// Creates the use case over a repository.
    public init(repository: any AttachmentRepositoryProtocol) {
        self.repository = repository
    }

    /// Attaches `file` to `document` as `name` (the file's own name when nil).
    ///
    /// ```swift
    /// let outcome = await AttachFileUseCase(repository: attachments).execute(file: url, to: id)
    /// ```
    public func execute(file: URL, as name: String? = nil, to document: Document.ID) async -> Result<
        AttachOutcome, AttachmentError
    > {
        let name = name ?? file.lastPathComponent
        if let error = AttachmentRules.check(name: name) { return .failure(error) }
        return await .catching { () async throws(AttachmentError) in
            try await repository.attach(file: file, as: name, to: document)
        }
    }
}

/// Lists a document's attachments.
public struct ListAttachmentsUseCase: Sendable {
    private let repository: any AttachmentRepositoryProtocol

    /// Creates the use case over a repository.
    public init(repository: any AttachmentRepositoryProtocol) {
        self.repository = repository
    }

    /// The attachments of `document`, by name.
    public func execute(document: Document.ID) async -> Result<[DocumentAttachment], AttachmentError> {
        await .catching { () async throws(AttachmentError) in try await repository.attachments(of: document) }
    }
}

/// Fetches an attachment into a temporary file, for the app to save where the user keeps files
/// (its `Documents/`).
public struct DownloadAttachmentUseCase: Sendable {
    private let repository: any AttachmentRepositoryProtocol

    /// Creates the use case over a repository.
    public init(repository: any AttachmentRepositoryProtocol) {
        self.repository = repository
    }

    /// The attachment `name` of `document` in a temporary file the caller moves or removes; a
    /// name that breaks a rule is refused before anything is asked of the server.
    public func execute(name: String, of document: Document.ID) async -> Result<URL, AttachmentError> {
        if let error = AttachmentRules.check(name: name) { return .failure(error) }
        return await .catching { () async throws(AttachmentError) in try await repository.download(name, of: document) }
    }
}
