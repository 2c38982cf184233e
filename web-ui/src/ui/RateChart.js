// Live rate chart of one node, hand-drawn in SVG: measured rate (solid), target allocation
// (dashed), drops (thin), with the configured guarantee and peak as labelled reference lines.
import { html } from './html.js';
import { formatRate } from '../lib/rates.js';
import { niceMax } from '../lib/series.js';

const W = 440;
const H = 200;
const PAD = { l: 70, r: 8, t: 10, b: 24 };

function path(samples, key, x, y) {
  let d = '';
  let pen = false;
  for (const s of samples) {
    const v = s[key];
    if (v === null || v === undefined || !Number.isFinite(v)) {
      pen = false;
      continue;
    }
    d += `${pen ? 'L' : 'M'}${x(s.t).toFixed(1)},${y(v).toFixed(1)}`;
    pen = true;
  }
  return d;
}

export function RateChart({ samples, windowMs, now, guaranteedBps, peakBps, title, guaranteeLabel = 'guaranteed' }) {
  const end = now || (samples.length ? samples[samples.length - 1].t : Date.now());
  const start = end - windowMs;
  const inView = samples.filter((s) => s.t >= start);
  const refs = [guaranteedBps, Number.isFinite(peakBps) ? peakBps : 0];
  const top = niceMax(Math.max(1, ...refs, ...inView.map((s) => Math.max(s.measuredBps || 0, s.targetBps || 0, s.dropBps || 0))));
  const x = (t) => PAD.l + ((t - start) / windowMs) * (W - PAD.l - PAD.r);
  const y = (v) => H - PAD.b - (Math.min(v, top) / top) * (H - PAD.t - PAD.b);
  const ticksY = [0, 0.25, 0.5, 0.75, 1].map((f) => f * top);
  const minutes = Math.round(windowMs / 60000);
  // About five time ticks whatever the window: 15 s steps for 1 min, 1 min for 5, 2 min for 10.
  const stepMs = windowMs <= 60000 ? 15000 : Math.max(60000, Math.round(windowMs / 5 / 60000) * 60000);
  const ticksX = Array.from({ length: Math.floor(windowMs / stepMs) + 1 }, (_, i) => start + i * stepMs);
  const ago = (t) => {
    const s = Math.round((end - t) / 1000);
    return s >= 60 && s % 60 === 0 ? `-${s / 60} min` : `-${s} s`;
  };
  const last = inView[inView.length - 1];

  return html`
    <figure class="chart">
      <figcaption>
        ${title}
        <span class="legend"><svg width="24" height="8" aria-hidden="true"><line x1="0" y1="4" x2="24" y2="4" class="ln-measured" /></svg> measured ${last ? formatRate(last.measuredBps) : '–'}</span>
        <span class="legend"><svg width="24" height="8" aria-hidden="true"><line x1="0" y1="4" x2="24" y2="4" class="ln-target" /></svg> target ${last ? formatRate(last.targetBps) : '–'}</span>
        <span class="legend"><svg width="24" height="8" aria-hidden="true"><line x1="0" y1="4" x2="24" y2="4" class="ln-drop" /></svg> dropped ${last ? formatRate(last.dropBps) : '–'}</span>
      </figcaption>
      <svg viewBox=${`0 0 ${W} ${H}`} role="img"
           aria-label=${`${title}: last ${minutes} minutes, measured ${last ? formatRate(last.measuredBps) : 'no data'}, target ${last ? formatRate(last.targetBps) : 'no data'}`}>
        ${ticksY.map((v) => html`
          <line class="grid" x1=${PAD.l} x2=${W - PAD.r} y1=${y(v)} y2=${y(v)} />
          <text class="axis" x=${PAD.l - 6} y=${y(v) + 4} text-anchor="end">${formatRate(v)}</text>`)}
        ${ticksX.map((t, i) => html`
          <text class="axis" x=${x(t)} y=${H - 8} text-anchor=${i === 0 ? 'start' : (i === ticksX.length - 1 ? 'end' : 'middle')}>
            ${i === ticksX.length - 1 ? 'now' : ago(t)}
          </text>`)}
        ${guaranteedBps > 0 ? html`
          <line class="ref" x1=${PAD.l} x2=${W - PAD.r} y1=${y(guaranteedBps)} y2=${y(guaranteedBps)} />
          <text class="ref-label" x=${W - PAD.r - 4} y=${Math.max(y(guaranteedBps) - 4, PAD.t + 9)} text-anchor="end">${guaranteeLabel} ${formatRate(guaranteedBps)}</text>` : null}
        ${Number.isFinite(peakBps) && peakBps > 0 ? html`
          <line class="ref" x1=${PAD.l} x2=${W - PAD.r} y1=${y(peakBps)} y2=${y(peakBps)} />
          <text class="ref-label" x=${W - PAD.r - 4} y=${Math.max(y(peakBps) - 4, PAD.t + 9)} text-anchor="end">peak ${formatRate(peakBps)}</text>` : null}
        <path class="ln-drop" d=${path(inView, 'dropBps', x, y)} />
        <path class="ln-target" d=${path(inView, 'targetBps', x, y)} />
        <path class="ln-measured" d=${path(inView, 'measuredBps', x, y)} />
        ${inView.length === 0 ? html`<text class="axis" x=${W / 2} y=${H / 2} text-anchor="middle">no samples yet</text>` : null}
      </svg>
    </figure>`;
}

/** Port utilisation: measured rate against capacity, with the sum of guarantees marked. */
export function UtilisationBar({ state, tree }) {
  const cap = state?.capacityBps ?? null;
  const measured = state?.measuredBps ?? null;
  const gsum = state?.guaranteedSumBps ?? null;
  const headroom = tree ? (typeof tree.eta === 'number' ? tree.eta : 0.95) : null; // 0.95: the format's default eta
  const pct = (v) => (cap && v !== null ? Math.min(100, (100 * v) / cap) : 0);
  return html`
    <div class="util" aria-label="port utilisation">
      <div class="util-text">
        <strong>Port load:</strong> ${[
          `measured ${formatRate(measured)} of ${formatRate(cap)}${cap && measured !== null ? ` (${(100 * measured / cap).toFixed(1)} %)` : ''}`,
          `guarantees ${formatRate(gsum)}${cap && gsum !== null ? ` (${(100 * gsum / cap).toFixed(1)} % of capacity)` : ''}`,
          headroom !== null ? `headroom ${headroom}` : null,
        ].filter(Boolean).join(' · ')}
      </div>
      <div class="util-bar" role="meter" aria-valuemin="0" aria-valuemax=${cap || 0} aria-valuenow=${measured || 0}
           aria-valuetext=${`${formatRate(measured)} of ${formatRate(cap)}`}>
        <div class="util-fill" style=${`width:${pct(measured)}%`}></div>
        ${gsum !== null ? html`<div class=${`util-mark${pct(gsum) > 85 ? ' util-mark-end' : ''}`} style=${`left:${pct(gsum)}%`} title="sum of guarantees"><span>guarantees</span></div>` : null}
        ${headroom !== null ? html`<div class=${`util-mark util-mark-cap${headroom > 0.85 ? ' util-mark-end' : ''}`} style=${`left:${Math.min(100, headroom * 100)}%`} title="allocatable (headroom × capacity)"><span>allocatable</span></div>` : null}
      </div>
    </div>`;
}
