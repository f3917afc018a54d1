/**
 * `GET /`: the developer page. Customers, subscriptions, Checkout and portal sessions, invoices
 * and every event with its delivery attempts; buttons for the test controls (clock, deliveries).
 */
import type Stripe from 'stripe';
import { snapshot, type ControlContext } from './control.js';
import { money } from './engine.js';
import { escapeHtml as h, POST_BUTTONS_SCRIPT } from '../standInHtml.js';
import { BASE_CSS } from './pages.js';
import type { DeliveryRecord } from './webhooks.js';
import type { WireEvent } from './objects.js';

const CSS = `
body{background:#f7f8fa}
main{max-width:1200px;margin:0 auto;padding:28px 24px 60px}
header{display:flex;flex-wrap:wrap;align-items:center;gap:16px;margin-bottom:18px}
header h1{font-size:20px;margin:0}
.panel{background:#fff;border:1px solid #e3e8ee;border-radius:8px;padding:16px 18px;margin-bottom:18px;overflow-x:auto}
.panel h2{font-size:14px;text-transform:uppercase;letter-spacing:.04em;color:#697386;margin:0 0 10px}
table{width:100%;border-collapse:collapse;font-size:13px}
th,td{text-align:left;padding:6px 10px 6px 0;border-bottom:1px solid #eef0f3;vertical-align:top}
th{color:#697386;font-weight:500;white-space:nowrap}
code{font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace;color:#3c4257}
.controls{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
.controls button{border:1px solid #d5dbe1;background:#fff;border-radius:6px;padding:6px 10px;font-size:13px}
.controls button:hover{border-color:#635bff;color:#635bff}
.st{display:inline-block;font-size:11px;font-weight:600;padding:1px 7px;border-radius:9px;background:#e3e8ee}
.st.trialing{background:#e0e7ff;color:#3d4eac}.st.active,.st.succeeded,.st.complete,.st.paid{background:#d7f7c2;color:#05690d}
.st.past_due,.st.failed,.st.open-invoice{background:#ffe7f2;color:#b3093c}.st.paused,.st.held,.st.pending{background:#fcedb9;color:#a04b00}
.attempt{white-space:nowrap}.ok{color:#05690d}.bad{color:#b3093c}
.empty{color:#8792a2;font-style:italic}
`;

const time = (s: number | null | undefined) =>
  s
    ? new Date(s * 1000)
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, 'Z')
    : '—';

function deliveries(record: DeliveryRecord | undefined, event: WireEvent): string {
  if (!record) return `<span class="empty">${event.pending_webhooks === 0 ? 'no endpoint' : '—'}</span>`;
  const attempts = record.attempts
    .map((a) => {
      const good = a.status !== null && a.status >= 200 && a.status < 300;
      const what = a.status !== null ? String(a.status) : h(a.error ?? 'error');
      return `<div class="attempt"><span class="${good ? 'ok' : 'bad'}">#${a.attempt} ${what}</span> <span class="muted">${h(a.at.slice(11, 23))} · ${a.durationMs} ms${a.trigger !== 'automatic' ? ` · ${a.trigger}` : ''}</span></div>`;
    })
    .join('');
  const next = record.nextRetryAt
    ? `<div class="muted">next retry ${h(record.nextRetryAt.slice(11, 23))}</div>`
    : '';
  return `<span class="st ${h(record.state)}">${h(record.state)}</span>${attempts}${next}`;
}

