// Weft dashboard: the fabric from GET /api/fabric drawn as SVG (links coloured by utilisation, down links dashed),
// a host pair's path and layer from GET /api/path, rates, agents, and the event stream (GET /api/events/stream,
// server-sent events read through fetch so a bearer token can be sent). Plain browser JavaScript, no build step.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const state = { fabric: null, shape: "", pos: new Map(), picked: [], route: null, lastSeq: 0 };

function headers() {
  const token = sessionStorage.getItem("weft-token");
  return token ? { Authorization: "Bearer " + token } : {};
}

async function get(path) {
  const r = await fetch(path, { headers: headers(), cache: "no-store" });
  if (!r.ok) {
    throw new Error(path + ": " + r.status);
  }
  return r.json();
}

function status(text, ok) {
  const s = document.getElementById("status");
  s.textContent = text;
  s.className = "badge " + (ok ? "ok" : "bad");
}

// Link colour: green (idle) through yellow (50%) to red (full), by the busier direction's share of capacity.
function colour(u) {
  const x = Math.max(0, Math.min(1, u));
  const mix = (a, b, t) => Math.round(a + (b - a) * t);
  const [c0, c1, t] = x < 0.5 ? [[0x2e, 0x7d, 0x32], [0xf9, 0xa8, 0x25], x / 0.5]
    : [[0xf9, 0xa8, 0x25], [0xc6, 0x28, 0x28], (x - 0.5) / 0.5];
  return "rgb(" + mix(c0[0], c1[0], t) + "," + mix(c0[1], c1[1], t) + "," + mix(c0[2], c1[2], t) + ")";
}

// A deterministic force layout of the switches (Fruchterman-Reingold, fixed iterations, circle start in id
// order); hosts sit on a small circle around their switch.
function layout(fabric, width, height) {
  const ids = fabric.switches.map(s => s.id);
  const n = Math.max(ids.length, 1);
  const pos = new Map();
  ids.forEach((id, i) => pos.set(id, {
    x: width / 2 + Math.cos(2 * Math.PI * i / n) * width / 3,
    y: height / 2 + Math.sin(2 * Math.PI * i / n) * height / 3 }));
  const k = Math.sqrt(width * height / n) * 0.75;
  const edges = fabric.links.filter(l => pos.has(l.a) && pos.has(l.b));
  for (let it = 0, temp = width / 8; it < 300; it++, temp *= 0.985) {
    const disp = new Map(ids.map(id => [id, { x: 0, y: 0 }]));
    for (let i = 0; i < ids.length; i++) {
      for (let j = i + 1; j < ids.length; j++) {
        const a = pos.get(ids[i]), b = pos.get(ids[j]);
        let dx = a.x - b.x, dy = a.y - b.y;
        const d = Math.max(Math.hypot(dx, dy), 0.01), f = k * k / d;
        dx = dx / d * f; dy = dy / d * f;
        disp.get(ids[i]).x += dx; disp.get(ids[i]).y += dy;
        disp.get(ids[j]).x -= dx; disp.get(ids[j]).y -= dy;
      }
    }
    for (const l of edges) {
      const a = pos.get(l.a), b = pos.get(l.b);
      let dx = a.x - b.x, dy = a.y - b.y;
      const d = Math.max(Math.hypot(dx, dy), 0.01), f = d * d / k;
      dx = dx / d * f; dy = dy / d * f;
      disp.get(l.a).x -= dx; disp.get(l.a).y -= dy;
      disp.get(l.b).x += dx; disp.get(l.b).y += dy;
    }
    for (const id of ids) {
      const p = pos.get(id), v = disp.get(id), d = Math.max(Math.hypot(v.x, v.y), 0.01);
      p.x = Math.min(width - 60, Math.max(60, p.x + v.x / d * Math.min(d, temp)));
      p.y = Math.min(height - 60, Math.max(60, p.y + v.y / d * Math.min(d, temp)));
    }
  }
  const bySwitch = new Map();
  fabric.hosts.forEach(h => bySwitch.set(h.switchId, (bySwitch.get(h.switchId) || []).concat([h])));
  for (const [sw, hosts] of bySwitch) {
    const c = pos.get(sw);
    if (!c) {
      continue;
    }
    const out = Math.atan2(c.y - height / 2, c.x - width / 2);
    hosts.forEach((h, i) => {
      const a = out + (i - (hosts.length - 1) / 2) * 0.5;
      pos.set("host:" + h.id, { x: c.x + Math.cos(a) * 34, y: c.y + Math.sin(a) * 34 });
    });
  }
  return pos;
}

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) {
    e.setAttribute(k, v);
  }
  if (parent) {
    parent.appendChild(e);
  }
  return e;
}

