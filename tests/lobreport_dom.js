// lobreport_dom.js -- checks lobreport's page as Chromium lays it out.
//
// tests/lobreport_page.sh loads a copy of the page with this script added at
// the end of its body (the page itself has no script) and reads the result
// from the dumped DOM: a <pre id="dom-check"> with a line "FAIL: ..." per
// defect and a last line "checked: ...".  What is checked, on the rendered
// geometry (getBBox), not on the HTML text:
//
//   - every chart and every panel of the calibration plot draws at least one
//     series, and no panel says "no value above 0";
//   - every drawn series is named, and its name is in its chart's legend,
//     which lies inside the chart (nothing cut off);
//   - every legend entry names a drawn series;
//   - every chart labels each run of the runs table that ran its section's
//     workload or script (the table's workloads column), and no other, in
//     the table's order, no two runs alike;
//   - no heading without a chart or line under it: every h3 of a section is
//     followed by a figure or a paragraph, every section shows more than its
//     title, every folded part more than its summary;
//   - every step is labelled;
//   - every Oracle run has a label and a file in the runs table.
//
// Then each check is shown to work: the page is broken in one place at a
// time (a legend entry removed, a series unnamed, a chart emptied, ...),
// checked again, and mended; a break that goes unseen is a failure too.
(function () {
    "use strict";
    const drawn = (g) => {
        for (const m of g.querySelectorAll("circle, path, polyline")) {
            const b = m.getBBox();
            if (b.width > 0 || b.height > 0)
                return true;
        }
        return false;
    };
    const inside = (el, svg) => {
        const b = el.getBBox();
        const w = svg.viewBox.baseVal.width, h = svg.viewBox.baseVal.height;
        const t = el.transform && el.transform.baseVal.consolidate();
        const dx = t ? t.matrix.e : 0, dy = t ? t.matrix.f : 0;
        return b.x + dx >= -1 && b.y + dy >= -1 && b.x + dx + b.width <= w + 1 &&
               b.y + dy + b.height <= h + 1;
    };

    // Every defect of the page as it stands, and what was looked at.
    function check() {
        const fails = [];
        const fail = (msg) => fails.push(msg);
        const count = {charts: 0, series: 0, steps: 0, panels: 0, runs: 0};

        // The runs table: its x labels in order; Oracle's label and file.
        const rows = [...document.querySelectorAll("table.runs tbody tr")];
        const labels = rows.map((r) => r.querySelector("td.label").textContent.trim());
        // Each run's workloads, as the table's fifth column names them.
        const ranOf = rows.map((r) => r.querySelectorAll("td")[4].textContent.split(",")
                                           .map((w) => w.trim()));
        count.runs = rows.length;
        if (!rows.length)
            fail("no runs table");
        if (new Set(labels).size !== labels.length)
            fail("two runs share an x label in the runs table: " + labels.join(" | "));
        for (const r of rows) {
            const cells = r.querySelectorAll("td");
            if (cells[1].textContent.trim() !== "oracle")
                continue;
            const subject = r.querySelector("td.subject"), file = r.querySelector("td.file");
            const lab = subject ? subject.textContent.trim() : "";
            const fil = file ? file.textContent.trim() : "";
            if (!lab || lab === "-" || !fil || fil === "-")
                fail(`Oracle run ${labels[rows.indexOf(r)]}: label '${lab}', file '${fil}'`);
        }

        // The charts across runs.
        const charts = [...document.querySelectorAll("svg.history")];
        count.charts = charts.length;
        if (!charts.length)
            fail("no charts across runs");
        for (const svg of charts) {
            const id = svg.id || "(a chart without id)";
            const legend = [...svg.querySelectorAll("g.legend-entry")];
            const names = legend.map((e) => e.querySelector("text").textContent);
            for (const e of legend)
                if (!inside(e, svg))
                    fail(`${id}: legend entry '${e.textContent}' lies outside the chart`);
            const series = [...svg.querySelectorAll("g.series")].filter(drawn);
            if (!series.length)
                fail(`${id}: an empty chart (no series drawn)`);
            for (const s of series) {
                const name = s.getAttribute("data-name") || "";
                count.series++;
                if (!name.trim())
                    fail(`${id}: a series without a name`);
                else if (!names.includes(name))
                    fail(`${id}: series '${name}' is not in the legend`);
            }
            const drawnNames = series.map((s) => s.getAttribute("data-name"));
            for (const n of names)
                if (!drawnNames.includes(n))
                    fail(`${id}: the legend names '${n}', which is not drawn`);
            const ticks = [...svg.querySelectorAll("text.xlabel")].map((t) => t.textContent);
            const sec = svg.closest("section.group, section.script");
            const wl = sec ? sec.getAttribute("data-workload") : null;
            const want = labels.filter((l, i) => wl !== null && ranOf[i].includes(wl));
            if (ticks.join("\n") !== want.join("\n"))
                fail(`${id}: x labels '${ticks.join(" | ")}', the runs of workload '${wl}' ` +
                     `'${want.join(" | ")}'`);
            for (const st of svg.querySelectorAll("g.step")) {
                count.steps++;
                const t = st.querySelector("text"), title = st.querySelector("title");
                if (!t || !t.textContent.trim() || !title || !title.textContent.trim())
                    fail(`${id}: a step without a label`);
            }
        }

        // Headings with something under them.
        for (const sec of document.querySelectorAll("section.group, section.script")) {
            const sid = sec.id || "(a section without id)";
            const body = [...sec.children].filter((e) => !/^H2$/.test(e.tagName) &&
                                                         !e.classList.contains("constants"));
            if (!body.length)
                fail(`${sid}: a section with nothing under its title`);
            for (const h of sec.querySelectorAll("h3")) {
                const next = h.nextElementSibling;
                if (!next || !/^(FIGURE|P|TABLE|UL)$/.test(next.tagName))
                    fail(`${sid}: heading '${h.textContent}' with nothing under it`);
            }
            for (const d of sec.querySelectorAll("details"))
                if (!d.querySelector("figure, p, table"))
                    fail(`${sid}: '${d.querySelector("summary").textContent}' folds nothing`);
        }

        // The calibration plot (plot.c's panels): a drawn series in each,
        // named in the figure's legend as "path name".
        for (const svg of document.querySelectorAll("figure.calibration-plot svg")) {
            const legend = [...svg.querySelectorAll("g.legend text")].map((t) => t.textContent);
            for (const p of svg.querySelectorAll("g.panel")) {
                count.panels++;
                const stat = p.getAttribute("data-statistic");
                const series = [...p.querySelectorAll("g.series")].filter(drawn);
                if (!series.length)
                    fail(`calibration panel '${stat}': no series drawn`);
                for (const s of series) {
                    const name = (s.getAttribute("data-path") || "") + " " +
                                 (s.getAttribute("data-name") || "");
                    if (!s.getAttribute("data-name") || !legend.includes(name))
                        fail(`calibration panel '${stat}': series '${name}' is not in the legend`);
                }
            }
        }
        for (const t of document.querySelectorAll("svg text"))
            if (t.textContent.includes("no value above 0"))
                fail("a panel says 'no value above 0'");
        return {fails, count};
    }

    const result = check();
    const out = result.fails.map((f) => "FAIL: " + f);

    // Each check, broken once: [what is broken, a word of the failure it
    // must cause, break (returns the mend)].
    const first = (sel) => document.querySelector(sel);
    const rowsOf = () => [...document.querySelectorAll("table.runs tbody tr")];
    const labels = () => rowsOf().map((r) => r.querySelector("td.label").textContent.trim());
    const ranOf = () => rowsOf().map((r) => r.querySelectorAll("td")[4].textContent.split(",")
                                                .map((w) => w.trim()));
    const breaks = [
        ["a legend entry removed", "is not in the legend", () => {
            const e = first("svg.history g.legend-entry"), p = e.parentNode, n = e.nextSibling;
            e.remove();
            return () => p.insertBefore(e, n);
        }],
        ["a legend entry pushed out of its chart", "lies outside the chart", () => {
            const e = first("svg.history g.legend-entry");
            e.setAttribute("transform", "translate(2000 0)");
            return () => e.removeAttribute("transform");
        }],
        ["a series unnamed", "a series without a name", () => {
            const s = first("svg.history g.series"), n = s.getAttribute("data-name");
            s.setAttribute("data-name", "");
            return () => s.setAttribute("data-name", n);
        }],
        ["a chart emptied", "an empty chart", () => {
            const svg = first("svg.history");
            const gone = [...svg.querySelectorAll("g.series")].map((s) => [s, s.parentNode, s.nextSibling]);
            gone.forEach(([s]) => s.remove());
            return () => gone.reverse().forEach(([s, p, n]) => p.insertBefore(s, n));
        }],
        ["two runs with one x label", "x labels", () => {
            const t = [...first("svg.history").querySelectorAll("text.xlabel")], old = t[1].textContent;
            t[1].textContent = t[0].textContent;
            return () => { t[1].textContent = old; };
        }],
        ["a run of another workload on a chart's axis", "the runs of workload", () => {
            const svg = first("svg.history");
            const wl = svg.closest("section.group, section.script").getAttribute("data-workload");
            const other = labels().find((l, i) => !ranOf()[i].includes(wl));
            const t = svg.querySelector("text.xlabel").cloneNode(true);
            t.textContent = other;
            svg.appendChild(t);
            return () => t.remove();
        }],
        ["a heading without a chart under it", "with nothing under it", () => {
            const h = document.createElement("h3");
            h.textContent = "Time (an empty heading)";
            const sec = first("section.group");
            sec.insertBefore(h, sec.querySelector("h3"));
            return () => h.remove();
        }],
        ["a step's label blanked", "a step without a label", () => {
            const t = first("svg.history g.step text"), old = t.textContent;
            t.textContent = "";
            return () => { t.textContent = old; };
        }],
        ["an Oracle run's label blanked", "Oracle run", () => {
            const rows = [...document.querySelectorAll("table.runs tbody tr")];
            const td = rows.find((r) => r.querySelectorAll("td")[1].textContent.trim() === "oracle")
                           .querySelector("td.subject");
            const old = td.textContent;
            td.textContent = "-";
            return () => { td.textContent = old; };
        }],
        ["a calibration panel emptied", "no series drawn", () => {
            const p = first("figure.calibration-plot g.panel");
            const gone = [...p.querySelectorAll("g.series")].map((s) => [s, s.parentNode, s.nextSibling]);
            gone.forEach(([s]) => s.remove());
            return () => gone.reverse().forEach(([s, q, n]) => q.insertBefore(s, n));
        }],
        ["a panel saying 'no value above 0'", "no value above 0", () => {
            const t = document.createElementNS("http://www.w3.org/2000/svg", "text");
            t.textContent = "no value above 0";
            first("svg.history").appendChild(t);
            return () => t.remove();
        }],
    ];
    for (const [what, word, brk] of breaks) {
        let mend = null;
        try {
            mend = brk();
        } catch (e) {
            out.push(`FAIL: self-test: cannot break ${what} (${e})`);
            continue;
        }
        if (!check().fails.some((f) => f.includes(word)))
            out.push(`FAIL: self-test: ${what} went unseen`);
        mend();
    }
    if (check().fails.length !== result.fails.length)
        out.push("FAIL: self-test: the page is not as it was after mending");

    const c = result.count;
    out.push(`checked: ${c.charts} charts, ${c.series} series, ${c.steps} steps, ` +
             `${c.panels} calibration panels, ${c.runs} runs; ${breaks.length} breaks tried`);
    const pre = document.createElement("pre");
    pre.id = "dom-check";
    pre.textContent = out.join("\n");
    document.body.appendChild(pre);
})();
