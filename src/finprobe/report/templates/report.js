/* finprobe report: transcript browsers (run report) and flip lists (comparison report).
 *
 * Safety: the data comes from one <script type="application/json" id="fp-data"> block, read with
 * JSON.parse; every data text is written with textContent or as an <option> label, never as HTML.
 * Scale: the index (one small entry per trial) is parsed at load; a trial's full episode is a JSON
 * string parsed only when its row is opened; the list shows one page of rows at a time.
 */
(function () {
  'use strict';
  var PAGE_SIZE = 50;
  var node = document.getElementById('fp-data');
  if (!node) { window.fpReady = true; return; }
  var DATA = JSON.parse(node.textContent);
  var STRINGS = DATA.strings || [];

  // ------------------------------------------------------------------ small DOM helpers
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    return e;
  }
  function show(value) {
    if (value === null || value === undefined) { return ''; }
    return typeof value === 'string' ? value : JSON.stringify(value);
  }
  function pretty(value) { return JSON.stringify(value, null, 1); }
  function contentOf(m) { return m.ref !== undefined ? STRINGS[m.ref] : m.content; }
  function isEmpty(value) {
    if (value === null || value === undefined) { return true; }
    if (typeof value === 'object') { return Object.keys(value).length === 0; }
    return value === '';
  }

  function grid(parent, pairs) {
    var dl = el('dl', 'kv');
    pairs.forEach(function (p) {
      if (isEmpty(p[1])) { return; }
      dl.appendChild(el('dt', null, p[0]));
      var dd = el('dd', null, show(p[1]));
      if (p[2]) { dd.className = p[2]; }
      dl.appendChild(dd);
    });
    parent.appendChild(dl);
    return dl;
  }
  function section(parent, title, open) {
    var d = el('details', 'sec');
    if (open) { d.open = true; }
    d.appendChild(el('summary', null, title));
    parent.appendChild(d);
    return d;
  }
  function pre(parent, text, cls) {
    var p = el('pre', cls || null, text);
    parent.appendChild(p);
    return p;
  }

  // ------------------------------------------------------------------ one episode
  function renderMessages(parent, messages) {
    messages.forEach(function (m, i) {
      var box = el('div', 'msg msg-' + m.role);
      var head = el('div', 'msg-head', '#' + i + ' ' + m.role + (m.name ? ' (' + m.name + ')' : ''));
      var text = contentOf(m) || '';
      if (m.role === 'system' || text.length > 4000) {
        var d = el('details');
        d.appendChild(el('summary', null, head.textContent + ' \u2014 ' + text.length + ' characters'));
        pre(d, text);
        box.appendChild(d);
      } else {
        box.appendChild(head);
        pre(box, text);
      }
      parent.appendChild(box);
    });
  }

  function renderSteps(parent, steps) {
    var table = el('table', 'steps');
    var head = el('tr');
    ['#', 'kind', 'action', 'observation / tool result', 'error'].forEach(function (h) { head.appendChild(el('th', null, h)); });
    table.appendChild(head);
    steps.forEach(function (s) {
      var tr = el('tr', 'step step-' + s.kind);
      tr.appendChild(el('td', null, s.index));
      tr.appendChild(el('td', null, s.kind));
      var action = el('td');
      if (s.action) {
        action.appendChild(el('b', null, s.action.name));
        pre(action, pretty(s.action.args || {}));
      } else if (s.raw) {
        pre(action, s.raw);
      }
      tr.appendChild(action);
      var obs = el('td');
      if (s.observation) { pre(obs, s.observation); }
      if (!isEmpty(s.info)) {
        var d = el('details');
        d.appendChild(el('summary', null, 'step info'));
        pre(d, pretty(s.info));
        obs.appendChild(d);
      }
      tr.appendChild(obs);
      tr.appendChild(el('td', 'error', s.error || ''));
      table.appendChild(tr);
    });
    parent.appendChild(table);
  }

  function renderCalls(parent, calls) {
    var table = el('table', 'calls');
    var head = el('tr');
    ['#', 'role', 'model', 'tokens in/out', 'cost', 'latency', 'notes', 'output / error'].forEach(function (h) {
      head.appendChild(el('th', null, h));
    });
    table.appendChild(head);
    calls.forEach(function (c, i) {
      var tr = el('tr', 'call call-' + c.role);
      var usage = c.usage || {};
      tr.appendChild(el('td', null, i));
      tr.appendChild(el('td', null, c.role));
      tr.appendChild(el('td', null, c.backend + ':' + c.model));
      tr.appendChild(el('td', 'num', (usage.input_tokens || 0) + ' / ' + (usage.output_tokens || 0)));
      tr.appendChild(el('td', 'num', (usage.cost_usd || 0).toFixed(6)));
      tr.appendChild(el('td', 'num', (c.latency_s || 0).toFixed(3) + ' s' + (c.cached ? ' (cached)' : '') +
        (c.attempts > 1 ? ' \u00d7' + c.attempts : '')));
      tr.appendChild(el('td', null, (c.notes || []).join('; ') + (c.finish_reason ? ' finish=' + c.finish_reason : '')));
      var out = el('td');
      if (c.error) { out.appendChild(el('div', 'error', c.error)); }
      if (c.output !== undefined && c.output !== null) { pre(out, c.output); }
      if (c.messages && c.messages.length) {
        var d = el('details');
        d.appendChild(el('summary', null, 'input: ' + c.messages.length + ' messages'));
        renderMessages(d, c.messages);
        out.appendChild(d);
      } else if (c.input_prefix) {
        out.appendChild(el('div', 'muted', 'input: the first ' + c.input_prefix + ' messages of the conversation'));
      }
      tr.appendChild(out);
      table.appendChild(tr);
    });
    parent.appendChild(table);
  }

  function renderEpisode(d) {
    var root = el('div', 'episode');
    var score = d.score || {};
    grid(root, [
      ['sample', d.id + (d.epoch > 1 ? ' (trial ' + d.epoch + ')' : '')],
      ['outcome', d.outcome, 'outcome-' + d.outcome],
      ['status', d.status + (d.attempt > 1 ? ' (attempt ' + d.attempt + ')' : '')],
      ['score', score.value], ['passed', score.passed], ['reason', score.reason],
      ['error', d.error, 'error'], ['episode end', d.end],
      ['final answer', d.final_answer], ['gold answer', Array.isArray(d.target) ? d.target.join('\n') : d.target],
      ['final arguments', d.final_args],
      ['meta', d.meta], ['tokens and cost', d.usage]
    ]);
    if (d.messages && d.messages.length) { renderMessages(section(root, 'conversation (' + d.messages.length + ' messages)', true), d.messages); }
    if (d.steps && d.steps.length) { renderSteps(section(root, 'steps: actions, tool results, simulator replies (' + d.steps.length + ')', true), d.steps); }
    if (d.calls && d.calls.length) { renderCalls(section(root, 'model calls (' + d.calls.length + ')', false), d.calls); }
    if (score.details && !isEmpty(score.details)) { pre(section(root, 'score details (grader, judge, classifier)', false), pretty(score.details)); }
    if (!isEmpty(d.info)) { pre(section(root, 'transcript info', false), pretty(d.info)); }
    return root;
  }

  function renderDetail(detail) {
    if (!detail.runs) { return renderEpisode(detail); }
    var row = el('div', 'side-by-side');
    detail.runs.forEach(function (run, i) {
      var col = el('div', 'side');
      col.appendChild(el('h4', null, (detail.labels || [])[i] || ('run ' + i)));
      col.appendChild(run ? renderEpisode(run) : el('p', 'muted', 'not in this run'));
      row.appendChild(col);
    });
    return row;
  }

  // ------------------------------------------------------------------ the list
  function Browser(root, data) {
    this.root = root;
    this.data = data;
    this.index = data.index;
    this.filters = {};
    this.query = '';
    this.fulltext = true;
    this.page = 0;
    this.open = {};
    this.lowered = [];
    this.hay = this.index.map(function (e) {
      var meta = Object.keys(e.meta || {}).map(function (k) { return k + '=' + show(e.meta[k]); }).join(' ');
      return [e.id, e.outcome, e.reason, e.error, e.error_type, e.end, e.answer, meta].map(show).join(' ').toLowerCase();
    });
    this.build();
    this.apply();
  }

  Browser.prototype.build = function () {
    var self = this;
    var controls = el('div', 'controls');
    this.search = el('input', 'search');
    this.search.type = 'search';
    this.search.placeholder = 'search ids, answers, reasons, transcripts\u2026';
    var timer = null;
    this.search.addEventListener('input', function () {
      clearTimeout(timer);
      timer = setTimeout(function () { self.query = self.search.value.toLowerCase(); self.page = 0; self.apply(); }, 150);
    });
    controls.appendChild(this.search);
    var label = el('label', 'fulltext');
    this.fulltextBox = el('input');
    this.fulltextBox.type = 'checkbox';
    this.fulltextBox.checked = true;
    this.fulltextBox.addEventListener('change', function () { self.fulltext = self.fulltextBox.checked; self.page = 0; self.apply(); });
    label.appendChild(this.fulltextBox);
    label.appendChild(document.createTextNode(' full transcripts'));
    controls.appendChild(label);
    (this.data.filters || []).forEach(function (f) {
      var wrap = el('label', 'filter');
      wrap.appendChild(document.createTextNode(f.label + ' '));
      var select = el('select');
      select.setAttribute('data-filter', f.key);
      select.appendChild(new Option('all', ''));
      f.values.forEach(function (v) { select.appendChild(new Option(v[0] + ' (' + v[1] + ')', v[0])); });
      select.addEventListener('change', function () {
        if (select.value === '') { delete self.filters[f.key]; } else { self.filters[f.key] = {value: select.value, meta: f.meta}; }
        self.page = 0;
        self.apply();
      });
      wrap.appendChild(select);
      controls.appendChild(wrap);
    });
    var reset = el('button', 'reset', 'reset');
    reset.type = 'button';
    reset.addEventListener('click', function () {
      self.filters = {};
      self.query = '';
      self.search.value = '';
      Array.prototype.forEach.call(controls.querySelectorAll('select'), function (s) { s.value = ''; });
      self.page = 0;
      self.apply();
    });
    controls.appendChild(reset);
    this.root.appendChild(controls);

    var pager = el('div', 'pager');
    this.prev = el('button', null, '\u2039 previous');
    this.prev.type = 'button';
    this.next = el('button', null, 'next \u203a');
    this.next.type = 'button';
    this.status = el('span', 'count');
    this.prev.addEventListener('click', function () { if (self.page > 0) { self.page -= 1; self.render(); } });
    this.next.addEventListener('click', function () { if ((self.page + 1) * PAGE_SIZE < self.shown.length) { self.page += 1; self.render(); } });
    pager.appendChild(this.prev);
    pager.appendChild(this.status);
    pager.appendChild(this.next);
    this.root.appendChild(pager);

    this.table = el('table', 'list');
    var head = el('tr');
    var cols = ['sample'];
    if (this.data.epochs > 1) { cols.push('trial'); }
    cols = cols.concat(['outcome', 'reason / error', 'answer', 'gold', 'meta']);
    cols.forEach(function (c) { head.appendChild(el('th', null, c)); });
    this.columns = cols.length;
    var thead = el('thead');
    thead.appendChild(head);
    this.table.appendChild(thead);
    this.body = el('tbody');
    this.table.appendChild(this.body);
    var box = el('div', 'scroll');
    box.appendChild(this.table);
    this.root.appendChild(box);
  };

  Browser.prototype.detailText = function (i) {
    if (this.lowered[i] === undefined) { this.lowered[i] = this.data.details[i].toLowerCase(); }
    return this.lowered[i];
  };

  Browser.prototype.matches = function (i) {
    var e = this.index[i];
    var keys = Object.keys(this.filters);
    for (var k = 0; k < keys.length; k++) {
      var f = this.filters[keys[k]];
      var value = f.meta ? (e.meta || {})[keys[k]] : e[keys[k]];
      var values = Array.isArray(value) ? value : [value];
      if (!values.some(function (v) { return v !== null && v !== undefined && String(v) === f.value; })) { return false; }
    }
    if (!this.query) { return true; }
    if (this.hay[i].indexOf(this.query) >= 0) { return true; }
    if (!this.fulltext) { return false; }
    // the episode is stored as JSON text: match the query as JSON writes it (quotes, newlines escaped)
    var escaped = JSON.stringify(this.query).slice(1, -1);
    return this.detailText(i).indexOf(escaped) >= 0;
  };

  Browser.prototype.apply = function () {
    var shown = [];
    for (var i = 0; i < this.index.length; i++) { if (this.matches(i)) { shown.push(i); } }
    this.shown = shown;
    this.render();
  };

  Browser.prototype.render = function () {
    var self = this;
    var pages = Math.max(1, Math.ceil(this.shown.length / PAGE_SIZE));
    if (this.page >= pages) { this.page = pages - 1; }
    this.status.textContent = this.shown.length + ' of ' + this.index.length + ' shown \u00b7 page ' +
      (this.page + 1) + ' of ' + pages;
    this.root.setAttribute('data-shown', String(this.shown.length));
    this.prev.disabled = this.page === 0;
    this.next.disabled = (this.page + 1) * PAGE_SIZE >= this.shown.length;
    while (this.body.firstChild) { this.body.removeChild(this.body.firstChild); }
    this.shown.slice(this.page * PAGE_SIZE, (this.page + 1) * PAGE_SIZE).forEach(function (i) {
      var e = self.index[i];
      var tr = el('tr', 'row outcome-' + String(e.outcome).replace(/[^a-z]/gi, '-'));
      tr.setAttribute('data-i', String(i));
      tr.setAttribute('data-outcome', String(e.outcome));
      tr.tabIndex = 0;
      tr.appendChild(el('td', 'id', e.id));
      if (self.data.epochs > 1) { tr.appendChild(el('td', 'num', e.epoch)); }
      tr.appendChild(el('td', 'badge', e.outcome));
      tr.appendChild(el('td', null, e.error_type ? e.error_type + ': ' + (e.error || '') : (e.reason || '')));
      tr.appendChild(el('td', 'answer', e.answer || ''));
      tr.appendChild(el('td', 'answer gold', e.target || ''));
      var meta = Object.keys(e.meta || {}).slice(0, 5).map(function (k) { return k + '=' + show(e.meta[k]); }).join(' \u00b7 ');
      tr.appendChild(el('td', 'meta', meta));
      var toggle = function () { self.toggle(i, tr); };
      tr.addEventListener('click', toggle);
      tr.addEventListener('keydown', function (ev) { if (ev.key === 'Enter') { toggle(); } });
      self.body.appendChild(tr);
      if (self.open[i]) { self.openRow(i, tr); }
    });
  };

  Browser.prototype.openRow = function (i, tr) {
    var row = el('tr', 'detail');
    var cell = el('td');
    cell.colSpan = this.columns;
    try {
      cell.appendChild(renderDetail(JSON.parse(this.data.details[i])));
    } catch (err) {
      cell.appendChild(el('div', 'error', 'cannot show this transcript: ' + err));
    }
    row.appendChild(cell);
    tr.parentNode.insertBefore(row, tr.nextSibling);
    tr.classList.add('open');
  };

  Browser.prototype.toggle = function (i, tr) {
    if (this.open[i]) {
      delete this.open[i];
      var next = tr.nextSibling;
      if (next && next.classList.contains('detail')) { next.parentNode.removeChild(next); }
      tr.classList.remove('open');
    } else {
      this.open[i] = true;
      this.openRow(i, tr);
    }
  };

  // ------------------------------------------------------------------ tables on a narrow screen
  // A summary table wider than its box becomes one card per row (CSS `table.stacked`, labels from the
  // cells' data-label), so a phone shows every value without scrolling sideways.
  function fitTables() {
    Array.prototype.forEach.call(document.querySelectorAll('table.data'), function (t) {
      if (!t.querySelector('td[data-label]')) { return; }
      t.classList.remove('stacked');
      var box = t.parentElement;
      if (t.getBoundingClientRect().width > box.clientWidth + 1) { t.classList.add('stacked'); }
    });
  }
  fitTables();
  window.addEventListener('resize', fitTables);

  var browsers = {};
  Array.prototype.forEach.call(document.querySelectorAll('.fp-browser'), function (root) {
    var name = root.getAttribute('data-browser');
    var data = (DATA.browsers || {})[name];
    if (data) { browsers[name] = new Browser(root, data); }
  });
  window.fpBrowsers = browsers;
  window.fpReady = true;
}());
