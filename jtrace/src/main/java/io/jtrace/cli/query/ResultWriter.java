package io.jtrace.cli.query;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.jtrace.format.Ansi;
import io.jtrace.format.CsvTraceWriter;
import io.jtrace.text.Printable;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;

/**
 * A statement's result as text: an aligned table for a person (numbers right-aligned, NULL shown
 * as such, control characters escaped, colour on a terminal), CSV (RFC 4180, a header line, NULL
 * as an empty field) or JSON Lines (an object per row, numbers as numbers). Rows are written as
 * they come; the table's column widths come from its first {@link #MEASURED} rows.
 */
public final class ResultWriter {
    /** The output formats of {@code jtrace query --format}. */
    public enum Format { table, csv, json }

    /** Rows whose widths set the table's columns (a longer value later just pushes its line out). */
    static final int MEASURED = 1000;
    private static final String NULL = "NULL";

    private final PrintWriter out;
    private final Format format;
    private final Ansi ansi;

    public ResultWriter(PrintWriter out, Format format, Ansi ansi) {
        this.out = out;
        this.format = format;
        this.ansi = ansi;
    }

    /** Writes every row of {@code rs}; returns how many. */
    public long write(ResultSet rs) throws SQLException {
        long rows = switch (format) {
            case table -> table(rs);
            case csv -> csv(rs);
            case json -> json(rs);
        };
        out.flush();
        return rows;
    }

    private long csv(ResultSet rs) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        int n = md.getColumnCount();
        StringBuilder line = new StringBuilder();
        for (int i = 1; i <= n; i++) {
            if (i > 1) line.append(',');
            CsvTraceWriter.field(line, md.getColumnLabel(i));
        }
        out.println(line);
        long rows = 0;
        while (rs.next()) {
            line.setLength(0);
            for (int i = 1; i <= n; i++) {
                if (i > 1) line.append(',');
                CsvTraceWriter.field(line, rs.getString(i));
            }
            out.println(line);
            rows++;
        }
        return rows;
    }

    private long json(ResultSet rs) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        int n = md.getColumnCount();
        long rows = 0;
        try {
            JsonGenerator g = new JsonFactory().createGenerator(out);
            g.setRootValueSeparator(null);
            while (rs.next()) {
                g.writeStartObject();
                for (int i = 1; i <= n; i++) {
                    g.writeFieldName(md.getColumnLabel(i));
                    // a time as DuckDB writes it (2026-11-27 10:15:02.123456), not in this JVM's time zone
                    if (md.getColumnType(i) == Types.TIMESTAMP) g.writeString(rs.getString(i));
                    else value(g, rs.getObject(i));
                }
                g.writeEndObject();
                g.flush();
                out.println();
                rows++;
            }
            g.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return rows;
    }

    private static void value(JsonGenerator g, Object v) throws IOException, SQLException {
        if (v == null) g.writeNull();
        else if (v instanceof Boolean b) g.writeBoolean(b);
        else if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) g.writeNumber(((Number) v).longValue());
        else if (v instanceof BigInteger b) g.writeNumber(b);
        else if (v instanceof BigDecimal b) g.writeNumber(b);
        else if (v instanceof Double d && Double.isFinite(d)) g.writeNumber(d);
        else if (v instanceof Float f && Float.isFinite(f)) g.writeNumber(f);
        else if (v instanceof java.sql.Array a) {
            g.writeStartArray();
            for (Object e : (Object[]) a.getArray()) value(g, e);
            g.writeEndArray();
        } else g.writeString(v.toString());
    }

    private long table(ResultSet rs) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        int n = md.getColumnCount();
        String[] labels = new String[n];
        boolean[] right = new boolean[n];
        int[] width = new int[n];
        for (int i = 0; i < n; i++) {
            labels[i] = Printable.text(md.getColumnLabel(i + 1));
            right[i] = numeric(md.getColumnType(i + 1), md.getColumnTypeName(i + 1));
            width[i] = labels[i].length();
        }
        List<String[]> first = new ArrayList<>();
        boolean more = true;
        while (first.size() < MEASURED && (more = rs.next())) {
            String[] row = new String[n];
            for (int i = 0; i < n; i++) {
                row[i] = Printable.text(rs.getString(i + 1));
                width[i] = Math.max(width[i], row[i] == null ? NULL.length() : row[i].length());
            }
            first.add(row);
        }
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < n; i++) cell(line, i, labels[i], width, right, false);
        out.println(ansi.bold(line.toString().stripTrailing()));
        line.setLength(0);
        for (int i = 0; i < n; i++) {
            if (i > 0) line.append("  ");
            line.append("-".repeat(width[i]));
        }
        out.println(ansi.dim(line.toString()));
        long rows = 0;
        for (String[] row : first) {
            print(row, width, right);
            rows++;
        }
        if (more) {
            String[] row = new String[n];
            while (rs.next()) {
                for (int i = 0; i < n; i++) row[i] = Printable.text(rs.getString(i + 1));
                print(row, width, right);
                rows++;
            }
        }
        out.println(ansi.dim("(" + rows + (rows == 1 ? " row)" : " rows)")));
        return rows;
    }

    private void print(String[] row, int[] width, boolean[] right) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < row.length; i++) cell(line, i, row[i], width, right, row[i] == null);
        out.println(line.toString().stripTrailing());
    }

    private void cell(StringBuilder line, int i, String value, int[] width, boolean[] right, boolean isNull) {
        if (i > 0) line.append("  ");
        String text = isNull ? NULL : value;
        String pad = " ".repeat(Math.max(0, width[i] - text.length()));
        String shown = isNull ? ansi.dim(text) : text;
        if (right[i]) line.append(pad).append(shown);
        else line.append(shown).append(pad);
    }

    /** Numbers (right-aligned): the JDBC numeric types, and DuckDB's own (sum() of BIGINT is a HUGEINT, unsigned ones). */
    private static boolean numeric(int sqlType, String typeName) {
        return switch (sqlType) {
            case Types.TINYINT, Types.SMALLINT, Types.INTEGER, Types.BIGINT, Types.DECIMAL, Types.NUMERIC, Types.FLOAT,
                 Types.REAL, Types.DOUBLE -> true;
            default -> typeName != null && typeName.matches("U?(HUGEINT|BIGINT|INTEGER|SMALLINT|TINYINT)|DECIMAL.*");
        };
    }
}
