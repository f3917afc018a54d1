/**
 * The local WhatsApp's developer page at `/` (Spanish or English): the business numbers with their
 * tokens, the app's webhook (callback URL, verified or not, "Verify and save", the latest
 * deliveries), templates with Approve / Reject / Pause, and the chats as a phone shows them
 * (`/chat?phone_number_id=…&wa_id=…`: opening one reads the business's messages) with forms to
 * write as the user. Plain server-rendered HTML; every value is escaped.
 */
import { escapeHtml, htmlPage, POST_BUTTONS_SCRIPT } from '../standInHtml.js';
import type { WebhookView } from './control.js';
import type { WhatsAppEngine } from './engine.js';
import { formatWaId } from './ids.js';
import { formatTime, texts, type Lang } from './i18n.js';
import { currentStatus, type Account, type ChatMessage, type Template } from './state.js';
import type { DeliveryRecord } from './webhooks.js';

const h = escapeHtml;

export interface PageContext {
  engine: WhatsAppEngine;
  webhook: WebhookView;
  /** e.g. http://127.0.0.1:9650 */
  serverUrl: string;
  graphVersion: string;
  serviceWindowSeconds: number;
}

const CSS = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:14px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#111b21;background:#f0f2f5}
a{color:#005a8c}
main{max-width:1100px;margin:0 auto;padding:20px 16px 60px}
header.top{display:flex;flex-wrap:wrap;align-items:center;gap:8px 14px;margin-bottom:4px}
header.top h1{font-size:22px;font-weight:500;margin:0;display:flex;align-items:center;gap:10px}
.logo{display:inline-flex;align-items:center;justify-content:center;width:32px;height:32px;border-radius:50%;background:#25d366;color:#fff;font-weight:700}
.badge{display:inline-block;font-size:11px;font-weight:600;letter-spacing:.02em;text-transform:uppercase;padding:2px 8px;border-radius:4px;background:#fde293;color:#7a4d00}
.muted{color:#54656f}.small{font-size:12px}
.panel{background:#fff;border-radius:12px;padding:14px 16px;margin:14px 0;overflow-x:auto;box-shadow:0 1px 2px rgba(11,20,26,.08)}
.panel h2{font-size:13px;text-transform:uppercase;letter-spacing:.05em;color:#54656f;margin:0 0 10px}
.panel h3{font-size:15px;font-weight:500;margin:14px 0 6px}
table{width:100%;border-collapse:collapse;font-size:13px}
table.data{min-width:560px}
th,td{text-align:left;padding:6px 10px 6px 0;border-bottom:1px solid #e9edef;vertical-align:top}
th{color:#54656f;font-weight:500;white-space:nowrap}
code{font:12px/1.45 ui-monospace,SFMono-Regular,Menlo,monospace;word-break:break-all}
button,input,select,textarea{font:inherit}
button{border:1px solid #d1d7db;background:#fff;border-radius:16px;padding:5px 12px;cursor:pointer;color:#111b21}
button:hover{border-color:#008069;color:#008069}
button.primary{background:#008069;border-color:#008069;color:#fff}
button.primary:hover{background:#017561;color:#fff}
button:focus-visible,a:focus-visible,input:focus-visible,textarea:focus-visible,select:focus-visible{outline:3px solid #53bdeb;outline-offset:1px}
input[type=text],input[type=url],input[type=tel],textarea,select{padding:6px 8px;border:1px solid #d1d7db;border-radius:8px;width:100%;background:#fff}
.controls{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
.st{display:inline-block;font-size:11px;font-weight:600;padding:1px 8px;border-radius:9px;background:#e9edef;color:#3b4a54;white-space:nowrap}
.st.ok,.st.APPROVED,.st.succeeded{background:#d9fdd3;color:#0a5c36}
.st.bad,.st.REJECTED,.st.failed,.st.DISABLED{background:#ffe1e1;color:#a11}
.st.PENDING,.st.pending,.st.delivering,.st.PAUSED{background:#fff3c4;color:#7a4d00}
.st.skipped{background:#e9edef;color:#3b4a54}
.attempt{white-space:nowrap}.good{color:#0a5c36}.fail{color:#a11}
.empty{color:#54656f;font-style:italic}
.notice{border-radius:8px;padding:8px 12px;margin:10px 0}
.notice.ok{background:#d9fdd3;color:#0a5c36}.notice.bad{background:#ffe1e1;color:#a11}
form.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(200px,1fr));gap:8px 12px;align-items:end}
form.grid label,.field{display:flex;flex-direction:column;gap:2px;font-size:12px;color:#54656f}
form.grid .wide{grid-column:1/-1}
form.grid button{justify-self:start}
.token{display:flex;gap:6px;align-items:center;min-width:260px}
.token input{font:12px ui-monospace,Menlo,monospace}
.tpl-actions{display:flex;flex-wrap:wrap;gap:6px;align-items:flex-end}
.tpl-actions form{display:flex;gap:6px;align-items:flex-end;flex-wrap:wrap}
.tpl-actions label{display:flex;flex-direction:column;font-size:11px;color:#54656f}
.tpl-actions input{width:160px}
.preview{white-space:pre-wrap;max-width:360px}
ul.chats{list-style:none;margin:0;padding:0}
ul.chats li{border-bottom:1px solid #e9edef}
ul.chats a{display:flex;gap:12px;align-items:center;padding:10px 4px;text-decoration:none;color:inherit}
ul.chats a:hover{background:#f5f6f6}
.avatar{flex:none;display:inline-flex;align-items:center;justify-content:center;width:40px;height:40px;border-radius:50%;background:#dfe5e7;color:#54656f;font-weight:600}
.chat-line{min-width:0;flex:1}
.chat-line .last{white-space:nowrap;overflow:hidden;text-overflow:ellipsis;color:#54656f}
.phone{max-width:720px;margin:14px auto;background:#efeae2;border-radius:12px;overflow:hidden;box-shadow:0 1px 3px rgba(11,20,26,.15)}
.phone header{background:#008069;color:#fff;padding:10px 14px;display:flex;gap:12px;align-items:center}
.phone header h2{font-size:16px;font-weight:500;margin:0;color:#fff;text-transform:none;letter-spacing:0}
.phone header .sub{font-size:12px;color:#fff}
ol.messages{list-style:none;margin:0;padding:14px 10px;display:flex;flex-direction:column;gap:6px}
ol.messages li{display:flex;flex-direction:column;max-width:85%}
ol.messages li.out{align-self:flex-end;align-items:flex-end}
ol.messages li.in{align-self:flex-start;align-items:flex-start}
.bubble{border-radius:8px;padding:6px 9px 4px;box-shadow:0 1px .5px rgba(11,20,26,.13);background:#fff;max-width:100%;overflow-wrap:anywhere}
li.out .bubble{background:#d9fdd3}
.bubble p{margin:0 0 2px;white-space:pre-wrap}
.bubble .tpl-label{font-size:11px;color:#54656f}
.bubble .tpl-footer{font-size:12px;color:#54656f}
.bubble .button-reply{font-size:12px;color:#54656f}
.meta{font-size:11px;color:#54656f;text-align:right;display:flex;gap:4px;justify-content:flex-end;align-items:center}
.ticks{font-weight:700;letter-spacing:-3px;padding-right:3px}
.ticks.read{color:#0072b8}.ticks.failed{color:#a11;letter-spacing:0}
.fail-reason{font-size:12px;color:#a11;margin-top:2px}
.quick{display:flex;flex-wrap:wrap;gap:4px;margin-top:4px;justify-content:flex-end}
.quick form{margin:0}
.quick button{background:#fff;color:#005a8c;border:0;border-radius:8px;box-shadow:0 1px .5px rgba(11,20,26,.13)}
.window{font-size:12px;text-align:center;color:#54656f;background:#fff8c5;margin:0;padding:6px 10px}
.compose{background:#f0f2f5;padding:10px 12px}
@media (max-width:600px){main{padding:12px 10px 40px}header.top h1{font-size:18px}ol.messages li{max-width:92%}.panel{padding:12px}}
`;

const COPY_SCRIPT = `<script>
document.addEventListener('click', async (e) => {
  const b = e.target.closest('[data-copy]');
  if (!b) return;
  const input = document.getElementById(b.dataset.copy);
  input.select();
  try { await navigator.clipboard.writeText(input.value); } catch { document.execCommand('copy'); }
  const label = b.textContent; b.textContent = '✓'; setTimeout(() => { b.textContent = label; }, 1200);
});
</script>`;

function layout(lang: Lang, title: string, body: string): string {
  return htmlPage(lang, title, CSS, `${body}\n${POST_BUTTONS_SCRIPT}\n${COPY_SCRIPT}`);
}

function topHeader(lang: Lang, ctx: PageContext, self: string): string {
  const t = texts(lang);
  const other = lang === 'es' ? 'en' : 'es';
  const sep = self.includes('?') ? '&' : '?';
  return `<header class="top"><h1><span class="logo" aria-hidden="true">W</span>${h(t.title)}</h1><span class="badge">${h(t.testMode)}</span>
<nav class="small"><a href="${h(`${self}${sep}hl=${other}`)}" hreflang="${other}" lang="${other}">${h(t.otherLang)}</a> · <a href="${h(`${self}${sep}hl=${lang}`)}">${h(t.refresh)}</a> · <a href="/__control/state">state.json</a></nav></header>
<p class="muted">${h(t.intro)} ${h(t.graphBase)}: <code>${h(`${ctx.serverUrl}/${ctx.graphVersion}`)}</code></p>`;
}

// --- Home ------------------------------------------------------------------------------------

function numbersPanel(lang: Lang, accounts: Account[]): string {
  const t = texts(lang);
  const rows = accounts
    .map((a) => {
      const tokenId = `token-${h(a.wabaId)}`;
      return `<tr><td><strong>${h(a.displayPhoneNumber)}</strong></td><td>${h(a.verifiedName)}</td><td><code>${h(a.wabaId)}</code></td><td><code>${h(a.phoneNumberId)}</code></td><td>${h(a.qualityRating)}</td>
<td><span class="st ${a.subscribed ? 'ok' : 'bad'}">${h(a.subscribed ? t.yes : t.no)}</span>
<button data-post="/__control/subscriptions" data-body="${h(JSON.stringify({ wabaId: a.wabaId, subscribed: !a.subscribed }))}">${h(a.subscribed ? t.unsubscribe : t.subscribe)}</button></td>
<td><div class="token"><input type="text" readonly id="${tokenId}" value="${h(a.accessToken)}" aria-label="${h(`${t.accessToken} ${a.displayPhoneNumber}`)}"><button type="button" data-copy="${tokenId}">${h(t.copy)}</button></div></td></tr>`;
    })
    .join('\n');
  return `<section class="panel" aria-labelledby="numbers-title"><h2 id="numbers-title">${h(t.numbers)}</h2>
<table class="data"><thead><tr><th scope="col">${h(t.number)}</th><th scope="col">${h(t.verifiedName)}</th><th scope="col">${h(t.waba)}</th><th scope="col">${h(t.phoneNumberId)}</th><th scope="col">${h(t.quality)}</th><th scope="col">${h(t.subscribed)}</th><th scope="col">${h(t.accessToken)}</th></tr></thead>
<tbody>${rows}</tbody></table>
<p class="controls"><button data-post="/__control/accounts">${h(t.addNumber)}</button></p></section>`;
}

function attemptsCell(d: DeliveryRecord, lang: Lang): string {
  const t = texts(lang);
  const attempts = d.attempts
    .map((a) => {
      const good = a.status !== null && a.status >= 200 && a.status < 300;
      return `<div class="attempt"><span class="${good ? 'good' : 'fail'}">#${a.attempt} ${h(a.status ?? a.error ?? '—')}</span> <span class="muted">${h(a.at.slice(11, 23))} · ${a.durationMs} ms</span></div>`;
    })
    .join('');
  const next = d.nextRetryAt
    ? `<div class="muted">${h(t.nextRetry)} ${h(d.nextRetryAt.slice(11, 23))}</div>`
    : '';
  return `${attempts}${next}${d.reason ? `<div class="muted small">${h(d.reason)}</div>` : ''}`;
}

function webhookPanel(lang: Lang, ctx: PageContext, notice?: { ok: boolean; text: string }): string {
  const t = texts(lang);
  const w = ctx.webhook;
  const v = w.lastVerification;
  const status = !w.url
    ? `<span class="st bad">${h(t.notVerified)}</span> <span class="muted">${h(t.noUrl)}</span>`
    : `<span class="st ${w.verified ? 'ok' : 'bad'}" id="webhook-verified">${h(w.verified ? t.verified : t.notVerified)}</span>`;
  const last = v
    ? `<span class="muted">${h(v.at.replace('T', ' ').slice(0, 19))} · <code>${h(v.url)}</code> · ${h(v.reason)}</span>`
    : '—';
  const deliveries = ctx.engine.webhooks.records.slice(-30).reverse();
  const table = deliveries.length
    ? `<table class="data"><thead><tr><th scope="col">${h(t.time)}</th><th scope="col">${h(t.field)}</th><th scope="col">${h(t.content)}</th><th scope="col">${h(t.state)}</th><th scope="col">${h(t.attempts)}</th></tr></thead><tbody>${deliveries
        .map(
          (d) =>
            `<tr><td>${h(d.createdAt.slice(11, 19))}</td><td><code>${h(d.field)}</code></td><td>${h(d.summary)} <span class="muted small">WABA ${h(d.wabaId)}</span></td><td><span class="st ${h(d.state)}">${h(t.deliveryStates[d.state] ?? d.state)}</span></td><td>${attemptsCell(d, lang)}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : `<p class="empty">${h(t.noDeliveries)}</p>`;
  return `<section class="panel" id="webhook" aria-labelledby="webhook-title"><h2 id="webhook-title">${h(t.webhook)}</h2>
${notice ? `<p class="notice ${notice.ok ? 'ok' : 'bad'}" role="${notice.ok ? 'status' : 'alert'}">${h(notice.text)}</p>` : ''}
<table><tbody>
<tr><th scope="row">${h(t.appId)}</th><td><code>${h(w.appId)}</code></td></tr>
<tr><th scope="row">${h(t.callbackUrl)}</th><td>${w.url ? `<code>${h(w.url)}</code>` : '—'} ${status}</td></tr>
<tr><th scope="row">${h(t.verifyToken)}</th><td><code>${h(w.verifyToken)}</code></td></tr>
<tr><th scope="row">${h(t.appSecret)}</th><td><code>${h(w.appSecret)}</code></td></tr>
<tr><th scope="row">${h(t.lastCheck)}</th><td>${last}</td></tr>
</tbody></table>
<h3>${h(t.verifySave)}</h3>
<p class="muted small">${h(t.verifyHint)}</p>
<form method="post" action="/page/webhook" class="grid">
<input type="hidden" name="hl" value="${lang}">
<label>${h(t.callbackUrl)} <input type="url" name="url" required value="${h(w.url ?? '')}"></label>
<label>${h(t.verifyToken)} <input type="text" name="verify_token" required value="${h(w.verifyToken)}"></label>
<button type="submit" class="primary">${h(t.verifySave)}</button>
</form>
<h3>${h(t.deliveries)}</h3>
${table}
</section>`;
}

function controlsPanel(lang: Lang, ctx: PageContext): string {
  const t = texts(lang);
  const on = ctx.engine.autoStatuses;
  const pending = ctx.engine.failures.reduce((n, f) => n + f.remaining, 0);
  return `<section class="panel" aria-labelledby="controls-title"><h2 id="controls-title">${h(t.controls)}</h2><div class="controls">
<span>${h(t.autoStatuses(on))}</span>
<button data-post="/__control/auto-statuses" data-body='${JSON.stringify({ enabled: !on })}'>${h(on ? t.turnOff : t.turnOn)}</button>
<button data-post="/__control/failures" data-body='{"code":130429,"count":1}'>${h(t.failNext)}</button>
<span class="muted small">${h(t.pendingFailures(pending))}</span>
<button data-post="/__control/reset" data-confirm="${h(t.resetConfirm)}">${h(t.reset)}</button>
</div></section>`;
}

function templateText(tpl: Template): string {
  return tpl.components
    .map((c) =>
      c.type === 'BUTTONS' ? (c.buttons ?? []).map((b) => `[${b.text}]`).join(' ') : (c.text ?? ''),
    )
    .filter(Boolean)
    .join('\n');
}

function templatesPanel(lang: Lang, ctx: PageContext, accounts: Account[]): string {
  const t = texts(lang);
  const sections = accounts
    .map((a) => {
      const list = ctx.engine.state.templates.filter((x) => x.wabaId === a.wabaId);
      const rows = list
        .map((tpl) => {
          const hidden = `<input type="hidden" name="hl" value="${lang}"><input type="hidden" name="id" value="${h(tpl.id)}">`;
          const form = (status: string, label: string, extra = '') =>
            `<form method="post" action="/page/template-status">${hidden}<input type="hidden" name="status" value="${status}">${extra}<button type="submit">${h(label)}</button></form>`;
          const actions = [
            tpl.status !== 'APPROVED' ? form('APPROVED', t.approve) : '',
            tpl.status !== 'REJECTED'
              ? form(
                  'REJECTED',
                  t.reject,
                  `<label>${h(t.rejectReason)} <input type="text" name="reason" placeholder="INVALID_FORMAT"></label>`,
                )
              : '',
            tpl.status === 'APPROVED' ? form('PAUSED', t.pause) : '',
          ].join('');
          return `<tr id="template-${h(tpl.id)}"><td><code>${h(tpl.name)}</code></td><td>${h(tpl.language)}</td><td>${h(tpl.category)}</td><td><span class="st ${h(tpl.status)}">${h(t.templateStatus[tpl.status] ?? tpl.status)}</span></td><td><div class="preview">${h(templateText(tpl))}</div></td><td>${tpl.reason !== 'NONE' ? h(tpl.reason) : '—'}</td><td><div class="tpl-actions">${actions}</div></td></tr>`;
        })
        .join('\n');
      return `<h3>${h(t.templatesOf(a.verifiedName, a.wabaId))}</h3>${
        list.length
          ? `<table class="data"><thead><tr><th scope="col">${h(t.name)}</th><th scope="col">${h(t.language)}</th><th scope="col">${h(t.category)}</th><th scope="col">${h(t.status)}</th><th scope="col">${h(t.content)}</th><th scope="col">${h(t.reason)}</th><th scope="col">${h(t.actions)}</th></tr></thead><tbody>${rows}</tbody></table>`
          : `<p class="empty">${h(t.noTemplates)}</p>`
      }`;
    })
    .join('\n');
  return `<section class="panel" id="templates" aria-labelledby="templates-title"><h2 id="templates-title">${h(t.templates)}</h2>${sections}</section>`;
}

function chatHref(phoneNumberId: string, waId: string, lang: Lang): string {
  return `/chat?phone_number_id=${encodeURIComponent(phoneNumberId)}&wa_id=${encodeURIComponent(waId)}&hl=${lang}`;
}

function chatsPanel(lang: Lang, ctx: PageContext, accounts: Account[]): string {
  const t = texts(lang);
  const { state } = ctx.engine;
  const chats = new Map<string, ChatMessage[]>();
  for (const m of state.messages) {
    const key = `${m.phoneNumberId}:${m.waId}`;
    const list = chats.get(key) ?? [];
    list.push(m);
    chats.set(key, list);
  }
  const items = [...chats.values()]
    .sort((a, b) => b[b.length - 1].timestamp - a[a.length - 1].timestamp)
    .map((list) => {
      const last = list[list.length - 1];
      const contact = state.contact(last.phoneNumberId, last.waId);
      const name = contact?.profileName || formatWaId(last.waId);
      const business = state.accountOfPhone(last.phoneNumberId);
      return `<li><a href="${h(chatHref(last.phoneNumberId, last.waId, lang))}" aria-label="${h(`${t.openChat}: ${name} ${formatWaId(last.waId)}`)}"><span class="avatar" aria-hidden="true">${h(name.slice(0, 1).toUpperCase())}</span>
<span class="chat-line"><strong>${h(name)}</strong> <span class="muted small">${h(formatWaId(last.waId))} · ${h(t.withBusiness(business?.displayPhoneNumber ?? last.phoneNumberId))} · ${h(t.messageCount(list.length))}</span>
<span class="last" style="display:block">${last.direction === 'outbound' ? '↪ ' : ''}${h(last.text)}</span></span>
<span class="muted small">${h(formatTime(last.timestamp, lang))}</span></a></li>`;
    })
    .join('\n');
  const options = accounts
    .map(
      (a) =>
        `<option value="${h(a.phoneNumberId)}">${h(`${a.displayPhoneNumber} · ${a.verifiedName}`)}</option>`,
    )
    .join('');
  return `<section class="panel" id="chats" aria-labelledby="chats-title"><h2 id="chats-title">${h(t.conversations)}</h2>
${items ? `<ul class="chats">${items}</ul>` : `<p class="empty">${h(t.noConversations)}</p>`}
<h3>${h(t.writeNew)}</h3>
<p class="muted small">${h(t.writeHint)}</p>
<form method="post" action="/page/inbound" class="grid">
<input type="hidden" name="hl" value="${lang}">
<label>${h(t.toBusiness)} <select name="phone_number_id">${options}</select></label>
<label>${h(t.from)} <input type="tel" name="from" required placeholder="+504 9999-8888"></label>
<label>${h(t.profileName)} <input type="text" name="name"></label>
<label class="wide">${h(t.message)} <textarea name="text" rows="2" required></textarea></label>
<button type="submit" class="primary">${h(t.send)}</button>
</form></section>`;
}

export interface HomeView {
  lang: Lang;
  notice?: { ok: boolean; text: string };
  error?: string;
}

export function renderHome(ctx: PageContext, view: HomeView): string {
  const { lang } = view;
  const t = texts(lang);
  const accounts = [...ctx.engine.state.accounts.values()];
  return layout(
    lang,
    `${t.title} · Trato`,
    `<main>
${topHeader(lang, ctx, '/')}
${view.error ? `<p class="notice bad" role="alert">${h(t.error)}: ${h(view.error)}</p>` : ''}
${chatsPanel(lang, ctx, accounts)}
${numbersPanel(lang, accounts)}
${webhookPanel(lang, ctx, view.notice)}
${templatesPanel(lang, ctx, accounts)}
${controlsPanel(lang, ctx)}
</main>`,
  );
}

// --- One chat --------------------------------------------------------------------------------

function ticks(m: ChatMessage, lang: Lang): string {
  const t = texts(lang);
  const status = currentStatus(m);
  const label = t.ticks[status];
  const glyph = { accepted: '🕓', sent: '✓', delivered: '✓✓', read: '✓✓', failed: '!' }[status];
  return `<span class="ticks ${status}" role="img" aria-label="${h(label)}" title="${h(label)}" data-status="${status}">${glyph}</span>`;
}

function bubble(m: ChatMessage, lang: Lang, account: Account): string {
  const t = texts(lang);
  const time = `<time datetime="${new Date(m.timestamp * 1000).toISOString()}">${h(formatTime(m.timestamp, lang))}</time>`;
  if (m.direction === 'inbound') {
    const read = m.readAt
      ? `<span class="ticks read" role="img" aria-label="${h(t.readByBusiness)}" title="${h(t.readByBusiness)}">✓✓</span>`
      : `<span class="ticks" role="img" aria-label="${h(t.notReadByBusiness)}" title="${h(t.notReadByBusiness)}">✓✓</span>`;
    const content =
      m.type === 'button'
        ? `<p class="button-reply">↩ ${h(m.button?.text ?? m.text)}</p>`
        : `<p>${h(m.text)}</p>`;
    return `<li class="in" id="m-${h(m.id)}"><div class="bubble">${content}<div class="meta">${time} ${read}</div></div></li>`;
  }
  const status = currentStatus(m);
  const failed = m.statuses.filter((s) => s.status === 'failed').pop();
  const reason = failed?.errors?.[0];
  const tpl = m.template;
  const content = tpl
    ? `<p class="tpl-label">${h(t.template)} · <code>${h(tpl.name)}</code> (${h(tpl.language)})</p>${tpl.header ? `<p><strong>${h(tpl.header)}</strong></p>` : ''}<p>${h(tpl.body)}</p>${tpl.footer ? `<p class="tpl-footer">${h(tpl.footer)}</p>` : ''}`
    : `<p>${h(m.text)}</p>`;
  const quick =
    tpl && tpl.buttons.length && status !== 'failed'
      ? `<div class="quick" role="group" aria-label="${h(t.quickReplies)}">${tpl.buttons
          .map(
            (b) =>
              `<form method="post" action="/page/inbound"><input type="hidden" name="hl" value="${lang}"><input type="hidden" name="phone_number_id" value="${h(account.phoneNumberId)}"><input type="hidden" name="from" value="${h(m.waId)}"><input type="hidden" name="button_text" value="${h(b.text)}"><input type="hidden" name="button_payload" value="${h(b.payload)}"><input type="hidden" name="context_id" value="${h(m.id)}"><input type="hidden" name="back" value="chat"><button type="submit">↩ ${h(b.text)}</button></form>`,
          )
          .join('')}</div>`
      : '';
  return `<li class="out" id="m-${h(m.id)}"><div class="bubble">${content}<div class="meta">${time} ${ticks(m, lang)}</div>${
    reason ? `<p class="fail-reason">${h(t.ticks.failed)}: ${h(reason.code)} ${h(reason.title)}</p>` : ''
  }</div>${quick}</li>`;
}

export interface ChatView {
  lang: Lang;
  phoneNumberId: string;
  waId: string;
  error?: string;
}

export function renderChat(ctx: PageContext, view: ChatView): string | null {
  const { lang, phoneNumberId, waId } = view;
  const t = texts(lang);
  const { state } = ctx.engine;
  const account = state.accountOfPhone(phoneNumberId);
  if (!account) return null;
  const contact = state.contact(phoneNumberId, waId);
  const name = contact?.profileName || formatWaId(waId);
  const messages = state.chat(phoneNumberId, waId);
  const last = contact?.lastInboundAt ?? null;
  const now = Math.floor(Date.now() / 1000);
  const window =
    last !== null && now - last <= ctx.serviceWindowSeconds
      ? t.windowOpen(formatTime(last + ctx.serviceWindowSeconds, lang))
      : t.windowClosed;
  const self = chatHref(phoneNumberId, waId, lang).replace(/&hl=\w+$/, '');
  return layout(
    lang,
    `${t.chatTitle(name)} · ${t.title}`,
    `<main>
${topHeader(lang, ctx, self)}
<p><a href="/?hl=${lang}#chats">${h(t.back)}</a></p>
${view.error ? `<p class="notice bad" role="alert">${h(t.error)}: ${h(view.error)}</p>` : ''}
<section class="phone" aria-labelledby="chat-title">
<header><span class="avatar" aria-hidden="true">${h(name.slice(0, 1).toUpperCase())}</span><div><h2 id="chat-title">${h(t.chatTitle(name))}</h2><div class="sub">${h(formatWaId(waId))} · ${h(t.withBusiness(`${account.verifiedName} ${account.displayPhoneNumber}`))}</div></div></header>
<p class="window">${h(window)}${state.onWhatsApp(waId) ? '' : ` · ${h(t.notOnWhatsApp)}`}</p>
<p class="muted small" style="margin:6px 12px 0">${h(t.chatIntro)}</p>
<ol class="messages" aria-label="${h(t.conversations)}">
${messages.map((m) => bubble(m, lang, account)).join('\n')}
</ol>
<div class="compose">
<form method="post" action="/page/inbound" class="grid" aria-label="${h(t.replyAs)}">
<input type="hidden" name="hl" value="${lang}">
<input type="hidden" name="phone_number_id" value="${h(phoneNumberId)}">
<input type="hidden" name="from" value="${h(waId)}">
<input type="hidden" name="back" value="chat">
<label>${h(t.profileName)} <input type="text" name="name" value="${h(contact?.profileName ?? '')}"></label>
<label class="wide">${h(t.replyAs)} <textarea name="text" rows="2" required></textarea></label>
<button type="submit" class="primary">${h(t.send)}</button>
</form>
</div>
</section>
</main>`,
  );
}
