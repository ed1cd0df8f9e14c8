// The project's own table bundle, run against a small model backed by the table's websocket
// (the same interface anywidget gives it: get, on, off, send). The seat and token come from
// the link's fragment, which never reaches a server log; they are kept for this tab only and
// taken out of the address bar at once. A link may choose the seat's language (`&lang=nl`);
// without it the hello tells the browser's languages, and the table chooses (its own, else
// the first of those it speaks): the page then speaks the language the table's frames carry.
import table from "./stoeptegel.js";

const fragment = new URLSearchParams(location.hash.slice(1));
if (fragment.has("token")) {
  sessionStorage.setItem("cardtable-seat", JSON.stringify({ seat: Number(fragment.get("seat")), token: fragment.get("token"), lang: fragment.get("lang") }));
  history.replaceState(null, "", location.pathname + location.search);
}
const seat = JSON.parse(sessionStorage.getItem("cardtable-seat") || "null");
const status = document.getElementById("status");
/** The page's sentences in each language, written into it by Python (cardtable.stoeptegel.texts.page_texts). */
const texts = JSON.parse(document.getElementById("cardtable-page-texts")?.textContent || "{}");
/** @param {string} key @param {Record<string, string | number>} fields */
const words = (key, fields = {}) => ((texts[document.documentElement.lang] || texts.en || {})[key] || "").replace(/\{(\w+)\}/g, (_, name) => String(fields[name] ?? ""));
const say = (text, kind = "") => { status.textContent = text; status.dataset.kind = kind; };

const state = {};
const listeners = new Map();
let socket = null;
const model = {
  get: (name) => state[name],
  set() {}, save_changes() {}, // the browser is an untrusted client: it only sends intents
  on(event, callback) { if (!listeners.has(event)) listeners.set(event, new Set()); listeners.get(event).add(callback); },
  off(event, callback) { listeners.get(event)?.delete(callback); },
  send(content) { if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "intent", intent: content })); },
};
let drawn = false;

function connect(delay = 500) {
  if (!seat) { say(words("no_link"), "error"); return; }
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${location.pathname.replace(/\/?$/, "/")}ws`;
  socket = new WebSocket(url);
  socket.onopen = () => socket.send(JSON.stringify({ type: "hello", protocol: 1, seat: seat.seat, token: seat.token, lang: seat.lang || null, langs: [...navigator.languages] }));
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "download") { // the seat's record, as the notebook's table sends it
      for (const callback of listeners.get("msg:custom") || []) callback(message);
      return;
    }
    if (message.type !== "state") return;
    // As anywidget tells a change: a value that came again unchanged (the lang, the version of
    // a frame for the seat's message alone) is no change, and must not redraw the table.
    const changed = Object.keys(message.state).filter((name) => typeof message.state[name] === "object" || message.state[name] !== state[name]);
    Object.assign(state, message.state);
    if (typeof state.lang === "string" && state.lang in texts) document.documentElement.lang = state.lang;
    say(words("connected", { name: (state.names || [])[seat.seat] ?? "" }));
    if (!drawn) {
      drawn = true;
      table.render({ model, el: document.getElementById("table"), signal: new AbortController().signal });
      return;
    }
    for (const name of changed) for (const callback of listeners.get(`change:${name}`) || []) callback();
  };
  socket.onclose = (event) => {
    if (event.code === 4403) { say(words("gone"), "error"); return; }
    if (event.code >= 4400) { say(words("refused", { code: event.code, reason: event.reason }), "error"); return; }
    say(words("lost"), "error");
    setTimeout(() => connect(Math.min(delay * 2, 8000)), delay);
  };
}
connect();
