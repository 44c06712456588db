package io.jtrace.analysis;

import io.jtrace.model.Argument;
import io.jtrace.model.CallValues;
import io.jtrace.model.Value;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A condition on the values {@code run --args} recorded of a call ({@code jtrace calls --where}):
 * comparisons of an argument (by name, or {@code arg0}, {@code arg1}... by position) or of the
 * return value ({@code ret}) with a literal, joined by {@code and} and {@code or} ({@code and}
 * binds tighter; parentheses group):
 * <pre>
 *   amount &gt; 100        ret == false        arg0 == "x"        name != null
 *   from == null or (amount &gt;= 10 and amount &lt; 20)
 * </pre>
 * Operators {@code == != < <= > >=}; literals: numbers ({@code 42}, {@code -1.5}), strings in
 * double or single quotes (backslash escapes a quote or backslash), {@code true}, {@code false},
 * {@code null}.
 *
 * <p>How a value compares: integers exactly, floats and doubles as Java compares them with the
 * literal as a float or double; booleans with {@code true}/{@code false}; chars with a
 * one-character string or a number; strings with a string, as recorded (cut at
 * {@code --string-length}); boxed numbers and enum constants by their text; {@code null} equals
 * only {@code null}, and any other value is {@code != null}; another object equals the string
 * {@code print} shows for it ({@code "bank.Account@1b6d3586"}). A comparison of values of
 * different kinds, of a redacted value, or of a value the call did not record is false (so
 * {@code !=} is not the negation of {@code ==} there).
 */
public final class CallCondition {
    private final String text;
    private final Predicate<CallValues> test;
    private final Set<String> names;

    private CallCondition(String text, Predicate<CallValues> test, Set<String> names) {
        this.text = text;
        this.test = test;
        this.names = names;
    }

    /** Parses a condition. @throws IllegalArgumentException with a lowercase message naming the bad token */
    public static CallCondition parse(String text) {
        Parser p = new Parser(text);
        Predicate<CallValues> test = p.parse();
        return new CallCondition(text, test, p.names);
    }

    /** Whether a call with these values matches; a call with none recorded (null) never does. */
    public boolean test(CallValues values) {
        return values != null && test.test(values);
    }

    /** The names the comparisons use: argument names, {@code argN}, {@code ret}, in order of appearance. */
    public Set<String> names() {
        return names;
    }

    /** True for a name that means the return value. */
    public static boolean isReturn(String name) {
        return name.equals("ret") || name.equals("return");
    }

    /** The position {@code argN} means, or -1 for another name. */
    public static int position(String name) {
        if (!name.startsWith("arg") || name.length() == 3 || name.length() > 6) return -1;
        for (int i = 3; i < name.length(); i++) if (!Character.isDigit(name.charAt(i))) return -1;
        return Integer.parseInt(name.substring(3));
    }

    @Override
    public String toString() {
        return text;
    }

    // ------------------------------------------------------------------ evaluation

    private enum Op {
        EQ("=="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">=");

        final String symbol;

        Op(String symbol) {
            this.symbol = symbol;
        }

        boolean holds(int c) {
            return switch (this) {
                case EQ -> c == 0;
                case NE -> c != 0;
                case LT -> c < 0;
                case LE -> c <= 0;
                case GT -> c > 0;
                case GE -> c >= 0;
            };
        }
    }

    private enum LiteralKind { NUMBER, STRING, BOOLEAN, NULL }

    private record Literal(LiteralKind kind, BigDecimal number, String string, boolean bool) {}

    /** The argument {@code name} of a call: by name, else {@code argN} by position, or the return value. */
    private static Argument argument(CallValues values, String name) {
        if (isReturn(name)) return values.returned();
        Argument a = values.argument(name);
        if (a != null) return a;
        int i = position(name);
        return i >= 0 && i < values.arguments().size() ? values.arguments().get(i) : null;
    }

    private static boolean compare(CallValues values, String name, Op op, Literal lit) {
        Argument a = argument(values, name);
        if (a == null) return false;
        Value v = a.value();
        String declared = a.type() == null ? "" : a.type();
        if (v.kind() == Value.Kind.REDACTED) return false;
        if (v.kind() == Value.Kind.NULL || lit.kind() == LiteralKind.NULL) {
            boolean bothNull = v.kind() == Value.Kind.NULL && lit.kind() == LiteralKind.NULL;
            return op == Op.EQ ? bothNull : op == Op.NE && !bothNull;
        }
        Integer c = switch (v.kind()) {
            case INT -> compareInt(v.bits(), declared, op, lit);
            case FLOAT -> lit.kind() == LiteralKind.NUMBER
                    ? Float.compare(Float.intBitsToFloat((int) v.bits()), lit.number().floatValue()) : null;
            case DOUBLE -> lit.kind() == LiteralKind.NUMBER
                    ? Double.compare(Double.longBitsToDouble(v.bits()), lit.number().doubleValue()) : null;
            case STRING -> lit.kind() == LiteralKind.STRING ? Integer.valueOf(v.text().compareTo(lit.string())) : null;
            case TEXT -> compareText(v.text(), lit);
            case OBJECT -> lit.kind() == LiteralKind.STRING && (op == Op.EQ || op == Op.NE)
                    ? Integer.valueOf(io.jtrace.text.VariableText.value(v, declared).compareTo(lit.string())) : null;
            default -> null;
        };
        return c != null && op.holds(c);
    }

