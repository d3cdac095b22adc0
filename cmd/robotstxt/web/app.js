// The robots.txt tester's page. Every piece of user content (the file,
// targets, crawler names, what the server fetched) reaches the document as
// text (textContent, value), never as markup, so a file holding <script>
// shows as text; the Content-Security-Policy is the second line of defence.
'use strict';

// Crawlers offered as presets: search engines first, then AI crawlers.
const PRESETS = ['Googlebot', 'Bingbot', 'GPTBot', 'ClaudeBot', 'CCBot', 'Google-Extended',
  'Applebot-Extended', 'PerplexityBot', 'meta-externalagent', 'Bytespider', 'DuckDuckBot', 'YandexBot'];
const DEFAULT_AGENTS = ['Googlebot', 'Bingbot', 'GPTBot'];
const EXAMPLE = {
  robots: 'User-agent: *\nDisallow: /private/\nAllow: /private/press/\n\nUser-agent: GPTBot\nDisallow: /\n\nSitemap: https://example.com/sitemap.xml\n',
  targets: ['/', '/private/report.pdf', '/private/press/2024.html'],
};
// What each access of a fetch means for a crawler (RFC 9309 section 2.3.1).
const ACCESS_MEANING = {
  available: 'the file\'s rules apply',
  unavailable: 'everything is allowed (RFC 9309 section 2.3.1.3)',
  unreachable: 'nothing is allowed (RFC 9309 section 2.3.1.4)',
};

const $ = (id) => document.getElementById(id);
const el = (tag, props = {}, ...children) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('data-') || k.startsWith('aria-') || k === 'scope' || k === 'role') e.setAttribute(k, v);
    else e[k] = v;
  }
  for (const c of children) e.append(c);
  return e;
};

// The page's state: what the fragment holds.
const state = {
  robots: '', url: '', fetched: false, targets: [], agents: [], mode: 'rfc', plain: false, newRobots: '', tab: 'results',
};
// The last answers, for selecting cells.
let lastCheck = null;

function readForm() {
  state.robots = $('robots').value;
  state.url = $('site-url').value.trim();
  state.targets = $('targets').value.split('\n').map((s) => s.trim()).filter(Boolean);
  const agents = [...document.querySelectorAll('#presets input:checked')].map((i) => i.value);
  for (const a of $('more-agents').value.split('\n').map((s) => s.trim()).filter(Boolean)) {
    if (!agents.includes(a)) agents.push(a);
  }
  state.agents = agents;
  state.mode = document.querySelector('input[name="mode"]:checked').value;
  state.plain = $('plain').checked;
  state.newRobots = $('new-robots').value;
}

function writeForm() {
  $('robots').value = state.robots;
  $('site-url').value = state.url;
  $('targets').value = state.targets.join('\n');
  const more = [];
  for (const box of document.querySelectorAll('#presets input')) box.checked = false;
  for (const a of state.agents) {
    const box = [...document.querySelectorAll('#presets input')].find((i) => i.value === a);
    if (box) box.checked = true; else more.push(a);
  }
  $('more-agents').value = more.join('\n');
  for (const r of document.querySelectorAll('input[name="mode"]')) r.checked = r.value === state.mode;
  $('plain').checked = state.plain;
  $('new-robots').value = state.newRobots;
  drawGutter();
}

