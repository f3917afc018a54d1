/**
 * The local Google's HTML: the consent page (account choice, scopes, Allow / Deny), Google's
 * "Access blocked" error page, and the developer page at `/` with the local mailbox. Plain
 * server-rendered HTML in Spanish or English; every value is escaped, and message bodies (HTML
 * included) are shown as text, never rendered.
 */
import { escapeHtml, htmlPage, POST_BUTTONS_SCRIPT } from '../standInHtml.js';
import { formatDateTime, texts, type Lang } from './i18n.js';
import type { AuthError, AuthRequest } from './oauth.js';
import { USERINFO_EMAIL, USERINFO_PROFILE } from './oauth.js';
import type { Grant, MailAddress, MailMessage } from './state.js';

const h = escapeHtml;

const BASE_CSS = `
*{box-sizing:border-box}
body{margin:0;font:14px/1.5 Roboto,"Segoe UI",Arial,sans-serif;color:#1f1f1f;background:#f0f4f9}
a{color:#0b57d0}
.badge{display:inline-block;font-size:11px;font-weight:600;letter-spacing:.02em;text-transform:uppercase;padding:2px 8px;border-radius:4px;background:#fde293;color:#7a4d00;margin-left:8px}
.muted{color:#5e5e5e}.small{font-size:12px}
.logo{font-size:22px;font-weight:500;letter-spacing:-.5px}
.logo b:nth-child(1){color:#4285f4}.logo b:nth-child(2){color:#ea4335}.logo b:nth-child(3){color:#fbbc05}.logo b:nth-child(4){color:#4285f4}.logo b:nth-child(5){color:#34a853}.logo b:nth-child(6){color:#ea4335}
.logo b{font-weight:500}
`;

const LOGO = '<span class="logo"><b>G</b><b>o</b><b>o</b><b>g</b><b>l</b><b>e</b></span>';

const CARD_CSS = `
.card{max-width:760px;margin:6vh auto;background:#fff;border-radius:28px;padding:36px 40px}
h1{font-size:28px;font-weight:400;margin:18px 0 6px}
.sub{font-size:16px;margin:0 0 24px}
.accounts{list-style:none;padding:0;margin:0 0 16px;border-top:1px solid #e0e3e7}
.accounts li{border-bottom:1px solid #e0e3e7}
.accounts label{display:flex;align-items:center;gap:12px;padding:12px 4px;cursor:pointer}
.avatar{display:inline-flex;align-items:center;justify-content:center;width:32px;height:32px;border-radius:50%;background:#0b57d0;color:#fff;font-weight:500}
input[type=email]{font:inherit;padding:10px 12px;border:1px solid #747775;border-radius:4px;width:100%;max-width:360px}
.scopes{margin:8px 0 20px;padding:0;list-style:none}
.scopes li{padding:8px 0;border-bottom:1px solid #e0e3e7}
.scopes label{display:flex;gap:10px;align-items:flex-start}
.scopes code{display:block;margin:2px 0 0 26px;word-break:break-all}
.actions{display:flex;justify-content:flex-end;gap:12px;margin-top:24px}
button{font:inherit;font-weight:500;border-radius:20px;padding:10px 24px;cursor:pointer}
.allow{background:#0b57d0;color:#fff;border:0}.deny{background:#fff;color:#0b57d0;border:1px solid #747775}
.error{background:#fce8e6;color:#8c1d18;border-radius:8px;padding:10px 12px;margin:0 0 16px}
.note{font-size:12px;color:#5e5e5e;margin-top:24px}
dl{font:12px/1.5 ui-monospace,Menlo,monospace;background:#f8fafd;border-radius:8px;padding:10px 14px;word-break:break-all}
dt{font-weight:700;display:inline}dd{display:inline;margin:0}dd::after{content:"";display:block}
@media (max-width:600px){.card{margin:0;border-radius:0;padding:24px 20px;min-height:100vh}h1{font-size:24px}}
`;

function layout(lang: Lang, title: string, css: string, body: string): string {
  return htmlPage(lang, title, BASE_CSS + css, body);
}

