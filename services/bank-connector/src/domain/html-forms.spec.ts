import { describe, expect, it } from 'vitest';
import { pageForm } from './html-forms.js';

const PAGE = `<html><body>
<form method="post" action="/interaction/abc/search"><input name="q"><button>Search</button></form>
<form method="post" action="/interaction/abc/confirm">
  <input type="hidden" name="csrf" value="t0k">
  <input type="checkbox" name="remember" checked>
  <button type="submit" name="decision" value="approve">Approve</button>
  <button type="submit" name="decision" value="decline">Decline</button>
</form></body></html>`;

describe('pageForm', () => {
  it('finds the form with the button and submits it as pressing that button', () => {
    const approve = pageForm(
      PAGE,
      'https://bank.example/interaction/abc',
      (f) => f.buttons.some((b) => /^approve$/i.test(b.label)),
      /^approve$/i,
    );
    expect(approve).toEqual({
      action: 'https://bank.example/interaction/abc/confirm',
      method: 'POST',
      fields: [
        ['csrf', 't0k'],
        ['remember', 'on'],
        ['decision', 'approve'],
      ],
      buttons: [
        { label: 'Approve', name: 'decision', value: 'approve' },
        { label: 'Decline', name: 'decision', value: 'decline' },
      ],
    });
    const decline = pageForm(PAGE, 'https://bank.example/x', (f) => f.buttons.some((b) => /^decline$/i.test(b.label)), /^decline$/i);
    expect(decline!.fields.at(-1)).toEqual(['decision', 'decline']);
    expect(pageForm(PAGE, 'https://bank.example/x', () => false)).toBeUndefined();
  });
});