    private static Integer compareInt(long bits, String declared, Op op, Literal lit) {
        char d = declared.isEmpty() ? 'I' : declared.charAt(0);
        if (d == 'Z') {
            return lit.kind() == LiteralKind.BOOLEAN && (op == Op.EQ || op == Op.NE)
                    ? Integer.valueOf(Boolean.compare(bits != 0, lit.bool())) : null;
        }
        if (d == 'C' && lit.kind() == LiteralKind.STRING) {
            return lit.string().length() == 1 ? Integer.valueOf(Long.compare(bits, lit.string().charAt(0))) : null;
        }
        return lit.kind() == LiteralKind.NUMBER ? Integer.valueOf(BigDecimal.valueOf(bits).compareTo(lit.number())) : null;
    }

    /** A boxed number, boolean or character, or an enum constant's name (or a toString()). */
    private static Integer compareText(String text, Literal lit) {
        switch (lit.kind()) {
            case STRING:
                return text.compareTo(lit.string());
            case BOOLEAN:
                return text.equals("true") || text.equals("false") ? Integer.valueOf(Boolean.compare(Boolean.parseBoolean(text), lit.bool())) : null;
            case NUMBER:
                try {
                    return new BigDecimal(text).compareTo(lit.number());
                } catch (NumberFormatException e) {
                    return null;
                }
            default:
                return null;
        }
    }

    // ------------------------------------------------------------------ parsing

    private enum TokenKind { NAME, NUMBER, STRING, OP, AND, OR, OPEN, CLOSE, END }

    private record Token(TokenKind kind, String text, int at) {}

    private static final class Parser {
        private final String source;
        private final List<Token> tokens;
        private int next;
        final Set<String> names = new LinkedHashSet<>();

        Parser(String source) {
            this.source = source;
            this.tokens = tokens(source);
        }

        Predicate<CallValues> parse() {
            if (tokens.get(0).kind() == TokenKind.END) {
                throw new IllegalArgumentException("empty condition: give a comparison such as 'amount > 100' or 'ret == false'");
            }
            Predicate<CallValues> p = or();
            Token t = tokens.get(next);
            if (t.kind() == TokenKind.CLOSE) throw new IllegalArgumentException("unmatched ')' at " + (t.at() + 1));
            if (t.kind() != TokenKind.END) {
                throw new IllegalArgumentException("unexpected '" + t.text() + "' at " + (t.at() + 1) + ": join comparisons with 'and' or 'or'");
            }
            return p;
        }

        private Predicate<CallValues> or() {
            Predicate<CallValues> p = and();
            while (tokens.get(next).kind() == TokenKind.OR) {
                next++;
                p = p.or(and());
            }
            return p;
        }

        private Predicate<CallValues> and() {
            Predicate<CallValues> p = comparison();
            while (tokens.get(next).kind() == TokenKind.AND) {
                next++;
                p = p.and(comparison());
            }
            return p;
        }

        private Predicate<CallValues> comparison() {
            Token t = tokens.get(next++);
            if (t.kind() == TokenKind.OPEN) {
                Predicate<CallValues> inner = or();
                Token close = tokens.get(next++);
                if (close.kind() != TokenKind.CLOSE) {
                    throw new IllegalArgumentException(close.kind() == TokenKind.END ? "'(' at " + (t.at() + 1) + " is not closed"
                            : "expected ')' at " + (close.at() + 1) + ", not '" + close.text() + "'");
                }
                return inner;
            }
            if (t.kind() == TokenKind.END) throw new IllegalArgumentException("a comparison is missing at the end");
            if (t.kind() != TokenKind.NAME || isLiteralWord(t.text())) {
                throw new IllegalArgumentException("'" + t.text() + "' at " + (t.at() + 1)
                        + " is not an argument: start each comparison with an argument name, argN or ret (amount > 100)");
            }
            Token op = tokens.get(next++);
            if (op.kind() != TokenKind.OP) {
                throw new IllegalArgumentException(op.kind() == TokenKind.END ? "a comparison is missing after '" + t.text() + "'"
                        : "expected a comparison (==, !=, <, <=, >, >=) after '" + t.text() + "', not '" + op.text() + "'");
            }
            Op operator = operator(op);
            Token value = tokens.get(next++);
            Literal lit = literal(value, op);
            String name = t.text();
            names.add(name);
            if ((lit.kind() == LiteralKind.BOOLEAN || lit.kind() == LiteralKind.NULL) && operator != Op.EQ && operator != Op.NE) {
                throw new IllegalArgumentException("'" + op.text() + "' does not order " + value.text() + ": use == or !=");
            }
            return values -> compare(values, name, operator, lit);
        }