const IDENTITY_SCOPES = ['openid', USERINFO_EMAIL, USERINFO_PROFILE];

export interface ConsentView {
  request: AuthRequest;
  /** The original query string, posted back with the decision. */
  query: string;
  accounts: string[];
  lang: Lang;
  error?: string;
  /** What the person typed, when re-shown after an error. */
  typed?: string;
}

export function renderConsent(view: ConsentView): string {
  const { request, lang } = view;
  const t = texts(lang);
  const app = request.client.name;
  const hint = (view.typed ?? request.loginHint ?? '').trim().toLowerCase();
  const listed = view.accounts.includes(hint);
  const selected = listed ? hint : hint ? '__other' : (view.accounts[0] ?? '__other');
  const accounts = view.accounts
    .map(
      (
        a,
      ) => `<li><label><input type="radio" name="account" value="${h(a)}"${a === selected ? ' checked' : ''}>
<span class="avatar">${h(a.slice(0, 1).toUpperCase())}</span><span>${h(a)}</span></label></li>`,
    )
    .join('\n');
  const scopes = request.scopes
    .map((s) => {
      const name = t.scopeNames[s] ?? s;
      // Granular consent, as Google's screen has it: identity scopes come with the sign-in.
      const box = IDENTITY_SCOPES.includes(s)
        ? '<input type="checkbox" checked disabled>'
        : `<input type="checkbox" name="grant_scope" value="${h(s)}" checked>`;
      return `<li><label>${box}<span>${h(name)}</span></label><code class="muted small">${h(s)}</code></li>`;
    })
    .join('\n');
  return layout(
    lang,
    `${t.signIn} · ${t.localGoogle}`,
    CARD_CSS,
    `<main class="card">
<div>${LOGO} <span class="muted">${h(t.signIn)}</span><span class="badge">${h(t.localGoogle)} · ${h(t.testMode)}</span></div>
<form method="post" action="/signin/oauth/consent">
<input type="hidden" name="request" value="${h(view.query)}">
<input type="hidden" name="granular" value="1">
<h1>${h(t.chooseAccount)}</h1>
<p class="sub">${h(t.toContinue(app))}</p>
${view.error ? `<p class="error" role="alert">${h(view.error)}</p>` : ''}
<ul class="accounts">
${accounts}
<li><label><input type="radio" name="account" value="__other"${selected === '__other' ? ' checked' : ''}>
<span>${h(t.otherAccount)}</span></label>
<div style="padding:0 4px 12px 28px"><input type="email" name="other_email" id="other_email" autocomplete="off" placeholder="${h(t.otherAccountPlaceholder)}" value="${h(selected === '__other' ? hint : '')}" aria-label="${h(t.otherAccount)}"></div></li>
</ul>
<h1 style="font-size:20px">${h(t.wantsAccess(app))}</h1>
<p class="muted">${h(t.willAllow(app))}</p>
<ul class="scopes">
${scopes}
</ul>
<p class="muted small">${h(t.trust(app))}</p>
<div class="actions">
<button type="submit" name="decision" value="deny" class="deny" id="deny">${h(t.deny)}</button>
<button type="submit" name="decision" value="allow" class="allow" id="allow">${h(t.allow)}</button>
</div>
</form>
<p class="note">${h(t.localNote)}</p>
</main>
<script>
document.getElementById('other_email').addEventListener('input', () => {
  document.querySelector('input[name=account][value=__other]').checked = true;
});
</script>`,
  );
}

export function renderAuthError(error: AuthError, lang: Lang): string {
  const t = texts(lang);
  const details = error.params.map(([k, v]) => `<dt>${h(k)}=</dt><dd>${h(v)}</dd>`).join('');
  return layout(
    lang,
    `${t.errorLine(error.status, error.error)} · ${t.localGoogle}`,
    CARD_CSS,
    `<main class="card">
<div>${LOGO}<span class="badge">${h(t.localGoogle)} · ${h(t.testMode)}</span></div>
<h1>${h(t.blocked)}</h1>
<p class="sub" id="error-code"><strong>${h(t.errorLine(error.status, error.error))}</strong></p>
<p id="error-description">${h(error.description)}</p>
<p class="muted">${h(t.developerHint)}</p>
${details ? `<p class="muted small">${h(t.requestDetails)}:</p><dl>${details}</dl>` : ''}
</main>`,
  );
}