function draw(fabric) {
  const svg = document.getElementById("fabric");
  const width = svg.clientWidth || 900, height = svg.clientHeight || 600;
  const shape = JSON.stringify([fabric.switches.map(s => s.id), fabric.hosts.map(h => h.id + h.switchId),
    fabric.links.map(l => l.id), width, height]);
  if (shape !== state.shape) {
    state.shape = shape;
    state.pos = layout(fabric, width, height);
  }
  svg.setAttribute("viewBox", "0 0 " + width + " " + height);
  svg.replaceChildren();
  const pos = state.pos;
  const cables = el("g", {}, svg), links = el("g", {}, svg), route = el("g", {}, svg), nodes = el("g", {}, svg);
  for (const h of fabric.hosts) {
    const a = pos.get(h.switchId), b = pos.get("host:" + h.id);
    if (a && b) {
      el("line", { class: "cable", x1: a.x, y1: a.y, x2: b.x, y2: b.y }, cables);
    }
  }
  const onRoute = new Set(state.route ? state.route.paths.flatMap(p => p.links) : []);
  for (const l of fabric.links) {
    const a = pos.get(l.a), b = pos.get(l.b);
    if (!a || !b) {
      continue;
    }
    const line = el("line", { class: "link" + (l.up ? "" : " down"), x1: a.x, y1: a.y, x2: b.x, y2: b.y,
      "data-link": l.id, "data-up": String(l.up), "data-util": l.utilisation.toFixed(4) }, links);
    if (l.up) {
      line.setAttribute("stroke", colour(l.utilisation));
    }
    el("title", {}, line).textContent = l.id + (l.up ? "" : " (down)") + "\n" + l.a + "->" + l.b + ": "
      + (l.abBitsPerSec / 1e6).toFixed(2) + " Mbit/s\n" + l.b + "->" + l.a + ": "
      + (l.baBitsPerSec / 1e6).toFixed(2) + " Mbit/s\ncapacity " + l.gbps + " Gbit/s";
    if (onRoute.has(l.id)) {
      el("line", { class: "route", x1: a.x, y1: a.y, x2: b.x, y2: b.y }, route);
    }
  }
  for (const s of fabric.switches) {
    const p = pos.get(s.id);
    const g = el("g", { class: "switch" + (s.connected ? "" : " disconnected"), "data-switch": s.id,
      "data-connected": String(s.connected), transform: "translate(" + p.x + "," + p.y + ")" }, nodes);
    el("rect", { x: -20, y: -11, width: 40, height: 22, rx: 4 }, g);
    el("text", {}, g).textContent = s.id;
    el("title", {}, g).textContent = s.id + " dpid " + s.dpid + (s.connected ? " at " + s.remote : " (not connected)");
  }
  for (const h of fabric.hosts) {
    const p = pos.get("host:" + h.id);
    if (!p) {
      continue;
    }
    const c = el("circle", { class: "host" + (state.picked.includes(h.id) ? " picked" : ""), cx: p.x, cy: p.y,
      r: 7, "data-host": h.id }, nodes);
    el("title", {}, c).textContent = h.id + " " + (h.ip || "") + " at " + h.switchId + ":" + h.port;
    c.addEventListener("click", () => pick(h.id));
    el("text", { class: "label", x: p.x + 9, y: p.y + 3 }, nodes).textContent = h.id;
  }
}

async function pick(host) {
  state.picked = state.picked.length >= 2 ? [host] : state.picked.concat([host]);
  state.route = null;
  document.getElementById("path").textContent = state.picked.length === 1
    ? "from " + host + ": pick the destination host" : "";
  await refreshRoute();
  if (state.fabric) {
    draw(state.fabric);
  }
}

