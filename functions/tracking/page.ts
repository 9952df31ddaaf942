import { createHash } from 'node:crypto';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { labelPlace, MAP_FRAME, projectOnMap, scaleBar, type MapPoint } from '../core/map-frame.ts';
import type { TimelineEntry, TrackingView } from '../core/tracking.ts';
import { LANGUAGES, type Messages } from './messages.ts';

/**
 * The tracking page's HTML, rendered whole on the server: it paints with no script, and its script
 * (under 1 KB) only refreshes it, fetching the same address every 15 s and swapping the parts that
 * changed (`data-part`). Styles and script are inline and pinned by hash in the CSP; the map is
 * inline SVG: the page asks nothing of any other host.
 */

/** Deliveries are in India: times are shown in IST. */
const TIME_ZONE = 'Asia/Kolkata';
const REFRESH_MS = 15_000;

const STYLE = `:root{--ink:#17202a;--muted:#46505c;--accent:#0b5cad;--line:#d3dae2;--soft:#f2f5f8}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Devanagari",sans-serif;color:var(--ink);background:#fff}
header,main,footer{max-width:60rem;margin:0 auto;padding:0 1rem}
header{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center;gap:.25rem 1rem;padding-block:.75rem;border-bottom:1px solid var(--line)}
header p{margin:0;font-weight:600;overflow-wrap:anywhere}
nav ul{display:flex;gap:.25rem;margin:0;padding:0;list-style:none}
nav a{display:inline-block;padding:.5rem .75rem;color:var(--accent);border-radius:.375rem}
nav a[aria-current]{color:var(--ink);background:var(--soft);text-decoration:none}
h1{font-size:1.5rem;line-height:1.3;margin:1.25rem 0 .25rem}
h2{font-size:1.0625rem;margin:1.5rem 0 .5rem}
.next{margin:0 0 1rem;color:var(--muted);font-size:1.0625rem}
.sandbox{margin:1rem 0 0;padding:.5rem .75rem;background:#fff5d6;border:1px solid #c99a1a;border-radius:.375rem}
.pay{margin:0 0 1rem;padding:.75rem;font-size:1.25rem;font-weight:700;border:2px solid var(--accent);border-radius:.5rem}
.code{margin:0;padding:.75rem;font-size:2.25rem;font-weight:700;letter-spacing:.35em;text-align:center;border:2px solid var(--accent);border-radius:.5rem;background:var(--soft)}
[data-part]:empty{display:none}
svg{display:block;width:100%;height:auto;border:1px solid var(--line);border-radius:.5rem}
.map{margin-top:1.5rem}
.drop{margin:.5rem 0 0;overflow-wrap:anywhere}
ol{margin:0;padding:0;list-style:none}
ol li{display:flex;justify-content:space-between;gap:1rem;padding:.375rem 0 .375rem 1.5rem;position:relative}
ol li::before{content:"";position:absolute;left:.25rem;top:.8rem;width:.625rem;height:.625rem;border-radius:50%;background:var(--accent)}
ol li.upcoming{color:var(--muted)}
ol li.upcoming::before{background:#fff;border:2px solid var(--muted)}
ol li[aria-current]{font-weight:700}
time{color:var(--muted);white-space:nowrap}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
footer{margin-top:2rem;padding-block:1rem;border-top:1px solid var(--line);color:var(--muted);font-size:.875rem}
footer p{margin:0}
@media (min-width:48rem){main{display:grid;grid-template-columns:1fr 1fr;column-gap:2.5rem;align-items:start}.status{grid-column:1/-1}}`;

// Refreshes while the delivery is live (main[data-live]) and the tab is seen; a hidden tab waits, and
// catches up as soon as it is shown again. An ended delivery's page stops asking.
const SCRIPT = `(()=>{const parts=document.querySelectorAll('[data-part]'),main=document.querySelector('main'),updated=document.querySelector('[data-part=updated]');let timer;
const schedule=()=>{clearTimeout(timer);if(main.dataset.live==='true'&&!document.hidden)timer=setTimeout(refresh,${REFRESH_MS})};
const refresh=async()=>{try{const r=await fetch(location.href,{cache:'no-store',headers:{Accept:'text/html'}});
if(r.status===404){location.reload();return}if(!r.ok)throw new Error(r.status);
const next=new DOMParser().parseFromString(await r.text(),'text/html');
for(const part of parts){const fresh=next.querySelector('[data-part="'+part.dataset.part+'"]');if(fresh&&fresh.innerHTML!==part.innerHTML)part.innerHTML=fresh.innerHTML}
main.dataset.live=next.querySelector('main')?.dataset.live??'false'}catch{updated.textContent=updated.dataset.offline}schedule()};
document.addEventListener('visibilitychange',()=>{if(document.hidden)clearTimeout(timer);else if(main.dataset.live==='true')refresh()});schedule()})();`;

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** What the page may load: its own inline style and script (by hash), and fetches of itself; nothing else, from nowhere else. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `style-src ${hash(STYLE)}`,
  `script-src ${hash(SCRIPT)}`,
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function formatTime(iso: string, m: Messages, now: Date, seconds = false): string {
  const sameDay = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: TIME_ZONE });
  const at = new Date(iso);
  return new Intl.DateTimeFormat(m.locale, {
    timeZone: TIME_ZONE,
    hour: 'numeric',
    minute: '2-digit',
    ...(seconds && { second: '2-digit' }),
    ...(sameDay(at) !== sameDay(now) && { day: 'numeric', month: 'short' }),
  }).format(at);
}