// --- The developer page: the local mailbox -------------------------------------------------

const MAILBOX_CSS = `
main{max-width:1100px;margin:0 auto;padding:24px 20px 60px}
header{display:flex;flex-wrap:wrap;align-items:center;gap:12px;margin-bottom:6px}
header h1{font-size:22px;font-weight:400;margin:0}
.panel{background:#fff;border-radius:16px;padding:16px 20px;margin:16px 0;overflow-x:auto}
.panel h2{font-size:13px;text-transform:uppercase;letter-spacing:.05em;color:#5e5e5e;margin:0 0 10px}
.controls{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
.controls button{font:inherit;border:1px solid #c4c7c5;background:#fff;border-radius:16px;padding:5px 12px;cursor:pointer}
.controls button:hover{border-color:#0b57d0;color:#0b57d0}
table{width:100%;border-collapse:collapse;font-size:13px}
th,td{text-align:left;padding:6px 10px 6px 0;border-bottom:1px solid #eef0f3;vertical-align:top}
th{color:#5e5e5e;font-weight:500;white-space:nowrap}
code,pre{font:12px/1.45 ui-monospace,SFMono-Regular,Menlo,monospace}
.message{background:#fff;border-radius:16px;padding:16px 20px;margin:12px 0}
.message h3{font-size:17px;font-weight:500;margin:0 0 6px;word-break:break-word}
.fields{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0 0 10px;font-size:13px}
.fields dt{color:#5e5e5e}.fields dd{margin:0;word-break:break-word}
pre{white-space:pre-wrap;word-break:break-word;background:#f8fafd;border-radius:8px;padding:10px 12px;margin:6px 0;max-height:420px;overflow:auto}
details{margin:6px 0}summary{cursor:pointer;color:#0b57d0}
.warn{background:#fef7e0;color:#7a4d00;border-radius:8px;padding:8px 12px;margin:6px 0}
.st{display:inline-block;font-size:11px;font-weight:600;padding:1px 8px;border-radius:9px;background:#c4eed0;color:#0d652d}
.st.revoked{background:#e3e3e3;color:#444}
.empty{color:#747775;font-style:italic}
.mailbox-title{font-size:16px;font-weight:500;margin:24px 0 4px}
.labels{margin:0 0 6px}
.label{display:inline-block;font-size:11px;font-weight:600;padding:1px 8px;border-radius:9px;background:#e3e3e3;color:#444}
.label-sent{background:#d3e3fd;color:#041e49}.label-inbox{background:#c4eed0;color:#0d652d}.label-unread{background:#fde293;color:#7a4d00}
.actions-row{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-end;border-top:1px solid #eef0f3;padding-top:10px;margin-top:8px}
.actions-row form.reply{display:flex;flex-direction:column;gap:4px;flex:1;min-width:240px}
form.write{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:8px 12px;align-items:end}
form.write label{display:flex;flex-direction:column;gap:2px;font-size:12px;color:#5e5e5e}
form.write .wide{grid-column:1/-1}
textarea,form.write input,form.write select{font:inherit;padding:6px 8px;border:1px solid #c4c7c5;border-radius:8px;width:100%}
.actions-row button,form.write button{font:inherit;border:1px solid #c4c7c5;background:#fff;border-radius:16px;padding:5px 12px;cursor:pointer;justify-self:start}
`;

const addressText = (list: MailAddress[]) =>
  list.map((a) => (a.name ? `${a.name} <${a.address}>` : a.address)).join(', ');

export interface MailboxView {
  lang: Lang;
  serverUrl: string;
  /** Every mailbox's messages, newest first. */
  messages: MailMessage[];
  /** The accounts with a mailbox (the write form's choices), configured ones first. */
  accounts: string[];
  /** Each mailbox's current historyId. */
  historyIds: Record<string, string>;
  grants: Grant[];
  pendingFailures: number;
  /** A refused form (shown at the top). */
  error?: string;
}

