import ShellKit
import Testing

@Suite("Shell-style tokenizing")
struct TokenizerTests {
    @Test(
        "Words split like a shell",
        arguments: [
            (#"docs list"#, ["docs", "list"]),
            (#"  docs   show  1 "#, ["docs", "show", "1"]),
            (#"docs new "Groceries list" --tag home"#, ["docs", "new", "Groceries list", "--tag", "home"]),
            (#"docs new 'it''s' x"#, ["docs", "new", "its", "x"]),
            (#"docs new "say \"hi\"""#, ["docs", "new", #"say "hi""#]),
            (#"docs new a\ b"#, ["docs", "new", "a b"]),
            (#"docs new """#, ["docs", "new", ""]),
            (#"docs new "a\nb""#, ["docs", "new", #"a\nb"#]),
            ("héllo wörld", ["héllo", "wörld"]),
        ])
    func splits(line: String, words: [String]) {
        #expect(Tokenizer.words(line) == .success(words))
    }

    @Test func unbalancedQuotesAreErrors() {
        #expect(Tokenizer.words(#"docs new "open"#) == .failure(.unterminatedQuote("\"")))
        #expect(Tokenizer.words("docs new 'open") == .failure(.unterminatedQuote("'")))
        #expect(Tokenizer.words(#"docs new \"#) == .failure(.danglingEscape))
        #expect(Tokenizer.Failure.unterminatedQuote("'").message == "unterminated ' quote")
    }
}
