import CEditLine
public import Foundation
import Logging

/// Reads lines from a terminal with libedit: line editing, history (Up/Down) and Tab completion.
///
/// Use it only when standard input and output are both terminals: on a pipe libedit reads one
/// byte per system call.
@MainActor
public final class EditLineReader: LineReader {
    private let editLine: OpaquePointer
    private let history: OpaquePointer
    private let completion: CompletionBox
    /// libedit's client data: the completion box and the Ctrl-C wake-up pipe.
    private let client: UnsafeMutablePointer<strata_client>?
    private let historyFile: URL?
    private let logger = Logger(label: "strata.repl")

    /// Opens libedit on the terminal, or returns `nil` when libedit cannot start; history is
    /// loaded from and saved to `historyFile` when given.
    public init?(complete: @escaping (String) -> Completion, historyFile: URL?) {
        // Without a character-type locale libedit silently drops every non-ASCII key.
        _ = strata_set_ctype_locale()
        guard let editLine = strata_el_init(CommandLine.arguments.first ?? "repl") else { return nil }
        guard let history = strata_history_init(Constants.historySize) else {
            el_end(editLine)
            return nil
        }
        self.editLine = editLine
        self.history = history
        let completion = CompletionBox(complete: complete)
        self.completion = completion
        client = strata_client_new(Unmanaged.passUnretained(completion).toOpaque(), Interrupts.wakeDescriptor)
        self.historyFile = historyFile
        configure()
        loadHistory()
    }

    isolated deinit {
        logger.debug("deinit EditLineReader")
        _ = strata_el_set_client(editLine, nil)
        el_end(editLine)
        history_end(history)
        free(client)
    }

    /// Reads a line with editing; `nil` from libedit (Ctrl-D on an empty line, hang-up) ends input.
    public func readLine(prompt: String) -> LineInput {
        strata_el_set_prompt_text(prompt)
        var count: Int32 = 0
        guard let raw = el_gets(editLine, &count), count > 0 else {
            // A Ctrl-C interrupts the read (no SA_RESTART): throw the line away, keep going.
            if Interrupts.take() {
                strata_el_write("\n")
                return .interrupted
            }
            return .end
        }
        var bytes = Array(UnsafeBufferPointer(start: raw, count: Int(count)).map { UInt8(bitPattern: $0) })
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        return LineRules.decode(bytes)
    }

    /// Adds a line to the history and saves the history file at once, so nothing typed is lost.
    public func remember(_ line: String) {
        guard !line.allSatisfy(\.isWhitespace) else { return }
        _ = strata_history_enter(history, line)
        saveHistory()
    }
}

// MARK: - Private

extension EditLineReader {
    private func loadHistory() {
        guard let historyFile, FileManager.default.fileExists(atPath: historyFile.path) else { return }
        if strata_history_load(history, historyFile.path) < 0 {
            logger.warning("ignoring the unreadable history file \(historyFile.path)")
        }
    }

    /// Writes the history to a temporary file with mode 0600 and renames it over the old one,
    /// with SIGHUP ignored meanwhile: a hang-up mid-save once left libedit's file empty.
    private func saveHistory() {
        guard let historyFile else { return }
        let temporary = historyFile.deletingLastPathComponent()
            .appendingPathComponent(".\(historyFile.lastPathComponent).\(getpid()).tmp")
        let previous = signal(SIGHUP, SIG_IGN)
        defer { signal(SIGHUP, previous) }
        guard strata_history_save(history, temporary.path) >= 0,
            chmod(temporary.path, 0o600) == 0,
            rename(temporary.path, historyFile.path) == 0
        else {
            unlink(temporary.path)
            logger.warning("could not save the history to \(historyFile.path)")
            return
        }
    }

    private enum Constants {
        static let historySize: Int32 = 1000
        static let completeFunctionName = "strata-complete"
    }

    private func configure() {
        _ = strata_el_set_editor(editLine, "emacs")
        _ = strata_el_use_prompt(editLine)
        _ = strata_el_set_signal(editLine, 1)
        _ = strata_el_set_read_function(editLine)
        _ = strata_el_set_history(editLine, history)
        _ = strata_el_set_client(editLine, client)
        _ = strata_el_add_function(editLine, Constants.completeFunctionName, "Complete the word", completeWord)
        _ = strata_el_bind(editLine, "^I", Constants.completeFunctionName)
        _ = strata_el_bind(editLine, "^R", "em-inc-search-prev")
    }
}

/// Holds the completer for the C callback, which reaches it through libedit's client data.
private final class CompletionBox {
    let complete: (String) -> Completion

    init(complete: @escaping (String) -> Completion) {
        self.complete = complete
    }

    deinit {
        Logger(label: "strata.repl").debug("deinit CompletionBox")
    }

    func complete(_ editLine: OpaquePointer) -> UInt8 {
        let info = el_line(editLine).pointee
        let length = info.cursor - info.buffer
        let bytes = UnsafeRawBufferPointer(start: info.buffer, count: max(0, length))
        guard let before = String(validating: bytes, as: UTF8.self) else { return UInt8(CC_ERROR) }
        let completion = complete(before)
        if !completion.insertion.isEmpty {
            _ = el_insertstr(editLine, completion.insertion)
        }
        if completion.candidates.count > 1 {
            strata_el_write("\n" + Completion.columns(completion.candidates, width: TerminalSize.columns()) + "\n")
            return UInt8(CC_REDISPLAY)
        }
        return completion.insertion.isEmpty ? UInt8(CC_ERROR) : UInt8(CC_REFRESH)
    }
}

/// The C entry point libedit calls for Tab.
nonisolated private func completeWord(_ editLine: OpaquePointer?, _ key: Int32) -> UInt8 {
    guard let editLine, let data = strata_el_client_data(editLine) else { return UInt8(CC_ERROR) }
    let box = Unmanaged<CompletionBox>.fromOpaque(data).takeUnretainedValue()
    // libedit calls back on the thread that called el_gets, which is the main thread.
    let address = Int(bitPattern: editLine)
    return MainActor.assumeIsolated {
        guard let editLine = OpaquePointer(bitPattern: address) else { return UInt8(CC_ERROR) }
        return box.complete(editLine)
    }
}