function renderMessage(m: MailMessage, lang: Lang): string {
  const t = texts(lang);
  const row = (label: string, value: string) => (value ? `<dt>${h(label)}</dt><dd>${h(value)}</dd>` : '');
  const warnings = m.warnings.map((w) => `<p class="warn">${h(w)}</p>`).join('');
  const headers = m.headers
    .map((x) => `<tr><th>${h(x.name)}</th><td><code>${h(x.value)}</code></td></tr>`)
    .join('');
  const attachments = m.attachments.length
    ? `<details><summary>${h(t.attachments)} (${m.attachments.length})</summary><ul>${m.attachments
        .map(
          (a) =>
            `<li>${h(a.filename ?? '—')} <span class="muted">${h(a.contentType)}, ${a.size} B</span></li>`,
        )
        .join('')}</ul></details>`
    : '';
  const labels = m.labelIds
    .map((l) => `<span class="label label-${h(l.toLowerCase())}">${h(t.labelNames[l] ?? l)}</span>`)
    .join(' ');
  const recipient = m.to[0] ?? m.cc[0] ?? m.bcc[0];
  const actions =
    m.labelIds.includes('SENT') && recipient
      ? `<div class="actions-row">
<form method="post" action="/mailbox/reply" class="reply">
<input type="hidden" name="id" value="${h(m.id)}"><input type="hidden" name="hl" value="${lang}">
<label for="reply-${h(m.id)}">${h(t.replyAsRecipient)} (${h(recipient.address)})</label>
<textarea id="reply-${h(m.id)}" name="text" rows="2" placeholder="${h(t.replyPlaceholder)}"></textarea>
<button type="submit">${h(t.reply)}</button>
</form>
<form method="post" action="/mailbox/bounce" class="bounce" title="${h(t.bounceHint)}">
<input type="hidden" name="id" value="${h(m.id)}"><input type="hidden" name="hl" value="${lang}">
<button type="submit">${h(t.bounce)}</button>
</form>
</div>`
      : '';
  return `<article class="message" id="m-${h(m.id)}">
<h3 class="subject">${h(m.subject || t.noSubject)}</h3>
<p class="labels">${labels}</p>
<dl class="fields">
${row(t.from, addressText(m.from))}
${row(t.to, addressText(m.to))}
${row(t.cc, addressText(m.cc))}
${row(t.bcc, addressText(m.bcc))}
${row(t.date, m.date ? formatDateTime(m.date, lang) : '')}
${row(m.labelIds.includes('SENT') ? t.sentAt : t.receivedAt, formatDateTime(m.sentAt, lang))}
${row(t.account, m.account)}
</dl>
${warnings}
${m.text !== null ? `<div class="muted small">${h(t.text)}</div><pre class="text">${h(m.text.trimEnd())}</pre>` : ''}
${m.html !== null ? `<details><summary>${h(t.htmlSource)}</summary><pre class="html">${h(m.html)}</pre></details>` : ''}
${attachments}
<details><summary>${h(t.headers)} (${m.headers.length})</summary><table>${headers}</table></details>
<p class="small"><a href="/__control/messages/${h(m.id)}/raw">${h(t.raw)}</a> · <code class="muted">id ${h(m.id)} · thread ${h(m.threadId)} · historyId ${h(m.historyId)}</code></p>
${actions}
</article>`;
}

