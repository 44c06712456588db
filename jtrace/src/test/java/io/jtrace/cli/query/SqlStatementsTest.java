package io.jtrace.cli.query;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SqlStatementsTest {
    @Test
    void eachStatementOnItsOwn() {
        assertEquals(List.of("SELECT 1", "SELECT 2"), SqlStatements.split("SELECT 1; SELECT 2;"));
        assertEquals(List.of("SELECT 1", "SELECT 2"), SqlStatements.split("SELECT 1;\n\n;SELECT 2"));
        assertEquals(List.of("SELECT count(*) FROM calls"), SqlStatements.split("SELECT count(*) FROM calls"));
    }

    @Test
    void aSemicolonInTextOrACommentCutsNothing() {
        assertEquals(List.of("SELECT 'a;b', \"x;y\" FROM t"), SqlStatements.split("SELECT 'a;b', \"x;y\" FROM t;"));
        assertEquals(List.of("SELECT 'it''s; here'", "SELECT 2"), SqlStatements.split("SELECT 'it''s; here'; SELECT 2"));
        assertEquals(List.of("SELECT 1 -- one; two", "SELECT 2"), SqlStatements.split("SELECT 1 -- one; two\n; SELECT 2"));
        assertEquals(List.of("SELECT /* a; b */ 1"), SqlStatements.split("SELECT /* a; b */ 1;"));
    }

    @Test
    void anUnclosedQuoteRunsToTheEnd() {
        assertEquals(List.of("SELECT 'open; still"), SqlStatements.split("SELECT 'open; still"));
    }
}
