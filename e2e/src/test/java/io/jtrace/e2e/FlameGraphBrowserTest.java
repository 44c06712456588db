package io.jtrace.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtrace.testing.Jdk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The flame graph export opened in a real browser (Debian's headless chromium, which .ci/run
 * installs where missing): the page's own script draws the frames on its canvas, a click on a
 * frame zooms to it, a search colours the matching frames. A probe script added after the page's
 * reads the canvas pixels and the page's state, clicks and types as a person would (DOM events),
 * and writes what it saw into the page; chromium's --dump-dom prints the page after that.
 */
class FlameGraphBrowserTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** Runs in the page after its own script (top-level let/const of a classic script are shared). */
    private static final String PROBE = """
            <script>
            const out = {};
            const W = canvas.width, Hpx = canvas.height, dpr = window.devicePixelRatio || 1;
            function px(x, y) { const p = ctx.getImageData(Math.round(x * dpr), Math.round(y * dpr), 1, 1).data; return [p[0], p[1], p[2], p[3]]; }
            function rowY(d) { return (maxDepth + 1) * ROW - (d + 1) * ROW + ROW / 2; }
            out.width = canvas.clientWidth; out.maxDepth = maxDepth;
            // every depth has a frame painted (a pixel in the middle of one of its frames); depth 0 is the 'all' bar
            out.rowsDrawn = [];
            for (let d = 1; d <= maxDepth; d++) {
              // the row's widest frame, in the middle of its painted part (the first one found was a sub-pixel
              // frame whose middle pixel a CI run read transparent)
              const h = hits.filter(h => h.i >= 0 && D.nodes[5 * h.i + 1] === d).reduce((a, b) => (a === undefined || b.w > a.w ? b : a), undefined);
              out.rowsDrawn.push(h !== undefined && px(h.x + (h.w - 1) / 2, rowY(d))[3] > 0);
            }
            out.allBar = px(2, (maxDepth + 1) * ROW - 4);
            out.framesDrawn = hits.filter(h => h.i >= 0).length;
            // the narrowest frame drawn wider than 4 px: clicked in its middle
            const cands = hits.filter(h => h.i >= 0 && h.w > 4).sort((a, b) => a.w - b.w);
            const target = cands[0];
            out.clicked = {name: D.names[D.nodes[5 * target.i]], widthBefore: target.w, depth: D.nodes[5 * target.i + 1]};
            const r = canvas.getBoundingClientRect();
            canvas.dispatchEvent(new MouseEvent('click', {clientX: r.left + target.x + target.w / 2, clientY: r.top + target.y + ROW / 2, bubbles: true}));
            const after = hits.find(h => h.i === target.i);
            out.clicked.widthAfter = after ? after.w : -1;
            out.clicked.leftPixel = px(2, target.y + ROW / 2); out.clicked.rightPixel = px(out.width - 4, target.y + ROW / 2);
            out.zoom = {x: zoom.x, w: zoom.w, nodeX: X[target.i], nodeW: D.nodes[5 * target.i + 2]};
            // the bottom bar zooms out again
            canvas.dispatchEvent(new MouseEvent('click', {clientX: r.left + 5, clientY: r.top + (maxDepth + 1) * ROW - 4, bubbles: true}));
            out.zoomedOut = zoom.w === D.total;
            // search: typed into the box as input events
            const box = document.getElementById('search');
            box.value = SEARCH; box.dispatchEvent(new Event('input', {bubbles: true}));
            out.matchedText = document.getElementById('matched').textContent;
            // a frame is painted w - 1 wide from a fractional x, its name from x + 3: sampled at x + 1, on frames
            // wide enough that the pixel is wholly inside (a frame 2.1 wide was missed: a CI run read [0,0,0,0])
            out.searched = hits.filter(h => h.i >= 0 && h.w > 4).map(h => ({name: D.names[D.nodes[5 * h.i]], pixel: px(h.x + 1, h.y + ROW / 2)}));
            const pre = document.createElement('pre'); pre.id = 'probe'; pre.textContent = JSON.stringify(out);
            document.body.appendChild(pre);
            </script>
            """;

    @Test
    void framesDrawnClickZoomsSearchHighlights() throws Exception {
        Path chromium = Path.of("/usr/bin/chromium");
        assertTrue(Files.isExecutable(chromium), "no /usr/bin/chromium: install Debian's chromium (.ci/run does, as root)");
        Jdk jdk = Jdk.current();
        Path rec = dir.resolve("bank.jfr");
        Jtrace.Result run = Jtrace.trace(dir, jdk, rec, List.of(), "bank.Main", "2", "20");
        assertEquals(0, run.exit(), run::toString);
        Path html = dir.resolve("flame.html");
        Jtrace.Result export = Jtrace.jtrace(dir, "export", rec.toString(), "--format", "flamegraph", "-o", html.toString());
        assertEquals(0, export.exit(), export::toString);

        String page = Files.readString(html);
        Matcher data = Pattern.compile("<script id=\"data\" type=\"application/json\">(.*?)</script>", Pattern.DOTALL).matcher(page);
        assertTrue(data.find(), "the graph's data in the page");
        JsonNode d = JSON.readTree(data.group(1));
        List<String> nodeNames = new ArrayList<>();
        for (int i = 0; i < d.get("nodes").size(); i += 5) nodeNames.add(d.get("names").get(d.get("nodes").get(i).asInt()).asText());
        String search = "withdraw";
        long expectedMatches = nodeNames.stream().filter(n -> n.contains(search)).count();
        assertTrue(expectedMatches > 0 && expectedMatches < nodeNames.size(), nodeNames::toString);

        String probe = PROBE.replace("SEARCH", JSON.writeValueAsString(search));
        int end = page.lastIndexOf("</body>");
        Path probed = dir.resolve("probed.html");
        Files.writeString(probed, page.substring(0, end) + probe + page.substring(end));

        JsonNode out = JSON.readTree(dumpDom(chromium, probed));
        // drawn: a frame at every depth, one per node of the graph (all are wide enough here), the bottom bar grey
        int maxDepth = out.get("maxDepth").asInt();
        assertTrue(maxDepth >= 2, out::toString);
        for (JsonNode drawn : out.get("rowsDrawn")) assertTrue(drawn.asBoolean(), "a frame at every depth: " + out);
        assertEquals(List.of(221, 221, 221), rgb(out.get("allBar")), out::toString);
        assertTrue(out.get("framesDrawn").asInt() >= 3, out::toString);

        // a click zooms: the frame clicked spans the canvas, from its left edge to its right
        JsonNode clicked = out.get("clicked");
        int width = out.get("width").asInt();
        assertTrue(clicked.get("widthBefore").asDouble() < width / 2.0, out::toString);
        assertEquals(width, clicked.get("widthAfter").asDouble(), 1.0, out::toString);
        assertEquals(out.get("zoom").get("nodeX").asDouble(), out.get("zoom").get("x").asDouble(), 1e-6, out::toString);
        assertEquals(out.get("zoom").get("nodeW").asDouble(), out.get("zoom").get("w").asDouble(), 1e-6, out::toString);
        assertEquals(rgb(clicked.get("leftPixel")), rgb(clicked.get("rightPixel")), "one frame across: " + out);
        assertTrue(clicked.get("leftPixel").get(3).asInt() > 0, out::toString);
        assertTrue(out.get("zoomedOut").asBoolean(), out::toString);

        // search: the count said, and exactly the matching frames drawn in the highlight colour
        assertEquals(expectedMatches + " frame(s) match", out.get("matchedText").asText());
        int highlighted = 0;
        for (JsonNode f : out.get("searched")) {
            boolean match = f.get("name").asText().contains(search);
            boolean purple = rgb(f.get("pixel")).equals(List.of(192, 80, 224));
            assertEquals(match, purple, () -> f + " in " + out);
            if (purple) highlighted++;
        }
        assertTrue(highlighted > 0, out::toString);
    }

    private static List<Integer> rgb(JsonNode pixel) {
        return List.of(pixel.get(0).asInt(), pixel.get(1).asInt(), pixel.get(2).asInt());
    }

    /** The page after its scripts ran, as headless chromium dumps it; the probe's JSON. */
    private String dumpDom(Path chromium, Path page) throws Exception {
        Path profile = Files.createDirectories(dir.resolve("chromium-profile"));
        // flags from the machine notes: no sandbox as root, no GPU, no network look-ups at start
        List<String> cmd = List.of(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profile, "--window-size=1200,800", "--dump-dom", page.toUri().toString());
        Jtrace.Result r = Jtrace.exec(dir, cmd, Map.of());
        assertEquals(0, r.exit(), r::toString);
        Matcher m = Pattern.compile("<pre id=\"probe\">(.*?)</pre>", Pattern.DOTALL).matcher(r.out());
        assertTrue(m.find(), () -> "the probe's result in the page chromium dumped (a script error stops it):\n" + r);
        return m.group(1).replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
    }
}
