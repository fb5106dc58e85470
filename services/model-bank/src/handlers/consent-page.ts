import type { ConsentWording } from './consent-wording.js';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The pages' one style sheet (inline under the page's CSP nonce). Colours keep WCAG AA contrast:
 * #1b2a3a on #f4f6f8, white on #0b4f8a, #0b4f8a on white; focus is always visible.
 */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1b2a3a;background:#f4f6f8}
header{background:#0b2740;color:#fff;padding:12px 24px;display:flex;flex-wrap:wrap;gap:8px 24px;align-items:baseline}
header .brand{font-weight:700;font-size:20px;margin:0}
header .note{margin:0;font-size:14px;color:#e3ebf3}
main{max-width:640px;margin:32px auto;padding:0 16px}
.card{background:#fff;border:1px solid #d5dde5;border-radius:8px;padding:24px}
h1{font-size:26px;line-height:1.25;margin:0 0 12px}
h2{font-size:18px;margin:24px 0 8px}
p{margin:0 0 12px}
dl{margin:0}
dl div{display:grid;grid-template-columns:12em 1fr;gap:8px;padding:10px 0;border-top:1px solid #e4e9ee}
dt{font-weight:600}
dd{margin:0}
dd ul{margin:0;padding-left:20px}
.detail{color:#4a5a6a;font-size:14px}
.actions{display:flex;flex-wrap:wrap;gap:12px;margin-top:24px}
button{font:inherit;font-weight:600;padding:12px 28px;border-radius:6px;cursor:pointer;border:2px solid #0b4f8a}
button.approve{background:#0b4f8a;color:#fff}
button.decline{background:#fff;color:#0b4f8a}
button:hover{text-decoration:underline}
button:focus-visible{outline:3px solid #f2a900;outline-offset:2px}
.small{font-size:14px;color:#4a5a6a;margin-top:16px}
@media (max-width:520px){dl div{grid-template-columns:1fr}}
`;

function page(title: string, nonce: string, main: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} – Model Bank</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<header><p class="brand">Model Bank</p><p class="note">Sandbox bank: you are signed in automatically, no real money moves.</p></header>
<main>${main}</main>
</body>
</html>`;
}

/** The consent page: the agreement in words and the two buttons, Approve and Decline (one form, no script). */
export function consentPage(wording: ConsentWording, form: { action: string; csrf: string; nonce: string }): string {
  const row = (term: string, value: string, detail?: string) =>
    `<div><dt>${escape(term)}</dt><dd>${escape(value)}${detail ? `<br><span class="detail">${escape(detail)}</span>` : ''}</dd></div>`;
  const limits = `<div><dt>Limits</dt><dd><ul>${wording.limits.map((l) => `<li>${escape(l)}</li>`).join('')}</ul></dd></div>`;
  return page(
    `Approve payments to ${wording.payee.name}`,
    form.nonce,
    `<div class="card">
<h1>Allow ${escape(wording.payee.name)} to take payments from your account</h1>
<p>${escape(wording.clientName)} asks to collect payments from your account for ${escape(wording.payee.name)}, each one within the limits below.</p>
<section aria-labelledby="agreement">
<h2 id="agreement">The agreement</h2>
<dl>
${row('Payee', wording.payee.name, wording.payee.detail)}
${row('Paid from', wording.payer.name, wording.payer.detail)}
${row('Maximum per payment', wording.maximumPerPayment)}
${limits}
${row('Valid', wording.validity)}
</dl>
</section>
<form method="post" action="${escape(form.action)}">
<input type="hidden" name="csrf" value="${escape(form.csrf)}">
<div class="actions">
<button type="submit" name="decision" value="approve" class="approve">Approve</button>
<button type="submit" name="decision" value="decline" class="decline">Decline</button>
</div>
</form>
<p class="small">You can cancel this agreement at any time, with us or with ${escape(wording.clientName)}.</p>
</div>`,
  );
}

/** A page that only says something went wrong (an authorisation the bank cannot send back to the client). */
export function messagePage(title: string, message: string, nonce: string): string {
  return page(title, nonce, `<div class="card"><h1>${escape(title)}</h1><p>${escape(message)}</p></div>`);
}

/**
 * The pages' security headers: a strict CSP (nothing but the page's own nonce-tagged style; forms
 * post only to the bank, whose answer redirects to the client's registered redirect URIs), no
 * framing, no referrer, no caching.
 */
export function pageHeaders(nonce: string, formTargets: string[]): Record<string, string> {
  return {
    'Content-Security-Policy': [
      "default-src 'none'",
      `style-src 'nonce-${nonce}'`,
      `form-action 'self' ${formTargets.join(' ')}`.trim(),
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join('; '),
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  };
}
