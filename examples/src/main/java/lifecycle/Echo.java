package lifecycle;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/** Echoes standard input line by line, upper-cased, through a traced method. */
public final class Echo {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        int lines = 0;
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            System.out.println(shout(line));
            lines++;
        }
        System.out.println(lines + " line(s)");
    }

    static String shout(String s) {
        return s.toUpperCase(java.util.Locale.ROOT);
    }
}