// The fragment: the state as JSON, deflated when the browser can, in
// base64url. "#c=" is deflated, "#j=" plain.
function toBase64url(bytes) {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
function fromBase64url(text) {
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}
async function pipe(bytes, stream) {
  const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}
async function encodeState() {
  const json = new TextEncoder().encode(JSON.stringify(state));
  if (typeof CompressionStream === 'function') {
    return 'c=' + toBase64url(await pipe(json, new CompressionStream('deflate-raw')));
  }
  return 'j=' + toBase64url(json);
}
async function decodeState(hash) {
  const m = /^#([cj])=([A-Za-z0-9_-]*)$/.exec(hash);
  if (!m) return null;
  let bytes = fromBase64url(m[2]);
  if (m[1] === 'c') bytes = await pipe(bytes, new DecompressionStream('deflate-raw'));
  const v = JSON.parse(new TextDecoder().decode(bytes));
  const strings = (a) => (Array.isArray(a) ? a.filter((x) => typeof x === 'string') : []);
  return {
    robots: String(v.robots ?? ''), url: String(v.url ?? ''), fetched: v.fetched === true,
    targets: strings(v.targets), agents: strings(v.agents), mode: v.mode === 'google' ? 'google' : 'rfc',
    plain: v.plain === true, newRobots: String(v.newRobots ?? ''), tab: ['results', 'diff', 'ai'].includes(v.tab) ? v.tab : 'results',
  };
}
let writtenHash = '';
async function saveState() {
  writtenHash = '#' + await encodeState();
  history.replaceState(null, '', writtenHash);
}

async function post(path, body) {
  const resp = await fetch(path, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  const v = await resp.json().catch(() => ({ error: `${resp.status} ${resp.statusText}` }));
  if (!resp.ok) throw new Error(v.error || `${resp.status} ${resp.statusText}`);
  return v;
}

function say(text) { $('message').textContent = text; }

// run tests the state: the check (by the file, or by fetching the URL),
// the AI audit and, when there is a new version, the diff.
async function run({ fetchURL = false } = {}) {
  say('');
  if (fetchURL) state.fetched = true;
  const body = { agents: state.agents, targets: state.targets, mode: state.mode, plain: state.plain };
  if (state.fetched && state.url) body.url = state.url; else body.robots = state.robots;
  document.body.setAttribute('aria-busy', 'true');
  try {
    const check = await post('/api/check', body);
    if (check.fetch) {
      state.robots = check.fetch.body;
      $('robots').value = state.robots;
    }
    showFetch(check.fetch);
    lastCheck = check;
    showCheck(check);
    // What the tester read of a file over the size limit crawlers read.
    $('notes').textContent = (check.notes || []).join(' ');
    const [ai] = await Promise.all([
      post('/api/ai', { robots: state.robots, targets: state.targets, mode: state.mode }),
      runDiff(),
    ]);
    showAI(ai);
    await saveState();
  } catch (e) {
    say(e.message);
  } finally {
    document.body.removeAttribute('aria-busy');
  }
}

async function runDiff() {
  $('old-text').textContent = state.robots;
  const tbody = $('diff-table').tBodies[0];
  tbody.replaceChildren();
  if (state.newRobots === '') {
    $('diff-summary').textContent = 'Give a new version to compare.';
    $('diff-table').hidden = true;
    return;
  }
  const d = await post('/api/diff', {
    old: state.robots, new: state.newRobots, agents: state.agents, targets: state.targets, mode: state.mode,
  });
  for (const t of d.changed) {
    t.changes.forEach((c, i) => {
      const tr = el('tr');
      if (i === 0) tr.append(el('th', { scope: 'row', rowSpan: t.changes.length, text: t.target }));
      tr.append(el('td', { text: c.agent }), decisionCell(c.old), decisionCell(c.new));
      tbody.append(tr);
    });
  }
  const n = d.changed.length;
  $('diff-summary').textContent = [n === 0
    ? `No verdict changes, of ${d.targets} targets.`
    : `${n} of ${d.targets} targets change verdict.`, ...(d.notes || [])].join(' ');
  $('diff-table').hidden = n === 0;
}

function ruleText(rule) {
  return `${rule.allow ? 'Allow' : 'Disallow'}: ${rule.pattern}`;
}
// unreachable says a fetch reached no file: no rule decides then, and the
// decision's reason says why everything is disallowed.
function unreachable(check) {
  return Boolean(check && check.fetch && check.fetch.access === 'unreachable');
}
function decisionText(d, noFile = false) {
  const v = d.allowed ? 'allowed' : 'disallowed';
  if (!d.rule && noFile) return `${v}, ${d.reason}`;
  if (!d.rule) return `${v}, no rule matched`;
  if (!d.rule.line) return `${v} (${ruleText(d.rule)})`;
  return `${v} by line ${d.rule.line}: ${ruleText(d.rule)}`;
}
function decisionCell(d) {
  return el('td', {}, el('span', { class: d.allowed ? 'verdict-allowed' : 'verdict-disallowed', text: decisionText(d) }));
}

function showFetch(f) {
  const dl = $('fetch-info');
  dl.replaceChildren();
  dl.hidden = !f;
  if (!f) return;
  const rows = [
    ['Fetched', f.url], ['Final URL', f.final_url], ['Status', f.status ? String(f.status) : 'no answer'],
    ['Redirects', String(f.redirects)], ['Size', `${f.bytes} bytes${f.truncated ? ', cut at the size limit' : ''}`],
    ['Access', `${f.access}: ${ACCESS_MEANING[f.access] || ''}`],
  ];
  if (f.error) rows.push(['Error', f.error]);
  for (const [k, v] of rows) dl.append(el('dt', { text: k }), el('dd', { text: v }));
}

// showCheck draws the matrix, the lint counts and the annotated file.
function showCheck(check) {
  const agents = check.results.length ? check.results[0].crawlers.map((c) => c.agent) : state.agents;
  const table = $('matrix');
  const caption = table.caption;
  table.replaceChildren(caption);
  const head = el('tr', {}, el('th', { scope: 'col', text: 'Target' }));
  for (const a of agents) head.append(el('th', { scope: 'col', text: a }));
  table.append(el('thead', {}, head));
  const tbody = el('tbody');
  let allowed = 0;
  let disallowed = 0;
  const noFile = unreachable(check);
  check.results.forEach((row, r) => {
    const tr = el('tr', {}, el('th', { scope: 'row', text: row.target }));
    row.crawlers.forEach((c, i) => {
      if (c.allowed) allowed++; else disallowed++;
      const btn = el('button', {
        type: 'button', class: `cell ${c.allowed ? 'allowed' : 'disallowed'}`,
        'data-row': r, 'data-col': i, 'aria-pressed': 'false',
        'aria-label': `${row.target}, ${c.agent}: ${decisionText(c, noFile)}`,
      }, el('span', { text: c.allowed ? 'allowed' : 'disallowed' }),
      el('small', { text: c.rule ? (c.rule.line ? `line ${c.rule.line}: ${ruleText(c.rule)}` : ruleText(c.rule)) : (noFile ? c.reason : 'no rule matched') }));
      btn.tabIndex = r === 0 && i === 0 ? 0 : -1;
      tr.append(el('td', {}, btn));
    });
    tbody.append(tr);
  });
  table.append(tbody);
  $('summary').textContent = check.results.length === 0
    ? 'Add targets to see verdicts.'
    : `${check.results.length} targets, ${agents.length} crawlers: ${allowed} allowed, ${disallowed} disallowed.`;
  $('cell-info').textContent = '';
  markLine(0);
  showLint(check.diagnostics);
}

const SEVERITIES = ['error', 'warning', 'info'];
function showLint(diags) {
  const counts = { error: 0, warning: 0, info: 0 };
  const byLine = new Map();
  for (const d of diags) {
    counts[d.severity] = (counts[d.severity] || 0) + 1;
    if (!byLine.has(d.line)) byLine.set(d.line, []);
    byLine.get(d.line).push(d);
  }
  const parts = SEVERITIES.filter((s) => counts[s]).map((s) => `${counts[s]} ${s}${counts[s] > 1 && s !== 'info' ? 's' : ''}`);
  $('lint-counts').textContent = parts.length ? `Lint: ${parts.join(', ')}.` : 'Lint: no problems.';
  const lines = splitLines(state.robots);
  const ol = $('lines');
  ol.replaceChildren();
  lines.forEach((text, i) => {
    const n = i + 1;
    const li = el('li', { 'data-line': n }, el('span', { class: 'n', text: String(n) }), el('span', { class: 'text', text: text || ' ' }));
    const notes = byLine.get(n);
    if (notes) {
      const div = el('div', { class: 'notes' });
      for (const d of notes) div.append(el('span', { class: `note ${d.severity}`, 'data-code': d.code, text: `${d.severity}: ${d.message} [${d.code}]` }));
      li.append(div);
    }
    ol.append(li);
  });
  lintByLine = byLine;
  drawGutter();
}

// splitLines numbers lines as the parser does: LF, CR and CRLF each end
// one, and a leading byte order mark is no part of the first.
function splitLines(text) {
  const lines = text.replace(/^\ufeff/, '').split(/\r\n|\r|\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

let lintByLine = new Map();
let decidedLine = 0;
function drawGutter() {
  const n = Math.max(1, $('robots').value.split('\n').length);
  const g = $('gutter');
  g.replaceChildren();
  // Wide enough for the longest number (14px digits of a monospace font
  // are under 9px wide) and the gutter's padding.
  $('editor').style.setProperty('--gutter', `${Math.max(48, 9 * String(n).length + 14)}px`);
  for (let i = 1; i <= n; i++) {
    const d = el('div', { text: String(i) });
    const notes = lintByLine.get(i);
    if (notes) {
      const worst = SEVERITIES.find((s) => notes.some((x) => x.severity === s));
      d.className = `lint-${worst}`;
      d.title = notes.map((x) => `${x.severity}: ${x.message}`).join('\n');
    }
    if (i === decidedLine) d.classList.add('decided');
    g.append(d);
  }
  // Room to scroll past the last number as far as the textarea scrolls
  // past its last line (its horizontal scroll bar), so that both keep the
  // same scrollTop to the end.
  const spacer = el('div', { class: 'spacer' });
  spacer.style.height = `${$('robots').offsetHeight}px`;
  g.append(spacer);
  syncScroll();
}
function syncScroll() {
  const ta = $('robots');
  $('gutter').scrollTop = ta.scrollTop;
  const mark = $('line-mark');
  if (decidedLine) {
    const lh = parseFloat(getComputedStyle(ta).lineHeight);
    mark.style.top = `${(decidedLine - 1) * lh - ta.scrollTop}px`;
  }
}

// markLine highlights line n of the file (0: none) in the editor and in
// the annotated file.
function markLine(n) {
  decidedLine = n;
  $('line-mark').hidden = n === 0;
  for (const li of document.querySelectorAll('#lines li.decided')) li.classList.remove('decided');
  if (n) {
    const ta = $('robots');
    const lh = parseFloat(getComputedStyle(ta).lineHeight);
    const top = (n - 1) * lh;
    if (top < ta.scrollTop || top + lh > ta.scrollTop + ta.clientHeight) ta.scrollTop = Math.max(0, top - ta.clientHeight / 2);
    const li = document.querySelector(`#lines li[data-line="${n}"]`);
    if (li) li.classList.add('decided');
  }
  drawGutter();
}

function selectCell(btn) {
  for (const b of document.querySelectorAll('#matrix .cell[aria-pressed="true"]')) b.setAttribute('aria-pressed', 'false');
  btn.setAttribute('aria-pressed', 'true');
  const row = lastCheck.results[Number(btn.dataset.row)];
  const c = row.crawlers[Number(btn.dataset.col)];
  const line = c.rule && c.rule.line ? c.rule.line : 0;
  markLine(line);
  let info;
  if (unreachable(lastCheck)) info = `${c.agent} on ${row.target}: disallowed; ${c.reason}.`;
  else if (!c.rule) info = `${c.agent} on ${row.target}: ${c.allowed ? 'allowed' : 'disallowed'}; no rule matched.`;
  else if (!line) info = `${c.agent} on ${row.target}: ${c.allowed ? 'allowed' : 'disallowed'}, ${ruleText(c.rule)}, from the fetch's outcome, not a line of the file.`;
  else info = `${c.agent} on ${row.target}: ${c.allowed ? 'allowed' : 'disallowed'} by line ${line}, ${ruleText(c.rule)}.`;
  // Why the crawler obeys its group, in the server's words; none for a
  // plain reading, and none but the fetch's when no file was read.
  if (c.reason && !unreachable(lastCheck)) info += ` ${c.reason}.`;
  $('cell-info').textContent = info;
}

// moveCell moves the focus in the matrix with the arrow keys, Home and
// End: one tab stop for the whole grid.
function moveCell(btn, key) {
  const r = Number(btn.dataset.row);
  const c = Number(btn.dataset.col);
  const rows = lastCheck.results.length;
  const cols = rows ? lastCheck.results[0].crawlers.length : 0;
  const next = {
    ArrowRight: [r, Math.min(cols - 1, c + 1)], ArrowLeft: [r, Math.max(0, c - 1)],
    ArrowDown: [Math.min(rows - 1, r + 1), c], ArrowUp: [Math.max(0, r - 1), c],
    Home: [r, 0], End: [r, cols - 1],
  }[key];
  if (!next) return false;
  const to = document.querySelector(`#matrix .cell[data-row="${next[0]}"][data-col="${next[1]}"]`);
  if (to) {
    btn.tabIndex = -1;
    to.tabIndex = 0;
    to.focus();
  }
  return true;
}

function showAI(ai) {
  const ul = $('ai-summary');
  ul.replaceChildren();
  for (const s of ai.summary) if (s.crawlers > 0) ul.append(el('li', { text: s.text }));
  // The file's values, then each group's ("User-agent: *" is where
  // Cloudflare's managed robots.txt puts them).
  const signals = (m) => Object.entries(m).sort().map(([k, v]) => `${k}=${v ? 'yes' : 'no'}`).join(', ');
  const lines = [];
  if (ai.content_signals) lines.push(`Content-Signal: ${signals(ai.content_signals)}`);
  for (const g of ai.group_content_signals || []) lines.push(`Content-Signal for user-agent: ${g.agents.join(', ')}: ${signals(g.content_signals)}`);
  $('ai-signals').textContent = lines.join('; ');
  const tbody = $('ai-table').tBodies[0];
  tbody.replaceChildren();
  for (const v of ai.crawlers) {
    let by = v.group ? `user-agent: ${v.group.join(', ')}` : 'no group';
    if (v.rule) by += v.rule.line ? ` (line ${v.rule.line}: ${ruleText(v.rule)})` : ` (${ruleText(v.rule)})`;
    tbody.append(el('tr', {},
      el('th', { scope: 'row', text: v.name }), el('td', { text: v.operator || '-' }), el('td', { text: v.purpose }),
      el('td', { text: v.obeys_robots_txt }),
      el('td', {}, el('span', { class: `verdict-${v.access}`, text: v.access })), el('td', { text: by })));
  }
}

function showTab(name, focus = false) {
  state.tab = name;
  for (const t of document.querySelectorAll('[role="tab"]')) {
    const on = t.id === `tab-${name}`;
    t.setAttribute('aria-selected', String(on));
    t.tabIndex = on ? 0 : -1;
    $(t.getAttribute('aria-controls')).hidden = !on;
    if (on && focus) t.focus();
  }
}

function setup() {
  const presets = $('presets');
  for (const name of PRESETS) {
    presets.append(el('label', {}, el('input', { type: 'checkbox', name: 'agent', value: name }), name));
  }
  $('test-form').addEventListener('submit', (e) => {
    e.preventDefault();
    readForm();
    run();
  });
  $('fetch-button').addEventListener('click', () => {
    readForm();
    if (!state.url) {
      say('Give a site URL to fetch its robots.txt.');
      $('site-url').focus();
      return;
    }
    run({ fetchURL: true });
  });
  $('site-url').addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      $('fetch-button').click();
    }
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      readForm();
      run();
    }
  });
  const ta = $('robots');
  ta.addEventListener('input', () => {
    // An edited file is no longer the fetched one: test the text.
    state.fetched = false;
    drawGutter();
  });
  ta.addEventListener('scroll', syncScroll);
  $('matrix').addEventListener('click', (e) => {
    const btn = e.target.closest('.cell');
    if (btn) selectCell(btn);
  });
  $('matrix').addEventListener('keydown', (e) => {
    const btn = e.target.closest('.cell');
    if (btn && moveCell(btn, e.key)) e.preventDefault();
  });
  const tabs = [...document.querySelectorAll('[role="tab"]')];
  for (const t of tabs) {
    t.addEventListener('click', () => {
      showTab(t.id.slice(4));
      saveState();
    });
    t.addEventListener('keydown', (e) => {
      const i = tabs.indexOf(t);
      const j = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
      if (j === undefined) return;
      e.preventDefault();
      showTab(tabs[(j + tabs.length) % tabs.length].id.slice(4), true);
      saveState();
    });
  }
  $('copy-current').addEventListener('click', () => {
    $('new-robots').value = $('robots').value;
    $('new-robots').focus();
  });
  $('diff-button').addEventListener('click', () => {
    readForm();
    run();
  });
  window.addEventListener('hashchange', () => {
    if (location.hash !== writtenHash) restore();
  });
}

// restore reads the test from the fragment, or shows the example, and
// runs it. A test that fetched a site's file is not fetched again until
// the reader asks: opening a link must not make the server fetch a URL
// that the link's author chose.
async function restore() {
  let s = null;
  try {
    s = await decodeState(location.hash);
  } catch (e) {
    say('The link\'s test could not be read; showing the example instead.');
  }
  if (s) Object.assign(state, s);
  else Object.assign(state, { robots: EXAMPLE.robots, targets: EXAMPLE.targets, agents: DEFAULT_AGENTS });
  writeForm();
  showTab(state.tab);
  if (state.fetched && state.url) {
    state.fetched = false;
    say(`This link fetches the robots.txt of ${state.url}: press "Fetch its robots.txt" to fetch it, or Test to test the file as the link holds it.`);
    return;
  }
  await run();
}

setup();
restore();