        private static Op operator(Token op) {
            for (Op o : Op.values()) if (o.symbol.equals(op.text())) return o;
            throw new IllegalArgumentException("'" + op.text() + "' at " + (op.at() + 1) + " is not a comparison: use ==, !=, <, <=, > or >=");
        }

        private static boolean isLiteralWord(String w) {
            return w.equals("true") || w.equals("false") || w.equals("null");
        }

        private static Literal literal(Token t, Token after) {
            switch (t.kind()) {
                case NUMBER:
                    return new Literal(LiteralKind.NUMBER, new BigDecimal(t.text()), null, false);
                case STRING:
                    return new Literal(LiteralKind.STRING, null, t.text(), false);
                case NAME:
                    switch (t.text()) {
                        case "true": return new Literal(LiteralKind.BOOLEAN, null, null, true);
                        case "false": return new Literal(LiteralKind.BOOLEAN, null, null, false);
                        case "null": return new Literal(LiteralKind.NULL, null, null, false);
                        default: break;
                    }
                    throw new IllegalArgumentException("'" + t.text() + "' at " + (t.at() + 1)
                            + " is not a value: compare with a number, a \"string\", true, false or null");
                case END:
                    throw new IllegalArgumentException("a value is missing after '" + after.text() + "'");
                default:
                    throw new IllegalArgumentException("expected a value after '" + after.text() + "' at " + (t.at() + 1)
                            + ", not '" + t.text() + "': compare with a number, a \"string\", true, false or null");
            }
        }

        /** Splits the source into tokens; a character that starts none is an error naming it. */
        private static List<Token> tokens(String s) {
            List<Token> out = new ArrayList<>();
            int i = 0;
            while (i < s.length()) {
                char c = s.charAt(i);
                if (Character.isWhitespace(c)) {
                    i++;
                } else if (Character.isJavaIdentifierStart(c)) {
                    int start = i;
                    while (i < s.length() && (Character.isJavaIdentifierPart(s.charAt(i)) || s.charAt(i) == '.')) i++;
                    String word = s.substring(start, i);
                    String lower = word.toLowerCase(Locale.ROOT);
                    out.add(new Token(lower.equals("and") ? TokenKind.AND : lower.equals("or") ? TokenKind.OR : TokenKind.NAME, word, start));
                } else if (Character.isDigit(c) || (c == '-' || c == '+' || c == '.') && i + 1 < s.length()
                        && (Character.isDigit(s.charAt(i + 1)) || s.charAt(i + 1) == '.')) {
                    int start = i++;
                    while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '.'
                            || (s.charAt(i) == '-' || s.charAt(i) == '+') && (s.charAt(i - 1) == 'e' || s.charAt(i - 1) == 'E'))) i++;
                    String number = s.substring(start, i);
                    try {
                        new BigDecimal(number);
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("'" + number + "' at " + (start + 1) + " is not a number");
                    }
                    out.add(new Token(TokenKind.NUMBER, number, start));
                } else if (c == '"' || c == '\'') {
                    int start = i++;
                    StringBuilder b = new StringBuilder();
                    while (i < s.length() && s.charAt(i) != c) {
                        if (s.charAt(i) == '\\' && i + 1 < s.length()) i++;
                        b.append(s.charAt(i++));
                    }
                    if (i == s.length()) throw new IllegalArgumentException("the string at " + (start + 1) + " is not closed: " + s.substring(start));
                    i++;
                    out.add(new Token(TokenKind.STRING, b.toString(), start));
                } else if (c == '(' || c == ')') {
                    out.add(new Token(c == '(' ? TokenKind.OPEN : TokenKind.CLOSE, String.valueOf(c), i++));
                } else if (s.startsWith("&&", i) || s.startsWith("||", i)) {
                    out.add(new Token(c == '&' ? TokenKind.AND : TokenKind.OR, s.substring(i, i + 2), i));
                    i += 2;
                } else if ("=!<>".indexOf(c) >= 0) {
                    int start = i;
                    while (i < s.length() && "=!<>".indexOf(s.charAt(i)) >= 0) i++;
                    out.add(new Token(TokenKind.OP, s.substring(start, i), start));
                } else {
                    throw new IllegalArgumentException("unexpected '" + c + "' at " + (i + 1));
                }
            }
            out.add(new Token(TokenKind.END, "", s.length()));
            return out;
        }
    }
}
