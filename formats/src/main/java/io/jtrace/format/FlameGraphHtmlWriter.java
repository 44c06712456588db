package io.jtrace.format;

import com.fasterxml.jackson.core.JsonGenerator;
import io.jtrace.analysis.CallTree;
import io.jtrace.analysis.CallTreeBuilder;
import io.jtrace.model.RecordingInfo;
import io.jtrace.model.TraceEvent;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A self-contained HTML flame graph (no network: the data and a small canvas renderer are
 * inline). Frame width is total time, merged over threads; click to zoom, search by regex.
 * The tree is embedded as a flat pre-order list (name, depth, total, self, calls), so neither
 * writing nor reading it recurses.
 */
public final class FlameGraphHtmlWriter implements TraceWriter, CallTreeOutput {
    private final Writer out;
    private String title = "";
    /** One tree for all threads. */
    private static final CallTreeBuilder.Options TREE = new CallTreeBuilder.Options(true, 0, null);
    private final CallTreeBuilder builder = new CallTreeBuilder(TREE);

    public FlameGraphHtmlWriter(Writer out) {
        this.out = out;
    }

    @Override
    public void begin(RecordingInfo info) {
        title = info.source();
    }

    @Override
    public void event(TraceEvent e) {
        builder.accept(e);
    }

    /** The same as {@link #event} for each event, without the events (it only aggregates calls). */
    public io.jtrace.analysis.CallVisitor visitor() {
        return builder.visitor();
    }

    @Override
    public CallTreeBuilder.Options treeOptions() {
        return TREE;
    }

    @Override
    public void end() throws IOException {
        end(builder.build());
    }

    @Override
    public void end(CallTree tree) throws IOException {
        end(tree, null);
    }

    /**
     * A differential flame graph ({@code jtrace diff --format flamegraph}): {@code tree} (B) drawn
     * as usual, each frame coloured by the change of its self time against the same call path in
     * {@code base} (A; paths matched by class, name and descriptor): red where it grew, blue where
     * it shrank, grey where it stayed; the tooltip shows both runs' figures. Null {@code base}: the
     * plain flame graph.
     */
    public void end(CallTree tree, CallTree base) throws IOException {
        out.write("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>jtrace flame graph</title>\n<style>"
                + "body{font:12px sans-serif;margin:8px}canvas{width:100%;display:block}"
                + "#info{height:1.5em;white-space:nowrap;overflow:hidden;font-family:monospace}"
                + "</style></head>\n<body>\n<h3 id=\"title\"></h3>\n"
                + "<div>Width: total time. Click a frame to zoom in, the bottom bar to zoom out. "
                + "<input id=\"search\" placeholder=\"search (regex)\" size=\"30\"> <span id=\"matched\"></span></div>\n"
                + "<div id=\"info\"></div><canvas id=\"flame\"></canvas>\n"
                + "<script id=\"data\" type=\"application/json\">");
        JsonGenerator g = Json.htmlSafeGenerator(out);
        g.writeStartObject();
        g.writeStringField("title", title);
        long total = 0;
        for (CallTree.Node r : tree.roots()) total += r.totalNanos();
        g.writeNumberField("total", total);
        Map<String, Integer> names = new HashMap<>();
        g.writeArrayFieldStart("nodes");
        ArrayDeque<CallTree.Node> todo = new ArrayDeque<>();
        for (CallTree.Node r : tree.roots()) pushChildren(todo, r.children());
        // base: for each node of the tree, in the same order, the node on the same path in A (or none)
        List<CallTree.Node> inBase = base == null ? null : new ArrayList<>();
        ArrayDeque<Map<String, CallTree.Node>> baseChildren = new ArrayDeque<>();
        if (base != null) {
            Map<String, CallTree.Node> top = new HashMap<>();
            for (CallTree.Node r : base.roots()) for (CallTree.Node c : r.children()) top.put(pathKey(c), c);
            for (int i = 0; i < todo.size(); i++) baseChildren.push(top);
        }
        List<String> nameList = new ArrayList<>();
        while (!todo.isEmpty()) {
            CallTree.Node n = todo.pop();
            String name = n.method().displayName();
            Integer id = names.get(name);
            if (id == null) {
                id = names.size();
                names.put(name, id);
                nameList.add(name);
            }
            g.writeNumber(id);
            g.writeNumber(n.depth());
            g.writeNumber(n.totalNanos());
            g.writeNumber(n.selfNanos());
            g.writeNumber(n.calls());
            if (base != null) {
                CallTree.Node match = baseChildren.pop().get(pathKey(n));
                inBase.add(match);
                Map<String, CallTree.Node> under = new HashMap<>();
                if (match != null) for (CallTree.Node c : match.children()) under.put(pathKey(c), c);
                for (int i = 0; i < n.children().size(); i++) baseChildren.push(under);
            }
            pushChildren(todo, n.children());
        }
        g.writeEndArray();
        g.writeArrayFieldStart("names");
        for (String n : nameList) g.writeString(n);
        g.writeEndArray();
        if (base != null) {
            long baseTotal = 0;
            for (CallTree.Node r : base.roots()) baseTotal += r.totalNanos();
            g.writeNumberField("baseTotal", baseTotal);
            // per node: A's total, self and calls on the same path; -1, -1, 0 where A has no such path
            g.writeArrayFieldStart("base");
            for (CallTree.Node m : inBase) {
                g.writeNumber(m == null ? -1 : m.totalNanos());
                g.writeNumber(m == null ? -1 : m.selfNanos());
                g.writeNumber(m == null ? 0 : m.calls());
            }
            g.writeEndArray();
        }
        g.writeEndObject();
        g.flush();
        out.write("</script>\n<script>\n" + SCRIPT + "</script>\n</body></html>\n");
        out.flush();
    }

