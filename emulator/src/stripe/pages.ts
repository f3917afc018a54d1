/**
 * The hosted pages: Checkout (`/checkout/:id`), the customer portal (`/portal/:id`) and a hosted
 * invoice (`/invoice/:id`). Plain server-rendered HTML and CSS, in Spanish or English from the
 * session's `locale` (or the browser's language for `auto`). Forms post back to the same server;
 * every action goes through the engine, which emits the events Stripe would.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Stripe from 'stripe';
import { escapeHtml, htmlPage, redirect, sendHtml } from '../standInHtml.js';
import { money, type CardInput, type StripeEngine } from './engine.js';
import type { FormObject } from './form.js';
import { formatDate, pickLang, texts, type Lang, type Texts } from './i18n.js';

export interface PagesContext {
  engine: StripeEngine;
  log: (line: string) => void;
  quiet: boolean;
}

const h = escapeHtml;
/** After a form post: 303, so the browser follows with a GET. */
const redirect303 = (res: ServerResponse, location: string) => redirect(res, location, 303);

export const BASE_CSS = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:15px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1a1f36;background:#fff}
a{color:#635bff;text-decoration:none}a:hover{text-decoration:underline}
.badge{display:inline-block;font-size:11px;font-weight:600;letter-spacing:.02em;text-transform:uppercase;padding:2px 8px;border-radius:4px;background:#ffde92;color:#a04b00}
.muted{color:#697386}.small{font-size:13px}
button,.button{font:inherit;cursor:pointer}
.btn{display:block;width:100%;border:0;border-radius:6px;padding:12px 16px;font-size:16px;font-weight:600;color:#fff;background:#635bff;box-shadow:0 1px 1px rgba(0,0,0,.12),0 2px 5px rgba(60,66,87,.12)}
.btn:hover{background:#5851e5}.btn:focus{outline:3px solid rgba(99,91,255,.35);outline-offset:1px}
.btn.secondary{background:#fff;color:#1a1f36;border:1px solid #d5dbe1;box-shadow:none}
.btn.danger{background:#fff;color:#c0123c;border:1px solid #f1b5c4;box-shadow:none}
label{display:block;font-size:13px;font-weight:500;color:#3c4257;margin:0 0 6px}
input[type=text],input[type=email]{width:100%;font:inherit;padding:10px 12px;border:1px solid #d5dbe1;border-radius:6px;background:#fff;color:#1a1f36;box-shadow:0 1px 1px rgba(0,0,0,.03)}
input:focus{outline:none;border-color:#635bff;box-shadow:0 0 0 3px rgba(99,91,255,.25)}
input[readonly]{background:#f6f8fa;color:#3c4257}
.field{margin-bottom:16px}.row{display:flex;gap:12px}.row>.field{flex:1}
.alert{border-radius:6px;padding:10px 12px;margin:0 0 16px;font-size:14px}
.alert.error{background:#fff1f3;color:#a4132f;border:1px solid #f9c2cd}
.alert.ok{background:#effcf4;color:#0e6245;border:1px solid #b4e8c9}
.logo{display:inline-flex;align-items:center;justify-content:center;width:28px;height:28px;border-radius:50%;background:#635bff;color:#fff;font-weight:700;font-size:14px;margin-right:10px}
.brand{display:flex;align-items:center;font-weight:600}
footer{margin-top:28px;font-size:12px;color:#8792a2}
`;

const CHECKOUT_CSS = `
.checkout{display:flex;min-height:100vh}
.summary{flex:1;background:#f7f8fa;padding:48px 48px 48px max(48px,calc(50vw - 520px));border-right:1px solid #e3e8ee}
.pay{flex:1;padding:48px max(48px,calc(50vw - 520px)) 48px 48px}
.summary-inner,.pay-inner{max-width:420px}
.summary .top{display:flex;align-items:center;gap:12px;margin-bottom:36px}
.summary .top a{color:#3c4257;font-weight:500}
.product{color:#697386;font-weight:500;margin:0 0 4px}
.amount{font-size:36px;font-weight:700;letter-spacing:-.02em;margin:0}
.amount small{font-size:15px;font-weight:500;color:#697386;margin-left:6px}
.trial{font-size:15px;color:#3c4257;margin:6px 0 0}
.lines{margin-top:32px;border-top:1px solid #e3e8ee}
.line{display:flex;justify-content:space-between;padding:12px 0;border-bottom:1px solid #e3e8ee;font-size:14px}
.line.total{font-weight:600;border-bottom:0}
h2{font-size:16px;font-weight:600;margin:0 0 14px}
.section{margin-bottom:26px}
.hint{font-size:12px;color:#697386;margin:8px 0 0}
.note{font-size:13px;color:#697386;margin:-4px 0 14px}
@media (max-width:860px){.checkout{display:block}.summary,.pay{padding:28px 20px;border:0}}
`;

const PORTAL_CSS = `
.portal{display:flex;min-height:100vh}
.side{width:36%;max-width:440px;background:#f7f8fa;border-right:1px solid #e3e8ee;padding:48px 40px}
.main{flex:1;padding:48px 56px;max-width:760px}
.side h1{font-size:22px;margin:24px 0 8px}
.card{border:1px solid #e3e8ee;border-radius:8px;padding:20px 22px;margin-bottom:22px}
.card h2{font-size:13px;text-transform:uppercase;letter-spacing:.04em;color:#697386;margin:0 0 12px}
.plan{display:flex;justify-content:space-between;align-items:baseline;gap:12px}
.plan strong{font-size:18px}
.status{display:inline-block;font-size:12px;font-weight:600;padding:2px 8px;border-radius:10px;background:#e3e8ee;color:#3c4257;margin-left:8px}
.status.trialing{background:#e0e7ff;color:#3d4eac}.status.active{background:#d7f7c2;color:#05690d}
.status.past_due,.status.unpaid{background:#ffe7f2;color:#b3093c}.status.paused{background:#fcedb9;color:#a04b00}
.status.canceled{background:#e3e8ee;color:#545969}
.actions{display:flex;flex-wrap:wrap;gap:10px;margin-top:16px}
.actions form{margin:0}.actions .btn{width:auto;display:inline-block;padding:9px 14px;font-size:14px}
table{width:100%;border-collapse:collapse;font-size:14px}
td,th{text-align:left;padding:8px 0;border-bottom:1px solid #e3e8ee}th{color:#697386;font-weight:500}
@media (max-width:860px){.portal{display:block}.side{width:auto;max-width:none}.main{padding:28px 20px}}
`;

function layout(lang: Lang, title: string, css: string, body: string): string {
  return htmlPage(lang, title, BASE_CSS + css, body);
}

function messagePage(
  lang: Lang,
  name: string,
  title: string,
  detail: string,
  link?: { href: string; text: string },
) {
  const t = texts(lang);
  return layout(
    lang,
    `${title} · ${name}`,
    '.msg{max-width:460px;margin:12vh auto;padding:0 20px}.msg h1{font-size:22px;margin:24px 0 8px}',
    `<main class="msg">
<div class="brand"><span class="logo">${h(name.slice(0, 1))}</span>${h(name)} <span class="badge" style="margin-left:10px">${h(t.testMode)}</span></div>
<h1>${h(title)}</h1>
<p class="muted">${h(detail)}</p>
${link ? `<p><a href="${h(link.href)}">${h(link.text)}</a></p>` : ''}
<footer>${h(t.poweredBy)}</footer>
</main>`,
  );
}

function str(form: FormObject, key: string): string {
  const v = form[key];
  return typeof v === 'string' ? v : '';
}

// --- Checkout ------------------------------------------------------------------------------------

interface CheckoutView {
  error?: string;
  values?: {
    card_number?: string;
    card_expiry?: string;
    card_cvc?: string;
    card_name?: string;
    email?: string;
  };
}

function renderCheckout(
  ctx: PagesContext,
  session: Stripe.Checkout.Session,
  lang: Lang,
  view: CheckoutView,
): string {
  const { engine } = ctx;
  const t: Texts = texts(lang);
  const extra = engine.state.sessionExtras.get(session.id)!;
  const line = extra.lineItems[0];
  const price = engine.state.prices.get(line.price)!;
  const name = engine.productName(price);
  const merchant = engine.merchantName;
  const interval = price.recurring?.interval ?? 'month';
  const unit = money((price.unit_amount ?? 0) * line.quantity, price.currency);
  const trialDays =
    extra.trialDays ?? (extra.trialEnd !== null ? Math.ceil((extra.trialEnd - engine.now()) / 86_400) : null);
  const trialEnd = extra.trialEnd ?? (extra.trialDays ? engine.now() + extra.trialDays * 86_400 : null);
  const needsCard = engine.sessionNeedsCard(session);
  const customer = session.customer ? engine.state.customers.get(session.customer as string) : undefined;
  const knownEmail = customer?.email ?? session.customer_email ?? null;
  const v = view.values ?? {};
  const button = trialDays ? t.startTrial : t.subscribe;

  const summary = `<section class="summary"><div class="summary-inner">
<div class="top">
${session.cancel_url ? `<a href="${h(session.cancel_url)}" id="back">${h(t.back)}</a>` : ''}
<span class="brand"><span class="logo">${h(merchant.slice(0, 1))}</span>${h(merchant)}</span>
<span class="badge">${h(t.testMode)}</span>
</div>
<p class="product">${h(t.subscribeTo(name))}</p>
${
  trialDays
    ? `<p class="amount">${h(t.trialDaysFree(trialDays))}</p>
<p class="trial" id="trial-text">${h(t.trialThen(trialDays, unit, t.perInterval(interval)))}</p>`
    : `<p class="amount">${h(unit)}<small>/ ${h(t.slashInterval(interval))}</small></p>`
}
<div class="lines">
<div class="line"><span>${h(name)}${line.quantity > 1 ? ` × ${line.quantity}` : ''}<br><span class="muted small">${h(t.billedEvery(interval))}</span></span><span>${h(unit)} / ${h(t.slashInterval(interval))}</span></div>
<div class="line"><span>${h(t.subtotal)}</span><span>${h(unit)}</span></div>
${trialEnd ? `<div class="line"><span class="muted">${h(t.afterTrial(formatDate(trialEnd, lang)))}</span><span class="muted">${h(unit)}</span></div>` : ''}
<div class="line total"><span>${h(t.totalToday)}</span><span>${h(money(trialDays ? 0 : (price.unit_amount ?? 0) * line.quantity, price.currency))}</span></div>
</div>
</div></section>`;

  const cardOptional = !needsCard;
  const form = `<section class="pay"><div class="pay-inner">
<form method="post" action="/checkout/${h(session.id)}" novalidate>
${view.error ? `<div class="alert error" role="alert" id="error">${h(view.error)}</div>` : ''}
<div class="section">
<h2>${h(t.contact)}</h2>
<div class="field"><label for="email">${h(t.email)}</label>
${
  knownEmail
    ? `<input type="email" id="email" name="email" value="${h(knownEmail)}" readonly>`
    : `<input type="email" id="email" name="email" value="${h(v.email)}" autocomplete="email" required>`
}
</div>
</div>
<div class="section">
<h2>${h(t.payment)}${cardOptional ? ` <span class="muted small">(${h(t.optional)})</span>` : ''}</h2>
${cardOptional ? `<p class="note">${h(t.cardOptionalNote)}</p>` : ''}
<div class="field"><label for="card_number">${h(t.cardNumber)}</label>
<input type="text" id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" value="${h(v.card_number)}"></div>
<div class="row">
<div class="field"><label for="card_expiry">${h(t.expiry)}</label>
<input type="text" id="card_expiry" name="card_expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="${h(t.expiryPlaceholder)}" value="${h(v.card_expiry)}"></div>
<div class="field"><label for="card_cvc">${h(t.cvc)}</label>
<input type="text" id="card_cvc" name="card_cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" value="${h(v.card_cvc)}"></div>
</div>
<div class="field"><label for="card_name">${h(t.cardholder)}</label>
<input type="text" id="card_name" name="card_name" autocomplete="cc-name" value="${h(v.card_name)}"></div>
<p class="hint">${h(t.testCardsHint)}</p>
</div>
<button type="submit" class="btn" id="submit">${h(button)}</button>
<p class="hint">${h(t.legal(merchant))}</p>
</form>
<footer>${h(t.poweredBy)}</footer>
</div></section>`;

  return layout(
    lang,
    `${merchant} · ${t.subscribeTo(name)}`,
    CHECKOUT_CSS,
    `<main class="checkout">${summary}${form}</main>`,
  );
}

function checkoutProblemMessage(t: Texts, problem: string): string {
  return t.errors[problem] ?? t.errors.card_declined;
}

async function checkoutPage(
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
  form: FormObject | null,
  ctx: PagesContext,
): Promise<void> {
  const { engine } = ctx;
  const session = engine.state.checkoutSessions.get(id);
  const merchant = engine.merchantName;
  const lang = pickLang(session?.locale, req.headers['accept-language']);
  const t = texts(lang);
  if (!session) return sendHtml(res, 404, messagePage(lang, merchant, t.notFound, t.notFoundDetail));
  if (session.status === 'complete')
    return sendHtml(res, 200, messagePage(lang, merchant, t.sessionComplete, t.sessionCompleteDetail));
  if (session.status === 'expired' || session.expires_at <= engine.now())
    return sendHtml(
      res,
      200,
      messagePage(
        lang,
        merchant,
        t.sessionExpired,
        t.sessionExpiredDetail,
        session.cancel_url ? { href: session.cancel_url, text: t.back } : undefined,
      ),
    );
  if (!form) return sendHtml(res, 200, renderCheckout(ctx, session, lang, {}));

  const values = {
    card_number: str(form, 'card_number'),
    card_expiry: str(form, 'card_expiry'),
    card_cvc: str(form, 'card_cvc'),
    card_name: str(form, 'card_name'),
    email: str(form, 'email'),
  };
  const customer = session.customer ? engine.state.customers.get(session.customer as string) : undefined;
  const knownEmail = customer?.email ?? session.customer_email;
  if (!knownEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim()))
    return sendHtml(res, 400, renderCheckout(ctx, session, lang, { error: t.errors.email_required, values }));
  const card: CardInput | null = values.card_number.trim()
    ? { number: values.card_number, expiry: values.card_expiry, cvc: values.card_cvc, name: values.card_name }
    : null;
  const result = engine.completeCheckout(session, { card, email: values.email });
  if (!result.ok) {
    if (!ctx.quiet) ctx.log(`[stripe] checkout ${session.id}: ${result.problem}`);
    if (result.problem === 'session_complete' || result.problem === 'session_expired')
      return checkoutPage(req, res, id, null, ctx);
    const status = result.problem === 'card_declined' ? 402 : 400;
    return sendHtml(
      res,
      status,
      renderCheckout(ctx, session, lang, { error: checkoutProblemMessage(t, result.problem), values }),
    );
  }
  if (!ctx.quiet)
    ctx.log(
      `[stripe] checkout ${session.id} completed: ${result.subscription.id} (${result.subscription.status})`,
    );
  if (result.redirectUrl) return redirect303(res, result.redirectUrl);
  sendHtml(res, 200, messagePage(lang, merchant, t.done, t.doneDetail));
}

// --- Portal --------------------------------------------------------------------------------------

function cardLine(t: Texts, pm: Stripe.PaymentMethod | undefined): string {
  if (!pm?.card) return `<p class="muted" id="card-on-file">${h(t.noCard)}</p>`;
  const brand =
    pm.card.brand === 'visa' ? 'Visa' : pm.card.brand === 'mastercard' ? 'Mastercard' : pm.card.brand;
  return `<p id="card-on-file"><strong>${h(t.cardOnFile(brand, pm.card.last4))}</strong> <span class="muted small">${h(
    t.expires(String(pm.card.exp_month).padStart(2, '0'), pm.card.exp_year),
  )}</span></p>`;
}

function subscriptionLine(t: Texts, lang: Lang, sub: Stripe.Subscription, periodEnd: number): string {
  if (sub.status === 'canceled')
    return t.canceledOn(formatDate(sub.ended_at ?? sub.canceled_at ?? periodEnd, lang));
  if (sub.cancel_at_period_end) return t.cancels(formatDate(sub.cancel_at ?? periodEnd, lang));
  if (sub.status === 'trialing') return t.trialEnds(formatDate(sub.trial_end ?? periodEnd, lang));
  if (sub.status === 'past_due' || sub.status === 'unpaid') return t.pastDue;
  if (sub.status === 'paused') return t.paused;
  return t.renews(formatDate(periodEnd, lang));
}

function portalShell(
  lang: Lang,
  ctx: PagesContext,
  session: Stripe.BillingPortal.Session,
  main: string,
): string {
  const t = texts(lang);
  const merchant = ctx.engine.merchantName;
  const customer = ctx.engine.state.customers.get(session.customer);
  return layout(
    lang,
    `${merchant} · ${t.portalTitle}`,
    PORTAL_CSS,
    `<div class="portal">
<aside class="side">
<div class="brand"><span class="logo">${h(merchant.slice(0, 1))}</span>${h(merchant)} <span class="badge" style="margin-left:10px">${h(t.testMode)}</span></div>
<h1>${h(t.portalTitle)}</h1>
${customer ? `<p class="muted">${h(customer.name ?? '')}${customer.name && customer.email ? '<br>' : ''}${h(customer.email ?? '')}</p>` : ''}
${session.return_url ? `<p><a href="${h(session.return_url)}" id="return">${h(t.returnTo('Trato'))}</a></p>` : ''}
<footer>${h(t.poweredBy)}</footer>
</aside>
<main class="main">
${main}
</main>
</div>`,
  );
}

function renderPortal(
  ctx: PagesContext,
  session: Stripe.BillingPortal.Session,
  lang: Lang,
  flash?: string,
): string {
  const { engine } = ctx;
  const t = texts(lang);
  const base = `/portal/${session.id}`;
  const subs = engine.subscriptionsOf(session.customer);
  const live = subs.filter((s) => s.status !== 'canceled' && s.status !== 'incomplete_expired');
  const shown = live.length > 0 ? live : subs.slice(0, 1);
  const customer = engine.state.customers.get(session.customer);
  const defaultPm =
    customer && typeof customer.invoice_settings.default_payment_method === 'string'
      ? engine.state.paymentMethods.get(customer.invoice_settings.default_payment_method)
      : undefined;

  const plans = shown
    .map((sub) => {
      const item = sub.items.data[0];
      const price = item.price;
      const interval = price.recurring?.interval ?? 'month';
      const amount = money((price.unit_amount ?? 0) * (item.quantity ?? 1), price.currency);
      const end = item.current_period_end;
      const ended = sub.status === 'canceled';
      const hidden = `<input type="hidden" name="subscription" value="${h(sub.id)}">`;
      const actions = ended
        ? ''
        : `<div class="actions">
${
  sub.cancel_at_period_end
    ? `<form method="post" action="${base}/resume">${hidden}<button type="submit" class="btn">${h(t.resumeSubscription)}</button></form>`
    : `<form method="post" action="${base}/cancel">${hidden}<button type="submit" class="btn secondary">${h(t.cancelSubscription)}</button></form>`
}
<form method="post" action="${base}/cancel-now">${hidden}<button type="submit" class="btn danger" title="${h(t.cancelNowNote)}">${h(t.cancelNow)}</button></form>
</div>`;
      return `<section class="card" data-subscription="${h(sub.id)}">
<h2>${h(t.currentPlan)}</h2>
<div class="plan"><div><strong>${h(engine.productName(price))}</strong><span class="status ${h(sub.status)}">${h(t.status[sub.status] ?? sub.status)}</span></div>
<div>${h(amount)} <span class="muted">${h(t.perInterval(interval))}</span></div></div>
<p class="muted" id="subscription-status-line">${h(subscriptionLine(t, lang, sub, end))}</p>
${actions}
</section>`;
    })
    .join('\n');

  const invoices = engine.state
    .sorted('invoices')
    .filter((i) => i.customer === session.customer && i.status !== 'draft');
  const history = `<section class="card"><h2>${h(t.billingHistory)}</h2>
${
  invoices.length === 0
    ? `<p class="muted">${h(t.noInvoices)}</p>`
    : `<table><thead><tr><th>${h(t.date)}</th><th>${h(t.amountDue)}</th><th></th><th></th></tr></thead><tbody>
${invoices
  .map(
    (i) =>
      `<tr><td>${h(formatDate(i.created, lang))}</td><td>${h(money(i.total, i.currency))}</td><td>${h(
        t.invoiceStatus[i.status ?? 'draft'] ?? i.status,
      )}</td><td>${i.hosted_invoice_url ? `<a href="/invoice/${h(i.id)}?locale=${lang}">${h(t.invoice)} ${h(i.number)}</a>` : ''}</td></tr>`,
  )
  .join('\n')}
</tbody></table>`
}
</section>`;

  const main = `${flash ? `<div class="alert ok" role="status" id="flash">${h(flash)}</div>` : ''}
${shown.length === 0 ? `<section class="card"><p>${h(t.noSubscriptions)}</p></section>` : plans}
<section class="card"><h2>${h(t.paymentMethod)}</h2>
${cardLine(t, defaultPm)}
<div class="actions"><a class="btn secondary" href="${base}/card" id="update-card">${h(t.updateCard)}</a></div>
</section>
${history}`;
  return portalShell(lang, ctx, session, main);
}

function renderCardForm(
  ctx: PagesContext,
  session: Stripe.BillingPortal.Session,
  lang: Lang,
  view: CheckoutView,
): string {
  const t = texts(lang);
  const v = view.values ?? {};
  const base = `/portal/${session.id}`;
  const main = `<section class="card" style="max-width:460px">
<h2>${h(t.updateCard)}</h2>
<form method="post" action="${base}/card" novalidate>
${view.error ? `<div class="alert error" role="alert" id="error">${h(view.error)}</div>` : ''}
<div class="field"><label for="card_number">${h(t.cardNumber)}</label>
<input type="text" id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" value="${h(v.card_number)}"></div>
<div class="row">
<div class="field"><label for="card_expiry">${h(t.expiry)}</label>
<input type="text" id="card_expiry" name="card_expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="${h(t.expiryPlaceholder)}" value="${h(v.card_expiry)}"></div>
<div class="field"><label for="card_cvc">${h(t.cvc)}</label>
<input type="text" id="card_cvc" name="card_cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" value="${h(v.card_cvc)}"></div>
</div>
<div class="field"><label for="card_name">${h(t.cardholder)}</label>
<input type="text" id="card_name" name="card_name" autocomplete="cc-name" value="${h(v.card_name)}"></div>
<p class="hint">${h(t.testCardsHint)}</p>
<button type="submit" class="btn" id="save-card">${h(t.saveCard)}</button>
</form>
<p style="margin-top:16px"><a href="${base}" id="back">${h(t.back)}</a></p>
</section>`;
  return portalShell(lang, ctx, session, main);
}

async function portalPage(
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
  action: string | undefined,
  form: FormObject | null,
  query: URLSearchParams,
  ctx: PagesContext,
): Promise<void> {
  const { engine } = ctx;
  const session = engine.state.portalSessions.get(id);
  const lang = pickLang(session?.locale, req.headers['accept-language']);
  const t = texts(lang);
  if (!session)
    return sendHtml(res, 404, messagePage(lang, engine.merchantName, t.notFound, t.notFoundDetail));
  const customer = engine.state.customers.get(session.customer);
  const base = `/portal/${session.id}`;
  if (!form) {
    if (action === 'card') return sendHtml(res, 200, renderCardForm(ctx, session, lang, {}));
    if (action)
      return sendHtml(res, 404, messagePage(lang, engine.merchantName, t.notFound, t.notFoundDetail));
    const flashKey = query.get('done');
    return sendHtml(res, 200, renderPortal(ctx, session, lang, flashKey ? t.flash[flashKey] : undefined));
  }
  if (!customer)
    return sendHtml(res, 404, messagePage(lang, engine.merchantName, t.notFound, t.notFoundDetail));

  if (action === 'card') {
    const values = {
      card_number: str(form, 'card_number'),
      card_expiry: str(form, 'card_expiry'),
      card_cvc: str(form, 'card_cvc'),
      card_name: str(form, 'card_name'),
    };
    const check = engine.checkCard({
      number: values.card_number,
      expiry: values.card_expiry,
      cvc: values.card_cvc,
      name: values.card_name,
    });
    if (!check.ok)
      return sendHtml(
        res,
        check.problem === 'card_declined' ? 402 : 400,
        renderCardForm(ctx, session, lang, { error: checkoutProblemMessage(t, check.problem), values }),
      );
    const pm = engine.portalUpdateCard(customer, check);
    if (!ctx.quiet) ctx.log(`[stripe] portal ${session.id}: card ${pm.id} saved for ${customer.id}`);
    return redirect303(res, `${base}?done=card`);
  }

  const subId = str(form, 'subscription');
  const sub = engine.state.subscriptions.get(subId);
  if (!sub || sub.customer !== customer.id || sub.status === 'canceled') return redirect303(res, base);
  if (action === 'cancel') {
    engine.updateSubscription(sub, { cancelAtPeriodEnd: true });
    return redirect303(res, `${base}?done=canceled`);
  }
  if (action === 'resume') {
    engine.updateSubscription(sub, { cancelAtPeriodEnd: false });
    return redirect303(res, `${base}?done=resumed`);
  }
  if (action === 'cancel-now') {
    engine.cancelSubscription(sub, { reason: 'cancellation_requested' });
    return redirect303(res, `${base}?done=canceled_now`);
  }
  return redirect303(res, base);
}

// --- Hosted invoice --------------------------------------------------------------------------------

function invoicePage(
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
  query: URLSearchParams,
  ctx: PagesContext,
) {
  const { engine } = ctx;
  const invoice = engine.state.invoices.get(id);
  const customer = invoice ? engine.state.customers.get(invoice.customer as string) : undefined;
  const lang = pickLang(
    query.get('locale') ?? customer?.preferred_locales?.[0],
    req.headers['accept-language'],
  );
  const t = texts(lang);
  const merchant = engine.merchantName;
  if (!invoice) return sendHtml(res, 404, messagePage(lang, merchant, t.notFound, t.notFoundDetail));
  const rows = invoice.lines.data
    .map(
      (l) =>
        `<tr><td>${h(l.description)}</td><td style="text-align:right">${h(money(l.amount, l.currency))}</td></tr>`,
    )
    .join('');
  sendHtml(
    res,
    200,
    layout(
      lang,
      `${t.invoice} ${invoice.number ?? ''} · ${merchant}`,
      'main{max-width:560px;margin:8vh auto;padding:0 20px}table{width:100%;border-collapse:collapse}td{padding:10px 0;border-bottom:1px solid #e3e8ee}',
      `<main>
<div class="brand"><span class="logo">${h(merchant.slice(0, 1))}</span>${h(merchant)} <span class="badge" style="margin-left:10px">${h(t.testMode)}</span></div>
<h1 style="font-size:22px;margin:24px 0 4px">${h(t.invoice)} ${h(invoice.number ?? '')}</h1>
<p class="muted">${h(formatDate(invoice.created, lang))} · ${h(t.invoiceStatus[invoice.status ?? 'draft'] ?? invoice.status)}</p>
<p style="font-size:30px;font-weight:700;margin:8px 0 24px">${h(money(invoice.total, invoice.currency))}</p>
<table>${rows}</table>
<footer>${h(t.poweredBy)}</footer>
</main>`,
    ),
  );
}

/** Routes `/checkout/…`, `/portal/…` and `/invoice/…`; false when the path is not a page. */
export async function handlePage(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  form: FormObject | null,
  ctx: PagesContext,
): Promise<boolean> {
  const segs = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const post = req.method === 'POST';
  if (segs[0] === 'checkout' && segs.length === 2) {
    await checkoutPage(req, res, segs[1], post ? (form ?? {}) : null, ctx);
    return true;
  }
  if (segs[0] === 'portal' && (segs.length === 2 || segs.length === 3)) {
    await portalPage(req, res, segs[1], segs[2], post ? (form ?? {}) : null, url.searchParams, ctx);
    return true;
  }
  if (segs[0] === 'invoice' && segs.length === 2 && !post) {
    invoicePage(req, res, segs[1], url.searchParams, ctx);
    return true;
  }
  return false;
}

export { layout };
export type { Texts };
