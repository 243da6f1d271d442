/// The page's markup, style and script: constant text, so that the Content-Security-Policy can
/// name the one script and the one style allowed by their SHA-256 (a test checks the hashes). The
/// script builds every element that shows the walk's text with `textContent`, never with markup.
enum WalkPageTemplate {
    /// No request of any kind (fonts, images, frames, fetches); only this script and style run.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src '\(scriptHash)'; style-src '\(styleHash)'; img-src 'none'; base-uri 'none'; form-action 'none'"

    // SHA-256 of `script` and `style`, base64: WalkPageTests.contentSecurityPolicyHashes recomputes them.
    static let scriptHash = "sha256-HLOn93QwgL9mnKF0tUNd/xsQASGB1hdyrAiMJvOUq+s="
    static let styleHash = "sha256-g+yO6/j5ZTvvb0+lljhhvGceRW4/KRXdWQY4Hucthi8="

    static let body = #"""
        <header>
        <h1 id="title"></h1>
        <p id="facts"></p>
        </header>
        <main>
        <section id="player" aria-label="screens">
        <p id="caption"><b id="step"></b> <span id="caption-text"></span></p>
        <div id="screen" aria-label="terminal screen"></div>
        <div id="controls">
        <button id="first" type="button" title="first screen (Home)">|◀</button>
        <button id="back" type="button" title="step back (←)">◀</button>
        <button id="play" type="button" title="play / pause (Space)">Play</button>
        <button id="forward" type="button" title="step forward (→)">▶</button>
        <button id="last" type="button" title="last screen (End)">▶|</button>
        <input id="timeline" type="range" min="0" max="0" value="0" aria-label="timeline">
        <span id="position"></span>
        <select id="speed" aria-label="speed"><option value="0.5">½×</option><option value="1" selected>1×</option><option value="2">2×</option><option value="4">4×</option><option value="8">8×</option></select>
        </div>
        <p class="keys">Space plays and pauses · ← → step · Home End · the timeline scrubs · a pause longer than 2 s plays as 2 s</p>
        </section>
        <aside id="moment" aria-label="the call of this moment">
        <h2>This moment</h2>
        <div id="exchange"></div>
        <h2>This step</h2>
        <ol id="step-exchanges"></ol>
        </aside>
        </main>
        <section id="sequence-section">
        <h2>Sequence</h2>
        <div id="sequence"></div>
        </section>
        <noscript><p>The player needs JavaScript; the walk's data is in this file's <code>walk-data</code> block.</p></noscript>
        """#

    static let style = #"""
        :root{color-scheme:light dark;--paper:#1e1e1e;--ink:#d4d4d4}
        body{margin:0;padding:12px 16px;font:14px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;background:#f4f4f2;color:#222}
        @media (prefers-color-scheme:dark){body{background:#121212;color:#ddd}#moment,#sequence-section,.seq .party{background:#1b1b1b!important;border-color:#333!important}pre{background:#111!important}}
        h1{font-size:18px;margin:0 0 2px}h2{font-size:14px;margin:10px 0 4px}
        #facts{margin:0 0 8px;opacity:.75;font-size:12px}
        main{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}
        #player{flex:0 0 auto;max-width:100%}
        #caption{margin:0 0 6px;min-height:2.8em;max-width:900px}
        #screen{font-family:"DejaVu Sans Mono","Liberation Mono",Menlo,Consolas,monospace;font-size:15px;line-height:18px;background:var(--paper);color:var(--ink);display:inline-block;padding:8px;border-radius:4px;overflow:auto;max-width:calc(100vw - 48px)}
        .row{height:18px;white-space:pre;overflow:hidden}
        .row span{display:inline-block;height:18px;vertical-align:top;overflow:hidden}
        .b{font-weight:bold}.u{text-decoration:underline}.d{opacity:.6}
        .cursor{outline:1px solid currentColor;outline-offset:-1px}
        .probe{position:absolute;visibility:hidden;white-space:pre}
        #controls{display:flex;gap:6px;align-items:center;margin-top:8px;flex-wrap:wrap}
        #controls button{min-width:34px;font-family:inherit;padding:3px 6px;font-size:14px}
        #timeline{flex:1 1 240px}
        #position{font-variant-numeric:tabular-nums;font-size:12px;min-width:10em}
        .keys{font-size:12px;opacity:.7;margin:4px 0}
        #moment{flex:1 1 360px;min-width:300px;max-width:640px;background:#fff;border:1px solid #ddd;border-radius:4px;padding:4px 12px 12px}
        #exchange .title{font-weight:bold;word-break:break-word}
        .ok{color:#0a7d45}.failed{color:#c0262d}
        #exchange dl{display:grid;grid-template-columns:auto 1fr;gap:2px 10px;margin:6px 0;font-size:13px}
        #exchange dt{opacity:.7}#exchange dd{margin:0;word-break:break-word}
        pre{background:#f6f6f6;border-radius:3px;padding:6px;font-size:12px;max-height:220px;overflow:auto;margin:2px 0 8px;white-space:pre-wrap;word-break:break-word}
        #step-exchanges{padding-left:22px;margin:0;font-size:13px}
        #step-exchanges li{cursor:pointer}#step-exchanges li.now{font-weight:bold}
        #sequence-section{margin-top:16px;background:#fff;border:1px solid #ddd;border-radius:4px;padding:4px 12px 12px}
        #sequence{max-height:460px;overflow:auto;position:relative;font-size:12px}
        .seq{display:grid;grid-template-columns:repeat(3,minmax(120px,1fr));position:relative}
        .seq .party{font-weight:bold;text-align:center;border-bottom:2px solid #888;padding:2px;position:sticky;top:0;z-index:1;background:#fff}
        .seq .note{grid-column:1/4;text-align:center;background:#fff6c8;color:#333;margin:6px 0 2px;padding:1px 4px;border-radius:3px}
        .seq .msg{padding:0 4px;border-bottom:1px solid #777;margin:3px 0;text-align:center;cursor:pointer;word-break:break-word}
        .seq .msg.answer{border-bottom-style:dashed}
        .seq .msg.event{border-bottom-style:dotted}
        .seq .now{background:#ffe38a;color:#111}
        """#

    static let script = #"""
        (function () {
        'use strict';
        var data = JSON.parse(document.getElementById('walk-data').textContent);
        function $(id) { return document.getElementById(id); }
        function el(tag, className, text) {
          var e = document.createElement(tag);
          if (className) e.className = className;
          if (text !== undefined && text !== null) e.textContent = String(text);
          return e;
        }
        var frames = data.frames, screen = $('screen'), sheet = document.styleSheets[0];
        var cw = 9, ch = 18;
        var BLOCKS = {
          '▀': [[0, 0, 1, .5]], '▄': [[0, .5, 1, 1]], '█': [[0, 0, 1, 1]], '▌': [[0, 0, .5, 1]], '▐': [[.5, 0, 1, 1]],
          '▖': [[0, .5, .5, 1]], '▗': [[.5, .5, 1, 1]], '▘': [[0, 0, .5, .5]], '▝': [[.5, 0, 1, .5]],
          '▙': [[0, 0, .5, 1], [.5, .5, 1, 1]], '▚': [[0, 0, .5, .5], [.5, .5, 1, 1]], '▛': [[0, 0, 1, .5], [0, .5, .5, 1]],
          '▜': [[0, 0, 1, .5], [.5, .5, 1, 1]], '▞': [[.5, 0, 1, .5], [0, .5, .5, 1]], '▟': [[.5, 0, 1, 1], [0, .5, .5, 1]],
          '▔': [[0, 0, 1, .125]], '▁': [[0, .875, 1, 1]], '▂': [[0, .75, 1, 1]], '▃': [[0, .625, 1, 1]],
          '▅': [[0, .375, 1, 1]], '▆': [[0, .25, 1, 1]], '▇': [[0, .125, 1, 1]]
        };

        document.documentElement.style.setProperty('--paper', data.paper);
        document.documentElement.style.setProperty('--ink', data.ink);
        $('title').textContent = data.title;
        var facts = [];
        Object.keys(data.facts).sort().forEach(function (k) { facts.push(k + ' ' + (typeof data.facts[k] === 'string' ? data.facts[k] : JSON.stringify(data.facts[k]))); });
        facts.push(data.width + '×' + data.height, data.theme + ' theme', frames.length + ' screens', data.exchanges.length + ' exchanges');
        $('facts').textContent = facts.join(' · ');

        // The looks as classes (rules added to the page's own style sheet: the policy allows that).
        data.looks.forEach(function (look, i) {
          var rule = '.l' + i + '{color:' + look[0] + (look[1] ? ';background-color:' + look[1] : '') + '}';
          sheet.insertRule(rule, sheet.cssRules.length);
        });

        // One cell's width, whole pixels: ASCII text is spaced to it exactly, other glyphs get a box
        // each, so the grid holds whatever font draws them and block elements meet without seams.
        function measure() {
          var probe = el('span', 'probe', 'M'.repeat(200));
          screen.appendChild(probe);
          var advance = probe.getBoundingClientRect().width / 200;
          probe.remove();
          cw = Math.max(1, Math.round(advance));
          screen.style.letterSpacing = (cw - advance) + 'px';
        }

        function look(i) { return data.looks[i < 0 ? -1 - i : i]; }
        function cell(lookIndex, text, cells) {
          var s = el('span', 'l' + (lookIndex < 0 ? -1 - lookIndex : lookIndex), text);
          var lk = look(lookIndex);
          if (lk[2]) s.classList.add('b');
          if (lk[3]) s.classList.add('u');
          if (lk[4]) s.classList.add('d');
          s.style.width = (cells * cw) + 'px';
          var rects = cells === 1 ? BLOCKS[text] : undefined;
          if (rects) {
            // Drawn as rectangles of the text's colour; the character stays, transparent, for
            // selection and search.
            var fg = lk[0];
            s.style.color = 'transparent';
            s.style.backgroundColor = lk[1] || data.paper;
            s.style.backgroundImage = rects.map(function () { return 'linear-gradient(' + fg + ',' + fg + ')'; }).join(',');
            s.style.backgroundSize = rects.map(function (r) { return ((r[2] - r[0]) * cw) + 'px ' + ((r[3] - r[1]) * ch) + 'px'; }).join(',');
            s.style.backgroundPosition = rects.map(function (r) { return (r[0] * cw) + 'px ' + (r[1] * ch) + 'px'; }).join(',');
            s.style.backgroundRepeat = 'no-repeat';
          }
          return s;
        }
        function drawRow(runs) {
          var row = el('div', 'row');
          for (var i = 0; i < runs.length; i += 2) {
            var lk = runs[i], text = runs[i + 1];
            if (lk < 0) { row.appendChild(cell(lk, text, 2)); continue; }
            var chars = Array.from(text), ascii = '';
            for (var j = 0; j < chars.length; j++) {
              var c = chars[j];
              if (c.charCodeAt(0) < 128) { ascii += c; continue; }
              if (ascii) { row.appendChild(cell(lk, ascii, ascii.length)); ascii = ''; }
              row.appendChild(cell(lk, c, 1));
            }
            if (ascii) row.appendChild(cell(lk, ascii, ascii.length));
          }
          return row;
        }

        // The screen shown: its rows (as data) and the index of its frame.
        var rows = [], size = [data.width, data.height], shown = -1, cursorAt = null;
        var lastWhole = [];
        for (var f = 0, w = 0; f < frames.length; f++) { if (frames[f].w) w = f; lastWhole.push(w); }
        function apply(frame) {
          if (frame.w) { size = frame.w; rows = new Array(size[1]).fill(null); }
          frame.r.forEach(function (r) { rows[r[0]] = r[1]; });
        }
        var drawn = [];
        function paint(index) {
          var from = (shown >= 0 && shown <= index && lastWhole[index] <= shown) ? shown + 1 : lastWhole[index];
          for (var i = from; i <= index; i++) apply(frames[i]);
          if (drawn.length !== rows.length) { screen.textContent = ''; drawn = []; }
          for (var y = 0; y < rows.length; y++) {
            if (drawn[y] && drawn[y].data === rows[y]) continue;
            var row = drawRow(rows[y] || []);
            if (drawn[y]) screen.replaceChild(row, drawn[y].node); else screen.appendChild(row);
            drawn[y] = { data: rows[y], node: row };
          }
          var k = frames[index].k;
          if (cursorAt) cursorAt.classList.remove('cursor');
          cursorAt = null;
          if (k && drawn[k[1]]) {
            var x = 0, spans = drawn[k[1]].node.children;
            for (var s = 0; s < spans.length; s++) {
              var cells = Math.round(parseFloat(spans[s].style.width) / cw);
              if (k[0] < x + cells) { if (cells === 1) { cursorAt = spans[s]; cursorAt.classList.add('cursor'); } break; }
              x += cells;
            }
          }
        }

        function clock(ms) {
          var s = Math.floor(ms / 1000), m = Math.floor(s / 60);
          return m + ':' + String(s % 60).padStart(2, '0') + '.' + Math.floor(ms % 1000 / 100);
        }

        function field(dl, name, value) {
          if (value === undefined || value === null || value === '') return;
          dl.appendChild(el('dt', null, name));
          dl.appendChild(el('dd', null, value));
        }
        function showExchange(index) {
          var box = $('exchange');
          box.textContent = '';
          if (index < 0) { box.dataset.entry = ''; box.appendChild(el('p', null, 'No call yet.')); return; }
          var x = data.exchanges[index];
          box.dataset.entry = x.entry;
          box.appendChild(el('div', 'title', x.title));
          var dl = el('dl');
          var outcome = el('dd', x.ok ? 'ok' : 'failed', x.outcome);
          dl.appendChild(el('dt', null, 'answer'));
          dl.appendChild(outcome);
          field(dl, 'error code', x.code);
          field(dl, 'error', x.label);
          field(dl, 'rule', x.rule);
          field(dl, 'branch', x.branch);
          field(dl, 'system', x.system);
          field(dl, 'step', x.step);
          field(dl, 'session', x.session);
          field(dl, 'took', x.ms === undefined ? null : x.ms + ' ms');
          field(dl, 'at', clock(x.t) + (x.sim ? ' · simulated ' + x.sim : ''));
          box.appendChild(dl);
          if (x.request !== undefined) { box.appendChild(el('h3', null, 'Request')); box.appendChild(el('pre', 'request', JSON.stringify(x.request, null, 2))); }
          box.appendChild(el('h3', null, x.kind === 'event' ? 'Event' : 'Answer'));
          box.appendChild(el('pre', 'answer', JSON.stringify(x.answer, null, 2)));
        }
        function firstFrameOf(exchange) {
          var entry = data.exchanges[exchange].entry;
          for (var i = 0; i < frames.length; i++) if (frames[i].e >= entry) return i;
          return frames.length - 1;
        }
        var stepList = $('step-exchanges'), listedStep = null;
        function showStepExchanges(stepLabel, now) {
          if (stepLabel !== listedStep) {
            listedStep = stepLabel;
            stepList.textContent = '';
            data.exchanges.forEach(function (x, i) {
              if (x.step !== stepLabel) return;
              var li = el('li', null, x.title + ' → ' + x.outcome);
              li.dataset.x = i;
              li.addEventListener('click', function () { pause(); show(firstFrameOf(i)); });
              stepList.appendChild(li);
            });
          }
          Array.prototype.forEach.call(stepList.children, function (li) { li.classList.toggle('now', Number(li.dataset.x) === now); });
        }

        // The sequence diagram, drawn once; the exchange shown is lit.
        var seqLines = [];
        (function drawSequence() {
          var grid = el('div', 'seq');
          ['App', 'SDK', 'Backend'].forEach(function (p) { grid.appendChild(el('div', 'party', p)); });
          data.sequence.forEach(function (line) {
            var node;
            if (line.note) {
              node = el('div', 'note', line.text);
            } else {
              var left = Math.min(line.from, line.to), right = Math.max(line.from, line.to);
              var arrow = line.from < line.to ? line.text + ' ▶' : '◀ ' + line.text;
              node = el('div', 'msg ' + line.arrow, arrow);
              node.style.gridColumn = (left + 1) + ' / ' + (right + 2);
              node.title = ['App', 'SDK', 'Backend'][line.from] + ' → ' + ['App', 'SDK', 'Backend'][line.to];
            }
            if (line.x !== undefined) {
              node.dataset.x = line.x;
              node.addEventListener('click', function () { pause(); show(firstFrameOf(line.x)); });
              seqLines.push(node);
            }
            grid.appendChild(node);
          });
          $('sequence').appendChild(grid);
        })();
        function lightSequence(now) {
          var first = null, box = $('sequence');
          seqLines.forEach(function (n) {
            var on = Number(n.dataset.x) === now;
            n.classList.toggle('now', on);
            if (on && !first) first = n;
          });
          if (first) {
            var top = first.offsetTop - box.clientHeight / 3;
            if (first.offsetTop < box.scrollTop || first.offsetTop > box.scrollTop + box.clientHeight - 20) box.scrollTop = Math.max(0, top);
          }
        }

        var timeline = $('timeline'), playing = false, timer = null;
        timeline.max = String(frames.length - 1);
        function show(index) {
          index = Math.max(0, Math.min(frames.length - 1, index));
          paint(index);
          shown = index;
          var frame = frames[index];
          var label = frame.s >= 0 ? data.steps[frame.s] : 'start';
          $('step').textContent = label;
          $('caption-text').textContent = (frame.s >= 0 && Object.prototype.hasOwnProperty.call(data.captions, label)) ? data.captions[label] : '';
          timeline.value = String(index);
          $('position').textContent = (index + 1) + ' / ' + frames.length + ' · ' + clock(frame.t);
          showExchange(frame.c);
          showStepExchanges(frame.s >= 0 ? label : null, frame.c);
          lightSequence(frame.c);
          document.body.dataset.frame = String(index);
          if (!playing) { try { history.replaceState(null, '', '#frame=' + (index + 1)); } catch (e) { /* an opaque origin */ } }
        }
        function schedule() {
          clearTimeout(timer);
          if (!playing) return;
          if (shown >= frames.length - 1) { pause(); return; }
          var gap = Math.min(frames[shown + 1].t - frames[shown].t, 2000) / Number($('speed').value);
          timer = setTimeout(function () { show(shown + 1); schedule(); }, Math.max(16, gap));
        }
        function play() {
          if (shown >= frames.length - 1) show(0);
          playing = true;
          document.body.dataset.playing = '1';
          $('play').textContent = 'Pause';
          schedule();
        }
        function pause() {
          playing = false;
          clearTimeout(timer);
          document.body.dataset.playing = '0';
          $('play').textContent = 'Play';
          try { history.replaceState(null, '', '#frame=' + (shown + 1)); } catch (e) { /* an opaque origin */ }
        }
        function toggle() { if (playing) pause(); else play(); }
        function step(by) { pause(); show(shown + by); }

        $('play').addEventListener('click', toggle);
        $('back').addEventListener('click', function () { step(-1); });
        $('forward').addEventListener('click', function () { step(1); });
        $('first').addEventListener('click', function () { pause(); show(0); });
        $('last').addEventListener('click', function () { pause(); show(frames.length - 1); });
        timeline.addEventListener('input', function () { pause(); show(Number(timeline.value)); });
        $('speed').addEventListener('change', function () { schedule(); });
        // Buttons keep no focus, so Space means play and pause, not "press the button again".
        Array.prototype.forEach.call(document.querySelectorAll('#controls button'), function (b) {
          b.addEventListener('mousedown', function (e) { e.preventDefault(); });
        });
        document.addEventListener('keydown', function (e) {
          if (e.altKey || e.ctrlKey || e.metaKey) return;
          var tag = e.target && e.target.tagName;
          if (tag === 'SELECT' || (tag === 'INPUT' && e.key !== ' ')) return;
          switch (e.key) {
            case ' ': toggle(); break;
            case 'ArrowLeft': step(-1); break;
            case 'ArrowRight': step(1); break;
            case 'Home': pause(); show(0); break;
            case 'End': pause(); show(frames.length - 1); break;
            default: return;
          }
          e.preventDefault();
        });
        function fromHash() {
          var m = /^#frame=(\d+)$/.exec(location.hash);
          return m ? Number(m[1]) - 1 : 0;
        }
        window.addEventListener('hashchange', function () { if (!playing) show(fromHash()); });

        measure();
        document.body.dataset.frames = String(frames.length);
        document.body.dataset.playing = '0';
        show(fromHash());
        document.body.dataset.ready = '1';
        })();
        """#
}
