package io.jtrace.cli.explore;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The shell's line syntax (commands, quotes, pipes, redirection) and its output stages. */
class ShellLineTest {
    private static List<String> words(ShellLine.Invocation i) {
        return i.words();
    }

    @Test
    void commandsPipesAndRedirection() {
        ShellLine line = ShellLine.parse("thread main; find call 'Bank.transfer' --min 2ms | grep -i refused | head 3 ; ctx 4 >> out.txt;;");
        assertEquals(3, line.invocations().size());
        assertEquals(List.of("thread", "main"), words(line.invocations().get(0)));
        ShellLine.Invocation find = line.invocations().get(1);
        assertEquals(List.of("find", "call", "Bank.transfer", "--min", "2ms"), find.words());
        assertEquals(List.of(List.of("grep", "-i", "refused"), List.of("head", "3")), find.stages());
        ShellLine.Invocation ctx = line.invocations().get(2);
        assertEquals("out.txt", ctx.redirect());
        assertEquals(true, ctx.append());
        assertEquals(List.of("ctx", "4"), ctx.words());
    }

    @Test
    void quotesAndEscapesKeepSpecialCharacters() {
        ShellLine line = ShellLine.parse("find write name = \"a b;c|d>e\" | grep 'x y'; find write s = it\\'s");
        assertEquals(List.of("find", "write", "name", "=", "a b;c|d>e"), words(line.invocations().get(0)));
        assertEquals(List.of(List.of("grep", "x y")), line.invocations().get(0).stages());
        assertEquals(List.of("find", "write", "s", "=", "it's"), words(line.invocations().get(1)));
    }

    /** After a find's 'where' the condition is one word as typed: its '>' compares, its quotes stay; ';' and '|' end it. */
    @Test
    void aFindConditionIsOneWord() {
        ShellLine line = ShellLine.parse("find call Bank.transfer where amount >= 100 and name == \"a;b|c\" | head 2; f read x where value>3;"
                + "find call A.b where 'amount > 1' > out.txt; where > w.txt; find write where where x > 1");
        assertEquals(List.of("find", "call", "Bank.transfer", "where", "amount >= 100 and name == \"a;b|c\""), words(line.invocations().get(0)));
        assertEquals(List.of(List.of("head", "2")), line.invocations().get(0).stages());
        assertEquals(List.of("f", "read", "x", "where", "value>3"), words(line.invocations().get(1)));
        assertEquals(List.of("find", "call", "A.b", "where", "amount > 1"), words(line.invocations().get(2)));
        assertEquals("out.txt", line.invocations().get(2).redirect());
        assertEquals(List.of("where"), words(line.invocations().get(3)));
        assertEquals("w.txt", line.invocations().get(3).redirect());
        assertEquals(List.of("find", "write", "where", "where", "x > 1"), words(line.invocations().get(4)));
    }

    @Test
    void badLinesSayWhatIsWrong() {
        assertEquals("unclosed quote '", assertThrows(ShellError.class, () -> ShellLine.parse("find 'x")).getMessage());
        assertEquals("nothing before '|'", assertThrows(ShellError.class, () -> ShellLine.parse("| grep x")).getMessage());
        assertEquals("nothing after '|'", assertThrows(ShellError.class, () -> ShellLine.parse("ctx |")).getMessage());
        assertEquals("'>' needs a file name", assertThrows(ShellError.class, () -> ShellLine.parse("ctx >")).getMessage());
        assertEquals(0, ShellLine.parse("   ").invocations().size());
    }

    /** A constructor's name, as Tab completes it, is a word: its '>' closes the '<' and redirects nothing. */
    @Test
    void angleBracketsInANameAreNotARedirection() {
        ShellLine.Invocation find = ShellLine.parse("find call Account.<init> > calls.txt").invocations().get(0);
        assertEquals(List.of("find", "call", "Account.<init>"), find.words());
        assertEquals("calls.txt", find.redirect());
        assertEquals(List.of("summary", "--include", "Foo.<clinit>", "--include", "Node.<init>"),
                ShellLine.parse("summary --include Foo.<clinit> --include Node.<init>").invocations().get(0).words());
        ShellLine.Invocation plain = ShellLine.parse("ctx 20>out.txt").invocations().get(0);
        assertEquals(List.of("ctx", "20"), plain.words());
        assertEquals("out.txt", plain.redirect());
    }

    @Test
    void grepAndHeadFilterLines() {
        List<String> seen = new ArrayList<>();
        OutputPipeline p = OutputPipeline.of(List.of(List.of("grep", "-v", "skip"), List.of("head", "2")), seen::add);
        String text = "keep 1\nskip 2\n\u001b[1mkeep\u001b[m 3\nkeep 4\n";
        // the line after head's two stops the writer (as a real pipeline's head does)
        assertThrows(io.jtrace.format.OutputFailedException.class, () -> p.write(text.toCharArray(), 0, text.length()));
        assertEquals(List.of("keep 1", "\u001b[1mkeep\u001b[m 3"), seen);
        assertEquals("cannot pipe into 'sort': grep and head can follow '|'",
                assertThrows(ShellError.class, () -> OutputPipeline.of(List.of(List.of("sort")), seen::add)).getMessage());
        assertEquals("head takes a number of lines, not 'x'",
                assertThrows(ShellError.class, () -> OutputPipeline.of(List.of(List.of("head", "x")), seen::add)).getMessage());
    }

    @Test
    void grepIgnoresColourWhenMatching() {
        List<String> seen = new ArrayList<>();
        OutputPipeline p = OutputPipeline.of(List.of(List.of("grep", "^=> ")), seen::add);
        String text = "\u001b[1m=>\u001b[m x\n   y\n";
        p.write(text.toCharArray(), 0, text.length());
        assertEquals(List.of("\u001b[1m=>\u001b[m x"), seen);
    }
}
