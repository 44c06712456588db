// Runs a jtrace flame graph page's own script under Node with a stand-in DOM and prints the tooltip
// of every frame, one per line, in the page's node order: what a user hovering each frame would read.
const fs = require('fs');
const html = fs.readFileSync(process.argv[2], 'utf8');
const data = html.match(/<script id="data" type="application\/json">([\s\S]*?)<\/script>/)[1];
const script = html.match(/<script>\n([\s\S]*?)<\/script>/)[1];
const ignore = new Proxy({}, {get: (t, k) => (k in t ? t[k] : () => {}), set: (t, k, v) => { t[k] = v; return true; }});
const element = () => ({textContent: '', style: {}, clientWidth: 1000, getContext: () => ignore,
    getBoundingClientRect: () => ({left: 0, top: 0})});
const elements = {data: {textContent: data}};
global.document = {getElementById: id => elements[id] || (elements[id] = element())};
global.window = {devicePixelRatio: 1};
eval(script + '\nfor (let i = 0; i < n; i++) console.log(tooltip(i));');