/** "1.2 km" from a kilometre on, else metres to the nearest 10 ("350 m"), in the page's language. */
export function formatDistance(meters: number, m: Messages): string {
  if (meters >= 1000) return m.kilometres(new Intl.NumberFormat(m.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(meters / 1000));
  return m.metres(new Intl.NumberFormat(m.locale).format(Math.max(10, Math.round(meters / 10) * 10)));
}

/** Paise as rupees in the page's language: "₹850", "₹1,00,000", "₹850.50" (paise only when there are some). */
export function formatRupees(amountMinor: number, m: Messages): string {
  const paise = amountMinor % 100 === 0 ? 0 : 2;
  return new Intl.NumberFormat(m.locale, { style: 'currency', currency: 'INR', minimumFractionDigits: paise, maximumFractionDigits: 2 }).format(
    amountMinor / 100,
  );
}

// What happens next, in a sentence.
function nextLine(view: TrackingView, m: Messages, now: Date): string {
  const distance = view.riderMeters === null ? null : formatDistance(view.riderMeters, m);
  switch (view.phase) {
    case 'finding_rider':
      return m.findingRiderNext;
    case 'to_store':
      return distance === null ? m.riderOnWayToStore : m.riderFromStore(distance);
    case 'on_the_way':
    case 'trying_again':
      return distance === null ? m.riderBringing : m.riderAway(distance);
    case 'attempt_failed':
      return m.attemptNext(view.storeName);
    case 'arrived':
      return view.payment?.paid === false ? m.payThenGiveCode : m.giveCode;
    case 'delivered':
      return m.deliveredAt(formatTime(view.endedAt!, m, now));
    case 'cancelled':
      return m.cancelledNext(view.storeName);
    case 'failed':
      return m.failedNext(view.storeName);
    case 'returning':
    case 'returned':
      return view.returnReason === 'recalled' ? m.recalledNext(view.storeName) : m.failedNext(view.storeName);
  }
}

// The headline: the phase, or while the store decides after a failed attempt, what happened at the door.
const headline = (view: TrackingView, m: Messages) => (view.phase === 'attempt_failed' ? m.attempted[view.attemptReason!] : m.phase[view.phase]);

/** The map: the store, the drop and the rider on an equirectangular projection, with a scale bar. */
export function mapSvg(view: TrackingView, m: Messages): string {
  const { at, scale } = projectOnMap([view.pickup, view.drop, ...(view.rider ? [view.rider] : [])]);
  // A label above its marker, kept inside the map; a halo in the map's colour keeps it readable over the route.
  const label = (point: MapPoint, text: string) => {
    const place = labelPlace(point);
    return `<text x="${place.x}" y="${place.y}" text-anchor="${place.anchor}" stroke="#e8eef4" stroke-width="4">${escapeHtml(text)}</text>`;
  };
  const store = at(view.pickup);
  const drop = at(view.drop);
  const shapes = [
    `<line x1="${store.x}" y1="${store.y}" x2="${drop.x}" y2="${drop.y}" stroke="#5f6b7a" stroke-width="3" stroke-dasharray="6 5" stroke-linecap="round"/>`,
    `<rect x="${store.x - 7}" y="${store.y - 7}" width="14" height="14" rx="2" fill="#7a4a00" stroke="#fff" stroke-width="2"/>`,
    label(store, m.mapLegend.store),
    `<circle cx="${drop.x}" cy="${drop.y}" r="8" fill="#b3261e" stroke="#fff" stroke-width="2"/>`,
    label(drop, m.mapLegend.you),
  ];
  if (view.rider) {
    const rider = at(view.rider);
    shapes.push(`<circle cx="${rider.x}" cy="${rider.y}" r="9" fill="#0b5cad" stroke="#fff" stroke-width="3"/>`, label(rider, m.mapLegend.rider));
  }
  const bar = scaleBar(scale);
  shapes.push(
    `<path d="M${bar.x} ${bar.y - 5}V${bar.y}H${bar.x + bar.px}V${bar.y - 5}" fill="none" stroke="#17202a" stroke-width="2"/>`,
    `<text x="${bar.x + bar.px + 6}" y="${bar.y}">${escapeHtml(formatDistance(bar.meters, m))}</text>`,
  );
  return (
    `<svg viewBox="0 0 ${MAP_FRAME.width} ${MAP_FRAME.height}" role="img" aria-labelledby="map-title" font-size="12" fill="#17202a">` +
    `<title id="map-title">${escapeHtml(m.map)}</title><rect width="${MAP_FRAME.width}" height="${MAP_FRAME.height}" fill="#e8eef4"/>` +
    `<g paint-order="stroke" stroke-linejoin="round">${shapes.join('')}</g></svg>`
  );
}

function timelineItem(entry: TimelineEntry, m: Messages, now: Date): string {
  // A step with no time is to come ("not yet"), or now with no time of its own (trying again): then nothing.
  const when =
    entry.at !== null
      ? `<time datetime="${entry.at}">${escapeHtml(formatTime(entry.at, m, now))}</time>`
      : entry.state === 'upcoming'
        ? `<span class="vh">${escapeHtml(m.notYet)}</span>`
        : '';
  const text = entry.step === 'attempted' ? m.attempted[entry.reason!] : m.steps[entry.step];
  return `<li class="${entry.state}"${entry.state === 'current' ? ' aria-current="step"' : ''}><span>${escapeHtml(text)}</span>${when}</li>`;
}

// The shell every page shares: language, the title (also the header's, beside the language switch),
// body, footer; the refresh script on a tracking page, with `live` saying whether it still has anything to wait for.
function shell(m: Messages, title: string, body: string, footer: string, live: boolean | null): string {
  const languages = LANGUAGES.map(
    (language) =>
      `<li><a href="?lang=${language.lang}" lang="${language.lang}" hreflang="${language.lang}"${language === m ? ' aria-current="true"' : ''}>${escapeHtml(language.name)}</a></li>`,
  ).join('');
  return (
    `<!doctype html><html lang="${m.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>` +
    `<body><header><p>${escapeHtml(title)}</p><nav aria-label="${escapeHtml(m.language)}"><ul>${languages}</ul></nav></header>` +
    `<main${live === null ? '' : ` data-live="${live}"`}>${body}</main><footer>${footer}</footer>${live === null ? '' : `<script>${SCRIPT}</script>`}</body></html>`
  );
}

/** The tracking page of a job, in one language, as of `now`. */
export function trackingPage(view: TrackingView, m: Messages, now: Date): string {
  const code =
    view.deliveryCode === null
      ? ''
      : `<h2>${escapeHtml(m.deliveryCode)}</h2><p class="code">${escapeHtml(view.deliveryCode)}</p><p>${escapeHtml(m.codeHint)}</p>`;
  // Cash on delivery: the amount to pay at the door (never the store's charge), then that it was paid.
  const payment =
    view.payment === null ? '' : `<p class="pay">${escapeHtml((view.payment.paid ? m.paid : m.payOnDelivery)(formatRupees(view.payment.amountMinor, m)))}</p>`;
  const body =
    `<section class="status">${view.sandbox ? `<p class="sandbox">${escapeHtml(m.sandbox)}</p>` : ''}` +
    `<h1 data-part="status" aria-live="polite">${escapeHtml(headline(view, m))}</h1>` +
    `<p class="next" data-part="next">${escapeHtml(nextLine(view, m, now))}</p></section>` +
    `<div><section data-part="payment">${payment}</section><section data-part="code">${code}</section>` +
    `<section aria-labelledby="progress"><h2 id="progress">${escapeHtml(m.progress)}</h2><ol data-part="timeline">${view.timeline.map((entry) => timelineItem(entry, m, now)).join('')}</ol></section></div>` +
    `<section class="map" aria-label="${escapeHtml(m.map)}"><div data-part="map">${mapSvg(view, m)}</div>` +
    `${view.dropArea === null ? '' : `<p class="drop"><strong>${escapeHtml(m.deliveringTo)}:</strong> ${escapeHtml(view.dropArea)}</p>`}</section>`;
  const footer = `<p data-part="updated" data-offline="${escapeHtml(m.offline)}">${escapeHtml(m.updated(formatTime(now.toISOString(), m, now, true)))}</p><p>${escapeHtml(m.refreshes)}</p>`;
  return shell(m, m.orderFrom(view.storeName), body, footer, view.live);
}

// A page that only says something: a title and a sentence.
function notice(m: Messages, title: string, body: string): string {
  return shell(m, title, `<section class="status"><h1>${escapeHtml(title)}</h1><p class="next">${escapeHtml(body)}</p></section>`, '', null);
}

/** The friendly page for a link that is wrong or past its time. */
export const notFoundPage = (m: Messages): string => notice(m, m.notFoundTitle, m.notFoundBody);

/** The page for a moment we cannot read the delivery (the storage is unavailable, or something failed). */
export const unavailablePage = (m: Messages): string => notice(m, m.unavailableTitle, m.unavailableBody);

/** An HTML answer with the page's headers: never cached, never framed, no referrer, not indexed. */
export function htmlResult(statusCode: number, html: string, m: Messages, headers: Record<string, string> = {}): APIGatewayProxyResult {
  return {
    statusCode,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Language': m.lang,
      'Cache-Control': 'no-store',
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      'X-Robots-Tag': 'noindex, nofollow',
      Vary: 'Accept-Language',
      ...headers,
    },
    body: html,
  };
}