export function renderMailbox(view: MailboxView): string {
  const { lang } = view;
  const t = texts(lang);
  const other = lang === 'es' ? 'en' : 'es';
  const byAccount = new Map<string, MailMessage[]>();
  for (const m of view.messages) {
    const list = byAccount.get(m.account) ?? [];
    list.push(m);
    byAccount.set(m.account, list);
  }
  const order = [
    ...view.accounts.filter((a) => byAccount.has(a)),
    ...[...byAccount.keys()].filter((a) => !view.accounts.includes(a)),
  ];
  const messages = view.messages.length
    ? order
        .map((account) => {
          const list = byAccount.get(account)!;
          const historyId = view.historyIds[account];
          return `<section class="mailbox" id="mailbox-${h(account)}">
<h2 class="mailbox-title">${h(t.mailboxOf(account))} <span class="muted small">${h(t.messageCount(list.length))}${historyId ? ` · historyId ${h(historyId)}` : ''}</span></h2>
${list.map((m) => renderMessage(m, lang)).join('\n')}
</section>`;
        })
        .join('\n')
    : `<p class="empty">${h(t.noMessages)}</p>`;
  const write = `<section class="panel" id="write"><h2>${h(t.writeTitle)}</h2>
<p class="muted small">${h(t.writeHint)}</p>
<form method="post" action="/mailbox/write" class="write">
<input type="hidden" name="hl" value="${lang}">
<label>${h(t.writeFrom)} <input type="email" name="from" required placeholder="cliente@example.org"></label>
<label>${h(t.writeFromName)} <input type="text" name="from_name"></label>
<label>${h(t.writeTo)} <select name="to">${view.accounts.map((a) => `<option value="${h(a)}">${h(a)}</option>`).join('')}</select></label>
<label>${h(t.subject)} <input type="text" name="subject"></label>
<label class="wide">${h(t.text)} <textarea name="text" rows="3"></textarea></label>
<button type="submit">${h(t.writeSend)}</button>
</form></section>`;
  const grants = view.grants.length
    ? `<table><thead><tr><th>${h(t.account)}</th><th>${h(t.client)}</th><th>${h(t.scopes)}</th><th>${h(t.created)}</th><th>${h(t.status)}</th><th></th></tr></thead><tbody>${view.grants
        .map((g) => {
          const live = g.revokedAt === null;
          return `<tr><td>${h(g.email)}</td><td><code>${h(g.clientId)}</code></td><td><code>${h(g.scopes.join(' '))}</code></td><td>${h(formatDateTime(new Date(g.createdAt).toISOString(), lang))}</td><td><span class="st${live ? '' : ' revoked'}">${h(live ? t.active : t.revoked)}</span></td><td>${
            live
              ? `<button data-post="/__control/revoke" data-body="${h(JSON.stringify({ email: g.email, clientId: g.clientId }))}">${h(t.revoke)}</button>`
              : ''
          }</td></tr>`;
        })
        .join('')}</tbody></table>`
    : `<p class="empty">${h(t.noConnections)}</p>`;
  return layout(
    lang,
    `${t.mailboxTitle} · Trato`,
    MAILBOX_CSS,
    `<main>
<header>${LOGO}<h1>${h(t.mailboxTitle)}</h1><span class="badge">${h(t.localGoogle)} · ${h(t.testMode)}</span>
<a href="/?hl=${other}">${h(t.otherLang)}</a> · <a href="/?hl=${lang}">${h(t.refresh)}</a> · <a href="/__control/messages">messages.json</a></header>
<p class="muted">${h(t.mailboxIntro)} <code>${h(view.serverUrl)}</code></p>
${view.error ? `<p class="warn" role="alert">${h(t.error)}: ${h(view.error)}</p>` : ''}
<section class="panel"><h2>${h(t.controls)}</h2><div class="controls">
<button data-post="/__control/failures" data-body='{"status":429,"count":1}'>${h(t.failNext429)}</button>
<button data-post="/__control/failures" data-body='{"status":500,"count":1}'>${h(t.failNext500)}</button>
<button data-post="/__control/failures" data-body='{"status":429,"count":1,"target":"read"}'>${h(t.failNextRead429)}</button>
<button data-post="/__control/tokens/expire">${h(t.expireTokens)}</button>
<button data-post="/__control/messages/clear">${h(t.clearMailbox)}</button>
<button data-post="/__control/reset" data-confirm="${h(t.resetConfirm)}">${h(t.reset)}</button>
<span class="muted small">${h(t.pendingFailures(view.pendingFailures))}</span>
</div></section>
${write}
<section id="messages">
${messages}
</section>
<section class="panel"><h2>${h(t.connections)}</h2>${grants}</section>
</main>
${POST_BUTTONS_SCRIPT}`,
  );
}