// The picked pair's paths under the current routes (fetched again with every fabric refresh: routes change).
async function refreshRoute() {
  if (state.picked.length !== 2) {
    return;
  }
  const out = document.getElementById("path");
  try {
    const r = await get("/api/path?src=" + encodeURIComponent(state.picked[0]) + "&dst="
      + encodeURIComponent(state.picked[1]));
    state.route = r;
    out.textContent = r.src + " → " + r.dst + " (" + r.srcSwitch + " → " + r.dstSwitch + "): "
      + (r.paths.length ? r.paths.map(p => "layer " + p.layer + ": " + p.switches.join(" → ")
        + (p.tag === null ? "" : " (path tag " + p.tag + ")")).join("; ") : "same switch");
    out.dataset.path = r.paths.map(p => p.switches.join(">")).join("|");
  } catch (e) {
    state.route = null;
    out.textContent = String(e.message || e);
  }
}

async function refreshFabric() {
  const f = await get("/api/fabric");
  await refreshRoute();
  state.fabric = f;
  document.getElementById("fabric-name").textContent = f.name + " (" + f.mode + ")";
  document.getElementById("routing").textContent = f.engine ? f.engine + ", " + f.layers + " layer"
    + (f.layers === 1 ? "" : "s") : "no routes yet";
  const c = document.getElementById("converged");
  c.textContent = f.converged ? "converged" : "updating";
  c.className = "badge " + (f.converged ? "ok" : "bad");
  draw(f);
  document.body.dataset.ready = "true";
}

function cell(row, text) {
  row.insertCell().textContent = text;
}

async function refreshTables() {
  const rates = await get("/api/rates");
  const rb = document.querySelector("#rates tbody");
  rb.replaceChildren();
  for (const r of rates.rates) {
    const row = rb.insertRow();
    [r.src, r.dst, r.mbps, r.bytes_in === undefined ? "" : (r.bytes_in / 1e6).toFixed(1) + " MB",
      r.dropped_bytes === undefined ? "" : (r.dropped_bytes / 1e6).toFixed(1) + " MB"].forEach(t => cell(row, t));
  }
  const agents = await get("/api/agents");
  const ab = document.querySelector("#agents tbody");
  ab.replaceChildren();
  for (const a of agents) {
    const row = ab.insertRow();
    [a.host, a.attachment || "", a.connected ? "connected" : "gone",
      a.rates.map(r => r.dst + " " + (r.bitsPerSecond / 1e6).toFixed(1)).join(", ")].forEach(t => cell(row, t));
  }
}

function showEvent(e) {
  const list = document.getElementById("events");
  const li = document.createElement("li");
  li.value = e.seq;
  li.textContent = new Date(e.atMillis).toLocaleTimeString() + " " + e.kind + " " + e.detail;
  if (["FAILURE", "OPENFLOW_ERROR", "UNKNOWN_SWITCH", "DUPLICATE_DPID", "PORT_DOWN", "SWITCH_DOWN",
    "LINK_SILENT"].includes(e.kind)) {
    li.className = "warn";
  }
  list.prepend(li);
  while (list.children.length > 200) {
    list.lastChild.remove();
  }
  state.lastSeq = Math.max(state.lastSeq, e.seq);
}

// The event stream: server-sent events parsed from a fetch body, reconnecting after the last event seen.
async function streamEvents() {
  for (;;) {
    try {
      const r = await fetch("/api/events/stream" + (state.lastSeq ? "?since=" + state.lastSeq : ""),
        { headers: headers(), cache: "no-store" });
      if (!r.ok) {
        throw new Error("event stream: " + r.status);
      }
      status("live", true);
      const reader = r.body.getReader();
      const text = new TextDecoder();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) {
          break;
        }
        buffer += text.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split("\n").filter(l => l.startsWith("data: ")).map(l => l.slice(6)).join("");
          if (data) {
            const e = JSON.parse(data);
            showEvent(e);
            if (e.kind !== "OPENFLOW_ERROR") {
              refreshFabric().catch(() => {});
            }
          }
        }
      }
    } catch (e) {
      status("reconnecting", false);
    }
    await new Promise(done => setTimeout(done, 2000));
  }
}

function every(ms, task) {
  const run = () => task().then(() => status("live", true)).catch(e => status(String(e.message || e), false))
    .finally(() => setTimeout(run, ms));
  run();
}

document.getElementById("token").value = sessionStorage.getItem("weft-token") || "";
document.getElementById("token").addEventListener("change", e => sessionStorage.setItem("weft-token",
  e.target.value.trim()));
every(1000, refreshFabric);
every(2000, refreshTables);
streamEvents();