export function renderDevPage(ctx: ControlContext, serverUrl: string): string {
  const s = snapshot(ctx) as {
    now: number;
    webhook: { url: string } | null;
    deliveriesHeld: boolean;
    customers: Stripe.Customer[];
    subscriptions: Stripe.Subscription[];
    checkoutSessions: Stripe.Checkout.Session[];
    portalSessions: Stripe.BillingPortal.Session[];
    invoices: Stripe.Invoice[];
    events: WireEvent[];
  };
  const { state } = ctx;
  const customerName = (id: unknown) => {
    const c = typeof id === 'string' ? state.customers.get(id) : undefined;
    return c ? `${h(c.name ?? c.email ?? '')} <code>${h(c.id)}</code>` : `<code>${h(id)}</code>`;
  };
  const meta = (m: Record<string, string> | null | undefined) =>
    m && Object.keys(m).length
      ? `<code>${Object.entries(m)
          .map(([k, v]) => `${h(k)}=${h(v)}`)
          .join(' ')}</code>`
      : '';
  const table = (head: string[], rows: string[]) =>
    rows.length === 0
      ? '<p class="empty">None yet.</p>'
      : `<table><thead><tr>${head.map((x) => `<th>${h(x)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`;

  const customers = table(
    ['Customer', 'Email', 'Default card', 'Metadata', 'Created'],
    s.customers.map((c) => {
      const pmId = c.invoice_settings.default_payment_method;
      const pm = typeof pmId === 'string' ? state.paymentMethods.get(pmId) : undefined;
      return `<tr><td>${customerName(c.id)}</td><td>${h(c.email ?? '')}</td><td>${pm?.card ? `${h(pm.card.brand)} •••• ${h(pm.card.last4)}` : ''}</td><td>${meta(c.metadata)}</td><td>${time(c.created)}</td></tr>`;
    }),
  );
  const subscriptions = table(
    ['Subscription', 'Customer', 'Status', 'Trial end', 'Period end', 'Cancel at period end', 'Metadata'],
    s.subscriptions.map((sub) => {
      const item = sub.items.data[0];
      return `<tr><td><code>${h(sub.id)}</code></td><td>${customerName(sub.customer)}</td><td><span class="st ${h(sub.status)}">${h(sub.status)}</span></td><td>${time(sub.trial_end)}</td><td>${time(item?.current_period_end)}</td><td>${sub.cancel_at_period_end ? 'yes' : ''}</td><td>${meta(sub.metadata)}</td></tr>`;
    }),
  );
  const sessions = table(
    ['Checkout session', 'Status', 'Customer', 'Subscription', 'Reference', 'Expires', ''],
    s.checkoutSessions.map(
      (cs) =>
        `<tr><td><code>${h(cs.id.slice(0, 24))}…</code></td><td><span class="st ${h(cs.status)}">${h(cs.status)}</span></td><td>${cs.customer ? customerName(cs.customer) : ''}</td><td><code>${h(cs.subscription ?? '')}</code></td><td>${h(cs.client_reference_id ?? '')}</td><td>${time(cs.expires_at)}</td><td>${cs.status === 'open' ? `<a href="/checkout/${h(cs.id)}">Open page</a>` : ''}</td></tr>`,
    ),
  );
  const portals = table(
    ['Portal session', 'Customer', 'Created', ''],
    s.portalSessions.map(
      (p) =>
        `<tr><td><code>${h(p.id)}</code></td><td>${customerName(p.customer)}</td><td>${time(p.created)}</td><td><a href="/portal/${h(p.id)}">Open portal</a></td></tr>`,
    ),
  );
  const invoices = table(
    ['Invoice', 'Customer', 'Subscription', 'Reason', 'Status', 'Total', 'Attempts', 'Created'],
    s.invoices.map(
      (i) =>
        `<tr><td><a href="/invoice/${h(i.id)}"><code>${h(i.number ?? i.id)}</code></a></td><td>${customerName(i.customer)}</td><td><code>${h(i.parent?.subscription_details?.subscription ?? '')}</code></td><td>${h(i.billing_reason ?? '')}</td><td><span class="st ${i.status === 'open' ? 'open-invoice' : h(i.status ?? '')}">${h(i.status ?? '')}</span></td><td>${h(money(i.total, i.currency))}</td><td>${i.attempt_count}</td><td>${time(i.created)}</td></tr>`,
    ),
  );
  const events = table(
    ['Created', 'Type', 'Event', 'Object', 'Deliveries', ''],
    s.events.map((e) => {
      const o = e.data.object as { id?: string; status?: string };
      return `<tr><td>${time(e.created)}</td><td><code>${h(e.type)}</code></td><td><code>${h(e.id)}</code></td><td><code>${h(o.id ?? '')}</code>${o.status ? ` <span class="muted">${h(o.status)}</span>` : ''}</td><td>${deliveries(state.deliveries.get(e.id), e)}</td><td>${s.webhook ? `<button data-post="/__control/events/${h(e.id)}/redeliver">Redeliver</button>` : ''}</td></tr>`;
    }),
  );

  const advance = [
    ['+1 hour', 3600],
    ['+1 day', 86_400],
    ['+3 days', 3 * 86_400],
    ['+11 days', 11 * 86_400],
    ['+14 days', 14 * 86_400],
    ['+31 days', 31 * 86_400],
  ] as const;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local Stripe · Trato</title><style>${BASE_CSS}${CSS}</style></head>
<body><main>
<header><span class="brand"><span class="logo">S</span>Local Stripe</span><span class="badge">Test mode</span>
<span class="muted small">API <code>${h(serverUrl)}/v1</code> · clock <code id="clock">${time(s.now)}</code> (offset ${state.clockOffsetSeconds} s)</span></header>
<section class="panel"><h2>Controls</h2><div class="controls">
${advance.map(([label, secs]) => `<button data-post="/__control/clock/advance" data-body='{"seconds":${secs}}'>${label}</button>`).join('')}
<span class="muted small">Webhook: <code>${h(s.webhook?.url ?? 'none')}</code></span>
${s.deliveriesHeld ? '<button data-post="/__control/deliveries/release">Release deliveries</button>' : '<button data-post="/__control/deliveries/hold">Hold deliveries</button>'}
<button data-post="/__control/reset" data-confirm="Erase every customer, subscription and event?">Reset</button>
<a href="/__control/state">state.json</a>
<a href="/">Refresh</a>
</div></section>
<section class="panel"><h2>Subscriptions</h2>${subscriptions}</section>
<section class="panel"><h2>Customers</h2>${customers}</section>
<section class="panel"><h2>Checkout sessions</h2>${sessions}</section>
<section class="panel"><h2>Portal sessions</h2>${portals}</section>
<section class="panel"><h2>Invoices</h2>${invoices}</section>
<section class="panel"><h2>Events and webhook deliveries</h2>${events}</section>
</main>
${POST_BUTTONS_SCRIPT}
</body></html>
`;
}