    /** A call path step as two recordings agree on it (method ids differ between them). */
    private static String pathKey(CallTree.Node n) {
        return n.method().className() + '.' + n.method().name() + n.method().descriptor();
    }

    private static void pushChildren(ArrayDeque<CallTree.Node> todo, List<CallTree.Node> children) {
        for (int i = children.size() - 1; i >= 0; i--) todo.push(children.get(i));
    }

    private static final String SCRIPT = String.join("\n",
            "const D = JSON.parse(document.getElementById('data').textContent);",
            "const B = D.base || null;",
            "document.getElementById('title').textContent = (B ? 'jtrace differential flame graph (B against A, red: self time grew, blue: shrank): ' : 'jtrace flame graph: ') + D.title;",
            "const n = D.nodes.length / 5, X = new Float64Array(n), next = [0, 0];",
            "let maxDepth = 1;",
            "for (let i = 0; i < n; i++) {",
            "  const d = D.nodes[5 * i + 1], w = D.nodes[5 * i + 2];",
            "  X[i] = next[d] || 0; next[d] = X[i] + w; next[d + 1] = X[i]; maxDepth = Math.max(maxDepth, d);",
            "}",
            "const canvas = document.getElementById('flame'), ctx = canvas.getContext('2d'), info = document.getElementById('info');",
            "const ROW = 17; let zoom = {x: 0, w: D.total, depth: 0}, pattern = null, hits = [];",
            "function fmt(ns) { return ns < 1e3 ? ns + ' ns' : ns < 1e6 ? (ns / 1e3).toFixed(2) + ' us' : ns < 1e9 ? (ns / 1e6).toFixed(2) + ' ms' : (ns / 1e9).toFixed(2) + ' s'; }",
            "let maxDelta = 0;",
            "if (B) for (let i = 0; i < n; i++) maxDelta = Math.max(maxDelta, Math.abs(D.nodes[5 * i + 3] - Math.max(B[3 * i + 1], 0)));",
            "function color(name, i) {",
            "  if (pattern && pattern.test(name)) return '#c050e0';",
            "  if (B) {",
            "    const d = D.nodes[5 * i + 3] - Math.max(B[3 * i + 1], 0), s = maxDelta ? Math.min(1, Math.abs(d) / maxDelta) : 0;",
            "    if (d === 0 || s < 0.01) return 'hsl(0,0%,85%)';",
            "    return d > 0 ? 'hsl(0,' + Math.round(40 + 50 * s) + '%,' + Math.round(85 - 30 * s) + '%)'",
            "                 : 'hsl(220,' + Math.round(40 + 50 * s) + '%,' + Math.round(85 - 30 * s) + '%)';",
            "  }",
            "  let h = 0; for (let k = 0; k < name.length; k++) h = (h * 31 + name.charCodeAt(k)) | 0;",
            "  return 'hsl(' + (10 + Math.abs(h) % 45) + ',85%,' + (55 + Math.abs(h >> 8) % 15) + '%)';",
            "}",
            "function draw() {",
            "  const dpr = window.devicePixelRatio || 1, width = canvas.clientWidth;",
            "  canvas.width = width * dpr; canvas.height = (maxDepth + 1) * ROW * dpr; canvas.style.height = (maxDepth + 1) * ROW + 'px';",
            "  ctx.setTransform(dpr, 0, 0, dpr, 0, 0); ctx.font = '11px sans-serif'; hits = [];",
            "  const scale = zoom.w > 0 ? width / zoom.w : 0, H = (maxDepth + 1) * ROW;",
            "  ctx.fillStyle = '#ddd'; ctx.fillRect(0, H - ROW, width, ROW - 1); ctx.fillStyle = '#000';",
            "  ctx.fillText('all (' + fmt(D.total) + ')', 4, H - 5);",
            "  hits.push({x: 0, y: H - ROW, w: width, i: -1});",
            "  for (let i = 0; i < n; i++) {",
            "    const d = D.nodes[5 * i + 1], t = D.nodes[5 * i + 2];",
            "    let x, w;",
            "    if (X[i] >= zoom.x - 1e-6 && X[i] + t <= zoom.x + zoom.w + 1e-6) { x = (X[i] - zoom.x) * scale; w = t * scale; }",
            "    else if (d <= zoom.depth && X[i] <= zoom.x && X[i] + t >= zoom.x + zoom.w) { x = 0; w = width; }",
            "    else continue;",
            "    if (w < 0.5) continue;",
            "    const y = H - (d + 1) * ROW, name = D.names[D.nodes[5 * i]];",
            "    ctx.fillStyle = color(name, i); ctx.fillRect(x, y, Math.max(w - 1, 0.5), ROW - 1);",
            "    if (w > 30) { ctx.fillStyle = '#000'; ctx.save(); ctx.beginPath(); ctx.rect(x, y, w - 2, ROW); ctx.clip();",
            "      ctx.fillText(name, x + 3, y + ROW - 5); ctx.restore(); }",
            "    hits.push({x: x, y: y, w: w, i: i});",
            "  }",
            "}",
            "function at(ev) {",
            "  const r = canvas.getBoundingClientRect(), mx = ev.clientX - r.left, my = ev.clientY - r.top;",
            "  for (let k = hits.length - 1; k >= 0; k--) { const h = hits[k]; if (mx >= h.x && mx < h.x + h.w && my >= h.y && my < h.y + ROW) return h.i; }",
            "  return null;",
            "}",
            "function tooltip(i) {",
            "  const t = D.nodes[5 * i + 2], s = D.nodes[5 * i + 3], c = D.nodes[5 * i + 4];",
            "  const own = D.names[D.nodes[5 * i]] + ': total ' + fmt(t) + ' (' + (D.total ? (100 * t / D.total).toFixed(2) : 0)",
            "    + '%), self ' + fmt(s) + ', ' + c + ' call(s)';",
            "  if (!B) return own;",
            "  const ta = B[3 * i], sa = B[3 * i + 1], ca = B[3 * i + 2], d = s - Math.max(sa, 0);",
            "  return D.names[D.nodes[5 * i]] + ': B total ' + fmt(t) + ', self ' + fmt(s) + ', ' + c + ' call(s); '",
            "    + (ta < 0 ? 'A: not called on this path' : 'A total ' + fmt(ta) + ', self ' + fmt(sa) + ', ' + ca + ' call(s)')",
            "    + '; self ' + (d >= 0 ? '+' : '-') + fmt(Math.abs(d));",
            "}",
            "canvas.onmousemove = ev => {",
            "  const i = at(ev);",
            "  if (i === null) { info.textContent = ''; return; }",
            "  if (i < 0) { info.textContent = 'all: ' + fmt(D.total); return; }",
            "  info.textContent = tooltip(i);",
            "};",
            "canvas.onclick = ev => {",
            "  const i = at(ev);",
            "  if (i === null) return;",
            "  zoom = i < 0 ? {x: 0, w: D.total, depth: 0} : {x: X[i], w: D.nodes[5 * i + 2], depth: D.nodes[5 * i + 1]};",
            "  draw();",
            "};",
            "document.getElementById('search').oninput = ev => {",
            "  try { pattern = ev.target.value ? new RegExp(ev.target.value) : null; } catch (e) { pattern = null; }",
            "  let m = 0; if (pattern) for (let i = 0; i < n; i++) if (pattern.test(D.names[D.nodes[5 * i]])) m++;",
            "  document.getElementById('matched').textContent = pattern ? m + ' frame(s) match' : '';",
            "  draw();",
            "};",
            "window.onresize = draw;",
            "draw();",
            "");
}
